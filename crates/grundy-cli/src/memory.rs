//! The global allocator: mimalloc (a game script allocates for nearly every value it builds, and
//! mimalloc makes a plain script a third faster than the system allocator) for all but large
//! blocks, which are mappings of their own (returned at once, grown without a copy); counting per
//! thread the bytes allocated and not yet freed, so a script's call can be stopped when it holds
//! too much memory (see `grundy_script::ScriptSettings::memory_probe`). Counting is a thread-local
//! addition per allocation.
//!
//! It also counts the bytes the whole process holds, for the `--memory` budget: commands
//! [`reserve`] what they estimate before allocating it (and stop with a message naming the
//! estimate), and an allocation past the budget that no estimate foresaw ends the process with
//! one line and exit 1 — never an abort or the kernel's OOM killer. The budget holds for resident
//! memory: what the allocator keeps beyond the bytes asked for (rounding to its size classes,
//! freed pages not yet returned, thread stacks) is measured from time to time and counted too.
//! An allocation the system refuses (`ulimit -v`) also ends with one line naming `--memory`.
//!
//! The budget's value and [`Failure`] live in `failure`; this module uses them, never the reverse.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicI64, Ordering};

use crate::failure::{self, Failure};
use crate::out::Bytes;

use mimalloc::MiMalloc as System;

/// mimalloc, counting.
pub struct Counting;

thread_local! {
    /// Bytes this thread allocated minus bytes it freed (negative when it frees what another
    /// thread allocated; only differences over one call matter).
    static NET: Cell<i64> = const { Cell::new(0) };
}

fn add(bytes: i64) {
    // `try_with`: a thread being torn down has no counter left; its allocations go uncounted.
    let _ = NET.try_with(|n| n.set(n.get().wrapping_add(bytes)));
}

/// Whether mimalloc's options are set (before its first allocation).
static CONFIGURED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Arenas are committed as they are used, not when they are reserved: mimalloc's eager commit
/// made a table of 10^6 heaps hold 13 MB more than it uses (resident memory is what the budget
/// counts). Set before the first allocation reserves an arena; setting an option allocates
/// nothing.
fn configure() {
    if !CONFIGURED.swap(true, Ordering::Relaxed) {
        // SAFETY: mi_option_set only stores an integer in mimalloc's option table.
        unsafe { libmimalloc_sys::mi_option_set(ARENA_EAGER_COMMIT, 0) };
    }
}

/// `mi_option_arena_eager_commit` in mimalloc's `mi_option_t`.
const ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;

