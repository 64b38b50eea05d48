//! The mex of a table's values over a suffix of its positions, in O(log V) time.
//!
//! While a line of heaps `0, 1, 2, ...` is valued in order, keep for each value `v` the last
//! heap `last[v]` whose value is `v` (or none). The values over the heaps `a..n` (everything
//! valued so far from `a` on) are exactly those `v` with `last[v] >= a`, so their mex is the
//! least `v` with `last[v] < a`: a segment tree over the values holding the minimum of `last` in
//! each block finds it by one descent. Take-at-most-half (`n - n / 2 .. n`) asks this of every
//! heap, and a range of n / 2 options costs a few dozen steps instead of n / 2.

use super::value_tree::ValueTree;

/// For each value, the last position holding it (-1 for none), in a [`ValueTree`].
pub(super) struct LastSeen(ValueTree);

impl LastSeen {
    pub(super) fn new() -> LastSeen {
        LastSeen(ValueTree::new(-1))
    }

    /// The tree of a line whose heaps `0, 1, ...` have the values `values`, built bottom up in
    /// one pass (a line read back from a cache file is not replayed heap by heap).
    pub(super) fn from_values(len: usize, value: impl Fn(usize) -> usize + Clone) -> LastSeen {
        LastSeen(ValueTree::from_keys(
            -1,
            (0..len).map(move |n| (value(n), n as i32)),
        ))
    }

    /// The bytes a tree holding the values below `values` takes.
    pub(super) fn bytes_for(values: usize) -> u64 {
        ValueTree::bytes_for(values)
    }

    /// The bytes this tree takes.
    pub(super) fn bytes(&self) -> u64 {
        self.0.bytes()
    }

    /// Records that position `at` (later than every position recorded so far) has value `v`.
    pub(super) fn set(&mut self, v: usize, at: i64) {
        self.0.set(v, at as i32);
    }

    /// The least value `v >= from` last seen before position `a` (or never): the mex over the
    /// positions `a..` when `from` is 0.
    pub(super) fn first_before(&self, from: usize, a: i64) -> usize {
        self.0.least_below(from, a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Against the definition: the least v >= from not among the values of a..n.
        #[test]
        fn finds_the_mex_over_every_suffix(values in prop::collection::vec(prop_oneof![0usize..40, 0usize..3000], 1..80), from in 0usize..40) {
            let mut seen = LastSeen::new();
            for (n, &v) in values.iter().enumerate() {
                seen.set(v, n as i64);
                for a in 0..=n as i64 + 1 {
                    let present: std::collections::HashSet<usize> =
                        values[a as usize..=n].iter().copied().collect();
                    let want = (from..).find(|v| !present.contains(v)).unwrap();
                    prop_assert_eq!(seen.first_before(from, a), want, "n = {}, a = {}", n, a);
                }
                // Built in one pass from the values so far, the tree answers the same.
                let built = LastSeen::from_values(n + 1, |i| values[i]);
                for a in 0..=n as i64 + 1 {
                    prop_assert_eq!(built.first_before(from, a), seen.first_before(from, a));
                }
            }
        }
    }
}
