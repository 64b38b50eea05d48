//! One stage of the construction: the quotient of heaps `1..=n` from that of heaps `1..n`.
//!
//! Positions of the larger set are `y + k·h` (`h` the new heap, `y` a position of smaller heaps).
//! The construction first supposes that the outcome of `y + k·h` depends only on `k` and the
//! element of `y` in the smaller quotient `Q` (so the new heap distinguishes no positions the
//! smaller heaps did not). Then the outcomes `F(q, k)` follow by recursion: a representative `y`
//! of `q` is played out, its own moves leading to `F(q', k)` and the moves in `h` to
//! `F(q·o, k − 1)`; each row `F(·, k)` depends only on the row before, so once a row repeats the
//! rows are periodic in `k`. The candidate `Q × {0, …, m + p − 1}` (with `k` reduced past
//! `m + p`) is reduced by indistinguishability and then *proved* by the automaton of
//! [`super::verify`]: the supposition is never trusted.
//!
//! When the proof fails, the new heap does separate old positions, and the stage is built again
//! from fresh generators ([`super::generators`]).

use rustc_hash::FxHashSet;

use super::monoid::{reduce, Monoid};
use super::verify::{element_of, Automaton, Letters, Refuted};
use super::CapKind;
use crate::HeapRuleset;

/// The proving automaton of a candidate, within the cap.
pub(crate) fn explore(
    monoid: &Monoid,
    letters: &Letters,
    caps: &Caps,
) -> Result<Automaton, StageError> {
    let stop = caps.stop.as_deref();
    Automaton::explore(monoid, letters, caps.states, &caps.limits, stop).map_err(|e| match e {
        Refuted::TooLarge => StageError::Cap(CapKind::States, caps.states),
        Refuted::Memory(bytes) => StageError::Memory(bytes),
        Refuted::Interrupted => StageError::Interrupted,
    })
}

/// A quotient proved for heaps `1..=last`: the monoid, each heap's element and a small position
/// of each element.
#[derive(Clone, Debug)]
pub(crate) struct Stage {
    pub monoid: Monoid,
    /// The element of heaps `0..=last`.
    pub phi: Vec<u32>,
    /// The elements of each heap's options (sorted, without repeats), heaps `0..=last`.
    pub osets: Vec<Vec<u32>>,
    /// A position (heap sizes) of each element.
    pub reps: Vec<Vec<u64>>,
    /// States of the automaton that proved it.
    pub states: usize,
}

/// Caps on one stage's work.
#[derive(Clone, Debug)]
pub(crate) struct Caps {
    /// The largest quotient (its table has `order²` entries).
    pub order: usize,
    /// The most states of the proving automaton.
    pub states: usize,
    /// How many rows `F(·, k)` before giving up on their period.
    pub rows: usize,
    /// The largest candidate monoid of fresh generators (see [`super::generators`]).
    pub free: usize,
    /// The program's memory probe.
    pub limits: crate::limits::Limits,
    /// Set to stop the construction (Ctrl-C).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Caps {
    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// Why a stage failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StageError {
    /// No proved quotient: the candidates kept being refuted, last by this position.
    Refuted(Vec<u64>),
    /// A cap was reached (what, and the cap).
    Cap(CapKind, usize),
    /// Memory ran short: the bytes held, most of the budget.
    Memory(u64),
    /// The stop flag was set.
    Interrupted,
}

/// A heap's options as the construction reads them: each a sorted multiset of non-empty heaps.
pub(crate) fn heap_options(rules: &dyn HeapRuleset, n: u64) -> Vec<Vec<u64>> {
    let mut opts = Vec::new();
    rules.heap_options(n, &mut opts);
    for o in opts.iter_mut() {
        o.retain(|&h| h > 0);
        o.sort_unstable();
    }
    opts.sort();
    opts.dedup();
    opts
}

/// The smallest position (fewest tokens) of each of `classes` classes, from `(class, position)`
/// pairs that cover them all.
pub(crate) fn smallest_positions(
    classes: usize,
    positions: impl IntoIterator<Item = (u32, Vec<u64>)>,
) -> Vec<Vec<u64>> {
    let mut best: Vec<Option<(u64, Vec<u64>)>> = vec![None; classes];
    for (c, p) in positions {
        let size: u64 = p.iter().sum();
        let slot = &mut best[c as usize];
        if slot.as_ref().is_none_or(|(s, _)| *s > size) {
            *slot = Some((size, p));
        }
    }
    best.into_iter()
        .map(|b| b.expect("every class has a position").1)
        .collect()
}

