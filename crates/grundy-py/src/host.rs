//! Games defined in Python (`grundy.Game`): a [`Host`] for the script machinery of
//! `grundy-games`, so a Python game has the positions, options, sums, memo and caps of a Rhai
//! script and moves between the two without surprises.
//!
//! Positions cross as Python ints, strings and tuples (nested); `grundy.Sum(a, b)` is a sum and a
//! `range` of step 1 is every integer in it (iterated natively, as a script's `a..b`), also in
//! one slot of an option (`(x, range(a, b))`, `Sum(range(a, b), y)`: a script's `[x, a..b]`,
//! kept as one family); `grundy.repeat(x, n)` is a script's `repeat(x, n)`, `n` copies of a part
//! kept as two values; `grundy.splits(m)` and `grundy.cuts(w, h)` are a script's `splits` and
//! `cuts`. The first
//! exception a function raises is kept whole (type, message, traceback) and raised again when the
//! computation stops; Ctrl-C is seen between calls.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use grundy_script::{too_deep, Hooks, Host, Position, Value, MAX_NESTING};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple, PyType};

/// `grundy.Sum(a, b, ...)`: an option (or a position) that is the sum of independent positions,
/// e.g. the two pieces a cut leaves. grundy values each part once and XORs.
#[pyclass(frozen, module = "grundy")]
pub struct Sum {
    /// The parts.
    #[pyo3(get)]
    parts: Py<PyTuple>,
}

#[pymethods]
impl Sum {
    #[new]
    #[pyo3(signature = (*parts))]
    fn new(parts: Py<PyTuple>) -> Self {
        Sum { parts }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts: Vec<String> = self
            .parts
            .bind(py)
            .iter()
            .map(|p| p.repr().map(|r| r.to_string()))
            .collect::<PyResult<_>>()?;
        Ok(format!("Sum({})", parts.join(", ")))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<Sum>() {
            Ok(o) => self.parts.bind(py).eq(o.get().parts.bind(py)),
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.parts.bind(py).hash()
    }
}

/// `grundy.splits(m, least=0)`: every option `Sum(a, m - a)` with `least <= a <= m - a`, as one
/// value grundy iterates natively (a script's `splits`): a heap split in two, without a Python
/// object per option.
#[pyclass(frozen, module = "grundy", name = "splits")]
pub struct PySplits {
    /// The total `m`.
    #[pyo3(get)]
    total: i64,
    /// The least part.
    #[pyo3(get)]
    least: i64,
}

#[pymethods]
impl PySplits {
    #[new]
    #[pyo3(signature = (total, least = 0))]
    fn new(total: i64, least: i64) -> Self {
        PySplits { total, least }
    }

    fn __repr__(&self) -> String {
        format!("splits({}, {})", self.total, self.least)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PySplits>()
            .is_ok_and(|o| (o.get().total, o.get().least) == (self.total, self.least))
    }

    fn __hash__(&self) -> u64 {
        hash_pair(self.total, self.least)
    }
}

/// `grundy.cuts(w, h)`: every cut of a `w` x `h` rectangle along a grid line into two pieces,
/// each `Sum((a, h), (w - a, h))` or `Sum((w, b), (w, h - b))` once, as one value grundy
/// iterates natively (a script's `cuts`).
#[pyclass(frozen, module = "grundy", name = "cuts")]
pub struct PyCuts {
    /// The width.
    #[pyo3(get)]
    w: i64,
    /// The height.
    #[pyo3(get)]
    h: i64,
}

#[pymethods]
impl PyCuts {
    #[new]
    fn new(w: i64, h: i64) -> PyResult<Self> {
        if w < 0 || h < 0 {
            return Err(PyValueError::new_err(format!(
                "cuts({w}, {h}): a rectangle's sides must not be negative"
            )));
        }
        Ok(PyCuts { w, h })
    }

    fn __repr__(&self) -> String {
        format!("cuts({}, {})", self.w, self.h)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyCuts>()
            .is_ok_and(|o| (o.get().w, o.get().h) == (self.w, self.h))
    }

