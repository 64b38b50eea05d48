//! A game script compiled once: the Rhai engine, sandboxed and capped, and the calls grundy makes.
//!
//! The engine has no module loader, no clock and no `eval`; `print` and `debug` write to stderr
//! (stdout carries the answer). Each call runs under caps on operations, call depth, the memory it
//! holds and the options it returns ([`ScriptLimits`]), so a script that loops for ever or grows
//! without end stops with a message naming the cap and the option that raises it. Errors say
//! where: the script's file, line and column, and the position being expanded.
//!
//! Arrays and strings are bounded by the memory cap rather than by Rhai's own size limits: those
//! re-measure an array after every change, so a loop that pushes n options would take n² steps.

use grundy_core::setting::Setting;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use rhai::packages::{Package, StandardPackage};
use rhai::{
    Array, Blob, CallFnOptions, Dynamic, Engine, EvalAltResult, ImmutableString, OptimizationLevel,
    Scope, AST,
};

use super::params::Params;
use super::position::{Position, MAX_NESTING};
use super::runtime::ScriptSettings;
use super::value::Value;

/// The caps every script call runs under, as a front end set them
/// ([`ScriptSettings::limits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Operations one call may take (a loop step, an expression, a function call).
    pub operations: u64,
    /// How deeply script functions may call one another.
    pub depth: usize,
    /// Mebibytes one call may hold at once (its arrays, strings and maps); enforced where the
    /// program measures its threads' allocations
    /// ([`ScriptSettings::memory_probe`]).
    pub memory_mib: u64,
    /// The most options one position may have, and the most elements (or bytes) of an array (or
    /// string) a script returns or pads to at once (`pad`, `blob`).
    pub size: usize,
}

impl ScriptLimits {
    /// The defaults: ten million operations a call, call depth 64, 512 MiB, a million options.
    pub const DEFAULT: ScriptLimits = ScriptLimits {
        operations: 10_000_000,
        depth: 64,
        memory_mib: 512,
        size: 1_000_000,
    };
}

impl Default for ScriptLimits {
    fn default() -> ScriptLimits {
        ScriptLimits::DEFAULT
    }
}

impl ScriptLimits {
    /// Whether the caps can be kept: a call as deep as `depth` needs stack in proportion, and
    /// past [`super::stack::deepest`] levels no stack that is lent for a call would hold it.
    /// Each cap is at least 1: Rhai reads an operations cap of 0 as no cap at all, so a
    /// script that loops for ever would never stop.
    pub fn check(&self) -> Result<(), String> {
        for (setting, value) in [
            (Setting::ScriptMaxOps, self.operations),
            (Setting::ScriptMaxDepth, self.depth as u64),
            (Setting::ScriptMaxSize, self.size as u64),
            (Setting::ScriptMaxMemory, self.memory_mib),
        ] {
            if value == 0 {
                return Err(format!("{}: must be at least 1", setting.given(0)));
            }
        }
        let deepest = super::stack::deepest();
        if self.depth > deepest {
            return Err(format!(
                "{}: calls nested that deep need {} MiB of stack; the most this build allows \
                 is {deepest}",
                Setting::ScriptMaxDepth.given(self.depth),
                super::stack::needed(self.depth) >> 20
            ));
        }
        Ok(())
    }
}

thread_local! {
    /// What the probe read when the current call started.
    static CALL_START: Cell<i64> = const { Cell::new(0) };
    /// The operations a call on this thread may take within [`within`]; `u64::MAX` outside.
    static BUDGET: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Whether a call within [`within`] was stopped for its budget.
    static SPENT: Cell<bool> = const { Cell::new(false) };
}

/// The token a call is stopped with when it spends the budget of [`within`].
const SPENT_TOKEN: &str = "grundy: probe budget spent";

/// Runs `f`, whose script calls on this thread may take at most `operations` operations each:
/// `None` when one was stopped for it (whatever `f` returned then is not an answer). A cheap
/// question about a position (has it any move?) is asked this way, so that asking it of
/// thousands of options costs little even where listing their moves would cost much.
pub(super) fn within<T>(operations: u64, f: impl FnOnce() -> T) -> Option<T> {
    let outer = BUDGET.with(|b| b.replace(operations));
    SPENT.with(|s| s.set(false));
    let result = f();
    BUDGET.with(|b| b.set(outer));
    (!SPENT.with(|s| s.replace(false))).then_some(result)
}