/// The elements of a heap's options, sorted, without repeats.
pub(crate) fn option_elements(monoid: &Monoid, phi: &[u32], options: &[Vec<u64>]) -> Vec<u32> {
    let mut v: Vec<u32> = options.iter().map(|o| element_of(monoid, phi, o)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

impl Stage {
    /// The quotient of the empty set of heaps: `{1}`, with heap 0 the identity.
    pub fn empty() -> Self {
        Stage {
            monoid: Monoid::trivial(),
            phi: vec![0],
            osets: vec![Vec::new()],
            reps: vec![Vec::new()],
            states: 1,
        }
    }

    /// The largest heap covered.
    pub fn last(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The next stage: heap `n = last + 1` added, whose options (each a multiset of heaps
    /// smaller than `n`, from [`heap_options`]) are `new_options`.
    pub fn extend(
        &self,
        rules: &dyn HeapRuleset,
        new_options: &[Vec<u64>],
        caps: &Caps,
    ) -> Result<Stage, StageError> {
        let n = self.last() + 1;
        let on = option_elements(&self.monoid, &self.phi, new_options);
        let stage = self.candidate(rules, &on, n, caps)?;
        let letters = Letters::new(&stage.phi, &stage.osets);
        let aut = explore(&stage.monoid, &letters, caps)?;
        if aut.inconsistent(&stage.monoid).is_none() {
            return Ok(Stage {
                states: aut.len(),
                ..stage
            });
        }
        // The new heap separates positions of smaller heaps: fresh generators.
        super::generators::refine(self, rules, caps)
    }

    /// The candidate for heaps `1..=n` under the supposition that the new heap separates no
    /// old positions: `Q × {0, …}` with the outcomes `F(q, k)`, reduced.
    fn candidate(
        &self,
        rules: &dyn HeapRuleset,
        on: &[u32],
        n: u64,
        caps: &Caps,
    ) -> Result<Stage, StageError> {
        let q = &self.monoid;
        let order = q.order();
        let mut rows: Vec<Vec<bool>> = vec![(0..order as u32).map(|x| q.is_p(x)).collect()];
        let (m, p) = loop {
            if caps.stopped() {
                return Err(StageError::Interrupted);
            }
            let k = rows.len();
            let mut memo: Vec<Option<bool>> = vec![None; order];
            for rep in &self.reps {
                self.outcome(rules, rep, k, on, &rows[k - 1], &mut memo);
            }
            let row: Vec<bool> = memo.into_iter().map(|v| v.expect("every class")).collect();
            if let Some(j) = rows.iter().position(|r| *r == row) {
                break (j, k - j);
            }
            rows.push(row);
            if rows.len() > caps.rows {
                return Err(StageError::Cap(CapKind::Powers, caps.rows));
            }
        };
        let powers = m + p;
        if order * powers > caps.order * 8 {
            return Err(StageError::Cap(CapKind::Order, caps.order));
        }
        let red = |k: usize| if k < powers { k } else { m + (k - m) % p };
        let at = |x: u32| (x as usize % order, x as usize / order);
        let mul = |a: u32, b: u32| {
            let ((qa, ka), (qb, kb)) = (at(a), at(b));
            (red(ka + kb) * order + q.mul(qa as u32, qb as u32) as usize) as u32
        };
        let is_p = |a: u32| {
            let (x, k) = at(a);
            rows[k][x]
        };
        let new_heap = (red(1) * order + q.identity() as usize) as u32;
        let mut letters: Vec<u32> = self.phi[1..].to_vec();
        letters.push(new_heap);
        letters.sort_unstable();
        letters.dedup();
        let (monoid, class) = reduce(order * powers, &letters, q.identity(), mul, is_p);
        if monoid.order() > caps.order {
            return Err(StageError::Cap(CapKind::Order, caps.order));
        }
        // An old element `q` is the candidate's `(q, 0)`, numbered `q`.
        let mut phi: Vec<u32> = self.phi.iter().map(|&x| class[x as usize]).collect();
        phi.push(class[new_heap as usize]);
        let mapped = |set: &[u32]| {
            let mut v: Vec<u32> = set.iter().map(|&x| class[x as usize]).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let mut osets: Vec<Vec<u32>> = self.osets.iter().map(|o| mapped(o)).collect();
        osets.push(mapped(on));
        // A position of each class: a representative of `q` and `k` new heaps.
        let reps = smallest_positions(
            monoid.order(),
            (0..(order * powers) as u32).map(|a| {
                let (x, k) = at(a);
                let mut r = self.reps[x].clone();
                r.extend(std::iter::repeat_n(n, k));
                (class[a as usize], r)
            }),
        );
        Ok(Stage {
            monoid,
            phi,
            osets,
            reps,
            states: 0,
        })
    }

    /// Whether `y + k·h` is a P-position (`h` the new heap, whose options have the elements
    /// `on`), memoized by the element of `y` under the supposition; `before` is row `k − 1`.
    fn outcome(
        &self,
        rules: &dyn HeapRuleset,
        y: &[u64],
        k: usize,
        on: &[u32],
        before: &[bool],
        memo: &mut Vec<Option<bool>>,
    ) -> bool {
        let q = &self.monoid;
        let x = element_of(q, &self.phi, y);
        if let Some(v) = memo[x as usize] {
            return v;
        }
        let mut has_move = false;
        let mut wins = false;
        if k > 0 && !on.is_empty() {
            has_move = true;
            wins = on.iter().any(|&o| before[q.mul(x, o) as usize]);
        }
        if !wins {
            let mut tried: FxHashSet<u64> = FxHashSet::default();
            'moves: for (i, &h) in y.iter().enumerate() {
                if !tried.insert(h) {
                    continue;
                }
                for o in heap_options(rules, h) {
                    has_move = true;
                    let mut z: Vec<u64> = y[..i].iter().chain(&y[i + 1..]).copied().collect();
                    z.extend(o);
                    if self.outcome(rules, &z, k, on, before, memo) {
                        wins = true;
                        break 'moves;
                    }
                }
            }
        }
        let p = has_move && !wins;
        memo[x as usize] = Some(p);
        p
    }
}