    fn __hash__(&self) -> u64 {
        hash_pair(self.w, self.h)
    }
}

/// `grundy.repeat(x, n)`: `n` copies of the part `x` of a sum (`Sum(repeat(x, n), y)`, or an
/// option alone), kept as the two values whatever `n` (a script's `repeat(x, n)`): worth `G(x)`
/// for odd `n`, else 0.
#[pyclass(frozen, module = "grundy", name = "repeat")]
pub struct PyRepeat {
    /// The part copied.
    #[pyo3(get)]
    part: PyObject,
    /// How many copies.
    #[pyo3(get)]
    times: i64,
}

#[pymethods]
impl PyRepeat {
    #[new]
    fn new(part: &Bound<'_, PyAny>, times: &Bound<'_, PyAny>) -> PyResult<Self> {
        let shown = || {
            format!(
                "repeat({}, {})",
                part.repr().map(|r| r.to_string()).unwrap_or_default(),
                times.repr().map(|r| r.to_string()).unwrap_or_default()
            )
        };
        if !times.is_instance_of::<PyInt>() || times.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "{}: a count of copies is an int",
                shown()
            )));
        }
        if times.lt(0)? {
            return Err(PyValueError::new_err(format!(
                "{}: a count of copies is 0 or more",
                shown()
            )));
        }
        let times: i64 = times.extract().map_err(|_| {
            PyValueError::new_err(format!("{}: a count is at most 2^63 - 1", shown()))
        })?;
        Ok(PyRepeat {
            part: part.clone().unbind(),
            times,
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "repeat({}, {})",
            self.part.bind(py).repr()?,
            self.times
        ))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<PyRepeat>() {
            Ok(o) => {
                Ok(o.get().times == self.times && self.part.bind(py).eq(o.get().part.bind(py))?)
            }
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(hash_pair(self.part.bind(py).hash()? as i64, self.times))
    }
}

