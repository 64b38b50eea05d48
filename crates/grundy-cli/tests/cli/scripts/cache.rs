//! A script's shared line of heaps at scale: `--cache FILE` keeps its values between runs
//! (verified, refused when damaged), `table` and `solve` read the same line, and the line is held
//! to the `--memory` budget.

use std::path::PathBuf;

use serde_json::Value;

use crate::common;

/// Take at most half, saying on stderr when the script is asked about the heap 3000: a run that
/// reads the heap's value from the cache never asks.
const HALF: &str =
    "script:{fn moves(n) { if n == 3000 { print(\"asked 3000\"); } range(n - n / 2, n) }}";

/// A file in a directory of this test's own, removed first.
fn scratch(name: &str) -> PathBuf {
    let dir = common::scratch_dir("script-cache");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = common::run_from_root(args, b"");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `G(n)` of take-at-most-half: `G(2m) = m`, `G(2m + 1) = G(m)`.
fn half(mut n: u64) -> u64 {
    while n % 2 == 1 {
        n /= 2;
    }
    n / 2
}

#[test]
fn a_cache_keeps_a_tables_values_for_the_next_runs() {
    let cache = scratch("half.cache");
    let file = cache.to_str().unwrap();
    let plain = run(&["table", "--json", "--period", HALF, "--upto", "5000"]);
    assert!(plain.0, "{}", plain.2);
    assert!(plain.2.contains("asked 3000"), "{}", plain.2);
    let first = run(&[
        "--cache", file, "table", "--json", "--period", HALF, "--upto", "5000",
    ]);
    assert!(first.0, "{}", first.2);
    assert_eq!(first.1, plain.1, "the same table with a cache");
    assert!(cache.exists());
    // The next runs read the values: the script is not asked about the heap 3000 again, by
    // `table` or by `solve`, and the answers are the same.
    let again = run(&[
        "--cache", file, "table", "--json", "--period", HALF, "--upto", "5000",
    ]);
    assert!(again.0, "{}", again.2);
    assert_eq!(again.1, plain.1);
    assert!(!again.2.contains("asked 3000"), "{}", again.2);
    let solved = run(&[
        "--cache",
        file,
        "solve",
        "--json",
        "--no-moves",
        HALF,
        "3000",
    ]);
    assert!(solved.0, "{}", solved.2);
    assert!(!solved.2.contains("asked 3000"), "{}", solved.2);
    let v: Value = serde_json::from_str(&solved.1).unwrap();
    assert_eq!(v["grundy"], half(3000));
    // A longer run extends the line from the file, and keeps it.
    let longer = run(&[
        "--cache",
        file,
        "solve",
        "--json",
        "--no-moves",
        HALF,
        "9001",
    ]);
    assert!(longer.0, "{}", longer.2);
    let v: Value = serde_json::from_str(&longer.1).unwrap();
    assert_eq!(v["grundy"], half(9001));
    let table = run(&["--cache", file, "table", "--json", HALF, "--upto", "9001"]);
    let v: Value = serde_json::from_str(&table.1).unwrap();
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 9002);
    for (n, g) in values.iter().enumerate() {
        assert_eq!(g, half(n as u64), "n = {n}");
    }
    // Another parameter is another game: the script is asked again.
    let other = run(&[
        "--cache", file, "--param", "k=1", "table", HALF, "--upto", "3000",
    ]);
    assert!(other.2.contains("asked 3000"), "{}", other.2);
}

