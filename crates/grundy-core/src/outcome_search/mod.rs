//! Outcome-only search: who wins from one position, without its Grundy value.
//!
//! A position is N exactly when some option is P, so deciding who wins needs far less than the
//! value: the search stops at the first option it proves P, and a P-position needs only one
//! P-option of each of its options. The [`Solver`] instead values every reachable position
//! (the mex needs every option's value), which on a big game that is not a sum (Moore's Nim,
//! Chomp) is the whole tree.
//!
//! Two ways of walking the tree share one table:
//!
//! - **Depth-first** (the default): each option settled before the next, in order of
//!   [`Ruleset::position_size`] when the ruleset measures its positions, else the rules' own
//!   order. It stays linear on a line of a million moves.
//! - **Depth-first proof-number search** (df-pn, Nagai 2002) to [`OutcomeSearch::with_pn_depth`]
//!   moves from the root, in the weak form that suits games with many transpositions (Ueda et
//!   al. 2008). Each position met carries two numbers: `phi`, how many positions at least must
//!   still be expanded to prove the player to move wins, and `delta`, to prove they lose. With
//!   options `c`, `phi = min delta(c)` and `delta = max phi(c) + (unproved options - 1)` (the
//!   plain sum would count a position reached by two paths twice, and on a heap game's lines
//!   those counts grow exponentially). The search works on the option that looks cheapest to
//!   settle and leaves it, its numbers kept in the table, as soon as a sibling looks cheaper.
//!   Positions with more than [`PN_WIDTH`] options are walked depth-first (each df-pn step reads
//!   every option's numbers), and so is the whole question once a cycle is met (df-pn's numbers
//!   depend on the line they were reached by, and could send it round for ever).
//!
//!   Measured on Chomp and Moore's Nim_2 written as scripts (`bench/outcome-search.sh`), df-pn
//!   never beat depth-first with the smallest options first: it expands every option of the root
//!   once before going deeper (each looks as cheap as the next until it is expanded), and with
//!   costly expansions that is most of the work (Moore's Nim_2 7,7,7,100: 6 s against 0.13 s;
//!   Chomp 10x9: 11.7 s against 7.4 s). Hence [`PN_DEPTH`] is 0 until initial numbers that tell
//!   the options apart before expanding them make it pay.
//!
//! Both walks share the usual aids:
//! - an explicit stack, not recursion: a line of play may be a million moves long;
//! - one transposition table, keyed as the [`Solver`] keys its values (a small
//!   [`Ruleset::index`] in an array, else the position hashed), capped like the solver's table
//!   and counted against the memory budget ([`crate::limits::Limits::check_memory`]); when it is
//!   full the numbers of unproved positions are forgotten first, the proofs kept;
//! - every option is looked up when its position is expanded (an enhanced transposition
//!   cutoff): one already known P (from the table, a value the ruleset gives cheaply,
//!   [`Ruleset::cheap_value`], or one the solver holds) settles the position at once; the table
//!   is read again as the search goes, so a terminal position proved once settles every
//!   position that can move to it;
//! - an **immediate-win check**: an option the ruleset can tell has no move
//!   ([`Ruleset::terminal`], without listing anything) is P and settles the position before any
//!   other option's moves are listed;
//! - an option that is a sum ([`Ruleset::components`]) is decided by its value (P iff the XOR of
//!   its parts' values is 0), computed by the [`Solver`] since its parts are smaller games;
//! - options are generated lazily: a position's own moves are listed when the search first
//!   steps into it, never to order its parent's options. Among options equally promising, those
//!   of smaller [`Ruleset::position_size`] come first when the ruleset measures its positions,
//!   else the rules' order.
//!
//! A position met again on the line being searched means the game is loopy. The search passes
//! over it and may still prove the position N by another option (a proof of a win is finite, so
//! it holds in a loopy game too); a position left with only such options unsettled stops the
//! search with [`SolveError::Cycle`], and the caller falls back to the loopy analysis.

mod table;

