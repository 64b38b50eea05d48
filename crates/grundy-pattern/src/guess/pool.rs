//! Enumerative synthesis: every expression up to a size, built bottom-up and kept only when it
//! differs from every smaller one on the fitting points (*observational equivalence*: two
//! expressions that agree on every point the search looks at are one expression to it).
//!
//! An expression is represented by its vector of values on the points; a point where it is
//! undefined (division by zero, overflow, `ctz(0)`, `G` of a position not smaller than the
//! current one) holds [`UNDEF`]. Constants are leaves only: an expression whose vector is
//! constant is dropped, so the pool spends its room on shapes, not arithmetic on literals.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashSet, FxHasher};

use crate::formula::{BinOp, Expr, Func};

use super::space::Space;

/// A point where an expression has no value.
pub(crate) const UNDEF: i64 = i64::MIN;

/// One expression of the pool: its tree, its size (nodes) and its values on the points.
pub(crate) struct Item {
    pub expr: Expr,
    pub size: u32,
    pub vals: Box<[i64]>,
}

/// How far the enumeration goes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// The largest expression size (nodes).
    pub max_size: u32,
    /// The most integer expressions kept.
    pub max_ints: usize,
    /// The most boolean expressions kept.
    pub max_bools: usize,
}

/// The integer and boolean expressions found, smallest first.
pub(crate) struct Pool {
    pub ints: Vec<Item>,
    pub bools: Vec<Item>,
}

const INT_OPS: [BinOp; 10] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Rem,
    BinOp::BitAnd,
    BinOp::BitOr,
    BinOp::BitXor,
    BinOp::Shl,
    BinOp::Shr,
];

const CMP_OPS: [BinOp; 4] = [BinOp::Eq, BinOp::Ne, BinOp::Lt, BinOp::Le];

fn commutative(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
    )
}

/// `l op r` at one point, as the formula language computes it (C's truncating division,
/// overflow and out-of-range shifts undefined).
pub(crate) fn apply(op: BinOp, l: i64, r: i64) -> i64 {
    if l == UNDEF || r == UNDEF {
        return UNDEF;
    }
    let v = match op {
        BinOp::Add => l.checked_add(r),
        BinOp::Sub => l.checked_sub(r),
        BinOp::Mul => l.checked_mul(r),
        BinOp::Div => l.checked_div(r),
        BinOp::Rem => l.checked_rem(r),
        BinOp::BitAnd => Some(l & r),
        BinOp::BitOr => Some(l | r),
        BinOp::BitXor => Some(l ^ r),
        BinOp::Shl => {
            if (0..=62).contains(&r) && (l << r) >> r == l {
                Some(l << r)
            } else {
                None
            }
        }
        BinOp::Shr => (0..=62).contains(&r).then(|| l >> r),
        BinOp::Eq => Some((l == r) as i64),
        BinOp::Ne => Some((l != r) as i64),
        BinOp::Lt => Some((l < r) as i64),
        BinOp::Le => Some((l <= r) as i64),
        BinOp::Gt => Some((l > r) as i64),
        BinOp::Ge => Some((l >= r) as i64),
        BinOp::And => Some((l != 0 && r != 0) as i64),
        BinOp::Or => Some((l != 0 || r != 0) as i64),
        BinOp::Pow => u32::try_from(r).ok().and_then(|e| l.checked_pow(e)),
    };
    v.filter(|&x| x != UNDEF).unwrap_or(UNDEF)
}

/// A one-argument function at one point.
pub(crate) fn apply_func(f: Func, x: i64) -> i64 {
    if x == UNDEF {
        return UNDEF;
    }
    match f {
        Func::Abs => x.checked_abs().unwrap_or(UNDEF),
        Func::Popcount if x >= 0 => x.count_ones() as i64,
        Func::Ctz if x > 0 => x.trailing_zeros() as i64,
        Func::Bitlen if x >= 0 => 64 - x.leading_zeros() as i64,
        Func::Log2 if x > 0 => 63 - x.leading_zeros() as i64,
        Func::Isqrt if x >= 0 => isqrt(x),
        Func::Isfib if x >= 0 => is_fibonacci(x) as i64,
        _ => UNDEF,
    }
}

