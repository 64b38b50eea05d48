//! Take from either end (ZJOI 2009, Luogu P2599).
//!
//! **Rules.** Heaps stand in a row. A move takes any positive number of stones from the leftmost
//! or the rightmost heap; a heap that becomes empty disappears. Whoever cannot move loses.
//!
//! **Theorem (interval DP).** This is not a sum of games: the two ends interact. But for every
//! segment `a[i..=j]` there is exactly one heap size `left[i][j]` that, put to the left of the
//! segment, makes the row a P-position (0 if the segment alone is already P), and likewise
//! `right[i][j]`. Both follow from the segment one shorter in `O(1)`: with `x` the heap at the far
//! end and `L`, `R` the values of the shorter segment, `left = 0` if `x = R`; `x` if `x` is below
//! both or above both of `L`, `R`; `x + 1` if `L ≤ x < R`; `x − 1` if `R < x ≤ L`. So deciding a row
//! of `n` heaps takes `O(n²)` time, whatever the heap sizes. The whole row is P exactly when
//! `left[2][n] = a_1`; the winning moves are to leave `left[2][n]` stones in the leftmost heap or
//! `right[1][n−1]` in the rightmost, where that is fewer than it holds.
//!
//! ```
//! use grundy_games::nonsum::ends::Ends;
//! // Two equal heaps: whatever you take from one end, the opponent mirrors it.
//! assert!(!Ends::new(&[4, 4]).first_player_wins());
//! assert!(Ends::new(&[1, 4, 4]).first_player_wins());
//! ```

use std::cell::Ref;

use grundy_core::{Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use super::LastTable;
use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The interval tables of one row of heaps.
#[derive(Clone, Debug)]
pub struct Ends {
    heaps: Vec<u64>,
    n: usize,
    /// `left[i * n + j]` for `i <= j`.
    left: Vec<u64>,
    right: Vec<u64>,
}

/// The longest row accepted (the tables take `2 n²` words).
pub const MAX_HEAPS: usize = 3000;
/// The largest heap accepted; the tables hold values up to one more than a heap.
pub const MAX_HEAP: u64 = 1 << 62;

impl Ends {
    /// Builds the tables for `heaps` in `O(n²)`.
    pub fn new(heaps: &[u64]) -> Self {
        let n = heaps.len();
        let mut left = vec![0u64; n * n];
        let mut right = vec![0u64; n * n];
        for i in 0..n {
            left[i * n + i] = heaps[i];
            right[i * n + i] = heaps[i];
        }
        for len in 2..=n {
            for i in 0..=n - len {
                let j = i + len - 1;
                // left[i][j]: the segment a[i..j-1] gives L, R; x = a[j] is the far (right) end.
                let (l, r, x) = (left[i * n + j - 1], right[i * n + j - 1], heaps[j]);
                left[i * n + j] = if x == r {
                    0
                } else if (x < l && x < r) || (x > l && x > r) {
                    x
                } else if l <= x && x < r {
                    x + 1
                } else {
                    x - 1
                };
                // right[i][j]: the segment a[i+1..j] gives L, R; x = a[i] is the far (left) end.
                let (l, r, x) = (left[(i + 1) * n + j], right[(i + 1) * n + j], heaps[i]);
                right[i * n + j] = if x == l {
                    0
                } else if (x < l && x < r) || (x > l && x > r) {
                    x
                } else if r <= x && x < l {
                    x + 1
                } else {
                    x - 1
                };
            }
        }
        Ends {
            heaps: heaps.to_vec(),
            n,
            left,
            right,
        }
    }

    /// The heap that, put left of `a[i..=j]`, makes a P-position (0 for an empty segment).
    fn left_of(&self, i: usize, j: usize) -> u64 {
        if i > j {
            0
        } else {
            self.left[i * self.n + j]
        }
    }

    fn right_of(&self, i: usize, j: usize) -> u64 {
        if i > j {
            0
        } else {
            self.right[i * self.n + j]
        }
    }

    /// Whether the player to move wins.
    pub fn first_player_wins(&self) -> bool {
        self.n > 0 && self.left_of(1, self.n - 1) != self.heaps[0]
    }

    /// Every winning move, as `(from_left, stones left in that end heap)`.
    pub fn winning_moves(&self) -> Vec<(bool, u64)> {
        let n = self.n;
        let mut moves = Vec::new();
        if n == 0 {
            return moves;
        }
        let keep = self.left_of(1, n - 1);
        if keep < self.heaps[0] {
            moves.push((true, keep));
        }
        if n > 1 {
            let keep = self.right_of(0, n - 2);
            if keep < self.heaps[n - 1] {
                moves.push((false, keep));
            }
        }
        moves
    }

    /// The row after taking from one end so that `keep` stones stay in that heap.
    pub fn apply(heaps: &[u64], from_left: bool, keep: u64) -> Vec<u64> {
        let mut after = heaps.to_vec();
        let end = if from_left { 0 } else { after.len() - 1 };
        if keep == 0 {
            after.remove(end);
        } else {
            after[end] = keep;
        }
        after
    }
}

/// The plain game on a row: the oracle for the interval DP.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainEnds;

impl Ruleset for PlainEnds {
    type Position = Vec<u64>;

    fn options(&self, row: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let Some(&first) = row.first() else { return };
        for keep in 0..first {
            out.push(Ends::apply(row, true, keep));
        }
        if row.len() > 1 {
            for keep in 0..row[row.len() - 1] {
                out.push(Ends::apply(row, false, keep));
            }
        }
    }
}

/// A position: the row, and the end the move that made it took from (`true`: the left). Two
/// positions are the same when their rows are.
#[derive(Clone, Debug)]
pub struct Row {
    heaps: Vec<u64>,
    from_left: Option<bool>,
}

super::same_position_by!(Row, heaps);

impl Row {
    /// The row `heaps` (none of them empty), as given.
    pub fn new(heaps: Vec<u64>) -> Self {
        Row {
            heaps,
            from_left: None,
        }
    }

    /// The heaps, left to right.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The row after taking from one end so that `keep` stones stay in that heap.
    fn after(&self, from_left: bool, keep: u64) -> Row {
        Row {
            heaps: Ends::apply(&self.heaps, from_left, keep),
            from_left: Some(from_left),
        }
    }
}

/// The game, presented: outcomes and winning moves from the interval tables (kept for the last
/// row decided).
#[derive(Clone, Debug, Default)]
pub struct EndsGame {
    tables: LastTable<Ends>,
}

impl EndsGame {
    /// The tables of `heaps`.
    fn tables_for(&self, heaps: &[u64]) -> Ref<'_, Ends> {
        self.tables.get(|t| t.heaps == heaps, || Ends::new(heaps))
    }
}

