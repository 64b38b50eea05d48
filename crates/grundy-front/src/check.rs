//! Does a conjectured formula give a game's values (or, with `outcome`, its P-positions) over a
//! range? The check `grundy check`, Python and the page share: the first counterexample, scanned
//! by increasing `n` on a line and by increasing `a + b` (then `a`) on a grid, so the one
//! reported is one of the smallest.

use grundy_core::setting::Setting;
use grundy_core::{Outcome, Value};
use grundy_pattern::formula::{Answer, Formula, Memo};
use serde_json::{json, Value as Json};

use crate::plot::{GameValues, Sample};

/// The first position where the formula disagrees: its coordinates, the formula's answer and
/// the computed one.
#[derive(Debug)]
pub struct Counterexample {
    /// The variables' values, e.g. `[("n", 3)]`.
    pub at: Vec<(&'static str, u64)>,
    /// What the formula says there.
    pub expected: Json,
    /// What the game's value (or class) is.
    pub actual: Json,
}

/// A checked formula.
#[derive(Debug)]
pub struct Checked {
    /// The game, as named.
    pub game: String,
    /// The formula, as typed.
    pub formula: String,
    /// The range checked: `N`, or `[X, Y]`.
    pub upto: Json,
    /// The least value of each variable checked.
    pub from: u64,
    /// Whether the formula is of P-positions.
    pub outcome: bool,
    /// Where it fails first, if it does.
    pub found: Option<Counterexample>,
    /// With `^` read as a power (its old meaning) the formula would have answered otherwise:
    /// that answer and where, for a note.
    pub caret: Option<(String, String)>,
}

impl Checked {
    /// `grundy check --json`: `{game, formula, upto, from, outcome, holds, counterexample:
    /// {n | a, b | x, y, expected, actual} | null}`.
    pub fn to_json(&self) -> Json {
        json!({
            "game": self.game,
            "formula": self.formula,
            "upto": self.upto,
            "from": self.from,
            "outcome": self.outcome,
            "holds": self.found.is_none(),
            "counterexample": self.found.as_ref().map(|c| {
                let mut m = serde_json::Map::new();
                for (k, v) in &c.at {
                    m.insert(k.to_string(), json!(v));
                }
                m.insert("expected".into(), c.expected.clone());
                m.insert("actual".into(), c.actual.clone());
                Json::Object(m)
            }),
        })
    }
}

/// A formula with the values of its recursion (`G(...)`) kept from one position to the next.
struct Conjecture {
    inner: Formula,
    memo: Memo,
}

impl Conjecture {
    fn eval(&mut self, bindings: &[(&str, u64)]) -> Result<Answer, String> {
        let args: Vec<i128> = self
            .inner
            .variables()
            .iter()
            .map(|v| {
                bindings
                    .iter()
                    .find(|(name, _)| name == v)
                    .map_or(0, |&(_, value)| i128::from(value))
            })
            .collect();
        let mut values = self.inner.evaluator_with(std::mem::take(&mut self.memo));
        let answer = values.eval(&args).map_err(|e| e.to_string());
        self.memo = values.into_memo();
        answer
    }
}

/// Checks `text` on `values` from `from` on; an error (the message, naming the formula or
/// the first position as a [`Setting`]) for a formula that cannot be read or evaluated, or a range with nothing to check.
pub fn check(values: &GameValues, text: &str, from: u64, outcome: bool) -> Result<Checked, String> {
    let parsed = Formula::parse(text, &values.variables())
        .map_err(|e| format!("{}, {e}", Setting::Formula))?;
    let mut caret = CaretNote {
        old: parsed.with_caret_as_power().map(|inner| Conjecture {
            inner,
            memo: Memo::default(),
        }),
        found: None,
    };
    let mut formula = Conjecture {
        inner: parsed,
        memo: Memo::default(),
    };
    let top = match values {
        GameValues::Line { cells, .. } => cells.len().saturating_sub(1) as u64,
        GameValues::Grid { upto, .. } => upto.0.min(upto.1),
    };
    if from > top {
        return Err(format!(
            "{} ({from}) is beyond {} ({top}): nothing would be checked",
            Setting::From,
            Setting::Upto
        ));
    }
    let (upto, found) = match values {
        GameValues::Line { cells, .. } => {
            let mut found = None;
            for (n, cell) in cells.iter().enumerate().skip(from as usize) {
                let at = vec![("n", n as u64)];
                caret.look(&mut formula, &at);
                if let Some(c) = compare(&mut formula, outcome, at, cell)? {
                    found = Some(c);
                    break;
                }
            }
            (json!(cells.len().saturating_sub(1)), found)
        }
        GameValues::Grid {
            vars, upto, rows, ..
        } => {
            let (mi, mj) = *upto;
            let mut found = None;
            'scan: for s in 0..=mi + mj {
                for i in s.saturating_sub(mj)..=s.min(mi) {
                    let j = s - i;
                    if i < from || j < from {
                        continue;
                    }
                    let at = vec![(vars[0], i), (vars[1], j)];
                    caret.look(&mut formula, &at);
                    let cell = &rows[j as usize][i as usize];
                    if let Some(c) = compare(&mut formula, outcome, at, cell)? {
                        found = Some(c);
                        break 'scan;
                    }
                }
            }
            (json!([mi, mj]), found)
        }
    };
    Ok(Checked {
        game: values.game().to_string(),
        formula: formula.inner.text().to_string(),
        upto,
        from,
        outcome,
        found,
        caret: caret.found.map(|(a, place)| (a.to_string(), place)),
    })
}

