//! Outcome-only search: who wins from one position, without its Grundy value.
//!
//! A position is N exactly when some option is P, so deciding who wins needs far less than the
//! value: the search stops at the first option it proves P, and a P-position needs only one
//! P-option of each of its options. The [`Solver`] instead values every reachable position
//! (the mex needs every option's value), which on a big game that is not a sum (Moore's Nim,
//! Chomp) is the whole tree. This is the win/lose depth-first search with the usual aids:
//!
//! - an explicit stack, not recursion: a line of play may be a million moves long;
//! - a transposition table of P/N bits, keyed as the [`Solver`] keys its values (a small
//!   [`Ruleset::index`] in an array, else the position hashed), capped like the solver's table
//!   and counted against the memory budget ([`crate::limits::Limits::check_memory`]);
//! - before descending, every option is looked up first (an enhanced transposition cutoff): one
//!   already known P (from the table, a [`Ruleset::closed_form`] or a value the solver holds)
//!   settles the position at once;
//! - the options still open are tried cheapest first: an option with no move is P and settles the
//!   position; an option that is a sum ([`Ruleset::components`]) is decided by its value (P iff
//!   the XOR of its parts' values is 0), computed by the [`Solver`] since its parts are smaller
//!   games; the rest are searched smallest first: by [`Ruleset::position_size`] when the ruleset
//!   measures its positions (Moore's Nim_2 7,7,7,100: 50 times faster than counting), else by
//!   how many options each has (the fewer a position's options, the fewer a proof that it is P
//!   must refute; counting lists each option's moves, which also shows options already known N).
//!
//! A position met again on the line being searched means the game is loopy: the search stops with
//! [`SolveError::Cycle`] and the caller falls back to the loopy analysis.

use rustc_hash::FxHashSet;

use crate::memo::Memo;
use crate::{Nimber, Outcome, Ruleset, SolveError, Solver};

/// Who wins from a position and, when the player to move does, the option that settled it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<P> {
    /// N or P (never D: a loopy game stops the search with [`SolveError::Cycle`]).
    pub outcome: Outcome,
    /// With [`Outcome::N`]: the option proved P that settled the search — *a* winning move, not
    /// necessarily the only one. `None` with [`Outcome::P`].
    pub winning_move: Option<P>,
}

/// An outcome-only search over one ruleset, with its transposition table: a second question to
/// the same search reuses what the first proved.
pub struct OutcomeSearch<P> {
    table: Outcomes<P>,
    cap: usize,
    /// Reused buffers: a position's options, a sum's parts.
    options: Vec<P>,
    parts: Vec<P>,
}

/// An option not yet decided, with its place in the search's order (its
/// [`Ruleset::position_size`], else how many options it has) and which of the expanded
/// position's options it stands for (a canonical form replaces the option itself).
struct Open<P> {
    position: P,
    key: u64,
    origin: usize,
}

/// A position on the line being searched: its options still open, cheapest first.
struct Frame<P> {
    position: P,
    open: Vec<Open<P>>,
    next: usize,
}

/// [`Open::key`] of an option found N while the options were ordered.
const DECIDED: u64 = u64::MAX;

/// What is known of an option before any search (see [`OutcomeSearch::status`]).
enum Status<P> {
    Known(Outcome),
    /// Unknown: this position (the option or its canonical form) is to be searched.
    Search(P),
    /// A sum with a part not yet valued.
    Sum,
}

/// What expanding a position found.
enum Expanded<P> {
    /// Its option number `usize` (in [`Ruleset::options`] order) is P: the position is N.
    Won(usize),
    /// Every option is N (or it has none): the position is P.
    Lost,
    /// The options still to search, cheapest first.
    Open(Vec<Open<P>>),
}

impl<P: Clone + Eq + std::hash::Hash> Default for OutcomeSearch<P> {
    fn default() -> Self {
        Self::with_cap(crate::limits::Limits::default().solver_cap())
    }
}

impl<P: Clone + Eq + std::hash::Hash> OutcomeSearch<P> {
    /// A search whose table holds at most the default [`crate::limits::Limits::solver_cap`]
    /// positions (its entries are smaller than the solver's).
    pub fn new() -> Self {
        Self::default()
    }