// SAFETY: every call is forwarded to mimalloc, or for a large block to the system's own
// mappings ([`mapped`]), which hand out page-aligned blocks of at least the size asked; which of
// the two holds a block is a function of its layout, the same at every call on it. The counters
// are thread-local `Cell`s with const initializers and no destructors, or atomics, so counting
// never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        configure();
        check(layout.size());
        hold(layout.size() as u64);
        add(layout.size() as i64);
        let ptr = if mapped::is_mapped(layout) {
            mapped::map(layout.size())
        } else {
            unsafe { System.alloc(layout) }
        };
        refused_if_null(ptr, layout.size())
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        configure();
        check(layout.size());
        hold(layout.size() as u64);
        add(layout.size() as i64);
        // A fresh mapping is zeroed by the system.
        let ptr = if mapped::is_mapped(layout) {
            mapped::map(layout.size())
        } else {
            unsafe { System.alloc_zeroed(layout) }
        };
        refused_if_null(ptr, layout.size())
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        release(layout.size() as u64);
        add(-(layout.size() as i64));
        if mapped::is_mapped(layout) {
            unsafe { mapped::unmap(ptr, layout.size()) }
        } else {
            unsafe { System.dealloc(ptr, layout) }
        }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `realloc`'s contract: `new_size` rounded to the alignment fits in `isize`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let (was, will) = (mapped::is_mapped(layout), mapped::is_mapped(new_layout));
        // Only a block copied to a new place is held twice for a moment; a mapping grows in
        // place (its pages are moved, not copied), so only the growth is counted.
        let copied = new_size > layout.size() && !(was && will);
        if copied {
            check(new_size);
            hold(new_size as u64);
        } else if new_size > layout.size() {
            check(new_size - layout.size());
            hold((new_size - layout.size()) as u64);
        }
        add(new_size as i64 - layout.size() as i64);
        let moved = match (was, will) {
            (false, false) => unsafe { System.realloc(ptr, layout, new_size) },
            (true, true) => unsafe { mapped::remap(ptr, layout.size(), new_size) },
            (false, true) => {
                let new = mapped::map(new_size);
                if !new.is_null() {
                    // SAFETY: both blocks hold at least `layout.size()` bytes and differ.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size());
                        System.dealloc(ptr, layout);
                    }
                }
                new
            }
            (true, false) => {
                let new = unsafe { System.alloc(new_layout) };
                if !new.is_null() {
                    // SAFETY: the new block is smaller than the mapping, which holds it all.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, new, new_size);
                        mapped::unmap(ptr, layout.size());
                    }
                }
                new
            }
        };
        let moved = refused_if_null(moved, new_size);
        if copied {
            release(layout.size() as u64);
        } else if new_size < layout.size() {
            release((layout.size() - new_size) as u64);
        }
        moved
    }
}

/// Whether a large block grows without a copy (see `mapped`): a table's stage then needs only
/// its growth. Not under an address-space limit (`ulimit -v`): a grown mapping may have to move,
/// and the new range must fit among mappings (the allocator's reserved arenas) the budget drawn
/// from the limit does not see: a table of sub:fib under 2 GB of address space, reaching the
/// whole budget, had a stage refused by the system. There the margin of a copy is kept.
pub fn grows_in_place() -> bool {
    cfg!(target_os = "linux") && address_space_limit().is_none()
}

/// Large blocks (a table of values, a search's hash table) are mapped from the system directly,
/// not taken from mimalloc: a freed one goes back to the system at once (mimalloc kept the
/// blocks a table grew out of resident to the end: a table of 10^6 heaps held twice its bytes),
/// and one that grows is moved by `mremap`, its pages remapped rather than copied (no moment
/// with the old and the new block both resident). Linux only; elsewhere every block is
/// mimalloc's.
mod mapped {
    use std::alloc::Layout;

    /// Blocks from this size up are mapped: below it, mimalloc's reuse of freed memory is worth
    /// more than a system call and fresh pages each time. From 64 KiB (not 256): the blocks a
    /// table grows out of early are then returned at once, and a table stopped at a small
    /// `--memory` budget reaches its stage's refusal (at 256 KiB one was stopped by a 4 KiB
    /// allocation first). It costs a script's table 3-5% (a thousand mappings).
    pub(super) const FROM: usize = 64 << 10;

    /// Whether a block of `layout` is (or is to be) a mapping of its own: decided by its size and
    /// alignment alone, so that `dealloc` and `realloc` know without a lookup.
    #[inline]
    pub(super) fn is_mapped(layout: Layout) -> bool {
        cfg!(target_os = "linux") && layout.size() >= FROM && layout.align() <= 4096
    }

