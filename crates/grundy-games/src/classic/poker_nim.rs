//! Poker Nim with a limited pool.
//!
//! **Rules.** There are heaps of tokens and a shared pool of `C` spare tokens (`poker-nim:C`). A
//! move either takes any positive number of tokens from one heap (they leave the game), or adds
//! between 1 and all of the tokens still in the pool to one heap (they leave the pool). Whoever
//! cannot move loses. Every move lowers `heaps + 2·pool`, so every game ends.
//!
//! **Theorem.** The Grundy value is the XOR of the heaps, whatever the pool: by induction, taking
//! tokens reaches every value below the XOR `X` (as in Nim), and adding tokens to one heap changes
//! `X`, so no option has value `X`. So the P-positions are Nim's. The winning strategy is Nim's
//! plus *reversal*: when the opponent adds tokens to a heap, take the same number back from that
//! heap, which restores XOR 0; the pool only shrinks, so this happens at most `C` times. (In a sum
//! with other games an addition can also be a move to a chosen larger value, so those moves are
//! listed when they reach it.)
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::poker_nim;
//! let mut sum = vec![poker_nim::position(vec![1, 2, 3], 5)];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.outcome, Outcome::P);
//! assert_eq!(a.grundy.unwrap().0, 0);
//! ```

use grundy_core::{Component, MoveReport, Nimber, Ruleset, SolveError, Value};
use serde_json::{json, Value as Json};

use crate::spec::{parse_heaps, parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// Heaps and the pool are kept below 2^62 so that adding the pool to a heap cannot overflow.
pub const MAX_SIZE: u64 = 1 << 62;

/// The value: Nim's.
pub fn value(heaps: &[u64]) -> Nimber {
    heaps.iter().map(|&h| Nimber(h)).sum()
}

/// Every move to value `target`, as `(heap index, new size)`; the size may be larger (an addition
/// from the pool).
pub fn moves_to(heaps: &[u64], pool: u64, target: Nimber) -> Vec<(usize, u64)> {
    let x = value(heaps) + target;
    if x.is_zero() {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter_map(|(i, &h)| {
            let want = h ^ x.0;
            (want < h || want - h <= pool).then_some((i, want))
        })
        .collect()
}

/// The rules on (sorted heaps, pool): the oracle for the fast path.
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerNim;

impl Ruleset for PokerNim {
    type Position = (Vec<u64>, u64);

    fn options(&self, (heaps, pool): &(Vec<u64>, u64), out: &mut Vec<(Vec<u64>, u64)>) {
        for (i, &h) in heaps.iter().enumerate() {
            for to in (0..h).chain(h + 1..=h + pool) {
                let mut after = heaps.clone();
                after[i] = to;
                after.sort_unstable();
                out.push((after, pool - to.saturating_sub(h)));
            }
        }
    }
}

/// A Poker Nim position as a component.
pub struct PokerNimPosition {
    heaps: Vec<u64>,
    pool: u64,
}

/// The position with these heaps and `pool` spare tokens.
pub fn position(heaps: Vec<u64>, pool: u64) -> Box<dyn Component> {
    Box::new(PokerNimPosition { heaps, pool })
}

fn notation(heaps: &[u64], pool: u64) -> Json {
    json!({ "heaps": heaps, "pool": pool })
}

impl Component for PokerNimPosition {
    fn game(&self) -> String {
        // The pool changes with the moves, so it is part of the position, not of the game name.
        "poker-nim".into()
    }

    fn position(&self) -> Json {
        notation(&self.heaps, self.pool)
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        Ok(Value::Finite(value(&self.heaps)))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let moves = moves_to(&self.heaps, self.pool, target);
        for &(i, to) in moves.iter().take(limit) {
            let h = self.heaps[i];
            let mut after = self.heaps.clone();
            after[i] = to;
            let (description, pool) = if to < h {
                (
                    grundy_core::heap::describe_heap_move(i + 1, h, &[to]),
                    self.pool,
                )
            } else {
                let d = to - h;
                (
                    format!(
                        "add {d} from the pool to heap {}: {h} -> {to} (pool {} -> {})",
                        i + 1,
                        self.pool,
                        self.pool - d
                    ),
                    self.pool - d,
                )
            };
            out.push(MoveReport {
                description,
                position: notation(&after, pool),
            });
        }
        Ok(moves.len())
    }

    fn note(&self) -> Option<String> {
        Some(
            "play Nim (move to XOR 0 by taking tokens); whenever your opponent adds tokens to a \
             heap, take the same number back from that heap. The pool only shrinks, so this \
             reversal is needed at most as many times as the pool has tokens."
                .into(),
        )
    }
}

/// The registry entry for `poker-nim`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "poker-nim",
        aliases: &[],
        syntax: "poker-nim:C HEAP... (C spare tokens in a shared pool)",
        rules: "take any positive number of tokens from one heap, or add 1..(all the pool) tokens from the pool to one heap; whoever cannot move loses",
        example: "poker-nim:5 3 4 5",
        build,
        matches: None,
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("poker-nim:C (C tokens in the pool)")?;
    let pool = parse_number_text(params, "the pool C", MAX_SIZE).map_err(|m| spec.error(m))?;
    Ok(position(parse_heaps(spec, words, MAX_SIZE)?, pool))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::{BruteForce, Solver};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn nim_values_match_the_solver(
            heaps in proptest::collection::vec(0u64..5, 1..4), pool in 0u64..4
        ) {
            let mut s = Solver::new(BruteForce(PokerNim));
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let p = (sorted, pool);
            let g = s.grundy(&p).unwrap();
            prop_assert_eq!(value(&heaps), g);
            let mut c = position(heaps.clone(), pool);
            for t in 0..=g.0 + 4 {
                let mut reports = Vec::new();
                let n = c.moves_to(Nimber(t), usize::MAX, &mut reports).unwrap();
                prop_assert_eq!(n, reports.len());
                let mut got: Vec<(Vec<u64>, u64)> = reports
                    .iter()
                    .map(|r| {
                        let mut hs: Vec<u64> =
                            serde_json::from_value(r.position["heaps"].clone()).unwrap();
                        hs.sort_unstable();
                        (hs, r.position["pool"].as_u64().unwrap())
                    })
                    .collect();
                got.sort();
                got.dedup();
                let mut want = s.moves_to(&p, Nimber(t)).unwrap();
                want.sort();
                want.dedup();
                prop_assert_eq!(got, want);
            }
        }
    }

    #[test]
    fn the_largest_sizes_do_not_overflow() {
        let heaps = vec![MAX_SIZE, 1];
        let moves = moves_to(&heaps, MAX_SIZE, Nimber(MAX_SIZE + 2));
        // Both are additions: heap 1 gains 3 (2^62 + 3 XOR 1), heap 2 gains 1 (2^62 XOR 2).
        assert_eq!(moves.len(), 2);
        for (i, to) in moves {
            let mut after = heaps.clone();
            after[i] = to;
            assert_eq!(value(&after), Nimber(MAX_SIZE + 2));
        }
    }
}
