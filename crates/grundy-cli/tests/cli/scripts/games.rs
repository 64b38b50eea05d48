//! Script games (`script:FILE`, `script:{...}`) from the command line: scripts of built-in games
//! give the built-in rulesets' answers (values, outcomes, the full sets of winning moves, tables),
//! the engine's idioms (ranges, `splits`, `cuts`, `canonical`) give what the plain loops give, and
//! every error of the contract is one line with the right exit code, never a panic or a hang.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Output;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde_json::{json, Value};

fn grundy<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    common::run_from_root(args, b"")
}

fn json_of(args: &[&str]) -> Value {
    common::success_json_from_root(args)
}

/// `grundy solve --json GAME WORDS...`.
fn solve(game: &str, words: &[String]) -> Value {
    solve_as(&[], game, words)
}

/// `grundy solve --json FLAGS GAME WORDS...` (`--misere`, `--every`).
fn solve_as(flags: &[&str], game: &str, words: &[String]) -> Value {
    let mut args = vec!["solve", "--json"];
    args.extend_from_slice(flags);
    args.push(game);
    args.extend(words.iter().map(String::as_str));
    json_of(&args)
}

/// A script file in this module's scratch directory, named after the test.
fn script_file(name: &str, text: &str) -> PathBuf {
    let path = common::scratch_dir("script-games").join(format!("{name}.rhai"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The integers of a position's JSON, in order, at any depth (a script position's words and a
/// built-in position's numbers alike).
fn integers(v: &Value, out: &mut Vec<i64>) {
    match v {
        Value::Number(n) => out.push(n.as_i64().expect("an integer")),
        Value::Array(items) => items.iter().for_each(|i| integers(i, out)),
        other => panic!("not a heap position: {other}"),
    }
}

/// A heap position as the multiset of its nonempty heaps: Nim `[3, 0, 5]` and the script sum
/// `[0, 3, 5]` (or `[[3], [5]]`) are the same position.
fn heaps(v: &Value) -> Vec<i64> {
    let mut out = Vec::new();
    integers(v, &mut out);
    out.retain(|&h| h != 0);
    out.sort_unstable();
    out
}

/// A sum of tokens (on a graph) as the multiset of their vertices.
fn tokens(v: &Value) -> Vec<i64> {
    let mut out = Vec::new();
    integers(v, &mut out);
    out.sort_unstable();
    out
}

/// One pair `[a, b]` (Wythoff), in order.
fn pair(v: &Value) -> Vec<i64> {
    let mut out = Vec::new();
    integers(v, &mut out);
    assert_eq!(out.len(), 2, "{v}");
    out
}

/// The set of positions the winning moves lead to, normalized by `norm`. A set: the built-in Nim
/// lists taking from either of two equal heaps as two moves, a script sum (whose parts are
/// sorted) as one.
fn winning(v: &Value, norm: fn(&Value) -> Vec<i64>) -> BTreeSet<Vec<i64>> {
    v["winning_moves"]
        .as_array()
        .unwrap_or_else(|| panic!("no winning_moves: {v}"))
        .iter()
        .map(|m| norm(&m["position"]))
        .collect()
}

/// Asserts that the script and the built-in game agree on a position: outcome, Grundy value
/// (where the built-in game computes it), and the winning moves.
fn assert_same_answer(
    script: &str,
    builtin: &str,
    script_words: &[String],
    builtin_words: &[String],
    norm: fn(&Value) -> Vec<i64>,
) {
    let ours = solve(script, script_words);
    let theirs = solve(builtin, builtin_words);
    let at = format!("{builtin} {builtin_words:?}");
    assert_eq!(
        ours["outcome"], theirs["outcome"],
        "{at}: {ours} vs {theirs}"
    );
    if !theirs["grundy"].is_null() {
        assert_eq!(ours["grundy"], theirs["grundy"], "{at}: {ours} vs {theirs}");
    }
    assert_eq!(
        winning(&ours, norm),
        winning(&theirs, norm),
        "{at}: {ours} vs {theirs}"
    );
    if ours["winning_moves"].as_array().unwrap().is_empty() {
        assert_eq!(ours["winning_moves_total"], 0, "{at}: {ours}");
    }
}

/// The same under misère play (outcome and winning moves) and Every-SG (outcome).
fn assert_same_other_conventions(script: &str, builtin: &str, w: &[String]) {
    let at = format!("{builtin} {w:?}");
    let ours = solve_as(&["--misere"], script, w);
    let theirs = solve_as(&["--misere"], builtin, w);
    assert_eq!(ours["convention"], "misere", "{ours}");
    assert_eq!(
        ours["outcome"], theirs["outcome"],
        "{at} misère: {ours} vs {theirs}"
    );
    assert_eq!(
        winning(&ours, heaps),
        winning(&theirs, heaps),
        "{at} misère: {ours} vs {theirs}"
    );
    let ours = solve_as(&["--every"], script, w);
    let theirs = solve_as(&["--every"], builtin, w);
    assert_eq!(
        ours["outcome"], theirs["outcome"],
        "{at} every: {ours} vs {theirs}"
    );
}

/// `table --json GAME --upto UPTO`: the values (a line) or the rows (a grid).
fn table(game: &str, upto: &str) -> Value {
    let v = json_of(&["table", "--json", game, "--upto", upto]);
    assert_eq!(v["game"], game, "{v}");
    if v["values"].is_array() {
        v["values"].clone()
    } else {
        assert!(v["rows"].is_array(), "{v}");
        v["rows"].clone()
    }
}

fn words(ns: &[u32]) -> Vec<String> {
    ns.iter().map(u32::to_string).collect()
}

/// Nim as a sum of single heaps: the heap n moves to any smaller heap.
const NIM: &str = "script:{fn moves(n) { range(0, n) }}";
/// Nim as one position, the array of its heaps.
const NIM_ARRAY: &str = "script:{fn moves(p) {
    let r = [];
    for i in 0..p.len() {
        for k in 0..p[i] {
            let q = p;
            q[i] = k;
            r.push(q);
        }
    }
    r
}}";
const SUB_134: &str = "script:{fn moves(n) {
    let r = [];
    for s in [1, 3, 4] {
        if s <= n { r.push(n - s); }
    }
    r
}}";
/// Kayles, the loop a user writes first.
const KAYLES: &str = "script:{fn moves(n) {
    let r = [];
    for t in 1..=2 {
        if n >= t {
            for a in 0..=(n - t) / 2 { r.push(sum([a, n - t - a])); }
        }
    }
    r
}}";
/// Kayles with the native `splits`.
const KAYLES_SPLITS: &str = "script:{fn moves(n) {
    if n >= 2 { [splits(n - 1), splits(n - 2)] } else if n == 1 { [splits(0)] } else { [] }
}}";

