//! Ultimately (arithmetic-)periodic values as a formula: the preperiod listed, then one period
//! indexed by `n % p`, plus `s * (n / p)` for a saltus `s`; and the converse, recognising a
//! formula that depends on `n` only through residues, so a proved period of the game proves it.

use crate::formula::{BinOp, Expr};

use super::space::Table;

/// A period the caller found in the table (and may have proved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodHint {
    /// `G(n + p) = G(n) + s` for every `n >= preperiod` of the table.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// `s` (0 for plain periodicity).
    pub saltus: u64,
}

/// `if(n < n0, [G(0), ...][n], [b_0, ..., b_{p-1}][n % p] + s * (n / p))`, where
/// `b_r = G(n) - s * (n / p)` for any `n >= n0` with `n % p = r`.
pub(crate) fn formula(table: &Table, hint: PeriodHint, var: &str) -> Option<Expr> {
    let Table::Line(values) = table else {
        return None;
    };
    let (n0, p, s) = (
        hint.preperiod as usize,
        hint.period as usize,
        hint.saltus as i128,
    );
    if p == 0 || n0 + p > values.len() {
        return None;
    }
    let n = || Box::new(Expr::Var(var.to_string()));
    let num = |v: i128| Box::new(Expr::Num(v));
    let mut base = vec![None; p];
    for (k, v) in values.iter().enumerate().skip(n0).take(p) {
        base[k % p] = Some(v.map(|v| v as i128 - s * (k / p) as i128).unwrap_or(0));
    }
    let base: Vec<i128> = base.into_iter().map(|b| b.unwrap_or(0)).collect();
    let residue = Expr::Binary(BinOp::Rem, n(), num(p as i128));
    let mut body = if p == 1 {
        Expr::Num(base[0])
    } else {
        Expr::Index(base, Box::new(residue))
    };
    if s != 0 {
        let cycles = Expr::Binary(BinOp::Div, n(), num(p as i128));
        let climb = if s == 1 {
            cycles
        } else {
            Expr::Binary(BinOp::Mul, num(s), Box::new(cycles))
        };
        body = Expr::Binary(BinOp::Add, Box::new(body), Box::new(climb));
    }
    if n0 == 0 {
        return Some(body);
    }
    let head: Vec<i128> = values[..n0]
        .iter()
        .map(|v| v.unwrap_or(0) as i128)
        .collect();
    let cond = Expr::Binary(BinOp::Lt, n(), num(n0 as i128));
    // `if(n < 1, 0, ...)`, not `if(n < 1, [0][n], ...)`.
    let head = if head.iter().all(|&v| v == head[0]) {
        Expr::Num(head[0])
    } else {
        Expr::Index(head, n())
    };
    Some(Expr::If(Box::new(cond), Box::new(head), Box::new(body)))
}

/// The shape of a formula that is arithmetic-periodic from some point on: from `start`,
/// `F(n) = slope * n + R(n)` with `R` periodic of period `modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodicForm {
    /// Where the shape begins (after a listed head).
    pub start: u64,
    /// A period of `R`.
    pub modulus: u64,
    /// The slope, as a fraction `(numerator, denominator)` in lowest terms.
    pub slope: (i128, i128),
}

/// If `expr` is `if(n < k, head, body)` (or just `body`) where `body` is `slope * n` plus a
/// function of residues of `n` (each occurrence of `n` in `n % m`, `n / m`, or a sum's linear
/// term), its [`PeriodicForm`]: then from `k` on, `body(n + L) = body(n) + slope * L` for every
/// common multiple `L` of the moduli.
pub fn periodic_form(expr: &Expr, var: &str) -> Option<PeriodicForm> {
    let (start, body) = match expr {
        Expr::If(c, _, body) => match c.as_ref() {
            Expr::Binary(BinOp::Lt, l, r) => match (l.as_ref(), r.as_ref()) {
                (Expr::Var(v), Expr::Num(k)) if v == var && u64::try_from(*k).is_ok() => {
                    (*k as u64, body.as_ref())
                }
                _ => (0, expr),
            },
            _ => (0, expr),
        },
        _ => (0, expr),
    };
    match affine(body, var) {
        Some(a) => Some(PeriodicForm {
            start: start.max(a.from),
            modulus: a.modulus,
            slope: a.slope,
        }),
        None if start > 0 => affine(expr, var).map(|a| PeriodicForm {
            start: a.from,
            modulus: a.modulus,
            slope: a.slope,
        }),
        None => None,
    }
}

/// The least common multiple, `None` past 64 bits.
pub fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd128(a as u128, b as u128).max(1) as u64).checked_mul(b)
}

struct Affine {
    slope: (i128, i128),
    modulus: u64,
    /// Where the shape holds from: `n > 3` is constant from 4 on.
    from: u64,
}

