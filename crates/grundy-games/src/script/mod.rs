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
//! use grundy_games::registry::build_sum;
//! use grundy_games::spec::Word;
//!
//! // Take at most half of a heap: G(2m) = m and G(2m + 1) = G(m).
//! let words = ["script:{fn moves(n) { range(n - n / 2, n) }}", "11", "12"];
//! let mut sum = build_sum(&Word::from_args(&words)).unwrap();
//! // 11 + 12 is one component, a sum of the heaps 11 and 12: G(11) = G(5) = G(2) = 1, G(12) = 6.
//! assert_eq!(analyse(&mut sum, 10).unwrap().grundy, Some(Nimber(1 ^ 6)));
//! ```

mod position;
mod program;
pub mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use grundy_core::{Component, Game, Key, Ruleset, RulesetComponent, SolveError};
use rayon::prelude::*;
use rhai::{Array, Dynamic};
use rustc_hash::{FxHashMap, FxHashSet};
use serde_json::Value as Json;

pub use position::Position;
use program::{describe_value, from_dynamic, to_dynamic, Cuts, Program, Splits, SumOption};
pub use program::{script_limits, set_memory_probe, set_script_limits, ScriptLimits};

use crate::spec::{GameEntry, GameSpec, SpecError, Tabulation, Word};

/// Options of one position, as the script gave them: integer ranges stay ranges.
enum Group {
    /// Every integer in `start..end`.
    Ints(i64, i64),
    /// Every integer from `high` down to `low` (a loop that pushes `n - 1`, `n - 2`, ...).
    Down(i64, i64),
    /// Every sum of `a` and `total - a` for `a` in `first..=last`.
    Splits { total: i64, first: i64, last: i64 },
    /// One option.
    One(Position),
}

/// What one call of the script says of a position.
enum Expansion {
    /// `components(p)`: the position is the sum of these parts.
    Parts(Vec<Position>),
    /// `moves(p)`: its options.
    Options(Vec<Group>),
}

/// Appends the option `n`, extending a run of consecutive integers (the options of a loop over a
/// range) rather than storing each: a position with thousands of options keeps a few numbers.
fn push_int(groups: &mut Vec<Group>, n: i64) {
    match groups.last_mut() {
        Some(Group::Ints(_, end)) if *end == n && n < i64::MAX => *end += 1,
        Some(Group::Down(_, low)) if low.checked_sub(1) == Some(n) => *low = n,
        Some(last @ Group::One(Position::Int(_))) => {
            let Group::One(Position::Int(m)) = *last else {
                unreachable!("matched above")
            };
            if m.checked_add(1) == Some(n) && n < i64::MAX {
                *last = Group::Ints(m, n + 1);
            } else if m.checked_sub(1) == Some(n) {
                *last = Group::Down(m, n);
            } else {
                groups.push(Group::One(Position::Int(n)));
            }
        }
        _ => groups.push(Group::One(Position::Int(n))),
    }
}

/// A game defined by a script.
pub struct ScriptGame {
    name: String,
    program: Arc<Program>,
    /// Expansions made ahead of the solver (on every core), each taken once.
    pending: Mutex<FxHashMap<Position, Arc<Expansion>>>,
    failed: AtomicBool,
    /// The first error met: every search stops with it.
    error: Mutex<Option<String>>,
    warned: AtomicBool,
}

impl ScriptGame {
    /// Compiles the script `text` read from `source`; `name` is the game spec that names it.
    pub fn compile(name: &str, source: &str, text: &str) -> Result<ScriptGame, String> {
        Ok(ScriptGame {
            name: name.to_string(),
            program: Arc::new(Program::compile(source, text)?),
            pending: Mutex::default(),
            failed: AtomicBool::new(false),
            error: Mutex::new(None),
            warned: AtomicBool::new(false),
        })
    }

