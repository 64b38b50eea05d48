//! Coin-turning games, Tartan products and Green Hackenbush, run as a user runs them.

use crate::common;

use std::process::Output;

use serde_json::json;

fn grundy(args: &[&str]) -> Output {
    common::run(args, b"")
}

use crate::common::solve_json;

fn mock_turtle(n: u64) -> u64 {
    // Independent of the library: the n-th odious number, by counting.
    (1..)
        .filter(|x: &u64| x.count_ones() % 2 == 1)
        .nth(n as usize - 1)
        .unwrap()
}

#[test]
fn coin_games_values_and_moves() {
    let v = solve_json(&["mock-turtles", "2", "5", "9"]);
    assert_eq!(
        v["grundy"],
        mock_turtle(2) ^ mock_turtle(5) ^ mock_turtle(9)
    );
    for m in v["winning_moves"].as_array().unwrap() {
        let heads: Vec<u64> = serde_json::from_value(m["position"].clone()).unwrap();
        assert_eq!(heads.iter().fold(0, |x, &c| x ^ mock_turtle(c)), 0, "{m}");
    }
    assert_eq!(v["winning_moves_total"], 4);

    let v = solve_json(&["ruler", "3", "6", "12", "+", "twins", "3", "5"]);
    assert_eq!(v["grundy"], (1 ^ 2 ^ 4) ^ (3 ^ 5));
    assert_eq!(v["position"], json!([[3, 6, 12], [3, 5]]));

    let v = solve_json(&["twins"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn tartan_values_are_nim_products() {
    // Ruler coin 2 is worth 2 and Mock Turtles coin 3 is worth 4: 2 ⊗ 4 = 8.
    let v = solve_json(&["tartan:ruler*mock-turtles", "2,3"]);
    assert_eq!(v["grundy"], 8);
    assert_eq!(v["position"], json!(["2,3"]));
    let out = grundy(&["nimber", "mul", "2", "4"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "*2 ⊗ *4 = *8\n");
    let v = solve_json(&["tartan:twins,twins", "3,5", "+", "nim", "2"]);
    assert_eq!(v["grundy"], 15 ^ 2);
}

#[test]
fn hackenbush_from_a_file() {
    let dir = common::scratch_dir("hackenbush");
    let file = dir.join("lolly.txt");
    // A triangle on one edge (*2) and a stalk of three (*3): value 1.
    std::fs::write(&file, "# lolly\n7 7\n1 2\n2 3\n3 4\n4 2\n1 5\n5 6\n6 7\n").unwrap();
    let spec = format!("hackenbush:{}", file.display());
    let v = solve_json(&[&spec]);
    assert_eq!(v["grundy"], 1);
    let cuts: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].as_str().unwrap())
        .collect();
    assert_eq!(
        cuts,
        ["cut edge 2 (2-3)", "cut edge 4 (4-2)", "cut edge 7 (6-7)"]
    );
    // The position after cutting edge 7 lists the edges left, and is a P-position.
    let after: Vec<String> =
        serde_json::from_value::<Vec<u64>>(v["winning_moves"][2]["position"].clone())
            .unwrap()
            .iter()
            .map(u64::to_string)
            .collect();
    let mut args = vec![spec.as_str()];
    args.extend(after.iter().map(String::as_str));
    assert_eq!(solve_json(&args)["outcome"], "P");
    // Sums with other games.
    let v = solve_json(&[&spec, "+", "nim", "1"]);
    assert_eq!(v["outcome"], "P");

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "3 2\n1 2\n2 x\n").unwrap();
    for (args, needle) in [
        (
            vec!["solve".to_string(), format!("hackenbush:{}", bad.display())],
            "line 3".to_string(),
        ),
        (
            vec!["solve".into(), "hackenbush:/no/such/file".into()],
            "cannot read".into(),
        ),
        (
            vec!["solve".into(), spec.clone(), "8".into()],
            "argument 2 ('8')".into(),
        ),
        (
            vec!["solve".into(), "mock-turtles".into(), "0".into()],
            "numbered from 1".into(),
        ),
        (
            vec!["solve".into(), "twins".into(), "4".into(), "4".into()],
            "twice".into(),
        ),
        (
            vec!["solve".into(), "tartan:ruler".into(), "1,1".into()],
            "tartan:G1*G2".into(),
        ),
        (
            vec!["solve".into(), "tartan:ruler*twins".into(), "1;1".into()],
            "X,Y".into(),
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
