//! Candidates from the pool: the target itself, two pool expressions joined by `+`, `-` or `^`
//! (*meet in the middle*: for each `e1`, the `e2` that would complete it is looked up, so
//! formulas twice the pool's size are reached at the pool's cost), and one pool expression per
//! residue class of `n` (`if(n % m == r, e_r, ...)`, where the self-similar recursions live:
//! `G(2k) = k`, `G(2k + 1) = G(k)`).
//!
//! Every lookup matches the fitting points from [`Space::tail_from`] on: the first few values
//! may be exceptions, which [`with_exceptions`] lists in front of the formula.

use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

use crate::formula::{BinOp, Expr};

use super::pool::{apply, Item, Pool, UNDEF};
use super::space::{Space, Table, EXCEPTIONS};
use super::validate::eval;

/// `t = e1 op e2` (or `e2 op e1` when swapped): the operator, whether swapped, and `e2` from `t`
/// and `e1`.
type Completion = (BinOp, bool, fn(i64, i64) -> i64);

/// A formula that matches the fitting points, before validation.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    pub expr: Expr,
    /// Its size in nodes (list elements included): smaller is simpler.
    pub score: usize,
}

/// How much bigger than the smallest a sum of two may be and still be tried, and how many are.
const MEET_SLACK: usize = 4;
const MEET_KEEP: usize = 64;

/// The size of an expression in nodes, each listed value counting one.
pub fn size(e: &Expr) -> usize {
    match e {
        Expr::Num(_) | Expr::Bool(_) | Expr::Var(_) => 1,
        Expr::Unary(_, a) => 1 + size(a),
        Expr::Binary(_, a, b) => 1 + size(a) + size(b),
        Expr::If(c, a, b) => 1 + size(c) + size(a) + size(b),
        Expr::Call(_, args) => 1 + args.iter().map(size).sum::<usize>(),
        Expr::Index(list, i) => 1 + list.len() + size(i),
    }
}

fn hash_of(vals: impl Iterator<Item = i64>) -> u64 {
    let mut h = FxHasher::default();
    for v in vals {
        v.hash(&mut h);
    }
    h.finish()
}

/// Pool items by their values on a subset of the points (the first, smallest, item wins).
struct Index<'p> {
    items: &'p [Item],
    at: Vec<usize>,
    map: FxHashMap<u64, usize>,
}

impl<'p> Index<'p> {
    fn new(items: &'p [Item], at: Vec<usize>) -> Index<'p> {
        let mut map = FxHashMap::default();
        for (i, item) in items.iter().enumerate() {
            if at.iter().any(|&k| item.vals[k] == UNDEF) {
                continue;
            }
            map.entry(hash_of(at.iter().map(|&k| item.vals[k])))
                .or_insert(i);
        }
        Index { items, at, map }
    }

    /// The smallest item equal to `want` (indexed like the points) on this subset.
    fn find(&self, want: impl Fn(usize) -> i64) -> Option<&'p Item> {
        let key = hash_of(self.at.iter().map(|&k| want(k)));
        let item = &self.items[*self.map.get(&key)?];
        self.at
            .iter()
            .all(|&k| item.vals[k] == want(k))
            .then_some(item)
    }
}

