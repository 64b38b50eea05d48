//! Subtraction games, Bash's game among them.
//!
//! **Rules.** There are heaps of tokens and a subtraction set `S` of positive integers. A move
//! takes `s` tokens from one heap, for some `s` in `S` with `s` at most the heap. The player who
//! cannot move loses. Bash's game `bash:K` is `S = {1, …, K}`.
//!
//! **Theorem.** In Bash's game a heap of `n` has value `n mod (K+1)`: from a multiple of `K+1`
//! every move leaves a non-multiple, and from a non-multiple taking `n mod (K+1)` returns to one.
//! For a finite `S` the values are eventually periodic, and a window of `max S` consecutive values
//! that repeats proves the period (the next value depends only on the previous `max S`); they are
//! tabulated until that happens, so every heap size works. With `S` the powers of two
//! (`sub:pow2`) a heap of `n` has value `n mod 3`: no power of two is a multiple of 3, and from
//! `n mod 3 = r > 0` taking `r` (1 or 2) reaches a multiple of 3. With `S` the Fibonacci numbers
//! (`sub:fib`) no theorem is known; values are tabulated.
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::subtraction::Subtraction;
//! assert_eq!(Subtraction::bash(3).heap_value(10), Some(Nimber(2)));
//! ```

use std::sync::Arc;

use grundy_core::heap::HeapStepGroup;
use grundy_core::limits::Limits;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::entry::{Drawing, GameEntry};
use crate::heap::sparse::{known_values, KnownValues, SOLVE_TABLE_LIMIT};
use crate::heap::table::TableGame;
use crate::heap::take_and_break::{Amounts, TakeBreakRules, CODE_DIGITS};
use crate::period::Period;
use crate::spec::{parse_heaps, parse_number_text, GameSpec, SpecError, Word};

/// Which amounts may be subtracted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// `{1, …, k}` (Bash's game).
    UpTo(u64),
    /// A finite set, sorted, without repeats.
    Finite(Vec<u64>),
    /// The powers of two 1, 2, 4, 8, …
    PowersOfTwo,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, …
    Fibonacci,
}

impl SubtractionSet {
    fn amounts(&self, n: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        match self {
            SubtractionSet::UpTo(k) => Box::new(1..=(*k).min(n)),
            SubtractionSet::Finite(s) => Box::new(s.iter().copied().take_while(move |&s| s <= n)),
            SubtractionSet::PowersOfTwo => Box::new(Amounts::PowersOfTwo.upto(n).into_iter()),
            SubtractionSet::Fibonacci => Box::new(Amounts::Fibonacci.upto(n).into_iter()),
        }
    }

    fn as_amounts(&self) -> Amounts {
        match self {
            SubtractionSet::UpTo(k) => Amounts::Finite((1..=*k).collect()),
            SubtractionSet::Finite(s) => Amounts::Finite(s.clone()),
            SubtractionSet::PowersOfTwo => Amounts::PowersOfTwo,
            SubtractionSet::Fibonacci => Amounts::Fibonacci,
        }
    }
}

/// The rules of a subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: SubtractionSet,
    known: Option<Arc<KnownValues>>,
}

impl Subtraction {
    /// Bash's game: take 1 to `k` tokens.
    pub fn bash(k: u64) -> Self {
        Subtraction {
            set: SubtractionSet::UpTo(k),
            known: None,
        }
    }

    /// The subtraction game with set `s` (any order, repeats allowed; zero is ignored).
    pub fn finite(mut s: Vec<u64>) -> Self {
        s.retain(|&x| x > 0);
        s.sort_unstable();
        s.dedup();
        Subtraction {
            set: SubtractionSet::Finite(s),
            known: None,
        }
    }

    /// `sub:pow2`: take a power of two.
    pub fn powers_of_two() -> Self {
        Subtraction {
            set: SubtractionSet::PowersOfTwo,
            known: None,
        }
    }

    /// `sub:fib`: take a Fibonacci number.
    pub fn fibonacci() -> Self {
        Subtraction {
            set: SubtractionSet::Fibonacci,
            known: None,
        }
    }