#[test]
fn a_damaged_cache_is_refused_in_one_line() {
    let cache = scratch("damaged.cache");
    let file = cache.to_str().unwrap();
    let made = run(&[
        "--cache",
        file,
        "table",
        "--no-values",
        HALF,
        "--upto",
        "4000",
    ]);
    assert!(made.0, "{}", made.2);
    let mut bytes = std::fs::read(&cache).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&cache, &bytes).unwrap();
    let out = common::run_from_root(&["--cache", file, "solve", HALF, "10"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("grundy: error: cache "), "{err}");
    assert!(
        err.contains(file) && err.contains("not sealed with this user's key"),
        "{err}"
    );
    // Imported, the changed value is found when the game takes its line: computed again.
    let out = common::run_from_root(&["--import", "--cache", file, "solve", HALF, "10"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Not a cache file at all.
    std::fs::write(&cache, "hello\n").unwrap();
    let out = common::run_from_root(&["--cache", file, "solve", HALF, "10"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not a grundy cache file"), "{err}");
}

#[test]
fn a_cache_that_cannot_be_written_is_one_error_line() {
    let dir = scratch("a-directory");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("missing").join("x.cache");
    let out = common::run_from_root(
        &["--cache", file.to_str().unwrap(), "solve", HALF, "100"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let err = common::without_progress(&err);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot write it"), "{err}");
}

#[test]
fn a_table_past_the_budget_names_the_flag() {
    let out = common::run_from_root(
        &[
            "--memory",
            "16M",
            "table",
            "--no-values",
            HALF,
            "--upto",
            "50000000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = common::without_progress_or_notes(&String::from_utf8(out.stderr).unwrap());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--memory"), "{err}");
}

#[test]
fn a_solve_past_the_budget_searches_without_the_line() {
    // The line up to 3 000 000 heaps needs more than the budget, and a search would value the
    // 1 500 000 heaps of the range of options, more than the position cap lets it store: one
    // error says both, at once (it used to note that it would search, then reach the cap).
    let out = common::run_from_root(
        &[
            "--memory",
            "16M",
            "--max-positions",
            "1000",
            "solve",
            HALF,
            "3000000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = common::without_progress(&String::from_utf8(out.stderr).unwrap());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--memory SIZE")
            && err.contains("(10000 positions, ten times --max-positions N), so it is not tried"),
        "{err}"
    );
}

#[test]
fn a_run_without_a_script_makes_no_cache_file() {
    let cache = scratch("none.cache");
    let out = common::run_from_root(
        &["--cache", cache.to_str().unwrap(), "solve", "nim", "3"],
        b"",
    );
    assert!(out.status.success());
    assert!(!cache.exists());
}

/// Take at most half, saying on stderr when the script is asked about the heaps 5000 and 20000.
const MARKED: &str = "script:{fn moves(n) { if n == 5000 || n == 20000 { print(`asked ${n}`); } \
                      range(n - n / 2, n) }}";

/// The length the cache file's header gives its only game's line (`game ID WIDTH LEN ...`).
fn cached_length(cache: &std::path::Path) -> Option<u64> {
    let bytes = std::fs::read(cache).ok()?;
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    let line = head.lines().find(|l| l.starts_with("game "))?;
    line.split(' ').nth(3)?.parse().ok()
}

/// Runs `grundy --cache CACHE ARGS` (with `stdin`) until the line its solve extends has passed
/// the heap 20000 (the script says so on stderr), then sends it SIGINT: the exit code (`None`
/// when it had finished first) and what it said on stderr.
#[cfg(unix)]
fn interrupted(cache: &str, args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("--cache")
        .arg(cache)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let (tx, rx) = mpsc::channel();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in stderr.lines().map_while(Result::ok) {
            if line.contains("asked 20000") {
                let _ = tx.send(());
            }
            all += &line;
            all.push('\n');
        }
        all
    });
    // Generous: a loaded machine may take long to start, never a failure by itself.
    let reached = rx.recv_timeout(Duration::from_secs(300)).is_ok();
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    // The line stops at the end of its block (4096 heaps) and is written: seconds at most; a
    // run that does not end is killed, and fails below.
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let err = reader.join().unwrap();
    assert!(
        reached && sent,
        "the line never reached the heap 20000: {err}"
    );
    let status = status.unwrap_or_else(|| panic!("SIGINT did not end the solve: {err}"));
    (status.code(), err)
}

/// Ctrl-C during a solve (a lone heap, or a `--batch` line) writes the values its line holds so
/// far to the cache file, as Ctrl-C during a table does: the next run reads them (the script is
/// not asked about the heap 5000 again) and answers the same.
#[cfg(unix)]
#[test]
fn ctrl_c_on_a_solve_keeps_the_lines_values_in_the_cache() {
    // Without a cache the script is asked about the heap 5000: the mark this test reads.
    let plain = run(&["solve", "--json", "--no-moves", MARKED, "5000"]);
    assert!(plain.0 && plain.2.contains("asked 5000"), "{}", plain.2);
    let v: Value = serde_json::from_str(&plain.1).unwrap();
    assert_eq!(v["grundy"], half(5000));
    // 5 * 10^7 heaps take a minute or more: the SIGINT comes long before the end.
    let huge = "50000000";
    for (name, args, stdin) in [
        (
            "solve.cache",
            vec!["solve", "--json", "--no-moves", MARKED, huge],
            String::new(),
        ),
        (
            "batch.cache",
            vec!["solve", "--batch", "--no-moves", MARKED],
            format!("{huge}\n"),
        ),
    ] {
        let cache = scratch(name);
        let file = cache.to_str().unwrap();
        let (code, err) = interrupted(file, &args, stdin.as_bytes());
        assert_eq!(code, Some(130), "{name}: {err}");
        // Past the heap 20000 the line holds at least the blocks of heaps before 12288.
        let kept = cached_length(&cache).unwrap_or_else(|| panic!("{name}: no cache: {err}"));
        assert!(kept > 5000, "{name}: {kept} values kept");
        let again = run(&[
            "--cache",
            file,
            "solve",
            "--json",
            "--no-moves",
            MARKED,
            "5000",
        ]);
        assert!(again.0, "{name}: {}", again.2);
        assert!(!again.2.contains("asked 5000"), "{name}: {}", again.2);
        let v: Value = serde_json::from_str(&again.1).unwrap();
        assert_eq!(v["grundy"], half(5000), "{name}");
    }
}

/// The games a cache file names (its `games N` line).
fn cached_games(cache: &std::path::Path) -> usize {
    cached_lengths(cache).len()
}

/// The number of values the cache file holds for each game, in the header's order.
fn cached_lengths(cache: &std::path::Path) -> Vec<usize> {
    let bytes = std::fs::read(cache).unwrap();
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
    // `game ID WIDTH LENGTH SOURCE`
    head.lines()
        .filter_map(|l| l.strip_prefix("game "))
        .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn writers_sharing_a_cache_lose_no_game() {
    // Two, then four runs of different games at once, twenty times each: each writes the file
    // whole through a temporary of its own, and merges under a lock what the others wrote since
    // it read it. Every game keeps every value its run computed.
    let cache = scratch("shared.cache");
    let file = cache.to_str().unwrap().to_string();
    for (writers, trial) in (0..20).map(|t| (2, t)).chain((0..20).map(|t| (4, t))) {
        let _ = std::fs::remove_file(&cache);
        let upto = 1000 + 50 * trial;
        let runs: Vec<_> = (2..2 + writers)
            .map(|k| {
                let game = format!("script:{{fn moves(n) {{ range(n - n / {k}, n) }}}}");
                common::grundy(&[
                    "--cache",
                    &file,
                    "table",
                    "--no-values",
                    &game,
                    "--upto",
                    &upto.to_string(),
                ])
                .spawn()
                .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let lengths = cached_lengths(&cache);
        assert_eq!(
            lengths,
            vec![upto + 1; writers],
            "{writers} writers, trial {trial}: values were lost"
        );
        // This cache's temporaries only: other tests write caches of their own in the same
        // directory at the same time (a `.batch.cache.*.tmp` of one was once seen here).
        let dir = cache.parent().unwrap();
        let left: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with(".shared.cache.") && name.ends_with(".tmp")
            })
            .collect();
        assert!(left.is_empty(), "temporaries left: {left:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_device_or_a_pipe_is_refused_before_it_is_read() {
    let fifo = scratch("a.fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for path in ["/dev/zero", fifo.to_str().unwrap()] {
        // A run that read the pipe would wait for a writer for ever: it must answer at once.
        let out = common::output_within_patience(&mut common::grundy(&[
            "--cache", path, "solve", HALF, "10",
        ]));
        let status = out.status;
        assert_eq!(status.code(), Some(2), "{path}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_cache_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let cache = scratch("read-only.cache");
    let file = cache.to_str().unwrap();
    assert!(run(&["--cache", file, "solve", HALF, "100"]).0);
    let before = std::fs::read(&cache).unwrap();
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Another game's values would grow the file: the run says it did not write them.
    let other = "script:{fn moves(n) { range(n - n / 3, n) }}";
    let (ok, _, err) = run(&["--cache", file, "solve", other, "100"]);
    assert!(!ok);
    let err = common::without_progress(&err);
    assert!(err.contains("read-only"), "{err}");
    assert_eq!(std::fs::read(&cache).unwrap(), before);
    std::fs::set_permissions(&cache, std::fs::Permissions::from_mode(0o644)).unwrap();
}

#[test]
fn a_cache_deleted_during_a_run_is_not_brought_back() {
    // "Delete it to start again": a run that read the file before it was deleted writes back
    // only its own game, not the games it read from the deleted file.
    use std::io::{BufRead, BufReader};
    let cache = scratch("deleted.cache");
    let file = cache.to_str().unwrap();
    let other = "script:{fn moves(n) { range(n - n / 3, n) }}";
    assert!(
        run(&[
            "--cache",
            file,
            "table",
            "--no-values",
            other,
            "--upto",
            "100"
        ])
        .0
    );
    assert_eq!(cached_games(&cache), 1);
    let mut child = common::grundy(&[
        "--cache",
        file,
        "table",
        "--no-values",
        HALF,
        "--upto",
        "5000",
    ])
    .spawn()
    .unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    for line in stderr.lines().map_while(Result::ok) {
        if line.contains("asked 3000") {
            std::fs::remove_file(&cache).unwrap();
        }
    }
    assert!(child.wait().unwrap().success());
    assert_eq!(cached_games(&cache), 1, "the deleted file's game came back");
}

/// The forgery that once served `G(6) = 4` for take-at-most-half (truth 3): a value edited in a
/// cache file. Not sealed any more, the file is refused; imported, every value of the line is
/// valued again and the answer is the truth. Another user's intact file is refused too, then
/// imported.
#[test]
fn a_forged_cache_is_never_served() {
    let dir = common::scratch_dir("script-cache-forged");
    let (alice, bob) = (dir.join("alice"), dir.join("bob"));
    let cache = dir.join("half.cache");
    let file = cache.to_str().unwrap();
    let made = common::as_user(
        &alice,
        &[
            "--cache",
            file,
            "table",
            "--no-values",
            HALF,
            "--upto",
            "5000",
        ],
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let good = std::fs::read(&cache).unwrap();
    // The values start after the MAC's line; G(n) < 2^16 here: two bytes each.
    let mac_line = good.windows(5).position(|w| w == b"\nmac ").unwrap() + 1;
    let data = mac_line + good[mac_line..].iter().position(|&b| b == b'\n').unwrap() + 1;
    assert_eq!(good.len() - data, 2 * 5001);
    assert_eq!(good[data + 12], 3, "G(6) is 3");
    let mut forged = good.clone();
    forged[data + 12] = 4;
    std::fs::write(&cache, &forged).unwrap();
    let solve = ["--cache", file, "solve", "--json", HALF, "6"];
    let out = common::as_user(&alice, &solve);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("not sealed with this user's key") && err.contains("--import"),
        "{err}"
    );
    let mut imported = vec!["--import"];
    imported.extend_from_slice(&solve);
    // Imported, G(6) is 3, whoever imports it.
    let value = |home: &std::path::Path| {
        let out = common::as_user(home, &imported);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Value>(&out.stdout).unwrap()["grundy"].clone()
    };
    assert_eq!(value(&alice), 3);
    // Alice's intact file, read by Bob: refused, then imported and answered.
    std::fs::write(&cache, &good).unwrap();
    let out = common::as_user(&bob, &solve);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(value(&bob), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A heap whose line of values the budget refuses, and whose range of options is more than a
/// search may store: one error saying both, at once; it once said it would search heap by heap
/// and then failed. A heap whose search fits is still searched.
#[test]
fn a_line_past_the_budget_is_not_promised_a_search_that_cannot_fit() {
    let out = common::run_from_root(
        &[
            "--memory",
            "64M",
            "solve",
            "script:examples/games/half.rhai",
            "100000000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = common::without_progress(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("raise it with --memory SIZE")
            && err.contains("the 50000000 heaps of the widest range")
            && err.contains("ten times --max-positions N), so it is not tried")
            && !err.contains("searched one by one instead"),
        "{err}"
    );
}
