//! `grundy check GAME --formula EXPR`: does a conjectured formula give the computed values (or,
//! with `--outcome`, the P-positions) over a range? Prints "holds" or the first counterexample.
//!
//! Variables: `n` for heap games, `a`, `b` for two-heap games, `x`, `y` for boards (see
//! [`super::game_values`]). Two-variable ranges are scanned by increasing `a + b` (then `a`), so
//! the counterexample reported is one of the smallest.

use serde::Serialize;
use serde_json::{json, Value as Json};

use grundy_core::Value;

use crate::commands::formula::{Answer, Formula};
use crate::commands::game_values::{self, GameValues, Sample};
use crate::failure::Failure;
use crate::words;

#[derive(clap::Args)]
pub struct Args {
    /// The conjectured formula, e.g. `n % 3`, `if(n % 4 == 3, n + 1, n)`, `(a ^ b) == 0`.
    ///
    /// Operators as in C and Python (loosest first): `c ? a : b`; `||` `&&` `!` (or `or` `and`
    /// `not`); `==` `!=` `<` `<=` `>` `>=`; `|`, `^` (XOR, the nim-sum), `&`, `<<` `>>`; `+` `-`;
    /// `*` `/` `%` (rounded toward zero, as in C); unary `-` `~`; `**` (power). A bit operator
    /// beside a comparison needs parentheses: `(n & 1) == 0`. Functions: `if(c, a, b)`, `min`,
    /// `max`, `abs`, `popcount`, `ctz`, `bitlen`, `log2`, `isqrt`, `isfib`. Lists:
    /// `[4, 1, 2][n % 3]`. Recursion: `G(n / 2)` is the formula's own value at another position
    /// (one argument per variable), e.g. `if(n % 2 == 0, n / 2, G(n / 2))`. Integers are exact
    /// (128 bits); an overflow or a division by zero is an error naming the position.
    #[arg(long, allow_hyphen_values = true)]
    formula: String,
    /// How far: `N` (0 <= n <= N), or `XxY` for two-variable games. Default 100 (15x15).
    #[arg(long)]
    upto: Option<String>,
    /// Check only positions whose variables are all at least N0 (e.g. past the preperiod).
    #[arg(long, value_name = "N0", default_value_t = 0)]
    from: u64,
    /// The formula is a boolean: "this position is a P-position" (a loss for the player to move).
    #[arg(long)]
    outcome: bool,
    /// Print JSON {game, formula, upto, from, outcome, holds, counterexample: {n | a, b | x, y,
    /// expected, actual} or null}.
    #[arg(long)]
    json: bool,
    /// The game, e.g. `0.77`, `sub:1,3,4`, `lasker`, `wythoff`, `hyper-knights`.
    #[arg(required = true, allow_negative_numbers = true, value_name = "GAME")]
    spec: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    game: String,
    formula: String,
    upto: Json,
    from: u64,
    outcome: bool,
    holds: bool,
    counterexample: Option<Json>,
}

