//! The table of a script game over the heaps `0..=N`, with ranges of options kept as intervals.
//!
//! A heap game's options are mostly smaller heaps, and a script gives them as ranges
//! (`n - n / 2 .. n`): the generic solver would list every option of a range and look each up,
//! n / 2 steps for take-at-most-half, so a table costs N² / 4. Here the heaps are valued in order
//! into an array; a range that ends at the heap being valued is a suffix `a..n` of what is valued
//! so far, whose mex comes from [`LastSeen`] in O(log N), whatever its length, and without the
//! option cap (the range is two numbers end to end); a long range that starts at 0 (`0 ..= n - c`)
//! is a prefix, whose mex comes from [`FirstSeen`] the same way. Other options (smaller heaps,
//! short ranges that end earlier, sums of heaps) are looked up one by one in the array. A heap with any other
//! option (a larger heap, a string, an array, a cut) is valued by the generic solver instead,
//! from its rules, so an answer never depends on which path ran (property-tested in
//! `tests.rs` against the generic solver on random scripts).

use grundy_core::{Nimber, Ruleset, SolveError, Solver, Value};

use super::expansion::{Expansion, Group};
use super::first_seen::FirstSeen;
use super::last_seen::LastSeen;
use super::{Position, ScriptGame};
use grundy_registry::tabulate::Values;

/// A copy of the first `len` of `values` (at most all), in their width.
pub(super) fn prefix(values: &Values, len: usize) -> Values {
    let len = len.min(values.len());
    match values {
        Values::U8(v) => Values::U8(v[..len].to_vec()),
        Values::U16(v) => Values::U16(v[..len].to_vec()),
        Values::U32(v) => Values::U32(v[..len].to_vec()),
    }
}

/// Appends `v` to `values`, first moving them to a wider storage when `v` does not fit (with the
/// room they had, so a line sized for its length stays sized).
fn push_value(values: &mut Values, v: u32) {
    match values {
        Values::U8(a) if v <= u32::from(u8::MAX) => return a.push(v as u8),
        Values::U16(a) if v <= u32::from(u16::MAX) => return a.push(v as u16),
        Values::U32(a) => return a.push(v),
        _ => {}
    }
    fn widen<A: Copy, B: From<A>>(old: &[A], room: usize) -> Vec<B> {
        let mut new = Vec::with_capacity(room.max(old.len() + 1));
        new.extend(old.iter().map(|&x| B::from(x)));
        new
    }
    *values = match std::mem::take(values) {
        Values::U8(old) if v <= u32::from(u16::MAX) => Values::U16(widen(&old, old.capacity())),
        Values::U8(old) => Values::U32(widen(&old, old.capacity())),
        Values::U16(old) => Values::U32(widen(&old, old.capacity())),
        wide @ Values::U32(_) => wide,
    };
    push_value(values, v);
}

/// Whether `positions` is the line of heaps `0, 1, ..., N` (what `grundy table --upto N` asks).
pub(super) fn is_line(positions: &[Position]) -> bool {
    positions.len() < i32::MAX as usize
        && positions
            .iter()
            .enumerate()
            .all(|(i, p)| *p == Position::Int(i as i64))
}

/// The values of the heaps valued so far, and what finds the mex of a suffix of them.
pub(super) struct Line {
    /// In their narrowest width (one byte a heap while every value is below 256): a line of
    /// 10^7 heaps is a compact table, not ten million cells.
    values: Values,
    last: LastSeen,
    /// Made the first time a heap has a long prefix of the line among its options.
    first: Option<FirstSeen>,
    /// The values of the options of the heap being valued, other than its suffix and prefix.
    seen: Vec<u64>,
}

/// The longest range starting at 0 that is read value by value: past it, [`FirstSeen`] is built.
const SHORT: i64 = 64;

/// What the options of one heap come to.
enum Mex {
    /// The mex, found from the array.
    Found(u64),
    /// An option the array does not hold: the generic solver values the heap.
    Elsewhere,
}

