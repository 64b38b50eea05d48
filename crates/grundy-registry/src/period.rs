//! Periods of Grundy sequences, found in a table of values and proved where a theorem allows.
//!
//! A sequence is *(arithmetically) periodic* with preperiod `n0`, period `p` and saltus `s` when
//! `G(n + p) = G(n) + s` for every `n >= n0`. A finite table can only show that this holds up to its
//! end; it holds *forever* when a theorem turns a long enough window into a proof:
//!
//! - take-and-break games leaving at most `m` heaps and removing at most `t` tokens (octal games:
//!   `m = 2`; subtraction games with a finite set: `m = 1`, `t = max S`): a window
//!   `n0 <= n < m·n0 + (m−1)·p + t` suffices (see `crate::heap::take_and_break`, whose
//!   rules give the bound: `periodicity_bound`);
//! - other games prove their own periods (Lasker's Nim: period 4, saltus 4, by its theorem).

use serde::Serialize;

/// The periodicity theorem, as the proof of a take-and-break or subtraction game's period.
pub const PERIODICITY_THEOREM: &str =
    "the periodicity theorem for take-and-break games (Guy and Smith 1956; Winning Ways, ch. 4)";

/// A period of a Grundy sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The least `n0` with `G(n + p) = G(n) + s` for all checked `n >= n0`.
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// The saltus `s` (0 for plain periodicity).
    pub saltus: u64,
    /// Whether a theorem extends the period to every heap size.
    pub proved: bool,
    /// The largest heap size whose value was computed.
    pub checked_upto: u64,
}

impl Period {
    /// `G(n)` for any `n`, from the first `preperiod + period` values.
    pub fn extend(&self, head: impl Fn(u64) -> u64, n: u64) -> Option<u64> {
        if n < self.preperiod + self.period {
            return Some(head(n));
        }
        let cycles = (n - self.preperiod) / self.period;
        let base = n - cycles * self.period;
        head(base).checked_add(cycles.checked_mul(self.saltus)?)
    }
}

/// How a window of repeated values proves a period (the game leaves at most `parts` heaps and
/// removes at most `max_removal` tokens): the core's, shared with misère quotients.
pub use grundy_core::heap::PeriodicityBound;

/// The period of `values` (G(0), …, G(N)): the smallest period a `bound` proves, or else the
/// smallest one that has repeated at least three times at the end of the table (not proved).
/// With `arithmetic`, a positive saltus is looked for too (never proved here).
/// The values may be stored in any width (`u8`, `u16`, `u32`): a compact table is read in place.
pub fn find<T: Copy + Into<u32>>(
    values: &[T],
    bound: Option<PeriodicityBound>,
    arithmetic: bool,
) -> Option<Period> {
    find_in(values.len(), |i| values[i].into(), bound, arithmetic)
}

/// [`find`] over `len` values read by `value(i)`: a table stored in its own width (a billion heaps
/// are not copied to search their period).
pub fn find_in(
    len: usize,
    value: impl Fn(usize) -> u32,
    bound: Option<PeriodicityBound>,
    arithmetic: bool,
) -> Option<Period> {
    let values = value;
    if len < 2 {
        return None;
    }
    let last = (len - 1) as u64;
    let mut candidate: Option<Period> = None;
    for p in 1..len {
        let s = values(len - 1) as i64 - values(len - 1 - p) as i64;
        if s < 0 || (s > 0 && !arithmetic) {
            continue;
        }
        // Walk back from the end while G(n + p) = G(n) + s.
        let mut n0 = len - p;
        while n0 > 0 && values(n0 - 1 + p) as i64 - values(n0 - 1) as i64 == s {
            n0 -= 1;
        }
        let period = Period {
            preperiod: n0 as u64,
            period: p as u64,
            saltus: s as u64,
            proved: false,
            checked_upto: last,
        };
        if s == 0 && bound.is_some_and(|b| b.proves(n0 as u64, p as u64, last)) {
            return Some(Period {
                proved: true,
                ..period
            });
        }
        if candidate.is_none() && (len - n0) >= 3 * p && len - n0 >= p + 8 {
            candidate = Some(period);
            if bound.is_none() {
                return candidate;
            }
        }
        // A proved period p' >= p must repeat over the window, which needs room.
        if bound.is_some_and(|b| !b.proves(0, p as u64, last)) {
            break;
        }
    }
    candidate
}