/// `floor(sqrt(x))`, exactly.
pub(crate) fn isqrt(x: i64) -> i64 {
    let mut r = (x as f64).sqrt() as i64;
    while r > 0 && r.checked_mul(r).is_none_or(|s| s > x) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|s| s <= x) {
        r += 1;
    }
    r
}

fn is_fibonacci(x: i64) -> bool {
    let (mut a, mut b) = (0i64, 1i64);
    while a < x {
        let Some(c) = a.checked_add(b) else {
            // Past the largest Fibonacci number of 64 bits, and x is not one of them.
            return b == x;
        };
        a = b;
        b = c;
    }
    a == x
}

/// The vectors seen so far, by hash (for observational equivalence). Two different vectors
/// with one 64-bit hash would lose the second expression: a formula missed, never a wrong one,
/// since every candidate is validated on the table.
#[derive(Default)]
struct Seen(FxHashSet<u64>);

impl Seen {
    /// Whether `vals` is new (and now seen).
    fn admit(&mut self, vals: &[i64]) -> bool {
        let mut h = FxHasher::default();
        vals.hash(&mut h);
        self.0.insert(h.finish())
    }
}

fn constant(v: &[i64]) -> bool {
    v.iter().all(|&x| x == v[0])
}

/// Where new expressions of one type go, kept if the shelf has room and they are new: an
/// integer if defined somewhere and not constant (constants are leaves); a boolean if defined
/// everywhere and not constant.
struct Shelf {
    items: Vec<Item>,
    seen: Seen,
    cap: usize,
    boolean: bool,
}

impl Shelf {
    fn new(cap: usize, boolean: bool) -> Shelf {
        Shelf {
            items: Vec::new(),
            seen: Seen::default(),
            cap,
            boolean,
        }
    }

    fn full(&self) -> bool {
        self.items.len() >= self.cap
    }

    /// Keeps `vals` if it belongs here; `make` builds the expression only then.
    fn offer(&mut self, size: u32, vals: &[i64], make: impl FnOnce(&[Item]) -> Expr) {
        let unfit = if self.boolean {
            vals.contains(&UNDEF) || constant(vals)
        } else {
            vals.iter().all(|&x| x == UNDEF) || (size > 1 && constant(vals))
        };
        if self.full() || unfit {
            return;
        }
        if self.seen.admit(vals) {
            let expr = make(&self.items);
            self.items.push(Item {
                expr,
                size,
                vals: vals.into(),
            });
        }
    }
}

/// `f` point by point over two vectors, into `out`.
fn combine(out: &mut Vec<i64>, a: &[i64], b: &[i64], f: impl Fn(i64, i64) -> i64) {
    out.clear();
    out.extend(a.iter().zip(b).map(|(&l, &r)| f(l, r)));
}

/// `f` point by point over one vector, into `out`.
fn map(out: &mut Vec<i64>, a: &[i64], f: impl Fn(i64) -> i64) {
    out.clear();
    out.extend(a.iter().map(|&x| f(x)));
}

/// `l op r` written with a literal on the right, as people write it (`n >= 162`, not
/// `162 <= n`).
fn comparison(op: BinOp, l: &Expr, r: &Expr) -> Expr {
    if matches!(l, Expr::Num(_)) && !matches!(r, Expr::Num(_)) {
        let flipped = match op {
            BinOp::Lt => BinOp::Gt,
            BinOp::Le => BinOp::Ge,
            BinOp::Gt => BinOp::Lt,
            BinOp::Ge => BinOp::Le,
            other => other,
        };
        return binary_expr(flipped, r, l);
    }
    binary_expr(op, l, r)
}

fn binary_expr(op: BinOp, l: &Expr, r: &Expr) -> Expr {
    Expr::Binary(op, Box::new(l.clone()), Box::new(r.clone()))
}

