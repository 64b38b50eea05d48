//! Games on a graph read from a file: `graph:FILE` (or `graph:-` for standard input), and the
//! one reader of edge lists, which `hackenbush:` uses too ([`read`], [`parse_edge_list`]).
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

use crate::entry::{Drawing, GameEntry};
use crate::graph::tabulation::VertexTable;
use crate::graph::tokens::{Numbered, TokenGame};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// The most vertices a graph file may declare (the arrays are sized from it).
pub const MAX_VERTICES: u64 = 100_000_000;

/// The registry entry for `graph:FILE`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "graph",
        "graph:FILE VERTEX...   (graph:- reads it from standard input; graph:1-2,2-3 inline)",
        "tokens on the vertices of a directed graph (file: 'N M', then M lines 'u v'); \
                a move slides one token along an edge; loopy graphs may be draws",
        "graph:1-2,2-1,2-3 1",
        build,
    )
    .drawn(Drawing::Tokens)
    .tabulated(|spec| Ok(Box::new(VertexTable::new(spec, load(spec)?))))]
}

/// The largest edge list a game accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeLimits {
    /// The most vertices `N` may announce (an inline list may name).
    pub vertices: u64,
    /// The most edges `M` may announce.
    pub edges: u64,
}

impl EdgeLimits {
    /// The limits of `graph:`.
    pub const GRAPH: EdgeLimits = EdgeLimits {
        vertices: MAX_VERTICES,
        edges: u64::MAX,
    };
}

/// An edge list as read: the vertices `1..=N` (`0..N` here) and the edges `u v` in input order,
/// each with the line it was read from, so a game can point at the line of an edge it refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeList {
    /// Where it was read from: the file name, `standard input`, or the spec of an inline list
    /// (`graph:1-2,2-3`).
    pub source: String,
    /// `N`, the number of vertices (for an inline list, the largest vertex named).
    pub vertices: usize,
    /// The header's line (`0` for an inline list, which has none).
    pub header_line: usize,
    /// The edges `(u, v)` with vertices from 0, in input order.
    pub edges: Vec<(u32, u32)>,
    /// The line of each edge (for an inline list, its place in the list, from 1).
    pub lines: Vec<u32>,
}

impl EdgeList {
    /// The edges as a directed graph (an edge `u -> v` each).
    pub fn graph(&self) -> Graph {
        Graph::from_edges(self.vertices, &self.edges)
    }
}

/// What is wrong with an edge list, found on one of its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Nothing but blank lines and comments.
    Empty,
    /// The header is not two fields `N M`.
    Header,
    /// `N` (`which` 0) or `M` (`which` 1) is not a whole number at most `max`.
    Count {
        /// 0 for `N`, 1 for `M`.
        which: usize,
        /// The field as written.
        field: String,
        /// The limit it broke, if a number.
        max: u64,
    },
    /// An edge line is not two fields `u v`.
    EdgeLine,
    /// A field of an edge line is not a vertex `1..=N`.
    Vertex {
        /// 0 for `u`, 1 for `v`.
        which: usize,
        /// The field as written.
        field: String,
    },
    /// An edge line after the `M` edges announced.
    TooMany,
    /// Fewer edges than the `M` announced: how many there are (the error is on the header).
    TooFew {
        /// The edges found.
        found: usize,
    },
}

/// The header of an edge list, once read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Its line.
    pub line: usize,
    /// Its text.
    pub text: String,
    /// `N`.
    pub vertices: u64,
    /// `M`.
    pub edges: u64,
}

/// A line of an edge list that cannot be read, and why. Converted into a [`SpecError`] it reads
/// `g.txt line 3 ('2 x'): 'x' is not a vertex: vertices are numbered 1 to 3`; a game may word
/// it otherwise from the same facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The file name or `standard input`.
    pub source: String,
    /// The line at fault (`0` for [`Problem::Empty`]).
    pub line: usize,
    /// Its text.
    pub text: String,
    /// What is wrong.
    pub problem: Problem,
    /// The header, when the error comes after it.
    pub header: Option<Box<Header>>,
}

impl LineError {
    /// The line's text without its comment, trimmed.
    pub fn body(&self) -> &str {
        body_of(&self.text).trim()
    }
}

impl From<LineError> for SpecError {
    fn from(e: LineError) -> SpecError {
        let (n, m, header_line, header) = e.header.as_ref().map_or((0, 0, 0, ""), |h| {
            (h.vertices, h.edges, h.line, h.text.trim())
        });
        let message = match &e.problem {
            Problem::Empty => {
                return SpecError {
                    origin: e.source,
                    text: String::new(),
                    message: "the graph is empty: its first line must be 'N M' (vertices, edges)"
                        .into(),
                }
            }
            Problem::Header => {
                "the first line must be 'N M': the number of vertices and of edges".into()
            }
            Problem::Count { which, field, max } => {
                let what = ["the number of vertices", "the number of edges"][*which];
                parse_number_text(field, what, *max)
                    .err()
                    .unwrap_or_default()
            }
            Problem::EdgeLine => "an edge line must be 'u v': two vertex numbers".into(),
            Problem::Vertex { field, .. } => {
                format!("'{field}' is not a vertex: vertices are numbered 1 to {n}")
            }
            Problem::TooMany => {
                format!("more edges than the {m} announced on line {header_line} ('{header}')")
            }
            Problem::TooFew { found } => {
                format!("the header announces {m} edges but {found} follow")
            }
        };
        SpecError {
            origin: format!("{} line {}", e.source, e.line),
            text: shorten(&e.text),
            message,
        }
    }
}

