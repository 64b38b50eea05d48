//! Which heap games `grundy table` can tabulate, and how: by the sparse-space engine of
//! [`crate::heap::sparse`], or by a theorem's formula (with the naive mex available as a check).

use grundy_core::HeapRuleset;

use crate::heap::sparse::{naive_table, periodicity_bound, Engine, Interrupted, Method, Values};
use crate::heap::take_and_break::{Amounts, TakeBreakRules};
use crate::period::{self, Period, PeriodicityBound};
use crate::spec::GameSpec;

enum Source {
    /// Computed move by move.
    Engine(TakeBreakRules),
    /// Given by a theorem; `naive` computes it from the options instead.
    Formula {
        value: Box<dyn Fn(u64) -> u64>,
        naive: Box<dyn HeapRuleset>,
        period: Option<Period>,
        theorem: &'static str,
    },
}

/// A heap game whose values can be tabulated.
pub struct TableGame {
    name: String,
    source: Source,
}

impl TableGame {
    /// A game computed move by move by the sparse-space engine, named by `spec`.
    pub fn computed(spec: &GameSpec, rules: TakeBreakRules) -> TableGame {
        TableGame {
            name: spec.word.text.clone(),
            source: Source::Engine(rules),
        }
    }

    /// A game whose values a theorem (named `theorem`) gives (`value`), with its rules for the
    /// naive check and the period the theorem proves, if any.
    pub fn formula(
        spec: &GameSpec,
        value: Box<dyn Fn(u64) -> u64>,
        naive: Box<dyn HeapRuleset>,
        period: Option<Period>,
        theorem: &'static str,
    ) -> TableGame {
        TableGame {
            name: spec.word.text.clone(),
            source: Source::Formula {
                value,
                naive,
                period,
                theorem,
            },
        }
    }

