//! What one call of a script says of a position, converted once into grundy's terms.
//!
//! `moves(p)` returns [`Value`]s (whatever language the game is written in); each becomes an
//! option here, checked (a position, a sum, a
//! range, `splits`, `cuts`), put in canonical form when the script has `canonical`, and counted
//! against the size cap. Integer options are kept as runs (`Group::Ints`, `Group::Down`) and
//! `splits` as one group, so a position with thousands of options costs a few numbers until the
//! solver walks them.

use grundy_core::setting::Setting;
use rustc_hash::FxHashSet;

use super::family::{self, Family, Hole, Shape};
use super::value::Value;
use super::{Position, ScriptGame};

/// Options of one position, as the script gave them: integer ranges stay ranges.
pub(super) enum Group {
    /// Every integer in `start..end`.
    Ints(i64, i64),
    /// Every integer from `high` down to `low` (a loop that pushes `n - 1`, `n - 2`, ...).
    Down(i64, i64),
    /// Every sum of `a` and `total - a` for `a` in `first..=last`.
    Splits { total: i64, first: i64, last: i64 },
    /// Every cut of the sheet `[w, h]` into two, each pair of pieces once (`cuts(w, h)`).
    Cuts { w: i64, h: i64 },
    /// Every option of a shape with a range in one slot (`[x, a..b]`, `sum([a..b, y])`).
    Family(Family),
    /// One option.
    One(Position),
}

impl Group {
    /// How many options the group holds.
    pub(super) fn len(&self) -> usize {
        match *self {
            Group::Ints(a, b) => b.abs_diff(a) as usize,
            Group::Down(high, low) => high.abs_diff(low) as usize + 1,
            Group::Splits { first, last, .. } => (last - first + 1) as usize,
            Group::Cuts { w, h } => (w / 2).max(0) as usize + (h / 2).max(0) as usize,
            Group::Family(ref f) => f.len(),
            Group::One(_) => 1,
        }
    }

    /// Each option of the group, in order.
    pub(super) fn for_each(&self, mut f: impl FnMut(Position)) {
        match *self {
            Group::Family(ref family) => {
                (family.start..family.end).for_each(|k| f(family.member(k)))
            }
            Group::Ints(a, b) => (a..b).map(Position::Int).for_each(f),
            Group::Down(high, low) => (low..=high).rev().map(Position::Int).for_each(f),
            Group::Splits { total, first, last } => {
                (first..=last).for_each(|a| f(Position::pair(a, total - a)))
            }
            Group::Cuts { w, h } => {
                let pieces = |x, y| Position::duos(&x, &y).unwrap_or_else(|| Position::sum([x, y]));
                for a in 1..=w / 2 {
                    f(pieces(Position::Duo(a, h), Position::Duo(w - a, h)));
                }
                for b in 1..=h / 2 {
                    f(pieces(Position::Duo(w, b), Position::Duo(w, h - b)));
                }
            }
            Group::One(ref q) => f(q.clone()),
        }
    }
}

/// Where an option may take a range in one slot.
pub(super) enum Slot {
    /// Ranges are not allowed here (the reason, for the error).
    Refused(&'static str),
    /// One may be, and this is the one met so far.
    Open(Option<Hole>),
}

impl Slot {
    fn is_empty(&self) -> bool {
        !matches!(self, Slot::Open(Some(_)))
    }

