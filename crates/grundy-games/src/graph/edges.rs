//! Games on a graph read from a file: `graph:FILE` (or `graph:-` for standard input).
//!
//! **Rules.** The file describes a directed graph: a first line `N M`, then `M` lines `u v`, one
//! edge `u -> v` each, with vertices numbered `1..=N`; `#` starts a comment, blank lines are
//! ignored. A position is a list of token vertices (tokens may share a vertex); a move slides one
//! token along one edge, and the player who cannot move loses. Self-loops, parallel edges (one
//! move) and graphs with no edge or no vertex are all legal.
//!
//! A small graph can also be given inline: `graph:1-2,2-1,2-3` has the edges 1 -> 2, 2 -> 1 and
//! 2 -> 3 and the vertices 1 to the largest number named (write `./1-2` for a file of that name).
//!
//! **Theorem.** See [`crate::graph::tokens`]: values by reverse topological order on an acyclic graph,
//! the generalized Sprague–Grundy function γ and Smith's rule for sums on a graph with cycles.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::graph::edges::parse;
//!
//! // A 2-cycle 1 <-> 2 with an exit 2 -> 3: a token on 2 wins at once, one on 1 must go to 2.
//! let graph = parse("3 3\n1 2\n2 1\n2 3  # the exit\n", "example.txt").unwrap();
//! let game = grundy_games::graph::tokens::TokenGame::new(
//!     "graph:example.txt", graph, Box::new(grundy_games::graph::tokens::Numbered));
//! let mut sum = vec![game.position(vec![0])];
//! assert_eq!(analyse(&mut sum, 10).unwrap().outcome, Outcome::P);
//! ```

use std::io::Read;

use grundy_core::{Component, Graph};

use crate::graph::tokens::{Numbered, TokenGame};
use crate::spec::{parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// The most vertices a graph file may declare (the arrays are sized from it).
pub const MAX_VERTICES: u64 = 100_000_000;

/// The registry entry for `graph:FILE`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "graph",
        aliases: &[],
        syntax:
            "graph:FILE VERTEX...   (graph:- reads it from standard input; graph:1-2,2-3 inline)",
        rules: "tokens on the vertices of a directed graph (file: 'N M', then M lines 'u v'); \
                a move slides one token along an edge; loopy graphs may be draws",
        example: "graph:1-2,2-1,2-3 1",
        build,
        matches: None,
    }]
}

/// Reads the graph a `graph:FILE` spec names, from the file or (for `graph:-`) standard input.
pub fn load(spec: &GameSpec) -> Result<Graph, SpecError> {
    let path = spec.require_params("graph:FILE (or graph:- for standard input)")?;
    if is_inline(path) {
        return parse_inline(spec, path);
    }
    let (bytes, source) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| spec.error(format!("cannot read the graph from standard input: {e}")))?;
        (bytes, "standard input".to_string())
    } else {
        let bytes = std::fs::read(path).map_err(|e| {
            // `1-2,,2-3` is a mistyped inline list, not the name of a file that is missing.
            if e.kind() == std::io::ErrorKind::NotFound && looks_inline(path) {
                spec.error(format!(
                    "'{path}' is not an inline edge list (write edges u-v separated by \
                     commas, e.g. 1-2,2-3) nor a graph file"
                ))
            } else {
                spec.error(format!("cannot read the graph file '{path}': {e}"))
            }
        })?;
        (bytes, path.to_string())
    };
    let text = String::from_utf8(bytes)
        .map_err(|e| spec.error(format!("{source} is not UTF-8 text: {e}")))?;
    parse(&text, &source)
}