/// Counts one more position expanded by the script `name`.
pub(super) fn expanded(name: &str, count: &AtomicU64, progress: Option<fn(&str, u64)>) {
    let n = count.fetch_add(1, Ordering::Relaxed) + 1;
    if n.is_multiple_of(4096) {
        if let Some(report) = progress {
            report(name, n);
        }
    }
}

/// The token a call is stopped with when it holds too much memory.
const OUT_OF_MEMORY: &str = "grundy: script memory cap";

/// `sum([q1, q2, ...])` in a script: an option that is the sum of independent positions
/// ([`Value::Sum`]).
#[derive(Clone, Debug)]
struct SumOption(Array);

/// `repeat(x, n)` in a script: `n` copies of the part `x` of a sum, kept as the two values
/// ([`Value::Repeat`]).
#[derive(Clone, Debug)]
struct Repeat {
    part: Dynamic,
    times: i64,
}

/// `splits(m)` / `splits(m, least)` in a script ([`Value::Splits`]).
#[derive(Clone, Copy, Debug)]
struct Splits {
    total: i64,
    least: i64,
}

/// `cuts(w, h)` in a script ([`Value::Cuts`]).
#[derive(Clone, Copy, Debug)]
struct Cuts {
    w: i64,
    h: i64,
}

/// Which optional functions a script defines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hooks {
    /// `components(p)`.
    pub components: bool,
    /// `canonical(p)`.
    pub canonical: bool,
    /// `show(p)`.
    pub show: bool,
    /// `describe(p, q)`.
    pub describe: bool,
    /// `size(p)`: how big `p` is, a count (the outcome search tries small options first).
    pub size: bool,
    /// `shape()`: how the page draws a position (`"heaps"`, `"piles"`, `"cells"`, ...).
    pub shape: bool,
}

/// What runs a game's functions: a compiled Rhai script ([`Program`]), or a host in another
/// language. The machinery around it (positions, options, sums, canonical forms, caps, the
/// expansions kept and made ahead on every core) is the same for all, so a game behaves alike
/// whichever language it is written in.
pub trait Host: Send + Sync {
    /// The name errors start with (a file name, `inline script`, a Python function).
    fn source(&self) -> &str;
    /// The optional functions the game defines.
    fn hooks(&self) -> Hooks;
    /// Calls `name(args)` (`moves`, `components`, `canonical`, `size`, `show`, `describe` or
    /// `shape`) and says what it returned as a [`Value`] (`show`, `describe` and `shape`: a
    /// [`Value::Str`]); `on` is
    /// the position in words, for the error, which is one line saying where and on what.
    fn call(&self, name: &str, args: &[&Position], on: &str) -> Result<Value, String>;
    /// An error about what `call` (e.g. `moves(5)`) returned.
    fn type_error(&self, call: &str, message: &str) -> String;
    /// Whether calls gain from running on every core: not when the host serializes them (a
    /// Python interpreter's lock), where threads only add hand-offs.
    fn parallel(&self) -> bool {
        true
    }
}

impl Host for Program {
    fn source(&self) -> &str {
        &self.source
    }

    fn hooks(&self) -> Hooks {
        self.hooks
    }

    fn call(&self, name: &str, args: &[&Position], on: &str) -> Result<Value, String> {
        let args = args.iter().map(|p| to_dynamic(p)).collect();
        let d = Program::call(self, name, args, on)?;
        Ok(match name {
            "show" | "describe" | "shape" => Value::Str(d.to_string()),
            _ => {
                let how = Reading {
                    size: self.limits.size,
                    whole_sums: !self.hooks.canonical,
                };
                value_of(&d, 0, how)
            }
        })
    }

    fn type_error(&self, call: &str, message: &str) -> String {
        Program::type_error(self, call, message)
    }
}

