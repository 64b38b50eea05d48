//! The take-and-break ruleset: the rules with the values the engine computed for them
//! ([`TakeAndBreak`], a [`HeapRuleset`]), the preparation of a position's values ([`prepare`]),
//! and the registry entry for codes. Builds on the rules and the engine, which know nothing of it.

use grundy_core::setting::Setting;
use std::sync::Arc;

use grundy_core::limits::Limits;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use super::rules::{is_code, TakeBreakRules};
use crate::entry::{Drawing, GameEntry};
use crate::heap::sparse::{self, KnownValues};
use crate::heap::table::TableGame;
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};

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
        let known = sparse::known_values(&self.rules, n, 0, None);
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

    fn periodicity_bound(&self) -> Option<grundy_core::heap::PeriodicityBound> {
        super::rules::periodicity_bound(&self.rules)
    }

    /// Splits `(a, r − a)` with `from <= a <= r − a` are alike when `a` is congruent modulo the
    /// period (both parts are at least `from`): one check per residue class counts them, and the
    /// first few are listed by walking only the wanted classes. Splits in three are declined.
    fn heap_moves_where(
        &self,
        n: u64,
        from: u64,
        period: u64,
        wanted: &dyn Fn(&[u64]) -> bool,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let rules = &self.rules;
        // Unbounded removals would list every amount up to `n`.
        rules.max_removal()?;
        if rules.distinct_parts || period == 0 || !rules.by_parts[3].upto(n).is_empty() {
            return None;
        }
        let from = from.max(1);
        let mut count = 0u64;
        let mut first = Vec::new();
        let hit = |opt: Vec<u64>, count: &mut u64, first: &mut Vec<Vec<u64>>| {
            *count += 1;
            if first.len() < limit {
                first.push(opt);
            }
        };
        for k in rules.by_parts[0].upto(n) {
            if k == n && n > 0 && wanted(&[]) {
                hit(Vec::new(), &mut count, &mut first);
            }
        }
        for k in rules.by_parts[1].upto(n) {
            if k < n && wanted(&[n - k]) {
                hit(vec![n - k], &mut count, &mut first);
            }
        }
        for k in rules.by_parts[2].upto(n) {
            let r = n - k;
            let half = r / 2;
            for a in 1..from.min(half + 1) {
                if wanted(&[a, r - a]) {
                    hit(vec![a, r - a], &mut count, &mut first);
                }
            }
            if half < from {
                continue;
            }
            // From `from` on, `a` and `r − a >= half >= from` are both periodic.
            let classes: Vec<bool> = (0..period.min(half - from + 1))
                .map(|j| wanted(&[from + j, r - from - j]))
                .collect();
            for (j, &w) in classes.iter().enumerate() {
                if w {
                    count += (half - from - j as u64) / period + 1;
                }
            }
            let mut a = from;
            while first.len() < limit && a <= half && classes.iter().any(|&w| w) {
                if classes[((a - from) % period) as usize] {
                    first.push(vec![a, r - a]);
                }
                a += 1;
            }
        }
        Some((count, first))
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        self.known.as_ref()?.value(n).map(Nimber)
    }

    /// With a proved (plain) period `p` from `n0` on, a split `(a, r − a)` with `n0 <= a <= r − a`
    /// has a value that depends only on `a mod p`: the splits of a huge heap are counted by
    /// residue classes, and the first few listed, without enumerating them. A split in three is
    /// counted a first heap at a time, the other two by classes ([`three_heap_splits`]).
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let known = self.known.as_deref()?;
        let period = known.period().filter(|p| p.proved && p.saltus == 0)?;
        let rules = &self.rules;
        if rules.distinct_parts {
            return None;
        }
        rules.max_removal()?;
        let (n0, p) = (period.preperiod.max(1), period.period);
        // Three-heap moves are counted a first heap at a time: declined when those are too many.
        let threes = rules.by_parts[3].upto(n).len() as u64;
        if threes > 0 && (n / 3).saturating_mul(threes).saturating_mul(2 * n0 + p) > THREE_HEAP_WORK
        {
            return None;
        }
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
        for k in rules.by_parts[3].upto(n) {
            let r = n - k;
            for a in 1..=r / 3 {
                let want = t ^ g(a);
                let listing = (&mut count, &mut first, limit);
                three_heap_splits((a, r - a, a), (n0, p), &g, want, listing);
            }
        }
        Some((count, first))
    }
}

/// How much work (first heaps times the values looked at for each) counting three-heap moves may
/// take: a heap of 2^22 in `0.F` is a few million steps.
const THREE_HEAP_WORK: u64 = 1 << 28;

