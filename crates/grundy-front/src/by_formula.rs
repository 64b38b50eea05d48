//! Positions valued by a formula (`grundy solve GAME n --formula F`, or `--guess`): the answer
//! for a heap of 10^18 from a closed form the table checked (or a theorem proved), through the
//! same generic path as every solve — a component whose value is the formula, wrapped around the
//! game's own component, whose moves it still lists.
//!
//! A formula gives each part of a position its value (a heap of a heap game, a part of a
//! script's sum; one number for a formula of `n`, two for a formula of two variables) and the
//! position the XOR of them (Sprague–Grundy). Before it is used, the formula is checked at the
//! position itself, past any table: its value must be the mex of its options' values, each from
//! the formula too. That check lists the options, so it is made only when they are at most
//! [`CHECKED_OPTIONS`], counted before any is listed ([`Component::option_count`]); past that, or
//! when they cannot be counted, the check is skipped and the answer says so and why
//! ([`LocalCheck`]), and the winning moves are not listed.

use std::cell::RefCell;

use grundy_core::setting::Setting;
use grundy_core::{Component, MoveReport, Nimber, SolveError, Value};
use grundy_pattern::formula::{Answer, Formula, Memo};
use serde_json::Value as Json;

/// The most options the check at the position lists (each valued by the formula, its move
/// described): about 50 MB and a tenth of a second at most.
pub const CHECKED_OPTIONS: u64 = 50_000;

/// A position whose options cannot be counted before they are listed is checked only up to this
/// many tokens (the sum of its numbers): a heap game that splits a heap of `n` in two has about
/// `n^2 / 4` options, so this keeps the listing near the cap.
pub const UNCOUNTED_UP_TO: u64 = 512;

/// The check of the formula at the position itself: the value it gives is the mex of the
/// values it gives the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalCheck {
    /// Made, on this many options.
    Made {
        /// How many.
        options: u64,
    },
    /// Not made: why.
    Skipped(Skip),
}

/// Why the check at the position was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// More options than [`CHECKED_OPTIONS`].
    TooMany {
        /// How many.
        options: u64,
    },
    /// The options cannot be counted before they are listed, and the position is larger than
    /// [`UNCOUNTED_UP_TO`] tokens.
    Uncounted,
    /// The game cannot list its moves.
    NoMoves,
    /// The game declined to list them one by one: why.
    Unlisted(String),
}

impl Skip {
    /// Why, in words.
    pub fn why(&self) -> String {
        match self {
            Skip::TooMany { options } => {
                format!("it has {options} options, more than the {CHECKED_OPTIONS} the check lists")
            }
            Skip::Uncounted => format!(
                "its options cannot be counted before they are listed, and it is bigger than \
                 the {UNCOUNTED_UP_TO} tokens checked without a count"
            ),
            Skip::NoMoves => "the game cannot list its moves".into(),
            Skip::Unlisted(why) => why.clone(),
        }
    }
}

impl LocalCheck {
    /// In words: whether the formula was checked at the position, and if not, why.
    pub fn words(&self) -> String {
        match self {
            LocalCheck::Made { options } => format!(
                "checked at this position: its value is the mex of the values of its {options} \
                 options"
            ),
            LocalCheck::Skipped(skip) => format!("not checked at this position: {}", skip.why()),
        }
    }

    /// As JSON: `{"checked": bool, "options": N or null, "cap": N, "reason": text}`.
    pub fn json(&self) -> Json {
        let options = match self {
            LocalCheck::Made { options } | LocalCheck::Skipped(Skip::TooMany { options }) => {
                Json::from(*options)
            }
            _ => Json::Null,
        };
        serde_json::json!({
            "checked": matches!(self, LocalCheck::Made { .. }),
            "options": options,
            "cap": CHECKED_OPTIONS,
            "reason": self.words(),
        })
    }
}

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
    /// The check at the position, once made or skipped (shared with the front end that
    /// reports it, [`FormulaComponent::check_slot`]).
    checked: CheckSlot,
    /// Whether the check lists the options, decided once: counting them may mean a call of a
    /// script per part of a big sum.
    plan: std::cell::OnceCell<Result<(), Skip>>,
}

/// Where a [`FormulaComponent`] puts its [`LocalCheck`] once made or skipped.
pub type CheckSlot = std::rc::Rc<RefCell<Option<LocalCheck>>>;

