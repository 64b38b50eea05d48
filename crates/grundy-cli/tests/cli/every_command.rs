//! Every game, every command: each registry entry's example goes through `solve`, `solve --json`,
//! `play` (a scripted game that quits), `solve --misere` and `solve --every`, and its game alone
//! through `table`. Each must answer, or refuse in one line that names the limit it met (for
//! `table`: or why the game's positions have no table) — never say that the game cannot list its
//! moves.
//!
//! `cargo test -p grundy --test cli every_command -- --nocapture` prints the table of games × commands.

use std::process::Output;

use crate::common;

fn run(args: &[String], stdin: &[u8]) -> Output {
    common::run_from_root(args, stdin)
}

/// `ok` for an answer, `limit` for a one-line refusal naming a limit; anything else fails.
fn verdict(what: &str, out: &Output) -> Result<&'static str, String> {
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        if out.stdout.is_empty() {
            return Err(format!("{what}: succeeded but printed nothing"));
        }
        return Ok("ok");
    }
    let lines = err.trim_end().lines().count();
    let names_a_limit = ["limit", "at most", "--max-positions", "too large", "only"]
        .iter()
        .any(|w| err.contains(w));
    if err.contains("cannot list") {
        return Err(format!("{what}: {err}"));
    }
    if lines == 1 && names_a_limit && out.status.code() != Some(101) {
        return Ok("limit");
    }
    Err(format!(
        "{what}: exit {:?}, not a one-line refusal naming a limit: {err}",
        out.status.code()
    ))
}

#[test]
fn every_example_answers_every_command() {
    let games = run(&["games".into(), "--json".into()], b"");
    assert!(games.status.success());
    let games: serde_json::Value = serde_json::from_slice(&games.stdout).unwrap();
    let mut failures = Vec::new();
    let mut table = vec![format!(
        "{:<44} {:>6} {:>6} {:>6} {:>7} {:>6} {:>6}",
        "example", "solve", "json", "play", "misere", "every", "table"
    )];
    for g in games.as_array().unwrap() {
        let example = g["example"].as_str().unwrap();
        let words = common::example_words(example);
        let with = |flags: &[&str]| -> Vec<String> {
            let mut a: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
            a.extend(words.iter().cloned());
            a
        };
        let mut row = Vec::new();
        // The game alone (its positions are the range `table` covers), with a small range.
        let spec = words[0].clone();
        let upto = if g["syntax"].as_str().unwrap().contains("HEAP") {
            "30"
        } else {
            "6"
        };
        let table_args: Vec<String> = ["table", &spec, "--upto", upto]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for (what, args, stdin) in [
            ("solve", with(&["solve"]), &b""[..]),
            ("json", with(&["solve", "--json"]), &b""[..]),
            ("play", with(&["play"]), &b"1\nq\n"[..]),
            ("misere", with(&["solve", "--misere"]), &b""[..]),
            ("every", with(&["solve", "--every"]), &b""[..]),
            ("table", table_args, &b""[..]),
        ] {
            let out = run(&args, stdin);
            let label = format!("{what} {example}");
            let refused_as_input = what == "table"
                && out.status.code() == Some(2)
                && String::from_utf8_lossy(&out.stderr)
                    .trim_end()
                    .lines()
                    .count()
                    == 1;
            if refused_as_input {
                row.push("no");
                continue;
            }
            match verdict(&label, &out) {
                Ok(v) => row.push(v),
                Err(e) => {
                    row.push("FAIL");
                    failures.push(e);
                }
            }
            if what == "json" && out.status.success() {
                let v: serde_json::Value = serde_json::from_slice(&out.stdout)
                    .unwrap_or_else(|e| panic!("{label}: not JSON: {e}"));
                assert!(v["outcome"].is_string(), "{label}: {v}");
            }
        }
        table.push(format!(
            "{:<44} {:>6} {:>6} {:>6} {:>7} {:>6} {:>6}",
            example.strip_prefix("grundy solve ").unwrap_or(example),
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5]
        ));
    }
    println!("{}", table.join("\n"));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