/// Parses a graph file; `source` names it in errors (`g.txt line 3 ('1 x'): …`).
pub fn parse<'a>(text: &'a str, source: &str) -> Result<Graph, SpecError> {
    let at = |line: usize, content: &str, message: String| SpecError {
        origin: format!("{source} line {line}"),
        text: shorten(content),
        message,
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let body_of = |l: &'a str| l.split('#').next().unwrap_or("");
    let header = lines.find(|(_, l)| !body_of(l).trim().is_empty());
    let Some((header_line, header)) = header else {
        return Err(SpecError {
            origin: source.to_string(),
            text: String::new(),
            message: "the graph is empty: its first line must be 'N M' (vertices, edges)".into(),
        });
    };
    let mut fields = body_of(header).split_whitespace();
    let (Some(n), Some(m), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(at(
            header_line,
            header,
            "the first line must be 'N M': the number of vertices and of edges".into(),
        ));
    };
    let n = parse_number_text(n, "the number of vertices", MAX_VERTICES)
        .map_err(|e| at(header_line, header, e))?;
    let m = parse_number_text(m, "the number of edges", u64::MAX)
        .map_err(|e| at(header_line, header, e))?;
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m.min(1 << 24) as usize);
    for (line, content) in lines {
        // Fast path for a well-formed line; anything else is looked at again below, slowly,
        // to say exactly what is wrong.
        match fast_edge(content.as_bytes()) {
            Some(None) => continue,
            Some(Some((u, v)))
                if (1..=n).contains(&u) && (1..=n).contains(&v) && (edges.len() as u64) < m =>
            {
                edges.push(((u - 1) as u32, (v - 1) as u32));
                continue;
            }
            _ => {}
        }
        let body = body_of(content);
        if body.trim().is_empty() {
            continue;
        }
        if edges.len() as u64 >= m {
            return Err(at(
                line,
                content,
                format!(
                    "more edges than the {m} announced on line {header_line} ('{}')",
                    header.trim()
                ),
            ));
        }
        let mut fields = body.split_whitespace();
        let (Some(u), Some(v), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(at(
                line,
                content,
                "an edge line must be 'u v': two vertex numbers".into(),
            ));
        };
        let vertex = |t: &str| -> Result<u32, SpecError> {
            let x = parse_number_text(t, "a vertex", n).map_err(|_| {
                at(
                    line,
                    content,
                    format!("'{t}' is not a vertex: vertices are numbered 1 to {n}"),
                )
            })?;
            if x == 0 {
                return Err(at(
                    line,
                    content,
                    format!("'{t}' is not a vertex: vertices are numbered 1 to {n}"),
                ));
            }
            Ok((x - 1) as u32)
        };
        edges.push((vertex(u)?, vertex(v)?));
    }
    if (edges.len() as u64) < m {
        return Err(at(
            header_line,
            header,
            format!("the header announces {m} edges but {} follow", edges.len()),
        ));
    }
    Ok(Graph::from_edges(n as usize, &edges))
}

/// A line of exactly two whole numbers (and perhaps a comment): `Some(Some((u, v)))`; a blank or
/// comment line: `Some(None)`; anything else: `None`.
fn fast_edge(line: &[u8]) -> Option<Option<(u64, u64)>> {
    let mut numbers = [0u64; 2];
    let mut count = 0;
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b' ' | b'\t' | b'\r' => i += 1,
            b'#' => break,
            b'0'..=b'9' => {
                if count == 2 {
                    return None;
                }
                let mut x: u64 = 0;
                while i < line.len() && line[i].is_ascii_digit() {
                    x = x.checked_mul(10)?.checked_add(u64::from(line[i] - b'0'))?;
                    i += 1;
                }
                numbers[count] = x;
                count += 1;
            }
            _ => return None,
        }
    }
    match count {
        0 => Some(None),
        2 => Some(Some((numbers[0], numbers[1]))),
        _ => None,
    }
}

/// Whether a `graph:` parameter is an inline edge list such as `1-2,2-3`.
fn is_inline(param: &str) -> bool {
    param.contains('-')
        && param.split(',').all(|e| {
            e.split_once('-')
                .is_some_and(|(u, v)| is_digits(u) && is_digits(v))
        })
}

/// Whether a parameter is made of the characters of an inline edge list, with at least one `-`.
fn looks_inline(param: &str) -> bool {
    param.contains('-')
        && param
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'-' || b == b',')
}