/// A compiled game script.
pub struct Program {
    engine: Engine,
    ast: AST,
    /// The file name (or `inline script`) errors name.
    pub source: String,
    /// The optional functions present.
    pub hooks: Hooks,
    /// The script's text, to point at a function's definition in errors that have no position
    /// of their own (what a function returned, a cap reached).
    text: String,
    limits: ScriptLimits,
    /// The bytes the calling thread holds, if the front end measures them.
    probe: Option<fn() -> i64>,
}

/// The engine every script runs in.
fn engine(limits: ScriptLimits, probe: Option<fn() -> i64>) -> Engine {
    let mut engine = Engine::new_raw();
    engine.register_global_module(StandardPackage::new().as_shared_module());
    engine.set_optimization_level(OptimizationLevel::Full);
    engine.disable_symbol("eval");
    engine.on_print(|s| eprintln!("{s}"));
    engine.on_debug(|s, _, pos| eprintln!("{pos:?}: {s}"));
    engine.set_max_operations(limits.operations);
    engine.set_max_call_levels(limits.depth);
    engine.set_max_expr_depths(limits.depth.max(64), limits.depth.max(32));
    let cap = (limits.memory_mib as i64).saturating_mul(1 << 20);
    engine.on_progress(move |ops| {
        if ops > BUDGET.with(Cell::get) {
            SPENT.with(|s| s.set(true));
            return Some(Dynamic::from(SPENT_TOKEN));
        }
        // Every operation: one `s += s` doubles a string, so a few unchecked steps could
        // take all the memory there is.
        if let Some(probe) = probe {
            if probe() - CALL_START.with(Cell::get) > cap {
                return Some(Dynamic::from(OUT_OF_MEMORY));
            }
        }
        None
    });

    register_sized_padding(&mut engine, limits.size);
    // The standard `sleep` waits on the clock, which no cap counts: a script could hold a table
    // for ever without an operation. A game has no use for time, so it is not there.
    let no_sleep = || -> Result<(), Box<EvalAltResult>> {
        Err("sleep is not available in game scripts (a game needs no time)".into())
    };
    engine.register_fn("sleep", move |_: i64| no_sleep());
    engine.register_fn("sleep", move |_: f64| no_sleep());
    let size = limits.size;
    engine.register_fn("sort", move |a: &mut Array| sort_positions(a, size));

    engine.register_type_with_name::<SumOption>("sum");
    engine.register_fn("sum", SumOption);
    engine.register_fn("sum", |a: Dynamic, b: Dynamic| SumOption(vec![a, b]));
    engine.register_fn("sum", |a: Dynamic, b: Dynamic, c: Dynamic| {
        SumOption(vec![a, b, c])
    });
    engine.register_get("parts", |s: &mut SumOption| s.0.clone());
    engine.register_fn("to_string", |s: &mut SumOption| {
        let parts: Vec<String> = s.0.iter().map(|d| d.to_string()).collect();
        format!("sum({})", parts.join(", "))
    });
    engine.register_type_with_name::<Repeat>("repeat");
    engine.register_fn(
        "repeat",
        |part: Dynamic, times: i64| -> Result<Repeat, Box<EvalAltResult>> {
            if times < 0 {
                return Err(format!("repeat(x, {times}): a count of copies is 0 or more").into());
            }
            Ok(Repeat { part, times })
        },
    );
    engine.register_fn("to_string", |r: &mut Repeat| {
        format!("repeat({}, {})", r.part, r.times)
    });
    engine.register_type_with_name::<Splits>("splits");
    engine.register_fn("splits", |total: i64| Splits { total, least: 0 });
    engine.register_fn("splits", |total: i64, least: i64| Splits { total, least });
    engine.register_type_with_name::<Cuts>("cuts");
    engine.register_fn("cuts", |w: i64, h: i64| Cuts { w, h });
    engine
}

