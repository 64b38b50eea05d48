//! Tables of heap values for take-and-break games: the naive mex and the sparse-space method.
//!
//! `G(n)` is the mex of the values of the options of a heap of `n`. Options that leave one heap
//! are few; options that leave two heaps `a + b = n − k` are many (about `n/2` for each `k`), and
//! computing them all makes a table of `N` values cost `O(N²)`: that is the **naive** method, kept
//! as the oracle.
//!
//! The **sparse-space** method (Winning Ways ch. 16; Gangolli & Plambeck 1989; Flammenkamp)
//! splits the values with a bit mask `W` into *common* values, `popcount(v & W)` odd, and *rare*
//! ones, `popcount(v & W)` even. A good `W` makes rare values rare in the sequence. Since
//! `common ⊕ common` and `rare ⊕ rare` are rare and `rare ⊕ common` is common, every common
//! option value comes from a pair with a rare heap: scanning the few rare heaps `a` (and `b = n −
//! k − a`) finds them all, and so the least common value `c` that no option reaches. `G(n)` is then
//! `c` unless some rare value below `c` is unreachable; those are usually reached by a few
//! thousand common–common pairs at most, so a scan stopped as soon as every rare value below `c`
//! is seen settles it: first the smallest heaps, then blocks spread over the whole range (each
//! needed value tends to come from its own kinds of pairs, which spread blocks meet sooner), then
//! the rest in order. Only when `G(n)` itself is rare does the scan run to the end. The mask is
//! re-chosen from the values seen so far (the one making the fewest rare heaps) at doubling
//! sizes; any mask gives the same values, only the speed changes.
//!
//! Values are stored as `u8` while they fit, then `u16`, then `u32` (see [`Values`]), and a
//! second time backwards: the scan of pairs `(a, r − a)` then reads both heaps' values forwards,
//! in the table's own width, which vectorizes (twice the memory, for about a third less time).

use crate::heap::take_and_break::TakeBreakRules;
use crate::period::{self, Period, PeriodicityBound};

/// The largest table `grundy solve` computes for a heap (larger heaps need a proved period).
pub const SOLVE_TABLE_LIMIT: u64 = 1 << 22;

/// How to compute a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Every option, every time.
    Naive,
    /// The rare/common sparse-space method (two-heap moves only; three-heap moves are naive).
    #[default]
    Sparse,
}

/// A compact table of values: one byte per heap while every value is below 256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 2^8.
    U8(Vec<u8>),
    /// Every value below 2^16.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// A table from plain values, in the narrowest storage that holds them.
    pub fn from_u32(v: &[u32]) -> Self {
        let max = v.iter().copied().max().unwrap_or(0);
        if max <= u8::MAX as u32 {
            Values::U8(v.iter().map(|&x| x as u8).collect())
        } else if max <= u16::MAX as u32 {
            Values::U16(v.iter().map(|&x| x as u16).collect())
        } else {
            Values::U32(v.to_vec())
        }
    }

    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if tabulated.
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Values::U8(v) => v.get(n).map(|&x| x as u32),
            Values::U16(v) => v.get(n).map(|&x| x as u32),
            Values::U32(v) => v.get(n).copied(),
        }
    }

    /// Every value, widened.
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Values::U8(v) => v.iter().map(|&x| x as u32).collect(),
            Values::U16(v) => v.iter().map(|&x| x as u32).collect(),
            Values::U32(v) => v.clone(),
        }
    }

    /// Bytes per stored value.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }

    /// The same values in storage wide enough for `v`.
    fn widened_for(self, v: u32) -> Values {
        let all = self.to_vec();
        if v <= u16::MAX as u32 {
            Values::U16(all.iter().map(|&x| x as u16).collect())
        } else {
            Values::U32(all)
        }
    }
}

/// A storage cell of a table.
trait Cell:
    Copy
    + PartialEq
    + std::ops::BitXor<Output = Self>
    + std::ops::BitOr<Output = Self>
    + Send
    + Sync
    + 'static
{
    const MAX: u32;
    fn get(self) -> u32;
    fn make(v: u32) -> Self;
}

macro_rules! cell {
    ($t:ty) => {
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn make(v: u32) -> Self {
                v as $t
            }
        }
    };
}
cell!(u8);
cell!(u16);
cell!(u32);