/// Every candidate the pool gives for the target of `space` (integers, or booleans as 0/1).
pub(crate) fn candidates(space: &Space, pool: &Pool, boolean: bool) -> Vec<Candidate> {
    let items: &[Item] = if boolean { &pool.bools } else { &pool.ints };
    let tail: Vec<usize> = (space.tail_from..space.points.len()).collect();
    if tail.is_empty() {
        return Vec::new();
    }
    let t = &space.target;
    let mut out = Vec::new();
    let index = Index::new(items, tail.clone());
    if let Some(item) = index.find(|k| t[k]) {
        out.push(item.expr.clone());
    }
    if !boolean {
        // t = e1 + e2, e1 - e2, e2 - e1, e1 ^ e2: the completions of each e1, the smallest
        // few kept (the smallest may be a fit that validation refutes).
        let mut found: Vec<Expr> = Vec::new();
        let mut best = usize::MAX;
        for e1 in items {
            if tail.iter().any(|&k| e1.vals[k] == UNDEF) {
                continue;
            }
            if (e1.size as usize) * 2 + 1 > best.saturating_add(MEET_SLACK)
                || found.len() >= MEET_KEEP
            {
                break;
            }
            let completions: [Completion; 4] = [
                (BinOp::Add, false, |t, a| apply(BinOp::Sub, t, a)),
                (BinOp::Sub, false, |t, a| apply(BinOp::Sub, a, t)),
                (BinOp::Sub, true, |t, a| apply(BinOp::Add, t, a)),
                (BinOp::BitXor, false, |t, a| apply(BinOp::BitXor, t, a)),
            ];
            for (op, swapped, rest) in completions {
                if let Some(e2) = index.find(|k| rest(t[k], e1.vals[k])) {
                    // Where the order is free, a lone variable first (`n + e`), else the bigger
                    // operand (`e + 1`, `e ^ 1`).
                    let free = matches!(op, BinOp::Add | BinOp::BitXor);
                    let lone = |e: &Item| matches!(e.expr, Expr::Var(_));
                    let flip = free && !lone(e1) && (lone(e2) || e2.size > e1.size);
                    let (l, r) = if swapped || flip { (e2, e1) } else { (e1, e2) };
                    let expr = tidy(Expr::Binary(
                        op,
                        Box::new(l.expr.clone()),
                        Box::new(r.expr.clone()),
                    ));
                    best = best.min(size(&expr));
                    found.push(expr);
                }
            }
        }
        out.extend(found);
    } else {
        out.extend(bool_pairs(items, &tail, t));
    }
    if space.table.dims() == 1 {
        // Per class, the expressions up to one node below the pool's largest: a class's
        // formula is short (`n - 1`, `G(n / 2)`), and there are eleven moduli to index.
        let largest = items.last().map_or(0, |i| i.size);
        let short = items.partition_point(|i| i.size < largest.max(2));
        for m in 2..=12i64 {
            if let Some(e) = by_residue(space, &items[..short], &tail, m) {
                out.push(e);
            }
        }
    }
    out.into_iter()
        .map(|body| with_exceptions(body, space.table, &space.variables, boolean))
        .map(|expr| Candidate {
            score: size(&expr),
            expr,
        })
        .collect()
}

/// One pool item per class of `n % m`, joined by `if`s (the most common item last, as the
/// default); `None` unless every class has one.
fn by_residue(space: &Space, items: &[Item], tail: &[usize], m: i64) -> Option<Expr> {
    let mut per_class: Vec<Expr> = Vec::new();
    for r in 0..m {
        let at: Vec<usize> = tail
            .iter()
            .copied()
            .filter(|&k| space.points[k][0] % m == r)
            .collect();
        if at.len() < 3 {
            return None;
        }
        let index = Index::new(items, at);
        per_class.push(index.find(|k| space.target[k])?.expr.clone());
    }
    if per_class.iter().all(|e| *e == per_class[0]) {
        // One expression for all classes: the direct lookup has it already.
        return None;
    }
    // Classes grouped by their expression; the biggest group is the default branch.
    let mut groups: Vec<(Expr, Vec<i64>)> = Vec::new();
    for (r, e) in per_class.into_iter().enumerate() {
        match groups.iter_mut().find(|(g, _)| *g == e) {
            Some((_, rs)) => rs.push(r as i64),
            None => groups.push((e, vec![r as i64])),
        }
    }
    let default = (0..groups.len()).max_by_key(|&i| (groups[i].1.len(), usize::MAX - i))?;
    let (fallback, _) = groups.remove(default);
    let n = Expr::Var(space.variables[0].clone());
    let residue = Expr::Binary(BinOp::Rem, Box::new(n), Box::new(Expr::Num(m as i128)));
    Some(groups.into_iter().rev().fold(fallback, |rest, (e, rs)| {
        let cond = rs
            .into_iter()
            .map(|r| {
                Expr::Binary(
                    BinOp::Eq,
                    Box::new(residue.clone()),
                    Box::new(Expr::Num(r as i128)),
                )
            })
            .reduce(|a, b| Expr::Binary(BinOp::Or, Box::new(a), Box::new(b)))
            .expect("a group has a class");
        Expr::If(Box::new(cond), Box::new(e), Box::new(rest))
    }))
}

