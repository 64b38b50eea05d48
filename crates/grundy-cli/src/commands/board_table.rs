//! How `grundy table` prints the tables of games on graphs and boards: every vertex of a
//! `graph:FILE` with its value, class and remoteness, or the 2-D grid of values of a token on a
//! board (the plane's version of printing a table to look for a pattern).

use grundy_core::{Outcome, Value};
use grundy_registry::tabulate::{Sample, VertexRow};

use crate::commands::table::Shown;
use crate::failure::Failure;

/// Prints the vertices of a graph's table (or, with --no-values, only the graph's summary).
pub fn print_vertices(
    game: &str,
    vertices: usize,
    edges: usize,
    acyclic: bool,
    rows: Vec<VertexRow>,
    view: Shown,
) -> Result<(), Failure> {
    let shown = rows.len();
    let mut out = String::new();
    out += &format!(
        "{game}: {vertices} vertices, {edges} edges, {}\n",
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

/// Prints the grid of values of a token on a board (or, with --no-values, only its summary).
pub fn print_board(
    game: &str,
    (mx, my): (u64, u64),
    cells: &[Vec<Sample>],
    view: Shown,
) -> Result<(), Failure> {
    // Every cell of a board is a position.
    let cell = |s: &Sample| s.clone().expect("every cell of a board is a position");
    let rows: Vec<Vec<Value>> = cells
        .iter()
        .map(|r| r.iter().map(|s| cell(s).0).collect())
        .collect();
    let outcomes: Vec<Vec<Outcome>> = cells
        .iter()
        .map(|r| r.iter().map(|s| cell(s).1).collect())
        .collect();
    if !view.values {
        let cells = rows.iter().flatten().zip(outcomes.iter().flatten());
        outln!(
            "{game}: Grundy values of a token on (x, y), x = 0..={mx}, y = 0..={my}: {} cells{}",
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
        "{game}: Grundy values of a token on (x, y), x = 0..={mx} across, y = 0..={my} down\n"
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