impl Line {
    pub(super) fn new(capacity: usize) -> Line {
        Line {
            values: Values::U8(Vec::with_capacity(capacity)),
            last: LastSeen::new(),
            first: None,
            seen: Vec::new(),
        }
    }

    /// The line of the heaps `0..values.len()` whose values are `values` (read back from a
    /// cache file).
    pub(super) fn from_values(values: Values) -> Line {
        let last = LastSeen::from_values(values.len(), |n| values.get(n).unwrap_or(0) as usize);
        Line {
            values,
            last,
            first: None,
            seen: Vec::new(),
        }
    }

    /// Values the next heap `n` (= the heaps valued so far) from its expansion, or with `solver`
    /// when it has an option the array does not hold.
    pub(super) fn value_next<'g>(
        &mut self,
        game: &'g ScriptGame,
        expansion: Option<&Expansion>,
        solver: &mut Option<Solver<&'g ScriptGame>>,
    ) -> Result<u64, SolveError> {
        let found = self.try_next(expansion);
        game.fault()?;
        match found {
            Some(v) => Ok(v),
            None => {
                let n = self.values.len() as i64;
                let solver =
                    solver.get_or_insert_with(|| Solver::with_limits(game, game.limits().clone()));
                let v = solver.grundy(&Position::Int(n))?.0;
                if !self.push(v) {
                    return Err(SolveError::Rules(format!(
                        "{}: the heap {n} has the value {v}, more than a table of values holds \
                         (2^32 - 1)",
                        game.name
                    )));
                }
                Ok(v)
            }
        }
    }

    /// Values the next heap from its expansion when the array holds all its options (`None`,
    /// and nothing valued, when it does not, or when its value is past what the array holds).
    pub(super) fn try_next(&mut self, expansion: Option<&Expansion>) -> Option<u64> {
        let n = self.values.len() as i64;
        match expansion {
            Some(Expansion::Options(groups)) => match self.mex(groups, n) {
                Mex::Found(v) => self.push(v).then_some(v),
                Mex::Elsewhere => None,
            },
            _ => None,
        }
    }

    /// Appends the value of the next heap; `false` (nothing appended) past `u32::MAX`, which no
    /// line below 2^31 heaps reaches but for a script with billions of options.
    fn push(&mut self, v: u64) -> bool {
        let Ok(v) = u32::try_from(v) else {
            return false;
        };
        let n = self.values.len() as i64;
        push_value(&mut self.values, v);
        self.last.set(v as usize, n);
        if let Some(first) = &mut self.first {
            first.set(v as usize, n);
        }
        true
    }

    /// How many heaps are valued.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// The value of the heap `n`, if valued.
    pub(super) fn get(&self, n: usize) -> Option<u64> {
        self.values.get(n).map(u64::from)
    }

    /// The values so far, in their width.
    pub(super) fn values(&self) -> &Values {
        &self.values
    }

    /// A copy of the values of the heaps `0..len` (at most those valued), in their width.
    pub(super) fn head(&self, len: usize) -> Values {
        prefix(&self.values, len)
    }

    /// The bytes the line holds now.
    pub(super) fn bytes(&self) -> u64 {
        (self.values.len() * self.values.width()) as u64
            + self.last.bytes()
            + self.first.as_ref().map_or(0, FirstSeen::bytes)
    }

    /// About the bytes a line of `len` heaps may hold, at most: four bytes a value (a line
    /// widens to them as soon as one value passes 65535), the tree of values up to `len`
    /// (the value of a heap game's line rarely passes its length), and room for the old values
    /// while they move to a wider storage; and a second tree when the line keeps first positions
    /// too (made when a heap first has a long prefix among its options, usually one of the first
    /// hundred).
    pub(super) fn bytes_for(&self, len: usize) -> u64 {
        let trees = if self.first.is_some() { 2 } else { 1 };
        4 * len as u64 + trees * LastSeen::bytes_for(len + 1) + 2 * len as u64
    }

    /// The values so far.
    pub(super) fn into_values(self) -> Vec<Value> {
        self.values
            .to_vec()
            .into_iter()
            .map(|v| Value::Finite(Nimber(u64::from(v))))
            .collect()
    }

    /// The value of the heap `m < n`, valued.
    #[inline]
    fn at(&self, m: usize) -> u64 {
        match &self.values {
            Values::U8(v) => u64::from(v[m]),
            Values::U16(v) => u64::from(v[m]),
            Values::U32(v) => u64::from(v[m]),
        }
    }

    /// The mex of the options `groups` of the heap `n`, when the array holds them all.
    fn mex(&mut self, groups: &[Group], n: i64) -> Mex {
        let held = |m: i64| (0..n).contains(&m);
        let mut suffix = n; // the options include every heap of suffix..n
        let mut prefix = 0; // and of 0..prefix
        self.seen.clear();
        for g in groups {
            let (lo, hi) = match *g {
                Group::Ints(a, b) => (a, b),
                Group::Down(high, low) => (low, high + 1),
                Group::Splits { total, first, last } => {
                    if !held(first) || !held(total - first) || !held(last) || !held(total - last) {
                        return Mex::Elsewhere;
                    }
                    for a in first..=last {
                        let v = self.at(a as usize) ^ self.at((total - a) as usize);
                        self.seen.push(v);
                    }
                    continue;
                }
                Group::One(ref p) => {
                    match self.one(p, n) {
                        Some(v) => self.seen.push(v),
                        None => return Mex::Elsewhere,
                    }
                    continue;
                }
                Group::Cuts { .. } | Group::Family(_) => return Mex::Elsewhere,
            };
            if lo >= hi {
                continue;
            }
            if lo < 0 || hi > n {
                return Mex::Elsewhere;
            }
            if hi == n {
                suffix = suffix.min(lo);
            } else if lo == 0 && hi > SHORT {
                prefix = prefix.max(hi);
            } else {
                for m in lo as usize..hi as usize {
                    let v = self.at(m);
                    self.seen.push(v);
                }
            }
        }
        self.seen.sort_unstable();
        self.seen.dedup();
        if prefix > 0 && self.first.is_none() {
            let values = &self.values;
            self.first = Some(FirstSeen::from_values(n as usize, |m| {
                values.get(m).unwrap_or(0) as usize
            }));
        }
        // The least value missing from the suffix, from the prefix and from the other options:
        // each tree moves `v` up to its next candidate, until all agree on one.
        let mut v = 0;
        loop {
            let mut w = v;
            if suffix < n {
                w = self.last.first_before(w, suffix);
            }
            if let (true, Some(first)) = (prefix > 0, &self.first) {
                w = first.first_missing(w, prefix);
            }
            if w != v {
                v = w;
            } else if self.seen.binary_search(&(v as u64)).is_ok() {
                v += 1;
            } else {
                break;
            }
        }
        Mex::Found(v as u64)
    }

    /// The value of the single option `p` of the heap `n`: a smaller heap or a sum of them.
    fn one(&self, p: &Position, n: i64) -> Option<u64> {
        let at = |m: i64| (0..n).contains(&m).then(|| self.at(m as usize));
        match *p {
            Position::Int(m) => at(m),
            Position::Pair(a, b) => Some(at(a)? ^ at(b)?),
            Position::Sum(ref parts) => parts.iter().try_fold(0, |x, q| match *q {
                Position::Int(m) => Some(x ^ at(m)?),
                _ => None,
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use grundy_core::{Nimber, Value};
    use proptest::prelude::*;

    use super::super::{table, Position, ScriptGame};

    /// A heap game whose options mix every form the line reads (suffix ranges, inner ranges,
    /// prefix ranges, falling runs, single heaps, splits, sums) and, now and then, one it does
    /// not (a string).
    #[allow(clippy::too_many_arguments)]
    fn script(
        d: i64,
        c: i64,
        inner: bool,
        prefix: i64,
        down: bool,
        splits: bool,
        odd: i64,
    ) -> String {
        format!(
            "fn moves(n) {{
                if type_of(n) == \"string\" {{ return []; }}
                let r = [];
                if {d} > 0 && n >= 1 {{ r.push(range(n - max(1, n / {d}), n)); }}
                if n >= {c} {{ r.push(n - {c}); r.push(sum([n - {c}, n / 2])); }}
                if {inner} {{ r.push(range(n / 3, n / 2)); }}
                if {prefix} > 0 && n > {prefix} {{ r.push(range(0, n - {prefix})); }}
                if {down} {{ for k in 1..=min(n, 3) {{ r.push(n - k); }} }}
                if {splits} && n >= 2 {{ r.push(splits(n - 2)); }}
                if {odd} > 0 && n % {odd} == 1 {{ r.push(\"x\"); }}
                r
            }}"
        )
    }

    fn plain_values(text: &str, n: i64) -> Vec<Value> {
        let values = super::super::plain_mex::plain_values(text, n);
        values
            .into_iter()
            .map(|v| Value::Finite(Nimber(v)))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The line (ranges as intervals, mex by `LastSeen` and `FirstSeen`) gives the values of
        /// a plain mex over the listed options.
        #[test]
        fn the_line_gives_the_generic_solvers_values(
            d in 0i64..5, c in 1i64..6, inner: bool, prefix in 0i64..8, down: bool, splits: bool,
            odd in 0i64..4,
        ) {
            let text = script(d, c, inner, prefix, down, splits, odd);
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            // Past 64 + 8, a prefix range is read from its tree.
            let heaps: Vec<Position> = (0..=140).map(Position::Int).collect();
            let line = table::values(&game, &heaps, &mut |_| true).unwrap();
            prop_assert_eq!(line, plain_values(&text, 140), "{}", text);
        }

        /// A heap whose options are a long prefix of the line (and perhaps a suffix, or one
        /// heap more) gets the plain mex's value.
        #[test]
        fn a_prefix_range_gives_the_plain_mex(
            p in 1i64..8, c in 0i64..6, d in 0i64..4, n in 70i64..200,
        ) {
            let text = format!(
                "fn moves(n) {{
                    let r = [];
                    if n > {p} {{ r.push(range(0, n - {p})); }}
                    if {c} > 0 && n >= {c} {{ r.push(n - {c}); }}
                    if {d} > 0 && n >= 1 {{ r.push(range(n - max(1, n / ({d} * 8)), n)); }}
                    r
                }}"
            );
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            let heaps: Vec<Position> = (0..=n).map(Position::Int).collect();
            let line = table::values(&game, &heaps, &mut |_| true).unwrap();
            prop_assert_eq!(line, plain_values(&text, n), "{}", text);
        }
    }

    #[test]
    fn a_range_has_no_option_cap_on_the_line() {
        // Take at most half: G(2m) = m, G(2m + 1) = G(m); heaps past the size cap of 1 000 000
        // options are reached within a small table only through the range, kept whole.
        let game =
            ScriptGame::compile("script:test", "test", "fn moves(n) { n - n / 2 .. n }").unwrap();
        let heaps: Vec<Position> = (0..=2_100_000).map(Position::Int).collect();
        let v = table::values(&game, &heaps, &mut |_| true).unwrap();
        let g = |n: usize| -> u64 {
            let mut n = n;
            while n % 2 == 1 {
                n /= 2;
            }
            n as u64 / 2
        };
        for n in [0, 1, 2, 7, 1_000_000, 2_000_001, 2_100_000] {
            assert_eq!(v[n], Value::Finite(Nimber(g(n))), "n = {n}");
        }
    }
}
