//! One value at a time: [`value_at`] computes `G(n)` from `G(0..n)`, phase by phase:
//! the moves that leave no heap, one heap or three ([`for_other_moves`]); then, by the sparse
//! method, the pairs with a rare heap ([`mark_rare_pairs`], in the runs of [`for_rare_runs`]),
//! the least common value no option reaches ([`least_common_unseen`]) and, when rare values
//! below it are still unseen, the common–common pairs ([`settle_needed`]); or, naively, every
//! pair ([`mark_all_pairs`]). While every value is below 64 the same phases run on one word of
//! bits instead of the byte stamps of `seen` (see `word`).
//!
//! The phases are `#[inline(always)]`, as their code was written inline in `value_at` before:
//! they compile into it as one function; the loops they call are in `kernels`.

use super::kernels::{
    drop_found, for_pair_spans, keep_unseen, mark_rare, mark_rare_twice, merge_marks, pack_word,
    pair_top, scan_spans, Scanned, Span,
};
use super::pipeline::Ahead;
use super::state::{CommonScan, Ctx};
use super::word::value_in_word;
use crate::tabulate::storage::Cell;

// Common–common pairs, a block of `BLOCK` heaps `a` at a time, until every needed value is seen.
// A needed value is often reached by only a few kinds of pairs: blocks spread over the whole
// range find them all sooner than blocks read in order from one end (about half as many pairs in
// Grundy's game), so the first `PROBES` blocks are spread (a stride near the golden ratio of the
// range), and only then is the rest read in order (which is complete: when `G(n)` is rare, every
// pair is read once).
const HEAD: usize = 96;
const BLOCK: usize = 128;
/// The pairs of one step of the common–common scan (the head's steps read fewer), for
/// [`super::Engine::work`].
pub(super) const SCAN_BLOCK: u64 = BLOCK as u64;
const PROBES: usize = 32;
/// A rare pass of at least this many marks is split between two threads: below it, waking the
/// second thread costs more than the half it takes over.
pub(super) const SPLIT_MARKS: u64 = 32768;

/// `G(n)` from `G(0..n)`; `ahead`: the marks of the rare heaps a second thread read already
/// (see `pipeline`), if it did.
#[inline]
pub(super) fn value_at<T: Cell>(ctx: &mut Ctx, g: &[T], n: usize, ahead: Option<Ahead<'_>>) -> u32 {
    if ctx.sparse && ctx.one_word && ctx.bits == 6 {
        return value_in_word(ctx, g, n, ahead);
    }
    ctx.next_stamp();
    let Ctx {
        sets,
        distinct,
        sparse,
        seen,
        seen2,
        stamp,
        common,
        rare,
        rare_values,
        scan,
        threads,
        split_marks,
        avx2,
        ..
    } = ctx;
    let distinct = *distinct;
    let stamp = *stamp;
    // Every value and every XOR of values is below `seen.len()`, a power of two: masking the
    // index lets the compiler drop the bounds check without changing it.
    let seen: &mut [u8] = &mut seen[..];
    let common: &[u64] = &common[..];
    let pairs = Pairs {
        n,
        sets2: &sets[2],
        distinct,
        g,
        avx2: *avx2,
    };
    // Three-heap moves first: the sparse step below needs every other option marked.
    let top_mask = seen.len() - 1;
    for_other_moves(sets, g, n, |v| seen[v as usize & top_mask] = stamp);
    // Each removal leaving two heaps of a heap n, for the count of work (not its exact pairs).
    let removals = sets[2].partition_point(|&k| k + 2 <= n) as u64;
    // Before the first mask is chosen the mask is 0 and every heap is rare: still correct.
    if *sparse {
        let marks = removals * rare.len() as u64;
        scan.pair_reads += marks;
        let c = if let Some(Ahead { reached, taken }) = ahead {
            let (near, far) = (taken.start, taken.end);
            mark_rare_pairs(seen, stamp, pairs, &rare[..near], &rare_values[..near]);
            mark_rare_pairs(seen, stamp, pairs, &rare[far..], &rare_values[far..]);
            least_common_unreached(seen, stamp, reached, common, &mut scan.needed)
        } else {
            mark_all_rare_pairs(
                (seen, seen2, stamp),
                pairs,
                (rare, rare_values),
                *threads > 1 && marks >= *split_marks,
            );
            least_common_unseen(seen, stamp, common, &mut scan.needed)
        };
        if scan.needed.is_empty() {
            return c as u32;
        }
        scan.needy += 1;
        settle_needed(seen, stamp, pairs, c, scan)
    } else {
        scan.pair_reads += removals * (n as u64 / 2);
        mark_all_pairs(seen, stamp, pairs);
        seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u32
    }
}

