//! Running the `grundy` binary as a user runs it, shared by the integration tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

/// Runs `grundy ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(".", args, stdin)
}

/// Runs `grundy ARGS` from the workspace root (examples name files relative to it).
pub fn run_from_root<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: &[u8]) -> Output {
    run_in(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), args, stdin)
}

/// `grundy ARGS` from the repository's root, not started yet: its output piped, no input.
pub fn grundy<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// `grundy ARGS` from the repository's root as the user whose config directory is `home` (their
/// key, which seals checkpoints and caches, is `home/grundy/key`), to its end.
pub fn as_user(home: &std::path::Path, args: &[&str]) -> Output {
    grundy(args)
        .env("XDG_CONFIG_HOME", home)
        .output()
        .expect("the binary runs")
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

/// Runs `grundy ARGS` from the repository's root (where the examples' files are), asserts
/// success and parses standard output as JSON.
pub fn success_json_from_root(args: &[&str]) -> Value {
    let out = run_from_root(args, b"");
    assert!(
        out.status.success(),
        "{args:?}: exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
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

/// How long a test waits for the event a run is interrupted at, and then for the run to end:
/// generous (a loaded machine may be slow), yet a run that hangs fails the test instead of
/// hanging the tests.
pub const PATIENCE: Duration = Duration::from_secs(300);

/// Runs `command` to its end and returns its output; a run still going after [`PATIENCE`] is
/// killed and fails the test (a hang is a failure, not a test that never ends).
pub fn output_within_patience(command: &mut Command) -> Output {
    let mut child = command.spawn().expect("the binary runs");
    let start = std::time::Instant::now();
    while child
        .try_wait()
        .expect("the run can be waited on")
        .is_none()
    {
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("{command:?} still running after {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// Runs `grundy ARGS` (nothing on standard input, standard output dropped) until `event` holds,
/// then sends it `signal` (`libc::SIGINT`: as Ctrl-C does) and waits for it to end: its exit code
/// (`None` when the signal ended it) and all it said on standard error.
///
/// `event` is asked about each line of standard error as it is written, and about `""` every
/// 50 ms while none comes (for events outside the run's output: a file that appears). The test
/// fails when the run ends before the event (it was never interrupted: the test would prove
/// nothing), and when the event or the end takes longer than [`PATIENCE`].
#[cfg(unix)]
pub fn interrupt_when(
    args: &[&str],
    signal: libc::c_int,
    event: impl FnMut(&str) -> bool,
) -> (Option<i32>, String) {
    let (code, said, _) = interrupt_timed(args, signal, event);
    (code, said)
}

/// [`interrupt_when`], with how long the run took to end once signalled.
#[cfg(unix)]
pub fn interrupt_timed(
    args: &[&str],
    signal: libc::c_int,
    mut event: impl FnMut(&str) -> bool,
) -> (Option<i32>, String, Duration) {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc::{channel, RecvTimeoutError};
    use std::time::Instant;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (tx, rx) = channel();
    let reader = std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut said = String::new();
    // Reads what comes within `tick`: `Some(line)`, `Some("")` when nothing came, `None` when
    // standard error is closed (the run has ended).
    let next = |said: &mut String, tick: Duration| match rx.recv_timeout(tick) {
        Ok(line) => {
            *said += &line;
            said.push('\n');
            Some(line)
        }
        Err(RecvTimeoutError::Timeout) => Some(String::new()),
        Err(RecvTimeoutError::Disconnected) => None,
    };
    let start = Instant::now();
    let reached = loop {
        match next(&mut said, Duration::from_millis(50)) {
            Some(line) if event(&line) => break true,
            Some(_) if start.elapsed() < PATIENCE => {}
            _ => break false,
        }
    };
    if !reached {
        let _ = child.kill();
        let status = child.wait().unwrap();
        panic!("{args:?} ended ({status}) or hung before the event it is interrupted at: {said}");
    }
    // SAFETY: a plain syscall on the child's pid, which is not reaped before `wait` below.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    assert_eq!(sent, 0, "signal {signal} could not be sent");
    let start = Instant::now();
    while next(&mut said, Duration::from_millis(50)).is_some() {
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: signal {signal} did not end the run: {said}");
        }
    }
    reader.join().unwrap();
    let status = child.wait().unwrap();
    (status.code(), said, start.elapsed())
}

/// A validator of one command's `--json` shape: `schema/grundy.schema.json`'s `$defs/DEF`, not
/// just any of its shapes.
pub fn schema_for(def: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schema/grundy.schema.json"
    ))
    .expect("the schema is in the repository");
    let mut schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    schema["$ref"] = serde_json::Value::from(format!("#/$defs/{def}"));
    jsonschema::validator_for(&schema).expect("a valid schema")
}
