//! `grundy solve GAME --batch`: one position a line in, one answer a line out.

use crate::common;

fn batch(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--batch");
    let out = common::run(&all, stdin.as_bytes());
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn each_line_is_answered_on_one_line() {
    let (code, out, _) = batch(&["nim"], "3 4 5\n1 1\n\n7\r\n");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "N 2 1 take 2 from heap 1: 3 -> 1\nP 0 0\nN 7 1 take all 7 from heap 1\n"
    );
}

#[test]
fn the_answers_agree_with_solve() {
    for position in ["3 4 5", "1 2 3", "10 7", "0 0 9"] {
        let (_, out, _) = batch(&["sub:1,3,4", "--json"], &format!("{position}\n"));
        let line: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
        let mut args = vec!["sub:1,3,4"];
        args.extend(position.split(' '));
        let mut one = common::solve_json(&args);
        one["line"] = serde_json::json!(1);
        assert_eq!(line, one);
    }
}

#[test]
fn json_lines_number_their_lines() {
    let (code, out, _) = batch(&["wythoff", "--json"], "3 5\n\n4 6\n");
    assert_eq!(code, Some(0));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[1]["line"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(lines[0]["outcome"], "P");
    assert_eq!(lines[1]["outcome"], "N");
}

#[test]
fn an_error_names_its_line_and_keeps_the_answers_before_it() {
    let (code, out, err) = batch(&["nim"], "3 4 5\n1 x\n2\n");
    assert_eq!(code, Some(2));
    assert_eq!(out, "N 2 1 take 2 from heap 1: 3 -> 1\n");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 2") && err.contains("'x'"), "{err}");
    let (code, _, err) = batch(&["nim"], "3\n\u{ff}\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("line 2"), "{err}");
    let (code, _, err) = batch(&["nim", "-"], "3\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("--batch"), "{err}");
}

#[test]
fn other_conventions_and_sums_work_in_a_batch() {
    let (code, out, _) = batch(&["nim", "1", "+", "bash:3"], "4\n3\n");
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().count(), 2);
    assert!(
        out.starts_with("N 1 2 in component 1 (nim): take all 1 from heap 1\n"),
        "{out}"
    );
    let (code, out, _) = batch(&["nim", "--misere"], "1 1\n2\n");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "N 0 2 take all 1 from heap 1\nN 2 1 take 1 from heap 1: 2 -> 1\n"
    );
}

#[test]
fn nothing_else_may_read_standard_input() {
    // A graph read from stdin would wait for ever on the lock the batch holds.
    let (code, out, err) = batch(&["hackenbush:-"], "1\n");
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.contains("argument 1 ('hackenbush:-')"), "{err}");
    let (code, out, err) = batch(&["nim"], "3 4\nnim:-\n");
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(out, "N 7 1 take 1 from heap 2: 4 -> 3\n");
    assert!(err.contains("line 2: 'nim:-'"), "{err}");
}

#[test]
fn an_endless_line_is_refused_not_read() {
    let line = "1".repeat((1 << 28) + 2);
    let (code, _, err) = batch(&["nim"], &line);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("line 1 of standard input is longer than"),
        "{err}"
    );
}

#[test]
fn each_answer_leaves_before_the_next_line_comes() {
    // The batch's input stays open: an answer kept in a buffer until the end would never come,
    // and a batch killed meanwhile would lose it.
    use std::io::{BufRead, BufReader, Write};
    let mut child = common::grundy(&["solve", "nim", "--batch"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1 2\n").unwrap();
    stdin.flush().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    // A minute for an answer that takes a millisecond: a loaded machine, not a lost answer.
    let first = rx.recv_timeout(std::time::Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.as_deref(), Ok("N 3 1 take 1 from heap 2: 2 -> 1"));
}
