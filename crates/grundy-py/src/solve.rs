//! Solving a position from Python: the verdict under each convention, as the CLI's `solve --json`
//! line, with the parts asked for checked as the CLI checks its flags.

use grundy_core::every::{analyse_every, analyse_every_outcome};
use grundy_core::misere::analyse_misere;
use grundy_core::{analyse, analyse_outcome, analyse_value, Component, SolveError};
use grundy_games::spec::Word;
use grundy_games::{registry, report};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{solve_error, spec_error, SameThread, ValueError};

pub(crate) fn convention(name: &str) -> PyResult<()> {
    match name {
        "normal" | "misere" | "every" => Ok(()),
        other => Err(PyValueError::new_err(format!(
            "convention must be 'normal', 'misere' or 'every', not {other:?}"
        ))),
    }
}

/// Which of the verdict's parts are looked for: `outcome`, who wins alone by the outcome-only
/// search where it applies (`grundy solve --outcome`); `moves: false`, the verdict without the
/// winning moves (`grundy solve --no-moves`, with `--every` too).
#[derive(Clone, Copy)]
pub(crate) struct Asked {
    limit: usize,
    outcome: bool,
    moves: bool,
}

/// The verdict on `components` under `convention`, as the CLI's JSON line.
pub(crate) fn verdict(
    py: Python<'_>,
    components: Vec<Box<dyn Component>>,
    convention: &str,
    asked: Asked,
) -> Result<String, SolveError> {
    let Asked {
        limit,
        outcome,
        moves,
    } = asked;
    let cell = SameThread(components);
    let convention = convention.to_string();
    py.allow_threads(move || {
        let mut cell = cell;
        let components = &mut cell.0;
        match convention.as_str() {
            "misere" => {
                let a = analyse_misere(components, limit)?;
                Ok(report::misere(components, &a))
            }
            "every" => {
                let a = if moves {
                    analyse_every(components, limit)?
                } else {
                    analyse_every_outcome(components)?
                };
                Ok(report::every(components, &a))
            }
            _ if outcome => {
                let a = analyse_outcome(components)?;
                Ok(report::normal(components, &a))
            }
            _ if !moves => {
                let a = analyse_value(components)?;
                Ok(report::normal(components, &a))
            }
            _ => {
                let a = analyse(components, limit)?;
                Ok(report::normal(components, &a))
            }
        }
    })
}

/// `grundy solve --json WORDS...`: the verdict on a position of registry games.
#[pyfunction]
#[pyo3(signature = (words, convention = "normal", limit = 100, outcome = false, moves = true))]
pub(crate) fn solve_words(
    py: Python<'_>,
    words: Vec<String>,
    convention: &str,
    limit: usize,
    outcome: bool,
    moves: bool,
) -> PyResult<String> {
    let asked = asked(convention, limit, outcome, moves)?;
    let words = Word::from_args(&words);
    let components = registry::build_sum(&words).map_err(spec_error)?;
    verdict(py, components, convention, asked).map_err(solve_error)
}

/// The parts asked for, checked as the CLI checks its flags: the outcome-only search is a
/// question of normal play and has no list of moves to skip; misère play has no search without
/// its moves.
pub(crate) fn asked(convention: &str, limit: usize, outcome: bool, moves: bool) -> PyResult<Asked> {
    self::convention(convention)?;
    if outcome && convention != "normal" {
        return Err(PyValueError::new_err(format!(
            "outcome=True asks who wins under normal play; it does not go with the {convention} \
             convention"
        )));
    }
    if outcome && !moves {
        return Err(ValueError(
            "outcome=True already skips the list of moves: give outcome=True or moves=False",
        ));
    }
    if !moves && convention == "misere" {
        return Err(ValueError(
            "moves=False is for normal play and Every-SG, not the misere convention",
        ));
    }
    Ok(Asked {
        limit,
        outcome,
        moves,
    })
}
