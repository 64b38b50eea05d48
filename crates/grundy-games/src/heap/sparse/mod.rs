//! Tables of heap values for take-and-break games: the naive mex and the sparse-space method.
//!
//! `G(n)` is the mex of the values of the options of a heap of `n`. Options that leave one heap
//! are few; options that leave two heaps `a + b = n − k` are many (about `n/2` for each `k`), and
//! computing them all makes a table of `N` values cost `O(N²)`: that is the **naive** method, kept
//! as the oracle.
//!
//! # Rare and common values
//!
//! The **sparse-space** method (Winning Ways ch. 16; Gangolli & Plambeck 1989, "A note on
//! periodicity in some octal games"; Flammenkamp) splits the values with a bit mask `W` into
//! *common* values, `popcount(v & W)` odd, and *rare* ones, `popcount(v & W)` even. The class of
//! an XOR is the sum of the classes, since `popcount((x ⊕ y) & W) ≡ popcount(x & W) + popcount(y
//! & W) (mod 2)`: `common ⊕ common` and `rare ⊕ rare` are rare and `rare ⊕ common` is common. A
//! good `W` makes rare values rare in the sequence, so that the rare heaps are few.
//!
//! # Why the scan is complete
//!
//! For a heap `n`, the options leaving no heap, one heap or three heaps are marked one by one
//! (three-heap moves naively). The pairs `(a, r − a)` left by a two-heap move (`r = n − k`) are
//! read in two passes:
//!
//! 1. **Rare pass.** Every pair with a rare heap is read, by running over the few rare heaps
//!    `a < r` (so the rare heap may be either one). A common option value comes from a pair with
//!    exactly one rare heap, so every common value some option reaches is now marked, and the
//!    least unmarked common value `c` is the least common value that *no* option reaches: `G(n)
//!    <= c`.
//! 2. **Common–common scan.** `G(n)` is then `c` unless some rare value below `c` is unmarked.
//!    Every other option is marked, so such a *needed* value can only come from a pair not read
//!    yet, a common–common pair. Needed values are usually reached within a few thousand of
//!    those at most, so a scan stopped as soon as every needed value is seen settles it (`G(n) =
//!    c`): first the smallest heaps, then blocks spread over the whole range (each needed value
//!    tends to come from its own kinds of pairs, which spread blocks meet sooner), then the rest
//!    in order. Only when `G(n)` itself is rare does the scan run to the end: then every pair has
//!    been read, every option is marked, and `G(n)` is the least needed value still unseen.
//!
//! Nothing in this depends on the mask: any `W` gives the same values (with `W = 0` every value
//! is rare and the rare pass reads every pair), only the speed changes. The mask is re-chosen from
//! the values seen so far (the one making the fewest rare heaps) at doubling sizes.
//!
//! Values are stored once, as `u8` while they fit, then `u16`, then `u32` (see [`Values`]): the
//! table is the engine's whole memory but for the rare heaps and the marks of one value, so a
//! table of `N` heaps needs about `N` bytes a value's width ([`estimated_bytes`]). The scan of
//! pairs `(a, r − a)` reads one heap's values forwards and the other's backwards, in the table's
//! own width (reversing a vector is one shuffle; a mirrored copy of the table cost as much memory
//! again for a tenth less time).
//!
//! # Threads
//!
//! Each value needs the one before, so heaps are computed one at a time. But a heap's pairs with
//! a rare heap `a >= 64` read values computed at least 64 heaps before: on two threads, a second
//! thread marks those pairs for the heaps ahead while the first computes the current one, which
//! merges them (see `pipeline`: about 1.4× on Grundy's game and on 0.6, where the rare pass is
//! two fifths of the time). A rare pass of tens of thousands of marks not taken ahead is split
//! between two threads of the pool (each marking its own copy of the marks, merged after). Marks
//! are idempotent, so the values are the same on any number of threads, whoever marked what. The
//! knob is the rayon pool the engine runs in (the global one, or the one whose `install` calls
//! [`Engine::extend_to`]).
//!
//! # Layout
//!
//! - this file: the [`Engine`] (extending a table value by value, in its storage width, and
//!   truncating it) and the naive table of any heap ruleset ([`naive_table`]);
//! - `crate::tabulate::storage`: the `u8`/`u16`/`u32` storage of the values (shared with the
//!   tables of other games);
//! - `state`: the engine's working state: moves, marks, the rare/common split and the mask;
//! - `value`: `G(n)` for one heap, phase by phase (the passes above);
//! - `pipeline`: the rare pass of the heaps ahead, on a second thread;
//! - `estimate`: the memory a table needs, and how far a budget reaches;
//! - `word`: the phases on one word of bits, while every value is below 64;
//! - `kernels`: the tight marking and comparison loops the phases run (`avx2`: some of them with
//!   AVX2, chosen at run time);
//! - `known`: values known for a ruleset, by table and proved period ([`known_values`]).

