//! A segment tree over a line's values that finds, in one descent, the least value whose key is
//! below a bound: the engine of [`super::last_seen`] (the key of a value is the last heap that
//! has it) and [`super::first_seen`] (the mirror of the first heap that has it).

/// For each value a key, and in each block of values the least key.
pub(super) struct ValueTree {
    /// Leaves at `size..2 * size`: the key of each value, `none` for a value not seen. Node `i`
    /// holds the minimum of its children `2i` and `2i + 1`. Keys are heaps (or their mirrors)
    /// below 2^31 (a line's heaps are capped there), so four bytes each: the tree is the larger
    /// half of a long line's memory.
    tree: Vec<i32>,
    size: usize,
    /// The key of a value not seen, below every bound asked: such a value always qualifies.
    none: i32,
}

/// The fewest leaves a tree starts with.
const FIRST_SIZE: usize = 1024;

impl ValueTree {
    pub(super) fn new(none: i32) -> ValueTree {
        ValueTree {
            tree: vec![none; 2 * FIRST_SIZE],
            size: FIRST_SIZE,
            none,
        }
    }

    /// The tree holding `keys` (value, key), a later key of a value replacing an earlier one,
    /// built bottom up in one pass.
    pub(super) fn from_keys(
        none: i32,
        keys: impl Iterator<Item = (usize, i32)> + Clone,
    ) -> ValueTree {
        let most = keys.clone().map(|(v, _)| v).max().unwrap_or(0);
        let size = (most + 1).next_power_of_two().max(FIRST_SIZE);
        let mut tree = vec![none; 2 * size];
        for (v, key) in keys {
            tree[size + v] = key;
        }
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].min(tree[2 * i + 1]);
        }
        ValueTree { tree, size, none }
    }

    /// The bytes a tree holding the values below `values` takes.
    pub(super) fn bytes_for(values: usize) -> u64 {
        2 * 4 * values.next_power_of_two().max(FIRST_SIZE) as u64
    }

    /// The bytes this tree takes.
    pub(super) fn bytes(&self) -> u64 {
        4 * self.tree.len() as u64
    }

    /// The key of `v`, `none` if it was never set.
    pub(super) fn key(&self, v: usize) -> i32 {
        self.tree.get(self.size + v).copied().unwrap_or(self.none)
    }

    /// Sets the key of `v`.
    pub(super) fn set(&mut self, v: usize, key: i32) {
        while v >= self.size {
            self.grow();
        }
        let mut i = self.size + v;
        self.tree[i] = key;
        while i > 1 {
            i /= 2;
            let min = self.tree[2 * i].min(self.tree[2 * i + 1]);
            // A minimum that stays the same here stays the same above: as keys only move one
            // way in each use, most updates stop a few levels up.
            if self.tree[i] == min {
                break;
            }
            self.tree[i] = min;
        }
    }

    /// Twice the values: the leaves move to the new bottom row, the new ones not seen.
    fn grow(&mut self) {
        let size = 2 * self.size;
        let mut tree = vec![self.none; 2 * size];
        tree[size..size + self.size].copy_from_slice(&self.tree[self.size..]);
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].min(tree[2 * i + 1]);
        }
        self.tree = tree;
        self.size = size;
    }

    /// The least value `v >= from` whose key is below `bound` (every value past the tree's is
    /// not seen, so qualifies).
    pub(super) fn least_below(&self, from: usize, bound: i64) -> usize {
        if from >= self.size {
            return from;
        }
        if from == 0 {
            // A mex, asked of nearly every heap: one descent, always to the leftmost child that
            // has a key below the bound.
            if i64::from(self.tree[1]) >= bound {
                return self.size;
            }
            let mut node = 1;
            while node < self.size {
                node *= 2;
                if i64::from(self.tree[node]) >= bound {
                    node += 1;
                }
            }
            return node - self.size;
        }
        self.descend(1, 0, self.size, from, bound)
            .unwrap_or(self.size)
    }

    /// The least leaf index `>= from` under `node` (covering `lo..hi`) with a key `< bound`.
    fn descend(&self, node: usize, lo: usize, hi: usize, from: usize, bound: i64) -> Option<usize> {
        if hi <= from || i64::from(self.tree[node]) >= bound {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = (lo + hi) / 2;
        self.descend(2 * node, lo, mid, from, bound)
            .or_else(|| self.descend(2 * node + 1, mid, hi, from, bound))
    }
}
