//! # grundy-games
//!
//! The rulesets grundy knows, each in a module named after it that opens with its rules and the
//! theorem that gives its fast path. The theory they rely on lives in [`grundy_core`]; the
//! [`spec`] module holds the game-spec grammar shared by every command and [`registry`] the list of
//! games by name.

pub mod graph;
pub mod movers;
pub mod nim;
pub mod registry;
pub mod spec;
pub mod staircase;
pub mod subtraction;
pub mod tokens;

#[cfg(test)]
mod testing;