/// What the table computation needs besides the values: the moves, the marks of one mex and the
/// rare/common split.
#[derive(Clone, Debug)]
struct Ctx {
    /// `sets[m]`: amounts leaving `m` heaps, as heap offsets, up to `sets_upto`.
    sets: [Vec<usize>; 4],
    sets_upto: usize,
    distinct: bool,
    sparse: bool,
    /// Values are below `1 << bits` (bits >= 6), so every XOR of them is too.
    bits: u32,
    /// `seen[v] == stamp` when value `v` is an option of the current heap: storing a stamp is
    /// a plain write (no read-modify-write chain on a shared word as with a bitset) and needs
    /// clearing only when the stamp wraps. Byte stamps: marking runs measurably faster than with
    /// wider ones, and a clear every 255 heaps costs nothing.
    seen: Vec<u8>,
    stamp: u8,
    /// Bit `v` set when `v` is common under `mask`.
    common: Vec<u64>,
    mask: u32,
    /// Heaps (>= 1) whose value is rare, in increasing order.
    rare: Vec<u32>,
    /// `rare_values[i]` is the value of heap `rare[i]`: the scan reads them in order instead of
    /// gathering them from the table.
    rare_values: Vec<u32>,
    next_review: usize,
    scan_steps: u64,
    needy: u64,
    needed: Vec<u32>,
    /// Blocks of pairs already read by the spread probes of the current heap.
    probed: Vec<usize>,
    /// The last stride computed, as `(blocks, step)`: the count of blocks changes slowly.
    spread: (usize, usize),
}

/// An incremental table computation for one take-and-break ruleset.
#[derive(Clone, Debug)]
pub struct Engine {
    rules: TakeBreakRules,
    values: Values,
    /// The values backwards, `mirror[len - 1 - n] = G(n)`, in the same storage as `values`: the
    /// pairs `(a, r − a)` then read both heaps forwards, which vectorizes without shuffles.
    mirror: Values,
    ctx: Ctx,
    max_value: u32,
}

/// The computation was stopped before the table was complete (what was computed is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

impl Engine {
    /// A new, empty table for `rules`.
    pub fn new(rules: TakeBreakRules, method: Method) -> Self {
        let ctx = Ctx {
            sets: Default::default(),
            sets_upto: 0,
            distinct: rules.distinct_parts,
            sparse: method == Method::Sparse,
            bits: 6,
            seen: vec![0; 64],
            stamp: 0,
            common: vec![0; 1],
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            next_review: 1 << 10,
            scan_steps: 0,
            needy: 0,
            needed: Vec::new(),
            probed: Vec::new(),
            spread: (0, 1),
        };
        Engine {
            rules,
            values: Values::default(),
            mirror: Values::default(),
            ctx,
            max_value: 0,
        }
    }

    /// Resumes a table from values computed earlier (e.g. a checkpoint).
    pub fn resume(rules: TakeBreakRules, method: Method, values: &[u32]) -> Self {
        let mut e = Engine::new(rules, method);
        e.values = Values::from_u32(values);
        e.max_value = values.iter().copied().max().unwrap_or(0);
        e.ctx.grow_bits(e.max_value);
        e.ctx.next_review = (1usize << 10).max(values.len().next_power_of_two());
        let all = e.values.to_vec();
        e.ctx.review(&all);
        e
    }

    /// The values computed so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u32 {
        self.max_value
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreakRules {
        &self.rules
    }

