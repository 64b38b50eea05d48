//! The engine's working state besides the values ([`Ctx`]): the moves, the marks of one mex, the
//! rare/common split under the current mask (and how the mask is re-chosen), and the bookkeeping
//! of the common–common scan ([`CommonScan`]).

use super::kernels::Span;
use crate::tabulate::storage::Cell;

/// What the table computation needs besides the values: the moves, the marks of one mex and the
/// rare/common split.
#[derive(Clone, Debug)]
pub(super) struct Ctx {
    /// `sets[m]`: amounts leaving `m` heaps, as heap offsets, up to `sets_upto`.
    pub(super) sets: [Vec<usize>; 4],
    pub(super) sets_upto: usize,
    pub(super) distinct: bool,
    pub(super) sparse: bool,
    /// Values are below `1 << bits` (bits >= 6), so every XOR of them is too.
    pub(super) bits: u32,
    /// `seen[v] == stamp` when value `v` is an option of the current heap: storing a stamp is
    /// a plain write (no read-modify-write chain on a shared word as with a bitset) and needs
    /// clearing only when the stamp wraps. Byte stamps: marking runs measurably faster than with
    /// wider ones, and a clear every 255 heaps costs nothing.
    pub(super) seen: Vec<u8>,
    /// The marks of the half of a long rare pass that a second thread reads, as `seen` (same
    /// stamp, same length), merged into `seen` after it.
    pub(super) seen2: Vec<u8>,
    pub(super) stamp: u8,
    /// Threads of the pool the table is computed in: with two or more, a long rare pass is
    /// split in two.
    pub(super) threads: usize,
    /// Rare passes of at least this many marks are split (tests lower it to split them all).
    pub(super) split_marks: u64,
    /// Segments with at least this many far rare heaps run their rare pass on a second thread
    /// (see `pipeline`; tests lower it to run them all so).
    pub(super) pipeline_far: usize,
    /// The most far rare heaps that second thread takes for one heap, fitted to how it keeps up.
    pub(super) ahead_quota: usize,
    /// No segment runs on two threads before this heap (the second core was found busy), and
    /// how many segments in a row found it so.
    pub(super) ahead_resume: usize,
    pub(super) ahead_fails: u32,
    /// Whether the first thread waits for the second's marks (tests: never marks it itself).
    pub(super) ahead_wait: bool,
    /// How many heaps had their far rare pass marked by that second thread.
    pub(super) ahead_heaps: u64,
    /// Whether a heap is computed on one word of bits while every value is below 64 (see
    /// `word`; tests turn it off to run the byte stamps on small values too).
    pub(super) one_word: bool,
    /// Whether the CPU has AVX2, for the one-word kernels and the scan's comparisons (checked
    /// once: see `avx2`).
    pub(super) avx2: bool,
    /// Bit `v` set when `v` is common under `mask`.
    pub(super) common: Vec<u64>,
    pub(super) mask: u32,
    /// Heaps (>= 1) whose value is rare, in increasing order.
    pub(super) rare: Vec<u32>,
    /// `rare_values[i]` is the value of heap `rare[i]`: the scan reads them in order instead of
    /// gathering them from the table.
    pub(super) rare_values: Vec<u32>,
    pub(super) next_review: usize,
    pub(super) scan: CommonScan,
}

/// The common–common scan of the heaps whose value is still open after the rare pass: what it
/// still needs, and counts of its work.
#[derive(Clone, Debug)]
pub(super) struct CommonScan {
    /// Pairs read outside the common–common scan: the rare pass's pairs (or, naively, every
    /// pair); with `scan_steps`, the work done so far ([`super::Engine::work`]).
    pub(super) pair_reads: u64,
    /// Steps of the common–common scan on byte stamps: one per check of the needed values,
    /// whether it read one block or 64 (`Engine::work` counts `SCAN_BLOCK` pairs a step, as
    /// before steps read their blocks in one call, so that its decisions stay where they were).
    pub(super) scan_steps: u64,
    /// Pairs read by the common–common scan on one word (see `word`), which has no steps of
    /// `SCAN_BLOCK` pairs.
    pub(super) scan_pairs: u64,
    pub(super) needy: u64,
    pub(super) needed: Vec<u32>,
    /// Blocks of pairs already read by the spread probes of the current heap.
    pub(super) probed: Vec<usize>,
    /// The last stride computed, as `(blocks, step)`: the count of blocks changes slowly.
    pub(super) spread: (usize, usize),
    /// The pairs of one step of the scan, read together.
    pub(super) spans: Vec<Span>,
}

