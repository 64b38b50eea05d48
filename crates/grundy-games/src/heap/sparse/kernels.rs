//! The scan kernels: the tight loops that read pairs of heaps and mark the values they reach
//! (`seen[v] = stamp`), or compare them against the few values still needed. The marking loops
//! are `#[inline(never)]`, kept apart so that each holds everything in registers; one step of the
//! common–common scan ([`scan_spans`], with its comparisons) is inlined into the phase that runs
//! it. A step reads all its blocks of pairs ([`Span`]s) in one call: the comparisons are set up
//! once a step, not once a block (on 0.6 to 10^6, about 24 blocks a heap; reading them in one
//! call took the engine from 0.93 s to 0.68 s).
//! The `reach_*` kernels do the same on one word of bits, while every value is below 64 (see
//! `word`). Their AVX2 versions, and those of the scan's comparisons, are in `avx2`.

use super::word::bit;
use crate::tabulate::storage::Cell;

/// Marks `va ^ G(r - a)` for the rare heaps `a` (values `va`), reading `G(r - a)` from `g`,
/// which holds at least `G(0..=r - a)` for every `a` given (the second thread's rare pass reads
/// a table whose last values are not written yet: it is given only heaps `a` far enough from `r`).
///
/// Kept apart from `value_at` so that the loop holds everything it needs in registers.
#[inline(never)]
pub(super) fn mark_rare<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    g: &[T],
    r: usize,
    heaps: &[u32],
    values: &[u32],
) {
    let top_mask = seen.len() - 1;
    // Rare heaps are at least 1 and below r.
    mark_zip(seen, stamp, heaps, values, |a, va| {
        (va ^ g[r - a as usize].get()) as usize & top_mask
    });
}

/// Marks `at(xs[i], ys[i])` for every `i`: four loads, then four stores, measurably faster (~15%)
/// than one of each in turn.
#[inline(always)]
fn mark_zip<A: Copy, B: Copy>(
    seen: &mut [u8],
    stamp: u8,
    xs: &[A],
    ys: &[B],
    at: impl Fn(A, B) -> usize,
) {
    let (mut xc, mut yc) = (xs.chunks_exact(4), ys.chunks_exact(4));
    for (x, y) in (&mut xc).zip(&mut yc) {
        let slots = [
            at(x[0], y[0]),
            at(x[1], y[1]),
            at(x[2], y[2]),
            at(x[3], y[3]),
        ];
        for slot in slots {
            seen[slot] = stamp;
        }
    }
    for (&x, &y) in xc.remainder().iter().zip(yc.remainder()) {
        seen[at(x, y)] = stamp;
    }
}

/// One past the largest `a` of a pair `(a, r − a)` with `a <= r − a` (`a < r − a` with distinct
/// parts).
pub(super) fn pair_top(r: usize, distinct: bool) -> usize {
    if distinct && r.is_multiple_of(2) {
        r / 2
    } else {
        r / 2 + 1
    }
}

/// A block of the pairs of one two-heap move: the heaps of `lo..lo + len`, each with its partner
/// among the heaps of `hi..hi + len`, read backwards (`lo + i` pairs with `hi + len - 1 - i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) lo: usize,
    pub(super) hi: usize,
    pub(super) len: usize,
}

impl Span {
    /// The values of the smaller heaps.
    #[inline(always)]
    pub(super) fn low<T>(self, g: &[T]) -> &[T] {
        &g[self.lo..self.lo + self.len]
    }

    /// The values of their partners, backwards.
    #[inline(always)]
    pub(super) fn high<T>(self, g: &[T]) -> &[T] {
        &g[self.hi..self.hi + self.len]
    }
}

