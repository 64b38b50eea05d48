//! Which heap games `grundy table` can tabulate, and how: by the sparse-space engine of
//! [`crate::heap::sparse`], or by a theorem's formula (with the naive mex available as a check).

use grundy_core::HeapRuleset;

use crate::heap::sparse::{naive_table, periodicity_bound, Engine, Interrupted, Method, Values};
use crate::heap::take_and_break::TakeBreakRules;
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

    /// A game whose values a theorem gives (`value`), with its rules for the naive check and
    /// the period the theorem proves, if any.
    pub fn formula(
        spec: &GameSpec,
        value: Box<dyn Fn(u64) -> u64>,
        naive: Box<dyn HeapRuleset>,
        period: Option<Period>,
    ) -> TableGame {
        TableGame {
            name: spec.word.text.clone(),
            source: Source::Formula {
                value,
                naive,
                period,
            },
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

    /// The engine resumed from earlier values.
    pub fn resume(&self, method: Method, values: &[u32]) -> Option<Engine> {
        match &self.source {
            Source::Engine(r) => Some(Engine::resume(r.clone(), method, values)),
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

    /// `G(n)` by the theorem's formula, for a game given by one.
    pub fn formula_value(&self, n: u64) -> Option<u64> {
        match &self.source {
            Source::Engine(_) => None,
            Source::Formula { value, .. } => Some(value(n)),
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
        Ok(e.values().clone())
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
        let last = values.len().saturating_sub(1) as u64;
        match &self.source {
            Source::Formula {
                period: Some(p), ..
            } => Some(Period {
                checked_upto: last,
                ..*p
            }),
            Source::Formula { period: None, .. } => period::find(values, None, true),
            Source::Engine(_) => period::find(values, self.bound(), false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Word;

    fn game(name: &str) -> TableGame {
        let word = Word::new("argument 1", name);
        match crate::registry::lookup(&word).unwrap().0.table {
            Some(crate::spec::Tabulation::Heaps(table)) => table(&GameSpec::parse(&word)).unwrap(),
            _ => panic!("{name} is a heap game"),
        }
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
        let node_kayles = Word::new("a", "node-kayles:1-2");
        assert!(crate::registry::lookup(&node_kayles)
            .unwrap()
            .0
            .table
            .is_none());
    }
}
