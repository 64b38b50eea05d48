//! Staircase Nim.
//!
//! **Rules.** Stairs are numbered 1, 2, …, n, and stair `i` holds `a_i` tokens; below stair 1 is
//! the ground. A move carries any positive number of tokens from one stair `i` down to stair
//! `i - 1` (tokens carried from stair 1 reach the ground and leave play). Whoever cannot move loses.
//!
//! **Theorem.** The position has the Grundy value of Nim played on the odd stairs,
//! `a_1 XOR a_3 XOR a_5 …`. Moving tokens off an odd stair is a Nim move; moving tokens down from an
//! even stair adds them to an odd stair, and the opponent can undo that by carrying the same tokens
//! on down, so the even stairs do not matter. The winning moves are therefore: from an odd stair,
//! carry tokens down until it holds `a_i XOR X`; from an even stair `i`, carry exactly
//! `(a_{i-1} XOR X) - a_{i-1}` tokens down when that is positive and at most `a_i`.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::staircase;
//! // Odd stairs hold 3 and 3: XOR 0, so the player to move loses.
//! let mut sum = vec![staircase::position(vec![3, 9, 3])];
//! assert_eq!(analyse(&mut sum, 100).unwrap().outcome, Outcome::P);
//! ```

use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The rules of staircase Nim; a position lists the tokens on stairs 1, 2, ….
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Staircase {
    /// The value: Nim on the odd stairs (stair 1 is `stairs[0]`).
    pub fn value(stairs: &[u64]) -> Nimber {
        stairs.iter().step_by(2).map(|&a| Nimber(a)).sum()
    }

    /// Every move (as `(stair, tokens)`, stair 1-based) to a position of value `target`.
    pub fn moves_to(stairs: &[u64], target: Nimber) -> Vec<(usize, u64)> {
        let x = Self::value(stairs) + target;
        let mut moves = Vec::new();
        if x.is_zero() {
            return moves;
        }
        for (i, &a) in stairs.iter().enumerate() {
            if i % 2 == 0 {
                // Odd stair i+1: lower it to a XOR x.
                let want = a ^ x.0;
                if want < a {
                    moves.push((i + 1, a - want));
                }
            } else {
                // Even stair i+1: raise the odd stair below it to b XOR x.
                let b = stairs[i - 1];
                let want = b ^ x.0;
                if want > b && want - b <= a {
                    moves.push((i + 1, want - b));
                }
            }
        }
        moves
    }

    fn apply(stairs: &[u64], stair: usize, tokens: u64) -> Vec<u64> {
        let mut after = stairs.to_vec();
        after[stair - 1] -= tokens;
        if stair >= 2 {
            after[stair - 2] += tokens;
        }
        after
    }
}

/// The most numbers [`Staircase`] lets a search write out when it lists a position's options
/// (every option is a copy of all the stairs), about a hundred megabytes.
pub const LIST_LIMIT: u64 = 1 << 24;

impl Ruleset for Staircase {
    type Position = Vec<u64>;

    fn options(&self, stairs: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &a) in stairs.iter().enumerate() {
            for k in 1..=a {
                out.push(Self::apply(stairs, i + 1, k));
            }
        }
    }

    fn closed_form(&self, stairs: &Vec<u64>) -> Option<Nimber> {
        Some(Self::value(stairs))
    }
}

impl Game for Staircase {
    fn name(&self) -> String {
        "staircase".into()
    }

    fn show(&self, stairs: &Vec<u64>) -> Json {
        Json::from(stairs.clone())
    }

    fn describe(&self, stairs: &Vec<u64>, after: &Vec<u64>) -> String {
        // The stair carried from is the one that lost tokens.
        let i = stairs
            .iter()
            .zip(after)
            .position(|(a, b)| b < a)
            .expect("a move carries tokens down");
        describe(i + 1, stairs[i] - after[i])
    }

    fn key(&self, stairs: &Vec<u64>) -> Key {
        // Empty top stairs change nothing.
        let end = stairs.iter().rposition(|&a| a > 0).map_or(0, |i| i + 1);
        stairs[..end].to_vec()
    }

