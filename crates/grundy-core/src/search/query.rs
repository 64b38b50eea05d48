//! How a part's value is found: the root's aspiration sets on every thread, the pruned "is the
//! value in this set?" queries below it, and the mex of full values where a set cannot hold them.

use std::cell::Cell;

use rayon::prelude::*;

use super::node::{cancel_pairs, Expansion, NODES};
use super::set::{Seen, Set};
use super::table::{EXACT, MASK_BITS};
use super::{Search, SearchRules};
use crate::Nimber;

/// Options split, and their table entries fetched, together (see
/// [`Table::prefetch`](super::Table::prefetch)).
const BATCH: usize = 8;

impl<R: SearchRules> Search<R>
where
    R::Position: Send + Sync,
{
    pub(super) fn sum_value(&self, position: &R::Position, depth: u32) -> Nimber {
        let parts = self.parts(position);
        let Some(largest) = self.largest(&parts) else {
            return Nimber::ZERO;
        };
        let rest = self.rest_value(&parts, largest, depth);
        self.root_value(&parts[largest], depth) + rest
    }

    pub(super) fn sum_equals(&self, position: &R::Position, k: Nimber, depth: u32) -> bool {
        self.parts_equal(&self.parts(position), k, depth)
    }

    /// Whether the sum of `parts` has the value `k`.
    pub(super) fn parts_equal(&self, parts: &[R::Position], k: Nimber, depth: u32) -> bool {
        if k.0 >= Set::LIMIT {
            // Past what a set holds: the value in full.
            return parts
                .iter()
                .map(|p| self.part_value(p, depth))
                .sum::<Nimber>()
                == k;
        }
        self.sum_in_set(parts, Set::single(k), depth) == Some(k)
    }

    /// The index of the largest part (the one a query asks about), if any.
    fn largest(&self, parts: &[R::Position]) -> Option<usize> {
        (0..parts.len()).max_by_key(|&i| self.rules.size(&parts[i]))
    }

    /// The XOR of the values of every part but `skip`, each found in full.
    fn rest_value(&self, parts: &[R::Position], skip: usize, depth: u32) -> Nimber {
        parts
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .map(|(_, p)| self.part_value(p, depth))
            .sum()
    }

    /// The value of a sum of `parts` if it lies in `want`, else `None` (it may be `Some` value
    /// outside `want` too, when the value was found anyway). The largest part is asked about
    /// `want` XOR the values of the others, which are found in full.
    fn sum_in_set(&self, parts: &[R::Position], want: Set, depth: u32) -> Option<Nimber> {
        let Some(largest) = self.largest(parts) else {
            return Some(Nimber::ZERO);
        };
        let rest = self.rest_value(parts, largest, depth);
        let part = &parts[largest];
        match want.xor_each(rest.0) {
            Some(shifted) => self.in_set(part, shifted, depth).map(|v| v + rest),
            None => Some(self.part_value(part, depth) + rest),
        }
    }

    /// The exact value of a part.
    fn part_value(&self, part: &R::Position, depth: u32) -> Nimber {
        if let Ok(v) = self.known(part) {
            return v;
        }
        self.in_set(part, Set::ALL, depth)
            .expect("a query of every value below the limit is answered")
    }

    /// The value of a part at the root of a search: the values 0, 1, … in turn are asked of every
    /// open option at once (Beling's aspiration sets), on every thread near the root, until one
    /// that no option has is the value.
    fn root_value(&self, part: &R::Position, depth: u32) -> Nimber {
        if let Ok(v) = self.known(part) {
            return v;
        }
        if self.full_values {
            return self.part_value(part, depth);
        }
        let start = NODES.with(Cell::get);
        let ex = self.expand(part);
        if ex.len() as u64 >= Set::LIMIT {
            // Values could pass what a set holds: the mex of the options' values.
            let value = self.mex_of_values(&ex, depth);
            self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
            return value;
        }
        let mut seen = Seen::default();
        if self.rules.nonzero(part) {
            // An N-position has an option of value 0: no need to look for it.
            seen.insert(Nimber::ZERO);
        }
        let mut open = Vec::with_capacity(ex.len());
        for i in 0..ex.len() {
            match self.option_known(ex.option(i)) {
                Some(v) => seen.insert(v),
                None => open.push(ex.option(i)),
            }
        }
        open.sort_by_cached_key(|o| self.difficulty(o));
        // Options with the same parts (mirror images) are asked once.
        let mut met = rustc_hash::FxHashSet::default();
        open.retain(|o| met.insert(*o));
        let value = loop {
            let k = seen.mex();
            let is_k = |o: &&[R::Position]| self.sum_in_set(o, Set::single(k), depth + 1);
            let hit = if depth < self.parallel_depth && self.pool.is_some() {
                // The easiest option alone first: it often has `k`, and then the others would
                // have been asked for nothing. Past it, every option is asked at once.
                match open.split_first() {
                    Some((first, _)) if is_k(first) == Some(k) => Some(0),
                    Some((_, rest)) => rest
                        .par_iter()
                        .position_any(|o| is_k(o) == Some(k))
                        .map(|i| i + 1),
                    None => None,
                }
            } else {
                open.iter().position(|o| is_k(o) == Some(k))
            };
            let Some(i) = hit else {
                // No option has `k`, and every smaller value is seen.
                break k;
            };
            open.swap_remove(i);
            seen.insert(k);
            // Options valued on the way (other values, stored in the table) leave the list.
            open.retain(|o| match self.option_known(o) {
                Some(v) => {
                    seen.insert(v);
                    false
                }
                None => true,
            });
        };
        self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
        value
    }

    /// The value of a part if it lies in `want`, else `None` (or its value outside `want`, when
    /// found anyway), by Beling and Rogalski's pruning (*On pruning search trees of impartial
    /// games*, 2020): the value lies among `0..=n` for `n` options; each option, asked whether it
    /// has one of the candidates left below the largest, either names its value (which leaves
    /// the candidates) or not (and the largest candidate goes: one option fewer can only reach
    /// one candidate fewer). The query stops as soon as no wanted value is a candidate.
    fn in_set(&self, part: &R::Position, want: Set, depth: u32) -> Option<Nimber> {
        let want = match self.known(part) {
            Ok(v) => return Some(v),
            Err(excluded) => want.without_mask(excluded),
        };
        if want.is_empty() {
            return None;
        }
        let start = NODES.with(Cell::get);
        if self.full_values {
            let value = self.mex_of_values(&self.expand(part), depth);
            self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
            return Some(value);
        }
        let options = self.options(part);
        let n = options.len() as u64;
        if n >= Set::LIMIT {
            let value = self.mex_of_values(&self.split(&options), depth);
            self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
            return Some(value);
        }
        let mut candidates = Set::upto(n);
        // Options already valued first (an enhanced transposition cut-off). The options are
        // split a batch at a time and the table entries of a batch fetched together (their
        // cache misses overlap); a known option that settles the query spares splitting the
        // batches after it.
        let mut parts = Vec::with_capacity(options.len() * 2);
        let mut open = Vec::with_capacity(options.len());
        let mut spans = Vec::with_capacity(BATCH);
        'batches: for batch in options.chunks(BATCH) {
            spans.clear();
            for o in batch {
                let from = parts.len();
                self.rules.parts(o, &mut parts);
                cancel_pairs(&mut parts, from);
                self.prefetch(&parts[from..]);
                spans.push((from, parts.len()));
            }
            for &(from, to) in &spans {
                match self.option_known(&parts[from..to]) {
                    Some(v) => {
                        candidates.account(Some(v.0));
                        if !candidates.intersects(&want) {
                            break 'batches;
                        }
                    }
                    None => open.push((self.difficulty(&parts[from..to]), from, to)),
                }
            }
        }
        open.sort_unstable_by_key(|&(difficulty, ..)| difficulty);
        let top = want.max().expect("not empty");
        let mut exact = true;
        for (_, from, to) in open {
            if !candidates.intersects(&want) {
                break;
            }
            let o = &parts[from..to];
            let ask = candidates.without_max().upto_value(top);
            let answer = if ask.is_empty() {
                None
            } else {
                self.sum_in_set(o, ask, depth + 1)
            };
            exact &= answer.is_some();
            candidates.account(answer.map(|v| v.0));
        }
        let work = NODES.with(Cell::get) - start;
        match candidates.only() {
            Some(v) if exact || v <= top => {
                self.remember(part, EXACT | v, work);
                Some(Nimber(v))
            }
            _ => {
                // The value is a candidate if it is at most `top`: the others up to `top` are not.
                self.remember(part, candidates.missing_mask(top, MASK_BITS), work);
                None
            }
        }
    }

    /// The mex of the full values of the options (for games whose values run high, or whose
    /// positions have too many options for a set).
    fn mex_of_values(&self, ex: &Expansion<R::Position>, depth: u32) -> Nimber {
        let value_of = |i: usize| -> Nimber {
            ex.option(i)
                .iter()
                .map(|p| self.part_value(p, depth + 1))
                .sum()
        };
        let mut seen = Seen::default();
        if depth < self.parallel_depth && self.pool.is_some() {
            let values: Vec<Nimber> = (0..ex.len()).into_par_iter().map(value_of).collect();
            values.into_iter().for_each(|v| seen.insert(v));
        } else {
            (0..ex.len()).for_each(|i| seen.insert(value_of(i)));
        }
        seen.mex()
    }
}
