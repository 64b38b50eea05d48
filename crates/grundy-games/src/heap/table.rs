//! Which heap games `grundy table` can tabulate, and how: by the sparse-space engine of
//! [`crate::heap::sparse`], or by a theorem's formula (with the naive mex available as a check).

use grundy_core::HeapRuleset;

use crate::heap::sparse::{naive_table, periodicity_bound, Engine, Interrupted, Method, Values};
use crate::heap::subtraction::{parse_set, Subtraction};
use crate::heap::take_and_break::{is_code, TakeBreakRules};
use crate::period::{self, Period, PeriodicityBound};
use crate::spec::{GameSpec, SpecError};
use crate::{heap::grundys_game, heap::lasker, heap::split};

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
    /// The heap game named by `spec`; `None` if the name is not a heap game (so another kind of
    /// table may take it).
    pub fn from_spec(spec: &GameSpec) -> Option<Result<TableGame, SpecError>> {
        let name = spec.word.text.clone();
        let engine = |rules| {
            Ok(TableGame {
                name: name.clone(),
                source: Source::Engine(rules),
            })
        };
        let formula = |f: Box<dyn Fn(u64) -> u64>, naive: Box<dyn HeapRuleset>, period| {
            Ok(TableGame {
                name: name.clone(),
                source: Source::Formula {
                    value: f,
                    naive,
                    period,
                },
            })
        };
        let plain = |r: Result<TableGame, SpecError>| Some(spec.forbid_params().and(r));
        Some(match spec.name.as_str() {
            n if is_code(n) => TakeBreakRules::from_code(n)
                .map_err(|m| spec.error(m))
                .and_then(engine),
            "grundys-game" | "grundy" => return plain(engine(grundys_game::rules())),
            "lasker" | "laskers-nim" => {
                return plain(formula(
                    Box::new(lasker::value),
                    Box::new(lasker::Lasker),
                    Some(lasker::period(0)),
                ))
            }
            "split" => {
                return plain(formula(
                    Box::new(split::value),
                    Box::new(split::Split),
                    None,
                ))
            }
            "nim" => {
                // G(n) = n: arithmetically periodic from 0 with period 1 and saltus 1.
                let period = Period {
                    preperiod: 0,
                    period: 1,
                    saltus: 1,
                    proved: true,
                    checked_upto: 0,
                };
                return plain(formula(
                    Box::new(|n| n),
                    Box::new(crate::heap::nim::Nim),
                    Some(period),
                ));
            }
            "bash" | "sub" | "subtraction" => {
                let game = match (spec.name.as_str(), spec.params.as_deref()) {
                    ("bash", Some(k)) => crate::spec::parse_number_text(k, "K", 1 << 40)
                        .map_err(|m| spec.error(m))
                        .and_then(|k| {
                            if k == 0 {
                                Err(spec.error("K must be at least 1"))
                            } else {
                                Ok(Subtraction::bash(k))
                            }
                        }),
                    (_, Some("pow2")) => Ok(Subtraction::powers_of_two()),
                    (_, Some("fib")) => Ok(Subtraction::fibonacci()),
                    (_, Some(p)) if !p.is_empty() => parse_set(spec, p).map(Subtraction::finite),
                    _ => Err(spec.error("this game needs parameters, e.g. sub:1,3,4 or bash:3")),
                };
                game.and_then(|g| match (g.formula(), &g.set()) {
                    (Some(f), set) => {
                        let k = match set {
                            crate::heap::subtraction::SubtractionSet::UpTo(k) => *k,
                            _ => 0,
                        };
                        formula(
                            Box::new(move |n| f(k, n)),
                            Box::new(g.clone()),
                            g.theorem_period(0),
                        )
                    }
                    (None, _) => engine(g.rules()),
                })
            }
            _ => return None,
        })
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
        TableGame::from_spec(&GameSpec::parse(&Word::new("argument 1", name)))
            .unwrap()
            .unwrap()
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
        assert!(TableGame::from_spec(&GameSpec::parse(&Word::new("a", "geography"))).is_none());
    }
}
