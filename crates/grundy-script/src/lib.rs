//! # grundy-script
//!
//! Game scripts (`script:FILE`): any impartial game whose moves a person can write in a few lines.
//!
//! **Rules:** a [Rhai](https://rhai.rs) script defines `fn moves(p)`, the array of the options of
//! position `p`. A position is an integer, a string or an array (nested) of these; an option that
//! is a *sum* of independent positions (a cut that leaves two pieces) is written `sum([q1, q2])`.
//! Optional functions: `components(p)` (the parts `p` is the sum of), `canonical(p)` (one
//! representative of positions equal under symmetry), `show(p)` and `describe(p, q)` (how
//! positions and moves are said). For speed a script may return, anywhere in its array, a range
//! `a..b` (every integer in it), `splits(m)` (every `sum([a, m - a])`) or `cuts(w, h)` (every cut
//! of a `w`×`h` rectangle in two); grundy iterates those without calling back into the script.
//! One slot of an option may hold a range too (`[x, a..b]`, `sum([a..b, y])`: every option with
//! an integer of the range there, kept as an interval, `family.rs`), and a part of a sum may be
//! `repeat(x, n)`, `n` copies of `x` kept as two values ([`Position::Copies`]).
//!
//! **Theory:** the Sprague–Grundy theorem, through the one generic component
//! ([`grundy_core::RulesetComponent`]): a sum's value is the XOR of its parts' values, so each
//! part is valued once and shared by every position it occurs in; a game whose moves come back to
//! a position already on the path is solved as a loopy game (retrograde analysis and Smith's
//! generalized values), as `graph:` games are.
//!
//! The script is called once per position, on every core when a table is computed
//! ([`ScriptGame::prefetch`]), and each call runs sandboxed under caps ([`ScriptLimits`]).
//!
//! ```
//! use grundy_core::{analyse, Nimber};
//! use grundy_registry::Registry;
//! use grundy_registry::spec::Word;
//!
//! // Take at most half of a heap: G(2m) = m and G(2m + 1) = G(m).
//! let words = ["script:{fn moves(n) { range(n - n / 2, n) }}", "11", "12"];
//! let scripts = grundy_script::Runtime::new(grundy_script::ScriptSettings::default());
//! let games = grundy_games::registry::builtin().with(scripts.entries());
//! let mut sum = games.build_sum(&Word::from_args(&words)).unwrap();
//! // 11 + 12 is one component, a sum of the heaps 11 and 12: G(11) = G(5) = G(2) = 1, G(12) = 6.
//! assert_eq!(analyse(&mut sum, 10).unwrap().grundy, Some(Nimber(1 ^ 6)));
//! ```

#![warn(missing_docs)]

mod ahead;
mod cache;
mod expansion;
mod family;
mod first_error;
mod first_seen;
mod heaps;
mod known;
mod last_seen;
mod line;
mod line_moves;
mod params;
#[cfg(test)]
mod plain_mex;
mod position;
mod program;
mod runtime;
mod shared;
mod stack;
pub mod table;
mod tabulation;
mod value;
mod value_tree;

use grundy_core::setting::Setting;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use expansion::Expansion;
pub use heaps::misere_quotient;
pub use params::{parse_one as parse_param, split_spec as split_script_spec, Params};
pub use position::{too_deep, Position, MAX_NESTING};
pub use program::{Hooks, Host, ScriptLimits};
pub use runtime::{Runtime, ScriptSettings};
pub use shared::LineBudget;
pub use tabulation::ScriptTable;
/// The values hosts exchange with the machinery (a [`Host`] outside this crate builds them).
pub use value::Value;

use grundy_registry::spec::{GameSpec, SpecError, Word};

/// How many times over a part may be split again by `components`.
const MAX_SPLITS: usize = 64;

/// The script operations spent on asking whether a position has any move
/// ([`Ruleset::terminal`]): enough for a `moves` that returns `[]` after a test or two, a small
/// part of one that lists a thousand moves, so that asking it of every option is cheap.
const TERMINAL_PROBE: u64 = 200;