    /// The game `spec` names: `script:FILE`, or `script:{...}` with the script inline.
    pub fn from_spec(spec: &GameSpec) -> Result<ScriptGame, SpecError> {
        let params = spec.require_params("script:FILE (a Rhai script) or script:{...}")?;
        let (source, text) = match params.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            Some(inline) => ("inline script".to_string(), inline.to_string()),
            None => {
                let text = std::fs::read_to_string(params)
                    .map_err(|e| spec.error(format!("cannot read the script {params}: {e}")))?;
                (params.to_string(), text)
            }
        };
        ScriptGame::compile(&spec.word.text, &source, &text).map_err(|m| spec.error(m))
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

    /// Expands `positions` on every core, ahead of the solver, which then finds each expansion
    /// ready. A script error is kept as the game's fault ([`Ruleset::fault`]).
    pub fn prefetch(&self, positions: &[Position]) {
        let todo: Vec<&Position> = {
            let pending = self.pending.lock().expect("no thread panics holding it");
            positions
                .iter()
                .filter(|p| !p.is_sum() && !pending.contains_key(p))
                .collect()
        };
        let done: Vec<(Position, Result<Expansion, String>)> = todo
            .par_iter()
            .map(|p| ((*p).clone(), self.expand(p)))
            .collect();
        let mut pending = self.pending.lock().expect("no thread panics holding it");
        for (p, e) in done {
            match e {
                Ok(e) => {
                    pending.insert(p, Arc::new(e));
                }
                Err(m) => {
                    self.fail(m);
                    return;
                }
            }
        }
    }

    /// Expands, on every core, the positions `root` reaches, breadth first, until a budget of
    /// options held is spent; the solver then finds them ready ([`Ruleset::prepare`]).
    fn work_ahead(&self, root: &Position) {
        /// Groups of options held ahead of the solver at most (tens of megabytes), and options
        /// walked to find the next positions.
        const OPTIONS_AHEAD: usize = 1 << 21;
        const WALK: usize = 1 << 27;
        let most_positions = grundy_core::limits::position_cap() / 4;
        let mut seen: FxHashSet<Position> = FxHashSet::default();
        let mut queue: Vec<Position> = Vec::new();
        let mut parts = Vec::new();
        let mut reach =
            |p: &Position, seen: &mut FxHashSet<Position>, queue: &mut Vec<Position>| {
                parts.clear();
                if !p.parts(&mut parts) {
                    parts.push(p.clone());
                }
                for q in parts.drain(..) {
                    if seen.insert(q.clone()) {
                        queue.push(q);
                    }
                }
            };
        reach(root, &mut seen, &mut queue);
        let (mut next, mut held, mut walked) = (0, 0, 0);
        while next < queue.len()
            && held < OPTIONS_AHEAD
            && walked < WALK
            && seen.len() < most_positions
        {
            let end = queue.len().min(next + table::BLOCK);
            let block: Vec<Position> = queue[next..end].to_vec();
            next = end;
            self.prefetch(&block);
            if self.failed.load(Ordering::Acquire) {
                return;
            }
            let pending = self.pending.lock().expect("no thread panics holding it");
            for p in &block {
                let Some(e) = pending.get(p) else { continue };
                match &**e {
                    Expansion::Parts(ps) => {
                        for q in ps {
                            reach(q, &mut seen, &mut queue);
                        }
                    }
                    Expansion::Options(groups) => {
                        for g in groups {
                            match g {
                                Group::Ints(a, b) => {
                                    walked += b.abs_diff(*a) as usize;
                                    for n in *a..*b {
                                        reach(&Position::Int(n), &mut seen, &mut queue);
                                    }
                                }
                                Group::Down(high, low) => {
                                    walked += high.abs_diff(*low) as usize + 1;
                                    for n in *low..=*high {
                                        reach(&Position::Int(n), &mut seen, &mut queue);
                                    }
                                }
                                Group::Splits { total, first, last } => {
                                    walked += (last - first + 1) as usize;
                                    for a in *first..=*last {
                                        reach(&Position::pair(a, total - a), &mut seen, &mut queue);
                                    }
                                }
                                Group::One(q) => {
                                    walked += 1;
                                    reach(q, &mut seen, &mut queue);
                                }
                            }
                            held += 1;
                        }
                    }
                }
            }
        }
    }