    /// A fresh zeroed mapping of `size` bytes; null if the system refuses it.
    #[cfg(target_os = "linux")]
    pub(super) fn map(size: usize) -> *mut u8 {
        // SAFETY: an anonymous private mapping at an address of the system's choosing touches
        // nothing of ours.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            p.cast()
        }
    }

    /// The mapping at `ptr` of `old` bytes, grown or shrunk to `new` (moved if need be, its
    /// contents kept); null if the system refuses, the old mapping then left as it was.
    ///
    /// # Safety
    /// `ptr` is a mapping of `old` bytes made by [`map`] or [`remap`].
    #[cfg(target_os = "linux")]
    pub(super) unsafe fn remap(ptr: *mut u8, old: usize, new: usize) -> *mut u8 {
        let p = unsafe { libc::mremap(ptr.cast(), old, new, libc::MREMAP_MAYMOVE) };
        if p == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            p.cast()
        }
    }

    /// Returns the mapping at `ptr` of `size` bytes to the system.
    ///
    /// # Safety
    /// `ptr` is a mapping of `size` bytes made by [`map`] or [`remap`], not used after.
    #[cfg(target_os = "linux")]
    pub(super) unsafe fn unmap(ptr: *mut u8, size: usize) {
        unsafe { libc::munmap(ptr.cast(), size) };
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) fn map(_: usize) -> *mut u8 {
        unreachable!("no block is mapped off Linux")
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) unsafe fn remap(_: *mut u8, _: usize, _: usize) -> *mut u8 {
        unreachable!("no block is mapped off Linux")
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) unsafe fn unmap(_: *mut u8, _: usize) {
        unreachable!("no block is mapped off Linux")
    }
}

/// The calling thread's net allocated bytes.
pub fn thread_net() -> i64 {
    NET.try_with(Cell::get).unwrap_or(0)
}

/// Bytes held by the whole process (allocated and not yet freed), for the `--memory` budget:
/// each thread adds what it holds here in batches of [`BATCH`] bytes, so the count is exact to a
/// batch per thread. One shared counter touched by every allocation made the threads of a search
/// queue for its cache line (a third of Cram's time on two cores).
static HELD: AtomicI64 = AtomicI64::new(0);

/// Resident bytes beyond [`HELD`] and the program itself, as last measured: mimalloc rounds each
/// block up to its size class, keeps freed pages for a while before returning them, and threads
/// have stacks. Counting only the bytes asked for let a script run with `--memory 6G` reach
/// 7.2 GB resident (a fifth more).
static OVERHEAD: AtomicI64 = AtomicI64::new(0);
/// [`HELD`] when [`OVERHEAD`] was last measured: it is measured again when the count has moved
/// by a sixty-fourth of the budget since, so the estimate lags resident memory by at most that
/// sixty-fourth times the allocator's overhead ratio.
static MEASURED_AT: AtomicI64 = AtomicI64::new(0);
/// Resident bytes of the program itself when the budget was set (its code and libraries, some
/// 10 MiB), which the budget does not count.
static BASELINE: AtomicI64 = AtomicI64::new(0);

/// Bytes a thread counts on its own before adding them to [`HELD`].
const BATCH: i64 = 256 << 10;

thread_local! {
    /// Bytes this thread has held or released since it last added to [`HELD`].
    static PENDING: Cell<i64> = const { Cell::new(0) };
}

fn pend(bytes: i64) {
    let flushed = PENDING.try_with(|p| {
        let now = p.get().wrapping_add(bytes);
        if now.abs() >= BATCH {
            let held = HELD.fetch_add(now, Ordering::Relaxed) + now;
            p.set(0);
            measure_if_moved(held);
        } else {
            p.set(now);
        }
    });
    // A thread being torn down counts straight into the total.
    if flushed.is_err() {
        HELD.fetch_add(bytes, Ordering::Relaxed);
    }
}

fn hold(bytes: u64) {
    pend(bytes as i64);
}

fn release(bytes: u64) {
    pend(-(bytes as i64));
}

/// The last line of defence: an allocation that would pass the budget, which no estimate caught
/// earlier, ends the process with one line and exit 1 instead of an abort or the kernel's OOM
/// killer. The message is written without allocating, from inside the allocator.
fn check(bytes: usize) {
    let held = accounted();
    let budget = failure::budget();
    if (bytes as u64).saturating_add(held) <= budget {
        return;
    }
    let mut line = StackLine::default();
    let _ = writeln!(
        line,
        "grundy: error: out of memory: one more allocation of {} would pass the budget of {} \
         ({} already held); raise it with --memory SIZE",
        Bytes(bytes as u64),
        Bytes(budget),
        Bytes(held)
    );
    // SAFETY: writing a valid buffer to fd 2, then ending the process without unwinding or
    // running anything that could allocate again.
    unsafe {
        libc::write(2, line.buf.as_ptr().cast(), line.len);
        libc::_exit(1);
    }
}