/// A directed acyclic graph on the vertices 1..=n: `u-v` edges with u < v.
fn dag() -> impl Strategy<Value = (u32, BTreeSet<(u32, u32)>)> {
    (2u32..9).prop_flat_map(|n| {
        (
            Just(n),
            prop::collection::btree_set((1..n).prop_flat_map(move |u| (Just(u), u + 1..=n)), 1..16),
        )
    })
}

/// The graph as an inline `graph:` spec and as a script whose `moves` looks a vertex up in a map.
fn graph_specs(edges: &BTreeSet<(u32, u32)>) -> (String, String) {
    let graph = edges
        .iter()
        .map(|(u, v)| format!("{u}-{v}"))
        .collect::<Vec<_>>()
        .join(",");
    let mut out: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &(u, v) in edges {
        out.entry(u).or_default().push(v);
    }
    let map = out
        .iter()
        .map(|(u, vs)| format!("\"{u}\": {vs:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let script = format!(
        "script:{{fn moves(p) {{\n    let g = #{{ {map} }};\n    let k = `${{p}}`;\n    if k in g {{ g[k] }} else {{ [] }}\n}}}}"
    );
    (format!("graph:{graph}"), script)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn nim_as_a_sum_of_heaps(hs in prop::collection::vec(0u32..12, 1..4)) {
        let w = words(&hs);
        assert_same_answer(NIM, "nim", &w, &w, heaps);
        assert_same_other_conventions(NIM, "nim", &w);
    }

    #[test]
    fn nim_as_an_array_of_heaps(hs in prop::collection::vec(0u32..7, 2..4)) {
        let word = vec![hs.iter().map(u32::to_string).collect::<Vec<_>>().join(",")];
        assert_same_answer(NIM_ARRAY, "nim", &word, &words(&hs), heaps);
    }

    #[test]
    fn subtraction_1_3_4(hs in prop::collection::vec(0u32..40, 1..4)) {
        let w = words(&hs);
        assert_same_answer(SUB_134, "sub:1,3,4", &w, &w, heaps);
        assert_same_other_conventions(SUB_134, "sub:1,3,4", &w);
    }

    #[test]
    fn kayles_loop_and_splits(hs in prop::collection::vec(0u32..30, 1..3)) {
        let w = words(&hs);
        assert_same_answer(KAYLES, "0.77", &w, &w, heaps);
        assert_same_answer(KAYLES_SPLITS, "0.77", &w, &w, heaps);
    }

    /// Misère play and Every-SG search the whole sum: small rows (a sum of rows of 20 and 29
    /// takes the script game 40 s in release, 0.77 about 4 s).
    #[test]
    fn kayles_misere_and_every(hs in prop::collection::vec(0u32..10, 1..3)) {
        assert_same_other_conventions(KAYLES_SPLITS, "0.77", &words(&hs));
    }

    #[test]
    fn wythoff_pairs(a in 0u32..14, b in 0u32..14) {
        assert_same_answer(common::WYTHOFF_SCRIPT, "wythoff", &[format!("{a},{b}")], &words(&[a, b]), pair);
    }

    #[test]
    fn random_dag_as_a_map((n, edges) in dag(), ts in prop::collection::vec(1u32..9, 1..4)) {
        let (graph, script) = graph_specs(&edges);
        // Tokens on vertices the graph names (1 up to its largest vertex).
        let top = edges.iter().map(|&(_, v)| v).max().unwrap();
        let ts: Vec<u32> = ts.iter().map(|t| 1 + (t - 1) % top.min(n)).collect();
        let w = words(&ts);
        assert_same_answer(&script, &graph, &w, &w, tokens);
        // The graph's table against the script's, vertex by vertex (the script's position 0 is
        // no vertex: no moves).
        let ours = table(&script, &top.to_string());
        let theirs = json_of(&["table", "--json", &graph]);
        for row in theirs["table"].as_array().unwrap() {
            let vertex = row["vertex"].as_u64().unwrap() as usize;
            prop_assert_eq!(&ours[vertex], &row["value"], "vertex {} of {}", vertex, graph);
        }
    }
}

#[test]
fn tables_of_scripts_equal_the_built_in_tables() {
    assert_eq!(table(NIM, "40"), table("nim", "40"));
    assert_eq!(table(SUB_134, "100"), table("sub:1,3,4", "100"));
    let kayles = table("0.77", "200");
    assert_eq!(table(KAYLES, "200"), kayles);
    assert_eq!(table(KAYLES_SPLITS, "200"), kayles);
    assert_eq!(
        table(common::WYTHOFF_SCRIPT, "12x9"),
        table("wythoff", "12x9")
    );
}

/// `--period` on a script's table: the period seen, never claimed proved.
#[test]
fn a_period_seen_is_not_proved() {
    let v = json_of(&["table", "--json", SUB_134, "--upto", "100", "--period"]);
    let period = &v["period"];
    assert_eq!(period["period"], 7, "{v}");
    assert_eq!(period["preperiod"], 0, "{v}");
    assert_eq!(period["proved"], false, "{v}");
}

#[test]
fn a_script_joins_other_games_with_plus() {
    // Nim heaps 3 and 5 as a script sum, plus a built-in Nim heap of 6: 3 ^ 5 ^ 6 = 0.
    let v = json_of(&["solve", "--json", NIM, "3", "5", "+", "nim", "6"]);
    assert_eq!(v["outcome"], "P", "{v}");
    assert_eq!(v["grundy"], 0, "{v}");
    let v = json_of(&["solve", "--json", NIM, "3", "5", "+", "nim", "7"]);
    assert_eq!(v["outcome"], "N", "{v}");
    assert_eq!(v["grundy"], 1, "{v}");
}

/// A component's `position` is its words: `7`, `[3,4]` for the array [3, 4], the string, and
/// nested arrays as arrays (one JSON type per shape, whatever the length).
#[test]
fn positions_show_as_the_words_that_build_them() {
    let none = "script:{fn moves(p) { [] }}";
    for (word, shown) in [
        ("7", json!([7])),
        ("-2", json!([-2])),
        ("3,4", json!([[3, 4]])),
        ("abc", json!(["abc"])),
        ("[[1,2],[3]]", json!([[[1, 2], [3]]])),
        ("[0]", json!([[0]])),
    ] {
        let v = json_of(&["solve", "--json", none, word]);
        assert_eq!(v["components"][0]["position"], shown, "{word}: {v}");
        assert_eq!(v["outcome"], "P", "{word}: {v}");
    }
}

#[test]
fn print_writes_to_standard_error() {
    let out = grundy(&[
        "solve",
        "--json",
        "script:{fn moves(n) { print(`moves of ${n}`); range(0, n) }}",
        "2",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).expect("stdout is only the JSON");
    assert_eq!(v["grundy"], 2);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("moves of 2"),
        "{out:?}"
    );
}

// ---- The benchmark's scripts (bench/scripts/): the idioms give what the plain loops give, and
// both give an independent brute force here.

fn bench_script(name: &str) -> String {
    format!("script:bench/scripts/{name}.rhai")
}

fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..).find(|m| !set.contains(m)).unwrap()
}