use rustc_hash::FxHashSet;

use crate::{Nimber, Outcome, Ruleset, SolveError, Solver};
use table::{Numbers, Table, INF};

/// How many moves deep the search is df-pn by default; past it, depth-first (0: depth-first
/// throughout; see the module's summary for why).
pub const PN_DEPTH: usize = 0;

/// The most options a position may have to be searched by df-pn: each df-pn step reads every
/// option's numbers, so a position of a million options would cost a million reads a step.
pub const PN_WIDTH: usize = 2048;

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
    table: Table<P>,
    cap: usize,
    pn_depth: usize,
    /// Reused buffers: a position's options, a sum's parts.
    options: Vec<P>,
    parts: Vec<P>,
    /// Positions expanded (their moves listed) so far.
    expanded: u64,
    /// How many positions have been proved P (each can settle the positions that move to it).
    lost: u64,
    /// Whether the question being answered met a cycle (then it is depth-first throughout).
    cycle_met: bool,
    /// How many proofs the table held when its numbers were last forgotten.
    proved_at_purge: Option<usize>,
}

/// An option not settled when its position was expanded, and which of that position's options
/// it stands for (a canonical form replaces the option itself).
struct Open<P> {
    position: P,
    origin: usize,
}

/// How a position on the line being searched goes through its open options.
#[derive(Clone, Copy)]
enum Mode {
    /// Df-pn: the option with the least `delta` next, while the position's numbers stay below
    /// these thresholds.
    ProofNumber { phi: u32, delta: u32 },
    /// Depth-first: each option in turn, settled before the next.
    DepthFirst(Walk),
}

/// A depth-first position's way through its options: the next one, and when the others were
/// last looked up. Searching one option can prove a later sibling P (the terminal position every
/// option can move to), so the rest are looked up again when new P-positions were proved, after
/// 1, 2, 4, ... options: a few reads of the list, not one per option.
#[derive(Clone, Copy, Default)]
struct Walk {
    next: usize,
    /// [`OutcomeSearch::lost`] when the options were last looked up.
    lost_seen: u64,
    /// Options passed since, and how many times they were looked up.
    since: usize,
    scans: u32,
    /// Whether an option was passed unsettled because it is on the line searched.
    skipped: bool,
}

impl Walk {
    /// Passes the options already proved N, and those on the line searched (`on_path`: a
    /// cycle, which the search cannot settle); `Some` once the position is settled or stuck.
    fn advance<P: Clone + Eq + std::hash::Hash, R: Ruleset<Position = P>>(
        &mut self,
        table: &Table<P>,
        ruleset: &R,
        open: &[Open<P>],
        lost: u64,
        on_path: &FxHashSet<P>,
    ) -> Option<Step> {
        if lost != self.lost_seen && self.since >= 1 << self.scans.min(30) {
            self.lost_seen = lost;
            self.since = 0;
            self.scans += 1;
            let later = open[self.next..].iter();
            if let Some(i) = later
                .map(|o| table.outcome(ruleset, &o.position))
                .position(|o| o == Some(Outcome::P))
            {
                return Some(Step::Won(self.next + i));
            }
        }
        while self.next < open.len() {
            match table.outcome(ruleset, &open[self.next].position) {
                Some(Outcome::P) => return Some(Step::Won(self.next)),
                Some(_) => {
                    self.next += 1;
                    self.since += 1;
                }
                None if on_path.contains(&open[self.next].position) => {
                    self.skipped = true;
                    self.next += 1;
                }
                None => return None,
            }
        }
        if !self.skipped {
            return Some(Step::Lost);
        }
        // An option on the line was passed: settled since, or the position cannot be.
        let outcomes: Vec<_> = open
            .iter()
            .map(|o| table.outcome(ruleset, &o.position))
            .collect();
        Some(match outcomes.iter().position(|&o| o == Some(Outcome::P)) {
            Some(i) => Step::Won(i),
            None if outcomes.iter().all(Option::is_some) => Step::Lost,
            None => Step::Stuck,
        })
    }
}

