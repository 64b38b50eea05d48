//! The manual cannot drift: every example of the book (`docs/src/**/*.md`) and of the README is
//! run here and its output compared with what the page says.
//!
//! An example is a `console` block: a line `$ COMMAND` (continued by a trailing `\`), then the
//! output it prints, standard error included (as a terminal shows it), then, when it does not
//! exit 0, a line `? CODE`. Expected output may elide: a line `...` stands for any number of
//! lines, and `[..]` for any text within a line (times, sizes, paths). Each command is run by
//! `sh -c` with the `grundy` under test first in `PATH`, from a scratch directory that stands
//! for the repository's root (its top-level folders are linked there, so `examples/…`,
//! `docs/examples/…` and `crates/…` name the repository's files, and files an example writes
//! stay out of the tree); the commands of one page run in order in one such directory.
//!
//! Shell lines that are not run (builds, installs, benchmarks) are written in `sh` blocks; a
//! `grundy` command in a block that is not `console` must be in [`NOT_RUN`] with the reason.
//!
//! The game catalogue (`docs/src/reference/catalogue.md`) is generated from `grundy games --json`
//! between two marks, and checked here against the registry.
//!
//! `BOOK_UPDATE=1 cargo test -p grundy --test cli book::` rewrites what differs: the output of the
//! examples that fail (then put back any elision a timing needs) and the catalogue.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// `grundy` commands written in the book but not run here, each with the reason: a run too slow
/// for a debug build in CI, or one whose output is too long or depends on the machine.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "grundy table 0.6 --upto 1000000 --csv",
        "a million lines of output",
    ),
    (
        "grundy table 0.07 --upto 4000000000 --no-values",
        "12 s of CPU in a debug build; its note names the machine's memory budget",
    ),
    (
        "grundy table grundys-game --upto 8388608 --no-values --method sparse",
        "minutes in a debug build",
    ),
    ("grundy guess wythoff", "about a minute in a debug build"),
    ("grundy guess 0.007", "about a minute in a debug build"),
    (
        "grundy solve --misere 0.77 1000000000 999999999",
        "over a minute in a debug build (0.4 s in release)",
    ),
    (
        "grundy solve --no-moves cram:5x9",
        "40 s in a release build",
    ),
    (
        "grundy solve --resume cram:6x7",
        "9 minutes and 4 GiB in a release build",
    ),
];

/// Where the generated catalogue goes, and its marks.
const CATALOGUE: &str = "docs/src/reference/catalogue.md";
const BEGIN: &str = "<!-- catalogue: begin -->";
const END: &str = "<!-- catalogue: end -->";

/// One `$ COMMAND` of a console block and what the page says it prints.
#[derive(Debug)]
struct Example {
    /// 1-based line of the `$`.
    line: usize,
    command: String,
    expected: Vec<String>,
    status: i32,
    /// The lines (0-based, end exclusive) of the expected output and status in the file.
    output_lines: (usize, usize),
    /// The fence's indentation, put back in front of rewritten lines.
    indent: String,
}

/// The markdown the test reads: the README and every page of the book.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut out = vec![root.join("README.md")];
    let mut stack = vec![root.join("docs/src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/src is readable") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The console examples of a page, and the `grundy` lines of its other code blocks.
fn parse(text: &str) -> (Vec<Example>, Vec<(usize, String)>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut examples = Vec::new();
    let mut not_run = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let Some(info) = trimmed.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let indent = &lines[i][..lines[i].len() - trimmed.len()];
        let console = info.trim() == "console";
        // Shell blocks (or blocks without a language) hold commands; `text`, `rust`, `rhai` and
        // `python` blocks hold diagrams and code.
        let shell = matches!(info.trim(), "" | "sh" | "bash" | "shell");
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        let body: Vec<&str> = lines[start..end]
            .iter()
            .map(|l| l.strip_prefix(indent).unwrap_or(l))
            .collect();
        if console {
            examples.extend(examples_of(&body, start, indent));
        } else if shell {
            for (k, l) in body.iter().enumerate() {
                let l = l.strip_prefix("$ ").unwrap_or(l);
                if l.starts_with("grundy ") {
                    not_run.push((start + k + 1, l.to_string()));
                }
            }
        }
        i = end + 1;
    }
    (examples, not_run)
}

