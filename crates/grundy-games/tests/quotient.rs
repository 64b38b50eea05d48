//! Misère quotients of the registry's heap games: winning moves of big heaps counted by residue
//! classes (`HeapRuleset::heap_moves_where`) against the same moves listed one by one.

use grundy_core::quotient::{Caps, MisereQuotient};
use grundy_core::HeapRuleset;
use grundy_games::heap::take_and_break::TakeAndBreak;
use proptest::prelude::*;

/// A ruleset's moves without its counting hook: every option listed.
struct Listed<'a>(&'a dyn HeapRuleset);

impl HeapRuleset for Listed<'_> {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        self.0.heap_options(n, out)
    }
}

/// Residue classes stand for their options: any predicate that looks only at the parts folded
/// into `from..from + period` counts and lists as the plain filter of every option does.
fn folded(h: u64, from: u64, period: u64) -> u64 {
    if h < from {
        h
    } else {
        from + (h - from) % period
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn counted_moves_are_the_listed_ones(
        d1 in 0u8..8, d2 in 0u8..8, n in 1u64..400, from in 1u64..12, period in 1u64..9,
        salt in any::<u64>(), limit in 0usize..6,
    ) {
        let rules = TakeAndBreak::parse(&format!("0.{d1}{d2}")).unwrap();
        let wanted = |o: &[u64]| {
            let mut key: Vec<u64> = o.iter().map(|&h| folded(h, from, period)).collect();
            key.sort_unstable();
            let hash = key.iter().fold(salt, |acc, &h| (acc ^ h).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            hash >> 61 < 3
        };
        let (count, first) = rules.heap_moves_where(n, from, period, &wanted, limit).unwrap();
        let mut all = Vec::new();
        rules.heap_options(n, &mut all);
        let expected: Vec<Vec<u64>> = all.into_iter().filter(|o| wanted(o)).collect();
        prop_assert_eq!(count, expected.len() as u64);
        prop_assert_eq!(first, expected.into_iter().take(limit).collect::<Vec<_>>());
    }
}

#[test]
fn a_sum_with_big_heaps_counts_its_winning_moves() {
    // Kayles: the quotient is proved for every heap; heaps past COUNT_FROM are counted by
    // residue classes, and agree with listing every option.
    let rules = TakeAndBreak::parse("0.77").unwrap();
    let q = MisereQuotient::compute(
        &rules,
        400,
        rules.periodicity_bound(),
        Caps::default(),
        &mut |_, _| true,
    )
    .unwrap();
    assert!(q.is_complete());
    for heaps in [vec![5000, 3], vec![9001, 9001, 40], vec![6000, 7001, 8002]] {
        let counted = q.winning_moves(&rules, &heaps, 10).unwrap();
        let listed = q.winning_moves(&Listed(&rules), &heaps, 10).unwrap();
        assert_eq!(counted, listed, "{heaps:?}");
    }
    // A heap past the enumeration limit: counted, never listed whole.
    let (total, first) = q.winning_moves(&rules, &[1_000_000_001, 5], 3).unwrap();
    assert!(first.len() <= 3);
    assert_eq!(total == 0, q.is_p_position(&[1_000_000_001, 5]).unwrap());
}

#[test]
fn subtraction_heaps_count_their_winning_moves_too() {
    let rules = grundy_games::heap::subtraction::Subtraction::finite(vec![1, 3, 4]);
    let q = MisereQuotient::compute(
        &rules,
        400,
        rules.periodicity_bound(),
        Caps::default(),
        &mut |_, _| true,
    )
    .unwrap();
    assert!(q.is_complete());
    for heaps in [vec![5000, 7], vec![4097, 4098, 4099]] {
        let counted = q.winning_moves(&rules, &heaps, 10).unwrap();
        let listed = q.winning_moves(&Listed(&rules), &heaps, 10).unwrap();
        assert_eq!(counted, listed, "{heaps:?}");
    }
}

/// Whether the player to move loses a sum of heaps under misère play, by plain search.
fn loses(
    rules: &dyn HeapRuleset,
    heaps: &[u64],
    memo: &mut std::collections::HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut has_move = false;
    let mut wins = false;
    for i in 0..key.len() {
        let mut opts = Vec::new();
        rules.heap_options(key[i], &mut opts);
        for o in opts {
            has_move = true;
            let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
            next.extend(o.into_iter().filter(|&h| h > 0));
            wins |= loses(rules, &next, memo);
        }
    }
    let v = has_move && !wins;
    memo.insert(key, v);
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Codes with hexadecimal digits (a move may leave three heaps) too: the quotient, as far as
    /// it is proved, decides small sums as a plain search does.
    #[test]
    fn hexadecimal_codes_agree_with_search(
        digits in proptest::collection::vec(0u8..16, 1..=2),
        sums in proptest::collection::vec(proptest::collection::vec(1u64..=9, 1..=3), 10),
    ) {
        let code: String = digits.iter().map(|d| format!("{d:X}")).collect();
        let rules = TakeAndBreak::parse(&format!("0.{code}")).unwrap();
        let caps = Caps { order: 256, states: 1 << 16, candidate: 1 << 14, ..Caps::default() };
        let q = MisereQuotient::compute(&rules, 9, rules.periodicity_bound(), caps, &mut |_, _| true).unwrap();
        let mut memo = std::collections::HashMap::new();
        for heaps in sums {
            if let Some(p) = q.is_p_position(&heaps) {
                prop_assert_eq!(p, loses(&rules, &heaps, &mut memo), "0.{} {:?}", code, heaps);
            }
        }
    }
}