/// Marks every pair with a rare heap, on two threads when `split` (marks are idempotent: two
/// halves marked apart and merged are the same marks).
#[inline(always)]
fn mark_all_rare_pairs<T: Cell>(
    (seen, seen2, stamp): (&mut [u8], &mut [u8], u8),
    pairs: Pairs<'_, T>,
    (rare, rare_values): (&[u32], &[u32]),
    split: bool,
) {
    if split {
        let h = rare.len() / 2;
        rayon::join(
            || mark_rare_pairs(seen, stamp, pairs, &rare[..h], &rare_values[..h]),
            || mark_rare_pairs(seen2, stamp, pairs, &rare[h..], &rare_values[h..]),
        );
        merge_marks(seen, stamp, seen2, stamp);
    } else {
        mark_rare_pairs(seen, stamp, pairs, rare, rare_values);
    }
}

/// The two-heap moves of a heap `n`: each removal `k` in `sets2` (increasing) leaves `r = n − k`
/// tokens split into pairs `(a, r − a)`, read from the table `g = G(0..n)`.
#[derive(Clone, Copy)]
pub(super) struct Pairs<'a, T> {
    pub(super) n: usize,
    pub(super) sets2: &'a [usize],
    /// The two heaps must differ.
    pub(super) distinct: bool,
    /// At least every value a pair read reads (the rare pass of a heap ahead is given only the
    /// values written so far).
    pub(super) g: &'a [T],
    /// Whether the kernels may run their AVX2 versions (the CPU has it: see `Ctx::avx2`).
    pub(super) avx2: bool,
}

/// Gives the values of the options that are not two-heap moves: removing a whole heap, leaving
/// one heap, and leaving three heaps (every triple, naively).
#[inline(always)]
pub(super) fn for_other_moves<T: Cell>(
    sets: &[Vec<usize>; 4],
    g: &[T],
    n: usize,
    mut mark: impl FnMut(u32),
) {
    if n > 0 && sets[0].binary_search(&n).is_ok() {
        mark(0);
    }
    for &k in &sets[1] {
        if k >= n {
            break;
        }
        mark(g[n - k].get());
    }
    for &k in &sets[3] {
        if k + 3 > n {
            break;
        }
        let r = n - k;
        for a in 1..=r / 3 {
            let ga = g[a].get();
            for b in a..=(r - a) / 2 {
                mark(ga ^ g[b].get() ^ g[r - a - b].get());
            }
        }
    }
}

/// Marks every pair `(a, r − a)` with a rare heap `a` (in either place): all the common values
/// the two-heap moves reach, and some of the rare ones.
#[inline(always)]
pub(super) fn mark_rare_pairs<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    rare: &[u32],
    rare_values: &[u32],
) {
    let g = pairs.g;
    for_rare_runs(pairs, rare, rare_values, |run| match run {
        RareRun::Once(r, heaps, values) => mark_rare(seen, stamp, g, r, heaps, values),
        RareRun::Twice(r1_r2, heaps, values) => {
            mark_rare_twice(seen, stamp, g, r1_r2, heaps, values)
        }
    });
}

/// Rare heaps `heaps` (values `values`), each paired with `r − a`, or with both `r1 − a` and
/// `r2 − a`: the rare pass of one heap in runs, as [`for_rare_runs`] gives them.
pub(super) enum RareRun<'a> {
    Once(usize, &'a [u32], &'a [u32]),
    /// Two remainders `r2 < r1`, every heap below `r2`.
    Twice((usize, usize), &'a [u32], &'a [u32]),
}

/// Splits the rare pass of a heap into runs: for each removal `k`, the rare heaps `a < r = n − k`
/// (without `a = r/2` when the two heaps must differ). Two removals with every rare heap below
/// both remainders (as in 0.167) are one run, so that each rare heap is read once.
#[inline(always)]
pub(super) fn for_rare_runs<'a, T: Cell>(
    pairs: Pairs<'_, T>,
    rare: &'a [u32],
    rare_values: &'a [u32],
    mut run: impl FnMut(RareRun<'a>),
) {
    let Pairs {
        n, sets2, distinct, ..
    } = pairs;
    if let &[k1, k2] = sets2 {
        let lowest = n.saturating_sub(k2);
        if !distinct && k2 + 2 <= n && rare.last().is_none_or(|&a| (a as usize) < lowest) {
            run(RareRun::Twice((n - k1, n - k2), rare, rare_values));
            return;
        }
    }
    for &k in sets2 {
        if k + 2 > n {
            break;
        }
        let r = n - k;
        // Rare heaps a < r (b = r - a >= 1); with distinct parts, not a = r/2.
        // Usually every rare heap is below r: no search needed.
        let upto = if rare.last().is_none_or(|&a| (a as usize) < r) {
            rare.len()
        } else {
            rare.partition_point(|&a| (a as usize) < r)
        };
        let (rs, rv) = (&rare[..upto], &rare_values[..upto]);
        if distinct && r.is_multiple_of(2) {
            let h = (r / 2) as u32;
            let i = rs.partition_point(|&a| a < h);
            let j = if rs.get(i) == Some(&h) { i + 1 } else { i };
            run(RareRun::Once(r, &rs[..i], &rv[..i]));
            run(RareRun::Once(r, &rs[j..], &rv[j..]));
        } else {
            run(RareRun::Once(r, rs, rv));
        }
    }
}

