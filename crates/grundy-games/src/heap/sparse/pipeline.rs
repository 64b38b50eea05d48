//! The rare pass of heaps ahead, on a second thread.
//!
//! Each value needs the one before, so the heaps of a table are computed one at a time; but most
//! of a heap's rare pass reads values computed long before. The pairs `(a, r − a)` of a heap `m`
//! with a rare heap `a >= AHEAD` read `G(r − a)` with `r − a <= m − AHEAD`: they are known
//! `AHEAD` heaps before `m` is reached. So while the main thread computes `G(n)`, a second thread
//! marks, for the heaps `m` of `n + 1 .. n + AHEAD`, what their far rare heaps reach, each heap
//! into a slot of its own; the main thread merges the slot of `n`, marks the rare heaps the
//! helper did not take (those below `AHEAD`, and those too recent for it), and goes on with the
//! common–common scan as before. In Grundy's game (1,273 rare heaps, nearly all of them far),
//! that moves the rare pass, about two fifths of the time, to the second core.
//!
//! Marks are idempotent and each slot says which rare heaps it covers, so the values are the
//! same whichever thread marked what: when the helper has not filled a heap's slot in time, the
//! main thread marks that heap's rare pairs itself. A segment where that happened often gives
//! the helper a smaller share (`quota`); one where the helper did not run at all (the second core
//! is busy with other work) turns the pipeline off for a while, longer each time in a row.
//!
//! The helper is the second half of a `rayon::join` on the pool the engine runs in, so the pool's
//! size is the knob (one thread: no pipeline), and no thread is started.
//!
//! The helper reads the table and the list of rare heaps while the main thread appends to them:
//! each is written before its count is published (`Release`/`Acquire`), the helper reads only
//! what is published, and neither moves during a segment (the table's capacity is checked first,
//! room in the list reserved). A segment runs from one mask review to the next at most, and
//! ends early when the values outgrow the marks' length; the engine then goes on as before.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::kernels::pack_marks;
use super::state::Ctx;
use super::value::{mark_rare_pairs, value_at, Pairs};
use crate::tabulate::storage::Cell;

/// How many heaps ahead the helper may run, and the least rare heap it takes.
pub(super) const AHEAD: usize = 64;
/// A segment is run on two threads only when the helper's share has at least this many rare
/// heaps: below it, the merge and the thread cost more than the marks it takes over.
pub(super) const MIN_FAR: usize = 256;

/// Heaps computed on one thread after a segment whose helper did not run, doubled for each such
/// segment in a row (up to 2^10 times).
const PAUSE: usize = 1 << 14;

/// What the helper marked for the heap being computed: bit `v` of `reached` is set when some
/// pair with a rare heap of `rare[taken]` reaches `v`. Bits, not the byte stamps of `seen`: a
/// slot is what crosses from one core to the other, and bits are an eighth of the bytes.
pub(super) struct Ahead<'a> {
    pub(super) reached: &'a [u64],
    pub(super) taken: Range<usize>,
}

/// Whether the heaps `g.len() .. end` can be computed by [`run_segment`]: two threads, the sparse
/// method, enough far rare heaps for the helper, and room for every value without a move.
pub(super) fn worth_it<T>(ctx: &Ctx, g: &Vec<T>, end: usize) -> bool {
    let n = g.len();
    ctx.threads > 1
        && ctx.sparse
        // Moves that leave two heaps: the only pairs a rare pass reads (sub:fib has none: a
        // helper would have nothing to mark).
        && !ctx.sets[2].is_empty()
        && n >= 2 * AHEAD
        && end > n
        && g.capacity() >= end
        && n >= ctx.ahead_resume
        // Checked every heap: the search below only when it can pass.
        && ctx.rare.len() >= ctx.pipeline_far
        && ctx.rare.len() - far_start(&ctx.rare) >= ctx.pipeline_far
}

/// The index in `rare` of the first rare heap the helper may take.
fn far_start(rare: &[u32]) -> usize {
    rare.partition_point(|&a| (a as usize) < AHEAD)
}

