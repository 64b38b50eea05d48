//! A candidate against the whole table: evaluated at every position, in order, until the first
//! disagreement.
//!
//! `G(e)` reads the table. That is the formula's own value too, by induction: if the formula
//! agrees with the table at every position before `n`, its `G` of a smaller position is the
//! table's value there; so the first disagreement found this way is the formula's first
//! disagreement.

use crate::formula::{Answer, BinOp, Expr, Formula, Func, UnOp};

use super::pool::{apply, apply_func, UNDEF};
use super::space::Table;

/// Where a candidate first fails: the position, the table's value and the formula's (`None`:
/// undefined there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The position (`[n, 0]` for one variable).
    pub at: [i64; 2],
    /// The computed value (for P-positions: 1 if P, 0 if not).
    pub expected: i64,
    /// What the formula gives, if anything.
    pub actual: Option<i64>,
}

/// The first failure of `expr` on `table` (booleans as 0 and 1), or `None` if it holds on all.
pub fn first_failure(expr: &Expr, table: &Table, variables: &[String]) -> Option<Failure> {
    for p in table.positions() {
        let Some(expected) = table.at(p) else {
            continue;
        };
        let actual = eval(expr, p, table, variables);
        if actual != expected {
            return Some(Failure {
                at: p,
                expected,
                actual: (actual != UNDEF).then_some(actual),
            });
        }
    }
    None
}

/// The first position of `table` where `expr`, printed in the formula language and read back
/// as `grundy check` reads it,
/// disagrees with it (booleans as 1 and 0); an `expr` that does not read back fails at the first
/// position.
pub fn language_failure(expr: &Expr, table: &Table, vars: &[&str]) -> Option<Failure> {
    let positions = table.positions();
    let known = positions
        .into_iter()
        .filter_map(|p| table.at(p).map(|v| (p, v)));
    let text = crate::formula::print::formula(expr);
    let Ok(formula) = Formula::parse(&text, vars) else {
        let (at, expected) = known.into_iter().next()?;
        return Some(Failure {
            at,
            expected,
            actual: None,
        });
    };
    let mut evaluator = formula.evaluator();
    for (at, expected) in known {
        let args: Vec<i128> = at[..vars.len()].iter().map(|&x| x as i128).collect();
        let actual = match evaluator.eval(&args) {
            Ok(Answer::Int(v)) => i64::try_from(v).ok(),
            Ok(Answer::Bool(b)) => Some(b as i64),
            Err(_) => None,
        };
        if actual != Some(expected) {
            return Some(Failure {
                at,
                expected,
                actual,
            });
        }
    }
    None
}

/// `expr` at position `p` (booleans as 0 and 1), [`UNDEF`] where it has no value.
pub(crate) fn eval(expr: &Expr, p: [i64; 2], table: &Table, variables: &[String]) -> i64 {
    let go = |e: &Expr| eval(e, p, table, variables);
    match expr {
        Expr::Num(v) => i64::try_from(*v).unwrap_or(UNDEF),
        Expr::Bool(b) => *b as i64,
        Expr::Var(name) => match variables.iter().position(|v| v == name) {
            Some(i) if i < 2 => p[i],
            _ => UNDEF,
        },
        Expr::Unary(op, e) => {
            let x = go(e);
            if x == UNDEF {
                return UNDEF;
            }
            match op {
                UnOp::Neg => x.checked_neg().unwrap_or(UNDEF),
                UnOp::Not => (x == 0) as i64,
                UnOp::BitNot => !x,
            }
        }
        Expr::Binary(op, l, r) => {
            let x = go(l);
            // Short circuits, as the language evaluates them.
            match (op, x) {
                (BinOp::And, 0) => return 0,
                (BinOp::Or, 1) => return 1,
                _ => {}
            }
            apply(*op, x, go(r))
        }
        Expr::If(c, a, b) => match go(c) {
            UNDEF => UNDEF,
            0 => go(b),
            _ => go(a),
        },
        Expr::Call(Func::G, args) => {
            let q: Vec<i64> = args.iter().map(go).collect();
            if q.contains(&UNDEF) || q.iter().any(|&x| x < 0) {
                return UNDEF;
            }
            // Read from the table only at a smaller position (by `a + b`): the induction that
            // makes the table the formula's own values needs it.
            let sum = q.iter().try_fold(0i64, |a, &x| a.checked_add(x));
            if sum.is_none_or(|s| s >= p[0] + p[1]) {
                return UNDEF;
            }
            let at = [q[0], q.get(1).copied().unwrap_or(0)];
            table.at(at).unwrap_or(UNDEF)
        }
        Expr::Call(f @ (Func::Min | Func::Max), args) => {
            let vals: Vec<i64> = args.iter().map(go).collect();
            if vals.contains(&UNDEF) || vals.is_empty() {
                return UNDEF;
            }
            let it = vals.into_iter();
            if *f == Func::Min {
                it.min().unwrap_or(UNDEF)
            } else {
                it.max().unwrap_or(UNDEF)
            }
        }
        Expr::Call(f, args) => match args.as_slice() {
            [a] => apply_func(*f, go(a)),
            _ => UNDEF,
        },
        Expr::Index(list, i) => {
            let i = go(i);
            usize::try_from(i)
                .ok()
                .and_then(|i| list.get(i))
                .and_then(|&v| i64::try_from(v).ok())
                .unwrap_or(UNDEF)
        }
    }
}
