//! Errors a solver can stop with.

use thiserror::Error;

/// Why a value could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The transposition table reached its configured cap.
    #[error("the solver stored {cap} positions, its limit, before finishing")]
    TableFull {
        /// The cap that was reached.
        cap: usize,
    },
    /// A position can be reached from itself, so the game is loopy and has no Grundy value.
    #[error("this position can repeat (the game has a cycle), so it has no ordinary Grundy value")]
    Cycle,
    /// A search reached its cap on stored positions (see [`crate::limits`]).
    #[error("{what}: more than {cap} positions, the search limit")]
    PositionCap {
        /// What was being searched, e.g. the game's name.
        what: String,
        /// The cap that was reached.
        cap: usize,
    },
    /// A search generated more moves than its cap allows ([`crate::explore::MOVES_PER_POSITION`]
    /// times its cap on positions): the work grows with the moves, not only the positions.
    #[error("{what}: more than {cap} moves, the search limit")]
    MoveCap {
        /// What was being searched.
        what: String,
        /// The cap on moves that was reached.
        cap: usize,
    },
    /// A search holds most of the memory it may use (see [`crate::limits::Limits::check_memory`]).
    #[error("{what}: stopped after {positions} positions, holding {bytes} bytes, most of the memory it may use")]
    MemoryCap {
        /// What was being searched.
        what: String,
        /// The positions stored when it stopped.
        positions: usize,
        /// The bytes the process held then.
        bytes: u64,
    },
    /// The position is outside what the method can handle.
    #[error("{0}")]
    TooLarge(String),
    /// The rules themselves failed on a position (a game script's runtime error, a wrong return
    /// type, a cap of the script engine): the message says where.
    #[error("{0}")]
    Rules(String),
}