fn values(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn bench_take_at_most_half() {
    let mut g = vec![0u32; 301];
    for n in 0..g.len() {
        g[n] = mex(&(1..=n / 2).map(|k| g[n - k]).collect());
    }
    assert_eq!(values(&table(&bench_script("half-plain"), "300")), g);
    assert_eq!(values(&table(&bench_script("half-idiom"), "300")), g);
}

#[test]
fn bench_paper_cutting() {
    const W: usize = 12;
    const H: usize = 9;
    let mut g = [[0u32; W + 1]; H + 1];
    for y in 1..=H {
        for x in 1..=W {
            let mut s = BTreeSet::new();
            s.extend((1..x).map(|a| g[y][a] ^ g[y][x - a]));
            s.extend((1..y).map(|b| g[b][x] ^ g[y - b][x]));
            g[y][x] = mex(&s);
        }
    }
    let rows = |v: Value| -> Vec<Vec<u32>> { v.as_array().unwrap().iter().map(values).collect() };
    let expected: Vec<Vec<u32>> = g.iter().map(|r| r.to_vec()).collect();
    let upto = format!("{W}x{H}");
    assert_eq!(rows(table(&bench_script("paper-plain"), &upto)), expected);
    assert_eq!(rows(table(&bench_script("paper-idiom"), &upto)), expected);
    assert_eq!(
        rows(table(&bench_script("paper-canonical"), &upto)),
        expected
    );
}

#[test]
fn bench_kayles() {
    let kayles = table("0.77", "300");
    assert_eq!(table(&bench_script("kayles-plain"), "300"), kayles);
    assert_eq!(table(&bench_script("kayles-idiom"), "300"), kayles);
}

// ---- Errors: one line on standard error, exit 2 for bad input, 1 for a computation that could
// not finish; never a panic (101), never a hang.

/// Runs `grundy ARGS`, asserts exit code `code` and one line on standard error; returns it.
fn fails<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(args: &[S], code: i32) -> String {
    let start = Instant::now();
    let out = grundy(args);
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        took < Duration::from_secs(60),
        "{args:?} took {took:?}: {err}"
    );
    err
}

