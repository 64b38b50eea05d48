//! The values of any game of the registry, for every view and every front end: [`open`] finds a
//! game's tabulation ([`Tabulate`]): its own when its registry entry names one (heap engines,
//! graphs, boards, game scripts), else the default, [`ByPosition`], which builds and values each
//! position through the generic component; and [`compute`] turns a table into the
//! [`GameValues`] that `check`, `plot`, `guess` and `solve --formula` read, with the variables
//! formulas use: `n` on a line (a heap, a vertex, a script's integer), `a`, `b` for two numbers,
//! `x`, `y` on a board.

use grundy_core::setting::Setting;
use grundy_core::{analyse, Outcome, Value};

use crate::registry::Registry;
use grundy_registry::entry::GameEntry;
use grundy_registry::spec::{parse_number_text, GameSpec, SpecError, Word};
pub use grundy_registry::tabulate::MAX_POSITIONS;
use grundy_registry::tabulate::{
    check_size, parse_range, GridKind, Request, Shape, Supports, Table, TableError, Tabulate, Watch,
};
pub use grundy_registry::tabulate::{Defaults, Sample, TableError as ValuesError};

/// Told `(done, total)` positions as the values are computed; returns `false` to stop them
/// ([`ValuesError::Interrupted`]).
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// Default `--upto` for one-variable games.
pub const DEFAULT_UPTO_1D: u64 = 100;
/// Default `--upto` of each variable of two-variable games.
pub const DEFAULT_UPTO_2D: u64 = 15;

pub use crate::plot::GameValues;

/// The defaults of `check` and `plot`.
pub const DEFAULTS: Defaults = Defaults {
    line: DEFAULT_UPTO_1D,
    side: DEFAULT_UPTO_2D,
};

/// The tabulation of the game `word` names (the game alone, no position): its entry's own, or
/// positions valued one by one in the shape its entry gives.
pub fn open(games: &Registry, word: &Word) -> Result<Box<dyn Tabulate>, SpecError> {
    let (entry, spec) = games.lookup(word)?;
    tabulation(&entry, &spec)
}

/// [`open`] for an entry found already.
pub fn tabulation(entry: &GameEntry, spec: &GameSpec) -> Result<Box<dyn Tabulate>, SpecError> {
    match &entry.table {
        Some(make) => make(spec),
        None => Ok(Box::new(ByPosition {
            spec: spec.clone(),
            entry: entry.clone(),
            shape: entry.shape,
        })),
    }
}

/// A watch that tells `progress` and budgets nothing (the views' tables are small).
struct Told<'p, 'a>(&'p mut Progress<'a>);

impl Watch for Told<'_, '_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        (self.0)(done, total)
    }
    fn reserve(&mut self, _: &str, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn warn(&mut self, _: &str) {}
}

/// The values of the game `words` names (the game alone, no position), up to `upto` (`N`, or
/// `XxY` for two-variable games), `defaults` where `upto` is not given; `progress` is told how
/// many positions are valued when they are valued one by one.
pub fn compute(
    games: &Registry,
    words: &[Word],
    upto: Option<&str>,
    defaults: Defaults,
    progress: Progress<'_>,
) -> Result<GameValues, ValuesError> {
    let mut progress = progress;
    let Some((first, rest)) = words.split_first() else {
        return Err(ValuesError::Input(
            "give a game, e.g. 0.77 or sub:1,3,4".into(),
        ));
    };
    if let Some(extra) = rest.first() {
        return Err(extra
            .error(format!(
                "give the game alone: its positions are the range {} covers",
                Setting::Upto
            ))
            .into());
    }
    let game = open(games, first)?;
    values_of(game.as_ref(), upto, defaults, &mut progress)
}

