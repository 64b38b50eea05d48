//! `grundy solve` at its limits: winning moves too many (or too costly) to list, counts past 64
//! bits, and batch lines ended by a lone carriage return.

use std::time::{Duration, Instant};

use serde_json::Value as Json;

use crate::common;

fn solve(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let out = common::run(&all, stdin.as_bytes());
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `solve --json ARGS`, asserted to succeed and to fit the schema's `solve` shape.
fn solve_json(args: &[&str]) -> Json {
    let v = common::solve_json(args);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schema/grundy.schema.json"
    ))
    .unwrap();
    let mut schema: Json = serde_json::from_str(&text).unwrap();
    schema["$ref"] = Json::from("#/$defs/solve");
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{args:?}: {}\n{v}", errors.join("\n"));
    v
}

/// Positions whose outcome and value are known but whose winning moves cannot be listed.
const UNLISTED: [(&[&str], u64); 2] = [
    (&["tartan:twins*twins", "10000,9999"], 14267),
    (&["lasker", "4294967295", "1"], 4294967297),
];

#[test]
fn too_many_winning_moves_still_give_the_outcome_and_value() {
    for (position, grundy) in UNLISTED {
        let (code, out, err) = solve(position, "");
        assert_eq!(code, Some(0), "{position:?}: {err}");
        assert!(err.is_empty(), "{position:?}: {err}");
        assert!(out.contains("Outcome: N"), "{position:?}: {out}");
        assert!(
            out.contains(&format!("Grundy value: {grundy} ")),
            "{position:?}: {out}"
        );
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("Winning moves"))
            .collect();
        assert_eq!(lines.len(), 1, "{position:?}: {out}");
        let line = lines[0];
        // One line: why, that the count is not known, and how to skip the search.
        assert!(
            line.contains("not listed")
                && line.contains("not known")
                && line.contains("--no-moves"),
            "{position:?}: {line}"
        );
        assert!(!line.contains("cannot list"), "{line}");
        assert_eq!(out.lines().last(), Some(line), "{position:?}: {out}");
    }
}

#[test]
fn too_many_winning_moves_in_json() {
    for (position, grundy) in UNLISTED {
        let v = solve_json(position);
        assert_eq!(v["outcome"], "N", "{v}");
        assert_eq!(v["grundy"], grundy, "{v}");
        assert_eq!(v["winning_moves"], serde_json::json!([]), "{v}");
        assert!(v["winning_moves_total"].is_null(), "{v}");
        let note = v["moves_note"].as_str().unwrap_or_else(|| panic!("{v}"));
        assert!(note.contains("not listed"), "{note}");
        // A position whose moves are listed has no note.
        let plain = solve_json(&["nim", "3", "4", "5"]);
        assert!(plain.get("moves_note").is_none(), "{plain}");
    }
}

#[test]
fn too_many_winning_moves_in_a_sum_and_in_batch() {
    // In a sum the other components' values still add up.
    let (code, out, err) = solve(&["lasker", "4294967295", "1", "+", "nim", "3"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Grundy value: 4294967298 "), "{out}");
    assert!(out.contains("Winning moves: not listed"), "{out}");

    let (code, out, err) = solve(&["lasker", "--batch"], "4294967295 1\n3 4\n");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out, "N 4294967297 -\nN 7 2 split heap 1 (3) into 1 and 2\n",
        "{err}"
    );
    let (code, out, err) = solve(&["lasker", "--batch", "--json"], "4294967295 1\n");
    assert_eq!(code, Some(0), "{err}");
    let v: Json = serde_json::from_str(out.trim_end()).unwrap();
    assert!(
        v["winning_moves_total"].is_null() && v["moves_note"].is_string(),
        "{v}"
    );
}

/// Moore's Nim_2 with four heaps of 2^64 - 1: far more than 2^64 winning moves.
const SATURATED: [&str; 6] = [
    "moore:2",
    "18446744073709551615",
    "18446744073709551615",
    "18446744073709551615",
    "18446744073709551615",
    "0",
];

#[test]
fn a_saturated_count_is_marked_as_a_bound() {
    let v = solve_json(&SATURATED);
    assert_eq!(v["winning_moves_total"], u64::MAX, "{v}");
    assert_eq!(v["winning_moves_total_is_bound"], true, "{v}");
    let plain = solve_json(&["nim", "3", "4", "5"]);
    assert!(
        plain.get("winning_moves_total_is_bound").is_none(),
        "{plain}"
    );

    let (code, out, err) = solve(&SATURATED, "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Winning moves (at least 18446744073709551615):"),
        "{out}"
    );
    assert!(!out.contains("more (raise --limit"), "{out}");
}

#[test]
fn a_saturated_count_in_batch_is_marked_too() {
    let (code, out, err) = solve(
        &["moore:2", "--batch"],
        &format!("{}\n", SATURATED[1..].join(" ")),
    );
    assert_eq!(code, Some(0), "{err}");
    let mut fields = out.split(' ');
    assert_eq!(fields.next(), Some("N"), "{out}");
    fields.next();
    assert_eq!(fields.next(), Some(">=18446744073709551615"), "{out}");
}

#[test]
fn batch_lines_may_end_in_cr_lf_or_crlf() {
    let (code, out, err) = solve(&["nim", "--batch"], "1 2\r3 4\r");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.starts_with("N 3 1 ") && out.contains("\nN 7 1 "),
        "{out}"
    );

    let (code, out, err) = solve(&["nim", "--batch"], "1 1\r\n\r2 2\n\n3 3\r\r\n4 4");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "P 0 0\nP 0 0\nP 0 0\nP 0 0\n");

    // Line numbers count every line end, whichever it is: `x` is on line 4 each time.
    for input in [
        "1\r2\r\r x\r",
        "1\n2\r\n\nx\n",
        "1\r\n2\n\r\nx",
        "1\r2\n\rx",
    ] {
        let (code, _, err) = solve(&["nim", "--batch"], input);
        assert_eq!(code, Some(2), "{input:?}: {err}");
        assert!(err.contains("line 4"), "{input:?}: {err}");
    }
    let (_, _, err) = solve(&["nim", "--batch", "--json"], "1\r2\rx");
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn a_heap_too_large_for_any_table_is_refused_at_once() {
    // 0.007 has no period for millions of heaps: looking for one to the largest table solve
    // makes took minutes before the refusal. Now it is refused from the first thousands.
    let started = Instant::now();
    let out = common::run(&["solve", "0.007", "1000000000000"], b"");
    let took = started.elapsed();
    let stderr = common::without_progress(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(took < Duration::from_secs(20), "took {took:?}: {stderr}");
    assert!(
        stderr.contains("a heap of 1000000000000 is too large")
            && stderr.contains("`grundy table 0.007 --period --max 4194304`"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
