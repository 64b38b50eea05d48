//! `grundy guess`: a formula for a game's values (or its P-positions), found in its table by
//! [`grundy_pattern::guess`], labelled with how sure it is, and printed for use — in the
//! `check --formula` syntax and as C++ and Python functions. Built once here, so the command
//! line and Python report the same thing.
//!
//! How sure: a formula is *proved* when the game's values are proved (arithmetic-)periodic (the
//! periodicity theorem for take-and-break and subtraction games, or the game's own theorem) and
//! the formula has the same shape — `slope * n` plus a periodic part built from `n % m`,
//! `n / m` and comparisons with constants ([`periodic_form`]) — with the table long enough that
//! the two agree over a whole common period past both starts: then they agree everywhere (and
//! the formula is evaluated at the largest heaps, so it has a value there too). Otherwise it is
//! *checked to N*, a conjecture with the table as its evidence. Whatever is reported is checked
//! twice on the whole table: by the search's own evaluation, and printed and read back by the
//! formula language, as `grundy check` reads it.
//!
//! The search fits on sampled points of the first half of its table and validates on all of
//! it: first of the first 1024 values, then of the whole table; a formula that fits but fails
//! later is reported as a near candidate with its first failure. Without a range the table
//! itself grows ([`guess_growing`]).

use grundy_core::setting::Setting;
use grundy_core::{Outcome, Value};
use grundy_pattern::formula::{print, Formula};
use grundy_pattern::guess::{self as pattern, first_failure, language_failure, PeriodHint, Table};
use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::plot::{GameValues, Sample};

mod assess;
mod text;

#[cfg(test)]
mod tests;

use assess::proof;
pub use assess::{assess, Assessment};

pub use grundy_pattern::guess::Settings;

/// What a formula is sought for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The Grundy values.
    Values,
    /// Whether each position is a P-position (a loss for the player to move).
    PPositions,
}

/// How sure a reported formula is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Basis {
    /// A theorem extends the table's agreement to every position.
    Proved,
    /// It holds on every position of the table: a conjecture past it.
    Checked,
}

/// A candidate that failed: the formula and its first failure.
#[derive(Clone, Debug, Serialize)]
pub struct NearReport {
    /// The candidate, in `check --formula` syntax.
    pub formula: String,
    /// The position where it first fails (`{"n": 12}` or `{"a": 3, "b": 5}`).
    pub fails_at: Json,
    /// The computed value there (for P-positions: `true` if P).
    pub expected: Json,
    /// The candidate's answer there (`null`: undefined there).
    pub actual: Json,
}

/// What `grundy guess` reports (`--json` prints it as is).
#[derive(Clone, Debug, Serialize)]
pub struct GuessReport {
    /// The game, as typed.
    pub game: String,
    /// The formula's variables (`["n"]`, `["a", "b"]`, `["x", "y"]`).
    pub variables: Vec<String>,
    /// What the formula gives.
    pub target: Target,
    /// The table searched: `N` or `[A, B]`.
    pub upto: Json,
    /// Whether a formula holds on the whole table.
    pub found: bool,
    /// The formula, in `check --formula` syntax.
    pub formula: Option<String>,
    /// The family it belongs to ("periodic", "residue classes", "self-similar recursion", ...).
    pub family: Option<&'static str>,
    /// Its size in nodes.
    pub size: Option<usize>,
    /// Proved, or checked to `checked_upto`.
    pub basis: Option<Basis>,
    /// The theorem that proves it, when proved.
    pub theorem: Option<String>,
    /// The table it holds on: `N` or `[A, B]`.
    pub checked_upto: Json,
    /// The largest `n` (`a + b` for two numbers) the search looked at; the rest of the table only
    /// validated the formula.
    pub fitted_upto: Option<i64>,
    /// The formula as a C++17 function.
    pub cpp: Option<String>,
    /// The formula as a Python function.
    pub python: Option<String>,
    /// Candidates that fitted the first values but fail further on, simplest first.
    pub near: Vec<NearReport>,
    /// Why the target is not what was asked (the values had no formula, or are not all finite).
    pub note: Option<String>,
}