/// The hash of a native group's two numbers (equal groups hash alike).
fn hash_pair(a: i64, b: i64) -> u64 {
    (a as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b as u64
}

/// The Python functions of a `grundy.Game`.
pub struct PyHost {
    /// How errors name the game: `python game NAME`.
    source: String,
    moves: PyObject,
    components: Option<PyObject>,
    canonical: Option<PyObject>,
    show: Option<PyObject>,
    describe: Option<PyObject>,
    /// The first exception raised by a function (or KeyboardInterrupt), raised again at the end.
    error: Mutex<Option<PyErr>>,
    /// Set once an exception is kept: every later call fails at once, so the search stops.
    stopped: AtomicBool,
    /// The most options one position may have ([`grundy_script::ScriptLimits::size`]).
    size: usize,
}

impl PyHost {
    pub fn new(
        name: &str,
        moves: PyObject,
        components: Option<PyObject>,
        canonical: Option<PyObject>,
        show: Option<PyObject>,
        describe: Option<PyObject>,
        size: usize,
    ) -> Self {
        PyHost {
            source: format!("python game {name}"),
            moves,
            components,
            canonical,
            show,
            describe,
            error: Mutex::new(None),
            stopped: AtomicBool::new(false),
            size,
        }
    }

    /// The exception that stopped the last computation, if one did (taken: the game can be
    /// used again).
    pub fn take_error(&self) -> Option<PyErr> {
        self.stopped.store(false, Ordering::Release);
        self.error
            .lock()
            .expect("no thread panics holding it")
            .take()
    }

    /// Keeps `e` unless an earlier exception is kept, and stops every later call.
    pub fn keep(&self, e: PyErr) {
        let mut slot = self.error.lock().expect("no thread panics holding it");
        if slot.is_none() {
            *slot = Some(e);
        }
        self.stopped.store(true, Ordering::Release);
    }

    fn function(&self, name: &str) -> Option<&PyObject> {
        match name {
            "moves" => Some(&self.moves),
            "components" => self.components.as_ref(),
            "canonical" => self.canonical.as_ref(),
            "show" => self.show.as_ref(),
            "describe" => self.describe.as_ref(),
            _ => None,
        }
    }
}

impl Host for PyHost {
    fn source(&self) -> &str {
        &self.source
    }

    fn hooks(&self) -> Hooks {
        Hooks {
            components: self.components.is_some(),
            canonical: self.canonical.is_some(),
            show: self.show.is_some(),
            describe: self.describe.is_some(),
            // Not offered: `size` is a common name among a Python game's parameters (every other
            // keyword of `Game` is one), so taking it as the hook would change what they mean.
            size: false,
            // The page draws scripts, not Python games: no drawing to ask for.
            shape: false,
        }
    }

    fn call(&self, name: &str, args: &[&Position], on: &str) -> Result<Value, String> {
        let stopped = || format!("{}: {name}({on}): stopped by an exception", self.source);
        if self.stopped.load(Ordering::Acquire) {
            return Err(stopped());
        }
        let f = self
            .function(name)
            .ok_or_else(|| format!("{}: no function {name}", self.source))?;
        Python::with_gil(|py| {
            // Only the main thread sees signals; elsewhere this returns at once.
            if let Err(e) = py.check_signals() {
                self.keep(e);
                return Err(stopped());
            }
            let args: Vec<PyObject> = args.iter().map(|p| to_python(py, p)).collect();
            let call = format!("{}: {name}({on})", self.source);
            let result = f
                .bind(py)
                .call1(PyTuple::new_bound(py, args))
                .and_then(|r| {
                    match name {
                        "moves" | "components" => options_from(&r, self.size),
                        "show" | "describe" => Ok(Value::Str(r.str()?.to_string())),
                        _ => position_from(&r),
                    }
                    // What the function returned is at fault, not the function: the error
                    // names the position it was called on.
                    .map_err(|e| named(py, &call, e))
                });
            result.map_err(|e| {
                let message = format!("{call}: {e}");
                self.keep(e);
                message
            })
        })
    }

    fn type_error(&self, call: &str, message: &str) -> String {
        format!("{}: {call}: {message}", self.source)
    }

    fn parallel(&self) -> bool {
        false
    }
}

/// `e`, raised by reading what `call` returned, with `call` (the game, function and position) in
/// its message.
fn named(py: Python<'_>, call: &str, e: PyErr) -> PyErr {
    let message = format!("{call}: {}", e.value_bound(py));
    if e.is_instance_of::<PyValueError>(py) {
        PyValueError::new_err(message)
    } else if e.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(message)
    } else if e.is_instance_of::<PyOverflowError>(py) {
        PyOverflowError::new_err(message)
    } else {
        e
    }
}

/// A position as the Python value a game's function receives: an int, a str, a tuple, or a
/// `Sum` of parts (copies as `grundy.repeat`, the count kept as it is).
fn to_python(py: Python<'_>, p: &Position) -> PyObject {
    match p {
        Position::Int(n) => n.into_py(py),
        Position::Str(s) => s.to_string().into_py(py),
        Position::List(items) => {
            let items: Vec<PyObject> = items.iter().map(|x| to_python(py, x)).collect();
            PyTuple::new_bound(py, items).into_py(py)
        }
        Position::Duo(a, b) => (*a, *b).into_py(py),
        _ => {
            let mut parts = Vec::new();
            if !p.parts(&mut parts) {
                parts.push(p.clone());
            }
            let parts: Vec<PyObject> = parts
                .iter()
                .map(|part| match part {
                    // Kept as the two values: the count may be far past what a tuple holds.
                    Position::Copies(x, n) => PyRepeat {
                        part: to_python(py, x),
                        times: i64::try_from(*n).unwrap_or(i64::MAX),
                    }
                    .into_py(py),
                    part => to_python(py, part),
                })
                .collect();
            let parts = PyTuple::new_bound(py, parts).unbind();
            Sum { parts }.into_py(py)
        }
    }
}

