//! The mex of a table's values over a prefix of its positions, in O(log V) time.
//!
//! The mirror of [`super::last_seen`]: keep for each value `v` the first heap `first[v]` whose
//! value is `v` (never, for a value not seen yet). The values over the heaps `0..b` are those
//! `v` with `first[v] < b`, so their mex is the least `v` with `first[v] >= b`: a segment tree
//! over the values holding the maximum of `first` in each block finds it by one descent. A heap
//! whose options are every heap from 0 to a little below it (`0 ..= n - c`) asks this, and costs
//! a few dozen steps instead of n.

/// For each value, the first position holding it; a segment tree of maxima over the values.
pub(super) struct FirstSeen {
    /// Leaves at `size..2 * size`: the first position of each value, [`NEVER`] for none. Node `i`
    /// holds the maximum of its children `2i` and `2i + 1`.
    tree: Vec<i32>,
    size: usize,
}

/// The first position of a value not seen yet: later than any.
const NEVER: i32 = i32::MAX;

impl FirstSeen {
    /// The tree of a line whose heaps `0, 1, ...` have the values `values`, in one pass.
    pub(super) fn from_values(len: usize, value: impl Fn(usize) -> usize) -> FirstSeen {
        let most = (0..len).map(&value).max().unwrap_or(0);
        let size = (most + 1).next_power_of_two().max(1024);
        let mut tree = vec![NEVER; 2 * size];
        for n in (0..len).rev() {
            tree[size + value(n)] = n as i32;
        }
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].max(tree[2 * i + 1]);
        }
        FirstSeen { tree, size }
    }

    /// The bytes this tree takes.
    pub(super) fn bytes(&self) -> u64 {
        4 * self.tree.len() as u64
    }

    /// Records that position `at` (later than every position recorded so far) has value `v`:
    /// only a value's first position is kept.
    pub(super) fn set(&mut self, v: usize, at: i64) {
        while v >= self.size {
            self.grow();
        }
        let mut i = self.size + v;
        if self.tree[i] != NEVER {
            return;
        }
        self.tree[i] = at as i32;
        while i > 1 {
            i /= 2;
            let max = self.tree[2 * i].max(self.tree[2 * i + 1]);
            if self.tree[i] == max {
                break;
            }
            self.tree[i] = max;
        }
    }

    /// Twice the values: the leaves move to the new bottom row, the new ones never seen.
    fn grow(&mut self) {
        let size = 2 * self.size;
        let mut tree = vec![NEVER; 2 * size];
        tree[size..size + self.size].copy_from_slice(&self.tree[self.size..]);
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].max(tree[2 * i + 1]);
        }
        self.tree = tree;
        self.size = size;
    }

    /// The least value `v >= from` not seen before position `b`: the mex over the positions
    /// `0..b` when `from` is 0.
    pub(super) fn first_missing(&self, from: usize, b: i64) -> usize {
        if from >= self.size {
            return from;
        }
        // Every value from the tree's size on is never seen.
        self.descend(1, 0, self.size, from, b).unwrap_or(self.size)
    }

    /// The least leaf index `>= from` under `node` (covering `lo..hi`) first seen at `b` or later.
    fn descend(&self, node: usize, lo: usize, hi: usize, from: usize, b: i64) -> Option<usize> {
        if hi <= from || i64::from(self.tree[node]) < b {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = (lo + hi) / 2;
        self.descend(2 * node, lo, mid, from, b)
            .or_else(|| self.descend(2 * node + 1, mid, hi, from, b))
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
