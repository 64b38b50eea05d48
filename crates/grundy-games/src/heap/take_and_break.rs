//! Take-and-break games in Guy–Smith code: octal games such as Kayles (`0.77`), Dawson's Kayles
//! (`0.07`) and Dawson's chess (`0.137`), and hexadecimal games that may leave three heaps.
//!
//! **Rules.** A code `d0.d1d2d3…` lists, for each number `k` of tokens, which moves removing `k`
//! tokens from one heap are allowed: bit 0 of `d_k` (value 1) allows removing a whole heap of
//! exactly `k`, bit 1 (value 2) allows leaving one non-empty heap, bit 2 (value 4) leaving two
//! non-empty heaps, bit 3 (value 8, hexadecimal digits `8`–`F`) leaving three. The digit before
//! the point covers removing no token at all, i.e. splitting a heap (`4.07`: split a heap into two
//! non-empty heaps, or remove 3 tokens leaving 0, 1 or 2 heaps). The player who cannot move loses.
//!
//! **Theorem (periodicity, Guy–Smith; Winning Ways ch. 4).** If a game leaves at most `m` heaps
//! and never removes more than `t` tokens, and `G(n + p) = G(n)` for all `n0 <= n < m·n0 + (m−1)·p
//! + t`, then `G(n + p) = G(n)` for every `n >= n0`. (For octal games, `m = 2`: the familiar
//! `2·n0 + p + t`.) Every option of `n + p` then has a heap of at least `n0 + p`, which pairs it
//! with an option of `n` of the same value. So a finite computation proves the values forever.
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::take_and_break::TakeAndBreak;
//! // Kayles: knock down one pin or two adjacent pins from a row.
//! let kayles = TakeAndBreak::parse("0.77").unwrap().with_values_upto(200);
//! assert_eq!(kayles.heap_value(10), Some(Nimber(2)));
//! // Proved periodic (period 12 from 71 on), so any heap works.
//! assert_eq!(kayles.heap_value(1_000_000_000_000), kayles.heap_value(1_000_000_000_000 - 12));
//! ```

use std::sync::Arc;

use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::heap::sparse::{self, KnownValues};
use crate::spec::{parse_heaps, GameEntry, GameSpec, SpecError, Word};

/// A set of amounts (numbers of tokens removed), possibly infinite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Amounts {
    /// A finite set, sorted, without repeats.
    Finite(Vec<u64>),
    /// Every positive amount.
    All,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
    /// The distinct Fibonacci numbers 1, 2, 3, 5, 8, …
    Fibonacci,
}

impl Amounts {
    /// The empty set.
    pub fn none() -> Self {
        Amounts::Finite(Vec::new())
    }

    /// A finite set from any list (sorted and deduplicated here).
    pub fn finite(mut v: Vec<u64>) -> Self {
        v.sort_unstable();
        v.dedup();
        Amounts::Finite(v)
    }

    /// The members at most `n`, in increasing order.
    pub fn upto(&self, n: u64) -> Vec<u64> {
        match self {
            Amounts::Finite(v) => v.iter().copied().take_while(|&a| a <= n).collect(),
            Amounts::All => (1..=n).collect(),
            Amounts::PowersOfTwo => (0..64).map(|i| 1u64 << i).take_while(|&a| a <= n).collect(),
            Amounts::Fibonacci => {
                let mut out = Vec::new();
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    out.push(a);
                    let Some(c) = a.checked_add(b) else { break };
                    (a, b) = (b, c);
                }
                out
            }
        }
    }

    /// The largest member, if the set is finite and not empty.
    pub fn max(&self) -> Option<u64> {
        match self {
            Amounts::Finite(v) => v.last().copied(),
            _ => None,
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        matches!(self, Amounts::Finite(v) if v.is_empty())
    }

    /// Whether the set is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, Amounts::Finite(_))
    }
}

/// The moves of a take-and-break game: for each number of heaps left, the amounts that may be
/// removed while leaving that many non-empty heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreakRules {
    /// `by_parts[m]`: amounts whose removal may leave exactly `m` non-empty heaps (m = 0..=3).
    pub by_parts: [Amounts; 4],
    /// The heaps left by a two-heap move must differ in size (Grundy's game).
    pub distinct_parts: bool,
}

