//! The outcome search's transposition table: for each position met, either its outcome, once
//! proved, or the proof and disproof numbers of the work spent on it so far.
//!
//! Proved outcomes are the answer and are kept for the whole run. The numbers of unproved
//! positions only guide the search (which option to look at next), so when the table is full
//! they are forgotten first: the search then re-expands some positions, but never loses a proof.

use crate::memo::Memo;
use crate::{Outcome, Ruleset};

/// A proof or disproof number too large to count: the position is proved the other way.
pub(super) const INF: u32 = u32::MAX;

/// What the search knows of a position, in the negamax form of proof-number search: `phi` is
/// the least work (positions to expand) that could prove the player to move wins, `delta` the
/// least that could prove they lose. A won position (N) has `phi` 0, a lost one (P) `delta` 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub phi: u32,
    pub delta: u32,
}

impl Numbers {
    /// A position not yet expanded: one expansion could settle it either way.
    pub const UNSEEN: Numbers = Numbers { phi: 1, delta: 1 };
    /// Proved N.
    pub const WON: Numbers = Numbers { phi: 0, delta: INF };
    /// Proved P.
    pub const LOST: Numbers = Numbers { phi: INF, delta: 0 };

    pub fn of(outcome: Outcome) -> Numbers {
        match outcome {
            Outcome::P => Numbers::LOST,
            _ => Numbers::WON,
        }
    }

    /// The outcome, once proved.
    pub fn outcome(self) -> Option<Outcome> {
        if self.phi == 0 {
            Some(Outcome::N)
        } else if self.delta == 0 {
            Some(Outcome::P)
        } else {
            None
        }
    }

    fn pack(self) -> u64 {
        (u64::from(self.phi) << 32) | u64::from(self.delta)
    }

    fn unpack(slot: u64) -> Numbers {
        Numbers {
            phi: (slot >> 32) as u32,
            delta: slot as u32,
        }
    }
}

/// Positions met, with what is known of each ([`Numbers`]), kept as the solver keeps its
/// values ([`Memo`]). `(INF, INF)`, the memo's mark of a position not seen, is never a fact.
pub(super) struct Table<P> {
    memo: Memo<P, u64>,
    /// How many entries are proved outcomes (the rest are numbers).
    proved: usize,
}

impl<P> Default for Table<P> {
    fn default() -> Self {
        Table {
            memo: Memo::default(),
            proved: 0,
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash> Table<P> {
    pub fn get<R: Ruleset<Position = P>>(&self, ruleset: &R, p: &P) -> Option<Numbers> {
        self.memo.get(ruleset, p).map(Numbers::unpack)
    }

    /// The outcome of `p`, if proved.
    pub fn outcome<R: Ruleset<Position = P>>(&self, ruleset: &R, p: &P) -> Option<Outcome> {
        self.get(ruleset, p).and_then(Numbers::outcome)
    }

    pub fn insert<R: Ruleset<Position = P>>(&mut self, ruleset: &R, p: P, numbers: Numbers) {
        let was_proved = self.get(ruleset, &p).is_some_and(|n| n.outcome().is_some());
        let proved = numbers.outcome().is_some();
        match (was_proved, proved) {
            (false, true) => self.proved += 1,
            (true, false) => {
                // A proof is never replaced by numbers: the caller only stores numbers for a
                // position it has not proved, and a proof found meanwhile stands.
                return;
            }
            _ => {}
        }
        self.memo.insert(ruleset, p, numbers.pack());
    }

    /// Forgets the numbers of every unproved position; the proofs stay.
    pub fn forget_unproved(&mut self) {
        self.memo
            .retain(|slot| Numbers::unpack(slot).outcome().is_some());
    }

    pub fn len(&self) -> usize {
        self.memo.len()
    }

    pub fn proved(&self) -> usize {
        self.proved
    }
}
