//! Tabulation: a game's values over its natural shape, the first step of 打表找规律.
//!
//! Every game of the registry can be viewed as a table: a line of heap sizes (`0.77`, `lasker`),
//! a line or grid of positions valued one by one (`wythoff`'s pairs, `fibonacci-nim`), the
//! vertices of a graph (`graph:FILE`), the cells of a board (`hyper-knights`), the positions of a
//! game script. A ruleset that can list its values faster than one position at a time implements
//! [`Tabulate`] and names it in its registry entry ([`crate::entry::GameEntry::tabulated`]);
//! every other game gets the default, which builds and values each position through the generic
//! component (`grundy_front::values`). The front ends (`table`, `check`, `plot`, `guess` on the
//! command line, `grundy.table` and `grundy.check` in Python) only present a [`Table`]: they name no game
//! and no ruleset type.
//!
//! A front end lends a tabulation a [`Watch`]: where progress goes, whether to stop (Ctrl-C), and
//! how much memory the next stage may take. The stage loop, its estimate, its checkpoints and its
//! interrupt live once, inside the tabulation, for both front ends.
//!
//! This module is a floor of its own: it knows the grammar ([`crate::spec`]) and the theory's
//! types, no ruleset; rulesets implement it and the registry names them.
//!
//! Kayles tabulated to 200 with its period, through the built-in registry, is the example of
//! `grundy_games::registry::builtin`.

mod json;
mod line;
pub mod storage;

use grundy_core::setting::Setting;
use std::path::PathBuf;

use grundy_core::quotient::{Caps, MisereQuotient};
use grundy_core::{Outcome, Value};
use serde::Serialize;

pub use json::{PeriodJson, TableJson};
pub use line::{HeapLine, Rest};
pub use storage::Values;

use crate::period::Period;
use crate::spec::{parse_number_text, SpecError};

/// The value and class of one position; `None` where the game has no such position.
pub type Sample = Option<(Value, Outcome)>;

/// The natural shape of a game's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Positions `0..=N` of one number: `GAME n` (heaps, a game script's integers).
    Line,
    /// Positions of two numbers `(x, y)` or `(a, b)`, `0..=X` by `0..=Y`.
    Grid,
    /// The vertices of a graph the game is played on.
    Vertices,
    /// No table: the game's positions are not numbers (a Hackenbush picture, a set of coins).
    None,
}

/// What a tabulation can do besides listing values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Supports {
    /// It reports a period (proved where a theorem allows, else seen at the end of the table).
    pub period: bool,
    /// It saves checkpoints and resumes from them.
    pub resume: bool,
    /// Its values are one number a position, written as CSV `n,value`.
    pub csv: bool,
    /// It can compute its values the plain way, every option of every position (the oracle).
    pub naive: bool,
}

/// How far a command values a game when it names no range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// The largest position of a one-number game.
    pub line: u64,
    /// The largest value of each number of a two-number game.
    pub side: u64,
}

/// What a front end asks of a tabulation.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The range, as typed: `N` (a line, or vertices `1..=N`) or `XxY` (a grid).
    pub upto: Option<String>,
    /// The range where `upto` is not given; `None`: the game's own (every vertex of a graph, a
    /// bounded board's cells; a heap game then needs `upto` or `period`).
    pub defaults: Option<Defaults>,
    /// Find the period (heap games without `upto`: compute until it is proved, or `max`).
    pub period: bool,
    /// The largest heap computed while a period is looked for without `upto`.
    pub max: Option<u64>,
    /// Compute every option of every position (the oracle), where [`Supports::naive`].
    pub naive: bool,
    /// Keep a checkpoint (where [`Supports::resume`]).
    pub checkpoint: Option<Checkpoint>,
}

impl Request {
    /// The values up to `upto` (`N` or `XxY`).
    pub fn upto(upto: &str) -> Request {
        Request {
            upto: Some(upto.to_string()),
            ..Request::default()
        }
    }

    /// The same request, with the period found.
    pub fn with_period(mut self) -> Request {
        self.period = true;
        self
    }
}

/// Where a long table keeps its checkpoint, and whether this run continues from it.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The file.
    pub path: PathBuf,
    /// Continue from the file (a file of another game, or damaged, is refused).
    pub resume: bool,
    /// The key the file is sealed with, and whether a file not sealed with it is imported.
    pub trust: grundy_core::seal::Trust,
    /// Keep the file when the table ends with no proved period (a census pushes such a table
    /// further later, from where it stopped); else it is removed once the table is done.
    pub keep_unproved: bool,
}

/// What a front end lends a tabulation: a view of its progress, a way to stop it, and the memory
/// budget.
pub trait Watch {
    /// `done` of `total` values are computed; `false` stops the table (Ctrl-C), keeping a
    /// checkpoint where there is one.
    fn progress(&mut self, done: u64, total: u64) -> bool;

    /// The next stage needs about `bytes` more for `what`: an error (the front end's words,
    /// naming the option that raises the budget) refuses it, and the table stops with it.
    fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), String>;

    /// Something the person should know that does not stop the table (a checkpoint that could
    /// not be written).
    fn warn(&mut self, message: &str);

    /// What a long table says before it starts (its estimate, how far the budget reaches).
    fn note(&mut self, message: &str) {
        let _ = message;
    }

    /// The bytes the budget has left, if the front end keeps one.
    fn budget(&self) -> Option<u64> {
        None
    }

    /// Whether a growing table keeps its values where they are: the front end's allocator
    /// remaps a large block's pages instead of copying them to a new block (the command line's,
    /// on Linux). Then a stage needs only its growth, and a budget reaches twice as far as when
    /// the old block is held beside the new one while the values move.
    fn grows_in_place(&self) -> bool {
        false
    }
}

