//! Checkpoints of tables and searches (`--checkpoint`, `--resume`): Ctrl-C keeps one that
//! resumes to the same result, a finished run removes its own, and `grundy table --resume` trusts
//! nothing it reads: a file not sealed with the user's key is refused, and imported (`--import`)
//! only when every value holds; a damaged, truncated, forged or foreign checkpoint is refused
//! with one line and exit 2, never turned into a wrong table or a huge allocation.
//!
//! The files below are written as a forger would: in the format of version 2, with a checksum
//! that matches (anyone can compute one), so each is resumed with `--import`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

/// The checkpoint's checksum, as the format defines it (written out here again, so a change to
/// the format shows as a failing test).
fn checksum(data: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = data.len() as u64;
    let mut words = data.chunks_exact(8);
    for w in &mut words {
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w.try_into().unwrap())).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

fn header(game: &str, count: u64, max: u64, sum: u64) -> Vec<u8> {
    format!(
        "grundy-table-checkpoint 2\ngame {game}\nvalues {count}\nmax {max}\nchecksum {sum:016x}\n"
    )
    .into_bytes()
}

/// A checkpoint of `values`, with a checksum that matches them (as a forger would write it).
fn checkpoint(game: &str, values: &[u32]) -> Vec<u8> {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let max = values.iter().copied().max().unwrap_or(0);
    let mut file = header(game, values.len() as u64, max.into(), checksum(&data));
    file.extend_from_slice(&data);
    file
}

