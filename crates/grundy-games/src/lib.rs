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
//! At the root, floor by floor: [`spec`], the game-spec grammar every command shares (it knows no
//! ruleset); [`entry`], what a ruleset tells the registry; [`tabulate`], a game's values over its
//! natural shape (the trait rulesets implement, the `Watch` a front end lends it, the table's
//! JSON); [`period`], periods and the octal periodicity theorem; and [`registry`], the one list
//! of games by name, where a spec is turned into a position.
//!
//! The crates above this one: `grundy-script` adds game scripts (their entries join the
//! registry), and `grundy-front` holds what every front end shares (verdicts, tables and values
//! for the views, check, guess, plot, play).

#![warn(missing_docs)]

pub mod board;
pub mod classic;
pub mod coins;
pub mod entry;
pub mod graph;
pub mod heap;
pub mod nonsum;
pub mod period;
pub mod registry;
pub mod spec;
pub mod tabulate;

#[cfg(test)]
mod testing;