/// The values of `game` as the views read them (see [`compute`]).
pub fn values_of(
    game: &dyn Tabulate,
    upto: Option<&str>,
    defaults: Defaults,
    progress: Progress<'_>,
) -> Result<GameValues, ValuesError> {
    let mut progress = progress;
    if game.shape() == Shape::Line {
        // A heap line (a script's too) is stored compactly; the views hold a cell a position, so
        // the range is capped as for any other game. A script's grid (`XxY`) is capped by its
        // own table.
        if let Some(t) = upto.filter(|t| game.supports().csv || !t.contains(['x', 'X'])) {
            parse_number_text(t, &Setting::Upto.to_string(), MAX_POSITIONS)
                .map_err(|m| ValuesError::Input(format!("{} ('{t}'): {m}", Setting::Upto)))?;
        }
    }
    let request = Request {
        upto: upto.map(str::to_string),
        defaults: Some(defaults),
        ..Request::default()
    };
    let table = game.tabulate(&request, &mut Told(&mut progress))?;
    Ok(match table {
        Table::Heaps(line) => {
            let cells = (0..=line.last)
                .map(|k| {
                    let g = line.value(k);
                    let outcome = if g == 0 { Outcome::P } else { Outcome::N };
                    Some((Value::Finite(grundy_core::Nimber(g)), outcome))
                })
                .collect();
            GameValues::Line {
                game: line.game.clone(),
                cells,
                period: line.period,
                theorem: line.theorem,
            }
        }
        Table::Line {
            game,
            cells,
            period,
        } => GameValues::Line {
            game,
            cells,
            period,
            theorem: None,
        },
        Table::Grid {
            game,
            vars,
            upto,
            rows,
            ..
        } => GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        },
        // Vertex `n` is position `n`: vertices are numbered from 1.
        Table::Vertices { game, rows, .. } => GameValues::Line {
            game,
            cells: std::iter::once(None)
                .chain(rows.into_iter().map(|r| Some((r.value, r.outcome))))
                .collect(),
            period: None,
            theorem: None,
        },
    })
}

/// A game valued position by position, each built through the registry and valued on its own:
/// the plain way, fine for the small ranges one checks by eye. Positions the game rejects (e.g. a
/// zero where it needs a positive number) have no value.
pub struct ByPosition {
    spec: GameSpec,
    entry: GameEntry,
    shape: Shape,
}

impl ByPosition {
    /// The value and class of `GAME numbers...`; `None` if the game rejects that position.
    fn value_of(&self, numbers: &[u64]) -> Result<Sample, TableError> {
        let words: Vec<Word> = numbers
            .iter()
            .map(|k| Word::new("a position", k.to_string()))
            .collect();
        let Ok(position) = self.entry.build(&self.spec, &words) else {
            return Ok(None);
        };
        let mut sum = vec![position];
        let analysis = analyse(&mut sum, 0).map_err(|e| {
            let at: Vec<String> = numbers.iter().map(u64::to_string).collect();
            TableError::Compute(format!("{} {}: {e}", self.spec.word.text, at.join(" ")))
        })?;
        Ok(analysis
            .values
            .first()
            .cloned()
            .map(|v| (v, analysis.outcome)))
    }
}

impl ByPosition {
    /// The refusal of a table none of whose positions the game accepts (`cram:3x3`, whose
    /// positions are boards, not sizes): why the first one is rejected, rather than a table of
    /// gaps that says nothing.
    fn no_position(&self, first: &[u64]) -> TableError {
        let words: Vec<Word> = first
            .iter()
            .map(|k| Word::new("a position", k.to_string()))
            .collect();
        let why = match self.entry.build(&self.spec, &words) {
            Err(e) => e.to_string(),
            Ok(_) => "it has no value".into(),
        };
        let at: Vec<String> = first.iter().map(u64::to_string).collect();
        TableError::Input(format!(
            "{}: the game takes none of the table's positions ({} {}: {why})",
            self.spec.word.text,
            self.spec.word.text,
            at.join(" ")
        ))
    }
}

/// Tells `watch` that `done` of `total` are valued; an error if it asks to stop.
fn tell(watch: &mut dyn Watch, done: u64, total: u64) -> Result<(), TableError> {
    if watch.progress(done, total) {
        Ok(())
    } else {
        Err(TableError::Interrupted { kept: None })
    }
}

impl Tabulate for ByPosition {
    fn name(&self) -> &str {
        &self.spec.word.text
    }

    fn shape(&self) -> Shape {
        self.shape
    }

    fn supports(&self) -> Supports {
        Supports::default()
    }

