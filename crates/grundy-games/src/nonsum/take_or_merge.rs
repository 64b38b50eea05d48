//! Take one or merge (HDU 4111 "Alice and Bob").
//!
//! **Rules.** There are heaps of stones. A move either removes one stone from one heap (a heap
//! that becomes empty disappears) or merges two heaps into one. Whoever cannot move loses.
//!
//! **Theorem (compressed state).** This is not a sum of games — a merge joins two heaps — but its
//! outcome depends only on two numbers: `a`, the number of heaps of size 1, and `b`, the number of
//! moves the heaps of size 2 or more can still absorb if they are merged into one heap and then
//! emptied one stone at a time: `b = Σ s + (m − 1)` over those `m` heaps (0 when `m = 0`). Heaps of
//! size one are special because removing one takes a heap away, which the opponent cannot undo by
//! a merge. From `(a, b)` the moves are: remove a single heap `(a−1, b)`; merge a single heap into the
//! big ones `(a−1, b+1)`; merge two singles into a new big heap `(a−2, b+2)` (`b+3` if there were big
//! heaps already, for the extra merge); and spend one of the `b` moves `(a, b−1)`, where `b = 1`
//! means a lone heap of one stone, i.e. `(a+1, 0)`. The equivalence with the plain game is checked by
//! property tests against the generic solver on every small position.
//!
//! ```
//! use grundy_games::nonsum::take_or_merge::TakeOrMerge;
//! use grundy_games::nonsum::take_or_merge::compress;
//! assert_eq!(compress(&[1, 2, 3]), (1, 6));
//! // A heap of 2 is lost: its one move leaves a heap of 1 for the opponent to take.
//! let table = TakeOrMerge::for_heaps(&[1, 1]);
//! assert!(!table.wins(&[2]));
//! // Two heaps of 1 are won: merge them into that heap of 2.
//! assert!(table.wins(&[1, 1]));
//! ```

use grundy_core::{Component, MoveReport, Nimber, Outcome, Ruleset, SolveError, Solver, Value};
use serde_json::Value as Json;

use crate::spec::{parse_heaps, GameEntry, GameSpec, SpecError, Word};

/// The compressed state `(a, b)` of a position: see the module docs.
pub fn compress(heaps: &[u64]) -> (usize, u64) {
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let (sum, big) = heaps
        .iter()
        .filter(|&&h| h >= 2)
        .fold((0u64, 0u64), |(s, m), &h| (s + h, m + 1));
    (ones, if big == 0 { 0 } else { sum + big - 1 })
}

/// The win/loss table over compressed states, big enough for the positions it was made for.
pub struct TakeOrMerge {
    /// `win[a][b]`: whether the player to move wins from `(a, b)`.
    win: Vec<Vec<bool>>,
}

/// The largest number of heaps and heap size accepted (the table has `heaps × total` cells).
pub const MAX_HEAPS: usize = 1000;
/// The largest heap size accepted.
pub const MAX_HEAP: u64 = 1_000_000;

impl TakeOrMerge {
    /// A table deciding every position reachable from positions with at most `ones` single heaps
    /// and at most `moves` absorbable moves.
    pub fn new(ones: usize, moves: u64) -> Self {
        // Row a may need row a-1 at b+1 and row a-2 at b+3, so lower rows reach further right.
        let width = |a: usize| (moves + 3 * (ones - a) as u64 + 4) as usize;
        let mut win: Vec<Vec<bool>> = Vec::with_capacity(ones + 1);
        for a in 0..=ones {
            let mut row = vec![false; width(a)];
            for b in 0..row.len() {
                let mut w = false;
                if a >= 1 {
                    w |= !win[a - 1][b];
                    if b > 0 {
                        w |= !win[a - 1][b + 1];
                    }
                }
                if a >= 2 {
                    w |= !win[a - 2][b + if b > 0 { 3 } else { 2 }];
                }
                if b >= 2 {
                    w |= !if b == 2 {
                        // b - 1 = 1: a lone heap of one stone.
                        Self::lookup(&win, &row, a, a + 1, 0)
                    } else {
                        row[b - 1]
                    };
                }
                row[b] = w;
            }
            win.push(row);
        }
        TakeOrMerge { win }
    }

