//! The example game scripts in `examples/games/`, run through the binary as a user runs them, and
//! checked against brute forces written here from the rules (a plain recursive mex with a memo,
//! or retrograde analysis for the loopy game), and against the known formulas of each game.

mod loopy;

use crate::common;

use std::collections::{BTreeSet, HashMap};

use serde_json::{json, Value};

/// The game spec of `examples/games/NAME.rhai`, relative to the workspace root.
fn spec(name: &str) -> String {
    format!("script:examples/games/{name}.rhai")
}

/// `grundy ARGS` from the workspace root, asserted to succeed, its output parsed as JSON.
fn grundy_json(args: &[&str]) -> Value {
    let out = common::run_from_root(args, b"");
    assert!(
        out.status.success(),
        "grundy {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "grundy {}: not JSON ({e}): {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

/// `grundy table script --upto N --json`: the values of positions 0..=N.
fn table_line(name: &str, upto: usize) -> Vec<Value> {
    let game = spec(name);
    let v = grundy_json(&["table", &game, "--upto", &upto.to_string(), "--json"]);
    assert_eq!(v["game"], game.as_str());
    let values = v["values"].as_array().expect("values").clone();
    assert_eq!(values.len(), upto + 1, "{v}");
    values
}

/// `grundy table script --upto WxH --json`: `rows[y][x]` is the value of `[x, y]`.
fn table_grid(name: &str, w: usize, h: usize) -> Vec<Vec<u64>> {
    let game = spec(name);
    let v = grundy_json(&["table", &game, "--upto", &format!("{w}x{h}"), "--json"]);
    assert_eq!(v["game"], game.as_str());
    let rows: Vec<Vec<u64>> = v["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(number).collect())
        .collect();
    assert_eq!(rows.len(), h + 1);
    assert!(rows.iter().all(|row| row.len() == w + 1), "{v}");
    rows
}

/// `grundy solve --json script P1 + script P2 + ...`: the value of each position, in order (one
/// JSON component per game joined by `+`; several positions after one spec are one component).
fn component_values(name: &str, positions: &[String]) -> Vec<u64> {
    let game = spec(name);
    let mut args = vec!["solve", "--json"];
    for (i, p) in positions.iter().enumerate() {
        if i > 0 {
            args.push("+");
        }
        args.extend([game.as_str(), p.as_str()]);
    }
    let v = grundy_json(&args);
    let parts = v["components"].as_array().expect("components");
    assert_eq!(parts.len(), positions.len(), "{v}");
    assert!(
        parts.iter().all(|part| part["game"] == game.as_str()),
        "{v}"
    );
    let values: Vec<u64> = parts.iter().map(|c| number(&c["value"])).collect();
    // The whole sum: XOR of the parts, P exactly when it is 0.
    let xor = values.iter().fold(0, |a, b| a ^ b);
    assert_eq!(v["grundy"], xor, "{v}");
    assert_eq!(v["outcome"], if xor == 0 { "P" } else { "N" }, "{v}");
    values
}

fn number(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("not a finite value: {v}"))
}

fn mex(set: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = set.into_iter().collect();
    (0..).find(|m| !seen.contains(m)).unwrap()
}

// ---------------------------------------------------------------------------------------------
// 1. Take at most half.

/// OEIS A025480: a(2m) = m, a(2m + 1) = a(m).
fn a025480(n: u64) -> u64 {
    if n.is_multiple_of(2) {
        n / 2
    } else {
        a025480(n / 2)
    }
}

#[test]
fn half_matches_brute_force_and_a025480() {
    const N: usize = 300;
    let mut g = vec![0u64; N + 1];
    for n in 0..=N {
        g[n] = mex((1..=n / 2).map(|k| g[n - k]));
    }
    let table: Vec<u64> = table_line("half", N).iter().map(number).collect();
    assert_eq!(table, g);
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(v, a025480(n as u64), "G({n})");
    }
    // G(10) = 5; the only option of value 0 is 7 = 2^3 - 1 (take 3).
    let v = grundy_json(&["solve", "--json", &spec("half"), "10"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 5);
    assert_eq!(v["winning_moves_total"], 1, "{v}");
    assert_eq!(v["winning_moves"][0]["position"], json!([7]), "{v}");
    // A sum with a built-in game: G(10) = 5, nim 5: P.
    let v = grundy_json(&["solve", "--json", &spec("half"), "10", "+", "nim", "5"]);
    assert_eq!(v["outcome"], "P", "{v}");
}

/// Misère play of a sum of take-at-most-half heaps, by brute force over the sorted heaps: the
/// player who cannot move wins.
fn half_misere_wins(heaps: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let mut has_move = false;
    let mut wins = false;
    for i in 0..heaps.len() {
        for k in 1..=heaps[i] / 2 {
            has_move = true;
            let mut next = heaps.to_vec();
            next[i] -= k;
            next.sort_unstable();
            if !half_misere_wins(&next, memo) {
                wins = true;
            }
        }
    }
    let w = wins || !has_move;
    memo.insert(heaps.to_vec(), w);
    w
}

#[test]
fn half_misere_sums_match_brute_force() {
    let mut memo = HashMap::new();
    for (a, b) in [
        (0, 0),
        (1, 1),
        (2, 3),
        (3, 3),
        (4, 6),
        (5, 9),
        (7, 8),
        (10, 11),
        (12, 12),
    ] {
        let v = grundy_json(&[
            "solve",
            "--json",
            "--misere",
            &spec("half"),
            &a.to_string(),
            &b.to_string(),
        ]);
        let expected = if half_misere_wins(&[a, b], &mut memo) {
            "N"
        } else {
            "P"
        };
        assert_eq!(v["outcome"], expected, "misère {a} + {b}: {v}");
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Paper cutting (normal play: the last cut wins).

fn paper_brute(w: usize, h: usize, memo: &mut HashMap<(usize, usize), u64>) -> u64 {
    let key = (w.min(h), w.max(h));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut options = Vec::new();
    if w >= 1 && h >= 1 {
        for a in 1..w {
            options.push(paper_brute(a, h, memo) ^ paper_brute(w - a, h, memo));
        }
        for b in 1..h {
            options.push(paper_brute(w, b, memo) ^ paper_brute(w, h - b, memo));
        }
    }
    let v = mex(options);
    memo.insert(key, v);
    v
}

#[test]
fn paper_matches_brute_force_and_the_parity_of_the_cuts() {
    const W: usize = 12;
    const H: usize = 10;
    let rows = table_grid("paper", W, H);
    let mut memo = HashMap::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &v) in row.iter().enumerate() {
            assert_eq!(v, paper_brute(x, y, &mut memo), "G([{x}, {y}])");
            if x >= 1 && y >= 1 {
                assert_eq!(v, ((x * y - 1) % 2) as u64, "G([{x}, {y}])");
            }
        }
    }
    // Two sheets 2x3 and 3x5: 5 + 14 cuts in all, odd: the first player wins.
    let values = component_values("paper", &["2,3".into(), "3,5".into()]);
    assert_eq!(values, [1, 0]);
    // `grundy check` confirms the parity theorem further out, and refutes a wrong formula.
    let game = spec("paper");
    let parity = "if(x*y == 0, 0, (x*y + 1) % 2)";
    let v = grundy_json(&[
        "check",
        "--json",
        &game,
        "--formula",
        parity,
        "--upto",
        "24x24",
    ]);
    assert_eq!(v["holds"], true, "{v}");
    // A refuted formula exits 1, with its counterexample on stdout.
    let out = common::run_from_root(
        &[
            "check",
            "--json",
            &game,
            "--formula",
            "(x*y) % 2",
            "--upto",
            "5x5",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["holds"], false, "{v}");
    let bad = &v["counterexample"];
    let (x, y) = (number(&bad["x"]) as usize, number(&bad["y"]) as usize);
    assert_eq!(bad["actual"], paper_brute(x, y, &mut memo), "{v}");
    assert_eq!(bad["expected"], (x * y % 2) as u64, "{v}");
    assert_ne!(bad["actual"], bad["expected"], "{v}");
}

// ---------------------------------------------------------------------------------------------
// 2b. POJ 2311 Cutting Game (first to cut out a 1x1 wins), as its reduced normal-play game.

fn cutting_brute(w: usize, h: usize, memo: &mut HashMap<(usize, usize), u64>) -> u64 {
    if let Some(&v) = memo.get(&(w, h)) {
        return v;
    }
    let mut options = Vec::new();
    for a in 2..w.saturating_sub(1) {
        options.push(cutting_brute(a, h, memo) ^ cutting_brute(w - a, h, memo));
    }
    for b in 2..h.saturating_sub(1) {
        options.push(cutting_brute(w, b, memo) ^ cutting_brute(w, h - b, memo));
    }
    let v = mex(options);
    memo.insert((w, h), v);
    v
}

#[test]
fn cutting_game_matches_brute_force_and_the_poj_samples() {
    const N: usize = 20;
    let rows = table_grid("cutting", N, N);
    let mut memo = HashMap::new();
    for (y, row) in rows.iter().enumerate().skip(2) {
        for (x, &v) in row.iter().enumerate().skip(2) {
            assert_eq!(v, cutting_brute(x, y, &mut memo), "G([{x}, {y}])");
        }
    }
    // POJ 2311's sample: 2x2 LOSE, 3x2 LOSE, 4x2 WIN.
    assert_eq!(
        [rows[2][2], rows[2][3], rows[2][4]].map(|v| v > 0),
        [false, false, true]
    );
}

#[test]
fn cutting_game_can_be_played_through_a_pipe() {
    // 6x4 is an N-position: the engine, first, wins whatever the human answers (always move 1).
    let out = common::run_from_root(
        &["play", &spec("cutting"), "6,4", "--engine-first"],
        "1\n".repeat(20).as_bytes(),
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("I play: [4, 6] -> "), "{text}");
    assert!(
        text.trim_end().ends_with("You have no move left: I win."),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// 3. Split a pile into k >= 2 equal piles.

/// Omega(odd part of n) + 1 if n is even (see the script's comment).
fn divisors_formula(n: u64) -> u64 {
    let mut m = n >> n.trailing_zeros();
    let mut omega = 0;
    let mut p = 3;
    while p * p <= m {
        while m.is_multiple_of(p) {
            m /= p;
            omega += 1;
        }
        p += 2;
    }
    if m > 1 {
        omega += 1;
    }
    omega + u64::from(n.is_multiple_of(2))
}

#[test]
fn divisors_matches_brute_force_and_its_formula() {
    const N: usize = 200;
    let mut g = vec![0u64; N + 1];
    for n in 1..=N {
        // k piles of n/k: G(n/k) XORed k times.
        g[n] = mex((2..=n)
            .filter(|k| n % k == 0)
            .map(|k| if k % 2 == 1 { g[n / k] } else { 0 }));
    }
    let table: Vec<u64> = table_line("divisors", N).iter().map(number).collect();
    assert_eq!(table, g);
    for (n, &v) in g.iter().enumerate().skip(1) {
        assert_eq!(v, divisors_formula(n as u64), "G({n})");
    }
}

// ---------------------------------------------------------------------------------------------
// 4. E&D (SDOI 2009, Luogu P2148): G([a, b]) = trailing ones of (a - 1) | (b - 1).

fn e_and_d_brute(a: usize, b: usize, memo: &mut HashMap<(usize, usize), u64>) -> u64 {
    if let Some(&v) = memo.get(&(a, b)) {
        return v;
    }
    let mut options = Vec::new();
    for x in 1..b {
        options.push(e_and_d_brute(x, b - x, memo));
    }
    for x in 1..a {
        options.push(e_and_d_brute(x, a - x, memo));
    }
    let v = mex(options);
    memo.insert((a, b), v);
    v
}

/// The number of trailing 1 bits of (a - 1) | (b - 1).
fn e_and_d_formula(a: usize, b: usize) -> u64 {
    u64::from(((a - 1) | (b - 1)).trailing_ones())
}

#[test]
fn e_and_d_matches_brute_force_and_the_trailing_ones() {
    const N: usize = 32;
    let rows = table_grid("e_and_d", N, N);
    let mut memo = HashMap::new();
    for (b, row) in rows.iter().enumerate().skip(1) {
        for (a, &v) in row.iter().enumerate().skip(1) {
            assert_eq!(v, e_and_d_brute(a, b, &mut memo), "G([{a}, {b}])");
            assert_eq!(v, e_and_d_formula(a, b), "G([{a}, {b}])");
        }
    }
    // Several pairs are a sum, also of pairs beyond the table.
    let pairs = [(3, 4), (5, 6), (8, 8), (1, 2), (17, 2), (40, 24)];
    let words: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
    let values = component_values("e_and_d", &words);
    let expected: Vec<u64> = pairs.iter().map(|&(a, b)| e_and_d_formula(a, b)).collect();
    assert_eq!(values, expected);
}

// ---------------------------------------------------------------------------------------------
// 5. Georgia and Bob.

fn georgia_bob_brute(cells: &[i64], memo: &mut HashMap<Vec<i64>, u64>) -> u64 {
    if let Some(&v) = memo.get(cells) {
        return v;
    }
    let mut options = Vec::new();
    for i in 0..cells.len() {
        let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
        for c in lowest..cells[i] {
            let mut q = cells.to_vec();
            q[i] = c;
            options.push(georgia_bob_brute(&q, memo));
        }
    }
    let v = mex(options);
    memo.insert(cells.to_vec(), v);
    v
}

/// Staircase Nim on the gaps: XOR of the last gap, the third last, ...
fn staircase(cells: &[i64]) -> u64 {
    let gaps: Vec<u64> = (0..cells.len())
        .map(|i| (cells[i] - if i == 0 { 0 } else { cells[i - 1] } - 1) as u64)
        .collect();
    gaps.iter().rev().step_by(2).fold(0, |a, b| a ^ b)
}

#[test]
fn georgia_bob_matches_brute_force_and_staircase_nim() {
    // Every set of 1 to 3 chessmen on cells 1..=9.
    let mut all: Vec<Vec<i64>> = Vec::new();
    for mask in 1u32..(1 << 9) {
        if mask.count_ones() <= 3 {
            all.push(
                (0..9)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| i + 1)
                    .collect(),
            );
        }
    }
    assert_eq!(all.len(), 129);
    let mut memo = HashMap::new();
    for chunk in all.chunks(45) {
        // A lone chessman is the array [c]: the word `c` would be the integer c.
        let words: Vec<String> = chunk
            .iter()
            .map(|c| {
                let cells: Vec<String> = c.iter().map(i64::to_string).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let values = component_values("georgia_bob", &words);
        for (cells, v) in chunk.iter().zip(values) {
            assert_eq!(v, georgia_bob_brute(cells, &mut memo), "G({cells:?})");
            assert_eq!(v, staircase(cells), "G({cells:?})");
        }
    }
    // POJ 1704's samples: 1 2 3 -> Bob will win; 1 5 6 7 9 12 14 17 -> Georgia will win.
    let v = grundy_json(&["solve", "--json", &spec("georgia_bob"), "1,2,3"]);
    assert_eq!(v["outcome"], "P", "{v}");
    let v = grundy_json(&[
        "solve",
        "--json",
        &spec("georgia_bob"),
        "1,5,6,7,9,12,14,17",
    ]);
    assert_eq!(v["outcome"], "N", "{v}");
    assert_eq!(v["grundy"], staircase(&[1, 5, 6, 7, 9, 12, 14, 17]), "{v}");
}

// ---------------------------------------------------------------------------------------------
// 6. Geography on a grid.

fn neighbours(rows: usize, cols: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / cols, cell % cols);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - cols);
    }
    if r + 1 < rows {
        out.push(cell + cols);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < cols {
        out.push(cell + 1);
    }
    out
}

fn geography_brute(
    rows: usize,
    cols: usize,
    cell: usize,
    burnt: u64,
    memo: &mut HashMap<(usize, u64), u64>,
) -> u64 {
    if let Some(&v) = memo.get(&(cell, burnt)) {
        return v;
    }
    let options: Vec<u64> = neighbours(rows, cols, cell)
        .into_iter()
        .filter(|&v| burnt >> v & 1 == 0)
        .map(|v| geography_brute(rows, cols, v, burnt | 1 << v, memo))
        .collect();
    let v = mex(options);
    memo.insert((cell, burnt), v);
    v
}

/// Size of a maximum matching of the grid graph on the cells in `alive` (Kuhn's augmenting
/// paths from the cells of even colour).
fn max_matching(rows: usize, cols: usize, alive: u64) -> usize {
    fn augment(
        u: usize,
        rows: usize,
        cols: usize,
        alive: u64,
        seen: &mut Vec<bool>,
        mate: &mut Vec<Option<usize>>,
    ) -> bool {
        for v in neighbours(rows, cols, u) {
            if alive >> v & 1 == 0 || seen[v] {
                continue;
            }
            seen[v] = true;
            if mate[v].is_none_or(|w| augment(w, rows, cols, alive, seen, mate)) {
                mate[v] = Some(u);
                return true;
            }
        }
        false
    }
    let n = rows * cols;
    let mut mate = vec![None; n];
    let mut size = 0;
    for u in 0..n {
        if alive >> u & 1 == 1 && (u / cols + u % cols).is_multiple_of(2) {
            let mut seen = vec![false; n];
            if augment(u, rows, cols, alive, &mut seen, &mut mate) {
                size += 1;
            }
        }
    }
    size
}

#[test]
fn geography_matches_brute_force_and_the_matching_theorem() {
    for (rows, cols) in [(1, 5), (2, 2), (2, 3), (3, 3), (2, 5), (3, 4)] {
        let n = rows * cols;
        let all = (1u64 << n) - 1;
        let starts: Vec<String> = (0..n)
            .map(|v| format!("{rows},{cols},{v},{}", 1u64 << v))
            .collect();
        let values = component_values("geography", &starts);
        let mut memo = HashMap::new();
        for (v, value) in values.into_iter().enumerate() {
            let brute = geography_brute(rows, cols, v, 1 << v, &mut memo);
            assert_eq!(value, brute, "{rows}x{cols} from cell {v}");
            // The player to move wins iff every maximum matching covers v, i.e. removing v
            // makes the maximum matching smaller.
            let covered = max_matching(rows, cols, all & !(1 << v)) < max_matching(rows, cols, all);
            assert_eq!(value > 0, covered, "{rows}x{cols} from cell {v}");
        }
    }
    // A position in mid-game: 3x3, the token in the centre, the top row burnt (cells 0, 1, 2, 4).
    let mut memo = HashMap::new();
    let burnt = 0b1_0111;
    let v = grundy_json(&["solve", "--json", &spec("geography"), "3,3,4,23"]);
    assert_eq!(
        v["grundy"],
        geography_brute(3, 3, 4, burnt, &mut memo),
        "{v}"
    );
    // The script's describe(p, q) words each winning move: from the middle of the top edge of a
    // 3x3 grid every first step wins (the cell is in every maximum matching).
    let v = grundy_json(&["solve", "--json", &spec("geography"), "3,3,1,2"]);
    let said: BTreeSet<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].as_str().unwrap())
        .collect();
    let expected: BTreeSet<&str> = [
        "walk from row 0 column 1 to row 0 column 0",
        "walk from row 0 column 1 to row 0 column 2",
        "walk from row 0 column 1 to row 1 column 1",
    ]
    .into();
    assert_eq!(said, expected, "{v}");
}

// ---------------------------------------------------------------------------------------------
// 7. Boxes with a capacity (HDU 1729).

fn boxes_brute(s: usize, c: usize, memo: &mut HashMap<(usize, usize), u64>) -> u64 {
    if let Some(&v) = memo.get(&(s, c)) {
        return v;
    }
    let top = (c + c * c).min(s);
    let v = mex((c + 1..=top).map(|d| boxes_brute(s, d, memo)));
    memo.insert((s, c), v);
    v
}

/// The usual accepted solution of HDU 1729.
fn boxes_known(s: u64, c: u64) -> u64 {
    let mut t = 0;
    while (t + 1) + (t + 1) * (t + 1) < s {
        t += 1;
    }
    if c > t {
        s - c
    } else if c == t {
        0
    } else {
        boxes_known(t, c)
    }
}

#[test]
fn boxes_match_brute_force_and_the_known_solution() {
    const N: usize = 40;
    let rows = table_grid("boxes", N, N);
    let mut memo = HashMap::new();
    for (c, row) in rows.iter().enumerate() {
        for (s, &v) in row.iter().enumerate() {
            assert_eq!(v, boxes_brute(s, c, &mut memo), "G([{s}, {c}])");
            if c <= s && s >= 1 {
                assert_eq!(v, boxes_known(s as u64, c as u64), "G([{s}, {c}])");
            }
        }
    }
    // Boxes are played side by side.
    let values = component_values("boxes", &["2,0".into(), "8,2".into(), "20,3".into()]);
    assert_eq!(values, [0, boxes_known(8, 2), boxes_known(20, 3)]);
}