    fn fail(&self, message: String) {
        let mut error = self.error.lock().expect("no thread panics holding it");
        if error.is_none() {
            *error = Some(message);
        }
        self.failed.store(true, Ordering::Release);
    }

    /// The expansion of `p`, made now or ahead; `take` removes one made ahead (the solver asks
    /// for a position's options once), else it is kept for the next question.
    fn expansion(&self, p: &Position, take: bool) -> Option<Arc<Expansion>> {
        {
            let mut pending = self.pending.lock().expect("no thread panics holding it");
            let found = if take {
                pending.remove(p)
            } else {
                pending.get(p).cloned()
            };
            if found.is_some() {
                return found;
            }
        }
        match self.expand(p) {
            Ok(e) => {
                let e = Arc::new(e);
                if !take {
                    let mut pending = self.pending.lock().expect("no thread panics holding it");
                    pending.insert(p.clone(), e.clone());
                }
                Some(e)
            }
            Err(m) => {
                self.fail(m);
                None
            }
        }
    }

    /// One call of the script on `p` (not a sum): its parts if `components` splits it, else its
    /// options.
    fn expand(&self, p: &Position) -> Result<Expansion, String> {
        let program = &self.program;
        let on = p.to_string();
        if program.hooks.components {
            let d = program.call("components", vec![to_dynamic(p)], &on)?;
            let call = format!("components({on})");
            let parts = self.positions_in(d, &call)?;
            let whole = Position::sum(parts);
            if whole != *p {
                let mut parts = Vec::new();
                if !whole.parts(&mut parts) {
                    parts.push(whole);
                }
                return Ok(Expansion::Parts(parts));
            }
        }
        let d = program.call("moves", vec![to_dynamic(p)], &on)?;
        let call = format!("moves({on})");
        let mut groups = Vec::new();
        let mut count = 0u64;
        if d.is_array() {
            let items = d.cast::<Array>();
            for item in items {
                self.option(item, &call, &mut groups, &mut count)?;
            }
        } else if d.is::<std::ops::Range<i64>>()
            || d.is::<std::ops::RangeInclusive<i64>>()
            || d.is::<Splits>()
            || d.is::<Cuts>()
        {
            self.option(d, &call, &mut groups, &mut count)?;
        } else {
            let what = describe_value(&d);
            let what = what.split(", where").next().unwrap_or(&what).to_string();
            return Err(program.type_error(
                &call,
                &format!("returned {what}, where an array of options is expected"),
            ));
        }
        Ok(Expansion::Options(groups))
    }

    /// The positions of an array a script returned (for `components`), sums flattened.
    fn positions_in(&self, d: Dynamic, call: &str) -> Result<Vec<Position>, String> {
        if !d.is_array() {
            return Err(self
                .program
                .type_error(call, "must return an array of the parts"));
        }
        let mut parts = Vec::new();
        for item in d.cast::<Array>() {
            parts.push(self.option_position(item, call)?);
        }
        Ok(parts)
    }

