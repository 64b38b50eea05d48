//! What a search has learned about positions so far, keyed by position.
//!
//! Searches over a game's positions (the memoizing [`crate::Solver`], the outcome-only search)
//! remember one small fact per position: its value, or whether it is lost. Positions with a small
//! [`Ruleset::index`] (heaps) keep it in an array, because in a game with thousands of options a
//! position, looking the options up is the search's whole work; the rest are hashed.

use rustc_hash::FxHashMap;

use crate::Ruleset;

/// A fact kept for a position, with a value that means "not known yet" in the array.
pub(crate) trait Slot: Copy + PartialEq {
    /// The array's mark of a position not seen; never stored as a fact.
    const UNKNOWN: Self;
}

impl Slot for u64 {
    const UNKNOWN: u64 = u64::MAX;
}

impl Slot for u8 {
    const UNKNOWN: u8 = u8::MAX;
}

/// Indices from here on are hashed: the array grows to the largest index met, so it is kept to a
/// size that costs little (32 MiB of values, 4 MiB of outcomes).
pub(crate) const DENSE_LIMIT: usize = 1 << 22;

/// One fact a position: by index in an array, or hashed.
pub(crate) struct Memo<P, S> {
    hashed: FxHashMap<P, S>,
    /// `dense[i]`: the fact about the position of index `i`, or [`Slot::UNKNOWN`].
    dense: Vec<S>,
    dense_len: usize,
}

impl<P, S> Default for Memo<P, S> {
    fn default() -> Self {
        Memo {
            hashed: FxHashMap::default(),
            dense: Vec::new(),
            dense_len: 0,
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash, S: Slot> Memo<P, S> {
    pub(crate) fn get<R: Ruleset<Position = P>>(&self, ruleset: &R, p: &P) -> Option<S> {
        match ruleset.index(p) {
            Some(i) if i < DENSE_LIMIT => self.dense.get(i).copied().filter(|&s| s != S::UNKNOWN),
            _ => self.hashed.get(p).copied(),
        }
    }

    pub(crate) fn insert<R: Ruleset<Position = P>>(&mut self, ruleset: &R, p: P, fact: S) {
        debug_assert!(fact != S::UNKNOWN, "the array's mark is not a fact");
        match ruleset.index(&p) {
            Some(i) if i < DENSE_LIMIT => {
                if i >= self.dense.len() {
                    self.dense.resize(i + 1, S::UNKNOWN);
                }
                if self.dense[i] == S::UNKNOWN {
                    self.dense_len += 1;
                }
                self.dense[i] = fact;
            }
            _ => {
                self.hashed.insert(p, fact);
            }
        }
    }

    /// Forgets every fact for which `keep` is false.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(S) -> bool) {
        self.hashed.retain(|_, s| keep(*s));
        for s in self.dense.iter_mut() {
            if *s != S::UNKNOWN && !keep(*s) {
                *s = S::UNKNOWN;
                self.dense_len -= 1;
            }
        }
    }

    /// How many positions are known.
    pub(crate) fn len(&self) -> usize {
        self.hashed.len() + self.dense_len
    }
}
