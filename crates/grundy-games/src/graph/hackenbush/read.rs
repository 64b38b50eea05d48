//! Reading a drawing: the edge-list file (its errors in Hackenbush's words) and the position
//! words of a spec.

use std::sync::Arc;

use grundy_core::{Component, RulesetComponent};

use super::drawing::Drawing;
use super::game::Hackenbush;
use crate::graph::edges::{self, EdgeLimits, EdgeList, LineError, Problem, ReadError};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// Largest graph accepted: vertices and edges each.
pub const MAX_SIZE: u64 = 10_000_000;

/// The limits of a Hackenbush edge list.
const LIMITS: EdgeLimits = EdgeLimits {
    vertices: MAX_SIZE,
    edges: MAX_SIZE,
};

impl Drawing {
    /// Parses the file format; `name` names the file in errors (`name line 3: …`).
    pub fn parse(text: &str, name: &str) -> Result<Drawing, String> {
        let list = edges::parse_edge_list(text, name, LIMITS).map_err(|e| wording(&e))?;
        Drawing::from_list(list)
    }

    /// The drawing of an edge list read by [`edges::read`], if it has a ground.
    pub fn from_list(list: EdgeList) -> Result<Drawing, String> {
        if list.vertices == 0 {
            return Err(no_ground(&list.source, list.header_line));
        }
        Ok(Drawing {
            n: list.vertices,
            edges: list.edges,
        })
    }
}

/// The error for a drawing without a vertex: vertex 1 is the ground.
fn no_ground(source: &str, header_line: usize) -> String {
    format!("{source} line {header_line}: N must be at least 1 (vertex 1 is the ground)")
}

/// A bad line of a Hackenbush file, in Hackenbush's words (`g.txt line 2: vertex 4 is not in
/// 1..3`).
fn wording(e: &LineError) -> String {
    let name = &e.source;
    let at = |message: String| format!("{name} line {}: {message}", e.line);
    let (n, m, first) = e
        .header
        .as_ref()
        .map_or((0, 0, 0), |h| (h.vertices, h.edges, h.line));
    if e.header.is_some() && n == 0 {
        return no_ground(name, first);
    }
    match &e.problem {
        Problem::Empty => format!("{name}: the file is empty (expected a first line 'N M')"),
        Problem::Header => at(format!("expected two numbers 'N M', found '{}'", e.body())),
        Problem::Count { which, field, max } => {
            at(parse_number_text(field, ["N", "M"][*which], *max)
                .err()
                .unwrap_or_default())
        }
        Problem::EdgeLine => at(format!("expected two numbers 'u v', found '{}'", e.body())),
        Problem::Vertex { which, field } => at(
            match parse_number_text(field, ["u", "v"][*which], u64::MAX) {
                Err(message) => message,
                Ok(x) => format!("vertex {x} is not in 1..{n}"),
            },
        ),
        Problem::TooMany => at(format!("more edges than the {m} announced on line {first}")),
        Problem::TooFew { found } => {
            format!("{name}: {m} edges announced on line {first}, only {found} given")
        }
    }
}

pub(super) fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    edges::stdin_read_once(spec, words, "the edges standing")?;
    let list = edges::read(spec, "hackenbush:FILE", LIMITS).map_err(|e| match e {
        ReadError::Input(e) => e,
        ReadError::Line(e) => spec.error(wording(&e)),
    })?;
    let drawing = Drawing::from_list(list).map_err(|m| spec.error(m))?;
    let m = drawing.edges.len() as u64;
    let alive = if words.is_empty() {
        drawing.all_edges()
    } else {
        let mut seen = vec![false; drawing.edges.len()];
        let mut alive = Vec::with_capacity(words.len());
        for w in words {
            let e = crate::spec::parse_number(w, "an edge number", m)?;
            if e == 0 {
                return Err(w.error(format!("edges are numbered 1..{m}")));
            }
            if std::mem::replace(&mut seen[(e - 1) as usize], true) {
                return Err(w.error("this edge is listed twice"));
            }
            alive.push((e - 1) as u32);
        }
        alive
    };
    let game = Hackenbush::new(spec.word.text.clone(), Arc::new(drawing));
    let position = game.position(&alive);
    Ok(RulesetComponent::boxed(game, position))
}
