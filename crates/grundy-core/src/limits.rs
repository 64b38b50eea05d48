//! How far a search may go: a value each front end builds once and passes down.
//!
//! Every search over an explicit game tree — the generic solver of a [`crate::Game`], misère play
//! and Every-SG over a whole sum, the loopy analysis of a game whose moves can repeat — stores at
//! most [`Limits::positions`] positions and stops with [`crate::SolveError::PositionCap`] past
//! it, so a game that is too big ends with an error instead of exhausting memory. A program
//! raises the cap in the value it passes (the `grundy` command line: `--max-positions`); the
//! memory probe and the progress reporter are the program's too. A component is given its limits
//! when it is built ([`crate::Component::limit`]); an analysis of a whole sum takes them as an
//! argument.
//!
//! ```
//! use grundy_core::limits::Limits;
//! let limits = Limits { positions: 1000, ..Limits::default() };
//! // The memoizing solver's entries are small: it stores ten times as many.
//! assert_eq!(limits.solver_cap(), 10_000);
//! assert!(limits.check_memory(4096, || "a search".into()).is_ok());
//! ```

use std::sync::Arc;

use crate::search::checkpoint::Checkpointing;
use crate::SolveError;

/// The default cap: two million positions (a few hundred megabytes for small positions; big
/// positions, such as large graphs, take more per entry).
pub const DEFAULT_POSITION_CAP: usize = 2_000_000;

/// How often (in positions stored) a search tells the progress reporter.
pub const PROGRESS_EVERY: usize = 1 << 12;

/// How far a search may go, where it keeps its work, and who it tells.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most positions a search may store.
    pub positions: usize,
    /// How searches learn that memory is running out: it returns the bytes held when they are
    /// too many (the `grundy` command line: most of its `--memory` budget). Without one, only
    /// the position cap stops a search.
    pub memory: Option<fn() -> Option<u64>>,
    /// Told `(what, positions stored)` now and then by every search (the `grundy` command line:
    /// a spinner on stderr once a search has gone on for a second).
    pub progress: Option<fn(&str, u64)>,
    /// Told `(what, done, total)` now and then while a game computes the values a position
    /// needs before any search (a take-and-break game's table up to the largest heap), so a long
    /// solve shows that it works (the `grundy` command line: a bar of values on stderr).
    pub table_progress: Option<fn(&str, u64, u64)>,
    /// The most bytes the transposition table of a hard single game's search
    /// ([`crate::search`]: Cram, Chomp, Node Kayles) may take, allocated whole (the `grundy`
    /// command line: half its `--memory`); `None`: [`crate::search::default_table_budget`].
    pub table_budget: Option<u64>,
    /// Where such a search keeps its checkpoint, and whether it resumes from it (the `grundy`
    /// command line: `solve --checkpoint`, `--resume`); `None`: no checkpoint.
    pub checkpointing: Option<Arc<Checkpointing>>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

impl Limits {
    /// [`DEFAULT_POSITION_CAP`] positions, no memory probe, no progress.
    pub const DEFAULT: Limits = Limits {
        positions: DEFAULT_POSITION_CAP,
        memory: None,
        progress: None,
        table_progress: None,
        table_budget: None,
        checkpointing: None,
    };

    /// The most positions the memoizing [`crate::Solver`] may store: ten times
    /// [`Limits::positions`], since its entries (a position and its value) are far smaller than
    /// the nodes of a game tree.
    pub fn solver_cap(&self) -> usize {
        self.positions.saturating_mul(10)
    }

    /// These limits with a cap of `positions` (a search that must stay small whatever the
    /// program allows).
    pub fn capped(&self, positions: usize) -> Limits {
        Limits {
            positions,
            ..self.clone()
        }
    }

    /// The table size for a search expected to store about `entries` positions: twice that (a
    /// table kept half empty loses few entries to collisions), within the table budget.
    pub fn table_bytes(&self, entries: f64) -> usize {
        crate::search::table_bytes(entries, self.table_budget())
    }

    /// The most bytes a search's table may take ([`Limits::table_budget`], or its default).
    pub fn table_budget(&self) -> u64 {
        self.table_budget
            .unwrap_or_else(crate::search::default_table_budget)
    }

    /// Called by a search as it stores its `stored`-th position or lists a position's moves:
    /// stops it with [`SolveError::MemoryCap`] when the memory probe says memory is running out.
    /// Positions differ in size by orders of magnitude (a heap, a sum of 2,000 heaps), and so do
    /// their lists of moves, so a cap on the count of positions alone cannot keep a search
    /// within memory. The probe is two relaxed atomic loads: cheap beside the hashing of a
    /// position.
    ///
    /// Every [`PROGRESS_EVERY`] positions it also tells the progress reporter, if there is one,
    /// so a long search shows that it is working.
    pub fn check_memory(
        &self,
        stored: usize,
        what: impl FnOnce() -> String,
    ) -> Result<(), SolveError> {
        match self.memory.and_then(|probe| probe()) {
            Some(bytes) => Err(SolveError::MemoryCap {
                what: what(),
                positions: stored,
                bytes,
            }),
            None => {
                if stored.is_multiple_of(PROGRESS_EVERY) && stored > 0 {
                    if let Some(report) = self.progress {
                        report(&what(), stored as u64);
                    }
                }
                Ok(())
            }
        }
    }
}
