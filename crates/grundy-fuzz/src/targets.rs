//! The targets: each makes one case (generated or mutated from a seed corpus taken from the
//! repository), runs it through the real parser and a bounded amount of the real work, and says
//! what went wrong, if anything.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use grundy_games::graph::edges::{self, EdgeLimits};
use grundy_games::graph::hackenbush::Drawing;
use grundy_games::registry;
use grundy_games::spec::Word;

use crate::exec::{in_process, show, Binary, Finding, Run};
use crate::gen::{mutate, mutate_text, mutate_words, Rng, INTERESTING_TEXT};

/// Every target, in the order `all` runs them.
pub const NAMES: &[&str] = &[
    "specs",
    "graph-files",
    "hackenbush-files",
    "checkpoints",
    "problems",
    "scripts",
    "formulas",
    "batch",
];

/// What one target needs between cases.
pub struct Context {
    pub grundy: Binary,
    /// Scratch files of this run.
    pub scratch: PathBuf,
    /// The repository's root (examples name files from it).
    pub root: PathBuf,
    /// Fresh tables, by (game, upto), for the checkpoint oracle.
    tables: HashMap<(String, u64), Vec<u8>>,
    /// Every game's registry example, as words.
    examples: Vec<Vec<String>>,
    names: Vec<String>,
}

/// Caps that keep every run small: the work is bounded, the parsing is not.
const CAPS: &[&str] = &[
    "--max-positions",
    "20000",
    "--memory",
    "1G",
    "--script-max-ops",
    "200000",
    "--script-max-memory",
    "64",
    "--script-max-size",
    "10000",
];

impl Context {
    pub fn new(grundy: Binary, scratch: PathBuf, root: PathBuf) -> Context {
        let entries = registry::all();
        let examples = entries
            .iter()
            .map(|e| {
                e.example
                    .strip_prefix("grundy solve ")
                    .unwrap_or(e.example)
                    .split_whitespace()
                    .map(String::from)
                    .collect()
            })
            .collect();
        let names = entries
            .iter()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
            .map(String::from)
            .collect();
        Context {
            grundy,
            scratch,
            root,
            tables: HashMap::new(),
            examples,
            names,
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.scratch.join(name)
    }

    fn args(&self, words: &[&str]) -> Vec<String> {
        let mut a: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        a.extend(CAPS.iter().map(|s| s.to_string()));
        a
    }
}

/// What one case did.
#[derive(Default)]
pub struct Outcome {
    /// Cases run in this process (parsers) and as the binary.
    pub in_process: u64,
    pub binary: u64,
    pub findings: Vec<Finding>,
}

/// Runs one case of `target`.
pub fn case(target: &str, cx: &mut Context, rng: &mut Rng) -> Outcome {
    match target {
        "specs" => specs(cx, rng),
        "graph-files" => graph_files(cx, rng, false),
        "hackenbush-files" => graph_files(cx, rng, true),
        "checkpoints" => checkpoints(cx, rng),
        "problems" => problems(cx, rng),
        "scripts" => scripts(cx, rng),
        "formulas" => formulas(cx, rng),
        "batch" => batch(cx, rng),
        _ => unreachable!("targets are checked by name first"),
    }
}

fn read_dir_files(dir: &Path, ext: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(read_dir_files(&p, ext));
            } else if p.extension().is_some_and(|x| x == ext) || ext.is_empty() {
                if let Ok(b) = std::fs::read(&p) {
                    out.push((p, b));
                }
            }
        }
    }
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------------
// Game specs and positions.

