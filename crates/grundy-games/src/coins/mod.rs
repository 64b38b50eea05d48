//! Coin-turning games (a row of heads is the sum of its single heads) and the Tartan theorem for
//! playing two of them on a grid.

pub mod coin_turning;
pub mod tartan;
