//! The generic memoizing solver: the Grundy value of any position of any ruleset.
//!
//! It evaluates `G(p) = mex { G(q) : q an option of p }` depth-first with an explicit stack, so a
//! chain of a million positions needs a million heap-allocated frames, not a million stack frames.
//! Values are kept in a transposition table (FxHash: positions are small and hashing them is the
//! hot spot) whose size is capped, so a game that is too big stops with an error instead of
//! exhausting memory. Sums are split through [`Ruleset::components`] and closed forms are used
//! wherever a ruleset offers one. This solver is also the oracle every fast path is tested against.

use rustc_hash::FxHashSet;

use crate::limits::Limits;
use crate::memo::Memo;
use crate::{mex, Nimber, Outcome, Ruleset, SolveError};

/// A memoizing Grundy-value solver for one ruleset.
pub struct Solver<R: Ruleset> {
    ruleset: R,
    table: Memo<R::Position, u64>,
    cap: usize,
    /// The memory probe and progress reporter it tells ([`Limits::check_memory`]).
    limits: Limits,
    /// A buffer for the parts of a child that is a sum.
    parts: Vec<R::Position>,
}

enum Combine {
    /// The children are the position's options: take their mex.
    Mex,
    /// The children are independent components: take their XOR.
    Xor,
}

struct Frame<P> {
    position: P,
    combine: Combine,
    children: Vec<P>,
    next: usize,
    values: Vec<Nimber>,
}

impl<R: Ruleset> Solver<R> {
    /// A solver with the default limits ([`Limits::solver_cap`]: twenty million positions).
    pub fn new(ruleset: R) -> Self {
        Self::with_limits(ruleset, Limits::default())
    }

    /// A solver within `limits`: at most [`Limits::solver_cap`] positions stored.
    pub fn with_limits(mut ruleset: R, limits: Limits) -> Self {
        ruleset.limit(&limits);
        Solver {
            ruleset,
            table: Memo::default(),
            cap: limits.solver_cap(),
            limits,
            parts: Vec::new(),
        }
    }

    /// A solver that stores at most `cap` positions.
    pub fn with_cap(ruleset: R, cap: usize) -> Self {
        Solver {
            cap,
            ..Self::new(ruleset)
        }
    }

    /// From now on, searches within `limits` (the positions it holds are kept).
    /// The ruleset is given them too ([`Ruleset::limit`]).
    pub fn set_limits(&mut self, limits: Limits) {
        self.ruleset.limit(&limits);
        self.cap = limits.solver_cap();
        self.limits = limits;
    }

    /// The limits it searches within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The ruleset being solved.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// How many positions are stored.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// The value of `p` when it is known without a search: a closed form, or a value stored.
    pub fn known(&self, p: &R::Position) -> Option<Nimber> {
        self.ruleset
            .closed_form(p)
            .or_else(|| self.table.get(&self.ruleset, p).map(Nimber))
    }

    /// The value of `p` when it is cheap: one the ruleset gives cheaply
    /// ([`Ruleset::cheap_value`]) or one stored. Unlike [`Solver::known`], never starts long
    /// work.
    pub fn cheap(&self, p: &R::Position) -> Option<Nimber> {
        self.ruleset
            .cheap_value(p)
            .or_else(|| self.table.get(&self.ruleset, p).map(Nimber))
    }

    fn frame(&self, position: R::Position) -> Frame<R::Position> {
        let mut children = Vec::new();
        let combine = if self.ruleset.components(&position, &mut children) {
            Combine::Xor
        } else {
            children.clear();
            self.ruleset.options(&position, &mut children);
            Combine::Mex
        };
        Frame {
            position,
            combine,
            values: Vec::with_capacity(children.len()),
            children,
            next: 0,
        }
    }

