//! # grundy-games
//!
//! The rulesets grundy knows, grouped by family, each in a module named after it that opens with
//! its rules and the theorem that gives its fast path. The theory they rely on lives in
//! [`grundy_core`].
//!
//! - [`heap`]: games on heaps that may split — Nim, subtraction games, octal and other
//!   take-and-break games, Grundy's game, Lasker's Nim, split Nim — and the sparse-space table
//!   engine that computes their values;
//! - [`classic`]: the classic families with a theorem of their own (Wythoff, Fibonacci Nim,
//!   Moore's Nim, Euclid, Northcott, Poker Nim, staircase Nim);
//! - [`nonsum`]: games that are not sums of independent parts and need their own dynamic
//!   programming (the multiplication game, Public Sale, take-or-merge, take from either end);
//! - [`coins`]: coin-turning games and the Tartan theorem;
//! - [`graph`]: games played on graphs and boards (tokens on a graph, vector movers, Green
//!   Hackenbush, Node Kayles).
//!
//! Under them, `grundy-registry` holds how a game is named, parsed, built and tabulated: its
//! modules are re-exported here ([`spec`], [`entry`], [`tabulate`], [`period`]), so a ruleset
//! writes `crate::spec` and a caller `grundy_games::spec`. [`registry::builtin`] is the registry
//! of this crate's games.
//!
//! Beside this one, `grundy-script` gives game scripts' entries; above both, `grundy-front`
//! holds what every front end shares (verdicts, tables and values for the views, check, guess,
//! plot, play).

#![warn(missing_docs)]

pub mod board;
pub mod classic;
pub mod coins;
pub mod graph;
pub mod heap;
pub mod nonsum;
pub mod registry;

pub use grundy_registry::{entry, period, spec, tabulate};

#[cfg(test)]
mod testing;
