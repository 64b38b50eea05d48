//! Heap games: positions that are collections of heaps, each played independently.
//!
//! In Nim, Bash's game, subtraction games and every octal or take-and-break game, a move acts on a
//! single heap and leaves zero, one or more heaps in its place. A position with several heaps is
//! therefore a sum, and its value is the XOR of the heaps' values. A [`HeapRuleset`] only has to
//! say what a single heap can become; [`HeapGame`] turns it into a [`Ruleset`] on multisets of heaps
//! (for the generic solver) and [`HeapPosition`] into a [`Component`] (for sums and the CLI).

use serde_json::Value as Json;

use crate::explore::{Move, StepGroup};
use crate::limits::Limits;
use crate::{
    Component, Explore, Key, MoveReport, Nimber, Ruleset, SolveError, Solver, Value,
    MOVE_POSITION_LIMIT,
};

/// Heaps larger than this are never enumerated move by move: a ruleset must supply
/// [`HeapRuleset::heap_value`] and [`HeapRuleset::heap_moves_to`] for them.
///
/// Rulesets whose values come from a table without a proved period tabulate up to this same
/// limit (in grundy-games: `heap::sparse::SOLVE_TABLE_LIMIT`): past it, the moves of a heap
/// could not be listed.
pub const ENUMERATION_LIMIT: u64 = 1 << 22;

/// The rules of a game played on heaps.
pub trait HeapRuleset {
    /// Every option of a single heap of size `n`: the sizes of the heaps it leaves (possibly none).
    /// Heaps of size 0 may be included; they are dropped.
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>);

    /// The value of a heap of size `n` when a theorem (or a precomputed table) gives it.
    fn heap_value(&self, n: u64) -> Option<Nimber> {
        let _ = n;
        None
    }

    /// The options of a heap of size `n` whose value is `target`, when they can be found without
    /// enumerating every option (e.g. Nim: the heap `target` itself if it is smaller).
    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        let _ = (n, target);
        None
    }

    /// How many options of a heap of size `n` have the value `target`, with the first `limit` of
    /// them (in the order of [`HeapRuleset::heap_options`]), for heaps too large to enumerate
    /// (beyond [`ENUMERATION_LIMIT`]): e.g. a game whose values are periodic counts its moves by
    /// residue classes. `None` when the ruleset cannot.
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let _ = (n, target, limit);
        None
    }

    /// The largest heap a position may hold.
    fn max_heap(&self) -> u64 {
        u64::MAX
    }

    /// A move from heap number `heap` (1-based) of size `from` to the heaps `to`, in words.
    fn describe(&self, heap: usize, from: u64, to: &[u64]) -> String {
        describe_heap_move(heap, from, to)
    }

    /// Whether every heap is an SJ atom for misère play (see [`crate::misere`]): no move splits a
    /// heap, and every heap of value 0 that has a move has a move to a heap of value 1. `None`
    /// (the default) means unknown: it is then checked heap by heap when the heaps are small.
    fn sj_heaps(&self) -> Option<bool> {
        None
    }

    /// The options of a heap of `n` tokens that `wanted` accepts: how many, and the first
    /// `limit` of them in the order of [`HeapRuleset::heap_options`], without listing every
    /// option (for heaps too large to enumerate, beyond [`ENUMERATION_LIMIT`]). `wanted` gives
    /// the same answer for two options that differ only in heaps of at least `from` tokens
    /// congruent modulo `period` (e.g. it looks at a value that is periodic from `from` on), so
    /// options can be counted by residue classes. `None` (the default) when the ruleset cannot.
    fn heap_moves_where(
        &self,
        n: u64,
        from: u64,
        period: u64,
        wanted: &dyn Fn(&[u64]) -> bool,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        let _ = (n, from, period, wanted, limit);
        None
    }

    /// The shape of the moves that periodicity theorems need, when every heap above some size
    /// moves alike (take at most `max_removal` tokens, leave at most `parts` heaps): take-and-break
    /// codes, finite subtraction sets. `None` (the default): no period is ever proved.
    fn periodicity_bound(&self) -> Option<PeriodicityBound> {
        None
    }

    /// The Every-SG step count (Winning Ways' suspense number, see [`crate::every`]) of a single
    /// heap of size `n`, when a theorem gives it; `None` means: search.
    fn heap_steps(&self, n: u64) -> Option<u64> {
        let _ = n;
        None
    }

    /// The options of a heap of size `n` grouped by their step counts, when a theorem gives them
    /// without listing every option: `(step count, how many, the first `limit` of them)`.
    fn heap_step_groups(&self, n: u64, limit: usize) -> Option<Vec<HeapStepGroup>> {
        let _ = (n, limit);
        None
    }
}

