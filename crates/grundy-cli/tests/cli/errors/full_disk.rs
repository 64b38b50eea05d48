//! Standard output that fails (a full disk): every command ends with one line and exit 1, never a
//! panic (exit 101 and a backtrace).

use std::fs::{File, OpenOptions};
use std::process::{Command, Output, Stdio};

use crate::common;

/// Runs `grundy ARGS` with standard output on `/dev/full` (every write fails with ENOSPC).
fn to_full_disk(args: &[&str], stdin: &str) -> Output {
    let full = OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let input = common::scratch_dir("full-disk").join("stdin.txt");
    std::fs::write(&input, stdin).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(File::open(&input).unwrap())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    let _ = std::fs::remove_file(&input);
    out
}

fn assert_one_line_exit_1(args: &[&str], stdin: &str) {
    let out = to_full_disk(args, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(
        stderr, "grundy: error: writing standard output: No space left on device (os error 28)\n",
        "{args:?}"
    );
}

#[test]
fn every_command_reports_a_full_disk_in_one_line() {
    let svg = common::scratch_dir("full-disk").join("plot.svg");
    let svg = svg.to_str().unwrap().to_string();
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "nim", "3", "4", "5"], ""),
        (&["solve", "--json", "nim", "3", "4", "5"], ""),
        (&["solve", "--misere", "nim", "3", "4", "5"], ""),
        (&["games"], ""),
        (&["nimber", "mul", "3", "5"], ""),
        (&["nimber", "--json", "inv", "3"], ""),
        (&["check", "nim", "--formula", "n", "--upto", "10"], ""),
        (&["check", "nim", "--formula", "n+1", "--upto", "10"], ""),
        (&["table", "0.77", "--upto", "20"], ""),
        (&["table", "0.77", "--upto", "20", "--csv"], ""),
        (&["table", "0.77", "--upto", "20", "--json"], ""),
        (&["table", "graph:-"], "2 1\n1 2\n"),
        (&["table", "wythoff", "--upto", "5x5"], ""),
        (&["table", "hyper-knights", "--upto", "5x5"], ""),
        (&["table", "--json", "movers:-1,0/0,-1/1,1@6x6"], ""),
        (&["problem", "list"], ""),
        (&["problem", "list", "--json"], ""),
        (&["problem", "acwing891"], "2\n2 3\n"),
        (&["play", "nim", "1", "2"], "1\n"),
        (&["plot", "0.77", "--upto", "20", "-o", &svg], ""),
    ];
    for (args, stdin) in cases {
        assert_one_line_exit_1(args, stdin);
    }
    let _ = std::fs::remove_file(&svg);
}

#[test]
fn a_failing_standard_error_still_exits_with_the_right_code() {
    // Bad input, and nowhere to say so: the exit code alone tells it.
    let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["solve", "nim", "x"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