    /// The theorem that proves this game's periods: its own, or the periodicity theorem for a
    /// game computed move by move.
    pub fn theorem(&self) -> &'static str {
        match &self.source {
            Source::Engine(_) => crate::period::PERIODICITY_THEOREM,
            Source::Formula { theorem, .. } => theorem,
        }
    }

    /// The game's name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the table is computed move by move (and so can be checkpointed).
    pub fn is_computed(&self) -> bool {
        matches!(self.source, Source::Engine(_))
    }

    /// The engine for this game, if it is computed move by move.
    pub fn engine(&self, method: Method) -> Option<Engine> {
        match &self.source {
            Source::Engine(r) => Some(Engine::new(r.clone(), method)),
            Source::Formula { .. } => None,
        }
    }

    /// The estimated bytes of the table up to `last` and how far `budget` bytes reach, for a game
    /// computed move by move ([`crate::heap::sparse::forecast`]).
    pub fn forecast(&self, last: u64, budget: u64) -> Option<(u64, u64)> {
        match &self.source {
            Source::Engine(r) => Some(crate::heap::sparse::forecast(r, last, budget)),
            Source::Formula { .. } => None,
        }
    }

    /// The engine resumed from earlier values, taken as they are stored.
    pub fn resume(&self, method: Method, values: Values) -> Option<Engine> {
        match &self.source {
            Source::Engine(r) => Some(Engine::resume_from(r.clone(), method, values)),
            Source::Formula { .. } => None,
        }
    }

    /// `G(0..=last)` for a game given by a formula (by its options with [`Method::Naive`]).
    pub fn formula_table(&self, last: u64, method: Method) -> Option<Values> {
        match &self.source {
            Source::Engine(_) => None,
            Source::Formula { value, naive, .. } => Some(if method == Method::Naive {
                Values::from_u32(&naive_table(naive.as_ref(), last))
            } else {
                let v: Vec<u32> = (0..=last)
                    .map(|n| value(n).min(u32::MAX as u64) as u32)
                    .collect();
                Values::from_u32(&v)
            }),
        }
    }

    /// The theorem's formula `G(n)`, for a game given by one.
    pub fn formula_fn(&self) -> Option<&dyn Fn(u64) -> u64> {
        match &self.source {
            Source::Engine(_) => None,
            Source::Formula { value, .. } => Some(value.as_ref()),
        }
    }

    /// `G(0..=last)`, calling `tick` as the engine goes.
    pub fn compute(
        &self,
        last: u64,
        method: Method,
        tick: &mut dyn FnMut(&Engine) -> bool,
    ) -> Result<Values, Interrupted> {
        if let Some(v) = self.formula_table(last, method) {
            return Ok(v);
        }
        let mut e = self.engine(method).expect("computed games have an engine");
        e.extend_to(last as usize, tick)?;
        Ok(e.into_values())
    }

    /// Checks values read back from a file (a checkpoint) before a table is built on them; `None`
    /// when they pass, else what is wrong and where. Every value is held to the mex bound (`G(0)`
    /// is 0, and `G(n)` is the mex of XORs of earlier values, so it is at most the next power of
    /// two above them: a value out of range can neither make a wrong table nor size a huge
    /// array), then values are recomputed from the rules: all of them when that takes at most
    /// `budget` options, else a sample: every heap where the largest value so far grows (the
    /// values that size the engine's arrays), the first heaps, and heaps picked by `seed`, as
    /// many as about `budget` options allow.
    pub fn verify(&self, values: &Values, seed: u64, budget: u64) -> Option<String> {
        let Source::Engine(rules) = &self.source else {
            return Some("this game's values come from a formula, not a checkpoint".into());
        };
        if values.is_empty() {
            // G(0) is in every table written: an empty one was not.
            return Some("it holds no values".into());
        }
        let mut records = Vec::new();
        let mut max: Option<u32> = None;
        for n in 0..values.len() {
            let v = values.at(n);
            let bound = max.map_or(0, |m| (u64::from(m) + 1).next_power_of_two());
            if u64::from(v) > bound {
                return Some(format!(
                    "G({n}) = {v} is impossible: a value is at most {bound} there"
                ));
            }
            if max.is_none_or(|m| v > m) {
                records.push(n as u64);
                max = Some(v);
            }
        }
        let len = values.len() as u64;
        // Every value when the budget allows it, so a forged value anywhere in a small table is
        // found; past the budget, a sample.
        let mut whole = 0u64;
        for n in 0..len {
            whole = whole.saturating_add(option_count(rules, n));
            if whole > budget {
                break;
            }
        }
        if whole <= budget {
            return check_values(rules, values, 0..len);
        }
        let mut rng = seed | 1;
        let mut random = move || {
            // xorshift64: a different sample for every file, with no dependency.
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let firsts = (1..len.min(64)).collect::<Vec<_>>();
        let picks = (0..256).map(|_| random() % len.max(1)).collect::<Vec<_>>();
        let mut spent = 0u64;
        let mut sample = Vec::new();
        for n in records.into_iter().chain(firsts).chain(picks) {
            let cost = option_count(rules, n);
            if spent.saturating_add(cost) <= budget {
                spent += cost;
                sample.push(n);
            }
        }
        // In order, so the error names the first wrong value of the sample, not one it spoiled.
        sample.sort_unstable();
        sample.dedup();
        check_values(rules, values, sample)
    }

    /// The misère quotient of the game's heaps up to `upto` (or of every heap, once proved):
    /// see [`grundy_core::quotient`]. `progress(heap, order)` may stop it by returning `false`.
    pub fn misere_quotient(
        &self,
        upto: u64,
        caps: grundy_core::quotient::Caps,
        progress: &mut dyn FnMut(u64, usize) -> bool,
    ) -> Result<grundy_core::quotient::MisereQuotient, grundy_core::quotient::QuotientError> {
        use grundy_core::quotient::MisereQuotient;
        match &self.source {
            Source::Engine(r) => {
                let rules = crate::heap::take_and_break::TakeAndBreak::new(r.clone());
                MisereQuotient::compute(&rules, upto, rules.periodicity_bound(), caps, progress)
            }
            Source::Formula { naive, .. } => MisereQuotient::compute(
                naive.as_ref(),
                upto,
                naive.periodicity_bound(),
                caps,
                progress,
            ),
        }
    }

    /// The bound that proves periods, for games computed move by move.
    pub fn bound(&self) -> Option<PeriodicityBound> {
        match &self.source {
            Source::Engine(r) => periodicity_bound(r),
            Source::Formula { .. } => None,
        }
    }

    /// The period of a table of this game: proved by a theorem, by the periodicity theorem, or
    /// merely observed.
    pub fn period(&self, values: &[u32]) -> Option<Period> {
        self.period_in(values.len(), |i| values[i])
    }

    /// [`TableGame::period`] of a table in its own width, not copied: one search for each width,
    /// reading its slice directly.
    pub fn period_of(&self, values: &Values) -> Option<Period> {
        match values {
            Values::U8(v) => self.period_in(v.len(), |i| u32::from(v[i])),
            Values::U16(v) => self.period_in(v.len(), |i| u32::from(v[i])),
            Values::U32(v) => self.period_in(v.len(), |i| v[i]),
        }
    }

    fn period_in(&self, len: usize, value: impl Fn(usize) -> u32) -> Option<Period> {
        let last = len.saturating_sub(1) as u64;
        match &self.source {
            Source::Formula {
                period: Some(p), ..
            } => Some(Period {
                checked_upto: last,
                ..*p
            }),
            Source::Formula { period: None, .. } => period::find_in(len, value, None, true),
            Source::Engine(_) => period::find_in(len, value, self.bound(), false),
        }
    }
}

