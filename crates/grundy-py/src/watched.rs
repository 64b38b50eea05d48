//! Values computed without the GIL, watched from Python: a Ctrl-C seen between positions stops
//! them (and is raised), and with a label their progress is written to `sys.stderr`.

use std::time::{Duration, Instant};

use grundy_front::values::Progress;
use pyo3::prelude::*;

use crate::{write_stderr, SameThread};

/// Runs `work` without the GIL, told `(done, total)` as values are computed (at most every
/// 50 ms it looks for a signal, and with `label` writes `label: done/total positions`); a Ctrl-C
/// seen then stops the values and is raised here.
pub(crate) fn watched<T>(
    py: Python<'_>,
    label: Option<&str>,
    work: impl FnOnce(Progress<'_>) -> T,
) -> PyResult<T> {
    let mut stop: Option<PyErr> = None;
    let out = {
        let cell = SameThread((work, &mut stop));
        py.allow_threads(move || {
            let cell = cell;
            let (work, stop) = cell.0;
            let mut last = Instant::now();
            let mut tell = |done: u64, total: u64| {
                if last.elapsed() < Duration::from_millis(50) {
                    return true;
                }
                last = Instant::now();
                Python::with_gil(|py| match py.check_signals() {
                    Err(e) => {
                        *stop = Some(e);
                        false
                    }
                    Ok(()) => {
                        if let Some(label) = label {
                            write_stderr(py, &format!("\r{label}: {done}/{total} positions"));
                        }
                        true
                    }
                })
            };
            SameThread(work(&mut tell))
        })
        .0
    };
    if label.is_some() {
        write_stderr(py, "\n");
    }
    match stop {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
