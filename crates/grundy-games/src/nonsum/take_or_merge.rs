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

use std::cell::Ref;

use grundy_core::{Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use super::LastTable;
use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

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
#[derive(Clone, Debug)]
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

    /// Whether the table holds the compressed state of `heaps` (else [`TakeOrMerge::wins`] builds
    /// another table).
    fn covers(&self, heaps: &[u64]) -> bool {
        let (a, b) = match compress(heaps) {
            (a, 1) => (a + 1, 0),
            state => state,
        };
        a < self.win.len() && (b as usize) < self.win[a].len()
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

/// A move of the plain game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Take one stone from heap `i` (0-based).
    Take(usize),
    /// Merge heaps `i < j` (0-based) into one, in the place of heap `i`.
    Merge(usize, usize),
}

/// Every move from a row of `n` heaps, in the order the tool lists them: every heap's stone, then
/// every merge.
fn all_moves(n: usize) -> impl Iterator<Item = Move> {
    let merges = (0..n).flat_map(move |i| (i + 1..n).map(move |j| Move::Merge(i, j)));
    (0..n).map(Move::Take).chain(merges)
}

/// The heaps after `m`; they keep the user's order, a heap that becomes empty disappears and a
/// merged heap takes the place of the first of the two.
fn apply(heaps: &[u64], m: Move) -> Vec<u64> {
    let mut after = heaps.to_vec();
    match m {
        Move::Take(i) if heaps[i] == 1 => {
            after.remove(i);
        }
        Move::Take(i) => after[i] -= 1,
        Move::Merge(i, j) => {
            after[i] += heaps[j];
            after.remove(j);
        }
    }
    after
}

/// The move `m` from `heaps`, in words.
fn say(heaps: &[u64], m: Move) -> String {
    match m {
        Move::Take(i) if heaps[i] == 1 => format!("take the last stone of heap {}", i + 1),
        Move::Take(i) => format!(
            "take one stone from heap {}: {} -> {}",
            i + 1,
            heaps[i],
            heaps[i] - 1
        ),
        Move::Merge(i, j) => format!(
            "merge heaps {} and {} ({} + {} = {})",
            i + 1,
            j + 1,
            heaps[i],
            heaps[j],
            heaps[i] + heaps[j]
        ),
    }
}

/// Every move of the plain game: `(description, heaps after)`; heaps keep the user's order, a
/// merged heap takes the place of the first of the two.
pub fn moves(heaps: &[u64]) -> Vec<(String, Vec<u64>)> {
    all_moves(heaps.len())
        .map(|m| (say(heaps, m), apply(heaps, m)))
        .collect()
}

impl Ruleset for PlainTakeOrMerge {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(all_moves(heaps.len()).map(|m| {
            let mut after = apply(heaps, m);
            after.sort_unstable();
            after
        }));
    }
}

/// A position: the heaps in the user's order, and the move that made them. Two positions are
/// the same when they hold the same heaps, in any order (`sorted`).
#[derive(Clone, Debug)]
pub struct Heaps {
    heaps: Vec<u64>,
    sorted: Vec<u64>,
    by: Option<Move>,
}

super::same_position_by!(Heaps, sorted);

impl Heaps {
    /// The heaps `heaps` (none of them empty), as given.
    pub fn new(heaps: Vec<u64>) -> Self {
        Self::reached(heaps, None)
    }

    fn reached(heaps: Vec<u64>, by: Option<Move>) -> Self {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        Heaps { heaps, sorted, by }
    }

    /// The heaps, in the user's order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }
}

/// The game, presented: positions in the user's order, outcomes and winning moves from the
/// compressed-state table (kept for the last position decided: it covers all of its options).
#[derive(Clone, Debug, Default)]
pub struct TakeOrMergeGame {
    table: LastTable<TakeOrMerge>,
}

impl TakeOrMergeGame {
    /// A table deciding `heaps` and its options.
    fn table_for(&self, heaps: &[u64]) -> Ref<'_, TakeOrMerge> {
        self.table
            .get(|t| t.covers(heaps), || TakeOrMerge::for_heaps(heaps))
    }
}

impl Ruleset for TakeOrMergeGame {
    type Position = Heaps;