/// Gives, for each two-heap move `k` (`r = n − k`), the span of the pairs `(a, r − a)` with `a`
/// in `first..first + len` and `a <= r − a` (`a < r − a` with distinct parts), if it has any.
#[inline(always)]
pub(super) fn for_pair_spans(
    sets2: &[usize],
    n: usize,
    distinct: bool,
    (first, len): (usize, usize),
    mut span: impl FnMut(Span),
) {
    for &k in sets2 {
        if k + 2 > n {
            break;
        }
        let r = n - k;
        let top = pair_top(r, distinct);
        // Larger k, smaller top: no later k has pairs here either.
        if first >= top {
            break;
        }
        let hi = (first + len).min(top);
        span(Span {
            lo: first,
            hi: r + 1 - hi,
            len: hi - first,
        });
    }
}

/// [`for_pair_spans`] as the values: `low = G(a)` and `high`, the `G(r − a)` they pair with,
/// read backwards (`low[i]` pairs with `high[high.len() - 1 - i]`).
#[inline(always)]
pub(super) fn for_pair_blocks<'g, T: Cell>(
    g: &'g [T],
    sets2: &[usize],
    n: usize,
    distinct: bool,
    range: (usize, usize),
    mut block: impl FnMut(&'g [T], &'g [T]),
) {
    for_pair_spans(sets2, n, distinct, range, |span| {
        block(span.low(g), span.high(g))
    });
}

/// What [`scan_spans`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scanned {
    /// Compared the pairs against the needed values: bit `j` set when some pair reaches
    /// `needed[j]`. Nothing is marked.
    Found(u32),
    /// Marked in `seen` every value the pairs reach.
    Marked,
}

/// Reads the pairs of `spans` and finds which of `needed` they reach, or marks everything they
/// reach when many values are needed.
#[inline(always)]
pub(super) fn scan_spans<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    needed: &[u32],
    g: &[T],
    spans: &[Span],
    avx2: bool,
) -> Scanned {
    // The usual tail: a few values left to find. Comparing against them vectorizes, marking
    // every value does not; as few comparisons as values left.
    match needed.len() {
        1 => Scanned::Found(find::<T, 1>(g, spans, needed, avx2)),
        2 => Scanned::Found(find::<T, 2>(g, spans, needed, avx2)),
        3 | 4 => Scanned::Found(find::<T, 4>(g, spans, needed, avx2)),
        5..=8 => Scanned::Found(find::<T, 8>(g, spans, needed, avx2)),
        // With AVX2 a vector holds twice the pairs of one or two bytes: comparing against 16
        // values still costs less than marking.
        9..=16 if avx2 && T::MAX <= u16::MAX as u32 => {
            Scanned::Found(find::<T, 16>(g, spans, needed, avx2))
        }
        _ => {
            for &span in spans {
                mark_pairs(seen, stamp, span.low(g), span.high(g));
            }
            Scanned::Marked
        }
    }
}

/// Drops the values of `needed` whose bit is set in `found` (bit `j` for `needed[j]`, the first
/// 32 values).
#[inline(always)]
pub(super) fn drop_found(needed: &mut Vec<u32>, found: u32) {
    keep_where(needed, |i, _| i >= 32 || found >> i & 1 == 0);
}

/// [`mark_rare`] for two remainders `r2 < r1` at once.
#[inline(never)]
pub(super) fn mark_rare_twice<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    g: &[T],
    (r1, r2): (usize, usize),
    heaps: &[u32],
    values: &[u32],
) {
    let top_mask = seen.len() - 1;
    for (&a, &va) in heaps.iter().zip(values) {
        // Rare heaps are at least 1 and below r2 < r1.
        let a = a as usize;
        seen[(va ^ g[r1 - a].get()) as usize & top_mask] = stamp;
        seen[(va ^ g[r2 - a].get()) as usize & top_mask] = stamp;
    }
}

/// Marks in `seen` (with `stamp`) what `other` marks with `other_stamp`.
#[inline(never)]
pub(super) fn merge_marks(seen: &mut [u8], stamp: u8, other: &[u8], other_stamp: u8) {
    // A select, not a branch: it vectorizes.
    for (s, &o) in seen.iter_mut().zip(other) {
        *s = if o == other_stamp { stamp } else { *s };
    }
}