/// A sum of components from the registry's examples and names, mutated.
fn spec_words(cx: &Context, rng: &mut Rng) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for i in 0..1 + usize::from(rng.one_in(4)) + usize::from(rng.one_in(8)) {
        if i > 0 {
            words.push("+".into());
        }
        if rng.one_in(3) {
            // A name with made-up parameters and a made-up position.
            let name = rng.pick(&cx.names).clone();
            let mut w = name;
            if rng.one_in(2) {
                let params: Vec<String> = (0..1 + rng.below(4)).map(|_| rng.number()).collect();
                let sep = *rng.pick(&[",", "x", "/", "@", ",", "-"]);
                w = format!("{w}:{}", params.join(sep));
            }
            words.push(w);
            for _ in 0..rng.below(5) {
                words.push(match rng.below(6) {
                    0 => format!("{},{}", rng.number(), rng.number()),
                    1 => format!("{}x{}", rng.number(), rng.number()),
                    _ => rng.number(),
                });
            }
        } else {
            words.extend(rng.pick(&cx.examples).iter().cloned());
        }
    }
    if rng.below(4) != 0 {
        let others: Vec<Vec<u8>> = vec![rng.pick(&cx.examples).join(" ").into_bytes()];
        mutate_words(rng, &mut words, &others, 64);
    }
    words
}

/// A word the library may read from standard input or from a device: such words go only to the
/// binary, whose standard input is the case's.
fn reads_outside(words: &[String]) -> bool {
    words
        .iter()
        .any(|w| w == "-" || w.contains(":-") || w.contains("/dev") || w.contains("/proc"))
}

/// Whether `word` holds a run of more than three digits.
fn has_large_number(word: &str) -> bool {
    let mut run = 0;
    for c in word.chars() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        if run > 3 {
            return true;
        }
    }
    false
}

