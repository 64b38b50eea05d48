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
//!   replacement policy that keeps the entries that cost the most work;
//! - **pruning of "is the value equal to k?" queries** in the style of Lemoine and Viennot
//!   (*Nimbers are inevitable*, 2010) and Beling and Rogalski (2020): an option that is a sum is
//!   equal to `k` exactly when its largest part equals `k` XOR the values of the others, so only
//!   the small parts are valued in full; a part is not equal to `k` as soon as one of its options
//!   is, and it equals 0 as soon as none of its options does, with no value computed at all. What
//!   a query learns ("not k") is kept in the table too, as a mask beside the exact values;
//! - **parallel search**: near the root, the options of a position are probed on every thread
//!   at once (rayon work-stealing), all sharing the one table; a found answer cancels the rest.
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
use std::time::{Duration, Instant};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::{Nimber, Ruleset};

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
}

/// Bytes a table entry takes.
pub const ENTRY_BYTES: usize = 16;

/// Entries in one bucket: four entries of 16 bytes, one cache line.
const WAYS: usize = 4;

/// The data word of an entry: the work (log2 of the nodes its search visited) in the top byte,
/// then a flag for an exact value (in the low bits), else a mask of the values it is known not
/// to have (bit `k`: the value is not `k`, for `k < MASK_BITS`).
const EXACT: u64 = 1 << 55;
const MASK_BITS: u32 = 55;
const MASK: u64 = EXACT - 1;