    fn tabulate(&self, request: &Request, watch: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        if self.shape == Shape::None {
            return Err(TableError::Input(self.spec.error(
                "this game's positions are not one or two numbers: table, check and plot need heap, two-heap, graph or board games",
            ).to_string()));
        }
        if self.spec.params.as_deref() == Some("-") {
            // Each position is built on its own, and standard input can be read only once.
            return Err(TableError::Input(self.spec.error(
                "a game read from standard input cannot be valued position by position: give a file or an inline list",
            ).to_string()));
        }
        let defaults = request.defaults.unwrap_or(DEFAULTS);
        if self.shape == Shape::Line {
            let n = match &request.upto {
                Some(t) => parse_number_text(t, &Setting::Upto.to_string(), MAX_POSITIONS)
                    .map_err(|m| TableError::Input(format!("{} ('{t}'): {m}", Setting::Upto)))?,
                None => defaults.line,
            };
            let cells = (0..=n)
                .map(|k| {
                    tell(watch, k, n + 1)?;
                    self.value_of(&[k])
                })
                .collect::<Result<Vec<_>, _>>()?;
            if cells.iter().all(Option::is_none) {
                return Err(self.no_position(&[0]));
            }
            return Ok(Table::Line {
                game: self.spec.word.text.clone(),
                cells,
                period: None,
            });
        }
        let (ma, mb) = match &request.upto {
            Some(t) => parse_range(t, 1 << 30)?,
            None => (defaults.side, defaults.side),
        };
        check_size(ma, mb)?;
        let total = (ma + 1) * (mb + 1);
        let rows = (0..=mb)
            .map(|b| {
                (0..=ma)
                    .map(|a| {
                        // Per position: each may be a search of its own (Chomp).
                        tell(watch, b * (ma + 1) + a, total)?;
                        self.value_of(&[a, b])
                    })
                    .collect()
            })
            .collect::<Result<Vec<Vec<_>>, _>>()?;
        if rows.iter().flatten().all(Option::is_none) {
            return Err(self.no_position(&[0, 0]));
        }
        Ok(Table::Grid {
            game: self.spec.word.text.clone(),
            vars: ["a", "b"],
            upto: (ma, mb),
            kind: GridKind::Pairs,
            rows,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> impl FnMut(u64, u64) -> bool {
        |_, _| true
    }

    fn values(words: &[Word], upto: Option<&str>) -> GameValues {
        compute(
            &crate::registry::standard(),
            words,
            upto,
            DEFAULTS,
            &mut quiet(),
        )
        .unwrap()
    }

    fn line(values: GameValues) -> Vec<Sample> {
        match values {
            GameValues::Line { cells, .. } => cells,
            GameValues::Grid { .. } => panic!("a heap game is one-dimensional"),
        }
    }

    /// The table engine and the plain way (each position built through the registry and valued
    /// on its own) agree, values and classes.
    #[test]
    fn table_values_match_the_registry_position_by_position() {
        for name in [
            "0.77",
            "0.137",
            "sub:1,3,4",
            "lasker",
            "grundys-game",
            "bash:3",
        ] {
            let word = Word::new("argument 1", name);
            let table = line(values(std::slice::from_ref(&word), Some("40")));
            let (entry, spec) = crate::registry::standard().lookup(&word).unwrap();
            let plain = ByPosition {
                spec,
                entry,
                shape: Shape::Line,
            };
            let plain = line(values_of(&plain, Some("40"), DEFAULTS, &mut quiet()).unwrap());
            assert_eq!(table, plain, "{name}");
        }
    }

    #[test]
    fn two_number_games_are_grids_in_a_and_b() {
        let word = Word::new("argument 1", "wythoff");
        let GameValues::Grid { vars, rows, .. } = values(&[word], Some("4x3")) else {
            panic!("wythoff takes two heaps")
        };
        assert_eq!(vars, ["a", "b"]);
        assert_eq!((rows.len(), rows[0].len()), (4, 5));
        // (1, 2) and (2, 1) are Wythoff's first P-positions after (0, 0).
        assert_eq!(rows[2][1].as_ref().map(|c| c.1), Some(Outcome::P));
        assert_eq!(rows[1][2].as_ref().map(|c| c.1), Some(Outcome::P));
        assert_eq!(rows[1][1].as_ref().map(|c| c.1), Some(Outcome::N));
    }
}