/// Overrides the standard functions that allocate a length asked for in one step (`pad` on
/// arrays, strings and blobs; `blob(n)`), refusing a length past `--script-max-size`: the memory
/// cap is checked between operations, too late for a single request of gigabytes, which would
/// abort the process instead of stopping the call. Growth step by step (`push`, `a += a`) stays
/// under the memory cap.
fn register_sized_padding(engine: &mut Engine, size: usize) {
    type Outcome = Result<(), Box<EvalAltResult>>;
    let check = move |len: i64, what: &str| -> Outcome {
        if len > size as i64 {
            return Err(format!(
                "{what} of {len}, more than {size}, the limit; raise it with {}",
                Setting::ScriptMaxSize.given("N")
            )
            .into());
        }
        Ok(())
    };
    engine.register_fn(
        "pad",
        move |a: &mut Array, len: i64, item: Dynamic| -> Outcome {
            check(len, "pad to an array")?;
            if len > a.len() as i64 {
                a.resize(len as usize, item);
            }
            Ok(())
        },
    );
    engine.register_fn(
        "pad",
        move |s: &mut ImmutableString, len: i64, c: char| -> Outcome {
            check(len, "pad to a string")?;
            let have = s.chars().count() as i64;
            if len > have {
                let tail: String = std::iter::repeat_n(c, (len - have) as usize).collect();
                *s += tail;
            }
            Ok(())
        },
    );
    engine.register_fn(
        "pad",
        move |s: &mut ImmutableString, len: i64, fill: &str| -> Outcome {
            check(len, "pad to a string")?;
            let mut have = s.chars().count() as i64;
            if fill.is_empty() || len <= have {
                return Ok(());
            }
            let mut tail = String::new();
            'fill: while have < len {
                for c in fill.chars() {
                    if have == len {
                        break 'fill;
                    }
                    tail.push(c);
                    have += 1;
                }
            }
            *s += tail;
            Ok(())
        },
    );
    engine.register_fn("pad", move |b: &mut Blob, len: i64, v: i64| -> Outcome {
        check(len, "pad to a blob")?;
        if len > b.len() as i64 {
            b.resize(len as usize, v as u8);
        }
        Ok(())
    });
    engine.register_fn(
        "blob",
        move |len: i64| -> Result<Blob, Box<EvalAltResult>> {
            check(len, "a blob")?;
            Ok(vec![0; len.max(0) as usize])
        },
    );
    engine.register_fn(
        "blob",
        move |len: i64, v: i64| -> Result<Blob, Box<EvalAltResult>> {
            check(len, "a blob")?;
            Ok(vec![v as u8; len.max(0) as usize])
        },
    );
}

/// Makes each parameter a constant every function reads (Rhai's functions see no variable of
/// the top level): the engine asks for a name it has not placed in a function's own variables
/// (`index` 0) before looking further, and a variable the function defined itself still wins.
fn read_params(engine: &mut Engine, params: Vec<(String, Dynamic)>) {
    #[allow(deprecated)] // `on_var` is marked volatile, not deprecated.
    engine.on_var(move |name, index, context| {
        if index > 0 || context.scope().contains(name) {
            return Ok(None);
        }
        Ok(params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone()))
    });
}

/// The most functions a script may define. Rhai's parser looks up every variable a script reads
/// among all the functions defined so far (to turn a function's name into a pointer to it), so a
/// script of n functions that each read a variable takes time in n²: 10 000 such functions load in
/// under half a second, 100 000 in half a minute. A game needs a handful.
const MAX_FUNCTIONS: usize = 10_000;

/// How many functions `text` declares: the words `fn` followed by a space, counted before parsing
/// (a string or comment holding one counts too: the count bounds, it need not be exact).
fn functions_declared(text: &str) -> usize {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    (0..bytes.len().saturating_sub(2))
        .filter(|&i| {
            bytes[i] == b'f'
                && bytes[i + 1] == b'n'
                && bytes[i + 2].is_ascii_whitespace()
                && (i == 0 || !word(bytes[i - 1]))
        })
        .count()
}

