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

use grundy_core::{Component, MoveReport, Nimber, Outcome, Ruleset, SolveError, Solver, Value};
use serde_json::Value as Json;

use crate::spec::{parse_heaps, GameEntry, GameSpec, SpecError, Word};

/// The interval tables of one row of heaps.
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

/// A row as a component.
pub struct EndsPosition {
    tables: Ends,
}

/// Positions stored when an exact Grundy value is asked for (only small rows have one).
const VALUE_CAP: usize = 1_000_000;

impl Component for EndsPosition {
    fn game(&self) -> String {
        "ends".into()
    }

    fn position(&self) -> Json {
        Json::from(self.tables.heaps.clone())
    }

    /// The exact Grundy value by search, for small rows only; the outcome never needs it.
    fn value(&mut self) -> Result<Value, SolveError> {
        small_enough(&self.tables.heaps)?;
        Solver::with_cap(PlainEnds, VALUE_CAP)
            .grundy(&self.tables.heaps)
            .map(Value::Finite)
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let heaps = &self.tables.heaps;
        let moves: Vec<(bool, u64)> = if target.is_zero() {
            self.tables.winning_moves()
        } else {
            small_enough(heaps)?;
            let mut solver = Solver::with_cap(PlainEnds, VALUE_CAP);
            let mut hits = Vec::new();
            let ends = [(true, heaps[0]), (false, heaps[heaps.len() - 1])];
            for (from_left, size) in ends.into_iter().take(heaps.len().min(2)) {
                for keep in 0..size {
                    if solver.grundy(&Ends::apply(heaps, from_left, keep))? == target {
                        hits.push((from_left, keep));
                    }
                }
            }
            hits
        };
        for &(from_left, keep) in moves.iter().take(limit) {
            let (side, size) = if from_left {
                ("leftmost", heaps[0])
            } else {
                ("rightmost", heaps[heaps.len() - 1])
            };
            let description = if keep == 0 {
                format!("take all {size} from the {side} heap")
            } else {
                format!(
                    "take {} from the {side} heap: {size} -> {keep}",
                    size - keep
                )
            };
            out.push(MoveReport {
                description,
                position: Json::from(Ends::apply(heaps, from_left, keep)),
            });
        }
        Ok(moves.len())
    }

    fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
        Ok(Some(Outcome::p_if(!self.tables.first_player_wins())))
    }
}

/// A row small enough for an exact Grundy value: the plain game has about `n² · max²` positions
/// (a segment and what is left of its two end heaps).
fn small_enough(heaps: &[u64]) -> Result<(), SolveError> {
    let n = heaps.len() as u128;
    let max = heaps.iter().copied().max().unwrap_or(0) as u128;
    if n * n * max * max <= VALUE_CAP as u128 / 4 {
        Ok(())
    } else {
        Err(SolveError::TooLarge(
            "ends: the exact Grundy value is only searched for small rows (the outcome and the winning moves come from the interval DP)".into(),
        ))
    }
}

/// The registry entry for `ends`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "ends",
        aliases: &["take-from-either-end"],
        syntax: "ends HEAP... (heaps in a row)",
        rules: "take any positive number of stones from the leftmost or the rightmost heap; whoever cannot move loses (not a sum of games)",
        example: "ends 1 4 4",
        build,
        matches: None,
    }]
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
    Ok(Box::new(EndsPosition {
        tables: Ends::new(&heaps),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{brute_force_winning_moves, position_set};
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
}
