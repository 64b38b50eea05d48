//! The transposition table of a search, and the memory it may take.
//!
//! Entries are 16 bytes: a 64-bit code of a canonical part and a data word holding either its
//! exact value or a mask of the values it is known not to have, with the work its search cost.
//! Buckets of four entries make one cache line; a full bucket gives up its cheapest entry.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Bytes a table entry takes.
pub const ENTRY_BYTES: usize = 16;

/// Entries in one bucket: four entries of 16 bytes, one cache line.
const WAYS: usize = 4;

/// The data word of an entry: the work (log2 of the nodes its search visited) in the top byte,
/// then a flag for an exact value (in the low bits), else a mask of the values it is known not
/// to have (bit `k`: the value is not `k`, for `k < MASK_BITS`).
pub(super) const EXACT: u64 = 1 << 55;
pub(super) const MASK_BITS: u32 = 55;
pub(super) const MASK: u64 = EXACT - 1;

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
        huge_pages(&words);
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

    /// The table's words (for a checkpoint).
    pub(super) fn words(&self) -> &[AtomicU64] {
        &self.words
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
    pub(super) fn get(&self, code: u64) -> Option<u64> {
        let base = self.bucket(code) * WAYS;
        (base..base + WAYS)
            .map(|s| self.entry(s))
            .find(|&(c, d)| d != 0 && c == code)
            .map(|(_, d)| d)
    }

    /// Starts loading the bucket of `code` into the cache, without waiting for it: a search
    /// that names the codes it is about to probe gets their cache misses served together rather
    /// than one after another.
    pub(super) fn prefetch(&self, code: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.words[2 * self.bucket(code) * WAYS];
            // SAFETY: a prefetch is only a hint; it reads nothing and faults on no address.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    slot.as_ptr() as *const i8
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = code;
    }

    /// Records `data` for `code`: merged with what is known of it, else in a free entry, else
    /// over the entry of least work (the cheapest to search again).
    pub(super) fn put(&self, code: u64, data: u64) {
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
    pub(super) fn filled_fraction(&self) -> f64 {
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

/// Asks the system to back `words` with huge pages (2 MiB on x86-64) where it can: a table
/// probe lands on a random page, and with small pages nearly every probe of a large table also
/// misses the address-translation cache. Only a hint; nothing changes where it is not taken.
fn huge_pages(words: &[u64]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = words.as_ptr() as usize;
        let end = start + std::mem::size_of_val(words);
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if from < to {
            // SAFETY: madvise only advises about pages inside this allocation; it changes
            // neither their contents nor their validity.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// Exact values of the parts a ruleset numbers densely ([`super::SearchRules::dense_index`]),
/// a byte each: no hashing, no probing, and parts with near numbers near each other in memory.
/// Zero is "not known"; a value `v` is kept as `v + 1`, so values up to 254.
pub(super) struct Dense(Box<[AtomicU8]>);

impl Dense {
    /// Room for `len` parts, allocated zeroed (pages never reached are never touched).
    pub(super) fn new(len: usize) -> Dense {
        let bytes = vec![0u8; len].into_boxed_slice();
        let raw = Box::into_raw(bytes) as *mut AtomicU8;
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8, and the box is
        // reassembled with the length it was taken apart with.
        Dense(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(raw, len)) })
    }

    pub(super) fn bytes(&self) -> usize {
        self.0.len()
    }

    /// The value kept at `i`, if any (`i` past the end: none).
    pub(super) fn get(&self, i: usize) -> Option<u64> {
        let v = self.0.get(i)?.load(Ordering::Relaxed);
        (v != 0).then(|| u64::from(v) - 1)
    }

    /// Keeps `value` at `i`; `false` when it does not fit (past the end, or above 254).
    pub(super) fn put(&self, i: usize, value: u64) -> bool {
        match (self.0.get(i), u8::try_from(value + 1)) {
            (Some(slot), Ok(v)) => {
                slot.store(v, Ordering::Relaxed);
                true
            }
            _ => false,
        }
    }
}

/// The most bytes a search's table may take where the program sets no budget
/// ([`crate::limits::Limits::table_budget`]): a quarter of the memory the system has available,
/// at most 4 GiB (and 256 MiB where that is unknown).
pub fn default_table_budget() -> u64 {
    available_memory().map_or(256 << 20, |a| (a / 4).min(4 << 30))
}

/// The memory the system has available (`MemAvailable` of /proc/meminfo), where it can be read.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The table size for a search expected to store about `entries` positions: twice that (a table
/// kept half empty loses few entries to collisions), within `budget` bytes (at least 64 KiB).
pub fn table_bytes(entries: f64, budget: u64) -> usize {
    let want = (entries * 2.0 * ENTRY_BYTES as f64).clamp(4096.0, u64::MAX as f64) as u64;
    want.min(budget.max(1 << 16)) as usize
}