/// A watch that shows nothing, never stops and refuses nothing: for tests and small tables.
pub struct Quiet;

impl Watch for Quiet {
    fn progress(&mut self, _: u64, _: u64) -> bool {
        true
    }
    fn reserve(&mut self, _: &str, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn warn(&mut self, _: &str) {}
}

/// Why a table could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The game or the range was given wrong.
    #[error("{0}")]
    Input(String),
    /// The computation failed (or the memory budget refused a stage).
    #[error("{0}")]
    Compute(String),
    /// The watch asked to stop; `kept` says where what was computed is kept, if anywhere.
    #[error("interrupted{}", kept.as_deref().map(|k| format!(" {k}")).unwrap_or_default())]
    Interrupted {
        /// E.g. `after 1048576 values; checkpoint written to x.ckpt (rerun with --resume to
        /// continue)`.
        kept: Option<String>,
    },
    /// A solver stopped (a cap, the memory budget): the front end says which option raises it.
    #[error(transparent)]
    Solve(#[from] grundy_core::SolveError),
}

impl From<SpecError> for TableError {
    fn from(e: SpecError) -> Self {
        TableError::Input(e.to_string())
    }
}

/// One vertex of a graph's table.
#[derive(Clone, Debug, Serialize)]
pub struct VertexRow {
    /// The vertex as the game writes it (a number, or a board's cell `[x, y]`).
    pub vertex: serde_json::Value,
    /// Its value.
    pub value: Value,
    /// Its class.
    pub outcome: Outcome,
    /// Moves to the end under best play; null for a draw.
    pub remoteness: Option<u32>,
}

/// What the two numbers of a grid are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// The cells of a board a token stands on: every cell is a position.
    Board,
    /// Two numbers of a position (two heaps, a script's pair): some may be no position.
    Pairs,
}

/// A game's values, in its shape.
pub enum Table<'g> {
    /// `G(0..=last)` of single heaps: the computed ones, and the rest by a proved period or a
    /// formula.
    Heaps(HeapLine<'g>),
    /// Positions `0..=N` of one number, valued one by one (`None`: no such position).
    Line {
        /// The game, as named.
        game: String,
        /// `cells[n]`.
        cells: Vec<Sample>,
        /// The period seen at the end, when asked for (never proved).
        period: Option<Period>,
    },
    /// Positions of two numbers: `rows[y][x]`.
    Grid {
        /// The game, as named.
        game: String,
        /// The names of the two numbers (`x`, `y` on a board; `a`, `b` otherwise).
        vars: [&'static str; 2],
        /// The largest of each.
        upto: (u64, u64),
        /// What the two numbers are.
        kind: GridKind,
        /// `rows[y][x]`.
        rows: Vec<Vec<Sample>>,
    },
    /// The vertices of a graph.
    Vertices {
        /// The game, as named.
        game: String,
        /// How many vertices the graph has, and edges.
        vertices: usize,
        /// How many edges.
        edges: usize,
        /// Whether it has no cycle (else values may be infinite, positions drawn).
        acyclic: bool,
        /// The vertices tabulated (all, or the first `N`).
        rows: Vec<VertexRow>,
    },
}

impl Table<'_> {
    /// The game, as named.
    pub fn game(&self) -> &str {
        match self {
            Table::Heaps(line) => &line.game,
            Table::Line { game, .. } | Table::Grid { game, .. } | Table::Vertices { game, .. } => {
                game
            }
        }
    }
}

/// The most positions a table valued position by position reaches (a cell each in memory).
pub const MAX_POSITIONS: u64 = 4_000_000;

/// `N` or `XxY`, each at most `max`; `N` is `(N, N)`.
pub fn parse_range(text: &str, max: u64) -> Result<(u64, u64), TableError> {
    let bad = |m: String| TableError::Input(format!("{} ('{text}'): {m}", Setting::Upto));
    let number = |t: &str| parse_number_text(t, &Setting::Upto.to_string(), max).map_err(bad);
    match text.split_once(['x', 'X']) {
        Some((x, y)) => Ok((number(x)?, number(y)?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}

/// An error unless an `mx` by `my` grid has at most [`MAX_POSITIONS`] positions.
pub fn check_size(mx: u64, my: u64) -> Result<(), TableError> {
    let cells = (mx + 1).saturating_mul(my + 1);
    if cells > MAX_POSITIONS {
        return Err(TableError::Input(format!(
            "{}: {mx}x{my} is more than {MAX_POSITIONS} positions",
            Setting::Upto
        )));
    }
    Ok(())
}

/// A game's values over its natural shape; see the module docs.
pub trait Tabulate {
    /// The game, as named.
    fn name(&self) -> &str;

    /// The table's shape.
    fn shape(&self) -> Shape;

    /// What it can do besides values.
    fn supports(&self) -> Supports {
        Supports::default()
    }

    /// The values `request` asks for; `watch` sees the progress, may stop it and budgets memory.
    fn tabulate(&self, request: &Request, watch: &mut dyn Watch) -> Result<Table<'_>, TableError>;

    /// The misère quotient of the game's heaps up to `upto`, when its positions are heaps
    /// (`None`: not a heap game). `progress(heap, order)` stops it by returning `false`.
    fn misere_quotient(
        &self,
        upto: u64,
        caps: Caps,
        progress: &mut dyn FnMut(u64, usize) -> bool,
    ) -> Option<Result<MisereQuotient, String>> {
        let _ = (upto, caps, progress);
        None
    }
}
