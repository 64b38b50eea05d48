//! Each problem against a brute force of its own statement: random small inputs, the adapter's
//! answer compared with a plain mex search (the generic solver) of the game as the statement
//! describes it — so the reduction each adapter relies on is tested too, not only the ruleset.

use grundy_core::{BruteForce, Ruleset, Solver};
use grundy_games::nonsum::ends::PlainEnds;
use grundy_games::nonsum::take_or_merge::PlainTakeOrMerge;
use proptest::prelude::*;

use super::input::Input;

/// A game whose positions are lists of numbers and whose moves a closure gives.
struct Statement<F: Fn(&[u64]) -> Vec<Vec<u64>>>(F);

impl<F: Fn(&[u64]) -> Vec<Vec<u64>>> Ruleset for Statement<F> {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend((self.0)(p));
    }
}

/// Whether the player to move wins, by plain search.
fn first_wins<R: Ruleset>(rules: R, start: R::Position) -> bool {
    !Solver::new(BruteForce(rules))
        .grundy(&start)
        .unwrap()
        .is_zero()
}

/// Every heap reduced by every amount in `set` (a sum of subtraction games, searched whole).
fn subtract(set: &[u64]) -> impl Fn(&[u64]) -> Vec<Vec<u64>> + '_ {
    move |heaps: &[u64]| {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for &s in set {
                if s <= heaps[i] {
                    let mut q = heaps.to_vec();
                    q[i] -= s;
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
        out
    }
}

fn run(id: &str, input: &str) -> String {
    let problem = super::all().into_iter().find(|p| p.id == id).unwrap();
    let mut out = String::new();
    (problem.solve)(&mut Input::new(input), &mut out).unwrap();
    out
}

fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn hdu4764(n in 1u64..40, k in 1u64..8) {
        // The statement: write a number 1..k above the last one (0 at first); writing >= N loses,
        // so a player whose every number would reach N has lost.
        let rules = Statement(|p: &[u64]| (1..=k).map(|d| p[0] + d).filter(|&y| y < n).map(|y| vec![y]).collect());
        let want = if first_wins(rules, vec![0]) { "Tang\n" } else { "Jiang\n" };
        prop_assert_eq!(run("hdu4764", &format!("{n} {k}\n0 0\n")), want);
    }

    #[test]
    fn hdu1847(n in 1u64..200) {
        let powers: Vec<u64> = (0..8).map(|e| 1 << e).collect();
        let want = if first_wins(Statement(subtract(&powers)), vec![n]) { "Kiki\n" } else { "Cici\n" };
        prop_assert_eq!(run("hdu1847", &format!("{n}\n")), want);
    }

    #[test]
    fn hdu1848(heaps in proptest::collection::vec(1u64..14, 3)) {
        let fib = [1, 2, 3, 5, 8, 13];
        let mut start = heaps.clone();
        start.sort_unstable();
        let want = if first_wins(Statement(subtract(&fib)), start) { "Fibo\n" } else { "Nacci\n" };
        prop_assert_eq!(run("hdu1848", &format!("{}\n0 0 0\n", join(&heaps))), want);
    }

    #[test]
    fn hdu1536(
        set in proptest::collection::btree_set(1u64..7, 1..4),
        positions in proptest::collection::vec(proptest::collection::vec(0u64..10, 1..4), 1..4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let mut input = format!("{} {}\n{}\n", set.len(), join(&set), positions.len());
        let mut want = String::new();
        for p in &positions {
            input += &format!("{} {}\n", p.len(), join(p));
            let mut start = p.clone();
            start.sort_unstable();
            want.push(if first_wins(Statement(subtract(&set)), start) { 'W' } else { 'L' });
        }
        input += "0\n";
        want.push('\n');
        prop_assert_eq!(run("hdu1536", &input), want);
    }

    #[test]
    fn coin_game_1(x in 1u64..60, set in proptest::collection::btree_set(1u64..9, 1..4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let want = if first_wins(Statement(subtract(&set)), vec![x]) { "Alice\n" } else { "Bob\n" };
        let input = format!("{x} {}\n{}\n", set.len(), join(&set));
        prop_assert_eq!(run("coin-game-1", &input), want);
    }

    #[test]
    fn hdu2149(m in 1u64..40, n in 1u64..12) {
        // The statement: bids raise the price by 1..n; reaching m wins (the opponent is then stuck).
        let rules = || Statement(move |p: &[u64]| {
            if p[0] >= m { Vec::new() } else { (1..=n).map(|b| vec![(p[0] + b).min(m)]).collect() }
        });
        let winning: Vec<u64> = (1..=n).filter(|&b| !first_wins(rules(), vec![b.min(m)])).collect();
        let want = if winning.is_empty() { "none".to_string() } else { join(&winning) };
        prop_assert_eq!(run("hdu2149", &format!("{m} {n}\n")), want + "\n");
    }

    #[test]
    fn hdu1517(n in 2u64..5000) {
        let rules = Statement(move |p: &[u64]| {
            if p[0] >= n { Vec::new() } else { (2..=9).map(|k| vec![(p[0] * k).min(n)]).collect() }
        });
        let want = if first_wins(rules, vec![1]) { "Stan wins.\n" } else { "Ollie wins.\n" };
        prop_assert_eq!(run("hdu1517", &format!("{n}\n")), want);
    }

    #[test]
    fn acwing891(heaps in proptest::collection::vec(1u64..6, 1..4)) {
        let all: Vec<u64> = (1..6).collect();
        let mut start = heaps.clone();
        start.sort_unstable();
        let want = if first_wins(Statement(subtract(&all)), start) { "Yes\n" } else { "No\n" };
        prop_assert_eq!(run("acwing891", &format!("{}\n{}\n", heaps.len(), join(&heaps))), want);
    }

    #[test]
    fn acwing892(stairs in proptest::collection::vec(1u64..4, 1..4)) {
        let rules = Statement(|p: &[u64]| {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for k in 1..=p[i] {
                    let mut q = p.to_vec();
                    q[i] -= k;
                    if i > 0 { q[i - 1] += k; }
                    out.push(q);
                }
            }
            out
        });
        let want = if first_wins(rules, stairs.clone()) { "Yes\n" } else { "No\n" };
        prop_assert_eq!(run("acwing892", &format!("{}\n{}\n", stairs.len(), join(&stairs))), want);
    }

    #[test]
    fn acwing893(
        set in proptest::collection::btree_set(1u64..7, 1..4),
        heaps in proptest::collection::vec(1u64..12, 1..4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let mut start = heaps.clone();
        start.sort_unstable();
        let want = if first_wins(Statement(subtract(&set)), start) { "Yes\n" } else { "No\n" };
        let input = format!("{}\n{}\n{}\n{}\n", set.len(), join(&set), heaps.len(), join(&heaps));
        prop_assert_eq!(run("acwing893", &input), want);
    }

    #[test]
    fn take_or_merge(heaps in proptest::collection::vec(1u64..5, 1..6)) {
        let mut start = heaps.clone();
        start.sort_unstable();
        let want = if first_wins(PlainTakeOrMerge, start) { "YES\n" } else { "NO\n" };
        prop_assert_eq!(run("take-or-merge", &format!("1\n{}\n{}\n", heaps.len(), join(&heaps))), want);
    }

    #[test]
    fn zjoi2009(row in proptest::collection::vec(1u64..6, 1..6)) {
        let want = if first_wins(PlainEnds, row.clone()) { "1\n" } else { "0\n" };
        prop_assert_eq!(run("zjoi2009", &format!("1\n{}\n{}\n", row.len(), join(&row))), want);
    }

    #[test]
    fn dag_token(
        n in 2u64..7,
        raw_edges in proptest::collection::vec((0u64..7, 0u64..7), 0..12),
        tokens in proptest::collection::vec(0u64..7, 1..4),
    ) {
        // Edges from a lower to a higher node: acyclic by construction.
        let mut edges: Vec<(u64, u64)> = raw_edges
            .into_iter()
            .map(|(a, b)| (a % n, b % n))
            .filter(|(a, b)| a < b)
            .collect();
        edges.sort_unstable();
        edges.dedup();
        // The statement allows at most N tokens.
        let tokens: Vec<u64> = tokens.into_iter().take(n as usize).map(|t| t % n).collect();
        let rules = Statement(|p: &[u64]| {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for &(a, b) in &edges {
                    if a == p[i] {
                        let mut q = p.to_vec();
                        q[i] = b;
                        q.sort_unstable();
                        out.push(q);
                    }
                }
            }
            out
        });
        let mut start = tokens.clone();
        start.sort_unstable();
        let want = if first_wins(rules, start) { "win\n" } else { "lose\n" };
        let mut input = format!("{n} {} {}\n", edges.len(), tokens.len());
        for (a, b) in &edges {
            input += &format!("{} {}\n", a + 1, b + 1);
        }
        input += &format!("{}\n", tokens.iter().map(|t| (t + 1).to_string()).collect::<Vec<_>>().join(" "));
        prop_assert_eq!(run("dag-token", &input), want);
    }

    #[test]
    fn lightoj1315(knights in proptest::collection::vec((0u64..7, 0u64..7), 1..3)) {
        const VECTORS: [(i64, i64); 6] = [(-2, 1), (1, -2), (-2, -1), (-1, -2), (-3, -1), (-1, -3)];
        // A position is the knights' coordinates, flattened x0 y0 x1 y1 … in sorted pairs.
        let rules = Statement(|p: &[u64]| {
            let mut out = Vec::new();
            for i in 0..p.len() / 2 {
                for (dx, dy) in VECTORS {
                    let (x, y) = (p[2 * i] as i64 + dx, p[2 * i + 1] as i64 + dy);
                    if x >= 0 && y >= 0 {
                        let mut pairs: Vec<(u64, u64)> = p.chunks(2).map(|c| (c[0], c[1])).collect();
                        pairs[i] = (x as u64, y as u64);
                        pairs.sort_unstable();
                        out.push(pairs.into_iter().flat_map(|(x, y)| [x, y]).collect());
                    }
                }
            }
            out
        });
        let mut sorted = knights.clone();
        sorted.sort_unstable();
        let start: Vec<u64> = sorted.into_iter().flat_map(|(x, y)| [x, y]).collect();
        let want = if first_wins(rules, start) { "Case 1: Alice\n" } else { "Case 1: Bob\n" };
        let mut input = format!("1\n{}\n", knights.len());
        for (x, y) in &knights {
            input += &format!("{x} {y}\n");
        }
        prop_assert_eq!(run("lightoj1315", &input), want);
    }

    #[test]
    fn acwing894(heaps in proptest::collection::vec(1u64..6, 1..3)) {
        // The statement: remove a heap of a, put down heaps i, j with 0 <= i, j < a.
        let rules = Statement(|p: &[u64]| {
            let mut out = Vec::new();
            for k in 0..p.len() {
                for i in 0..p[k] {
                    for j in 0..p[k] {
                        let mut q = p.to_vec();
                        q.remove(k);
                        q.extend([i, j].into_iter().filter(|&h| h > 0));
                        q.sort_unstable();
                        out.push(q);
                    }
                }
            }
            out
        });
        let mut start = heaps.clone();
        start.sort_unstable();
        let want = if first_wins(rules, start) { "Yes\n" } else { "No\n" };
        prop_assert_eq!(run("acwing894", &format!("{}\n{}\n", heaps.len(), join(&heaps))), want);
    }
}