/// The least common value not reached (nothing else can reach it), with the rare values below it
/// still unseen put in `needed`, in increasing order.
#[inline(always)]
fn least_common_unseen(seen: &[u8], stamp: u8, common: &[u64], needed: &mut Vec<u32>) -> usize {
    let is_common = |v: usize| common[v >> 6] >> (v & 63) & 1 == 1;
    needed.clear();
    let mut c = seen.len();
    // Eight stamps at a time: below `c` nearly every value is seen.
    let all_seen = u64::from_ne_bytes([stamp; 8]);
    'words: for (w, word) in seen.chunks_exact(8).enumerate() {
        let word: [u8; 8] = word.try_into().expect("eight stamps");
        if u64::from_ne_bytes(word) == all_seen {
            continue;
        }
        for (i, &s) in word.iter().enumerate() {
            let v = 8 * w + i;
            if s != stamp {
                if is_common(v) {
                    c = v;
                    break 'words;
                }
                needed.push(v as u32);
            }
        }
    }
    c
}

/// [`least_common_unseen`] when the values in `reached` (bits) are reached too.
#[inline(always)]
fn least_common_unreached(
    seen: &[u8],
    stamp: u8,
    reached: &[u64],
    common: &[u64],
    needed: &mut Vec<u32>,
) -> usize {
    needed.clear();
    for (w, ((chunk, &more), &common)) in seen.chunks_exact(64).zip(reached).zip(common).enumerate()
    {
        let unseen = !(pack_word(chunk, stamp) | more);
        let (first_common, below) = match unseen & common {
            0 => (None, unseen),
            c => (
                Some(c.trailing_zeros()),
                unseen & ((1 << c.trailing_zeros()) - 1),
            ),
        };
        let mut rare_unseen = below & !common;
        while rare_unseen != 0 {
            needed.push(64 * w as u32 + rare_unseen.trailing_zeros());
            rare_unseen &= rare_unseen - 1;
        }
        if let Some(i) = first_common {
            return 64 * w + i as usize;
        }
    }
    seen.len()
}

/// `G(n)` when some rare values below `c`, the least common value not reached, are still unseen
/// (`scan.needed`): only common–common pairs can reach them. The smallest heaps first, then
/// spread blocks, then the rest in order, stopping as soon as every needed value is seen.
#[inline(always)]
fn settle_needed<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    c: usize,
    scan: &mut CommonScan,
) -> u32 {
    let Pairs {
        n, sets2, distinct, ..
    } = pairs;
    let Some(&k0) = sets2.iter().find(|&&k| k + 2 <= n) else {
        return scan.needed[0];
    };
    if scan_head(seen, stamp, pairs, scan) {
        return c as u32;
    }
    let blocks = (pair_top(n - k0, distinct).saturating_sub(1 + HEAD)).div_ceil(BLOCK);
    if probe_spread(seen, stamp, pairs, blocks, scan)
        || scan_in_order(seen, stamp, pairs, blocks, scan)
    {
        c as u32
    } else {
        // Every pair was seen: the least needed value is reached by none.
        scan.needed[0]
    }
}

/// Reads the smallest heaps `a` first, in two short blocks: often they are enough. Returns
/// whether every needed value is now seen.
#[inline(always)]
fn scan_head<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    scan: &mut CommonScan,
) -> bool {
    for range in [(1, 32), (33, HEAD - 32)] {
        scan.spans.clear();
        add_spans(&mut scan.spans, pairs, range);
        if scan_step(seen, stamp, pairs, scan) {
            return true;
        }
    }
    false
}