/// The table searched when no range is given: heaps `0..=4095`, or 64x64 pairs (Wythoff-like
/// P-pairs need about 24 differences, which a side of 64 shows).
pub const DEFAULTS: crate::values::Defaults = crate::values::Defaults {
    line: 4095,
    side: 64,
};

/// How far the table grows when no range is given: each round doubles it (a line to
/// `0..=65535`, a grid to 256x256) while no formula is found and the round took less than
/// [`GROWTH_ROUND`].
pub const GROWTH_LIMIT: crate::values::Defaults = crate::values::Defaults {
    line: 65535,
    side: 256,
};

/// A round of the search longer than this ends the growth (the next would take twice as long).
pub const GROWTH_ROUND: std::time::Duration = std::time::Duration::from_secs(4);

/// [`guess`] on a table that grows: `values(upto)` computes the table (`None`: the front end's
/// default, [`DEFAULTS`]); with `upto` given it is that table alone, else the table doubles
/// while a candidate failed only past the part searched (a longer fit may find the formula), up
/// to [`GROWTH_LIMIT`] or a round longer than [`GROWTH_ROUND`].
pub fn guess_growing<E>(
    values: &mut dyn FnMut(Option<&str>) -> Result<GameValues, E>,
    upto: Option<&str>,
    p_positions: bool,
    settings: &Settings,
) -> Result<GuessReport, E> {
    if upto.is_some() {
        return Ok(guess(&values(upto)?, p_positions, settings));
    }
    let mut table = values(None)?;
    loop {
        let started = web_time::Instant::now();
        let report = guess(&table, p_positions, settings);
        let next = match &table {
            GameValues::Line { cells, .. } => {
                let n = (cells.len() as u64 * 2).saturating_sub(1);
                (n <= GROWTH_LIMIT.line).then(|| n.to_string())
            }
            GameValues::Grid { upto, .. } => {
                let side = (upto.0.max(upto.1) + 1) * 2 - 1;
                (side <= GROWTH_LIMIT.side).then(|| format!("{side}x{side}"))
            }
        };
        // A bigger table helps only where something fitted the part searched and failed past
        // it (a candidate a longer fit would have refuted), or the table was too small.
        let half = match &table {
            GameValues::Line { cells, .. } => cells.len() as i64 / 2,
            GameValues::Grid { upto, .. } => upto.0.max(upto.1) as i64,
        };
        let late = report.near.iter().any(|n| {
            n.fails_at
                .as_object()
                .is_some_and(|m| m.values().filter_map(Json::as_i64).sum::<i64>() > half)
        });
        let promising = late
            || report
                .note
                .as_deref()
                .is_some_and(|n| n.contains("too few"));
        match next {
            Some(next) if !report.found && promising && started.elapsed() < GROWTH_ROUND => {
                let bigger = values(Some(&next))?;
                // A game whose positions ran out (a graph of two vertices) gives no more values
                // however far it is asked: the report stands.
                if known(&bigger) <= known(&table) {
                    return Ok(report);
                }
                table = bigger;
            }
            _ => return Ok(report),
        }
    }
}

/// How many positions of `values` the game has (a grid's cells include positions it lacks).
fn known(values: &GameValues) -> usize {
    cells(values).filter(|c| c.is_some()).count()
}

/// The table's mark of a position of infinite value, when a formula is assessed.
const INFINITE: i64 = i64::MIN + 1;

/// How many of the largest heaps a proved formula is evaluated at (one per residue of its common
/// period, at most this many).
const FAR_CHECKS: u64 = 4096;

/// The fewest known values a formula is sought in: fewer fit too many formulas by chance.
pub const MIN_KNOWN: usize = 48;

pub use grundy_registry::period::PERIODICITY_THEOREM;