    /// One element of `moves`' array, appended to `groups`.
    fn option(
        &self,
        item: Dynamic,
        call: &str,
        groups: &mut Vec<Group>,
        count: &mut u64,
    ) -> Result<(), String> {
        let canonical = self.program.hooks.canonical;
        let ints = |start: i64, end: i64, groups: &mut Vec<Group>, count: &mut u64| {
            if start >= end {
                return Ok(());
            }
            self.count(count, end.abs_diff(start), call)?;
            if canonical {
                for n in start..end {
                    groups.push(Group::One(self.canonical(Position::Int(n))?));
                }
            } else {
                groups.push(Group::Ints(start, end));
            }
            Ok::<(), String>(())
        };
        if item.is::<std::ops::Range<i64>>() {
            let r = item.cast::<std::ops::Range<i64>>();
            return ints(r.start, r.end, groups, count);
        }
        if item.is::<std::ops::RangeInclusive<i64>>() {
            let r = item.cast::<std::ops::RangeInclusive<i64>>();
            if *r.end() == i64::MAX {
                return Err(self.program.type_error(
                    call,
                    "a range up to the largest integer has too many options",
                ));
            }
            return ints(*r.start(), *r.end() + 1, groups, count);
        }
        if item.is::<Splits>() {
            let s = item.cast::<Splits>();
            let first = s.least.max(0);
            let last = s.total / 2;
            if first <= last && s.total - first >= s.least {
                self.count(count, (last - first + 1) as u64, call)?;
                if canonical {
                    for a in first..=last {
                        let pair = vec![Position::Int(a), Position::Int(s.total - a)];
                        groups.push(Group::One(self.sum_of(pair)?));
                    }
                } else {
                    groups.push(Group::Splits {
                        total: s.total,
                        first,
                        last,
                    });
                }
            }
            return Ok(());
        }
        if item.is::<Cuts>() {
            let Cuts { w, h } = item.cast::<Cuts>();
            let rect =
                |a: i64, b: i64| Position::List(vec![Position::Int(a), Position::Int(b)].into());
            let n = (w - 1).max(0) as u64 + (h - 1).max(0) as u64;
            self.count(count, n, call)?;
            for a in 1..w {
                groups.push(Group::One(self.sum_of(vec![rect(a, h), rect(w - a, h)])?));
            }
            for b in 1..h {
                groups.push(Group::One(self.sum_of(vec![rect(w, b), rect(w, h - b)])?));
            }
            return Ok(());
        }
        self.count(count, 1, call)?;
        match self.option_position(item, call)? {
            Position::Int(n) => push_int(groups, n),
            p => groups.push(Group::One(p)),
        }
        Ok(())
    }

    /// An option (or a part) the script returned: a position or a sum, in canonical form.
    fn option_position(&self, item: Dynamic, call: &str) -> Result<Position, String> {
        if item.is::<SumOption>() {
            let SumOption(parts) = item.cast::<SumOption>();
            let parts = parts
                .into_iter()
                .map(|d| self.option_position(d, call))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Position::sum(parts));
        }
        let p = from_dynamic(&item)
            .map_err(|m| self.program.type_error(call, &format!("an option is {m}")))?;
        self.canonical(p)
    }

    /// The sum of `parts`, each in canonical form.
    fn sum_of(&self, parts: Vec<Position>) -> Result<Position, String> {
        if !self.program.hooks.canonical {
            return Ok(Position::sum(parts));
        }
        let parts = parts
            .into_iter()
            .map(|p| self.canonical(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Position::sum(parts))
    }

    /// `canonical(p)` when the script defines it (each part of a sum on its own).
    fn canonical(&self, p: Position) -> Result<Position, String> {
        if !self.program.hooks.canonical {
            return Ok(p);
        }
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_of(parts);
        }
        let on = p.to_string();
        let d = self.program.call("canonical", vec![to_dynamic(&p)], &on)?;
        from_dynamic(&d).map_err(|m| {
            self.program
                .type_error(&format!("canonical({on})"), &format!("returned {m}"))
        })
    }

    /// Counts `n` more options of one position, failing past the size cap.
    fn count(&self, count: &mut u64, n: u64, call: &str) -> Result<(), String> {
        *count = count.saturating_add(n);
        let cap = script_limits().size as u64;
        if *count > cap {
            return Err(self.program.type_error(
                call,
                &format!("more than {cap} options, the limit; raise it with --script-max-size N"),
            ));
        }
        Ok(())
    }

    /// The options of the sum of `parts`: a move in one part.
    fn sum_options(&self, parts: &[Position], out: &mut Vec<Position>) {
        let mut moves = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == *part {
                continue;
            }
            moves.clear();
            self.options(part, &mut moves);
            for q in moves.drain(..) {
                let mut next = parts.to_vec();
                next[i] = q;
                out.push(Position::sum(next));
            }
        }
    }

    /// How a position is said: the script's `show(p)` when it has one.
    fn said(&self, p: &Position) -> String {
        if self.program.hooks.show {
            match self
                .program
                .call("show", vec![to_dynamic(p)], &p.to_string())
            {
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
            eprintln!("warning: {message}");
        }
    }
}