/// A game defined by a script.
pub struct ScriptGame {
    /// The run it belongs to: its settings, and what its games share.
    runtime: Arc<Runtime>,
    name: String,
    program: Arc<dyn Host>,
    /// Expansions made ahead of the solver (on every core) and kept since.
    store: Mutex<ahead::Store>,
    failed: AtomicBool,
    /// Positions expanded so far (for progress reports).
    expanded: AtomicU64,
    /// The first error met: every search stops with it.
    error: Mutex<Option<String>>,
    warned: AtomicBool,
    /// The run's line of heap values for this program ([`shared`]), found once.
    line: OnceLock<shared::SharedLine>,
    /// The run's store of values off the line for this program ([`known`]), found once.
    known: OnceLock<Arc<known::Known>>,
    /// The game's identity in a cache file ([`cache::identity`]): a script's, not a host's.
    identity: Option<u64>,
}

impl ScriptGame {
    /// Compiles the script `text` read from `source`, in a runtime of its own with the default
    /// settings ([`Runtime::compile`] compiles it in a front end's runtime); `name` is the game
    /// spec that names it.
    pub fn compile(name: &str, source: &str, text: &str) -> Result<ScriptGame, String> {
        Runtime::new(ScriptSettings::default()).compile(name, source, text)
    }

    /// A game of `runtime` whose functions `host` runs ([`Runtime::hosted`]).
    fn new(runtime: Arc<Runtime>, name: &str, host: Arc<dyn Host>) -> ScriptGame {
        ScriptGame {
            runtime,
            name: name.to_string(),
            program: host,
            store: Mutex::default(),
            failed: AtomicBool::new(false),
            expanded: AtomicU64::new(0),
            error: Mutex::new(None),
            warned: AtomicBool::new(false),
            line: OnceLock::new(),
            known: OnceLock::new(),
            identity: None,
        }
    }

