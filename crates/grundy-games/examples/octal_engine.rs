//! The sparse-space engine alone: time, peak resident memory and a checksum of one table, so that
//! the engine's own bytes per heap and its speed with one or two threads can be measured apart
//! from the CLI (which adds its period search, output and checkpoints).
//!
//! ```sh
//! cargo run --release -p grundy-games --example octal_engine -- 0.6 1000000
//! RAYON_NUM_THREADS=1 cargo run --release -p grundy-games --example octal_engine -- grundy 4194304
//! ```
//!
//! Prints one line: game, last heap, seconds, peak resident KB before and after, bytes a heap
//! above the baseline, the engine's estimate in bytes, and an FNV checksum of the values (equal
//! checksums across builds and thread counts show equal tables).

use std::time::Instant;

use grundy_games::heap::grundys_game;
use grundy_games::heap::sparse::{estimated_bytes, Engine, Method};
use grundy_games::heap::take_and_break::TakeBreakRules;

fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|l| l.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(code), Some(last)) = (
        args.get(1),
        args.get(2).and_then(|s| s.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: octal_engine CODE|grundy LAST");
        std::process::exit(2);
    };
    let rules = if code == "grundy" {
        grundys_game::rules()
    } else {
        match TakeBreakRules::from_code(code) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{code}: {e}");
                std::process::exit(2);
            }
        }
    };
    let before = peak_kb();
    let start = Instant::now();
    let mut engine = Engine::new(rules.clone(), Method::Sparse);
    // As a table computed in doubling stages asks before its last stage.
    engine
        .extend_to(last / 2, &mut |_| true)
        .expect("never interrupted");
    let at_half = engine.estimated_bytes(last as u64);
    let forecast = engine.forecast_width(last as u64);
    engine
        .extend_to(last, &mut |_| true)
        .expect("never interrupted");
    let secs = start.elapsed().as_secs_f64();
    let after = peak_kb();
    let values = engine.values();
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for n in 0..values.len() {
        hash ^= u64::from(values.get(n).unwrap_or(0));
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    let per_heap = (after.saturating_sub(before) * 1024) as f64 / (last + 1) as f64;
    println!(
        "{code} {last} {secs:.2} s, peak {before} KB -> {after} KB, {per_heap:.2} B/heap, \
         estimate {} B (at half {at_half} B, width {} forecast {forecast}), max {}, rare {} (mask {}), scans {:?}, marked ahead {}, checksum {hash:016x}",
        estimated_bytes(&rules, last as u64),
        engine.values().width(),
        engine.max_value(),
        engine.rare_split().0,
        engine.rare_split().1,
        engine.scan_stats(),
        engine.ahead_heaps()
    );
}