impl Ruleset for ScriptGame {
    type Position = Position;

    fn options(&self, p: &Position, out: &mut Vec<Position>) {
        if self.failed.load(Ordering::Acquire) {
            return;
        }
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_options(&parts, out);
        }
        match self.expansion(p, true).as_deref() {
            None => {}
            Some(Expansion::Parts(parts)) => self.sum_options(parts, out),
            Some(Expansion::Options(groups)) => {
                for g in groups {
                    match g {
                        Group::Ints(a, b) => out.extend((*a..*b).map(Position::Int)),
                        Group::Down(high, low) => {
                            out.extend((*low..=*high).rev().map(Position::Int))
                        }
                        Group::Splits { total, first, last } => {
                            out.extend((*first..=*last).map(|a| Position::pair(a, total - a)))
                        }
                        Group::One(q) => out.push(q.clone()),
                    }
                }
            }
        }
    }

    fn components(&self, p: &Position, out: &mut Vec<Position>) -> bool {
        if p.parts(out) {
            return true;
        }
        if !self.program.hooks.components || self.failed.load(Ordering::Acquire) {
            return false;
        }
        match self.expansion(p, false).as_deref() {
            Some(Expansion::Parts(parts)) => {
                out.extend(parts.iter().cloned());
                true
            }
            _ => false,
        }
    }

    fn prepare(&self, root: &Position) {
        self.work_ahead(root);
    }

    fn index(&self, p: &Position) -> Option<usize> {
        match p {
            Position::Int(n) => usize::try_from(*n).ok(),
            _ => None,
        }
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
    fn name(&self) -> String {
        self.name.clone()
    }

    fn show(&self, p: &Position) -> Json {
        p.words()
    }

    fn describe(&self, from: &Position, to: &Position) -> String {
        if self.program.hooks.describe {
            let args = vec![to_dynamic(from), to_dynamic(to)];
            let on = format!("{from}, {to}");
            match self.program.call("describe", args, &on) {
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
        let mut before = Vec::new();
        for p in &a {
            match b.iter().position(|q| q == p) {
                Some(i) => {
                    b.remove(i);
                }
                None => before.push(p.clone()),
            }
        }
        let join = |ps: &[Position]| {
            if ps.is_empty() {
                "nothing".to_string()
            } else {
                ps.iter()
                    .map(|p| self.said(p))
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

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let game = ScriptGame::from_spec(spec)?;
    if words.is_empty() {
        return Err(spec.error(
            "give a position after the script: an integer (7), integers with commas (3,4), a literal ([[1,2],[3]], \"abc\") or a word",
        ));
    }
    let position = game.position(words)?;
    Ok(RulesetComponent::boxed(game, position))
}

/// The registry entry.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "script",
        aliases: &[],
        syntax: "script:FILE or script:{RHAI}",
        rules: "a game whose moves a Rhai script gives: fn moves(p) returns the options of p (positions are integers, strings or arrays; sum([a, b]) is a sum)",
        example: "script:examples/games/half.rhai 10",
        build,
        matches: None,
        table: Some(Tabulation::Script(ScriptGame::from_spec)),
    }]
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
        let mut want = ints(&[19, 18, 17, 7, 8, 9, 2, 2]);
        want.push(Position::Pair(0, 1));
        want.extend(ints(&[4, 5]));
        want.push(Position::Str("x".into()));
        want.push(Position::List(ints(&[1, 2]).into()));
        assert_eq!(got, want);
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
        let p = Position::List(vec![Position::Int(4), Position::Int(2)].into());
        assert!(game.components(&p, &mut parts));
        assert_eq!(parts, [Position::Int(2), Position::Int(4)]);
        let text = "fn canonical(p) { if p[0] > p[1] { [p[1], p[0]] } else { p } } \
                    fn moves(p) { [[p[1], p[0]]] }";
        let got = options(
            text,
            Position::List(vec![Position::Int(1), Position::Int(2)].into()),
        );
        assert_eq!(
            got,
            [Position::List(
                vec![Position::Int(1), Position::Int(2)].into()
            )]
        );
    }
}
