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

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::{json, Value as Json};

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_heaps, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

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

/// The rules on (heaps, pool), with Nim's value as their closed form; `start` is the pool the game
/// was named with (`poker-nim:C`), the pool of a position is part of the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct PokerNim {
    /// The pool of the game's name, `C` in `poker-nim:C`.
    pub start: u64,
}

/// The most numbers [`PokerNim`] lets a search write out when it lists a position's options
/// (every option is a copy of all the heaps and the pool), about a hundred megabytes.
pub const LIST_LIMIT: u64 = 1 << 24;

impl Ruleset for PokerNim {
    type Position = (Vec<u64>, u64);

    fn options(&self, (heaps, pool): &(Vec<u64>, u64), out: &mut Vec<(Vec<u64>, u64)>) {
        for (i, &h) in heaps.iter().enumerate() {
            for to in (0..h).chain(h + 1..=h + pool) {
                let mut after = heaps.clone();
                after[i] = to;
                out.push((after, pool - to.saturating_sub(h)));
            }
        }
    }

    fn closed_form(&self, (heaps, _): &(Vec<u64>, u64)) -> Option<Nimber> {
        Some(value(heaps))
    }
}

impl Game for PokerNim {
    fn name(&self) -> String {
        // The pool changes with the moves, so it is part of the position too (`pool=N`).
        format!("poker-nim:{}", self.start)
    }

    fn show(&self, (heaps, pool): &(Vec<u64>, u64)) -> Json {
        json!({ "heaps": heaps, "pool": pool })
    }

    fn describe(&self, (heaps, pool): &(Vec<u64>, u64), (after, _): &(Vec<u64>, u64)) -> String {
        let i = heaps
            .iter()
            .zip(after)
            .position(|(h, a)| h != a)
            .expect("a move changes a heap");
        let (h, to) = (heaps[i], after[i]);
        if to < h {
            grundy_core::heap::describe_heap_move(i + 1, h, &[to])
        } else {
            let d = to - h;
            format!(
                "add {d} from the pool to heap {}: {h} -> {to} (pool {pool} -> {})",
                i + 1,
                pool - d
            )
        }
    }

    /// Taking is a heap move (`"kind": "heap"`); adding from the pool is
    /// `{"kind": "add", "heap": i, "from": h, "add": d, "to": h + d}`.
    fn move_fields(&self, (heaps, _): &(Vec<u64>, u64), (after, _): &(Vec<u64>, u64)) -> Json {
        let Some(i) = heaps.iter().zip(after).position(|(h, a)| h != a) else {
            return grundy_core::generic_fields(Json::Null);
        };
        let (h, to) = (heaps[i], after[i]);
        if to < h {
            grundy_core::heap_move_fields(i, h, &[to])
        } else {
            serde_json::json!({ "kind": "add", "heap": i, "from": h, "add": to - h, "to": to })
        }
    }

    fn key(&self, (heaps, pool): &(Vec<u64>, u64)) -> Key {
        // The heaps' order changes nothing (empty heaps count: they can still grow).
        let mut key = heaps.clone();
        key.sort_unstable();
        key.insert(0, *pool);
        key
    }

    fn searchable(&self, (heaps, pool): &(Vec<u64>, u64)) -> Result<(), SolveError> {
        let n = heaps.len() as u128;
        let moves: u128 =
            heaps.iter().map(|&h| u128::from(h)).sum::<u128>() + n * u128::from(*pool);
        let numbers = moves * (n + 1);
        if numbers > u128::from(LIST_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "poker-nim: listing the {moves} moves of these {n} heaps and pool {pool} one by \
                 one would write {numbers} numbers (limit {LIST_LIMIT})"
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        (heaps, pool): &(Vec<u64>, u64),
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<(Vec<u64>, u64)>, usize), SolveError>> {
        let moves = moves_to(heaps, *pool, target);
        let first = moves
            .iter()
            .take(limit)
            .map(|&(i, to)| {
                let mut after = heaps.clone();
                after[i] = to;
                (after, pool - to.saturating_sub(heaps[i]))
            })
            .collect();
        Some(Ok((first, moves.len())))
    }

    fn note(&self, _: &(Vec<u64>, u64)) -> Option<String> {
        Some(
            "play Nim (move to XOR 0 by taking tokens); whenever your opponent adds tokens to a \
             heap, take the same number back from that heap. The pool only shrinks, so this \
             reversal is needed at most as many times as the pool has tokens."
                .into(),
        )
    }
}

/// The position with these heaps and `pool` spare tokens.
pub fn position(heaps: Vec<u64>, pool: u64) -> Box<dyn Component> {
    RulesetComponent::boxed(PokerNim { start: pool }, (heaps, pool))
}

/// The registry entry for `poker-nim`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "poker-nim",
        "poker-nim:C HEAP... [pool=N] (C spare tokens in a shared pool; pool=N: N left)",
        "take any positive number of tokens from one heap, or add 1..(all the pool) tokens from the pool to one heap; whoever cannot move loses",
        "poker-nim:5 3 4 5",
        build,
    )
    .drawn(Drawing::Piles)
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("poker-nim:C (C tokens in the pool)")?;
    let start = parse_number_text(params, "the pool C", MAX_SIZE).map_err(|m| spec.error(m))?;
    let mut pool = start;
    // `pool=N` among the words (how a position is written back, e.g. by `grundy play`, once
    // tokens have left the pool) says how many are left.
    let mut heaps = Vec::new();
    for w in words {
        match w.text.strip_prefix("pool=") {
            Some(n) => pool = parse_number_text(n, "the pool", MAX_SIZE).map_err(|m| w.error(m))?,
            None => heaps.push(w.clone()),
        }
    }
    let heaps = parse_heaps(spec, &heaps, MAX_SIZE)?;
    Ok(RulesetComponent::boxed(PokerNim { start }, (heaps, pool)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{BruteForce, Solver};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn nim_values_match_the_solver(
            heaps in proptest::collection::vec(0u64..5, 1..4), pool in 0u64..4
        ) {
            let mut s = Solver::new(BruteForce(PokerNim::default()));
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
                // The rules keep the heaps' order; compare as sorted heaps.
                let mut want: Vec<(Vec<u64>, u64)> = s
                    .moves_to(&p, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|(mut hs, pool)| {
                        hs.sort_unstable();
                        (hs, pool)
                    })
                    .collect();
                want.sort();
                want.dedup();
                prop_assert_eq!(got, want);
            }
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            positions in proptest::collection::vec(
                (proptest::collection::vec(0u64..3, 1..=2), 0u64..3), 1..=2
            )
        ) {
            assert_conventions_match_brute_force(&PokerNim::default(), &positions)?;
        }
    }

    #[test]
    fn positions_too_large_to_list_are_refused_but_still_valued() {
        let p = (vec![3, 4, 5], MAX_SIZE);
        assert!(matches!(
            PokerNim::default().searchable(&p),
            Err(SolveError::TooLarge(m)) if m.contains("limit 16777216")
        ));
        assert!(PokerNim::default().searchable(&(vec![3, 4, 5], 5)).is_ok());
        let mut c = position(p.0, p.1);
        assert_eq!(c.value().unwrap().finite(), Some(Nimber(2)));
        assert!(c.note().unwrap().contains("take the same number back"));
        assert!(c.explore().unwrap().moves().is_err());
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
