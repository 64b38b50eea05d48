//! Solving a position from Python: the verdict under each convention
//! ([`grundy_front::verdict`]), as the CLI's `solve --json` line.

use grundy_core::Component;
use grundy_front::report;
use grundy_front::verdict::{self, Convention, VerdictError};
use grundy_registry::spec::Word;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{solve_error, spec_error, SameThread};

/// What is asked of a position: its convention, and the parts of the verdict (`outcome`, who
/// wins alone, `grundy solve --outcome`; `moves: false`, `grundy solve --no-moves`).
#[derive(Clone, Copy)]
pub(crate) struct Asked {
    convention: Convention,
    asked: verdict::Asked,
}

/// The verdict on `components`, as the CLI's JSON line.
pub(crate) fn verdict(
    py: Python<'_>,
    components: Vec<Box<dyn Component>>,
    asked: Asked,
) -> PyResult<String> {
    let cell = SameThread(components);
    let limits = crate::session::session().limits().clone();
    py.allow_threads(move || {
        let mut cell = cell;
        let components = &mut cell.0;
        verdict::verdict(components, asked.convention, asked.asked, &limits)
            .map(|v| report::to_json(components, &v))
    })
    .map_err(|e| match e {
        VerdictError::Refused(r) => PyValueError::new_err(crate::worded(r)),
        VerdictError::Solve(e) => solve_error(e),
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
    let components = crate::session::session()
        .games
        .build_sum(&words)
        .map_err(spec_error)?;
    verdict(py, components, asked)
}

/// The question, checked before the position is built, as the CLI checks its flags.
pub(crate) fn asked(convention: &str, limit: usize, outcome: bool, moves: bool) -> PyResult<Asked> {
    let value_error = |e: &dyn std::fmt::Display| PyValueError::new_err(crate::worded(e));
    let convention: Convention = convention.parse().map_err(|e| value_error(&e))?;
    let asked = verdict::Asked {
        outcome_only: outcome,
        moves,
        limit,
    };
    asked.check(convention).map_err(|e| value_error(&e))?;
    Ok(Asked { convention, asked })
}
