//! The global allocator: mimalloc (a game script allocates for nearly every value it builds, and
//! mimalloc makes a plain script a third faster than the system allocator), counting per thread
//! the bytes allocated and not yet freed, so a script's call can be stopped when it holds too much
//! memory (see `grundy_games::script::set_memory_probe`). Counting is a thread-local addition per
//! allocation.
//!
//! It also counts the bytes the whole process holds, for the `--memory` budget: commands
//! [`reserve`] what they estimate before allocating it (and stop with a message naming the
//! estimate), and an allocation past the budget that no estimate foresaw ends the process with
//! one line and exit 1 — never an abort or the kernel's OOM killer.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use crate::failure::Failure;

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

// SAFETY: every call is forwarded unchanged to mimalloc; the counter is a
// thread-local `Cell` with a const initializer and no destructor, so counting never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        check(layout.size());
        hold(layout.size() as u64);
        add(layout.size() as i64);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        check(layout.size());
        hold(layout.size() as u64);
        add(layout.size() as i64);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        release(layout.size() as u64);
        add(-(layout.size() as i64));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            check(new_size - layout.size());
            hold((new_size - layout.size()) as u64);
        } else {
            release((layout.size() - new_size) as u64);
        }
        add(new_size as i64 - layout.size() as i64);
        unsafe { System.realloc(ptr, layout, new_size) }
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
/// The `--memory` budget in bytes; no limit until `main` sets it.
static BUDGET: AtomicU64 = AtomicU64::new(u64::MAX);

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
            HELD.fetch_add(now, Ordering::Relaxed);
            p.set(0);
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
    let held = held();
    let budget = BUDGET.load(Ordering::Relaxed);
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

/// A size for people: `3.2 GiB`, `512 MiB`, `40 KiB`, `12 B`.
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        let mut unit = 0;
        let mut size = self.0 as f64;
        while size >= 1024.0 && unit + 1 < UNITS.len() {
            size /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{} B", self.0)
        } else if size < 10.0 {
            write!(f, "{size:.1} {}", UNITS[unit])
        } else {
            write!(f, "{size:.0} {}", UNITS[unit])
        }
    }
}

/// Sets the `--memory` budget, in bytes.
pub fn set_budget(bytes: u64) {
    BUDGET.store(bytes, Ordering::Relaxed);
}

/// The `--memory` budget, in bytes.
pub fn budget() -> u64 {
    BUDGET.load(Ordering::Relaxed)
}

/// Whether nine tenths of the budget are held: a search stops there, with its own message,
/// rather than at the allocator's last line of defence.
pub fn running_low() -> Option<u64> {
    let held = held();
    (held > budget() / 10 * 9).then_some(held)
}

/// Bytes the process holds now, to a batch per thread (never below zero: a thread may free what
/// another holds, and its batch is added later).
pub fn held() -> u64 {
    HELD.load(Ordering::Relaxed).max(0) as u64
}

/// Checks, before allocating it, that `bytes` more for `what` fit in the budget: the error names
/// the estimate and the option, so a command stops before it starts what it cannot finish.
pub fn reserve(what: &str, bytes: u64) -> Result<(), Failure> {
    let held = held();
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

/// The default budget: three quarters of the machine's memory (or of the cgroup's limit, in a
/// container), and no more than nine tenths of what is available now, so that a big run stops
/// with a message before the kernel's OOM killer stops it. 4 GiB when neither can be read.
pub fn default_budget() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |key: &str| -> Option<u64> {
        let line = meminfo.lines().find(|l| l.starts_with(key))?;
        let kib: u64 = line[key.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib * 1024)
    };
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok());
    let total = match (field("MemTotal:"), cgroup) {
        (Some(t), Some(c)) => t.min(c),
        (t, c) => t.or(c).unwrap_or(16 << 30),
    };
    let mut budget = total / 4 * 3;
    if let Some(available) = field("MemAvailable:") {
        budget = budget.min(available / 10 * 9);
    }
    budget.max(256 << 20)
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
