//! Expanding positions ahead of the solver, on every core.
//!
//! The solver walks the game tree on one thread, and a script's call is the slow part of each
//! step; so the positions a search will need are expanded first, a block at a time in parallel
//! (rayon), and kept until the solver asks for them once. A table expands its own positions
//! ([`ScriptGame::prefetch`]); a single position expands what it reaches, breadth first, within a
//! budget ([`grundy_core::Ruleset::prepare`]).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::expansion::Expansion;
use super::first_error::FirstError;
use super::{table, Position, ScriptGame};

impl ScriptGame {
    /// Expands `positions` on every core, ahead of the solver, which then finds each expansion
    /// ready. A script error is kept as the game's fault ([`Ruleset::fault`]).
    pub fn prefetch(&self, positions: &[Position]) {
        let todo: Vec<&Position> = {
            let store = self.store.lock().expect("no thread panics holding it");
            positions
                .iter()
                .filter(|p| !p.is_sum() && !store.holds(p))
                .collect()
        };
        // The first error ends the block ([`FirstError`]).
        let first = FirstError::new();
        let expand = |(k, p): (usize, &&Position)| {
            // Asked to stop: nothing more is expanded ahead (each expansion may be long).
            if first.skips(k) || self.runtime.stopping() {
                return None;
            }
            let e = self.expand(p);
            first.note(k, &e);
            e.ok().map(|e| ((*p).clone(), e))
        };
        let done: Vec<Option<(Position, Expansion)>> = if self.program.parallel() {
            todo.par_iter().enumerate().map(expand).collect()
        } else {
            todo.iter().enumerate().map(expand).collect()
        };
        let mut store = self.store.lock().expect("no thread panics holding it");
        for (p, e) in done.into_iter().flatten() {
            store.ahead.insert(p, Arc::new(e));
        }
        drop(store);
        if let Some(m) = first.error() {
            self.fail(m);
        }
    }

    /// Expands, on every core, the positions `root` reaches, breadth first, until a budget of
    /// options held is spent; the solver then finds them ready ([`Ruleset::prepare`]).
    pub(super) fn work_ahead(&self, root: &Position) {
        /// Groups of options held ahead of the solver at most (tens of megabytes), and options
        /// walked to find the next positions.
        const OPTIONS_AHEAD: usize = 1 << 21;
        const WALK: usize = 1 << 27;
        let most_positions = self.limits().positions / 4;
        let mut seen: FxHashSet<Position> = FxHashSet::default();
        let mut queue: Vec<Position> = Vec::new();
        let mut parts = Vec::new();
        let mut reach =
            |p: &Position, seen: &mut FxHashSet<Position>, queue: &mut Vec<Position>| {
                parts.clear();
                if !p.parts(&mut parts) {
                    parts.push(p.clone());
                }
                for q in parts.drain(..) {
                    // Copies of a part are expanded as the part.
                    let q = q.copies_of().0.clone();
                    if seen.insert(q.clone()) {
                        queue.push(q);
                    }
                }
            };
        reach(root, &mut seen, &mut queue);
        let (mut next, mut held, mut walked) = (0, 0, 0);
        while next < queue.len()
            && held < OPTIONS_AHEAD
            && walked < WALK
            && seen.len() < most_positions
        {
            let end = queue.len().min(next + table::BLOCK);
            let block: Vec<Position> = queue[next..end].to_vec();
            next = end;
            self.prefetch(&block);
            if self.failed.load(Ordering::Acquire) {
                return;
            }
            let store = self.store.lock().expect("no thread panics holding it");
            for p in &block {
                let Some(e) = store.peek(p) else { continue };
                match &**e {
                    Expansion::Parts(ps) => {
                        for q in ps {
                            reach(q, &mut seen, &mut queue);
                        }
                    }
                    Expansion::Options(groups) => {
                        for g in groups {
                            // A range past the budget (`[x, 0..10^18]`) is left to the solver,
                            // which says what is too large; walking it would never end.
                            if g.len() > WALK - walked.min(WALK) {
                                walked = WALK;
                                break;
                            }
                            walked += g.len();
                            g.for_each(|q| reach(&q, &mut seen, &mut queue));
                            held += 1;
                        }
                    }
                }
            }
        }
    }

