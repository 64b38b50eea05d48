//! One module per subcommand.

pub mod games;
pub mod problem;
pub mod solve;