fn values(game: &str, last: u64) -> Vec<u32> {
    let v = common::success_json(&["table", game, "--upto", &last.to_string(), "--json"], b"");
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        Dir(common::scratch_dir(&format!("checkpoints-{name}")))
    }
    fn file(&self, bytes: &[u8]) -> PathBuf {
        let p = self.0.join("t.ckpt");
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `table GAME --upto UPTO --resume` from `ckpt`, imported: every value verified.
fn resume(game: &str, upto: u64, ckpt: &Path) -> Output {
    common::run(
        &[
            "table",
            game,
            "--upto",
            &upto.to_string(),
            "--json",
            "--resume",
            "--import",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        b"",
    )
}

/// The same, the file believed only if sealed with the user's key.
fn resume_sealed(game: &str, upto: u64, ckpt: &Path) -> Output {
    common::run(
        &[
            "table",
            game,
            "--upto",
            &upto.to_string(),
            "--json",
            "--resume",
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ],
        b"",
    )
}

/// The run is refused: exit 2, one line naming the file and `why`.
fn assert_refused(out: &Output, why: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("grundy: error: checkpoint ") && stderr.contains(why),
        "{stderr} (wanted: {why})"
    );
}

#[test]
fn a_good_checkpoint_resumes_to_the_direct_table() {
    let dir = Dir::new("good");
    let head = values("0.6", 3000);
    let ckpt = dir.file(&checkpoint("0.6", &head));
    // Not sealed with the user's key: refused, naming how to import it.
    assert_refused(
        &resume_sealed("0.6", 9000, &ckpt),
        "not sealed with this user's key",
    );
    let out = resume("0.6", 9000, &ckpt);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let resumed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let direct = common::success_json(&["table", "0.6", "--upto", "9000", "--json"], b"");
    assert_eq!(resumed, direct);
}

#[test]
fn damaged_checkpoints_are_refused() {
    let dir = Dir::new("damaged");
    let head = values("0.6", 3000);
    let good = checkpoint("0.6", &head);
    let data_start = good.len() - head.len() * 4;

    // One value changed: every value is verified when a file is imported.
    let mut bad = good.clone();
    bad[data_start + 4 * 1234] ^= 1;
    assert_refused(&resume("0.6", 9000, &dir.file(&bad)), "G(1234) = ");

    // Truncated, padded.
    let cut = &good[..good.len() - 3];
    assert_refused(&resume("0.6", 9000, &dir.file(cut)), "truncated or padded");
    let mut long = good.clone();
    long.push(0);
    assert_refused(
        &resume("0.6", 9000, &dir.file(&long)),
        "truncated or padded",
    );
    assert_refused(
        &resume("0.6", 9000, &dir.file(&good[..40])),
        "header is cut short",
    );

    // A file that is not a checkpoint at all, or another version's.
    assert_refused(
        &resume("0.6", 9000, &dir.file(b"hello\n")),
        "not a grundy table checkpoint",
    );
    assert_refused(
        &resume(
            "0.6",
            9000,
            &dir.file(b"grundy-table-checkpoint 1\n0.6\n0\n"),
        ),
        "another version of grundy",
    );
    // Another game's.
    assert_refused(
        &resume("0.7", 9000, &dir.file(&good)),
        "it is for the game '0.6', not '0.7'",
    );
}

#[test]
fn forged_values_with_a_good_checksum_are_refused() {
    let dir = Dir::new("forged");
    let head = values("0.6", 3000);
    // A value off by one: recomputed from the rules (the first heaps are always checked).
    let mut v = head.clone();
    v[40] ^= 1;
    assert_refused(
        &resume("0.6", 9000, &dir.file(&checkpoint("0.6", &v))),
        "G(40) = 5 but the rules give 4",
    );
    // A value past the mex bound, or of 2^31 and more: no array is sized by it.
    for big in [200, 1 << 31, u32::MAX] {
        let mut v = head.clone();
        v[2000] = big;
        assert_refused(
            &resume("0.6", 9000, &dir.file(&checkpoint("0.6", &v))),
            &format!("G(2000) = {big} but the rules give"),
        );
    }
    // Where the largest value first appears is always recomputed.
    let max = *head.iter().max().unwrap();
    let mut v = head.clone();
    let late = v.len() - 1;
    v[late] = max + 1;
    assert_refused(
        &resume("0.6", 9000, &dir.file(&checkpoint("0.6", &v))),
        "the rules give",
    );
    // A header that disagrees with its data.
    let data: Vec<u8> = head.iter().flat_map(|v| v.to_le_bytes()).collect();
    let max = u64::from(*head.iter().max().unwrap());
    let mut file = header("0.6", head.len() as u64, max + 1, checksum(&data));
    file.extend_from_slice(&data);
    assert_refused(&resume("0.6", 9000, &dir.file(&file)), "largest value");
}

#[test]
fn huge_counts_and_random_bytes_cost_nothing() {
    let dir = Dir::new("huge");
    // A count of 2^62 values: refused by the file's size, before anything is allocated.
    let file = header("0.6", 1 << 62, 0, 0);
    let out = common::run(
        &[
            "--memory",
            "64M",
            "table",
            "0.6",
            "--upto",
            "100",
            "--resume",
            "--checkpoint",
            dir.file(&file).to_str().unwrap(),
        ],
        b"",
    );
    assert_refused(&out, "truncated or padded");
    // Random bytes (a fixed xorshift stream), with and without a valid first line.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let noise: Vec<u8> = (0..1 << 16)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    assert_refused(
        &resume("0.6", 100, &dir.file(&noise)),
        "not a grundy table checkpoint",
    );
    let mut framed = b"grundy-table-checkpoint 2\n".to_vec();
    framed.extend_from_slice(&noise);
    let out = resume("0.6", 100, &dir.file(&framed));
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every value of 0xFFFFFFFF under a matching checksum and header.
    let file = checkpoint("0.6", &vec![u32::MAX; 4096]);
    assert_refused(&resume("0.6", 9000, &dir.file(&file)), "the rules give");
}

