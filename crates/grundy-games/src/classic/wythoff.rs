//! Wythoff's game.
//!
//! **Rules.** There are two heaps. A move takes any positive number of tokens from one heap, or
//! the same positive number from both. The player who cannot move (both heaps empty) loses.
//!
//! **Theorem (Wythoff, 1907).** The P-positions are the pairs `(⌊kφ⌋, ⌊kφ²⌋)` for `k = 0, 1, 2, …`
//! (and their mirror images), where `φ = (1 + √5)/2`; the two sequences `A(k) = ⌊kφ⌋` and
//! `B(k) = A(k) + k` split the positive integers between them (Beatty). So a position is decided
//! in constant time, and from an N-position the winning moves are the (at most three) moves to a
//! P-position: keep one heap and bring the other to its partner, or keep the difference `d` and
//! move to `(A(d), B(d))`. `A(k)` is computed exactly in integers, as `⌊(k + ⌊√(5k²)⌋)/2⌋` with a
//! 128-bit integer square root (the floor is unchanged because `√(5k²)` is irrational for `k > 0`),
//! so positions with heaps up to 10^18 are decided without floating point.
//!
//! No formula is known for the Grundy values of Wythoff's game, which a sum with other games
//! needs; they are computed by a table (the mex over the row, column and diagonal, kept as
//! bitsets) for heaps below [`TABLE_SIZE`] = 1024, row by row, in one table the whole process
//! shares (grown by doubling), so a plot of every position up to 1000×1000 builds it once. A lone
//! Wythoff position of any size is decided by its P-positions; only a sum needs the values.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::wythoff;
//! // (3, 5) = (⌊2φ⌋, ⌊2φ²⌋) is a P-position.
//! let mut sum = vec![wythoff::position(3, 5)];
//! assert_eq!(analyse(&mut sum, 100).unwrap().outcome, Outcome::P);
//! // (4, 6) is N: its one winning move keeps the difference 2 and goes to (A(2), B(2)) = (3, 5).
//! let mut sum = vec![wythoff::position(4, 6)];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.grundy.unwrap().0, 9);
//! assert_eq!(a.winning_moves_total, 1);
//! assert_eq!(a.winning_moves[0].description, "take 1 from both heaps: (4, 6) -> (3, 5)");
//! ```

use std::cell::OnceCell;
use std::sync::{Arc, Mutex};

use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The largest heap accepted: `5k²` must fit in 128 bits with room to spare.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// Grundy values are tabulated for heaps below this size.
pub const TABLE_SIZE: u64 = 1024;

/// `A(k) = ⌊kφ⌋`, exactly, for `k ≤ MAX_HEAP`.
pub fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// `B(k) = ⌊kφ²⌋ = A(k) + k`.
pub fn upper(k: u64) -> u64 {
    lower(k) + k
}

/// The heap that makes a P-position together with a heap of `n`: `B(k)` if `n = A(k)`, `A(k)`
/// if `n = B(k)`, and 0 for 0.
pub fn partner(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    // If n = A(k) then n/φ < k < (n+1)/φ, so k = ⌊n/φ⌋ + 1 = A(n) - n + 1.
    let k = lower(n) - n + 1;
    if lower(k) == n {
        return upper(k);
    }
    // Otherwise n = B(j) with j = ⌊n/φ²⌋ + 1 = 2n - A(n), by the same argument.
    let j = 2 * n - lower(n);
    debug_assert_eq!(upper(j), n, "Beatty: every positive integer is an A or a B");
    lower(j)
}

/// Whether `(a, b)` is a P-position.
pub fn is_p(a: u64, b: u64) -> bool {
    partner(a) == b
}

/// Every move from `(x, y)` to a P-position, as the heaps after the move (in the same order).
pub fn winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let px = partner(x);
    let py = partner(y);
    if py < x {
        out.push((py, y));
    }
    if px < y {
        out.push((x, px));
    }
    let (lo, hi) = (x.min(y), x.max(y));
    let d = hi - lo;
    let (a, b) = (lower(d), upper(d));
    if a < lo {
        out.push(if x <= y { (a, b) } else { (b, a) });
    }
    out
}