/// Whether `err` names `file:LINE:COL` (line and column numbers).
fn names_line_and_column(err: &str, file: &str, line: usize) -> bool {
    err.split(&format!("{file}:{line}:"))
        .nth(1)
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
}

fn file_spec(path: &std::path::Path) -> (String, String) {
    let file = path.display().to_string();
    (format!("script:{file}"), file)
}

#[test]
fn a_script_that_does_not_parse() {
    let path = script_file("syntax", "fn moves(n) {\n    let r = [1, ;\n    r\n}\n");
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "3"], 2);
    assert!(names_line_and_column(&err, &file, 2), "{err}");
    // Every command reads the script the same way.
    let err = fails(&["table", &spec, "--upto", "10"], 2);
    assert!(names_line_and_column(&err, &file, 2), "{err}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_runtime_error_names_the_place_and_the_position() {
    let path = script_file(
        "runtime",
        "fn moves(n) {\n    if n == 3 {\n        return n / (n - 3);\n    }\n    range(0, n)\n}\n",
    );
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "5"], 1);
    assert!(names_line_and_column(&err, &file, 3), "{err}");
    assert!(err.contains("moves(3)"), "{err}");
    let err = fails(&["table", &spec, "--upto", "10"], 1);
    assert!(err.contains("moves(3)"), "{err}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn an_endless_loop_stops_at_the_operations_cap() {
    let path = script_file("loop", "fn moves(n) {\n    loop {}\n}\n");
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "4"], 1);
    assert!(err.contains("--script-max-ops"), "{err}");
    // The place named is the function's (a cap has no position of its own in Rhai).
    assert!(
        names_line_and_column(&err, &file, 1) || names_line_and_column(&err, &file, 2),
        "{err}"
    );
    assert!(err.contains("moves(4)"), "{err}");
    // The cap is an option, before or after the subcommand.
    let start = Instant::now();
    let err = fails(&["solve", &spec, "4", "--script-max-ops", "1000"], 1);
    assert!(
        err.contains("1000") && err.contains("--script-max-ops"),
        "{err}"
    );
    let err = fails(
        &["--script-max-ops", "1000", "table", &spec, "--upto", "5"],
        1,
    );
    assert!(err.contains("--script-max-ops"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    // A raised cap lets a long call finish.
    let busy = "script:{fn moves(n) { let s = 0; for i in 0..20000 { s += i; } range(0, n) }}";
    fails(&["solve", busy, "3", "--script-max-ops", "1000"], 1);
    let v = json_of(&["solve", "--json", busy, "3", "--script-max-ops", "1000000"]);
    assert_eq!(v["grundy"], 3);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_number_where_an_array_is_expected() {
    let path = script_file("number", "// options of n\nfn moves(n) {\n    n - 1\n}\n");
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "4"], 1);
    assert!(err.contains(&file), "{err}");
    assert!(err.contains("moves(4)"), "{err}");
    let line_col = err
        .split(&format!("{file}:"))
        .nth(1)
        .is_some_and(|rest| rest.split(':').take(2).all(|n| n.parse::<u32>().is_ok()));
    assert!(line_col, "{err}");
    // An option that is no position: a map (not made by sum()), nothing, a decimal, a boolean.
    for option in ["#{a: 1}", "()", "1.5", "true"] {
        let script = format!("script:{{fn moves(n) {{ [{option}] }}}}");
        let err = fails(&["solve", &script, "4"], 1);
        assert!(err.contains("moves(4)"), "{option}: {err}");
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn deep_recursion_stops_at_the_depth_cap() {
    let path = script_file(
        "deep",
        "fn down(k) {\n    down(k + 1)\n}\n\nfn moves(n) {\n    down(0)\n}\n",
    );
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "2"], 1);
    assert!(err.contains("--script-max-depth"), "{err}");
    assert!(err.contains(&file), "{err}");
    assert!(err.contains("moves(2)"), "{err}");
    // Recursion within the cap is fine, and the cap can be raised.
    let recurse = "script:{fn count(k) { if k == 0 { 0 } else { 1 + count(k - 1) } } fn moves(n) { range(0, count(n)) }}";
    assert_eq!(json_of(&["solve", "--json", recurse, "20"])["grundy"], 20);
    let err = fails(&["solve", recurse, "20", "--script-max-depth", "10"], 1);
    assert!(err.contains("--script-max-depth"), "{err}");
    let v = json_of(&[
        "solve",
        "--json",
        recurse,
        "100",
        "--script-max-depth",
        "200",
    ]);
    assert_eq!(v["grundy"], 100);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_huge_array_stops_at_the_size_cap() {
    let path = script_file(
        "huge",
        "fn moves(n) {\n    let a = [];\n    a.pad(2000000, 0);\n    a\n}\n",
    );
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "1"], 1);
    assert!(err.contains("--script-max-size"), "{err}");
    assert!(err.contains(&file), "{err}");
    assert!(err.contains("moves(1)"), "{err}");
    // A lower cap; a long string as an option.
    let push = "script:{fn moves(n) { let r = []; for k in 0..n { r.push(k); } r }}";
    let err = fails(&["solve", push, "50", "--script-max-size", "10"], 1);
    assert!(err.contains("--script-max-size"), "{err}");
    let text = "script:{fn moves(n) { let s = \"x\"; for i in 0..21 { s += s; } [s] }}";
    let err = fails(&["solve", text, "1"], 1);
    assert!(err.contains("--script-max-size"), "{err}");
    std::fs::remove_file(path).unwrap();
}