    fn lookup(win: &[Vec<bool>], current: &[bool], a_now: usize, a: usize, b: usize) -> bool {
        if a == a_now {
            current[b]
        } else if a < win.len() {
            win[a][b]
        } else {
            // (a+1, 0) lies in a row not built yet: fill it from its own moves, which only
            // reach rows a and a-1 at small b (removing or merging single heaps).
            Self::single_heaps_only(win, current, a_now, a)
        }
    }

    /// `(a, 0)`: only single heaps. Its options are `(a−1, 0)` and `(a−2, 2)`.
    fn single_heaps_only(win: &[Vec<bool>], current: &[bool], a_now: usize, a: usize) -> bool {
        let at = |row: usize, b: usize| -> bool {
            if row == a_now {
                current[b]
            } else {
                win[row][b]
            }
        };
        let mut w = !at(a - 1, 0);
        if a >= 2 {
            w |= !at(a - 2, 2);
        }
        w
    }

    /// A table big enough for `heaps` and everything reachable from it.
    pub fn for_heaps(heaps: &[u64]) -> Self {
        let (a, b) = compress(heaps);
        // A move can add one single heap (a heap of 2 losing a stone) and never adds more than one
        // absorbable move per single heap it consumes, which the row widths already allow for.
        TakeOrMerge::new(a + 1, b + 2)
    }

    /// Whether the player to move wins from the compressed state `(a, b)`.
    pub fn wins_state(&self, a: usize, b: u64) -> bool {
        if b == 1 {
            return self.wins_state(a + 1, 0);
        }
        if a < self.win.len() && (b as usize) < self.win[a].len() {
            self.win[a][b as usize]
        } else {
            // Outside the table: build one that covers it (rare; only for foreign positions).
            TakeOrMerge::new(a, b + 2).win[a][b as usize]
        }
    }

    /// Whether the player to move wins from `heaps`.
    pub fn wins(&self, heaps: &[u64]) -> bool {
        let (a, b) = compress(heaps);
        self.wins_state(a, b)
    }
}

/// The plain game on a sorted list of heaps: the oracle for the compressed state.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainTakeOrMerge;

/// Every move of the plain game: `(description, heaps after)`; heaps keep the user's order, a
/// merged heap takes the place of the first of the two.
pub fn moves(heaps: &[u64]) -> Vec<(String, Vec<u64>)> {
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        let mut after = heaps.to_vec();
        if heaps[i] == 1 {
            after.remove(i);
            out.push((format!("take the last stone of heap {}", i + 1), after));
        } else {
            after[i] -= 1;
            out.push((
                format!(
                    "take one stone from heap {}: {} -> {}",
                    i + 1,
                    heaps[i],
                    heaps[i] - 1
                ),
                after,
            ));
        }
    }
    for i in 0..heaps.len() {
        for j in i + 1..heaps.len() {
            let mut after = heaps.to_vec();
            after[i] += heaps[j];
            after.remove(j);
            out.push((
                format!(
                    "merge heaps {} and {} ({} + {} = {})",
                    i + 1,
                    j + 1,
                    heaps[i],
                    heaps[j],
                    heaps[i] + heaps[j]
                ),
                after,
            ));
        }
    }
    out
}

impl Ruleset for PlainTakeOrMerge {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (_, mut after) in moves(heaps) {
            after.sort_unstable();
            out.push(after);
        }
    }
}

/// A take-or-merge position as a component.
pub struct TakeOrMergePosition {
    heaps: Vec<u64>,
    table: TakeOrMerge,
}

/// Positions stored when an exact Grundy value is asked for (only small positions have one).
const VALUE_CAP: usize = 1_000_000;

impl TakeOrMergePosition {
    /// The position `heaps`.
    pub fn new(heaps: Vec<u64>) -> Self {
        let table = TakeOrMerge::for_heaps(&heaps);
        TakeOrMergePosition { heaps, table }
    }
}

impl Component for TakeOrMergePosition {
    fn game(&self) -> String {
        "take-or-merge".into()
    }

