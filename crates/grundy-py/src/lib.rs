//! `grundy._grundy`: the native half of the Python package `grundy`.
//!
//! Each function does what the `grundy` command does, through the same library code: the
//! registry parses specs, [`grundy_front::report`] writes the verdict's JSON (so `to_dict()` is
//! the CLI's `--json`), [`grundy_registry::tabulate::Tabulate`] makes every game's table and the
//! script machinery ([`grundy_script::ScriptGame`]) runs games defined in Python. The
//! Python half (`python/grundy/__init__.py`) turns these answers into objects.
//!
//! Long computations release the GIL and look for Ctrl-C between steps: the KeyboardInterrupt is
//! raised when the computation has stopped, so nothing is left half-written.

// pyo3 0.22's `#[pyfunction]` expansion converts a `PyErr` into itself, which clippy flags at
// every function returning `PyResult`.
#![allow(clippy::useless_conversion)]

mod cache;
mod census;
mod check;
mod host;
mod session;
mod solve;
mod table;
mod watched;
mod words;

use grundy_core::setting::Setting;
use words::worded;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy_core::quotient::Caps;
use grundy_core::{Nimber, Outcome, RulesetComponent, SolveError, Value};
use grundy_front::guess::Settings;
use grundy_front::quotient;
use grundy_front::values::{Defaults, ValuesError};
use grundy_registry::spec::{SpecError, Word};
use grundy_script::{table as script_table, Position, ScriptGame};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use host::{PyCuts, PyHost, PyRepeat, PySplits, Sum};
use solve::{asked, verdict};
use table::PeriodTuple;

/// mimalloc for Rust's allocations (Python's objects keep Python's allocator).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    grundy,
    GameError,
    PyException,
    "A game spec or a position that grundy cannot read (the CLI's exit code 2)."
);
create_exception!(
    grundy,
    ComputeError,
    PyRuntimeError,
    "A computation that could not finish, e.g. past the search limit (the CLI's exit code 1)."
);

fn spec_error(e: SpecError) -> PyErr {
    GameError::new_err(worded(e))
}

/// The CLI's message for a computation that failed.
fn solve_error(e: SolveError) -> PyErr {
    match e {
        SolveError::TableFull { .. } | SolveError::PositionCap { .. } | SolveError::MoveCap { .. } => {
            ComputeError::new_err(format!(
                "{e}; raise it with grundy.set_max_positions(N) (now {}; the solver stores ten times as many)",
                session::session().limits().positions
            ))
        }
        _ => ComputeError::new_err(worded(e)),
    }
}

/// `allow_threads` asks for `Send` as its proof that the closure holds no GIL token; the closure
/// runs on this same thread, so values that are not `Send` (boxed components) may cross.
struct SameThread<T>(T);
// SAFETY: `Python::allow_threads` runs its closure on the calling thread, before it returns.
unsafe impl<T> Send for SameThread<T> {}

/// Whether progress is shown (`progress=True`): read by the script machinery's reporter, a plain
/// function pointer set once.
static SHOW_PROGRESS: AtomicBool = AtomicBool::new(false);

fn report_progress(name: &str, positions: u64) {
    if SHOW_PROGRESS.load(Ordering::Relaxed) {
        let line = format!("\r{name}: {positions} positions expanded");
        Python::with_gil(|py| write_stderr(py, &line));
    }
}

pub(crate) fn report_table(what: &str, done: u64, total: u64) {
    if SHOW_PROGRESS.load(Ordering::Relaxed) {
        let line = format!("\r{what}: {done}/{total}");
        Python::with_gil(|py| write_stderr(py, &line));
    }
}

/// Writes to Python's `sys.stderr` (a notebook shows it, unlike the process's stderr).
fn write_stderr(py: Python<'_>, text: &str) {
    if let Ok(err) = py.import_bound("sys").and_then(|s| s.getattr("stderr")) {
        let _ = err.call_method1("write", (text,));
        let _ = err.call_method0("flush");
    }
}

/// A game defined in Python, as the Rust engine sees it.
#[pyclass(frozen, module = "grundy._grundy")]
struct NativeGame {
    name: String,
    host: Arc<PyHost>,
}

impl NativeGame {
    fn game(&self) -> ScriptGame {
        session::session()
            .scripts
            .hosted(&self.name, self.host.clone())
    }

    /// The exception a function of the game raised, else `e`.
    fn error(&self, e: PyErr) -> PyErr {
        self.host.take_error().unwrap_or(e)
    }

