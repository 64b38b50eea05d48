//! Hackenbush against the plain search of [`HackenbushRules`]: values, winning cuts and their
//! words, misère and Every-SG, literature values, and the files and words it refuses.

use std::sync::Arc;

use grundy_core::{analyse, BruteForce, Game, Nimber, RulesetComponent, Solver};
use proptest::prelude::*;
use serde_json::Value as Json;

use super::read::build;
use super::{Drawing, Hackenbush, HackenbushRules};
use crate::spec::{GameSpec, Word};
use crate::testing::assert_conventions_match_brute_force;

fn graph(n: usize, edges: &[(u32, u32)]) -> Drawing {
    Drawing {
        n,
        edges: edges.to_vec(),
    }
}

#[test]
fn literature_values() {
    // A stalk of 5 is *5; a vertex above the ground carrying stalks of 1 and 2 is 1 + (1 ⊕ 2).
    let stalk = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
    assert_eq!(stalk.value(&stalk.all_edges()), Nimber(5));
    let tree = graph(5, &[(0, 1), (1, 2), (1, 3), (3, 4)]);
    assert_eq!(tree.value(&tree.all_edges()), Nimber(4));
    // Cycles on the ground: odd ones are *1, even ones 0 (Winning Ways ch. 7).
    for len in 1..8u32 {
        let edges: Vec<(u32, u32)> = (0..len).map(|i| (i, (i + 1) % len)).collect();
        let g = graph(len as usize, &edges);
        assert_eq!(g.value(&g.all_edges()), Nimber(u64::from(len % 2)), "{len}");
    }
    // A triangle on a stalk of one edge: the triangle fuses to a vertex with 3 loops (*1),
    // under one edge: 1 + 1 = *2.
    let lolly = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]);
    assert_eq!(lolly.value(&lolly.all_edges()), Nimber(2));
}