    /// Takes the range `start..end` at `path` as the option's hole.
    fn open(&mut self, path: Vec<u32>, start: i64, end: i64) -> Result<(), String> {
        match self {
            Slot::Refused(why) => Err(format!(
                "a range {why}: a range stands for one slot of an option"
            )),
            Slot::Open(Some(_)) => Err(
                "an option has two ranges: one range per option (every array or sum with its \
                 integer in the range); write the others as a loop"
                    .to_string(),
            ),
            Slot::Open(hole @ None) => {
                *hole = Some(Hole {
                    path,
                    start,
                    end,
                    part: None,
                });
                Ok(())
            }
        }
    }
}

/// What one call of the script says of a position.
pub(super) enum Expansion {
    /// `components(p)`: the position is the sum of these parts.
    Parts(Vec<Position>),
    /// `moves(p)`: its options.
    Options(Vec<Group>),
}

impl Expansion {
    /// Its size in groups, for the budget of expansions kept.
    pub(super) fn size(&self) -> usize {
        match self {
            Expansion::Parts(parts) => parts.len() + 1,
            Expansion::Options(groups) => groups.len() + 1,
        }
    }
}

/// Appends the option `n`, extending a run of consecutive integers (the options of a loop over a
/// range) rather than storing each: a position with thousands of options keeps a few numbers.
pub(super) fn push_int(groups: &mut Vec<Group>, n: i64) {
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

/// The options with each position once: options are a set, and a script that pushes `sum([a, b])`
/// and `sum([b, a])` (or a run of integers and one of them again) gives the same position twice,
/// which would be listed and counted twice as a winning move. The first of each is kept, in order;
/// integers are walked one by one only when runs and other integers mix.
fn without_repeats(groups: Vec<Group>) -> Vec<Group> {
    let is_run = |g: &Group| matches!(g, Group::Ints(..) | Group::Down(..));
    let runs = groups.iter().filter(|g| is_run(g)).count();
    let ints = runs
        + groups
            .iter()
            .filter(|g| matches!(g, Group::One(Position::Int(_))))
            .count();
    let singles = groups.iter().filter(|g| matches!(g, Group::One(_))).count();
    let walk_ints = runs > 0 && ints >= 2;
    if !walk_ints && singles < 2 {
        return groups;
    }
    let mut seen: FxHashSet<Position> = FxHashSet::default();
    let mut out: Vec<Group> = Vec::with_capacity(groups.len());
    let int = |n: i64, seen: &mut FxHashSet<Position>, out: &mut Vec<Group>| {
        if seen.insert(Position::Int(n)) {
            push_int(out, n);
        }
    };
    for g in groups {
        match g {
            Group::Ints(a, b) if walk_ints => (a..b).for_each(|n| int(n, &mut seen, &mut out)),
            Group::Down(high, low) if walk_ints => {
                (low..=high).rev().for_each(|n| int(n, &mut seen, &mut out))
            }
            Group::One(Position::Int(n)) if walk_ints => int(n, &mut seen, &mut out),
            Group::One(p) => {
                if seen.insert(p.clone()) {
                    out.push(Group::One(p));
                }
            }
            other => out.push(other),
        }
    }
    out
}

impl ScriptGame {
    /// One call of the script on `p` (not a sum): its parts if `components` splits it, else its
    /// options.
    pub(super) fn expand(&self, p: &Position) -> Result<Expansion, String> {
        let program = &self.program;
        let progress = self.runtime.settings().progress;
        super::program::expanded(&self.name, &self.expanded, progress);
        let on = p.to_string();
        if program.hooks().components {
            let d = program.call("components", &[p], &on)?;
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
        let d = program.call("moves", &[p], &on)?;
        let call = format!("moves({on})");
        let mut groups = Vec::new();
        let mut count = 0u64;
        match d {
            Value::List(items) => {
                for item in items {
                    self.option(item, &call, &mut groups, &mut count)?;
                }
            }
            Value::Cuts { w, h } if !program.hooks().canonical => {
                // Kept as the two numbers: the solver walks the cuts when it needs them.
                let cuts = Group::Cuts { w, h };
                self.count(&mut count, cuts.len() as u64, &call)?;
                return Ok(Expansion::Options(vec![cuts]));
            }
            d @ (Value::Range(..)
            | Value::RangeInclusive(..)
            | Value::Splits { .. }
            | Value::Cuts { .. }) => {
                // One range, `splits` or `cuts` lists each option once; a canonical form could
                // still make two of them one (a square's cuts across and along).
                self.option(d, &call, &mut groups, &mut count)?;
                if !program.hooks().canonical {
                    return Ok(Expansion::Options(groups));
                }
            }
            d => {
                let what = d.refused();
                let what = what.split(", where").next().unwrap_or(&what).to_string();
                return Err(program.type_error(
                    &call,
                    &format!("returned {what}, where an array of options is expected"),
                ));
            }
        }
        // Families are compared with each other option (a test each); a position that mixes
        // many with many options has them listed, one by one and under the option cap, instead.
        const MOST_TESTS: u64 = 1 << 24;
        if family::dedup_cost(&groups) > MOST_TESTS {
            groups = self.listed(groups, &call, &mut count)?;
        }
        Ok(Expansion::Options(family::without_repeats(
            without_repeats(groups),
        )))
    }

    /// `groups` with each family listed option by option, counted against the cap.
    fn listed(
        &self,
        groups: Vec<Group>,
        call: &str,
        count: &mut u64,
    ) -> Result<Vec<Group>, String> {
        let mut out = Vec::with_capacity(groups.len());
        for g in groups {
            match g {
                Group::Family(f) => {
                    self.count(count, f.len() as u64, call)?;
                    (f.start..f.end).for_each(|k| out.push(Group::One(f.member(k))));
                }
                g => out.push(g),
            }
        }
        Ok(out)
    }

    /// The positions of an array a script returned (for `components`), sums flattened.
    fn positions_in(&self, d: Value, call: &str) -> Result<Vec<Position>, String> {
        let Value::List(items) = d else {
            return Err(self
                .program
                .type_error(call, "must return an array of the parts"));
        };
        let mut parts = Vec::new();
        for item in items {
            parts.push(self.option_position(item, call)?);
        }
        Ok(parts)
    }

    /// One element of `moves`' array, appended to `groups`.
    fn option(
        &self,
        item: Value,
        call: &str,
        groups: &mut Vec<Group>,
        count: &mut u64,
    ) -> Result<(), String> {
        let canonical = self.program.hooks().canonical;
        let ints = |start: i64, end: i64, groups: &mut Vec<Group>, count: &mut u64| {
            if start >= end {
                return Ok(());
            }
            if canonical {
                // Listed one by one, so held to the cap; a range kept whole is two numbers, and
                // no cap applies to it.
                self.count(count, end.abs_diff(start), call)?;
                for n in start..end {
                    groups.push(Group::One(self.canonical(Position::Int(n))?));
                }
            } else {
                groups.push(Group::Ints(start, end));
            }
            Ok::<(), String>(())
        };
        match item {
            Value::Int(n) => {
                // The common case first: one heap, no hole to look for.
                self.count(count, 1, call)?;
                let p = self.canonical(Position::Int(n))?;
                match p {
                    Position::Int(n) => push_int(groups, n),
                    p => groups.push(Group::One(p)),
                }
                return Ok(());
            }
            Value::Range(start, end) => return ints(start, end, groups, count),
            Value::RangeInclusive(start, last) => {
                if last == i64::MAX {
                    return Err(self.program.type_error(
                        call,
                        "a range up to the largest integer has too many options",
                    ));
                }
                return ints(start, last + 1, groups, count);
            }
            Value::Splits { total, least } => {
                let first = least.max(0);
                let last = total / 2;
                if first <= last && total - first >= least {
                    self.count(count, (last - first + 1) as u64, call)?;
                    if canonical {
                        for a in first..=last {
                            let pair = vec![Position::Int(a), Position::Int(total - a)];
                            groups.push(Group::One(self.sum_of(pair)?));
                        }
                    } else {
                        groups.push(Group::Splits { total, first, last });
                    }
                }
                return Ok(());
            }
            Value::Cuts { w, h } => {
                let rect = Position::Duo;
                // A cut at a and at w - a leave the same two pieces: each pair once.
                let n = (w / 2).max(0) as u64 + (h / 2).max(0) as u64;
                self.count(count, n, call)?;
                for a in 1..=w / 2 {
                    groups.push(Group::One(self.sum_of(vec![rect(a, h), rect(w - a, h)])?));
                }
                for b in 1..=h / 2 {
                    groups.push(Group::One(self.sum_of(vec![rect(w, b), rect(w, h - b)])?));
                }
                return Ok(());
            }
            _ => {}
        }
        self.count(count, 1, call)?;
        let mut hole = Slot::Open(None);
        let whole = self.option_position_at(item, call, 0, &mut hole)?;
        let Slot::Open(Some(hole)) = hole else {
            match whole {
                Position::Int(n) => push_int(groups, n),
                p => groups.push(Group::One(p)),
            }
            return Ok(());
        };
        let (shape, start, end) = Shape::new(whole, hole);
        let f = Family {
            shape: std::sync::Arc::new(shape),
            start,
            end,
        };
        if f.shape.is_int() {
            // `sum([a..b])`: a plain range.
            return ints(start, end, groups, count);
        }
        if canonical {
            // Each member in canonical form, so listed one by one, and held to the cap.
            self.count(count, f.len() as u64, call)?;
            for k in start..end {
                groups.push(Group::One(self.canonical(f.member(k))?));
            }
        } else if start < end {
            groups.push(Group::Family(f));
        }
        Ok(())
    }

    /// An option (or a part) the script returned: a position or a sum, in canonical form.
    fn option_position(&self, item: Value, call: &str) -> Result<Position, String> {
        let mut refused = Slot::Refused("where `components` lists parts");
        self.option_position_at(item, call, 0, &mut refused)
    }

    /// [`Self::option_position`] of a value `depth` sums down (a sum inside a sum is flattened,
    /// but walked first: deep nesting is refused as deep arrays are).
    ///
    /// A range met in an array or as a part of the sum is the option's one hole, kept in `slot`
    /// (the value returned has 0 there, and the holed part is left out of the sum returned);
    /// `repeat(x, n)` parts are `n` copies of `x`.
    fn option_position_at(
        &self,
        item: Value,
        call: &str,
        depth: usize,
        slot: &mut Slot,
    ) -> Result<Position, String> {
        let error = |m: String| self.program.type_error(call, &m);
        if let Value::Sum(items) = item {
            if depth >= super::position::MAX_NESTING {
                return Err(error(format!(
                    "an option is {}",
                    super::position::too_deep()
                )));
            }
            let mut parts = Vec::with_capacity(items.len());
            for d in items {
                if let Value::Repeat(part, times) = d {
                    let mut inside = Slot::Refused("inside repeat(x, n)");
                    let x = self.option_position_at(*part, call, depth + 1, &mut inside)?;
                    parts.push(Position::copies(x, times as u64));
                    continue;
                }
                let sum = matches!(d, Value::Sum(_));
                let open = slot.is_empty();
                let p = self.option_position_at(d, call, depth + 1, slot)?;
                match slot {
                    // This part holds the hole: kept apart from the rest of the sum.
                    Slot::Open(Some(hole)) if open && !sum => hole.part = Some(p),
                    _ => parts.push(p),
                }
            }
            let whole = Position::sum(parts);
            if whole.overflows() {
                return Err(error(format!(
                    "an option has more than {} copies of one part, the most a count holds",
                    i64::MAX
                )));
            }
            return Ok(whole);
        }
        if let Value::Position(p) = item {
            return self.canonical(p);
        }
        if let Some((start, end)) = self.range_of(&item, call)? {
            slot.open(Vec::new(), start, end).map_err(error)?;
            return Ok(Position::Int(0));
        }
        if let Value::List(items) = &item {
            let mut path = Vec::new();
            let had = !slot.is_empty();
            let p = self.holed(items, call, depth, &mut path, slot)?;
            if had || slot.is_empty() {
                return self.canonical(p);
            }
            // A shape with a hole: its members are put in canonical form, not the shape.
            return Ok(p);
        }
        let p = item
            .position(self.size())
            .map_err(|m| error(format!("an option is {m}")))?;
        self.canonical(p)
    }

    /// The array `items` as a position, a range in it taken as the hole (at `path`) when `slot`
    /// is open.
    fn holed(
        &self,
        items: &[Value],
        call: &str,
        depth: usize,
        path: &mut Vec<u32>,
        slot: &mut Slot,
    ) -> Result<Position, String> {
        let error = |m: String| self.program.type_error(call, &format!("an option is {m}"));
        if depth >= super::position::MAX_NESTING {
            return Err(error(super::position::too_deep()));
        }
        let size = self.size();
        if items.len() > size {
            return Err(error(format!(
                "an array of {} elements, more than {size}, the limit; raise it with {}",
                items.len(),
                Setting::ScriptMaxSize.given("N")
            )));
        }
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            path.push(i as u32);
            if let Some((start, end)) = self.range_of(item, call)? {
                slot.open(path.clone(), start, end)
                    .map_err(|m| self.program.type_error(call, &m))?;
                out.push(Position::Int(0));
            } else if let Value::List(inner) = item {
                out.push(self.holed(inner, call, depth + 1, path, slot)?);
            } else {
                out.push(item.position(size).map_err(error)?);
            }
            path.pop();
        }
        Ok(Position::list(out))
    }

    /// The integers `start..end` of a range value (`None` for other values); a reversed range
    /// is refused: in a slot it is most likely a mistake, not an empty set.
    fn range_of(&self, d: &Value, call: &str) -> Result<Option<(i64, i64)>, String> {
        let Some(range) = d.range() else {
            return Ok(None);
        };
        let (start, end, shown) = range.map_err(|m| self.program.type_error(call, &m))?;
        if start > end {
            return Err(self.program.type_error(
                call,
                &format!(
                    "the range {shown} in an option runs backwards (write {}..{} for every \
                     integer between)",
                    end, start
                ),
            ));
        }
        Ok(Some((start, end)))
    }

    /// The sum of `parts`, each in canonical form.
    fn sum_of(&self, parts: Vec<Position>) -> Result<Position, String> {
        if !self.program.hooks().canonical {
            return Ok(Position::sum(parts));
        }
        let parts = parts
            .into_iter()
            .map(|p| self.canonical(p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Position::sum(parts))
    }

    /// `canonical(p)` when the script defines it (each part of a sum on its own).
    pub(super) fn canonical(&self, p: Position) -> Result<Position, String> {
        if !self.program.hooks().canonical {
            return Ok(p);
        }
        let mut parts = Vec::new();
        if p.parts(&mut parts) {
            return self.sum_of(parts);
        }
        let on = p.to_string();
        let d = self.program.call("canonical", &[&p], &on)?;
        d.position(self.size()).map_err(|m| {
            self.program
                .type_error(&format!("canonical({on})"), &format!("returned {m}"))
        })
    }

    /// Counts `n` more options of one position, failing past the size cap.
    fn count(&self, count: &mut u64, n: u64, call: &str) -> Result<(), String> {
        *count = count.saturating_add(n);
        let cap = self.size() as u64;
        if *count > cap {
            return Err(self.program.type_error(
                call,
                &format!(
                    "more than {cap} options, the limit; raise it with {}",
                    Setting::ScriptMaxSize.given("N")
                ),
            ));
        }
        Ok(())
    }
}