/// An allocation the system refused (an address-space limit, `ulimit -v`, reached before the
/// budget): one line naming `--memory` and exit 1, instead of Rust's abort.
fn refused_if_null(ptr: *mut u8, bytes: usize) -> *mut u8 {
    if !ptr.is_null() {
        return ptr;
    }
    let mut line = StackLine::default();
    let _ = writeln!(
        line,
        "grundy: error: out of memory: the system refused an allocation of {} ({} held, budget \
         {}); lower the budget to what the system allows with --memory SIZE",
        Bytes(bytes as u64),
        Bytes(held()),
        Bytes(failure::budget())
    );
    // SAFETY: as in `check`.
    unsafe {
        libc::write(2, line.buf.as_ptr().cast(), line.len);
        libc::_exit(1);
    }
}

/// Measures [`OVERHEAD`] again when `held` has moved far enough from where it was last measured
/// (one thread at a time; the others go on with the last measure).
fn measure_if_moved(held: i64) {
    let at = MEASURED_AT.load(Ordering::Relaxed);
    let step = (failure::budget() / 64).clamp(BATCH as u64 * 4, i64::MAX as u64) as i64;
    if held.abs_diff(at) < step as u64
        || MEASURED_AT
            .compare_exchange(at, held, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    if let Some(resident) = resident() {
        let extra = resident as i64 - BASELINE.load(Ordering::Relaxed) - held;
        OVERHEAD.store(extra.max(0), Ordering::Relaxed);
    }
}

/// The process's resident bytes of its own, not shared with files (`/proc/self/statm`), read
/// without allocating; `None` where there is no such file.
fn resident() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let mut buf = [0u8; 128];
        // SAFETY: a NUL-terminated path; `read` writes at most `buf.len()` bytes into `buf`;
        // the descriptor is closed on every path.
        let n = unsafe {
            let fd = libc::open(
                c"/proc/self/statm".as_ptr(),
                libc::O_RDONLY | libc::O_CLOEXEC,
            );
            if fd < 0 {
                return None;
            }
            let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
            libc::close(fd);
            n
        };
        let text = buf.get(..usize::try_from(n).ok()?)?;
        // "size resident shared ...", in pages.
        let field = |i: usize| {
            text.split(|&b| b == b' ')
                .nth(i)?
                .iter()
                .try_fold(0u64, |acc, &b| {
                    b.is_ascii_digit().then(|| acc * 10 + u64::from(b - b'0'))
                })
        };
        // Without the shared pages (the program's code and libraries, mapped from files): they
        // are faulted in as code first runs, hundreds of KB over a run, and the system can drop
        // them at any time; they are not memory the computation holds.
        let pages = field(1)?.saturating_sub(field(2)?);
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * u64::try_from(page).ok()?)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// A line formatted on the stack (the allocator cannot allocate to report itself).
struct StackLine {
    buf: [u8; 256],
    len: usize,
}

impl Default for StackLine {
    fn default() -> Self {
        StackLine {
            buf: [0; 256],
            len: 0,
        }
    }
}

