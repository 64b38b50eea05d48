//! A node of the search: its options listed and split into parts (equal pairs cancelled), and
//! what the table, the dense array or a theorem already knows of a part, and storing what is
//! learnt.

use std::cell::Cell;
use std::sync::atomic::Ordering;

use super::table::{EXACT, MASK};
use super::{Search, SearchRules};
use crate::Nimber;

thread_local! {
    /// Nodes this thread has expanded: the difference before and after a search is its work.
    pub(super) static NODES: Cell<u64> = const { Cell::new(0) };
}

impl<R: SearchRules> Search<R>
where
    R::Position: Send + Sync,
{
    pub(super) fn parts(&self, position: &R::Position) -> Vec<R::Position> {
        let mut parts = Vec::new();
        self.rules.parts(position, &mut parts);
        cancel_pairs(&mut parts, 0);
        parts
    }

    /// The exact value of a part if known, else the mask of values it is known not to have.
    pub(super) fn known(&self, part: &R::Position) -> Result<Nimber, u64> {
        if let Some(v) = self.rules.closed_form(part) {
            return Ok(v);
        }
        if let Some(v) = self.rules.dense_index(part).and_then(|i| self.dense.get(i)) {
            return Ok(Nimber(v));
        }
        let nonzero = u64::from(self.rules.nonzero(part));
        match self.rules.code(part) {
            Some(code) => match self.table.get(code) {
                Some(d) if d & EXACT != 0 => Ok(Nimber(d & MASK)),
                Some(d) => Err(d & MASK | nonzero),
                None => Err(nonzero),
            },
            None => self
                .big
                .lock()
                .expect("no thread panics holding it")
                .get(part)
                .copied()
                .ok_or(nonzero),
        }
    }

    pub(super) fn remember(&self, part: &R::Position, data: u64, work: u64) {
        if data & EXACT != 0 {
            if let Some(i) = self.rules.dense_index(part) {
                if self.dense.put(i, data & MASK) {
                    return;
                }
            }
        }
        let work = u64::from(64 - work.leading_zeros()).min(255) << 56;
        match self.rules.code(part) {
            Some(code) => self.table.put(code, work | data),
            None if data & EXACT != 0 => {
                self.big
                    .lock()
                    .expect("no thread panics holding it")
                    .insert(part.clone(), Nimber(data & MASK));
            }
            None => {}
        }
    }

    /// The options of `part` (a node of the search).
    pub(super) fn options(&self, part: &R::Position) -> Vec<R::Position> {
        let mut options = Vec::new();
        self.rules.search_options(part, &mut options);
        NODES.with(|n| n.set(n.get() + 1));
        self.nodes.fetch_add(1, Ordering::Relaxed);
        options
    }

    /// The options of `part`, each as its parts, split once so that every query reuses them.
    pub(super) fn expand(&self, part: &R::Position) -> Expansion<R::Position> {
        self.split(&self.options(part))
    }

    /// `options`, each as its parts.
    pub(super) fn split(&self, options: &[R::Position]) -> Expansion<R::Position> {
        let mut parts = Vec::with_capacity(options.len() * 2);
        let mut spans = Vec::with_capacity(options.len());
        for o in options {
            let start = parts.len();
            self.rules.parts(o, &mut parts);
            cancel_pairs(&mut parts, start);
            parts[start..].sort_by_cached_key(|p| self.rules.code(p));
            spans.push((start as u32, (parts.len() - start) as u32));
        }
        Expansion { parts, spans }
    }

    /// Starts fetching the table entries of `parts` (see
    /// [`Table::prefetch`](super::Table::prefetch)).
    pub(super) fn prefetch(&self, parts: &[R::Position]) {
        for p in parts {
            if let Some(code) = self.rules.code(p) {
                self.table.prefetch(code);
            }
        }
    }

    /// The value of an option if every part of it is known.
    pub(super) fn option_known(&self, parts: &[R::Position]) -> Option<Nimber> {
        parts
            .iter()
            .map(|p| self.known(p).ok())
            .sum::<Option<Nimber>>()
    }

    /// How hard an option looks: the sum of the squares of its parts' sizes. Easy options are
    /// asked first, so a cheap answer often settles the query.
    pub(super) fn difficulty(&self, parts: &[R::Position]) -> u64 {
        parts
            .iter()
            .map(|p| u64::from(self.rules.size(p)).pow(2))
            .sum()
    }
}

/// Drops the parts from `start` on that come in equal pairs: `G + G = 0` (the second player
/// copies every move), so a sum's value does not change and neither part is searched.
pub(super) fn cancel_pairs<P: PartialEq>(parts: &mut Vec<P>, start: usize) {
    let mut i = start;
    while i < parts.len() {
        match (i + 1..parts.len()).find(|&j| parts[j] == parts[i]) {
            Some(j) => {
                parts.swap_remove(j);
                parts.swap_remove(i);
            }
            None => i += 1,
        }
    }
}

/// The options of a part, each as its parts, in one buffer.
pub(super) struct Expansion<P> {
    parts: Vec<P>,
    /// Where each option's parts start in `parts`, and how many there are.
    spans: Vec<(u32, u32)>,
}

impl<P> Expansion<P> {
    pub(super) fn len(&self) -> usize {
        self.spans.len()
    }

    pub(super) fn option(&self, i: usize) -> &[P] {
        let (start, len) = self.spans[i];
        &self.parts[start as usize..(start + len) as usize]
    }
}