    fn searchable(&self, stairs: &Vec<u64>) -> Result<(), SolveError> {
        if let Some(i) = stairs.iter().position(|&a| a > ENUMERATION_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "staircase: stair {} holds {} tokens, too many to list its moves one by one (limit {ENUMERATION_LIMIT})",
                i + 1,
                stairs[i]
            )));
        }
        let moves: u128 = stairs.iter().map(|&a| u128::from(a)).sum();
        let numbers = moves * stairs.len() as u128;
        if numbers > u128::from(LIST_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "staircase: listing the {moves} moves of these {} stairs one by one would write \
                 {numbers} numbers (limit {LIST_LIMIT})",
                stairs.len()
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        stairs: &Vec<u64>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize), SolveError>> {
        let moves = Self::moves_to(stairs, target);
        let first = moves
            .iter()
            .take(limit)
            .map(|&(stair, tokens)| Self::apply(stairs, stair, tokens))
            .collect();
        Some(Ok((first, moves.len())))
    }
}

/// A staircase position; `stairs[0]` is stair 1.
pub fn position(stairs: Vec<u64>) -> Box<dyn Component> {
    RulesetComponent::boxed(Staircase, stairs)
}

fn describe(stair: usize, tokens: u64) -> String {
    let to = if stair == 1 {
        "the ground".to_string()
    } else {
        format!("stair {}", stair - 1)
    };
    format!("carry {tokens} from stair {stair} down to {to}")
}

/// Stair sizes are kept below 2^62 so that carrying tokens down can never overflow.
pub const MAX_STAIR: u64 = 1 << 62;

/// The registry entry for `staircase`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "staircase",
        "staircase A1 A2 ... (tokens on stairs 1, 2, ...)",
        "carry any positive number of tokens from one stair to the stair below (from stair 1 to the ground); whoever cannot move loses",
        "staircase 3 9 5 1",
        build,
    )
    .drawn(Drawing::Piles)
    .aliases(&["staircase-nim"])
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    Ok(position(parse_heaps(spec, words, MAX_STAIR)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_conventions_match_brute_force, brute_force_winning_moves};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn odd_stairs_nim_matches_the_solver(stairs in proptest::collection::vec(0u64..4, 1..5)) {
            let (g, mut want) = brute_force_winning_moves(Staircase, &stairs);
            prop_assert_eq!(Staircase::value(&stairs), g);
            let mut got: Vec<Vec<u64>> = Staircase::moves_to(&stairs, Nimber::ZERO)
                .into_iter()
                .map(|(s, k)| Staircase::apply(&stairs, s, k))
                .collect();
            got.sort();
            want.sort();
            prop_assert_eq!(got, want);
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            positions in proptest::collection::vec(proptest::collection::vec(0u64..3, 1..=3), 1..=2)
        ) {
            assert_conventions_match_brute_force(&Staircase, &positions)?;
        }
    }

    #[test]
    fn stairs_too_large_to_list_are_refused_but_still_valued() {
        let big = vec![3, ENUMERATION_LIMIT + 1];
        assert_eq!(
            Staircase.searchable(&big),
            Err(SolveError::TooLarge(format!(
                "staircase: stair 2 holds {} tokens, too many to list its moves one by one (limit {ENUMERATION_LIMIT})",
                ENUMERATION_LIMIT + 1
            )))
        );
        let many = vec![ENUMERATION_LIMIT; 5];
        assert!(matches!(
            Staircase.searchable(&many),
            Err(SolveError::TooLarge(m)) if m.contains("limit 16777216")
        ));
        assert!(Staircase.searchable(&vec![3, 9, 5, 1]).is_ok());
        let mut c = position(big);
        assert_eq!(c.value().unwrap().finite(), Some(Nimber(3)));
        let mut reports = Vec::new();
        assert_eq!(c.moves_to(Nimber::ZERO, 10, &mut reports).unwrap(), 1);
        assert_eq!(
            reports[0].description,
            "carry 3 from stair 1 down to the ground"
        );
        assert!(c.explore().unwrap().moves().is_err());
    }
}