    fn position(&self) -> Json {
        Json::from(self.heaps.clone())
    }

    /// The exact Grundy value, by search: only small positions have one within the cap. The
    /// outcome never needs it (see [`Component::outcome_hint`]).
    fn value(&mut self) -> Result<Value, SolveError> {
        small_enough(&self.heaps)?;
        let mut sorted = self.heaps.clone();
        sorted.sort_unstable();
        Solver::with_cap(PlainTakeOrMerge, VALUE_CAP)
            .grundy(&sorted)
            .map(Value::Finite)
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        if !target.is_zero() {
            small_enough(&self.heaps)?;
        }
        let mut count = 0;
        let mut solver = (!target.is_zero()).then(|| Solver::with_cap(PlainTakeOrMerge, VALUE_CAP));
        for (description, after) in moves(&self.heaps) {
            let hit = match solver.as_mut() {
                None => !self.table.wins(&after),
                Some(s) => {
                    let mut sorted = after.clone();
                    sorted.sort_unstable();
                    s.grundy(&sorted)? == target
                }
            };
            if hit {
                count += 1;
                if out.len() < limit {
                    out.push(MoveReport {
                        description,
                        position: Json::from(after),
                    });
                }
            }
        }
        Ok(count)
    }

    fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
        Ok(Some(Outcome::p_if(!self.table.wins(&self.heaps))))
    }
}

/// The largest number of stones in all for which an exact Grundy value is searched: the plain
/// game's positions are partitions of at most that many stones.
pub const MAX_VALUE_STONES: u64 = 24;

fn small_enough(heaps: &[u64]) -> Result<(), SolveError> {
    if heaps.iter().sum::<u64>() <= MAX_VALUE_STONES {
        Ok(())
    } else {
        Err(SolveError::TooLarge(format!(
            "take-or-merge: the exact Grundy value is only searched up to {MAX_VALUE_STONES} stones in all (the outcome and the winning moves come from the compressed state)"
        )))
    }
}

/// The registry entry for `take-or-merge`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "take-or-merge",
        aliases: &[],
        syntax: "take-or-merge HEAP...",
        rules: "remove one stone from a heap, or merge two heaps; whoever cannot move loses (not a sum of games)",
        example: "take-or-merge 1 1 2",
        build,
        matches: None,
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    if words.len() > MAX_HEAPS {
        return Err(words[MAX_HEAPS].error(format!("at most {MAX_HEAPS} heaps")));
    }
    let mut heaps = parse_heaps(spec, words, MAX_HEAP)?;
    // Empty heaps are not heaps: the rules make them disappear.
    heaps.retain(|&h| h > 0);
    Ok(Box::new(TakeOrMergePosition::new(heaps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{brute_force_winning_moves, position_set};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn compressed_state_matches_the_plain_game(heaps in proptest::collection::vec(1u64..6, 0..6)) {
            let mut sorted = heaps.clone();
            sorted.sort_unstable();
            let (g, want) = brute_force_winning_moves(PlainTakeOrMerge, &sorted);
            let table = TakeOrMerge::for_heaps(&heaps);
            prop_assert_eq!(table.wins(&heaps), !g.is_zero(), "heaps {:?}", heaps);

            let mut pos = TakeOrMergePosition::new(heaps.clone());
            let mut reports = Vec::new();
            pos.moves_to(Nimber::ZERO, usize::MAX, &mut reports).unwrap();
            let got: Vec<Vec<u64>> = reports
                .iter()
                .map(|r| {
                    let mut h: Vec<u64> = serde_json::from_value(r.position.clone()).unwrap();
                    h.sort_unstable();
                    h
                })
                .collect();
            prop_assert_eq!(position_set(got), position_set(want));
        }
    }

    #[test]
    fn fifty_heaps_of_a_thousand() {
        let heaps: Vec<u64> = (0..50)
            .map(|i| if i % 5 == 0 { 1 } else { 1000 - i })
            .collect();
        let table = TakeOrMerge::for_heaps(&heaps);
        let _ = table.wins(&heaps);
    }
}
