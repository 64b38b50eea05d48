//! The floors of the workspace stay floors. Between crates: each crate depends on exactly the
//! crates below it that [`CRATE_GRAPH`] names (the theory, the rulesets, game scripts, what every
//! front end shares, the front ends). Within a crate: no circle of imports among its top-level
//! modules. Within `grundy-registry`: the grammar knows no ruleset, a registry entry and the
//! tabulation trait know only the grammar; and no front end names a ruleset family (the command
//! line's `problem` adapters aside): they present what the registry and a game's tabulation
//! return. A dependency or a `use` that crosses a floor the wrong way fails here, with the line.

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
        let path = if Path::new(f).is_absolute() {
            Path::new(f).to_path_buf()
        } else {
            root().join(f)
        };
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
    check(&["crates/grundy-registry/src/spec.rs"], "crate::", &|p| {
        p.starts_with("crate::spec")
    });
}

#[test]
fn an_entry_and_the_tabulation_trait_know_only_the_grammar() {
    check(&["crates/grundy-registry/src/entry.rs"], "crate::", &|p| {
        p.starts_with("crate::spec") || p.starts_with("crate::tabulate")
    });
    let tabulate = files_under("crates/grundy-registry/src/tabulate");
    let tabulate: Vec<&str> = tabulate.iter().map(String::as_str).collect();
    assert!(tabulate.len() >= 3, "{tabulate:?}");
    check(&tabulate, "crate::", &|p| {
        p.starts_with("crate::spec")
            || p.starts_with("crate::period")
            || p.starts_with("crate::tabulate")
    });
}

/// Every crate of the workspace (and the Python package, outside it) with the `grundy-*` crates
/// its `[dependencies]` name: the floors, bottom up.
///
/// The front ends name `grundy-registry` for the grammar's `Word` and `grundy-script` for its
/// settings; `grundy-front` is the one crate they ask for answers. The rulesets and game scripts
/// stand side by side on `grundy-registry`, so an edit to a ruleset rebuilds neither the
/// script runtime nor the floor; only `grundy-front` composes the two. The command line names
/// `grundy-games` for its classic problems' adapters only (and the fuzzer for its targets).
const CRATE_GRAPH: &[(&str, &[&str])] = &[
    ("grundy-core", &[]),
    ("grundy-pattern", &[]),
    ("grundy-registry", &["grundy-core"]),
    ("grundy-games", &["grundy-core", "grundy-registry"]),
    ("grundy-script", &["grundy-core", "grundy-registry"]),
    (
        "grundy-front",
        &[
            "grundy-core",
            "grundy-pattern",
            "grundy-registry",
            "grundy-games",
            "grundy-script",
        ],
    ),
    (
        "grundy-census",
        &[
            "grundy-core",
            "grundy-registry",
            "grundy-script",
            "grundy-front",
        ],
    ),
    (
        "grundy-cli",
        &[
            "grundy-core",
            "grundy-pattern",
            "grundy-registry",
            "grundy-games",
            "grundy-script",
            "grundy-front",
            "grundy-census",
        ],
    ),
    (
        "grundy-web",
        &[
            "grundy-core",
            "grundy-pattern",
            "grundy-registry",
            "grundy-script",
            "grundy-front",
        ],
    ),
    (
        "grundy-py",
        &[
            "grundy-core",
            "grundy-registry",
            "grundy-script",
            "grundy-front",
            "grundy-census",
        ],
    ),
    (
        "grundy-fuzz",
        &[
            "grundy-core",
            "grundy-registry",
            "grundy-games",
            "grundy-script",
            "grundy-front",
        ],
    ),
];

/// The `grundy-*` crates named in the `[dependencies]` table of `manifest`.
fn grundy_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && line.starts_with("grundy-") {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-')
                .collect();
            out.push(name);
        }
    }
    out.sort();
    out
}

