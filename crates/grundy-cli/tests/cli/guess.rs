//! `grundy guess` and `grundy solve --formula / --guess` through the command line: formulas
//! found, labelled and used far beyond the table.

use serde_json::Value as Json;

use crate::common;

fn guess(args: &[&str]) -> Json {
    let mut all = vec!["guess"];
    all.extend_from_slice(args);
    all.push("--json");
    let report = common::success_json(&all, b"");
    assert!(common::schema_for("guess").is_valid(&report), "{report}");
    report
}

/// Whether `grundy check GAME --formula F --upto UPTO` (with `--outcome` for P-positions) holds.
fn holds(game: &str, formula: &str, upto: &str, outcome: bool) -> bool {
    let mut args = vec!["check", game, "--formula", formula, "--upto", upto];
    if outcome {
        args.push("--outcome");
    }
    common::run(&args, b"").status.success()
}

/// The script of take-at-most-half, written as a contest programmer would, in a file of the
/// test named `test` (tests run side by side: none rewrites a file another's run reads).
fn half_script(test: &str) -> String {
    let path = common::scratch_dir(&format!("guess-{test}")).join("half.rhai");
    std::fs::write(&path, "fn moves(n) { n - n / 2 .. n }\n").unwrap();
    format!("script:{}", path.display())
}

#[test]
fn a_proved_period_makes_a_proved_formula() {
    let r = guess(&["0.77", "--upto", "600"]);
    assert_eq!(r["found"], true);
    assert_eq!(r["family"], "periodic");
    assert_eq!(r["basis"], "proved");
    assert!(r["theorem"]
        .as_str()
        .unwrap()
        .contains("periodicity theorem"));
    // The formula is handed back to `check`, which agrees on a range 10 times longer.
    assert!(holds("0.77", r["formula"].as_str().unwrap(), "6000", false));
}

#[test]
fn a_recursion_on_halves_is_found_for_a_script() {
    let game = half_script("recursion");
    let r = guess(&[&game, "--upto", "3000"]);
    assert_eq!(r["found"], true, "{r}");
    assert_eq!(r["family"], "self-similar recursion");
    assert_eq!(r["basis"], "checked");
    assert_eq!(r["checked_upto"], 3000);
    assert!(r["fitted_upto"].as_i64().unwrap() < 3000);
    assert!(r["cpp"]
        .as_str()
        .unwrap()
        .contains("long long grundy_value"));
    assert!(r["python"].as_str().unwrap().contains("def grundy_value"));
    // And answers a heap of 10^18 at once, its value n / 2 for an even n.
    let v = common::solve_json(&[
        &game,
        "1000000000000000000",
        "--guess",
        "--check-upto",
        "2000",
    ]);
    assert_eq!(v["grundy"], 500_000_000_000_000_000u64);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["basis"], "formula checked to 2000");
    assert!(common::schema_for("solve").is_valid(&v), "{v}");
}

#[test]
fn no_formula_is_an_honest_answer_with_the_nearest_candidates() {
    let r = guess(&["0.007", "--upto", "1000"]);
    assert_eq!(r["found"], false);
    assert_eq!(r["formula"], Json::Null);
    let near = r["near"].as_array().unwrap();
    assert!(!near.is_empty(), "{r}");
    for n in near {
        // Each candidate fails where it says, against `check`.
        let f = n["formula"].as_str().unwrap();
        let at = n["fails_at"]["n"].as_u64().unwrap();
        let out = common::run(
            &[
                "check",
                "0.007",
                "--formula",
                f,
                "--upto",
                &at.to_string(),
                "--json",
            ],
            b"",
        );
        let c: Json = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(c["holds"], false, "{n}");
        assert_eq!(c["counterexample"]["n"], at, "{n}");
    }
    let text =
        String::from_utf8(common::run(&["guess", "0.007", "--upto", "1000"], b"").stdout).unwrap();
    assert!(text.contains("no formula found"), "{text}");
}

#[test]
fn wythoffs_p_positions_are_found_by_the_golden_ratio() {
    // On 30x30 only 12 differences show their pair, and 8 / 5 passes for the golden ratio
    // there (it first fails at d = 13): what is reported must hold on a grid 4 times longer.
    let small = guess(&["wythoff", "--upto", "30x30"]);
    if let Some(f) = small["formula"].as_str() {
        assert!(holds("wythoff", f, "120x120", true), "{small}");
    }
    let r = guess(&["wythoff"]);
    assert_eq!(r["found"], true, "{r}");
    assert_eq!(r["target"], "p-positions");
    assert_eq!(r["variables"], serde_json::json!(["a", "b"]));
    assert!(r["formula"].as_str().unwrap().contains("isqrt(5 *"), "{r}");
    // Found on 64x64, it holds on a grid more than twice as long each way.
    assert!(holds(
        "wythoff",
        r["formula"].as_str().unwrap(),
        "150x150",
        true
    ));
}

