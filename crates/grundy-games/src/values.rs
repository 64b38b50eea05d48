//! The values of a game over a range of positions, for `check`, `plot` and `guess` in every
//! front end.
//!
//! Three kinds of games, each with the variables formulas use:
//! - heap games with a table (`TableGame`: octal codes, subtraction, Lasker's Nim, ...): `n`, the
//!   heap size, computed by the table engine of `grundy table`, with its detected period;
//! - boards (`hyper-knights`, `movers:`): `x`, `y`, a token's cell, from one exploration of the
//!   board;
//! - any other registered game, tried as `GAME n` (one number: `n`) and else as `GAME a b` (two
//!   numbers: `a`, `b`, e.g. `wythoff`, `euclid`): each position is built and valued on its own
//!   through the registry. That is the plain way, fine for the small ranges one checks by eye;
//!   positions the game rejects (e.g. a zero where it needs a positive number) are skipped.

use grundy_core::{analyse, Outcome, Value};

use crate::graph::movers::{Movers, Point};
use crate::heap::sparse::Method;
use crate::heap::table::by_stages;
use crate::registry::{self, build_sum};
use crate::script::{Position, ScriptGame};
use crate::spec::{parse_number_text, GameSpec, SpecError, Tabulation, Word};

/// Why the values could not be computed.
#[derive(Debug, thiserror::Error)]
pub enum ValuesError {
    /// The game or the range was given wrong.
    #[error("{0}")]
    Input(String),
    /// The computation failed.
    #[error("{0}")]
    Compute(String),
    /// `progress` asked to stop.
    #[error("interrupted")]
    Interrupted,
    /// A solver stopped (a cap, the memory budget): the front end says which option raises it.
    #[error(transparent)]
    Solve(#[from] grundy_core::SolveError),
}

impl From<SpecError> for ValuesError {
    fn from(e: SpecError) -> Self {
        ValuesError::Input(e.to_string())
    }
}

/// Told `(done, total)` positions as the values are computed; returns `false` to stop them
/// ([`ValuesError::Interrupted`]).
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// A count of positions, told to `progress` as it goes.
struct LazyBar<'p, 'a> {
    progress: &'p mut Progress<'a>,
    total: u64,
}

impl<'p, 'a> LazyBar<'p, 'a> {
    fn new(progress: &'p mut Progress<'a>, total: u64) -> Self {
        LazyBar { progress, total }
    }