impl TakeBreakRules {
    /// No moves at all.
    pub fn empty() -> Self {
        TakeBreakRules {
            by_parts: [
                Amounts::none(),
                Amounts::none(),
                Amounts::none(),
                Amounts::none(),
            ],
            distinct_parts: false,
        }
    }

    /// The rules of a Guy–Smith code such as `0.77`, `4.07` or `0.3F`.
    pub fn from_code(code: &str) -> Result<Self, String> {
        let (before, after) = code
            .split_once('.')
            .ok_or_else(|| "a take-and-break code looks like 0.77 or 4.07".to_string())?;
        let digit = |c: char| {
            c.to_digit(16)
                .ok_or_else(|| format!("'{c}' is not a digit of a code (use 0-9 and A-F)"))
        };
        let d0 = match before {
            "" => 0,
            b if b.chars().count() == 1 => digit(b.chars().next().unwrap_or('0'))?,
            _ => return Err("only one digit may come before the point".into()),
        };
        if d0 & 3 != 0 {
            return Err(format!(
                "the digit before the point ({d0}) may only allow splitting: use 0, 4, 8 or C"
            ));
        }
        let mut sets: [Vec<u64>; 4] = Default::default();
        let digits = std::iter::once(Ok(d0))
            .chain(after.chars().map(digit))
            .collect::<Result<Vec<u32>, String>>()?;
        for (k, d) in digits.into_iter().enumerate() {
            for (m, set) in sets.iter_mut().enumerate() {
                if d & (1 << m) != 0 {
                    set.push(k as u64);
                }
            }
        }
        let [s0, s1, s2, s3] = sets;
        Ok(TakeBreakRules {
            by_parts: [
                Amounts::Finite(s0),
                Amounts::Finite(s1),
                Amounts::Finite(s2),
                Amounts::Finite(s3),
            ],
            distinct_parts: false,
        })
    }

    /// The largest amount ever removed, if finite (None if some amount set is infinite).
    pub fn max_removal(&self) -> Option<u64> {
        let mut t = 0;
        for s in &self.by_parts {
            if !s.is_finite() {
                return None;
            }
            t = t.max(s.max().unwrap_or(0));
        }
        Some(t)
    }

    /// The most heaps a move may leave (at least 1, for the periodicity bound).
    pub fn max_parts(&self) -> u64 {
        (1..4)
            .rev()
            .find(|&m| !self.by_parts[m].is_empty())
            .unwrap_or(1) as u64
    }

    /// Every option of a heap of `n`, as the list of non-empty heaps it leaves.
    pub fn options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        for k in self.by_parts[0].upto(n) {
            if k == n && n > 0 {
                out.push(Vec::new());
            }
        }
        for k in self.by_parts[1].upto(n) {
            if k < n {
                out.push(vec![n - k]);
            }
        }
        for k in self.by_parts[2].upto(n) {
            let r = n - k;
            for a in 1..=r / 2 {
                if !(self.distinct_parts && 2 * a == r) {
                    out.push(vec![a, r - a]);
                }
            }
        }
        for k in self.by_parts[3].upto(n) {
            let r = n - k;
            for a in 1..=r / 3 {
                for b in a..=(r - a) / 2 {
                    out.push(vec![a, b, r - a - b]);
                }
            }
        }
    }
}

/// A take-and-break ruleset, with the values of its heaps once they are computed.
///
/// The values come from a [`KnownValues`]: a table up to some heap size and, when one was proved,
/// the period that extends it to every heap size.
#[derive(Clone, Debug)]
pub struct TakeAndBreak {
    rules: TakeBreakRules,
    known: Option<Arc<KnownValues>>,
}

impl TakeAndBreak {
    /// The ruleset of `rules`, with no values computed yet.
    pub fn new(rules: TakeBreakRules) -> Self {
        TakeAndBreak { rules, known: None }
    }

