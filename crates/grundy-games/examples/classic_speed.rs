//! Speed of the classic families' fast paths against the plain brute-force solver, measured in
//! the same run on the same positions and reported as ratios.
//!
//! ```sh
//! cargo run --release -p grundy-games --example classic_speed
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use grundy_core::{BruteForce, Nimber, Solver};
use grundy_games::{classic::euclid, classic::fibonacci_nim, classic::moore, classic::wythoff};

fn time(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn report(name: &str, fast: Duration, brute: Duration) {
    let ratio = brute.as_secs_f64() / fast.as_secs_f64().max(1e-9);
    println!("{name:<60} fast {fast:>10.2?}  brute force {brute:>10.2?}  speed-up ×{ratio:.0}");
}

fn main() {
    // Wythoff: outcome and winning moves of every position with heaps below 150.
    let n = 150u64;
    let fast = time(|| {
        for a in 0..n {
            for b in 0..n {
                black_box(wythoff::is_p(a, b));
                black_box(wythoff::winning_moves(a, b));
            }
        }
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(wythoff::Wythoff::default()));
        for a in 0..n {
            for b in 0..n {
                black_box(s.winning_moves(&(a, b)).unwrap());
            }
        }
    });
    report(
        "wythoff: P-test + winning moves, all heaps < 150",
        fast,
        brute,
    );

    // Wythoff values: the bitset table against the solver, both for the 400 x 400 square.
    let fast = time(|| {
        let mut c = wythoff::position(399, 399);
        black_box(c.value().unwrap());
    });
    let brute = time(|| {
        black_box(
            Solver::new(BruteForce(wythoff::Wythoff::default()))
                .grundy(&(399, 399))
                .unwrap(),
        );
    });
    report(
        "wythoff: Grundy value of (399, 399) (table vs solver)",
        fast,
        brute,
    );

    // Fibonacci Nim: every (heap, cap) with heap < 400.
    let n = 400u64;
    let theory = fibonacci_nim::Theory::new(2);
    let fast = time(|| {
        for h in 0..n {
            for cap in 0..=h {
                black_box(theory.is_p(h, cap));
                black_box(theory.winning_takes(h, cap));
            }
        }
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(fibonacci_nim::DynamicNim { k: 2 }));
        for h in 0..n {
            for cap in 0..=h {
                black_box(s.winning_moves(&(h, cap)).unwrap());
            }
        }
    });
    report(
        "fibonacci-nim: outcome + winning takes, heaps < 400",
        fast,
        brute,
    );

    // Euclid: every pair below 400.
    let n = 400u64;
    let fast = time(|| {
        for a in 0..n {
            for b in 0..n {
                black_box(euclid::grundy(a, b));
                black_box(euclid::moves_to(a, b, Nimber::ZERO));
            }
        }
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(euclid::Euclid));
        for a in 0..n {
            for b in a..n {
                black_box(s.winning_moves(&(a, b)).unwrap());
            }
        }
    });
    report("euclid: value + winning move, all pairs < 400", fast, brute);

    // Moore's Nim_2: every position of three heaps below 12.
    let n = 12u64;
    let fast = time(|| {
        for a in 0..n {
            for b in 0..n {
                for c in 0..n {
                    black_box(moore::winning_moves(2, &[a, b, c], usize::MAX).unwrap());
                }
            }
        }
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(moore::Moore { k: 2 }));
        for a in 0..n {
            for b in 0..n {
                for c in 0..n {
                    black_box(s.winning_moves(&vec![a, b, c]).unwrap());
                }
            }
        }
    });
    report("moore:2: winning moves, three heaps < 12", fast, brute);

    // One position from a cold start, at sizes where the solver still finishes.
    let fast = time(|| {
        black_box(euclid::grundy(999, 1_000_000));
        black_box(euclid::moves_to(999, 1_000_000, Nimber::ZERO));
    });
    let brute = time(|| {
        black_box(
            Solver::new(BruteForce(euclid::Euclid))
                .winning_moves(&(999, 1_000_000))
                .unwrap(),
        );
    });
    report("euclid (999, 1000000), cold", fast, brute);

    let fast = time(|| {
        let theory = fibonacci_nim::Theory::new(2);
        black_box(theory.winning_takes(1000, 999));
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(fibonacci_nim::DynamicNim { k: 2 }));
        black_box(s.winning_moves(&(1000, 999)).unwrap());
    });
    report("fibonacci-nim 1000 (start), cold", fast, brute);

    let heaps = vec![20, 25, 30];
    let fast = time(|| {
        black_box(moore::winning_moves(2, &heaps, usize::MAX).unwrap());
    });
    let brute = time(|| {
        let mut s = Solver::new(BruteForce(moore::Moore { k: 2 }));
        black_box(s.winning_moves(&heaps).unwrap());
    });
    report("moore:2 20 25 30, cold", fast, brute);
}