fn fraction(n: i128, d: i128) -> (i128, i128) {
    let g = gcd128(n.unsigned_abs(), d.unsigned_abs()).max(1) as i128;
    let s = if d < 0 { -1 } else { 1 };
    (s * n / g, s * d / g)
}

fn gcd128(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd128(b, a % b)
    }
}

fn add(a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    let n = a.0.checked_mul(b.1)?.checked_add(b.0.checked_mul(a.1)?)?;
    Some(fraction(n, a.1.checked_mul(b.1)?))
}

/// `e` as `slope * n + R(n)`, `R` periodic of period `modulus`.
fn affine(e: &Expr, var: &str) -> Option<Affine> {
    let flat = |modulus| {
        Some(Affine {
            slope: (0, 1),
            modulus,
            from: 0,
        })
    };
    let is_n = |x: &Expr| matches!(x, Expr::Var(v) if v == var);
    let positive = |x: &Expr| match x {
        Expr::Num(m) if *m > 0 => u64::try_from(*m).ok(),
        _ => None,
    };
    match e {
        Expr::Var(v) if v == var => Some(Affine {
            slope: (1, 1),
            modulus: 1,
            from: 0,
        }),
        Expr::Var(_) | Expr::Num(_) | Expr::Bool(_) => flat(1),
        Expr::Binary(BinOp::Rem, l, r) if is_n(l) => flat(positive(r)?),
        // `n < c` and the like are constant from c + 1 on.
        Expr::Binary(
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge,
            l,
            r,
        ) if is_n(l) || is_n(r) => {
            let c = match (l.as_ref(), r.as_ref()) {
                (Expr::Num(c), _) | (_, Expr::Num(c)) => *c,
                _ => return None,
            };
            Some(Affine {
                slope: (0, 1),
                modulus: 1,
                from: u64::try_from(c.max(-1) + 1).ok()?,
            })
        }
        // n / p = (n - n % p) / p: slope 1/p, the rest periodic.
        Expr::Binary(BinOp::Div, l, r) if is_n(l) => {
            let p = positive(r)?;
            Some(Affine {
                slope: fraction(1, p as i128),
                modulus: p,
                from: 0,
            })
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), l, r) => {
            let (a, b) = (affine(l, var)?, affine(r, var)?);
            let rs = if *op == BinOp::Sub {
                (-b.slope.0, b.slope.1)
            } else {
                b.slope
            };
            Some(Affine {
                slope: add(a.slope, rs)?,
                modulus: lcm(a.modulus, b.modulus)?,
                from: a.from.max(b.from),
            })
        }
        Expr::Binary(BinOp::Mul, l, r) => {
            let (c, x) = match (l.as_ref(), r.as_ref()) {
                (Expr::Num(c), x) | (x, Expr::Num(c)) => (*c, x),
                _ => return same_slope_zero(e, var),
            };
            let a = affine(x, var)?;
            Some(Affine {
                slope: fraction(a.slope.0.checked_mul(c)?, a.slope.1),
                modulus: a.modulus,
                from: a.from,
            })
        }
        Expr::Unary(crate::formula::UnOp::Neg, x) => {
            let a = affine(x, var)?;
            Some(Affine {
                slope: (-a.slope.0, a.slope.1),
                modulus: a.modulus,
                from: a.from,
            })
        }
        Expr::If(c, a, b) => {
            let c = affine(c, var)?;
            let (a, b) = (affine(a, var)?, affine(b, var)?);
            (c.slope.0 == 0 && a.slope == b.slope).then_some(())?;
            Some(Affine {
                slope: a.slope,
                modulus: lcm(lcm(c.modulus, a.modulus)?, b.modulus)?,
                from: c.from.max(a.from).max(b.from),
            })
        }
        _ => same_slope_zero(e, var),
    }
}

/// Any other node is periodic when all its arguments are (no slope) and it is not `G`.
fn same_slope_zero(e: &Expr, var: &str) -> Option<Affine> {
    let children: Vec<&Expr> = match e {
        Expr::Unary(_, a) => vec![a],
        Expr::Binary(_, a, b) => vec![a, b],
        Expr::Call(crate::formula::Func::G, _) => return None,
        Expr::Call(_, args) => args.iter().collect(),
        Expr::Index(_, i) => vec![i],
        _ => return None,
    };
    let mut modulus = 1;
    let mut from = 0;
    for c in children {
        let a = affine(c, var)?;
        if a.slope.0 != 0 {
            return None;
        }
        modulus = lcm(modulus, a.modulus)?;
        from = from.max(a.from);
    }
    Some(Affine {
        slope: (0, 1),
        modulus,
        from,
    })
}
