//! Green Hackenbush speed, as ratios against a baseline measured in the same run:
//! `cargo run --release -p grundy-games --example hackenbush_bench`.
//!
//! Baseline: a plain breadth-first search from the ground, which any evaluation must at least
//! do. Measured: the value (bridges, fusion, colon principle) and the winning cuts.

use std::time::Instant;

use grundy_core::Nimber;
use grundy_games::graph::hackenbush::Drawing;

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn seconds<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

/// The baseline: a plain breadth-first search from the ground over an adjacency list.
fn reachable(g: &Drawing) -> usize {
    let mut adj = vec![Vec::new(); g.n];
    for &(u, v) in &g.edges {
        adj[u as usize].push(v);
        adj[v as usize].push(u);
    }
    let mut seen = vec![false; g.n];
    seen[0] = true;
    let mut queue = vec![0u32];
    let mut count = 1;
    while let Some(u) = queue.pop() {
        for &v in &adj[u as usize] {
            if !std::mem::replace(&mut seen[v as usize], true) {
                count += 1;
                queue.push(v);
            }
        }
    }
    count
}

fn main() {
    let mut s = 0x2545_f491_4f6c_dd1du64;
    // A random tree of a million vertices with 5% extra edges closing small cycles.
    let n = 1_000_000u32;
    let mut edges: Vec<(u32, u32)> = (1..n)
        .map(|v| ((xorshift(&mut s) % u64::from(v)) as u32, v))
        .collect();
    for _ in 0..n / 20 {
        let v = (xorshift(&mut s) % u64::from(n - 1)) as u32 + 1;
        let u = v.saturating_sub((xorshift(&mut s) % 4) as u32 + 1);
        edges.push((u, v));
    }
    let g = Drawing {
        n: n as usize,
        edges,
    };
    let all = g.all_edges();
    let (_, search) = seconds(|| reachable(&g));
    let (value, eval) = seconds(|| g.value(&all));
    let (cuts, moves) = seconds(|| g.cuts_to(&all, Nimber::ZERO));
    println!(
        "{} vertices, {} edges: value {value}, {} winning cuts",
        g.n,
        g.edges.len(),
        cuts.map(|c| c.len().to_string())
            .unwrap_or_else(|e| e.to_string())
    );
    println!("  connectivity search (baseline) {:8.3} s", search);
    println!(
        "  value                          {:8.3} s  {:5.2}x baseline",
        eval,
        eval / search
    );
    println!(
        "  winning cuts                   {:8.3} s  {:5.2}x baseline",
        moves,
        moves / search
    );

    // One big cycle with a stalk: the cuts inside the cycle re-evaluate it per edge.
    for len in [1_000u32, 4_000, 40_000] {
        let mut edges: Vec<(u32, u32)> = (0..len).map(|i| (i, (i + 1) % len)).collect();
        edges.push((0, len));
        let g = Drawing {
            n: len as usize + 1,
            edges,
        };
        let all = g.all_edges();
        let (_, search) = seconds(|| reachable(&g));
        let (_, moves) = seconds(|| g.cuts_to(&all, Nimber::ZERO));
        println!(
            "  cycle of {len}: winning cuts {:8.3} s  {:8.0}x baseline (quadratic)",
            moves,
            moves / search
        );
    }
}