#[test]
fn each_crate_depends_on_the_floors_below_it_only() {
    let mut found: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| root().join("crates").join(name).join("Cargo.toml").exists())
        .collect();
    found.sort();
    let mut pinned: Vec<String> = CRATE_GRAPH.iter().map(|(c, _)| c.to_string()).collect();
    pinned.sort();
    assert_eq!(
        found, pinned,
        "a crate was added or removed: pin its floor in CRATE_GRAPH"
    );
    let mut wrong = Vec::new();
    for (krate, allowed) in CRATE_GRAPH {
        let manifest = root().join("crates").join(krate).join("Cargo.toml");
        let manifest = std::fs::read_to_string(&manifest).unwrap();
        let mut allowed: Vec<String> = allowed.iter().map(|d| d.to_string()).collect();
        allowed.sort();
        let named = grundy_dependencies(&manifest);
        if named != allowed {
            wrong.push(format!(
                "{krate}: depends on {named:?}, its floor allows {allowed:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_crate_graph_has_no_circle_and_only_goes_down() {
    // A crate may depend only on crates listed before it: the list is the order of the floors.
    for (i, (krate, deps)) in CRATE_GRAPH.iter().enumerate() {
        for d in *deps {
            let at = CRATE_GRAPH.iter().position(|(c, _)| c == d);
            assert!(
                at.is_some_and(|at| at < i),
                "{krate} depends on {d}, which is not a floor below it"
            );
        }
    }
}

/// The top-level modules of `src` (a file `m.rs` or a folder `m/`) with the files of each.
fn top_modules(src: &Path) -> Vec<(String, Vec<std::path::PathBuf>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            let mut files = Vec::new();
            sources_under(&p, &mut files);
            out.push((name, files));
        } else if p.extension().is_some_and(|e| e == "rs") && name != "lib" && name != "main" {
            out.push((name, vec![p]));
        }
    }
    out.sort();
    out
}

/// The top-level modules that the production code of `files` names as `crate::m` (a file's tests,
/// from its `#[cfg(test)] mod`, and test-only files are left out: a test may build positions
/// through the registry that lists the module it tests).
fn production_imports(files: &[std::path::PathBuf]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for f in files {
        let stem = f.file_stem().unwrap().to_string_lossy();
        if stem == "tests" || stem == "testing" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let mut lines = text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.next() {
            if line.trim() == "#[cfg(test)]"
                && lines
                    .peek()
                    // An inline test module (`mod tests {`) ends the production code; a
                    // declaration (`mod tests;`, a file of its own) does not.
                    .is_some_and(|(_, next)| {
                        let next = next.trim();
                        next.starts_with("mod ") && next.ends_with('{')
                    })
            {
                break;
            }
            let code = line.split("//").next().unwrap_or("");
            let mut rest = code;
            while let Some(at) = rest.find("crate::") {
                let name: String = rest[at + 7..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let shown = f.strip_prefix(root()).unwrap_or(f);
                out.push((name, format!("{}:{}", shown.display(), i + 1)));
                rest = &rest[at + 7..];
            }
        }
    }
    out
}

#[test]
fn no_crate_has_a_circle_of_module_imports() {
    let mut circles = Vec::new();
    for (krate, _) in CRATE_GRAPH {
        let modules = top_modules(&root().join("crates").join(krate).join("src"));
        let names: Vec<&str> = modules.iter().map(|(m, _)| m.as_str()).collect();
        // The edges m -> n, each with the line that makes it.
        let edges: Vec<Vec<(usize, String)>> = modules
            .iter()
            .map(|(m, files)| {
                let mut out: Vec<(usize, String)> = production_imports(files)
                    .into_iter()
                    .filter(|(n, _)| n != m)
                    .filter_map(|(n, at)| names.iter().position(|x| *x == n).map(|j| (j, at)))
                    .collect();
                out.sort();
                out.dedup_by_key(|(j, _)| *j);
                out
            })
            .collect();
        // A module on a circle reaches itself: walk from each.
        for start in 0..modules.len() {
            let mut parent = vec![None; modules.len()];
            let mut queue = std::collections::VecDeque::from([start]);
            let mut closed = None;
            while let Some(m) = queue.pop_front() {
                for (n, at) in &edges[m] {
                    if *n == start {
                        closed = Some((m, at.clone()));
                        break;
                    }
                    if parent[*n].is_none() {
                        parent[*n] = Some((m, at.clone()));
                        queue.push_back(*n);
                    }
                }
                if closed.is_some() {
                    break;
                }
            }
            if let Some((last, at)) = closed {
                let mut path = vec![format!("{} ({at})", names[start])];
                let mut m = last;
                while m != start {
                    let (p, at) = parent[m].clone().unwrap();
                    path.push(format!("{} ({at})", names[m]));
                    m = p;
                }
                path.reverse();
                circles.push(format!(
                    "{krate}: {} -> {}",
                    names[start],
                    path.join(" -> ")
                ));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "circles of imports:\n{}",
        circles.join("\n")
    );
}

#[test]
fn no_front_end_names_a_ruleset_family() {
    let mut files = Vec::new();
    for dir in [
        "crates/grundy-cli/src",
        "crates/grundy-web/src",
        "crates/grundy-py/src",
    ] {
        sources_under(&root().join(dir), &mut files);
    }
    // The classic problems' adapters print a problem's own answer from its ruleset.
    files.retain(|f| !f.to_string_lossy().contains("/problems/"));
    assert!(files.len() > 20, "{files:?}");
    let files: Vec<String> = files
        .iter()
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    check(&files, "grundy_games::", &|p| {
        ["heap", "graph", "classic", "board", "coins", "nonsum"]
            .iter()
            .all(|family| !p.starts_with(&format!("grundy_games::{family}")))
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
        "crates/grundy-cli/src/commands/census.rs",
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

/// Every line of `files` that `bad` holds for, as `path:line: text`. With `production_only`, a
/// file's inline test module (`#[cfg(test)]` then `mod … {`) ends what is read.
fn lines_where(
    files: &[std::path::PathBuf],
    production_only: bool,
    bad: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            if production_only
                && line.trim() == "#[cfg(test)]"
                && next.starts_with("mod ")
                && next.ends_with('{')
            {
                break;
            }
            if bad(line) {
                let shown = f.strip_prefix(root()).unwrap_or(f);
                wrong.push(format!("{}:{}: {}", shown.display(), i + 1, line.trim()));
            }
        }
    }
    wrong
}

/// `line` without its comment.
fn code_of(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

#[test]
fn the_engine_reads_the_clock_the_browser_has() {
    // The page runs the core and the games on wasm32-unknown-unknown, where std's `Instant`
    // panics at its first call ("time not implemented on this platform"): `web_time::Instant` is
    // std's outside a browser and `performance.now()` in one.
    let mut files = Vec::new();
    for dir in [
        "crates/grundy-core/src",
        "crates/grundy-registry/src",
        "crates/grundy-games/src",
        "crates/grundy-script/src",
        "crates/grundy-front/src",
        "crates/grundy-census/src",
    ] {
        sources_under(&root().join(dir), &mut files);
    }
    assert!(files.len() > 50, "{files:?}");
    let wrong = lines_where(&files, false, |line| {
        code_of(line).contains("std::time") && code_of(line).contains("Instant")
    });
    assert!(
        wrong.is_empty(),
        "std's clock, which panics in the browser:\n{}",
        wrong.join("\n")
    );
}

/// Where `line` names a command-line flag (`--upto`) outside a comment, if it does.
fn flag_in(line: &str) -> Option<usize> {
    let code = match line.trim_start() {
        l if l.starts_with("//") => return None,
        _ => line,
    };
    code.match_indices("--").find_map(|(at, _)| {
        let next = code[at + 2..].chars().next()?;
        let before = code[..at].chars().next_back();
        // `--flag`, not `a--` or a `---` rule.
        (next.is_ascii_lowercase() && before.is_none_or(|c| !c.is_alphanumeric() && c != '-'))
            .then_some(at)
    })
}

#[test]
fn no_library_message_names_a_flag() {
    // Each front end names a setting its own way (`--upto`, `upto=`, the page's "Up to" field):
    // a library writes `grundy_core::setting::Setting` into its messages, and the front end words it.
    let mut files = Vec::new();
    for dir in [
        "crates/grundy-core/src",
        "crates/grundy-pattern/src",
        "crates/grundy-registry/src",
        "crates/grundy-games/src",
        "crates/grundy-script/src",
        "crates/grundy-front/src",
        "crates/grundy-census/src",
    ] {
        sources_under(&root().join(dir), &mut files);
    }
    // Tests inline word settings as a front end would: only the production code is read.
    let wrong = lines_where(&files, true, |line| flag_in(line).is_some());
    assert!(
        wrong.is_empty(),
        "a flag named in a library (write a Setting in the message instead):\n{}",
        wrong.join("\n")
    );
    assert_eq!(flag_in(r#"  "give --upto N","#), Some(8));
    assert_eq!(flag_in("    // the CLI's --upto"), None);
    assert_eq!(flag_in("let x = a--b;"), None);
}

#[test]
fn only_the_rhai_host_names_rhai() {
    // The machinery around a game reads `grundy_script::Value`, which every host makes (a Rhai
    // script in `program.rs`, a Python game in grundy-py): Rhai's types stay in the files that
    // run Rhai, so a host in another language needs nothing of them.
    let rhai_host = [
        "grundy-script/src/program.rs",
        "grundy-script/src/params.rs",
        "grundy-script/src/stack.rs",
    ];
    let mut files = Vec::new();
    for (krate, _) in CRATE_GRAPH {
        sources_under(&root().join("crates").join(krate).join("src"), &mut files);
    }
    files.retain(|f| !rhai_host.iter().any(|h| f.ends_with(h)));
    assert!(files.len() > 100, "{files:?}");
    let wrong = lines_where(&files, false, |line| {
        code_of(line).contains("rhai::") || code_of(line).contains("use rhai")
    });
    assert!(
        wrong.is_empty(),
        "Rhai named outside its host (read and make grundy_script::Value instead):\n{}",
        wrong.join("\n")
    );
}
