//! A game script's table as [`Tabulate`] sees it: positions `0..=N` for `N`, positions `[x, y]`
//! for `XxY`, all valued by one solver ([`super::table::values`]); a line's period is the one
//! seen at its end, never proved (nothing bounds a game known only by its moves).

use grundy_core::quotient::{Caps, MisereQuotient};
use grundy_core::Value;

use super::{Position, ScriptGame};
use crate::spec::GameSpec;
use crate::tabulate::{
    check_size, parse_range, GridKind, Request, Shape, Supports, Table, TableError, Tabulate,
    Watch, MAX_POSITIONS,
};

/// The last position of a line when the request names no range.
const DEFAULT_LINE: u64 = 100;

/// A game script (or a Python game) with the name it is shown by.
pub struct ScriptTable {
    name: String,
    game: ScriptGame,
}

impl ScriptTable {
    /// The table of `game`, named by `spec`.
    pub fn new(spec: &GameSpec, game: ScriptGame) -> ScriptTable {
        ScriptTable::named(&spec.word.text, game)
    }

    /// The table of `game`, shown as `name` (a Python game's name).
    pub fn named(name: &str, game: ScriptGame) -> ScriptTable {
        ScriptTable {
            name: name.to_string(),
            game,
        }
    }
}

impl Tabulate for ScriptTable {
    fn name(&self) -> &str {
        &self.name
    }

    fn shape(&self) -> Shape {
        Shape::Line
    }

    fn supports(&self) -> Supports {
        Supports {
            period: true,
            ..Supports::default()
        }
    }

    fn tabulate(&self, request: &Request, watch: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        let text = match (&request.upto, request.defaults) {
            (Some(t), _) => t.clone(),
            (None, Some(d)) => d.line.to_string(),
            (None, None) => DEFAULT_LINE.to_string(),
        };
        let grid = text.contains(['x', 'X']);
        let (mx, my) = parse_range(&text, MAX_POSITIONS)?;
        check_size(mx, if grid { my } else { 0 })?;
        let positions: Vec<Position> = if grid {
            (0..=my as i64)
                .flat_map(|y| (0..=mx as i64).map(move |x| Position::Duo(x, y)))
                .collect()
        } else {
            (0..=mx as i64).map(Position::Int).collect()
        };
        let total = positions.len() as u64;
        let mut stopped = false;
        let mut progress = |done: usize| {
            stopped = !watch.progress(done as u64, total);
            !stopped
        };
        let values = super::table::values(&self.game, &positions, &mut progress)?;
        if stopped {
            return Err(TableError::Interrupted { kept: None });
        }
        let sample = |v: Value| {
            let o = super::table::outcome(&v);
            Some((v, o))
        };
        if grid {
            let mut cells = values.into_iter();
            let rows = (0..=my)
                .map(|_| {
                    (0..=mx)
                        .map(|_| sample(cells.next().expect("one value a position")))
                        .collect()
                })
                .collect();
            return Ok(Table::Grid {
                game: self.name.clone(),
                vars: ["x", "y"],
                upto: (mx, my),
                kind: GridKind::Pairs,
                rows,
            });
        }
        // A period seen at the end of the table; nothing proves it for a game known only by its
        // moves.
        let finite: Option<Vec<u32>> = values
            .iter()
            .map(|v| v.finite().and_then(|g| u32::try_from(g.0).ok()))
            .collect();
        let period = finite.and_then(|f| crate::period::find(&f, None, true));
        Ok(Table::Line {
            game: self.name.clone(),
            cells: values.into_iter().map(sample).collect(),
            period,
        })
    }

    fn misere_quotient(
        &self,
        upto: u64,
        caps: Caps,
        progress: &mut dyn FnMut(u64, usize) -> bool,
    ) -> Option<Result<MisereQuotient, String>> {
        Some(super::misere_quotient(&self.game, upto, caps, progress))
    }
}