impl Pool {
    /// Every expression up to `limits`, over the variables and points of `space`, with the
    /// literals `constants`.
    pub fn enumerate(space: &Space, constants: &[i64], limits: Limits) -> Pool {
        let k = space.points.len();
        let mut ints = Shelf::new(limits.max_ints, false);
        let mut bools = Shelf::new(limits.max_bools, true);
        // levels[s] = the range of items of size s.
        let mut int_levels: Vec<(usize, usize)> = vec![(0, 0)];
        let mut bool_levels: Vec<(usize, usize)> = vec![(0, 0)];
        let mut scratch: Vec<i64> = Vec::with_capacity(k);
        let two_vars = space.variables.len() == 2;
        // `abs(a - b)` for two numbers; a count of bits for either.
        let unary: &[Func] = if two_vars {
            &[
                Func::Popcount,
                Func::Ctz,
                Func::Bitlen,
                Func::Isqrt,
                Func::Abs,
            ]
        } else {
            &[Func::Popcount, Func::Ctz, Func::Bitlen, Func::Isqrt]
        };
        for s in 1..=limits.max_size {
            let start = ints.items.len();
            let bstart = bools.items.len();
            if s == 1 {
                for (i, name) in space.variables.iter().enumerate() {
                    let vals: Vec<i64> = space.points.iter().map(|p| p[i]).collect();
                    ints.offer(1, &vals, |_| Expr::Var(name.clone()));
                }
                for &c in constants {
                    ints.offer(1, &vec![c; k], |_| Expr::Num(c as i128));
                }
            } else {
                // Binary operators over sizes l + r = s - 1, the splits with a small side
                // first (`e % 4`, `e + 1`, `n ^ e`), then `G` and the one-argument functions of
                // the expressions one size smaller, then the other splits: when the pool fills
                // up, the common shapes are in.
                let mut splits: Vec<u32> = (1..s - 1).collect();
                splits.sort_by_key(|&ls| (ls.min(s - 1 - ls), std::cmp::Reverse(ls)));
                let small = splits
                    .iter()
                    .take_while(|&&ls| ls.min(s - 1 - ls) <= 1)
                    .count();
                for &ls in &splits[..small] {
                    binary(
                        &mut ints,
                        &mut scratch,
                        &int_levels,
                        ls,
                        s - 1 - ls,
                        s,
                        two_vars,
                    );
                }
                let (a, b) = int_levels[(s - 1) as usize];
                for i in a..b {
                    if let Some(vals) = space.lookup_g(&ints.items[i].vals) {
                        ints.offer(s, &vals, |items| {
                            Expr::Call(Func::G, vec![items[i].expr.clone()])
                        });
                    }
                }
                for i in a..b {
                    // A count of bits of a count of bits is how a search overfits small tables
                    // (`isqrt(ctz(popcount(n)))` fits to 4095 and fails at 65536): not tried.
                    if matches!(ints.items[i].expr, Expr::Call(f, _) if f != Func::G) {
                        continue;
                    }
                    for &f in unary {
                        map(&mut scratch, &ints.items[i].vals, |x| apply_func(f, x));
                        ints.offer(s, &scratch, |items| {
                            Expr::Call(f, vec![items[i].expr.clone()])
                        });
                    }
                }
                for &ls in &splits[small..] {
                    binary(
                        &mut ints,
                        &mut scratch,
                        &int_levels,
                        ls,
                        s - 1 - ls,
                        s,
                        two_vars,
                    );
                }
                // Booleans: comparisons of integers, `isfib`, and connectives. Each split of
                // the size gets a fair share of the room left, so `x % 3 == y % 3` (3 + 3) is
                // not crowded out by a flood of `e < c` (5 + 1).
                let splits = (s - 2).max(1) as usize;
                let level_room =
                    (bools.cap - bools.items.len()) / (limits.max_size - s + 1) as usize;
                let share = (level_room / (2 * splits)).max(1);
                for ls in 1..s - 1 {
                    let rs = s - 1 - ls;
                    let (la, lb) = int_levels[ls as usize];
                    let (ra, rb) = int_levels[rs as usize];
                    let stop = bools.items.len() + share;
                    'compare: for i in la..lb {
                        if bools.full() || bools.items.len() >= stop {
                            break 'compare;
                        }
                        for j in ra..rb {
                            for op in CMP_OPS {
                                let (l, r) = (&ints.items[i].vals, &ints.items[j].vals);
                                combine(&mut scratch, l, r, |l, r| apply(op, l, r));
                                bools.offer(s, &scratch, |_| {
                                    comparison(op, &ints.items[i].expr, &ints.items[j].expr)
                                });
                            }
                        }
                    }
                    if ls > rs {
                        continue;
                    }
                    let (la, lb) = bool_levels[ls as usize];
                    let (ra, rb) = bool_levels[rs as usize];
                    let stop = bools.items.len() + share;
                    'join: for op in [BinOp::And, BinOp::Or] {
                        for i in la..lb {
                            if bools.full() || bools.items.len() >= stop {
                                break 'join;
                            }
                            for j in ra.max(if ls == rs { i + 1 } else { 0 })..rb {
                                let (l, r) = (&bools.items[i].vals, &bools.items[j].vals);
                                combine(&mut scratch, l, r, |l, r| apply(op, l, r));
                                bools.offer(s, &scratch, |items| {
                                    binary_expr(op, &items[i].expr, &items[j].expr)
                                });
                            }
                        }
                    }
                }
                for i in a..b {
                    map(&mut scratch, &ints.items[i].vals, |x| {
                        apply_func(Func::Isfib, x)
                    });
                    bools.offer(s, &scratch, |_| {
                        Expr::Call(Func::Isfib, vec![ints.items[i].expr.clone()])
                    });
                }
            }
            int_levels.push((start, ints.items.len()));
            bool_levels.push((bstart, bools.items.len()));
            if ints.full() && bools.full() {
                break;
            }
        }
        Pool {
            ints: ints.items,
            bools: bools.items,
        }
    }
}

