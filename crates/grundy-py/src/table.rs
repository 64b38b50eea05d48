//! `grundy.table`: any registry game's table, as `grundy table` makes it (the game's own
//! [`Tabulate`](grundy_registry::tabulate::Tabulate)), with the options refused as the command
//! refuses them ([`grundy_front::table_options`]); a heap game's values handed over as bytes
//! NumPy views without a copy.

use std::time::{Duration, Instant};

use grundy_front::table_options::{self, TableOptions};
use grundy_registry::spec::Word;
use grundy_registry::tabulate::{GridKind, Request, Table, TableJson, Watch};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{spec_error, values_error, write_stderr, ComputeError, SameThread, ValueError};

/// What a table lends Python's `grundy.table`: Ctrl-C between blocks of values, progress on
/// `sys.stderr` with `progress=True`, and the machine's available memory as the budget (a huge
/// `upto` raises instead of ending the interpreter).
struct PyWatch<'a> {
    name: &'a str,
    progress: bool,
    last: Instant,
    stop: Option<PyErr>,
}

impl Watch for PyWatch<'_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        if self.last.elapsed() < Duration::from_millis(50) {
            return true;
        }
        self.last = Instant::now();
        Python::with_gil(|py| {
            if self.progress {
                write_stderr(py, &format!("\r{}: {done}/{total} values", self.name));
            }
            match py.check_signals() {
                Ok(()) => true,
                Err(err) => {
                    self.stop = Some(err);
                    false
                }
            }
        })
    }

    fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), String> {
        fits(what, bytes)
    }

    fn warn(&mut self, message: &str) {
        Python::with_gil(|py| write_stderr(py, &format!("grundy: warning: {message}\n")));
    }

    fn note(&mut self, message: &str) {
        if self.progress {
            Python::with_gil(|py| write_stderr(py, &format!("grundy: {message}\n")));
        }
    }

    fn budget(&self) -> Option<u64> {
        grundy_core::search::available_memory().map(|a| a / 10 * 9)
    }
}

/// An error unless `bytes` more for `what` fit in nine tenths of the memory available now.
pub(crate) fn fits(what: &str, bytes: u64) -> Result<(), String> {
    match grundy_core::search::available_memory() {
        Some(available) if bytes > available / 10 * 9 => Err(format!(
            "{what} would need about {} MiB, more than the {} MiB this machine has available",
            bytes >> 20,
            available >> 20
        )),
        _ => Ok(()),
    }
}

/// `grundy table`'s values of any registry game: `(kind, name, payload, period)`. For a heap
/// game (`kind` `"heaps"`) the payload is the values as little-endian u64 bytes (NumPy views
/// them) and the period `(preperiod, period, saltus, proved, checked_upto)` when asked for; for
/// any other game (`"line"`, `"grid"`, `"board"`, `"vertices"`) it is the JSON of
/// `grundy table --json`, period included.
#[pyfunction]
#[pyo3(signature = (spec, upto = None, period = false, naive = false, progress = false))]
#[allow(clippy::type_complexity)]
pub(crate) fn table(
    py: Python<'_>,
    spec: &str,
    upto: Option<&str>,
    period: bool,
    naive: bool,
    progress: bool,
) -> PyResult<(String, String, PyObject, Option<PeriodTuple>)> {
    let word = Word::new("argument 1", spec);
    let game =
        grundy_front::values::open(&crate::session::session().games, &word).map_err(spec_error)?;
    let asked = TableOptions {
        period,
        naive,
        ..TableOptions::default()
    };
    if let Err(option) = table_options::refuse(game.as_ref(), asked) {
        return Err(ValueError(&option.refusal(game.name())));
    }
    let request = Request {
        upto: upto.map(str::to_string),
        // The command line's defaults where the game has none of its own.
        defaults: None,
        period,
        max: None,
        naive,
        checkpoint: None,
    };
    let mut watch = PyWatch {
        name: game.name(),
        progress,
        last: Instant::now(),
        stop: None,
    };
    let made = {
        let cell = SameThread((game.as_ref(), &request, &mut watch));
        py.allow_threads(move || {
            let cell = cell;
            let (game, request, watch) = cell.0;
            SameThread(game.tabulate(request, watch))
        })
        .0
    };
    if progress {
        write_stderr(py, "\n");
    }
    if let Some(e) = watch.stop.take() {
        return Err(e);
    }
    let made = made.map_err(values_error)?;
    let name = made.game().to_string();
    let Table::Heaps(line) = &made else {
        let kind = match &made {
            Table::Line { .. } => "line",
            Table::Grid {
                kind: GridKind::Board,
                ..
            } => "board",
            Table::Grid { .. } => "grid",
            _ => "vertices",
        };
        let json = TableJson {
            table: &made,
            values: true,
            period,
        };
        let text = crate::worded(serde_json::to_string(&json).expect("a table is JSON"));
        return Ok((kind.into(), name, text.into_py(py), None));
    };
    let count = usize::try_from(line.last + 1)
        .map_err(|_| ValueError("upto is too large for this machine"))?;
    fits(
        &format!("the values of {name} up to {} as Python bytes", line.last),
        (count as u64).saturating_mul(8),
    )
    .map_err(|m| ComputeError::new_err(crate::worded(m)))?;
    // The values are written once, straight into the bytes object NumPy then views.
    let bytes = PyBytes::new_bound_with(py, count * 8, |buf| {
        for (n, chunk) in buf.chunks_exact_mut(8).enumerate() {
            chunk.copy_from_slice(&line.value(n as u64).to_le_bytes());
        }
        Ok(())
    })?;
    let found = line.period;
    let period = period.then(|| {
        (
            found.map(|p| p.preperiod),
            found.map(|p| p.period),
            found.map(|p| p.saltus),
            found.is_some_and(|p| p.proved),
            line.computed_last(),
        )
    });
    Ok(("heaps".into(), name, bytes.into_any().unbind(), period))
}

pub(crate) type PeriodTuple = (Option<u64>, Option<u64>, Option<u64>, bool, u64);