/// The shape of a heap game's moves that the periodicity theorems need: every heap removes at
/// most `max_removal` tokens and leaves at most `parts` heaps, and (for heaps larger than
/// `max_removal`) what it may leave depends only on how many tokens it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodicityBound {
    /// The most heaps a move leaves (at least 1).
    pub parts: u64,
    /// The most tokens a move removes.
    pub max_removal: u64,
}

impl PeriodicityBound {
    /// Whether `G(n + p) = G(n)` for `n0 <= n` with `n + p <= last` proves the period: the window
    /// `n0 <= n < m·n0 + (m−1)·p + t` must fit in the table. (The same window proves the period
    /// of a misère quotient's pretending function: see [`crate::quotient`].)
    pub fn proves(&self, preperiod: u64, period: u64, last: u64) -> bool {
        let m = self.parts.max(1);
        // The proof shifts a heap of at least `n0 + p` tokens down by `p`: with `n0 = 0` it could
        // shift a heap to nothing, which a move that must leave a heap does not allow (0.4: heaps
        // 0, 1 and 2 are all 0, heap 3 is not). The window is counted from `n0 = 1` at least.
        let preperiod = preperiod.max(1);
        let end = m
            .checked_mul(preperiod)
            .and_then(|x| x.checked_add((m - 1).checked_mul(period)?))
            .and_then(|x| x.checked_add(self.max_removal));
        // Every n < end must have n + p <= last.
        matches!(end, Some(end) if end.saturating_sub(1).checked_add(period).is_some_and(|e| e <= last))
    }
}

/// Heaps larger than this have their winning moves counted by [`HeapRuleset::heap_moves_counted`]
/// when the ruleset can (a thousand heaps of a million tokens each would otherwise list a
/// billion options), and are enumerated otherwise.
pub const COUNT_FROM: u64 = 1 << 12;

/// The options of a heap that lead to one step count: `(step count, how many, the first few)`.
pub type HeapStepGroup = (u64, u64, Vec<Vec<u64>>);

/// When a ruleset does not declare whether its heaps are SJ atoms ([`HeapRuleset::sj_heaps`]),
/// every heap up to the largest is checked, as long as this many options in all suffice.
pub const SJ_CHECK_BUDGET: usize = 1 << 22;

/// The usual wording of a heap move: `take 2 from heap 1: 3 -> 1`, `take all 5 from heap 2`,
/// `take 2 from heap 3 (10), leaving heaps 3 and 5`, `split heap 1 (7) into 3 and 4`.
pub fn describe_heap_move(heap: usize, from: u64, to: &[u64]) -> String {
    let left: Vec<u64> = to.iter().copied().filter(|&h| h > 0).collect();
    let taken = from - left.iter().sum::<u64>();
    let list = |hs: &[u64]| {
        let words: Vec<String> = hs.iter().map(u64::to_string).collect();
        match words.len() {
            0 => String::new(),
            1 => words[0].clone(),
            n => format!("{} and {}", words[..n - 1].join(", "), words[n - 1]),
        }
    };
    match (left.len(), taken) {
        (0, _) => format!("take all {from} from heap {heap}"),
        (1, _) => format!("take {taken} from heap {heap}: {from} -> {}", left[0]),
        (_, 0) => format!("split heap {heap} ({from}) into {}", list(&left)),
        _ => format!(
            "take {taken} from heap {heap} ({from}), leaving heaps {}",
            list(&left)
        ),
    }
}

/// A heap move as data: `{"kind": "heap", "heap": 0, "from": 10, "take": 2, "leaves": [3, 5]}`
/// — heap `heap` (0-based) of size `from` loses `take` tokens and is replaced by the heaps
/// `leaves` (none when it is emptied, two or more when it splits). `take` is `from` minus the
/// heaps left, negative in games whose splits add tokens (the split game: 3 -> 2 + 2).
pub fn heap_move_fields(heap: usize, from: u64, to: &[u64]) -> Json {
    let leaves: Vec<u64> = to.iter().copied().filter(|&h| h > 0).collect();
    let left: u128 = leaves.iter().map(|&h| u128::from(h)).sum();
    let take = if left <= u128::from(from) {
        Json::from(from - left as u64)
    } else {
        Json::from(i64::try_from(left - u128::from(from)).map_or(i64::MIN, |d| -d))
    };
    serde_json::json!({ "kind": "heap", "heap": heap, "from": from, "take": take, "leaves": leaves })
}