    /// The game as take-and-break rules: remove `s` leaving zero or one heap.
    pub fn rules(&self) -> TakeBreakRules {
        let mut r = TakeBreakRules::empty();
        r.by_parts[0] = self.set.as_amounts();
        r.by_parts[1] = self.set.as_amounts();
        r
    }

    /// The value of every heap, when a theorem gives it.
    pub fn formula(&self) -> Option<fn(u64, u64) -> u64> {
        match self.set {
            SubtractionSet::UpTo(_) => Some(|k, n| n % (k + 1)),
            SubtractionSet::PowersOfTwo => Some(|_, n| n % 3),
            _ => None,
        }
    }

    /// The period a theorem proves, if any (checked up to `upto`).
    pub fn theorem_period(&self, upto: u64) -> Option<Period> {
        let period = match self.set {
            SubtractionSet::UpTo(k) => k.checked_add(1)?,
            SubtractionSet::PowersOfTwo => 3,
            _ => return None,
        };
        Some(Period {
            preperiod: 0,
            period,
            saltus: 0,
            proved: true,
            checked_upto: upto,
        })
    }

    /// The same game with values tabulated for heaps up to `need` (and beyond once a period is
    /// proved, computing at most [`SOLVE_TABLE_LIMIT`] values).
    pub fn with_values_for(self, need: u64) -> Self {
        self.with_values_told(need, None)
    }

    /// [`Subtraction::with_values_for`], telling `report` how far the table has come.
    pub fn with_values_told(mut self, need: u64, report: Option<fn(&str, u64, u64)>) -> Self {
        if self.formula().is_none() {
            self.known = Some(Arc::new(known_values(
                &self.rules(),
                need,
                SOLVE_TABLE_LIMIT,
                report,
            )));
        }
        self
    }

