//! The minimum excludant.
//!
//! `mex(S)` is the least natural number not in `S`. The Sprague–Grundy function is
//! `G(p) = mex { G(q) : q an option of p }`, so mex sits in the innermost loop of every solver.
//! Option values are almost always small, so we mark them in a 128-bit word and only touch the
//! heap when a value of 128 or more actually matters.

use crate::Nimber;

/// The least nimber not produced by `values`.
///
/// Allocation-free unless every value below 128 occurs, which is rare in practice.
///
/// ```
/// use grundy_core::{mex, Nimber};
/// assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
/// assert_eq!(mex(std::iter::empty()), Nimber(0));
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut small: u128 = 0;
    let mut large: Vec<u64> = Vec::new();
    for v in values {
        if v.0 < 128 {
            small |= 1u128 << v.0;
        } else {
            large.push(v.0);
        }
    }
    if small != u128::MAX {
        return Nimber((!small).trailing_zeros() as u64);
    }
    mex_of_large(128, &large)
}

/// The least `n >= start` missing from `values`, which are all `>= start`: at most
/// `start + values.len()`, so one bit a value finds it in linear time (a game whose values grow,
/// like taking at most half a heap, has thousands of large values a position).
fn mex_of_large(start: u64, values: &[u64]) -> Nimber {
    let n = values.len();
    let mut seen = vec![0u64; n / 64 + 1];
    for &v in values.iter() {
        let i = v - start;
        if i <= n as u64 {
            seen[i as usize / 64] |= 1 << (i % 64);
        }
    }
    let (word, bits) = seen
        .iter()
        .enumerate()
        .find(|(_, w)| **w != u64::MAX)
        .expect("n values leave one of n + 1 slots free");
    Nimber(start + word as u64 * 64 + (!bits).trailing_zeros() as u64)
}

/// A reusable bitset for computing many mexes in a hot loop without allocating.
///
/// Values are inserted, [`MexSet::mex`] is read, then [`MexSet::clear`] resets only the words
/// that were touched, so the cost of a round is proportional to the number of options.
///
/// ```
/// use grundy_core::{MexSet, Nimber};
/// let mut set = MexSet::new();
/// for v in [0, 1, 2, 4, 300] { set.insert(Nimber(v)); }
/// assert_eq!(set.mex(), Nimber(3));
/// set.clear();
/// assert_eq!(set.mex(), Nimber(0));
/// ```
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    touched: Vec<usize>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Marks `v` as present.
    #[inline]
    pub fn insert(&mut self, v: Nimber) {
        let w = (v.0 / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if self.words[w] == 0 {
            self.touched.push(w);
        }
        self.words[w] |= 1u64 << (v.0 % 64);
    }

    /// Whether `v` is present.
    #[inline]
    pub fn contains(&self, v: Nimber) -> bool {
        let w = (v.0 / 64) as usize;
        w < self.words.len() && self.words[w] & (1u64 << (v.0 % 64)) != 0
    }

    /// The least value not present.
    #[inline]
    pub fn mex(&self) -> Nimber {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return Nimber(i as u64 * 64 + (!w).trailing_zeros() as u64);
            }
        }
        Nimber(self.words.len() as u64 * 64)
    }

    /// Empties the set, in time proportional to what was inserted.
    #[inline]
    pub fn clear(&mut self) {
        for &w in &self.touched {
            self.words[w] = 0;
        }
        self.touched.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_mex(values: &[u64]) -> u64 {
        (0..).find(|n| !values.contains(n)).unwrap()
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..300, 0..400)) {
            let expected = naive_mex(&values);
            prop_assert_eq!(mex(values.iter().copied().map(Nimber)), Nimber(expected));
            let mut set = MexSet::new();
            for &v in &values { set.insert(Nimber(v)); }
            prop_assert_eq!(set.mex(), Nimber(expected));
            set.clear();
            prop_assert_eq!(set.mex(), Nimber(0));
        }
    }

    #[test]
    fn mex_past_128() {
        let values: Vec<Nimber> = (0..200).filter(|&v| v != 150).map(Nimber).collect();
        assert_eq!(mex(values), Nimber(150));
        assert_eq!(mex((0..128).map(Nimber)), Nimber(128));
    }
}