#[cfg(target_arch = "x86_64")]
mod avx2;
mod estimate;
mod kernels;
mod known;
mod pipeline;
mod state;
#[cfg(test)]
mod tests;
mod value;
mod word;

pub use crate::tabulate::Values;
pub use estimate::{estimated_bytes, forecast};
pub use known::{known_values, KnownValues, PERIOD_SEARCH_WORK, SOLVE_TABLE_LIMIT};
// The periodicity theorem's bound lives beside `Period`; other modules still import it from here.
pub use crate::heap::take_and_break::rules::periodicity_bound;

use std::time::Duration;

// `std::time::Instant` outside a browser; `performance.now()` in one, where std has no clock.
use web_time::Instant;

use crate::heap::take_and_break::rules::TakeBreakRules;
use crate::tabulate::storage::Cell;
use state::Ctx;
use value::value_at;

/// How to compute a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Every option, every time.
    Naive,
    /// The rare/common sparse-space method (two-heap moves only; three-heap moves are naive).
    #[default]
    Sparse,
}

/// An incremental table computation for one take-and-break ruleset.
#[derive(Clone, Debug)]
pub struct Engine {
    rules: TakeBreakRules,
    values: Values,
    ctx: Ctx,
    max_value: u32,
    /// Values computed between two calls of `tick`: grown while a block takes little time,
    /// shrunk when it takes long, so a game whose values cost much (three-heap splits are cubic)
    /// still reports progress and sees Ctrl-C a few times a second.
    block: usize,
}

/// Values per block at most (and at first, a small block: the cost of a value is not known).
const BLOCK_MAX: usize = 1 << 14;
const BLOCK_FIRST: usize = 1 << 8;
/// A block is grown below the first and shrunk past the second.
const BLOCK_QUICK: Duration = Duration::from_millis(50);
const BLOCK_SLOW: Duration = Duration::from_millis(250);

/// The computation was stopped before the table was complete (what was computed is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

impl Engine {
    /// A new, empty table for `rules`.
    pub fn new(rules: TakeBreakRules, method: Method) -> Self {
        let ctx = Ctx::new(rules.distinct_parts, method == Method::Sparse);
        Engine {
            rules,
            values: Values::default(),
            ctx,
            max_value: 0,
            block: BLOCK_FIRST,
        }
    }

    /// Resumes a table from values computed earlier (e.g. a checkpoint).
    pub fn resume(rules: TakeBreakRules, method: Method, values: &[u32]) -> Self {
        Engine::resume_from(rules, method, Values::from_u32(values))
    }

    /// [`Engine::resume`] from values already in their storage, taken as they are (a checkpoint
    /// read into its narrowest width is not copied again).
    pub fn resume_from(rules: TakeBreakRules, method: Method, values: Values) -> Self {
        let mut e = Engine::new(rules, method);
        e.max_value = values.max();
        e.values = values;
        e.ctx.grow_bits(e.max_value);
        e.ctx.next_review = (1usize << 10).max(e.values.len().next_power_of_two());
        match &e.values {
            Values::U8(v) => e.ctx.review(v),
            Values::U16(v) => e.ctx.review(v),
            Values::U32(v) => e.ctx.review(v),
        }
        e
    }