/// What [`tabulate`] calls before each stage: the engine (if the game has one) and the stage's
/// last heap size; an error ends the table.
pub type BeforeStage<'a, E> = dyn FnMut(Option<&Engine>, u64) -> Result<(), E> + 'a;

/// Values given by a formula are tabulated this far at most: the rest is read from the formula.
pub const FORMULA_HEAD: u64 = (1 << 16) - 1;

/// Calls `stage` on 1023, 2047, 4095, … up to `last`, until it returns a proved period.
pub fn by_stages<E>(
    last: u64,
    mut stage: impl FnMut(u64) -> Result<Option<Period>, E>,
) -> Result<Option<Period>, E> {
    let mut upto = 1023.min(last);
    loop {
        let period = stage(upto)?;
        if upto >= last || period.is_some_and(|p| p.proved) {
            return Ok(period);
        }
        upto = (2 * upto + 1).min(last);
    }
}

/// `G(0..=last)`, or fewer when a proved period (or the game's formula) gives the rest, with the
/// period of what was computed (the values themselves only for a formula game: a game computed
/// move by move keeps them in `engine`). Tables are computed in doubling stages, each checked for a period
/// that the periodicity theorem proves: past it nothing more is computed or stored. With
/// `searching` (no `--upto`), a formula game too is tabulated in stages until its period is
/// proved; `with_period` looks for a period even where none can be proved. A game computed move
/// by move extends `engine` (fresh, or resumed from a checkpoint), which the caller keeps to save
/// when `tick` interrupts it.
///
/// `before_stage` is called before each stage is computed, with the engine (if any) and the last
/// heap size of the stage: it may refuse the stage (a memory budget), ending the table with its
/// error; what the engine holds is then kept for a checkpoint.
#[allow(clippy::too_many_arguments)]
pub fn tabulate<E: From<Interrupted>>(
    game: &TableGame,
    engine: Option<&mut Engine>,
    method: Method,
    last: u64,
    searching: bool,
    with_period: bool,
    tick: &mut dyn FnMut(&Engine) -> bool,
    before_stage: &mut BeforeStage<E>,
) -> Result<(Option<Values>, Option<Period>), E> {
    let Some(engine) = engine else {
        let mut values = Values::default();
        let mut stage = |upto: u64| {
            before_stage(None, upto)?;
            values = game.compute(upto, method, &mut |_| true)?;
            Ok::<_, E>(game.period_of(&values))
        };
        let period = if searching {
            by_stages(last, &mut stage)?
        } else if method == Method::Naive {
            // The naive method is the check of the formula: it computes everything.
            stage(last)?
        } else {
            stage(last.min(FORMULA_HEAD))?
        };
        return Ok((Some(values), period));
    };
    if engine.values().len() as u64 > last + 1 {
        engine.truncate(last as usize);
    }
    // Only a game with a periodicity bound can stop early; the others are computed in one go.
    let provable = game.bound().is_some();
    let mut extend = |upto: u64| -> Result<Option<Period>, E> {
        before_stage(Some(engine), upto)?;
        engine.extend_to(upto as usize, tick)?;
        Ok((provable || with_period)
            .then(|| game.period_of(engine.values()))
            .flatten())
    };
    let period = if provable {
        by_stages(last, &mut extend)?
    } else {
        extend(last)?
    };
    // The values stay in the engine, which the caller owns: a long table is not copied.
    Ok((None, period))
}