/// What `moves` or `components` returned: a `range`, or any iterable of options.
fn options_from(r: &Bound<'_, PyAny>, cap: usize) -> PyResult<Value> {
    if is_range(r)? {
        return range_from(r);
    }
    if let Some(native) = native_group(r) {
        return Ok(native);
    }
    if r.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "returned a string, where an iterable of options is expected",
        ));
    }
    let items = r.iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "returned {}, where an iterable of options is expected",
            kind(r)
        ))
    })?;
    // An iterator may be endless (`iter(int, 1)`): stop at the size cap, before holding more
    // options than any position may have.
    let mut out = Vec::new();
    for item in items {
        if out.len() >= cap {
            return Err(PyValueError::new_err(format!(
                "returned more than {cap} options, the most one position may have (an endless \
                 iterator?)"
            )));
        }
        out.push(option_from(&item?)?);
    }
    Ok(Value::List(out))
}

/// Whether `v` is a `range` (pyo3's limited API has no type for it).
fn is_range(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    static RANGE: GILOnceCell<Py<PyType>> = GILOnceCell::new();
    let py = v.py();
    let range = RANGE.get_or_try_init(py, || {
        py.import_bound("builtins")?
            .getattr("range")?
            .downcast_into::<PyType>()
            .map(Bound::unbind)
            .map_err(PyErr::from)
    })?;
    Ok(v.get_type().is(range.bind(py)))
}

/// A `range` of step 1 as the engine's `start..stop` (an empty one when `stop < start`, as in
/// Python).
fn range_from(range: &Bound<'_, PyAny>) -> PyResult<Value> {
    let step: i64 = range.getattr("step")?.extract()?;
    if step != 1 {
        return Err(PyValueError::new_err(format!(
            "{} of options must have step 1 (list its integers instead)",
            kind(range)
        )));
    }
    let start: i64 = range.getattr("start")?.extract()?;
    let stop: i64 = range.getattr("stop")?.extract()?;
    Ok(Value::Range(start, stop.max(start)))
}

