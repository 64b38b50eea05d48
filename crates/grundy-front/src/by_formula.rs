//! Positions valued by a formula (`grundy solve GAME n --formula F`, or `--guess`): the answer
//! for a heap of 10^18 from a closed form the table checked (or a theorem proved), through the
//! same generic path as every solve — a component whose value is the formula, wrapped around the
//! game's own component, whose moves it still lists.
//!
//! A one-variable formula gives each number of the position its value and the position the XOR
//! of them (a sum of heaps); a two-variable formula takes a position of exactly two numbers.
//! Winning moves: each option's value comes from the formula too, so they are listed wherever
//! the options can be (positions up to [`LISTED_UP_TO`]).

use std::cell::RefCell;

use grundy_core::setting::Setting;
use grundy_core::{Component, MoveReport, Nimber, SolveError, Value};
use grundy_pattern::formula::{Answer, Formula, Memo};
use serde_json::Value as Json;

/// The options of positions up to this (the sum of their numbers) are listed to find the
/// winning moves; bigger ones are valued only.
pub const LISTED_UP_TO: u64 = 1 << 20;

/// The numbers of a position's JSON: a number, or a list of them (nested lists flattened).
pub fn numbers(position: &Json) -> Option<Vec<u64>> {
    match position {
        Json::Number(n) => Some(vec![n.as_u64()?]),
        Json::Array(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(numbers(item)?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// A component valued by a formula.
pub struct FormulaComponent {
    inner: Box<dyn Component>,
    formula: std::rc::Rc<Formula>,
    memo: RefCell<Option<Memo>>,
    /// The options with their values, once listed.
    options: RefCell<Option<Vec<(MoveReport, Nimber)>>>,
}

impl FormulaComponent {
    /// `inner`, valued by `formula` (whose variables are `n`, or two names for positions of two
    /// numbers).
    pub fn new(inner: Box<dyn Component>, formula: std::rc::Rc<Formula>) -> FormulaComponent {
        FormulaComponent {
            inner,
            formula,
            memo: RefCell::new(None),
            options: RefCell::new(None),
        }
    }

    /// Every option with the formula's value, listed once: the formula must be the mex of
    /// them (Sprague–Grundy), which checks it at this very position, past any table.
    fn options(&self) -> Result<std::cell::Ref<'_, Vec<(MoveReport, Nimber)>>, SolveError> {
        if self.options.borrow().is_none() {
            let explore = self.inner.explore().ok_or_else(|| {
                SolveError::TooLarge(format!(
                    "{} cannot list its moves, so {} gives no winning moves: use {}",
                    self.inner.game(),
                    Setting::Formula,
                    Setting::NoMoves
                ))
            })?;
            let mut options = Vec::new();
            for (report, _) in explore.moves()? {
                let value = self.value_of(&report.position)?;
                options.push((report, value));
            }
            let here = self.value_of(&self.inner.position())?;
            let mex = grundy_core::mex(options.iter().map(|(_, v)| *v));
            if mex != here {
                return Err(SolveError::Rules(format!(
                    "{} gives {} at {}, but the mex of its options' values is {}: the \
                     formula does not fit the game's moves here",
                    Setting::Formula,
                    here.0,
                    self.inner.position(),
                    mex.0
                )));
            }
            *self.options.borrow_mut() = Some(options);
        }
        Ok(std::cell::Ref::map(self.options.borrow(), |o| {
            o.as_ref().expect("filled above")
        }))
    }

    /// Whether the options of this position are few enough to list.
    pub fn listable(&self) -> bool {
        numbers(&self.inner.position()).is_some_and(|ns| {
            ns.iter()
                .try_fold(0u64, |a, &n| a.checked_add(n))
                .is_some_and(|s| s <= LISTED_UP_TO)
        })
    }

    /// The formula's value of a position (given as JSON).
    fn value_of(&self, position: &Json) -> Result<Nimber, SolveError> {
        let ns = numbers(position).ok_or_else(|| {
            SolveError::Rules(format!(
                "{}: the position {position} is not numbers the formula can take",
                Setting::Formula
            ))
        })?;
        let memo = self.memo.borrow_mut().take().unwrap_or_default();
        let mut evaluator = self.formula.evaluator_with(memo);
        let vars = self.formula.variables().len();
        let mut total = 0u64;
        let result = (|| {
            if vars == 2 {
                if ns.len() != 2 {
                    return Err(SolveError::Rules(format!(
                        "{}: the formula takes two numbers, the position {position} has {}",
                        Setting::Formula,
                        ns.len()
                    )));
                }
                return one(&mut evaluator, &[ns[0] as i128, ns[1] as i128], &ns);
            }
            // Several numbers are a sum of heaps only for a heap game; any other game's
            // position of one variable is one number.
            if ns.len() != 1 && self.inner.heap_rules().is_none() {
                return Err(SolveError::Rules(format!(
                    "{}: the formula takes one number, the position {position} has {}",
                    Setting::Formula,
                    ns.len()
                )));
            }
            for &n in &ns {
                total ^= one(&mut evaluator, &[n as i128], &[n])?.0;
            }
            Ok(Nimber(total))
        })();
        *self.memo.borrow_mut() = Some(evaluator.into_memo());
        result
    }
}

/// The formula at `args`, as a nimber.
fn one(
    evaluator: &mut grundy_pattern::formula::Evaluator<'_>,
    args: &[i128],
    at: &[u64],
) -> Result<Nimber, SolveError> {
    let place = || at.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    match evaluator.eval(args) {
        Ok(Answer::Int(v)) => u64::try_from(v).map(Nimber).map_err(|_| {
            SolveError::Rules(format!(
                "{} gives {v} at {}: a Grundy value is a number from 0",
                Setting::Formula,
                place()
            ))
        }),
        Ok(Answer::Bool(_)) => Err(SolveError::Rules(format!(
            "{} gives true or false: solve needs a formula for the values (G), not for the P-positions",
            Setting::Formula
        ))),
        Err(e) => Err(SolveError::Rules(format!("{} at {}: {e}", Setting::Formula, place()))),
    }
}

impl Component for FormulaComponent {
    fn game(&self) -> String {
        self.inner.game()
    }

    fn limit(&mut self, limits: grundy_core::limits::Limits) {
        self.inner.limit(limits);
    }

    fn position(&self) -> Json {
        self.inner.position()
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        let here = self.value_of(&self.inner.position())?;
        // A theorem the game holds outranks a conjecture: a formula that disagrees with it here
        // is refused, never used (a formula checked to 4095 is no proof at 2^62).
        if let Some(known) = self.inner.known_value() {
            if known != here {
                return Err(SolveError::Rules(format!(
                    "{} gives {} at {}, but a theorem of {} gives {}: the formula does not hold \
                     here",
                    Setting::Formula,
                    here.0,
                    self.inner.position(),
                    self.inner.game(),
                    known.0
                )));
            }
        }
        if self.listable() && self.inner.explore().is_some() {
            // Valuing the options checks the formula here, whatever the outcome.
            self.options()?;
        }
        Ok(Value::Finite(here))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        if !self.listable() {
            return Err(SolveError::TooLarge(format!(
                "the options of {} are too many to list (more than {LISTED_UP_TO} tokens): use {}",
                self.inner.position(),
                Setting::NoMoves
            )));
        }
        let options = self.options()?;
        let winning = options.iter().filter(|(_, v)| *v == target);
        let count = winning.clone().count();
        out.extend(winning.take(limit).map(|(m, _)| m.clone()));
        Ok(count)
    }

    fn note(&self) -> Option<String> {
        self.inner.note()
    }
}
