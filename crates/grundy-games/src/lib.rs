//! # grundy-games
//!
//! The rulesets grundy knows, each in a module named after it that opens with its rules and the
//! theorem that gives its fast path. The theory they rely on lives in [`grundy_core`]; the
//! [`spec`] module holds the game-spec grammar shared by every command and [`registry`] the list of
//! games by name.

pub mod coin_turning;
pub mod ends;
pub mod graph;
pub mod grundys_game;
pub mod hackenbush;
pub mod heap_table;
pub mod heap_table_game;
pub mod lasker;
pub mod moore;
pub mod movers;
pub mod multiplication;
pub mod nim;
pub mod northcott;
pub mod period;
pub mod poker_nim;
pub mod public_sale;
pub mod registry;
pub mod spec;
pub mod split;
pub mod staircase;
pub mod subtraction;
pub mod take_and_break;
pub mod take_or_merge;
pub mod tartan;
pub mod tokens;

pub mod euclid;
pub mod fibonacci_nim;
#[cfg(test)]
mod testing;
pub mod wythoff;
pub mod zeckendorf;