/// A formula for `values`: of the values (or, with `p_positions`, of the P-positions; also when
/// the values are not all finite, or have no formula the search finds).
pub fn guess(values: &GameValues, p_positions: bool, settings: &Settings) -> GuessReport {
    let finite = cells(values).all(|c| matches!(c, None | Some((Value::Finite(_), _))));
    if p_positions || !finite {
        let mut report = search(values, Target::PPositions, settings);
        if !p_positions {
            report.note = Some(
                "the values are not all finite (a loopy game): the formula is for the P-positions"
                    .into(),
            );
        }
        return report;
    }
    let report = search(values, Target::Values, settings);
    if report.found {
        return report;
    }
    let p = search(values, Target::PPositions, settings);
    if !p.found {
        return report;
    }
    GuessReport {
        note: Some(match report.near.first() {
            Some(n) => format!(
                "no formula for the values was found (the nearest, {}, fails at {}); the \
                 formula is for the P-positions",
                n.formula, n.fails_at
            ),
            None => "no formula for the values was found; the formula is for the P-positions"
                .to_string(),
        }),
        ..p
    }
}

fn cells(values: &GameValues) -> Box<dyn Iterator<Item = &Sample> + '_> {
    match values {
        GameValues::Line { cells, .. } => Box::new(cells.iter()),
        GameValues::Grid { rows, .. } => Box::new(rows.iter().flatten()),
    }
}

/// The number the pattern search sees in a cell: the value, or 1 for a P-position and 0 else.
fn number(cell: &Sample, target: Target) -> Option<i64> {
    match (cell, target) {
        (Some((Value::Finite(g), _)), Target::Values) => i64::try_from(g.0).ok(),
        (Some((_, o)), Target::PPositions) => Some((*o == Outcome::P) as i64),
        _ => None,
    }
}

