//! `grundy check`: conjectured formulas against computed values.

use std::process::Command;

use serde_json::{json, Value};

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn check_json(args: &[&str]) -> Value {
    let mut all = vec!["check", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = grundy(&all);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    // Exit 0 when the formula holds, 1 (and nothing on stderr) when it fails.
    let want = if v["holds"] == json!(true) { 0 } else { 1 };
    assert_eq!(code, want, "{err}");
    assert!(err.is_empty(), "{err}");
    v
}

/// A nested `if` giving `pattern[n % pattern.len()]`.
fn periodic_formula(pattern: &[u64]) -> String {
    let p = pattern.len();
    let mut f = pattern[p - 1].to_string();
    for (r, g) in pattern.iter().enumerate().take(p - 1).rev() {
        f = format!("if(n % {p} == {r}, {g}, {f})");
    }
    f
}

#[test]
fn kayles_wrong_formula_gives_the_first_counterexample() {
    let r = check_json(&["0.77", "--formula", "n % 3", "--upto", "50"]);
    assert_eq!(r["holds"], json!(false));
    // Kayles: 0 1 2 3 ...: n % 3 first fails at n = 3.
    assert_eq!(
        r["counterexample"],
        json!({"n": 3, "expected": 0, "actual": 3})
    );
    assert_eq!(r["game"], json!("0.77"));
    assert_eq!(r["upto"], json!(50));
}

#[test]
fn kayles_periodic_part_is_accepted_from_the_preperiod() {
    // Guy & Smith: Kayles has period 12 from n = 72 on (Winning Ways, ch. 4).
    let f = periodic_formula(&[4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]);
    let r = check_json(&["0.77", "--formula", &f, "--upto", "400", "--from", "72"]);
    assert_eq!(r["holds"], json!(true), "{r}");
    assert_eq!(r["counterexample"], Value::Null);
    // Before the preperiod the pattern has exceptions: the last one is n = 70.
    let r = check_json(&["0.77", "--formula", &f, "--upto", "400", "--from", "60"]);
    assert_eq!(r["counterexample"]["n"], json!(70), "{r}");
    let (code, out, _) = grundy(&[
        "check",
        "0.77",
        "--formula",
        &f,
        "--upto",
        "200",
        "--from",
        "72",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("holds for every 72 <= n <= 200"), "{out}");
    assert!(out.contains("preperiod 71, period 12, proved"), "{out}");
}

#[test]
fn subtraction_134_has_period_7() {
    let f = periodic_formula(&[0, 1, 0, 1, 2, 3, 2]);
    let r = check_json(&["sub:1,3,4", "--formula", &f, "--upto", "1000"]);
    assert_eq!(r["holds"], json!(true), "{r}");
    let wrong = periodic_formula(&[0, 1, 0, 1, 2, 3, 3]);
    let r = check_json(&["sub:1,3,4", "--formula", &wrong, "--upto", "1000"]);
    assert_eq!(
        r["counterexample"],
        json!({"n": 6, "expected": 3, "actual": 2})
    );
    let r = check_json(&[
        "sub:1,3,4",
        "--outcome",
        "--formula",
        "n % 7 == 0 || n % 7 == 2",
        "--upto",
        "1000",
    ]);
    assert_eq!(r["holds"], json!(true), "{r}");
}

#[test]
fn laskers_nim_formula_holds() {
    let lasker = "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))";
    let r = check_json(&["lasker", "--formula", lasker, "--upto", "2000"]);
    assert_eq!(r["holds"], json!(true), "{r}");
    let r = check_json(&["lasker", "--formula", "n", "--upto", "2000"]);
    assert_eq!(
        r["counterexample"],
        json!({"n": 3, "expected": 3, "actual": 4})
    );
}

#[test]
fn two_heap_games_use_a_and_b() {
    // Wythoff: (1, 2) is the first P-position after (0, 0) in order of a + b.
    let r = check_json(&[
        "wythoff",
        "--outcome",
        "--formula",
        "a == 0 && b == 0",
        "--upto",
        "10",
    ]);
    assert_eq!(
        r["counterexample"],
        json!({"a": 1, "b": 2, "expected": false, "actual": true})
    );
    assert_eq!(r["upto"], json!([10, 10]));
}

#[test]
fn malformed_formulas_name_the_column_and_exit_2() {
    let (code, _, err) = grundy(&["check", "0.77", "--formula", "n % 3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("--formula, column 6"), "{err}");
    let (code, _, err) = grundy(&["check", "0.77", "--formula", "x % 3"]);
    assert_eq!(code, 2);
    assert!(err.contains("column 1: unknown variable 'x'"), "{err}");
    let (code, _, err) = grundy(&["check", "0.77", "--formula", "10 / n"]);
    assert_eq!(code, 2);
    assert!(err.contains("n = 0"), "{err}");
}

/// Found by the fuzz campaign (`grundy-fuzz formulas`): `check chomp --formula 'n-' --upto 38`
/// computed Chomp's values for minutes before it read the formula. The formula's syntax is now
/// checked first, so its error wins over anything the game and its range would say.
#[test]
fn a_malformed_formula_is_refused_before_any_value_is_computed() {
    let (code, _, err) = grundy(&["check", "0.77", "--formula", "n-", "--upto", "99999999"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--formula, column 3 (end of formula)"),
        "{err}"
    );
    let (code, _, err) = grundy(&["check", "chomp", "--formula", "(x +", "--upto", "40x40"]);
    assert_eq!(code, 2);
    assert!(err.contains("--formula, column"), "{err}");
}
