//! One module per subcommand.

pub mod board_table;
pub mod check;
pub mod formula;
pub mod game_values;
pub mod games;
pub mod nimber;
pub mod play;
pub mod plot;
pub mod problem;
pub mod solve;
pub mod table;