fn specs(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    // Many parses in this process for each run of the binary.
    for _ in 0..16 {
        let words = spec_words(cx, rng);
        // In this process only what cannot run long: a heap game tabulates up to its largest
        // heap when it is built (seconds to minutes past 10^4 for some codes, with no way to stop
        // it), so large numbers go to the binary alone, which has a timeout.
        if reads_outside(&words)
            || words.iter().any(|w| w.starts_with("script:"))
            || words.iter().any(|w| has_large_number(w))
        {
            continue;
        }
        o.in_process += 1;
        let repro = || {
            format!(
                "registry::build_sum(&Word::from_args(&[{}]))",
                words
                    .iter()
                    .map(|w| format!("{w:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        if let Some(f) = in_process(repro, || {
            let _ = registry::build_sum(&Word::from_args(&words));
        }) {
            o.findings.push(f);
        }
    }
    let words = spec_words(cx, rng);
    let command = *rng.pick(&["solve", "solve", "solve", "table", "play", "check"]);
    let mut args: Vec<String> = vec![command.to_string()];
    let mut stdin = Vec::new();
    match command {
        "solve" => {
            for flag in ["--json", "--misere", "--every"] {
                if rng.one_in(4) {
                    args.push(flag.into());
                }
            }
            if rng.one_in(4) {
                args.push("--limit".into());
                args.push(rng.below(3).to_string());
            }
            args.extend(words.iter().cloned());
        }
        "table" => {
            args.push(words.first().cloned().unwrap_or_default());
            args.push("--upto".into());
            // Games valued position by position (Wythoff, Chomp) take N^4 for --upto N: a
            // small range keeps them under the timeout.
            args.push(if rng.one_in(2) {
                rng.below(100).to_string()
            } else {
                format!("{}x{}", rng.below(20), rng.below(20))
            });
            if rng.one_in(3) {
                args.push("--period".into());
            }
            if rng.one_in(3) {
                args.push(rng.pick(&["--json", "--csv", "--no-values"]).to_string());
            }
        }
        "play" => {
            args.extend(words.iter().cloned());
            for _ in 0..rng.below(4) {
                let line = match rng.below(4) {
                    0 => rng.number(),
                    1 => format!("{} {}", rng.number(), rng.number()),
                    2 => rng.pick(INTERESTING_TEXT).to_string(),
                    _ => "1".into(),
                };
                stdin.extend_from_slice(line.as_bytes());
                stdin.push(b'\n');
            }
        }
        _ => {
            args.extend([
                "--formula".into(),
                "n % 3".into(),
                "--upto".into(),
                rng.below(50).to_string(),
            ]);
            args.push(words.first().cloned().unwrap_or_default());
        }
    }
    if reads_outside(&words) && stdin.is_empty() {
        stdin = format!("{} {}\n", rng.number(), rng.number()).into_bytes();
    }
    let run = Run {
        args: {
            let mut a = cx.args(&[]);
            a.splice(0..0, args);
            a
        },
        stdin,
        files: vec![],
    };
    o.binary += 1;
    let (_, f) = cx.grundy.check(&run);
    o.findings.extend(f);
    o
}

// ---------------------------------------------------------------------------------------------
// Graph and Hackenbush files.

fn edge_file(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    if rng.one_in(3) {
        let n = if rng.one_in(8) {
            rng.number().parse::<u64>().unwrap_or(5)
        } else {
            rng.below(12) as u64
        };
        let m = rng.below(16);
        let mut s = String::new();
        if rng.one_in(10) {
            s.push('\u{feff}');
        }
        if rng.one_in(4) {
            s.push_str("# a comment\n\n");
        }
        let declared = if rng.one_in(6) {
            rng.number()
        } else {
            m.to_string()
        };
        s.push_str(&format!("{n} {declared}\n"));
        let bound = n.clamp(1, 12) as usize;
        for _ in 0..m {
            let (u, v) = (
                {
                    let extra = usize::from(rng.one_in(10));
                    1 + rng.below(bound + extra)
                },
                1 + rng.below(bound),
            );
            s.push_str(&format!("{u} {v}"));
            if rng.one_in(6) {
                s.push_str(" # edge");
            }
            s.push_str(if rng.one_in(8) { "\r\n" } else { "\n" });
        }
        s.into_bytes()
    } else {
        let mut b = rng.pick(seeds).clone();
        mutate(rng, &mut b, seeds, 4096);
        b
    }
}

fn graph_files(cx: &mut Context, rng: &mut Rng, hackenbush: bool) -> Outcome {
    let mut o = Outcome::default();
    let mut seeds: Vec<Vec<u8>> = read_dir_files(&cx.root.join("crates/grundy-games/data"), "txt")
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    seeds.push(b"3 3\n1 2\n2 1\n2 3  # the exit\n".to_vec());
    seeds.push(b"4 5\n1 2\n2 3\n3 1\n1 4\n4 4 # a loop on top\n".to_vec());
    seeds.push(b"6 8\n2 1\n2 4\n1 4\n1 5\n4 5\n1 3\n3 5\n3 6\n".to_vec());
    seeds.push(b"0 0\n".to_vec());
    for _ in 0..16 {
        let file = edge_file(rng, &seeds);
        let text = String::from_utf8_lossy(&file).into_owned();
        o.in_process += 1;
        let repro = || format!("parse of the file {}", show(text.as_bytes()));
        let f = if hackenbush {
            in_process(repro, || {
                if let Ok(d) = Drawing::parse(&text, "fuzz") {
                    // Linear in the drawing: its value, and the cuts to 0 while small.
                    let all = d.all_edges();
                    let v = d.value(&all);
                    if all.len() <= 64 {
                        let _ = d.cuts_to(&all, grundy_core::Nimber(0));
                        let _ = d.connected(&all);
                    }
                    let _ = v;
                }
            })
        } else {
            in_process(repro, || {
                if let Ok(list) = edges::parse_edge_list(&text, "fuzz", EdgeLimits::GRAPH) {
                    if list.vertices <= 1_000_000 {
                        let g = list.graph();
                        let _ = g.acyclic_values();
                        let _ = g.reversed();
                    }
                }
            })
        };
        o.findings.extend(f);
    }
    // The binary: the file given by name, on standard input, or written inline.
    let file = edge_file(rng, &seeds);
    let path = cx.file(if hackenbush { "h.txt" } else { "g.txt" });
    let game = if hackenbush { "hackenbush" } else { "graph" };
    let mut stdin = Vec::new();
    let spec = match rng.below(5) {
        0 => {
            stdin = file.clone();
            format!("{game}:-")
        }
        1 => {
            // Inline: the file's edges as u-v pairs.
            let text = String::from_utf8_lossy(&file);
            let pairs: Vec<String> = text
                .lines()
                .skip(1)
                .filter_map(|l| {
                    let mut it = l.split_whitespace();
                    Some(format!("{}-{}", it.next()?, it.next()?))
                })
                .collect();
            let inline = pairs.join(",");
            format!("{game}:{}", mutate_text(rng, &inline, &[], 300))
        }
        _ => format!("{game}:{}", path.display()),
    };
    let mut args = vec![];
    if !hackenbush && rng.one_in(3) {
        args.extend(["table".to_string(), spec]);
        if rng.one_in(2) {
            args.extend(["--upto".into(), rng.number()]);
        }
        if rng.one_in(2) {
            args.push("--json".into());
        }
    } else {
        args.push("solve".into());
        if rng.one_in(3) {
            args.push("--json".into());
        }
        if rng.one_in(5) {
            args.push(rng.pick(&["--misere", "--every"]).to_string());
        }
        args.push(spec);
        for _ in 0..rng.below(4) {
            args.push(if rng.one_in(3) {
                rng.number()
            } else {
                (1 + rng.below(8)).to_string()
            });
        }
    }
    let mut all = cx.args(&[]);
    all.splice(0..0, args);
    let run = Run {
        args: all,
        stdin,
        files: vec![(path, file)],
    };
    o.binary += 1;
    let (_, f) = cx.grundy.check(&run);
    o.findings.extend(f);
    o
}

// ---------------------------------------------------------------------------------------------
// Table checkpoints.

fn checkpoint_file(
    game: &str,
    values: &[u32],
    count: Option<String>,
    max: Option<String>,
) -> (Vec<u8>, Vec<u8>) {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let header = format!(
        "grundy-table-checkpoint 2\ngame {game}\nvalues {}\nmax {}\nchecksum {:016x}\n",
        count.unwrap_or_else(|| values.len().to_string()),
        max.unwrap_or_else(|| values.iter().copied().max().unwrap_or(0).to_string()),
        grundy_games::heap::table::checkpoint_checksum(&data)
    );
    (header.into_bytes(), data)
}

const TABLE_GAMES: &[&str] = &[
    "0.6",
    "0.77",
    "0.137",
    "4.07",
    "sub:1,3,4",
    "lasker",
    "grundys-game",
    "0.007",
];

/// `grundy table GAME --upto N --json`, computed once.
fn fresh_table(cx: &mut Context, game: &str, upto: u64) -> Vec<u8> {
    let key = (game.to_string(), upto);
    if let Some(t) = cx.tables.get(&key) {
        return t.clone();
    }
    let run = Run {
        args: cx.args(&["table", game, "--upto", &upto.to_string(), "--json"]),
        stdin: vec![],
        files: vec![],
    };
    let e = cx.grundy.run(&run);
    assert_eq!(e.code, Some(0), "the fresh table of {game} is computed");
    cx.tables.insert(key, e.stdout.clone());
    e.stdout
}

fn table_values(json: &[u8]) -> Vec<u32> {
    let v: serde_json::Value = serde_json::from_slice(json).expect("table --json is JSON");
    v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().expect("a value") as u32)
        .collect()
}

fn checkpoints(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let game = *rng.pick(TABLE_GAMES);
    let full = table_values(&fresh_table(cx, game, 3000));
    let len = match rng.below(4) {
        0 => rng.below(4),
        1 => rng.below(100),
        _ => rng.below(full.len() + 1),
    };
    let kind = rng.below(8);
    // A forged checkpoint (values changed, checksum recomputed) is caught by recomputing values:
    // all of them while that costs at most 4 million options, else a sample, which a forger can
    // miss by design. Forgeries stay within the whole check: 1500 values of any game here.
    let len = if kind <= 2 { len.min(1500) } else { len };
    let mut values = full[..len].to_vec();
    let mut count = None;
    let mut max = None;
    let mut game_line = game.to_string();
    match kind {
        // Forged: values changed, checksum and max made to match.
        0 | 1 if !values.is_empty() => {
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(values.len());
                values[i] = match rng.below(4) {
                    0 => values[i] ^ 1,
                    1 => values[i].wrapping_add(1),
                    2 => rng.next() as u32,
                    _ => u32::MAX,
                };
            }
        }
        // Another game's values under this game's name.
        2 => {
            let other = *rng.pick(TABLE_GAMES);
            let v = table_values(&fresh_table(cx, other, 3000));
            values = v[..len].to_vec();
        }
        // A header that lies about its numbers.
        3 => {
            if rng.one_in(2) {
                count = Some(rng.number());
            } else {
                max = Some(rng.number());
            }
        }
        4 => game_line = mutate_text(rng, game, &[], 40),
        _ => {}
    }
    let (mut header, mut data) = checkpoint_file(&game_line, &values, count, max);
    match rng.below(6) {
        0 => mutate(rng, &mut header, &[], 600),
        1 => mutate(rng, &mut data, &[], 20000),
        2 => {
            let cut = rng.below(header.len() + data.len() + 1);
            let mut all = header.clone();
            all.extend_from_slice(&data);
            all.truncate(cut);
            header = all;
            data.clear();
        }
        _ => {}
    }
    let mut file = header;
    file.extend_from_slice(&data);
    let path = cx.file("t.ckpt");
    let upto = *rng.pick(&[0u64, 1, 10, 100, 1000, 2999, 3000]);
    let expected = fresh_table(cx, game, upto);
    let mut args = vec![
        "table".to_string(),
        game.into(),
        "--upto".into(),
        upto.to_string(),
        "--json".into(),
        "--resume".into(),
        "--checkpoint".into(),
        path.display().to_string(),
    ];
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin: vec![],
        files: vec![(path, file)],
    };
    o.binary += 1;
    let (ended, f) = cx.grundy.check(&run);
    if let Some(f) = f {
        o.findings.push(f);
    } else if ended.code == Some(0) && ended.stdout != expected {
        o.findings.push(Finding {
            kind: "wrong table".into(),
            detail: format!(
                "a resumed table of {game} --upto {upto} differs from the fresh one: {}",
                show(&ended.stdout)
            ),
            reproducer: cx.grundy.reproducer(&run),
            files: run.files.clone(),
        });
    }
    o
}

