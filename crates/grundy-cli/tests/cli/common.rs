//! Running the `grundy` binary as a user runs it, shared by the integration tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `grundy ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(".", args, stdin)
}

/// Runs `grundy ARGS` from the workspace root (examples name files relative to it).
pub fn run_from_root<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: &[u8]) -> Output {
    run_in(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), args, stdin)
}

pub fn run_in<S: AsRef<std::ffi::OsStr>>(dir: &str, args: &[S], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that exits without reading its input closes the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Runs `grundy ARGS`, asserts success and parses standard output as JSON.
pub fn success_json(args: &[&str], stdin: &[u8]) -> Value {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// `grundy solve --json ARGS`, asserted to succeed.
pub fn solve_json(args: &[&str]) -> Value {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    success_json(&all, b"")
}

/// The words of a registry example (`grundy games --json`'s `example`) after `grundy solve`: the
/// game and its position, to run through any command.
pub fn example_words(example: &str) -> Vec<String> {
    example
        .strip_prefix("grundy solve ")
        .unwrap_or(example)
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// `stderr` without the plain progress lines a long run writes when stderr is not a terminal
/// (`grundy: 6656/40001 values (1 s)`, `nim: 4096 positions stored (5 s)`; how many depends on
/// the machine's speed): what is left is what the run said.
pub fn without_progress(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| {
            let progress = !l.starts_with("grundy: error: ")
                && !l.starts_with("grundy: warning: ")
                && l.ends_with(" s)");
            !progress
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// What a run said besides its progress and the notes a long table writes before it starts
/// (`grundy: the table of … needs about …`): its error lines and anything else.
pub fn without_progress_or_notes(stderr: &str) -> String {
    without_progress(stderr)
        .lines()
        .filter(|l| !l.starts_with("grundy: ") || l.starts_with("grundy: error: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Wythoff's game written as a script over `[a, b]` (no theorem: the script is searched), for
/// tests that compare it with the built-in `wythoff`. The page's tests read the same file.
pub const WYTHOFF_SCRIPT: &str = concat!("script:{", include_str!("../scripts/wythoff.rhai"), "}");

/// A directory of its own for one test's files: `grundy-test-PID-NAME` in the system's temporary
/// directory, created if missing. Every test runs in this one process, on threads side by side:
/// each names its own directory (module and test), so none writes, reads or removes another's
/// files.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