    /// The subtraction set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl HeapRuleset for Subtraction {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        out.extend(self.set.amounts(n).map(|s| vec![n - s]));
    }

    /// A finite set has few options whatever the heap: each is checked.
    fn heap_moves_where(
        &self,
        n: u64,
        _from: u64,
        _period: u64,
        wanted: &dyn Fn(&[u64]) -> bool,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        if !matches!(
            self.set,
            SubtractionSet::UpTo(_) | SubtractionSet::Finite(_)
        ) {
            return None;
        }
        let mut count = 0;
        let mut first = Vec::new();
        for s in self.set.amounts(n) {
            let opt = vec![n - s];
            if wanted(&opt) {
                count += 1;
                if first.len() < limit {
                    first.push(opt);
                }
            }
        }
        Some((count, first))
    }

    fn periodicity_bound(&self) -> Option<grundy_core::heap::PeriodicityBound> {
        let max_removal = match &self.set {
            SubtractionSet::UpTo(k) => *k,
            SubtractionSet::Finite(s) => *s.last()?,
            SubtractionSet::PowersOfTwo | SubtractionSet::Fibonacci => return None,
        };
        Some(grundy_core::heap::PeriodicityBound {
            parts: 1,
            max_removal,
        })
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        match self.set {
            SubtractionSet::UpTo(k) => Some(Nimber(n % (k + 1))),
            SubtractionSet::PowersOfTwo => Some(Nimber(n % 3)),
            _ => self.known.as_ref()?.value(n).map(Nimber),
        }
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if self.set == SubtractionSet::PowersOfTwo {
            // O(log n) options, each of known value.
            return Some(
                Amounts::PowersOfTwo
                    .upto(n)
                    .into_iter()
                    .filter(|&s| (n - s) % 3 == target.0)
                    .map(|s| vec![n - s])
                    .collect(),
            );
        }
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        // Only one residue class mod K+1 can be reached, by taking exactly this many.
        let take = (n % (k + 1) + (k + 1) - target.0 % (k + 1)) % (k + 1);
        Some(if target.0 <= k && take >= 1 && take <= n {
            vec![vec![n - take]]
        } else {
            Vec::new()
        })
    }

    /// Past the table, a finite (or Fibonacci) set still has few moves, each valued by the proved
    /// period: they are checked one by one.
    fn heap_moves_counted(
        &self,
        n: u64,
        target: Nimber,
        limit: usize,
    ) -> Option<(u64, Vec<Vec<u64>>)> {
        if !matches!(
            self.set,
            SubtractionSet::Finite(_) | SubtractionSet::Fibonacci
        ) {
            return None;
        }
        let mut count = 0;
        let mut first = Vec::new();
        for s in self.set.amounts(n) {
            if self.heap_value(n - s)? == target {
                count += 1;
                if first.len() < limit {
                    first.push(vec![n - s]);
                }
            }
        }
        Some((count, first))
    }

    /// Bash heaps are SJ atoms: no move splits, and a heap `n ≡ 0 mod K+1`, `n > 0`, has the
    /// move to `n − K`, of value 1. Other sets are checked heap by heap.
    fn sj_heaps(&self) -> Option<bool> {
        match self.set {
            SubtractionSet::UpTo(_) => Some(true),
            _ => None,
        }
    }

    /// Bash: from `n = q(K+1) + r` the only move to a P-position takes `r`, and from a multiple of
    /// `K+1` every move reaches the same step count; each round of two moves removes `K+1`: `2q`
    /// moves, plus one if `r > 0`.
    fn heap_steps(&self, n: u64) -> Option<u64> {
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        // 2·⌊n/(K+1)⌋ ≤ n, so this cannot overflow.
        Some(2 * (n / (k + 1)) + u64::from(!n.is_multiple_of(k + 1)))
    }

    /// Bash: the options `n−K … n−1` span at most two blocks of `K+1`; in block `q` the multiple
    /// of `K+1` has step count `2q` and the others `2q+1`.
    fn heap_step_groups(&self, n: u64, limit: usize) -> Option<Vec<HeapStepGroup>> {
        let SubtractionSet::UpTo(k) = self.set else {
            return None;
        };
        let mut groups = Vec::new();
        if n == 0 {
            return Some(groups);
        }
        let (lo, hi) = (n - k.min(n), n - 1);
        for q in lo / (k + 1)..=hi / (k + 1) {
            let base = q * (k + 1);
            let (a, b) = (lo.max(base), hi.min(base.saturating_add(k)));
            if a == base {
                groups.push((2 * q, 1, vec![vec![base]]));
            }
            let start = a.max(base + 1);
            if start <= b {
                let listed = (start..=b).take(limit).map(|m| vec![m]).collect();
                groups.push((2 * q + 1, b - start + 1, listed));
            }
        }
        Some(groups)
    }

    fn max_heap(&self) -> u64 {
        match self.set {
            // Values from a table alone (no period is proved): no heap beyond it.
            SubtractionSet::Fibonacci => SOLVE_TABLE_LIMIT,
            _ => u64::MAX,
        }
    }
}

/// A position of the subtraction game `ruleset`, named `spec`.
pub fn position(spec: &str, ruleset: Subtraction, heaps: Vec<u64>) -> Box<dyn Component> {
    Box::new(HeapPosition::new(spec, ruleset, heaps))
}

/// The registry entries for `bash:K` and `sub:S`.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry::new(
            "bash",
            "bash:K HEAP...",
            "take 1 to K tokens from one heap; whoever cannot move loses",
            "bash:3 7 10",
            build_bash,
        )
        .tabulated(|spec| Ok(Box::new(table_bash(spec)?)))
        .drawn(Drawing::Heaps)
        // Bash's game as a code only where one is short (its rules list every amount).
        .canonical(|spec| match parse_bash(spec).ok()? {
            rules @ Subtraction {
                set: SubtractionSet::UpTo(k),
                ..
            } if k <= CODE_DIGITS => rules.rules().canonical_code(),
            _ => None,
        }),
        GameEntry::within_limits(
            "sub",
            "sub:S1,S2,... HEAP...   (also sub:pow2, sub:fib)",
            "take s tokens from one heap, s in the subtraction set; whoever cannot move loses",
            "sub:1,3,4 10 12",
            build_finite,
        )
        .aliases(&["subtraction"])
        .tabulated(|spec| Ok(Box::new(table_finite(spec)?)))
        .drawn(Drawing::Heaps)
        .canonical(|spec| parse_subtraction(spec).ok()?.rules().canonical_code()),
    ]
}