fn search(values: &GameValues, target: Target, settings: &Settings) -> GuessReport {
    let variables: Vec<String> = values.variables().iter().map(|v| v.to_string()).collect();
    let vars: Vec<&str> = variables.iter().map(String::as_str).collect();
    let boolean = target == Target::PPositions;
    let (table, upto, hint) = match values {
        GameValues::Line { cells, period, .. } => {
            let table = Table::Line(cells.iter().map(|c| number(c, target)).collect());
            let hint = period.filter(|_| !boolean).map(|p| PeriodHint {
                preperiod: p.preperiod,
                period: p.period,
                saltus: p.saltus,
            });
            (table, json!(cells.len().saturating_sub(1)), hint)
        }
        GameValues::Grid { rows, upto, .. } => {
            let table = Table::Grid(
                rows.iter()
                    .map(|r| r.iter().map(|c| number(c, target)).collect())
                    .collect(),
            );
            (table, json!([upto.0, upto.1]), None)
        }
    };
    let mut near: Vec<pattern::Near> = Vec::new();
    let mut found = None;
    let known = match &table {
        Table::Line(v) => v.iter().flatten().count(),
        Table::Grid(rows) => rows.iter().flatten().flatten().count(),
    };
    let too_small = known < MIN_KNOWN;
    // The fitting range doubles: first the first 1024 values, then half of the whole table.
    let len = match &table {
        Table::Line(v) => v.len(),
        Table::Grid(_) => 0,
    };
    let prefixes: Vec<usize> = match &table {
        Table::Line(_) if len > 2048 => vec![1024, len],
        _ => vec![len],
    };
    for prefix in prefixes.into_iter().filter(|_| !too_small) {
        let part = table.prefix(prefix);
        let range = match &table {
            Table::Line(_) => format!(" on n <= {}", prefix.min(len).saturating_sub(1)),
            Table::Grid(_) => String::new(),
        };
        if let Some(stage) = settings.stage {
            stage(&format!(
                "{}: searching for a formula of the {}{range}",
                values.game(),
                if boolean { "P-positions" } else { "values" },
            ));
        }
        let r = pattern::guess(&part, &vars, boolean, hint, settings);
        // Nothing fitted even this part: the whole table, which contains it, fits nothing
        // the search builds either.
        let none_fitted = r.tried == 0;
        for n in r.near {
            if !near.iter().any(|m| m.expr == n.expr) {
                near.push(n);
            }
        }
        if let Some(f) = r.found {
            // Checked again as `grundy check` reads it: printed, parsed and evaluated by the
            // formula language itself, so what is reported holds there too.
            let failure = first_failure(&f.expr, &table, &variables)
                .or_else(|| language_failure(&f.expr, &table, &vars));
            match failure {
                None => {
                    found = Some(f);
                    break;
                }
                Some(failure) => near.push(pattern::Near {
                    expr: f.expr,
                    failure,
                }),
            }
        }
        if none_fitted {
            break;
        }
    }
    if found.is_none() && near.is_empty() && !too_small {
        // Nothing fitted: the formulas that fit the first values, and where each fails.
        if let Table::Line(v) = &table {
            let head = table.prefix(v.len().min(32));
            let small = Settings {
                max_ints: settings.max_ints / 4,
                max_bools: settings.max_bools / 4,
                ..settings.clone()
            };
            let r = pattern::guess(&head, &vars, boolean, hint, &small);
            let fitted = r.found.map(|f| f.expr).into_iter();
            for expr in fitted.chain(r.near.into_iter().map(|n| n.expr)) {
                if let Some(failure) = first_failure(&expr, &table, &variables) {
                    near.push(pattern::Near { expr, failure });
                }
            }
        }
    }
    near.sort_by_key(|n| std::cmp::Reverse(n.failure.at[0] + n.failure.at[1]));
    near.truncate(settings.near);
    let near = near
        .into_iter()
        .map(|n| near_report(n, &vars, boolean))
        .collect();
    let mut report = GuessReport {
        game: values.game().to_string(),
        variables: variables.clone(),
        target,
        upto: upto.clone(),
        found: false,
        formula: None,
        family: None,
        size: None,
        basis: None,
        theorem: None,
        checked_upto: upto,
        fitted_upto: None,
        cpp: None,
        python: None,
        near,
        note: too_small.then(|| {
            format!(
                "too few values ({known}) to tell a pattern from chance: give {} or more (64x64 \
                 for two numbers)",
                Setting::Upto.given(MIN_KNOWN)
            )
        }),
    };
    if let Some(mut f) = found {
        let mut theorem = proof(values, &f.expr, target);
        if theorem.is_none() {
            // A proved period gives a proved formula: preferred to a smaller one that is only
            // checked (`[0, 2, 1][n % 3]` rather than `(n + n) % 3`), which the note keeps.
            if let Some((expr, t)) = hint
                .filter(|_| !boolean)
                .and_then(|h| pattern::periodic_formula(&table, h, "n"))
                .filter(|e| {
                    first_failure(e, &table, &variables).is_none()
                        && language_failure(e, &table, &vars).is_none()
                })
                .and_then(|e| proof(values, &e, target).map(|t| (e, t)))
            {
                report.note = Some(format!(
                    "a smaller formula holds on the table, checked only: {}",
                    Formula::from_expr(f.expr.clone(), &vars).text()
                ));
                f = pattern::Found {
                    size: pattern::size(&expr),
                    family: "periodic",
                    expr,
                    fitted_upto: f.fitted_upto,
                };
                theorem = Some(t);
            }
        }
        let formula = Formula::from_expr(f.expr.clone(), &vars);
        report.found = true;
        report.formula = Some(formula.text().to_string());
        report.family = Some(f.family);
        report.size = Some(f.size);
        report.basis = Some(if theorem.is_some() {
            Basis::Proved
        } else {
            Basis::Checked
        });
        report.theorem = theorem;
        report.fitted_upto = Some(f.fitted_upto);
        report.cpp = Some(print::cpp(&formula, "grundy_value"));
        report.python = Some(print::python(&formula, "grundy_value"));
    }
    report
}

fn near_report(n: pattern::Near, vars: &[&str], boolean: bool) -> NearReport {
    let f = Formula::from_expr(n.expr, vars);
    let mut at = serde_json::Map::new();
    for (i, v) in vars.iter().enumerate() {
        at.insert(v.to_string(), json!(n.failure.at[i]));
    }
    let show = |v: i64| match v {
        INFINITE => json!("infinite"),
        v if boolean => json!(v != 0),
        v => json!(v),
    };
    NearReport {
        formula: f.text().to_string(),
        fails_at: Json::Object(at),
        expected: show(n.failure.expected),
        actual: n.failure.actual.map_or(Json::Null, show),
    }
}