/// `a.sort()` for every array of positions, nested arrays and strings too (Rhai's own sorts only
/// numbers, strings, characters and booleans of one kind), in the order of positions: numbers,
/// then strings, then arrays, each compared as the values they stand for. A multiset of pieces
/// (`[[2, 1], [1, 3]]`) then has one form without being packed into integers. Arrays of decimal
/// numbers, characters or booleans sort as before.
fn sort_positions(a: &mut Array, size: usize) -> Result<(), Box<EvalAltResult>> {
    let key = |d: &Dynamic| from_dynamic(d, size);
    if let Ok(keys) = a.iter().map(key).collect::<Result<Vec<_>, _>>() {
        let mut keyed: Vec<(Position, Dynamic)> = keys.into_iter().zip(a.drain(..)).collect();
        keyed.sort_by(|x, y| x.0.cmp(&y.0));
        a.extend(keyed.into_iter().map(|(_, d)| d));
        return Ok(());
    }
    if a.iter().all(|d| d.is_float()) {
        a.sort_by(|x, y| {
            x.as_float()
                .unwrap_or(0.0)
                .total_cmp(&y.as_float().unwrap_or(0.0))
        });
    } else if a.iter().all(|d| d.is_char()) {
        a.sort_by_key(|d| d.as_char().unwrap_or_default());
    } else if a.iter().all(|d| d.is_bool()) {
        a.sort_by_key(|d| d.as_bool().unwrap_or_default());
    } else {
        return Err(
            "elements of the array cannot be sorted: positions (integers, strings, \
                    arrays of these) sort, as do decimal numbers, characters or booleans of one \
                    kind"
                .into(),
        );
    }
    Ok(())
}

/// `line:column` of a Rhai position.
fn at(pos: rhai::Position) -> (usize, usize) {
    (pos.line().unwrap_or(0), pos.position().unwrap_or(0))
}

impl Program {
    /// Compiles `text`, read from `source` (a file name, or `inline script`). The error is one
    /// line: `SOURCE:LINE:COLUMN: what is wrong`.
    pub fn compile(
        source: &str,
        text: &str,
        params: &Params,
        settings: &ScriptSettings,
    ) -> Result<Program, String> {
        let functions = functions_declared(text);
        if functions > MAX_FUNCTIONS {
            return Err(format!(
                "{source}: the script defines {functions} functions, more than {MAX_FUNCTIONS}, \
                 the most a script may (Rhai's parser checks each name the script reads against \
                 every function, so loading takes time in the square of their number)"
            ));
        }
        let (limits, probe) = (settings.limits, settings.memory_probe);
        let mut engine = engine(limits, probe);
        if !params.is_empty() {
            read_params(&mut engine, params.values());
        }
        // The parser recurses once per nested expression, up to the depth cap.
        let ast = super::stack::with_room(limits.depth, || engine.compile(text)).map_err(|e| {
            let (line, col) = at(e.1);
            format!("{source}:{line}:{col}: syntax error: {}", e.0)
        })?;
        let has = |name: &str, arity: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == arity)
        };
        if !has("moves", 1) {
            return Err(format!(
                "{source}: the script defines no `fn moves(p)` (it must return the options of p)"
            ));
        }
        let hooks = Hooks {
            components: has("components", 1),
            canonical: has("canonical", 1),
            show: has("show", 1),
            describe: has("describe", 2),
            size: has("size", 1),
            shape: has("shape", 0),
        };
        let program = Program {
            engine,
            ast,
            source: source.to_string(),
            hooks,
            text: text.to_string(),
            limits,
            probe,
        };
        // The top level runs once, so its errors (and its prints) come first.
        super::stack::with_room(limits.depth, || program.engine.run_ast(&program.ast))
            .map_err(|e| program.runtime_error("the script's top level", &e))?;
        Ok(program)
    }

    /// Where `fn name` is defined (line, column), or the start of the script.
    fn definition(&self, name: &str) -> (usize, usize) {
        let wanted = format!("fn {name}");
        self.text
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.find(&wanted).map(|c| (i + 1, c + 1)))
            .unwrap_or((1, 1))
    }

    /// Calls `name(args)`; an error says where and on which position.
    pub fn call(&self, name: &str, args: Vec<Dynamic>, on: &str) -> Result<Dynamic, String> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        if let Some(probe) = self.probe {
            CALL_START.with(|s| s.set(probe()));
        }
        super::stack::with_room(self.limits.depth, || {
            self.engine.call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                name,
                args,
            )
        })
        .map_err(|e| self.runtime_error(&format!("{name}({on})"), &e))
    }

    /// One line for a runtime error: where, in which call, what went wrong, and for a cap the
    /// option that raises it.
    fn runtime_error(&self, call: &str, e: &EvalAltResult) -> String {
        let inner = e.unwrap_inner();
        let (line, col) = innermost_position(e).unwrap_or_else(|| {
            let name = call.split('(').next().unwrap_or(call);
            self.definition(name)
        });
        let mut what = inner.to_string();
        if let Some(i) = what.rfind(" (line ") {
            what.truncate(i);
        }
        let what = what.replace('\n', " ");
        let cap = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => Some(format!(
                "more than {} operations in one call, the limit; raise it with {}",
                self.limits.operations,
                Setting::ScriptMaxOps.given("N")
            )),
            EvalAltResult::ErrorStackOverflow(_) => Some(format!(
                "calls nested more than {} deep, the limit; raise it with {}",
                self.limits.depth,
                Setting::ScriptMaxDepth.given("N")
            )),
            EvalAltResult::ErrorTerminated(token, _)
                if token.clone().into_immutable_string().ok().as_deref() == Some(OUT_OF_MEMORY) =>
            {
                Some(format!(
                    "holds more than {} MiB, the limit of one call; raise it with {}",
                    self.limits.memory_mib,
                    Setting::ScriptMaxMemory.given("N")
                ))
            }
            _ => None,
        };
        format!(
            "{}:{line}:{col}: {call}: {}",
            self.source,
            cap.unwrap_or(what)
        )
    }

    /// An error about what `moves` (or another function) returned for `on`.
    pub fn type_error(&self, call: &str, message: &str) -> String {
        let (line, col) = self.definition(call.split('(').next().unwrap_or(call));
        format!("{}:{line}:{col}: {call}: {message}", self.source)
    }
}