/// The first position where the formula disagrees: its coordinates, the formula's answer and
/// the computed one.
struct Counterexample {
    at: Vec<(&'static str, u64)>,
    expected: Json,
    actual: Json,
}

pub fn run(args: Args) -> Result<(), Failure> {
    // A malformed formula is refused before the values are computed (they can take minutes).
    Formula::check_syntax(&args.formula)?;
    let words = words::expand(&args.spec)?;
    let values = game_values::compute(&words, args.upto.as_deref())?;
    let mut formula = Formula::parse(&args.formula, &values.variables())?;
    // `^` was the power in the old formula syntax: where reading it so would answer otherwise,
    // say so once.
    let mut caret = CaretNote::new(&formula);
    let top = match &values {
        GameValues::Line { cells, .. } => cells.len().saturating_sub(1) as u64,
        GameValues::Grid { upto, .. } => upto.0.min(upto.1),
    };
    if args.from > top {
        return Err(Failure::Input(format!(
            "--from ({}) is beyond --upto ({top}): nothing would be checked",
            args.from
        )));
    }
    let (upto, found) = match &values {
        GameValues::Line { cells, .. } => {
            let mut found = None;
            for (n, cell) in cells.iter().enumerate().skip(args.from as usize) {
                let at = vec![("n", n as u64)];
                caret.look(&mut formula, &at);
                if let Some(c) = compare(&mut formula, args.outcome, at, cell)? {
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
                    if i < args.from || j < args.from {
                        continue;
                    }
                    let at = vec![(vars[0], i), (vars[1], j)];
                    caret.look(&mut formula, &at);
                    if let Some(c) = compare(
                        &mut formula,
                        args.outcome,
                        at,
                        &rows[j as usize][i as usize],
                    )? {
                        found = Some(c);
                        break 'scan;
                    }
                }
            }
            (json!([mi, mj]), found)
        }
    };
    caret.print();
    // A formula that fails is a "no": exit 1, as a script testing conjectures expects.
    let verdict = if found.is_some() {
        Err(Failure::Refuted)
    } else {
        Ok(())
    };
    if args.json {
        let report = Report {
            game: values.game().to_string(),
            formula: formula.text().to_string(),
            upto,
            from: args.from,
            outcome: args.outcome,
            holds: found.is_none(),
            counterexample: found.map(|c| {
                let mut m = serde_json::Map::new();
                for (k, v) in c.at {
                    m.insert(k.to_string(), json!(v));
                }
                m.insert("expected".into(), c.expected);
                m.insert("actual".into(), c.actual);
                Json::Object(m)
            }),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
        return verdict;
    }
    let what = if args.outcome {
        format!("P-positions are where {}", formula.text())
    } else {
        format!("G = {}", formula.text())
    };
    let range = match &values {
        GameValues::Line { cells, .. } => {
            let n = cells.len().saturating_sub(1);
            if args.from > 0 {
                format!("every {} <= n <= {n}", args.from)
            } else {
                format!("every n <= {n}")
            }
        }
        GameValues::Grid { vars, upto, .. } => {
            let low = if args.from > 0 {
                format!("{} <= ", args.from)
            } else {
                String::new()
            };
            format!(
                "every {low}{} <= {}, {low}{} <= {}",
                vars[0], upto.0, vars[1], upto.1
            )
        }
    };
    match found {
        None => outln!("{}: {what}: holds for {range}", values.game()),
        Some(c) => {
            let at: Vec<String> = c.at.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            let (said, is) = if args.outcome {
                let class = |j: &Json| {
                    if j == &json!(true) {
                        "a P-position"
                    } else {
                        "not a P-position"
                    }
                };
                (class(&c.expected).to_string(), class(&c.actual).to_string())
            } else {
                (
                    c.expected.to_string().replace('"', ""),
                    c.actual.to_string().replace('"', ""),
                )
            };
            outln!(
                "{}: {what}: fails at {}: the formula says {said}, but it is {is}",
                values.game(),
                at.join(", ")
            );
        }
    }
    if let GameValues::Line {
        period: Some(p), ..
    } = &values
    {
        outln!(
            "(the values have preperiod {}, period {}{}, {})",
            p.preperiod,
            p.period,
            if p.saltus > 0 {
                format!(", saltus {}", p.saltus)
            } else {
                String::new()
            },
            if p.proved {
                "proved"
            } else {
                "observed in the table, not proved"
            }
        );
    }
    verdict
}

/// The counterexample at `at`, if the formula disagrees with `cell` there.
fn compare(
    formula: &mut Formula,
    outcome: bool,
    at: Vec<(&'static str, u64)>,
    cell: &Sample,
) -> Result<Option<Counterexample>, Failure> {
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
        .map_err(|e| Failure::Input(format!("--formula at {}: {e}", place())))?;
    // Compared natively; JSON is built only for the counterexample.
    let agrees = match (&answer, outcome) {
        (Answer::Bool(b), true) => *b == (*class == grundy_core::Outcome::P),
        (Answer::Int(i), false) => matches!(value, Value::Finite(g) if u64::try_from(*i) == Ok(g.0)),
        (Answer::Int(_), true) => {
            return Err(Failure::Input(format!(
                "--formula at {}: with --outcome the formula must be true or false (is this a P-position?)",
                place()
            )))
        }
        (Answer::Bool(_), false) => {
            return Err(Failure::Input(format!(
                "--formula at {}: the formula gives true or false; add --outcome to check P-positions",
                place()
            )))
        }
    };
    if agrees {
        return Ok(None);
    }
    let (expected, actual) = match answer {
        Answer::Bool(b) => (json!(b), json!(*class == grundy_core::Outcome::P)),
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
    old: Option<Formula>,
    /// The first difference: the old reading's answer and where.
    found: Option<(Answer, String)>,
}

impl CaretNote {
    fn new(formula: &Formula) -> CaretNote {
        CaretNote {
            old: formula.with_caret_as_power(),
            found: None,
        }
    }

    fn look(&mut self, formula: &mut Formula, at: &[(&str, u64)]) {
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

    fn print(&self) {
        if let Some((then, place)) = &self.found {
            eprintln!(
                "note: `^` is XOR (as in C and Python), not a power; with `^` as a power the formula would give {then} at {place}; write `**` for powers"
            );
        }
    }
}
