//! The page answers exactly what the command line answers: every registry example solved, in
//! all three conventions; tables of every shape; a game played to its end against the engine;
//! errors with the CLI's exit code. Run natively here (the same code is what the browser runs;
//! `web/tests/browser.mjs` checks the plumbing in a real Chromium).

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use grundy_web::api;
use serde_json::Value as Json;

/// The `grundy` binary of this workspace, built once if the tests run without it.
fn grundy_bin() -> &'static PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let out = Command::new(env!("CARGO"))
            .args(["build", "-p", "grundy", "--message-format=json"])
            .current_dir(root())
            .output()
            .expect("cargo runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Json>(l).ok())
            .filter_map(|m| m["executable"].as_str().map(PathBuf::from))
            .find(|p| p.file_name().is_some_and(|n| n == "grundy"))
            .expect("cargo builds the grundy binary")
    })
}

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// `grundy ARGS` from the workspace root: its stdout as JSON, or its exit code.
fn cli(args: &[&str]) -> Result<Json, i32> {
    let out = Command::new(grundy_bin())
        .args(args)
        .current_dir(root())
        .output()
        .expect("grundy runs");
    if !out.status.success() {
        return Err(out.status.code().unwrap_or(-1));
    }
    Ok(serde_json::from_slice(&out.stdout).expect("--json prints JSON"))
}

/// The page's verdict: the CLI's JSON, with the outcome's sentence (taken out and returned).
fn page_verdict(answer: &str) -> (Json, String) {
    let mut p: Json = serde_json::from_str(answer).unwrap();
    let sentence = p
        .as_object_mut()
        .unwrap()
        .remove("outcome_sentence")
        .expect("the page's verdict has its sentence");
    (p, sentence.as_str().unwrap().to_string())
}