/// The rules of Wythoff's game, on ordered pairs of heaps, with the values of positions up to a
/// bound tabulated on first use (the bound is the position being solved: every option is below it).
#[derive(Clone, Debug, Default)]
pub struct Wythoff {
    bound: (u64, u64),
    table: OnceCell<Arc<Table>>,
}

impl Wythoff {
    /// The rules, ready to value positions up to `(x, y)` (tabulated when below [`TABLE_SIZE`]).
    pub fn up_to(x: u64, y: u64) -> Self {
        Wythoff {
            bound: (x, y),
            table: OnceCell::new(),
        }
    }
}

impl Ruleset for Wythoff {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..x).map(|a| (a, y)));
        out.extend((0..y).map(|b| (x, b)));
        out.extend((1..=x.min(y)).map(|t| (x - t, y - t)));
    }

    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<Nimber> {
        let (bx, by) = self.bound;
        if x > bx || y > by || bx >= TABLE_SIZE || by >= TABLE_SIZE {
            return None;
        }
        Some(self.table.get_or_init(|| shared_table(bx, by)).get(x, y))
    }
}

/// A move in a game of two heaps as data: `{"kind": "two-heaps", "heap": 0 | 1 | "both",
/// "take": t, "from": [x, y], "to": [x', y']}`, `take` being what left each heap it changed.
pub(crate) fn two_heap_fields((x, y): (u64, u64), to: (u64, u64)) -> Json {
    let (a, b) = (x.abs_diff(to.0), y.abs_diff(to.1));
    let (heap, take) = match (a, b) {
        (t, 0) => (Json::from(0), t),
        (0, t) => (Json::from(1), t),
        (t, _) => (Json::from("both"), t),
    };
    serde_json::json!({ "kind": "two-heaps", "heap": heap, "take": take, "from": [x, y], "to": [to.0, to.1] })
}

impl Game for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }

    fn key(&self, &(x, y): &(u64, u64)) -> Key {
        vec![x, y]
    }

    fn show(&self, &(x, y): &(u64, u64)) -> Json {
        Json::from(vec![x, y])
    }

    fn describe(&self, &(x, y): &(u64, u64), to: &(u64, u64)) -> String {
        match (x - to.0, y - to.1) {
            (t, 0) => format!("take {t} from heap 1: {x} -> {}", to.0),
            (0, t) => format!("take {t} from heap 2: {y} -> {}", to.1),
            (t, _) => format!(
                "take {t} from both heaps: ({x}, {y}) -> ({}, {})",
                to.0, to.1
            ),
        }
    }

    fn move_fields(&self, &(x, y): &(u64, u64), to: &(u64, u64)) -> Json {
        two_heap_fields((x, y), *to)
    }

    fn searchable(&self, &(x, y): &(u64, u64)) -> Result<(), SolveError> {
        // Every option is listed: x + y + min(x, y) of them.
        let options = u128::from(x) + u128::from(y) + u128::from(x.min(y));
        if options > u128::from(ENUMERATION_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "wythoff: ({x}, {y}) has {options} moves, too many to list one by one (at most \
                 {ENUMERATION_LIMIT})"
            )));
        }
        Ok(())
    }

    fn solvable(&self, &(x, y): &(u64, u64)) -> Result<(), SolveError> {
        if x >= TABLE_SIZE || y >= TABLE_SIZE {
            return Err(SolveError::TooLarge(format!(
                "wythoff: no formula is known for Grundy values of Wythoff's game, and they are \
                 tabulated only for heaps below {TABLE_SIZE}; ({x}, {y}) can be decided alone but \
                 not in a sum"
            )));
        }
        Ok(())
    }

    fn outcome(&self, &(x, y): &(u64, u64)) -> Option<Outcome> {
        Some(Outcome::p_if(is_p(x, y)))
    }

    fn options_to(
        &self,
        &(x, y): &(u64, u64),
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<(u64, u64)>, usize), SolveError>> {
        // The P-positions are known at any size; other values need the table.
        target.is_zero().then(|| {
            let hits = winning_moves(x, y);
            let total = hits.len();
            Ok((hits.into_iter().take(limit).collect(), total))
        })
    }
}