    /// The values computed so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values computed, without a copy (a table is most of the engine's memory).
    pub fn into_values(self) -> Values {
        self.values
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u32 {
        self.max_value
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreakRules {
        &self.rules
    }

    /// How many heaps needed a common–common scan, and how many steps it took (each reads one
    /// to 64 blocks of pairs, then checks what is still needed).
    pub fn scan_stats(&self) -> (u64, u64) {
        (self.ctx.scan.needy, self.ctx.scan.scan_steps)
    }

    /// The work done so far, in pairs of heaps read (about): the rare pass's pairs (every pair,
    /// naively) and the common–common scan's. It grows with the time taken but, unlike it, is the
    /// same on every machine, so a decision taken on it gives the same answer everywhere.
    pub fn work(&self) -> u64 {
        let scan = &self.ctx.scan;
        scan.pair_reads + scan.scan_steps * value::SCAN_BLOCK + scan.scan_pairs
    }

    /// How many heaps had their far rare pairs marked ahead by a second thread (see the
    /// module's "Threads").
    pub fn ahead_heaps(&self) -> u64 {
        self.ctx.ahead_heaps
    }

    /// How many heaps are rare under the current mask, and the mask.
    pub fn rare_split(&self) -> (usize, u32) {
        (self.ctx.rare.len(), self.ctx.mask)
    }

    /// Computes values until `G(0..=last)` are known. `tick` is called every few thousand values
    /// with the engine; returning `false` stops the computation.
    pub fn extend_to(
        &mut self,
        last: usize,
        tick: &mut dyn FnMut(&Engine) -> bool,
    ) -> Result<(), Interrupted> {
        let want = last + 1;
        if self.ctx.sets_upto < want {
            let upto = want.max(2 * self.ctx.sets_upto);
            for (m, s) in self.ctx.sets.iter_mut().enumerate() {
                *s = self.rules.by_parts[m]
                    .upto(upto as u64)
                    .into_iter()
                    .map(|k| k as usize)
                    .collect();
            }
            self.ctx.sets_upto = upto;
        }
        // Exactly the table asked for: a growing vector would hold up to twice that, and three
        // times while it is copied.
        self.values.reserve_total(want);
        while self.values.len() < want {
            let chunk_end = want.min(self.values.len() + self.block);
            let started = Instant::now();
            let mut values = std::mem::take(&mut self.values);
            let threads = rayon::current_num_threads();
            self.ctx.threads = threads;
            let ctx = &mut self.ctx;
            let mut chunk = || match &mut values {
                Values::U8(v) => run(ctx, v, chunk_end),
                Values::U16(v) => run(ctx, v, chunk_end),
                Values::U32(v) => run(ctx, v, chunk_end),
            };
            // On a thread of the pool, so that splitting a rare pass in two is a cheap join
            // (from outside the pool each join would wait to be taken in).
            let overflow = if threads > 1 {
                rayon::scope(|_| chunk())
            } else {
                chunk()
            };
            self.values = match overflow {
                Ok(max) => {
                    self.max_value = self.max_value.max(max);
                    values
                }
                Err(v) => {
                    self.max_value = self.max_value.max(v);
                    self.ctx.grow_bits(v);
                    let mut wide = values.widened_for(v, want);
                    match &mut wide {
                        Values::U16(w) => w.push(v as u16),
                        Values::U32(w) => w.push(v),
                        Values::U8(_) => unreachable!("widening never gives bytes"),
                    }
                    if self.ctx.sparse && self.ctx.class(v) == 0 {
                        self.ctx.rare.push((wide.len() - 1) as u32);
                        self.ctx.rare_values.push(v);
                    }
                    wide
                }
            };
            let took = started.elapsed();
            if took < BLOCK_QUICK {
                self.block = (self.block * 2).min(BLOCK_MAX);
            } else if took > BLOCK_SLOW {
                self.block = (self.block / 2).max(1);
            }
            if !tick(self) {
                return Err(Interrupted);
            }
        }
        Ok(())
    }

    /// Drops every value past `G(last)`.
    pub fn truncate(&mut self, last: usize) {
        self.values.truncate(last + 1);
        let keep = self.values.len() as u32;
        let kept = self.ctx.rare.partition_point(|&a| a < keep);
        self.ctx.rare.truncate(kept);
        self.ctx.rare_values.truncate(kept);
    }
}

/// Pushes values until `g.len() == until`; returns the largest value pushed, or the first value
/// that does not fit in `T` (not pushed).
fn run<T: Cell>(ctx: &mut Ctx, g: &mut Vec<T>, until: usize) -> Result<u32, u32> {
    let mut max = 0;
    while g.len() < until {
        let n = g.len();
        if ctx.sparse && n >= ctx.next_review {
            ctx.review(g);
            ctx.next_review *= 2;
        }
        let segment_end = until.min(ctx.next_review.max(n + 1));
        if pipeline::worth_it(ctx, g, segment_end) {
            pipeline::run_segment(ctx, g, segment_end, &mut max)?;
            continue;
        }
        let v = value_at(ctx, g, n, None);
        if v > T::MAX {
            return Err(v);
        }
        g.push(T::make(v));
        max = max.max(v);
        if v >> ctx.bits != 0 {
            ctx.grow_bits(v);
        }
        if ctx.sparse && n > 0 && ctx.class(v) == 0 {
            ctx.rare.push(n as u32);
            ctx.rare_values.push(v);
        }
    }
    Ok(max)
}

/// The naive table of any heap ruleset, from its options: the oracle for every faster method.
pub fn naive_table<H: grundy_core::HeapRuleset + ?Sized>(ruleset: &H, last: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last as usize + 1);
    let mut options = Vec::new();
    for n in 0..=last {
        options.clear();
        ruleset.heap_options(n, &mut options);
        let v = grundy_core::mex(options.iter().map(|o| {
            grundy_core::Nimber(
                o.iter()
                    .map(|&h| g[h as usize] as u64)
                    .fold(0, |x, y| x ^ y),
            )
        }));
        g.push(v.0 as u32);
    }
    g
}