/// `seen`'s marks with `stamp` as bits: bit `v % 64` of `bits[v / 64]` for value `v`.
#[inline(never)]
pub(super) fn pack_marks(seen: &[u8], stamp: u8, bits: &mut [u64]) {
    for (word, chunk) in bits.iter_mut().zip(seen.chunks_exact(64)) {
        *word = pack_word(chunk, stamp);
    }
}

/// The 64 marks of `chunk` with `stamp` as the bits of a word.
#[inline(always)]
pub(super) fn pack_word(chunk: &[u8], stamp: u8) -> u64 {
    let chunk: &[u8; 64] = chunk.try_into().expect("64 marks");
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // A compare and a byte mask (`pmovmskb`) per 16 marks, in the x86-64 baseline (SSE2):
        // the compiler turns the plain fold into a shift per byte, about 25 times the
        // instructions, and the helper thread packs every heap's marks (0.6: 512 of them).
        let mut word = 0u64;
        // SAFETY: every x86-64 CPU has SSE2; each load reads the 16 bytes of `sixteen`,
        // unaligned.
        unsafe {
            let wanted = _mm_set1_epi8(stamp as i8);
            for (i, sixteen) in chunk.chunks_exact(16).enumerate() {
                let marks = _mm_loadu_si128(sixteen.as_ptr() as *const __m128i);
                let bits = _mm_movemask_epi8(_mm_cmpeq_epi8(marks, wanted)) as u32 as u64;
                word |= bits << (16 * i);
            }
        }
        word
    }
    #[cfg(not(target_arch = "x86_64"))]
    chunk
        .iter()
        .enumerate()
        .fold(0, |w, (i, &s)| w | u64::from(s == stamp) << i)
}

/// Drops the values of `needed` that are now seen.
#[inline(never)]
pub(super) fn keep_unseen(needed: &mut Vec<u32>, seen: &[u8], stamp: u8) {
    let top_mask = seen.len() - 1;
    keep_where(needed, |_, v| seen[v as usize & top_mask] != stamp);
}

/// Keeps, in order, the values `v` of `needed` (at `i`) for which `keep(i, v)` holds: without a
/// branch per value (`Vec::retain` has one), since which values were found is unpredictable.
#[inline(always)]
fn keep_where(needed: &mut Vec<u32>, keep: impl Fn(usize, u32) -> bool) {
    let values: &mut [u32] = needed;
    let mut kept = 0;
    for i in 0..values.len() {
        let v = values[i];
        values[kept] = v;
        kept += keep(i, v) as usize;
    }
    needed.truncate(kept);
}

/// Marks `low[i] ^ high[len - 1 - i]` for every `i`.
#[inline(never)]
fn mark_pairs<T: Cell>(seen: &mut [u8], stamp: u8, low: &[T], high: &[T]) {
    let top_mask = seen.len() - 1;
    let at = |a: T, b: T| (a ^ b).get() as usize & top_mask;
    // Four loads, then four stores, as in `mark_zip`.
    let (mut lc, mut hc) = (low.chunks_exact(4), high.rchunks_exact(4));
    for (x, y) in (&mut lc).zip(&mut hc) {
        let slots = [
            at(x[0], y[3]),
            at(x[1], y[2]),
            at(x[2], y[1]),
            at(x[3], y[0]),
        ];
        for slot in slots {
            seen[slot] = stamp;
        }
    }
    for (&x, &y) in lc.remainder().iter().zip(hc.remainder().iter().rev()) {
        seen[at(x, y)] = stamp;
    }
}

