//! Why a command failed, and the exit code that says so; and the `--memory` budget, which the
//! failures of a computation that ran out of memory name. The budget lives here, below `memory`
//! (which enforces it and reports through [`Failure`]), so that the two depend one way.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use grundy_core::SolveError;
use grundy_registry::spec::SpecError;

use crate::out::Bytes;

/// The `--memory` budget in bytes; no limit until `main` sets it.
static BUDGET: AtomicU64 = AtomicU64::new(u64::MAX);

/// Sets the `--memory` budget, in bytes.
pub fn set_budget(bytes: u64) {
    BUDGET.store(bytes, Ordering::Relaxed);
}

/// The `--memory` budget, in bytes.
pub fn budget() -> u64 {
    BUDGET.load(Ordering::Relaxed)
}

/// The `--max-positions` cap, which a failure past it names; the default until `main` sets it.
static MAX_POSITIONS: AtomicUsize = AtomicUsize::new(grundy_core::limits::DEFAULT_POSITION_CAP);

/// Sets the `--max-positions` cap the failures name.
pub fn set_max_positions(cap: usize) {
    MAX_POSITIONS.store(cap, Ordering::Relaxed);
}

/// A failed command.
#[derive(Debug)]
pub enum Failure {
    /// The input was wrong: exit code 2.
    Input(String),
    /// The computation could not finish: exit code 1.
    Compute(String),
    /// The answer is no (`check`: the formula fails), already printed on standard output:
    /// exit code 1 and nothing more, as `grep` finding nothing.
    Refuted,
}

impl Failure {
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Input(_) => 2,
            Failure::Compute(_) | Failure::Refuted => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(m) | Failure::Compute(m) => f.write_str(m),
            Failure::Refuted => f.write_str("the answer is no"),
        }
    }
}

impl From<SpecError> for Failure {
    fn from(e: SpecError) -> Self {
        Failure::Input(e.to_string())
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        match e {
            SolveError::TableFull { .. }
            | SolveError::PositionCap { .. }
            | SolveError::MoveCap { .. } => Failure::Compute(format!(
                "{e}; raise it with --max-positions N (now {}; the solver stores ten times as many)",
                MAX_POSITIONS.load(Ordering::Relaxed)
            )),
            SolveError::MemoryCap {
                what,
                positions,
                bytes,
            } => Failure::Compute(format!(
                "{what}: stopped after {positions} positions holding {}, most of the memory \
                 budget ({}); raise it with --memory SIZE",
                Bytes(bytes),
                Bytes(budget())
            )),
            _ => Failure::Compute(e.to_string()),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Compute(format!("i/o: {e}"))
    }
}