/// `grundy ARGS`'s `Outcome: ...` line, after `Outcome: `.
fn cli_outcome_line(args: &[&str]) -> String {
    let out = Command::new(grundy_bin())
        .args(args)
        .current_dir(root())
        .output()
        .expect("grundy runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("Outcome: "))
        .unwrap_or_else(|| panic!("grundy {args:?} says no outcome:\n{text}"))
        .to_string()
}

fn example_words(example: &str) -> Vec<String> {
    example
        .strip_prefix("grundy solve ")
        .unwrap_or(example)
        .split_whitespace()
        .filter(|w| !w.starts_with("--"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_example_is_solved_as_the_cli_solves_it() {
    std::env::set_current_dir(root()).unwrap();
    let games: Json = serde_json::from_str(&api::games()).unwrap();
    let listed = cli(&["games", "--json"]).unwrap();
    assert_eq!(games, listed);
    for entry in games.as_array().unwrap() {
        let words = example_words(entry["example"].as_str().unwrap());
        let words_json = serde_json::to_string(&words).unwrap();
        for convention in ["normal", "misere", "every"] {
            let mut args = vec!["solve", "--json"];
            match convention {
                "misere" => args.push("--misere"),
                "every" => args.push("--every"),
                _ => {}
            }
            args.extend(words.iter().map(String::as_str));
            let page = api::solve(&words_json, convention, 100, false);
            match (cli(&args), page) {
                (Ok(c), Ok(p)) => {
                    let (p, sentence) = page_verdict(&p);
                    assert_eq!(p, c, "{convention} {words:?}");
                    // The sentence the page shows is the one the command prints.
                    let mut text_args = args.clone();
                    text_args.retain(|a| *a != "--json");
                    assert_eq!(
                        sentence,
                        cli_outcome_line(&text_args),
                        "{convention} {words:?}"
                    );
                }
                (Err(code), Err(r)) => assert_eq!(code, r.code as i32, "{words:?}: {}", r.error),
                (c, p) => panic!("{convention} {words:?}: the CLI gave {c:?}, the page {p:?}"),
            }
        }
    }
}

#[test]
fn tables_of_every_shape_are_the_cli_tables() {
    std::env::set_current_dir(root()).unwrap();
    for (game, upto, period) in [
        ("0.77", Some("200"), true),
        ("lasker", Some("50"), false),
        ("wythoff", Some("6x6"), false),
        ("hyper-knights", Some("5x5"), false),
        ("graph:1-2,2-1,2-3", None, false),
        ("script:examples/games/half.rhai", Some("60"), true),
        ("fibonacci-nim", Some("12"), false),
    ] {
        let mut args = vec!["table", game, "--json"];
        if let Some(u) = upto {
            args.extend(["--upto", u]);
        }
        if period {
            args.push("--period");
        }
        let mut told = 0;
        let page = api::table(game, upto, period, &mut |_, _| told += 1).unwrap();
        let page: Json = serde_json::from_str(&page).unwrap();
        assert_eq!(page, cli(&args).unwrap(), "{game}");
    }
    // An option a game does not take is refused as the command line refuses it: same games,
    // same message.
    for game in [
        "0.77",
        "wythoff",
        "hyper-knights",
        "graph:1-2,2-3",
        "script:examples/games/half.rhai",
        "fibonacci-nim",
    ] {
        let page = api::table(game, Some("6"), true, &mut |_, _| {});
        let run = Command::new(grundy_bin())
            .args(["table", game, "--upto", "6", "--period", "--json"])
            .current_dir(root())
            .output()
            .unwrap();
        match page {
            Ok(_) => assert!(run.status.success(), "{game}: only the CLI refuses"),
            Err(r) => {
                assert_eq!(run.status.code(), Some(2), "{game}: only the page refuses");
                // The same refusal, the option worded by each: the flag, the page's field.
                let said = String::from_utf8_lossy(&run.stderr);
                let page = r.error.replace("“find the period”", "--period");
                assert_ne!(page, r.error, "{game}: the page names its field");
                assert_eq!(said.trim(), format!("grundy: error: {page}"), "{game}");
            }
        }
    }
    // A bad range is bad input, as on the command line, named as the page's field.
    let bad = api::table("0.77", Some("-3"), false, &mut |_, _| {}).unwrap_err();
    assert_eq!(bad.code, 2);
    assert!(bad.error.starts_with("“Up to” ('-3')"), "{}", bad.error);
    assert!(
        !grundy_core::setting::has_tokens(&bad.error),
        "{}",
        bad.error
    );
}

#[test]
fn checks_are_the_cli_checks() {
    for (game, formula, upto, outcome) in [
        ("0.77", "n % 3", "100", false),
        (
            "lasker",
            "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))",
            "100",
            false,
        ),
        ("wythoff", "a == b", "6x6", true),
        ("hyper-knights", "x ^ y", "5x5", false),
    ] {
        let mut args = vec![
            "check",
            "--json",
            "--formula",
            formula,
            "--upto",
            upto,
            game,
        ];
        if outcome {
            args.push("--outcome");
        }
        let page: Json =
            serde_json::from_str(&api::check(game, formula, Some(upto), outcome).unwrap()).unwrap();
        // A formula that fails exits 1 with the JSON printed: read it either way.
        let out = Command::new(grundy_bin())
            .args(&args)
            .current_dir(root())
            .output()
            .unwrap();
        let cli: Json = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(page, cli, "{game} {formula}");
    }
    let bad = api::check("0.77", "n +", None, false).unwrap_err();
    assert_eq!(
        (bad.code, bad.error.starts_with("“Formula”, column")),
        (2, true),
        "{}",
        bad.error
    );
}

#[test]
fn plots_are_svg_for_lines_and_grids() {
    let line = api::table("0.77", Some("100"), true, &mut |_, _| {}).unwrap();
    assert!(api::plot(&line, 600, 400).unwrap().starts_with("<svg"));
    let grid = api::table("wythoff", Some("8x8"), false, &mut |_, _| {}).unwrap();
    assert!(api::plot(&grid, 600, 400).unwrap().starts_with("<svg"));
    let graph = api::table("graph:1-2", None, false, &mut |_, _| {}).unwrap();
    assert_eq!(api::plot(&graph, 600, 400).unwrap_err().code, 2);
}

/// The engine, moving first from an N-position, wins whatever the other side plays (here always
/// its last move), and every move it makes is a winning one.
#[test]
fn the_engine_never_loses_a_won_position() {
    for start in [
        vec!["nim", "3", "4", "6"],
        vec!["0.77", "5", "4"],
        vec!["wythoff", "4", "6"],
    ] {
        let mut words: Vec<String> = start.iter().map(|w| w.to_string()).collect();
        let mut engine_to_move = true;
        for _ in 0..200 {
            let t: Json =
                serde_json::from_str(&api::turn(&serde_json::to_string(&words).unwrap()).unwrap())
                    .unwrap();
            let moves = t["moves"].as_array().unwrap();
            if moves.is_empty() {
                // Whoever is to move has lost: it must be the other side.
                assert!(!engine_to_move, "{start:?}: the engine lost");
                break;
            }
            let pick = if engine_to_move {
                let e = t["engine"].as_u64().unwrap() as usize;
                assert_eq!(moves[e]["wins"], true, "{start:?} at {words:?}");
                e
            } else {
                moves.len() - 1
            };
            words = serde_json::from_value(moves[pick]["words"].clone()).unwrap();
            engine_to_move = !engine_to_move;
        }
        assert!(!engine_to_move, "{start:?}: did not end");
    }
}

#[test]
fn errors_carry_the_cli_exit_code() {
    let bad = api::solve(r#"["chess", "1"]"#, "normal", 10, false).unwrap_err();
    assert_eq!(bad.code, 2);
    assert_eq!(cli(&["solve", "chess", "1"]).unwrap_err(), 2);
    assert!(bad.error.contains("unknown game 'chess'"), "{}", bad.error);
    let script = api::solve(
        r#"["script:{fn moves(n) { [n - 1 }", "3"]"#,
        "normal",
        10,
        false,
    )
    .unwrap_err();
    assert_eq!(script.code, 2);
    // Where: line 1, column 22.
    assert!(
        script.error.contains("script:1:22: syntax error"),
        "{}",
        script.error
    );
    assert_eq!(
        api::solve("not json", "normal", 1, false).unwrap_err().code,
        2
    );
}

/// Wythoff's game as a script: a position is `[a, b]`, a move takes from one pile or the same
/// from both (not a sum, so `--outcome` decides it by the outcome-only search).
const WYTHOFF_SCRIPT: &str = concat!(
    "script:{",
    include_str!("../../grundy-cli/tests/scripts/wythoff.rhai"),
    "}"
);

/// Outcome only answers as `grundy solve --outcome --json` does: scripts decided by the search
/// (the one move that settled it, no value, no count), built-in games and sums valued, every
/// registry example; misère play as `--misere --outcome`; and it is refused with Every-SG, as the
/// flags conflict.
#[test]
fn outcome_only_is_the_clis_outcome() {
    std::env::set_current_dir(root()).unwrap();
    let chomp = format!(
        "script:{{{}}}",
        std::fs::read_to_string(root().join("bench/scripts/chomp.rhai")).unwrap()
    );
    let mut cases: Vec<Vec<String>> = Vec::new();
    let owned = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    for p in ["0,0", "3,5", "4,4", "6,10", "7,9"] {
        cases.push(owned(&[WYTHOFF_SCRIPT, p]));
    }
    for p in ["[1]", "3,3", "4,4,4", "4,3,1"] {
        cases.push(owned(&[&chomp, p]));
    }
    cases.push(owned(&["wythoff", "3", "5"]));
    cases.push(owned(&["nim", "3", "4", "+", "bash:3", "7"]));
    let games: Json = serde_json::from_str(&api::games()).unwrap();
    for entry in games.as_array().unwrap() {
        cases.push(example_words(entry["example"].as_str().unwrap()));
    }
    let mut searched = 0;
    for words in &cases {
        let mut args = vec!["solve", "--json", "--outcome"];
        args.extend(words.iter().map(String::as_str));
        let page = api::solve(&serde_json::to_string(words).unwrap(), "normal", 100, true);
        match (cli(&args), page) {
            (Ok(c), Ok(p)) => {
                let (p, _) = page_verdict(&p);
                assert_eq!(p, c, "{words:?}");
                if p["outcome_search"] == true {
                    searched += 1;
                    assert_eq!(
                        (&p["grundy"], &p["winning_moves_total"]),
                        (&Json::Null, &Json::Null)
                    );
                }
            }
            (Err(code), Err(r)) => assert_eq!(code, r.code as i32, "{words:?}: {}", r.error),
            (c, p) => panic!("{words:?}: the CLI gave {c:?}, the page {p:?}"),
        }
    }
    // The two scripts' positions, at least, were decided by the search.
    assert!(
        searched >= 9,
        "{searched} answers by the outcome-only search"
    );
    let bad = api::solve(r#"["nim", "3"]"#, "every", 10, true).unwrap_err();
    assert_eq!(bad.code, 2, "{}", bad.error);
    assert!(bad.error.contains("normal or misère play"), "{}", bad.error);
    // Misère play: the page's answer is the command line's.
    for board in ["3,3,2", "4,4,4"] {
        let words = [chomp.clone(), board.to_string()];
        let args = [
            "solve",
            "--json",
            "--misere",
            "--outcome",
            &words[0],
            &words[1],
        ];
        let page = api::solve(&serde_json::to_string(&words).unwrap(), "misere", 100, true);
        let (p, _) = page_verdict(&page.unwrap());
        assert_eq!(p, cli(&args).unwrap(), "{board}");
        assert_eq!(p["outcome_search"], true, "{board}");
    }
}