/// The period that holds over the longest tail of `values` (the least preperiod), the smallest
/// period among those; never proved. Unlike [`find`], a short run at the end (a stretch where
/// `G` grows by one) does not pass for the period: only a period repeated over at least a
/// quarter of the table, three times or more, is reported. Periods up to `max_period` are tried.
pub fn longest<T: Copy + Into<u32>>(
    values: &[T],
    max_period: usize,
    arithmetic: bool,
) -> Option<Period> {
    let len = values.len();
    let value = |i: usize| values[i].into() as i64;
    let mut best: Option<Period> = None;
    for p in 1..=max_period.min(len / 3) {
        let s = value(len - 1) - value(len - 1 - p);
        if s < 0 || (s > 0 && !arithmetic) {
            continue;
        }
        let mut n0 = len - p;
        while n0 > 0 && value(n0 - 1 + p) - value(n0 - 1) == s {
            n0 -= 1;
        }
        let tail = len - n0;
        if tail < 3 * p || tail < len / 4 {
            continue;
        }
        if best.is_none_or(|b| (n0 as u64) < b.preperiod) {
            best = Some(Period {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: s as u64,
                proved: false,
                checked_upto: len as u64 - 1,
            });
        }
        // Nothing starts before 0 (and every multiple of this period holds as long).
        if best.is_some_and(|b| b.preperiod == 0) {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_periodic_tail_is_found_with_its_preperiod() {
        // 5 7 | 0 1 2 0 1 2 ...
        let mut v: Vec<u32> = vec![5, 7];
        v.extend((0..60).map(|i| i % 3));
        let b = PeriodicityBound {
            parts: 1,
            max_removal: 3,
        };
        let p = find(&v, Some(b), false).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.proved), (2, 3, 0, true));
        assert_eq!(
            p.extend(|n| v[n as usize] as u64, 1000),
            Some((998 % 3) as u64)
        );
    }

    #[test]
    fn arithmetic_periods_are_found_but_not_proved_here() {
        let v: Vec<u32> = (0..50).map(|n| 2 * (n / 2) + (n % 2) * 5).collect();
        let p = find(&v, None, true).unwrap();
        assert_eq!((p.period, p.saltus, p.proved), (2, 2, false));
    }

    proptest::proptest! {
        /// The search over a compact view (bytes, or two-byte values) finds what the search over
        /// the same values as `u32` finds: tables with a planted period after a random head,
        /// with and without a bound to prove it, with and without a saltus.
        #[test]
        fn a_compact_view_finds_the_period_of_its_u32_copy(
            head in proptest::collection::vec(0u32..6, 0..40),
            cycle in proptest::collection::vec(0u32..6, 1..9),
            len in 1usize..160,
            saltus in 0u32..3,
            parts in 1u64..3,
            max_removal in 1u64..6,
            bounded: bool,
        ) {
            let p = cycle.len();
            let mut v = head.clone();
            for n in 0..len {
                v.push(cycle[n % p] + saltus * (n / p) as u32);
            }
            let bound = bounded.then_some(PeriodicityBound { parts, max_removal });
            for arithmetic in [false, true] {
                let want = find(&v, bound, arithmetic);
                let wide: Vec<u16> = v.iter().map(|&x| x as u16).collect();
                proptest::prop_assert_eq!(find(&wide, bound, arithmetic), want);
                if v.iter().all(|&x| x <= 255) {
                    let narrow: Vec<u8> = v.iter().map(|&x| x as u8).collect();
                    proptest::prop_assert_eq!(find(&narrow, bound, arithmetic), want);
                }
                            }
        }
    }

    #[test]
    fn the_longest_period_is_not_a_run_at_the_end() {
        // Purely periodic with period 5, saltus 3, then a late run of +1 steps would fool a
        // search of the end alone; here the whole table is periodic, and p = 5 is found.
        let v: Vec<u32> = (0..400u32)
            .map(|n| 3 * (n / 5) + [0, 2, 1, 3, 2][n as usize % 5])
            .collect();
        let p = longest(&v, 100, true).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 5, 3));
        // A table whose only repetition is a short run at its end has no period.
        let mut w: Vec<u32> = (0..200u32).map(|n| (n * 7919) % 13).collect();
        w.extend(100..110);
        assert_eq!(longest(&w, 100, true), None);
    }

    #[test]
    fn the_proof_window_must_fit() {
        let b = PeriodicityBound {
            parts: 2,
            max_removal: 2,
        };
        // Kayles: 2·71 + 12 + 2 = 156, so n up to 155 and n + 12 up to 167.
        assert!(b.proves(71, 12, 167));
        assert!(!b.proves(71, 12, 166));
    }
}
