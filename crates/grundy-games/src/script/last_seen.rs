//! The mex of a table's values over a suffix of its positions, in O(log V) time.
//!
//! While a line of heaps `0, 1, 2, ...` is valued in order, keep for each value `v` the last
//! heap `last[v]` whose value is `v` (or none). The values over the heaps `a..n` (everything
//! valued so far from `a` on) are exactly those `v` with `last[v] >= a`, so their mex is the
//! least `v` with `last[v] < a`: a segment tree over the values holding the minimum of `last` in
//! each block finds it by one descent. Take-at-most-half (`n - n / 2 .. n`) asks this of every
//! heap, and a range of n / 2 options costs a few dozen steps instead of n / 2.

/// For each value, the last position holding it; a segment tree of minima over the values.
pub(super) struct LastSeen {
    /// Leaves at `size..2 * size`: the last position of each value, -1 for none. Node `i` holds
    /// the minimum of its children `2i` and `2i + 1`.
    tree: Vec<i64>,
    size: usize,
}

impl LastSeen {
    pub(super) fn new() -> LastSeen {
        LastSeen {
            tree: vec![-1; 2 * 1024],
            size: 1024,
        }
    }

    /// Records that position `at` (later than every position recorded so far) has value `v`.
    pub(super) fn set(&mut self, v: usize, at: i64) {
        while v >= self.size {
            self.grow();
        }
        let mut i = self.size + v;
        self.tree[i] = at;
        while i > 1 {
            i /= 2;
            self.tree[i] = self.tree[2 * i].min(self.tree[2 * i + 1]);
        }
    }

    /// Twice the values: the leaves move to the new bottom row, the new ones hold -1.
    fn grow(&mut self) {
        let size = 2 * self.size;
        let mut tree = vec![-1; 2 * size];
        tree[size..size + self.size].copy_from_slice(&self.tree[self.size..]);
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].min(tree[2 * i + 1]);
        }
        self.tree = tree;
        self.size = size;
    }

    /// The least value `v >= from` last seen before position `a` (or never): the mex over the
    /// positions `a..` when `from` is 0.
    pub(super) fn first_before(&self, from: usize, a: i64) -> usize {
        if from >= self.size {
            return from;
        }
        self.descend(1, 0, self.size, from, a).unwrap_or(self.size)
    }

    /// The least leaf index `>= from` under `node` (covering `lo..hi`) with a value `< a`.
    fn descend(&self, node: usize, lo: usize, hi: usize, from: usize, a: i64) -> Option<usize> {
        if hi <= from || self.tree[node] >= a {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = (lo + hi) / 2;
        self.descend(2 * node, lo, mid, from, a)
            .or_else(|| self.descend(2 * node + 1, mid, hi, from, a))
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
            }
        }
    }
}