/// A lock-free transposition table: a power of two of buckets, each four entries of two words,
/// `code ^ data` and `data`. A reader that meets a half-written entry sees a code that does not
/// match (the XOR check of Hyatt's lockless hashing) and takes it for a miss, so no lock is
/// needed; a lost write only costs a search again.
pub struct Table {
    words: Box<[AtomicU64]>,
    buckets: usize,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket). The memory is allocated zeroed,
    /// so pages the search never reaches are never touched.
    pub fn with_bytes(bytes: usize) -> Self {
        let per_bucket = WAYS * ENTRY_BYTES;
        let mut buckets = 1usize;
        while buckets
            .checked_mul(2 * per_bucket)
            .is_some_and(|b| b <= bytes)
        {
            buckets *= 2;
        }
        let words: Vec<u64> = vec![0; buckets * WAYS * 2];
        let words = words.into_boxed_slice();
        let len = words.len();
        let raw = Box::into_raw(words) as *mut AtomicU64;
        // SAFETY: AtomicU64 has the same size, alignment and bit validity as u64, and the box is
        // reassembled with the length it was taken apart with.
        let words = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(raw, len)) };
        Table { words, buckets }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// How many entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.buckets * WAYS
    }

    fn bucket(&self, code: u64) -> usize {
        let h = code.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 29) ^ h) as usize & (self.buckets - 1)
    }

    fn entry(&self, slot: usize) -> (u64, u64) {
        let key = self.words[2 * slot].load(Ordering::Relaxed);
        let data = self.words[2 * slot + 1].load(Ordering::Relaxed);
        (key ^ data, data)
    }

    /// The data word stored for `code`, if any.
    fn get(&self, code: u64) -> Option<u64> {
        let base = self.bucket(code) * WAYS;
        (base..base + WAYS)
            .map(|s| self.entry(s))
            .find(|&(c, d)| d != 0 && c == code)
            .map(|(_, d)| d)
    }

    /// Records `data` for `code`: merged with what is known of it, else in a free entry, else
    /// over the entry of least work (the cheapest to search again).
    fn put(&self, code: u64, data: u64) {
        let base = self.bucket(code) * WAYS;
        let mut victim = base;
        let mut least = u64::MAX;
        for s in base..base + WAYS {
            let (c, d) = self.entry(s);
            if d != 0 && c == code {
                let merged = if data & EXACT != 0 || d & EXACT != 0 {
                    if data & EXACT != 0 {
                        data
                    } else {
                        d
                    }
                } else {
                    (data & !MASK) | ((d | data) & MASK)
                };
                self.write(s, code, merged);
                return;
            }
            let work = if d == 0 { 0 } else { (d >> 56) + 1 };
            if work < least {
                least = work;
                victim = s;
            }
        }
        self.write(victim, code, data);
    }

    fn write(&self, slot: usize, code: u64, data: u64) {
        self.words[2 * slot + 1].store(data, Ordering::Relaxed);
        self.words[2 * slot].store(code ^ data, Ordering::Relaxed);
    }

    /// How many entries are in use, counted over a sample of buckets (for progress reports).
    fn filled_fraction(&self) -> f64 {
        let sample = self.buckets.min(4096);
        let step = self.buckets / sample;
        let used: usize = (0..sample)
            .map(|b| {
                (b * step * WAYS..(b * step + 1) * WAYS)
                    .filter(|&s| self.entry(s).1 != 0)
                    .count()
            })
            .sum();
        used as f64 / (sample * WAYS) as f64
    }
}

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
    table: Table,
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
            table: Table::with_bytes(bytes),
            big: Mutex::new(FxHashMap::default()),
            pool,
            parallel_depth: 3,
            nodes: AtomicU64::new(0),
            progress: false,
        }
    }

    /// Reports progress on stderr (nodes, rate, table use) every few seconds of a long search.
    pub fn with_progress(mut self, on: bool) -> Self {
        self.progress = on;
        self
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

    fn run<T: Send>(&self, job: impl FnOnce() -> T + Send) -> T {
        let done = Arc::new(AtomicBool::new(false));
        let reporter = self.progress.then(|| {
            let done = Arc::clone(&done);
            let start = Instant::now();
            // A scoped thread cannot outlive `self`, so it reads the counters directly.
            move |s: &Self| {
                let mut last = Instant::now();
                while !done.load(Ordering::Relaxed) {
                    // Woken at once when the search ends.
                    std::thread::park_timeout(Duration::from_millis(500));
                    if last.elapsed() >= Duration::from_secs(5) {
                        last = Instant::now();
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
                }
            }
        });
        std::thread::scope(|scope| {
            let watcher = reporter.map(|report| scope.spawn(move || report(self)));
            let out = match &self.pool {
                Some(pool) => pool.install(job),
                None => job(),
            };
            done.store(true, Ordering::Relaxed);
            if let Some(w) = watcher {
                w.thread().unpark();
            }
            out
        })
    }

    fn parts(&self, position: &R::Position) -> Vec<R::Position> {
        let mut parts = Vec::new();
        self.rules.parts(position, &mut parts);
        parts
    }

    fn sum_value(&self, position: &R::Position, depth: u32) -> Nimber {
        self.parts(position)
            .iter()
            .map(|p| self.part_value(p, depth))
            .sum()
    }

    fn sum_equals(&self, position: &R::Position, k: Nimber, depth: u32) -> bool {
        self.parts_equal(&self.parts(position), k, depth)
    }

    /// Whether a sum of `parts` equals `k`: its largest part is asked whether it equals `k` XOR
    /// the values of the others, which are valued in full.
    fn parts_equal(&self, parts: &[R::Position], k: Nimber, depth: u32) -> bool {
        let Some(largest) = (0..parts.len()).max_by_key(|&i| self.rules.size(&parts[i])) else {
            return k == Nimber::ZERO;
        };
        let rest: Nimber = parts
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != largest)
            .map(|(_, p)| self.part_value(p, depth))
            .sum();
        self.part_equals(&parts[largest], k + rest, depth)
    }

    /// The exact value of a part if known, else the mask of values it is known not to have.
    fn known(&self, part: &R::Position) -> Result<Nimber, u64> {
        if let Some(v) = self.rules.closed_form(part) {
            return Ok(v);
        }
        match self.rules.code(part) {
            Some(code) => match self.table.get(code) {
                Some(d) if d & EXACT != 0 => Ok(Nimber(d & MASK)),
                Some(d) => Err(d & MASK),
                None => Err(0),
            },
            None => self
                .big
                .lock()
                .expect("no thread panics holding it")
                .get(part)
                .copied()
                .ok_or(0),
        }
    }

    fn remember(&self, part: &R::Position, data: u64, work: u64) {
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

    /// The options of `part`, each as its parts, split once so that every query reuses them.
    fn expand(&self, part: &R::Position) -> Vec<Vec<R::Position>> {
        let mut options = Vec::new();
        self.rules.options(part, &mut options);
        NODES.with(|n| n.set(n.get() + 1));
        self.nodes.fetch_add(1, Ordering::Relaxed);
        options.iter().map(|o| self.parts(o)).collect()
    }

    /// The value of an option if every part of it is known.
    fn option_known(&self, parts: &[R::Position]) -> Option<Nimber> {
        parts
            .iter()
            .map(|p| self.known(p).ok())
            .sum::<Option<Nimber>>()
    }

    fn part_value(&self, part: &R::Position, depth: u32) -> Nimber {
        if let Ok(v) = self.known(part) {
            return v;
        }
        let start = NODES.with(Cell::get);
        let options = self.expand(part);
        let mut seen = Seen::default();
        let mut open = Vec::with_capacity(options.len());
        for o in &options {
            match self.option_known(o) {
                Some(v) => seen.insert(v),
                None => open.push(o.as_slice()),
            }
        }
        let value = if self.full_values {
            let values: Vec<Nimber> = if depth < self.parallel_depth && self.pool.is_some() {
                open.par_iter()
                    .map(|o| o.iter().map(|p| self.part_value(p, depth + 1)).sum())
                    .collect()
            } else {
                open.iter()
                    .map(|o| o.iter().map(|p| self.part_value(p, depth + 1)).sum())
                    .collect()
            };
            for v in values {
                seen.insert(v);
            }
            seen.mex()
        } else {
            self.mex_of(seen, open, depth)
        };
        self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
        value
    }

    /// The mex of the values of the options: `seen` holds the values known, `open` the options
    /// not valued. For `k = mex(seen)`, the open options are asked whether they equal `k`; a hit
    /// adds `k` to `seen`, and when none is hit, `k` is the mex. Each query prunes.
    fn mex_of(&self, mut seen: Seen, mut open: Vec<&[R::Position]>, depth: u32) -> Nimber {
        loop {
            let k = seen.mex();
            let hit = if depth < self.parallel_depth && self.pool.is_some() {
                open.par_iter()
                    .position_any(|o| self.parts_equal(o, k, depth + 1))
            } else {
                open.iter().position(|o| self.parts_equal(o, k, depth + 1))
            };
            match hit {
                Some(i) => {
                    open.swap_remove(i);
                    seen.insert(k);
                }
                None => return k,
            }
        }
    }

    fn part_equals(&self, part: &R::Position, k: Nimber, depth: u32) -> bool {
        let excluded = match self.known(part) {
            Ok(v) => return v == k,
            Err(mask) => mask,
        };
        if k.0 < u64::from(MASK_BITS) && excluded >> k.0 & 1 == 1 {
            return false;
        }
        let start = NODES.with(Cell::get);
        let options = self.expand(part);
        // A position's value is at most its number of options.
        if k.0 > options.len() as u64 {
            return false;
        }
        let not_k = |s: &Self| {
            if k.0 < u64::from(MASK_BITS) {
                s.remember(part, 1 << k.0, NODES.with(Cell::get) - start);
            }
            false
        };
        // Options already valued first (an enhanced transposition cut-off): one equal to k
        // answers without any search.
        let mut seen = Seen::default();
        let mut open = Vec::with_capacity(options.len());
        for o in &options {
            match self.option_known(o) {
                Some(v) if v == k => return not_k(self),
                Some(v) => seen.insert(v),
                None => open.push(o.as_slice()),
            }
        }
        let equal_k = |o: &&[R::Position]| self.parts_equal(o, k, depth + 1);
        let some_option_is_k = if depth < self.parallel_depth && self.pool.is_some() {
            open.par_iter().any(equal_k)
        } else {
            open.iter().any(equal_k)
        };
        if some_option_is_k {
            return not_k(self);
        }
        if k == Nimber::ZERO {
            self.remember(part, EXACT, NODES.with(Cell::get) - start);
            return true;
        }
        // No option is k, so the value is k exactly when every smaller value is present.
        let value = self.mex_of(seen, open, depth);
        self.remember(part, EXACT | value.0, NODES.with(Cell::get) - start);
        value == k
    }
}

/// A set of nimbers: the small ones as bits, the rest listed.
#[derive(Default)]
struct Seen {
    small: u128,
    wide: Vec<u64>,
}

impl Seen {
    fn insert(&mut self, v: Nimber) {
        if v.0 < 128 {
            self.small |= 1 << v.0;
        } else {
            self.wide.push(v.0);
        }
    }

    fn mex(&self) -> Nimber {
        let mut k = u64::from(self.small.trailing_ones());
        if k == 128 {
            while self.wide.contains(&k) {
                k += 1;
            }
        }
        Nimber(k)
    }
}

/// The memory budget of a search's table, in bytes; 0: not set (see [`memory_budget`]).
static BUDGET: AtomicU64 = AtomicU64::new(0);

/// Sets the most bytes the table of a search started afterwards may take (the command line's
/// `--memory`).
pub fn set_memory_budget(bytes: u64) {
    BUDGET.store(bytes.max(1 << 16), Ordering::Relaxed);
}

/// The most bytes a search's table may take: as set by [`set_memory_budget`], else a quarter of
/// the memory the system has available, at most 4 GiB (and 256 MiB where that is unknown).
pub fn memory_budget() -> u64 {
    match BUDGET.load(Ordering::Relaxed) {
        0 => available_memory().map_or(256 << 20, |a| (a / 4).min(4 << 30)),
        b => b,
    }
}

/// The memory the system has available (`MemAvailable` of /proc/meminfo), where it can be read.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The table size for a search expected to store about `entries` positions: twice that (a table
/// kept half empty loses few entries to collisions), within the [`memory_budget`].
pub fn table_bytes(entries: f64) -> usize {
    let want = (entries * 2.0 * ENTRY_BYTES as f64).clamp(4096.0, u64::MAX as f64) as u64;
    want.min(memory_budget()) as usize
}