#[test]
fn solve_by_a_formula_lists_winning_moves_and_refuses_a_wrong_one() {
    // Lasker's Nim: G(n) = n - 1, n, n, n + 1 by n mod 4 (n > 0).
    let f = "if(n % 4 == 0 && n > 0, n - 1, if(n % 4 == 3, n + 1, n))";
    let v = common::solve_json(&["lasker", "3", "5", "--formula", f]);
    let plain = common::solve_json(&["lasker", "3", "5"]);
    assert_eq!(v["grundy"], plain["grundy"]);
    assert_eq!(v["winning_moves_total"], plain["winning_moves_total"]);
    assert_eq!(v["basis"], "proved", "{v}");
    assert!(v["theorem"].as_str().unwrap().contains("Lasker"), "{v}");
    assert!(common::schema_for("solve").is_valid(&v), "{v}");
    // Positions of a game that is not a sum of heaps are one number each.
    let out = common::run(
        &["solve", "staircase", "3", "9", "5", "1", "--formula", "n"],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // A formula that holds on the table but not at a bigger position is caught there: by the
    // game's theorem where it has one (bash:3 is n % 4 only up to 3999 in this formula), else by
    // the mex of the options' values (the same game as a script, which knows no theorem).
    let wrong = "if(n < 4000, n % 4, 0)";
    for (game, caught) in [
        ("bash:3", "a theorem of bash:3 gives 1"),
        (
            "script:{fn moves(n) { range(if n > 3 { n - 3 } else { 0 }, n) }}",
            "does not fit the game's moves",
        ),
    ] {
        let out = common::run(
            &[
                "solve",
                game,
                "4001",
                "--formula",
                wrong,
                "--check-upto",
                "100",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(caught), "{err}");
    }
    // A loopy game's infinite values are values no formula gives.
    let out = common::run(
        &[
            "solve",
            "script:{fn moves(n) { if n == 0 { [] } else if n == 1 { [2] } else { [n - 1] } }}",
            "7",
            "--formula",
            "n",
        ],
        b"",
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the value is \"infinite\""), "{err}");
    let out = common::run(&["solve", "lasker", "7", "--formula", "n"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("fails on the table of lasker at n = 3"),
        "{err}"
    );
    // A syntax error is found before any table is computed.
    let out = common::run(&["solve", "lasker", "7", "--formula", "n %% 2"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("column"));
}

#[test]
fn a_batch_shares_one_checked_formula() {
    let game = half_script("batch");
    let out = common::run(
        &[
            "solve",
            &game,
            "--batch",
            "--formula",
            "if(n % 2 == 0, n / 2, G(n / 2))",
            "--check-upto",
            "500",
        ],
        b"1000000000000000001\n6\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // 10^18 + 1 is odd: G = G(5 * 10^17) = 2.5 * 10^17.
    assert!(lines[0].starts_with("N 250000000000000000 "), "{text}");
    assert!(lines[1].starts_with("N 3 1 "), "{text}");
}

/// Under a small memory budget the expression pools shrink to half of it, said on stderr, and
/// the search still finds what small pools hold.
#[test]
fn a_small_budget_shrinks_the_pools_and_says_so() {
    let out = common::run(&["--memory", "300M", "guess", "bash:3", "--json"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("raise it with --memory"), "{err}");
    let r: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["formula"], "n % 4", "{r}");
}

#[test]
fn a_game_whose_positions_run_out_ends_the_growing_table() {
    // The table of a graph of two vertices has two values however far it is asked: a guess
    // without --upto once doubled it for ever.
    let out = common::output_within_patience(&mut common::grundy(&["guess", "graph:1-2"]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("too few values (2)"), "{said}");
}

#[test]
fn a_formula_that_a_theorem_refutes_is_refused_not_used() {
    // Checked to 4095 only, the formula says heap 2^62 is a P-position; Bouton's theorem gives
    // its value exactly.
    let out = common::run(
        &[
            "solve",
            "nim",
            "4611686018427387904",
            "--formula",
            "if(n <= 4095, n, 0)",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = common::without_progress(&String::from_utf8(out.stderr).unwrap());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("a theorem of nim gives 4611686018427387904"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn solve_by_a_formula_names_the_error_check_names() {
    // A formula with no value somewhere: solve once said "it gives nothing".
    for formula in ["G(n)", "(n > 1) + 1"] {
        let solve = common::run(&["solve", "nim", "5", "--formula", formula], b"");
        let check = common::run(&["check", "nim", "--formula", formula], b"");
        assert_eq!(solve.status.code(), Some(2));
        assert_eq!(check.status.code(), Some(2));
        let solve = String::from_utf8(solve.stderr).unwrap();
        assert_eq!(solve, String::from_utf8(check.stderr).unwrap());
        assert!(!solve.contains("nothing"), "{solve}");
    }
}

#[cfg(unix)]
#[test]
fn the_check_it_further_line_runs_when_pasted_into_a_shell() {
    let game = "script:{fn moves(n) { n - n / 2 .. n }}";
    let out = common::run(&["guess", game, "--upto", "300"], b"");
    assert!(out.status.success());
    let said = String::from_utf8(out.stdout).unwrap();
    let line = said
        .lines()
        .find_map(|l| l.trim().strip_prefix("check it further: grundy "))
        .unwrap_or_else(|| panic!("no line to paste: {said}"));
    // Run as a shell reads it, the binary for `grundy`.
    let pasted = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("\"$GRUNDY\" {line}"))
        .env("GRUNDY", env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    assert!(
        pasted.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&pasted.stderr)
    );
}

#[test]
fn solve_by_a_formula_of_p_positions_says_what_solve_needs() {
    let out = common::run(&["solve", "nim", "5", "--formula", "n % 2 == 0"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("solve needs a formula for the values (G)"),
        "{err}"
    );
    assert!(!err.contains("--outcome"), "{err}");
}

/// A game none of whose positions the range holds (`cram:3x3` takes boards, not sizes): table,
/// check and guess refuse it with the game's own reason, not a table of gaps or "too few
/// values (0)".
#[test]
fn a_range_the_game_takes_no_position_of_is_refused_with_the_reason() {
    for args in [
        &["table", "cram:3x3"][..],
        &["guess", "cram:3x3"],
        &["check", "cram:3x3", "--formula", "0"],
    ] {
        let out = common::run(args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("takes none of the table's positions")
                && err.contains("the board's size is in the spec already"),
            "{args:?}: {err}"
        );
    }
}

/// Lasker's Nim as a script: take any number, or split a heap in two (each part at least 1).
const LASKER_SCRIPT: &str = "script:{fn moves(n) { [0..n, splits(n, 1)] }}";
const LASKER_FORMULA: &str = "if(n < 1, 0, n + popcount(n % 4) - 1)";

#[test]
fn a_formula_values_options_that_are_sums_and_is_checked_at_the_position() {
    // The options of 9 5 are sums (a split leaves two heaps): each heap is valued by the
    // formula, and the position's own check lists its 20 options.
    let v = common::solve_json(&[LASKER_SCRIPT, "9", "5", "--formula", LASKER_FORMULA]);
    let plain = common::solve_json(&[LASKER_SCRIPT, "9", "5"]);
    assert_eq!(v["grundy"], plain["grundy"], "{v}");
    assert_eq!(v["winning_moves"], plain["winning_moves"], "{v}");
    assert_eq!(v["local_checks"][0]["checked"], true, "{v}");
    assert_eq!(v["local_checks"][0]["options"], 20, "{v}");
    assert_eq!(v["local_checks"][0]["component"], 0, "{v}");
    assert!(common::schema_for("solve").is_valid(&v), "{v}");
    // A formula that holds on the table but not here is caught here, by the mex of the
    // options' values, each a sum valued by the formula.
    let wrong = format!("if(n == 300, 7, {LASKER_FORMULA})");
    let out = common::run(
        &[
            "solve",
            LASKER_SCRIPT,
            "300",
            "--formula",
            &wrong,
            "--check-upto",
            "100",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("does not fit the game's moves"), "{err}");
}

#[test]
fn the_check_at_a_big_position_is_skipped_with_its_reason_not_run_out_of_memory() {
    // A heap of 10^6 + 7 has 1500010 options, more than the check lists: the value stands by
    // the formula, and the answer says the position itself was not checked, and why.
    let args = [
        LASKER_SCRIPT,
        "1000007",
        "--formula",
        LASKER_FORMULA,
        "--check-upto",
        "200",
    ];
    let v = common::solve_json(&args);
    assert_eq!(v["grundy"], 1_000_008, "{v}");
    let check = &v["local_checks"][0];
    assert_eq!(check["checked"], false, "{v}");
    assert_eq!(check["options"], 1_500_010, "{v}");
    assert_eq!(check["cap"], 50_000, "{v}");
    assert!(check["reason"]
        .as_str()
        .unwrap()
        .contains("more than the 50000"));
    assert!(common::schema_for("solve").is_valid(&v), "{v}");
    let out = common::run(&[&["solve"], &args[..]].concat(), b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Not checked at this position: it has 1500010 options"),
        "{text}"
    );
    // A game that cannot count its options is checked only while small: Lasker's Nim built in.
    let v = common::solve_json(&["lasker", "1000007", "--formula", LASKER_FORMULA]);
    assert_eq!(v["local_checks"][0]["checked"], false, "{v}");
    assert_eq!(v["local_checks"][0]["options"], Json::Null, "{v}");
    let v = common::solve_json(&["lasker", "300", "--formula", LASKER_FORMULA]);
    assert_eq!(v["local_checks"][0]["checked"], true, "{v}");
    // At 10^18, at once: the game declines to list a heap that big one move at a time.
    let v = common::solve_json(&["bash:3", "1000000000000000000", "--formula", "n % 4"]);
    assert_eq!(v["grundy"], 0, "{v}");
    assert_eq!(v["local_checks"][0]["checked"], false, "{v}");
    let reason = v["local_checks"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("too large to list"), "{reason}");
    let v = common::solve_json(&["bash:3", "4000000", "--formula", "n % 4"]);
    assert_eq!(v["local_checks"][0]["options"], 3, "{v}");
}
