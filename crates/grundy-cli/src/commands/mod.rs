//! One module per subcommand.

pub mod board_table;
pub mod games;
pub mod nimber;
pub mod problem;
pub mod solve;
pub mod table;
