//! Subtraction games, Bash's game among them.
//!
//! **Rules.** There are heaps of tokens and a subtraction set `S` of positive integers. A move
//! takes `s` tokens from one heap, for some `s` in `S` with `s` at most the heap. The player who
//! cannot move loses. Bash's game `bash:K` is `S = {1, …, K}`.
//!
//! **Theorem.** In Bash's game a heap of `n` has value `n mod (K+1)`: from a multiple of `K+1`
//! every move leaves a non-multiple, and from a non-multiple taking `n mod (K+1)` returns to one.
//! For a finite `S` the values are eventually periodic (a window of `max S` repeated values
//! repeats forever), and are found by the generic solver.
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::subtraction::Subtraction;
//! assert_eq!(Subtraction::bash(3).heap_value(10), Some(Nimber(2)));
//! ```

use grundy_core::heap::HeapStepGroup;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::spec::{parse_heaps, parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// Which amounts may be subtracted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// `{1, …, k}` (Bash's game).
    UpTo(u64),
    /// A finite set, sorted, without repeats.
    Finite(Vec<u64>),
}

impl SubtractionSet {
    fn amounts(&self, n: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            SubtractionSet::UpTo(k) => Box::new(1..=(*k).min(n)),
            SubtractionSet::Finite(s) => Box::new(s.iter().copied().take_while(move |&s| s <= n)),
        }
    }
}

/// The rules of a subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: SubtractionSet,
}

/// Largest heap for a subtraction game without a closed form (searched by the generic solver).
pub const MAX_SEARCHED_HEAP: u64 = 1 << 22;

impl Subtraction {
    /// Bash's game: take 1 to `k` tokens.
    pub fn bash(k: u64) -> Self {
        Subtraction {
            set: SubtractionSet::UpTo(k),
        }
    }

    /// The subtraction game with set `s` (any order, repeats allowed; zero is ignored).
    pub fn finite(mut s: Vec<u64>) -> Self {
        s.retain(|&x| x > 0);
        s.sort_unstable();
        s.dedup();
        Subtraction {
            set: SubtractionSet::Finite(s),
        }
    }

    /// The subtraction set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl HeapRuleset for Subtraction {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        out.extend(self.set.amounts(n).map(|s| vec![n - s]));
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        match self.set {
            SubtractionSet::UpTo(k) => Some(Nimber(n % (k + 1))),
            SubtractionSet::Finite(_) => None,
        }
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        // Only one residue class mod K+1 can be reached, by taking exactly this many.
        let take = (n % (k + 1) + (k + 1) - target.0 % (k + 1)) % (k + 1);
        Some(if target.0 <= k && take >= 1 && take <= n {
            vec![vec![n - take]]
        } else {
            Vec::new()
        })
    }

    /// Bash heaps are SJ atoms: no move splits, and a heap `n ≡ 0 mod K+1`, `n > 0`, has the
    /// move to `n − K`, of value 1. Other sets are checked heap by heap.
    fn sj_heaps(&self) -> Option<bool> {
        match self.set {
            SubtractionSet::UpTo(_) => Some(true),
            SubtractionSet::Finite(_) => None,
        }
    }

    /// Bash: from `n = q(K+1) + r` the only move to a P-position takes `r`, and from a multiple of
    /// `K+1` every move reaches the same step count; each round of two moves removes `K+1`: `2q`
    /// moves, plus one if `r > 0`.
    fn heap_steps(&self, n: u64) -> Option<u64> {
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        // 2·⌊n/(K+1)⌋ ≤ n, so this cannot overflow.
        Some(2 * (n / (k + 1)) + u64::from(!n.is_multiple_of(k + 1)))
    }

    /// Bash: the options `n−K … n−1` span at most two blocks of `K+1`; in block `q` the multiple
    /// of `K+1` has step count `2q` and the others `2q+1`.
    fn heap_step_groups(&self, n: u64, limit: usize) -> Option<Vec<HeapStepGroup>> {
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        let mut groups = Vec::new();
        if n == 0 {
            return Some(groups);
        }
        let (lo, hi) = (n - k.min(n), n - 1);
        for q in lo / (k + 1)..=hi / (k + 1) {
            let base = q * (k + 1);
            let (a, b) = (lo.max(base), hi.min(base.saturating_add(k)));
            if a == base {
                groups.push((2 * q, 1, vec![vec![base]]));
            }
            let start = a.max(base + 1);
            if start <= b {
                let listed = (start..=b).take(limit).map(|m| vec![m]).collect();
                groups.push((2 * q + 1, b - start + 1, listed));
            }
        }
        Some(groups)
    }

    fn max_heap(&self) -> u64 {
        match self.set {
            SubtractionSet::UpTo(_) => u64::MAX,
            SubtractionSet::Finite(_) => MAX_SEARCHED_HEAP,
        }
    }
}

