//! Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008).
//!
//! Under misère play the Grundy value of a sum no longer decides it. What does is the *misère
//! quotient*: positions `x` and `y` of a game are indistinguishable when `x + z` and `y + z` have
//! the same misère outcome for every position `z`, and the classes form a commutative monoid `Q`
//! (sums multiply) with a *P-portion* `P ⊆ Q`, the classes of P-positions. Each heap size `n`
//! has its element `Φ(n)` (the *pretending function*), and a sum of heaps is a P-position exactly
//! when the product of its heaps' elements lies in `P`: any number of heaps of any size is then
//! decided by multiplying, and a winning move is one that leaves a product in `P`.
//!
//! **Construction.** [`MisereQuotient::compute`] grows the quotient one heap size at a time
//! (the quotient `Q_n` of the positions with heaps up to `n`): each stage builds a candidate from
//! the stage before ([`extend`]: the old quotient times the powers of the new heap) and keeps it
//! only once the automaton of [`verify`] has *proved* that it gives every position with heaps up
//! to `n` its outcome. When the new heap separates positions the smaller heaps did not, the
//! stage is built again from fresh generators ([`generators`], as MisereSolver recalibrates),
//! each candidate proved or repaired by the position it misjudges. So every stage is exact, not
//! a guess from samples: a position whose heaps are all covered is decided with certainty.
//!
//! **Periodicity theorem** (the misère form of Guy and Smith's, as Plambeck and Siegel use it
//! for octal games). Suppose heap `n` removes at most `t` tokens and leaves at most `m` heaps,
//! the same way for every large `n` ([`crate::heap::PeriodicityBound`]), and `Q_N` is proved with
//! `Φ(n + p) = Φ(n)` for `n0 <= n`, `n + p <= N`, where `N >= m·n0 + m·p + t − 1`. Then
//! `Q_N` is the quotient of the whole game and `Φ` has period `p` from `n0` on. *Proof.* For
//! `n > N`, the largest heap `c` an option of `n` leaves has `c >= (n − t)/m >= n0 + p`, so
//! shifting it by `p` matches the options of `n` with those of `n − p` element for element:
//! heap `n` acts in the automaton of [`verify`] exactly as heap `n − p` does, so no new state is
//! reached and every state stays consistent. ∎
//!
//! ```
//! use grundy_core::quotient::{Caps, MisereQuotient};
//! use grundy_core::HeapRuleset;
//! // 0.75: take 1 (the whole heap, or leaving one heap or two) or 2 (the whole heap, or
//! // leaving two heaps).
//! struct Game;
//! impl HeapRuleset for Game {
//!     fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
//!         if n <= 2 { out.push(vec![]); }
//!         if n > 1 { out.push(vec![n - 1]); }
//!         for k in [1, 2] {
//!             for a in 1..=n.saturating_sub(k) / 2 { out.push(vec![a, n - k - a]); }
//!         }
//!     }
//! }
//! let q = MisereQuotient::compute(&Game, 40, None, Caps::default(), &mut |_, _| true).unwrap();
//! // The quotient R8 of Plambeck and Siegel: 8 elements, 2 of them P.
//! assert_eq!(q.monoid().order(), 8);
//! assert_eq!(q.monoid().p_portion().count(), 2);
//! // Heaps 1 and 1 with 2: the product lies outside P, so the player to move wins.
//! assert!(!q.is_p_position(&[1, 1, 2]).unwrap());
//! ```

mod extend;
mod generators;
pub mod monoid;
mod verify;

use serde::Serialize;

pub use monoid::{Monoid, Presentation};

use crate::heap::{PeriodicityBound, COUNT_FROM, ENUMERATION_LIMIT};
use crate::HeapRuleset;
use extend::{Stage, StageError};

/// A move of a sum of heaps: the heap's index and the heaps left in its place.
pub type HeapMove = (usize, Vec<u64>);

/// Caps on the construction.
#[derive(Clone, Debug)]
pub struct Caps {
    /// The largest quotient kept (its multiplication table has `order²` entries).
    pub order: usize,
    /// The most states of a proving automaton.
    pub states: usize,
    /// The largest candidate monoid of fresh generators (before it is reduced).
    pub candidate: usize,
    /// The program's memory probe ([`crate::limits::Limits::check_memory`]), asked at each heap
    /// size and as a proving automaton grows.
    pub limits: crate::limits::Limits,
    /// Set (by a Ctrl-C handler) to stop the construction within a moment, in the middle of a
    /// heap's stage too, keeping the quotient proved so far.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            order: 2048,
            states: 1 << 21,
            candidate: 1 << 20,
            limits: crate::limits::Limits::DEFAULT,
            stop: None,
        }
    }
}