/// The splits of `s` into `b + c` with `low <= b <= c` whose heaps' values XOR to `want`: each
/// `[a, b, c]` counted, and listed in increasing `b` while `first` holds fewer than `limit`.
/// Where both heaps are past the preperiod `n0`, `G(b) ^ G(c)` depends only on `b mod p` (as
/// `c = s - b`), so those splits are counted by residue classes; at most `2 * n0 + p` values are
/// looked at.
fn three_heap_splits(
    (a, s, low): (u64, u64, u64),
    (n0, p): (u64, u64),
    g: &dyn Fn(u64) -> u64,
    want: u64,
    (count, first, limit): (&mut u64, &mut Vec<Vec<u64>>, usize),
) {
    let high = s / 2;
    if low > high {
        return;
    }
    let one = |b: u64, count: &mut u64, first: &mut Vec<Vec<u64>>| {
        if g(b) ^ g(s - b) == want {
            *count += 1;
            if first.len() < limit {
                first.push(vec![a, b, s - b]);
            }
        }
    };
    // Below the preperiod, one by one.
    for b in low..=high.min(n0.saturating_sub(1)) {
        one(b, count, first);
    }
    // Both heaps past it: by classes, listed in order as far as wanted.
    let (mid_lo, mid_hi) = (low.max(n0), high.min(s.saturating_sub(n0)));
    if mid_lo <= mid_hi {
        let reaching: Vec<u64> = (mid_lo..=mid_hi.min(mid_lo + p - 1))
            .filter(|&b| g(b) ^ g(s - b) == want)
            .collect();
        for &b in &reaching {
            *count += (mid_hi - b) / p + 1;
        }
        'listing: for cycle in 0.. {
            for &b in &reaching {
                let b = b + cycle * p;
                if b > mid_hi || first.len() >= limit {
                    break 'listing;
                }
                first.push(vec![a, b, s - b]);
            }
            if reaching.is_empty() {
                break;
            }
        }
    }
    // The other heap below the preperiod, one by one.
    for b in low.max(n0).max(mid_hi.saturating_add(1))..=high {
        one(b, count, first);
    }
}

/// How far `solve` tabulates a game whose moves may leave three heaps: each value is a mex over
/// a square number of splits, so the table costs a cube (2^13 takes seconds, with a bar; 2^22
/// would take years).
pub const CUBIC_SOLVE_LIMIT: u64 = 1 << 13;

/// Prepares the values a position with heaps up to `max_heap` needs: a table up to it, or a
/// proved period when the heap is too large for a table (its progress told to the limits'
/// reporter).
pub fn prepare(
    spec: &GameSpec,
    rules: TakeAndBreak,
    heaps: &[u64],
    words: &[Word],
    limits: &Limits,
) -> Result<TakeAndBreak, SpecError> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    let cubic = !rules.rules.by_parts[3].is_empty();
    let limit = if cubic {
        CUBIC_SOLVE_LIMIT
    } else {
        sparse::SOLVE_TABLE_LIMIT
    };
    let known = sparse::known_values(&rules.rules, max, limit, limits.table_progress);
    if known.value(max).is_none() {
        let at = heaps.iter().position(|&h| h == max).unwrap_or(0);
        let word = words.get(at).map(|w| w.error("")).unwrap_or(spec.error(""));
        let code = &spec.word.text;
        let message = if let Some(work) = known.given_up() {
            // Refused at once: the rest of the search would take minutes (0.007: 3 minutes).
            format!(
                "a heap of {max} is too large: {code} has no proved period up to {}, and looking \
                 for one in a table up to {limit} (the largest `solve` computes) would take long \
                 (at least about {} pairs of heaps to read): `grundy table {code} {} {}` looks \
                 for it with progress and checkpoints, and `grundy solve {}` answers by the \
                 period it finds",
                known.len(),
                approximately(work),
                Setting::Period,
                Setting::Max.given(limit),
                Setting::Formula,
            )
        } else {
            let why = if cubic {
                format!(
                    " (a move may leave three heaps, so each value costs a square: `grundy table \
                     {code} {}` computes further, with checkpoints)",
                    Setting::Upto.given("N")
                )
            } else {
                String::new()
            };
            format!(
                "a heap of {max} is too large: {code} has no proved period up to {} and heaps \
                 beyond that are not tabulated{why}",
                known.len()
            )
        };
        return Err(SpecError { message, ..word });
    }
    Ok(rules.with_known(known))
}

/// A large count in words: `6·10^10`.
fn approximately(n: u64) -> String {
    if n < 1000 {
        return n.to_string();
    }
    let mut exponent = n.ilog10();
    let unit = 10u64.pow(exponent);
    let mut lead = (n / unit) + u64::from(n % unit >= unit / 2);
    if lead == 10 {
        (lead, exponent) = (1, exponent + 1);
    }
    format!("{lead}·10^{exponent}")
}