/// Where an error happened: the innermost known position along its chain of calls (a cap is
/// raised without one, inside the call that reached it).
fn innermost_position(e: &EvalAltResult) -> Option<(usize, usize)> {
    let mut found = e.position();
    let mut e = e;
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = e {
        e = inner;
        if !e.position().is_none() {
            found = e.position();
        }
    }
    (!found.is_none()).then(|| at(found))
}

/// A position as the Rhai value a script receives.
pub fn to_dynamic(p: &Position) -> Dynamic {
    match p {
        Position::Int(n) => Dynamic::from_int(*n),
        Position::Str(s) => Dynamic::from(s.to_string()),
        Position::List(items) => Dynamic::from_array(items.iter().map(to_dynamic).collect()),
        Position::Duo(a, b) => {
            Dynamic::from_array(vec![Dynamic::from_int(*a), Dynamic::from_int(*b)])
        }
        Position::Pair(a, b) => Dynamic::from(SumOption(vec![
            Dynamic::from_int(*a),
            Dynamic::from_int(*b),
        ])),
        Position::Sum(parts) => {
            Dynamic::from(SumOption(parts.iter().map(to_dynamic_part).collect()))
        }
        Position::Duos(a, b, c, d) => Dynamic::from(SumOption(vec![
            to_dynamic(&Position::Duo((*a).into(), (*b).into())),
            to_dynamic(&Position::Duo((*c).into(), (*d).into())),
        ])),
        // A sum too: of copies, as the script wrote them (counts never pass `i64::MAX`).
        Position::Copies(..) => Dynamic::from(SumOption(vec![to_dynamic_part(p)])),
    }
}

/// A part of a sum as a Rhai value: `repeat(x, n)` for copies, else as [`to_dynamic`].
pub fn to_dynamic_part(p: &Position) -> Dynamic {
    match p {
        Position::Copies(x, n) => Dynamic::from(Repeat {
            part: to_dynamic(x),
            times: i64::try_from(*n).unwrap_or(i64::MAX),
        }),
        p => to_dynamic(p),
    }
}

/// How [`value_of`] reads a script's values: the size cap ([`ScriptLimits::size`]), and whether
/// a sum may be made a position at once (not when the script puts each part in canonical form).
#[derive(Clone, Copy)]
struct Reading {
    size: usize,
    whole_sums: bool,
}