impl fmt::Write for StackLine {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// Sets the `--memory` budget, in bytes, and takes what the program holds now as the baseline
/// the budget does not count.
pub fn set_budget(bytes: u64) {
    failure::set_budget(bytes);
    if let Some(resident) = resident() {
        BASELINE.store(
            resident as i64 - HELD.load(Ordering::Relaxed),
            Ordering::Relaxed,
        );
    }
    MEASURED_AT.store(HELD.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// The `--memory` budget, in bytes.
pub fn budget() -> u64 {
    failure::budget()
}

/// Whether nine tenths of the budget are held: a search stops there, with its own message,
/// rather than at the allocator's last line of defence.
pub fn running_low() -> Option<u64> {
    let held = accounted();
    (held > budget() / 10 * 9).then_some(held)
}

/// Bytes the process holds now, to a batch per thread (never below zero: a thread may free what
/// another holds, and its batch is added later).
pub fn held() -> u64 {
    HELD.load(Ordering::Relaxed).max(0) as u64
}

/// What the budget counts: the bytes held, and what the allocator keeps resident beyond them
/// (as last measured).
pub fn accounted() -> u64 {
    held().saturating_add(OVERHEAD.load(Ordering::Relaxed) as u64)
}

/// Checks, before allocating it, that `bytes` more for `what` fit in the budget: the error names
/// the estimate and the option, so a command stops before it starts what it cannot finish.
pub fn reserve(what: &str, bytes: u64) -> Result<(), Failure> {
    give_back();
    let held = accounted();
    let budget = budget();
    if bytes.saturating_add(held) <= budget {
        return Ok(());
    }
    Err(Failure::Compute(format!(
        "{what} would need about {} of memory, more than the budget of {}{}; raise it with \
         --memory SIZE",
        Bytes(bytes),
        Bytes(budget),
        if held > budget / 16 {
            format!(" ({} already held)", Bytes(held))
        } else {
            String::new()
        }
    )))
}

/// Returns to the system the memory mimalloc holds freed, on every thread: a table computed in
/// stages frees the engine's smaller blocks (its first stages, lists regrown, blocks of a
/// segment) on whichever worker of the pool ran them, and mimalloc kept them resident, about a
/// byte a heap at 10^6 heaps of 0.007 on two threads. Called before each large reservation (a
/// stage of a table, a script's line): a few a run, each a walk of the allocator's pages. Both
/// callers run on the pool anyway (a script's solve starts it even for heap 10), so the
/// broadcast starts no thread. From inside the pool (a job reserving) only the calling thread's:
/// a broadcast would wait for every busy worker.
fn give_back() {
    // SAFETY: mi_collect only frees pages mimalloc owns and no longer uses.
    let collect = || unsafe { libmimalloc_sys::mi_collect(true) };
    collect();
    if rayon::current_thread_index().is_none() {
        rayon::broadcast(|_| collect());
    }
}

/// What the default budget is drawn from, each `None` where it cannot be read or is unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The machine's memory (`MemTotal`).
    pub total: Option<u64>,
    /// What is free now (`MemAvailable`).
    pub available: Option<u64>,
    /// The cgroup's memory limit (v2 `memory.max`, v1 `memory.limit_in_bytes`).
    pub cgroup: Option<u64>,
    /// The address-space limit (`RLIMIT_AS`, `ulimit -v`).
    pub address_space: Option<u64>,
    /// Address space the program itself has mapped (its files: code and libraries, and its
    /// stack), not counting the allocator's reservations, which the budget's bytes go into.
    pub mapped: u64,
}

/// Address space kept out of the budget under `RLIMIT_AS`, beyond what is mapped at the start:
/// thread stacks, and room for the allocator's own reservations.
const ADDRESS_HEADROOM: u64 = 128 << 20;

impl Limits {
    /// The limits of this process and machine.
    pub fn read() -> Limits {
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let field = |text: &str, key: &str| -> Option<u64> {
            let line = text.lines().find(|l| l.starts_with(key))?;
            let kib: u64 = line[key.len()..]
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .ok()?;
            Some(kib * 1024)
        };
        Limits {
            total: field(&meminfo, "MemTotal:"),
            available: field(&meminfo, "MemAvailable:"),
            cgroup: [
                "/sys/fs/cgroup/memory.max",
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            ]
            .iter()
            .find_map(|path| std::fs::read_to_string(path).ok())
            .and_then(|s| cgroup_limit(&s)),
            address_space: address_space_limit(),
            mapped: std::fs::read_to_string("/proc/self/maps")
                .map(|maps| program_mapped(&maps))
                .unwrap_or(0),
        }
    }

    /// The default budget: three quarters of the machine's memory (or of the cgroup's limit, in
    /// a container), no more than nine tenths of what is available now, and no more than three
    /// quarters of the address space left under `RLIMIT_AS` (the allocator reserves address
    /// space beyond what it hands out), so that a big run stops with a message naming
    /// `--memory` before the kernel's OOM killer or a refused allocation stops it. 16 GiB of
    /// memory is assumed when none can be read.
    pub fn budget(&self) -> u64 {
        let total = match (self.total, self.cgroup) {
            (Some(t), Some(c)) => t.min(c),
            (t, c) => t.or(c).unwrap_or(16 << 30),
        };
        let mut budget = total / 4 * 3;
        if let Some(available) = self.available {
            budget = budget.min(available / 10 * 9);
        }
        budget = budget.max(256 << 20);
        if let Some(limit) = self.address_space {
            let room = limit.saturating_sub(self.mapped.saturating_add(ADDRESS_HEADROOM));
            budget = budget.min(room / 4 * 3);
        }
        budget.max(1 << 20)
    }
}

/// A cgroup memory limit as its file says it: bytes, or `max` (v2) or a huge number (v1) for
/// none.
fn cgroup_limit(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|&b| b < 1 << 60)
}

/// The bytes of the mappings in `/proc/self/maps` that have a name (files, `[stack]`, `[vdso]`):
/// the program itself. Anonymous mappings are the allocator's (mimalloc reserves 1 GiB of address
/// space at the start, into which the first allocations go).
fn program_mapped(maps: &str) -> u64 {
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let range = fields.next()?;
            let name = fields.nth(4)?;
            let (from, to) = range.split_once('-')?;
            let from = u64::from_str_radix(from, 16).ok()?;
            let to = u64::from_str_radix(to, 16).ok()?;
            (!name.is_empty()).then(|| to.saturating_sub(from))
        })
        .sum()
}