/// Whether the kernels may run their AVX2 versions.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("avx2");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

impl Ctx {
    /// The state of an empty table: `distinct` when the two heaps a move leaves must differ,
    /// `sparse` for the rare/common method (else every pair is read).
    pub(super) fn new(distinct: bool, sparse: bool) -> Self {
        Ctx {
            sets: Default::default(),
            sets_upto: 0,
            distinct,
            sparse,
            bits: 6,
            seen: vec![0; 64],
            seen2: vec![0; 64],
            stamp: 0,
            threads: 1,
            split_marks: super::value::SPLIT_MARKS,
            pipeline_far: super::pipeline::MIN_FAR,
            ahead_quota: usize::MAX,
            ahead_resume: 0,
            ahead_fails: 0,
            ahead_wait: false,
            ahead_heaps: 0,
            one_word: true,
            avx2: has_avx2(),
            common: vec![0; 1],
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            next_review: 1 << 10,
            scan: CommonScan {
                pair_reads: 0,
                scan_steps: 0,
                scan_pairs: 0,
                needy: 0,
                needed: Vec::new(),
                probed: Vec::new(),
                spread: (0, 1),
                spans: Vec::new(),
            },
        }
    }

    #[inline(always)]
    pub(super) fn class(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    /// A new stamp for the marks of the next heap; the marks are cleared when the stamp wraps.
    #[inline(always)]
    pub(super) fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.seen2.fill(0);
            self.stamp = 1;
        }
    }

    pub(super) fn grow_bits(&mut self, v: u32) {
        let need = (32 - v.leading_zeros()).max(6);
        if need > self.bits {
            self.bits = need;
            self.seen = vec![0; 1 << need];
            self.seen2 = vec![0; 1 << need];
            self.rebuild_common();
        }
    }

    fn rebuild_common(&mut self) {
        let words = 1usize << (self.bits - 6);
        self.common = vec![0; words];
        for v in 0..(1u32 << self.bits) {
            if self.class(v) == 1 {
                self.common[(v >> 6) as usize] |= 1 << (v & 63);
            }
        }
    }

    /// Chooses the mask making the fewest heaps rare, and lists them.
    pub(super) fn review<T: Cell>(&mut self, values: &[T]) {
        if !self.sparse || values.len() < 2 {
            return;
        }
        let range = 1usize << self.bits.min(12);
        let mut hist = vec![0u64; 1 << self.bits];
        for &v in &values[1..] {
            hist[v.get() as usize] += 1;
        }
        let present: Vec<(u32, u64)> = hist
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect();
        let rare_count = |w: u32| -> u64 {
            present
                .iter()
                .filter(|(v, _)| (v & w).count_ones() & 1 == 0)
                .map(|(_, c)| c)
                .sum()
        };
        let mut best = (rare_count(self.mask), self.mask);
        for w in 1..range as u32 {
            let c = rare_count(w);
            if c < best.0 {
                best = (c, w);
            }
        }
        if best.1 != self.mask || self.rare.is_empty() {
            self.mask = best.1;
            self.rebuild_common();
            // Refilled in place: new lists at each review left the old ones with the allocator.
            let mask = self.mask;
            let rare = |v: u32| (v & mask).count_ones() & 1 == 0;
            self.rare.clear();
            self.rare.extend(
                (1..values.len())
                    .filter(|&a| rare(values[a].get()))
                    .map(|a| a as u32),
            );
            self.rare_values.clear();
            self.rare_values
                .extend(self.rare.iter().map(|&a| values[a as usize].get()));
        }
    }
}
