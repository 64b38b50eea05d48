//! A game script's table as [`Tabulate`] sees it: positions `0..=N` for `N`, positions `[x, y]`
//! for `XxY`; a line's period is the one seen at its end, never proved (nothing bounds a game
//! known only by its moves).
//!
//! A line of heaps whose options the line holds (smaller heaps, ranges of them, sums of them:
//! take-at-most-half, subtraction and octal games written as scripts) is read from the process's
//! shared line ([`super::shared`]), so `table` and `solve` share their values and a cache file
//! keeps them: a compact [`HeapLine`] (values in their narrowest width), as long as the memory
//! budget allows. Any other line or grid is valued position by position by one solver
//! ([`super::table::values`]), a cell each, at most [`MAX_POSITIONS`] of them; a line the shared
//! one gives up (an option that is a larger heap or a string) is valued that way too, so its
//! values never depend on which path ran.

// `std::time::Instant` outside a browser; `performance.now()` in one, where std has no clock.
use grundy_core::setting::Setting;
use web_time::Instant;

use grundy_core::quotient::{Caps, MisereQuotient};
use grundy_core::{SolveError, Value};

use super::shared::{Upto, MOST};
use super::{Position, ScriptGame};
use grundy_registry::spec::GameSpec;
use grundy_registry::tabulate::{
    check_size, parse_range, GridKind, HeapLine, Request, Rest, Shape, Supports, Table, TableError,
    Tabulate, Watch, MAX_POSITIONS,
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
        if !grid {
            let started = Instant::now();
            let (n, _) = parse_range(&text, MOST as u64 - 1)?;
            match self.game.line_upto(n as usize, watch)? {
                Upto::Values(head) => {
                    // The same period search as a table of cells (every value is finite),
                    // asked for or not: the views (`guess`) start from it.
                    let at = |i: usize| head.get(i).unwrap_or(0);
                    let period = grundy_registry::period::find_in(head.len(), at, None, true);
                    return Ok(Table::Heaps(HeapLine {
                        game: self.name.clone(),
                        head,
                        last: n,
                        rest: Rest::Computed,
                        period,
                        theorem: None,
                        elapsed: started.elapsed(),
                    }));
                }
                Upto::GivenUp(Some(error)) if n > MAX_POSITIONS => {
                    return Err(TableError::Solve(SolveError::Rules(error)));
                }
                Upto::GivenUp(None) if n > MAX_POSITIONS => {
                    return Err(TableError::Input(format!(
                        "{}: {} has options the line of heaps does not hold (a larger \
                         heap, a string, an array), so its positions are valued one by one: at \
                         most {MAX_POSITIONS} of them",
                        Setting::Upto.given(n),
                        self.name
                    )));
                }
                // Valued one by one, as any script: the same error, or the values the line
                // could not hold.
                Upto::GivenUp(_) => {}
            }
        }
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
        // Stopped between blocks by the watch, or within one by the runtime's interrupt.
        if stopped || values.len() < positions.len() {
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
        let period = finite.and_then(|f| grundy_registry::period::find(&f, None, true));
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

#[cfg(test)]
mod tests {
    use grundy_core::{Nimber, Solver, Value};
    use proptest::prelude::*;

    use super::*;
    use grundy_registry::tabulate::Quiet;

    /// Heaps whose options are suffix ranges, single heaps and sums of two, and now and then a
    /// string, which the line does not hold.
    fn script(d: i64, c: i64, odd: i64) -> String {
        format!(
            "fn moves(n) {{
                if type_of(n) == \"string\" {{ return []; }}
                let r = [];
                if n >= 1 {{ r.push(range(n - max(1, n / {d}), n)); }}
                if n >= {c} {{ r.push(n - {c}); r.push(sum([n - {c}, n / 2])); }}
                if {odd} > 0 && n == 40 + {odd} {{ r.push(\"x\"); }}
                r
            }}"
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// A script's line is a compact heap table when the line holds it, else a table of
        /// cells; either way the generic solver's values, and the period of the cells' table.
        #[test]
        fn a_compact_line_has_the_generic_solvers_values(
            d in 1i64..5, c in 1i64..6, odd in 0i64..3, n in 0u64..120,
        ) {
            let text = script(d, c, odd);
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            let table = ScriptTable::named("t", game);
            let made = table.tabulate(&Request::upto(&n.to_string()), &mut Quiet).unwrap();
            let fresh = ScriptGame::compile("script:fresh", "fresh", &text).unwrap();
            let mut solver = Solver::new(&fresh);
            let want: Vec<u64> = (0..=n as i64)
                .map(|m| solver.grundy(&Position::Int(m)).unwrap().0)
                .collect();
            let (got, period) = match made {
                Table::Heaps(line) => {
                    prop_assert!(odd == 0 || n < 40 + odd as u64, "{}", text);
                    ((0..=n).map(|m| line.value(m)).collect::<Vec<_>>(), line.period)
                }
                Table::Line { cells, period, .. } => {
                    prop_assert!(odd > 0 && n >= 40 + odd as u64, "{}", text);
                    let v = cells.iter().map(|c| match c {
                        Some((Value::Finite(Nimber(g)), _)) => *g,
                        other => panic!("{other:?}"),
                    });
                    (v.collect(), period)
                }
                _ => panic!("a line"),
            };
            prop_assert_eq!(&got, &want, "{}", text);
            let f: Vec<u32> = want.iter().map(|&g| g as u32).collect();
            prop_assert_eq!(period, grundy_registry::period::find(&f, None, true));
        }
    }

    #[test]
    fn a_line_past_the_cells_cap_is_refused_when_the_line_cannot_hold_it() {
        let game = ScriptGame::compile("script:test", "test", "fn moves(n) { [\"x\"] }").unwrap();
        let table = ScriptTable::named("t", game);
        let upto = (MAX_POSITIONS + 1).to_string();
        let Err(e) = table.tabulate(&Request::upto(&upto), &mut Quiet) else {
            panic!("a line of cells past the cap");
        };
        assert!(e.to_string().contains("valued one by one"), "{e}");
    }
}
