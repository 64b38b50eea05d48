//! The split game.
//!
//! **Rules.** There are heaps of tokens. A move removes one heap, of size `a`, and puts down two
//! heaps of sizes `i` and `j` with `0 <= i, j < a` (empty heaps vanish). The game ends because the
//! largest heap shrinks; the player who cannot move (no heap left) loses.
//!
//! **Theorem.** `G(0) = 0` and, for `n >= 1`, `G(n)` is the `n`-th *odious* number (odd number of
//! 1 bits): 1, 2, 4, 7, 8, 11, 13, 14, …, i.e. `G(n) = 2(n−1) + [popcount(n−1) even]`. By
//! induction: the values below `n` are 0 and the first `n−1` odious numbers, whose pairwise XORs
//! are exactly the numbers below `2(n−1)` plus the evil ones up to it, so the mex is the next
//! odious number. Values being distinct, a target value is reached from one heap `i` by exactly
//! one partner `j`, which makes listing winning moves linear.
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::split::Split;
//! assert_eq!(Split.heap_value(4), Some(Nimber(7)));
//! ```

use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::entry::{Drawing, GameEntry};
use crate::heap::table::TableGame;
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};

/// The rules of the split game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Split;

/// The theorem: `G(n)`.
pub fn value(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        2 * (n - 1) + u64::from((n - 1).count_ones().is_multiple_of(2))
    }
}

/// The heap whose value is `v`, if any.
fn heap_of(v: u64) -> Option<u64> {
    if v == 0 {
        Some(0)
    } else if v.count_ones() % 2 == 1 {
        Some(v / 2 + 1)
    } else {
        None
    }
}

/// How many smaller heaps `heap_moves_counted` tries for a partner before it stops listing.
const SCAN_LIMIT: u64 = 1 << 24;

/// How many options of a heap of `n` (two heaps `i <= j < n`, empty ones vanishing) have the value
/// `t`. The values below `G(n)` taken by heaps below `n` are 0 and the odious numbers, and `G`
/// increases, so this counts the pairs `{x, y}` of such values below `v = G(n)` with
/// `x ^ y = t`. For `t = 0`: `x = y`, one pair per heap. For odious `t`: `x` and `y` differ in
/// the parity of their bits, so one of them is 0 and the pair is `{0, t}`. For evil `t != 0`:
/// both are odious, and the ordered pairs are counted bit by bit from the top, keeping whether
/// `x` and `x ^ t` are already below `v` and the parity of `x`'s bits.
pub fn pairs_of_value(n: u64, t: u64) -> u64 {
    let v = value(n);
    if t == 0 {
        return n;
    }
    if t.count_ones() % 2 == 1 {
        return u64::from(t < v);
    }
    // ways[below_x][below_y][parity]
    let mut ways = [[[0u128; 2]; 2]; 2];
    ways[0][0][0] = 1;
    for b in (0..64).rev() {
        let (vb, tb) = ((v >> b) & 1, (t >> b) & 1);
        let mut next = [[[0u128; 2]; 2]; 2];
        for (bx, row) in ways.iter().enumerate() {
            for (by, cell) in row.iter().enumerate() {
                for (parity, &w) in cell.iter().enumerate() {
                    if w == 0 {
                        continue;
                    }
                    for xb in 0..2u64 {
                        let yb = xb ^ tb;
                        if (bx == 0 && xb > vb) || (by == 0 && yb > vb) {
                            continue;
                        }
                        let nx = usize::from(bx == 1 || xb < vb);
                        let ny = usize::from(by == 1 || yb < vb);
                        next[nx][ny][parity ^ xb as usize] += w;
                    }
                }
            }
        }
        ways = next;
    }
    u64::try_from(ways[1][1][1] / 2).unwrap_or(u64::MAX)
}

/// Largest heap: values (about 2n) must fit in a u64.
pub const MAX_HEAP: u64 = u64::MAX / 2;

