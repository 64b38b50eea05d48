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

use crate::heap::table::TableGame;
use crate::spec::{parse_heaps, GameEntry, GameSpec, SpecError, Tabulation, Word};

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
    vec![GameEntry {
        name: "split",
        aliases: &[],
        syntax: "split HEAP...",
        rules: "remove a heap of size a and put down two heaps of sizes i, j with 0 <= i, j < a; \
                whoever cannot move loses",
        example: "split 4 6",
        build,
        matches: None,
        table: Some(Tabulation::Heaps(table)),
    }]
}

fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    spec.forbid_params()?;
    // No period: G(n) grows without bound, so the table engine only observes.
    Ok(TableGame::formula(
        spec,
        Box::new(value),
        Box::new(Split),
        None,
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
    fn theorem_matches_the_naive_table() {
        let t = naive_table(&OptionsOnly, 120);
        for (n, &v) in t.iter().enumerate() {
            assert_eq!(v as u64, value(n as u64), "n = {n}");
            assert_eq!(heap_of(value(n as u64)), Some(n as u64));
        }
    }
}
