//! Every command's `--json` against `schema/grundy.schema.json`: for every registry example,
//! `solve --json` (normal, `--misere`, `--every`, `--batch`) and `table --json` of its game; and
//! `check`, `nimber`, `games`, `problem` and `plot`. A refusal (no JSON) is the every-command
//! test's business; here every JSON printed must fit its shape, and the positions of one game
//! (the input, each move's) must have one JSON type.

use serde_json::Value as Json;

use crate::common;

/// Validates every JSON document (or JSON Lines) on stdout; `None` when the command failed.
fn check(
    validator: &jsonschema::Validator,
    label: &str,
    args: &[String],
    stdin: &[u8],
) -> Option<Vec<Json>> {
    let out = common::run_from_root(args, stdin);
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).unwrap();
    let docs: Vec<Json> = if text.trim_start().starts_with('[') {
        vec![serde_json::from_str(&text).unwrap_or_else(|e| panic!("{label}: not JSON: {e}"))]
    } else {
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{label}: not JSON: {e}")))
            .collect()
    };
    for doc in &docs {
        let errors: Vec<String> = validator
            .iter_errors(doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{label}: {}\n{doc}", errors.join("\n"));
    }
    Some(docs)
}

fn kind(j: &Json) -> &'static str {
    match j {
        Json::Null => "null",
        Json::Bool(_) => "bool",
        Json::Number(_) => "number",
        Json::String(_) => "string",
        Json::Array(_) => "array",
        Json::Object(_) => "object",
    }
}

/// Each component's position has one JSON type, before and after every move.
fn same_types(label: &str, report: &Json) {
    let components = report["components"].as_array().unwrap();
    let before: Vec<&Json> = components.iter().map(|c| &c["position"]).collect();
    for m in report["winning_moves"].as_array().unwrap() {
        let Some(after) = m.get("position") else {
            continue;
        };
        let after: Vec<&Json> = if components.len() == 1 {
            vec![after]
        } else {
            after.as_array().unwrap().iter().collect()
        };
        for (b, a) in before.iter().zip(after) {
            assert_eq!(kind(b), kind(a), "{label}: {b} then {a}");
        }
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_example_fits_the_schema() {
    let solve = common::schema_for("solve");
    let every = common::schema_for("solve-every");
    let table = common::schema_for("table");
    let games = common::run_from_root(&["games", "--json"], b"");
    let games: Json = serde_json::from_slice(&games.stdout).unwrap();
    check(
        &common::schema_for("games"),
        "games",
        &strings(&["games", "--json"]),
        b"",
    )
    .unwrap();
    let mut answered = 0;
    for g in games.as_array().unwrap() {
        let example = g["example"].as_str().unwrap();
        let words = common::example_words(example);
        let with = |flags: &[&str]| -> Vec<String> {
            let mut a = strings(flags);
            a.extend(words.iter().cloned());
            a
        };
        for flags in [
            &["solve", "--json"][..],
            &["solve", "--json", "--misere"],
            &["solve", "--json", "--no-moves"],
        ] {
            let label = format!("{flags:?} {example}");
            if let Some(docs) = check(&solve, &label, &with(flags), b"") {
                same_types(&label, &docs[0]);
                answered += 1;
            }
        }
        let label = format!("--every {example}");
        check(&every, &label, &with(&["solve", "--json", "--every"]), b"");
        // The example's position on a line of its own, twice (a blank line is no position).
        let position = words[1..].join(" ");
        if position.is_empty() {
            continue;
        }
        let batch = strings(&["solve", &words[0], "--batch", "--json"]);
        let stdin = format!("{position}\n{position}\n");
        if let Some(docs) = check(
            &solve,
            &format!("--batch {example}"),
            &batch,
            stdin.as_bytes(),
        ) {
            assert_eq!(docs.len(), 2);
            assert_eq!(docs[1]["line"], 2);
        }
        let upto = if g["syntax"].as_str().unwrap().contains("HEAP") {
            "30"
        } else {
            "6"
        };
        for extra in [&[][..], &["--period"]] {
            let mut args = strings(&["table", &words[0], "--upto", upto, "--json"]);
            args.extend(strings(extra));
            check(&table, &format!("table {}", words[0]), &args, b"");
        }
    }
    assert!(answered > 40, "most examples answer ({answered})");
}

#[test]
fn the_other_commands_fit_the_schema() {
    let cases: &[(&str, &[&str])] = &[
        (
            "check",
            &["check", "nim", "--formula", "n", "--upto", "20", "--json"],
        ),
        ("nimber", &["nimber", "inv", "3", "--json"]),
        ("nimber", &["nimber", "mul", "3", "5", "--json"]),
        ("problem-list", &["problem", "list", "--json"]),
        ("table", &["table", "wythoff", "--upto", "4x4", "--json"]),
        (
            "table",
            &["table", "hyper-knights", "--upto", "4x4", "--json"],
        ),
        ("table", &["table", "graph:1-2,2-1,2-3", "--json"]),
    ];
    // A formula that fails prints its counterexample (whatever the exit code says).
    let fails = strings(&[
        "check",
        "0.77",
        "--formula",
        "n % 3",
        "--upto",
        "20",
        "--json",
    ]);
    check(
        &common::schema_for("check"),
        "check that fails",
        &fails,
        b"",
    );
    for (def, args) in cases {
        let docs = check(
            &common::schema_for(def),
            &format!("{args:?}"),
            &strings(args),
            b"",
        );
        assert!(docs.is_some(), "{args:?} answers");
    }
    let dir = common::scratch_dir("json-schema");
    let file = dir.join("plot.svg");
    let plot = strings(&[
        "plot",
        "0.77",
        "--upto",
        "50",
        "--json",
        "-o",
        file.to_str().unwrap(),
    ]);
    let answered = check(&common::schema_for("plot"), "plot", &plot, b"");
    std::fs::remove_dir_all(&dir).ok();
    assert!(answered.is_some(), "plot answers");
    let problem = strings(&["problem", "hdu1847", "--json"]);
    assert!(check(
        &common::schema_for("problem"),
        "problem",
        &problem,
        b"3\n4\n"
    )
    .is_some());
}

#[test]
fn a_move_that_breaks_the_schema_is_caught() {
    let solve = common::schema_for("solve");
    let mut doc = common::solve_json(&["nim", "3", "4", "5"]);
    assert!(solve.is_valid(&doc));
    doc["winning_moves"][0]["move"]["heap"] = Json::from("first");
    assert!(!solve.is_valid(&doc));
}