    /// A search whose table holds at most `cap` positions; a line of play may be a tenth of it.
    pub fn with_cap(cap: usize) -> Self {
        OutcomeSearch {
            table: Outcomes::default(),
            cap,
            options: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// How many positions the table holds.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// Who wins from `root`, searching its options (the root itself is not looked up, so that a
    /// winning move is always found), with `solver`'s ruleset. `solver` values the options that
    /// are sums and lends the values it already holds.
    ///
    /// Fails with [`SolveError::Cycle`] when a position comes back on the line searched, with
    /// [`SolveError::TableFull`] past the cap, with [`SolveError::PositionCap`] when a line of
    /// play grows past a tenth of it, and with the ruleset's own fault.
    ///
    /// ```
    /// use grundy_core::outcome_search::OutcomeSearch;
    /// use grundy_core::{Outcome, Ruleset, Solver};
    ///
    /// /// Take 1 or 2 tokens; the multiples of 3 are P.
    /// struct OneOrTwo;
    /// impl Ruleset for OneOrTwo {
    ///     type Position = u64;
    ///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
    ///         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
    ///     }
    /// }
    /// let mut solver = Solver::new(OneOrTwo);
    /// let d = OutcomeSearch::new().decide(&mut solver, &7).unwrap();
    /// assert_eq!((d.outcome, d.winning_move), (Outcome::N, Some(6)));
    /// ```
    pub fn decide<R: Ruleset<Position = P>>(
        &mut self,
        solver: &mut Solver<R>,
        root: &P,
    ) -> Result<Decision<P>, SolveError> {
        let mut root_options = Vec::new();
        let expanded = self.expand(solver, root, Some(&mut root_options))?;
        let open = match expanded {
            Expanded::Won(i) => return Self::settle_root(Some(root_options.swap_remove(i))),
            Expanded::Lost => return Self::settle_root(None),
            Expanded::Open(open) => open,
        };
        let mut on_path: FxHashSet<P> = FxHashSet::default();
        on_path.insert(root.clone());
        let mut stack = vec![Frame {
            position: root.clone(),
            open,
            next: 0,
        }];
        let longest = (self.cap / 10).max(1);
        // The outcome of the position last popped, handed to the frame below it.
        let mut result: Option<Outcome> = None;
        loop {
            let top = stack
                .last_mut()
                .expect("the root stays until it is decided");
            match result.take() {
                // An option is P: this position is N, settled by it.
                Some(Outcome::P) => {
                    let done = stack.pop().expect("non-empty");
                    if stack.is_empty() {
                        let origin = done.open[done.next].origin;
                        return Self::settle_root(Some(root_options.swap_remove(origin)));
                    }
                    self.store(solver, done.position.clone(), Outcome::N)?;
                    on_path.remove(&done.position);
                    result = Some(Outcome::N);
                    continue;
                }
                Some(_) => top.next += 1,
                None => {}
            }
            if top.next == top.open.len() {
                // Every option is N.
                let done = stack.pop().expect("non-empty");
                if stack.is_empty() {
                    return Self::settle_root(None);
                }
                self.store(solver, done.position.clone(), Outcome::P)?;
                on_path.remove(&done.position);
                result = Some(Outcome::P);
                continue;
            }
            let child = top.open[top.next].position.clone();
            // A sibling's search may have decided it since this position was expanded.
            if let Some(known) = self.table.get(solver.ruleset(), &child) {
                result = Some(known);
                continue;
            }
            if !on_path.insert(child.clone()) {
                return Err(SolveError::Cycle);
            }
            if stack.len() >= longest {
                return Err(SolveError::PositionCap {
                    what: "a line of play".into(),
                    cap: longest,
                });
            }
            match self.expand(solver, &child, None)? {
                Expanded::Won(_) => {
                    on_path.remove(&child);
                    self.store(solver, child, Outcome::N)?;
                    result = Some(Outcome::N);
                }
                Expanded::Lost => {
                    on_path.remove(&child);
                    self.store(solver, child, Outcome::P)?;
                    result = Some(Outcome::P);
                }
                Expanded::Open(open) => stack.push(Frame {
                    position: child,
                    open,
                    next: 0,
                }),
            }
        }
    }

    /// The root's decision: N with the option that settled it, else P.
    fn settle_root(winning_move: Option<P>) -> Result<Decision<P>, SolveError> {
        Ok(Decision {
            outcome: Outcome::p_if(winning_move.is_none()),
            winning_move,
        })
    }

    /// Records that `position` is `outcome`, within the caps.
    fn store<R: Ruleset<Position = P>>(
        &mut self,
        solver: &Solver<R>,
        position: P,
        outcome: Outcome,
    ) -> Result<(), SolveError> {
        if self.table.len() >= self.cap {
            return Err(SolveError::TableFull { cap: self.cap });
        }
        solver
            .limits()
            .check_memory(self.table.len(), || "the outcome search".into())?;
        self.table.insert(solver.ruleset(), position, outcome);
        Ok(())
    }

    /// What is known of option `q` before any search: its outcome from a closed form, a value
    /// the solver holds or the table (for a sum, the XOR of its parts' values when each is
    /// known); else the position to search in its place (a single part is a canonical form of
    /// `q`, searched instead so that equal positions share one entry), or that it is a sum with a
    /// part not yet valued.
    fn status<R: Ruleset<Position = P>>(&mut self, solver: &Solver<R>, q: &P) -> Status<P> {
        let look = |p: &P| {
            solver
                .known(p)
                .map(Outcome::of)
                .or_else(|| self.table.get(solver.ruleset(), p))
        };
        if let Some(o) = look(q) {
            return Status::Known(o);
        }
        let mut parts = std::mem::take(&mut self.parts);
        parts.clear();
        let status = if !solver.ruleset().components(q, &mut parts) {
            Status::Search(q.clone())
        } else if parts.len() == 1 {
            match look(&parts[0]) {
                Some(o) => Status::Known(o),
                None => Status::Search(parts[0].clone()),
            }
        } else {
            let mut total = Some(Nimber::ZERO);
            for part in &parts {
                total = total.zip(solver.known(part)).map(|(t, v)| t + v);
            }
            match total {
                Some(t) => Status::Known(Outcome::of(t)),
                None => Status::Sum,
            }
        };
        self.parts = parts;
        status
    }

    /// `p`'s options, settled at once when one of them is known P, else ordered for the search.
    /// `keep`: where to leave the options themselves (the root's, to report the winning move).
    fn expand<R: Ruleset<Position = P>>(
        &mut self,
        solver: &mut Solver<R>,
        p: &P,
        keep: Option<&mut Vec<P>>,
    ) -> Result<Expanded<P>, SolveError> {
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        solver.ruleset().options(p, &mut options);
        solver.ruleset().fault()?;
        let found = self.order(solver, &options);
        match keep {
            Some(keep) => *keep = options,
            None => self.options = options,
        }
        found
    }

    fn order<R: Ruleset<Position = P>>(
        &mut self,
        solver: &mut Solver<R>,
        options: &[P],
    ) -> Result<Expanded<P>, SolveError> {
        // First every option that is known: one P settles the position before any search.
        let mut sums = Vec::new();
        let mut open = Vec::new();
        for (origin, q) in options.iter().enumerate() {
            match self.status(solver, q) {
                Status::Known(Outcome::P) => return Ok(Expanded::Won(origin)),
                Status::Known(_) => {}
                Status::Sum => sums.push(origin),
                Status::Search(position) => open.push(Open {
                    position,
                    key: 0,
                    origin,
                }),
            }
        }
        // Then the rest, smallest first. A ruleset that measures its positions orders them at
        // once: listing each option's moves to count them costs a script a call per option, most
        // of them never searched (a position is N at its first option proved P).
        let sizes: Option<Vec<u64>> = open
            .iter()
            .map(|o| solver.ruleset().position_size(&o.position))
            .collect();
        solver.ruleset().fault()?;
        if let Some(sizes) = sizes {
            for (o, size) in open.iter_mut().zip(sizes) {
                o.key = size;
            }
        } else {
            // Else by how many moves each has; an option with no move is P. Listing an option's
            // moves also shows those already known P: such an option is N without a search.
            let mut buffer = Vec::new();
            let mut decided_n = 0;
            for o in open.iter_mut() {
                buffer.clear();
                solver.ruleset().options(&o.position, &mut buffer);
                solver.ruleset().fault()?;
                if buffer.is_empty() {
                    self.store(solver, o.position.clone(), Outcome::P)?;
                    return Ok(Expanded::Won(o.origin));
                }
                let lost = |g: &P| {
                    solver
                        .known(g)
                        .map(Outcome::of)
                        .or_else(|| self.table.get(solver.ruleset(), g))
                        == Some(Outcome::P)
                };
                if buffer.iter().any(lost) {
                    self.store(solver, o.position.clone(), Outcome::N)?;
                    o.key = DECIDED;
                    decided_n += 1;
                } else {
                    o.key = buffer.len() as u64;
                }
            }
            if decided_n > 0 {
                open.retain(|o| o.key != DECIDED);
            }
        }
        // Then the sums, by their parts' values: smaller games than the option.
        for origin in sums {
            self.parts.clear();
            solver
                .ruleset()
                .components(&options[origin], &mut self.parts);
            let parts = std::mem::take(&mut self.parts);
            let mut total = Nimber::ZERO;
            for part in &parts {
                total += solver.grundy(part)?;
            }
            self.parts = parts;
            if total.is_zero() {
                return Ok(Expanded::Won(origin));
            }
        }
        if open.is_empty() {
            return Ok(Expanded::Lost);
        }
        // Stable: among options of one size, the ruleset's order.
        open.sort_by_key(|o| o.key);
        Ok(Expanded::Open(open))
    }
}

/// Outcomes decided so far, kept as the solver keeps its values ([`Memo`]): 1 for a position lost
/// by the player to move (P), 0 for one won (N).
struct Outcomes<P>(Memo<P, u8>);

impl<P> Default for Outcomes<P> {
    fn default() -> Self {
        Outcomes(Memo::default())
    }
}

impl<P: Clone + Eq + std::hash::Hash> Outcomes<P> {
    fn get<R: Ruleset<Position = P>>(&self, ruleset: &R, p: &P) -> Option<Outcome> {
        self.0.get(ruleset, p).map(|lost| Outcome::p_if(lost == 1))
    }

    fn insert<R: Ruleset<Position = P>>(&mut self, ruleset: &R, p: P, outcome: Outcome) {
        self.0.insert(ruleset, p, u8::from(outcome == Outcome::P));
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BruteForce;
    use proptest::prelude::*;

    /// A random acyclic game on the vertices `0..n`, each with a twin `v + n` of the same moves
    /// (its canonical form is `v`). A position is a sorted list of vertices, a sum of them when
    /// there are two or more; a move changes one vertex into one or two smaller ones.
    #[derive(Debug, Clone)]
    struct Dag {
        /// `moves[v]`: the options of vertex `v`, each one or two vertices.
        moves: Vec<Vec<Vec<u8>>>,
    }

    impl Dag {
        fn n(&self) -> u8 {
            self.moves.len() as u8
        }
    }

    impl Ruleset for Dag {
        type Position = Vec<u8>;
        fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            for (i, &v) in p.iter().enumerate() {
                for to in &self.moves[usize::from(v % self.n())] {
                    let mut q = p.clone();
                    q.remove(i);
                    q.extend(to);
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
        fn components(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> bool {
            match p.as_slice() {
                [v] if *v >= self.n() => out.push(vec![v - self.n()]),
                [] | [_] => return false,
                _ => out.extend(p.iter().map(|&v| vec![v])),
            }
            true
        }
    }

    fn dag() -> impl Strategy<Value = Dag> {
        (1usize..14).prop_flat_map(|n| {
            let vertex = |v: usize| {
                let smaller = 0..(2 * v.max(1)) as u8;
                let to = prop::collection::vec(smaller, 1..=2);
                prop::collection::vec(to, 0..5)
            };
            (0..n)
                .map(vertex)
                .collect::<Vec<_>>()
                .prop_map(move |mut moves| {
                    // Vertex 0 has no move; the others move to smaller vertices (or their twins).
                    moves[0].clear();
                    for (v, options) in moves.iter_mut().enumerate() {
                        for to in options.iter_mut() {
                            for t in to.iter_mut() {
                                let w = *t as usize % v.max(1);
                                *t = (w + if *t as usize >= v { n } else { 0 }) as u8;
                            }
                        }
                    }
                    Dag { moves }
                })
        })
    }

    /// The random game with a measure of its positions ([`Ruleset::position_size`]): random
    /// weights of the vertices added up, so the options are tried in any order; a position with
    /// the vertex `unmeasured` has no size, so some positions are ordered by counting instead.
    #[derive(Debug, Clone)]
    struct Measured {
        game: Dag,
        weights: Vec<u64>,
        unmeasured: u8,
    }

    impl Ruleset for Measured {
        type Position = Vec<u8>;
        fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
            self.game.options(p, out)
        }
        fn components(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> bool {
            self.game.components(p, out)
        }
        fn position_size(&self, p: &Vec<u8>) -> Option<u64> {
            let n = self.game.n();
            (!p.iter().any(|&v| v % n == self.unmeasured % n))
                .then(|| p.iter().map(|&v| self.weights[usize::from(v % n)]).sum())
        }
    }

    fn measured() -> impl Strategy<Value = Measured> {
        (dag(), prop::collection::vec(0u64..20, 14), 0u8..20).prop_map(
            |(game, weights, unmeasured)| Measured {
                game,
                weights,
                unmeasured,
            },
        )
    }

    /// Decides each of `roots` in `game` (of `n` vertices), and checks the outcome and the winning
    /// move against the brute force.
    fn agree_with_brute_force<R: Ruleset<Position = Vec<u8>> + Clone>(
        game: R,
        n: u8,
        roots: Vec<Vec<u8>>,
    ) -> Result<(), TestCaseError> {
        // Splits can make the sums' brute force explode (no decomposition): the rare games whose
        // proof passes the cap are rejected, not waited for.
        let mut brute = Solver::with_cap(BruteForce(game.clone()), 200_000);
        // One search answers several questions, as its table fills.
        let mut search = OutcomeSearch::new();
        let mut solver = Solver::new(game.clone());
        for mut root in roots {
            for v in root.iter_mut() {
                *v %= 2 * n;
            }
            root.sort_unstable();
            let expected = brute.outcome(&root);
            prop_assume!(expected.is_ok(), "the brute force passed its cap");
            let expected = expected.unwrap();
            let d = search.decide(&mut solver, &root).unwrap();
            prop_assert_eq!(d.outcome, expected, "{:?}", root);
            match d.winning_move {
                Some(q) => {
                    let mut options = Vec::new();
                    game.options(&root, &mut options);
                    prop_assert!(options.contains(&q), "{:?} is no option of {:?}", q, root);
                    prop_assert_eq!(brute.outcome(&q).unwrap(), Outcome::P);
                }
                None => prop_assert_eq!(expected, Outcome::P),
            }
            // A fresh search with a solver that knows nothing agrees too.
            let fresh = OutcomeSearch::new().decide(&mut Solver::new(game.clone()), &root);
            prop_assert_eq!(fresh.unwrap().outcome, expected);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn outcomes_and_winning_moves_agree_with_brute_force(
            game in dag(),
            roots in prop::collection::vec(prop::collection::vec(0u8..26, 1..4), 1..6),
        ) {
            let n = game.n();
            agree_with_brute_force(game, n, roots)?;
        }

        #[test]
        fn options_ordered_by_their_size_give_the_same_answers(
            game in measured(),
            roots in prop::collection::vec(prop::collection::vec(0u8..26, 1..4), 1..6),
        ) {
            let n = game.game.n();
            agree_with_brute_force(game, n, roots)?;
        }
    }

    /// Take 1 or 2; the multiples of 3 are P.
    struct OneOrTwo;
    impl Ruleset for OneOrTwo {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
        }
        fn index(&self, n: &u64) -> Option<usize> {
            usize::try_from(*n).ok()
        }
    }

    #[test]
    fn a_line_of_a_million_moves_does_not_overflow_the_stack() {
        let d = OutcomeSearch::new()
            .decide(&mut Solver::new(OneOrTwo), &1_000_000)
            .unwrap();
        assert_eq!(d.outcome, Outcome::N);
        assert_eq!(d.winning_move, Some(999_999));
        let d = OutcomeSearch::new()
            .decide(&mut Solver::new(OneOrTwo), &999_999)
            .unwrap();
        assert_eq!((d.outcome, d.winning_move), (Outcome::P, None));
    }

    #[test]
    fn the_caps_stop_the_search() {
        let mut search = OutcomeSearch::with_cap(100);
        assert!(matches!(
            search.decide(&mut Solver::new(OneOrTwo), &10_000),
            Err(SolveError::PositionCap { cap: 10, .. })
        ));
        /// Leave at least a tenth: short lines, many positions.
        struct LeaveATenth;
        impl Ruleset for LeaveATenth {
            type Position = u64;
            fn options(&self, n: &u64, out: &mut Vec<u64>) {
                out.extend(n / 10..*n);
            }
        }
        let mut search = OutcomeSearch::with_cap(100);
        // Whether 3000 is P or N, the proof needs more than 100 positions.
        assert_eq!(
            search.decide(&mut Solver::new(LeaveATenth), &3000),
            Err(SolveError::TableFull { cap: 100 })
        );
    }

    #[test]
    fn a_cycle_is_reported() {
        /// 0 -> 1 -> 2 -> 0, and 2 -> 3 with 3 -> 4 (no move): 2 is N by moving... to 3? No:
        /// 3 is N (it moves to 4, which is P), so deciding 0 must go round the cycle.
        struct Round;
        impl Ruleset for Round {
            type Position = u8;
            fn options(&self, p: &u8, out: &mut Vec<u8>) {
                match p {
                    0 => out.push(1),
                    1 => out.push(2),
                    2 => out.extend([0, 3]),
                    3 => out.push(4),
                    _ => {}
                }
            }
        }
        assert_eq!(
            OutcomeSearch::new().decide(&mut Solver::new(Round), &0),
            Err(SolveError::Cycle)
        );
    }
}
