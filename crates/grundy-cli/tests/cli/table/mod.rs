//! `grundy table` and the heap games in `grundy solve`, run as a user runs them.

mod no_values;

use std::process::{Command, Output};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

#[test]
fn kayles_table_and_proved_period() {
    let v = json(&["table", "0.77", "--upto", "200", "--period", "--json"]);
    assert_eq!(v["game"], "0.77");
    assert_eq!(v["values"].as_array().unwrap().len(), 201);
    assert_eq!(v["values"][10], 2);
    let p = &v["period"];
    assert_eq!(
        (p["preperiod"].as_u64(), p["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(p["saltus"], 0);
    assert_eq!(p["proved"], true);
    assert_eq!(p["checked_upto"], 200);
}

#[test]
fn without_upto_the_period_is_computed_until_proved() {
    let v = json(&["table", "0.07", "--period", "--json", "--no-values"]);
    assert_eq!(v["period"]["preperiod"], 53);
    assert_eq!(v["period"]["period"], 34);
    assert_eq!(v["period"]["proved"], true);
    let text =
        String::from_utf8(grundy(&["table", "0.77", "--upto", "200", "--period"]).stdout).unwrap();
    assert!(
        text.contains("Period 12 from preperiod 71: proved."),
        "{text}"
    );
    let text =
        String::from_utf8(grundy(&["table", "grundys-game", "--upto", "300", "--period"]).stdout)
            .unwrap();
    assert!(
        text.contains("not proved") || text.contains("No period"),
        "{text}"
    );
}

#[test]
fn lasker_is_arithmetically_periodic() {
    let v = json(&["table", "lasker", "--upto", "12", "--period", "--json"]);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11])
    );
    assert_eq!(v["period"]["period"], 4);
    assert_eq!(v["period"]["saltus"], 4);
    assert_eq!(v["period"]["proved"], true);
}

#[test]
fn naive_and_sparse_tables_agree_and_csv_and_grid_print() {
    for game in ["0.6", "4.07", "grundys-game", "sub:fib", "split"] {
        let a = json(&["table", game, "--upto", "300", "--json"]);
        let b = json(&[
            "table", game, "--upto", "300", "--json", "--method", "naive",
        ]);
        assert_eq!(a, b, "{game}");
    }
    let csv = String::from_utf8(grundy(&["table", "0.77", "--upto", "3", "--csv"]).stdout).unwrap();
    assert_eq!(csv, "n,value\n0,0\n1,1\n2,2\n3,3\n");
    let grid = String::from_utf8(grundy(&["table", "0.77", "--upto", "12"]).stdout).unwrap();
    assert!(grid.contains("10 | 2 6 4"), "{grid}");
}

#[test]
fn bad_input_is_exit_2() {
    for args in [
        &["table", "0.77", "--upto", "20x20"][..],
        &["table", "1.07", "--upto", "5"],
        &["table", "chess", "--upto", "5"],
        &["table", "0.77"],
        &["solve", "0.6", "99999999999999999999999"],
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn heap_games_in_solve_describe_splits() {
    let v = json(&["solve", "--json", "0.07", "10"]);
    assert_eq!(v["outcome"], "N");
    let moves: Vec<String> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].as_str().unwrap().to_string())
        .collect();
    assert!(
        moves.iter().any(|m| m.contains("leaving heaps")),
        "{moves:?}"
    );
    let v = json(&["solve", "--json", "grundys-game", "8"]);
    assert!(v["winning_moves"][0]["description"]
        .as_str()
        .unwrap()
        .starts_with("split heap 1 (8)"));
    // Huge heaps: values by theorem or proved period (a P-position needs no move list).
    let v = json(&["solve", "--json", "lasker", "3", "7", "1000000"]);
    assert_eq!(v["grundy"], 4 ^ 8 ^ 999_999);
    let v = json(&[
        "solve",
        "--json",
        "lasker",
        "1000000000000000",
        "1000000000000000",
    ]);
    assert_eq!(v["grundy"], 0);
    let v = json(&["solve", "--json", "sub:pow2", "1000000000000"]);
    assert_eq!(v["grundy"], 1_000_000_000_000u64 % 3);
    let v = json(&["solve", "--json", "0.77", "100000000000", "100000000000"]);
    assert_eq!(v["grundy"], 0);
}

