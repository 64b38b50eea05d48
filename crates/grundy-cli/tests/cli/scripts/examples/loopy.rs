//! The loopy example (`examples/games/loopy.rhai`): its outcomes N, P and D and its values
//! (Smith's generalized Sprague–Grundy function) against retrograde analysis of the rules, alone
//! and in sums.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::{grundy_json, spec, table_line};

#[derive(Clone, Debug, PartialEq)]
enum Gamma {
    Finite(u64),
    Infinite(BTreeSet<u64>),
}

fn loopy_moves(n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if n >= 2 {
        out.push(n - 2);
    }
    if n >= 5 {
        out.push(n - 5);
    }
    if n % 4 == 1 {
        out.push(n + 2);
    }
    out
}

/// Outcomes by retrograde analysis: 'P', 'N' or 'D' for each vertex.
fn retrograde(succ: &[Vec<usize>]) -> Vec<char> {
    let n = succ.len();
    let mut pred = vec![Vec::new(); n];
    for (u, vs) in succ.iter().enumerate() {
        for &v in vs {
            pred[v].push(u);
        }
    }
    let mut outcome = vec!['D'; n];
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&u| succ[u].is_empty()).collect();
    for &u in &queue {
        outcome[u] = 'P';
    }
    while let Some(v) = queue.pop() {
        for &u in &pred[v] {
            if outcome[u] != 'D' {
                continue;
            }
            if outcome[v] == 'P' {
                outcome[u] = 'N';
                queue.push(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    outcome[u] = 'P';
                    queue.push(u);
                }
            }
        }
    }
    outcome
}

/// Smith's generalized Sprague–Grundy function, by the labelling algorithm of Fraenkel and Yesha.
fn generalized_sg(succ: &[Vec<usize>]) -> Vec<Gamma> {
    #[derive(Clone, Copy, PartialEq)]
    enum Label {
        None,
        Finite(u64),
        Infinite,
    }
    let n = succ.len();
    let mut label = vec![Label::None; n];
    let mut m = 0;
    while label.contains(&Label::None) {
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] != Label::None {
                    continue;
                }
                let no_m = succ[u].iter().all(|&v| label[v] != Label::Finite(m));
                let answered = succ[u].iter().all(|&v| {
                    matches!(label[v], Label::Finite(_))
                        || succ[v].iter().any(|&w| label[w] == Label::Finite(m))
                });
                if no_m && answered {
                    label[u] = Label::Finite(m);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == Label::None && succ[u].iter().all(|&v| label[v] != Label::Finite(m)) {
                label[u] = Label::Infinite;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| match label[u] {
            Label::Finite(k) => Gamma::Finite(k),
            _ => Gamma::Infinite(
                succ[u]
                    .iter()
                    .filter_map(|&v| match label[v] {
                        Label::Finite(k) => Some(k),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect()
}

/// A table value: a number, or "inf(a,b,...)".
fn parse_gamma(v: &Value) -> Gamma {
    if let Some(k) = v.as_u64() {
        return Gamma::Finite(k);
    }
    let text = v.as_str().unwrap_or_else(|| panic!("not a value: {v}"));
    let inner = text
        .strip_prefix("inf(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a value: {v}"));
    Gamma::Infinite(
        inner
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().parse().unwrap())
            .collect(),
    )
}

fn outcome_of(g: &Gamma) -> char {
    match g {
        Gamma::Finite(0) => 'P',
        Gamma::Finite(_) => 'N',
        Gamma::Infinite(k) if k.contains(&0) => 'N',
        Gamma::Infinite(_) => 'D',
    }
}

#[test]
fn loopy_matches_retrograde_analysis_and_smiths_function() {
    const N: usize = 60;
    // Heaps 0..=N reach at most N + 2.
    let succ: Vec<Vec<usize>> = (0..=N + 2)
        .map(|n| loopy_moves(n).into_iter().filter(|&m| m <= N + 2).collect())
        .collect();
    let outcomes = retrograde(&succ);
    let gammas = generalized_sg(&succ);
    for n in 0..=N + 2 {
        assert_eq!(outcome_of(&gammas[n]), outcomes[n], "heap {n}");
    }
    assert_eq!(outcomes[..14].iter().collect::<String>(), "PDNDPNNPDNDPNN");
    assert!(outcomes[..=N].contains(&'D'));

    let table: Vec<Gamma> = table_line("loopy", N).iter().map(parse_gamma).collect();
    for n in 0..=N {
        assert_eq!(table[n], gammas[n], "heap {n}");
    }
    // solve on single heaps: the outcome, and drawing moves from a draw.
    for n in [0, 1, 2, 5, 9, 24, 25] {
        let v = grundy_json(&["solve", "--json", &spec("loopy"), &n.to_string()]);
        assert_eq!(v["outcome"], outcomes[n].to_string(), "heap {n}: {v}");
    }
    let v = grundy_json(&["solve", "--json", &spec("loopy"), "1"]);
    assert_eq!(v["grundy"], Value::Null, "{v}");
    assert_eq!(v["drawing_moves"][0]["position"], json!([3]), "{v}");
}

#[test]
fn loopy_sums_match_retrograde_analysis_of_the_sum() {
    // The sum of two heaps as one game: a move is a move in either heap. Heaps up to M reach at
    // most M + 2, so the pairs (a, b) with a, b <= M + 2 are closed under moves.
    const M: usize = 20;
    const SIDE: usize = M + 3;
    let succ: Vec<Vec<usize>> = (0..SIDE * SIDE)
        .map(|s| {
            let (a, b) = (s / SIDE, s % SIDE);
            let mut out = Vec::new();
            for a2 in loopy_moves(a).into_iter().filter(|&x| x < SIDE) {
                out.push(a2 * SIDE + b);
            }
            for b2 in loopy_moves(b).into_iter().filter(|&x| x < SIDE) {
                out.push(a * SIDE + b2);
            }
            out
        })
        .collect();
    let outcomes = retrograde(&succ);
    let pairs = [
        (0, 0),
        (1, 2),
        (1, 1),
        (2, 2),
        (2, 5),
        (5, 6),
        (5, 9),
        (6, 8),
        (3, 7),
        (12, 13),
        (9, 16),
        (20, 4),
    ];
    let mut seen = BTreeSet::new();
    for (a, b) in pairs {
        let expected = outcomes[a * SIDE + b].to_string();
        seen.insert(expected.clone());
        // Two words after one spec (one component) and two specs joined by `+`.
        let game = spec("loopy");
        let (a, b) = (a.to_string(), b.to_string());
        let v = grundy_json(&["solve", "--json", &game, &a, &b]);
        assert_eq!(v["outcome"], expected, "{a} {b}: {v}");
        let v = grundy_json(&["solve", "--json", &game, &a, "+", &game, &b]);
        assert_eq!(v["outcome"], expected, "{a} + {b}: {v}");
    }
    assert_eq!(seen.len(), 3, "the pairs cover N, P and D: {seen:?}");
}