    fn start(&self, game: &ScriptGame, parts: &[Bound<'_, PyAny>]) -> PyResult<Position> {
        // What an earlier call left (a Ctrl-C seen after its last block) is not this call's.
        let _ = self.host.take_error();
        let mut all = Vec::new();
        for p in parts {
            all.extend(host::to_position(p).map_err(|e| GameError::new_err(worded(e)))?);
        }
        let start = game
            .start(all)
            .map_err(|m| self.error(GameError::new_err(worded(m))))?;
        if start.overflows() {
            return Err(GameError::new_err(format!(
                "the position {start} has more than {} copies of one part, the most a count holds",
                i64::MAX
            )));
        }
        Ok(start)
    }

    /// The values of `starts`, without the GIL; Ctrl-C stops it between blocks.
    fn valued(
        &self,
        py: Python<'_>,
        game: &ScriptGame,
        starts: &[Position],
        progress: bool,
    ) -> PyResult<Vec<Value>> {
        let total = starts.len();
        let values = py.allow_threads(|| {
            let mut last = Instant::now();
            script_table::values(game, starts, &mut |done| {
                // Between blocks, on this (the main) thread: the game's functions run on rayon's
                // threads, which never see a signal.
                Python::with_gil(|py| {
                    if let Err(e) = py.check_signals() {
                        self.host.keep(e);
                    }
                    if progress && last.elapsed() > Duration::from_millis(200) {
                        last = Instant::now();
                        let line = format!("\r{}: {done}/{total} values", game_name(game));
                        write_stderr(py, &line);
                    }
                });
                true
            })
        });
        if progress {
            write_stderr(py, "\n");
        }
        let values = values.map_err(|e| self.error(solve_error(e)))?;
        if let Some(e) = self.host.take_error() {
            return Err(e);
        }
        Ok(values)
    }
}

#[pymethods]
impl NativeGame {
    #[new]
    #[pyo3(signature = (name, moves, components = None, canonical = None, show = None, describe = None))]
    fn new(
        name: String,
        moves: PyObject,
        components: Option<PyObject>,
        canonical: Option<PyObject>,
        show: Option<PyObject>,
        describe: Option<PyObject>,
    ) -> Self {
        let size = session::session().scripts.settings().limits.size;
        let host = PyHost::new(&name, moves, components, canonical, show, describe, size);
        NativeGame {
            name,
            host: Arc::new(host),
        }
    }

    /// The verdict on the sum of `positions`, as the CLI's JSON line.
    #[pyo3(signature = (positions, convention = "normal", limit = 100, progress = false, outcome = false, moves = true))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        positions: Vec<Bound<'_, PyAny>>,
        convention: &str,
        limit: usize,
        progress: bool,
        outcome: bool,
        moves: bool,
    ) -> PyResult<String> {
        let asked = asked(convention, limit, outcome, moves)?;
        if positions.is_empty() {
            return Err(ValueError("give a position of the game"));
        }
        let game = self.game();
        let start = self.start(&game, &positions)?;
        let mut component = RulesetComponent::boxed(game, start);
        component.limit(session::session().limits().clone());
        let components = vec![component];
        SHOW_PROGRESS.store(progress, Ordering::Relaxed);
        let verdict = verdict(py, components, asked);
        SHOW_PROGRESS.store(false, Ordering::Relaxed);
        if progress {
            write_stderr(py, "\n");
        }
        let verdict = verdict.map_err(|e| self.error(e))?;
        // An exception the engine could work around (in `show` or `describe`) still reaches the
        // caller, and does not wait to spoil the next call.
        match self.host.take_error() {
            Some(e) => Err(e),
            None => Ok(verdict),
        }
    }

    /// The values of `positions` (each one position), as a JSON array.
    #[pyo3(signature = (positions, progress = false))]
    fn values(
        &self,
        py: Python<'_>,
        positions: Vec<Bound<'_, PyAny>>,
        progress: bool,
    ) -> PyResult<String> {
        let game = self.game();
        let mut starts = Vec::with_capacity(positions.len());
        for p in &positions {
            starts.push(self.start(&game, std::slice::from_ref(p))?);
        }
        let values = self.valued(py, &game, &starts, progress)?;
        Ok(worded(
            serde_json::to_string(&values).expect("values are JSON"),
        ))
    }

