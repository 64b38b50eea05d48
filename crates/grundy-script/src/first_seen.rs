//! The mex of a table's values over a prefix of its positions, in O(log V) time.
//!
//! The mirror of [`super::last_seen`]: keep for each value `v` the first heap `first[v]` whose
//! value is `v` (never, for a value not seen yet). The values over the heaps `0..b` are those
//! `v` with `first[v] < b`, so their mex is the least `v` with `first[v] >= b`: a segment tree
//! over the values holding the maximum of `first` in each block finds it by one descent. A heap
//! whose options are every heap from 0 to a little below it (`0 ..= n - c`) asks this, and costs
//! a few dozen steps instead of n.

use super::value_tree::ValueTree;

/// For each value, the first position holding it, in a [`ValueTree`] whose key is the mirror
/// `-first - 1` (so that a later first position is a smaller key) and [`NEVER`] for none.
pub(super) struct FirstSeen(ValueTree);

/// The key of a value not seen yet: below every mirror of a position.
const NEVER: i32 = i32::MIN;

impl FirstSeen {
    /// The tree of a line whose heaps `0, 1, ...` have the values `values`, in one pass.
    pub(super) fn from_values(len: usize, value: impl Fn(usize) -> usize + Clone) -> FirstSeen {
        // From the last heap down, so that each value keeps its first heap.
        FirstSeen(ValueTree::from_keys(
            NEVER,
            (0..len).rev().map(move |n| (value(n), -(n as i32) - 1)),
        ))
    }

    /// The bytes this tree takes.
    pub(super) fn bytes(&self) -> u64 {
        self.0.bytes()
    }

    /// Records that position `at` (later than every position recorded so far) has value `v`:
    /// only a value's first position is kept.
    pub(super) fn set(&mut self, v: usize, at: i64) {
        if self.0.key(v) == NEVER {
            self.0.set(v, -(at as i32) - 1);
        }
    }

    /// The least value `v >= from` not seen before position `b`: the mex over the positions
    /// `0..b` when `from` is 0. (`first >= b` is `-first - 1 < -b`.)
    pub(super) fn first_missing(&self, from: usize, b: i64) -> usize {
        self.0.least_below(from, -b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Against the definition: the least v >= from not among the values of 0..b.
        #[test]
        fn finds_the_mex_over_every_prefix(values in prop::collection::vec(prop_oneof![0usize..40, 0usize..3000], 1..80), from in 0usize..40) {
            let mut seen = FirstSeen::from_values(0, |_| 0);
            for (n, &v) in values.iter().enumerate() {
                seen.set(v, n as i64);
                let built = FirstSeen::from_values(n + 1, |i| values[i]);
                for b in 0..=n as i64 + 1 {
                    let present: std::collections::HashSet<usize> =
                        values[..b as usize].iter().copied().collect();
                    let want = (from..).find(|v| !present.contains(v)).unwrap();
                    prop_assert_eq!(seen.first_missing(from, b), want, "n = {}, b = {}", n, b);
                    prop_assert_eq!(built.first_missing(from, b), want);
                }
            }
        }
    }
}
