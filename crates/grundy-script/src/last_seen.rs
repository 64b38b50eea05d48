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
    /// the minimum of its children `2i` and `2i + 1`. Positions are below 2^31 (a line's heaps
    /// are capped there), so four bytes each: the tree is the larger half of a long line's memory.
    tree: Vec<i32>,
    size: usize,
}

/// The fewest leaves a tree starts with.
const FIRST_SIZE: usize = 1024;

impl LastSeen {
    pub(super) fn new() -> LastSeen {
        LastSeen {
            tree: vec![-1; 2 * FIRST_SIZE],
            size: FIRST_SIZE,
        }
    }

    /// The tree of a line whose heaps `0, 1, ...` have the values `values`, built bottom up in
    /// one pass (a line read back from a cache file is not replayed heap by heap).
    pub(super) fn from_values(len: usize, value: impl Fn(usize) -> usize) -> LastSeen {
        let most = (0..len).map(&value).max().unwrap_or(0);
        let size = (most + 1).next_power_of_two().max(FIRST_SIZE);
        let mut tree = vec![-1; 2 * size];
        for n in 0..len {
            tree[size + value(n)] = n as i32;
        }
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].min(tree[2 * i + 1]);
        }
        LastSeen { tree, size }
    }

    /// The bytes a tree holding the values below `values` takes.
    pub(super) fn bytes_for(values: usize) -> u64 {
        2 * 4 * values.next_power_of_two().max(FIRST_SIZE) as u64
    }

    /// The bytes this tree takes.
    pub(super) fn bytes(&self) -> u64 {
        4 * self.tree.len() as u64
    }

    /// Records that position `at` (later than every position recorded so far) has value `v`.
    pub(super) fn set(&mut self, v: usize, at: i64) {
        while v >= self.size {
            self.grow();
        }
        let mut i = self.size + v;
        self.tree[i] = at as i32;
        while i > 1 {
            i /= 2;
            let min = self.tree[2 * i].min(self.tree[2 * i + 1]);
            // `at` is later than every position recorded, so a minimum that stays the same here
            // stays the same above: most updates stop a few levels up.
            if self.tree[i] == min {
                break;
            }
            self.tree[i] = min;
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
        if from == 0 {
            // The mex of a suffix, asked of nearly every heap: one descent, always to the
            // leftmost child that has a value last seen before `a`.
            if i64::from(self.tree[1]) >= a {
                return self.size;
            }
            let mut node = 1;
            while node < self.size {
                node *= 2;
                if i64::from(self.tree[node]) >= a {
                    node += 1;
                }
            }
            return node - self.size;
        }
        self.descend(1, 0, self.size, from, a).unwrap_or(self.size)
    }

    /// The least leaf index `>= from` under `node` (covering `lo..hi`) with a value `< a`.
    fn descend(&self, node: usize, lo: usize, hi: usize, from: usize, a: i64) -> Option<usize> {
        if hi <= from || i64::from(self.tree[node]) >= a {
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
                // Built in one pass from the values so far, the tree answers the same.
                let built = LastSeen::from_values(n + 1, |i| values[i]);
                for a in 0..=n as i64 + 1 {
                    prop_assert_eq!(built.first_before(from, a), seen.first_before(from, a));
                }
            }
        }
    }
}