#[test]
fn a_shorter_table_keeps_the_longer_checkpoint_it_resumed_from() {
    let dir = common::scratch_dir("checkpoints-shorter");
    let path = dir.join("grundy-table-0.6.ckpt");
    std::fs::write(&path, checkpoint("0.6", &values("0.6", 70_000))).unwrap();
    let dir_text = dir.to_str().unwrap();
    let run = |upto: &str| {
        common::run_in(
            dir_text,
            &[
                "table", "0.6", "--upto", upto, "--resume", "--import", "--json",
            ],
            b"",
        )
    };
    let out = run("66000");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        path.exists(),
        "the 70001 values of the checkpoint were deleted"
    );
    // A table that covers the checkpoint replaces it: nothing is left behind.
    let out = run("80000");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!path.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_checkpoint_is_refused() {
    let dir = Dir::new("empty");
    let ckpt = dir.file(&checkpoint("0.6", &[]));
    assert_refused(&resume("0.6", 9000, &ckpt), "holds no values");
}

/// Found by the fuzz campaign (`grundy-fuzz checkpoints`): one value of a small table changed and
/// the checksum made to match was resumed into a wrong table when the sample missed it; a table
/// this small is now checked whole.
#[test]
fn a_forged_value_of_a_small_checkpoint_is_refused() {
    let dir = Dir::new("forged-small");
    let mut head = values("sub:1,3,4", 1228);
    assert_eq!(head[394], 0);
    head[394] = 1;
    let out = resume(
        "sub:1,3,4",
        3000,
        &dir.file(&checkpoint("sub:1,3,4", &head)),
    );
    assert_refused(&out, "G(394) = 1 but the rules give 0");
}

#[test]
fn a_finished_table_removes_its_named_checkpoint() {
    let dir = Dir::new("named");
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

/// Ctrl-C (SIGINT) on a table under way ends it with exit 1 and a checkpoint of the values so
/// far; `--resume` finishes from it to the table a direct run gives.
#[cfg(unix)]
#[test]
fn an_interrupted_table_resumes_to_the_same_result() {
    let dir = Dir::new("interrupted-table");
    let ckpt = dir.0.join("t.ckpt");
    let ckpt_s = ckpt.to_str().unwrap();
    // Long enough that the run is still computing at its first progress line (a second in):
    // seconds in a debug build, and as long in a release build with ten times the heaps.
    let upto = if cfg!(debug_assertions) {
        "400000"
    } else {
        "4000000"
    };
    let args = [
        "table",
        "0.6",
        "--upto",
        upto,
        "--json",
        "--checkpoint",
        ckpt_s,
    ];
    // Its first progress line (`grundy: 81920/400001 values (1 s)`): the table is under way,
    // Ctrl-C caught.
    let (code, err) = common::interrupt_when(&args, libc::SIGINT, |line| {
        line.starts_with("grundy: ") && line.contains(" values (")
    });
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("interrupted after ")
            && err.contains(&format!("checkpoint written to {ckpt_s}")),
        "{err}"
    );
    assert!(ckpt.exists(), "{err}");
    let mut resume_args = args.to_vec();
    resume_args.push("--resume");
    let resumed = common::success_json(&resume_args, b"");
    let direct = common::success_json(&["table", "0.6", "--upto", upto, "--json"], b"");
    assert_eq!(resumed, direct);
    assert!(!ckpt.exists(), "a finished table removes its checkpoint");
}

