//! `grundy.check`: a conjectured formula against a game's values, by the walk the CLI's
//! `grundy check` makes ([`grundy_front::check::walk`]): the same positions in the same order,
//! the same ones skipped, the same comparison. The conjecture is a formula of the formula
//! language (the CLI's `--formula`) or a Python function of the variables.

use grundy_front::check::{self, Answer, CheckError, Conjecture, WalkError};
use grundy_front::values::{GameValues, DEFAULTS};
use grundy_registry::spec::Word;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyString, PyTuple};
use serde_json::Value as Json;

use crate::watched::watched;
use crate::{values_error, NativeGame};

/// What `check` hands the Python half: the counterexample `(position, formula's value, true
/// value)` if there is one, and the note on a `^` (the old power) a formula text may need.
pub(crate) type Checked = (Option<(PyObject, PyObject, PyObject)>, Option<String>);

/// `grundy.check(spec, formula, ...)` for a game of the registry, its values over `upto` (`N`
/// or `XxY`; the CLI's defaults without it).
#[pyfunction]
#[pyo3(signature = (spec, formula, upto, start, outcome))]
pub(crate) fn check_spec(
    py: Python<'_>,
    spec: &str,
    formula: &Bound<'_, PyAny>,
    upto: Option<&str>,
    start: u64,
    outcome: bool,
) -> PyResult<Checked> {
    let word = Word::new("argument 1", spec);
    let values = watched(py, None, |tell| {
        grundy_front::values::compute(
            &crate::session::session().games,
            std::slice::from_ref(&word),
            upto,
            DEFAULTS,
            tell,
        )
    })?
    .map_err(values_error)?;
    run(py, &values, formula, start, outcome)
}

impl NativeGame {
    /// `grundy.check` of this game: on the positions `0..=N`, or the pairs `(x, y)` for `XxY`.
    pub(crate) fn check_values(
        &self,
        py: Python<'_>,
        formula: &Bound<'_, PyAny>,
        upto: Option<&str>,
        start: u64,
        outcome: bool,
    ) -> PyResult<Checked> {
        let game = grundy_script::ScriptTable::named(&self.name, self.game());
        let _ = self.host.take_error();
        let values = watched(py, None, |tell| {
            grundy_front::values::values_of(&game, upto, DEFAULTS, tell)
        });
        if let Some(e) = self.host.take_error() {
            return Err(e);
        }
        let values = values?.map_err(|e| self.error(values_error(e)))?;
        run(py, &values, formula, start, outcome)
    }
}

/// The check of `formula` (a formula text, or a callable) on `values`.
fn run(
    py: Python<'_>,
    values: &GameValues,
    formula: &Bound<'_, PyAny>,
    start: u64,
    outcome: bool,
) -> PyResult<Checked> {
    if let Ok(text) = formula.downcast::<PyString>() {
        let text: String = text.extract()?;
        let checked = check::check_formula(values, &text, start, outcome).map_err(|e| match e {
            CheckError::Formula(e) => ValueError(format!("formula, {e}")),
            CheckError::Walk(e) => walk_error(e, |at, error| {
                ValueError(format!("formula at {}: {error}", check::place(&at)))
            }),
        })?;
        let found = checked.found.map(|c| {
            let expected = match &c.expected {
                // Past 64 bits the formula's answer is JSON text: it is a Python int.
                Json::String(digits) => digits
                    .parse::<i128>()
                    .map_or_else(|_| digits.into_py(py), |i| i.into_py(py)),
                other => json_to_py(py, other),
            };
            let at: Vec<u64> = c.at.iter().map(|(_, v)| *v).collect();
            (position(py, &at), expected, json_to_py(py, &c.actual))
        });
        let note = checked.caret.map(|(then, place)| {
            format!(
                "`^` is XOR (as in C and Python), not a power; with `^` as a power the formula \
                 would give {then} at {place}; write `**` for powers"
            )
        });
        return Ok((found, note));
    }
    if !formula.is_callable() {
        return Err(ValueError(
            "formula must be a formula (a string, as the command line's) or callable: a \
             function of n, or of x and y"
                .into(),
        ));
    }
    let mut conjecture = Callable { f: formula.clone() };
    // An exception the function raised is raised as it is, with its traceback.
    let found = check::walk(values, start, outcome, &mut conjecture)
        .map_err(|e| walk_error(e, |_, raised| raised))?;
    Ok((
        found.map(|f| {
            let at: Vec<u64> = f.at.iter().map(|(_, v)| *v).collect();
            (
                position(py, &at),
                f.said.unbind(),
                json_to_py(py, &f.actual),
            )
        }),
        None,
    ))
}

/// A walk's failure as Python's exception, the keyword arguments named as Python names them; a
/// conjecture's own error, at a position, through `conjecture`.
fn walk_error<E>(
    e: WalkError<E>,
    conjecture: impl FnOnce(Vec<(&'static str, u64)>, E) -> PyErr,
) -> PyErr {
    match e {
        WalkError::Empty { from, top } => ValueError(format!(
            "start ({from}) is beyond upto ({top}): nothing would be checked"
        )),
        WalkError::Conjecture { at, error } => conjecture(at, error),
        WalkError::Truth { at } => ValueError(format!(
            "formula at {}: the formula gives True or False; give outcome=True to check P-positions",
            check::place(&at)
        )),
        WalkError::Number { at } => ValueError(format!(
            "formula at {}: with outcome=True the formula must be True or False (is this a P-position?)",
            check::place(&at)
        )),
    }
}

/// A Python function of the variables (`f(n)`, `f(x, y)`) as a conjecture: what it returns is
/// kept as it is for the counterexample, and compared as Python compares it (`3.0` is `3`;
/// anything but a number or a truth value agrees with no position).
struct Callable<'py> {
    f: Bound<'py, PyAny>,
}

impl<'py> Conjecture for Callable<'py> {
    type Said = Bound<'py, PyAny>;
    type Error = PyErr;

    fn says(&mut self, at: &[(&'static str, u64)]) -> PyResult<Bound<'py, PyAny>> {
        let args = PyTuple::new_bound(self.f.py(), at.iter().map(|(_, v)| *v));
        self.f.call1(args)
    }

    fn read(&self, said: &Bound<'py, PyAny>) -> Option<Answer> {
        if let Ok(b) = said.downcast::<PyBool>() {
            return Some(Answer::Bool(b.is_true()));
        }
        if let Ok(f) = said.downcast::<PyFloat>() {
            let f = f.value();
            // Whole and well inside 128 bits: the integer Python finds it equal to.
            return (f.fract() == 0.0 && f.abs() < 1e38).then_some(Answer::Int(f as i128));
        }
        said.extract::<i128>().ok().map(Answer::Int)
    }
}

/// A position as Python's `check` gives it: `n`, or the pair `(x, y)`.
fn position(py: Python<'_>, at: &[u64]) -> PyObject {
    match at {
        [n] => n.into_py(py),
        _ => PyTuple::new_bound(py, at).into_any().unbind(),
    }
}

/// A JSON value (a number, a string such as `"inf(...)"`, a truth value) as Python's.
fn json_to_py(py: Python<'_>, j: &Json) -> PyObject {
    match j {
        Json::Bool(b) => b.into_py(py),
        Json::Number(n) => match n.as_u64() {
            Some(u) => u.into_py(py),
            None => n.as_i64().map_or_else(|| py.None(), |i| i.into_py(py)),
        },
        Json::String(s) => s.into_py(py),
        _ => py.None(),
    }
}

#[allow(non_snake_case)]
fn ValueError(message: String) -> PyErr {
    PyValueError::new_err(crate::worded(message))
}
