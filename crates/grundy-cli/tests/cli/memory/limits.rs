//! Limits from outside grundy: an address-space limit (`ulimit -v`) that the default `--memory`
//! budget must fit, the resident memory a run may reach under its budget, and standard output on
//! a full device for `--help` and `--version`.

use crate::common;

use std::io::Read;
use std::process::{Command, Output, Stdio};

const GRUNDY: &str = env!("CARGO_BIN_EXE_grundy");

/// Runs `grundy ARGS` under `ulimit -v KIB`.
fn under_ulimit(kib: u64, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(GRUNDY)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// Exit 1 and one error line on stderr naming `--memory` (after the plain progress lines a long
/// run writes to a stderr that is not a terminal): no abort, no "memory allocation of N bytes
/// failed".
fn assert_clean_out_of_memory(out: &Output) -> String {
    // Progress, and what a long table says before it starts, are not the error.
    let stderr = common::without_progress_or_notes(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("grundy: error: ") && stderr.contains("--memory SIZE"),
        "{stderr}"
    );
    assert!(!stderr.contains("memory allocation of"), "{stderr}");
    stderr
}

/// 2,000 heaps of Nim, every option a copy of the whole sum: a search that grows fast.
fn two_thousand_heaps() -> Vec<String> {
    let mut x = 12345u64;
    (0..2000)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (1 + (x >> 33) % 1000).to_string()
        })
        .collect()
}

#[test]
fn the_default_budget_fits_an_address_space_limit() {
    // A table of 4 GiB fitted the machine's memory and aborted under `ulimit -v`: now it
    // computes as far as the budget drawn from the limit reaches, and keeps that. (A limit of
    // 600 MB: its checkpoint is some 23 MB, a byte a value; at 2 GB it was 389 MB, four bytes a
    // value, and filled a CI machine's disk.)
    let ckpt = common::scratch_dir("memory-ulimit").join("t.ckpt");
    let out = under_ulimit(
        600_000,
        &[
            "table",
            "sub:fib",
            "--upto",
            "400000000",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
    );
    let stderr = assert_clean_out_of_memory(&out);
    assert!(
        stderr.contains("the table of sub:fib stopped at ")
            && stderr.contains("as far as the memory budget reaches"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(&ckpt);
    // A search that outgrows the address space left stops at the budget drawn from it.
    let heaps = two_thousand_heaps();
    let mut args = vec!["solve", "--every", "nim"];
    args.extend(heaps.iter().map(String::as_str));
    let out = under_ulimit(700_000, &args);
    let stderr = assert_clean_out_of_memory(&out);
    assert!(stderr.contains("most of the memory budget"), "{stderr}");
}

#[test]
fn an_allocation_the_system_refuses_names_the_budget() {
    // A budget above what `ulimit -v` allows: the system's refusal, not an abort.
    let out = under_ulimit(
        2_000_000,
        &["--memory", "10G", "table", "sub:fib", "--upto", "400000000"],
    );
    let stderr = assert_clean_out_of_memory(&out);
    assert!(
        stderr.contains("the system refused an allocation"),
        "{stderr}"
    );
}

/// Runs `grundy ARGS` to its end and returns its standard error and peak resident bytes.
#[cfg(target_os = "linux")]
#[allow(clippy::zombie_processes)] // reaped by `wait4`, which also gives its peak
fn peak_resident(args: &[&str]) -> (Option<i32>, String, u64) {
    let mut child = Command::new(GRUNDY)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 reaps this child, which `Child` never waits for.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t);
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    // ru_maxrss is in KiB on Linux.
    (code, stderr, usage.ru_maxrss as u64 * 1024)
}

#[cfg(target_os = "linux")]
#[test]
fn the_budget_holds_for_resident_memory() {
    // A script game without end: every position has a next, and the search stores them all.
    // Counting only the bytes asked for, its peak was 1.15 times the budget.
    let budget = 300u64 << 20;
    let (code, stderr, peak) = peak_resident(&[
        "--memory",
        "300M",
        "solve",
        "script:{fn moves(n) { [n + 1] }}",
        "0",
    ]);
    let stderr = common::without_progress(&stderr);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("grundy: error: ") && stderr.contains("--memory SIZE"),
        "{stderr}"
    );
    assert!(
        peak as f64 <= 1.1 * budget as f64,
        "peak resident {peak} bytes, budget {budget} ({:.3}×)",
        peak as f64 / budget as f64
    );
}

#[test]
fn help_and_version_to_a_full_device_fail() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["-V"],
        &["solve", "--help"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(GRUNDY)
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("grundy: error: writing standard output: "),
            "{args:?}: {stderr}"
        );
    }
    // To a working stdout, help still succeeds.
    let out = Command::new(GRUNDY).arg("--version").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("grundy "));
}