/// A heap ruleset as a [`Ruleset`] on sorted multisets of non-empty heaps.
///
/// A multiset of two or more heaps is split into single heaps, so the generic solver only ever
/// searches one heap at a time, exactly as the Sprague–Grundy theorem allows.
pub struct HeapGame<H>(pub H);

impl<H: HeapRuleset> HeapGame<H> {
    /// The canonical form of a multiset of heaps: sorted, without empty heaps.
    pub fn normalize(mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        heaps
    }
}

impl<H: HeapRuleset> Ruleset for HeapGame<H> {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut single = Vec::new();
        for (i, &h) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == h {
                continue;
            }
            single.clear();
            self.0.heap_options(h, &mut single);
            for opt in single.drain(..) {
                let mut q: Vec<u64> = position[..i].to_vec();
                q.extend(opt);
                q.extend_from_slice(&position[i + 1..]);
                out.push(Self::normalize(q));
            }
        }
    }

    fn components(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if position.len() < 2 {
            return false;
        }
        out.extend(position.iter().map(|&h| vec![h]));
        true
    }

    fn closed_form(&self, position: &Vec<u64>) -> Option<Nimber> {
        match position.as_slice() {
            [] => Some(Nimber::ZERO),
            [h] => self.0.heap_value(*h),
            _ => None,
        }
    }
}

/// A position of a heap game (a list of heaps, in the user's order) as a [`Component`].
pub struct HeapPosition<H: HeapRuleset> {
    spec: String,
    heaps: Vec<u64>,
    solver: Solver<HeapGame<H>>,
}

