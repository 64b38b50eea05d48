//! One module per subcommand.

pub mod games;
pub mod nimber;
pub mod problem;
pub mod solve;