    /// The Grundy value of `position`.
    ///
    /// Fails with [`SolveError::Cycle`] if a position can be reached from itself and with
    /// [`SolveError::TableFull`] if the cap on stored positions is reached.
    pub fn grundy(&mut self, position: &R::Position) -> Result<Nimber, SolveError> {
        if let Some(v) = self.known(position) {
            return Ok(v);
        }
        let mut on_stack: FxHashSet<R::Position> = FxHashSet::default();
        on_stack.insert(position.clone());
        let mut stack = vec![self.frame(position.clone())];
        self.ruleset.fault()?;
        loop {
            let top = stack
                .last_mut()
                .expect("the stack holds the root until it returns");
            let mut pending = None;
            while top.next < top.children.len() {
                let child = &top.children[top.next];
                let known = match self
                    .ruleset
                    .closed_form(child)
                    .or_else(|| self.table.get(&self.ruleset, child).map(Nimber))
                {
                    Some(v) => Ok(v),
                    None => sum_value(&self.ruleset, &self.table, &mut self.parts, child),
                };
                match known {
                    Ok(v) => {
                        top.values.push(v);
                        top.next += 1;
                    }
                    // A sum is not stored: the first of its parts not yet valued is searched,
                    // then the sum is looked at again (a cut leaving two pieces would
                    // otherwise store every pair of pieces as a position of its own).
                    Err(Some(part)) => {
                        pending = Some(part);
                        break;
                    }
                    Err(None) => {
                        pending = Some(child.clone());
                        break;
                    }
                }
            }
            match pending {
                Some(child) => {
                    if !on_stack.insert(child.clone()) {
                        return Err(SolveError::Cycle);
                    }
                    // The path is capped too: a game whose moves lead on for ever (no cycle,
                    // no end) stores nothing, and would grow the path until memory runs out. A
                    // frame of the path weighs about ten stored values.
                    let longest = (self.cap / 10).max(1);
                    if stack.len() >= longest {
                        return Err(SolveError::PositionCap {
                            what: "a line of play".into(),
                            cap: longest,
                        });
                    }
                    let frame = self.frame(child);
                    self.ruleset.fault()?;
                    stack.push(frame);
                }
                None => {
                    let done = stack.pop().expect("non-empty");
                    let value = match done.combine {
                        Combine::Mex => mex(done.values.iter().copied()),
                        Combine::Xor => done.values.iter().copied().sum(),
                    };
                    if self.table.len() >= self.cap {
                        return Err(SolveError::TableFull { cap: self.cap });
                    }
                    self.limits
                        .check_memory(self.table.len(), || "the solver".into())?;
                    on_stack.remove(&done.position);
                    self.ruleset.learned(&done.position, value);
                    self.table.insert(&self.ruleset, done.position, value.0);
                    if stack.is_empty() {
                        return Ok(value);
                    }
                }
            }
        }
    }

    /// Who wins from `position` with perfect play.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome, SolveError> {
        self.grundy(position).map(Outcome::of)
    }

    /// Every option of `position` whose value is `target`.
    pub fn moves_to(
        &mut self,
        position: &R::Position,
        target: Nimber,
    ) -> Result<Vec<R::Position>, SolveError> {
        let mut options = Vec::new();
        self.ruleset.options(position, &mut options);
        self.ruleset.fault()?;
        let mut hits = Vec::new();
        for q in options {
            if self.grundy(&q)? == target {
                hits.push(q);
            }
        }
        Ok(hits)
    }

    /// Every winning move: every option that is a P-position.
    pub fn winning_moves(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<R::Position>, SolveError> {
        self.moves_to(position, Nimber::ZERO)
    }
}