fn is_digits(t: &str) -> bool {
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

fn parse_inline(spec: &GameSpec, param: &str) -> Result<Graph, SpecError> {
    let mut edges = Vec::new();
    let mut n = 0u64;
    for e in param.split(',') {
        let (u, v) = e.split_once('-').expect("checked by is_inline");
        let mut vertex = |t: &str| -> Result<u32, SpecError> {
            match parse_number_text(t, "a vertex", MAX_VERTICES) {
                Ok(0) => Err(spec.error("vertices are numbered from 1")),
                Ok(x) => {
                    n = n.max(x);
                    Ok((x - 1) as u32)
                }
                Err(m) => Err(spec.error(m)),
            }
        };
        let edge = (vertex(u)?, vertex(v)?);
        edges.push(edge);
    }
    Ok(Graph::from_edges(n as usize, &edges))
}

fn shorten(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// Parses token words: vertex numbers `1..=n`, as indices from 0.
pub fn parse_tokens(words: &[Word], n: usize) -> Result<Vec<u32>, SpecError> {
    words
        .iter()
        .map(|w| {
            let msg = || {
                if n == 0 {
                    "the graph has no vertex to put a token on".to_string()
                } else {
                    format!("a token goes on a vertex numbered 1 to {n}")
                }
            };
            match parse_number_text(&w.text, "a vertex", n as u64) {
                Ok(0) | Err(_) => Err(w.error(msg())),
                Ok(v) => Ok((v - 1) as u32),
            }
        })
        .collect()
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    if spec.params.as_deref() == Some("-") {
        if let Some(w) = words.iter().find(|w| w.origin.starts_with("stdin")) {
            return Err(w.error(
                "graph:- reads the graph from standard input, so give the tokens as arguments",
            ));
        }
    }
    let graph = load(spec)?;
    let tokens = parse_tokens(words, graph.vertices())?;
    let game = TokenGame::new(spec.word.text.clone(), graph, Box::new(Numbered));
    Ok(game.position(tokens))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text, "g.txt").unwrap_err().to_string()
    }

    #[test]
    fn comments_blank_lines_self_loops_and_parallel_edges() {
        let g = parse("# a graph\n3 4 # header\n\n1 2\n1 2\n3 3\n2 3\n", "g.txt").unwrap();
        assert_eq!(g.vertices(), 3);
        assert_eq!(g.followers(0), &[1]);
        assert_eq!(g.followers(2), &[2]);
        assert_eq!(parse("0 0\n", "g").unwrap().vertices(), 0);
        assert_eq!(parse("5 0", "g").unwrap().edge_count(), 0);
    }

    #[test]
    fn bad_input_names_the_line() {
        assert_eq!(
            err("3 2\n1 2\n2 4\n"),
            "g.txt line 3 ('2 4'): '4' is not a vertex: vertices are numbered 1 to 3"
        );
        assert_eq!(
            err("3 1\n\n1 x\n"),
            "g.txt line 3 ('1 x'): 'x' is not a vertex: vertices are numbered 1 to 3"
        );
        assert!(err("3 1\n0 1\n").starts_with("g.txt line 2 ('0 1'): '0' is not a vertex"));
        assert!(err("3 1\n1 2 3\n").contains("line 2 ('1 2 3'): an edge line must be 'u v'"));
        assert!(err("3 1\n1 2\n2 3\n").contains("line 3 ('2 3'): more edges than the 1"));
        assert!(err("3 3\n1 2\n").contains("line 1 ('3 3'): the header announces 3 edges but 1"));
        assert!(err("").contains("the graph is empty"));
        assert!(err("# only a comment\n").contains("the graph is empty"));
        assert!(err("3\n").contains("line 1 ('3'): the first line must be 'N M'"));
        assert!(err("-3 1\n").contains("must not be negative"));
        assert!(err("99999999999999999999 1\n").contains("at most"));
        assert!(err("3 99999999999999999999999\n").contains("at most"));
    }

    #[test]
    fn missing_files_are_input_errors() {
        let word = Word::new("argument 1", "graph:/nonexistent/g.txt");
        let e = load(&GameSpec::parse(&word)).unwrap_err().to_string();
        assert!(
            e.starts_with("argument 1 ('graph:/nonexistent/g.txt'): cannot read the graph file"),
            "{e}"
        );
        let e = load(&GameSpec::parse(&Word::new("argument 1", "graph")))
            .unwrap_err()
            .to_string();
        assert!(e.contains("needs parameters"), "{e}");
    }

    #[test]
    fn inline_graphs() {
        let g = load(&GameSpec::parse(&Word::new("a", "graph:1-2,2-1,2-3"))).unwrap();
        assert_eq!(g.vertices(), 3);
        assert_eq!(g.followers(1), &[0, 2]);
        let e = load(&GameSpec::parse(&Word::new("a", "graph:0-1"))).unwrap_err();
        assert!(e.to_string().contains("numbered from 1"));
    }

    #[test]
    fn a_malformed_inline_graph_is_not_reported_as_a_missing_file() {
        for bad in ["graph:1-2,,2-3", "graph:1-2,", "graph:1-", "graph:1-2-3"] {
            let e = load(&GameSpec::parse(&Word::new("argument 1", bad)))
                .unwrap_err()
                .to_string();
            assert!(e.contains("not an inline edge list"), "{bad}: {e}");
            assert!(e.starts_with(&format!("argument 1 ('{bad}')")), "{e}");
        }
    }

    #[test]
    fn tokens_are_checked() {
        let words = Word::from_args(&["1", "3", "4"]);
        let e = parse_tokens(&words, 3).unwrap_err().to_string();
        assert_eq!(
            e,
            "argument 3 ('4'): a token goes on a vertex numbered 1 to 3"
        );
        assert_eq!(parse_tokens(&words[..2], 3).unwrap(), vec![0, 2]);
        assert!(parse_tokens(&Word::from_args(&["0"]), 3).is_err());
    }
}
