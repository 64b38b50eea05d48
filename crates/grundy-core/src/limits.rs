//! How far a search may go: one cap on the positions any search stores, set once per process.
//!
//! Every search over an explicit game tree — the generic solver of a [`crate::Game`], misère play
//! and Every-SG over a whole sum, the loopy analysis of a game whose moves can repeat — stores at
//! most [`position_cap`] positions and stops with [`crate::SolveError::PositionCap`] past it, so a
//! game that is too big ends with an error instead of exhausting memory. A program raises the cap
//! with [`set_position_cap`] (the `grundy` command line: `--max-positions`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use crate::SolveError;

/// The default cap: two million positions (a few hundred megabytes for small positions; big
/// positions, such as large graphs, take more per entry).
pub const DEFAULT_POSITION_CAP: usize = 2_000_000;

static POSITION_CAP: AtomicUsize = AtomicUsize::new(DEFAULT_POSITION_CAP);

/// The most positions a search may store.
pub fn position_cap() -> usize {
    POSITION_CAP.load(Ordering::Relaxed)
}

/// The most positions the memoizing [`crate::Solver`] may store by default: ten times
/// [`position_cap`], since its entries (a position and its value) are far smaller than the nodes of
/// a game tree.
pub fn solver_cap() -> usize {
    position_cap().saturating_mul(10)
}

/// Sets the most positions a search may store (for every search started afterwards).
pub fn set_position_cap(cap: usize) {
    POSITION_CAP.store(cap.max(1), Ordering::Relaxed);
}

static MEMORY_PROBE: OnceLock<fn() -> Option<u64>> = OnceLock::new();

/// Sets how searches learn that memory is running out: the probe returns the bytes held when
/// they are too many (the `grundy` command line: most of its `--memory` budget). Without a
/// probe, only the position cap stops a search.
pub fn set_memory_probe(probe: fn() -> Option<u64>) {
    let _ = MEMORY_PROBE.set(probe);
}

/// Called by a search as it stores its `stored`-th position or lists a position's moves: stops
/// it with [`SolveError::MemoryCap`] when the memory probe says memory is running out. Positions
/// differ in size by orders of magnitude (a heap, a sum of 2,000 heaps), and so do their lists of
/// moves, so a cap on the count of positions alone cannot keep a search within memory. The probe
/// is two relaxed atomic loads: cheap beside the hashing of a position.
///
/// Every [`PROGRESS_EVERY`] positions it also tells the progress reporter, if one is set
/// ([`set_progress_reporter`]), so a long search shows that it is working.
pub fn check_memory(stored: usize, what: impl FnOnce() -> String) -> Result<(), SolveError> {
    match MEMORY_PROBE.get().and_then(|probe| probe()) {
        Some(bytes) => Err(SolveError::MemoryCap {
            what: what(),
            positions: stored,
            bytes,
        }),
        None => {
            if stored.is_multiple_of(PROGRESS_EVERY) && stored > 0 {
                if let Some(report) = PROGRESS.get() {
                    report(&what(), stored as u64);
                }
            }
            Ok(())
        }
    }
}

/// How often (in positions stored) a search tells the progress reporter.
pub const PROGRESS_EVERY: usize = 1 << 12;

static PROGRESS: OnceLock<fn(&str, u64)> = OnceLock::new();

/// Sets who is told `(what, positions stored)` now and then by every search (the `grundy`
/// command line: a spinner on stderr once a search has gone on for a second).
pub fn set_progress_reporter(report: fn(&str, u64)) {
    let _ = PROGRESS.set(report);
}