/// The value of `child` when it is a sum ([`Ruleset::components`]) whose parts are all valued
/// already: their XOR, without storing the sum itself (a cut leaves two pieces; storing every
/// such pair would fill the table with positions that are never met again). Else the first part
/// not yet valued, or `None` when `child` is not a sum.
fn sum_value<R: Ruleset>(
    ruleset: &R,
    table: &Memo<R::Position, u64>,
    parts: &mut Vec<R::Position>,
    child: &R::Position,
) -> Result<Nimber, Option<R::Position>> {
    parts.clear();
    if !ruleset.components(child, parts) {
        return Err(None);
    }
    let mut total = Nimber::ZERO;
    for part in parts.iter() {
        match ruleset
            .closed_form(part)
            .or_else(|| table.get(ruleset, part).map(Nimber))
        {
            Some(v) => total += v,
            None => return Err(Some(part.clone())),
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtract 1 or 2; G(n) = n mod 3.
    struct Bash2;
    impl Ruleset for Bash2 {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
        }
    }

    #[test]
    fn a_chain_of_a_million_positions_does_not_overflow_the_stack() {
        let mut s = Solver::new(Bash2);
        assert_eq!(s.grundy(&1_000_000).unwrap(), Nimber(1_000_000 % 3));
    }

    /// Bash2 with its heaps stored densely.
    struct Bash2Dense;
    impl Ruleset for Bash2Dense {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            Bash2.options(n, out)
        }
        fn index(&self, n: &u64) -> Option<usize> {
            // Heaps from 1000 on land past the array's limit, so both stores are used.
            usize::try_from(*n)
                .ok()
                .map(|n| n + crate::memo::DENSE_LIMIT - 1000)
        }
    }

    #[test]
    fn dense_and_hashed_positions_get_the_same_values() {
        let mut dense = Solver::new(Bash2Dense);
        let mut hashed = Solver::new(Bash2);
        for n in 0..3000 {
            assert_eq!(dense.grundy(&n), hashed.grundy(&n), "n = {n}");
        }
        assert_eq!(dense.stored(), hashed.stored());
        // Filling 100 entries one step at a time (the path stays short) hits the cap.
        let mut capped = Solver::with_cap(Bash2Dense, 100);
        let reached = (0..1000).map(|n| capped.grundy(&n)).find(Result::is_err);
        assert_eq!(reached, Some(Err(SolveError::TableFull { cap: 100 })));
    }

    /// Leave at least a tenth: paths are short (about log n), the positions many.
    struct LeaveATenth;
    impl Ruleset for LeaveATenth {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend(n / 10..*n);
        }
    }

    #[test]
    fn the_cap_stops_the_search_with_an_error() {
        let mut s = Solver::with_cap(LeaveATenth, 100);
        assert_eq!(s.grundy(&1000), Err(SolveError::TableFull { cap: 100 }));
        // A line of play longer than a tenth of the cap stops too.
        let mut s = Solver::with_cap(Bash2, 100);
        assert!(matches!(
            s.grundy(&1000),
            Err(SolveError::PositionCap { cap: 10, .. })
        ));
    }

    struct Cyclic;
    impl Ruleset for Cyclic {
        type Position = u8;
        fn options(&self, n: &u8, out: &mut Vec<u8>) {
            out.push((n + 1) % 3);
        }
    }

    /// From n the only move is to n + 1: no cycle and no end.
    struct Endless;
    impl Ruleset for Endless {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.push(n + 1);
        }
    }

    #[test]
    fn a_game_without_end_stops_at_the_cap() {
        let mut s = Solver::with_cap(Endless, 1000);
        assert!(matches!(
            s.grundy(&0),
            Err(SolveError::PositionCap { cap: 100, .. })
        ));
    }

    #[test]
    fn a_cycle_is_reported_not_looped_on() {
        assert_eq!(Solver::new(Cyclic).grundy(&0), Err(SolveError::Cycle));
    }

    /// A multiset of Bash2 heaps, decomposed into single heaps.
    struct Bash2Heaps;
    impl Ruleset for Bash2Heaps {
        type Position = Vec<u64>;
        fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for k in 1..=2 {
                    if k <= p[i] {
                        let mut q = p.clone();
                        q[i] -= k;
                        out.push(q);
                    }
                }
            }
        }
        fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
            if p.len() < 2 {
                return false;
            }
            out.extend(p.iter().map(|&h| vec![h]));
            true
        }
    }

    #[test]
    fn sums_are_split_into_components() {
        let mut s = Solver::new(Bash2Heaps);
        assert_eq!(s.grundy(&vec![4, 5, 7]).unwrap(), Nimber(1 ^ 2 ^ 1));
        assert_eq!(s.winning_moves(&vec![1, 2]).unwrap(), vec![vec![1, 1]]);
    }
}
