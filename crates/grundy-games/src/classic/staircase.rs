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

use grundy_core::explore::{Child, Move};
use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, Explore, Key, MoveReport, Nimber, Ruleset, SolveError, Value};
use serde_json::Value as Json;

use crate::spec::{parse_heaps, GameEntry, GameSpec, SpecError, Word};

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

/// A staircase position as a component.
pub struct StaircasePosition {
    stairs: Vec<u64>,
}

/// A staircase position; `stairs[0]` is stair 1.
pub fn position(stairs: Vec<u64>) -> Box<dyn Component> {
    Box::new(StaircasePosition { stairs })
}

impl Component for StaircasePosition {
    fn game(&self) -> String {
        "staircase".into()
    }

    fn position(&self) -> Json {
        Json::from(self.stairs.clone())
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        Ok(Value::Finite(Staircase::value(&self.stairs)))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let moves = Staircase::moves_to(&self.stairs, target);
        for &(stair, tokens) in moves.iter().take(limit) {
            out.push(MoveReport {
                description: describe(stair, tokens),
                position: Json::from(Staircase::apply(&self.stairs, stair, tokens)),
            });
        }
        Ok(moves.len())
    }

    fn explore(&self) -> Option<Box<dyn Explore<'_> + '_>> {
        Some(Box::new(StaircaseNode(self.stairs.clone())))
    }
}

fn describe(stair: usize, tokens: u64) -> String {
    let to = if stair == 1 {
        "the ground".to_string()
    } else {
        format!("stair {}", stair - 1)
    };
    format!("carry {tokens} from stair {stair} down to {to}")
}

/// A staircase position as an explicit game tree (for misère play and Every-SG).
struct StaircaseNode(Vec<u64>);

impl<'a> Explore<'a> for StaircaseNode {
    fn key(&self) -> Key {
        // Empty top stairs change nothing.
        let end = self.0.iter().rposition(|&a| a > 0).map_or(0, |i| i + 1);
        self.0[..end].to_vec()
    }

    fn moves(&self) -> Result<Vec<Move<'a>>, SolveError> {
        let mut moves: Vec<Move<'a>> = Vec::new();
        for (stair, k) in self.carries()? {
            let after = Staircase::apply(&self.0, stair, k);
            let report = MoveReport {
                description: describe(stair, k),
                position: Json::from(after.clone()),
            };
            moves.push((report, Box::new(StaircaseNode(after))));
        }
        Ok(moves)
    }

    fn options(&self) -> Result<Vec<Child<'a>>, SolveError> {
        Ok(self
            .carries()?
            .map(|(stair, k)| {
                Box::new(StaircaseNode(Staircase::apply(&self.0, stair, k))) as Child<'a>
            })
            .collect())
    }
}

impl StaircaseNode {
    /// Every move as `(stair, tokens)`, once the stairs are known to be small enough to list.
    fn carries(&self) -> Result<impl Iterator<Item = (usize, u64)> + '_, SolveError> {
        if let Some(i) = self.0.iter().position(|&a| a > ENUMERATION_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "staircase: stair {} holds {} tokens, too many to list its moves one by one (limit {ENUMERATION_LIMIT})",
                i + 1,
                self.0[i]
            )));
        }
        Ok(self
            .0
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| (1..=a).map(move |k| (i + 1, k))))
    }
}

/// Stair sizes are kept below 2^62 so that carrying tokens down can never overflow.
pub const MAX_STAIR: u64 = 1 << 62;

/// The registry entry for `staircase`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "staircase",
        aliases: &["staircase-nim"],
        syntax: "staircase A1 A2 ... (tokens on stairs 1, 2, ...)",
        rules: "carry any positive number of tokens from one stair to the stair below (from stair 1 to the ground); whoever cannot move loses",
        example: "staircase 3 9 5 1",
        build,
        matches: None,
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    Ok(position(parse_heaps(spec, words, MAX_STAIR)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::brute_force_winning_moves;
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
}