    /// The game `spec` names ([`Runtime::game`]).
    fn from_spec(runtime: &Arc<Runtime>, spec: &GameSpec) -> Result<ScriptGame, SpecError> {
        let whole = spec.require_params("script:FILE (a Rhai script) or script:{...}")?;
        let (script, query) = params::split_spec(whole);
        let (source, text) = match script.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            Some(inline) => ("inline script".to_string(), inline.to_string()),
            None => {
                let text = std::fs::read_to_string(script)
                    .map_err(|e| spec.error(format!("cannot read the script {script}: {e}")))?;
                // An editor's byte-order mark is not part of the script.
                let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
                (script.to_string(), text)
            }
        };
        let mut params = runtime.settings().params.clone();
        // A parameter of the command line the script never reads is a typo too (a parameter for
        // one script of several goes in that script's spec).
        if let [first, ..] = params.unread(&text).as_slice() {
            return Err(spec.error(format!(
                "{source}: {} {first}: the script never reads it (misspelt? a parameter of one \
                 script of several goes in its spec: script:FILE?{first}=...)",
                Setting::Param
            )));
        }
        if let Some(query) = query {
            let bad = |m: String| spec.error(format!("{source}: parameter {m}"));
            let own = Params::default().with_query(query).map_err(bad)?;
            if let [first, ..] = own.unread(&text).as_slice() {
                return Err(bad(format!(
                    "{first}: the script never reads it (misspelt?)"
                )));
            }
            params = params.with_query(query).map_err(bad)?;
        }
        runtime
            .compile_with(&spec.word.text, &source, &text, &params)
            .map_err(|m| spec.error(m))
    }

    /// How far its searches may go ([`ScriptSettings::search`]).
    fn limits(&self) -> &grundy_core::limits::Limits {
        &self.runtime.settings().search
    }

    /// The most options one position may have, and the most elements an array may hold
    /// ([`ScriptLimits::size`]).
    fn size(&self) -> usize {
        self.runtime.settings().limits.size
    }

    /// Reads a position from its words (each one part of a sum), in canonical form.
    pub fn position(&self, words: &[Word]) -> Result<Position, SpecError> {
        let mut parts = Vec::with_capacity(words.len());
        for w in words {
            let p = Position::parse_word(&w.text).map_err(|m| w.error(m))?;
            let p = self.canonical(p).map_err(|m| w.error(m))?;
            parts.push(p);
        }
        Ok(Position::sum(parts))
    }

    /// The sum of `parts` (positions a host gave), each in canonical form.
    pub fn start(&self, parts: Vec<Position>) -> Result<Position, String> {
        let parts = parts
            .into_iter()
            .map(|p| self.canonical(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Position::sum(parts))
    }

    /// Whether a call of the script has failed.
    fn failed(&self) -> bool {
        self.failed.load(Ordering::Acquire)
    }

    fn fail(&self, message: String) {
        let mut error = self.error.lock().expect("no thread panics holding it");
        if error.is_none() {
            *error = Some(message);
        }
        self.failed.store(true, Ordering::Release);
    }

    /// The options of `p`, met `depth` splits down: `components` may give a part that is split
    /// again, but not for ever (a script whose parts split back into the whole).
    fn options_within(&self, p: &Position, out: &mut Vec<Position>, depth: usize) {
        if self.failed() {
            return;
        }
        if depth > MAX_SPLITS {
            return self.fail(format!(
                "{}: components({p}): a part was split again {MAX_SPLITS} times over (do the \
                 parts `components` returns split back into the whole?)",
                self.program.source()
            ));
        }
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_options(&parts, out, depth + 1);
        }
        match self.expansion(p).as_deref() {
            None => {}
            Some(Expansion::Parts(parts)) => self.sum_options(parts, out, depth + 1),

            Some(Expansion::Options(groups)) => {
                // A range is two numbers, but listing it is one position per option. A family's
                // members (arrays, sums) are each stored by the search: past what it may store,
                // a clear error, not memory run out. Heaps may be valued by the shared line
                // without being stored, so only a count no memory could list stops them.
                // Counted in u64: on a 32-bit target (the browser) 2^32 is past usize.
                let (mut members, mut total) = (0usize, 0u64);
                for g in groups.iter() {
                    total = total.saturating_add(g.len() as u64);
                    if matches!(g, expansion::Group::Family(_)) {
                        members = members.saturating_add(g.len());
                    }
                }
                let cap = self.limits().solver_cap();
                if members > cap || total > 1u64 << 32 {
                    return self.fail(self.program.type_error(
                        &format!("moves({p})"),
                        &format!(
                            "{total} options, more than a search may value (it stores {cap} \
                             positions at most; raise it with {})",
                            Setting::MaxPositions.given("N")
                        ),
                    ));
                }
                for g in groups {
                    out.reserve(g.len());
                    g.for_each(|q| out.push(q));
                }
            }
        }
    }

    /// The value of `p` from `one` (a part's value); a sum (several heaps after a one-number
    /// script) is the XOR of its parts' values, each part never a sum.
    fn by_parts(&self, p: &Position, one: &dyn Fn(&Position) -> Option<u64>) -> Option<Nimber> {
        let mut parts = Vec::new();
        if !p.parts(&mut parts) {
            return one(p).map(Nimber);
        }
        ScriptGame::valued_parts(&mut parts);
        parts
            .iter()
            .try_fold(0, |x, q| Some(x ^ one(q)?))
            .map(Nimber)
    }

    /// How many options `p` has, from the script's own description of them (a range is its
    /// length), `depth` splits down; `None` if the script fails or splits too deep. An upper
    /// bound when `canonical` merges some.
    fn count_within(&self, p: &Position, depth: usize) -> Option<u64> {
        if depth > MAX_SPLITS {
            return None;
        }
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_count(&parts, depth + 1);
        }
        match self.expansion(p).as_deref()? {
            Expansion::Parts(parts) => self.sum_count(parts, depth + 1),
            Expansion::Options(groups) => Some(
                groups
                    .iter()
                    .fold(0u64, |n, g| n.saturating_add(g.len() as u64)),
            ),
        }
    }

    /// The options of a sum, counted as [`ScriptGame::sum_options`] lists them.
    fn sum_count(&self, parts: &[Position], depth: usize) -> Option<u64> {
        let mut total = 0u64;
        for (i, part) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == *part {
                continue;
            }
            total = total.saturating_add(self.count_within(part.copies_of().0, depth)?);
        }
        Some(total)
    }

    /// The options of the sum of `parts`: a move in one part.
    fn sum_options(&self, parts: &[Position], out: &mut Vec<Position>, depth: usize) {
        let mut moves = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == *part {
                continue;
            }
            // A move in one of n copies leaves n - 1 of them (all copies alike: one option).
            let (base, n) = part.copies_of();
            moves.clear();
            self.options_within(base, &mut moves, depth);
            for q in moves.drain(..) {
                let mut next = parts.to_vec();
                next[i] = q;
                if n > 1 {
                    next.push(Position::copies(base.clone(), n - 1));
                }
                let next = Position::sum(next);
                if next.overflows() {
                    return self.fail(format!(
                        "{}: a move leaves {next}, more than {} copies of one part, the most a \
                         count holds",
                        self.program.source(),
                        i64::MAX
                    ));
                }
                out.push(next);
            }
        }
    }

    /// The parts whose values XOR to the value of the sum of `parts`: copies of a part cancel
    /// in pairs (Sprague–Grundy: `x + x` is 0), so `repeat(x, n)` is `x` once for an odd `n`,
    /// else nothing; `x` is valued once, whatever `n`.
    fn valued_parts(parts: &mut Vec<Position>) {
        if !parts.iter().any(|p| matches!(p, Position::Copies(..))) {
            return;
        }
        *parts = std::mem::take(parts)
            .into_iter()
            .filter_map(|p| match p {
                Position::Copies(x, n) => (n % 2 == 1).then(|| (*x).clone()),
                p => Some(p),
            })
            .collect();
    }

    /// How a position is said: the script's `show(p)` when it has one.
    fn said(&self, p: &Position) -> String {
        if self.program.hooks().show {
            match self.program.call("show", &[p], &p.to_string()) {
                Ok(d) => return d.to_string(),
                Err(m) => self.warn(m),
            }
        }
        p.to_string()
    }

    /// A failing `show` or `describe` does not change any answer: it is said once on stderr and
    /// the plain notation used instead.
    fn warn(&self, message: String) {
        if !self.warned.swap(true, Ordering::Relaxed) {
            // Said here, past every front end: a setting the message names is said by its key.
            eprintln!("warning: {}", grundy_core::setting::plain(&message));
        }
    }
}

