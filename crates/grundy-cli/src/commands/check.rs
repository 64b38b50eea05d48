//! `grundy check GAME --formula EXPR`: does a conjectured formula give the computed values (or,
//! with `--outcome`, the P-positions) over a range? Prints "holds" or the first counterexample.
//!
//! Variables: `n` for heap games, `a`, `b` for two-heap games, `x`, `y` for boards (see
//! [`super::game_values`]). Two-variable ranges are scanned by increasing `a + b` (then `a`), so
//! the counterexample reported is one of the smallest.

use serde_json::{json, Value as Json};

use crate::commands::formula::Formula;
use crate::commands::game_values::{self, GameValues};
use crate::failure::Failure;
use crate::words;
use grundy_front::session::Session;

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

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    // A malformed formula is refused before the values are computed (they can take minutes).
    Formula::check_syntax(&args.formula)?;
    let words = words::expand(&args.spec)?;
    let values = game_values::compute(session, &words, args.upto.as_deref())?;
    let checked = grundy_front::check::check(&values, &args.formula, args.from, args.outcome)
        .map_err(Failure::Input)?;
    // `^` was the power in the old formula syntax: where reading it so would answer otherwise,
    // say so once.
    if let Some((then, place)) = &checked.caret {
        eprintln!(
            "note: `^` is XOR (as in C and Python), not a power; with `^` as a power the formula would give {then} at {place}; write `**` for powers"
        );
    }
    let found = checked.found.as_ref();
    // A formula that fails is a "no": exit 1, as a script testing conjectures expects.
    let verdict = if found.is_some() {
        Err(Failure::Refuted)
    } else {
        Ok(())
    };
    if args.json {
        outln!("{}", checked.to_json());
        return verdict;
    }
    let what = if args.outcome {
        format!("P-positions are where {}", checked.formula)
    } else {
        format!("G = {}", checked.formula)
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
