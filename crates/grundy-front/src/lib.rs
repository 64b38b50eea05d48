//! # grundy-front
//!
//! What every front end of grundy shares: the command line (`grundy`), the Python package and
//! the browser page call this crate, and only this crate, for an answer, so that the three say
//! the same thing.
//!
//! - [`registry`]: every game by name, the rulesets of `grundy-games` and game scripts
//!   (`grundy-script`);
//! - [`verdict`] and [`report`]: who wins a position under a convention (normal play, misère,
//!   Every-SG), and the answer as text and JSON; [`outcome_words`], the outcome in a sentence;
//!   [`play`], a game against the engine;
//!   [`position_words`], a position as the words that build it again;
//! - [`values`]: any game's values over a range, for the views (`table`, `check`, `plot`,
//!   `guess`); [`plot`], those values drawn; [`check`], a formula against them; [`guess`], a
//!   formula found for them and assessed; [`by_formula`], positions valued by a formula;
//!   [`table_options`], which options of a table apply to which game;
//! - [`quotient`]: misère quotients of heap games and scripts;
//! - [`session`]: the registry and search limits a front end builds once from its settings.
//!
//! ```
//! use grundy_registry::spec::Word;
//! // Kayles (0.77) with heaps 3 and 5: G(3) = 3, G(5) = 4, and 3 XOR 4 = 7, so N.
//! let mut sum = grundy_front::registry::standard().build_sum(&Word::from_args(&["0.77", "3", "5"])).unwrap();
//! assert_eq!(grundy_core::analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 7);
//! ```

#![warn(missing_docs)]

pub mod by_formula;
pub mod check;
pub mod explain;
pub mod guess;
pub mod outcome_words;
pub mod play;
pub mod plot;
pub mod position_words;
pub mod quotient;
pub mod registry;
pub mod report;
pub mod session;
pub mod table_options;
pub mod values;
pub mod verdict;