    /// The expansion of `p` for a single use (a table valued in order asks once): made ahead and
    /// not kept since, or else as [`Self::expansion`] gives it.
    pub(super) fn expansion_once(&self, p: &Position) -> Option<Arc<Expansion>> {
        let ahead = self
            .store
            .lock()
            .expect("no thread panics holding it")
            .ahead
            .remove(p);
        ahead.or_else(|| self.expansion(p))
    }

    /// The expansion of `p` if it is held or can be made within `operations` script operations
    /// (then kept, so the search that asks again later does not call the script again).
    pub(super) fn expansion_within(&self, p: &Position, operations: u64) -> Option<Arc<Expansion>> {
        {
            let mut store = self.store.lock().expect("no thread panics holding it");
            if let Some(e) = store.get(p) {
                return Some(e);
            }
            if store.costly.contains(p) {
                return None;
            }
        }
        let Some(made) = super::program::within(operations, || self.expand(p)) else {
            let mut store = self.store.lock().expect("no thread panics holding it");
            if store.costly.len() < KEPT {
                store.costly.insert(p.clone());
            }
            return None;
        };
        self.kept(p, made)
    }

    /// The expansion of `p`: made ahead, kept from before, or made now (and kept). A search
    /// over sums (misère play, Every-SG, loopy games) meets the same part in many positions, and
    /// the script is called once for it.
    pub(super) fn expansion(&self, p: &Position) -> Option<Arc<Expansion>> {
        if let Some(e) = self
            .store
            .lock()
            .expect("no thread panics holding it")
            .get(p)
        {
            return Some(e);
        }
        self.kept(p, self.expand(p))
    }

    /// An expansion just made of `p`, kept for the next question; a script error fails the game.
    fn kept(&self, p: &Position, made: Result<Expansion, String>) -> Option<Arc<Expansion>> {
        match made {
            Ok(e) => {
                let e = Arc::new(e);
                let mut store = self.store.lock().expect("no thread panics holding it");
                store.keep(p.clone(), e.clone());
                Some(e)
            }
            Err(m) => {
                self.fail(m);
                None
            }
        }
    }
}

/// The expansions a game holds: those made ahead of the solver, and those kept for the next
/// question within a budget (cleared when it is spent, so memory stays bounded).
#[derive(Default)]
pub(super) struct Store {
    ahead: FxHashMap<Position, Arc<Expansion>>,
    kept: FxHashMap<Position, Arc<Expansion>>,
    kept_size: usize,
    /// Positions whose expansion spent the budget of [`ScriptGame::expansion_within`]: asked
    /// again, they are not tried again (cleared with the kept expansions).
    costly: FxHashSet<Position>,
}

/// Groups of options kept at most (about a hundred megabytes).
const KEPT: usize = 1 << 22;

impl Store {
    /// The expansion of `p` if held; one made ahead is kept from now on.
    fn get(&mut self, p: &Position) -> Option<Arc<Expansion>> {
        if let Some(e) = self.ahead.remove(p) {
            self.keep(p.clone(), e.clone());
            return Some(e);
        }
        self.kept.get(p).cloned()
    }

    fn holds(&self, p: &Position) -> bool {
        self.ahead.contains_key(p) || self.kept.contains_key(p)
    }

    fn peek(&self, p: &Position) -> Option<&Arc<Expansion>> {
        self.ahead.get(p).or_else(|| self.kept.get(p))
    }

    fn keep(&mut self, p: Position, e: Arc<Expansion>) {
        let size = e.size();
        if self.kept_size + size > KEPT {
            self.kept.clear();
            self.costly.clear();
            self.kept_size = 0;
        }
        if size <= KEPT && self.kept.insert(p, e).is_none() {
            self.kept_size += size;
        }
    }
}