/// A long search (Cram 5x8 takes seconds in a debug build) saves its table every second;
/// Ctrl-C saves it once more and ends with 130; `--resume` finishes from it with the same value
/// and removes the file. A damaged file is refused with one line before any search starts.
#[cfg(unix)]
#[test]
fn a_search_interrupted_resumes_from_its_checkpoint() {
    let dir = Dir::new("search");
    let file = dir.0.join("cram.ckpt");
    let file_arg = file.to_str().unwrap();
    let args = [
        "solve",
        "--json",
        "--no-moves",
        "--checkpoint",
        file_arg,
        "cram:5x8",
    ];
    // Interrupted once its first checkpoint is written (a second in): the search is under way
    // and Ctrl-C caught.
    let mut interrupted = args.to_vec();
    interrupted.extend(["--checkpoint-every", "1"]);
    let (code, err) = common::interrupt_when(&interrupted, libc::SIGINT, |_| file.exists());
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("--resume"), "{err}");
    // Its size is said. The file holds only the entries the search filled, not its whole
    // table (64 MiB here, allocated at once; 512 MiB for 5x9, which took seconds to write).
    let saved = err.lines().find(|l| l.contains("the search is saved in"));
    assert!(saved.is_some_and(|l| l.contains("iB)")), "{err}");
    assert!(file.exists());
    let bytes = std::fs::metadata(&file).unwrap().len();
    assert!(bytes < 16 << 20, "{bytes} bytes: the whole table written?");
    let mut resume = args.to_vec();
    resume.insert(1, "--resume");
    let out = common::run(&resume, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grundy"], 1);
    assert!(!file.exists(), "a finished solve removes its checkpoint");
    // Damaged, or missing: refused before searching.
    std::fs::write(
        &file,
        b"grundy-search-checkpoint 1\nrules cram 1\nwords 2\nchecksum 0\n",
    )
    .unwrap();
    let out = common::run(
        &["solve", "--resume", "--checkpoint", file_arg, "cram:5x7"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cut short") && err.contains("delete it"),
        "{err}"
    );
    std::fs::remove_file(&file).unwrap();
    let out = common::run(
        &["solve", "--resume", "--checkpoint", file_arg, "cram:5x7"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no checkpoint"));
}

/// A checkpoint another user's grundy wrote (another key), true in every value: refused with one
/// line naming `--import`, then imported to the table a direct run gives. The key is made on
/// first use, readable by its owner alone.
#[test]
fn another_users_checkpoint_is_refused_then_imported_whole() {
    let dir = Dir::new("another-user");
    let (alice, bob) = (dir.0.join("alice"), dir.0.join("bob"));
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
    let mut small = vec!["--memory", "600K"];
    small.extend_from_slice(&table);
    let out = common::as_user(&alice, &small);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(path.exists(), "a stopped table keeps its checkpoint");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let key = alice.join("grundy").join("key");
        let mode = std::fs::metadata(&key).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let mut resumed = table.to_vec();
    resumed.push("--resume");
    let out = common::as_user(&bob, &resumed);
    assert_refused(&out, "not sealed with this user's key");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("give --import"), "{stderr}");
    // Alice's own run still resumes it; Bob's imports it after computing every value again.
    resumed.push("--import");
    let out = common::as_user(&bob, &resumed);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let imported: Value = serde_json::from_slice(&out.stdout).unwrap();
    let direct = common::success_json(&["table", "0.6", "--upto", "400000", "--json"], b"");
    assert_eq!(imported, direct);
}

/// A pipe or a device given as a checkpoint is refused before it is opened: opening a pipe
/// waited for a writer for ever, and a device is never a checkpoint.
#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_is_never_read_as_a_checkpoint() {
    let dir = Dir::new("special");
    let fifo = dir.0.join("a.fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let fifo = fifo.to_str().unwrap();
    for args in [
        vec![
            "table",
            "0.6",
            "--upto",
            "100",
            "--resume",
            "--checkpoint",
            fifo,
        ],
        vec![
            "table",
            "0.6",
            "--upto",
            "100",
            "--resume",
            "--checkpoint",
            "/dev/zero",
        ],
        vec!["solve", "cram:3x3", "--resume", "--checkpoint", fifo],
    ] {
        let out = common::output_within_patience(&mut common::grundy(&args));
        assert_refused(&out, "not a regular file");
    }
}

/// Without a key to be had (a config directory that cannot be made), a solve still answers,
/// saying its search keeps no checkpoint; one that asks for a checkpoint is refused, naming the
/// key.
#[cfg(target_os = "linux")]
#[test]
fn a_solve_without_a_key_answers_and_a_checkpoint_asked_for_is_refused() {
    let nowhere = Path::new("/proc/no-such-dir");
    let out = common::as_user(nowhere, &["solve", "--json", "nim", "3", "4", "5"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("keeps no checkpoint"), "{err}");
    let out = common::as_user(nowhere, &["solve", "--checkpoint", "x.ckpt", "nim", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the key /proc/no-such-dir/grundy/key"),
        "{err}"
    );
}