impl<H: HeapRuleset> HeapPosition<H> {
    /// The heaps `heaps` of the game `spec` played by `ruleset`.
    pub fn new(spec: impl Into<String>, ruleset: H, heaps: Vec<u64>) -> Self {
        HeapPosition {
            spec: spec.into(),
            heaps,
            solver: Solver::new(HeapGame(ruleset)),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &H {
        &self.solver.ruleset().0
    }

    /// The heaps, in the user's order.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The value of a single heap.
    pub fn heap_value(&mut self, n: u64) -> Result<Nimber, SolveError> {
        if let Some(v) = self.ruleset().heap_value(n) {
            return Ok(v);
        }
        if n > ENUMERATION_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "{}: a heap of {n} is too large to search (limit {ENUMERATION_LIMIT})",
                self.spec
            )));
        }
        self.solver.grundy(&vec![n])
    }

    /// The options of one heap of size `n` whose value is `target`.
    pub fn heap_moves_to(&mut self, n: u64, target: Nimber) -> Result<Vec<Vec<u64>>, SolveError> {
        if let Some(moves) = self.ruleset().heap_moves_to(n, target) {
            return Ok(moves);
        }
        if n > ENUMERATION_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "{}: a heap of {n} is too large to list its moves (limit {ENUMERATION_LIMIT})",
                self.spec
            )));
        }
        let mut options = Vec::new();
        self.ruleset().heap_options(n, &mut options);
        let mut hits = Vec::new();
        for opt in options {
            let mut v = Nimber::ZERO;
            for &h in &opt {
                if h > 0 {
                    v += self.heap_value(h)?;
                }
            }
            if v == target {
                hits.push(opt.into_iter().filter(|&h| h > 0).collect());
            }
        }
        Ok(hits)
    }

    /// How many options of a heap of `n` have the value `target`, and the first `limit` of them.
    fn heap_moves_limited(
        &mut self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Result<(usize, Vec<Vec<u64>>), SolveError> {
        let listed = self.ruleset().heap_moves_to(n, target);
        if listed.is_none() && n > COUNT_FROM {
            if let Some((count, first)) = self.ruleset().heap_moves_counted(n, target, limit) {
                let count = usize::try_from(count).unwrap_or(usize::MAX);
                // Below the enumeration limit a count that lists fewer moves than asked for
                // (a scan that gave up) is not taken: enumerating lists them all.
                if n > ENUMERATION_LIMIT || first.len() == count.min(limit) {
                    return Ok((count, first));
                }
            }
        }
        let mut hits = match listed {
            Some(hits) => hits,
            None => self.heap_moves_to(n, target)?,
        };
        let count = hits.len();
        hits.truncate(limit);
        Ok((count, hits))
    }

    /// A move of heap `i` (0-based) to the heaps `opt`, as a report on the whole position.
    fn report(&self, i: usize, opt: &[u64]) -> MoveReport {
        heap_report(self.ruleset(), &self.heaps, i, opt)
    }

    /// Whether every heap reachable from this position is an SJ atom, checked heap by heap (all
    /// heaps reachable by moves that never split are at most the largest heap).
    fn check_sj(&mut self) -> Result<bool, SolveError> {
        let max = self.heaps.iter().copied().max().unwrap_or(0);
        if max > ENUMERATION_LIMIT {
            return Ok(false);
        }
        let mut options = Vec::new();
        let mut budget = SJ_CHECK_BUDGET;
        for m in 1..=max {
            options.clear();
            self.ruleset().heap_options(m, &mut options);
            budget = match budget.checked_sub(options.len()) {
                Some(b) => b,
                None => return Ok(false),
            };
            let mut reaches_one = false;
            for opt in &options {
                let mut left = opt.iter().copied().filter(|&h| h > 0);
                match (left.next(), left.next()) {
                    // A split, or a heap that grows (and might escape the heaps checked).
                    (_, Some(_)) => return Ok(false),
                    (Some(h), None) if h >= m => return Ok(false),
                    (Some(h), None) => reaches_one |= self.heap_value(h)? == Nimber(1),
                    (None, None) => {}
                }
            }
            if !options.is_empty() && !reaches_one && self.heap_value(m)?.is_zero() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn total(&mut self) -> Result<Nimber, SolveError> {
        let mut total = Nimber::ZERO;
        for i in 0..self.heaps.len() {
            total += self.heap_value(self.heaps[i])?;
        }
        Ok(total)
    }
}

impl<H: HeapRuleset> Component for HeapPosition<H> {
    fn game(&self) -> String {
        self.spec.clone()
    }

    fn known_value(&self) -> Option<Nimber> {
        self.heaps.iter().try_fold(Nimber::ZERO, |g, &h| {
            Some(g + self.ruleset().heap_value(h)?)
        })
    }

    fn position(&self) -> Json {
        Json::from(self.heaps.clone())
    }

    /// Each heap is a part.
    fn sum_parts(&self, position: &Json) -> Option<Vec<Json>> {
        position.as_array().cloned()
    }

    /// The options of every heap, where the ruleset counts them without listing
    /// ([`HeapRuleset::heap_moves_where`]); a heap of 0 has none.
    fn option_count(&self) -> Option<u64> {
        let rules = self.ruleset();
        self.heaps
            .iter()
            .filter(|&&h| h > 0)
            .try_fold(0u64, |total, &h| {
                let (count, _) = rules.heap_moves_where(h, 0, 1, &|_| true, 0)?;
                Some(total.saturating_add(count))
            })
    }

    fn limit(&mut self, limits: Limits) {
        self.solver.set_limits(limits);
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        self.total().map(Value::Finite)
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let total = self.total()?;
        let mut count: usize = 0;
        for i in 0..self.heaps.len() {
            let n = self.heaps[i];
            let g = self.heap_value(n)?;
            let room = limit.saturating_sub(out.len());
            let (hits, first) = self.heap_moves_limited(n, g + total + target, room)?;
            count = count.saturating_add(hits);
            for opt in first {
                out.push(self.report(i, &opt));
            }
        }
        Ok(count)
    }

    fn explore(&self) -> Option<Box<dyn Explore<'_> + '_>> {
        Some(Box::new(HeapNode {
            rules: self.ruleset(),
            spec: &self.spec,
            heaps: self.heaps.clone(),
            limits: self.solver.limits(),
        }))
    }

    fn heap_rules(&self) -> Option<(&dyn HeapRuleset, &[u64])> {
        Some((self.ruleset(), &self.heaps))
    }

    fn heap_move(&self, heap: usize, to: &[u64]) -> Option<MoveReport> {
        Some(self.report(heap, to))
    }

    fn sj_atoms(&mut self) -> Result<Option<Vec<Nimber>>, SolveError> {
        let sj = match self.ruleset().sj_heaps() {
            Some(sj) => sj,
            None => self.check_sj()?,
        };
        if !sj {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(self.heaps.len());
        for i in 0..self.heaps.len() {
            values.push(self.heap_value(self.heaps[i])?);
        }
        Ok(Some(values))
    }

    fn atom_moves_to(
        &mut self,
        atom: usize,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let (hits, first) = self.heap_moves_limited(self.heaps[atom], target, limit)?;
        for opt in &first {
            out.push(self.report(atom, opt));
        }
        Ok(hits)
    }
}

/// Heap `i` (0-based) of `heaps` becoming the heaps `opt`, as a report on the whole position: the
/// position only up to [`MOVE_POSITION_LIMIT`] heaps, since copying it for every move listed is
/// what made big sums slow.
fn heap_report<H: HeapRuleset>(rules: &H, heaps: &[u64], i: usize, opt: &[u64]) -> MoveReport {
    MoveReport {
        description: rules.describe(i + 1, heaps[i], opt),
        fields: heap_move_fields(i, heaps[i], opt),
        position: if heaps.len() <= MOVE_POSITION_LIMIT {
            Json::from(replace_heap(heaps, i, opt))
        } else {
            Json::Null
        },
    }
}

/// The heaps after heap `i` becomes the heaps `opt`; an emptied heap is kept as 0 so the other
/// heaps keep their numbers.
fn replace_heap(heaps: &[u64], i: usize, opt: &[u64]) -> Vec<u64> {
    let mut after: Vec<u64> = heaps[..i].to_vec();
    if opt.iter().all(|&h| h == 0) {
        after.push(0);
    } else {
        after.extend(opt.iter().copied().filter(|&h| h > 0));
    }
    after.extend_from_slice(&heaps[i + 1..]);
    after
}

/// A heap position as an explicit game tree.
struct HeapNode<'a, H> {
    rules: &'a H,
    spec: &'a str,
    heaps: Vec<u64>,
    limits: &'a Limits,
}

impl<'a, H: HeapRuleset> HeapNode<'a, H> {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) -> Result<(), SolveError> {
        if n > ENUMERATION_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "{}: a heap of {n} is too large to list its moves one by one (limit {ENUMERATION_LIMIT})",
                self.spec
            )));
        }
        self.rules.heap_options(n, out);
        Ok(())
    }

    fn child(&self, heaps: Vec<u64>) -> Box<dyn Explore<'a> + 'a> {
        Box::new(HeapNode {
            rules: self.rules,
            spec: self.spec,
            heaps,
            limits: self.limits,
        })
    }
}

