//! Search for one hard position: a game whose positions are far too many to tabulate (Cram on a
//! 5×9 board, Chomp on 10×14, Node Kayles on a large graph).
//!
//! [`Search`] finds the Grundy value of a position of any ruleset that offers the hooks of
//! [`SearchRules`]:
//!
//! - **decomposition**: a position is split into independent *parts* (Cram regions, Node Kayles
//!   connected pieces), combined by XOR (Sprague–Grundy);
//! - **canonical forms**: each part is handed back in a canonical form under the board's
//!   symmetries, so the eight images of a Cram region share one table entry;
//! - **a compact code** of 64 bits for each canonical part, the key of a lock-free transposition
//!   table ([`Table`]) sized by a memory budget, 16 bytes an entry, in buckets of four with a
//!   replacement policy that keeps the entries that cost the most work; or, for rulesets that
//!   number their parts densely, a byte array of exact values ([`Search::with_dense`]);
//! - **pruning of "is the value in this set?" queries** (Beling and Rogalski, *On pruning
//!   search trees of impartial games*, 2020, after Lemoine and Viennot, *Nimbers are
//!   inevitable*, 2010): a part with `n` options has a value in `0..=n`; each option, asked
//!   about the candidates below the largest, either names its value (which leaves the
//!   candidates) or not (and the largest goes), and the query stops once no wanted value is a
//!   candidate. An option that is a sum is asked through its largest part, about the set XOR the
//!   values of the others, which are valued in full; equal parts cancel. Options already valued
//!   are counted first, the others tried easiest first. What a query learns ("not these values")
//!   is kept in the table too, as a mask beside the exact values;
//! - **parallel search**: at the root, the values 0, 1, … are asked of the options in turn
//!   (aspiration sets): the easiest option alone, then the others on every thread at once
//!   (rayon work-stealing), all sharing the one table; a found answer cancels the rest.
//!
//! ```
//! use grundy_core::search::{Search, SearchRules};
//! use grundy_core::{Nimber, Ruleset};
//!
//! /// Take 1 or 2 tokens from a single pile (value n mod 3).
//! struct OneOrTwo;
//! impl Ruleset for OneOrTwo {
//!     type Position = u64;
//!     fn options(&self, n: &u64, out: &mut Vec<u64>) {
//!         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
//!     }
//! }
//! impl SearchRules for OneOrTwo {
//!     fn parts(&self, n: &u64, out: &mut Vec<u64>) {
//!         if *n > 0 {
//!             out.push(*n);
//!         }
//!     }
//!     fn code(&self, n: &u64) -> Option<u64> {
//!         Some(*n)
//!     }
//!     fn size(&self, n: &u64) -> u32 {
//!         *n as u32
//!     }
//! }
//!
//! let search = Search::new(OneOrTwo, 1 << 16, 1);
//! assert_eq!(search.value(&1000), Nimber(1));
//! assert!(search.equals(&999, Nimber(0)));
//! ```

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

// `std::time::Instant` outside a browser; `performance.now()` in one, where std has no clock.
use web_time::Instant;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::{Nimber, Ruleset};

pub mod checkpoint;
mod set;
mod table;

use checkpoint::CheckpointError;
use set::{Seen, Set};
pub use table::{
    available_memory, memory_budget, set_memory_budget, table_bytes, Table, ENTRY_BYTES,
};
use table::{Dense, EXACT, MASK, MASK_BITS};