/// The rules `bash:K` names: the one parser of K, for positions and tables alike.
fn parse_bash(spec: &GameSpec) -> Result<Subtraction, SpecError> {
    let k = parse_number_text(
        spec.require_params("bash:K")?,
        "K",
        1_000_000_000_000_000_000,
    )
    .map_err(|m| spec.error(m))?;
    if k == 0 {
        return Err(spec.error("K must be at least 1"));
    }
    Ok(Subtraction::bash(k))
}

/// The rules `sub:S` names (`sub:1,3,4`, `sub:pow2`, `sub:fib`).
fn parse_subtraction(spec: &GameSpec) -> Result<Subtraction, SpecError> {
    let params = spec.require_params("sub:S1,S2,...")?;
    Ok(match params {
        "pow2" => Subtraction::powers_of_two(),
        "fib" => Subtraction::fibonacci(),
        _ => Subtraction::finite(parse_set(spec, params)?),
    })
}

/// The table of a subtraction game: its formula when a theorem gives one (Bash's game, powers of
/// two), else the sparse engine on its rules.
fn table(spec: &GameSpec, rules: Subtraction) -> TableGame {
    match rules.formula() {
        Some(f) => {
            let k = match rules.set() {
                SubtractionSet::UpTo(k) => *k,
                _ => 0,
            };
            let period = rules.theorem_period(0);
            let theorem = match rules.set() {
                SubtractionSet::UpTo(_) => "Bash's game theorem: G(n) = n mod (k + 1)",
                _ => "the theorem of this subtraction set (its closed form)",
            };
            TableGame::formula(
                spec,
                Box::new(move |n| f(k, n)),
                Box::new(rules),
                period,
                theorem,
            )
        }
        None => TableGame::computed(spec, rules.rules()),
    }
}

pub(crate) fn table_bash(spec: &GameSpec) -> Result<TableGame, SpecError> {
    Ok(table(spec, parse_bash(spec)?))
}

pub(crate) fn table_finite(spec: &GameSpec) -> Result<TableGame, SpecError> {
    Ok(table(spec, parse_subtraction(spec)?))
}

fn build_bash(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let rules = parse_bash(spec)?;
    let heaps = parse_heaps(spec, words, rules.max_heap())?;
    Ok(position(&spec.word.text, rules, heaps))
}

fn build_finite(
    spec: &GameSpec,
    words: &[Word],
    limits: &Limits,
) -> Result<Box<dyn Component>, SpecError> {
    let rules = parse_subtraction(spec)?;
    let heaps = parse_heaps(spec, words, rules.max_heap())?;
    let max = heaps.iter().copied().max().unwrap_or(0);
    let rules = rules.with_values_told(max, limits.table_progress);
    if rules.heap_value(max).is_none() {
        return Err(spec.error(format!(
            "a heap of {max} is too large: no period of this game was proved within {SOLVE_TABLE_LIMIT} heaps"
        )));
    }
    Ok(position(&spec.word.text, rules, heaps))
}