/// The table of the process: a position's value does not depend on the bound it was asked
/// under, so the largest table built so far serves every smaller position.
static SHARED: Mutex<Option<Arc<Table>>> = Mutex::new(None);

/// A table holding `(x, y)` (both below [`TABLE_SIZE`]): the shared one, or a new one at least
/// twice its size (so positions asked in growing order cost the last table, not each one).
fn shared_table(x: u64, y: u64) -> Arc<Table> {
    let mut slot = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    let (rows, cols) = match slot.as_ref() {
        Some(t) if x < t.rows as u64 && y < t.cols as u64 => return t.clone(),
        Some(t) => (t.rows as u64, t.cols as u64),
        None => (0, 0),
    };
    let grow = |have: u64, need: u64| need.max(2 * have).min(TABLE_SIZE - 1);
    let table = Arc::new(Table::new(grow(rows, x), grow(cols, y)));
    *slot = Some(table.clone());
    table
}

/// Grundy values of every position `(i, j)` with `i ≤ rows`, `j ≤ cols`.
#[derive(Clone, Debug)]
struct Table {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl Table {
    fn new(rows: u64, cols: u64) -> Table {
        let (rows, cols) = (rows as usize + 1, cols as usize + 1);
        // A position has at most rows + cols + min options, so its value is below that.
        let words = (2 * rows + cols) / 64 + 1;
        let mut row_seen = vec![0u64; rows * words];
        let mut col_seen = vec![0u64; cols * words];
        let mut diag_seen = vec![0u64; (rows + cols) * words];
        let mut values = vec![0u32; rows * cols];
        for i in 0..rows {
            for j in 0..cols {
                let d = j + rows - i;
                let (r, c, g) = (i * words, j * words, d * words);
                let mut v = 0;
                for w in 0..words {
                    let seen = row_seen[r + w] | col_seen[c + w] | diag_seen[g + w];
                    if seen != u64::MAX {
                        v = w * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                values[i * cols + j] = v as u32;
                let (word, bit) = (v / 64, 1u64 << (v % 64));
                row_seen[r + word] |= bit;
                col_seen[c + word] |= bit;
                diag_seen[g + word] |= bit;
            }
        }
        Table { rows, cols, values }
    }

    fn get(&self, i: u64, j: u64) -> Nimber {
        Nimber(self.values[i as usize * self.cols + j as usize] as u64)
    }
}

/// The Wythoff position with heaps `x` and `y` (each at most [`MAX_HEAP`]).
pub fn position(x: u64, y: u64) -> Box<dyn Component> {
    RulesetComponent::boxed(Wythoff::up_to(x, y), (x, y))
}

/// The registry entry for `wythoff`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "wythoff",
        "wythoff A B (heaps up to 10^18; Grundy values, needed in sums, for heaps below 1024)",
        "take any positive number of tokens from one heap, or the same number from both; whoever cannot move loses",
        "wythoff 3 5",
        build,
    )
    .positions(Shape::Grid)
    .drawn(Drawing::Piles)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    match words {
        [a, b] => Ok(position(
            parse_number(a, "a heap size", MAX_HEAP)?,
            parse_number(b, "a heap size", MAX_HEAP)?,
        )),
        _ => Err(spec.error(format!(
            "Wythoff's game has exactly two heaps (got {})",
            words.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_conventions_match_brute_force, brute_force_winning_moves};
    use grundy_core::{BruteForce, Solver, Value};
    use proptest::prelude::*;

    fn sorted(mut v: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
        v.sort();
        v.dedup();
        v
    }

    proptest! {
        #[test]
        fn p_positions_and_table_match_the_solver(x in 0u64..30, y in 0u64..30) {
            let (g, want) = brute_force_winning_moves(Wythoff::default(), &(x, y));
            prop_assert_eq!(is_p(x, y), g.is_zero());
            prop_assert_eq!(sorted(winning_moves(x, y)), sorted(want));
            let mut c = RulesetComponent::new(Wythoff::up_to(x, y), (x, y));
            prop_assert_eq!(c.value().unwrap(), Value::Finite(g));
            let mut brute = Solver::new(BruteForce(Wythoff::default()));
            for t in 0..=g.0 + 2 {
                let mut reports = Vec::new();
                let n = c.moves_to(Nimber(t), usize::MAX, &mut reports).unwrap();
                prop_assert_eq!(n, reports.len());
                let got: Vec<(u64, u64)> = reports
                    .iter()
                    .map(|r| {
                        let v: Vec<u64> = serde_json::from_value(r.position.clone()).unwrap();
                        (v[0], v[1])
                    })
                    .collect();
                let want = brute.moves_to(&(x, y), Nimber(t)).unwrap();
                prop_assert_eq!(sorted(got), sorted(want));
            }
        }

        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            heaps in proptest::collection::vec((0u64..5, 0u64..5), 1..=2)
        ) {
            let bound = heaps.iter().fold((0, 0), |b, &(x, y)| (b.0.max(x), b.1.max(y)));
            assert_conventions_match_brute_force(&Wythoff::up_to(bound.0, bound.1), &heaps)?;
        }

        #[test]
        fn lower_is_the_floor_of_k_phi_up_to_10_18(k in 0u64..=MAX_HEAP) {
            // A = ⌊kφ⌋ iff A < kφ < A + 1, i.e. 2A - k < k√5 < 2A + 2 - k: compare squares.
            let (a, k) = (lower(k) as i128, k as i128);
            let five_k2 = 5 * k * k;
            prop_assert!(2 * a - k < 0 || (2 * a - k).pow(2) < five_k2);
            prop_assert!((2 * a + 2 - k).pow(2) > five_k2);
            prop_assert!(is_p(a as u64, (a + k) as u64));
        }

        #[test]
        fn winning_moves_of_huge_positions_reach_p_positions(
            x in 0u64..=MAX_HEAP, y in 0u64..=MAX_HEAP
        ) {
            let moves = winning_moves(x, y);
            prop_assert_eq!(moves.is_empty(), is_p(x, y));
            for (a, b) in moves {
                prop_assert!(is_p(a, b) && is_p(b, a));
                prop_assert!((a < x && b == y) || (a == x && b < y) || (x - a == y - b && a < x));
            }
        }
    }

    #[test]
    fn p_positions_match_the_greedy_construction() {
        // a_k is the least number not yet used, b_k = a_k + k.
        let n = 20_000u64;
        let mut used = vec![false; 3 * n as usize];
        let mut a = 0;
        for k in 0..n {
            while used[a as usize] {
                a += 1;
            }
            assert_eq!((lower(k), upper(k)), (a, a + k));
            used[a as usize] = true;
            used[(a + k) as usize] = true;
            assert_eq!(partner(a), a + k);
            assert_eq!(partner(a + k), a);
        }
    }

    #[test]
    fn the_largest_heaps_are_decided() {
        let k = 381_966_011_250_105_151; // ⌊10^18 / φ²⌋: B(k) is just below 10^18.
        let (a, b) = (lower(k), upper(k));
        assert!(b <= MAX_HEAP);
        let mut c = position(a, b);
        assert_eq!(c.outcome_hint().unwrap(), Some(Outcome::P));
        let mut sum = vec![position(a + 1, b)];
        let verdict = grundy_core::analyse(&mut sum, 10).unwrap();
        assert_eq!(verdict.outcome, Outcome::N);
        assert!(verdict.values.is_empty() && verdict.grundy.is_none());
        assert_eq!(verdict.winning_moves[0].position, serde_json::json!([a, b]));
        // In a sum the value is needed, and is unknown.
        let mut sum = vec![position(a, b), crate::heap::nim::position(vec![1])];
        assert!(grundy_core::analyse(&mut sum, 10).is_err());
    }
}
