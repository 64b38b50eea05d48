//! The sandbox of game scripts holds at every cap a user can raise or a script can reach: deep
//! recursion under a raised `--script-max-depth`, `sleep`, positions that nest without end and
//! scripts with very many functions each stop with one line naming the cause, never an abort.

use crate::common;

use std::process::Output;

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    common::run_from_root(args, b"")
}

/// `grundy ARGS`, asserted to fail with `code`, its standard error.
fn fails(args: &[&str], code: i32) -> String {
    let out = grundy(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: one line: {err}");
    err
}

fn json_of(args: &[&str]) -> Value {
    common::success_json_from_root(args)
}

fn script_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = common::scratch_dir("script-sandbox").join(format!("{name}.rhai"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn recursion_as_deep_as_a_raised_depth_cap_runs_on_a_stack_that_holds_it() {
    // 4 900 nested calls: far past what a thread's own stack holds (it aborted the process).
    let spec = "script:{fn down(k) { if k == 0 { 0 } else { 1 + down(k - 1) } } \
                fn moves(n) { if n == 0 { [] } else { [n - 1 + 0 * down(4900)] } }}";
    let v = json_of(&["--script-max-depth", "5000", "solve", "--json", spec, "3"]);
    assert_eq!(v["grundy"], 1);
    // The same script on the table's worker threads.
    let v = json_of(&[
        "--script-max-depth",
        "5000",
        "table",
        "--json",
        spec,
        "--upto",
        "3",
    ]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1]));
    // Past the cap it stops with the cap's message.
    let err = fails(&["--script-max-depth", "1000", "solve", spec, "3"], 1);
    assert!(err.contains("--script-max-depth"), "{err}");
}

#[test]
fn a_depth_cap_no_stack_can_hold_is_refused_naming_the_flag() {
    let err = fails(
        &[
            "--script-max-depth",
            "1000000000",
            "solve",
            "script:{fn moves(n) { [] }}",
            "1",
        ],
        2,
    );
    assert!(err.contains("--script-max-depth 1000000000"), "{err}");
}

/// A cap of 0 is refused before any script runs: Rhai would read an operations cap of 0 as no
/// cap, and a script that loops for ever would never stop.
#[test]
fn a_cap_of_zero_is_refused_naming_the_flag() {
    let forever = "script:{fn moves(n) { loop {} }}";
    for flag in [
        "--script-max-ops",
        "--script-max-depth",
        "--script-max-size",
        "--script-max-memory",
    ] {
        let err = fails(&[flag, "0", "solve", forever, "3"], 2);
        assert!(
            err.contains(&format!("{flag} 0: must be at least 1")),
            "{err}"
        );
    }
}

#[test]
fn sleep_is_not_there() {
    for call in ["sleep(100)", "sleep(0.5)"] {
        let spec = format!("script:{{fn moves(n) {{ {call}; [] }}}}");
        let err = fails(&["solve", &spec, "3"], 1);
        assert!(err.contains("sleep is not available"), "{err}");
    }
}

#[test]
fn positions_nested_without_end_stop_at_the_nesting_cap() {
    let err = fails(&["solve", "script:{fn moves(p) { [[p]] }}", "1"], 1);
    assert!(err.contains("nested more than 64 arrays deep"), "{err}");
    // Sums inside sums are flattened, but nested without end they stop alike.
    let spec = "script:{fn moves(p) { let s = sum([p, 0]); \
                for i in 0..100 { s = sum([s, 0]); } [s] }}";
    let err = fails(&["solve", spec, "1"], 1);
    assert!(err.contains("nested more than 64"), "{err}");
    // A literal on the command line too.
    let deep = format!("{}1{}", "[".repeat(70), "]".repeat(70));
    let err = fails(&["solve", "script:{fn moves(p) { [] }}", &deep], 2);
    assert!(err.contains("nested more than 64"), "{err}");
    // Nesting within the cap is a position like any other.
    let ok = format!("{}1{}", "[".repeat(10), "]".repeat(10));
    let v = json_of(&["solve", "--json", "script:{fn moves(p) { [] }}", &ok]);
    assert_eq!(v["grundy"], 0);
}

#[test]
fn a_script_with_too_many_functions_is_refused_before_parsing() {
    let mut text: String = (0..200_000)
        .map(|i| format!("fn f{i}(x) {{ x + {i} }}\n"))
        .collect();
    text.push_str("fn moves(n) { [] }\n");
    let path = script_file("many", &text);
    let spec = format!("script:{}", path.display());
    let err = fails(&["solve", &spec, "1"], 2);
    assert!(err.contains("200001 functions"), "{err}");
    // A few thousand load as usual.
    let mut text: String = (0..3000)
        .map(|i| format!("fn f{i}(x) {{ x + {i} }}\n"))
        .collect();
    text.push_str("fn moves(n) { if n > 0 { [f0(n) - 1] } else { [] } }\n");
    std::fs::write(&path, text).unwrap();
    assert_eq!(json_of(&["solve", "--json", &spec, "1"])["grundy"], 1);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn the_first_error_of_a_table_ends_it() {
    // Every call loops until the cap: a table that went on expanding after the first error
    // spent the cap on each of its 1001 heaps before saying so (minutes at the default cap).
    let out = grundy(&[
        "--script-max-ops",
        "100000",
        "table",
        "script:{fn moves(n) { print(\"called\"); let x = 0; loop { x += 1; } }}",
        "--upto",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let calls = err.lines().filter(|l| *l == "called").count();
    // One call a core for the line of heaps, and again for the table valued one by one.
    assert!(calls <= 16, "{calls} calls: {err}");
    assert!(err.contains(": more than 100000 operations"), "{err}");
}