/// An integer, or an array of integers no longer than the size cap, as a position.
fn plain(d: &Dynamic, size: usize) -> Option<Position> {
    if let Ok(n) = d.as_int() {
        return Some(Position::Int(n));
    }
    let items = d.read_lock::<Array>()?;
    if items.len() > size || !items.iter().all(Dynamic::is_int) {
        return None;
    }
    let ints = items.iter().map(|x| Position::Int(x.as_int().unwrap_or(0)));
    Some(Position::list(ints.collect()))
}

/// What a script returned, as the machinery reads it.
///
/// The commonest options are made positions at once ([`Value::Position`]) rather than taken
/// apart and put together again by the reader: an array of integers (`[a, h]`), and a sum of
/// integers and such arrays (`sum([a, b])`, `sum([[a, h], [w - a, h]])`). Anything else, and
/// anything the reader would refuse (an array past the size cap, nesting near the most allowed),
/// is left to the reader, which says why. Arrays nested past what any position may hold are cut
/// short (the reader refuses them at [`MAX_NESTING`], before it reaches the cut), so a value
/// nested without end cannot exhaust the stack here.
fn value_of(d: &Dynamic, depth: usize, how: Reading) -> Value {
    if let Ok(n) = d.as_int() {
        return Value::Int(n);
    }
    if depth > 2 * MAX_NESTING + 2 {
        return Value::List(Vec::new());
    }
    // The top level is the list of options (or parts), never a position.
    let at_once = (1..MAX_NESTING / 2).contains(&depth);
    let all = |items: &[Dynamic]| items.iter().map(|x| value_of(x, depth + 1, how)).collect();
    match d.type_name() {
        _ if d.is_array() => {
            if at_once {
                if let Some(p) = plain(d, how.size) {
                    return Value::Position(p);
                }
            }
            match d.read_lock::<Array>() {
                Some(items) => Value::List(all(&items)),
                None => Value::Other("an array that is being written".into()),
            }
        }
        _ if d.is_string() => Value::Str(d.to_string()),
        _ if d.is::<std::ops::Range<i64>>() => {
            let r = d.clone().cast::<std::ops::Range<i64>>();
            Value::Range(r.start, r.end)
        }
        _ if d.is::<std::ops::RangeInclusive<i64>>() => {
            let r = d.clone().cast::<std::ops::RangeInclusive<i64>>();
            Value::RangeInclusive(*r.start(), *r.end())
        }
        _ if d.is::<SumOption>() => match d.read_lock::<SumOption>() {
            Some(sum) => {
                if at_once && how.whole_sums {
                    let parts: Option<Vec<Position>> =
                        sum.0.iter().map(|x| plain(x, how.size)).collect();
                    if let Some(parts) = parts {
                        return Value::Position(Position::sum(parts));
                    }
                }
                Value::Sum(all(&sum.0))
            }
            None => Value::Other("a sum that is being written".into()),
        },
        _ if d.is::<Repeat>() => match d.read_lock::<Repeat>() {
            Some(r) => Value::Repeat(Box::new(value_of(&r.part, depth + 1, how)), r.times),
            None => Value::Other("a repeat that is being written".into()),
        },
        _ if d.is::<Splits>() => {
            let Splits { total, least } = d.clone().cast::<Splits>();
            Value::Splits { total, least }
        }
        _ if d.is::<Cuts>() => {
            let Cuts { w, h } = d.clone().cast::<Cuts>();
            Value::Cuts { w, h }
        }
        "()" => Value::Other("nothing (a function without a value at its end)".into()),
        "bool" => Value::Other(format!("a boolean ({d})")),
        "f64" | "f32" => Value::Other(format!("a decimal number ({d})")),
        "char" => Value::Other(format!("a character ('{d}'); write it as a string")),
        "map" => Value::Other("an object map".into()),
        t => Value::Other(format!("a value of type {t}")),
    }
}

/// A Rhai value a script holds as a position (not a sum), for `sort`: integers, strings, arrays
/// of them. `size` is the most elements (or bytes) an array (or string) may hold
/// ([`ScriptLimits::size`]).
fn from_dynamic(d: &Dynamic, size: usize) -> Result<Position, String> {
    let how = Reading {
        size,
        whole_sums: false,
    };
    value_of(d, 0, how).position(size)
}