/// The hooks a ruleset offers to be searched by [`Search`].
pub trait SearchRules: Ruleset + Sync
where
    Self::Position: Send + Sync,
{
    /// Appends the independent parts of `position`, each in its canonical form, to `out`. A
    /// part without a move may be left out (its value is 0); a position that does not split is
    /// one part, itself (canonical).
    fn parts(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// An injective 64-bit code of a canonical part: two parts with the same code are the same
    /// game. `None`: the part is too big for a code, and is kept in a slower hash map instead.
    fn code(&self, part: &Self::Position) -> Option<u64>;

    /// The size of a part (cells, vertices): of the parts of an option, the largest is the one
    /// a query asks about, the others are valued in full.
    fn size(&self, part: &Self::Position) -> u32;

    /// Whether a part's value is better found as the mex of its options' full values than by
    /// asking "does an option equal k?" for k = 0, 1, …: so for games whose values run high
    /// (Chomp: 51 on 8×10), where each k would ask every option again. `false` (the default)
    /// for games of small values (Cram), where the queries prune most of the tree.
    fn full_values(&self) -> bool {
        false
    }

    /// Whether a theorem says the part is not a P-position (a strategy argument, without its
    /// value): its search then starts at the value 1. The default: nothing is known.
    fn nonzero(&self, _part: &Self::Position) -> bool {
        false
    }

    /// A dense number of a canonical part, for rulesets whose parts are numbered within a range
    /// small enough for a byte each ([`Search::with_dense`]): their values are then kept in an
    /// array rather than the hashed table. Two parts with one number must be the same game. The
    /// default: no number.
    fn dense_index(&self, _part: &Self::Position) -> Option<usize> {
        None
    }

    /// The part whose [`SearchRules::code`] is `code`, or `None` if no part has it: a resumed
    /// checkpoint's entries are checked against the rules through it, and one whose code is no
    /// part refuses the file. Only used when [`SearchRules::decodes`] says so.
    fn decode(&self, _code: u64) -> Option<Self::Position> {
        None
    }

    /// Whether [`SearchRules::decode`] is implemented. The default: no (a checkpoint's checksum
    /// and rules are then its only checks).
    fn decodes(&self) -> bool {
        false
    }

    /// The options of a part in the order a search should look at them: those likeliest to
    /// settle a query first (in Cram, dominoes near the middle, which cut the board in two
    /// pieces that are often alike). The default is [`Ruleset::options`]' order.
    fn search_options(&self, part: &Self::Position, out: &mut Vec<Self::Position>) {
        self.options(part, out)
    }
}

/// The largest parts (in [`SearchRules::size`]) a resumed checkpoint's sample searches again.
pub const VERIFIED_SIZE: u32 = 16;

/// Where a search saves its table, and how often.
struct Saver {
    path: std::path::PathBuf,
    rules: String,
    every: Duration,
    /// Set when a run of the search has finished: the file is then removed with the search.
    finished: AtomicBool,
    /// Whether this search resumed from the file or wrote it: only then is it its to remove.
    owned: AtomicBool,
}

/// Options split, and their table entries fetched, together (see [`Table::prefetch`]).
const BATCH: usize = 8;

thread_local! {
    /// Nodes this thread has expanded: the difference before and after a search is its work.
    static NODES: Cell<u64> = const { Cell::new(0) };
}

/// The searcher: a ruleset, its table, and the threads it runs on.
pub struct Search<R: SearchRules>
where
    R::Position: Send + Sync,
{
    rules: R,
    /// Shared with the list of tables a Ctrl-C handler saves ([`checkpoint::save_live`]).
    table: Arc<Table>,
    /// Where the table is saved every so often, if anywhere.
    saver: Option<Saver>,
    /// Parts without a code, with their exact values.
    big: Mutex<FxHashMap<R::Position, Nimber>>,
    pool: Option<rayon::ThreadPool>,
    /// Options are probed in parallel at positions this close to the root.
    parallel_depth: u32,
    nodes: AtomicU64,
    /// Whether to report progress on stderr during long searches.
    progress: bool,
    /// Whether a value is the mex of its options' full values (rather than found by queries).
    full_values: bool,
    /// The values of densely numbered parts.
    dense: Dense,
}

impl<R: SearchRules> Search<R>
where
    R::Position: Send + Sync,
{
    /// A search of `rules` with a table of at most `bytes` bytes, on `threads` threads (0: one
    /// a core).
    pub fn new(rules: R, bytes: usize, threads: usize) -> Self {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        // Deep games (Chomp on big boards) recurse a few hundred levels: give workers room.
        let pool = (threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .stack_size(64 << 20)
                    .build()
                    .ok()
            })
            .flatten();
        Search {
            full_values: rules.full_values(),
            rules,
            table: Arc::new(Table::with_bytes(bytes)),
            saver: None,
            big: Mutex::new(FxHashMap::default()),
            pool,
            parallel_depth: 3,
            nodes: AtomicU64::new(0),
            progress: false,
            dense: Dense::new(0),
        }
    }

    /// Keeps the values of the parts numbered below `len` by [`SearchRules::dense_index`] in an
    /// array of `len` bytes (allocated zeroed: pages never reached cost nothing).
    pub fn with_dense(mut self, len: usize) -> Self {
        self.dense = Dense::new(len);
        self
    }

    /// The bytes of the dense array.
    pub fn dense_bytes(&self) -> usize {
        self.dense.bytes()
    }

    /// Reports progress on stderr (nodes, rate, table use) every few seconds of a long search.
    pub fn with_progress(mut self, on: bool) -> Self {
        self.progress = on;
        self
    }

    /// Saves the table every so often as the checkpoint set by
    /// [`checkpoint::set_checkpointing`] says (if it is set), and with `resume`, starts from
    /// that file: its entries are stored in this table, then a sample of them (up to 256 of at
    /// most [`VERIFIED_SIZE`] cells, as decoded by [`SearchRules::decode`]) is searched again
    /// from the rules alone, and one that disagrees refuses the file. `rules` names the
    /// ruleset and its options: a file written under other rules is refused too. The file is
    /// removed when the search is dropped after finishing its work.
    pub fn checkpointed(mut self, rules: &str) -> Result<Self, CheckpointError>
    where
        R: Clone,
    {
        let Some(config) = checkpoint::config() else {
            return Ok(self);
        };
        if config.resume {
            let sample = checkpoint::load(&self.table, &config.path, rules)?;
            self.verify(&sample).map_err(|why| CheckpointError {
                path: config.path.clone(),
                why,
            })?;
        }
        checkpoint::register(&self.table, &config.path, rules);
        self.saver = Some(Saver {
            path: config.path,
            rules: rules.to_string(),
            every: config.every,
            finished: AtomicBool::new(false),
            owned: AtomicBool::new(config.resume),
        });
        Ok(self)
    }

    /// `make()`, [`checkpointed`](Search::checkpointed) under `rules`. A checkpoint that cannot
    /// be used is reported on stderr and a new `make()` searches from the start: the command line
    /// checks a file whole before a search begins, so only one whose entries the rules
    /// contradict gets this far, and a ruleset values positions with no way to fail.
    pub fn checkpointed_or_fresh(make: impl Fn() -> Self, rules: &str) -> Self
    where
        R: Clone,
    {
        make().checkpointed(rules).unwrap_or_else(|e| {
            eprintln!("grundy: warning: {e}; searching from the start");
            make()
        })
    }

    /// Checks entries read from a checkpoint against a search from the rules alone.
    fn verify(&self, sample: &[(u64, u64)]) -> Result<(), String>
    where
        R: Clone,
    {
        if !self.rules.decodes() {
            return Ok(());
        }
        // One search from the rules alone for the whole sample (its table shared by them).
        let fresh = Search::new(self.rules.clone(), 1 << 20, 1);
        for &(code, data) in sample {
            let Some(part) = self.rules.decode(code) else {
                return Err(format!(
                    "an entry's code ({code:#x}) is no position of these rules: delete the \
                     file to start again"
                ));
            };
            if self.rules.code(&part) != Some(code) || self.rules.size(&part) > VERIFIED_SIZE {
                continue;
            }
            let v = fresh.value(&part).0;
            let agrees = if data & EXACT != 0 {
                data & MASK == v
            } else {
                v >= u64::from(MASK_BITS) || data >> v & 1 == 0
            };
            if !agrees {
                return Err(format!(
                    "an entry disagrees with the rules (code {code:#x}: value {v}): \
                     delete the file to start again"
                ));
            }
        }
        Ok(())
    }

    /// The ruleset searched.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The transposition table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Nodes expanded so far (positions whose options were listed).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The Grundy value of `position`.
    pub fn value(&self, position: &R::Position) -> Nimber {
        self.run(|| self.sum_value(position, 0))
    }

    /// Whether the Grundy value of `position` is `k` (cheaper than the value: it prunes).
    pub fn equals(&self, position: &R::Position, k: Nimber) -> bool {
        self.run(|| self.sum_equals(position, k, 0))
    }

    /// The positions of `positions` whose value is `k` (a position's winning moves, for `k` =
    /// 0), asked on every thread.
    /// Positions with the same parts (mirror images of one another, on a symmetric board) are
    /// asked once.
    pub fn those_equal(&self, positions: Vec<R::Position>, k: Nimber) -> Vec<R::Position> {
        self.run(|| {
            let mut first: FxHashMap<Vec<R::Position>, usize> = FxHashMap::default();
            let mut distinct = Vec::new();
            let same: Vec<usize> = positions
                .iter()
                .map(|p| {
                    let parts = self.sorted_parts(p);
                    *first.entry(parts.clone()).or_insert_with(|| {
                        distinct.push(parts);
                        distinct.len() - 1
                    })
                })
                .collect();
            let equal: Vec<bool> = if self.pool.is_some() {
                distinct
                    .par_iter()
                    .map(|parts| self.parts_equal(parts, k, self.parallel_depth))
                    .collect()
            } else {
                distinct
                    .iter()
                    .map(|parts| self.parts_equal(parts, k, 0))
                    .collect()
            };
            positions
                .into_iter()
                .zip(same)
                .filter_map(|(p, i)| equal[i].then_some(p))
                .collect()
        })
    }

    /// The parts of `position`, in the order of their codes: positions with the same parts have
    /// the same list.
    fn sorted_parts(&self, position: &R::Position) -> Vec<R::Position> {
        let mut parts = self.parts(position);
        parts.sort_by_cached_key(|p| self.rules.code(p));
        parts
    }

    fn run<T: Send>(&self, job: impl FnOnce() -> T + Send) -> T {
        let done = Arc::new(AtomicBool::new(false));
        // A browser has no threads to watch from: there the search runs unwatched.
        let watched = (self.progress || self.saver.is_some()) && cfg!(not(target_arch = "wasm32"));
        let watch = watched.then(|| {
            let done = Arc::clone(&done);
            let start = Instant::now();
            // A scoped thread cannot outlive `self`, so it reads the counters directly.
            move |s: &Self| {
                let (mut reported, mut saved) = (Instant::now(), Instant::now());
                let mut warned = false;
                while !done.load(Ordering::Relaxed) {
                    // Woken at once when the search ends.
                    std::thread::park_timeout(Duration::from_millis(500));
                    if s.progress && reported.elapsed() >= Duration::from_secs(5) {
                        reported = Instant::now();
                        let t = start.elapsed().as_secs_f64();
                        let n = s.nodes();
                        eprintln!(
                            "search: {:.0} s, {} nodes ({:.2} M/s), table {:.0}% of {} MiB",
                            t,
                            n,
                            n as f64 / t / 1e6,
                            100.0 * s.table.filled_fraction(),
                            s.table.bytes() >> 20
                        );
                    }
                    let Some(saver) = &s.saver else { continue };
                    if saved.elapsed() < saver.every || done.load(Ordering::Relaxed) {
                        continue;
                    }
                    let saved_now = checkpoint::save(&s.table, &saver.path, &saver.rules);
                    if saved_now.is_ok() {
                        saver.owned.store(true, Ordering::Relaxed);
                    }
                    match saved_now {
                        Ok(()) if s.progress => {
                            eprintln!("search: checkpoint saved in {}", saver.path.display())
                        }
                        Ok(()) => {}
                        Err(e) if !warned => {
                            warned = true;
                            eprintln!(
                                "grundy: warning: could not write checkpoint {}: {e}",
                                saver.path.display()
                            );
                        }
                        Err(_) => {}
                    }
                    saved = Instant::now();
                }
            }
        });
        let out = std::thread::scope(|scope| {
            let watcher = watch.map(|w| scope.spawn(move || w(self)));
            let out = match &self.pool {
                Some(pool) => pool.install(job),
                None => job(),
            };
            done.store(true, Ordering::Relaxed);
            if let Some(w) = watcher {
                w.thread().unpark();
            }
            out
        });
        if let Some(saver) = &self.saver {
            saver.finished.store(true, Ordering::Relaxed);
        }
        out
    }

    fn parts(&self, position: &R::Position) -> Vec<R::Position> {
        let mut parts = Vec::new();
        self.rules.parts(position, &mut parts);
        cancel_pairs(&mut parts, 0);
        parts
    }

    fn sum_value(&self, position: &R::Position, depth: u32) -> Nimber {
        let parts = self.parts(position);
        let Some(largest) = self.largest(&parts) else {
            return Nimber::ZERO;
        };
        let rest = self.rest_value(&parts, largest, depth);
        self.root_value(&parts[largest], depth) + rest
    }

    fn sum_equals(&self, position: &R::Position, k: Nimber, depth: u32) -> bool {
        self.parts_equal(&self.parts(position), k, depth)
    }

    /// Whether the sum of `parts` has the value `k`.
    fn parts_equal(&self, parts: &[R::Position], k: Nimber, depth: u32) -> bool {
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

    /// The exact value of a part if known, else the mask of values it is known not to have.
    fn known(&self, part: &R::Position) -> Result<Nimber, u64> {
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

    fn remember(&self, part: &R::Position, data: u64, work: u64) {
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
    fn options(&self, part: &R::Position) -> Vec<R::Position> {
        let mut options = Vec::new();
        self.rules.search_options(part, &mut options);
        NODES.with(|n| n.set(n.get() + 1));
        self.nodes.fetch_add(1, Ordering::Relaxed);
        options
    }

    /// The options of `part`, each as its parts, split once so that every query reuses them.
    fn expand(&self, part: &R::Position) -> Expansion<R::Position> {
        self.split(&self.options(part))
    }

    /// `options`, each as its parts.
    fn split(&self, options: &[R::Position]) -> Expansion<R::Position> {
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

    /// Starts fetching the table entries of `parts` (see [`Table::prefetch`]).
    fn prefetch(&self, parts: &[R::Position]) {
        for p in parts {
            if let Some(code) = self.rules.code(p) {
                self.table.prefetch(code);
            }
        }
    }

    /// The value of an option if every part of it is known.
    fn option_known(&self, parts: &[R::Position]) -> Option<Nimber> {
        parts
            .iter()
            .map(|p| self.known(p).ok())
            .sum::<Option<Nimber>>()
    }

    /// How hard an option looks: the sum of the squares of its parts' sizes. Easy options are
    /// asked first, so a cheap answer often settles the query.
    fn difficulty(&self, parts: &[R::Position]) -> u64 {
        parts
            .iter()
            .map(|p| u64::from(self.rules.size(p)).pow(2))
            .sum()
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

impl<R: SearchRules> Drop for Search<R>
where
    R::Position: Send + Sync,
{
    /// A search that finished its work needs its checkpoint no more (one interrupted never gets
    /// here: the process ends first). A file it neither read nor wrote is left alone.
    fn drop(&mut self) {
        if let Some(saver) = &self.saver {
            if saver.finished.load(Ordering::Relaxed) && saver.owned.load(Ordering::Relaxed) {
                let _ = std::fs::remove_file(&saver.path);
            }
        }
    }
}

/// Drops the parts from `start` on that come in equal pairs: `G + G = 0` (the second player
/// copies every move), so a sum's value does not change and neither part is searched.
fn cancel_pairs<P: PartialEq>(parts: &mut Vec<P>, start: usize) {
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
struct Expansion<P> {
    parts: Vec<P>,
    /// Where each option's parts start in `parts`, and how many there are.
    spans: Vec<(u32, u32)>,
}

impl<P> Expansion<P> {
    fn len(&self) -> usize {
        self.spans.len()
    }

    fn option(&self, i: usize) -> &[P] {
        let (start, len) = self.spans[i];
        &self.parts[start as usize..(start + len) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BruteForce, Solver};
    use proptest::prelude::*;

    /// Heaps of a subtraction game, each heap a part of its own.
    #[derive(Clone)]
    struct Heaps(Vec<u16>);

    impl Ruleset for Heaps {
        type Position = Vec<u16>;
        fn options(&self, p: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
            for (i, &h) in p.iter().enumerate() {
                for &s in self.0.iter().filter(|&&s| s <= h) {
                    let mut q = p.clone();
                    q[i] = h - s;
                    out.push(q);
                }
            }
        }
    }

    impl SearchRules for Heaps {
        fn parts(&self, p: &Vec<u16>, out: &mut Vec<Vec<u16>>) {
            out.extend(p.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        }
        fn code(&self, part: &Vec<u16>) -> Option<u64> {
            (part.len() == 1).then(|| u64::from(part[0]))
        }
        fn size(&self, part: &Vec<u16>) -> u32 {
            part.iter().map(|&h| u32::from(h)).sum()
        }
        fn decode(&self, code: u64) -> Option<Vec<u16>> {
            Some(vec![u16::try_from(code).ok()?])
        }
        fn decodes(&self) -> bool {
            true
        }
    }

    proptest! {
        /// Values and the options of each value against the plain mex search, with a table
        /// too small to keep everything, on one thread and two.
        #[test]
        fn sums_of_heaps_match_the_plain_search(
            mut set in proptest::collection::vec(1u16..9, 1..4),
            heaps in proptest::collection::vec(0u16..30, 1..4),
        ) {
            set.sort_unstable();
            set.dedup();
            let mut brute = Solver::new(BruteForce(Heaps(set.clone())));
            let want = brute.grundy(&heaps).unwrap();
            for (bytes, threads) in [(1 << 20, 1), (1 << 7, 1), (1 << 20, 2)] {
                let search = Search::new(Heaps(set.clone()), bytes, threads);
                prop_assert_eq!(search.value(&heaps), want);
                let mut options = Vec::new();
                Heaps(set.clone()).options(&heaps, &mut options);
                for k in 0..=want.0 + 1 {
                    let got = search.those_equal(options.clone(), Nimber(k));
                    prop_assert_eq!(got, brute.moves_to(&heaps, Nimber(k)).unwrap());
                }
            }
        }
    }

    /// A checkpoint saved and resumed: the resumed search knows the value without a node; a
    /// file damaged, cut, of other rules, or with an entry the rules contradict is refused; the
    /// file goes when the search finishes. (One test: the checkpoint settings are global.)
    #[test]
    fn checkpoints_resume_and_bad_ones_are_refused() {
        use checkpoint::{set_checkpointing, Checkpointing};
        let dir = std::env::temp_dir().join(format!("grundy-search-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("heaps.ckpt");
        let rules = Heaps(vec![1, 3, 4]);
        let config = |resume| {
            set_checkpointing(Some(Checkpointing {
                path: path.clone(),
                resume,
                every: Duration::from_secs(3600),
            }))
        };
        // 256 entries: each is in the sample a resumed search checks.
        let search = || Search::new(rules.clone(), 1 << 12, 1);
        config(false);
        // A file already there that this search neither read nor wrote stays.
        std::fs::write(&path, b"someone else's").unwrap();
        let other = search().checkpointed("heaps").unwrap();
        other.value(&vec![90]);
        drop(other);
        assert!(path.exists());
        let first = search().checkpointed("heaps").unwrap();
        let want = first.value(&vec![90]);
        checkpoint::save(&first.table, &path, "heaps").unwrap();
        let good = std::fs::read(&path).unwrap();

        config(true);
        let resumed = search().checkpointed("heaps").unwrap();
        assert_eq!(resumed.value(&vec![90]), want);
        assert_eq!(resumed.nodes(), 0, "known from the checkpoint");
        drop(resumed);
        assert!(!path.exists(), "a finished search removes its checkpoint");

        let refused = |bytes: &[u8], rules: &str| {
            std::fs::write(&path, bytes).unwrap();
            search().checkpointed(rules).err().unwrap().to_string()
        };
        let mut damaged = good.clone();
        *damaged.last_mut().unwrap() ^= 1;
        assert!(refused(&damaged, "heaps").contains("checksum"));
        assert!(refused(&good[..good.len() - 8], "heaps").contains("cut short"));
        assert!(refused(&[&good[..], &[0]].concat(), "heaps").contains("longer"));
        assert!(refused(&good, "other").contains("not of 'other'"));
        assert!(refused(b"hello\n", "heaps").contains("not a grundy search checkpoint"));
        // A whole file whose entry is wrong: G(10) of {1, 3, 4} (1) stored as 7.
        let liar = search();
        liar.table.put(10, EXACT | 7);
        checkpoint::save(&liar.table, &path, "heaps").unwrap();
        let lie = std::fs::read(&path).unwrap();
        assert!(refused(&lie, "heaps").contains("disagrees"));
        // And one whose code is no heap.
        let forger = search();
        forger.table.put(1 << 40, EXACT);
        checkpoint::save(&forger.table, &path, "heaps").unwrap();
        let forged = std::fs::read(&path).unwrap();
        assert!(refused(&forged, "heaps").contains("no position"));
        set_checkpointing(None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Values at and past what a set of candidates holds (256): a heap of `n` that may lose
    /// any number of tokens has the value `n`.
    #[test]
    fn many_options_and_high_values() {
        let any = Heaps((1..=300).collect());
        for (n, threads) in [(255u16, 1), (255, 2), (300, 1), (300, 2)] {
            // Each question on a search of its own, so that none is answered by the table.
            let search = || Search::new(any.clone(), 1 << 20, threads);
            assert_eq!(search().value(&vec![n]), Nimber(u64::from(n)));
            assert!(search().equals(&vec![n], Nimber(u64::from(n))));
            assert!(!search().equals(&vec![n], Nimber(7)));
            let options: Vec<Vec<u16>> = (0..n).map(|m| vec![m]).collect();
            let hits = search().those_equal(options, Nimber(270));
            assert_eq!(hits, if n > 270 { vec![vec![270]] } else { vec![] });
        }
    }
}
