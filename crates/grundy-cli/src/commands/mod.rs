//! One module per subcommand.

pub mod board_table;
pub mod games;
pub mod solve;
pub mod table;
