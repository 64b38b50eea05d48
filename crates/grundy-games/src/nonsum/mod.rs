//! Games that are not sums of independent parts, so XOR does not decide them: each has its own
//! theorem or dynamic programming, checked against a plain search of the game itself.

pub mod ends;
pub mod multiplication;
pub mod public_sale;
pub mod take_or_merge;