/// A length asked for in one step inside a call (`pad`, `blob`) is refused past
/// `--script-max-size`, before anything is allocated: `a.pad(1000000000, 0)` would ask for 16 GB
/// at once. Growth step by step is bounded by `--script-max-memory` instead (the next test).
#[test]
fn a_huge_array_inside_a_call_stops_at_the_size_cap() {
    for body in [
        "let a = []; a.pad(3000000, 0); []",
        "let a = []; a.pad(1000000000, 0); []",
        "let s = \"\"; s.pad(5000000, \"x\"); []",
        "let s = \"\"; s.pad(5000000, 'x'); []",
        "let b = blob(10000000000); []",
    ] {
        let err = fails(
            &[
                "solve",
                &format!("script:{{fn moves(n) {{ {body} }}}}"),
                "1",
            ],
            1,
        );
        assert!(err.contains("--script-max-size"), "{body}: {err}");
        assert!(err.contains("moves(1)"), "{body}: {err}");
    }
    // Padding within the cap still pads as the standard functions do.
    let pads = "script:{fn moves(n) { if n > 0 { return []; } let a = [1]; a.pad(4, 7); \
                let s = \"ab\"; s.pad(5, \"xy\"); let b = blob(2, 1); b.pad(3, 2); \
                [a.len(), s.len() * 10, b[0] + b[2] * 100] }}";
    let v = json_of(&["solve", "--json", pads, "0"]);
    let options: Vec<&Value> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["position"][0])
        .collect();
    assert_eq!(options, [4, 50, 201], "{v}");
}

