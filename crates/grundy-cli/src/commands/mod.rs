//! One module per subcommand.

pub mod games;
pub mod solve;
pub mod table;
