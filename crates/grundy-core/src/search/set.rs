//! Sets of nimbers for the search: the values a query asks about, and the values a position may
//! still have.

use crate::Nimber;

/// A set of nimbers below [`Set::LIMIT`], as 256 bits. A position with fewer options than that has
/// a value below it, so the sets a query works with are always exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Set([u64; 4]);

impl Set {
    /// Values from here on are not held.
    pub(super) const LIMIT: u64 = 256;

    /// Every value below the limit.
    pub(super) const ALL: Set = Set([u64::MAX; 4]);

    /// `{0, 1, …, n}` (`n` below the limit).
    pub(super) fn upto(n: u64) -> Set {
        debug_assert!(n < Set::LIMIT);
        let mut s = Set::default();
        for (w, word) in s.0.iter_mut().enumerate() {
            let low = 64 * w as u64;
            if n >= low + 63 {
                *word = u64::MAX;
            } else if n >= low {
                *word = (1u64 << (n - low + 1)) - 1;
            }
        }
        s
    }

    /// `{k}`, or the empty set when `k` is past the limit.
    pub(super) fn single(k: Nimber) -> Set {
        let mut s = Set::default();
        s.insert(k.0);
        s
    }

    pub(super) fn contains(&self, v: u64) -> bool {
        v < Set::LIMIT && self.0[(v / 64) as usize] >> (v % 64) & 1 == 1
    }

    pub(super) fn insert(&mut self, v: u64) {
        if v < Set::LIMIT {
            self.0[(v / 64) as usize] |= 1 << (v % 64);
        }
    }

    fn remove(&mut self, v: u64) {
        if v < Set::LIMIT {
            self.0[(v / 64) as usize] &= !(1 << (v % 64));
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The largest value, if any.
    pub(super) fn max(&self) -> Option<u64> {
        (0..4)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u64 + 63 - u64::from(self.0[w].leading_zeros()))
    }

    /// The least value, if any.
    pub(super) fn min(&self) -> Option<u64> {
        (0..4)
            .find(|&w| self.0[w] != 0)
            .map(|w| 64 * w as u64 + u64::from(self.0[w].trailing_zeros()))
    }

    /// The one value of a set of one.
    pub(super) fn only(&self) -> Option<u64> {
        let v = self.min()?;
        (self.max() == Some(v)).then_some(v)
    }

    pub(super) fn intersects(&self, other: &Set) -> bool {
        (0..4).any(|w| self.0[w] & other.0[w] != 0)
    }

    pub(super) fn and(&self, other: &Set) -> Set {
        Set(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// The set without the values of `mask` (bit `k`: the value `k`).
    pub(super) fn without_mask(&self, mask: u64) -> Set {
        let mut s = *self;
        s.0[0] &= !mask;
        s
    }

    /// The values up to `top`.
    pub(super) fn upto_value(&self, top: u64) -> Set {
        if top >= Set::LIMIT - 1 {
            *self
        } else {
            self.and(&Set::upto(top))
        }
    }

    /// The set without its largest value.
    pub(super) fn without_max(&self) -> Set {
        let mut s = *self;
        if let Some(m) = s.max() {
            s.remove(m);
        }
        s
    }

    /// What an option of value `v` tells a position whose value lies in this set: `v` is not the
    /// position's value, and one more option is accounted for, so the set loses `v` if it holds
    /// it and else its largest value (Beling and Rogalski's counting: a position with `n`
    /// options left to look at and `n + 1` candidates keeps its value among them).
    pub(super) fn account(&mut self, v: Option<u64>) {
        match v {
            Some(v) if self.contains(v) => self.remove(v),
            _ => {
                if let Some(m) = self.max() {
                    self.remove(m);
                }
            }
        }
    }

    /// Each value XOR `x`: the values a part must have for a sum with parts worth `x` to have
    /// one of these. `None` when some would pass the limit.
    pub(super) fn xor_each(&self, x: u64) -> Option<Set> {
        if x == 0 {
            return Some(*self);
        }
        if x >= Set::LIMIT {
            return None;
        }
        let mut s = Set::default();
        for v in self.iter() {
            s.insert(v ^ x);
        }
        Some(s)
    }

    /// The values, least first.
    pub(super) fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..4u64).flat_map(move |w| {
            let mut bits = self.0[w as usize];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    64 * w + u64::from(b)
                })
            })
        })
    }

    /// The values up to `top` that are not in the set, as a mask of the values below `bits`.
    pub(super) fn missing_mask(&self, top: u64, bits: u32) -> u64 {
        let below = u64::from(bits).min(top.saturating_add(1));
        let wanted = if below >= 64 {
            u64::MAX
        } else {
            (1u64 << below) - 1
        };
        wanted & !self.0[0]
    }
}

/// A set of nimbers of any size: the small ones as bits, the rest listed.
#[derive(Default)]
pub(super) struct Seen {
    small: u128,
    wide: Vec<u64>,
}

impl Seen {
    pub(super) fn insert(&mut self, v: Nimber) {
        if v.0 < 128 {
            self.small |= 1 << v.0;
        } else {
            self.wide.push(v.0);
        }
    }

    pub(super) fn mex(&self) -> Nimber {
        let mut k = u64::from(self.small.trailing_ones());
        if k == 128 {
            while self.wide.contains(&k) {
                k += 1;
            }
        }
        Nimber(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn model(s: &Set) -> Vec<u64> {
        (0..Set::LIMIT).filter(|&v| s.contains(v)).collect()
    }

    proptest! {
        #[test]
        fn sets_behave_as_sets_of_numbers(
            values in proptest::collection::vec(0u64..256, 0..40),
            n in 0u64..256,
            x in 0u64..256,
        ) {
            let mut s = Set::default();
            for &v in &values {
                s.insert(v);
            }
            let mut want: Vec<u64> = values.clone();
            want.sort_unstable();
            want.dedup();
            prop_assert_eq!(model(&s), want.clone());
            prop_assert_eq!(s.iter().collect::<Vec<_>>(), want.clone());
            prop_assert_eq!(s.max(), want.last().copied());
            prop_assert_eq!(s.min(), want.first().copied());
            prop_assert_eq!(s.is_empty(), want.is_empty());
            prop_assert_eq!(model(&Set::upto(n)), (0..=n).collect::<Vec<_>>());
            prop_assert_eq!(
                model(&s.upto_value(n)),
                want.iter().copied().filter(|&v| v <= n).collect::<Vec<_>>()
            );
            let mut xored: Vec<u64> = want.iter().map(|v| v ^ x).collect();
            xored.sort_unstable();
            prop_assert_eq!(model(&s.xor_each(x).unwrap()), xored);
            let mut fewer = want.clone();
            fewer.pop();
            prop_assert_eq!(model(&s.without_max()), fewer);
            // Accounting for an option: its value if held, else the largest.
            let mut a = s;
            a.account(Some(x));
            let mut expect = want.clone();
            match expect.iter().position(|&v| v == x) {
                Some(i) => { expect.remove(i); }
                None => { expect.pop(); }
            }
            prop_assert_eq!(model(&a), expect);
            let mask = s.missing_mask(n, 55);
            for v in 0..64u64 {
                let missing = v <= n && v < 55 && !s.contains(v);
                prop_assert_eq!(mask >> v & 1 == 1, missing, "v = {}", v);
            }
        }
    }

    #[test]
    fn the_mex_counts_past_the_small_values() {
        let mut seen = Seen::default();
        for v in 0..130 {
            seen.insert(Nimber(v));
        }
        seen.insert(Nimber(131));
        assert_eq!(seen.mex(), Nimber(130));
    }
}
