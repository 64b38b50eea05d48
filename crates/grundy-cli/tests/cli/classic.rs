//! The classic families (Wythoff, Fibonacci Nim, Moore's Nim, Euclid, Northcott, Poker Nim) run
//! as a user runs them.

use crate::common;

use std::process::Output;

use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Output {
    common::run(args, b"")
}

fn solve_text(args: &[&str]) -> String {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let out = grundy(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

use crate::common::solve_json;

fn stderr_of_failure(args: &[&str], code: i32) -> String {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn wythoff_lone_huge_positions_are_decided_and_sums_use_the_table() {
    let text = solve_text(&["wythoff", "3", "5"]);
    assert!(text.contains("Outcome: P"), "{text}");

    let v = solve_json(&["wythoff", "1000000000000000000", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["components"][0]["value"], Value::Null);
    assert_eq!(v["winning_moves"][0]["position"], json!([3, 5]));

    let v = solve_json(&["wythoff", "3", "5", "+", "nim", "2"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    // Emptying the Nim heap, or moving the Wythoff game to a position of value 2.
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().any(|m| m["position"] == json!([[3, 5], [0]])),
        "{v}"
    );
    assert!(moves.len() > 1, "{v}");

    let err = stderr_of_failure(&["solve", "wythoff", "2000", "3", "+", "nim", "1"], 1);
    assert!(err.contains("below 1024"), "{err}");
    let err = stderr_of_failure(&["solve", "wythoff", "3"], 2);
    assert!(err.contains("argument 1"), "{err}");
    let err = stderr_of_failure(&["solve", "wythoff", "3", "10000000000000000000"], 2);
    assert!(err.contains("argument 3"), "{err}");
}

#[test]
fn fibonacci_nim_start_and_mid_game_positions() {
    let text = solve_text(&["fibonacci-nim", "13"]);
    assert!(text.contains("Outcome: P"), "{text}");
    let v = solve_json(&["fibonacci-nim", "20"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["position"], "20");
    assert_eq!(v["winning_moves"][0]["position"], "18/2");
    // Heap 7 after a take of 2: up to 4 may be taken, and 7 = 5 + 2.
    let v = solve_json(&["fibonacci-nim", "7/2"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"][0]["description"],
        "take 2: 7 -> 5 (the next player may take up to 4)"
    );
    let v = solve_json(&["dynamic:3", "7/2", "+", "nim", "1"]);
    assert!(v["grundy"].is_u64(), "{v}");
    let v = solve_json(&["fibonacci-nim", "1000000000000000000"]);
    assert_eq!(v["outcome"], "N");
    let err = stderr_of_failure(&["solve", "fibonacci-nim", "7/0"], 2);
    assert!(err.contains("argument 2"), "{err}");
    let err = stderr_of_failure(&["solve", "dynamic:0", "7"], 2);
    assert!(err.contains("argument 1"), "{err}");
    let err = stderr_of_failure(&["solve", "fibonacci-nim", "5000", "+", "nim", "1"], 1);
    assert!(err.contains("1000"), "{err}");
}

#[test]
fn euclid_by_the_chain_formula() {
    let v = solve_json(&["euclid", "3", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["position"], json!([3, 2]));
    let text = solve_text(&["euclid", "2", "3"]);
    assert!(text.contains("Outcome: P"), "{text}");
    let v = solve_json(&["euclid", "1", "18446744073709551615"]);
    assert_eq!(v["grundy"], json!(u64::MAX));
    let v = solve_json(&["euclid", "8", "21", "+", "nim", "3"]);
    assert!(v["grundy"].is_u64(), "{v}");
    let err = stderr_of_failure(&["solve", "euclid", "1", "-2"], 2);
    assert!(err.contains("argument 3"), "{err}");
}

#[test]
fn northcott_is_nim_on_the_gaps() {
    let v = solve_json(&["northcott", "1,5", "5,3"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["position"], json!(["1,5", "5,3"]));
    assert_eq!(v["winning_moves_total"], 2);
    let text = solve_text(&["northcott", "1,3", "4,2"]);
    assert!(text.contains("Outcome: P"), "{text}");
    let err = stderr_of_failure(&["solve", "northcott", "1,5", "3,3"], 2);
    assert!(err.contains("argument 3"), "{err}");
    let err = stderr_of_failure(&["solve", "northcott", "0,5"], 2);
    assert!(err.contains("argument 2"), "{err}");
}

#[test]
fn poker_nim_has_nim_values_and_a_reversing_note() {
    let text = solve_text(&["poker-nim:5", "1", "2", "3"]);
    assert!(text.contains("Outcome: P"), "{text}");
    assert!(text.contains("Note: play Nim"), "{text}");
    let v = solve_json(&["poker-nim:5", "3", "4", "5"]);
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["position"], json!({"heaps": [3, 4, 5], "pool": 5}));
    assert!(v["notes"][0]
        .as_str()
        .unwrap()
        .contains("take the same number back"));
    // In a sum of value 3, additions reach the targets too: 4 -> 7 and 5 -> 6.
    let v = solve_json(&["poker-nim:5", "3", "4", "5", "+", "nim", "1"]);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().any(|m| m["description"]
            .as_str()
            .unwrap()
            .contains("add 1 from the pool")),
        "{v}"
    );
    let err = stderr_of_failure(&["solve", "poker-nim", "3"], 2);
    assert!(err.contains("argument 1"), "{err}");
}

#[test]
fn moore_lists_multi_heap_winning_moves() {
    let v = solve_json(&["moore:2", "1", "2", "4", "7"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["position"], json!([1, 2, 3, 3]));
    let text = solve_text(&["moore:2", "1", "2", "4", "7"]);
    assert!(
        text.contains("take 1 from heap 3 (4 -> 3) and 4 from heap 4 (7 -> 3)"),
        "{text}"
    );
    let text = solve_text(&["moore:2", "3", "3", "3"]);
    assert!(text.contains("Outcome: P"), "{text}");
    let v = solve_json(&["moore:2", "18446744073709551615", "5", "9"]);
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["outcome"], "N");
    let err = stderr_of_failure(&["solve", "moore:2", "100000", "7", "+", "nim", "1"], 1);
    assert!(err.contains("not known in general"), "{err}");
    let err = stderr_of_failure(&["solve", "moore:0", "1"], 2);
    assert!(err.contains("argument 1"), "{err}");
}