/// A pointer the two threads share; what each may touch through it is said where it is used.
#[derive(Clone, Copy)]
struct Shared<P>(P);
// SAFETY: the table and the slots are read and written under the protocol described at the top
// of this file: no byte is written by one thread while the other reads it.
unsafe impl<P> Send for Shared<P> {}
unsafe impl<P> Sync for Shared<P> {}

/// A value alone on its cache lines (two: some CPUs fetch lines in pairs). What one thread
/// writes is kept off the lines the other reads: each line that changes hands costs the reader a
/// miss, and on 0.6 such misses (a tag written beside the next heap's, the helper's `working`
/// beside `published`) took about a tenth of the main thread's time.
#[repr(align(128))]
#[derive(Default)]
struct OwnLines<T>(T);

/// The marks of one slot, in whole lines of its own (see [`OwnLines`]).
type SlotLines = OwnLines<[u64; 16]>;
// No padding: a vector of them is a run of words, read through one pointer.
const _: () = assert!(std::mem::size_of::<SlotLines>() == 16 * 8);

/// What says which heap a slot holds: `tag == m + 1` once it holds heap `m`'s marks, and `end`
/// is then the end of the rare heaps they cover.
#[derive(Default)]
struct SlotTag {
    tag: AtomicUsize,
    end: AtomicUsize,
}

/// What the main thread publishes.
struct Published {
    /// The count of values published.
    values: AtomicUsize,
    /// The count of rare heaps in the list, published with the values.
    rare_len: AtomicUsize,
    stop: AtomicBool,
}

/// The counters the two threads share, and the slots' layout.
struct Ring {
    /// Words from one slot to the next: slot `m % AHEAD`, at `m % AHEAD * stride`, holds heap
    /// `m`'s marks (the first `width` words).
    stride: usize,
    width: usize,
    tags: Vec<OwnLines<SlotTag>>,
    /// `m + 1` while the helper marks heap `m`.
    working: OwnLines<AtomicUsize>,
    published: OwnLines<Published>,
}

/// Computes `G(g.len()) .. G(end - 1)` with the far rare pass on a second thread ([`worth_it`]
/// must hold), pushing each value and updating the rare heaps as `run` does. Returns early (with
/// `Ok`) when a value needs wider marks, and `Err(v)` for a value that does not fit in `T`.
pub(super) fn run_segment<T: Cell>(
    ctx: &mut Ctx,
    g: &mut Vec<T>,
    end: usize,
    max: &mut u32,
) -> Result<(), u32> {
    let start = g.len();
    let first_far = far_start(&ctx.rare);
    let width = ctx.seen.len() / 64;
    // Half a ring ahead of the main thread, while the thread starts.
    let first = start + AHEAD / 2;
    let lines = width.div_ceil(16);
    let mut slots: Vec<SlotLines> = (0..AHEAD * lines).map(|_| OwnLines([0; 16])).collect();
    let ring = Ring {
        stride: 16 * lines,
        width,
        tags: (0..AHEAD).map(|_| OwnLines::default()).collect(),
        working: OwnLines::default(),
        published: OwnLines(Published {
            values: AtomicUsize::new(start),
            rare_len: AtomicUsize::new(ctx.rare.len()),
            stop: AtomicBool::new(false),
        }),
    };
    let flags = Shared(slots.as_mut_ptr() as *mut u64);
    let table = Shared(g.as_ptr());
    // The helper reads the main thread's list of rare heaps as it grows (a copy cost as much
    // memory again: a tenth of all heaps in 0.007). Room for every heap of the segment first, so
    // that the list does not move while it is read.
    // Amortized: room reserved exactly would move both lists at every segment, each move
    // leaving a dead block with the allocator.
    ctx.rare.reserve(end - start);
    ctx.rare_values.reserve(end - start);
    let rare = (Shared(ctx.rare.as_ptr()), Shared(ctx.rare_values.as_ptr()));
    let helper = Helper {
        sets2: ctx.sets[2].clone(),
        distinct: ctx.distinct,
        avx2: ctx.avx2,
        first_far,
        marks: vec![0; ctx.seen.len()],
        quota: ctx.ahead_quota,
        first,
        end,
    };
    let ring = &ring;
    // The helper is the second half of a join on the pool's threads: no thread is started (a
    // new thread also costs the allocator's pages of its own, about 300 KB resident). If no
    // other thread takes it in, it runs after the main loop, sees `stop` and returns: the main
    // loop never waits on a helper that is not marking its heap.
    let mut missed = 0;
    let (result, ()) = rayon::join(
        || {
            let result = main_loop(
                ctx,
                g,
                end,
                (ring, flags, first_far, first),
                max,
                &mut missed,
            );
            ring.published.0.stop.store(true, Ordering::Relaxed);
            result
        },
        move || helper.run(ring, table, rare, flags),
    );
    let done = g.len() - start;
    let far = ctx.rare.len() - first_far;
    if missed * 2 > done || ctx.ahead_quota < MIN_FAR / 8 {
        // Most heaps missed: the helper's thread did not run (the second core is busy with
        // other work, or the system ran something else there for a while), and a helper
        // waiting for a core only slows the main thread down. Segments run on one thread for a
        // while, longer each time in a row this happens: on a shared machine the pipeline is
        // soon off, on a quiet one a stray miss costs little. (A share worn down to a few
        // rare heaps says the same.)
        ctx.ahead_fails = (ctx.ahead_fails + 1).min(10);
        ctx.ahead_quota = ctx.ahead_quota.max(MIN_FAR / 2);
        ctx.ahead_resume = g.len() + (PAUSE << ctx.ahead_fails);
    } else {
        ctx.ahead_fails = 0;
        if missed * 20 > done {
            // The helper keeps up with only part of its share.
            ctx.ahead_quota = ctx.ahead_quota.min(far) / 5 * 4;
        } else if missed * 100 <= done {
            // A few heaps are missed at the start of most segments, while the helper's
            // thread wakes up: not a sign of too large a share.
            ctx.ahead_quota = ctx.ahead_quota.saturating_add(ctx.ahead_quota / 4 + 16);
        }
    }
    drop(slots);
    result
}

