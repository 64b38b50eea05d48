//! Ranges in a slot of an option (`[a, 0..b]`, `sum([0..k, q])`) and `repeat(x, n)` from the
//! command line: the games they write are the games spelled out (Nim on two heaps, explicit
//! copies), huge counts stay two numbers, and every misuse is one line naming where.

use crate::common;

use serde_json::Value;

/// Nim on two heaps, written as a game on pairs with a range in each option.
const PAIRS: &str = "script:{fn moves(p) { [[p[0], 0..p[1]], [0..p[0], p[1]]] }}";

/// Nim heaps (`range`) and pairs as in [`PAIRS`].
const NIM: &str = "script:{fn moves(p) { if type_of(p) != \"i64\" { return [[p[0], 0..p[1]], \
                   [0..p[0], p[1]]]; } range(0, p) }}";

fn solve(args: &[&str]) -> Value {
    common::solve_json(args)
}

/// The failure of `grundy ARGS`: its exit code and its standard error.
fn failure(args: &[&str]) -> (i32, String) {
    let out = common::run(args, b"");
    assert!(!out.status.success(), "{args:?} succeeded");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn pairs_with_a_range_in_each_slot_are_nim_on_two_heaps() {
    for a in 0..=4 {
        for b in 0..=4 {
            let pair = format!("{a},{b}");
            let got = solve(&[PAIRS, &pair]);
            let nim = solve(&["nim", &a.to_string(), &b.to_string()]);
            assert_eq!(got["grundy"], a ^ b, "{pair}");
            assert_eq!(got["outcome"], nim["outcome"], "{pair}");
            assert_eq!(
                got["winning_moves_total"], nim["winning_moves_total"],
                "{pair}"
            );
        }
    }
}

#[test]
fn repeat_is_the_sum_of_its_copies() {
    for n in [0usize, 1, 2, 7, 8, 9, 10, 11] {
        let word = format!("repeat(3,{n})");
        let mut spelled = vec!["3"; n];
        spelled.push("2,1");
        for flags in [&[][..], &["--misere"][..]] {
            let run = |words: &[&str]| {
                let mut args: Vec<&str> = flags.to_vec();
                args.push(NIM);
                args.extend_from_slice(words);
                solve(&args)
            };
            let (compact, plain) = (run(&[&word, "2,1"]), run(&spelled));
            for key in ["outcome", "grundy", "winning_moves_total"] {
                assert_eq!(compact[key], plain[key], "{word} {flags:?}: {key}");
            }
        }
    }
}

#[test]
fn a_huge_repeat_is_valued_by_parity_and_says_its_move() {
    // 10^18 + 1 heaps of 5 and a heap of 4: the copies are worth 5, the sum 5 ^ 4 = 1, and the
    // one winning move takes a 5 to 4 (leaving 10^18 fives, worth 0, and two 4s).
    let got = solve(&[NIM, "repeat(5,1000000000000000001)", "4"]);
    assert_eq!(got["grundy"], 1);
    assert_eq!(
        got["position"],
        serde_json::json!([4, "repeat(5,1000000000000000001)"])
    );
    assert_eq!(got["winning_moves_total"], 1);
    let only = &got["winning_moves"][0];
    assert_eq!(only["description"], "5 -> 4");
    assert_eq!(
        only["position"],
        serde_json::json!([4, 4, "repeat(5,1000000000000000000)"])
    );
    // As an option: n copies of a heap of 7 and a heap of 2, n of 10^18 and 10^18 + 1.
    for (n, want) in [("1000000000000000000", 1), ("1000000000000000001", 0)] {
        let game = format!(
            "script:{{fn moves(p) {{ if p < 100 {{ range(0, p) }} else {{ [sum([repeat(7, {n}), 2])] }} }}}}"
        );
        // G(100) = mex{G(option)}: 1 when the option is worth 0, else 0.
        let option = if want == 0 { 7 ^ 2 } else { 2 };
        let got = solve(&[&game, "100"]);
        assert_eq!(got["grundy"], u64::from(option == 0), "n = {n}");
    }
}

#[test]
fn a_range_in_a_part_of_a_sum_and_in_tables() {
    // Heaps split into a smaller heap and a pair [1, 1] (`sum([0..n / 2, [1, 1]])`), or move to
    // a pair [1, k]; the table equals the one of the same script with loops.
    let ranged = "script:{fn moves(n) { if type_of(n) != \"i64\" { return [[n[0], 0..n[1]]]; } \
                  if n < 2 { [] } else { [sum([0..n / 2, [1, 1]]), [1, 0..n]] } }}";
    let looped = "script:{fn moves(n) { if type_of(n) != \"i64\" { let r = []; for k in 0..n[1] \
                  { r.push([n[0], k]); } return r; } if n < 2 { return []; } let r = []; \
                  for k in 0..n / 2 { r.push(sum([k, [1, 1]])); } for k in 0..n { r.push([1, k]); } r }}";
    let table = |game: &str| {
        common::success_json(&["table", "--json", "--upto", "40", game], b"")["values"].clone()
    };
    let values = table(ranged);
    assert_eq!(values, table(looped));
    assert_eq!(values[2], 2);
}

#[test]
fn play_lists_moves_in_copies_once() {
    let out = common::run(&["play", NIM, "repeat(3,9)", "2,1"], b"q\n");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("repeat(3,9) 2,1   value 0"), "{text}");
    // A move in one of the nine copies of 3, listed once for each heap it leaves.
    assert_eq!(text.matches("3 -> 0 ->").count(), 1, "{text}");
    assert!(
        text.contains("[2, 1] -> [2, 0] -> repeat(3,9) 2,0"),
        "{text}"
    );
}

