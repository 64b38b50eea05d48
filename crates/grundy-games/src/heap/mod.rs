//! Games played on heaps, where a move changes one heap into zero or more smaller heaps: a
//! position is the sum of its heaps, so its value is the XOR of one value per heap size.

pub mod grundys_game;
pub mod lasker;
pub mod nim;
pub mod sparse;
pub mod split;
pub mod subtraction;
pub mod table;
pub mod take_and_break;