/// Parses the amounts of a finite subtraction set.
pub fn parse_set(spec: &GameSpec, params: &str) -> Result<Vec<u64>, SpecError> {
    let set = params
        .split(',')
        // A larger amount moves only from heaps past the largest table, whose values need a
        // proved period, and none can be proved with such an amount.
        .map(|t| parse_number_text(t, "each amount", SOLVE_TABLE_LIMIT))
        .collect::<Result<Vec<u64>, String>>()
        .map_err(|m| spec.error(m))?;
    // Taking 0 is not a move: an amount of 0 is refused wherever it stands (dropping it from
    // `sub:0,1` but refusing `sub:0` was two answers to one mistake).
    if let Some(k) = set.iter().position(|&s| s == 0) {
        return Err(spec.error(format!(
            "amount {} is 0: each amount to subtract must be positive",
            k + 1
        )));
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    /// `heap_moves_counted` (the moves to a value, by the proved period past the table) against
    /// a plain mex table of the whole range and a filter of the heap's options.
    #[test]
    fn moves_counted_by_the_period_are_the_options_of_that_value() {
        // Finite sets past the enumeration limit (by their proved period); Fibonacci, whose
        // period is not proved, within its table.
        let far = grundy_core::heap::ENUMERATION_LIMIT + 40;
        for (game, last) in [
            (Subtraction::finite(vec![1, 3, 4]), far),
            (Subtraction::finite(vec![2, 5, 7]), far),
            (Subtraction::fibonacci(), 3000),
        ] {
            let mut g = vec![0u64; last as usize + 1];
            let mut seen = Vec::new();
            for n in 1..=last {
                seen.clear();
                seen.extend(game.set.amounts(n).map(|s| g[(n - s) as usize]));
                g[n as usize] = grundy_core::mex(seen.iter().map(|&v| Nimber(v))).0;
            }
            let game = game.with_values_for(last);
            for n in (1..60).chain(last - 40..=last) {
                for t in 0..6 {
                    let want: Vec<Vec<u64>> = game
                        .set
                        .amounts(n)
                        .filter(|&s| g[(n - s) as usize] == t)
                        .map(|s| vec![n - s])
                        .collect();
                    let Some((count, got)) = game.heap_moves_counted(n, Nimber(t), usize::MAX)
                    else {
                        panic!("{:?}: no count at n = {n}", game.set);
                    };
                    assert_eq!(count as usize, want.len(), "n = {n}, t = {t}");
                    assert_eq!(got, want, "n = {n}, t = {t}");
                }
            }
        }
    }

    proptest! {
        #[test]
        fn bash_closed_form_matches_the_solver(
            k in 1u64..6,
            heaps in proptest::collection::vec(0u64..25, 1..4),
        ) {
            assert_heap_fast_path_matches_solver(&Subtraction::bash(k), &heaps)?;
        }
    }

    proptest! {
        #[test]
        fn pow2_fib_and_finite_sets_match_the_solver(
            which in 0usize..3,
            set in proptest::collection::vec(1u64..7, 1..4),
            heaps in proptest::collection::vec(0u64..40, 1..3),
        ) {
            let max = heaps.iter().copied().max().unwrap_or(0);
            let game = match which {
                0 => Subtraction::powers_of_two(),
                1 => Subtraction::fibonacci(),
                _ => Subtraction::finite(set),
            };
            assert_heap_fast_path_matches_solver(&game.with_values_for(max), &heaps)?;
        }
    }

    #[test]
    fn finite_sets_work_for_huge_heaps_by_their_proved_period() {
        let g = Subtraction::finite(vec![1, 3, 4]).with_values_for(u64::MAX);
        assert_eq!(
            g.heap_value(u64::MAX),
            Some(Nimber([0, 1, 0, 1, 2, 3, 2][(u64::MAX % 7) as usize]))
        );
    }

    #[test]
    fn bash_at_the_top_of_the_range() {
        let b = Subtraction::bash(1_000_000_000_000_000_000);
        assert_eq!(
            b.heap_value(u64::MAX),
            Some(Nimber(u64::MAX % 1_000_000_000_000_000_001))
        );
        let moves = b.heap_moves_to(u64::MAX, Nimber(0)).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0][0] % 1_000_000_000_000_000_001, 0);
    }

    #[test]
    fn subtraction_1_3_4_has_period_7() {
        // Winning Ways: S = {1,3,4} has values 0 1 0 1 2 3 2, repeating with period 7.
        let game = Subtraction::finite(vec![4, 1, 3]).with_values_for(30);
        let mut p = HeapPosition::new("sub:1,3,4", game, vec![]);
        let values: Vec<u64> = (0..21).map(|n| p.heap_value(n).unwrap().0).collect();
        let period = [0, 1, 0, 1, 2, 3, 2];
        for (n, v) in values.iter().enumerate() {
            assert_eq!(*v, period[n % 7], "n = {n}");
        }
    }
}