/// The counterexample at `at`, if the formula disagrees with `cell` there.
fn compare(
    formula: &mut Conjecture,
    outcome: bool,
    at: Vec<(&'static str, u64)>,
    cell: &Sample,
) -> Result<Option<Counterexample>, String> {
    let Some((value, class)) = cell else {
        return Ok(None);
    };
    let place = || {
        at.iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let answer = formula
        .eval(&at)
        .map_err(|e| format!("{} at {}: {e}", Setting::Formula, place()))?;
    // Compared natively; JSON is built only for the counterexample.
    let agrees = match (&answer, outcome) {
        (Answer::Bool(b), true) => *b == (*class == Outcome::P),
        (Answer::Int(i), false) => {
            matches!(value, Value::Finite(g) if u64::try_from(*i) == Ok(g.0))
        }
        (Answer::Int(_), true) => {
            return Err(format!(
                "{} at {}: with {} the formula must be true or false (is this a P-position?)",
                Setting::Formula,
                place(),
                Setting::Outcome
            ))
        }
        (Answer::Bool(_), false) => {
            return Err(format!(
                "{} at {}: the formula gives true or false; add {} to check P-positions",
                Setting::Formula,
                place(),
                Setting::Outcome
            ))
        }
    };
    if agrees {
        return Ok(None);
    }
    let (expected, actual) = match answer {
        Answer::Bool(b) => (json!(b), json!(*class == Outcome::P)),
        Answer::Int(i) => (
            int_json(i),
            serde_json::to_value(value).expect("serializable"),
        ),
    };
    Ok(Some(Counterexample {
        at,
        expected,
        actual,
    }))
}

/// A formula's integer answer in JSON: a number where JSON readers take it exactly (it fits in
/// 64 bits), else its digits as a string (the formula computes in 128 bits).
fn int_json(i: i128) -> Json {
    i64::try_from(i)
        .map(Json::from)
        .or_else(|_| u64::try_from(i).map(Json::from))
        .unwrap_or_else(|_| Json::String(i.to_string()))
}

/// The note for a formula with a `^`: XOR now, the power in the old syntax. It looks at each
/// position checked, until the two readings first give different answers.
struct CaretNote {
    /// The formula with `^` read as `**`, while no difference is found.
    old: Option<Conjecture>,
    /// The first difference: the old reading's answer and where.
    found: Option<(Answer, String)>,
}

impl CaretNote {
    fn look(&mut self, formula: &mut Conjecture, at: &[(&str, u64)]) {
        let Some(old) = self.old.as_mut() else {
            return;
        };
        if let (Ok(now), Ok(then)) = (formula.eval(at), old.eval(at)) {
            if now != then {
                let place: Vec<String> = at.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                self.found = Some((then, place.join(", ")));
                self.old = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{compute, DEFAULTS};
    use grundy_core::setting::plain;
    use grundy_games::spec::Word;

    fn values(game: &str, upto: &str) -> GameValues {
        compute(
            &[Word::new("argument 1", game)],
            Some(upto),
            DEFAULTS,
            &mut |_, _| true,
        )
        .unwrap()
    }

    #[test]
    fn the_first_counterexample_is_reported() {
        let kayles = values("0.77", "100");
        let c = check(&kayles, "n % 3", 0, false).unwrap();
        let at = c.found.as_ref().map(|f| f.at.clone());
        assert_eq!(at, Some(vec![("n", 3)]));
        assert_eq!(c.to_json()["counterexample"]["actual"], 3);
        let lasker = values("lasker", "200");
        let holds = "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))";
        assert!(check(&lasker, holds, 0, false).unwrap().found.is_none());
        // Wythoff's P-positions are not where a == b (past the origin).
        let wythoff = values("wythoff", "6x6");
        let c = check(&wythoff, "a == b", 0, true).unwrap();
        assert_eq!(c.found.unwrap().at, vec![("a", 1), ("b", 1)]);
    }

    #[test]
    fn recursion_is_remembered_between_positions() {
        let line = values("nim", "3000");
        let c = check(&line, "if(n == 0, 0, G(n - 1) + 1)", 0, false).unwrap();
        assert!(c.found.is_none());
    }

    #[test]
    fn bad_formulas_and_ranges_are_errors_in_words() {
        let line = values("nim", "10");
        let error = |text, from| plain(&check(&line, text, from, false).unwrap_err()).into_owned();
        assert!(error("10 / (n - 4)", 4).starts_with("formula at n = 4: "));
        assert!(error("n > 2", 0).contains("add outcome"));
        assert!(error("n", 11).contains("beyond upto"));
        assert!(error("m + 1", 0).starts_with("formula, column 1"));
        // `^` is XOR (looser than `+`): `n ^ (2 + n)` is 2 at n = 0, `n ** 2 + n` is 0.
        let c = check(&line, "n ^ 2 + n", 0, false).unwrap();
        assert_eq!(c.caret, Some(("0".to_string(), "n = 0".to_string())));
    }
}
