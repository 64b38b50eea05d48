//! The tables of games played by tokens on a graph: every vertex of a `graph:FILE` with its
//! value, class and remoteness (one retrograde analysis of the whole graph), and the cells of a
//! board (`hyper-knights`, `movers:`) from one exploration of the cells asked for — the plane's
//! version of printing a table to look for a pattern.

use grundy_core::setting::Setting;
use grundy_core::Graph;

use crate::graph::movers::{Movers, Point, MAX_CELLS};
use crate::graph::tokens::{Numbered, TokenGame};
use crate::spec::{parse_number_text, GameSpec};
use crate::tabulate::{
    parse_range, GridKind, Request, Shape, Table, TableError, Tabulate, VertexRow, Watch,
};

/// The corner of the board tabulated for an unbounded board when the request names none.
const DEFAULT_CORNER: u64 = 15;

/// The largest corner coordinate a board's table reaches.
const MAX_CORNER: u64 = 1 << 20;

/// Every vertex of a graph, its tokens slid along its edges.
pub struct VertexTable {
    spec: GameSpec,
    graph: Graph,
}

impl VertexTable {
    /// The table of `graph`, named by `spec`.
    pub fn new(spec: &GameSpec, graph: Graph) -> VertexTable {
        VertexTable {
            spec: spec.clone(),
            graph,
        }
    }
}

impl Tabulate for VertexTable {
    fn name(&self) -> &str {
        &self.spec.word.text
    }

    fn shape(&self) -> Shape {
        Shape::Vertices
    }

    fn tabulate(&self, request: &Request, _: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        let limit = match (&request.upto, request.defaults) {
            (Some(t), _) => parse_number_text(t, &Setting::Upto.to_string(), u64::MAX)
                .map_err(|m| TableError::Input(format!("{} ('{t}'): {m}", Setting::Upto)))?,
            (None, Some(defaults)) => defaults.line,
            (None, None) => u64::MAX,
        };
        let (vertices, edges) = (self.graph.vertices(), self.graph.edge_count());
        let game = TokenGame::new(self.name(), self.graph.clone(), Box::new(Numbered));
        let shown = (vertices as u64).min(limit) as u32;
        let rows = (0..shown)
            .map(|v| VertexRow {
                vertex: game.vertex_json(v),
                value: game.value(v),
                outcome: game.outcome(v),
                remoteness: game.analysis().remoteness(v),
            })
            .collect();
        Ok(Table::Vertices {
            game: self.name().to_string(),
            vertices,
            edges,
            acyclic: game.analysis().is_acyclic(),
            rows,
        })
    }
}

/// The cells of a board a token moves on by vectors.
pub struct BoardTable {
    spec: GameSpec,
    movers: Movers,
}

impl BoardTable {
    /// The table of the board `movers`, named by `spec`.
    pub fn new(spec: &GameSpec, movers: Movers) -> BoardTable {
        BoardTable {
            spec: spec.clone(),
            movers,
        }
    }
}

impl Tabulate for BoardTable {
    fn name(&self) -> &str {
        &self.spec.word.text
    }

    fn shape(&self) -> Shape {
        Shape::Grid
    }

    fn tabulate(&self, request: &Request, _: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        let bounds = self.movers.bounds;
        let (mut mx, mut my) = match (&request.upto, request.defaults, bounds) {
            (Some(t), _, _) => parse_range(t, MAX_CORNER)?,
            (None, Some(d), _) => (d.side, d.side),
            (None, None, Some((w, h))) => (w - 1, h - 1),
            (None, None, None) => (DEFAULT_CORNER, DEFAULT_CORNER),
        };
        if let Some((w, h)) = bounds {
            mx = mx.min(w - 1);
            my = my.min(h - 1);
        }
        if (mx + 1).saturating_mul(my + 1) > MAX_CELLS as u64 {
            return Err(TableError::Input(format!(
                "{}: {mx}x{my} is more than {MAX_CELLS} cells",
                Setting::Upto
            )));
        }
        let seeds: Vec<Point> = (0..=my as u32)
            .flat_map(|y| (0..=mx as u32).map(move |x| (x, y)))
            .collect();
        let board = self.movers.explore(&self.spec, &seeds)?;
        let game = board.game();
        let rows = (0..=my as u32)
            .map(|y| {
                (0..=mx as u32)
                    .map(|x| {
                        board
                            .vertex((x, y))
                            .map(|v| (game.value(v), game.outcome(v)))
                    })
                    .collect()
            })
            .collect();
        Ok(Table::Grid {
            game: self.name().to_string(),
            vars: ["x", "y"],
            upto: (mx, my),
            kind: GridKind::Board,
            rows,
        })
    }
}