    fn options(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        out.extend(all_moves(p.heaps.len()).map(|m| Heaps::reached(apply(&p.heaps, m), Some(m))));
    }
}

impl Game for TakeOrMergeGame {
    fn name(&self) -> String {
        "take-or-merge".into()
    }

    fn show(&self, p: &Heaps) -> Json {
        Json::from(p.heaps.clone())
    }

    fn describe(&self, from: &Heaps, to: &Heaps) -> String {
        match to.by {
            Some(m) => say(&from.heaps, m),
            None => format!("{:?} -> {:?}", from.heaps, to.heaps),
        }
    }

    /// The heaps in increasing order: the order they are shown in does not change the game.
    fn key(&self, p: &Heaps) -> Key {
        p.sorted.clone()
    }

    /// The exact Grundy value is searched for small positions only; the outcome never needs it.
    // Listing the moves is cheap (at most MAX_HEAPS + MAX_HEAPS² / 2 of them); valuing is not.
    fn solvable(&self, p: &Heaps) -> Result<(), SolveError> {
        small_enough(&p.heaps)
    }

    fn outcome(&self, p: &Heaps) -> Option<Outcome> {
        Some(Outcome::p_if(!self.table_for(&p.heaps).wins(&p.heaps)))
    }

    fn options_to(
        &self,
        p: &Heaps,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Heaps>, usize), SolveError>> {
        // The P-positions come from the table at any size; other values need the search.
        if !target.is_zero() {
            return None;
        }
        // Counted one by one, kept up to the limit: a thousand heaps have half a million merges.
        let table = self.table_for(&p.heaps);
        let mut first = Vec::new();
        let mut total = 0;
        for m in all_moves(p.heaps.len()) {
            let after = apply(&p.heaps, m);
            if !table.wins(&after) {
                total += 1;
                if first.len() < limit {
                    first.push(Heaps::reached(after, Some(m)));
                }
            }
        }
        Some(Ok((first, total)))
    }
}

/// The take-or-merge position `heaps` (none of them empty), in that order.
pub fn position(heaps: Vec<u64>) -> Box<dyn Component> {
    RulesetComponent::boxed(TakeOrMergeGame::default(), Heaps::new(heaps))
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
    vec![GameEntry::new(
        "take-or-merge",
        "take-or-merge HEAP...",
        "remove one stone from a heap, or merge two heaps; whoever cannot move loses (not a sum of games)",
        "take-or-merge 1 1 2",
        build,
    )
    .drawn(Drawing::Heaps)
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    if words.len() > MAX_HEAPS {
        return Err(words[MAX_HEAPS].error(format!("at most {MAX_HEAPS} heaps")));
    }
    let mut heaps = parse_heaps(spec, words, MAX_HEAP)?;
    // Empty heaps are not heaps: the rules make them disappear.
    heaps.retain(|&h| h > 0);
    Ok(position(heaps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        assert_conventions_match_brute_force, brute_force_winning_moves, position_set,
    };
    use grundy_core::analyse;
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

            let mut pos = position(heaps.clone());
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

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            rows in proptest::collection::vec(proptest::collection::vec(1u64..4, 0..4), 1..=2)
        ) {
            let positions: Vec<Heaps> = rows.into_iter().map(Heaps::new).collect();
            assert_conventions_match_brute_force(&TakeOrMergeGame::default(), &positions)?;
        }
    }

    #[test]
    fn two_moves_to_the_same_heaps_keep_their_own_words() {
        let mut sum = vec![position(vec![5, 5, 5])];
        let a = analyse(&mut sum, usize::MAX).unwrap();
        let said: Vec<&str> = a
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert_eq!(
            said,
            [
                "take one stone from heap 1: 5 -> 4",
                "take one stone from heap 2: 5 -> 4",
                "take one stone from heap 3: 5 -> 4",
                "merge heaps 1 and 2 (5 + 5 = 10)",
                "merge heaps 1 and 3 (5 + 5 = 10)",
                "merge heaps 2 and 3 (5 + 5 = 10)"
            ]
        );
        assert_eq!(a.winning_moves[3].position, Json::from(vec![10, 5]));
        assert_eq!(a.winning_moves[4].position, Json::from(vec![10, 5]));
    }
}
