//! The quotient against a plain misère search, and against MisereSolver's answers.

use proptest::prelude::*;
use rustc_hash::FxHashMap;

use super::*;

/// An octal game by its digits after the point (`[7, 5]` is 0.75).
struct Octal(Vec<u8>);

impl HeapRuleset for Octal {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        for (i, &d) in self.0.iter().enumerate() {
            let k = i as u64 + 1;
            if d & 1 != 0 && n == k {
                out.push(vec![]);
            }
            if d & 2 != 0 && n > k {
                out.push(vec![n - k]);
            }
            if d & 4 != 0 && n >= k + 2 {
                out.extend((1..=(n - k) / 2).map(|a| vec![a, n - k - a]));
            }
        }
    }

    fn periodicity_bound(&self) -> Option<PeriodicityBound> {
        Some(PeriodicityBound {
            parts: if self.0.iter().any(|d| d & 4 != 0) {
                2
            } else {
                1
            },
            max_removal: self.0.len() as u64,
        })
    }
}

fn octal(code: &str) -> Octal {
    Octal(code[2..].bytes().map(|b| b - b'0').collect())
}

/// The misère outcome of a sum of heaps by plain search (sorted heaps, memoized).
struct Brute<'a> {
    rules: &'a dyn HeapRuleset,
    memo: FxHashMap<Vec<u64>, bool>,
}

impl Brute<'_> {
    fn options(&self, heaps: &[u64]) -> Vec<(usize, Vec<u64>, Vec<u64>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let mut opts = Vec::new();
            self.rules.heap_options(h, &mut opts);
            for o in opts {
                let kept: Vec<u64> = o.into_iter().filter(|&x| x > 0).collect();
                let mut next: Vec<u64> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(&kept);
                next.sort_unstable();
                out.push((i, kept, next));
            }
        }
        out
    }

    fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let options = self.options(&key);
        let v = !options.is_empty() && !options.iter().any(|(_, _, next)| self.is_p(next));
        self.memo.insert(key, v);
        v
    }
}

fn compute(code: &str, upto: u64) -> MisereQuotient {
    let rules = octal(code);
    let bound = rules.periodicity_bound();
    MisereQuotient::compute(&rules, upto, bound, Caps::default(), &mut |_, _| true).unwrap()
}

/// MisereSolver's answers (Siegel's program, run here on each code): order, P-portion size,
/// preperiod and period of the pretending function.
const MISERE_SOLVER: &[(&str, usize, usize, u64, u64)] = &[
    ("0.75", 8, 2, 8, 2),
    ("0.31", 6, 2, 3, 2),
    ("0.52", 6, 2, 6, 4),
    ("0.73", 6, 2, 2, 4),
    ("0.13", 2, 1, 0, 4),
    ("0.53", 16, 3, 21, 9),
    ("0.72", 24, 5, 16, 4),
    // Heaps that separate positions of smaller heaps: built from fresh generators.
    ("0.77", 40, 9, 71, 12),
    ("0.34", 12, 3, 7, 8),
    ("0.71", 36, 9, 3, 6),
    ("0.15", 42, 12, 66, 10),
    ("0.123", 20, 5, 5, 5),
    ("0.144", 30, 5, 12, 10),
];

#[test]
fn quotients_agree_with_misere_solver() {
    for &(code, order, p, n0, period) in MISERE_SOLVER {
        let q = compute(code, 200);
        assert_eq!(q.stopped(), &Stopped::Proved, "{code}");
        assert_eq!(q.monoid().order(), order, "{code}");
        assert_eq!(q.monoid().p_portion().count(), p, "{code}");
        let found = q.period().unwrap();
        assert!(found.proved, "{code}");
        assert_eq!((found.preperiod, found.period), (n0, period), "{code}");
        assert_eq!(q.monoid().check_laws(), None, "{code}");
    }
}

#[test]
fn r8_has_plambeck_and_siegels_presentation() {
    let q = compute("0.75", 200);
    let pres = q.presentation();
    let rels: Vec<String> = pres
        .relations
        .iter()
        .map(|(l, r)| format!("{}={}", pres.show(l), pres.show(r)))
        .collect();
    assert_eq!(rels, ["a2=1", "b3=b", "bc=ab", "c2=b2"]);
    let p: Vec<String> = q.monoid().p_portion().map(|x| pres.element(x)).collect();
    assert_eq!(p, ["a", "b2"]);
    assert_eq!(q.generator_heaps(&pres), [1, 2, 5]);
}