// ---------------------------------------------------------------------------------------------
// Problem inputs.

fn problems(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let samples = read_dir_files(&cx.root.join("crates/grundy-cli/tests/problems"), "in");
    let ids: Vec<String> = samples
        .iter()
        .filter_map(|(p, _)| p.parent()?.file_name()?.to_str().map(String::from))
        .collect();
    let corpus: Vec<Vec<u8>> = samples.iter().map(|(_, b)| b.clone()).collect();
    let i = rng.below(ids.len());
    let id = ids[i].clone();
    let stdin = if rng.one_in(4) {
        // Lines of numbers, the shape of every input.
        let mut s = String::new();
        for _ in 0..1 + rng.below(8) {
            let line: Vec<String> = (0..1 + rng.below(4)).map(|_| rng.number()).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s.into_bytes()
    } else {
        let mut b = corpus[i].clone();
        mutate(rng, &mut b, &corpus, 4096);
        b
    };
    let id = if rng.one_in(30) {
        mutate_text(rng, &id, &[], 40)
    } else {
        id
    };
    let run = Run {
        args: cx.args(&["problem", &id]),
        stdin,
        files: vec![],
    };
    o.binary += 1;
    let (_, f) = cx.grundy.check(&run);
    o.findings.extend(f);
    o
}

// ---------------------------------------------------------------------------------------------
// Game scripts.

const SMALL_SCRIPTS: &[&str] = &[
    "fn moves(n) { range(n - n / 2, n) }",
    "fn moves(n) { let r = []; for k in 1..=n / 2 { r.push(n - k); } r }",
    "fn moves(p) { [] }",
    "fn moves(p) { [p] }",
    "fn moves(n) { if n > 0 { [n - 1, sum([n - 1, n - 1])] } else { [] } }",
    "fn moves(p) { splits(p) }",
    "fn moves(p) { cuts(p[0], p[1]) }",
    "fn moves(s) { if s.len() > 0 { [s.sub_string(1)] } else { [] } }",
    "fn moves(n) { [n + 1] }",
    "fn canonical(p) { p } fn show(p) { `${p}` } fn moves(n) { range(0, n) }",
    "fn components(p) { p } fn moves(n) { range(0, n) }",
];

fn scripts(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let files = read_dir_files(&cx.root.join("examples/games"), "rhai");
    let mut corpus: Vec<Vec<u8>> = files.iter().map(|(_, b)| b.clone()).collect();
    corpus.extend(SMALL_SCRIPTS.iter().map(|s| s.as_bytes().to_vec()));
    let mut text = rng.pick(&corpus).clone();
    if rng.below(5) != 0 {
        mutate(rng, &mut text, &corpus, 8192);
    }
    let path = cx.file("s.rhai");
    let inline = rng.one_in(5) && !text.contains(&b'\n') && text.len() < 300;
    let spec = if inline {
        format!("script:{{{}}}", String::from_utf8_lossy(&text))
    } else {
        format!("script:{}", path.display())
    };
    let position = |rng: &mut Rng| -> String {
        match rng.below(8) {
            0 => format!("{},{}", rng.below(9), rng.below(9)),
            1 => format!("[{},{}]", rng.below(9), rng.below(9)),
            2 => "\"abc\"".into(),
            3 => rng.number(),
            4 => format!("{},{},{}", rng.below(5), rng.below(5), rng.below(5)),
            _ => rng.below(30).to_string(),
        }
    };
    let mut args: Vec<String> = Vec::new();
    match rng.below(6) {
        0 => {
            args.extend(["table".into(), spec, "--upto".into()]);
            args.push(if rng.one_in(2) {
                rng.below(60).to_string()
            } else {
                format!("{}x{}", rng.below(8), rng.below(8))
            });
        }
        1 => {
            args.extend(["play".into(), spec, position(rng)]);
        }
        _ => {
            args.push("solve".into());
            if rng.one_in(4) {
                args.push(rng.pick(&["--json", "--misere", "--every"]).to_string());
            }
            args.push(spec);
            for _ in 0..1 + rng.below(3) {
                args.push(position(rng));
            }
            if rng.one_in(6) {
                args.extend(["+".into(), "nim".into(), "3".into()]);
            }
        }
    }
    let mut all = cx.args(&[]);
    all.splice(0..0, args);
    let run = Run {
        args: all,
        stdin: b"1\n".to_vec(),
        files: if inline { vec![] } else { vec![(path, text)] },
    };
    o.binary += 1;
    let (_, f) = cx.grundy.check(&run);
    o.findings.extend(f);
    o
}

// ---------------------------------------------------------------------------------------------
// Check formulas.

const FORMULA_SEEDS: &[&str] = &[
    "n % 3",
    "n",
    "n + 1",
    "10 / n",
    "if(n % 4 == 3, n + 1, n)",
    "if(n % 4 == 0, n - 1, if(n % 4 == 3, n + 1, n))",
    "a ^ b",
    "x % 3",
    "(x + y) % 2",
    "if(x*y == 0, 0, (x*y + 1) % 2)",
    "min(a, b) == max(a, b)",
    "n % 5 == 0 || n % 5 == 2",
    "!(n % 2 == 0)",
    "math::pow(2, n)",
    "floor(n / 2)",
    "n * n * n * n * n * n * n * n",
];

const FORMULA_GAMES: &[&str] = &[
    "0.77",
    "sub:1,3,4",
    "lasker",
    "wythoff",
    "nim",
    "bash:3",
    "hyper-knights",
    "0.07",
    "chomp",
    "euclid",
    "staircase",
];

fn formula(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.one_in(3) {
        return match rng.below(5) {
            0 | 1 => rng
                .pick(&["n", "a", "b", "x", "y", "true", "false"])
                .to_string(),
            2 => format!("{}.5", rng.below(3)),
            _ => rng.number(),
        };
    }
    let (l, r) = (formula(rng, depth - 1), formula(rng, depth - 1));
    match rng.below(6) {
        0 => format!("if({l}, {r}, {})", formula(rng, depth - 1)),
        1 => format!(
            "{}({l}, {r})",
            rng.pick(&["min", "max", "math::pow", "floor"])
        ),
        2 => format!("!({l})"),
        _ => format!(
            "({l} {} {r})",
            rng.pick(&["+", "-", "*", "/", "%", "^", "==", "!=", "<", "<=", ">", ">=", "&&", "||"])
        ),
    }
}

fn formulas(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let corpus: Vec<Vec<u8>> = FORMULA_SEEDS
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let f = if rng.one_in(2) {
        {
            let depth = 1 + rng.below(4);
            formula(rng, depth)
        }
    } else {
        {
            let seed = rng.clone_pick(FORMULA_SEEDS);
            mutate_text(rng, seed, &corpus, 400)
        }
    };
    let game = *rng.pick(FORMULA_GAMES);
    let mut args = vec!["check".to_string(), "--formula".into(), f];
    if rng.below(3) != 0 {
        args.push("--upto".into());
        args.push(match rng.below(4) {
            0 => format!("{}x{}", rng.below(12), rng.below(12)),
            1 if rng.one_in(4) => rng.number(),
            _ => rng.below(40).to_string(),
        });
    }
    if rng.one_in(4) {
        args.extend(["--from".into(), rng.below(20).to_string()]);
    }
    if rng.one_in(3) {
        args.push("--outcome".into());
    }
    if rng.one_in(3) {
        args.push("--json".into());
    }
    // Every position of Chomp is a search of its own: 15x15 (the default) takes minutes, with a
    // bar on a terminal, so it gets a small range.
    if game == "chomp" {
        if let Some(i) = args.iter().position(|a| a == "--upto") {
            args.drain(i..i + 2);
        }
        args.extend([
            "--upto".into(),
            format!("{}x{}", rng.below(6), rng.below(6)),
        ]);
    }
    args.push(game.into());
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin: vec![],
        files: vec![],
    };
    o.binary += 1;
    let (_, fd) = cx.grundy.check(&run);
    o.findings.extend(fd);
    o
}

