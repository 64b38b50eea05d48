//! Take-and-break games in Guy–Smith code: octal games such as Kayles (`0.77`), Dawson's Kayles
//! (`0.07`) and Dawson's chess (`0.137`), and hexadecimal games that may leave three heaps.
//!
//! **Rules.** A code `d0.d1d2d3…` lists, for each number `k` of tokens, which moves removing `k`
//! tokens from one heap are allowed: bit 0 of `d_k` (value 1) allows removing a whole heap of
//! exactly `k`, bit 1 (value 2) allows leaving one non-empty heap, bit 2 (value 4) leaving two
//! non-empty heaps, bit 3 (value 8, hexadecimal digits `8`–`F`) leaving three. The digit before
//! the point covers removing no token at all, i.e. splitting a heap (`4.07`: split a heap into two
//! non-empty heaps, or remove 3 tokens leaving 0, 1 or 2 heaps). The player who cannot move loses.
//!
//! **Theorem (periodicity, Guy–Smith; Winning Ways ch. 4).** If a game leaves at most `m` heaps
//! and never removes more than `t` tokens, and `G(n + p) = G(n)` for all `n0 <= n < m·n0 + (m−1)·p
//! + t`, then `G(n + p) = G(n)` for every `n >= n0`. (For octal games, `m = 2`: the familiar
//! `2·n0 + p + t`.) Every option of `n + p` then has a heap of at least `n0 + p`, which pairs it
//! with an option of `n` of the same value. So a finite computation proves the values forever
//! (the bound: [`rules::periodicity_bound`]).
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::take_and_break::TakeAndBreak;
//! // Kayles: knock down one pin or two adjacent pins from a row.
//! let kayles = TakeAndBreak::parse("0.77").unwrap().with_values_upto(200);
//! assert_eq!(kayles.heap_value(10), Some(Nimber(2)));
//! // Proved periodic (period 12 from 71 on), so any heap works.
//! assert_eq!(kayles.heap_value(1_000_000_000_000), kayles.heap_value(1_000_000_000_000 - 12));
//! ```
//!
//! **Layout.** The dependencies go one way: `rules` ← the engine ([`crate::heap::sparse`], with
//! [`crate::period`] for the bound) ← `ruleset`. `rules` is a leaf: the code, its parsing and the
//! moves ([`TakeBreakRules`]), which the engine reads to compute tables. `ruleset` puts the values
//! the engine computes behind [`HeapRuleset`](grundy_core::HeapRuleset) ([`TakeAndBreak`]) and
//! registers the game.

pub(crate) mod rules;
mod ruleset;

pub use rules::{is_code, Amounts, TakeBreakRules, CODE_DIGITS};
#[cfg(test)]
pub(crate) use ruleset::table;
pub use ruleset::{entries, prepare, TakeAndBreak};
