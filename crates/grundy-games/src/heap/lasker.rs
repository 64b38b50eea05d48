//! Lasker's Nim.
//!
//! **Rules.** There are heaps of tokens. A move either takes any positive number of tokens from
//! one heap, or splits one heap into two non-empty heaps. The player who cannot move loses.
//!
//! **Theorem (Lasker; Winning Ways ch. 4).** `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) =
//! 4k+4`, `G(4k+4) = 4k+3`: the values are arithmetically periodic with preperiod 1, period 4 and
//! saltus 4. (By induction: the options of `n` reach every value below `n` by taking, the splits
//! of an odd `n` add nothing new, and a split of `4k+3` into two odd heaps reaches `4k+3`.)
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::lasker::Lasker;
//! assert_eq!(Lasker.heap_value(7), Some(Nimber(8)));
//! assert_eq!(Lasker.heap_value(8), Some(Nimber(7)));
//! ```

use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::entry::{Drawing, GameEntry};
use crate::heap::table::TableGame;
use crate::heap::take_and_break::{Amounts, TakeBreakRules};
use crate::period::Period;
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};

/// The rules of Lasker's Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// Lasker's theorem.
pub fn value(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The period Lasker's theorem proves (checked up to `upto`).
pub fn period(upto: u64) -> Period {
    Period {
        preperiod: 1,
        period: 4,
        saltus: 4,
        proved: true,
        checked_upto: upto,
    }
}

/// Lasker's Nim as take-and-break rules (for the naive table).
pub fn rules() -> TakeBreakRules {
    let mut r = TakeBreakRules::empty();
    r.by_parts[0] = Amounts::All;
    r.by_parts[1] = Amounts::All;
    r.by_parts[2] = Amounts::Finite(vec![0]);
    r
}

impl HeapRuleset for Lasker {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        rules().options(n, out)
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        // n % 4 == 3 and n = u64::MAX would overflow; that heap is the only one.
        n.checked_add(1).map(|_| Nimber(value(n)))
    }

    /// Past the table, by the theorem: `G` is an involution of the heap sizes, so exactly one heap
    /// `G(t)` has the value `t` (one take), and the splits `a + (n - a)` are checked one by one
    /// (n/2 of them: no list of options is built). In `heap_options`' order: takes, then splits.
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        if n > COUNT_LIMIT {
            return None;
        }
        let t = target.0;
        let mut count = 0;
        let mut first = Vec::new();
        let mut hit = |opt: Vec<u64>| {
            count += 1;
            if first.len() < limit {
                first.push(opt);
            }
        };
        if t == 0 {
            hit(Vec::new());
        } else if t <= n && value(t) < n {
            hit(vec![value(t)]);
        }
        for a in 1..=n / 2 {
            if value(a) ^ value(n - a) == t {
                hit(vec![a, n - a]);
            }
        }
        Some((count, first))
    }
}

/// The largest heap whose winning moves are counted split by split (about a second's work).
const COUNT_LIMIT: u64 = 1 << 30;

/// The registry entry for `lasker`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "lasker",
        "lasker HEAP...",
        "take any positive number of tokens from one heap, or split a heap into two \
                non-empty heaps; whoever cannot move loses",
        "lasker 3 7",
        build,
    )
    .aliases(&["laskers-nim"])
    .tabulated(|spec| Ok(Box::new(table(spec)?)))
    .drawn(Drawing::Heaps)]
}

pub(crate) fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    spec.forbid_params()?;
    Ok(TableGame::formula(
        spec,
        Box::new(value),
        Box::new(Lasker),
        Some(period(0)),
        "Lasker's Nim theorem (Winning Ways, ch. 4): G = n - 1, n, n, n + 1 as n mod 4 = 0, 1, 2, 3",
    ))
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    let heaps = parse_heaps(spec, words, u64::MAX - 1)?;
    Ok(Box::new(HeapPosition::new("lasker", Lasker, heaps)))
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
        fn theorem_matches_brute_force(heaps in proptest::collection::vec(0u64..16, 1..3)) {
            assert_heap_fast_path_matches_solver(&Lasker, &heaps)?;
        }
    }

    #[test]
    fn moves_counted_by_the_theorem_are_the_options_of_that_value() {
        for n in 1..120u64 {
            let mut options = Vec::new();
            Lasker.heap_options(n, &mut options);
            for t in 0..2 * n + 4 {
                let mut want: Vec<Vec<u64>> = options
                    .iter()
                    .filter(|o| o.iter().fold(0, |x, &h| x ^ value(h)) == t)
                    .map(|o| o.iter().copied().filter(|&h| h > 0).collect())
                    .collect();
                let (count, mut got) = Lasker.heap_moves_counted(n, Nimber(t), usize::MAX).unwrap();
                assert_eq!(count as usize, want.len(), "n = {n}, t = {t}");
                want.sort();
                got.sort();
                assert_eq!(got, want, "n = {n}, t = {t}");
                let (_, few) = Lasker.heap_moves_counted(n, Nimber(t), 1).unwrap();
                assert_eq!(few.len(), want.len().min(1));
            }
        }
    }

    #[test]
    fn theorem_matches_the_naive_table() {
        let t = naive_table(&rules_only(), 200);
        for (n, &v) in t.iter().enumerate() {
            assert_eq!(v as u64, value(n as u64), "n = {n}");
        }
        let p = period(200);
        for n in p.preperiod..190 {
            assert_eq!(value(n + p.period), value(n) + p.saltus);
        }
    }

    struct OptionsOnly;
    impl HeapRuleset for OptionsOnly {
        fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
            Lasker.heap_options(n, out)
        }
    }
    fn rules_only() -> OptionsOnly {
        OptionsOnly
    }
}
