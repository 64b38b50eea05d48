//! Room on the stack for a script call as deep as `--script-max-depth` allows.
//!
//! Rhai evaluates nested calls by recursion on the native stack, so a script that recurses to the
//! call-depth cap needs stack in proportion to the cap; a thread's own stack (2 MiB for a pool's
//! worker, 8 MiB for the main thread) holds a few hundred levels, and past it the process aborts
//! instead of stopping the call. Each call therefore runs where there is room for the cap: on the
//! caller's stack when enough of it is left (the common case, no cost), or else on a stack of the
//! size needed, allocated for the call ([`stacker`]).

use std::sync::OnceLock;

use rhai::{Engine, Scope};

/// Levels the measuring script recurses.
const PROBE_LEVELS: usize = 64;

/// Stack kept free beyond the cap's need: the native functions a call reaches (sorting, an array
/// compared) and the solver's own frames above it.
const MARGIN: usize = 256 << 10;

/// The bytes of stack one level of nested script calls takes in this build (a debug build's
/// frames are several times a release build's), measured once by a script that recurses.
fn per_level() -> usize {
    static PER_LEVEL: OnceLock<usize> = OnceLock::new();
    *PER_LEVEL.get_or_init(|| {
        let mut engine = Engine::new_raw();
        engine.register_fn("remaining_stack", || {
            stacker::remaining_stack().unwrap_or(0) as i64
        });
        engine.set_max_call_levels(PROBE_LEVELS + 8);
        // A level as a script writes it: the call inside an expression inside a block.
        let script = format!(
            "fn f(k) {{ if k == 0 {{ remaining_stack() }} else {{ let x = 0 + f(k - 1); x }} }}
             [f(0), f({PROBE_LEVELS})]"
        );
        let measured = stacker::maybe_grow(4 << 20, 8 << 20, || {
            engine.eval_with_scope::<rhai::Array>(&mut Scope::new(), &script)
        });
        let fallback = 64 << 10;
        match measured.as_deref() {
            Ok([top, deep]) => match (top.as_int(), deep.as_int()) {
                (Ok(top), Ok(deep)) if top > deep => {
                    // Twice the measure: a function's own expressions may nest deeper than the
                    // probe's, and each nesting takes frames of its own.
                    (2 * (top - deep) as usize / PROBE_LEVELS).max(1 << 10)
                }
                _ => fallback,
            },
            _ => fallback,
        }
    })
}

/// The most stack a call may be given: a cap past it would have every deep call reserve more
/// address space than a machine lends.
const MOST: usize = 1 << 30;

/// The deepest call-depth cap whose stack fits in [`MOST`].
pub fn deepest() -> usize {
    (MOST - MARGIN) / per_level()
}

/// The stack a call capped at `depth` nested calls may use.
pub fn needed(depth: usize) -> usize {
    depth.saturating_mul(per_level()).saturating_add(MARGIN)
}

/// Runs `f` (a script call capped at `depth` nested calls) where the stack has room for it.
pub fn with_room<T>(depth: usize, f: impl FnOnce() -> T) -> T {
    let need = needed(depth);
    stacker::maybe_grow(need, need.saturating_add(MARGIN), f)
}