    /// `grundy guess --json` of this game: on the positions `0..=N` for `upto` `"N"`, on the
    /// pairs `(x, y)` for `"XxY"` (the ranges of a game script's `guess`); without `upto` the
    /// table grows as `grundy guess`'s does.
    #[pyo3(signature = (upto = None, p_positions = false, max_size = 7, progress = false))]
    fn guess(
        &self,
        py: Python<'_>,
        upto: Option<&str>,
        p_positions: bool,
        max_size: u32,
        progress: bool,
    ) -> PyResult<String> {
        let settings = guess_settings(max_size)?;
        let game = grundy_script::ScriptTable::named(&self.name, self.game());
        let _ = self.host.take_error();
        let report = py.allow_threads(|| {
            let mut last = Instant::now();
            let mut tell = |done: u64, total: u64| {
                // Between blocks, on this thread: the game's functions run on rayon's threads,
                // which never see a signal; the host keeps it and the values stop.
                Python::with_gil(|py| match py.check_signals() {
                    Err(e) => {
                        self.host.keep(e);
                        false
                    }
                    Ok(()) => {
                        if progress && last.elapsed() > Duration::from_millis(200) {
                            last = Instant::now();
                            let line = format!("\r{}: {done}/{total} values", self.name);
                            write_stderr(py, &line);
                        }
                        true
                    }
                })
            };
            let mut values = |upto: Option<&str>| {
                grundy_front::values::values_of(&game, upto, GUESS_DEFAULTS, &mut tell)
            };
            grundy_front::guess::guess_growing(&mut values, upto, p_positions, &settings)
        });
        if progress {
            write_stderr(py, "\n");
        }
        if let Some(e) = self.host.take_error() {
            return Err(e);
        }
        let report = report.map_err(|e| self.error(values_error(e)))?;
        Ok(worded(
            serde_json::to_string(&report).expect("a report is JSON"),
        ))
    }

    /// `grundy.check` of this game: the first counterexample of `formula` (a formula text or a
    /// callable) on the positions `0..=N`, or the pairs `(x, y)` for `XxY`.
    #[pyo3(signature = (formula, upto = None, start = 0, outcome = false))]
    fn check(
        &self,
        py: Python<'_>,
        formula: &Bound<'_, PyAny>,
        upto: Option<&str>,
        start: u64,
        outcome: bool,
    ) -> PyResult<check::Checked> {
        self.check_values(py, formula, upto, start, outcome)
    }

    /// `grundy quotient --json` of this game, its integer positions played as heaps.
    #[pyo3(signature = (upto, max_order, max_states, max_candidate))]
    fn quotient(
        &self,
        py: Python<'_>,
        upto: u64,
        max_order: usize,
        max_states: usize,
        max_candidate: usize,
    ) -> PyResult<String> {
        let game = self.game();
        let _ = self.host.take_error();
        let caps = quotient_caps(max_order, max_states, max_candidate)?;
        let q = py.allow_threads(|| {
            quotient::compute_script(&game, upto, caps, &mut |_, _| {
                Python::with_gil(|py| match py.check_signals() {
                    Ok(()) => true,
                    Err(e) => {
                        self.host.keep(e);
                        false
                    }
                })
            })
        });
        if let Some(e) = self.host.take_error() {
            return Err(e);
        }
        let q = q.map_err(|m| GameError::new_err(worded(m)))?;
        let report = quotient::report(&self.name, &q, &CAP_NAMES);
        Ok(worded(
            serde_json::to_string(&report).expect("a report is JSON"),
        ))
    }
}

/// The keyword arguments that raise a quotient's caps.
const CAP_NAMES: quotient::CapNames = quotient::CapNames {
    order: "max_order=",
    states: "max_states=",
    candidate: "max_candidate=",
};

/// The caps of a quotient, each checked.
fn quotient_caps(order: usize, states: usize, candidate: usize) -> PyResult<Caps> {
    for (name, value) in [
        ("max_order", order),
        ("max_states", states),
        ("max_candidate", candidate),
    ] {
        if value < 1 {
            return Err(ValueError(&format!("{name} must be at least 1")));
        }
    }
    Ok(Caps {
        order,
        states,
        candidate,
        limits: session::session().limits().clone(),
        // Ctrl-C is seen between heap sizes, where the progress callback checks for signals.
        stop: None,
    })
}

