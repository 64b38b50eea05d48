//! Two-number positions: the families that are not an expression of `a` and `b` found by the
//! pool directly.
//!
//! - `G(a, b) = f(a) ^ g(b)`: the game is secretly a sum of two one-heap games, found when every
//!   value is the XOR of its row's and column's first values; `f` and `g` are then guessed as
//!   lines.
//! - P-positions `min(a, b) == f(|a - b|)`: for each difference `d` exactly one pair
//!   `(lo, lo + d)` is a P-position (Wythoff's game: `f(d) = floor(d * golden ratio)`); `f` is
//!   guessed as a line, Beatty sequences included.

use crate::formula::{BinOp, Expr, Func};

use super::space::Table;

/// `e` with every variable `from` renamed `to` (`None` if `e` recurses on its own values: `G`
/// of a line means nothing in a grid).
pub(crate) fn rename(e: &Expr, from: &str, to: &Expr) -> Option<Expr> {
    let go = |x: &Expr| rename(x, from, to).map(Box::new);
    Some(match e {
        Expr::Var(v) if v == from => to.clone(),
        Expr::Num(_) | Expr::Bool(_) | Expr::Var(_) => e.clone(),
        Expr::Unary(op, a) => Expr::Unary(*op, go(a)?),
        Expr::Binary(op, a, b) => Expr::Binary(*op, go(a)?, go(b)?),
        Expr::If(c, a, b) => Expr::If(go(c)?, go(a)?, go(b)?),
        Expr::Call(Func::G, _) => return None,
        Expr::Call(f, args) => Expr::Call(
            *f,
            args.iter()
                .map(|x| rename(x, from, to))
                .collect::<Option<_>>()?,
        ),
        Expr::Index(list, i) => Expr::Index(list.clone(), go(i)?),
    })
}

/// The first row and column, if every value of the grid is their XOR.
pub(crate) fn xor_sum(table: &Table) -> Option<(Table, Table)> {
    let Table::Grid(rows) = table else {
        return None;
    };
    let row0 = rows.first()?;
    let col0: Vec<Option<i64>> = rows.iter().map(|r| r[0]).collect();
    let base = row0[0]?;
    for (b, row) in rows.iter().enumerate() {
        for (a, v) in row.iter().enumerate() {
            let (Some(v), Some(f), Some(g)) = (*v, row0[a], col0[b]) else {
                continue;
            };
            if v != f ^ g ^ base {
                return None;
            }
        }
    }
    // G(a, 0) ^ G(0, b) ^ G(0, 0): fold the corner into the row.
    let f: Vec<Option<i64>> = row0.iter().map(|v| v.map(|v| v ^ base)).collect();
    Some((Table::Line(f), Table::Line(col0)))
}

/// The fewest differences whose partners make a line worth guessing: with 12, `8 / 5` passes
/// for the golden ratio (it first fails at `d = 13`).
pub(crate) const MIN_PARTNERS: usize = 24;

/// For each difference `d`, the unique `lo` with `(lo, lo + d)` a P-position (P-positions as
/// 1 in the grid), as far as the grid shows one for every `d`.
pub(crate) fn partner_line(table: &Table) -> Option<Table> {
    let Table::Grid(rows) = table else {
        return None;
    };
    let (w, h) = table.extent();
    let side = w.min(h);
    let mut line = Vec::new();
    for d in 0..=side {
        let mut found = None;
        for lo in 0..=side - d {
            let hi = lo + d;
            let at = |a: i64, b: i64| rows[b as usize][a as usize];
            if at(lo, hi) == Some(1) || at(hi, lo) == Some(1) {
                if found.is_some() {
                    return None;
                }
                found = Some(lo);
            }
        }
        match found {
            Some(lo) => line.push(Some(lo)),
            // Past the grid's reach for this difference: the line ends here.
            None => break,
        }
    }
    (line.len() >= MIN_PARTNERS).then_some(Table::Line(line))
}

/// `min(a, b) == f(abs(a - b))` from `f` over `n`.
pub(crate) fn partner_formula(f: &Expr, vars: &[String]) -> Option<Expr> {
    let (a, b) = (Expr::Var(vars[0].clone()), Expr::Var(vars[1].clone()));
    let d = Expr::Call(
        Func::Abs,
        vec![Expr::Binary(
            BinOp::Sub,
            Box::new(a.clone()),
            Box::new(b.clone()),
        )],
    );
    let lo = Expr::Call(Func::Min, vec![a, b]);
    Some(Expr::Binary(
        BinOp::Eq,
        Box::new(lo),
        Box::new(rename(f, "n", &d)?),
    ))
}
