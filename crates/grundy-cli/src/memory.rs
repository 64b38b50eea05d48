//! The global allocator: mimalloc (a game script allocates for nearly every value it builds, and
//! mimalloc makes a plain script a third faster than the system allocator), counting per thread
//! the bytes allocated and not yet freed, so a script's call can be stopped when it holds too much
//! memory (see `grundy_games::script::set_memory_probe`). Counting is a thread-local addition per
//! allocation.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

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
        add(layout.size() as i64);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        add(layout.size() as i64);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        add(-(layout.size() as i64));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        add(new_size as i64 - layout.size() as i64);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The calling thread's net allocated bytes.
pub fn thread_net() -> i64 {
    NET.try_with(Cell::get).unwrap_or(0)
}