/// Every `l op r` with `l` of size `ls` and `r` of size `rs` (an expression of size `s`).
fn binary(
    ints: &mut Shelf,
    scratch: &mut Vec<i64>,
    levels: &[(usize, usize)],
    ls: u32,
    rs: u32,
    s: u32,
    two_vars: bool,
) {
    let (la, lb) = levels[ls as usize];
    let (ra, rb) = levels[rs as usize];
    // Left operand by left operand, every operator and right operand: the earlier (more
    // common) expressions get all their combinations before a full pool stops the level, and
    // arithmetic comes before bit operators (`n % 4` rather than `n & 3`).
    for i in la..lb {
        for op in INT_OPS {
            for j in ra..rb {
                // A commutative operator is tried once per pair, written bigger side first.
                if commutative(op) && (ls < rs || (ls == rs && j < i)) {
                    continue;
                }
                if ints.full() {
                    return;
                }
                // Moduli and divisors are constants, as in the formulas of the literature;
                // `10 % n` fits noise.
                if matches!(op, BinOp::Div | BinOp::Rem)
                    && !matches!(ints.items[j].expr, Expr::Num(_))
                {
                    continue;
                }
                let (l, r) = (&ints.items[i].vals, &ints.items[j].vals);
                combine(scratch, l, r, |l, r| apply(op, l, r));
                ints.offer(s, scratch, |items| {
                    binary_expr(op, &items[i].expr, &items[j].expr)
                });
            }
        }
        // Two numbers: their minimum and maximum (`min(a, b) % 3`), once per pair.
        if !two_vars {
            continue;
        }
        for f in [Func::Min, Func::Max] {
            for j in ra..rb {
                if ls < rs || (ls == rs && j <= i) || ints.full() {
                    continue;
                }
                let (l, r) = (&ints.items[i].vals, &ints.items[j].vals);
                combine(scratch, l, r, |l, r| match (l, r) {
                    (UNDEF, _) | (_, UNDEF) => UNDEF,
                    _ if f == Func::Min => l.min(r),
                    _ => l.max(r),
                });
                ints.offer(s, scratch, |items| {
                    Expr::Call(f, vec![items[i].expr.clone(), items[j].expr.clone()])
                });
            }
        }
    }
}