impl Ruleset for ScriptGame {
    type Position = Position;

    fn options(&self, p: &Position, out: &mut Vec<Position>) {
        self.options_within(p, out, 0)
    }

    fn components(&self, p: &Position, out: &mut Vec<Position>) -> bool {
        if p.parts(out) {
            ScriptGame::valued_parts(out);
            return true;
        }
        if !self.program.hooks().components || self.failed.load(Ordering::Acquire) {
            return false;
        }
        match self.expansion(p).as_deref() {
            Some(Expansion::Parts(parts)) => {
                out.extend(parts.iter().cloned());
                ScriptGame::valued_parts(out);
                true
            }
            _ => false,
        }
    }

    fn prepare(&self, root: &Position) {
        // Ahead work only pays when it runs beside the solver's thread: a host that serializes
        // its calls (Python's lock) would walk the tree twice.
        if self.program.parallel() {
            self.work_ahead(root);
        }
    }

    fn index(&self, p: &Position) -> Option<usize> {
        // Heaps take the even places and small sheets or cells `[a, b]` the odd ones (Szudzik's
        // pairing: the square of the larger side, so every `[a, b]` up to n x n fits below
        // 2(n + 1)^2), so both kinds of game keep their values in an array.
        match *p {
            Position::Int(n) => usize::try_from(n).ok()?.checked_mul(2),
            Position::Duo(a, b) if (0..1 << 20).contains(&a) && (0..1 << 20).contains(&b) => {
                let (a, b) = (a as usize, b as usize);
                let pairing = if a < b { b * b + a } else { a * a + a + b };
                Some(2 * pairing + 1)
            }
            _ => None,
        }
    }

    fn position_size(&self, p: &Position) -> Option<u64> {
        // A sum is valued by its parts, never searched whole: it needs no size.
        if !self.program.hooks().size || self.failed() || p.parts(&mut Vec::new()) {
            return None;
        }
        let call = format!("size({p})");
        let size = self
            .program
            .call("size", &[p], &p.to_string())
            .and_then(|d| {
                let n = match d {
                    Value::Int(n) => u64::try_from(n).ok(),
                    _ => None,
                };
                n.ok_or_else(|| {
                    let what = format!("must return a number of at least 0, not {d}");
                    self.program.type_error(&call, &what)
                })
            });
        size.map_err(|m| self.fail(m)).ok()
    }

