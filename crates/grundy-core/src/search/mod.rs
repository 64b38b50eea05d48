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

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::{Nimber, Ruleset};

pub mod checkpoint;
mod node;
mod query;
mod set;
mod table;
#[cfg(test)]
mod tests;
mod watch;

use table::Dense;
pub use table::{available_memory, default_table_budget, table_bytes, Table, ENTRY_BYTES};
use watch::Saver;

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
}
