//! `grundy census`: a family into a SQLite file, read back with `--query` and `--export`;
//! resumed, pushed further, shared by two censuses at once, and bad families refused with where.

use serde_json::Value as Json;

use crate::common;

fn json(out: &std::process::Output) -> Json {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn census(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let db = dir.join("c.sqlite");
    let mut all = vec!["census", "--db", db.to_str().unwrap()];
    all.extend_from_slice(args);
    common::run_in(dir.to_str().unwrap(), &all, b"")
}

#[test]
fn a_census_is_resumed_and_pushed_further_without_recomputing() {
    let dir = common::scratch_dir("census-resume");
    let first = json(&census(&dir, &["0.?7", "--upto", "200", "--json"]));
    assert!(common::schema_for("census").is_valid(&first), "{first}");
    assert_eq!(first["counts"]["games"], 8);
    assert_eq!(first["computed"], 8);
    let solved = first["counts"]["solved"].as_u64().unwrap();
    let open = first["counts"]["open"].as_u64().unwrap();
    assert_eq!(solved + open, 8, "{first}");
    assert!(open > 0, "0.07 and 0.47 need more than 200 heaps: {first}");
    // Each open game keeps its values (sealed) for the next, longer run; a solved one keeps none.
    let kept = |dir: &std::path::Path| {
        std::fs::read_dir(dir.join("c.sqlite.checkpoints"))
            .unwrap()
            .count() as u64
    };
    assert_eq!(kept(&dir), open);
    // The same census again: every row is there, nothing is computed.
    let again = json(&census(&dir, &["0.?7", "--upto", "200", "--json"]));
    assert_eq!(again["computed"], 0);
    assert_eq!(again["counts"], first["counts"]);
    // Further: only the open ones are computed again.
    let further = json(&census(&dir, &["0.?7", "--upto", "4096", "--json"]));
    assert_eq!(further["computed"].as_u64(), Some(open));
    let still_open = further["counts"]["open"].as_u64().unwrap();
    assert_eq!(kept(&dir), still_open);
    let rows = json(&census(&dir, &["--query", "all", "--json"]));
    assert!(common::schema_for("census-rows").is_valid(&rows), "{rows}");
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 8);
    let kayles = rows.iter().find(|r| r["spec"] == "0.77").unwrap();
    assert_eq!(kayles["status"], "solved");
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(kayles["proof"], "proved");
    let dawson = rows.iter().find(|r| r["spec"] == "0.07").unwrap();
    assert_eq!(
        (dawson["preperiod"].as_u64(), dawson["period"].as_u64()),
        (Some(53), Some(34))
    );
    // The export has every row, in the same order; the text query a header and a line a game.
    let csv = census(&dir, &["--export", "csv"]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(csv.lines().count(), 9, "{csv}");
    assert!(csv.starts_with("spec,canonical,status,"), "{csv}");
    let exported = json(&census(&dir, &["--export", "json"]));
    assert_eq!(exported.as_array().unwrap().len(), 8);
    let text = census(&dir, &["--query", "solved"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.starts_with("game "), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("0.77 ") && l.contains("proved")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn games_with_the_same_moves_are_computed_once() {
    let dir = common::scratch_dir("census-duplicates");
    std::fs::write(
        dir.join("list.txt"),
        "# one game written five ways, and Dawson's Kayles twice\nsub:1\n0.3\nbash:1\n0.30\n0.07\n0.070\n",
    )
    .unwrap();
    let out = json(&census(&dir, &["list:list.txt", "--upto", "512", "--json"]));
    assert_eq!(out["counts"]["games"], 6);
    assert_eq!(out["counts"]["duplicates"], 4, "{out}");
    assert_eq!(out["computed"], 2);
    let rows = json(&census(&dir, &["--query", "duplicates", "--json"]));
    let of: Vec<(String, String)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["spec"].as_str().unwrap().to_string(),
                r["duplicate_of"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let pairs = [
        ("0.3", "sub:1"),
        ("bash:1", "sub:1"),
        ("0.30", "sub:1"),
        ("0.070", "0.07"),
    ];
    let want: Vec<(String, String)> = pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(of, want);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failing_game_is_recorded_and_the_rest_go_on() {
    let dir = common::scratch_dir("census-failing");
    std::fs::write(
        dir.join("list.txt"),
        "0.77\nscript:{fn moves(n) { if n > 3 { throw \"no moves past 3\" } [] }}\nnot-a-game\n",
    )
    .unwrap();
    let out = census(&dir, &["list:list.txt", "--upto", "300", "--json"]);
    let summary = json(&out);
    assert_eq!(summary["counts"]["solved"], 1, "{summary}");
    assert_eq!(summary["counts"]["failed"], 2, "{summary}");
    let failed = json(&census(&dir, &["--query", "failed", "--json"]));
    let errors: Vec<&str> = failed
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["error"].as_str().unwrap())
        .collect();
    assert!(errors[0].contains("no moves past 3"), "{errors:?}");
    assert!(
        errors[1].contains("unknown game 'not-a-game'"),
        "{errors:?}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("failed: "),
        "each failure is said at once: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_censuses_on_one_file_compute_each_game_once() {
    let dir = common::scratch_dir("census-two");
    let db = dir.join("c.sqlite");
    let args = [
        "census",
        "0.???",
        "--upto",
        "4096",
        "--jobs",
        "1",
        "--json",
        "--db",
        db.to_str().unwrap(),
    ];
    let spawn = || {
        common::grundy(&args)
            .current_dir(&dir)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    let (a, b) = (json(&a), json(&b));
    assert_eq!(
        a["computed"].as_u64().unwrap() + b["computed"].as_u64().unwrap(),
        512,
        "{a} {b}"
    );
    let rows = json(&census(&dir, &["--query", "all", "--json"]));
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 512);
    assert!(rows
        .iter()
        .all(|r| r["status"] == "solved" || r["status"] == "open"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_families_and_questions_say_what_and_where() {
    let dir = common::scratch_dir("census-errors");
    let out = census(&dir, &["0.[3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("argument 1, column 3 of '0.[3'"), "{err}");
    let out = census(&dir, &["sub:{1..60}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 1000000"));
    let out = census(&dir, &["--query", "all"]);
    assert_eq!(out.status.code(), Some(2), "no database yet");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such census database"));
    json(&census(&dir, &["0.7", "--upto", "10", "--json"]));
    let out = census(&dir, &["--query", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsolved"));
    let out = census(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_every_finished_row_and_the_same_command_goes_on() {
    let dir = common::scratch_dir("census-ctrl-c");
    let db = dir.join("c.sqlite");
    let args = [
        "census",
        "0.???",
        "--upto",
        "16384",
        "--jobs",
        "1",
        "--db",
        db.to_str().unwrap(),
    ];
    // Stopped at its first progress line, a second in.
    let (code, err) = common::interrupt_when(&args, libc::SIGINT, |line| {
        line.contains("grundy: census: ")
    });
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("interrupted: ") && err.contains("rows written this run are kept"),
        "{err}"
    );
    let rows = json(&census(&dir, &["--query", "all", "--json"]));
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 512);
    let done = rows
        .iter()
        .filter(|r| r["status"] == "solved" || r["status"] == "open")
        .count();
    assert!(done > 0 && done < 512, "{done} rows finished");
    assert!(
        rows.iter().all(|r| r["status"] != "running"),
        "a claim was left"
    );
    // The same command computes the rest, and only the rest.
    let rest = json(&census(&dir, &["0.???", "--upto", "16384", "--json"]));
    assert_eq!(rest["computed"].as_u64(), Some(512 - done as u64), "{rest}");
    assert_eq!(
        rest["counts"]["solved"].as_u64().unwrap() + rest["counts"]["open"].as_u64().unwrap(),
        512
    );
    let _ = std::fs::remove_dir_all(&dir);
}
