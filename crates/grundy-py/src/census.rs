//! The census for Python (`grundy.census`): the family's games, one game's row computed without
//! the GIL (what a Dask task runs on a worker), the results database for the one writer on the
//! client side, and a whole census on this machine's threads. Rows cross as the JSON of
//! [`grundy_census::row::Row`], the same on every machine.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy_census::row::{self, Row, Settings};
use grundy_census::run::{Census, Event};
use grundy_census::store::{Query, Store, StoreError};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

use crate::{session, write_stderr, ComputeError, GameError, SameThread};

fn store_error(e: StoreError) -> PyErr {
    ComputeError::new_err(e.to_string())
}

/// The settings of every row, from the keyword arguments (each checked, named as Python
/// names it).
#[allow(clippy::too_many_arguments)]
fn settings(
    upto: u64,
    misere: Option<u64>,
    guess: bool,
    game_time: Option<f64>,
    game_memory: Option<u64>,
    checkpoints: Option<PathBuf>,
) -> PyResult<Settings> {
    if upto == 0 {
        return Err(PyValueError::new_err("upto must be at least 1"));
    }
    let time = match game_time {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            return Err(PyValueError::new_err(format!(
                "game_time must be a positive number of seconds, not {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    let checkpoints = match checkpoints {
        Some(dir) => {
            std::fs::create_dir_all(&dir).map_err(|e| {
                ComputeError::new_err(format!("cannot make {}: {e}", dir.display()))
            })?;
            // Without the user's key no checkpoint can be sealed: the census goes on without
            // them, and says so.
            match session::session().keyring.trust() {
                Ok(trust) => Some((dir, trust)),
                Err(m) => {
                    Python::with_gil(|py| {
                        write_stderr(
                            py,
                            &format!("grundy: note: this census keeps no checkpoints: {m}\n"),
                        )
                    });
                    None
                }
            }
        }
        None => None,
    };
    Ok(Settings {
        upto,
        misere,
        guess,
        time,
        memory: game_memory,
        checkpoints,
    })
}

/// The games of a family, in order.
#[pyfunction]
pub fn census_games(family: &str) -> PyResult<Vec<String>> {
    grundy_census::family::expand(family, &|p| std::fs::read_to_string(p))
        .map_err(|e| GameError::new_err(format!("family {family:?}: {e}")))
}

/// A spec's moves written one way, or why it names no game: `(True, canonical)` or
/// `(False, error)`.
#[pyfunction]
pub fn census_canonical(spec: &str) -> (bool, String) {
    match row::canonical(&session::session().games, spec) {
        Ok(c) => (true, c),
        Err(e) => (false, e),
    }
}

/// Who computes: `host:pid`, as the database's claims write it.
#[pyfunction]
pub fn census_owner() -> String {
    grundy_census::store::this_owner()
}

/// One game's row as JSON, computed without the GIL; Ctrl-C stops it (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (spec, upto, misere = None, guess = false, game_time = None, game_memory = None, checkpoints = None))]
#[allow(clippy::too_many_arguments)]
pub fn census_row(
    py: Python<'_>,
    spec: &str,
    upto: u64,
    misere: Option<u64>,
    guess: bool,
    game_time: Option<f64>,
    game_memory: Option<u64>,
    checkpoints: Option<PathBuf>,
) -> PyResult<String> {
    let settings = settings(upto, misere, guess, game_time, game_memory, checkpoints)?;
    let session = session::session();
    let stop = AtomicBool::new(false);
    let row = py.allow_threads(|| {
        let mut last = Instant::now();
        let mut told = |_: u64, _: u64| {
            if last.elapsed() >= Duration::from_millis(100) {
                last = Instant::now();
                // A Dask worker's thread sees no signal; the main thread of a script does.
                Python::with_gil(|py| {
                    if py.check_signals().is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                });
            }
        };
        row::compute(&session.games, spec, &settings, &stop, &mut told)
    });
    if stop.load(Ordering::Relaxed) {
        return Err(PyKeyboardInterrupt::new_err("census row stopped"));
    }
    serde_json::to_string(&row).map_err(|e| ComputeError::new_err(e.to_string()))
}

/// The row of a game whose task failed on a cluster (a worker lost, an exception), as JSON.
#[pyfunction]
pub fn census_failed_row(spec: &str, canonical: &str, upto: u64, error: &str) -> PyResult<String> {
    let mut row = Row::pending(spec, canonical, upto);
    row.status = grundy_census::row::Status::Failed;
    row.error = Some(error.to_string());
    serde_json::to_string(&row).map_err(|e| ComputeError::new_err(e.to_string()))
}

/// A census database, for the one writer on the client side of a cluster.
#[pyclass(module = "grundy._grundy", unsendable)]
pub struct CensusStore {
    store: Store,
}

#[pymethods]
impl CensusStore {
    #[new]
    fn new(path: PathBuf) -> PyResult<Self> {
        Ok(CensusStore {
            store: Store::open(&path).map_err(store_error)?,
        })
    }

    /// Records the games of `family`: `(spec, ok, canonical or error)` each.
    fn add(&mut self, family: &str, games: Vec<(String, bool, String)>, upto: u64) -> PyResult<()> {
        let games: Vec<(String, Result<String, String>)> = games
            .into_iter()
            .map(|(s, ok, c)| (s, if ok { Ok(c) } else { Err(c) }))
            .collect();
        self.store.add(family, &games, upto).map_err(store_error)
    }

    /// The games of `family` that need computing.
    fn work(&self, family: &str, upto: u64, retry: bool) -> PyResult<Vec<String>> {
        self.store.work(family, upto, retry).map_err(store_error)
    }

    /// Claims a game for `owner`: whether this census computes it.
    fn claim(&mut self, spec: &str, owner: &str, upto: u64, retry: bool) -> PyResult<bool> {
        Ok(self
            .store
            .claim(spec, owner, upto, retry)
            .map_err(store_error)?
            .is_some())
    }

    /// Writes a row (its JSON, as `census_row` returns it).
    fn write(&mut self, row: &str) -> PyResult<()> {
        let row: Row = serde_json::from_str(row)
            .map_err(|e| PyValueError::new_err(format!("not a census row: {e}")))?;
        self.store.write(&row).map_err(store_error)
    }

    /// Gives a claimed game back.
    fn release(&mut self, spec: &str) -> PyResult<()> {
        self.store.release(spec).map_err(store_error)
    }

    /// The rows a question asks for, as JSON.
    #[pyo3(signature = (query = "all", family = None))]
    fn query(&self, query: &str, family: Option<&str>) -> PyResult<String> {
        let q = Query::parse(query).ok_or_else(|| {
            let names: Vec<&str> = Query::ALL.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!(
                "query {query:?}: the questions are {}",
                names.join(", ")
            ))
        })?;
        let rows = self.store.query(q, family).map_err(store_error)?;
        serde_json::to_string(&rows).map_err(|e| ComputeError::new_err(e.to_string()))
    }

    /// How many games of `family` stand where, as JSON.
    #[pyo3(signature = (family = None))]
    fn counts(&self, family: Option<&str>) -> PyResult<String> {
        let counts = self.store.counts(family).map_err(store_error)?;
        serde_json::to_string(&counts).map_err(|e| ComputeError::new_err(e.to_string()))
    }
}

/// A census on this machine's threads (no cluster), as `grundy census` runs it: the summary as
/// JSON. Ctrl-C stops it, every finished row kept.
#[pyfunction]
#[pyo3(signature = (family, upto, db, jobs, misere = None, guess = false, game_time = None, game_memory = None, retry = false, progress = false))]
#[allow(clippy::too_many_arguments)]
pub fn census_local(
    py: Python<'_>,
    family: &str,
    upto: u64,
    db: PathBuf,
    jobs: usize,
    misere: Option<u64>,
    guess: bool,
    game_time: Option<f64>,
    game_memory: Option<u64>,
    retry: bool,
    progress: bool,
) -> PyResult<String> {
    let games = census_games(family)?;
    let mut dir = db.as_os_str().to_owned();
    dir.push(".checkpoints");
    let settings = settings(
        upto,
        misere,
        guess,
        game_time,
        game_memory,
        Some(PathBuf::from(dir)),
    )?;
    let mut store = Store::open(&db).map_err(store_error)?;
    let session = session::session();
    let census = Census {
        games: &session.games,
        settings,
        jobs: jobs.max(1),
        retry,
    };
    let stop = AtomicBool::new(false);
    let total = games.len();
    let cell = SameThread(&mut store);
    let summary = py.allow_threads(|| {
        let cell = cell;
        let store = cell.0;
        census.run(store, family, &games, &stop, &mut |event| {
            if let Event::Tick { counts, .. } = event {
                Python::with_gil(|py| {
                    if py.check_signals().is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if progress {
                        let done = counts.solved + counts.open + counts.failed + counts.duplicates;
                        let line = format!(
                            "\rcensus: {done}/{total} games ({} solved, {} open, {} failed)",
                            counts.solved, counts.open, counts.failed
                        );
                        write_stderr(py, &line);
                    }
                });
            }
        })
    });
    if progress {
        write_stderr(py, "\n");
    }
    let summary = summary.map_err(store_error)?;
    if stop.load(Ordering::Relaxed) {
        return Err(PyKeyboardInterrupt::new_err(format!(
            "census stopped: {} rows written are kept in {}",
            summary.computed,
            db.display()
        )));
    }
    serde_json::to_string(&summary).map_err(|e| ComputeError::new_err(e.to_string()))
}