/// A call that holds too much memory stops, naming the option that raises the cap.
#[test]
fn memory_held_by_a_call_is_capped() {
    let doubling = "script:{fn moves(n) { let a = [1]; for i in 0..40 { a += a; } [] }}";
    let err = fails(&["solve", doubling, "1", "--script-max-memory", "64"], 1);
    assert!(err.contains("--script-max-memory"), "{err}");
    assert!(err.contains("moves(1)"), "{err}");
}

/// Runs `grundy ARGS`, killing it after `limit`: `None` if it had to be killed.
fn run_within(args: &[&str], limit: Duration) -> Option<Output> {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

/// A game whose positions grow without end (no cycle: every move leads to a new position)
/// cannot be solved: the search stops at `--max-positions`, naming it (a small cap here: the
/// default takes seconds in a test build).
#[test]
fn a_game_without_end_stops_at_the_position_cap() {
    let up = "script:{fn moves(n) { [n + 1] }}";
    let up2 = "script:{fn moves(n) { [n + 1, n + 2] }}";
    for args in [
        &["solve", up, "0"][..],
        &["solve", up2, "0"],
        &["table", up, "--upto", "5"],
        &["solve", "--misere", up, "0"],
        &["solve", "--every", up2, "0"],
    ] {
        let args: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--max-positions", "1000"])
            .collect();
        let out = run_within(&args, Duration::from_secs(30))
            .unwrap_or_else(|| panic!("{args:?} still runs after 30 s"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("--max-positions"), "{args:?}: {err}");
    }
}

#[test]
fn a_script_without_moves() {
    let path = script_file("nomoves", "fn options(n) {\n    range(0, n)\n}\n");
    let (spec, file) = file_spec(&path);
    let err = fails(&["solve", &spec, "3"], 2);
    assert!(err.contains(&file) && err.contains("moves"), "{err}");
    // `moves` must take the position.
    let err = fails(&["solve", "script:{fn moves() { [] }}", "3"], 2);
    assert!(err.contains("moves"), "{err}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_missing_or_unreadable_file() {
    let missing = common::scratch_dir("script-games-missing").join("no-such-file.rhai");
    let (spec, file) = file_spec(&missing);
    let err = fails(&["solve", &spec, "3"], 2);
    assert!(err.contains(&file), "{err}");
    // A directory is no script either.
    let dir = common::scratch_dir("script-games-missing")
        .display()
        .to_string();
    fails(&["solve", &format!("script:{dir}"), "3"], 2);
    fails(&["table", &spec, "--upto", "3"], 2);
    // No file named at all.
    fails(&["solve", "script:", "3"], 2);
}

#[test]
fn bad_position_words() {
    // A word opening a literal (`[` or `"`) must be one; other words are strings (`3,` too).
    for word in ["[1,", "\"abc", "[1,2]]", "[1.5]", "[true]", "[[1],{}]"] {
        let err = fails(&["solve", NIM, word], 2);
        assert!(err.contains(word), "{word}: {err}");
    }
    fails(&["solve", NIM, ""], 2);
    // No position at all.
    fails(&["solve", NIM], 2);
}

#[test]
fn no_files_no_eval_no_import() {
    // `import` cannot be used (no modules): refused when the script is read.
    let path = script_file(
        "import",
        "import \"other\" as other;\n\nfn moves(n) {\n    range(0, n)\n}\n",
    );
    let (spec, _) = file_spec(&path);
    fails(&["solve", &spec, "3"], 2);
    std::fs::remove_file(path).unwrap();
    for script in [
        "script:{fn moves(n) { eval(\"[0]\") }}",
        "script:{fn moves(n) { let f = open_file(\"/etc/passwd\"); [] }}",
        "script:{fn moves(n) { read_file(\"/etc/passwd\"); [] }}",
        "script:{fn moves(n) { let t = timestamp(); [] }}",
        "script:{fn moves(n) { import \"x\" as y; [] }}",
    ] {
        let out = grundy(&["solve", "--json", script, "3"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(1 | 2)),
            "{script}: {:?}: {err}",
            out.status.code()
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{script}: {err}");
        assert!(out.stdout.is_empty(), "{script}");
    }
}
