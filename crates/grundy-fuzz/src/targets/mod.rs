//! The targets: each makes one case (generated or mutated from a seed corpus taken from the
//! repository), runs it through the real parser and a bounded amount of the real work, and says
//! what went wrong, if anything. One file per target.

mod batch;
mod checkpoints;
mod files;
mod formulas;
mod problems;
mod scripts;
mod specs;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use grundy_front::registry;
use grundy_games::graph::edges::{self, EdgeLimits};
use grundy_games::graph::hackenbush::Drawing;
use grundy_registry::spec::Word;

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

/// Every game, built as the fuzzer builds them in process: searches capped at 20,000 positions,
/// so a spec that makes a huge game is an error, not memory run out.
pub(crate) fn games() -> registry::Registry {
    let search = grundy_core::limits::Limits {
        positions: 20_000,
        ..grundy_core::limits::Limits::DEFAULT
    };
    registry::all(&grundy_script::Runtime::new(
        grundy_script::ScriptSettings {
            search,
            ..grundy_script::ScriptSettings::default()
        },
    ))
}

impl Context {
    pub fn new(grundy: Binary, scratch: PathBuf, root: PathBuf) -> Context {
        let entries = registry::standard();
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

impl Outcome {
    /// Runs the binary once on `run`, keeping what went wrong.
    fn run_binary(&mut self, cx: &Context, run: &Run) {
        self.binary += 1;
        let (_, finding) = cx.grundy.check(run);
        self.findings.extend(finding);
    }
}

/// Runs one case of `target`.
pub fn case(target: &str, cx: &mut Context, rng: &mut Rng) -> Outcome {
    match target {
        "specs" => specs::specs(cx, rng),
        "graph-files" => files::graph_files(cx, rng, false),
        "hackenbush-files" => files::graph_files(cx, rng, true),
        "checkpoints" => checkpoints::checkpoints(cx, rng),
        "problems" => problems::problems(cx, rng),
        "scripts" => scripts::scripts(cx, rng),
        "formulas" => formulas::formulas(cx, rng),
        "batch" => batch::batch(cx, rng),
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
