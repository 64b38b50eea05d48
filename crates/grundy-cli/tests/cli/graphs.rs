//! Graph and board games from the command line: `graph:FILE`, `graph:-`, `hyper-knights`,
//! `movers:` and `grundy table` on them.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use serde_json::{json, Value};

fn grundy(args: &[&str], stdin: &str) -> Output {
    common::run(args, stdin.as_bytes())
}

fn json_of(args: &[&str], stdin: &str) -> Value {
    common::success_json(args, stdin.as_bytes())
}

/// A graph file in the temporary directory, named after the test.
fn graph_file(name: &str, text: &str) -> PathBuf {
    let path = common::scratch_dir("graphs").join(format!("{name}.txt"));
    std::fs::write(&path, text).unwrap();
    path
}

fn input_error(args: &[&str], stdin: &str) -> String {
    let out = grundy(args, stdin);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn acyclic_graph_tokens_xor_and_winning_moves() {
    // 1 -> 2 -> 3, 1 -> 3, 4 -> 3: values 2, 1, 0, 1.
    let path = graph_file("dag", "4 4\n1 2\n2 3\n1 3\n4 3\n");
    let spec = format!("graph:{}", path.display());
    let v = json_of(&["solve", "--json", &spec, "1", "2", "4"], "");
    assert_eq!(v["position"], json!([1, 2, 4]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(
        v["winning_moves"],
        json!([{
            "description": "token at 1 -> 3",
            "component": 0,
            "move": {"kind": "token", "token": 0, "from": 1, "to": 3},
            "position": [3, 2, 4]
        }])
    );
    let text = String::from_utf8(grundy(&["solve", &spec, "2", "4"], "").stdout).unwrap();
    assert!(text.contains("second player"), "{text}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn loopy_graph_draws_and_keeps_them() {
    // 1 <-> 2 and 2 -> 3 -> 4: leaving the cycle for 3 loses, so 1 and 2 are draws.
    let v = json_of(
        &["solve", "--json", "graph:-", "1"],
        "4 4\n1 2\n2 1\n2 3\n3 4\n",
    );
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["components"][0]["value"], "inf()");
    assert_eq!(
        v["drawing_moves"],
        json!([{
            "description": "token at 1 -> 2",
            "component": 0,
            "move": {"kind": "token", "token": 0, "from": 1, "to": 2},
            "position": [2]
        }])
    );
    // A token on 2 has γ = ∞(1): with a second token of value 1 (on 3) the sum is N (Smith's
    // rule), and the winning move takes the token on 2 to 3, leaving two tokens of value 1.
    let v = json_of(
        &["solve", "--json", "graph:-", "2", "3"],
        "4 4\n1 2\n2 1\n2 3\n3 4\n",
    );
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{
            "description": "token at 2 -> 3",
            "component": 0,
            "move": {"kind": "token", "token": 0, "from": 2, "to": 3},
            "position": [3, 3]
        }])
    );
    assert_eq!(v["components"][0]["value"], "inf(0)");
    assert_eq!(
        v["components"][0]["parts"],
        json!([{"position": 2, "value": "inf(1)"}, {"position": 3, "value": 1}])
    );
}

#[test]
fn graph_table_lists_value_class_and_remoteness() {
    let v = json_of(
        &["table", "--json", "graph:-"],
        "# a 3-cycle with an exit\n4 4\n1 2\n2 3\n3 1\n3 4\n",
    );
    assert_eq!(v["acyclic"], false);
    assert_eq!(
        v["table"][0],
        json!({"vertex": 1, "value": 1, "outcome": "N", "remoteness": 3})
    );
    assert_eq!(
        v["table"][2],
        json!({"vertex": 3, "value": 2, "outcome": "N", "remoteness": 1})
    );
    assert_eq!(
        v["table"][3],
        json!({"vertex": 4, "value": 0, "outcome": "P", "remoteness": 0})
    );
    let text = String::from_utf8(grundy(&["table", "graph:1-1,1-2"], "").stdout).unwrap();
    assert!(text.contains("inf(0)"), "{text}");
    let v = json_of(&["table", "--json", "--upto", "1", "graph:1-2,2-3"], "");
    assert_eq!(v["table"].as_array().unwrap().len(), 1);
}

#[test]
fn hyper_knights_solve_and_table_agree() {
    let t = json_of(&["table", "--json", "hyper-knights", "--upto", "6x5"], "");
    assert_eq!(t["upto"], json!([6, 5]));
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0].as_array().unwrap().len(), 7);
    for (y, row) in rows.iter().enumerate() {
        for (x, value) in row.as_array().unwrap().iter().enumerate() {
            let cell = format!("{x},{y}");
            let v = json_of(&["solve", "--json", "hyper-knights", &cell], "");
            assert_eq!(&v["grundy"], value, "{cell}");
        }
    }
    let v = json_of(&["solve", "--json", "hyper-knights", "2,5", "3,5"], "");
    assert_eq!(v["position"], json!([[2, 5], [3, 5]]));
    let text =
        String::from_utf8(grundy(&["table", "hyper-knights", "--upto", "4x3"], "").stdout).unwrap();
    assert!(text.contains("y\\x |"), "{text}");
    assert_eq!(text.lines().count(), 2 + 1 + 4, "{text}");
}

#[test]
fn movers_on_a_bounded_board_may_draw() {
    let v = json_of(&["table", "--json", "movers:-1,0/0,-1/1,1@3x3"], "");
    assert_eq!(v["upto"], json!([2, 2]));
    assert!(v["outcomes"].to_string().contains("D"), "{v}");
    let v = json_of(&["solve", "--json", "movers:1,0@5x1", "0,0"], "");
    assert_eq!(v["outcome"], "P");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let e = input_error(&["solve", "graph:-", "1"], "3 2\n1 2\n\n2 7\n");
    assert!(
        e.contains("standard input line 4 ('2 7'): '7' is not a vertex"),
        "{e}"
    );
    let e = input_error(&["solve", "graph:-", "1"], "3 2\n1 2\n");
    assert!(
        e.contains("line 1 ('3 2'): the header announces 2 edges but 1 follow"),
        "{e}"
    );
    let e = input_error(&["solve", "graph:/nonexistent/g.txt", "1"], "");
    assert!(e.contains("cannot read the graph file"), "{e}");
    let e = input_error(&["solve", "graph:-", "4"], "3 0\n");
    assert!(e.contains("argument 2 ('4')"), "{e}");
    let e = input_error(&["solve", "movers:1,0/-1,0", "3,3"], "");
    assert!(e.contains("never ends"), "{e}");
    let e = input_error(&["solve", "hyper-knights", "3;4"], "");
    assert!(e.contains("x,y"), "{e}");
    let e = input_error(&["table", "hyper-knights", "--upto", "ax3"], "");
    assert!(e.contains("--upto"), "{e}");
}

#[test]
fn empty_graphs_and_self_loops_are_games() {
    let v = json_of(&["solve", "--json", "graph:-"], "0 0\n");
    assert_eq!(v["outcome"], "P");
    let v = json_of(&["solve", "--json", "graph:-", "1"], "1 1\n1 1\n");
    assert_eq!(v["outcome"], "D");
}
