//! Beatty sequences `f(k) = floor(k * alpha)` with `alpha` a quadratic irrational
//! `(p + sqrt(q)) / r` (the golden ratio of Wythoff's game is `(1 + sqrt(5)) / 2`), recognised
//! from the values: every `f(k)` confines `alpha` to `[f(k) / k, (f(k) + 1) / k)`, and the
//! simplest `(p, q, r)` inside all those intervals is the guess. The formula is exact integer
//! arithmetic: `floor(k * (p + sqrt(q)) / r) = (p * k + isqrt(q * k * k)) / r`.

use crate::formula::{BinOp, Expr, Func};

/// The Beatty formula over `var` that the line `values` (`values[k]` for `k >= 1`) suggests.
pub(crate) fn formula(values: &[Option<i64>], var: &str) -> Option<Expr> {
    let (mut lo, mut hi) = (f64::MIN, f64::MAX);
    let mut seen = 0;
    for (k, v) in values.iter().enumerate().skip(1) {
        let Some(v) = *v else { continue };
        let k = k as f64;
        lo = lo.max(v as f64 / k);
        hi = hi.min((v as f64 + 1.0) / k);
        seen += 1;
    }
    if seen < 8 || lo >= hi || lo <= 0.0 {
        return None;
    }
    for r in 1..=6i64 {
        for q in 2..=40i64 {
            let root = (q as f64).sqrt();
            if root.fract() == 0.0 {
                continue;
            }
            for p in -12..=12i64 {
                let alpha = (p as f64 + root) / r as f64;
                if alpha > lo && alpha < hi {
                    return Some(expr(p, q, r, var));
                }
            }
        }
    }
    None
}

fn expr(p: i64, q: i64, r: i64, var: &str) -> Expr {
    let k = || Box::new(Expr::Var(var.to_string()));
    let num = |v: i64| Box::new(Expr::Num(v as i128));
    let kk = Expr::Binary(
        BinOp::Mul,
        num(q),
        Box::new(Expr::Binary(BinOp::Mul, k(), k())),
    );
    let root = Expr::Call(Func::Isqrt, vec![kk]);
    let linear = match p {
        0 => None,
        1 => Some(Expr::Var(var.to_string())),
        _ => Some(Expr::Binary(BinOp::Mul, num(p), k())),
    };
    let top = match linear {
        Some(l) => Expr::Binary(BinOp::Add, Box::new(l), Box::new(root)),
        None => root,
    };
    if r == 1 {
        top
    } else {
        Expr::Binary(BinOp::Div, Box::new(top), num(r))
    }
}