    /// The ruleset of a Guy–Smith code.
    pub fn parse(code: &str) -> Result<Self, String> {
        TakeBreakRules::from_code(code).map(Self::new)
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreakRules {
        &self.rules
    }

    /// The same ruleset with values known for every heap up to `n` (and beyond, if the
    /// computation proves a period on the way).
    pub fn with_values_upto(self, n: u64) -> Self {
        let known = sparse::known_values(&self.rules, n, 0);
        self.with_known(known)
    }

    /// The same ruleset with the given known values.
    pub fn with_known(mut self, known: KnownValues) -> Self {
        self.known = Some(Arc::new(known));
        self
    }

    /// The known values, if any.
    pub fn known(&self) -> Option<&KnownValues> {
        self.known.as_deref()
    }
}

impl HeapRuleset for TakeAndBreak {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        self.rules.options(n, out)
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        self.known.as_ref()?.value(n).map(Nimber)
    }

    /// With a proved (plain) period `p` from `n0` on, a split `(a, r − a)` with `n0 <= a <= r − a`
    /// has a value that depends only on `a mod p`: the splits of a huge heap are counted by
    /// residue classes, and the first few listed, without enumerating them.
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let known = self.known.as_deref()?;
        let period = known.period().filter(|p| p.proved && p.saltus == 0)?;
        let rules = &self.rules;
        if rules.distinct_parts || !rules.by_parts[3].is_empty() {
            return None;
        }
        rules.max_removal()?;
        let g = |x: u64| known.value(x).unwrap_or(u64::MAX);
        let t = target.0;
        let mut count = 0u64;
        let mut first = Vec::new();
        let hit = |opt: Vec<u64>, count: &mut u64, first: &mut Vec<Vec<u64>>| {
            *count += 1;
            if first.len() < limit {
                first.push(opt);
            }
        };
        for k in rules.by_parts[0].upto(n) {
            if k == n && n > 0 && t == 0 {
                hit(Vec::new(), &mut count, &mut first);
            }
        }
        for k in rules.by_parts[1].upto(n) {
            if k < n && g(n - k) == t {
                hit(vec![n - k], &mut count, &mut first);
            }
        }
        let (n0, p) = (period.preperiod.max(1), period.period);
        for k in rules.by_parts[2].upto(n) {
            let r = n - k;
            let half = r / 2;
            // Below n0, one split at a time.
            for a in 1..n0.min(half + 1) {
                if g(a) ^ g(r - a) == t {
                    hit(vec![a, r - a], &mut count, &mut first);
                }
            }
            if half < n0 {
                continue;
            }
            // From n0 on: the residue classes of `a` that reach `t`, each counted whole; the
            // first splits are listed in order (within `limit` periods every class has one).
            let classes = p.min(half - n0 + 1);
            let mut reaching = Vec::new();
            for a in n0..n0 + classes {
                if g(a) ^ g(r - a) == t {
                    reaching.push(a);
                    count += (half - a) / p + 1;
                }
            }
            if reaching.is_empty() {
                continue;
            }
            'listing: for cycle in 0.. {
                for &a in &reaching {
                    let a = a + cycle * p;
                    if a > half || first.len() >= limit {
                        break 'listing;
                    }
                    first.push(vec![a, r - a]);
                }
            }
        }
        Some((count, first))
    }
}

/// Prepares the values a position with heaps up to `max_heap` needs: a table up to it, or a
/// proved period when the heap is too large for a table.
pub fn prepare(
    spec: &GameSpec,
    rules: TakeAndBreak,
    heaps: &[u64],
    words: &[Word],
) -> Result<TakeAndBreak, SpecError> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    let known = sparse::known_values(&rules.rules, max, sparse::SOLVE_TABLE_LIMIT);
    if known.value(max).is_none() {
        let at = heaps.iter().position(|&h| h == max).unwrap_or(0);
        let word = words.get(at).map(|w| w.error("")).unwrap_or(spec.error(""));
        return Err(SpecError {
            message: format!(
                "a heap of {max} is too large: {} has no proved period up to {} and heaps beyond \
                 that are not tabulated",
                spec.word.text,
                known.len()
            ),
            ..word
        });
    }
    Ok(rules.with_known(known))
}