// ---------------------------------------------------------------------------------------------
// `solve --batch` lines.

const BATCH_GAMES: &[&str] = &[
    "nim",
    "bash:3",
    "sub:1,3,4",
    "0.77",
    "wythoff",
    "poker-nim:2",
    "staircase",
    "graph:1-2,2-3,3-1",
    "grundys-game",
    "euclid",
    "chomp",
    "fibonacci-nim",
    "lasker",
    "northcott",
];

fn batch(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let game = *rng.pick(BATCH_GAMES);
    let mut lines = String::new();
    for _ in 0..1 + rng.below(20) {
        let words: Vec<String> = (0..rng.below(6))
            .map(|_| match rng.below(5) {
                0 => format!("{},{}", rng.below(9), rng.below(9)),
                1 => rng.number(),
                _ => rng.below(20).to_string(),
            })
            .collect();
        lines.push_str(&words.join(" "));
        lines.push_str(if rng.one_in(10) { "\r\n" } else { "\n" });
    }
    let mut stdin = lines.into_bytes();
    if rng.below(3) != 0 {
        mutate(rng, &mut stdin, &[], 8192);
    }
    let mut args = vec!["solve".to_string()];
    if rng.one_in(2) {
        args.push("--json".into());
    }
    if rng.one_in(5) {
        args.push(rng.pick(&["--misere", "--every"]).to_string());
    }
    args.push(game.into());
    args.push("--batch".into());
    if rng.one_in(10) {
        args.push(rng.number());
    }
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin,
        files: vec![],
    };
    o.binary += 1;
    let (_, f) = cx.grundy.check(&run);
    o.findings.extend(f);
    o
}

impl Rng {
    fn clone_pick(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }
}

/// A one-line description of a target, for `list`.
pub fn describe(target: &str) -> &'static str {
    match target {
        "specs" => "game specs and positions: registry::build_sum in process; solve/table/play/check of the binary",
        "graph-files" => "graph edge files: edges::parse_edge_list + values in process; graph:FILE, graph:-, inline in the binary",
        "hackenbush-files" => "Hackenbush files: Drawing::parse + value + cuts in process; hackenbush:FILE in the binary",
        "checkpoints" => "table checkpoints (written as `table` writes them, then damaged or forged): --resume must refuse or give the fresh table",
        "problems" => "`grundy problem ID` inputs, from the sample inputs of every problem",
        "scripts" => "game scripts (examples/games/*.rhai and small ones, mutated): compile + solve/table/play under small --script-max-* caps",
        "formulas" => "`grundy check --formula` expressions, generated and mutated",
        "batch" => "`grundy solve GAME --batch` lines",
        _ => "",
    }
}
