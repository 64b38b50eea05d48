//! `grundy solve --outcome`: who wins alone, by a search that stops at the first winning move.
//! Its outcome must be the plain `solve`'s, and the move it shows must really win: the position
//! it leads to is P by the plain `solve`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde_json::Value;

use crate::common;

/// Moore's Nim_2 over one array of heaps (not a sum: a move may change two heaps).
const MOORE2: &str = "script:bench/scripts/moore2.rhai";
/// Chomp, a board as its rows' lengths.
const CHOMP: &str = "script:bench/scripts/chomp.rhai";

fn solve(flags: &[&str], game: &str, words: &[&str]) -> Value {
    let mut args = vec!["solve", "--json"];
    args.extend_from_slice(flags);
    args.push(game);
    args.extend_from_slice(words);
    let out = common::run_from_root(&args, b"");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A position's JSON as the words that give it back (see `Game::show`): an array is several
/// words; an inner array of two or more numbers is written with commas (`3,4,5`), any other
/// inner array as its JSON (`[1]`, `[]`).
fn words_of(position: &Value) -> Vec<String> {
    let word = |w: &Value| match w {
        Value::Array(a) if a.len() >= 2 && a.iter().all(Value::is_number) => {
            a.iter().map(Value::to_string).collect::<Vec<_>>().join(",")
        }
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match position {
        Value::Array(words) => words.iter().map(word).collect(),
        other => vec![word(other)],
    }
}

/// `solve --outcome` against the plain `solve` on one position; returns whether the outcome
/// search decided it (else the value path did).
fn assert_agrees(game: &str, words: &[&str]) -> bool {
    let plain = solve(&[], game, words);
    let fast = solve(&["--outcome"], game, words);
    let at = format!("{game} {words:?}");
    assert_eq!(fast["outcome"], plain["outcome"], "{at}: {fast} vs {plain}");
    if fast.get("outcome_search") != Some(&Value::Bool(true)) {
        // The value path: the same verdict as --no-moves.
        assert_eq!(fast["grundy"], plain["grundy"], "{at}");
        assert!(fast["winning_moves_total"].is_null(), "{at}: {fast}");
        return false;
    }
    assert!(fast["grundy"].is_null(), "{at}: {fast}");
    assert!(fast["winning_moves_total"].is_null(), "{at}: {fast}");
    assert!(fast["components"][0]["value"].is_null(), "{at}: {fast}");
    let moves = fast["winning_moves"].as_array().unwrap();
    if plain["outcome"] == "P" {
        assert!(moves.is_empty(), "{at}: {fast}");
        return true;
    }
    assert_eq!(moves.len(), 1, "{at}: {fast}");
    // The move is one of the plain solve's winning moves, and its position is P.
    let to = &moves[0]["position"];
    let listed: Vec<&Value> = plain["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["position"])
        .collect();
    assert!(listed.contains(&to), "{at}: {to} is not among {listed:?}");
    let after = words_of(to);
    let after: Vec<&str> = after.iter().map(String::as_str).collect();
    assert_eq!(solve(&[], game, &after)["outcome"], "P", "{at}: after {to}");
    true
}

#[test]
fn script_games_that_are_not_sums_are_decided_by_the_search() {
    for words in ["[1]", "[2]", "1,1", "1,2,3", "2,2,2", "1,2,4,5", "3,5,6"] {
        assert!(assert_agrees(MOORE2, &[words]), "moore2 {words}");
    }
    for words in ["[1]", "[2]", "2,1", "3,3", "4,4,4", "4,3,1", "5,5,5,5"] {
        assert!(assert_agrees(CHOMP, &[words]), "chomp {words}");
    }
    for words in ["0,0", "1,2", "3,5", "4,4", "6,10", "7,9"] {
        assert!(
            assert_agrees(common::WYTHOFF_SCRIPT, &[words]),
            "wythoff {words}"
        );
    }
}

#[test]
fn sums_and_theorems_keep_the_value_path() {
    // Sums (heap games, several components) and games a theorem decides are valued; the
    // registry's Chomp is valued by the search engine for hard single games.
    for (game, words) in [
        ("nim", &["3", "4", "5"][..]),
        ("0.77", &["7", "9"]),
        ("wythoff", &["3", "5"]),
        ("moore:2", &["1", "2", "3"]),
        ("chomp:3x4", &[]),
        // Several heaps of a one-number script are one component, a sum: its parts are valued,
        // and its `moves` is never called on the sum.
        ("script:examples/games/half.rhai", &["9", "8"]),
        ("script:examples/games/half.rhai", &["9", "8", "8"]),
    ] {
        assert!(!assert_agrees(game, words), "{game} {words:?}");
    }
    let sum = solve(&["--outcome"], "nim", &["3", "4", "+", "bash:3", "7"]);
    assert_eq!((&sum["outcome"], &sum["grundy"]), (&"N".into(), &4.into()));
}

#[test]
fn a_loopy_game_falls_back_to_the_loopy_analysis() {
    // 0 <-> 1 and 1 -> 2 (no move): 1 is N, 0 is P. From 0 the search comes back to 0, and the
    // loopy analysis decides.
    let game = "script:{fn moves(n) { if n == 0 { [1] } else if n == 1 { [0, 2] } else { [] } }}";
    let draw = "script:{fn moves(n) { [1 - n] }}";
    let fast = solve(&["--outcome"], draw, &["0"]);
    assert_eq!(fast["outcome"], "D");
    assert!(fast.get("outcome_search").is_none(), "{fast}");
    for n in ["0", "1", "2"] {
        let plain = solve(&[], game, &[n]);
        let fast = solve(&["--outcome"], game, &[n]);
        assert_eq!(fast["outcome"], plain["outcome"], "{n}: {fast}");
    }
}

#[test]
fn text_says_the_move_is_one_winning_move() {
    let out = common::run_from_root(&["solve", "--outcome", CHOMP, "4,4,4"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Outcome: N"), "{text}");
    assert!(
        text.contains("Grundy value: not computed (--outcome"),
        "{text}"
    );
    assert!(
        text.contains("A winning move (the one that settled the search"),
        "{text}"
    );
    let p = common::run_from_root(&["solve", "--outcome", CHOMP, "[1]"], b"");
    let text = String::from_utf8(p.stdout).unwrap();
    assert!(text.contains("Outcome: P"), "{text}");
    assert!(text.contains("Every move loses"), "{text}");
}

#[test]
fn batch_lines_have_no_value_and_no_count() {
    let out = common::run_from_root(
        &["solve", "--outcome", "--batch", MOORE2],
        b"1,2,3\n1,1\n\n3,3\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    // 1,2,3: binary digit sums 2, 1 (mod 3): N; 1,1: 2 in the units: N; 3,3: 2 and 2: N.
    for l in &lines {
        assert!(l.starts_with("N - - "), "{text}");
    }
    // The plain batch agrees on the outcomes.
    let out = common::run_from_root(
        &["solve", "--no-moves", "--batch", MOORE2],
        b"1,2,4\n1,1,1\n",
    );
    let plain = String::from_utf8(out.stdout).unwrap();
    let out = common::run_from_root(
        &["solve", "--outcome", "--batch", MOORE2],
        b"1,2,4\n1,1,1\n",
    );
    let fast = String::from_utf8(out.stdout).unwrap();
    let outcomes = |t: &str| t.lines().map(|l| l[..1].to_string()).collect::<Vec<_>>();
    assert_eq!(outcomes(&plain), outcomes(&fast), "{plain} vs {fast}");
    assert_eq!(outcomes(&fast), ["N", "P"]);
    assert!(fast.lines().nth(1).unwrap() == "P - -", "{fast}");
    // JSON Lines too.
    let out = common::run_from_root(
        &["solve", "--outcome", "--json", "--batch", MOORE2],
        b"1,2\n",
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["line"], &v["outcome_search"]),
        (&1.into(), &true.into())
    );
}

#[test]
fn outcome_conflicts_with_the_other_questions() {
    for flag in ["--every", "--no-moves", "--guess"] {
        let out = common::run_from_root(&["solve", "--outcome", flag, MOORE2, "1,2"], b"");
        assert!(!out.status.success(), "{flag}");
    }
    // Misère play goes with it (conventions.rs tests what it answers).
    let out = common::run_from_root(&["solve", "--outcome", "--misere", MOORE2, "1,2"], b"");
    assert!(out.status.success());
    let out = common::run_from_root(&["solve", "--outcome", "--limit", "3", MOORE2, "1,2"], b"");
    assert!(!out.status.success());
}

/// A random acyclic game on the vertices 1..=n as a script that looks a vertex up in a map.
fn dag() -> impl Strategy<Value = BTreeMap<u32, Vec<u32>>> {
    (2u32..12).prop_flat_map(|n| {
        prop::collection::btree_set((1..n).prop_flat_map(move |u| (Just(u), u + 1..=n)), 1..30)
            .prop_map(|edges| {
                let mut out: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
                for (u, v) in edges {
                    out.entry(u).or_default().push(v);
                }
                out
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_graphs_agree_with_the_plain_solve(graph in dag()) {
        let map = graph
            .iter()
            .map(|(u, vs)| format!("\"{u}\": {vs:?}"))
            .collect::<Vec<_>>()
            .join(", ");
        let script = format!(
            "script:{{fn moves(p) {{ let g = #{{ {map} }}; let k = `${{p}}`; if k in g {{ g[k] }} else {{ [] }} }}}}"
        );
        assert!(assert_agrees(&script, &["1"]));
    }
}

#[test]
fn every_sg_without_moves_gives_the_outcome_alone() {
    for (game, words) in [
        ("nim", &["3", "4", "5"][..]),
        ("sub:1,2", &["4", "7", "2"]),
        ("0.07", &["6", "9"]),
        (MOORE2, &["1,2,3"]),
        (CHOMP, &["3,3"]),
    ] {
        let full = solve(&["--every"], game, words);
        let alone = solve(&["--every", "--no-moves"], game, words);
        let at = format!("{game} {words:?}");
        assert_eq!(alone["outcome"], full["outcome"], "{at}");
        assert_eq!(
            alone["components"], full["components"],
            "{at}: the step counts"
        );
        assert!(
            alone["winning_moves"].as_array().unwrap().is_empty(),
            "{at}"
        );
        assert!(alone["winning_moves_total"].is_null(), "{at}: {alone}");
    }
    let out = common::run_from_root(&["solve", "--every", "--no-moves", "nim", "3", "4"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Convention: Every-SG"), "{text}");
    assert!(
        text.contains("Winning moves: not looked for (--no-moves)"),
        "{text}"
    );
    // In a batch the count is unknown.
    let out = common::run_from_root(
        &["solve", "--every", "--no-moves", "--batch", "nim"],
        b"3 4\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let full = common::run_from_root(&["solve", "--every", "--batch", "nim"], b"3 4\n");
    let full = String::from_utf8(full.stdout).unwrap();
    assert_eq!(
        text.split(' ').next(),
        full.split(' ').next(),
        "{text} vs {full}"
    );
    assert_eq!(text.split_whitespace().nth(2), Some("-"), "{text}");
}

/// A move to a position with no move is found by asking each option whether it has one, within
/// a small budget of script steps, not by listing every option's moves: the script says each
/// step of its loop on stderr, so the test counts what the search made it list. Listing the
/// moves of every option of 1000 would be 500,000 steps; the root's own 1000 and a budget of a
/// few dozen an option are far fewer.
#[test]
fn a_move_to_a_terminal_position_is_found_without_listing_every_option() {
    let script = "script:{fn moves(n) { if n < 0 { return []; } \
                  let r = []; for k in 0..n { print(\"k\"); r.push(k); } r.push(-1); r }}";
    let out = common::run_from_root(&["solve", "--outcome", "--json", script, "1000"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&v["outcome"], &v["outcome_search"]),
        (&"N".into(), &true.into())
    );
    assert_eq!(v["winning_moves"][0]["position"], serde_json::json!([-1]));
    let steps = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| *l == "k")
        .count();
    assert!((1000..100_000).contains(&steps), "{steps} steps listed");
}
