//! Does a conjectured formula give a game's values (or, with `outcome`, its P-positions) over a
//! range? The check `grundy check`, Python and the page share: the first counterexample, scanned
//! by increasing `n` on a line and by increasing `a + b` (then `a`) on a grid, so the one
//! reported is one of the smallest.

use grundy_core::setting::Setting;
use grundy_core::{Outcome, Value};
pub use grundy_pattern::formula::Answer;
use grundy_pattern::formula::{Formula, FormulaError, Memo};
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

/// How a conjectured value is computed at a position: a formula of the formula language
/// ([`check`]), a Python function, ... [`walk`] asks it position by position.
pub trait Conjecture {
    /// What it says at a position, as it says it (kept for the counterexample).
    type Said;
    /// Why it could not say.
    type Error;
    /// What it says at `at`, the variables' values in the order of
    /// [`GameValues::variables`].
    fn says(&mut self, at: &[(&'static str, u64)]) -> Result<Self::Said, Self::Error>;
    /// `said` read as a number or a truth value; `None` for anything else, which agrees with no
    /// position.
    fn read(&self, said: &Self::Said) -> Option<Answer>;
}

/// Where a conjecture fails first ([`walk`]): the position, what the conjecture said there,
/// and the truth (the value, or with `outcome` whether it is a P-position).
#[derive(Debug)]
pub struct Found<S> {
    /// The variables' values, e.g. `[("n", 3)]`.
    pub at: Vec<(&'static str, u64)>,
    /// What the conjecture said.
    pub said: S,
    /// What the game's value (or class) is, as JSON (a number, `"inf(...)"`, or a boolean).
    pub actual: Json,
}

/// Why [`walk`] has no verdict; each case carries where, as data, and a front end words it.
#[derive(Debug, PartialEq, Eq)]
pub enum WalkError<E> {
    /// The least value checked, `from`, is past the range's last, `top`: nothing to check.
    Empty {
        /// The least value asked for.
        from: u64,
        /// The largest value of the range (the smaller side of a grid).
        top: u64,
    },
    /// The conjecture could not say its value at `at`.
    Conjecture {
        /// The position.
        at: Vec<(&'static str, u64)>,
        /// Its error.
        error: E,
    },
    /// It said true or false where values are checked (not P-positions).
    Truth {
        /// The position.
        at: Vec<(&'static str, u64)>,
    },
    /// It said a number where P-positions are checked.
    Number {
        /// The position.
        at: Vec<(&'static str, u64)>,
    },
}

/// A position checked: each variable's value, e.g. `[("a", 1), ("b", 2)]`.
pub type At = Vec<(&'static str, u64)>;

/// `n = 3` or `a = 1, b = 2`: a position in words.
pub fn place(at: &[(&str, u64)]) -> String {
    at.iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The largest value each variable takes: the line's last `n`, or the smaller side of a grid.
fn top(values: &GameValues) -> u64 {
    match values {
        GameValues::Line { cells, .. } => cells.len().saturating_sub(1) as u64,
        GameValues::Grid { upto, .. } => upto.0.min(upto.1),
    }
}

/// The positions checked, in the order they are checked, each with its cell (`None`: the game
/// has no such position, so it is skipped): `n` increasing on a line; on a grid by increasing
/// `i + j`, then `i` (the first variable); every variable at least `from`.
pub fn positions(values: &GameValues, from: u64) -> Box<dyn Iterator<Item = (At, &Sample)> + '_> {
    match values {
        GameValues::Line { cells, .. } => Box::new(
            cells
                .iter()
                .enumerate()
                .skip(usize::try_from(from).unwrap_or(usize::MAX))
                .map(|(n, cell)| (vec![("n", n as u64)], cell)),
        ),
        GameValues::Grid {
            vars, upto, rows, ..
        } => {
            let (mi, mj) = *upto;
            Box::new((0..=mi + mj).flat_map(move |s| {
                (s.saturating_sub(mj)..=s.min(mi))
                    .map(move |i| (i, s - i))
                    .filter(move |&(i, j)| i >= from && j >= from)
                    .map(move |(i, j)| {
                        (
                            vec![(vars[0], i), (vars[1], j)],
                            &rows[j as usize][i as usize],
                        )
                    })
            }))
        }
    }
}

/// The one walk of a check, whatever computes the conjecture: the positions of `values` in the
/// order of [`positions`], those the game has not skipped, each compared with what `conjecture`
/// says (a value; with `outcome`, whether it is a P-position). The first disagreement, or
/// `None` when it holds everywhere.
pub fn walk<C: Conjecture>(
    values: &GameValues,
    from: u64,
    outcome: bool,
    conjecture: &mut C,
) -> Result<Option<Found<C::Said>>, WalkError<C::Error>> {
    let top = top(values);
    if from > top {
        return Err(WalkError::Empty { from, top });
    }
    for (at, cell) in positions(values, from) {
        let Some((value, class)) = cell else {
            continue;
        };
        let said = match conjecture.says(&at) {
            Ok(said) => said,
            Err(error) => return Err(WalkError::Conjecture { at, error }),
        };
        let is_p = *class == Outcome::P;
        // Compared natively; JSON is built only for the counterexample.
        let agrees = match (conjecture.read(&said), outcome) {
            (Some(Answer::Bool(b)), true) => b == is_p,
            (Some(Answer::Int(i)), false) => {
                matches!(value, Value::Finite(g) if u64::try_from(i) == Ok(g.0))
            }
            (Some(Answer::Int(_)), true) => return Err(WalkError::Number { at }),
            (Some(Answer::Bool(_)), false) => return Err(WalkError::Truth { at }),
            (None, _) => false,
        };
        if !agrees {
            let actual = if outcome {
                json!(is_p)
            } else {
                serde_json::to_value(value).expect("serializable")
            };
            return Ok(Some(Found { at, said, actual }));
        }
    }
    Ok(None)
}

/// Why a formula check has no verdict ([`check_formula`]), as data.
#[derive(Debug)]
pub enum CheckError {
    /// The formula cannot be read.
    Formula(FormulaError),
    /// The walk stopped: an evaluation error (in words) at a position, a truth value where a
    /// value is wanted or the other way round, or nothing to check.
    Walk(WalkError<String>),
}

/// A formula with the values of its recursion (`G(...)`) kept from one position to the next.
struct Remembered {
    inner: Formula,
    memo: Memo,
}

impl Remembered {
    fn new(inner: Formula) -> Remembered {
        Remembered {
            inner,
            memo: Memo::default(),
        }
    }

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

impl Conjecture for Remembered {
    type Said = Answer;
    type Error = String;

    fn says(&mut self, at: &[(&'static str, u64)]) -> Result<Answer, String> {
        self.eval(at)
    }

    fn read(&self, said: &Answer) -> Option<Answer> {
        Some(*said)
    }
}

/// Checks the formula `text` on `values` from `from` on ([`walk`]), every failure as data.
pub fn check_formula(
    values: &GameValues,
    text: &str,
    from: u64,
    outcome: bool,
) -> Result<Checked, CheckError> {
    let parsed = Formula::parse(text, &values.variables()).map_err(CheckError::Formula)?;
    let old = parsed.with_caret_as_power();
    let mut formula = Remembered::new(parsed);
    let found = walk(values, from, outcome, &mut formula).map_err(CheckError::Walk)?;
    let caret = old.and_then(|old| {
        let last = found.as_ref().map(|f| f.at.clone());
        caret_note(values, from, &formula.inner, old, last)
    });
    let upto = match values {
        GameValues::Line { cells, .. } => json!(cells.len().saturating_sub(1)),
        GameValues::Grid { upto, .. } => json!([upto.0, upto.1]),
    };
    Ok(Checked {
        game: values.game().to_string(),
        formula: formula.inner.text().to_string(),
        upto,
        from,
        outcome,
        found: found.map(|f| Counterexample {
            at: f.at,
            expected: match f.said {
                Answer::Bool(b) => json!(b),
                Answer::Int(i) => int_json(i),
            },
            actual: f.actual,
        }),
        caret,
    })
}

/// Checks `text` on `values` from `from` on; an error (the message, naming the formula or the
/// first position as a [`Setting`]) for a formula that cannot be read or evaluated, or a range
/// with nothing to check.
pub fn check(values: &GameValues, text: &str, from: u64, outcome: bool) -> Result<Checked, String> {
    check_formula(values, text, from, outcome).map_err(said)
}

/// A failed check in words, each setting named as a [`Setting`].
pub fn said(e: CheckError) -> String {
    let formula = Setting::Formula;
    match e {
        CheckError::Formula(e) => format!("{formula}, {e}"),
        CheckError::Walk(WalkError::Empty { from, top }) => format!(
            "{} ({from}) is beyond {} ({top}): nothing would be checked",
            Setting::From,
            Setting::Upto
        ),
        CheckError::Walk(WalkError::Conjecture { at, error: e }) => {
            format!("{formula} at {}: {e}", place(&at))
        }
        CheckError::Walk(WalkError::Number { at }) => format!(
            "{formula} at {}: with {} the formula must be true or false (is this a P-position?)",
            place(&at),
            Setting::Outcome
        ),
        CheckError::Walk(WalkError::Truth { at }) => format!(
            "{formula} at {}: the formula gives true or false; add {} to check P-positions",
            place(&at),
            Setting::Outcome
        ),
    }
}

/// A formula's integer answer in JSON: a number where JSON readers take it exactly (it fits in
/// 64 bits), else its digits as a string (the formula computes in 128 bits).
fn int_json(i: i128) -> Json {
    i64::try_from(i)
        .map(Json::from)
        .or_else(|_| u64::try_from(i).map(Json::from))
        .unwrap_or_else(|_| Json::String(i.to_string()))
}

/// The note for a formula with a `^`: XOR now, the power in the old syntax (`old`). The first
/// position checked, up to `last` (the counterexample) if given, where the two readings give
/// different answers: the old reading's answer and where.
fn caret_note(
    values: &GameValues,
    from: u64,
    formula: &Formula,
    old: Formula,
    last: Option<Vec<(&'static str, u64)>>,
) -> Option<(String, String)> {
    let mut now = Remembered::new(formula.clone());
    let mut then = Remembered::new(old);
    for (at, _) in positions(values, from) {
        if let (Ok(a), Ok(b)) = (now.eval(&at), then.eval(&at)) {
            if a != b {
                return Some((b.to_string(), place(&at)));
            }
        }
        if last.as_ref() == Some(&at) {
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::{compute, DEFAULTS};
    use grundy_core::setting::plain;
    use grundy_registry::spec::Word;

    fn values(game: &str, upto: &str) -> GameValues {
        compute(
            &crate::registry::standard(),
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

    /// A conjecture that says a fixed value (or, with `None`, something that is neither a
    /// number nor a truth value) and keeps the positions it was asked about.
    struct Asked {
        says: Option<Answer>,
        seen: Vec<Vec<(&'static str, u64)>>,
    }

    impl Conjecture for Asked {
        type Said = Option<Answer>;
        type Error = ();

        fn says(&mut self, at: &[(&'static str, u64)]) -> Result<Option<Answer>, ()> {
            self.seen.push(at.to_vec());
            Ok(self.says)
        }

        fn read(&self, said: &Option<Answer>) -> Option<Answer> {
            *said
        }
    }

    fn asked(says: Option<Answer>) -> Asked {
        Asked {
            says,
            seen: Vec::new(),
        }
    }

    #[test]
    fn a_grid_is_walked_by_diagonals_then_by_its_first_variable() {
        let wythoff = values("wythoff", "2x2");
        let order: Vec<Vec<u64>> = positions(&wythoff, 0)
            .map(|(at, _)| at.iter().map(|(_, v)| *v).collect())
            .collect();
        let pairs = [
            [0, 0],
            [0, 1],
            [1, 0],
            [0, 2],
            [1, 1],
            [2, 0],
            [1, 2],
            [2, 1],
            [2, 2],
        ];
        assert_eq!(order, pairs.map(|p| p.to_vec()).to_vec());
        // From 1 on, every variable is at least 1.
        let from_1: Vec<_> = positions(&wythoff, 1).map(|(at, _)| at).collect();
        assert_eq!(from_1[0], vec![("a", 1), ("b", 1)]);
        assert_eq!(from_1.len(), 4);
        // A conjecture that holds nowhere fails at the first position, whoever computes it.
        let mut never = asked(Some(Answer::Int(99)));
        let found = walk(&wythoff, 0, false, &mut never).unwrap().unwrap();
        assert_eq!(
            (found.at, found.actual),
            (vec![("a", 0), ("b", 0)], json!(0))
        );
    }

    #[test]
    fn positions_the_game_lacks_are_skipped_and_anything_else_disagrees() {
        // A graph's vertices are numbered from 1: `n = 0` is no position, so it is not asked.
        let graph = values("graph:1-2,2-3", "3");
        let mut zero = asked(Some(Answer::Int(0)));
        let found = walk(&graph, 0, false, &mut zero).unwrap().unwrap();
        assert_eq!(zero.seen, vec![vec![("n", 1)], vec![("n", 2)]]);
        assert_eq!((found.at, found.actual), (vec![("n", 2)], json!(1)));
        // A said thing that is neither a number nor a truth value agrees with no position.
        let mut nothing = asked(None);
        let found = walk(&graph, 0, false, &mut nothing).unwrap().unwrap();
        assert_eq!(found.at, vec![("n", 1)]);
        // The kind of answer must fit what is checked; and a range must hold something.
        let mut truth = asked(Some(Answer::Bool(true)));
        assert_eq!(
            walk(&graph, 0, false, &mut truth).unwrap_err(),
            WalkError::Truth { at: vec![("n", 1)] }
        );
        let mut number = asked(Some(Answer::Int(0)));
        assert_eq!(
            walk(&graph, 2, true, &mut number).unwrap_err(),
            WalkError::Number { at: vec![("n", 2)] }
        );
        assert_eq!(
            walk(&graph, 4, false, &mut number).unwrap_err(),
            WalkError::Empty { from: 4, top: 3 }
        );
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
        // The note looks at positions the game lacks too (a graph has no vertex 0).
        let graph = values("graph:1-2,2-3", "3");
        let c = check(&graph, "n ^ 2 + n", 0, false).unwrap();
        assert_eq!(c.caret, Some(("0".to_string(), "n = 0".to_string())));
    }
}