/// The period of the pretending function: `Φ(n + period) = Φ(n)` for `n >= preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientPeriod {
    /// `n0`.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// Whether the periodicity theorem proves it for every heap (else it is only seen on the
    /// heaps computed, at least three periods of them).
    pub proved: bool,
}

/// Why the construction stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The periodicity theorem proved the quotient of the whole game.
    Proved,
    /// It reached the largest heap asked for.
    Upto,
    /// The caller's callback asked it to stop (e.g. Ctrl-C).
    Interrupted,
    /// At this heap size no candidate could be proved: the new heap separates positions of the
    /// smaller heaps, and the fresh generators the misjudged positions called for did not settle
    /// it; the position given refuted the last candidate.
    Refuted {
        /// The heap size that could not be added.
        heap: u64,
        /// A position (heap sizes) whose outcome the last candidate got wrong.
        position: Vec<u64>,
    },
    /// Memory ran short at this heap size (most of the `--memory` budget was held).
    Memory {
        /// The heap size that could not be added.
        heap: u64,
        /// The bytes held.
        bytes: u64,
    },
    /// A cap was reached at this heap size.
    Cap {
        /// The heap size that could not be added.
        heap: u64,
        /// What reached its cap.
        what: CapKind,
        /// The cap.
        cap: usize,
    },
}

/// The caps of the construction, as [`Stopped::Cap`] names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapKind {
    /// [`Caps::order`]: a candidate quotient (reduced) had more elements.
    Order,
    /// [`Caps::states`]: a proving automaton had more states.
    States,
    /// [`Caps::candidate`]: a candidate of fresh generators had more elements before reduction.
    Candidate,
    /// A power relation `x^(i+2) = x^i` past index 64, or the outcomes of 64 powers of a new
    /// heap without a period: fixed limits, not options.
    Powers,
}

impl std::fmt::Display for CapKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CapKind::Order => "order of a candidate quotient",
            CapKind::States => "states of the proving automaton",
            CapKind::Candidate => "size of a candidate of fresh generators",
            CapKind::Powers => "powers of one heap",
        })
    }
}

/// The misère quotient of a heap game, proved for every heap up to [`MisereQuotient::last`]
/// (and for every heap when [`MisereQuotient::period`] is proved).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    stage: Stage,
    period: Option<QuotientPeriod>,
    growth: Vec<(u64, usize)>,
    stopped: Stopped,
}

/// Why a quotient could not even start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// An option of a heap leaves a heap at least as large: positions are not built up from
    /// smaller heaps, which the construction needs.
    #[error("heap {heap} has an option leaving a heap of {part}, not smaller: misère quotients need every move to leave smaller heaps")]
    NotDecreasing {
        /// The heap.
        heap: u64,
        /// The part that is not smaller.
        part: u64,
    },
    /// Heaps too large to list their options.
    #[error("heaps up to {upto} cannot be listed move by move (the limit is {limit})")]
    TooLarge {
        /// The heap size asked for.
        upto: u64,
        /// [`ENUMERATION_LIMIT`].
        limit: u64,
    },
}

