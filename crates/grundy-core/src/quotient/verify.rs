//! The proof that a candidate quotient gives every position its outcome.
//!
//! Let `Φ` send each heap to an element of a bipartite monoid `(Q, P)`, and `O_h` be the set of
//! elements of heap `h`'s options. Of a position `x` (a multiset of heaps) follow two things:
//! its element `Φ(x)`, and the set `M(x)` of its options' elements. Both are computed letter by
//! letter, since adding a heap `h` to `x` gives
//!
//! ```text
//! Φ(x + h) = Φ(x)·Φ(h)        M(x + h) = M(x)·Φ(h) ∪ Φ(x)·O_h
//! ```
//!
//! (an option of `x + h` moves in `x`, or in `h`). So the pairs `(Φ(x), M(x))` of all positions
//! are the states of a finite automaton, reached by breadth-first search from `(1, ∅)`.
//!
//! **Theorem.** If every reachable state is *consistent* — `Φ(x) ∈ P` exactly when `M(x)` is
//! not empty and misses `P` — then `Φ(x) ∈ P` exactly when `x` is a misère P-position, for every
//! position `x`. *Proof*, by induction on `x`: its options `x'` have `Φ(x') ∈ P` exactly when
//! they are P-positions, so `M(x)` meets `P` exactly when `x` has a move to a P-position; and
//! `x` is a P-position exactly when it has a move (`M(x) ≠ ∅`) and none to a P-position. ∎
//!
//! So a consistent candidate is correct on infinitely many positions after a finite search, and
//! if it is also reduced it is the misère quotient itself. An inconsistent state comes with the
//! position that reached it.

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};

use super::monoid::Monoid;

/// The heaps as the automaton reads them: heaps with the same element and the same options'
/// elements act alike, so each such class is read once.
#[derive(Clone, Debug)]
pub(crate) struct Letters {
    /// Each letter's element.
    pub phi: Vec<u32>,
    /// Each letter's options' elements, sorted.
    pub options: Vec<Vec<u32>>,
    /// The smallest heap of each letter.
    pub heap: Vec<u64>,
}

impl Letters {
    /// The letters of heaps `1..`, given each heap's element and its options' elements.
    pub fn new(phi: &[u32], osets: &[Vec<u32>]) -> Self {
        let mut seen: FxHashSet<(u32, &[u32])> = FxHashSet::default();
        let mut letters = Letters {
            phi: Vec::new(),
            options: Vec::new(),
            heap: Vec::new(),
        };
        for h in 1..phi.len() {
            let key = (phi[h], osets[h].as_slice());
            if seen.insert(key) {
                letters.phi.push(key.0);
                letters.options.push(key.1.to_vec());
                letters.heap.push(h as u64);
            }
        }
        letters
    }
}

/// The element of a multiset of heaps.
pub(crate) fn element_of(monoid: &Monoid, phi: &[u32], heaps: &[u64]) -> u32 {
    heaps.iter().fold(monoid.identity(), |acc, &h| {
        monoid.mul(acc, phi[h as usize])
    })
}

/// Why the automaton was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refuted {
    /// It has more states than the cap.
    TooLarge,
    /// Memory ran short (the bytes held; see [`crate::limits::Limits::check_memory`]).
    Memory(u64),
    /// The stop flag was set.
    Interrupted,
}

/// The reachable states `(Φ(x), M(x))`, their transitions, and a word reaching each.
pub(crate) struct Automaton {
    /// Each state's element and whether it is consistent-P (`M` non-empty, missing `P`).
    pub element: Vec<u32>,
    pub claims_p: Vec<bool>,
    /// `next[s * letters + l]`.
    pub next: Vec<u32>,
    /// The letter that first reached each state, and from where (for its word).
    parent: Vec<(u32, u32)>,
}

impl Automaton {
    /// Every state reachable from the empty position, at most `cap` of them.
    pub fn explore(
        monoid: &Monoid,
        letters: &Letters,
        cap: usize,
        limits: &crate::limits::Limits,
        stop: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<Self, Refuted> {
        let words = monoid.order().div_ceil(64);
        let nl = letters.phi.len();
        let mut index: FxHashMap<(u32, Box<[u64]>), u32> = FxHashMap::default();
        let mut states: Vec<(u32, Box<[u64]>)> = Vec::new();
        let mut aut = Automaton {
            element: Vec::new(),
            claims_p: Vec::new(),
            next: Vec::new(),
            parent: Vec::new(),
        };
        let start = (monoid.identity(), vec![0u64; words].into_boxed_slice());
        index.insert(start.clone(), 0);
        states.push(start);
        aut.parent.push((u32::MAX, u32::MAX));
        let mut queue = VecDeque::from([0u32]);
        let mut m2 = vec![0u64; words];
        while let Some(s) = queue.pop_front() {
            // A relaxed load per state: a proof of millions of states stops within a moment.
            if stop.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) {
                return Err(Refuted::Interrupted);
            }
            let (x, m) = states[s as usize].clone();
            for l in 0..nl {
                let g = letters.phi[l];
                m2.iter_mut().for_each(|w| *w = 0);
                for (wi, &w) in m.iter().enumerate() {
                    let mut bits = w;
                    while bits != 0 {
                        let e = wi * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let f = monoid.mul(e as u32, g) as usize;
                        m2[f / 64] |= 1 << (f % 64);
                    }
                }
                for &o in &letters.options[l] {
                    let f = monoid.mul(x, o) as usize;
                    m2[f / 64] |= 1 << (f % 64);
                }
                let key = (monoid.mul(x, g), m2.clone().into_boxed_slice());
                let t = match index.get(&key) {
                    Some(&t) => t,
                    None => {
                        if states.len() >= cap {
                            return Err(Refuted::TooLarge);
                        }
                        if let Err(crate::SolveError::MemoryCap { bytes, .. }) = limits
                            .check_memory(states.len(), || {
                                "the misère quotient's proof".to_string()
                            })
                        {
                            return Err(Refuted::Memory(bytes));
                        }
                        let t = states.len() as u32;
                        index.insert(key.clone(), t);
                        states.push(key);
                        aut.parent.push((s, l as u32));
                        queue.push_back(t);
                        t
                    }
                };
                aut.next.push(t);
            }
        }
        for (x, m) in &states {
            let nonempty = m.iter().any(|&w| w != 0);
            let hits_p = monoid
                .p_portion()
                .any(|p| m[p as usize / 64] >> (p % 64) & 1 == 1);
            aut.element.push(*x);
            aut.claims_p.push(nonempty && !hits_p);
        }
        Ok(aut)
    }

    /// How many states.
    pub fn len(&self) -> usize {
        self.element.len()
    }

    /// The letters of a position that reaches state `s`.
    pub fn word(&self, mut s: u32) -> Vec<usize> {
        let mut w = Vec::new();
        while self.parent[s as usize].0 != u32::MAX {
            let (from, l) = self.parent[s as usize];
            w.push(l as usize);
            s = from;
        }
        w.reverse();
        w
    }

    /// The first inconsistent state (in breadth-first order), if any.
    pub fn inconsistent(&self, monoid: &Monoid) -> Option<u32> {
        (0..self.len() as u32)
            .find(|&s| monoid.is_p(self.element[s as usize]) != self.claims_p[s as usize])
    }
}
