//! `grundy table --no-values` for every kind of table: the summary alone, and JSON that fits the
//! schema.

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