/// `grundy quotient --json SPEC`: the misère quotient of a registry heap game, or of a game
/// script on heaps.
#[pyfunction]
#[pyo3(signature = (spec, upto, max_order, max_states, max_candidate))]
fn quotient_json(
    py: Python<'_>,
    spec: &str,
    upto: u64,
    max_order: usize,
    max_states: usize,
    max_candidate: usize,
) -> PyResult<String> {
    let caps = quotient_caps(max_order, max_states, max_candidate)?;
    let mut stop: Option<PyErr> = None;
    let word = Word::new("argument 1", spec);
    let q = {
        let cell = SameThread((&word, &mut stop));
        py.allow_threads(move || {
            let cell = cell;
            let (word, stop) = cell.0;
            quotient::compute(&session::session().games, word, upto, caps, &mut |_, _| {
                Python::with_gil(|py| match py.check_signals() {
                    Ok(()) => true,
                    Err(e) => {
                        *stop = Some(e);
                        false
                    }
                })
            })
        })
    };
    if let Some(e) = stop {
        return Err(e);
    }
    let q = q.map_err(spec_error)?;
    let report = quotient::report(spec, &q, &CAP_NAMES);
    Ok(worded(
        serde_json::to_string(&report).expect("a report is JSON"),
    ))
}

/// The table `guess` searches without `upto`, the command line's.
const GUESS_DEFAULTS: Defaults = grundy_front::guess::DEFAULTS;

/// The search's settings: `--max-size`, checked as the CLI checks it.
fn guess_settings(max_size: u32) -> PyResult<Settings> {
    Settings::with_max_size(max_size).map_err(|e| ValueError(&format!("max_size {e}")))
}

/// A failure of [`grundy_front::values::compute`]: a bad `upto` is a `ValueError`, a bad game a
/// `GameError` (as everywhere in the module), a failed computation a `ComputeError`.
fn values_error(e: ValuesError) -> PyErr {
    match e {
        // A bad range names the setting it came from; any other bad input is the game's.
        ValuesError::Input(m) if grundy_core::setting::leading(&m) == Some(Setting::Upto) => {
            ValueError(&m)
        }
        ValuesError::Input(m) => GameError::new_err(worded(m)),
        ValuesError::Compute(m) => ComputeError::new_err(worded(m)),
        ValuesError::Solve(e) => solve_error(e),
        ValuesError::Interrupted { .. } => {
            pyo3::exceptions::PyKeyboardInterrupt::new_err("the values were interrupted")
        }
    }
}

/// `grundy guess --json SPEC`: a formula for the values (or P-positions) of a registry game
/// (heaps, two-number games, boards, `script:FILE`) over `upto` (`N` or `XxY`).
#[pyfunction]
#[pyo3(signature = (spec, upto = None, p_positions = false, max_size = 7, progress = false))]
fn guess_json(
    py: Python<'_>,
    spec: &str,
    upto: Option<&str>,
    p_positions: bool,
    max_size: u32,
    progress: bool,
) -> PyResult<String> {
    let settings = guess_settings(max_size)?;
    let word = Word::new("argument 1", spec);
    let label = progress.then_some(word.text.as_str());
    // The table grows as `grundy guess`'s does when no `upto` is given.
    let values = watched::watched(py, label, |tell| {
        let mut values = |upto: Option<&str>| {
            grundy_front::values::compute(
                &session::session().games,
                std::slice::from_ref(&word),
                upto,
                GUESS_DEFAULTS,
                tell,
            )
        };
        grundy_front::guess::guess_growing(&mut values, upto, p_positions, &settings)
    })?;
    let report = values.map_err(values_error)?;
    py.check_signals()?;
    Ok(worded(
        serde_json::to_string(&report).expect("a report is JSON"),
    ))
}

fn game_name(game: &ScriptGame) -> String {
    use grundy_core::Game;
    game.name()
}

#[allow(non_snake_case)]
fn ValueError(message: &str) -> PyErr {
    PyValueError::new_err(worded(message))
}

/// The registry: `(name, aliases, syntax, rules, example)` for each game.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn games() -> Vec<(String, Vec<String>, String, String, String)> {
    session::session()
        .games
        .iter()
        .map(|e| {
            (
                e.name.to_string(),
                e.aliases.iter().map(|a| a.to_string()).collect(),
                e.syntax.to_string(),
                e.rules.to_string(),
                format!("grundy solve {}", e.example),
            )
        })
        .collect()
}

