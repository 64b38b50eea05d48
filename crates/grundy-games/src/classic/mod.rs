//! The classic families, each decided by a theorem of its own: Wythoff's game, Fibonacci Nim and
//! its generalizations, Moore's Nim, Euclid's game, Northcott's game, Poker Nim and staircase Nim.

pub mod euclid;
pub mod fibonacci_nim;
pub mod moore;
pub mod northcott;
pub mod poker_nim;
pub mod staircase;
pub mod wythoff;
pub mod zeckendorf;