impl MisereQuotient {
    /// The quotient of heaps up to `upto`, or of the whole game as soon as the periodicity
    /// theorem proves it (with `bound`, the shape of the game's moves; `None`: never proved).
    /// `progress(heap, order)` is called after each heap size; returning `false` stops the
    /// construction there, keeping what is proved.
    pub fn compute(
        rules: &dyn HeapRuleset,
        upto: u64,
        bound: Option<PeriodicityBound>,
        caps: Caps,
        progress: &mut dyn FnMut(u64, usize) -> bool,
    ) -> Result<Self, QuotientError> {
        if upto > ENUMERATION_LIMIT {
            return Err(QuotientError::TooLarge {
                upto,
                limit: ENUMERATION_LIMIT,
            });
        }
        let stage_caps = extend::Caps {
            order: caps.order,
            states: caps.states,
            rows: 64,
            free: caps.candidate,
            limits: caps.limits.clone(),
            stop: caps.stop.clone(),
        };
        let mut stage = Stage::empty();
        let mut growth = vec![(0, 1)];
        let mut period = None;
        let stopped = loop {
            let n = stage.last() + 1;
            if n > upto {
                break Stopped::Upto;
            }
            let options = extend::heap_options(rules, n);
            for o in &options {
                if let Some(&part) = o.iter().find(|&&h| h >= n) {
                    return Err(QuotientError::NotDecreasing { heap: n, part });
                }
            }
            let held = caps
                .limits
                .check_memory(n as usize, || format!("the misère quotient at heap {n}"));
            if let Err(crate::SolveError::MemoryCap { bytes, .. }) = held {
                break Stopped::Memory { heap: n, bytes };
            }
            match stage.extend(rules, &options, &stage_caps) {
                Ok(next) => {
                    if next.monoid.order() != stage.monoid.order() {
                        growth.push((n, next.monoid.order()));
                    }
                    stage = next;
                }
                Err(StageError::Refuted(position)) => break Stopped::Refuted { heap: n, position },
                Err(StageError::Cap(what, cap)) => break Stopped::Cap { heap: n, what, cap },
                Err(StageError::Memory(bytes)) => break Stopped::Memory { heap: n, bytes },
                Err(StageError::Interrupted) => break Stopped::Interrupted,
            }
            if let Some(b) = bound {
                if let Some((n0, p)) = proved_period(&stage.phi, b) {
                    period = Some(QuotientPeriod {
                        preperiod: n0,
                        period: p,
                        proved: true,
                    });
                    break Stopped::Proved;
                }
            }
            if !progress(n, stage.monoid.order()) {
                break Stopped::Interrupted;
            }
        };
        if period.is_none() {
            period = seen_period(&stage.phi);
        }
        Ok(MisereQuotient {
            stage,
            period,
            growth,
            stopped,
        })
    }

    /// The monoid and its P-portion.
    pub fn monoid(&self) -> &Monoid {
        &self.stage.monoid
    }

    /// The largest heap size the quotient is proved for (every heap size when the period is
    /// proved).
    pub fn last(&self) -> u64 {
        self.stage.last()
    }

    /// The period of the pretending function, proved or seen.
    pub fn period(&self) -> Option<QuotientPeriod> {
        self.period
    }

    /// Where the quotient grew: `(heap size, order from it on)`, starting with `(0, 1)`.
    pub fn growth(&self) -> &[(u64, usize)] {
        &self.growth
    }

    /// Why the construction stopped.
    pub fn stopped(&self) -> &Stopped {
        &self.stopped
    }

    /// How many states the automaton that proved the last stage had.
    pub fn proof_states(&self) -> usize {
        self.stage.states
    }

    /// Whether the quotient is proved for every heap size.
    pub fn is_complete(&self) -> bool {
        self.stopped == Stopped::Proved
    }

    /// The element of a heap of size `n`: `None` past the heaps covered.
    pub fn element(&self, n: u64) -> Option<u32> {
        let phi = &self.stage.phi;
        if let Some(&x) = phi.get(usize::try_from(n).ok()?) {
            return Some(x);
        }
        let p = self.period.filter(|p| p.proved)?;
        // The proof checked a whole period past the preperiod inside the table.
        phi.get((p.preperiod + (n - p.preperiod) % p.period) as usize)
            .copied()
    }

    /// The element of a sum of heaps, `None` if some heap is not covered.
    pub fn element_of(&self, heaps: &[u64]) -> Option<u32> {
        let m = self.monoid();
        heaps
            .iter()
            .try_fold(m.identity(), |acc, &h| Some(m.mul(acc, self.element(h)?)))
    }