    fn terminal(&self, p: &Position) -> Option<bool> {
        // A sum has no move when none of its parts has one: left to the search, which values
        // sums by their parts.
        if self.failed() || p.parts(&mut Vec::new()) {
            return None;
        }
        match self.expansion_within(p, TERMINAL_PROBE)?.as_ref() {
            Expansion::Options(groups) => Some(groups.iter().all(|g| g.len() == 0)),
            Expansion::Parts(_) => None,
        }
    }

    fn cheap_value(&self, p: &Position) -> Option<Nimber> {
        // What the line holds, or can value in about linear time: when the heap's moves are
        // spelled compactly (a range), each heap of the line costs the script a few steps. A
        // `moves` that lists its heaps one by one would make the line quadratic.
        if let Some(v) = self.held_on_line(p).or_else(|| self.known_value(p)) {
            return Some(Nimber(v));
        }
        // A sum's options are its parts' (the script's `moves` never sees a sum): not probed.
        if p.parts(&mut Vec::new()) {
            return None;
        }
        self.expansion_within(p, TERMINAL_PROBE)?;
        self.shared_value(p).map(Nimber)
    }

    fn closed_form(&self, p: &Position) -> Option<Nimber> {
        // Not a theorem: a value of the process's shared line of heaps ([`shared`]), or one
        // another game of this program computed in this run ([`known`]); exact either way.
        self.by_parts(p, &|q| self.known_value(q).or_else(|| self.shared_value(q)))
    }

    /// A script knows no theorem; a value another game of this program computed, or one on the
    /// shared line already, needs no work (the line is not extended for it).
    fn theorem_value(&self, p: &Position) -> Option<Nimber> {
        self.by_parts(p, &|q| {
            self.known_value(q)
                .or_else(|| self.shared_value_computed(q))
        })
    }

    fn learned(&self, p: &Position, value: Nimber) {
        self.learn(p, value.0);
    }

    fn fault(&self) -> Result<(), SolveError> {
        if !self.failed.load(Ordering::Acquire) {
            return Ok(());
        }
        let error = self.error.lock().expect("no thread panics holding it");
        Err(SolveError::Rules(error.clone().unwrap_or_default()))
    }
}

impl Game for ScriptGame {
    fn options_to(
        &self,
        p: &Position,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Position>, usize), SolveError>> {
        // Not a theorem either: the values of options that are heaps on the shared line, or
        // sums of them.
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_options_on_line_to(&parts, target.0, limit).map(Ok);
        }
        self.options_on_line_to(p, target.0, limit).map(Ok)
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn show(&self, p: &Position) -> Json {
        p.words()
    }

    /// A position is shown as the list of its parts; copies of a part in pairs cancel (the
    /// values of the parts are XORed), so `repeat(x, n)` is `x` once when `n` is odd.
    fn sum_parts(&self, shown: &Json) -> Option<Vec<Json>> {
        let words = shown.as_array()?;
        let mut parts = Vec::with_capacity(words.len());
        for word in words {
            match word.as_str().map(Position::parse_word) {
                Some(Ok(p @ Position::Copies(..))) => {
                    let (x, n) = p.copies_of();
                    if n % 2 == 1 {
                        parts.push(x.to_json());
                    }
                }
                _ => parts.push(word.clone()),
            }
        }
        Some(parts)
    }

    fn option_count(&self, p: &Position) -> Option<u64> {
        self.count_within(p, 0)
    }

    /// The drawing the script's `shape()` names, for the page (`{"drawing": "heaps"}`); a name
    /// the page does not know is said once on stderr and the position drawn as words.
    fn figure(&self) -> Option<Json> {
        if !self.program.hooks().shape {
            return None;
        }
        match self.program.call("shape", &[], "") {
            Ok(name) => {
                let name = name.to_string();
                if grundy_registry::entry::Drawing::named(&name).is_some() {
                    return Some(serde_json::json!({ "drawing": name }));
                }
                let known: Vec<&str> = grundy_registry::entry::Drawing::ALL
                    .iter()
                    .map(|d| d.name())
                    .collect();
                self.warn(format!(
                    "{}: shape() returned \"{name}\", which is not a drawing (one of {})",
                    self.program.source(),
                    known.join(", ")
                ));
                None
            }
            Err(m) => {
                self.warn(m);
                None
            }
        }
    }

