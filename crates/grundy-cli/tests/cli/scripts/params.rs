//! Parameters of game scripts (`script:FILE?k=3&s=10`, `script:{...}?k=3`, `--param k=3`): each
//! is a constant every function reads, the spec's own win over the command line's, and a bad one
//! is one line naming where.

use crate::common;

use std::process::Output;

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    common::run_from_root(args, b"")
}

fn json_of(args: &[&str]) -> Value {
    common::success_json_from_root(args)
}

fn fails(args: &[&str], code: i32) -> String {
    let out = grundy(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: one line: {err}");
    err
}

/// Subtraction of 1..=k, with the limit read in a helper function, not only in `moves`.
const SUB: &str =
    "script:{fn most() { k } fn moves(n) { if n == 0 { [] } else { max(0, n - most())..n } }}";

fn values(args: &[&str]) -> Vec<u64> {
    let v = json_of(args);
    v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn a_parameter_is_a_constant_of_every_function() {
    for k in 1..=4u64 {
        let want: Vec<u64> = (0..=12).map(|n| n % (k + 1)).collect();
        let spec = format!("{SUB}?k={k}");
        assert_eq!(values(&["table", "--json", &spec, "--upto", "12"]), want);
        let flag = format!("k={k}");
        assert_eq!(
            values(&["table", "--json", "--param", &flag, SUB, "--upto", "12"]),
            want
        );
    }
}

#[test]
fn the_specs_own_parameter_wins_and_two_specs_are_two_games() {
    let a = format!("{SUB}?k=2");
    let b = format!("{SUB}?k=3");
    // 7 with k=2 is worth 1; 7 with k=3 is worth 3: the sum is worth 2.
    let v = json_of(&["solve", "--json", "--param", "k=9", &a, "7", "+", &b, "7"]);
    assert_eq!(v["grundy"], 2);
}

#[test]
fn values_are_read_as_position_words() {
    let spec =
        "script:{fn moves(n) { let r = []; for s in steps { if s <= n { r.push(n - s); } } r }}";
    let v = json_of(&["solve", "--json", "--param", "steps=[1,3,4]", spec, "2"]);
    assert_eq!(v["grundy"], 0, "subtraction {{1, 3, 4}}: G(2) = 0");
    let v = json_of(&["solve", "--json", "--param", "steps=1,2", spec, "3"]);
    assert_eq!(v["grundy"], 0);
    let flag = "script:{fn moves(n) { if on && n > 0 { [n - 1] } else { [] } }}";
    assert_eq!(
        json_of(&["solve", "--json", "--param", "on=true", flag, "1"])["grundy"],
        1
    );
    assert_eq!(
        json_of(&["solve", "--json", "--param", "on=false", flag, "1"])["grundy"],
        0
    );
}

#[test]
fn bad_parameters_name_where() {
    let err = fails(&["solve", &format!("{SUB}?k"), "3"], 2);
    assert!(
        err.contains("argument 1") && err.contains("NAME=VALUE"),
        "{err}"
    );
    let err = fails(&["solve", &format!("{SUB}?k=[1"), "3"], 2);
    assert!(err.contains("parameter k=[1"), "{err}");
    let err = fails(&["solve", &format!("{SUB}?k=1&kk=2"), "3"], 2);
    assert!(
        err.contains("parameter kk") && err.contains("never reads"),
        "{err}"
    );
    let err = fails(&["solve", "--param", "k", SUB, "3"], 2);
    assert!(err.contains("--param"), "{err}");
    let err = fails(&["solve", "--param", "2k=1", SUB, "3"], 2);
    assert!(
        err.contains("--param") && err.contains("not a name"),
        "{err}"
    );
    // A parameter the script reads but nobody gives: the runtime error names the variable.
    let err = fails(&["solve", SUB, "3"], 1);
    assert!(err.contains("k"), "{err}");
}

#[test]
fn a_script_file_takes_parameters_after_a_question_mark() {
    let path = common::scratch_dir("script-params").join("take-k.rhai");
    std::fs::write(
        &path,
        "fn moves(n) { if n == 0 { [] } else { max(0, n - k)..n } }\n",
    )
    .unwrap();
    let spec = format!("script:{}?k=2", path.display());
    assert_eq!(
        values(&["table", "--json", &spec, "--upto", "5"]),
        [0, 1, 2, 0, 1, 2]
    );
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_name_given_twice_takes_its_later_value_in_a_spec_and_on_the_command_line() {
    let spec = format!("{SUB}?k=1&k=2");
    let in_spec = values(&["table", "--json", &spec, "--upto", "6"]);
    let on_line = values(&[
        "--param", "k=1", "--param", "k=2", "table", "--json", SUB, "--upto", "6",
    ]);
    assert_eq!(in_spec, vec![0, 1, 2, 0, 1, 2, 0]);
    assert_eq!(on_line, in_spec);
}

#[test]
fn a_command_line_parameter_the_script_never_reads_is_refused() {
    let err = fails(&["--param", "k=2", "--param", "kk=3", "solve", SUB, "5"], 2);
    assert!(
        err.contains("--param kk: the script never reads it"),
        "{err}"
    );
}

#[test]
fn a_number_too_big_is_refused_not_read_as_a_string() {
    for args in [
        vec!["--param", "k=99999999999999999999", "solve", SUB, "5"],
        vec!["solve", &format!("{SUB}?k=-99999999999999999999"), "5"],
    ] {
        let args: Vec<&str> = args.iter().map(|s| s.as_ref()).collect();
        let err = fails(&args, 2);
        assert!(err.contains("past the numbers a script holds"), "{err}");
    }
}