/// `RLIMIT_AS`, if it is set.
fn address_space_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
            || limit.rlim_cur == libc::RLIM_INFINITY
        {
            return None;
        }
        #[allow(clippy::unnecessary_cast)] // `rlim_t` is narrower on some 32-bit systems
        Some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    None
}

/// The default budget of this process ([`Limits::budget`]).
pub fn default_budget() -> u64 {
    Limits::read().budget()
}

/// Parses `--memory`: a number of mebibytes (`512`), or with a unit (`512M`, `4G`, `1.5GiB`,
/// `100K`, `2T`; `B` for bytes).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "m" | "mb" | "mib" => 1 << 20,
        "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => {
            return Err(format!(
                "'{}': the unit must be K, M, G or T (or none, for mebibytes)",
                text.escape_debug()
            ))
        }
    };
    let value: f64 = number.parse().map_err(|_| {
        format!(
            "'{}': expected a size such as 512M or 4G",
            text.escape_debug()
        )
    })?;
    let bytes = value * scale as f64;
    if bytes.is_nan() || bytes < 1.0 || bytes >= u64::MAX as f64 {
        return Err(format!(
            "'{}': the budget must be at least one byte",
            text.escape_debug()
        ));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: u64 = 1 << 30;
    const M: u64 = 1 << 20;

    #[test]
    fn the_default_budget_is_the_smallest_limit() {
        let machine = Limits {
            total: Some(16 * G),
            available: Some(14 * G),
            ..Limits::default()
        };
        assert_eq!(machine.budget(), 12 * G);
        // Little free: nine tenths of it.
        let busy = Limits {
            available: Some(4 * G),
            ..machine
        };
        assert_eq!(busy.budget(), 4 * G / 10 * 9);
        // A cgroup's limit below the machine's memory.
        let container = Limits {
            cgroup: Some(2 * G),
            ..machine
        };
        assert_eq!(container.budget(), 2 * G / 4 * 3);
        // `ulimit -v 4000000` (KiB): three quarters of what is left after the mapped part and
        // the headroom, whatever the machine has.
        let ulimit = Limits {
            address_space: Some(4_000_000 * 1024),
            mapped: 20 * M,
            ..container
        };
        assert_eq!(
            ulimit.budget(),
            (2 * G / 4 * 3).min((4_000_000 * 1024 - 20 * M - ADDRESS_HEADROOM) / 4 * 3)
        );
        let tight = Limits {
            address_space: Some(400 * M),
            mapped: 20 * M,
            ..machine
        };
        assert_eq!(
            tight.budget(),
            (400 * M - 20 * M - ADDRESS_HEADROOM) / 4 * 3
        );
        // Nothing readable: 16 GiB assumed.
        assert_eq!(Limits::default().budget(), 12 * G);
        // An address space smaller than the program: a token budget, not zero.
        let absurd = Limits {
            address_space: Some(10 * M),
            mapped: 20 * M,
            ..machine
        };
        assert_eq!(absurd.budget(), M);
    }

    /// A large block is a mapping of its own: its bytes survive growing (remapped), shrinking
    /// below the threshold (copied to mimalloc) and growing past it again (copied to a mapping),
    /// and the thread's count of bytes held comes back to where it was.
    #[test]
    fn large_blocks_keep_their_bytes_across_every_move() {
        let before = thread_net();
        let fill = |p: *mut u8, n: usize| {
            for i in 0..n {
                // SAFETY: `p` holds at least `n` bytes.
                unsafe { *p.add(i) = (i % 251) as u8 };
            }
        };
        let same = |p: *const u8, n: usize| {
            // SAFETY: `p` holds at least `n` bytes.
            (0..n).all(|i| unsafe { *p.add(i) } == (i % 251) as u8)
        };
        let big = mapped::FROM * 4;
        let layout = Layout::from_size_align(big, 8).unwrap();
        assert!(mapped::is_mapped(layout) == cfg!(target_os = "linux"));
        // SAFETY: each block is used within its size, and freed once with its layout.
        unsafe {
            let z = Counting.alloc_zeroed(layout);
            assert!((0..big).all(|i| *z.add(i) == 0));
            Counting.dealloc(z, layout);
            let p = Counting.alloc(layout);
            fill(p, big);
            let p = Counting.realloc(p, layout, 3 * big);
            assert!(same(p, big));
            fill(p, 3 * big);
            let grown = Layout::from_size_align(3 * big, 8).unwrap();
            let small = mapped::FROM / 2;
            let p = Counting.realloc(p, grown, small);
            assert!(same(p, small));
            let shrunk = Layout::from_size_align(small, 8).unwrap();
            assert!(!mapped::is_mapped(shrunk));
            let p = Counting.realloc(p, shrunk, big);
            assert!(same(p, small));
            Counting.dealloc(p, layout);
        }
        assert_eq!(thread_net(), before);
    }

    #[test]
    fn the_program_is_its_named_mappings() {
        let maps = "\
55d0c0000000-55d0c0100000 r-xp 00000000 08:01 123 /usr/bin/grundy
7f0000000000-7f0040000000 ---p 00000000 00:00 0 
7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]
";
        assert_eq!(program_mapped(maps), 0x100000 + 0x21000);
    }

    #[test]
    fn cgroup_files_say_max_for_no_limit() {
        assert_eq!(cgroup_limit("max\n"), None);
        assert_eq!(cgroup_limit("9223372036854771712\n"), None);
        assert_eq!(cgroup_limit("2147483648\n"), Some(2 * G));
        assert_eq!(cgroup_limit(""), None);
    }
}
