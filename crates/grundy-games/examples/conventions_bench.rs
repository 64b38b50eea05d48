//! Timing of the play-convention fast paths against the whole-sum searches they replace.
//!
//! `cargo run --release -p grundy-games --example conventions_bench`
//!
//! Prints, for each case, the time of the theorem and of the search (same run, same machine) and
//! their ratio. Not a test: figures vary with the machine; the ratios are what to compare.

use std::time::Instant;

use grundy_core::every::{analyse_every, analyse_every_by_search};
use grundy_core::misere::{analyse_misere, analyse_misere_by_search};
use grundy_core::Component;
use grundy_games::heap::subtraction::Subtraction;
use grundy_games::{heap::nim, heap::subtraction};

/// The result and the best time of five runs (the first run also pays for warming up).
fn time<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..5 {
        let start = Instant::now();
        out = Some(f());
        best = best.min(start.elapsed().as_secs_f64());
    }
    (out.expect("ran"), best)
}

fn main() {
    let cap = 50_000_000;
    for heaps in [
        vec![5u64, 6, 7, 8],
        vec![7, 9, 11, 13, 14],
        vec![10, 12, 14, 15, 17],
    ] {
        let make = || -> Vec<Box<dyn Component>> { vec![nim::position(heaps.clone())] };
        let (fast, tf) = time(|| {
            analyse_misere(
                &mut make(),
                usize::MAX,
                &grundy_core::limits::Limits::DEFAULT,
            )
            .unwrap()
        });
        let (slow, ts) = time(|| {
            analyse_misere_by_search(
                &mut make(),
                usize::MAX,
                &grundy_core::limits::Limits::DEFAULT.capped(cap),
            )
            .unwrap()
        });
        assert_eq!(fast.outcome, slow.outcome);
        println!(
            "misère nim {heaps:?}: SJ {:.3} ms, search {:.3} ms, search/SJ = {:.0}",
            tf * 1e3,
            ts * 1e3,
            ts / tf
        );
    }
    for stairs in [vec![3u64, 4], vec![5, 0, 1], vec![0, 4, 0, 2]] {
        // Staircases declare no atoms: each is checked as a whole, then SJ decides the sum.
        let make = || -> Vec<Box<dyn Component>> {
            vec![
                grundy_games::classic::staircase::position(stairs.clone()),
                grundy_games::classic::staircase::position(vec![1, 2]),
                nim::position(vec![3, 4]),
            ]
        };
        let (fast, tf) = time(|| {
            analyse_misere(
                &mut make(),
                usize::MAX,
                &grundy_core::limits::Limits::DEFAULT,
            )
            .unwrap()
        });
        let (slow, ts) = time(|| {
            analyse_misere_by_search(
                &mut make(),
                usize::MAX,
                &grundy_core::limits::Limits::DEFAULT.capped(cap),
            )
            .unwrap()
        });
        assert_eq!(fast.outcome, slow.outcome);
        println!(
            "misère staircase {stairs:?} + staircase [1, 2] + nim 3 4 ({:?}): {:.3} ms, search {:.3} ms, search/fast = {:.1}",
            fast.method,
            tf * 1e3,
            ts * 1e3,
            ts / tf
        );
    }
    for (k, n) in [(3u64, 30u64), (4, 60), (5, 90)] {
        let spec = format!("bash:{k}");
        let make = || -> Vec<Box<dyn Component>> {
            vec![
                subtraction::position(&spec, Subtraction::bash(k), vec![n]),
                subtraction::position(&spec, Subtraction::bash(k), vec![n + 1]),
                nim::position(vec![6, 7]),
            ]
        };
        // Fresh components each run: a component's own solver memoizes values.
        let (fast, tf) = time(|| {
            analyse_every(&mut make(), 100, &grundy_core::limits::Limits::DEFAULT).unwrap()
        });
        let (slow, ts) = time(|| {
            analyse_every_by_search(
                &mut make(),
                100,
                &grundy_core::limits::Limits::DEFAULT.capped(cap),
            )
            .unwrap()
        });
        assert_eq!(fast.outcome, slow.outcome);
        assert_eq!(fast.winning_moves_total, slow.winning_moves_total);
        println!(
            "every-SG bash:{k} {n} + bash:{k} {} + nim 6 7: step counts {:.3} ms, whole-sum search {:.3} ms, search/steps = {:.0}",
            n + 1,
            tf * 1e3,
            ts * 1e3,
            ts / tf
        );
    }
}