    fn describe(&self, from: &Position, to: &Position) -> String {
        if self.program.hooks().describe {
            let on = format!("{from}, {to}");
            match self.program.call("describe", &[from, to], &on) {
                Ok(d) => return d.to_string(),
                Err(m) => self.warn(m),
            }
        }
        // In a sum, the part that moved and what it became.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        if !from.parts(&mut a) {
            a.push(from.clone());
        }
        if !to.parts(&mut b) {
            b.push(to.clone());
        }
        // Parts counted by copies, so a move in one of 10^18 copies says `x -> y`.
        let counted = |ps: Vec<Position>| -> Vec<(Position, u64)> {
            let mut out: Vec<(Position, u64)> = Vec::new();
            for p in ps {
                let (x, n) = p.copies_of();
                match out.iter_mut().find(|(q, _)| q == x) {
                    Some((_, m)) => *m = m.saturating_add(n),
                    None => out.push((x.clone(), n)),
                }
            }
            out
        };
        let (a, mut b) = (counted(a), counted(b));
        let mut before = Vec::new();
        for (p, n) in a {
            let left = match b.iter_mut().position(|(q, _)| *q == p) {
                Some(i) => {
                    let m = b[i].1;
                    b[i].1 = m.saturating_sub(n);
                    n.saturating_sub(m)
                }
                None => n,
            };
            if left > 0 {
                before.push((p, left));
            }
        }
        b.retain(|(_, n)| *n > 0);
        let join = |ps: &[(Position, u64)]| {
            if ps.is_empty() {
                "nothing".to_string()
            } else {
                ps.iter()
                    .map(|(p, n)| match n {
                        1 => self.said(p),
                        n => format!("repeat({}, {n})", self.said(p)),
                    })
                    .collect::<Vec<_>>()
                    .join(" + ")
            }
        };
        format!("{} -> {}", join(&before), join(&b))
    }

    fn key(&self, p: &Position) -> Key {
        let mut key = Vec::new();
        p.key(&mut key);
        key
    }

    fn searchable(&self, _: &Position) -> Result<(), SolveError> {
        self.fault()
    }
}

