//! `grundy nimber`, run as a user runs it.

use std::process::{Command, Output};

use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn add_mul_and_inv_in_plain_text_and_json() {
    let out = grundy(&["nimber", "mul", "5", "3"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "*5 ⊗ *3 = *15\n");
    let out = grundy(&["nimber", "add", "5", "3", "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, json!({"op": "add", "a": 5, "b": 3, "result": 6}));
    let out = grundy(&["nimber", "--json", "inv", "2"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, json!({"op": "inv", "a": 2, "b": null, "result": 3}));
    let out = grundy(&[
        "nimber",
        "mul",
        "18446744073709551615",
        "18446744073709551615",
    ]);
    assert!(out.status.success());
}

#[test]
fn bad_operands_exit_with_code_2_and_one_line() {
    for (args, needle) in [
        (vec!["nimber", "inv", "0"], "no inverse"),
        (vec!["nimber", "mul", "5"], "second operand"),
        (vec!["nimber", "inv", "5", "3"], "one operand"),
        (vec!["nimber", "add", "x", "3"], "argument 2 ('x')"),
        (vec!["nimber", "add", "1", "-3"], "negative"),
        (
            vec!["nimber", "mul", "1", "18446744073709551616"],
            "at most",
        ),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
