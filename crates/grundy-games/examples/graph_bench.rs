//! Benchmark: token games on a random graph of 10^6 vertices and 5·10^6 edges: acyclic (`dag`),
//! uniformly random (`loopy`: mostly draws) and a DAG with 1% of its edges reversed (`mixed`:
//! cycles, draws and many finite γ levels).
//!
//! ```sh
//! cargo run --release -p grundy-games --example graph_bench            # both, one process each
//! cargo run --release -p grundy-games --example graph_bench -- dag 1000000 5000000
//! ```
//!
//! The graphs are generated in-process (nothing large is committed). Each kind runs in its own
//! process so its peak memory (VmHWM) is its own. Times are also given as ratios to a baseline
//! measured in the same run: building the compressed adjacency arrays from the edge list, i.e.
//! one counting sort of the edges.

use std::process::Command;
use std::time::Instant;

use grundy_core::loopy::{generalized_grundy, retrograde};
use grundy_core::{Graph, GraphAnalysis, Outcome};

/// splitmix64: a tiny, good-enough generator so the benchmark needs no extra crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn edges(kind: &str, n: u32, m: usize, rng: &mut Rng) -> Vec<(u32, u32)> {
    if kind != "loopy" {
        // Edges go from a higher to a lower rank in a random order of the vertices.
        let mut rank: Vec<u32> = (0..n).collect();
        for i in (1..n as usize).rev() {
            rank.swap(i, rng.below(i as u64 + 1) as usize);
        }
        (0..m)
            .map(|_| loop {
                let (a, b) = (rng.below(n.into()) as u32, rng.below(n.into()) as u32);
                if a != b {
                    let (hi, lo) = if rank[a as usize] > rank[b as usize] {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    // "mixed": one edge in a hundred goes against the order, closing cycles.
                    if kind == "mixed" && rng.below(100) == 0 {
                        break (lo, hi);
                    }
                    break (hi, lo);
                }
            })
            .collect()
    } else {
        (0..m)
            .map(|_| (rng.below(n.into()) as u32, rng.below(n.into()) as u32))
            .collect()
    }
}

fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

fn run(kind: &str, n: u32, m: usize) {
    let mut rng = Rng(0x5eed);
    let list = edges(kind, n, m, &mut rng);

    // The text form, parsed as `grundy solve graph:FILE` would.
    let mut text = format!("{n} {m}\n");
    for &(u, v) in &list {
        text += &format!("{} {}\n", u + 1, v + 1);
    }
    let t = Instant::now();
    let parsed = grundy_games::graph::edges::parse(&text, "bench").expect("valid graph");
    let parse = secs(t);
    drop(parsed);
    drop(text);

    let t = Instant::now();
    let graph = Graph::from_edges(n as usize, &list);
    let baseline = secs(t);
    drop(list);

    let t = Instant::now();
    let analysis = GraphAnalysis::new(&graph);
    let solve = secs(t);

    println!(
        "{kind}: {n} vertices, {} distinct edges",
        graph.edge_count()
    );
    println!("  baseline (build CSR arrays):  {baseline:7.3} s  = 1.00");
    println!(
        "  parse the text file:          {parse:7.3} s  = {:.2}x",
        parse / baseline
    );
    println!(
        "  solve (GraphAnalysis::new):   {solve:7.3} s  = {:.2}x",
        solve / baseline
    );
    if !analysis.is_acyclic() {
        let t = Instant::now();
        let reverse = graph.reversed();
        let rev = secs(t);
        let t = Instant::now();
        let rem = retrograde(&graph, &reverse);
        let retro = secs(t);
        let t = Instant::now();
        let gamma = generalized_grundy(&graph, &reverse);
        let gsg = secs(t);
        println!(
            "    of which reverse graph:     {rev:7.3} s  = {:.2}x",
            rev / baseline
        );
        println!(
            "    of which retrograde:        {retro:7.3} s  = {:.2}x",
            retro / baseline
        );
        println!(
            "    of which γ labelling:       {gsg:7.3} s  = {:.2}x",
            gsg / baseline
        );
        let draws = rem.iter().filter(|r| r.is_none()).count();
        let infinite = gamma.iter().filter(|g| g.is_none()).count();
        println!("  draws: {draws}, infinite γ: {infinite}");
    }
    let max = (0..n)
        .filter_map(|v| analysis.finite(v))
        .max()
        .unwrap_or_default();
    let p = (0..n)
        .filter(|&v| analysis.outcome(v) == Outcome::P)
        .count();
    println!("  P-positions: {p}, largest finite value: {}", max.0);
    let bytes = graph.heap_bytes() + analysis.heap_bytes();
    println!(
        "  memory: graph + values {:.1} MB ({:.1} bytes per edge); peak RSS of the process {:.1} MB \
         (includes the text file and the edge list)",
        bytes as f64 / 1e6,
        bytes as f64 / graph.edge_count().max(1) as f64,
        peak_rss_mb()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let m: usize = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000_000);
    match args.get(1).map(String::as_str) {
        Some(kind @ ("dag" | "loopy" | "mixed")) => run(kind, n, m),
        _ => {
            let me = std::env::current_exe().expect("own path");
            for kind in ["dag", "loopy", "mixed"] {
                let status = Command::new(&me)
                    .args([kind, &n.to_string(), &m.to_string()])
                    .status()
                    .expect("runs itself");
                assert!(status.success());
            }
        }
    }
}
