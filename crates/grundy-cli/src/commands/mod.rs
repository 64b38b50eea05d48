//! One module per subcommand.

pub mod games;
pub mod nimber;
pub mod solve;