/// Where an option may still take a range in one slot: once per option, never inside
/// `repeat(x, n)` or a position given whole.
enum Ranges {
    Open { taken: bool },
    Refused(&'static str),
}

impl Ranges {
    /// The range `r`, taken as the option's one slot.
    fn take(&mut self, r: &Bound<'_, PyAny>) -> PyResult<Value> {
        match self {
            Ranges::Refused(where_) => Err(PyValueError::new_err(format!(
                "{} {where_}: a range stands for one slot of an option",
                kind(r)
            ))),
            Ranges::Open { taken: true } => Err(PyValueError::new_err(format!(
                "an option has two ranges (the second {}): one range per option (every tuple or \
                 Sum with its integer in the range); list the others in a loop",
                kind(r)
            ))),
            Ranges::Open { taken } => {
                *taken = true;
                range_from(r)
            }
        }
    }
}

/// One option: a position, a `Sum` of positions, a `range` of integers, `grundy.repeat`, or a
/// position or sum with a `range` in one slot.
fn option_from(item: &Bound<'_, PyAny>) -> PyResult<Value> {
    // Most options are heaps: an int (exactly, so not a bool) skips the checks for ranges,
    // groups and sums, each a type lookup. One past i64 goes the long way, to its error.
    if item.is_exact_instance_of::<PyInt>() {
        if let Ok(n) = item.extract::<i64>() {
            return Ok(Value::Int(n));
        }
    }
    if is_range(item)? {
        return range_from(item);
    }
    if let Some(native) = native_group(item) {
        return Ok(native);
    }
    let mut ranges = Ranges::Open { taken: false };
    if item.is_instance_of::<PyRepeat>() {
        // Copies alone: the sum of one part, as a script's `sum([repeat(x, n)])`.
        let part = part_at(item, 0, &mut ranges)?;
        return Ok(Value::Sum(vec![part]));
    }
    part_at(item, 0, &mut ranges)
}

/// A part of a sum (or a whole option) `depth` sums down: a `Sum`, `grundy.repeat`, a `range` in
/// the option's one slot, or a position.
fn part_at(item: &Bound<'_, PyAny>, depth: usize, ranges: &mut Ranges) -> PyResult<Value> {
    if depth >= MAX_NESTING {
        return Err(PyValueError::new_err(format!(
            "an option is {}",
            too_deep()
        )));
    }
    if let Ok(sum) = item.downcast::<Sum>() {
        let parts = sum.get().parts.bind(item.py());
        let mut out = Vec::with_capacity(parts.len());
        for p in parts.iter() {
            out.push(part_at(&p, depth + 1, ranges)?);
        }
        return Ok(Value::Sum(out));
    }
    if let Ok(r) = item.downcast::<PyRepeat>() {
        let r = r.get();
        let mut inside = Ranges::Refused("inside repeat(x, n)");
        let part = part_at(r.part.bind(item.py()), depth + 1, &mut inside)?;
        return Ok(Value::Repeat(Box::new(part), r.times));
    }
    if is_range(item)? {
        return ranges.take(item);
    }
    position_at(item, depth, ranges)
}

/// `grundy.splits` or `grundy.cuts`: a group of options the engine iterates itself.
fn native_group(v: &Bound<'_, PyAny>) -> Option<Value> {
    if let Ok(s) = v.downcast::<PySplits>() {
        let s = s.get();
        return Some(Value::Splits {
            total: s.total,
            least: s.least,
        });
    }
    if let Ok(c) = v.downcast::<PyCuts>() {
        let c = c.get();
        return Some(Value::Cuts { w: c.w, h: c.h });
    }
    None
}

/// A position: an int, a string, or a tuple or list (nested) of these.
pub fn position_from(item: &Bound<'_, PyAny>) -> PyResult<Value> {
    position_at(
        item,
        0,
        &mut Ranges::Refused("where one position is expected"),
    )
}

/// [`position_from`] of a value `depth` tuples down (a list that holds itself would recurse for
/// ever, and positions nest a few levels in real games), a `range` taken as the option's one
/// slot where `ranges` allows it.
fn position_at(item: &Bound<'_, PyAny>, depth: usize, ranges: &mut Ranges) -> PyResult<Value> {
    if item.is_exact_instance_of::<PyInt>()
        || item.is_instance_of::<PyInt>() && !item.is_instance_of::<PyBool>()
    {
        let n: i64 = item.extract()?;
        return Ok(Value::Int(n));
    }
    if let Ok(s) = item.downcast::<PyString>() {
        return Ok(Value::Str(s.extract::<String>()?));
    }
    if item.is_instance_of::<PyTuple>() || item.is_instance_of::<PyList>() {
        if depth >= MAX_NESTING {
            return Err(PyValueError::new_err(format!(
                "an option is {}",
                too_deep()
            )));
        }
        let mut out = Vec::new();
        for p in item.iter()? {
            let p = p?;
            if is_range(&p)? {
                out.push(ranges.take(&p)?);
            } else {
                out.push(position_at(&p, depth + 1, ranges)?);
            }
        }
        return Ok(Value::List(out));
    }
    Err(PyTypeError::new_err(format!(
        "an option is {}, where a position (an int, a string or a tuple of these) is expected",
        kind(item)
    )))
}

/// A position the caller gave (a part of the start), as grundy keeps it.
pub fn to_position(item: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    if let Ok(sum) = item.downcast::<Sum>() {
        let mut out = Vec::new();
        for p in sum.get().parts.bind(item.py()).iter() {
            out.extend(to_position(&p)?);
        }
        return Ok(out);
    }
    if let Ok(r) = item.downcast::<PyRepeat>() {
        let r = r.get();
        let part = Position::sum(to_position(r.part.bind(item.py()))?);
        return Ok(vec![Position::copies(part, r.times as u64)]);
    }
    let shown = || item.repr().map(|r| r.to_string()).unwrap_or_default();
    let p = position_from(item)?
        .position(usize::MAX)
        .map_err(|m| PyValueError::new_err(format!("{}: {m}", shown())))?;
    Ok(vec![p])
}

/// What a value is, in words, for an error.
fn kind(v: &Bound<'_, PyAny>) -> String {
    let t = v
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    match v.repr() {
        Ok(r) if r.to_string().len() <= 40 => format!("{r} (a {t})"),
        _ => format!("a {t}"),
    }
}