impl HeapRuleset for Split {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        for i in 0..n {
            for j in i..n {
                out.push(vec![i, j]);
            }
        }
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(value(n)))
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if n > ENUMERATION_LIMIT {
            return None;
        }
        let mut out = Vec::new();
        for i in 0..n {
            if let Some(j) = heap_of(value(i) ^ target.0) {
                if i <= j && j < n {
                    out.push([i, j].into_iter().filter(|&h| h > 0).collect());
                }
            }
        }
        Some(out)
    }

    /// Past the table, by the theorem: the values of the heaps below `n` are 0 and the odious
    /// numbers below `G(n)`, so the pairs of value `t` are counted over the bits of `G(n)` and `t`
    /// (see [`pairs_of_value`]), and the first ones found in the order of `heap_options`.
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let count = pairs_of_value(n, target.0);
        let mut first = Vec::new();
        // Each smaller heap `i` has at most one partner; when hits are rare, the scan gives up
        // rather than walk 10^18 heaps (the count stays exact).
        let mut i = 0;
        while first.len() < limit && (first.len() as u64) < count && i < n && i < SCAN_LIMIT {
            if let Some(j) = heap_of(value(i) ^ target.0) {
                if i <= j && j < n {
                    first.push([i, j].into_iter().filter(|&h| h > 0).collect());
                }
            }
            i += 1;
        }
        Some((count, first))
    }

    fn max_heap(&self) -> u64 {
        MAX_HEAP
    }

    fn describe(&self, heap: usize, from: u64, to: &[u64]) -> String {
        let left: Vec<String> = to.iter().filter(|&&h| h > 0).map(u64::to_string).collect();
        match left.len() {
            0 => format!("remove heap {heap} ({from})"),
            1 => format!("replace heap {heap} ({from}) by {}", left[0]),
            _ => format!(
                "replace heap {heap} ({from}) by heaps {}",
                left.join(" and ")
            ),
        }
    }
}

/// The registry entry for `split`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "split",
        "split HEAP...",
        "remove a heap of size a and put down two heaps of sizes i, j with 0 <= i, j < a; \
                whoever cannot move loses",
        "split 4 6",
        build,
    )
    .tabulated(|spec| Ok(Box::new(table(spec)?)))
    .drawn(Drawing::Heaps)]
}

pub(crate) fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    spec.forbid_params()?;
    // No period: G(n) grows without bound, so the table engine only observes.
    Ok(TableGame::formula(
        spec,
        Box::new(value),
        Box::new(Split),
        None,
        "the split game's theorem: G(n) is the n-th odious number",
    ))
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    let heaps = parse_heaps(spec, words, MAX_HEAP)?;
    Ok(Box::new(HeapPosition::new("split", Split, heaps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::sparse::naive_table;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn theorem_matches_brute_force(heaps in proptest::collection::vec(0u64..5, 1..3)) {
            assert_heap_fast_path_matches_solver(&Split, &heaps)?;
        }
    }

    struct OptionsOnly;
    impl HeapRuleset for OptionsOnly {
        fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
            Split.heap_options(n, out)
        }
    }

    #[test]
    fn moves_counted_by_the_theorem_are_the_options_of_that_value() {
        for n in 1..90u64 {
            let mut options = Vec::new();
            Split.heap_options(n, &mut options);
            for t in 0..300 {
                let want: Vec<Vec<u64>> = options
                    .iter()
                    .filter(|o| value(o[0]) ^ value(o[1]) == t)
                    .map(|o| o.iter().copied().filter(|&h| h > 0).collect())
                    .collect();
                let (count, got) = Split.heap_moves_counted(n, Nimber(t), usize::MAX).unwrap();
                assert_eq!(count as usize, want.len(), "n = {n}, t = {t}");
                assert_eq!(got, want, "n = {n}, t = {t}");
                let (_, few) = Split.heap_moves_counted(n, Nimber(t), 2).unwrap();
                assert_eq!(few, want[..want.len().min(2)].to_vec());
            }
        }
    }

    #[test]
    fn theorem_matches_the_naive_table() {
        let t = naive_table(&OptionsOnly, 120);
        for (n, &v) in t.iter().enumerate() {
            assert_eq!(v as u64, value(n as u64), "n = {n}");
            assert_eq!(heap_of(value(n as u64)), Some(n as u64));
        }
    }
}