/// Why an edge list could not be read: bad input around it (a file that cannot be read, a
/// malformed inline list), or a bad line inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The spec or the file as a whole.
    Input(SpecError),
    /// A line of the list.
    Line(LineError),
}

impl From<ReadError> for SpecError {
    fn from(e: ReadError) -> SpecError {
        match e {
            ReadError::Input(e) => e,
            ReadError::Line(e) => e.into(),
        }
    }
}

/// Reads the edge list a spec names: `NAME:FILE` from a file, `NAME:-` from standard input, or
/// inline, `NAME:1-2,2-3` (the vertices are 1 to the largest named; `./1-2` is a file). `syntax`
/// is shown when the spec has no parameter.
pub fn read(spec: &GameSpec, syntax: &str, limits: EdgeLimits) -> Result<EdgeList, ReadError> {
    let path = spec.require_params(syntax).map_err(ReadError::Input)?;
    if is_inline(path) {
        return parse_inline(spec, path, limits).map_err(ReadError::Input);
    }
    let (bytes, source) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| {
            ReadError::Input(spec.error(format!("cannot read the graph from standard input: {e}")))
        })?;
        (bytes, "standard input".to_string())
    } else {
        let bytes = std::fs::read(path).map_err(|e| {
            // `1-2,,2-3` is a mistyped inline list, not the name of a file that is missing.
            ReadError::Input(
                if e.kind() == std::io::ErrorKind::NotFound && looks_inline(path) {
                    spec.error(format!(
                        "'{path}' is not an inline edge list (write edges u-v separated by \
                         commas, e.g. 1-2,2-3) nor a graph file"
                    ))
                } else {
                    spec.error(format!("cannot read the graph file '{path}': {e}"))
                },
            )
        })?;
        (bytes, path.to_string())
    };
    let text = String::from_utf8(bytes)
        .map_err(|e| ReadError::Input(spec.error(format!("{source} is not UTF-8 text: {e}"))))?;
    parse_edge_list(&text, &source, limits).map_err(ReadError::Line)
}

/// An error if words of the position came from standard input while `NAME:-` reads the edge
/// list from it: `what` names those words (`the tokens`).
pub fn stdin_read_once(spec: &GameSpec, words: &[Word], what: &str) -> Result<(), SpecError> {
    if spec.params.as_deref() == Some("-") {
        if let Some(w) = words.iter().find(|w| w.origin.starts_with("stdin")) {
            return Err(w.error(format!(
                "{}:- reads the graph from standard input, so give {what} as arguments",
                spec.name
            )));
        }
    }
    Ok(())
}

/// Reads the graph a `graph:FILE` spec names, from the file, standard input (`graph:-`) or the
/// inline list (`graph:1-2,2-3`), as a directed graph.
pub fn load(spec: &GameSpec) -> Result<Graph, SpecError> {
    Ok(read(
        spec,
        "graph:FILE (or graph:- for standard input)",
        EdgeLimits::GRAPH,
    )?
    .graph())
}

/// Parses a graph file; `source` names it in errors (`g.txt line 3 ('1 x'): …`).
pub fn parse(text: &str, source: &str) -> Result<Graph, SpecError> {
    Ok(parse_edge_list(text, source, EdgeLimits::GRAPH)?.graph())
}