    /// Tells `done`; an error if the listener asks to stop.
    fn set(&mut self, done: u64) -> Result<(), ValuesError> {
        if (self.progress)(done, self.total) {
            Ok(())
        } else {
            Err(ValuesError::Interrupted)
        }
    }
}

/// Default `--upto` for one-variable games.
pub const DEFAULT_UPTO_1D: u64 = 100;
/// Default `--upto` of each variable of two-variable games.
pub const DEFAULT_UPTO_2D: u64 = 15;
/// The most positions one command values.
pub const MAX_POSITIONS: u64 = 4_000_000;

pub use crate::plot::{GameValues, Sample};

fn parse_upto(text: &str, max: u64) -> Result<(u64, u64), ValuesError> {
    let bad = |m: String| ValuesError::Input(format!("--upto ('{text}'): {m}"));
    let number = |t: &str| parse_number_text(t, "--upto", max).map_err(bad);
    match text.split_once(['x', 'X']) {
        Some((x, y)) => Ok((number(x)?, number(y)?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}

/// How far a command values a game when `--upto` is not given.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// The largest position of a one-variable game.
    pub line: u64,
    /// The largest value of each variable of a two-variable game.
    pub side: u64,
}

/// The defaults of `check` and `plot`.
pub const DEFAULTS: Defaults = Defaults {
    line: DEFAULT_UPTO_1D,
    side: DEFAULT_UPTO_2D,
};

/// The values of the game `words` names (the game alone, no position), up to `upto` (`N`, or
/// `XxY` for two-variable games), `defaults` where `upto` is not given; `progress` is told how
/// many positions are valued when they are valued one by one.
pub fn compute(
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
            .error("give the game alone: its positions are the range --upto covers")
            .into());
    }
    let (entry, spec) = registry::lookup(first)?;
    if let Some(Tabulation::Heaps(table)) = entry.table {
        let game = table(&spec)?;
        let n = match upto {
            Some(t) => parse_number_text(t, "--upto", MAX_POSITIONS)
                .map_err(|m| ValuesError::Input(format!("--upto ('{t}'): {m}")))?,
            None => defaults.line,
        };
        // In doubling stages until a theorem proves the period; the proved period gives the
        // rest (Dawson's Kayles to 10^6 is 2047 values computed, not a million).
        let mut computed: Vec<u32> = Vec::new();
        let period = by_stages(n, |upto| {
            computed = game
                .compute(upto, Method::Sparse, &mut |_| true)
                .map_err(|_| ValuesError::Compute("the table was interrupted".into()))?
                .to_vec();
            Ok::<_, ValuesError>(game.period(&computed))
        })?;
        let value = |k: u64| -> Option<u64> {
            match computed.get(k as usize) {
                Some(&g) => Some(g as u64),
                None => period?.extend(|j| computed[j as usize] as u64, k),
            }
        };
        let theorem = period.filter(|p| p.proved).map(|_| game.theorem());
        let cells = (0..=n)
            .map(|k| {
                let g = value(k)?;
                let outcome = if g == 0 { Outcome::P } else { Outcome::N };
                Some((Value::Finite(grundy_core::Nimber(g)), outcome))
            })
            .collect();
        return Ok(GameValues::Line {
            game: game.name().to_string(),
            cells,
            period,
            theorem,
        });
    }
    if spec.params.as_deref() == Some("-") {
        // Each position is built on its own, and standard input can be read only once.
        return Err(first
            .error("a game read from standard input cannot be valued position by position: give a file or an inline list")
            .into());
    }
    if let Some(Tabulation::Points(board_of)) = entry.table {
        return board(&spec, board_of(&spec)?, upto, defaults);
    }
    if let Some(Tabulation::Script(load)) = entry.table {
        return script(&spec, &load(&spec)?, upto, defaults, &mut progress);
    }
    registered(first, upto, defaults, &mut progress)
}

fn board(
    spec: &GameSpec,
    movers: Movers,
    upto: Option<&str>,
    defaults: Defaults,
) -> Result<GameValues, ValuesError> {
    let (mut mx, mut my) = match upto {
        Some(t) => parse_upto(t, crate::graph::movers::MAX_COORDINATE)?,
        None => (defaults.side, defaults.side),
    };
    if let Some((w, h)) = movers.bounds {
        mx = mx.min(w - 1);
        my = my.min(h - 1);
    }
    check_size(mx, my)?;
    let seeds: Vec<Point> = (0..=my as u32)
        .flat_map(|y| (0..=mx as u32).map(move |x| (x, y)))
        .collect();
    let explored = movers.explore(spec, &seeds)?;
    let game = explored.game();
    let rows = (0..=my as u32)
        .map(|y| {
            (0..=mx as u32)
                .map(|x| {
                    explored
                        .vertex((x, y))
                        .map(|v| (game.value(v), game.outcome(v)))
                })
                .collect()
        })
        .collect();
    Ok(GameValues::Grid {
        game: spec.word.text.clone(),
        vars: ["x", "y"],
        upto: (mx, my),
        rows,
    })
}

fn script(
    spec: &GameSpec,
    game: &ScriptGame,
    upto: Option<&str>,
    defaults: Defaults,
    progress: &mut Progress<'_>,
) -> Result<GameValues, ValuesError> {
    script_values(&spec.word.text, game, upto, defaults, &mut **progress)
}

/// A game script's (or a Python game's) values, named `name`: positions `0..=N` for `--upto N`,
/// positions `[x, y]` for `--upto XxY`, all valued by one solver (each position once, expanded
/// on every core).
pub fn script_values(
    name: &str,
    game: &ScriptGame,
    upto: Option<&str>,
    defaults: Defaults,
    progress: Progress<'_>,
) -> Result<GameValues, ValuesError> {
    let mut progress = progress;
    let progress = &mut progress;
    let text = upto.map_or_else(|| defaults.line.to_string(), str::to_string);
    let grid = text.contains(['x', 'X']);
    let (mx, my) = parse_upto(&text, MAX_POSITIONS)?;
    check_size(mx, if grid { my } else { 0 })?;
    let positions: Vec<Position> = if grid {
        (0..=my as i64)
            .flat_map(|y| (0..=mx as i64).map(move |x| Position::Duo(x, y)))
            .collect()
    } else {
        (0..=mx as i64).map(Position::Int).collect()
    };
    let mut bar = LazyBar::new(progress, positions.len() as u64);
    let mut stopped = false;
    let mut progress = |done: usize| {
        stopped = bar.set(done as u64).is_err();
        !stopped
    };
    let values = crate::script::table::values(game, &positions, &mut progress)?;
    if stopped {
        return Err(ValuesError::Interrupted);
    }
    let sample = |v: Value| {
        let o = crate::script::table::outcome(&v);
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
        return Ok(GameValues::Grid {
            game: name.to_string(),
            vars: ["x", "y"],
            upto: (mx, my),
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
    Ok(GameValues::Line {
        game: name.to_string(),
        cells: values.into_iter().map(sample).collect(),
        period,
        theorem: None,
    })
}

fn check_size(mx: u64, my: u64) -> Result<(), ValuesError> {
    let cells = (mx + 1).saturating_mul(my + 1);
    if cells > MAX_POSITIONS {
        return Err(ValuesError::Input(format!(
            "--upto: {mx}x{my} is more than {MAX_POSITIONS} positions"
        )));
    }
    Ok(())
}

/// The value and class of `GAME numbers...`; `None` if the game rejects that position.
fn value_of(game: &Word, numbers: &[u64]) -> Result<Sample, ValuesError> {
    let mut words = vec![game.clone()];
    words.extend(
        numbers
            .iter()
            .map(|k| Word::new("a position", k.to_string())),
    );
    let Ok(mut sum) = build_sum(&words) else {
        return Ok(None);
    };
    let analysis = analyse(&mut sum, 0).map_err(|e| {
        let at: Vec<String> = numbers.iter().map(u64::to_string).collect();
        ValuesError::Compute(format!("{} {}: {e}", game.text, at.join(" ")))
    })?;
    Ok(analysis
        .values
        .first()
        .cloned()
        .map(|v| (v, analysis.outcome)))
}

fn registered(
    game: &Word,
    upto: Option<&str>,
    defaults: Defaults,
    progress: &mut Progress<'_>,
) -> Result<GameValues, ValuesError> {
    let one = |k| build_sum(&[game.clone(), Word::new("a position", k)]).is_ok();
    let two = build_sum(&[
        game.clone(),
        Word::new("a position", "1"),
        Word::new("a position", "1"),
    ])
    .is_ok();
    if one("1") || one("0") {
        let n = match upto {
            Some(t) => parse_number_text(t, "--upto", MAX_POSITIONS)
                .map_err(|m| ValuesError::Input(format!("--upto ('{t}'): {m}")))?,
            None => defaults.line,
        };
        let mut bar = LazyBar::new(progress, n + 1);
        let cells = (0..=n)
            .map(|k| {
                bar.set(k)?;
                value_of(game, &[k])
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(GameValues::Line {
            game: game.text.clone(),
            cells,
            period: None,
            theorem: None,
        });
    }
    if two {
        let (ma, mb) = match upto {
            Some(t) => parse_upto(t, 1 << 30)?,
            None => (defaults.side, defaults.side),
        };
        check_size(ma, mb)?;
        let mut bar = LazyBar::new(progress, (ma + 1) * (mb + 1));
        let rows = (0..=mb)
            .map(|b| {
                (0..=ma)
                    .map(|a| {
                        // Per position: each may be a search of its own (Chomp).
                        bar.set(b * (ma + 1) + a)?;
                        value_of(game, &[a, b])
                    })
                    .collect()
            })
            .collect::<Result<Vec<Vec<_>>, _>>()?;
        return Ok(GameValues::Grid {
            game: game.text.clone(),
            vars: ["a", "b"],
            upto: (ma, mb),
            rows,
        });
    }
    // Neither shape: let the registry say what is wrong with the name.
    build_sum(std::slice::from_ref(game))?;
    Err(game
        .error("this game's positions are not one or two numbers: check and plot need heap, two-heap or board games")
        .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet() -> impl FnMut(u64, u64) -> bool {
        |_, _| true
    }

    fn values(words: &[Word], upto: Option<&str>) -> GameValues {
        compute(words, upto, DEFAULTS, &mut quiet()).unwrap()
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
            let mut silent = quiet();
            let mut progress: Progress<'_> = &mut silent;
            let plain = line(registered(&word, Some("40"), DEFAULTS, &mut progress).unwrap());
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