/// The main thread's side of [`run_segment`]: counts in `missed` the heaps whose slot was not
/// filled in time.
fn main_loop<T: Cell>(
    ctx: &mut Ctx,
    g: &mut Vec<T>,
    end: usize,
    (ring, flags, first_far, first): (&Ring, Shared<*mut u64>, usize, usize),
    max: &mut u32,
    missed: &mut usize,
) -> Result<(), u32> {
    let (width, stride) = (ring.width, ring.stride);
    while g.len() < end {
        let n = g.len();
        let s = n % AHEAD;
        let tag = &ring.tags[s].0;
        let mut ready = tag.tag.load(Ordering::Acquire) == n + 1;
        // The helper is on this very heap: its marks come sooner than a pass of our own (unless
        // its thread was put to sleep: then not waited for).
        let mut spins = 0u32;
        // Tests wait for every slot the helper is to fill, so that what it marks is tested
        // however busy the machine.
        let wait = ctx.ahead_wait && n >= first;
        while !ready && (wait || spins < 1 << 9 && ring.working.0.load(Ordering::Relaxed) == n + 1)
        {
            if spins < 1 << 12 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
            spins = spins.saturating_add(1);
            ready = tag.tag.load(Ordering::Acquire) == n + 1;
        }
        let v = if ready {
            let taken = first_far..tag.end.load(Ordering::Relaxed);
            // SAFETY: slot `s` holds heap `n` (its tag, read with Acquire after the helper's
            // Release, says so), and the helper writes it again only for heap `n + AHEAD`, once
            // `n + 1` values are published, after this read.
            let slot = unsafe { std::slice::from_raw_parts(flags.0.add(s * stride), width) };
            ctx.ahead_heaps += 1;
            value_at(
                ctx,
                g,
                n,
                Some(Ahead {
                    reached: slot,
                    taken,
                }),
            )
        } else {
            // The helper starts half a ring ahead: the heaps before are not its to mark.
            if n >= first {
                *missed += 1;
            }
            value_at(ctx, g, n, None)
        };
        if v > T::MAX {
            return Err(v);
        }
        // Within the capacity checked by `worth_it`: the storage does not move.
        g.push(T::make(v));
        *max = (*max).max(v);
        if ctx.class(v) == 0 {
            // Within the room reserved for the segment: the list does not move.
            ctx.rare.push(n as u32);
            ctx.rare_values.push(v);
            (ring.published.0.rare_len).store(ctx.rare.len(), Ordering::Release);
        }
        ring.published.0.values.store(n + 1, Ordering::Release);
        if v >> ctx.bits != 0 {
            // The marks grow: the helper's slots are too short. `run` goes on alone.
            ctx.grow_bits(v);
            return Ok(());
        }
    }
    Ok(())
}

