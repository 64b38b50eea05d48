//! How sure a formula is: the proof that extends a table to every heap (a proved period and a
//! formula of the same periodic shape), and the check of a formula a user gives for a game.

use grundy_core::Value;
use grundy_pattern::formula::{Answer, Formula};
use grundy_pattern::guess::{
    self as pattern, first_failure, language_failure, lcm, periodic_form, Table,
};
use serde::Serialize;
use serde_json::{json, Value as Json};

use super::{
    near_report, number, text::upto_words, Basis, NearReport, Target, FAR_CHECKS, INFINITE,
};
use crate::plot::{GameValues, Sample};

/// The theorem that proves `expr` for every `n`, if any. The values are proved
/// arithmetic-periodic (`G(n + p) = G(n) + s` from `n0`), the formula is `slope * n` plus a
/// periodic part from some `k` with `slope = s / p` ([`periodic_form`]); so their difference is
/// periodic from `max(k, n0)` with period `lcm`, and a table covering one whole such period past
/// that start, on which they agree, makes it zero everywhere.
pub(super) fn proof(
    values: &GameValues,
    expr: &grundy_pattern::formula::Expr,
    target: Target,
) -> Option<String> {
    let GameValues::Line {
        cells,
        period: Some(p),
        theorem: Some(theorem),
        ..
    } = values
    else {
        return None;
    };
    if !p.proved || target != Target::Values || p.period == 0 {
        return None;
    }
    let form = periodic_form(expr, "n")?;
    let (num, den) = form.slope;
    // slope = s / p, as fractions.
    if num.checked_mul(p.period as i128)? != (p.saltus as i128).checked_mul(den)? {
        return None;
    }
    let common = lcm(form.modulus, p.period)?;
    let start = form.start.max(p.preperiod);
    let last = cells.len().checked_sub(1)? as u64;
    let saltus = if p.saltus > 0 {
        format!(" and saltus {}", p.saltus)
    } else {
        String::new()
    };
    if start.checked_add(common)? > last + 1 {
        return None;
    }
    // The form says nothing of overflow: a slope term of 10^36 n holds on the table and fails
    // past it. Its terms grow with n, so a value at the largest heaps means a value everywhere.
    let formula = Formula::from_expr(expr.clone(), &["n"]);
    let mut evaluator = formula.evaluator();
    for r in 0..common.min(FAR_CHECKS) {
        let n = u64::MAX - r;
        if !matches!(evaluator.eval(&[n as i128]), Ok(Answer::Int(v)) if v >= 0) {
            return None;
        }
    }
    Some(()).map(|_| {
        format!(
            "the values have period {}{saltus} from {} by {theorem}; the formula has the same \
             form from {}, and the two agree on {start}..{}, a whole common period",
            p.period,
            p.preperiod,
            form.start,
            start + common - 1
        )
    })
}

/// How sure a formula given for a game is, once checked on the game's table.
#[derive(Clone, Debug, Serialize)]
pub struct Assessment {
    /// Proved, or checked to `checked_upto`.
    pub basis: Basis,
    /// The theorem, when proved.
    pub theorem: Option<String>,
    /// The table it holds on: `N` or `[A, B]`.
    pub checked_upto: Json,
}

impl Assessment {
    /// The basis as `solve --json` gives it, `proved` or `formula checked to N`, and the
    /// theorem when proved.
    pub fn basis_and_theorem(&self) -> (String, Option<String>) {
        match (&self.basis, &self.theorem) {
            (Basis::Proved, Some(t)) => ("proved".into(), Some(t.clone())),
            _ => (
                format!("formula checked to {}", upto_words(&self.checked_upto)),
                None,
            ),
        }
    }

    /// In words: `proved: ...` or `checked to N`.
    pub fn words(&self) -> String {
        match (&self.basis, &self.theorem) {
            (Basis::Proved, Some(t)) => format!("proved: {t}"),
            _ => format!("formula checked to {}", upto_words(&self.checked_upto)),
        }
    }
}

/// Checks `formula` (of the values) on the table `values`: how sure it is, or the first
/// position where it fails.
pub fn assess(values: &GameValues, formula: &Formula) -> Result<Assessment, NearReport> {
    let variables = formula.variables().to_vec();
    // A position of infinite value (a loopy game) is known too: no formula gives it.
    let cell = |c: &Sample| match c {
        Some((Value::Infinite(_), _)) => Some(INFINITE),
        c => number(c, Target::Values),
    };
    let (table, upto) = match values {
        GameValues::Line { cells, .. } => (
            Table::Line(cells.iter().map(cell).collect()),
            json!(cells.len().saturating_sub(1)),
        ),
        GameValues::Grid { rows, upto, .. } => (
            Table::Grid(rows.iter().map(|r| r.iter().map(cell).collect()).collect()),
            json!([upto.0, upto.1]),
        ),
    };
    let vars: Vec<&str> = variables.iter().map(String::as_str).collect();
    let failure = first_failure(formula.expr(), &table, &variables)
        .or_else(|| language_failure(formula.expr(), &table, &vars));
    if let Some(failure) = failure {
        return Err(near_report(
            pattern::Near {
                expr: formula.expr().clone(),
                failure,
            },
            &vars,
            false,
        ));
    }
    let theorem = proof(values, formula.expr(), Target::Values);
    Ok(Assessment {
        basis: if theorem.is_some() {
            Basis::Proved
        } else {
            Basis::Checked
        },
        theorem,
        checked_upto: upto,
    })
}