/// A position of the subtraction game `ruleset`, named `spec`.
pub fn position(spec: &str, ruleset: Subtraction, heaps: Vec<u64>) -> Box<dyn Component> {
    Box::new(HeapPosition::new(spec, ruleset, heaps))
}

/// The registry entries for `bash:K` and `sub:S`.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry {
            name: "bash",
            aliases: &[],
            syntax: "bash:K HEAP...",
            rules: "take 1 to K tokens from one heap; whoever cannot move loses",
            example: "bash:3 7 10",
            build: build_bash,
            matches: None,
        },
        GameEntry {
            name: "sub",
            aliases: &["subtraction"],
            syntax: "sub:S1,S2,... HEAP...",
            rules:
                "take s tokens from one heap, s in the subtraction set; whoever cannot move loses",
            example: "sub:1,3,4 10 12",
            build: build_finite,
            matches: None,
        },
    ]
}

fn build_bash(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let k = parse_number_text(
        spec.require_params("bash:K")?,
        "K",
        1_000_000_000_000_000_000,
    )
    .map_err(|m| spec.error(m))?;
    if k == 0 {
        return Err(spec.error("K must be at least 1"));
    }
    let rules = Subtraction::bash(k);
    let heaps = parse_heaps(spec, words, rules.max_heap())?;
    Ok(position(&spec.word.text, rules, heaps))
}

fn build_finite(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("sub:S1,S2,...")?;
    let set = params
        .split(',')
        .map(|t| parse_number_text(t, "each amount", MAX_SEARCHED_HEAP))
        .collect::<Result<Vec<u64>, String>>()
        .map_err(|m| spec.error(m))?;
    if set.iter().all(|&s| s == 0) {
        return Err(spec.error("the subtraction set needs a positive amount"));
    }
    let rules = Subtraction::finite(set);
    let heaps = parse_heaps(spec, words, rules.max_heap())?;
    Ok(position(&spec.word.text, rules, heaps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bash_closed_form_matches_the_solver(
            k in 1u64..6,
            heaps in proptest::collection::vec(0u64..25, 1..4),
        ) {
            assert_heap_fast_path_matches_solver(&Subtraction::bash(k), &heaps)?;
        }
    }

    #[test]
    fn bash_at_the_top_of_the_range() {
        let b = Subtraction::bash(1_000_000_000_000_000_000);
        assert_eq!(
            b.heap_value(u64::MAX),
            Some(Nimber(u64::MAX % 1_000_000_000_000_000_001))
        );
        let moves = b.heap_moves_to(u64::MAX, Nimber(0)).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0][0] % 1_000_000_000_000_000_001, 0);
    }

    #[test]
    fn subtraction_1_3_4_has_period_7() {
        // Winning Ways: S = {1,3,4} has values 0 1 0 1 2 3 2, repeating with period 7.
        let mut p = HeapPosition::new("sub:1,3,4", Subtraction::finite(vec![4, 1, 3]), vec![]);
        let values: Vec<u64> = (0..21).map(|n| p.heap_value(n).unwrap().0).collect();
        let period = [0, 1, 0, 1, 2, 3, 2];
        for (n, v) in values.iter().enumerate() {
            assert_eq!(*v, period[n % 7], "n = {n}");
        }
    }
}