    /// Whether a sum of heaps is a misère P-position, `None` if some heap is not covered.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.element_of(heaps).map(|x| self.monoid().is_p(x))
    }

    /// The presentation on the heaps' elements, in order of heap size.
    pub fn presentation(&self) -> Presentation {
        Presentation::new(self.monoid(), self.stage.phi.iter().skip(1).copied())
    }

    /// The smallest heap whose element is each generator of [`MisereQuotient::presentation`].
    pub fn generator_heaps(&self, presentation: &Presentation) -> Vec<u64> {
        presentation
            .generators
            .iter()
            .map(|g| self.stage.phi.iter().position(|x| x == g).unwrap_or(0) as u64)
            .collect()
    }

    /// A small position of each element (heap sizes).
    pub fn representatives(&self) -> &[Vec<u64>] {
        &self.stage.reps
    }

    /// Every option of a sum of `heaps` that leaves a misère P-position, heap by heap in the
    /// input's order and each heap's options in the ruleset's order: `(heap index, heaps left
    /// in its place)`, at most `limit` of them listed, and how many there are in all. `None` if
    /// a heap is not covered or too large to list its options. Heaps of one size share their
    /// work, so the time is linear in the number of heaps.
    pub fn winning_moves(
        &self,
        rules: &dyn HeapRuleset,
        heaps: &[u64],
        limit: usize,
    ) -> Option<(u64, Vec<HeapMove>)> {
        let m = self.monoid();
        let mut sizes: Vec<u64> = heaps.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        let mut counts = vec![0u64; sizes.len()];
        for h in heaps {
            counts[sizes.binary_search(h).expect("a size")] += 1;
        }
        let powers: Vec<u32> = sizes
            .iter()
            .zip(&counts)
            .map(|(&s, &c)| Some(m.pow(self.element(s)?, c)))
            .collect::<Option<_>>()?;
        let mut prefix = vec![m.identity(); sizes.len() + 1];
        for i in 0..sizes.len() {
            prefix[i + 1] = m.mul(prefix[i], powers[i]);
        }
        let mut suffix = vec![m.identity(); sizes.len() + 1];
        for i in (0..sizes.len()).rev() {
            suffix[i] = m.mul(suffix[i + 1], powers[i]);
        }
        // Each size's winning options, found once: listed one by one, or for a large heap of a
        // quotient with a proved period counted by residue classes when the ruleset can.
        let period = self.period.filter(|p| p.proved);
        let mut wins: Vec<Vec<Vec<u64>>> = Vec::with_capacity(sizes.len());
        let mut total = 0u64;
        let mut opts = Vec::new();
        for (i, &s) in sizes.iter().enumerate() {
            let rest = m.mul(
                m.mul(prefix[i], suffix[i + 1]),
                m.pow(self.element(s)?, counts[i] - 1),
            );
            let wanted = |o: &[u64]| self.element_of(o).is_some_and(|x| m.is_p(m.mul(rest, x)));
            let counted = match period {
                Some(p) if s > COUNT_FROM => {
                    rules.heap_moves_where(s, p.preperiod, p.period, &wanted, limit)
                }
                _ => None,
            };
            let (count, here) = match counted {
                Some((count, here)) => {
                    let kept = here
                        .into_iter()
                        .map(|o| o.into_iter().filter(|&h| h > 0).collect())
                        .collect();
                    (count, kept)
                }
                None if s <= ENUMERATION_LIMIT => {
                    opts.clear();
                    rules.heap_options(s, &mut opts);
                    let here: Vec<Vec<u64>> = opts
                        .drain(..)
                        .map(|o| o.into_iter().filter(|&h| h > 0).collect::<Vec<u64>>())
                        .filter(|o| wanted(o))
                        .collect();
                    (here.len() as u64, here)
                }
                None => return None,
            };
            total = total.saturating_add(count.saturating_mul(counts[i]));
            wins.push(here);
        }
        let mut listed = Vec::new();
        'heaps: for (i, &h) in heaps.iter().enumerate() {
            let k = sizes.binary_search(&h).expect("a size");
            for o in &wins[k] {
                if listed.len() >= limit {
                    break 'heaps;
                }
                listed.push((i, o.clone()));
            }
        }
        Some((total, listed))
    }
}

/// The smallest period (and its preperiod) of `phi` that the bound proves on this table.
fn proved_period(phi: &[u32], bound: PeriodicityBound) -> Option<(u64, u64)> {
    let last = phi.len() as u64 - 1;
    (1..=last / 2).find_map(|p| {
        let n0 = preperiod(phi, p);
        bound.proves(n0, p, last).then_some((n0, p))
    })
}

/// The smallest `n0` with `phi[n + p] = phi[n]` for every `n >= n0` in the table.
fn preperiod(phi: &[u32], p: u64) -> u64 {
    let p = p as usize;
    let mut n0 = phi.len() - p;
    while n0 > 0 && phi[n0 - 1 + p] == phi[n0 - 1] {
        n0 -= 1;
    }
    n0 as u64
}

/// The smallest period seen at least three times at the end of the table (not proved).
fn seen_period(phi: &[u32]) -> Option<QuotientPeriod> {
    let len = phi.len() as u64;
    (1..=len / 3).find_map(|p| {
        let n0 = preperiod(phi, p);
        (len - n0 >= 3 * p).then_some(QuotientPeriod {
            preperiod: n0,
            period: p,
            proved: false,
        })
    })
}

#[cfg(test)]
mod tests;