#[test]
fn huge_graphs_need_no_deep_recursion() {
    let n = 300_000u32;
    let stalk = graph(
        n as usize + 1,
        &(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>(),
    );
    assert_eq!(stalk.value(&stalk.all_edges()), Nimber(u64::from(n)));
    // The winning cut of a long stalk: leave nothing (cut the bottom edge).
    assert_eq!(
        stalk.cuts_to(&stalk.all_edges(), Nimber::ZERO).unwrap(),
        vec![0]
    );
    let cycle = graph(
        n as usize,
        &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>(),
    );
    assert_eq!(cycle.value(&cycle.all_edges()), Nimber(0));
}

#[test]
fn bad_files_are_one_line_errors_with_the_line() {
    for (text, needle) in [
        ("", "empty"),
        ("3\n", "line 1"),
        ("# graph\n3 2\n1 2\n2 x\n", "line 4"),
        ("3 1\n1 4\n", "line 2: vertex 4 is not in 1..3"),
        ("3 1\n1 0\n", "line 2: vertex 0"),
        ("3 1\n1 2\n2 3\n", "line 3: more edges"),
        ("3 2\n1 2\n", "only 1 given"),
        ("0 0\n", "at least 1"),
        ("3 1\n1 -2\n", "negative"),
    ] {
        let err = Drawing::parse(text, "g.txt").unwrap_err();
        assert!(err.contains(needle), "{text:?}: {err}");
        assert!(err.starts_with("g.txt"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }
    let ok = Drawing::parse("# comment\n\n2 2 # header\n1 2\n2 2\n", "g").unwrap();
    assert_eq!(ok.edges, vec![(0, 1), (1, 1)]);
}

fn random_graph() -> impl Strategy<Value = Drawing> {
    (1usize..7).prop_flat_map(|n| {
        proptest::collection::vec((0..n as u32, 0..n as u32), 1..11)
            .prop_map(move |edges| graph(n, &edges))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn fusion_and_cuts_match_brute_force(g in random_graph(), drop in any::<u16>()) {
        let rules = HackenbushRules(&g);
        let full = (1u64 << g.edges.len()) - 1;
        // Some edges may be cut already: the position is what stays connected.
        let start = rules.grounded(full & !(u64::from(drop) & u64::from(drop >> 8)));
        let alive: Vec<u32> = (0..g.edges.len() as u32).filter(|&i| start >> i & 1 == 1).collect();
        prop_assert_eq!(g.connected(&alive), alive.clone());
        let mut brute = Solver::new(BruteForce(HackenbushRules(&g)));
        let v = brute.grundy(&start).unwrap();
        prop_assert_eq!(g.value(&alive), v);
        for target in [0, 1, 2, v.0 ^ 3] {
            let mut want = Vec::new();
            for &e in &alive {
                let after = rules.grounded(start & !(1 << e));
                if brute.grundy(&after).unwrap() == Nimber(target) {
                    want.push(e);
                }
            }
            prop_assert_eq!(g.cuts_to(&alive, Nimber(target)).unwrap(), want.clone(), "target {}", target);
            prop_assert_eq!(g.cuts_to_by(&alive, Nimber(target), true).unwrap(), want, "target {}", target);
        }
    }

    #[test]
    fn cuts_are_described_by_the_edge_cut(g in random_graph(), drop in any::<u16>()) {
        let game = Hackenbush::new("test", Arc::new(g.clone()));
        let alive: Vec<u32> = (0..g.edges.len() as u32).filter(|&i| drop >> i & 1 == 0).collect();
        let alive = game.position(&alive);
        for &e in &alive {
            let after = game.cut(&alive, e);
            let (u, v) = g.edges[e as usize];
            prop_assert_eq!(
                game.describe(&alive, &after),
                format!("cut edge {} ({}-{})", e + 1, u + 1, v + 1)
            );
        }
    }
}

fn small_graph() -> impl Strategy<Value = Drawing> {
    (1usize..5).prop_flat_map(|n| {
        proptest::collection::vec((0..n as u32, 0..n as u32), 1..6)
            .prop_map(move |edges| graph(n, &edges))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn misere_and_every_sg_match_a_plain_search(
        g in small_graph(),
        drops in proptest::collection::vec(any::<u8>(), 1..=2),
    ) {
        let game = Hackenbush::new("test", Arc::new(g.clone()));
        let positions: Vec<Vec<u32>> = drops
            .iter()
            .map(|d| {
                let alive: Vec<u32> =
                    (0..g.edges.len() as u32).filter(|&i| d >> i & 1 == 0).collect();
                game.position(&alive)
            })
            .collect();
        assert_conventions_match_brute_force(&game, &positions)?;
    }
}

fn spec(text: &str) -> GameSpec {
    GameSpec::parse(&Word::new("argument 1", text))
}

#[test]
fn inline_lists_are_drawings() {
    // A triangle on the ground (*1) and a stalk of two (*2) on vertex 1.
    let mut sum = vec![build(&spec("hackenbush:1-2,2-3,3-1,1-4,4-5"), &[]).unwrap()];
    let a = analyse(&mut sum, 10).unwrap();
    assert_eq!(a.grundy, Some(Nimber(3)));
    assert_eq!(sum[0].position(), Json::from(vec![1, 2, 3, 4, 5]));
    assert_eq!(sum[0].game(), "hackenbush:1-2,2-3,3-1,1-4,4-5");
    // Edges 4 and 5 alone; cutting edge 4 drops edge 5 with it.
    let words = Word::from_args(&["5", "4"]);
    let mut sum = vec![build(&spec("hackenbush:1-2,2-3,3-1,1-4,4-5"), &words).unwrap()];
    let a = analyse(&mut sum, 10).unwrap();
    assert_eq!(a.winning_moves[0].description, "cut edge 4 (1-4)");
    assert_eq!(a.winning_moves[0].position, Json::from(Vec::<u32>::new()));
    let e = build(&spec("hackenbush:1-2,,2-3"), &[]).err().unwrap();
    assert!(e.to_string().contains("not an inline edge list"), "{e}");
}

#[test]
fn position_words_from_standard_input_clash_with_a_drawing_read_from_it() {
    let words = vec![Word::new("stdin item 1", "1")];
    let e = build(&spec("hackenbush:-"), &words).err().unwrap();
    assert_eq!(
        e.to_string(),
        "stdin item 1 ('1'): hackenbush:- reads the graph from standard input, so give the \
         edges standing as arguments"
    );
}

#[test]
fn files_too_large_to_list_are_refused_for_play_only() {
    let n = 20_000u32;
    let stalk = graph(
        n as usize + 1,
        &(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>(),
    );
    let game = Hackenbush::new("hackenbush:stalk", Arc::new(stalk));
    let all = game.drawing().all_edges();
    let e = game.searchable(&all).unwrap_err().to_string();
    assert!(e.contains("more than the 100000000 allowed"), "{e}");
    let mut sum = vec![RulesetComponent::boxed(game, all)];
    let a = analyse(&mut sum, 10).unwrap();
    assert_eq!(a.grundy, Some(Nimber(u64::from(n))));
    assert_eq!(a.winning_moves[0].description, "cut edge 1 (1-2)");
}
