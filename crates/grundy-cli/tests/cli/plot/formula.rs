//! `grundy plot --formula F`: the formula drawn over the values, the positions where it fails
//! counted (and named in the legend and the JSON report), errors refused before any work.

use std::path::PathBuf;

use serde_json::{json, Value};

use crate::common;

fn out_file(name: &str) -> PathBuf {
    common::scratch_dir("plot-formula").join(name)
}

/// `grundy ARGS`: its exit code, standard output and standard error.
fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = common::run(args, b"");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `grundy plot ARGS -o FILE --json`: its report and the SVG written.
fn plot_json(file: &str, args: &[&str]) -> (Value, String) {
    let path = out_file(file);
    let p = path.to_str().unwrap();
    let mut all = vec!["plot"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", p, "--json"]);
    let (code, out, err) = grundy(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    let report: Value = serde_json::from_str(&out).expect("one JSON document");
    let svg = std::fs::read_to_string(&path).expect("svg written");
    roxmltree::Document::parse(&svg).expect("well-formed XML");
    (report, svg)
}

#[test]
fn a_wrong_formula_is_drawn_with_its_failures_counted_and_named() {
    let (report, svg) = plot_json(
        "kayles.svg",
        &["0.77", "--upto", "100", "--formula", "n % 3"],
    );
    assert_eq!(report["formula"], "n % 3");
    let failures = report["failures"].as_u64().expect("a count");
    assert!(failures > 0, "{report}");
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 ...; n % 3 first differs at n = 3.
    assert_eq!(report["first_failure"], json!({"n": 3}));
    // The same first counterexample as `grundy check`.
    let (code, out, _) = grundy(&[
        "check",
        "0.77",
        "--upto",
        "100",
        "--formula",
        "n % 3",
        "--json",
    ]);
    assert_eq!(code, 1, "check refutes it");
    let check: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(check["counterexample"]["n"], report["first_failure"]["n"]);
    assert!(svg.contains("formula: n % 3"), "legend names the formula");
    assert!(
        svg.contains(&format!("fails at {failures} positions (first n = 3)")),
        "legend gives the verdict"
    );
    // The failures count is exact: one per n whose value is not n % 3.
    let (_, out, _) = grundy(&["table", "0.77", "--upto", "100", "--json"]);
    let table: Value = serde_json::from_str(&out).expect("table JSON");
    let values: Vec<u64> = table["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a finite value"))
        .collect();
    assert_eq!(values.len(), 101);
    let wrong = values
        .iter()
        .enumerate()
        .filter(|&(n, &g)| g != n as u64 % 3)
        .count() as u64;
    assert_eq!(failures, wrong);
}

#[test]
fn a_right_formula_holds_everywhere() {
    let (report, svg) = plot_json("nim.svg", &["nim", "--upto", "50", "--formula", "n"]);
    assert_eq!(report["formula"], "n");
    assert_eq!(report["failures"], 0);
    assert_eq!(report["first_failure"], Value::Null);
    assert!(svg.contains("formula: n"));
    assert!(
        svg.contains("holds on all 51 positions"),
        "legend says it holds"
    );
}

#[test]
fn boolean_formulas_on_two_heap_games_are_compared_with_the_p_positions() {
    let (report, svg) = plot_json(
        "wythoff.svg",
        &[
            "wythoff",
            "--upto",
            "10x10",
            "--outcome",
            "--formula",
            "a == b",
        ],
    );
    // P-positions with a, b <= 10: (0,0), (1,2), (3,5), (4,7), (6,10) and their mirrors. `a == b`
    // is wrong on 10 of the 11 diagonal cells and on the 8 P-positions off it.
    assert_eq!(report["failures"], 18, "{report}");
    assert_eq!(report["first_failure"], json!({"a": 1, "b": 1}));
    assert!(svg.contains("formula (P-positions): a == b"));
    assert!(svg.contains("fails at 18 positions (first a = 1, b = 1)"));
    // Booleans are read as P-positions without --outcome too; the right rule holds.
    let (report, _) = plot_json(
        "wythoff-p.svg",
        &[
            "wythoff",
            "--upto",
            "10x10",
            "--formula",
            "[0, 2, 1, 5, 7, 3, 10, 4, 13, 15, 6][a] == b",
        ],
    );
    assert_eq!(report["failures"], 0, "{report}");
}

#[test]
fn two_variable_value_formulas_mark_their_cells() {
    let (report, svg) = plot_json(
        "wythoff-xor.svg",
        &["wythoff", "--upto", "6x6", "--formula", "a ^ b"],
    );
    assert!(report["failures"].as_u64().unwrap() > 0);
    assert_eq!(report["first_failure"], json!({"a": 1, "b": 1}));
    assert!(svg.contains("formula: a ^ b"));
    let path = out_file("wythoff-xor.png");
    let (code, _, err) = grundy(&[
        "plot",
        "wythoff",
        "--upto",
        "6x6",
        "--formula",
        "a ^ b",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::metadata(&path).unwrap().len() > 0, "a PNG too");
}

#[test]
fn positions_where_the_formula_has_no_value_are_failures() {
    // 10 / n: no value at n = 0, right only at n = 3.
    let path = out_file("div.svg");
    let (code, out, err) = grundy(&[
        "plot",
        "nim",
        "--upto",
        "20",
        "--formula",
        "10 / n",
        "-o",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["failures"], 20);
    assert_eq!(report["first_failure"], json!({"n": 0}));
    assert!(err.contains("no value at n = 0"), "{err}");
    assert!(err.contains("division by zero"), "{err}");
}

#[test]
fn formulas_may_start_with_a_minus_and_long_ones_are_shortened() {
    let (report, svg) = plot_json("minus.svg", &["nim", "--upto", "10", "--formula", "-n"]);
    assert_eq!(report["failures"], 10, "right only at 0");
    assert!(svg.contains("formula: -n"));
    let long = format!("n{}", " + 0".repeat(40));
    let (report, svg) = plot_json("long.svg", &["nim", "--upto", "10", "--formula", &long]);
    assert_eq!(report["formula"], long.as_str(), "the report has it whole");
    assert_eq!(report["failures"], 0);
    assert!(!svg.contains(&long), "the legend cuts it");
    assert!(svg.contains('…'));
}

#[test]
fn without_a_formula_the_new_fields_are_null() {
    let (report, _) = plot_json("plain.svg", &["0.77", "--upto", "30"]);
    for field in ["formula", "failures", "first_failure"] {
        assert_eq!(report.get(field), Some(&Value::Null), "{field}: {report}");
    }
}

#[test]
fn formula_errors_are_input_errors() {
    let path = out_file("never.svg");
    let p = path.to_str().unwrap();
    // A syntax error: refused with its column, before the values are computed.
    let (code, out, err) = grundy(&["plot", "0.77", "--formula", "n % 3)", "-o", p, "--json"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("--formula, column 6"), "{err}");
    // A variable the game does not have.
    let (code, _, err) = grundy(&["plot", "0.77", "--formula", "a + 1", "-o", p]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown variable 'a'"), "{err}");
    // --outcome wants a boolean, and a formula.
    let (code, _, err) = grundy(&["plot", "0.77", "--outcome", "--formula", "n % 3", "-o", p]);
    assert_eq!(code, 2);
    assert!(err.contains("true or false"), "{err}");
    let (code, _, err) = grundy(&["plot", "0.77", "--outcome", "-o", p]);
    assert_eq!(code, 2);
    assert!(err.contains("--formula"), "{err}");
    assert!(!path.exists(), "nothing drawn");
}