fn build(
    runtime: &Arc<Runtime>,
    spec: &GameSpec,
    words: &[Word],
) -> Result<Box<dyn Component>, SpecError> {
    let game = runtime.game(spec)?;
    if words.is_empty() {
        return Err(spec.error(
            "give a position after the script: an integer (7), integers with commas (3,4), a literal ([[1,2],[3]], \"abc\") or a word",
        ));
    }
    let position = game.position(words)?;
    Ok(RulesetComponent::boxed(game, position))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(text: &str, p: Position) -> Vec<Position> {
        let game = ScriptGame::compile("script:test", "test", text).unwrap();
        let mut out = Vec::new();
        game.options(&p, &mut out);
        game.fault().unwrap();
        out
    }

    #[test]
    fn options_keep_the_scripts_order_whatever_their_storage() {
        let got = options(
            "fn moves(n) { [n - 1, n - 2, n - 3, 7, 8, 9, 2, 2, sum([1, 0]), 4..6, \"x\", [1, 2]] }",
            Position::Int(20),
        );
        let ints = |v: &[i64]| v.iter().map(|&n| Position::Int(n)).collect::<Vec<_>>();
        let mut want = ints(&[19, 18, 17, 7, 8, 9, 2]);
        want.push(Position::Pair(0, 1));
        want.extend(ints(&[4, 5]));
        want.push(Position::Str("x".into()));
        want.push(Position::Duo(1, 2));
        assert_eq!(got, want);
    }

    #[test]
    fn arrays_of_arrays_and_strings_sort_as_positions() {
        let got = options(
            "fn moves(n) { let a = [[2, 1], [1, 3], \"b\", [1, 2, 0], 5, \"a\", [1, 2]]; a.sort(); \
             [a] }",
            Position::Int(0),
        );
        let want = Position::parse_word(r#"[5,"a","b",[1,2],[1,2,0],[1,3],[2,1]]"#).unwrap();
        assert_eq!(got, vec![want]);
        let floats = options(
            "fn moves(n) { let a = [2.5, 1.5]; a.sort(); if a[0] < a[1] { [1] } else { [] } }",
            Position::Int(0),
        );
        assert_eq!(floats, vec![Position::Int(1)]);
    }

    #[test]
    fn each_option_is_listed_once() {
        let got = options(
            "fn moves(n) { [5, 3, 4, 5, 6, sum([1, 2]), sum([2, 1]), 0..3, 2, \"a\", \"a\"] }",
            Position::Int(9),
        );
        let ints = |v: &[i64]| v.iter().map(|&n| Position::Int(n)).collect::<Vec<_>>();
        let mut want = ints(&[5, 3, 4, 6]);
        want.push(Position::Pair(1, 2));
        want.extend(ints(&[0, 1, 2]));
        want.push(Position::Str("a".into()));
        assert_eq!(got, want);
        // Mirror-image cuts of a 4 x 1 sheet are one option.
        assert_eq!(
            options(
                "fn moves(p) { cuts(p[0], p[1]) }",
                Position::parse_word("4,1").unwrap()
            )
            .len(),
            2
        );
    }

    proptest::proptest! {
        /// The solver keeps values by index: two positions with one index would share a value.
        #[test]
        fn heaps_and_small_arrays_have_distinct_indices(
            a in -2..3000i64, b in -2..3000i64, c in -2..3000i64, d in -2..3000i64,
        ) {
            let game = ScriptGame::compile("script:test", "test", "fn moves(n) { [] }").unwrap();
            let kinds = |x: i64, y: i64| [Position::Int(x), Position::Duo(x, y)];
            for p in kinds(a, b) {
                for q in kinds(c, d) {
                    if let (Some(i), Some(j)) = (game.index(&p), game.index(&q)) {
                        proptest::prop_assert_eq!(i == j, p == q, "{} and {}", p, q);
                        proptest::prop_assert!(i < 2 * 3001 * 3001);
                    }
                }
            }
        }
    }

    #[test]
    fn a_sum_moves_in_one_part_at_a_time() {
        let got = options("fn moves(n) { range(0, n) }", Position::pair(1, 2));
        // A part that reaches 0 stays a part (a heap of 0 is a position of the game).
        let want = [
            Position::pair(0, 2),
            Position::pair(1, 0),
            Position::pair(1, 1),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn components_and_canonical_forms_are_used() {
        // A position [a, b] is the sum of two heaps of take-one-or-two.
        let text = "fn components(p) { [p[0], p[1]] } \
                    fn moves(n) { if n >= 2 { [n - 1, n - 2] } else if n == 1 { [0] } else { [] } }";
        let game = ScriptGame::compile("script:test", "test", text).unwrap();
        let mut parts = Vec::new();
        let p = Position::Duo(4, 2);
        assert!(game.components(&p, &mut parts));
        assert_eq!(parts, [Position::Int(2), Position::Int(4)]);
        let text = "fn canonical(p) { if p[0] > p[1] { [p[1], p[0]] } else { p } } \
                    fn moves(p) { [[p[1], p[0]]] }";
        let got = options(text, Position::Duo(1, 2));
        assert_eq!(got, [Position::Duo(1, 2)]);
    }

    #[test]
    fn a_script_may_measure_its_positions() {
        let moves = "fn moves(p) { [] } ";
        let game = |size: &str| {
            ScriptGame::compile("script:test", "test", &format!("{moves}{size}")).unwrap()
        };
        let p = Position::parse_word("3,4").unwrap();
        assert_eq!(game("").position_size(&p), None);
        let sized = game("fn size(p) { p[0] + p[1] }");
        assert_eq!(sized.position_size(&p), Some(7));
        assert!(sized.fault().is_ok());
        // A sum is valued by its parts, never measured.
        assert_eq!(sized.position_size(&Position::pair(1, 2)), None);
        // A size that is no count is an error of the script, not a panic.
        for bad in [
            "fn size(p) { -1 }",
            "fn size(p) { \"big\" }",
            "fn size(p) { p[7] }",
        ] {
            let g = game(bad);
            assert_eq!(g.position_size(&p), None);
            let e = g.fault().unwrap_err().to_string();
            assert!(e.contains("size("), "{bad}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
