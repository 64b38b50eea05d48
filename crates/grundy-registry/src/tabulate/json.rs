//! The JSON of a table, as `grundy table --json` prints it and Python's `Table.to_dict()` gives
//! it: one shape per kind of table, stable (the schema in `schema/` describes them).
//!
//! - heaps and lines: `{game, values, period?}` (`values[n]`; null where the game has no such
//!   position);
//! - two numbers: `{game, rows}` (`rows[b][a]`);
//! - a board: `{game, upto: [X, Y], rows, outcomes}` (`rows[y][x]`, `outcomes[y][x]`);
//! - a graph: `{game, vertices, edges, acyclic, table: [{vertex, value, outcome, remoteness}]}`.
//!
//! With `values: false` (`--no-values`) the values' fields are null; `period` is present only
//! when asked for.

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use super::{GridKind, HeapLine, Sample, Table};
use crate::period::Period;

/// A table as JSON; see the module docs.
pub struct TableJson<'t> {
    /// The table.
    pub table: &'t Table<'t>,
    /// Write the values (else their fields are null).
    pub values: bool,
    /// Write the period (a line's, seen or proved).
    pub period: bool,
}

/// The period as JSON: `{preperiod, period, saltus, proved, checked_upto}`, the first three null
/// when none was found.
#[derive(Serialize)]
pub struct PeriodJson {
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    proved: bool,
    checked_upto: u64,
}

impl PeriodJson {
    /// The period `p` of a table computed up to `checked_upto`.
    pub fn new(p: Option<Period>, checked_upto: u64) -> Self {
        PeriodJson {
            preperiod: p.map(|p| p.preperiod),
            period: p.map(|p| p.period),
            saltus: p.map(|p| p.saltus),
            proved: p.is_some_and(|p| p.proved),
            checked_upto,
        }
    }
}

/// Every value of a heap line, written one at a time (a line of 2^32 heaps is never a list in
/// memory).
struct HeapValues<'a>(&'a HeapLine<'a>);

impl Serialize for HeapValues<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let line = self.0;
        let mut seq = s.serialize_seq(usize::try_from(line.last + 1).ok())?;
        for n in 0..=line.last {
            seq.serialize_element(&line.value(n))?;
        }
        seq.end()
    }
}

/// The values of samples (null where there is no position).
fn values(cells: &[Sample]) -> Vec<Option<&grundy_core::Value>> {
    cells.iter().map(|c| c.as_ref().map(|(v, _)| v)).collect()
}

impl Serialize for TableJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("game", self.table.game())?;
        match self.table {
            Table::Heaps(line) => {
                map.serialize_entry("values", &self.values.then_some(HeapValues(line)))?;
                if self.period {
                    let p = PeriodJson::new(line.period, line.computed_last());
                    map.serialize_entry("period", &p)?;
                }
            }
            Table::Line { cells, period, .. } => {
                map.serialize_entry("values", &self.values.then(|| values(cells)))?;
                if self.period {
                    let checked = cells.len().saturating_sub(1) as u64;
                    map.serialize_entry("period", &PeriodJson::new(*period, checked))?;
                }
            }
            Table::Grid {
                rows,
                kind: GridKind::Pairs,
                ..
            } => {
                let rows = self
                    .values
                    .then(|| rows.iter().map(|r| values(r)).collect::<Vec<_>>());
                map.serialize_entry("rows", &rows)?;
            }
            Table::Grid {
                rows,
                upto,
                kind: GridKind::Board,
                ..
            } => {
                map.serialize_entry("upto", &[upto.0, upto.1])?;
                // Every cell of a board is a position.
                let part = |pick: &dyn Fn(&Sample) -> serde_json::Value| {
                    self.values.then(|| {
                        rows.iter()
                            .map(|r| r.iter().map(pick).collect::<Vec<_>>())
                            .collect::<Vec<_>>()
                    })
                };
                let value = |c: &Sample| serde_json::to_value(c.as_ref().map(|c| &c.0));
                let outcome = |c: &Sample| serde_json::to_value(c.as_ref().map(|c| c.1));
                let ok = |r: Result<serde_json::Value, _>| r.unwrap_or(serde_json::Value::Null);
                map.serialize_entry("rows", &part(&|c| ok(value(c))))?;
                map.serialize_entry("outcomes", &part(&|c| ok(outcome(c))))?;
            }
            Table::Vertices {
                vertices,
                edges,
                acyclic,
                rows,
                ..
            } => {
                map.serialize_entry("vertices", vertices)?;
                map.serialize_entry("edges", edges)?;
                map.serialize_entry("acyclic", acyclic)?;
                map.serialize_entry("table", &self.values.then_some(rows))?;
            }
        }
        map.end()
    }
}
