//! Nim-multiplication speed, as ratios against baselines measured in the same run:
//! `cargo run --release -p grundy-core --example field_bench`.
//!
//! Baselines: ordinary `u64` multiplication (the floor) and the schoolbook nim-product
//! `a ⊗ b = ⊕_{i ∈ a, j ∈ b} 2^i ⊗ 2^j` over a table of the 64 × 64 products of powers of two.

use std::hint::black_box;
use std::time::Instant;

use grundy_core::field::{nim_inv, nim_mul};

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn time<F: FnMut(u64, u64) -> u64>(pairs: &[(u64, u64)], mut f: F) -> f64 {
    let start = Instant::now();
    let mut acc = 0u64;
    for &(a, b) in pairs {
        acc ^= f(black_box(a), black_box(b));
    }
    black_box(acc);
    start.elapsed().as_secs_f64() / pairs.len() as f64 * 1e9
}

fn main() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let pairs: Vec<(u64, u64)> = (0..1_000_000)
        .map(|_| (xorshift(&mut s), xorshift(&mut s)))
        .collect();
    let mut powers = vec![[0u64; 64]; 64];
    for (i, row) in powers.iter_mut().enumerate() {
        for (j, p) in row.iter_mut().enumerate() {
            *p = nim_mul(1 << i, 1 << j);
        }
    }
    let schoolbook = |a: u64, b: u64| {
        let mut r = 0;
        let mut x = a;
        while x != 0 {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            let mut y = b;
            while y != 0 {
                let j = y.trailing_zeros() as usize;
                y &= y - 1;
                r ^= powers[i][j];
            }
        }
        r
    };
    for &(a, b) in pairs.iter().take(1000) {
        assert_eq!(schoolbook(a, b), nim_mul(a, b));
    }
    let ordinary = time(&pairs, |a, b| a.wrapping_mul(b));
    let fast = time(&pairs, nim_mul);
    let naive = time(&pairs, schoolbook);
    let inv = time(&pairs[..100_000], |a, _| nim_inv(a | 1).unwrap_or(0));
    println!("random 64-bit operands, ns per operation (1e6 pairs):");
    println!("  u64 wrapping_mul        {ordinary:8.2}");
    println!(
        "  nim_mul (Fermat split)  {fast:8.2}   {:6.1}x ordinary",
        fast / ordinary
    );
    println!(
        "  schoolbook nim-product  {naive:8.2}   {:6.1}x nim_mul",
        naive / fast
    );
    println!(
        "  nim_inv                 {inv:8.2}   {:6.1}x nim_mul",
        inv / fast
    );
}
