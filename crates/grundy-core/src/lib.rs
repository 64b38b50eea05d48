//! # grundy-core
//!
//! The theory every impartial game shares, apart from any particular ruleset:
//!
//! - [`Nimber`]: values of impartial games, added by XOR;
//! - [`mex`] and [`MexSet`]: the minimum excludant, the heart of the Sprague–Grundy function;
//! - [`Outcome`]: N, P (and D for loopy games);
//! - [`Ruleset`]: the game trait, with optional hooks for sums and closed forms, and [`Game`]: a
//!   ruleset the tool can present, which [`RulesetComponent`] turns into a component of a sum
//!   with every command (solve, play, misère play, Every-SG);
//! - [`Solver`]: the generic memoizing solver, iterative and capped, and
//!   [`outcome_search`]: who wins alone, stopping at the first winning move;
//! - [`HeapRuleset`] and [`HeapGame`]: games played on heaps that may split;
//! - [`Component`] and [`analyse`]: sums of positions of different games, decided by XOR;
//! - [`Explore`]: any position's explicit game tree, for the conventions that need one:
//!   [`misere`] play (Sprague–Grundy–Jones theorem, else search) and [`every`] (Every-SG, by step
//!   counts).
//! - [`Graph`] and [`GraphAnalysis`]: games given as explicit graphs, acyclic or loopy (draws,
//!   remoteness and the generalized Sprague–Grundy function, in [`loopy`]).
//! - [`search::Search`]: one hard position of a huge game (Cram, Chomp): parts, symmetries, a
//!   lock-free transposition table, pruned queries and every core.
//!
//! ```
//! use grundy_core::{Nimber, Outcome};
//! // Bouton: Nim with heaps 3, 4, 5 has value 3 ⊕ 4 ⊕ 5 = 2, so the first player wins.
//! let g = Nimber(3) + Nimber(4) + Nimber(5);
//! assert_eq!(Outcome::of(g), Outcome::N);
//! ```

#![warn(missing_docs)]

pub mod atomic_file;
pub mod checksum;
pub mod component;
pub mod error;
pub mod every;
pub mod explore;
pub mod field;
pub mod game;
pub mod graph;
pub mod heap;
pub mod limits;
pub mod loopy;
mod memo;
pub mod mex;
pub mod misere;
pub mod nimber;
pub mod outcome;
pub mod outcome_search;
pub mod quotient;
pub mod ruleset_component;
pub mod seal;
pub mod search;
pub mod setting;
pub mod solver;
pub mod value;

pub use component::{
    analyse, analyse_outcome, analyse_value, classify, generic_fields, sum_position, Analysis,
    Component, MoveReport, SumMove, MOVE_POSITION_LIMIT,
};
pub use error::SolveError;
pub use explore::{Explore, GameTree, Key};
pub use game::{BruteForce, Game, Ruleset};
pub use graph::Graph;
pub use heap::{heap_move_fields, HeapGame, HeapPosition, HeapRuleset};
pub use loopy::GraphAnalysis;
pub use mex::{mex, MexSet};
pub use nimber::Nimber;
pub use outcome::Outcome;
pub use ruleset_component::RulesetComponent;
pub use solver::Solver;
pub use value::Value;
