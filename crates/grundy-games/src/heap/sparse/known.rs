//! Known values of a take-and-break ruleset: a table from the engine and, once one is proved, the
//! period extending it to every heap ([`KnownValues`], computed by [`known_values`] within
//! [`SOLVE_TABLE_LIMIT`] heaps). This is what the rulesets built on the engine (take-and-break
//! codes, subtraction games) answer `G(n)` from.

use grundy_core::heap::ENUMERATION_LIMIT;

use super::{Engine, Method, Values};
use crate::heap::take_and_break::rules::periodicity_bound;
use crate::heap::take_and_break::rules::TakeBreakRules;
use crate::period::{self, Period};

/// The largest table `grundy solve` computes for a heap (larger heaps need a proved period).
///
/// It is [`ENUMERATION_LIMIT`], the largest heap whose moves are listed one by one: a heap whose
/// value comes from the table but from no proved period has its moves listed one by one (only a
/// proved period lets them be counted), so a longer table would give values whose moves cannot
/// be listed, and a shorter one would turn away heaps that can be.
pub const SOLVE_TABLE_LIMIT: u64 = ENUMERATION_LIMIT;

/// How much work (pairs of heaps read, [`Engine::work`]) the rest of a search for a period may
/// be expected to take before it is given up at once: some fifteen seconds of a release build
/// in 2026. 0.6's whole table to [`SOLVE_TABLE_LIMIT`] is about 10^10 and is still searched;
/// 0.007's is about 10^11 (three minutes) and is refused at 2^14 values.
///
/// The expected work is counted, not timed, so that a position is answered or refused alike on
/// every machine and in every build.
pub const PERIOD_SEARCH_WORK: u64 = 15_000_000_000;

/// From this table size on, the work of the rest of a period search is estimated.
const ESTIMATE_FROM: u64 = 8191;

/// Values known for a ruleset: a table and, when one was proved, a period extending it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownValues {
    values: Values,
    period: Option<Period>,
    /// Set when the search for a period was given up before [`SOLVE_TABLE_LIMIT`]: the work its
    /// rest was expected to take (an estimate, and most likely an underestimate).
    given_up: Option<u64>,
}

impl KnownValues {
    /// Known values from a table and what is known of its period.
    pub fn new(values: Values, period: Option<Period>) -> Self {
        KnownValues {
            values,
            period,
            given_up: None,
        }
    }

    /// When the search for a period was given up because its expected work was more than
    /// [`PERIOD_SEARCH_WORK`]: that expected work (pairs of heaps, [`Engine::work`]).
    pub fn given_up(&self) -> Option<u64> {
        self.given_up
    }

    /// How many values are tabulated.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether nothing is tabulated.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The period, if one was found (proved or not).
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// `G(n)`, if tabulated or given by a proved period.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v as u64);
        }
        let p = self.period.filter(|p| p.proved)?;
        p.extend(|i| self.values.get(i as usize).unwrap_or(0) as u64, n)
    }
}

/// Values for heaps up to `need`, `report` told `("values", done, total)` now and then. When `need` is beyond `limit` (and `limit > 0`), tables of
/// doubling size up to `limit` are computed until a period is proved, which then gives every value.
///
/// That search is given up early (see [`KnownValues::given_up`]) when the rest of it is expected
/// to cost more than [`PERIOD_SEARCH_WORK`]: each value of the last stage cost about as much as
/// the next ones will (they cost more as the rare heaps grow), so the rest costs at least about
/// that much per value. A game such as 0.007, whose values have no period for millions of heaps,
/// is then refused in a fraction of a second rather than after minutes.
pub fn known_values(
    rules: &TakeBreakRules,
    need: u64,
    limit: u64,
    report: Option<fn(&str, u64, u64)>,
) -> KnownValues {
    let bound = periodicity_bound(rules);
    let mut engine = Engine::new(rules.clone(), Method::Sparse);
    let mut last = if limit == 0 || need <= limit {
        need
    } else {
        1023
    };
    // The table's length and the work done at the end of the stage before.
    let mut before = (0u64, 0u64);
    loop {
        let _ = engine.extend_to(last as usize, &mut |e| {
            if let Some(report) = report {
                let total = if limit == 0 { need } else { need.min(limit) };
                report("values", e.values().len() as u64, total.saturating_add(1));
            }
            true
        });
        let all = engine.values().to_vec();
        let period = period::find(&all, bound, false);
        let proved = period.is_some_and(|p| p.proved);
        if proved || last >= need || limit == 0 || last >= limit {
            return KnownValues::new(engine.values().clone(), period);
        }
        let (len, work) = (engine.values().len() as u64, engine.work());
        if last >= ESTIMATE_FROM {
            let per_value = (work - before.1) / (len - before.0).max(1);
            let expected = per_value.saturating_mul(limit.min(need) - last);
            if expected > PERIOD_SEARCH_WORK {
                let mut known = KnownValues::new(engine.values().clone(), period);
                known.given_up = Some(expected);
                return known;
            }
        }
        before = (len, work);
        last = (2 * last + 1).min(limit).min(need);
    }
}

#[cfg(test)]
mod progress_tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::known_values;
    use crate::heap::take_and_break::rules::TakeBreakRules;

    static CALLS: AtomicU64 = AtomicU64::new(0);
    static LAST: AtomicU64 = AtomicU64::new(0);

    fn count(_: &str, done: u64, total: u64) {
        CALLS.fetch_add(1, Ordering::Relaxed);
        LAST.store(done, Ordering::Relaxed);
        assert!(done <= total, "{done} of {total}");
    }

    #[test]
    fn the_values_a_position_needs_report_their_progress() {
        let rules = TakeBreakRules::from_code("0.3F").unwrap();
        let known = known_values(&rules, 2000, 1 << 22, Some(count));
        assert_eq!(known.len(), 2001);
        assert!(CALLS.load(Ordering::Relaxed) >= 2);
        assert_eq!(LAST.load(Ordering::Relaxed), 2001);
    }
}