#[test]
fn past_a_proved_period_nothing_more_is_computed() {
    // Dawson's Kayles to 4·10^9: its period is proved within the first few thousand values, and
    // every later value comes from it (the run would need gigabytes otherwise).
    let v = json(&[
        "table",
        "0.07",
        "--upto",
        "4000000000",
        "--no-values",
        "--period",
        "--json",
    ]);
    assert_eq!(v["period"]["proved"], true);
    assert!(v["period"]["checked_upto"].as_u64().unwrap() < 10_000);
    let text =
        String::from_utf8(grundy(&["table", "0.07", "--upto", "4000000000", "--no-values"]).stdout)
            .unwrap();
    assert!(
        text.contains("4000000001 values (0..=4000000000), largest 9")
            && text.contains("by the proved period"),
        "{text}"
    );
    // The values read from the period are the values the engine computes.
    let v = json(&["table", "0.07", "--upto", "20000", "--json"]);
    let rules = grundy_games::heap::take_and_break::TakeBreakRules::from_code("0.07").unwrap();
    let mut engine = grundy_games::heap::sparse::Engine::new(rules, Default::default());
    engine.extend_to(20_000, &mut |_| true).unwrap();
    let listed: Vec<u32> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(listed, engine.values().to_vec());
    // A formula game is read from its formula: Lasker's Nim G(4k+1) = 4k+1, G(4k+3) = 4k+4.
    let v = json(&["table", "lasker", "--upto", "100003", "--json"]);
    assert_eq!(v["values"][100001], 100001);
    assert_eq!(v["values"][100003], 100004);
}

#[test]
fn a_max_beyond_the_largest_table_is_an_input_error() {
    let out = grundy(&[
        "table",
        "grundys-game",
        "--period",
        "--max",
        "18446744073709551615",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max"));
}

#[test]
fn winning_splits_of_huge_heaps_are_listed_and_counted() {
    // Dawson's Kayles heap of 10^7 (beyond any table): its winning moves come from the proved
    // period, counted by residue classes; each listed one leaves a position of value 0.
    let v = json(&["solve", "--json", "--limit", "5", "0.07", "10000000"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    // The total, counted one split at a time from the proved period: removing 2 leaves one heap
    // of 9999998 or two heaps a + b = 9999998.
    let rules = grundy_games::heap::take_and_break::TakeBreakRules::from_code("0.07").unwrap();
    let known = grundy_games::heap::sparse::known_values(&rules, 10_000_000, 1 << 22, None);
    let g = |n: u64| known.value(n).unwrap();
    let r = 10_000_000 - 2;
    let total = (g(r) == 0) as u64 + (1..=r / 2).filter(|&a| g(a) == g(r - a)).count() as u64;
    assert_eq!(v["winning_moves_total"].as_u64(), Some(total));
    for m in moves {
        let heaps: Vec<String> = m["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let mut args = vec!["solve", "--json", "0.07"];
        args.extend(heaps.iter().map(String::as_str));
        assert_eq!(json(&args)["grundy"], 0, "{m}");
    }
}

#[test]
fn a_game_without_a_table_of_its_own_is_valued_position_by_position() {
    // Wythoff's game has no heap table: `table` values each (a, b) through the registry, and each
    // value is the one `solve` gives.
    let v = json(&["table", "wythoff", "--upto", "4x3", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for (b, row) in rows.iter().enumerate() {
        for (a, value) in row.as_array().unwrap().iter().enumerate() {
            let s = json(&["solve", "--json", "wythoff", &a.to_string(), &b.to_string()]);
            assert_eq!(*value, s["grundy"], "({a}, {b})");
        }
    }
    // One-number positions are a line: the multiplication game to 20, from its theorem.
    let v = json(&["table", "multiplication:20", "--upto", "25", "--json"]);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 26);
    for (n, value) in values.iter().enumerate().skip(1) {
        let s = json(&["solve", "--json", "multiplication:20", &n.to_string()]);
        assert_eq!(*value, s["grundy"], "p = {n}");
    }
    // Options meant for heap tables are refused, in one line.
    let out = grundy(&["table", "wythoff", "--period"]);
    assert_eq!(out.status.code(), Some(2));
}
