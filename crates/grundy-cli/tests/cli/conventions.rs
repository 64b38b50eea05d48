//! `grundy solve --misere` and `--every`, run as a user runs them.

use crate::common;

use std::process::Output;

use serde_json::json;

fn grundy(args: &[&str]) -> Output {
    common::run(args, b"")
}

use crate::common::solve_json;

#[test]
fn normal_play_reports_its_convention() {
    let v = solve_json(&["nim", "1", "1"]);
    assert_eq!(v["convention"], "normal");
    assert_eq!(v["outcome"], "P");
    assert!(v.get("method").is_none());
}

#[test]
fn misere_nim_follows_bouton() {
    // Three heaps of one: the player to move takes one, the other takes one, and is left the last.
    let v = solve_json(&["--misere", "nim", "1", "1", "1"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["method"], "sj");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_moves_total"], 0);

    // 2 2: P in both conventions. 2 1 1: normal P... misère N, by emptying the 2.
    assert_eq!(solve_json(&["--misere", "nim", "2", "2"])["outcome"], "P");
    let v = solve_json(&["--misere", "nim", "2", "1", "1"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{
            "description": "take 1 from heap 1: 2 -> 1",
            "component": 0,
            "move": {"kind": "heap", "heap": 0, "from": 2, "take": 1, "leaves": [1]},
            "position": [1, 1, 1]
        }])
    );

    let out = grundy(&["solve", "--misere", "nim", "1", "1", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("misère"), "{text}");
    assert!(text.contains("Sprague–Grundy–Jones"), "{text}");
}

#[test]
fn misere_falls_back_to_search_and_lists_real_moves() {
    let v = solve_json(&["--misere", "staircase", "2", "0", "2", "+", "nim", "1"]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["position"], json!([[2, 0, 2], [1]]));
    // staircase 2 0 2 alone is a misère P-position, so emptying the Nim heap wins.
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves
        .iter()
        .any(|m| m["position"] == json!([[2, 0, 2], [0]])));
    assert_eq!(v["winning_moves_total"], moves.len());
}

#[test]
fn every_sg_reports_step_counts_and_combined_moves() {
    let v = solve_json(&["--every", "nim", "3", "+", "bash:3", "7", "+", "nim", "0"]);
    assert_eq!(v["convention"], "every");
    assert_eq!(v["outcome"], "N");
    let steps: Vec<u64> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["steps"].as_u64().unwrap())
        .collect();
    assert_eq!(steps, vec![1, 3, 0]);
    // The first listed move is the canonical one: each component to one step fewer.
    let first = &v["winning_moves"][0];
    assert_eq!(first["position"], json!([[0], [4], [0]]));
    assert_eq!(
        first["moves"],
        json!(["take all 3 from heap 1", "take 3 from heap 1: 7 -> 4", null])
    );
    // Any move in the Nim heap goes with bash 7 -> 4.
    assert_eq!(v["winning_moves_total"], 3);

    let v = solve_json(&["--every", "bash:3", "8", "+", "nim", "5"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn convention_errors_are_one_line() {
    let out = grundy(&["solve", "--misere", "--every", "nim", "1"]);
    assert_eq!(out.status.code(), Some(2));
    // Two huge heaps in one Nim game have no closed form for their step count: a search limit.
    let out = grundy(&["solve", "--every", "nim", "100000000000", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("too large"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    // One huge heap is grouped by its closed form.
    let v = solve_json(&[
        "--every",
        "--limit",
        "2",
        "nim",
        "100000000000",
        "+",
        "nim",
        "2",
        "3",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
}

#[test]
fn misere_outcome_alone_stops_at_a_winning_move() {
    let chomp = "script:bench/scripts/chomp.rhai";
    for board in ["3,3,2", "4,4,4", "5,5,3,1", "2,1"] {
        let full = common::success_json_from_root(&["solve", "--json", "--misere", chomp, board]);
        let fast = common::success_json_from_root(&[
            "solve",
            "--json",
            "--misere",
            "--outcome",
            chomp,
            board,
        ]);
        assert_eq!(fast["outcome"], full["outcome"], "{board}");
        assert_eq!(fast["convention"], "misere");
        assert_eq!(fast["outcome_search"], true);
        assert!(fast["grundy"].is_null() && fast["winning_moves_total"].is_null());
        let listed = full["winning_moves"].as_array().unwrap();
        for m in fast["winning_moves"].as_array().unwrap() {
            assert!(listed.contains(m), "{board}: {m} is not a winning move");
        }
        assert_eq!(
            fast["winning_moves"].as_array().unwrap().len(),
            usize::from(full["outcome"] == "N")
        );
    }
    // A theorem decides misère Nim: its verdict, every move counted, with or without the ask.
    let v = solve_json(&["--misere", "--outcome", "nim", "2", "1", "1"]);
    assert_eq!(
        (v["method"].as_str(), v["outcome"].as_str()),
        (Some("sj"), Some("N"))
    );
    assert_eq!(v["winning_moves_total"], 1);
    // All its winning moves are listed, as without --outcome (whose --limit is not given).
    let v = solve_json(&["--misere", "--outcome", "nim", "5", "6", "7"]);
    assert_eq!(v["winning_moves_total"], 3);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3, "{v}");
    // Every-SG needs every component whole: refused, naming both flags.
    let out = grundy(&["solve", "--every", "--outcome", "nim", "3"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--outcome") && err.contains("--every"),
        "{err}"
    );
}