fn examples_of(body: &[&str], first: usize, indent: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < body.len() {
        let Some(cmd) = body[k].strip_prefix("$ ") else {
            k += 1;
            continue;
        };
        let line = first + k + 1;
        let mut command = cmd.to_string();
        while command.ends_with('\\') && k + 1 < body.len() {
            k += 1;
            command.push('\n');
            command.push_str(body[k]);
        }
        k += 1;
        let from = k;
        while k < body.len() && !body[k].starts_with("$ ") {
            k += 1;
        }
        let mut expected: Vec<String> = body[from..k].iter().map(|s| s.to_string()).collect();
        let mut status = 0;
        if let Some(code) = expected
            .last()
            .and_then(|l| l.strip_prefix("? "))
            .and_then(|c| c.parse().ok())
        {
            status = code;
            expected.pop();
        }
        out.push(Example {
            line,
            command,
            expected,
            status,
            output_lines: (first + from, first + k),
            indent: indent.to_string(),
        });
    }
    out
}

/// A scratch directory standing for the repository's root.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-book-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(ROOT).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        let skip = name == "target" || name.to_string_lossy().starts_with('.');
        if entry.path().is_dir() && !skip {
            std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
        }
    }
    dir
}

/// Runs a command as a reader would: standard error into the same stream as standard output.
fn run(command: &str, dir: &Path) -> (Vec<String>, i32) {
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("timeout")
        .args(["300", "sh", "-c"])
        .arg(format!("exec 2>&1 </dev/null\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("GRUNDY_BIN")
        .output()
        .expect("sh runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines = text.lines().map(|l| l.trim_end().to_string()).collect();
    (trimmed(lines), out.status.code().unwrap_or(-1))
}

fn trimmed(mut lines: Vec<String>) -> Vec<String> {
    for l in &mut lines {
        *l = l.trim_end().to_string();
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Whether `actual` is what `expected` says, `...` and `[..]` eliding.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| line_matches(e, a) && matches(rest, tail)),
    }
}

fn line_matches(expected: &str, actual: &str) -> bool {
    let parts: Vec<&str> = expected.split("[..]").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// What went wrong with one page: messages, and the rewrites `BOOK_UPDATE=1` makes.
struct PageResult {
    ran: usize,
    failures: Vec<String>,
    rewrites: Vec<((usize, usize), Vec<String>)>,
}

fn check_page(page: &Path) -> PageResult {
    let text = std::fs::read_to_string(page).unwrap();
    let (examples, _) = parse(&text);
    let rel = page
        .strip_prefix(ROOT)
        .unwrap_or(page)
        .display()
        .to_string();
    let dir = scratch(&rel.replace('/', "-"));
    let mut result = PageResult {
        ran: 0,
        failures: Vec::new(),
        rewrites: Vec::new(),
    };
    for ex in &examples {
        let (actual, status) = run(&ex.command, &dir);
        result.ran += 1;
        let expected = trimmed(ex.expected.clone());
        if status == ex.status && matches(&expected, &actual) {
            continue;
        }
        result.failures.push(format!(
            "{rel}:{}: $ {}\n--- the page says (exit {}):\n{}\n--- it printed (exit {status}):\n{}\n",
            ex.line,
            ex.command,
            ex.status,
            expected.join("\n"),
            actual.join("\n"),
        ));
        let mut new: Vec<String> = actual.iter().map(|l| format!("{}{l}", ex.indent)).collect();
        if status != 0 {
            new.push(format!("{}? {status}", ex.indent));
        }
        result.rewrites.push((ex.output_lines, new));
    }
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn rewrite(page: &Path, mut rewrites: Vec<((usize, usize), Vec<String>)>) {
    let text = std::fs::read_to_string(page).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    rewrites.sort_by_key(|r| std::cmp::Reverse(r.0 .0));
    for ((from, to), new) in rewrites {
        lines.splice(from..to, new);
    }
    std::fs::write(page, lines.join("\n") + "\n").unwrap();
}

fn updating() -> bool {
    std::env::var_os("BOOK_UPDATE").is_some_and(|v| v == "1")
}

#[test]
fn every_example_prints_what_the_page_says() {
    let pages = pages();
    assert!(pages.len() > 20, "the book's pages are under docs/src");
    let queue = Mutex::new(pages.clone());
    let results = Mutex::new(BTreeMap::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some(page) = queue.lock().unwrap().pop() else {
                    return;
                };
                let result = check_page(&page);
                results.lock().unwrap().insert(page, result);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let ran: usize = results.values().map(|r| r.ran).sum();
    let mut failures = Vec::new();
    for (page, result) in results {
        failures.extend(result.failures);
        if updating() && !result.rewrites.is_empty() {
            rewrite(&page, result.rewrites);
        }
    }
    eprintln!("book: {ran} examples run from {} pages", pages.len());
    assert!(ran > 100, "the book's examples were not found");
    assert!(
        failures.is_empty() || updating(),
        "{} of {ran} examples print something else than their page says:\n\n{}\n\
         Fix the page or the program; `BOOK_UPDATE=1 cargo test -p grundy --test cli book::` writes \
         what they print now into the pages (put back any `...` or `[..]` a timing needs).",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn commands_not_run_are_few_and_each_has_its_reason() {
    let mut seen = Vec::new();
    let mut unlisted = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let rel = page
            .strip_prefix(ROOT)
            .unwrap_or(&page)
            .display()
            .to_string();
        for (line, command) in parse(&text).1 {
            let bare = command.split(" #").next().unwrap().trim_end();
            match NOT_RUN.iter().find(|(c, _)| *c == bare) {
                Some((c, _)) => seen.push(*c),
                None => unlisted.push(format!("{rel}:{line}: {command}")),
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "grundy commands outside console blocks are not run: write them as ```console examples \
         with their output, or add them to NOT_RUN in crates/grundy-cli/tests/cli/book.rs with the \
         reason:\n{}",
        unlisted.join("\n")
    );
    let stale: Vec<_> = NOT_RUN
        .iter()
        .filter(|(c, _)| !seen.contains(c))
        .map(|(c, _)| *c)
        .collect();
    assert!(
        stale.is_empty(),
        "NOT_RUN lists commands no page has: {stale:?}"
    );
}

/// The catalogue's generated part, from `grundy games --json`.
fn catalogue() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["games", "--json"])
        .output()
        .expect("grundy games runs");
    assert!(out.status.success());
    let games: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut md = String::from("| game | syntax | rules | example |\n| --- | --- | --- | --- |\n");
    for g in games.as_array().expect("a list") {
        let text = |k: &str| g[k].as_str().unwrap_or_default().to_string();
        let aliases: Vec<&str> = g["aliases"]
            .as_array()
            .map(|a| a.iter().filter_map(|s| s.as_str()).collect())
            .unwrap_or_default();
        let name = if aliases.is_empty() {
            format!("`{}`", text("name"))
        } else {
            format!("`{}` (also `{}`)", text("name"), aliases.join("`, `"))
        };
        md.push_str(&format!(
            "| {name} | `{}` | {} | `{}` |\n",
            cell(&text("syntax")),
            cell(&text("rules")),
            cell(&text("example"))
        ));
    }
    md
}

#[test]
fn the_catalogue_is_the_registry() {
    let path = Path::new(ROOT).join(CATALOGUE);
    let page = std::fs::read_to_string(&path).expect("the catalogue page exists");
    let (Some(b), Some(e)) = (page.find(BEGIN), page.find(END)) else {
        panic!("{CATALOGUE} lacks the marks {BEGIN} and {END}");
    };
    let now = &page[b + BEGIN.len()..e];
    let want = format!("\n{}", catalogue());
    if now == want {
        return;
    }
    if updating() {
        let new = format!("{}{BEGIN}{want}{}", &page[..b], &page[e..]);
        std::fs::write(&path, new).unwrap();
        return;
    }
    panic!(
        "{CATALOGUE} is not the registry's list of games (`grundy games --json`): regenerate it \
         with `BOOK_UPDATE=1 cargo test -p grundy --test cli book::the_catalogue`"
    );
}

#[test]
fn elisions_match_as_documented() {
    let v = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&v(&["a", "...", "d"]), &v(&["a", "b", "c", "d"])));
    assert!(matches(&v(&["a", "...", "b"]), &v(&["a", "b"])));
    assert!(!matches(&v(&["a", "c"]), &v(&["a", "b"])));
    assert!(line_matches("took [..] s", "took 0.25 s"));
    assert!(!line_matches("took [..] s", "took 0.25 ms!"));
    assert!(line_matches("[..]", ""));
}
