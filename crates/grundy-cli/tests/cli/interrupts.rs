//! Ctrl-C on every long command: each test starts a run that would go on for minutes, waits for
//! its first progress line (so the interrupt lands in the work, not before it), sends SIGINT as a
//! terminal does, and checks that the run ends at once and says so. The bound is generous (a
//! busy machine runs several test binaries at once; a debug build is slow): what it catches is a
//! run that goes on with its work after Ctrl-C, as a script table once did for 10 s and more.

use std::time::Duration;

use crate::common;

/// How soon an interrupted run must end, here (about 0.01 to 2 s measured in a debug build).
const SOON: Duration = Duration::from_secs(10);

/// The positions valued one by one for `check` (Chomp's grid, 1444 searches, minutes in all);
/// `guess`, `plot` and `solve --formula` compute their values the same way.
#[cfg(unix)]
#[test]
fn check_stops_on_ctrl_c() {
    let (code, err, took) = common::interrupt_timed(
        &["check", "--formula", "n % 3", "--upto", "37", "chomp"],
        libc::SIGINT,
        |line| line.contains("/1444 positions ("),
    );
    assert!(took < SOON, "{took:?}: {err}");
    // Nothing to keep: SIGINT's own action ends it (no exit code), as a shell expects.
    assert_eq!(code, None, "{err}");
}

/// A game script's table to three million, valued heap by heap: it ends with the error that says
/// it was interrupted, not after the next million heaps.
#[cfg(unix)]
#[test]
fn a_script_table_stops_on_ctrl_c() {
    let script = format!(
        "script:{}/../../examples/games/divisors.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, err, took) = common::interrupt_timed(
        &["table", &script, "--upto", "3000000"],
        libc::SIGINT,
        |line| line.contains(" positions expanded (") || line.contains(" values ("),
    );
    assert!(took < SOON, "{took:?}: {err}");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("interrupted"), "{err}");
}

/// A take-and-break table to 10^8 (minutes): it stops between blocks, writes its checkpoint and
/// says how to resume.
#[cfg(unix)]
#[test]
fn an_octal_table_stops_on_ctrl_c() {
    let dir = std::env::temp_dir().join(format!("grundy-interrupts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ckpt = dir.join("t.ckpt");
    let (code, err, took) = common::interrupt_timed(
        &[
            "table",
            "0.3F",
            "--upto",
            "100000000",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        libc::SIGINT,
        |line| line.contains(" values ("),
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(took < SOON, "{took:?}: {err}");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--resume"), "{err}");
}

/// A misère quotient to heap 3000 (0.56 grows for minutes, its proofs of thousands of states):
/// Ctrl-C stops it inside a heap's proof too, and it prints the quotient proved so far.
#[cfg(unix)]
#[test]
fn a_quotient_stops_on_ctrl_c() {
    let (code, err, took) = common::interrupt_timed(
        &["quotient", "0.56", "--upto", "3000"],
        libc::SIGINT,
        |line| line.contains("misère quotient to heap") || line.contains("positions stored"),
    );
    assert!(took < SOON, "{took:?}: {err}");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("interrupted: the quotient above is proved for heaps up to"),
        "{err}"
    );
}

/// `guess` of a game script, its table under way: SIGINT's own action ends it at once.
#[cfg(unix)]
#[test]
fn a_guess_stops_on_ctrl_c() {
    let script = format!(
        "script:{}/../../examples/games/divisors.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, err, took) = common::interrupt_timed(
        &["guess", &script, "--upto", "3000000"],
        libc::SIGINT,
        |line| line.contains(" positions expanded (") || line.contains(" positions ("),
    );
    assert!(took < SOON, "{took:?}: {err}");
    assert_eq!(code, None, "{err}");
}

/// `solve` of one heap of a game script whose line of values is long (3·10^8 heaps): Ctrl-C
/// ends it with 130, as a shell expects of an interrupted command.
#[cfg(unix)]
#[test]
fn a_solve_of_a_script_stops_on_ctrl_c() {
    let script = format!(
        "script:{}/../../examples/games/half.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, err, took) =
        common::interrupt_timed(&["solve", &script, "300000000"], libc::SIGINT, |line| {
            line.contains(" positions expanded (")
        });
    assert!(took < SOON, "{took:?}: {err}");
    assert_eq!(code, Some(130), "{err}");
}
