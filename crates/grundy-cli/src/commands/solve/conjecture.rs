//! `--formula` and `--guess`: positions valued by a formula of the game's values, once it holds
//! on the game's table, and the answer marked with how sure that is.

use std::io::Write;
use std::rc::Rc;

use grundy_core::setting::Setting;
use grundy_core::Component;
use grundy_front::by_formula::{CheckSlot, FormulaComponent, LocalCheck};
use grundy_front::check::{CheckError, WalkError};
use grundy_front::guess;
use grundy_front::verdict::Verdict;
use grundy_pattern::formula::Formula;
use grundy_registry::spec::Word;
use serde_json::Value as Json;

use super::{write_json, Args};
use crate::commands::game_values;
use crate::failure::Failure;
use grundy_front::session::Session;

/// `--formula` or `--guess`: the formula, checked on the game's table, and how sure it is.
pub(super) struct ByFormula {
    formula: Rc<Formula>,
    game: String,
    assessment: guess::Assessment,
}

impl ByFormula {
    pub(super) fn resolve(args: &Args, session: &Session) -> Result<Option<ByFormula>, Failure> {
        if args.formula.is_none() && !args.guess {
            return Ok(None);
        }
        if let Some(text) = &args.formula {
            // A typo is refused before the table is computed.
            crate::commands::formula::Formula::check_syntax(text)?;
        }
        let words = Word::from_args(&args.spec);
        let game = words
            .first()
            .ok_or_else(|| Failure::Input("give a game and its position".into()))?;
        let values = game_values::compute_with(
            session,
            std::slice::from_ref(game),
            args.check_upto.as_deref(),
            crate::commands::guess::DEFAULTS,
        )?;
        let vars = values.variables();
        let text = match &args.formula {
            Some(text) => text.clone(),
            None => {
                // The expression pools within half the memory budget, as `grundy guess` keeps them.
                let settings = guess::Settings {
                    stage: Some(crate::progress::guessing),
                    ..guess::Settings::default().within(crate::memory::budget() / 2)
                };
                let report = guess::guess(&values, false, &settings);
                match (report.formula, report.target) {
                    (Some(f), guess::Target::Values) => f,
                    _ => {
                        return Err(Failure::Compute(format!(
                            "--guess: no formula found for the values of {} (every position up \
                             to {} computed; `grundy guess {}` shows the nearest candidates)",
                            game.text, report.checked_upto, game.text
                        )))
                    }
                }
            }
        };
        let formula =
            Formula::parse(&text, &vars).map_err(|e| Failure::Input(format!("--formula, {e}")))?;
        // The formula is first checked as `grundy check` checks it, so a formula with no value
        // somewhere is refused with the reason (a recursion that loops, a boolean in arithmetic)
        // that `check` names.
        // A formula of P-positions is not what solve takes (its --outcome is the outcome search).
        grundy_front::check::check_formula(&values, &text, 0, false).map_err(|e| match e {
            CheckError::Walk(WalkError::Truth { .. }) => Failure::Input(format!(
                "{} gives true or false: solve needs a formula for the values (G), not for the \
                 P-positions",
                Setting::Formula
            )),
            e => Failure::Input(grundy_front::check::said(e)),
        })?;
        let assessment = guess::assess(&values, &formula).map_err(|near| {
            let at: Vec<String> = near
                .fails_at
                .as_object()
                .map(|m| m.iter().map(|(k, v)| format!("{k} = {v}")).collect())
                .unwrap_or_default();
            Failure::Input(format!(
                "--formula {} fails on the table of {} at {}: it gives {}, the value is {}",
                text,
                game.text,
                at.join(", "),
                // Never null: a formula with no value somewhere was refused by the check above.
                near.actual,
                near.expected
            ))
        })?;
        Ok(Some(ByFormula {
            formula: Rc::new(formula),
            game: game.text.clone(),
            assessment,
        }))
    }

    /// Each component valued by the formula (all must be positions of the formula's game),
    /// whether some position has too many options to list its winning moves, and where each
    /// says whether the formula was checked at it.
    pub(super) fn wrap(&self, components: Vec<Box<dyn Component>>) -> Result<Wrapped, Failure> {
        let first = components.first().map(|c| c.game()).unwrap_or_default();
        let mut unlisted = false;
        let mut checks = Vec::new();
        let wrapped = components
            .into_iter()
            .map(|c| {
                if c.game() != first {
                    return Err(Failure::Input(format!(
                        "--formula values positions of one game ({}); {} is another",
                        self.game,
                        c.game()
                    )));
                }
                let f = FormulaComponent::new(c, self.formula.clone());
                unlisted |= !f.listable();
                checks.push(f.check_slot());
                Ok(Box::new(f) as Box<dyn Component>)
            })
            .collect::<Result<_, _>>()?;
        Ok(Wrapped {
            components: wrapped,
            unlisted,
            checks: Checks(checks),
        })
    }

    pub(super) fn text_line(&self) -> String {
        format!(
            "Values by the formula G({}) = {} ({}).\n",
            self.formula.variables().join(", "),
            self.formula.text(),
            self.assessment.words()
        )
    }

    /// The formula line and, for each component, whether it was checked at its position.
    pub(super) fn text(&self, checks: &Checks) -> String {
        let mut s = self.text_line();
        for (i, slot) in checks.0.iter().enumerate() {
            // A component never valued (a search that stopped before it) made no check.
            let Some(check) = slot.borrow().clone() else {
                continue;
            };
            let which = if checks.0.len() > 1 {
                format!("Component {}: ", i + 1)
            } else {
                String::new()
            };
            let mut words = check.words();
            words[..1].make_ascii_uppercase();
            s += &format!("{which}{words}.\n");
        }
        s
    }

    /// The verdict's JSON with the formula, its basis and the check at each component's
    /// position added.
    pub(super) fn write_json(
        &self,
        out: &mut impl Write,
        components: &[Box<dyn Component>],
        verdict: &Verdict,
        line: Option<usize>,
        checks: &Checks,
    ) -> Result<(), Failure> {
        let mut buffer = Vec::new();
        write_json(&mut buffer, components, verdict, line)?;
        let mut json: Json = serde_json::from_slice(&buffer)
            .map_err(|e| Failure::Compute(format!("reading back the verdict: {e}")))?;
        if let Some(object) = json.as_object_mut() {
            object.insert(
                "formula".into(),
                Json::String(self.formula.text().to_string()),
            );
            let (basis, theorem) = self.assessment.basis_and_theorem();
            object.insert("basis".into(), Json::String(basis));
            if let Some(t) = theorem {
                object.insert("theorem".into(), Json::String(t));
            }
            object.insert("local_checks".into(), Json::Array(checks.made().collect()));
        }
        serde_json::to_writer(&mut *out, &json)
            .map_err(|e| Failure::Compute(format!("writing standard output: {e}")))
    }
}

/// The components valued by a formula ([`ByFormula::wrap`]).
pub(super) struct Wrapped {
    pub components: Vec<Box<dyn Component>>,
    /// Some position has too many options to list its winning moves.
    pub unlisted: bool,
    pub checks: Checks,
}

/// Whether the formula was checked at each component's position, once valued.
pub(super) struct Checks(Vec<CheckSlot>);

impl Checks {
    /// The checks made or skipped so far as JSON, each with its component's index.
    fn made(&self) -> impl Iterator<Item = Json> + '_ {
        self.0.iter().enumerate().filter_map(|(i, slot)| {
            let mut json = slot.borrow().as_ref().map(LocalCheck::json)?;
            json["component"] = Json::from(i);
            Some(json)
        })
    }
}