/// `body` with the first values where it fails listed in front: `if(n < k, [..][n], body)` (for
/// a boolean, `n == e || ...` and `n != e && ...`). Unchanged if it holds from 0.
pub(crate) fn with_exceptions(
    body: Expr,
    table: &Table,
    variables: &[String],
    boolean: bool,
) -> Expr {
    let Table::Line(values) = table else {
        return body;
    };
    let wrong: Vec<i64> = (0..EXCEPTIONS.min(values.len() as i64))
        .filter(|&n| values[n as usize].is_some_and(|v| eval(&body, [n, 0], table, variables) != v))
        .collect();
    let Some(&last) = wrong.last() else {
        return body;
    };
    let n = || Box::new(Expr::Var(variables[0].clone()));
    if boolean {
        return wrong.into_iter().rev().fold(body, |rest, k| {
            let is_p = values[k as usize] == Some(1);
            let (cmp, join) = if is_p {
                (BinOp::Eq, BinOp::Or)
            } else {
                (BinOp::Ne, BinOp::And)
            };
            let at = Expr::Binary(cmp, n(), Box::new(Expr::Num(k as i128)));
            Expr::Binary(join, Box::new(at), Box::new(rest))
        });
    }
    let list: Vec<i128> = (0..=last)
        .map(|k| values[k as usize].unwrap_or(0) as i128)
        .collect();
    let head = if list.iter().all(|&v| v == list[0]) {
        Expr::Num(list[0])
    } else {
        Expr::Index(list, n())
    };
    let cond = Expr::Binary(BinOp::Lt, n(), Box::new(Expr::Num(last as i128 + 1)));
    Expr::If(Box::new(cond), Box::new(head), Box::new(body))
}

/// How many of the smallest booleans are joined in pairs, and how many pairs are kept.
const PAIRED: usize = 4000;
const PAIRS_KEPT: usize = 16;

/// `b1 || b2` and `b1 && b2` of two pool booleans that give the target on the tail points
/// (`n % 4 == 0 || n >= 20`; `x % 2 == 0 && y % 2 == 0`), smallest first; the booleans as
/// bitsets, so the millions of pairs cost a few word operations each.
fn bool_pairs(items: &[Item], tail: &[usize], t: &[i64]) -> Vec<Expr> {
    let words = tail.len().div_ceil(64);
    let bits = |vals: &dyn Fn(usize) -> i64| {
        let mut b = vec![0u64; words];
        for (i, &k) in tail.iter().enumerate() {
            if vals(k) != 0 {
                b[i / 64] |= 1 << (i % 64);
            }
        }
        b
    };
    let target = bits(&|k| t[k]);
    let sets: Vec<Vec<u64>> = items
        .iter()
        .take(PAIRED)
        .map(|item| bits(&|k| item.vals[k]))
        .collect();
    let mut found: Vec<(usize, Expr)> = Vec::new();
    for i in 0..sets.len() {
        for j in i + 1..sets.len() {
            for op in [BinOp::Or, BinOp::And] {
                let joined = sets[i].iter().zip(&sets[j]).map(|(a, b)| match op {
                    BinOp::Or => a | b,
                    _ => a & b,
                });
                if joined.eq(target.iter().copied()) {
                    let expr = Expr::Binary(
                        op,
                        Box::new(items[i].expr.clone()),
                        Box::new(items[j].expr.clone()),
                    );
                    found.push((size(&expr), expr));
                }
            }
        }
        if found.len() >= PAIRS_KEPT {
            break;
        }
    }
    found.sort_by_key(|(s, _)| *s);
    found.into_iter().map(|(_, e)| e).collect()
}

/// `a + (b - c)` written `a + b - c`, as people write it (the same value unless an intermediate
/// overflows, which the validation of every candidate would catch: integers do not
/// round).
fn tidy(e: Expr) -> Expr {
    match e {
        Expr::Binary(BinOp::Add, a, r) => match *r {
            Expr::Binary(BinOp::Sub, b, c) => {
                Expr::Binary(BinOp::Sub, Box::new(Expr::Binary(BinOp::Add, a, b)), c)
            }
            r => Expr::Binary(BinOp::Add, a, Box::new(r)),
        },
        e => e,
    }
}