/// Reads the first `PROBES` blocks (of the `blocks` past the head), spread over the range by a
/// stride near its golden ratio, in groups of 1, 2, 4, then 8 blocks between checks, and keeps
/// them in `probed`. Returns whether every needed value is now seen.
#[inline(always)]
fn probe_spread<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    blocks: usize,
    scan: &mut CommonScan,
) -> bool {
    let probes = blocks.min(PROBES);
    if scan.spread.0 != blocks {
        scan.spread = (blocks, spread_step(blocks));
    }
    let step = scan.spread.1;
    scan.probed.clear();
    let (mut j, mut done, mut group) = (0, 0, 1);
    while done < probes {
        let end = (done + group).min(probes);
        scan.spans.clear();
        for _ in done..end {
            add_spans(&mut scan.spans, pairs, block_range(j, 1));
            scan.probed.push(j);
            j = (j + step) % blocks;
        }
        done = end;
        if scan_step(seen, stamp, pairs, scan) {
            return true;
        }
        group = (2 * group).min(8);
    }
    false
}

/// Reads every block not probed, in order, in groups of 8 doubling to 64 between checks. Returns
/// whether every needed value is now seen: `false` only once every pair was read, so that the
/// needed values left are reached by none.
#[inline(always)]
fn scan_in_order<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    blocks: usize,
    scan: &mut CommonScan,
) -> bool {
    scan.probed.sort_unstable();
    let (mut next, mut p, mut group) = (0, 0, 8);
    loop {
        scan.spans.clear();
        // Blocks in a row not probed are read as one run.
        let (mut count, mut run) = (0, (next, 0));
        while count < group && next < blocks {
            if scan.probed.get(p) == Some(&next) {
                p += 1;
                add_spans(&mut scan.spans, pairs, block_range(run.0, run.1));
                run = (next + 1, 0);
            } else {
                count += 1;
                run.1 += 1;
            }
            next += 1;
        }
        add_spans(&mut scan.spans, pairs, block_range(run.0, run.1));
        if scan_step(seen, stamp, pairs, scan) {
            return true;
        }
        if next >= blocks {
            return false;
        }
        group = (2 * group).min(64);
    }
}

/// The heaps `a` of `count` blocks from block `j` past the head.
#[inline(always)]
fn block_range(j: usize, count: usize) -> (usize, usize) {
    (1 + HEAD + j * BLOCK, count * BLOCK)
}

/// Adds the spans of the pairs `(a, r − a)` with `a` in `first..first + len` of every two-heap
/// move (see [`for_pair_spans`]).
#[inline(always)]
fn add_spans<T>(spans: &mut Vec<Span>, pairs: Pairs<'_, T>, (first, len): (usize, usize)) {
    if len > 0 {
        for_pair_spans(pairs.sets2, pairs.n, pairs.distinct, (first, len), |span| {
            spans.push(span)
        });
    }
}

/// One step of the scan: reads the pairs of `scan.spans` and drops the needed values they
/// reach. Returns whether every needed value is now seen.
#[inline(always)]
fn scan_step<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    pairs: Pairs<'_, T>,
    scan: &mut CommonScan,
) -> bool {
    let CommonScan {
        scan_steps,
        needed,
        spans,
        ..
    } = scan;
    *scan_steps += 1;
    match scan_spans(seen, stamp, needed, pairs.g, spans, pairs.avx2) {
        Scanned::Found(found) => drop_found(needed, found),
        Scanned::Marked => keep_unseen(needed, seen, stamp),
    }
    needed.is_empty()
}

/// Marks every pair `(a, r − a)` of every two-heap move: the naive method.
#[inline(always)]
fn mark_all_pairs<T: Cell>(seen: &mut [u8], stamp: u8, pairs: Pairs<'_, T>) {
    let Pairs {
        n,
        sets2,
        distinct,
        g,
        ..
    } = pairs;
    let top_mask = seen.len() - 1;
    macro_rules! mark {
        ($x:expr) => {{
            let x = $x as usize;
            seen[x & top_mask] = stamp;
        }};
    }
    for &k in sets2 {
        if k + 2 > n {
            break;
        }
        let r = n - k;
        for a in 1..=r / 2 {
            let b = r - a;
            if distinct && a == b {
                continue;
            }
            mark!(g[a].get() ^ g[b].get());
        }
    }
}

/// A stride through `blocks` blocks that visits each once and lands far from the blocks before:
/// the first integer from `⌊blocks / φ⌋` up that is coprime to `blocks`.
pub(super) fn spread_step(blocks: usize) -> usize {
    if blocks <= 2 {
        return 1;
    }
    let mut s = ((blocks as f64) * 0.618_033_988_75) as usize;
    while gcd(s, blocks) != 1 {
        s += 1;
    }
    s
}

fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