/// Whether a game name is a Guy–Smith code (`0.77`, `4.07`, `.6`, `0.3F`).
pub fn is_code(name: &str) -> bool {
    name.contains('.')
        && name.chars().all(|c| c == '.' || c.is_ascii_hexdigit())
        && name.chars().filter(|&c| c == '.').count() == 1
}

/// The registry entry for take-and-break codes.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "0.d1d2d3...",
        aliases: &[],
        syntax: "D0.D1D2... HEAP...   (e.g. 0.77 Kayles, 0.07 Dawson's Kayles, 0.137, 4.07, 0.3F)",
        rules: "octal/hexadecimal take-and-break code: digit k says whether removing k tokens may \
                leave 0 (1), 1 (2), 2 (4) or 3 (8) non-empty heaps; the digit before the point is \
                for splitting without removing",
        example: "0.77 10 7",
        build,
        matches: Some(is_code),
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let rules = TakeAndBreak::parse(&spec.word.text).map_err(|m| spec.error(m))?;
    let heaps = parse_heaps(spec, words, u64::MAX)?;
    let rules = prepare(spec, rules, &heaps, words)?;
    Ok(Box::new(HeapPosition::new(&spec.word.text, rules, heaps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    /// A random octal or hexadecimal code with up to four digits after the point.
    pub fn code() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just(0u32), Just(4), Just(8)],
            proptest::collection::vec(0u32..16, 1..4),
        )
            .prop_map(|(d0, ds)| {
                let tail: String = ds
                    .iter()
                    .map(|d| char::from_digit(*d, 16).unwrap())
                    .collect();
                format!("{d0}.{tail}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn values_and_winning_moves_match_brute_force(
            code in code(),
            heaps in proptest::collection::vec(0u64..14, 1..3),
        ) {
            let max = heaps.iter().copied().max().unwrap_or(0);
            let rules = TakeAndBreak::parse(&code).unwrap().with_values_upto(max);
            assert_heap_fast_path_matches_solver(&rules, &heaps)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn moves_counted_by_residue_classes_match_the_options(
            code in prop_oneof![
                Just("0.07".to_string()), Just("0.77".to_string()), Just("0.137".to_string()),
                Just("4.07".to_string()), Just("0.51".to_string()), code()
            ],
            n in 1u64..2500,
            target in 0u64..12,
            limit in 0usize..12,
        ) {
            let rules = TakeAndBreak::parse(&code).unwrap();
            let known = sparse::known_values(&rules.rules, 2500, 0);
            prop_assume!(known.period().is_some_and(|p| p.proved));
            let rules = rules.with_known(known);
            let Some((count, first)) = rules.heap_moves_counted(n, Nimber(target), limit) else {
                // Only three-heap moves (or a saltus) make it decline.
                prop_assert!(!rules.rules.by_parts[3].is_empty());
                return Ok(());
            };
            let mut options = Vec::new();
            rules.heap_options(n, &mut options);
            let hits: Vec<Vec<u64>> = options
                .into_iter()
                .filter(|o| o.iter().fold(0, |x, &h| x ^ rules.heap_value(h).unwrap().0) == target)
                .collect();
            prop_assert_eq!(count, hits.len() as u64);
            prop_assert_eq!(&first[..], &hits[..hits.len().min(limit)]);
        }
    }

    #[test]
    fn codes_are_parsed_digit_by_digit() {
        let r = TakeBreakRules::from_code("4.07").unwrap();
        assert_eq!(r.by_parts[0], Amounts::Finite(vec![2]));
        assert_eq!(r.by_parts[1], Amounts::Finite(vec![2]));
        assert_eq!(r.by_parts[2], Amounts::Finite(vec![0, 2]));
        assert_eq!(r.max_removal(), Some(2));
        let h = TakeBreakRules::from_code("0.F").unwrap();
        assert_eq!(h.by_parts[3], Amounts::Finite(vec![1]));
        assert_eq!(h.max_parts(), 3);
        assert!(TakeBreakRules::from_code("1.07").is_err());
        assert!(TakeBreakRules::from_code("0.7G").is_err());
        assert!(is_code("0.77") && is_code(".6") && is_code("0.3f"));
        assert!(!is_code("nim") && !is_code("0.7.7") && !is_code("1,2"));
    }
}