/// The registry entry for take-and-break codes.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::within_limits(
        "0.d1d2d3...",
        "D0.D1D2... HEAP...   (e.g. 0.77 Kayles, 0.07 Dawson's Kayles, 0.137, 4.07, 0.3F)",
        "octal/hexadecimal take-and-break code: digit k says whether removing k tokens may \
                leave 0 (1), 1 (2), 2 (4) or 3 (8) non-empty heaps; the digit before the point is \
                for splitting without removing",
        "0.77 10 7",
        build,
    )
    .matching(is_code)
    .drawn(Drawing::Heaps)
    .tabulated(|spec| Ok(Box::new(table(spec)?)))
    .canonical(|spec| {
        TakeBreakRules::from_code(&spec.word.text)
            .ok()?
            .canonical_code()
    })]
}

pub(crate) fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    let rules = TakeBreakRules::from_code(&spec.word.text).map_err(|m| spec.error(m))?;
    Ok(TableGame::computed(spec, rules))
}

fn build(
    spec: &GameSpec,
    words: &[Word],
    limits: &Limits,
) -> Result<Box<dyn Component>, SpecError> {
    let rules = TakeAndBreak::parse(&spec.word.text).map_err(|m| spec.error(m))?;
    let heaps = parse_heaps(spec, words, u64::MAX)?;
    let rules = prepare(spec, rules, &heaps, words, limits)?;
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
                Just("4.07".to_string()), Just("0.51".to_string()), Just("0.F".to_string()),
                Just("0.B".to_string()), code()
            ],
            n in 1u64..2500,
            target in 0u64..12,
            limit in 0usize..12,
        ) {
            let rules = TakeAndBreak::parse(&code).unwrap();
            let known = sparse::known_values(&rules.rules, 2500, 0, None);
            prop_assume!(known.period().is_some_and(|p| p.proved));
            let rules = rules.with_known(known);
            let Some((count, first)) = rules.heap_moves_counted(n, Nimber(target), limit) else {
                // Only a saltus or a game of unbounded removals makes it decline here.
                let saltus = rules.known().and_then(|k| k.period()).map(|p| p.saltus);
                prop_assert!(saltus != Some(0) || rules.rules.max_removal().is_none());
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

    /// Past `COUNT_FROM` the moves of a heap come from the proved period (counted by residue
    /// classes) rather than from its list of options: the same moves, in the same order.
    #[test]
    fn counted_moves_of_mid_size_heaps_are_the_listed_ones() {
        use grundy_core::heap::COUNT_FROM;
        use grundy_core::{Component, MoveReport};
        for code in ["0.07", "0.77", "0.137", "4.07"] {
            let rules = TakeAndBreak::parse(code).unwrap();
            let known = sparse::known_values(&rules.rules, 10_000, 10_000, None);
            assert!(known.period().is_some_and(|p| p.proved), "{code}");
            let rules = rules.with_known(known);
            for n in [COUNT_FROM + 1, 5000, 6123] {
                let mut options = Vec::new();
                rules.heap_options(n, &mut options);
                let value =
                    |o: &Vec<u64>| o.iter().fold(0, |x, &h| x ^ rules.heap_value(h).unwrap().0);
                for target in 0..8 {
                    let want: Vec<Vec<u64>> = options
                        .iter()
                        .filter(|o| value(o) == target)
                        .map(|o| o.iter().copied().filter(|&h| h > 0).collect())
                        .collect();
                    // The path taken past COUNT_FROM, checked below against the listing.
                    assert!(rules.heap_moves_counted(n, Nimber(target), 1).is_some());
                    for limit in [usize::MAX, 2] {
                        // A lone heap: moves to `target` are the options of that value.
                        let mut heap = HeapPosition::new(code, rules.clone(), vec![n]);
                        let mut reports: Vec<MoveReport> = Vec::new();
                        let total = heap.moves_to(Nimber(target), limit, &mut reports).unwrap();
                        assert_eq!(total, want.len(), "{code} {n} -> {target}");
                        let got: Vec<Vec<u64>> = reports
                            .iter()
                            .map(|r| serde_json::from_value(r.position.clone()).unwrap())
                            .collect();
                        let mut listed = want.clone();
                        listed.truncate(limit);
                        let sorted = |mut v: Vec<Vec<u64>>| {
                            v.iter_mut().for_each(|o| o.sort_unstable());
                            v
                        };
                        assert_eq!(sorted(got), sorted(listed), "{code} {n} -> {target}");
                    }
                }
            }
        }
    }
}
