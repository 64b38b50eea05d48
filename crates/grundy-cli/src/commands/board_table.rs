//! `grundy table` for games on graphs and boards: every vertex of a `graph:FILE` with its value,
//! class and remoteness, or the 2-D grid of values of `hyper-knights` / `movers:` (the plane's
//! version of printing a table to look for a pattern).

use grundy_core::{Graph, Outcome, Value};
use grundy_games::graph::movers::{Movers, Point};
use grundy_games::graph::tokens::TokenGame;
use grundy_games::spec::GameSpec;
use serde::Serialize;
use serde_json::Value as Json;

use crate::commands::table::Shown;
use crate::failure::Failure;

/// Corner of the grid printed for an unbounded board without `--upto`.
const DEFAULT_UPTO: u64 = 15;

#[derive(Serialize)]
struct VertexRow {
    vertex: Json,
    value: Value,
    outcome: Outcome,
    /// Moves to the end under best play; null for a draw.
    remoteness: Option<u32>,
}

#[derive(Serialize)]
struct GraphReport {
    game: String,
    vertices: usize,
    edges: usize,
    acyclic: bool,
    /// null with --no-values.
    table: Option<Vec<VertexRow>>,
}

/// Prints every vertex of the graph `g` (the spec `spec`) up to `upto` (or, with --no-values,
/// only the graph's summary).
pub fn graph_table(
    spec: &GameSpec,
    g: Graph,
    upto: Option<&str>,
    view: Shown,
) -> Result<(), Failure> {
    let limit = match upto {
        None => u64::MAX,
        Some(t) => grundy_games::spec::parse_number_text(t, "--upto", u64::MAX)
            .map_err(|m| Failure::Input(format!("--upto ('{t}'): {m}")))?,
    };
    let (vertices, edges) = (g.vertices(), g.edge_count());
    let game = TokenGame::new(
        spec.word.text.clone(),
        g,
        Box::new(grundy_games::graph::tokens::Numbered),
    );
    let shown = (vertices as u64).min(limit) as u32;
    let rows: Vec<VertexRow> = (0..shown)
        .map(|v| VertexRow {
            vertex: game.vertex_json(v),
            value: game.value(v),
            outcome: game.outcome(v),
            remoteness: game.analysis().remoteness(v),
        })
        .collect();
    let acyclic = game.analysis().is_acyclic();
    if view.json {
        let report = GraphReport {
            game: game.name().to_string(),
            vertices,
            edges,
            acyclic,
            table: view.values.then_some(rows),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
        return Ok(());
    }
    let mut out = String::new();
    out += &format!(
        "{}: {vertices} vertices, {edges} edges, {}\n",
        game.name(),
        if acyclic {
            "acyclic"
        } else {
            "with cycles (D = draw; inf(K) = infinite value, K the finite values one move away)"
        }
    );
    if !view.values {
        out += &format!(
            "{shown} vertices valued{}\n",
            summary(rows.iter().map(|r| (&r.value, r.outcome)))
        );
        out!("{out}");
        return Ok(());
    }
    let values: Vec<String> = rows.iter().map(|r| r.value.to_string()).collect();
    let vw = values
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let nw = shown.to_string().len().max(6);
    out += &format!("{:>nw$}  {:<vw$}  class  remoteness\n", "vertex", "value");
    for (r, v) in rows.iter().zip(&values) {
        let rem = r.remoteness.map_or("-".to_string(), |x| x.to_string());
        out += &format!(
            "{:>nw$}  {:<vw$}  {:<5}  {rem}\n",
            r.vertex.to_string(),
            v,
            r.outcome.to_string()
        );
    }
    out!("{out}");
    Ok(())
}

#[derive(Serialize)]
struct GridReport {
    game: String,
    /// The largest x and y shown.
    upto: [u64; 2],
    /// `rows[y][x]`: the value of a token on (x, y); null with --no-values.
    rows: Option<Vec<Vec<Value>>>,
    /// `outcomes[y][x]`: its class; null with --no-values.
    outcomes: Option<Vec<Vec<Outcome>>>,
}

fn parse_upto(text: &str) -> Result<(u64, u64), Failure> {
    let bad = |m: String| Failure::Input(format!("--upto ('{text}'): {m}"));
    let number = |t: &str| {
        grundy_games::spec::parse_number_text(t, "a corner coordinate", 1 << 20).map_err(bad)
    };
    match text.split_once(['x', 'X']) {
        Some((x, y)) => Ok((number(x)?, number(y)?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}

/// Prints the grid of values of a token on the board `movers` (the spec `spec`) up to `upto` (or,
/// with --no-values, only its summary).
pub fn grid_table(
    spec: &GameSpec,
    movers: Movers,
    upto: Option<&str>,
    view: Shown,
) -> Result<(), Failure> {
    let (mut mx, mut my) = match upto {
        Some(t) => parse_upto(t)?,
        None => match movers.bounds {
            Some((w, h)) => (w - 1, h - 1),
            None => (DEFAULT_UPTO, DEFAULT_UPTO),
        },
    };
    if let Some((w, h)) = movers.bounds {
        mx = mx.min(w - 1);
        my = my.min(h - 1);
    }
    let cells = (mx + 1).saturating_mul(my + 1);
    if cells > grundy_games::graph::movers::MAX_CELLS as u64 {
        return Err(Failure::Input(format!(
            "--upto: {}x{} is more than {} cells",
            mx,
            my,
            grundy_games::graph::movers::MAX_CELLS
        )));
    }
    let seeds: Vec<Point> = (0..=my as u32)
        .flat_map(|y| (0..=mx as u32).map(move |x| (x, y)))
        .collect();
    let board = movers.explore(spec, &seeds)?;
    let game = board.game();
    let at = |x: u32, y: u32| board.vertex((x, y)).expect("every listed cell is explored");
    let rows: Vec<Vec<Value>> = (0..=my as u32)
        .map(|y| (0..=mx as u32).map(|x| game.value(at(x, y))).collect())
        .collect();
    let outcomes: Vec<Vec<Outcome>> = (0..=my as u32)
        .map(|y| (0..=mx as u32).map(|x| game.outcome(at(x, y))).collect())
        .collect();
    if view.json {
        let report = GridReport {
            game: game.name().to_string(),
            upto: [mx, my],
            rows: view.values.then_some(rows),
            outcomes: view.values.then_some(outcomes),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
        return Ok(());
    }
    if !view.values {
        let cells = rows.iter().flatten().zip(outcomes.iter().flatten());
        outln!(
            "{}: Grundy values of a token on (x, y), x = 0..={mx}, y = 0..={my}: {} cells{}",
            game.name(),
            (mx + 1) * (my + 1),
            summary(cells.map(|(v, &o)| (v, o)))
        );
        return Ok(());
    }
    let cell = |v: &Value, o: Outcome| match (v, o) {
        (Value::Finite(g), _) => g.0.to_string(),
        (Value::Infinite(_), Outcome::D) => "D".to_string(),
        (Value::Infinite(_), _) => "∞".to_string(),
    };
    let text: Vec<Vec<String>> = rows
        .iter()
        .zip(&outcomes)
        .map(|(r, o)| r.iter().zip(o).map(|(v, &o)| cell(v, o)).collect())
        .collect();
    let width = text
        .iter()
        .flatten()
        .map(|s| s.chars().count())
        .chain(std::iter::once(mx.to_string().len()))
        .max()
        .unwrap_or(1);
    let label = my.to_string().len().max(3);
    let mut out = format!(
        "{}: Grundy values of a token on (x, y), x = 0..={mx} across, y = 0..={my} down\n",
        game.name()
    );
    if text.iter().flatten().any(|s| s == "D" || s == "∞") {
        out += "(∞ = infinite value, an N-position; D = infinite value, a draw)\n";
    }
    out += &format!("{:>label$} |", "y\\x");
    for x in 0..=mx {
        out += &format!(" {x:>width$}");
    }
    out += "\n";
    out += &format!(
        "{}-+{}\n",
        "-".repeat(label),
        "-".repeat((width + 1) * (mx as usize + 1))
    );
    for (y, row) in text.iter().enumerate() {
        out += &format!("{y:>label$} |");
        for s in row {
            out += &format!(" {s:>width$}");
        }
        out += "\n";
    }
    out!("{out}");
    Ok(())
}

/// What `--no-values` prints of the values besides their count: `, largest L` (of the finite
/// ones), then how many positions are P, N and drawn (D).
fn summary<'a>(cells: impl Iterator<Item = (&'a Value, Outcome)>) -> String {
    let (mut largest, mut classes) = (None, [0u64; 3]);
    for (v, o) in cells {
        if let Value::Finite(g) = v {
            largest = largest.max(Some(g.0));
        }
        classes[match o {
            Outcome::P => 0,
            Outcome::N => 1,
            Outcome::D => 2,
        }] += 1;
    }
    let largest = match largest {
        Some(l) => format!(", largest {l}"),
        None => ", none finite".to_string(),
    };
    let [p, n, d] = classes;
    format!("{largest}; {p} P, {n} N, {d} D")
}