/// [`find_any`], with AVX2 where `avx2` says the CPU has it and the table's cells are one or two
/// bytes.
///
/// Called once a step, kept apart: inlined, the plain loops of every `W` made `value_at` four
/// times larger, and a table's process held the extra code pages (about 0.3 MB) even where the
/// CPU runs the AVX2 ones.
#[inline(never)]
fn find<T: Cell, const W: usize>(g: &[T], spans: &[Span], wanted: &[u32], avx2: bool) -> u32 {
    // Unused slots repeat the first value: their hits are dropped.
    let k = wanted.len().min(W);
    let keep = u32::MAX >> (32 - k);
    let want = |j: usize| wanted[if j < k { j } else { 0 }];
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU has AVX2 (`Ctx::new`).
        if let Some(g) = T::bytes(g) {
            let want = std::array::from_fn(|j| want(j) as u8);
            return unsafe { super::avx2::find_any_u8::<W>(g, spans, &want) } & keep;
        }
        if let Some(g) = T::halves(g) {
            let want = std::array::from_fn(|j| want(j) as u16);
            return unsafe { super::avx2::find_any_u16::<W>(g, spans, &want) } & keep;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = avx2;
    find_any::<T, W>(g, spans, &std::array::from_fn(|j| T::make(want(j)))) & keep
}

/// Which of the `W` values of `want` some pair of `spans` gives, as bits (the AVX2 kernels' too,
/// on spans shorter than their vectors).
#[inline(always)]
pub(super) fn find_any<T: Cell, const W: usize>(g: &[T], spans: &[Span], want: &[T; W]) -> u32 {
    // Compared in the table's own width, so a vector holds as many pairs as it can.
    let mut hit = [T::make(0); W];
    // `high` is read backwards: a fixed-length chunk of it reversed is one shuffle per vector,
    // which costs less than keeping a second, mirrored copy of the table (it doubled the memory).
    let scan = |low: &[T], high: &[T], hit: &mut [T; W]| {
        for (&x, &y) in low.iter().zip(high.iter().rev()) {
            let v = x ^ y;
            for j in 0..W {
                hit[j] = hit[j] | T::make((v == want[j]) as u32);
            }
        }
    };
    for &span in spans {
        let (mut low, mut high) = (span.low(g), span.high(g));
        // Fixed-length chunks vectorize without a remainder loop each: 64 pairs at a time, then
        // 32 (the first blocks are 32 pairs long; 64 alone runs them through the scalar tail, 32
        // alone is slower on long scans of two-byte values).
        macro_rules! chunks {
            ($chunk:literal) => {
                let full = low.len() / $chunk * $chunk;
                let rest = high.len() - full;
                for (lo, hi) in low[..full]
                    .chunks_exact($chunk)
                    .zip(high[rest..].rchunks_exact($chunk))
                {
                    let lo: &[T; $chunk] = lo.try_into().expect("chunk");
                    let hi: &[T; $chunk] = hi.try_into().expect("chunk");
                    scan(lo, hi, &mut hit);
                }
                (low, high) = (&low[full..], &high[..rest]);
            };
        }
        chunks!(64);
        chunks!(32);
        scan(low, high, &mut hit);
    }
    let mut bits = 0;
    for (j, &h) in hit.iter().enumerate() {
        bits |= ((h.get() != 0) as u32) << j;
    }
    bits
}

/// [`mark_rare`] as bits of one word, when every value is below 64.
#[inline(never)]
pub(super) fn reach_rare<T: Cell>(g: &[T], r: usize, heaps: &[u32], values: &[u32]) -> u64 {
    // Four words, so that the ORs do not wait on each other.
    let mut acc = [0u64; 4];
    let (mut hc, mut vc) = (heaps.chunks_exact(4), values.chunks_exact(4));
    for (h, v) in (&mut hc).zip(&mut vc) {
        for i in 0..4 {
            acc[i] |= bit(v[i] ^ g[r - h[i] as usize].get());
        }
    }
    for (&h, &v) in hc.remainder().iter().zip(vc.remainder()) {
        acc[0] |= bit(v ^ g[r - h as usize].get());
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// [`mark_rare_twice`] as bits of one word, when every value is below 64: eight heaps at a time
/// where `avx2` says the CPU has it (a byte table only).
#[inline(never)]
pub(super) fn reach_rare_twice<T: Cell>(
    g: &[T],
    (r1, r2): (usize, usize),
    heaps: &[u32],
    values: &[u32],
    avx2: bool,
) -> u64 {
    let (from, reach) = reach_rare_twice_x86(g, (r1, r2), heaps, values, avx2);
    let mut acc = [0u64; 2];
    for (&a, &va) in heaps[from..].iter().zip(&values[from..]) {
        // Rare heaps are at least 1 and below r2 < r1.
        let a = a as usize;
        acc[0] |= bit(va ^ g[r1 - a].get());
        acc[1] |= bit(va ^ g[r2 - a].get());
    }
    reach | acc[0] | acc[1]
}

/// The first heaps of [`reach_rare_twice`], eight at a time, with AVX2 where `avx2` says the CPU
/// has it and the table is bytes: how many heaps it took, and what they reach.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn reach_rare_twice_x86<T: Cell>(
    g: &[T],
    (r1, r2): (usize, usize),
    heaps: &[u32],
    values: &[u32],
    avx2: bool,
) -> (usize, u64) {
    let (true, Some(bytes)) = (avx2, T::bytes(g)) else {
        return (0, 0);
    };
    // The vector loop reads the four bytes ending at each value it needs: heaps up to r2 - 3
    // (and offsets that fit an i32).
    let fits = |&a: &u32| (a as usize) + 3 <= r2 && a < 1 << 30;
    // Usually every rare heap is far below r2: no search needed.
    let fit = if heaps.last().is_none_or(fits) {
        heaps.len()
    } else {
        heaps.partition_point(fits)
    };
    let from = fit / 8 * 8;
    // No heap for the vectors: then r2 may be below 3, and the kernel's loads would start
    // before the table.
    if from == 0 {
        return (0, 0);
    }
    // SAFETY: `avx2` is set only when the CPU has AVX2 (`Ctx::new`); the heaps given (at least
    // eight) are at least 1 (rare heaps are) and at most r2 - 3, so r2 >= 4, with
    // r2 < r1 <= g.len() (a remainder is at most the heap being computed, `g.len()`).
    let reach =
        unsafe { super::avx2::reach_rare_twice(bytes, (r1, r2), &heaps[..from], &values[..from]) };
    (from, reach)
}

/// Elsewhere no heap is taken by vectors.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn reach_rare_twice_x86<T: Cell>(
    _: &[T],
    _: (usize, usize),
    _: &[u32],
    _: &[u32],
    _: bool,
) -> (usize, u64) {
    (0, 0)
}

/// The values `low[i] ^ high[len - 1 - i]` reach, as bits of one word, when every value is below
/// 64 (as [`mark_pairs`] marks them); with AVX2 where `avx2` says the CPU has it.
#[inline(always)]
pub(super) fn reach_pairs<T: Cell>(low: &[T], high: &[T], avx2: bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU has AVX2 (`Ctx::new`).
        return unsafe { super::avx2::reach_pairs(low, high) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = avx2;
    reach_pairs_plain(low, high)
}

/// [`reach_pairs`] without vectors wider than the target's baseline: four words, so that the ORs
/// do not wait on each other.
#[inline(always)]
pub(super) fn reach_pairs_plain<T: Cell>(low: &[T], high: &[T]) -> u64 {
    let mut acc = [0u64; 4];
    let (mut lc, mut hc) = (low.chunks_exact(4), high.rchunks_exact(4));
    for (x, y) in (&mut lc).zip(&mut hc) {
        acc[0] |= bit((x[0] ^ y[3]).get());
        acc[1] |= bit((x[1] ^ y[2]).get());
        acc[2] |= bit((x[2] ^ y[1]).get());
        acc[3] |= bit((x[3] ^ y[0]).get());
    }
    for (&x, &y) in lc.remainder().iter().zip(hc.remainder().iter().rev()) {
        acc[0] |= bit((x ^ y).get());
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}
