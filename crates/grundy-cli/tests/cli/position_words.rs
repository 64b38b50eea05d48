//! Positions as `grundy` shows them back (issue 28): one JSON type for each shape of a script
//! position, long positions shortened in errors, and a number past the goal shown as given.

use crate::common;

use serde_json::{json, Value};

const STEP: &str = "script:{fn moves(p) { let out = []; for i in 0..p.len() { \
                    if p[i] > 0 { let q = p; q[i] -= 1; out.push(q); } } out }}";

#[test]
fn script_arrays_are_json_arrays_whatever_their_length() {
    let v = common::solve_json(&[STEP, "[1,0]", "[2]"]);
    assert_eq!(v["position"], json!([[1, 0], [2]]), "{v}");
    assert_eq!(v["components"][0]["position"], json!([[1, 0], [2]]));
    let moves = v["winning_moves"].as_array().unwrap();
    let after: Vec<&Value> = moves.iter().map(|m| &m["position"]).collect();
    assert_eq!(after, [&json!([[0, 0], [2]]), &json!([[1], [1, 0]])]);
    for m in moves {
        assert_eq!(m["move"]["to"], m["position"], "{m}");
    }
    let v = common::solve_json(&[STEP, "[0]"]);
    assert_eq!(v["position"], json!([[0]]), "{v}");
    let v = common::solve_json(&[STEP, "[1]"]);
    assert_eq!(v["winning_moves"][0]["position"], json!([[0]]), "{v}");
}

/// Exit 2 and one line on stderr, which is returned.
fn bad_input(args: &[&str], stdin: &[u8]) -> String {
    let out = common::run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{:.200}", err);
    assert_eq!(err.lines().count(), 1, "{:.200}", err);
    err
}

#[test]
fn an_invalid_hundred_thousand_heap_position_gives_a_short_error() {
    // 10^5 heaps as one word (too long for one argument: through standard input), which nim
    // does not read.
    let heaps = vec!["1"; 100_000].join(",");
    let err = bad_input(&["solve", "nim", "-"], heaps.as_bytes());
    assert!(err.len() < 1000, "{} bytes", err.len());
    assert!(err.contains("stdin item 1 ('1,1,1,"), "{err}");
    assert!(err.contains("(199999 characters)"), "{err}");
    assert!(err.contains("a heap size must be a whole number"), "{err}");
}

#[test]
fn a_ten_thousand_digit_code_gives_a_short_error() {
    let code = format!("0.{}x", "7".repeat(10_000));
    let err = bad_input(&["solve", &code, "5"], b"");
    assert!(err.len() < 1000, "{} bytes", err.len());
    assert!(err.contains("argument 1 ('0.777"), "{err}");
    assert!(err.contains("unknown game '0.777"), "{err}");
}

#[test]
fn a_number_past_the_goal_is_shown_as_given() {
    let out = common::run(
        &["solve", "multiplication:162", "18446744073709551615"],
        b"",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Position: multiplication:162 18446744073709551615\n"),
        "{text}"
    );
    assert!(text.contains("Outcome: P"), "{text}");
    assert!(
        text.contains("Note: 18446744073709551615 is at least N = 162: the game is over"),
        "{text}"
    );
    let v = common::solve_json(&["multiplication:162", "18446744073709551615"]);
    assert_eq!(v["position"], json!(18446744073709551615u64), "{v}");
    assert_eq!(
        v["components"][0]["position"],
        json!(18446744073709551615u64)
    );
    assert_eq!(v["outcome"], "P");
    assert_eq!(
        v["notes"][0]
            .as_str()
            .map(|n| n.contains("at least N = 162")),
        Some(true),
        "{v}"
    );
}

/// `play` writes each position back as the words that build it: a one-element array stays an
/// array (`[2]`, not the number 2), in text as in play.
#[test]
fn one_element_arrays_are_played_and_shown_as_arrays() {
    let out = common::run(&["play", STEP, "[2]"], b"1\n1\n1\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("[0]"), "{text}");
    let out = common::run(&["solve", STEP, "[1,0]", "[2]"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!("Position: {STEP} 1,0 [2]")),
        "{text}"
    );
}