    /// How many heaps needed a common–common scan, and how many blocks of pairs it read.
    pub fn scan_stats(&self) -> (u64, u64) {
        (self.ctx.needy, self.ctx.scan_steps)
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
        while self.values.len() < want {
            let chunk_end = want.min(self.values.len() + (1 << 14));
            if self.mirror.len() < want || self.mirror.width() != self.values.width() {
                // Grown by doubling; only re-made at the same length when the table widens.
                let cap = if self.mirror.len() < want {
                    want.max(2 * self.mirror.len())
                } else {
                    self.mirror.len()
                };
                self.mirror = match &self.values {
                    Values::U8(v) => Values::U8(mirrored(v, cap)),
                    Values::U16(v) => Values::U16(mirrored(v, cap)),
                    Values::U32(v) => Values::U32(mirrored(v, cap)),
                };
            }
            let mut values = std::mem::take(&mut self.values);
            let overflow = match (&mut values, &mut self.mirror) {
                (Values::U8(v), Values::U8(m)) => run(&mut self.ctx, v, m, chunk_end),
                (Values::U16(v), Values::U16(m)) => run(&mut self.ctx, v, m, chunk_end),
                (Values::U32(v), Values::U32(m)) => run(&mut self.ctx, v, m, chunk_end),
                _ => unreachable!("the mirror has the table's width"),
            };
            self.values = match overflow {
                Ok(max) => {
                    self.max_value = self.max_value.max(max);
                    values
                }
                Err(v) => {
                    self.max_value = self.max_value.max(v);
                    self.ctx.grow_bits(v);
                    let mut wide = values.widened_for(v);
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

impl Ctx {
    #[inline(always)]
    fn class(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    fn grow_bits(&mut self, v: u32) {
        let need = (32 - v.leading_zeros()).max(6);
        if need > self.bits {
            self.bits = need;
            self.seen = vec![0; 1 << need];
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
    fn review(&mut self, values: &[u32]) {
        if !self.sparse || values.len() < 2 {
            return;
        }
        let range = 1usize << self.bits.min(12);
        let mut hist = vec![0u64; 1 << self.bits];
        for &v in &values[1..] {
            hist[v as usize] += 1;
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
            self.rare = (1..values.len())
                .filter(|&a| self.class(values[a]) == 0)
                .map(|a| a as u32)
                .collect();
            self.rare_values = self.rare.iter().map(|&a| values[a as usize]).collect();
        }
    }
}

/// `g` backwards in `cap` cells: `m[cap - 1 - n] = g[n]`.
fn mirrored<T: Cell>(g: &[T], cap: usize) -> Vec<T> {
    let mut m = vec![T::make(0); cap];
    for (slot, &x) in m[cap - g.len()..].iter_mut().rev().zip(g) {
        *slot = x;
    }
    m
}

/// Pushes values until `g.len() == until`, writing each into `mirror` too; returns the largest
/// value pushed, or the first value that does not fit in `T` (not pushed).
fn run<T: Cell>(ctx: &mut Ctx, g: &mut Vec<T>, mirror: &mut [T], until: usize) -> Result<u32, u32> {
    let mut max = 0;
    g.reserve(until.saturating_sub(g.len()));
    while g.len() < until {
        let n = g.len();
        if ctx.sparse && n >= ctx.next_review {
            let all: Vec<u32> = g.iter().map(|x| x.get()).collect();
            ctx.review(&all);
            ctx.next_review *= 2;
        }
        let v = value_at(ctx, g, mirror, n);
        if v > T::MAX {
            return Err(v);
        }
        g.push(T::make(v));
        mirror[mirror.len() - 1 - n] = T::make(v);
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

/// `G(n)` from `G(0..n)`.
#[inline]
fn value_at<T: Cell>(ctx: &mut Ctx, g: &[T], mirror: &[T], n: usize) -> u32 {
    ctx.stamp = ctx.stamp.wrapping_add(1);
    if ctx.stamp == 0 {
        ctx.seen.fill(0);
        ctx.stamp = 1;
    }
    let Ctx {
        sets,
        distinct,
        sparse,
        seen,
        stamp,
        common,
        rare,
        rare_values,
        scan_steps,
        needy,
        needed,
        probed,
        spread,
        ..
    } = ctx;
    let distinct = *distinct;
    let stamp = *stamp;
    // Every value and every XOR of values is below `seen.len()`, a power of two: masking the
    // index lets the compiler drop the bounds check without changing it.
    let seen: &mut [u8] = &mut seen[..];
    let common: &[u64] = &common[..];
    let top_mask = seen.len() - 1;
    macro_rules! mark {
        ($x:expr) => {{
            let x = $x as usize;
            seen[x & top_mask] = stamp;
        }};
    }
    if n > 0 && sets[0].binary_search(&n).is_ok() {
        mark!(0);
    }
    for &k in &sets[1] {
        if k >= n {
            break;
        }
        mark!(g[n - k].get());
    }
    // Three-heap moves first: the sparse step below needs every other option marked.
    for &k in &sets[3] {
        if k + 3 > n {
            break;
        }
        let r = n - k;
        for a in 1..=r / 3 {
            let ga = g[a].get();
            for b in a..=(r - a) / 2 {
                mark!(ga ^ g[b].get() ^ g[r - a - b].get());
            }
        }
    }
    // Before the first mask is chosen the mask is 0 and every heap is rare: still correct.
    if *sparse {
        // Two removals leaving two heaps (as in 0.167) and every rare heap below both remainders:
        // one pass over the rare heaps marks both, each read once.
        let fused = match sets[2].as_slice() {
            &[k1, k2, ..] if !distinct && sets[2].len() == 2 => {
                let lowest = n.saturating_sub(k2);
                (k2 + 2 <= n && rare.last().is_none_or(|&a| (a as usize) < lowest))
                    .then(|| (n - k1, n - k2))
            }
            _ => None,
        };
        if let Some((r1, r2)) = fused {
            mark_rare_twice(seen, stamp, &g[..r1], r2, rare, rare_values);
        }
        for &k in &sets[2] {
            if k + 2 > n || fused.is_some() {
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
            let (below, above) = if distinct && r.is_multiple_of(2) {
                let h = (r / 2) as u32;
                let i = rs.partition_point(|&a| a < h);
                let j = if rs.get(i) == Some(&h) { i + 1 } else { i };
                ((&rs[..i], &rv[..i]), (&rs[j..], &rv[j..]))
            } else {
                ((rs, rv), (&rs[..0], &rv[..0]))
            };
            for (heaps, values) in [below, above] {
                mark_rare(seen, stamp, &g[..r], heaps, values);
            }
        }
        let is_common = |v: usize| common[v >> 6] >> (v & 63) & 1 == 1;
        // The least common value not reached (nothing else can reach it), and the rare values
        // below it still unseen, in increasing order.
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
        if needed.is_empty() {
            return c as u32;
        }
        *needy += 1;
        // Common–common pairs, a block of `BLOCK` heaps `a` at a time, until every needed value
        // is seen. A needed value is often reached by only a few kinds of pairs: blocks spread
        // over the whole range find them all sooner than blocks read in order from one end
        // (about half as many pairs in Grundy's game), so the first `PROBES` blocks are spread
        // (a stride near the golden ratio of the range), and only then is the rest read in order
        // (which is complete: when `G(n)` is rare, every pair is read once).
        const HEAD: usize = 96;
        const BLOCK: usize = 128;
        const PROBES: usize = 32;
        let Some(&k0) = sets[2].iter().find(|&&k| k + 2 <= n) else {
            return needed[0];
        };
        let scan_pairs = |first: usize, len: usize, seen: &mut [u8], needed: &[u32]| {
            let sets2 = sets[2].as_slice();
            scan_block(
                seen, stamp, needed, g, mirror, sets2, n, distinct, first, len,
            )
        };
        // The smallest heaps first, in two short blocks: often they are enough.
        for (first, len) in [(1, 32), (33, HEAD - 32)] {
            scan_pairs(first, len, seen, needed);
            *scan_steps += 1;
            keep_unseen(needed, seen, stamp);
            if needed.is_empty() {
                return c as u32;
            }
        }
        let blocks = (pair_top(n - k0, distinct).saturating_sub(1 + HEAD)).div_ceil(BLOCK);
        let scan = |j: usize, seen: &mut [u8], needed: &[u32]| {
            scan_pairs(1 + HEAD + j * BLOCK, BLOCK, seen, needed)
        };
        let probes = blocks.min(PROBES);
        if spread.0 != blocks {
            *spread = (blocks, spread_step(blocks));
        }
        let step = spread.1;
        probed.clear();
        let (mut j, mut done, mut group) = (0, 0, 1);
        while done < probes {
            let end = (done + group).min(probes);
            for _ in done..end {
                scan(j, seen, needed);
                probed.push(j);
                j = (j + step) % blocks;
            }
            done = end;
            *scan_steps += 1;
            keep_unseen(needed, seen, stamp);
            if needed.is_empty() {
                return c as u32;
            }
            group = (2 * group).min(8);
        }
        probed.sort_unstable();
        let (mut next, mut p, mut group) = (0, 0, 8);
        loop {
            let mut count = 0;
            while count < group && next < blocks {
                if probed.get(p) == Some(&next) {
                    p += 1;
                } else {
                    scan(next, seen, needed);
                    count += 1;
                }
                next += 1;
            }
            *scan_steps += 1;
            keep_unseen(needed, seen, stamp);
            if needed.is_empty() {
                return c as u32;
            }
            if next >= blocks {
                // Every pair was seen: the least needed value is reached by none.
                return needed[0];
            }
            group = (2 * group).min(64);
        }
    } else {
        for &k in &sets[2] {
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
    seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u32
}

/// Marks `va ^ G(r - a)` for the rare heaps `a` (values `va`), where `g_r` is `G(0..r)`.
///
/// Kept apart from `value_at` so that the loop holds everything it needs in registers.
#[inline(never)]
fn mark_rare<T: Cell>(seen: &mut [u8], stamp: u8, g_r: &[T], heaps: &[u32], values: &[u32]) {
    let top_mask = seen.len() - 1;
    let r = g_r.len();
    // Rare heaps are at least 1 and below r: `r - a` indexes `g_r`.
    mark_zip(seen, stamp, heaps, values, |a, va| {
        (va ^ g_r[r - a as usize].get()) as usize & top_mask
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
fn pair_top(r: usize, distinct: bool) -> usize {
    if distinct && r.is_multiple_of(2) {
        r / 2
    } else {
        r / 2 + 1
    }
}

/// A stride through `blocks` blocks that visits each once and lands far from the blocks before:
/// the first integer from `⌊blocks / φ⌋` up that is coprime to `blocks`.
fn spread_step(blocks: usize) -> usize {
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

/// Reads the pairs `(a, r − a)` for `a` in `first..first + len` (as far as each `r = n − k`
/// allows) and marks what they reach of `needed` (or everything, when many values are needed).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn scan_block<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    needed: &[u32],
    g: &[T],
    mirror: &[T],
    sets2: &[usize],
    n: usize,
    distinct: bool,
    first: usize,
    len: usize,
) {
    let top_mask = seen.len() - 1;
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
        let low = &g[first..hi];
        // G(r − a), G(r − a − 1), ..., G(r − hi + 1).
        let high = &mirror[mirror.len() - 1 - r + first..mirror.len() - 1 - r + hi];
        // The usual tail: a few values left to find. Comparing against them vectorizes,
        // marking every value does not; as few comparisons as values left.
        let hit = match needed.len() {
            1 => find_any::<T, 1>(low, high, needed),
            2 => find_any::<T, 2>(low, high, needed),
            3 | 4 => find_any::<T, 4>(low, high, needed),
            5..=8 => find_any::<T, 8>(low, high, needed),
            _ => {
                mark_pairs(seen, stamp, low, high);
                0
            }
        };
        for (j, &v) in needed.iter().enumerate().take(8) {
            if hit >> j & 1 == 1 {
                seen[v as usize & top_mask] = stamp;
            }
        }
    }
}

/// [`mark_rare`] for two remainders `r1 = g_r1.len()` and `r2 < r1` at once.
#[inline(never)]
fn mark_rare_twice<T: Cell>(
    seen: &mut [u8],
    stamp: u8,
    g_r1: &[T],
    r2: usize,
    heaps: &[u32],
    values: &[u32],
) {
    let top_mask = seen.len() - 1;
    let r1 = g_r1.len();
    for (&a, &va) in heaps.iter().zip(values) {
        // Rare heaps are at least 1 and below r2 < r1.
        let a = a as usize;
        seen[(va ^ g_r1[r1 - a].get()) as usize & top_mask] = stamp;
        seen[(va ^ g_r1[r2 - a].get()) as usize & top_mask] = stamp;
    }
}

/// Drops the values of `needed` that are now seen.
#[inline(never)]
fn keep_unseen(needed: &mut Vec<u32>, seen: &[u8], stamp: u8) {
    let top_mask = seen.len() - 1;
    let values: &mut [u32] = needed;
    let mut kept = 0;
    // Without a branch per value: which values were found is unpredictable.
    for i in 0..values.len() {
        let v = values[i];
        values[kept] = v;
        kept += (seen[v as usize & top_mask] != stamp) as usize;
    }
    needed.truncate(kept);
}

/// Marks `low[i] ^ high[i]` for every `i`.
#[inline(never)]
fn mark_pairs<T: Cell>(seen: &mut [u8], stamp: u8, low: &[T], high: &[T]) {
    let top_mask = seen.len() - 1;
    mark_zip(seen, stamp, low, high, |a, b| {
        (a ^ b).get() as usize & top_mask
    });
}

/// Which of the first `W` values of `wanted` some pair `low[i] ^ high[i]` gives, as bits.
#[inline(always)]
fn find_any<T: Cell, const W: usize>(low: &[T], high: &[T], wanted: &[u32]) -> u32 {
    // Compared in the table's own width, so a vector holds as many pairs as it can. Unused
    // slots repeat the first value: their hits are ignored.
    let k = wanted.len().min(W);
    let mut want = [T::make(wanted[0]); W];
    for (slot, &v) in want.iter_mut().zip(&wanted[..k]) {
        *slot = T::make(v);
    }
    let mut hit = [T::make(0); W];
    let scan = |low: &[T], high: &[T], hit: &mut [T; W]| {
        for (&x, &y) in low.iter().zip(high) {
            let v = x ^ y;
            for j in 0..W {
                hit[j] = hit[j] | T::make((v == want[j]) as u32);
            }
        }
    };
    // Fixed-length chunks vectorize without a remainder loop each: 64 pairs at a time, then 32
    // (the first blocks are 32 pairs long; 64 alone runs them through the scalar tail, 32 alone
    // is slower on long scans of two-byte values).
    let len = low.len().min(high.len());
    let (mut low, mut high) = (&low[..len], &high[..len]);
    macro_rules! chunks {
        ($chunk:literal) => {
            let full = low.len() / $chunk * $chunk;
            for (lo, hi) in low[..full]
                .chunks_exact($chunk)
                .zip(high[..full].chunks_exact($chunk))
            {
                let lo: &[T; $chunk] = lo.try_into().expect("chunk");
                let hi: &[T; $chunk] = hi.try_into().expect("chunk");
                scan(lo, hi, &mut hit);
            }
            (low, high) = (&low[full..], &high[full..]);
        };
    }
    chunks!(64);
    chunks!(32);
    scan(low, high, &mut hit);
    let mut bits = 0;
    for (j, &h) in hit.iter().enumerate().take(k) {
        bits |= ((h.get() != 0) as u32) << j;
    }
    bits
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

/// Values known for a ruleset: a table and, when one was proved, a period extending it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownValues {
    values: Values,
    period: Option<Period>,
}

impl KnownValues {
    /// Known values from a table and what is known of its period.
    pub fn new(values: Values, period: Option<Period>) -> Self {
        KnownValues { values, period }
    }

    /// How many values are tabulated.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether nothing is tabulated.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The period, if one was found (proved or not).
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// `G(n)`, if tabulated or given by a proved period.
    pub fn value(&self, n: u64) -> Option<u64> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v as u64);
        }
        let p = self.period.filter(|p| p.proved)?;
        p.extend(|i| self.values.get(i as usize).unwrap_or(0) as u64, n)
    }
}

/// The periodicity theorem's bound for a take-and-break ruleset, if it applies (finite removals,
/// no constraint tying the two heaps together).
pub fn periodicity_bound(rules: &TakeBreakRules) -> Option<PeriodicityBound> {
    if rules.distinct_parts {
        return None;
    }
    Some(PeriodicityBound {
        parts: rules.max_parts(),
        max_removal: rules.max_removal()?,
    })
}

/// Values for heaps up to `need`. When `need` is beyond `limit` (and `limit > 0`), tables of
/// doubling size up to `limit` are computed until a period is proved, which then gives every value.
pub fn known_values(rules: &TakeBreakRules, need: u64, limit: u64) -> KnownValues {
    let bound = periodicity_bound(rules);
    let mut engine = Engine::new(rules.clone(), Method::Sparse);
    let mut last = if limit == 0 || need <= limit {
        need
    } else {
        1023
    };
    loop {
        let _ = engine.extend_to(last as usize, &mut |_| true);
        let all = engine.values().to_vec();
        let period = period::find(&all, bound, false);
        let proved = period.is_some_and(|p| p.proved);
        if proved || last >= need || limit == 0 || last >= limit {
            return KnownValues::new(engine.values().clone(), period);
        }
        last = (2 * last + 1).min(limit).min(need);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::take_and_break::TakeAndBreak;
    use proptest::prelude::*;

    fn code() -> impl Strategy<Value = String> {
        (
            prop_oneof![Just(0u32), Just(4)],
            proptest::collection::vec(0u32..8, 1..5),
        )
            .prop_map(|(d0, ds)| {
                let tail: String = ds
                    .iter()
                    .map(|d| char::from_digit(*d, 8).unwrap())
                    .collect();
                format!("{d0}.{tail}")
            })
    }

    fn engine_table(rules: &TakeBreakRules, method: Method, last: usize) -> Vec<u32> {
        let mut e = Engine::new(rules.clone(), method);
        // Force early and frequent mask reviews so the sparse path is exercised on small tables.
        e.ctx.next_review = 16;
        e.extend_to(last, &mut |_| true).unwrap();
        e.values().to_vec()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn sparse_equals_naive_equals_options(code in code(), last in 0usize..400) {
            let rules = TakeBreakRules::from_code(&code).unwrap();
            let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
            prop_assert_eq!(&engine_table(&rules, Method::Naive, last), &oracle);
            prop_assert_eq!(&engine_table(&rules, Method::Sparse, last), &oracle);
        }

        #[test]
        fn hexadecimal_codes_match_the_options(d in 8u32..16, e in 0u32..16, last in 0usize..60) {
            let code = format!("0.{}{}", char::from_digit(d, 16).unwrap(), char::from_digit(e, 16).unwrap());
            let rules = TakeBreakRules::from_code(&code).unwrap();
            let oracle = naive_table(&TakeAndBreak::new(rules.clone()), last as u64);
            prop_assert_eq!(&engine_table(&rules, Method::Sparse, last), &oracle);
        }
    }

    #[test]
    fn extending_in_steps_equals_one_run() {
        // Each extension regrows the mirrored table; truncating leaves stale cells behind it.
        for code in ["0.07", "0.6", "4.07", "0.007"] {
            let rules = TakeBreakRules::from_code(code).unwrap();
            let whole = engine_table(&rules, Method::Sparse, 700);
            let mut e = Engine::new(rules, Method::Sparse);
            e.ctx.next_review = 16;
            for last in [0, 1, 5, 40, 41, 300] {
                e.extend_to(last, &mut |_| true).unwrap();
            }
            e.truncate(250);
            e.extend_to(700, &mut |_| true).unwrap();
            assert_eq!(e.values().to_vec(), whole, "{code}");
        }
    }

    #[test]
    fn long_tables_match_the_naive_method() {
        // Long enough that the pair scan probes spread blocks and then reads the rest in order
        // (heaps past 2·(96 + 32·128)), where G(n) is rare.
        let codes = [
            crate::heap::grundys_game::rules(),
            TakeBreakRules::from_code("0.6").unwrap(),
        ];
        for rules in codes {
            let naive = engine_table(&rules, Method::Naive, 12_000);
            let sparse = engine_table(&rules, Method::Sparse, 12_000);
            assert_eq!(sparse, naive);
        }
    }

    #[test]
    fn tables_widen_when_values_grow() {
        // 4.0 (split into two heaps) has values growing without bound.
        let mut rules = TakeBreakRules::from_code("0.6").unwrap();
        rules.by_parts[1] = crate::heap::take_and_break::Amounts::All;
        let oracle = naive_table(&TakeAndBreak::new(rules.clone()), 600);
        let got = engine_table(&rules, Method::Sparse, 600);
        assert_eq!(got, oracle);
        let mut e = Engine::new(rules, Method::Sparse);
        e.extend_to(600, &mut |_| true).unwrap();
        assert!(e.values().width() >= 2);
        // In steps, so that the table widens while its mirror is already long enough.
        let wide = oracle.iter().position(|&v| v > 255).unwrap();
        let first = wide - 10;
        let end = 2 * (first + 1) - 1;
        assert!(end < oracle.len());
        let mut e = Engine::new(e.rules().clone(), Method::Sparse);
        e.ctx.next_review = 16;
        for last in [first, first + 5, end] {
            e.extend_to(last, &mut |_| true).unwrap();
        }
        assert_eq!(e.values().to_vec(), oracle[..=end]);
        // The mirror doubled once, and kept its length when the table widened.
        assert_eq!(e.mirror.len(), 2 * (first + 1));
    }
}
