//! # grundy-registry
//!
//! How a game is named, parsed, built and tabulated, with no game in it: the floor under the
//! rulesets (`grundy-games`) and game scripts (`grundy-script`), so that neither needs the other
//! and an edit to a ruleset rebuilds neither the script runtime nor this floor.
//!
//! - [`spec`]: the game-spec grammar every command shares (`bash:3 7 + nim 4`);
//! - [`entry`]: what a ruleset tells the registry about itself ([`entry::GameEntry`]);
//! - [`tabulate`]: a game's values over its natural shape (the trait rulesets implement, the
//!   `Watch` a front end lends it, the table's JSON);
//! - [`period`]: periods and the octal periodicity theorem;
//! - [`Registry`]: the one list of games by name, where a spec is turned into a position.
//!
//! ```
//! use grundy_core::{Component, HeapPosition, HeapRuleset};
//! use grundy_registry::entry::GameEntry;
//! use grundy_registry::spec::{parse_heaps, GameSpec, SpecError, Word};
//! use grundy_registry::Registry;
//!
//! // Bash with K = 2: take one or two tokens from one heap.
//! struct TakeTwo;
//! impl HeapRuleset for TakeTwo {
//!     fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
//!         out.extend((1..=n.min(2)).map(|k| vec![n - k]));
//!     }
//! }
//! fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
//!     let heaps = parse_heaps(spec, words, u64::MAX)?;
//!     Ok(Box::new(HeapPosition::new("take-two", TakeTwo, heaps)))
//! }
//! let entry = GameEntry::new("take-two", "take-two HEAP...", "take 1 or 2", "take-two 4", build);
//! let games = Registry::new(vec![entry]);
//! let mut sum = games.build_sum(&Word::from_args(&["take-two", "4", "+", "take-two", "5"])).unwrap();
//! // G(n) = n mod 3: 1 XOR 2 = 3.
//! assert_eq!(grundy_core::analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 3);
//! ```

#![warn(missing_docs)]

pub mod entry;
pub mod period;
mod registry;
pub mod spec;
pub mod tabulate;

pub use registry::Registry;