#[test]
fn misuses_are_one_line_naming_where() {
    let cases = [
        ("[[0..2, 0..2]]", "two ranges"),
        ("[[3..1, 2]]", "runs backwards"),
        ("[sum([repeat(1, -1)])]", "0 or more"),
        ("[repeat(1, 3)]", "outside a sum"),
        ("[[1, repeat(1, 3)]]", "outside a sum"),
        ("[sum([repeat([0..2], 3)])]", "inside repeat"),
        ("[[0, 0..=9223372036854775807]]", "too many options"),
        (
            "[[0, 0..1000000000000000000]]",
            "more than a search may value",
        ),
    ];
    for (options, says) in cases {
        let game =
            format!("script:{{fn moves(p) {{ if p == [0, 0] {{ [] }} else {{ {options} }} }}}}");
        let (code, err) = failure(&["solve", &game, "1,1"]);
        assert_eq!(code, 1, "{options}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{options}: {err}");
        assert!(err.contains("inline script:1:"), "{options}: {err}");
        assert!(err.contains(says), "{options}: {err}");
    }
    for word in ["repeat(3,-1)", "repeat(3)", "repeat(3,x)"] {
        let (code, err) = failure(&["solve", NIM, word]);
        assert_eq!(code, 2, "{word}: {err}");
        assert!(err.contains("repeat(X,N) is N copies"), "{word}: {err}");
    }
}

#[test]
fn the_search_cap_stops_a_family_past_it_but_not_a_range_of_heaps() {
    // --max-positions 100: the solver stores 1000. Take-at-most-half on 5000 has 2500 options,
    // valued by the shared line without being stored; 5000 arrays would each be stored.
    let half = "script:{fn moves(n) { n - n / 2 .. n }}";
    let got = solve(&["--max-positions", "100", half, "5000"]);
    assert_eq!(got["grundy"], 2500);
    let arrays = "script:{fn moves(n) { if type_of(n) == \"i64\" { [[0, 0..5000]] } else { [] } }}";
    let (code, err) = failure(&["solve", "--max-positions", "100", arrays, "1"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("inline script:1:1: moves(1): 5000 options, more than a search may value"),
        "{err}"
    );
}