impl FormulaComponent {
    /// `inner`, valued by `formula` (whose variables are `n`, or two names for positions of two
    /// numbers).
    pub fn new(inner: Box<dyn Component>, formula: std::rc::Rc<Formula>) -> FormulaComponent {
        FormulaComponent {
            inner,
            formula,
            memo: RefCell::new(None),
            options: RefCell::new(None),
            checked: CheckSlot::default(),
            plan: std::cell::OnceCell::new(),
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

    /// Whether the check at the position lists its options (they are few enough), or why not.
    fn plan(&self) -> Result<(), Skip> {
        self.plan.get_or_init(|| self.decide_plan()).clone()
    }

    fn decide_plan(&self) -> Result<(), Skip> {
        if self.inner.explore().is_none() {
            return Err(Skip::NoMoves);
        }
        match self.inner.option_count() {
            Some(options) if options > CHECKED_OPTIONS => Err(Skip::TooMany { options }),
            Some(_) => Ok(()),
            None => {
                let tokens = numbers(&self.inner.position())
                    .and_then(|ns| ns.iter().try_fold(0u64, |a, &n| a.checked_add(n)));
                if tokens.is_some_and(|t| t <= UNCOUNTED_UP_TO) {
                    Ok(())
                } else {
                    Err(Skip::Uncounted)
                }
            }
        }
    }

    /// Whether the options of this position are listed (and so its winning moves).
    pub fn listable(&self) -> bool {
        self.plan().is_ok()
    }

    /// Where the check at the position is put once the value is asked for: made (a formula
    /// that failed it was refused) or skipped, and why.
    pub fn check_slot(&self) -> CheckSlot {
        self.checked.clone()
    }

    /// The formula's value of a position (given as JSON).
    fn value_of(&self, position: &Json) -> Result<Nimber, SolveError> {
        let parts = self
            .inner
            .sum_parts(position)
            .unwrap_or_else(|| vec![position.clone()]);
        let memo = self.memo.borrow_mut().take().unwrap_or_default();
        let mut evaluator = self.formula.evaluator_with(memo);
        let vars = self.formula.variables().len();
        let result = (|| {
            let mut total = 0u64;
            for part in &parts {
                let ns = numbers(part).ok_or_else(|| {
                    SolveError::Rules(format!(
                        "{}: the position {part} is not numbers the formula can take",
                        Setting::Formula
                    ))
                })?;
                if ns.len() != vars {
                    let within = if parts.len() > 1 {
                        format!(" (a part of {position})")
                    } else {
                        String::new()
                    };
                    return Err(SolveError::Rules(format!(
                        "{}: the formula takes {vars} number{}, the position {part}{within} has {}",
                        Setting::Formula,
                        if vars == 1 { "" } else { "s" },
                        ns.len()
                    )));
                }
                let args: Vec<i128> = ns.iter().map(|&n| n as i128).collect();
                total ^= one(&mut evaluator, &args, &ns)?.0;
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
        if self.checked.borrow().is_none() {
            let check = match self.plan() {
                // Valuing the options checks the formula here, whatever the outcome.
                Ok(()) => match self.options() {
                    Ok(options) => LocalCheck::Made {
                        options: options.len() as u64,
                    },
                    // The game declines to list them one by one (a heap past what it lists).
                    Err(SolveError::TooLarge(why)) => LocalCheck::Skipped(Skip::Unlisted(why)),
                    Err(e) => return Err(e),
                },
                Err(skip) => LocalCheck::Skipped(skip),
            };
            *self.checked.borrow_mut() = Some(check);
        }
        Ok(Value::Finite(here))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let skipped = match self.checked.borrow().clone() {
            Some(LocalCheck::Skipped(skip)) => Err(skip),
            _ => self.plan(),
        };
        if let Err(skip) = skipped {
            return Err(SolveError::TooLarge(format!(
                "the options are not listed: {}",
                skip.why()
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

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_registry::spec::Word;
    use proptest::prelude::*;

    /// Lasker's Nim as a script (take any number, or split a heap in two) and its values.
    const LASKER: &str = "script:{fn moves(n) { [0..n, splits(n, 1)] }}";
    const FORMULA: &str = "if(n < 1, 0, n + popcount(n % 4) - 1)";

    fn sum(heaps: &[u64]) -> Vec<Box<dyn Component>> {
        let mut words = vec![LASKER.to_string()];
        words.extend(heaps.iter().map(u64::to_string));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        crate::registry::standard()
            .build_sum(&Word::from_args(&words))
            .unwrap()
    }

    fn by(formula: &str, heaps: &[u64]) -> (Vec<Box<dyn Component>>, CheckSlot) {
        let f = std::rc::Rc::new(Formula::parse(formula, &["n"]).unwrap());
        let c = FormulaComponent::new(sum(heaps).remove(0), f);
        let slot = c.check_slot();
        (vec![Box::new(c) as Box<dyn Component>], slot)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The formula's answer is the plain search's: the value, and every winning move (each
        /// option, a sum when a heap was split, valued part by part).
        #[test]
        fn a_formula_answers_as_the_search(heaps in prop::collection::vec(0u64..24, 1..4)) {
            let plain = grundy_core::analyse(&mut sum(&heaps), usize::MAX).unwrap();
            // The script counts its options as it lists them, without listing them.
            let part = sum(&heaps).remove(0);
            let listed = part.explore().unwrap().moves().unwrap().len() as u64;
            prop_assert_eq!(part.option_count(), Some(listed));
            let (mut formula, slot) = by(FORMULA, &heaps);
            let got = grundy_core::analyse(&mut formula, usize::MAX).unwrap();
            prop_assert_eq!(got.grundy, plain.grundy);
            let positions = |a: &grundy_core::Analysis| {
                a.winning_moves.iter().map(|m| m.position.clone()).collect::<Vec<_>>()
            };
            prop_assert_eq!(positions(&got), positions(&plain));
            let made = matches!(slot.borrow().clone(), Some(LocalCheck::Made { .. }));
            prop_assert!(made, "the check was made");
        }

        /// A formula wrong at one heap (by any amount) is refused there, by the check at the
        /// position: its options are valued right, so their mex is the true value.
        #[test]
        fn a_formula_wrong_at_one_heap_is_refused(bad in 1u64..40, off in 1u64..9) {
            let wrong = format!("if(n == {bad}, {FORMULA} ^ {off}, {FORMULA})");
            let (mut formula, _) = by(&wrong, &[bad]);
            let answer = grundy_core::analyse(&mut formula, usize::MAX);
            prop_assert!(answer.is_err(), "{} at {}", wrong, bad);
        }
    }

    #[test]
    fn a_position_with_too_many_options_is_not_listed() {
        let (mut formula, slot) = by(FORMULA, &[100_000]);
        let a = grundy_core::analyse_value(&mut formula).unwrap();
        assert_eq!(a.grundy, Some(Nimber(99_999)));
        assert_eq!(
            slot.borrow().clone(),
            Some(LocalCheck::Skipped(Skip::TooMany { options: 150_000 }))
        );
    }
}
