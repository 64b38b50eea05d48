//! The table a formula is sought for, and the points the search fits on.
//!
//! A table is `G(n)` for `0 <= n <= N` (one variable) or `G(a, b)` on a grid (two), with gaps
//! where a game has no position. The search looks only at a few *fitting points* (the first
//! values, where most patterns show, and a spread of later ones inside the fitting range, so a
//! pattern of the first values alone does not pass); every candidate is then evaluated on the
//! whole table before it is believed.

use super::pool::UNDEF;

/// Values of one or two variables, `None` where the game has no position.
#[derive(Clone, Debug)]
pub enum Table {
    /// `values[n]` for `0 <= n < len`.
    Line(Vec<Option<i64>>),
    /// `rows[b][a]`: a grid, all rows of one length.
    Grid(Vec<Vec<Option<i64>>>),
}

impl Table {
    /// The value at `p` (`[n, 0]` for a line, `[a, b]` for a grid).
    pub fn at(&self, p: [i64; 2]) -> Option<i64> {
        let (a, b) = (usize::try_from(p[0]).ok()?, usize::try_from(p[1]).ok()?);
        match self {
            Table::Line(v) => (b == 0).then(|| v.get(a).copied().flatten()).flatten(),
            Table::Grid(rows) => rows.get(b)?.get(a).copied().flatten(),
        }
    }

    /// Every position of the table, in order (a line by `n`; a grid by `a + b`, then `a`, so the
    /// first failure found is one of the smallest).
    pub fn positions(&self) -> Vec<[i64; 2]> {
        match self {
            Table::Line(v) => (0..v.len() as i64).map(|n| [n, 0]).collect(),
            Table::Grid(rows) => {
                let h = rows.len() as i64;
                let w = rows.first().map_or(0, |r| r.len()) as i64;
                let mut out = Vec::new();
                for s in 0..(w + h - 1).max(0) {
                    for a in (s - h + 1).max(0)..=s.min(w - 1) {
                        out.push([a, s - a]);
                    }
                }
                out
            }
        }
    }

    /// How many variables a position has.
    pub fn dims(&self) -> usize {
        match self {
            Table::Line(_) => 1,
            Table::Grid(_) => 2,
        }
    }

    /// The largest `n` (a line) or `(a, b)` (a grid).
    pub fn extent(&self) -> (i64, i64) {
        match self {
            Table::Line(v) => (v.len() as i64 - 1, 0),
            Table::Grid(rows) => (
                rows.first().map_or(0, |r| r.len()) as i64 - 1,
                rows.len() as i64 - 1,
            ),
        }
    }

    /// The first `len` values of a line (the whole grid).
    pub fn prefix(&self, len: usize) -> Table {
        match self {
            Table::Line(v) => Table::Line(v[..len.min(v.len())].to_vec()),
            Table::Grid(_) => self.clone(),
        }
    }
}

/// The fitting points of a table and the variables' names.
pub(crate) struct Space<'a> {
    pub table: &'a Table,
    pub variables: Vec<String>,
    /// The coordinates of each fitting point.
    pub points: Vec<[i64; 2]>,
    /// The table's value at each fitting point.
    pub target: Vec<i64>,
    /// Points below this `n` may be exceptions (listed in the formula): the search matches
    /// only the points from here on.
    pub tail_from: usize,
}

/// How many of the first values are always fitting points, and how many later ones are spread
/// over the rest of the fitting range.
const HEAD: i64 = 72;
const SPREAD: usize = 40;
/// The first values that may be listed as exceptions.
pub(crate) const EXCEPTIONS: i64 = 8;

impl<'a> Space<'a> {
    /// The fitting points of the first `fit` positions of `table` (a line) or of the whole
    /// grid's first rows and columns.
    pub fn new(table: &'a Table, variables: &[&str], fit: i64) -> Space<'a> {
        let mut coords: Vec<[i64; 2]> = Vec::new();
        match table {
            Table::Line(_) => {
                coords.extend((0..HEAD.min(fit + 1)).map(|n| [n, 0]));
                if fit >= HEAD {
                    // A spread that is the same for every table of this fitting size.
                    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
                    for _ in 0..SPREAD {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        coords.push([HEAD + (x % (fit - HEAD + 1) as u64) as i64, 0]);
                    }
                }
            }
            Table::Grid(_) => {
                let (w, h) = table.extent();
                let side = 12;
                for b in 0..=h.min(side) {
                    for a in 0..=w.min(side) {
                        coords.push([a, b]);
                    }
                }
                let mut x: u64 = 0x2545_f491_4f6c_dd1d;
                for _ in 0..SPREAD {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let a = (x % (w as u64 + 1)) as i64;
                    let b = ((x >> 32) % (h as u64 + 1)) as i64;
                    coords.push([a, b]);
                }
            }
        }
        coords.sort_unstable();
        coords.dedup();
        let mut points = Vec::new();
        let mut target = Vec::new();
        for p in coords {
            if let Some(v) = table.at(p) {
                points.push(p);
                target.push(v);
            }
        }
        let tail_from = match table {
            Table::Line(_) => points.iter().take_while(|p| p[0] < EXCEPTIONS).count(),
            Table::Grid(_) => 0,
        };
        Space {
            table,
            variables: variables.iter().map(|v| v.to_string()).collect(),
            points,
            target,
            tail_from,
        }
    }

    /// `G(e)` at every point, from the table, where `e` names a smaller position; `None` if
    /// that is nowhere (or the table has two variables: recursion is sought on lines only).
    pub fn lookup_g(&self, e: &[i64]) -> Option<Vec<i64>> {
        let Table::Line(values) = self.table else {
            return None;
        };
        let mut any = false;
        let vals = self
            .points
            .iter()
            .zip(e)
            .map(|(p, &x)| {
                if x == UNDEF || x < 0 || x >= p[0] {
                    return UNDEF;
                }
                match values.get(x as usize).copied().flatten() {
                    Some(v) => {
                        any = true;
                        v
                    }
                    None => UNDEF,
                }
            })
            .collect();
        any.then_some(vals)
    }
}