impl Ruleset for EndsGame {
    type Position = Row;

    /// The moves of [`PlainEnds`], in the same order, each with its end.
    fn options(&self, row: &Row, out: &mut Vec<Row>) {
        let heaps = &row.heaps;
        let Some(&first) = heaps.first() else { return };
        out.extend((0..first).map(|keep| row.after(true, keep)));
        if heaps.len() > 1 {
            let last = heaps[heaps.len() - 1];
            out.extend((0..last).map(|keep| row.after(false, keep)));
        }
    }
}

impl Game for EndsGame {
    fn name(&self) -> String {
        "ends".into()
    }

    fn key(&self, row: &Row) -> Key {
        row.heaps.clone()
    }

    fn show(&self, row: &Row) -> Json {
        Json::from(row.heaps.clone())
    }

    fn describe(&self, from: &Row, to: &Row) -> String {
        let heaps = &from.heaps;
        let n = heaps.len();
        // (A row not made by one of `from`'s options: a move from the left keeps `from`'s
        // right part.)
        let from_left = to
            .from_left
            .unwrap_or_else(|| to.heaps.ends_with(&heaps[1..]));
        let (side, size, kept) = if from_left {
            ("leftmost", heaps[0], to.heaps.first())
        } else {
            ("rightmost", heaps[n - 1], to.heaps.last())
        };
        let keep = if to.heaps.len() < n {
            0
        } else {
            *kept.unwrap_or(&0)
        };
        if keep == 0 {
            format!("take all {size} from the {side} heap")
        } else {
            format!(
                "take {} from the {side} heap: {size} -> {keep}",
                size - keep
            )
        }
    }

    /// The exact Grundy value is searched for small rows only; the outcome never needs it.
    fn searchable(&self, row: &Row) -> Result<(), SolveError> {
        // A move takes from the first or the last heap: as many options as they hold.
        let (first, last) = (row.heaps.first(), row.heaps.last());
        let options = first
            .zip(last)
            .map_or(0, |(a, b)| u128::from(*a) + u128::from(*b));
        if options > u128::from(MAX_LISTED) {
            return Err(SolveError::TooLarge(format!(
                "ends: {options} moves, too many to list one by one (the end heaps may hold \
                 {MAX_LISTED} stones at most together)"
            )));
        }
        Ok(())
    }

    fn solvable(&self, row: &Row) -> Result<(), SolveError> {
        small_enough(&row.heaps)
    }

    fn outcome(&self, row: &Row) -> Option<Outcome> {
        Some(Outcome::p_if(
            !self.tables_for(&row.heaps).first_player_wins(),
        ))
    }