fn body_of(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

/// Parses the text of an edge list within `limits`; `source` names it in errors.
pub fn parse_edge_list(
    text: &str,
    source: &str,
    limits: EdgeLimits,
) -> Result<EdgeList, LineError> {
    let error = |line: usize, text: &str, problem: Problem, header: Option<&Header>| LineError {
        source: source.to_string(),
        line,
        text: text.to_string(),
        problem,
        header: header.map(|h| Box::new(h.clone())),
    };
    // Editors on Windows start a UTF-8 file with a byte-order mark: it is not part of line 1.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let Some((header_line, header_text)) = lines.find(|(_, l)| !body_of(l).trim().is_empty())
    else {
        return Err(error(0, "", Problem::Empty, None));
    };
    let mut fields = body_of(header_text).split_whitespace();
    let (Some(n), Some(m), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(error(header_line, header_text, Problem::Header, None));
    };
    let count = |which: usize, field: &str, max: u64| {
        parse_number_text(field, "", max).map_err(|_| {
            let field = field.to_string();
            error(
                header_line,
                header_text,
                Problem::Count { which, field, max },
                None,
            )
        })
    };
    let n = count(0, n, limits.vertices)?;
    let m = count(1, m, limits.edges)?;
    let header = Header {
        line: header_line,
        text: header_text.to_string(),
        vertices: n,
        edges: m,
    };
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m.min(1 << 24) as usize);
    let mut edge_lines: Vec<u32> = Vec::with_capacity(m.min(1 << 24) as usize);
    for (line, content) in lines {
        // Fast path for a well-formed line; anything else is looked at again below, slowly,
        // to say exactly what is wrong.
        match fast_edge(content.as_bytes()) {
            Some(None) => continue,
            Some(Some((u, v)))
                if (1..=n).contains(&u) && (1..=n).contains(&v) && (edges.len() as u64) < m =>
            {
                edges.push(((u - 1) as u32, (v - 1) as u32));
                edge_lines.push(u32::try_from(line).unwrap_or(u32::MAX));
                continue;
            }
            _ => {}
        }
        let body = body_of(content);
        if body.trim().is_empty() {
            continue;
        }
        if edges.len() as u64 >= m {
            return Err(error(line, content, Problem::TooMany, Some(&header)));
        }
        let mut fields = body.split_whitespace();
        let (Some(u), Some(v), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(error(line, content, Problem::EdgeLine, Some(&header)));
        };
        let vertex = |which: usize, t: &str| -> Result<u32, LineError> {
            match parse_number_text(t, "", n) {
                Ok(x) if x >= 1 => Ok((x - 1) as u32),
                _ => {
                    let field = t.to_string();
                    Err(error(
                        line,
                        content,
                        Problem::Vertex { which, field },
                        Some(&header),
                    ))
                }
            }
        };
        edges.push((vertex(0, u)?, vertex(1, v)?));
        edge_lines.push(u32::try_from(line).unwrap_or(u32::MAX));
    }
    if (edges.len() as u64) < m {
        let problem = Problem::TooFew { found: edges.len() };
        return Err(error(header_line, header_text, problem, Some(&header)));
    }
    Ok(EdgeList {
        source: source.to_string(),
        vertices: n as usize,
        header_line,
        edges,
        lines: edge_lines,
    })
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

/// Whether a parameter is an inline edge list such as `1-2,2-3`.
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

fn parse_inline(spec: &GameSpec, param: &str, limits: EdgeLimits) -> Result<EdgeList, SpecError> {
    let mut edges = Vec::new();
    let mut n = 0u64;
    for e in param.split(',') {
        let (u, v) = e.split_once('-').expect("checked by is_inline");
        let mut vertex = |t: &str| -> Result<u32, SpecError> {
            match parse_number_text(t, "a vertex", limits.vertices) {
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
    if edges.len() as u64 > limits.edges {
        return Err(spec.error(format!(
            "the list has {} edges, more than the {} allowed",
            edges.len(),
            limits.edges
        )));
    }
    Ok(EdgeList {
        source: spec.word.text.clone(),
        vertices: n as usize,
        header_line: 0,
        lines: (1..=edges.len() as u32).collect(),
        edges,
    })
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
    stdin_read_once(spec, words, "the tokens")?;
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
    fn edge_lists_keep_the_line_of_each_edge() {
        let text = "# g\n3 2\n\n1 2 # first\n3 3\n";
        let list = parse_edge_list(text, "g.txt", EdgeLimits::GRAPH).unwrap();
        assert_eq!((list.vertices, list.header_line), (3, 2));
        assert_eq!(list.edges, [(0, 1), (2, 2)]);
        assert_eq!(list.lines, [4, 5]);
        assert_eq!(list.source, "g.txt");
        let spec = GameSpec::parse(&Word::new("a", "graph:2-1,1-3"));
        let inline = read(&spec, "graph:FILE", EdgeLimits::GRAPH).unwrap();
        assert_eq!((inline.vertices, inline.header_line), (3, 0));
        assert_eq!(inline.edges, [(1, 0), (0, 2)]);
        assert_eq!(inline.lines, [1, 2]);
        assert_eq!(inline.source, "graph:2-1,1-3");
    }

    #[test]
    fn limits_apply_to_files_and_inline_lists() {
        let small = EdgeLimits {
            vertices: 2,
            edges: 1,
        };
        let e = parse_edge_list("3 1\n", "g.txt", small).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(matches!(e.problem, Problem::Count { which: 0, .. }));
        let e = SpecError::from(e).to_string();
        assert_eq!(
            e,
            "g.txt line 1 ('3 1'): the number of vertices must be at most 2"
        );
        let e = parse_edge_list("2 2\n", "g.txt", small).unwrap_err();
        assert!(matches!(e.problem, Problem::Count { which: 1, .. }));
        let spec = GameSpec::parse(&Word::new("a", "graph:1-3"));
        let e = SpecError::from(read(&spec, "graph:FILE", small).unwrap_err()).to_string();
        assert_eq!(e, "a ('graph:1-3'): a vertex must be at most 2");
        let spec = GameSpec::parse(&Word::new("a", "graph:1-2,2-1"));
        let e = SpecError::from(read(&spec, "graph:FILE", small).unwrap_err()).to_string();
        assert!(e.contains("more than the 1 allowed"), "{e}");
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
