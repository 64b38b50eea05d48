//! The `grundy solve` and `grundy games` commands, run as a user runs them.

mod batch;
mod limits;
mod outcome;

use crate::common;

use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn grundy(args: &[&str], stdin: &str) -> Output {
    common::run(args, stdin.as_bytes())
}

use crate::common::solve_json;

#[test]
fn nim_3_4_5_has_exactly_one_winning_move() {
    let out = grundy(&["solve", "nim", "3", "4", "5"], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("first player"), "{text}");
    assert!(text.contains("Winning moves (1):"), "{text}");
    assert!(text.contains("take 2 from heap 1: 3 -> 1"), "{text}");

    let v = solve_json(&["nim", "3", "4", "5"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], json!([3, 4, 5]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(
        v["winning_moves"],
        json!([{
            "description": "take 2 from heap 1: 3 -> 1",
            "component": 0,
            "move": {"kind": "heap", "heap": 0, "from": 3, "take": 2, "leaves": [1]},
            "position": [1, 4, 5]
        }])
    );
}

#[test]
fn json_flag_may_follow_the_position() {
    let out = grundy(&["solve", "nim", "1", "1", "--json"], "");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
}

#[test]
fn sums_of_different_games() {
    let v = solve_json(&["nim", "3", "4", "+", "bash:3", "7"]);
    assert_eq!(v["position"], json!([[3, 4], [7]]));
    assert_eq!(v["grundy"], 3 ^ 4 ^ (7 % 4));
    for m in v["winning_moves"].as_array().unwrap() {
        // After a winning move the whole sum must be a P-position.
        let p = &m["position"];
        let nim: Vec<u64> = serde_json::from_value(p[0].clone()).unwrap();
        let bash: Vec<u64> = serde_json::from_value(p[1].clone()).unwrap();
        let total = nim.iter().fold(0, |x, h| x ^ h) ^ bash.iter().fold(0, |x, h| x ^ (h % 4));
        assert_eq!(total, 0, "{m}");
    }
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn staircase_moves_are_real_moves() {
    let v = solve_json(&["staircase", "3", "9", "5", "1"]);
    assert_eq!(v["grundy"], 3 ^ 5);
    assert_eq!(v["winning_moves_total"], 2);
}

#[test]
fn positions_can_come_from_stdin() {
    let heaps: Vec<String> = (1..=100_000u64)
        .map(|i| (i * 7919 % 1_000_003).to_string())
        .collect();
    let expected = (1..=100_000u64).fold(0, |x, i| x ^ (i * 7919 % 1_000_003));
    let out = grundy(
        &["solve", "--json", "--limit", "3", "nim", "-"],
        &heaps.join("\n"),
    );
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], expected);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
}

/// No heaps is the empty position: nothing to move, value 0, shown as `(empty)`.
#[test]
fn a_game_without_heaps_is_the_empty_position() {
    let out = grundy(&["solve", "nim"], "");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Position: nim (empty)\nOutcome: P"),
        "{text}"
    );
    let json = common::solve_json(&["0.77", "+", "nim", "3"]);
    assert_eq!(json["components"][0]["position"], serde_json::json!([]));
    assert_eq!(json["grundy"], 3);
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    for (args, needle) in [
        (vec!["solve", "chess", "1"], "argument 1 ('chess')"),
        (vec!["solve", "nim", "3", "x"], "argument 3 ('x')"),
        (vec!["solve", "nim", "3", "-4"], "argument 3 ('-4')"),
        (vec!["solve", "northcott"], "empty"),
        (vec!["solve", "bash:0", "3"], "argument 1 ('bash:0')"),
        (vec!["solve", "bash", "3"], "needs parameters"),
        (vec!["solve", "nim", "99999999999999999999"], "at most"),
        (vec!["solve", "nim", "3", "+"], "expected a game"),
        (vec!["solve", "sub:1,x", "3"], "sub:1,x"),
    ] {
        let out = grundy(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = grundy(&["solve", "nim", "-"], "3 4 z");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("stdin item 3"));
}

#[test]
fn games_lists_every_ruleset() {
    let out = grundy(&["games", "--json"], "");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    for n in ["nim", "bash", "staircase"] {
        assert!(names.contains(&n), "{names:?}");
    }
}

#[test]
fn a_reader_that_goes_away_is_not_a_panic() {
    // `grundy games | head -0`: the reader closes its end before grundy has started writing.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["games"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_ne!(
        out.status.code(),
        Some(101),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn heaps_beyond_the_table_answer_from_the_theorem() {
    // Just past the enumeration limit (2^22): the period or formula gives the winning moves.
    for (game, heaps) in [
        ("sub:1,3,4", &["4194305"][..]),
        ("sub:1,3,4", &["4194305", "4194399", "2"]),
        ("lasker", &["4194309"]),
        ("lasker", &["4194309", "5"]),
    ] {
        let mut args = vec![game];
        args.extend_from_slice(heaps);
        let v = common::solve_json(&args);
        let total = v["winning_moves_total"].as_u64().unwrap();
        assert_eq!(v["outcome"], "N", "{args:?}");
        assert!(total >= 1);
        for m in v["winning_moves"].as_array().unwrap() {
            // Every move leads to a P-position, as the solver sees it afresh.
            let after: Vec<String> = m["position"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.to_string())
                .collect();
            let mut again = vec![game];
            again.extend(after.iter().map(String::as_str));
            assert_eq!(common::solve_json(&again)["outcome"], "P", "{m}");
        }
        // --limit 0 counts without listing.
        let mut counted = vec!["--limit", "0"];
        counted.extend_from_slice(&args);
        let c = common::solve_json(&counted);
        assert_eq!(c["winning_moves_total"].as_u64(), Some(total));
        assert!(c["winning_moves"].as_array().unwrap().is_empty());
    }
}

#[test]
fn a_split_heap_of_ten_to_the_eighteen_answers() {
    let v = common::solve_json(&["split", "1000000000000000000", "5", "7"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_moves_total"].as_u64().unwrap() >= 1);
    let v = common::solve_json(&["--limit", "0", "split", "1000000000000000000"]);
    assert_eq!(
        v["winning_moves_total"].as_u64(),
        Some(1_000_000_000_000_000_000)
    );
}

/// `--no-moves`: the outcome and value as a full solve gives them, no move looked for (a null
/// count in JSON, `-` in a batch line), and no flag it cannot go with.
#[test]
fn no_moves_gives_the_value_alone() {
    for spec in [
        &["cram:3x5"][..],
        &["chomp:3x4"],
        &["nim", "3", "4", "5"],
        &["nim", "1", "1"],
    ] {
        let full = solve_json(spec);
        let mut args = vec!["--no-moves"];
        args.extend_from_slice(spec);
        let bare = solve_json(&args);
        assert_eq!(bare["outcome"], full["outcome"], "{spec:?}");
        assert_eq!(bare["grundy"], full["grundy"], "{spec:?}");
        assert_eq!(bare["components"], full["components"], "{spec:?}");
        assert_eq!(bare["winning_moves"], json!([]), "{spec:?}");
        assert_eq!(bare["winning_moves_total"], Value::Null, "{spec:?}");
        assert!(full["winning_moves_total"].is_u64(), "{spec:?}");
    }
    let out = grundy(&["solve", "--no-moves", "cram:3x4"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Grundy value: 1"), "{text}");
    assert!(text.contains("not looked for (--no-moves)"), "{text}");
    let out = grundy(&["solve", "--no-moves", "--batch", "nim"], "3 4\n1 1\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "N 7 -\nP 0 -\n");
    // (With --every it gives the Every-SG outcome alone: solve/outcome.rs.)
    for other in ["--misere", "--limit=3"] {
        let out = grundy(&["solve", "--no-moves", other, "nim", "3"], "");
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("cannot be used with"), "{other}: {err}");
    }
}