/// What the helper needs besides the table and the rare heaps it shares with the main thread.
struct Helper {
    sets2: Vec<usize>,
    distinct: bool,
    avx2: bool,
    first_far: usize,
    /// The helper's own marks of one heap, as `Ctx::seen`, packed into its slot after.
    marks: Vec<u8>,
    /// The most rare heaps taken for one heap.
    quota: usize,
    /// The first heap and one past the last to mark.
    first: usize,
    end: usize,
}

impl Helper {
    fn run<T: Cell>(
        mut self,
        ring: &Ring,
        table: Shared<*const T>,
        (rare, rare_values): (Shared<*const u32>, Shared<*const u32>),
        flags: Shared<*mut u64>,
    ) {
        let (width, stride) = (ring.width, ring.stride);
        let mut m = self.first;
        let mut idle = 0u32;
        let mut stamp = 0u8;
        let Published {
            values,
            rare_len,
            stop,
        } = &ring.published.0;
        while !stop.load(Ordering::Relaxed) {
            let published = values.load(Ordering::Acquire);
            // Heaps the main thread has passed are not worth marking.
            m = m.max(published);
            if m >= self.end {
                return;
            }
            // Heap m's far pairs read values up to m - AHEAD, and its slot was heap
            // m - AHEAD's: both wait for that heap to be published.
            if m >= published + AHEAD {
                idle += 1;
                if idle < 1 << 8 {
                    // Not read again at once: each read takes the line the main thread writes.
                    for _ in 0..32 {
                        std::hint::spin_loop();
                    }
                } else {
                    std::thread::yield_now();
                }
                continue;
            }
            idle = 0;
            // SAFETY: the first `published` values are written and never written again
            // (Acquire above pairs with the main thread's Release after each push).
            let g = unsafe { std::slice::from_raw_parts(table.0, published) };
            // SAFETY: as the values: the main thread pushes a rare heap (within the room
            // reserved, so the list does not move) before it publishes its value, and never
            // changes it after.
            let rare_len = rare_len.load(Ordering::Acquire);
            let (rare, rare_values) = unsafe {
                (
                    std::slice::from_raw_parts(rare.0, rare_len),
                    std::slice::from_raw_parts(rare_values.0, rare_len),
                )
            };
            let known = rare.partition_point(|&a| a as usize + AHEAD <= m);
            let far = known
                .max(self.first_far)
                .min(self.first_far.saturating_add(self.quota));
            let s = m % AHEAD;
            ring.working.0.store(m + 1, Ordering::Relaxed);
            // SAFETY: slot `s` was heap m - AHEAD's, which the main thread has finished (it is
            // published), and is heap m + AHEAD's only after this one is published.
            let slot = unsafe { std::slice::from_raw_parts_mut(flags.0.add(s * stride), width) };
            stamp = stamp.wrapping_add(1);
            if stamp == 0 {
                self.marks.fill(0);
                stamp = 1;
            }
            let pairs = Pairs {
                n: m,
                sets2: &self.sets2,
                distinct: self.distinct,
                g,
                avx2: self.avx2,
            };
            let taken = self.first_far..far;
            mark_rare_pairs(
                &mut self.marks,
                stamp,
                pairs,
                &rare[taken.clone()],
                &rare_values[taken],
            );
            pack_marks(&self.marks, stamp, slot);
            let tag = &ring.tags[s].0;
            tag.end.store(far, Ordering::Relaxed);
            tag.tag.store(m + 1, Ordering::Release);
            ring.working.0.store(0, Ordering::Relaxed);
            m += 1;
        }
    }
}