/// A position on the line being searched, with its options still open.
struct Frame<P> {
    position: P,
    open: Vec<Open<P>>,
    mode: Mode,
}

/// What expanding a position found.
enum Expanded<P> {
    /// Its option number `usize` (in [`Ruleset::options`] order) is P: the position is N.
    Won(usize),
    /// Every option is N (or it has none): the position is P.
    Lost,
    /// The options still to search, the smaller first when the ruleset measures them.
    Open(Vec<Open<P>>),
}

/// What is known of an option before any search (see [`OutcomeSearch::status`]).
enum Status<P> {
    Known(Outcome),
    /// Unknown: this position (the option or its canonical form) is to be searched.
    Search(P),
    /// A sum with a part not yet valued.
    Sum,
}

/// Where a df-pn position stands after reading its options' numbers.
enum Step {
    /// Its option at this place is P.
    Won(usize),
    /// Every option is N.
    Lost,
    /// Only options on the line searched are left unsettled: a cycle the search cannot settle.
    Stuck,
    /// An unsettled option is on the line searched: the game is loopy, and df-pn's numbers,
    /// which depend on the line they were reached by, could send it round for ever.
    Cycle,
    /// Its numbers, the option with the least `delta` (the first of them) and the second
    /// least `delta` among the others.
    Open {
        numbers: Numbers,
        best: usize,
        second: u32,
    },
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
            table: Table::default(),
            cap,
            pn_depth: PN_DEPTH,
            options: Vec::new(),
            parts: Vec::new(),
            expanded: 0,
            lost: 0,
            cycle_met: false,
            proved_at_purge: None,
        }
    }

    /// This search with df-pn to `depth` moves from the root instead of [`PN_DEPTH`] (0: plain
    /// depth-first everywhere). Any depth gives the same outcomes; it changes only the work.
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
    /// let mut search = OutcomeSearch::new().with_pn_depth(8);
    /// let d = search.decide(&mut Solver::new(OneOrTwo), &30).unwrap();
    /// assert_eq!((d.outcome, d.winning_move), (Outcome::P, None));
    /// ```
    pub fn with_pn_depth(mut self, depth: usize) -> Self {
        self.pn_depth = depth;
        self
    }

    /// How many positions the table holds.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// How many positions the search has expanded (listed the moves of), in all its questions.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Who wins from `root`, searching its options (the root itself is not looked up, so that a
    /// winning move is always found), with `solver`'s ruleset. `solver` values the options that
    /// are sums and lends the values it already holds.
    ///
    /// Fails with [`SolveError::Cycle`] when a position comes back on the line searched, with
    /// [`SolveError::TableFull`] when the proofs alone fill the cap, with
    /// [`SolveError::PositionCap`] when a line of play grows past a tenth of it, and with the
    /// ruleset's own fault.
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
        self.cycle_met = false;
        let mut root_options = Vec::new();
        let open = match self.expand(solver, root, Some(&mut root_options))? {
            Expanded::Won(i) => return Self::settle_root(Some(root_options.swap_remove(i))),
            Expanded::Lost => return Self::settle_root(None),
            Expanded::Open(open) => open,
        };
        let mut on_path: FxHashSet<P> = FxHashSet::default();
        on_path.insert(root.clone());
        let mode = self.mode(0, open.len(), INF, INF);
        let mut stack = vec![Frame {
            position: root.clone(),
            open,
            mode,
        }];
        let longest = (self.cap / 10).max(1);
        loop {
            let depth = stack.len();
            let top = stack
                .last_mut()
                .expect("the root stays until it is decided");
            // Which option to search next, or the top position's outcome.
            let (child, child_mode) = match top.mode {
                Mode::DepthFirst(mut walk) => {
                    let settled = walk.advance(
                        &self.table,
                        solver.ruleset(),
                        &top.open,
                        self.lost,
                        &on_path,
                    );
                    top.mode = Mode::DepthFirst(walk);
                    match settled {
                        Some(step) => (Err(step), Mode::DepthFirst(Walk::default())),
                        None => (Ok(walk.next), self.mode(depth, 0, INF, INF)),
                    }
                }
                Mode::ProofNumber { phi, delta } => match self.step(solver, &top.open, &on_path) {
                    Step::Open {
                        numbers,
                        best,
                        second,
                    } => {
                        if numbers.phi >= phi || numbers.delta >= delta {
                            // Not settled within the thresholds: the parent looks elsewhere.
                            let done = stack.pop().expect("non-empty");
                            on_path.remove(&done.position);
                            self.store(solver, done.position, numbers)?;
                            continue;
                        }
                        let child = self
                            .table
                            .get(solver.ruleset(), &top.open[best].position)
                            .unwrap_or(Numbers::UNSEEN);
                        // The option may grow until another looks cheaper, and while the
                        // position stays within its own thresholds.
                        let child_delta = phi.min(second.saturating_add(1));
                        let child_phi = if delta == INF {
                            INF
                        } else {
                            (delta - numbers.delta).saturating_add(child.phi)
                        };
                        (Ok(best), self.mode(depth, 0, child_phi, child_delta))
                    }
                    settled => (Err(settled), Mode::DepthFirst(Walk::default())),
                },
            };
            let index = match child {
                Ok(index) => index,
                Err(Step::Stuck) => return Err(SolveError::Cycle),
                Err(Step::Cycle) => {
                    // Depth-first from here on, where each option is settled or passed as on
                    // the line: that ends, and proves what can be proved without the cycle.
                    self.cycle_met = true;
                    for frame in stack.iter_mut() {
                        frame.mode = Mode::DepthFirst(Walk::default());
                    }
                    continue;
                }
                Err(step) => {
                    // The top position is settled.
                    let done = stack.pop().expect("non-empty");
                    let won = match step {
                        Step::Won(i) => Some(done.open[i].origin),
                        _ => None,
                    };
                    if stack.is_empty() {
                        return Self::settle_root(won.map(|o| root_options.swap_remove(o)));
                    }
                    on_path.remove(&done.position);
                    let outcome = Outcome::p_if(won.is_none());
                    self.store(solver, done.position, Numbers::of(outcome))?;
                    continue;
                }
            };
            let top = stack.last_mut().expect("non-empty");
            let child = top.open[index].position.clone();
            if on_path.contains(&child) {
                return Err(SolveError::Cycle);
            }
            if stack.len() >= longest {
                return Err(SolveError::PositionCap {
                    what: "a line of play".into(),
                    cap: longest,
                });
            }
            match self.expand(solver, &child, None)? {
                Expanded::Won(_) => self.store(solver, child, Numbers::WON)?,
                Expanded::Lost => self.store(solver, child, Numbers::LOST)?,
                Expanded::Open(open) => {
                    let mode = match child_mode {
                        Mode::ProofNumber { phi, delta } if open.len() <= PN_WIDTH => {
                            Mode::ProofNumber { phi, delta }
                        }
                        _ => Mode::DepthFirst(Walk::default()),
                    };
                    on_path.insert(child.clone());
                    stack.push(Frame {
                        position: child,
                        open,
                        mode,
                    });
                }
            }
        }
    }

    /// How a position `depth` moves from the root with `width` open options is searched, given
    /// the thresholds its parent sets (a width of 0: not known yet, checked on expansion).
    fn mode(&self, depth: usize, width: usize, phi: u32, delta: u32) -> Mode {
        if depth < self.pn_depth && width <= PN_WIDTH && !self.cycle_met {
            Mode::ProofNumber { phi, delta }
        } else {
            Mode::DepthFirst(Walk::default())
        }
    }

    /// The numbers of a position from its open options' entries in the table (an option not
    /// met yet counts as [`Numbers::UNSEEN`]); [`Step::Cycle`] when an unsettled option is on
    /// the line searched (`on_path`).
    fn step<R: Ruleset<Position = P>>(
        &self,
        solver: &Solver<R>,
        open: &[Open<P>],
        on_path: &FxHashSet<P>,
    ) -> Step {
        let (mut best, mut least, mut second) = (None, INF, INF);
        let (mut most_phi, mut unproved) = (0u32, 0u32);
        // (`unproved` > 0 exactly when `best` is some.)
        for (i, o) in open.iter().enumerate() {
            let n = self
                .table
                .get(solver.ruleset(), &o.position)
                .unwrap_or(Numbers::UNSEEN);
            if n.delta == 0 {
                return Step::Won(i);
            }
            if n.phi == 0 {
                continue;
            }
            if on_path.contains(&o.position) {
                return Step::Cycle;
            }
            unproved += 1;
            most_phi = most_phi.max(n.phi);
            if n.delta < least {
                second = least;
                least = n.delta;
                best = Some(i);
            } else if n.delta < second {
                second = n.delta;
            }
        }
        let Some(best) = best else {
            return Step::Lost;
        };
        Step::Open {
            numbers: Numbers {
                phi: least,
                // Below INF: INF would read as proved P.
                delta: most_phi.saturating_add(unproved - 1).min(INF - 1),
            },
            best,
            second,
        }
    }

    /// The root's decision: N with the option that settled it, else P.
    fn settle_root(winning_move: Option<P>) -> Result<Decision<P>, SolveError> {
        Ok(Decision {
            outcome: Outcome::p_if(winning_move.is_none()),
            winning_move,
        })
    }

    /// Records what is known of `position`, within the caps: past the cap the numbers of
    /// unproved positions are forgotten, and only proofs that fill most of it stop the search.
    fn store<R: Ruleset<Position = P>>(
        &mut self,
        solver: &Solver<R>,
        position: P,
        numbers: Numbers,
    ) -> Result<(), SolveError> {
        if self.table.len() >= self.cap {
            // Forgetting numbers is only worth it while it lets proofs grow: a search whose
            // working numbers alone fill the table would forget and rebuild them for ever.
            let proved = self.table.proved();
            if proved >= self.cap - self.cap / 4 || self.proved_at_purge == Some(proved) {
                return Err(SolveError::TableFull { cap: self.cap });
            }
            self.table.forget_unproved();
            self.proved_at_purge = Some(proved);
        }
        let expanded = self.expanded;
        solver.limits().check_memory(self.table.len(), || {
            format!("the outcome search ({expanded} positions expanded)")
        })?;
        if numbers == Numbers::LOST {
            self.lost += 1;
        }
        self.table.insert(solver.ruleset(), position, numbers);
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
                .cheap(p)
                .map(Outcome::of)
                .or_else(|| self.table.outcome(solver.ruleset(), p))
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
                total = total.zip(solver.cheap(part)).map(|(t, v)| t + v);
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
        self.expanded += 1;
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
                Status::Search(position) => open.push(Open { position, origin }),
            }
        }
        // Then an option the rules can tell has no move, without listing any option's moves.
        for o in &open {
            if solver.ruleset().terminal(&o.position) == Some(true) {
                solver.ruleset().fault()?;
                self.store(solver, o.position.clone(), Numbers::LOST)?;
                return Ok(Expanded::Won(o.origin));
            }
        }
        solver.ruleset().fault()?;
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
        // Smaller options first where the ruleset measures them (a stable sort: among options
        // of one size, the rules' order). Any order is correct; this one finds small proofs.
        let sizes: Option<Vec<u64>> = open
            .iter()
            .map(|o| solver.ruleset().position_size(&o.position))
            .collect();
        solver.ruleset().fault()?;
        if let Some(sizes) = sizes {
            let mut keyed: Vec<(u64, Open<P>)> = sizes.into_iter().zip(open).collect();
            keyed.sort_by_key(|(size, _)| *size);
            open = keyed.into_iter().map(|(_, o)| o).collect();
        }
        Ok(Expanded::Open(open))
    }
}

#[cfg(test)]
mod tests;
