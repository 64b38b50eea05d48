//! `grundy quotient` and misère sums decided by quotients, through the command line.

use serde_json::Value as Json;

use crate::common;

#[test]
fn r8_is_printed_proved_and_fits_the_schema() {
    let q = common::success_json(&["quotient", "0.75", "--json"], b"");
    assert!(common::schema_for("quotient").is_valid(&q), "{q}");
    assert_eq!(q["order"], 8);
    assert_eq!(q["status"], "proved");
    assert_eq!(q["p_portion"], serde_json::json!(["a", "b2"]));
    assert_eq!(
        q["relations"],
        serde_json::json!([["a2", "1"], ["b3", "b"], ["bc", "ab"], ["c2", "b2"]])
    );
    assert_eq!(
        q["period"],
        serde_json::json!({"preperiod": 8, "period": 2, "proved": true})
    );
    let text = common::run(&["quotient", "0.75"], b"");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Q = <a,b,c | a2=1, b3=b, bc=ab, c2=b2>"),
        "{text}"
    );
}

#[test]
fn a_quotient_that_stops_says_where_and_why() {
    // Kayles: heap 9 separates positions the smaller heaps do not; fresh generators settle it,
    // and the periodicity theorem proves the quotient (MisereSolver's: 40 elements, 9 P).
    let q = common::success_json(&["quotient", "0.77", "--json"], b"");
    assert!(common::schema_for("quotient").is_valid(&q), "{q}");
    assert_eq!(
        (q["order"].as_u64(), q["status"].as_str()),
        (Some(40), Some("proved"))
    );
    assert_eq!(q["p_portion"].as_array().unwrap().len(), 9);
    // A cap stops it, keeps what is proved and names the option that raises it.
    let q = common::success_json(
        &["quotient", "0.07", "--max-candidate", "64", "--json"],
        b"",
    );
    assert!(common::schema_for("quotient").is_valid(&q), "{q}");
    assert_eq!(q["status"], "cap");
    assert!(q["reason"]
        .as_str()
        .unwrap()
        .contains("raise it with --max-candidate"));
    assert!(q["last"].as_u64().unwrap() >= 8);
    let q = common::success_json(&["quotient", "nim", "--upto", "7", "--json"], b"");
    assert!(common::schema_for("quotient").is_valid(&q), "{q}");
    assert_eq!(
        (q["order"].as_u64(), q["status"].as_str()),
        (Some(10), Some("upto"))
    );
    let out = common::run(&["quotient", "wythoff"], b"");
    assert_eq!(out.status.code(), Some(2));
    // A game script whose options are not heaps is refused, naming the position.
    let out = common::run(
        &["quotient", "script:{fn moves(n) { [[n]] }}", "--upto", "3"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("position 1 has the option [1]"));
    let out = common::run(&["quotient", "0.75", "--upto", "-3"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// 0.75's options of a heap: digit 7 (take 1: the whole heap, leaving one heap or two) and digit
/// 5 (take 2: the whole heap, or leaving two heaps).
fn options(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    if n == 1 || n == 2 {
        out.push(vec![]);
    }
    if n > 1 {
        out.push(vec![n - 1]);
    }
    for k in [1, 2] {
        if n >= k + 2 {
            out.extend((1..=(n - k) / 2).map(|a| vec![a, n - k - a]));
        }
    }
    out
}

/// Plain misère search: whether the player to move loses.
fn loses(heaps: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut has_move = false;
    let mut wins = false;
    for i in 0..key.len() {
        for o in options(key[i]) {
            has_move = true;
            let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
            next.extend(o);
            wins |= loses(&next, memo);
        }
    }
    let v = has_move && !wins;
    memo.insert(key, v);
    v
}

#[test]
fn misere_sums_use_the_quotient_and_agree_with_a_plain_search() {
    let mut memo = std::collections::HashMap::new();
    for heaps in [
        &[3u64, 4, 5][..],
        &[1, 1, 2],
        &[9, 9],
        &[2, 7, 7, 8],
        &[1],
        &[6, 10],
    ] {
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["solve", "--json", "--misere", "0.75"];
        args.extend(words.iter().map(String::as_str));
        let q = common::success_json(&args, b"");
        // A sum whose heaps are all SJ atoms is decided by that theorem first.
        if q["method"] != "sj" {
            assert_eq!(q["method"], "quotient", "{heaps:?}");
            assert_eq!(q["quotient"]["order"], 8);
            // Built only as far as the sum needs: proved for its largest heap.
            assert_eq!(q["quotient"]["proved_upto"], *heaps.iter().max().unwrap());
        }
        let p = loses(heaps, &mut memo);
        assert_eq!(q["outcome"], if p { "P" } else { "N" }, "{heaps:?}");
        let mut winning = 0;
        for i in 0..heaps.len() {
            for o in options(heaps[i]) {
                let mut next: Vec<u64> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(o);
                winning += usize::from(loses(&next, &mut memo));
            }
        }
        assert_eq!(q["winning_moves_total"], winning, "{heaps:?}");
    }
    // A heap past the heaps tried is covered by the proved period: proved for every heap.
    let q = common::success_json(&["solve", "--json", "--misere", "0.75", "1001", "9"], b"");
    assert_eq!(q["method"], "quotient");
    assert_eq!(q["quotient"]["proved_upto"], Json::Null);
    assert_eq!(
        q["outcome"],
        if loses(&[9, 9], &mut memo) { "P" } else { "N" }
    );
    // Heaps past the enumeration limit: their element from the period (10^9 acts as 10, its
    // parity class from heap 8 on), their winning moves counted by residue classes.
    let q = common::success_json(
        &["solve", "--json", "--misere", "0.75", "1000000000", "9"],
        b"",
    );
    assert_eq!(q["method"], "quotient");
    assert_eq!(
        q["outcome"],
        if loses(&[10, 9], &mut memo) { "P" } else { "N" }
    );
    assert!(q["winning_moves_total"].as_u64().is_some());
    // 100000 heaps, decided at once.
    let heaps: Vec<String> = (0..100_000).map(|i| (1 + i % 97).to_string()).collect();
    let q = common::success_json(
        &["solve", "--json", "--misere", "--limit", "3", "0.75", "-"],
        heaps.join(" ").as_bytes(),
    );
    assert_eq!(q["method"], "quotient");
    assert!(q["winning_moves"].as_array().unwrap().len() <= 3);
}

#[test]
fn a_game_script_on_heaps_has_the_same_quotient_as_its_code() {
    // 0.75 written as a script: the same R8, proved for the heaps computed (a script has no
    // periodicity theorem).
    let script = "script:{fn moves(n) { let out = []; if n == 1 || n == 2 { out.push(0); } \
                  if n > 1 { out.push(n - 1); } for k in [1, 2] { let r = n - k; \
                  if r >= 2 { for a in 1..=(r / 2) { out.push(sum(a, r - a)); } } } out }}";
    let q = common::success_json(&["quotient", script, "--upto", "30", "--json"], b"");
    let code = common::success_json(&["quotient", "0.75", "--json"], b"");
    assert_eq!(q["status"], "upto");
    assert_eq!(q["last"], 30);
    for key in ["order", "p_portion", "relations", "elements"] {
        assert_eq!(q[key], code[key], "{key}");
    }
    assert_eq!(
        q["pretending"].as_array().unwrap()[..22],
        code["pretending"].as_array().unwrap()[..]
    );
}
