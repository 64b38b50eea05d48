//! Why a command failed, and the exit code that says so.

use std::fmt;

use grundy_core::SolveError;
use grundy_games::spec::SpecError;

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
                grundy_core::limits::position_cap()
            )),
            SolveError::MemoryCap {
                what,
                positions,
                bytes,
            } => Failure::Compute(format!(
                "{what}: stopped after {positions} positions holding {}, most of the memory \
                 budget ({}); raise it with --memory SIZE",
                crate::memory::Bytes(bytes),
                crate::memory::Bytes(crate::memory::budget())
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