    fn options_to(
        &self,
        row: &Row,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Row>, usize), SolveError>> {
        // The P-positions come from the interval DP at any size; other values need the search.
        if !target.is_zero() {
            return None;
        }
        let moves = self.tables_for(&row.heaps).winning_moves();
        let total = moves.len();
        let first = moves.into_iter().take(limit);
        Some(Ok((
            first.map(|(l, keep)| row.after(l, keep)).collect(),
            total,
        )))
    }
}

/// The row `heaps` (none of them empty) as a component.
pub fn position(heaps: Vec<u64>) -> Box<dyn Component> {
    RulesetComponent::boxed(EndsGame::default(), Row::new(heaps))
}

/// The bound on positions that [`small_enough`] allows a quarter of: rows whose plain game is well
/// within the solver's cap.
const VALUE_CAP: usize = 1_000_000;

/// The most options of a row listed one by one (for play, misère play and Every-SG).
const MAX_LISTED: u64 = 1 << 22;

/// A row small enough for an exact Grundy value: the plain game has about `n² · max²` positions
/// (a segment and what is left of its two end heaps).
fn small_enough(heaps: &[u64]) -> Result<(), SolveError> {
    let n = heaps.len() as u128;
    let max = heaps.iter().copied().max().unwrap_or(0) as u128;
    // Saturating: four factors near 2^62 would wrap a u128 to a small number.
    let size = n.saturating_mul(n).saturating_mul(max).saturating_mul(max);
    if size <= VALUE_CAP as u128 / 4 {
        Ok(())
    } else {
        Err(SolveError::TooLarge(
            "ends: the exact Grundy value is only searched for small rows (the outcome and the winning moves come from the interval DP)".into(),
        ))
    }
}

/// The registry entry for `ends`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "ends",
        "ends HEAP... (heaps in a row)",
        "take any positive number of stones from the leftmost or the rightmost heap; whoever cannot move loses (not a sum of games)",
        "ends 1 4 4",
        build,
    )
    .drawn(Drawing::Piles)
    .aliases(&["take-from-either-end"])
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    if words.len() > MAX_HEAPS {
        return Err(words[MAX_HEAPS].error(format!("at most {MAX_HEAPS} heaps in a row")));
    }
    let heaps = parse_heaps(spec, words, MAX_HEAP)?;
    if let Some(i) = heaps.iter().position(|&h| h == 0) {
        return Err(words[i].error("a heap in the row must hold at least one stone"));
    }
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
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn interval_dp_matches_the_plain_game(row in proptest::collection::vec(1u64..6, 1..6)) {
            let (g, want) = brute_force_winning_moves(PlainEnds, &row);
            let tables = Ends::new(&row);
            prop_assert_eq!(tables.first_player_wins(), !g.is_zero(), "row {:?}", row);
            let got: Vec<Vec<u64>> = tables
                .winning_moves()
                .into_iter()
                .map(|(l, k)| Ends::apply(&row, l, k))
                .collect();
            prop_assert_eq!(position_set(got), position_set(want));
        }
    }

    #[test]
    fn a_thousand_heaps_of_a_billion() {
        let row: Vec<u64> = (0..1000u64)
            .map(|i| (i * 7_919 + 13) % 1_000_000_000 + 1)
            .collect();
        let _ = Ends::new(&row).first_player_wins();
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            rows in proptest::collection::vec(proptest::collection::vec(1u64..4, 1..4), 1..=2)
        ) {
            let positions: Vec<Row> = rows.into_iter().map(Row::new).collect();
            assert_conventions_match_brute_force(&EndsGame::default(), &positions)?;
        }

        #[test]
        fn options_are_the_plain_games_and_say_their_end(row in proptest::collection::vec(1u64..5, 1..5)) {
            let game = EndsGame::default();
            let mut options = Vec::new();
            game.options(&Row::new(row.clone()), &mut options);
            let mut plain = Vec::new();
            PlainEnds.options(&row, &mut plain);
            let heaps: Vec<Vec<u64>> = options.iter().map(|q| q.heaps.clone()).collect();
            prop_assert_eq!(&heaps, &plain);
            // The description without the tag (read off the rows) is the same.
            for q in &options {
                let bare = Row::new(q.heaps.clone());
                let from = Row::new(row.clone());
                if q.heaps.len() == row.len() || !row.iter().all(|&h| h == row[0]) {
                    prop_assert_eq!(game.describe(&from, q), game.describe(&from, &bare));
                }
            }
        }
    }

    #[test]
    fn both_ends_of_a_constant_row_are_said() {
        let mut sum = vec![position(vec![3, 3]), position(vec![1, 2])];
        let a = analyse(&mut sum, usize::MAX).unwrap();
        let said: Vec<&str> = a
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert_eq!(
            said,
            [
                "in component 1 (ends): take all 3 from the leftmost heap",
                "in component 1 (ends): take all 3 from the rightmost heap",
                "in component 2 (ends): take 1 from the rightmost heap: 2 -> 1",
            ]
        );
    }
}