impl<'a, H: HeapRuleset> Explore<'a> for HeapNode<'a, H> {
    fn key(&self) -> Key {
        HeapGame::<H>::normalize(self.heaps.clone())
    }

    fn moves(&self) -> Result<Vec<Move<'a>>, SolveError> {
        let mut moves = Vec::new();
        let mut options = Vec::new();
        for (i, &n) in self.heaps.iter().enumerate() {
            options.clear();
            self.heap_options(n, &mut options)?;
            for opt in &options {
                self.limits
                    .check_memory(moves.len(), || self.spec.to_string())?;
                let after = replace_heap(&self.heaps, i, opt);
                let report = MoveReport {
                    description: self.rules.describe(i + 1, n, opt),
                    fields: heap_move_fields(i, n, opt),
                    position: Json::from(after.clone()),
                };
                moves.push((report, self.child(after)));
            }
        }
        Ok(moves)
    }

    fn options(&self) -> Result<Vec<Box<dyn Explore<'a> + 'a>>, SolveError> {
        let heaps = self.key();
        let mut out = Vec::new();
        let mut options = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == n {
                continue;
            }
            options.clear();
            self.heap_options(n, &mut options)?;
            for opt in &options {
                // Each option copies the whole sum: a sum of thousands of heaps has millions
                // of options of kilobytes each.
                self.limits
                    .check_memory(out.len(), || self.spec.to_string())?;
                out.push(self.child(HeapGame::<H>::normalize(replace_heap(&heaps, i, opt))));
            }
        }
        Ok(out)
    }

    fn moves_by_steps(&self, limit: usize) -> Result<Option<Vec<StepGroup>>, SolveError> {
        let mut live = self.heaps.iter().enumerate().filter(|(_, &h)| h > 0);
        let (Some((i, &n)), None) = (live.next(), live.next()) else {
            return Ok(None);
        };
        let Some(groups) = self.rules.heap_step_groups(n, limit) else {
            return Ok(None);
        };
        Ok(Some(
            groups
                .into_iter()
                .map(|(steps, count, options)| StepGroup {
                    steps,
                    count,
                    moves: options
                        .iter()
                        .map(|opt| heap_report(self.rules, &self.heaps, i, opt))
                        .collect(),
                })
                .collect(),
        ))
    }

    fn steps(&self) -> Option<u64> {
        let mut left = self.heaps.iter().copied().filter(|&h| h > 0);
        match (left.next(), left.next()) {
            (None, _) => Some(0),
            (Some(n), None) => self.rules.heap_steps(n),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_moves_in_words() {
        assert_eq!(describe_heap_move(1, 3, &[1]), "take 2 from heap 1: 3 -> 1");
        assert_eq!(describe_heap_move(2, 5, &[]), "take all 5 from heap 2");
        assert_eq!(
            describe_heap_move(4, 7, &[3, 4]),
            "split heap 4 (7) into 3 and 4"
        );
        assert_eq!(
            describe_heap_move(1, 10, &[3, 5]),
            "take 2 from heap 1 (10), leaving heaps 3 and 5"
        );
    }
}