/// About how many options a heap of `n` has (what recomputing its value costs).
/// Recomputes `G(n)` from the rules for every `n` of `heaps` (in increasing order): what is wrong
/// with the first value that differs, if any.
fn check_values(
    rules: &TakeBreakRules,
    values: &Values,
    heaps: impl IntoIterator<Item = u64>,
) -> Option<String> {
    let mut options = Vec::new();
    for n in heaps {
        options.clear();
        rules.options(n, &mut options);
        let g = grundy_core::mex(options.iter().map(|o| {
            grundy_core::Nimber(
                o.iter()
                    .fold(0, |x, &h| x ^ u64::from(values.at(h as usize))),
            )
        }));
        let v = values.at(n as usize);
        if g.0 != u64::from(v) {
            return Some(format!("G({n}) = {v} but the rules give {}", g.0));
        }
    }
    None
}

fn option_count(rules: &TakeBreakRules, n: u64) -> u64 {
    let amounts = |m: usize| -> u64 {
        match &rules.by_parts[m] {
            Amounts::Finite(v) => v.iter().take_while(|&&a| a <= n).count() as u64,
            Amounts::All => n,
            // At most 64 powers of two or 93 Fibonacci numbers fit in a u64.
            _ => 93,
        }
    };
    let n = u128::from(n);
    let total = u128::from(amounts(0) + amounts(1))
        + u128::from(amounts(2)) * (n / 2)
        + u128::from(amounts(3)) * (n * n / 12 + 1);
    total.min(u128::from(u64::MAX)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> TableGame {
        crate::heap::table_game(name)
    }

    /// The period searched on values in their own width (bytes for 0.137 and 0.07, two-byte
    /// values for 0.6 past 10344 and a table made up) is the one searched on a `u32` copy.
    #[test]
    fn the_period_of_compact_values_is_that_of_their_u32_copy() {
        for (name, last) in [("0.137", 700), ("0.6", 20_000), ("0.07", 3_000)] {
            let g = game(name);
            let mut engine = g.engine(Method::Sparse).unwrap();
            engine.extend_to(last, &mut |_| true).unwrap();
            let wide = engine.values().to_vec();
            assert_eq!(g.period_of(engine.values()), g.period(&wide), "{name}");
        }
        // Two-byte values with a period of 2 (256, 0, 256, ...), searched as 0.6's would be.
        let wide: Vec<u32> = (0..1000).map(|n| 256 * (1 - n % 2)).collect();
        let compact = Values::from_u32(&wide);
        assert!(matches!(compact, Values::U16(_)));
        let found = game("0.6").period_of(&compact);
        assert_eq!(found.map(|p| p.period), Some(2));
        assert_eq!(found, game("0.6").period(&wide));
    }

    #[test]
    fn formula_tables_equal_naive_tables() {
        for name in ["lasker", "split", "bash:3", "sub:pow2", "nim"] {
            let g = game(name);
            assert_eq!(
                g.formula_table(60, Method::Sparse),
                g.formula_table(60, Method::Naive),
                "{name}"
            );
        }
    }

    /// Found by the fuzz campaign (`grundy-fuzz checkpoints`): a forged checkpoint (one value
    /// changed, its checksum made to match) of a table small enough to check whole was accepted
    /// whenever the changed heap fell outside the sample, and the table built on it was wrong.
    #[test]
    fn a_small_table_is_verified_whole() {
        for name in ["sub:1,3,4", "0.137", "0.6"] {
            let g = game(name);
            let good = g
                .compute(600, Method::Sparse, &mut |_| true)
                .unwrap()
                .to_vec();
            assert_eq!(
                g.verify(&Values::from_u32(&good), 0x74ab_8d37_47d2_70c2, 4_000_000),
                None,
                "{name}"
            );
            for n in (1..good.len()).step_by(3) {
                let mut forged = good.clone();
                forged[n] = if good[n] == 0 { 1 } else { good[n] - 1 };
                assert!(
                    g.verify(&Values::from_u32(&forged), 0x74ab_8d37_47d2_70c2, 4_000_000)
                        .is_some(),
                    "{name}: G({n}) changed from {} to {} was accepted",
                    good[n],
                    forged[n]
                );
            }
        }
    }

    #[test]
    fn periods_come_from_theorems() {
        let period = |name: &str, last: u64| {
            let g = game(name);
            let t = g.compute(last, Method::Sparse, &mut |_| true).unwrap();
            let p = g.period(&t.to_vec()).unwrap();
            (p.preperiod, p.period, p.saltus, p.proved)
        };
        assert_eq!(period("lasker", 40), (1, 4, 4, true));
        assert_eq!(period("nim", 9), (0, 1, 1, true));
        assert_eq!(period("sub:1,3,4", 40), (0, 7, 0, true));
    }
}
