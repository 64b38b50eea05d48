//! The floors of the workspace stay floors: the grammar knows no ruleset, a registry entry and the
//! tabulation trait know only the grammar, and the command line's views (`table`, `check`,
//! `plot`, `guess`) name no ruleset: they present what a game's tabulation returns. A `use` that
//! crosses a floor the wrong way fails here, with the line.

use std::path::Path;

/// The crate paths `file` imports or names (`crate::heap::table`, `grundy_games::graph::...`).
fn named_paths(file: &Path, prefix: &str) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find(prefix) {
            let path: String = rest[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push((i + 1, path));
            rest = &rest[at + prefix.len()..];
        }
    }
    out
}

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Fails with every path of `files` under `prefix` that `allowed` refuses.
fn check(files: &[&str], prefix: &str, allowed: &dyn Fn(&str) -> bool) {
    let mut wrong = Vec::new();
    for f in files {
        let path = root().join(f);
        for (line, named) in named_paths(&path, prefix) {
            if !allowed(&named) {
                wrong.push(format!("{f}:{line}: {named}"));
            }
        }
    }
    assert!(wrong.is_empty(), "crossing a floor:\n{}", wrong.join("\n"));
}

fn files_under(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root().join(dir)).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "rs") {
            out.push(format!(
                "{dir}/{}",
                p.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    out
}

#[test]
fn the_grammar_knows_no_ruleset() {
    check(&["crates/grundy-games/src/spec.rs"], "crate::", &|p| {
        p.starts_with("crate::spec")
    });
}

#[test]
fn an_entry_and_the_tabulation_trait_know_only_the_grammar() {
    check(&["crates/grundy-games/src/entry.rs"], "crate::", &|p| {
        p.starts_with("crate::spec") || p.starts_with("crate::tabulate")
    });
    let tabulate = files_under("crates/grundy-games/src/tabulate");
    let tabulate: Vec<&str> = tabulate.iter().map(String::as_str).collect();
    assert!(tabulate.len() >= 3, "{tabulate:?}");
    check(&tabulate, "crate::", &|p| {
        p.starts_with("crate::spec")
            || p.starts_with("crate::period")
            || p.starts_with("crate::tabulate")
            // The compact storage of heap values, not a ruleset.
            || p == "crate::heap::sparse::Values"
    });
}

#[test]
fn the_command_line_views_name_no_ruleset() {
    let views = [
        "crates/grundy-cli/src/commands/table.rs",
        "crates/grundy-cli/src/commands/board_table.rs",
        "crates/grundy-cli/src/commands/check.rs",
        "crates/grundy-cli/src/commands/plot.rs",
        "crates/grundy-cli/src/commands/guess.rs",
        "crates/grundy-cli/src/commands/game_values.rs",
    ];
    check(&views, "grundy_games::", &|p| {
        [
            "heap", "graph", "script", "classic", "board", "coins", "nonsum",
        ]
        .iter()
        .all(|family| !p.starts_with(&format!("grundy_games::{family}")))
    });
}

/// Every `.rs` file under `dir`, its subfolders included.
fn sources_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            sources_under(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_engine_reads_the_clock_the_browser_has() {
    // The page runs the core and the games on wasm32-unknown-unknown, where std's `Instant`
    // panics at its first call ("time not implemented on this platform"): `web_time::Instant` is
    // std's outside a browser and `performance.now()` in one.
    let mut files = Vec::new();
    for dir in ["crates/grundy-core/src", "crates/grundy-games/src"] {
        sources_under(&root().join(dir), &mut files);
    }
    assert!(files.len() > 50, "{files:?}");
    let mut wrong = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("std::time") && code.contains("Instant") {
                wrong.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "std's clock, which panics in the browser:\n{}",
        wrong.join("\n")
    );
}