#[test]
fn misere_nim_is_tame() {
    // Nim heaps up to 3: T2 (order 6, P = {a, b²}); up to 7: order 10.
    struct Nim;
    impl HeapRuleset for Nim {
        fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
            out.extend((0..n).map(|k| vec![k]));
        }
    }
    let q = MisereQuotient::compute(&Nim, 3, None, Caps::default(), &mut |_, _| true).unwrap();
    assert_eq!((q.monoid().order(), q.monoid().p_portion().count()), (6, 2));
    let q = MisereQuotient::compute(&Nim, 7, None, Caps::default(), &mut |_, _| true).unwrap();
    assert_eq!(
        (q.monoid().order(), q.monoid().p_portion().count()),
        (10, 2)
    );
    assert_eq!(q.stopped(), &Stopped::Upto);
}

#[test]
fn a_periodic_quotient_answers_huge_heaps() {
    let q = compute("0.75", 200);
    assert!(q.is_complete());
    let mut brute = Brute {
        rules: &octal("0.75"),
        memo: FxHashMap::default(),
    };
    // Heaps past the table fold into the period: 1000001 acts as 9, 1000000 as 10.
    for heaps in [[9u64, 3], [10, 4], [9, 9]] {
        assert_eq!(q.is_p_position(&heaps), Some(brute.is_p(&heaps)));
    }
    assert_eq!(q.element(1_000_001), q.element(9));
    assert_eq!(q.element(1_000_000), q.element(10));
}

#[test]
fn stopping_early_keeps_what_is_proved() {
    let rules = octal("0.75");
    let mut seen = 0;
    let q = MisereQuotient::compute(
        &rules,
        200,
        rules.periodicity_bound(),
        Caps::default(),
        &mut |n, _| {
            seen = n;
            n < 4
        },
    )
    .unwrap();
    assert_eq!(seen, 4);
    assert_eq!(q.last(), 4);
    assert_eq!(q.stopped(), &Stopped::Interrupted);
    assert_eq!(q.element(5), None);
}

#[test]
fn moves_to_bigger_heaps_are_refused() {
    struct Up;
    impl HeapRuleset for Up {
        fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
            out.push(vec![n + 1]);
        }
    }
    let e = MisereQuotient::compute(&Up, 5, None, Caps::default(), &mut |_, _| true).unwrap_err();
    assert_eq!(e, QuotientError::NotDecreasing { heap: 1, part: 2 });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every quotient (of random two- and three-digit codes, as far as it is proved) decides
    /// random sums of small heaps as a plain misère search does, winning moves included.
    #[test]
    fn quotients_decide_sums_as_search_does(
        digits in proptest::collection::vec(0u8..8, 1..=3),
        sums in proptest::collection::vec(proptest::collection::vec(1u64..=12, 0..=4), 12),
    ) {
        let rules = Octal(digits);
        // Small caps keep each case quick: a quotient stopped by one covers fewer heaps.
        let caps = Caps { order: 256, states: 1 << 16, candidate: 1 << 14, ..Caps::default() };
        let q = MisereQuotient::compute(&rules, 12, rules.periodicity_bound(), caps, &mut |_, _| true).unwrap();
        prop_assert_eq!(q.monoid().check_laws(), None);
        let mut brute = Brute { rules: &rules, memo: FxHashMap::default() };
        for heaps in sums {
            if heaps.iter().any(|&h| q.element(h).is_none()) {
                continue;
            }
            let p = brute.is_p(&heaps);
            prop_assert_eq!(q.is_p_position(&heaps), Some(p), "{:?}", heaps);
            let (total, listed) = q.winning_moves(&rules, &heaps, usize::MAX).unwrap();
            let expected: Vec<(usize, Vec<u64>)> = brute
                .options(&heaps)
                .into_iter()
                .filter(|(_, _, next)| brute.is_p(next))
                .map(|(i, kept, _)| (i, kept))
                .collect();
            prop_assert_eq!(total as usize, expected.len());
            prop_assert_eq!(listed, expected);
        }
    }
}