/// The SVG `grundy plot` draws for the values `G(0..)` of `game` (`None`: no such position),
/// with the period when one was found.
#[pyfunction]
#[pyo3(signature = (game, values, period, width, height))]
fn plot_line(
    game: String,
    values: Vec<Option<u64>>,
    period: Option<PeriodTuple>,
    width: u32,
    height: u32,
) -> PyResult<String> {
    let sides = grundy_front::plot::SIDES;
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(PyValueError::new_err(format!(
            "width and height are pixels, each from {} to {}, not {width}x{height}",
            sides.start(),
            sides.end()
        )));
    }
    let period = period.and_then(|(preperiod, period, saltus, proved, checked_upto)| {
        Some(grundy_registry::period::Period {
            preperiod: preperiod?,
            period: period?,
            saltus: saltus?,
            proved,
            checked_upto,
        })
    });
    let cells = values
        .into_iter()
        .map(|v| {
            v.map(|g| {
                let outcome = if g == 0 { Outcome::P } else { Outcome::N };
                (Value::Finite(Nimber(g)), outcome)
            })
        })
        .collect();
    let values = grundy_front::plot::GameValues::Line {
        game,
        cells,
        period,
        theorem: None,
    };
    grundy_front::plot::svg(&values, width, height).map_err(|m| PyRuntimeError::new_err(worded(m)))
}

/// `grundy explain --json [--misere|--every] WORDS...`: the working behind a position's answer.
#[pyfunction]
#[pyo3(signature = (words, convention = "normal", depth = None))]
fn explain_words(
    py: Python<'_>,
    words: Vec<String>,
    convention: &str,
    depth: Option<usize>,
) -> PyResult<String> {
    use grundy_front::explain::{explain, ExplainError};
    let convention: grundy_front::verdict::Convention =
        convention
            .parse()
            .map_err(|e: grundy_front::verdict::UnknownConvention| {
                PyValueError::new_err(e.to_string())
            })?;
    let session = session::session();
    let words = Word::from_args(&words);
    let limits = session.limits().clone();
    let explained =
        py.allow_threads(|| explain(&session.games, &words, convention, &limits, depth));
    let e = explained.map_err(|e| match e {
        ExplainError::Spec(e) => spec_error(e),
        ExplainError::Solve(e) => solve_error(e),
        ExplainError::Refused(m) => PyValueError::new_err(m),
        other @ ExplainError::Loopy(_) => GameError::new_err(other.to_string()),
    })?;
    serde_json::to_string(&e).map_err(|e| ComputeError::new_err(e.to_string()))
}

/// The SVG picture of an explanation's tree (its JSON, with a tree).
#[pyfunction]
fn tree_svg(explanation: &str) -> PyResult<String> {
    let json: serde_json::Value = serde_json::from_str(explanation)
        .map_err(|e| PyValueError::new_err(format!("not an explanation: {e}")))?;
    let root: grundy_front::explain::tree::Node = serde_json::from_value(json["tree"].clone())
        .map_err(|e| PyValueError::new_err(format!("the explanation has no tree: {e}")))?;
    Ok(grundy_front::explain::tree::svg(&root))
}

/// Sets the search cap (the CLI's `--max-positions N`).
#[pyfunction]
fn set_max_positions(n: usize) -> PyResult<()> {
    if n == 0 {
        return Err(ValueError("the search cap must be at least 1"));
    }
    session::set_max_positions(n, &table::fits).map_err(ComputeError::new_err)
}

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GameError", m.py().get_type_bound::<GameError>())?;
    m.add("ComputeError", m.py().get_type_bound::<ComputeError>())?;
    m.add_class::<Sum>()?;
    m.add_class::<PySplits>()?;
    m.add_class::<PyRepeat>()?;
    m.add_class::<PyCuts>()?;
    m.add_class::<NativeGame>()?;
    m.add_function(wrap_pyfunction!(solve::solve_words, m)?)?;
    m.add_function(wrap_pyfunction!(explain_words, m)?)?;
    m.add_function(wrap_pyfunction!(tree_svg, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(set_max_positions, m)?)?;
    m.add_function(wrap_pyfunction!(plot_line, m)?)?;
    m.add_function(wrap_pyfunction!(quotient_json, m)?)?;
    m.add_function(wrap_pyfunction!(guess_json, m)?)?;
    m.add_function(wrap_pyfunction!(check::check_spec, m)?)?;
    m.add_function(wrap_pyfunction!(cache::open_cache, m)?)?;
    m.add_function(wrap_pyfunction!(cache::close_cache, m)?)?;
    m.add_class::<census::CensusStore>()?;
    m.add_function(wrap_pyfunction!(census::census_games, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_owner, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_row, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_failed_row, m)?)?;
    m.add_function(wrap_pyfunction!(census::census_local, m)?)?;
    Ok(())
}
