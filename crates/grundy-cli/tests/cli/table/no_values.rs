//! `grundy table --no-values` for every kind of table, a table's named checkpoint removed once
//! the table is finished, and a solve whose heap needs a period search too long to make refused
//! at once.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

const HALF: &str = "script:examples/games/half.rhai";
const PAPER: &str = "script:examples/games/paper.rhai";

/// `grundy ARGS` from the workspace root, asserted to succeed: its standard output.
fn stdout(args: &[&str]) -> String {
    let out = common::run_from_root(args, b"");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

/// The text of a table without its values: summary lines only, none a row of the table.
fn assert_summary_only(args: &[&str], lines: usize) -> String {
    let text = stdout(args);
    assert!(!text.contains(" |"), "{args:?} printed its values:\n{text}");
    assert_eq!(text.lines().count(), lines, "{args:?}:\n{text}");
    text
}

#[test]
fn heap_games_show_the_way() {
    // What --no-values promises, as heap games have always done it.
    let v = json(&["table", "0.77", "--upto", "100", "--no-values", "--json"]);
    assert_eq!(v["values"], Value::Null);
    assert_summary_only(&["table", "0.77", "--upto", "100", "--no-values"], 1);
}

#[test]
fn a_script_line_without_its_values() {
    let text = assert_summary_only(
        &["table", HALF, "--upto", "30", "--no-values", "--period"],
        2,
    );
    assert!(text.starts_with(&format!("{HALF}: 31 values (n = 0..=30), largest 15\n")));
    assert!(text.contains("period"), "{text}");
    let v = json(&["table", HALF, "--upto", "30", "--no-values", "--json"]);
    assert_eq!(v, serde_json::json!({"game": HALF, "values": null}));
    // With --period the period is still there, computed from the values not shown.
    let v = json(&[
        "table",
        HALF,
        "--upto",
        "30",
        "--no-values",
        "--period",
        "--json",
    ]);
    assert_eq!(v["values"], Value::Null);
    assert_eq!(v["period"]["checked_upto"], 30);
    // The values are still there without the flag.
    let v = json(&["table", HALF, "--upto", "30", "--json"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 31);
}

#[test]
fn a_script_grid_without_its_values() {
    let text = assert_summary_only(&["table", PAPER, "--upto", "4x4", "--no-values"], 1);
    assert!(text.contains("25 values"), "{text}");
    let v = json(&["table", PAPER, "--upto", "4x4", "--no-values", "--json"]);
    assert_eq!(v, serde_json::json!({"game": PAPER, "rows": null}));
}

#[test]
fn a_two_number_game_without_its_values() {
    let text = assert_summary_only(&["table", "wythoff", "--upto", "4x3", "--no-values"], 1);
    assert!(text.contains("20 values, largest 6"), "{text}");
    let v = json(&["table", "wythoff", "--upto", "4x3", "--no-values", "--json"]);
    assert_eq!(v, serde_json::json!({"game": "wythoff", "rows": null}));
}

#[test]
fn a_graph_without_its_values() {
    let game = "graph:1-2,2-3,3-1,3-4";
    let text = assert_summary_only(&["table", game, "--no-values"], 2);
    assert!(
        text.contains("4 vertices valued, largest 2; 2 P, 2 N, 0 D"),
        "{text}"
    );
    let v = json(&["table", game, "--no-values", "--json"]);
    assert_eq!(v["table"], Value::Null);
    assert_eq!(v["vertices"], 4);
    assert_eq!(v["acyclic"], false);
}

#[test]
fn a_board_without_its_values() {
    let text = assert_summary_only(&["table", "hyper-knights", "--upto", "5", "--no-values"], 1);
    assert!(
        text.contains("36 cells, largest 4; 13 P, 23 N, 0 D"),
        "{text}"
    );
    let v = json(&[
        "table",
        "hyper-knights",
        "--upto",
        "5",
        "--no-values",
        "--json",
    ]);
    assert_eq!(v["rows"], Value::Null);
    assert_eq!(v["outcomes"], Value::Null);
    assert_eq!(v["upto"], serde_json::json!([5, 5]));
}

/// A directory of its own under the temporary one, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        Dir(common::scratch_dir(&format!("table-{name}")))
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_finished_table_removes_its_named_checkpoint() {
    let dir = Dir::new("ckpt");
    let path = dir.0.join("x.ckpt");
    let file = path.to_str().unwrap();
    let table = [
        "table",
        "0.6",
        "--upto",
        "400000",
        "--json",
        "--checkpoint",
        file,
    ];
    // A small budget stops the table part way, its values kept in the checkpoint.
    let mut small = vec!["--memory", "600K"];
    small.extend_from_slice(&table);
    let out = common::run(&small, b"");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(path.exists(), "a stopped table keeps its checkpoint");
    // Resumed and finished: the checkpoint is done with.
    let mut resumed = table.to_vec();
    resumed.push("--resume");
    let out = common::run(&resumed, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!path.exists(), "the finished table left {file} behind");
    // A small table run straight through leaves nothing either.
    let out = common::run(&table, b"");
    assert!(out.status.success());
    assert!(!path.exists());
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

/// Every `--no-values` table fits the schema's `table` shape (its lists null).
#[test]
fn tables_without_values_fit_the_schema() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schema/grundy.schema.json"
    ))
    .unwrap();
    let mut schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    schema["$ref"] = serde_json::Value::from("#/$defs/table");
    let validator = jsonschema::validator_for(&schema).unwrap();
    for args in [
        &["table", "0.77", "--upto", "20", "--no-values", "--json"][..],
        &["table", "wythoff", "--upto", "4x3", "--no-values", "--json"],
        &[
            "table",
            "hyper-knights",
            "--upto",
            "5",
            "--no-values",
            "--json",
        ],
        &["table", "graph:1-2,2-3", "--no-values", "--json"],
    ] {
        let out = common::run(args, b"");
        assert!(out.status.success(), "{args:?}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(validator.is_valid(&doc), "{args:?}: {doc}");
    }
}

/// Positions valued one by one (here Chomp's grid, 1444 searches) show a plain progress line
/// within seconds when stderr is not a terminal, as a log or a pipe sees it.
#[test]
fn values_one_by_one_say_how_far_they_are_in_a_log() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--formula", "n % 3", "--upto", "37", "chomp"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(4));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/1444 positions ("), "{err}");
}
