//! Evaluating an [`Expr`]: exact `i128` arithmetic, every failure an [`EvalError`] in words.
//!
//! `G(...)` (the formula's own value elsewhere) is computed without Rust recursion: the
//! evaluator keeps a stack of the positions under way; when evaluating the top one meets a
//! `G(...)` not yet known, that position is pushed and the top one is evaluated again once it is
//! known. A position asked for while it is under way is a loop in the recursion, an error;
//! the stack holds at most [`MAX_RECURSION`] positions. Values are kept in a [`Memo`] (cleared
//! past [`MAX_MEMO`] entries) from one call to the next, so a recursive formula evaluated in
//! increasing order recurses one level at a time.

use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};

use super::expr::{BinOp, Expr, Func, UnOp};
use super::parse::{function_name, symbol, MAX_DEPTH};
use super::Formula;

/// How many positions a recursion may have under way at once.
pub const MAX_RECURSION: usize = 100_000;

/// How many values a [`Memo`] keeps before it starts again.
pub const MAX_MEMO: usize = 4 << 20;

/// What a formula gives at one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// An integer (a Grundy value).
    Int(i128),
    /// A boolean (e.g. "this is a P-position").
    Bool(bool),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Int(i) => write!(f, "{i}"),
            Answer::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// Why a formula has no value at a position (an overflow, a division by zero, a boolean where
/// an integer is needed, a loop in its recursion, ...), in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(pub String);

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EvalError {}

/// The values of `G` a formula has computed, by position.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    /// The formula (text and variables) the values are of.
    owner: Option<(String, Vec<String>)>,
    values: FxHashMap<Box<[i128]>, Answer>,
}

impl Memo {
    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn insert(&mut self, at: Box<[i128]>, value: Answer) {
        if self.values.len() >= MAX_MEMO {
            self.values.clear();
        }
        self.values.insert(at, value);
    }
}

/// Evaluates one formula at many positions, keeping the values of its recursion.
pub struct Evaluator<'a> {
    formula: &'a Formula,
    memo: Memo,
}

/// The formula evaluated once at `args` (the values of `variables`, in order).
pub fn eval_once(expr: &Expr, variables: &[&str], args: &[i128]) -> Result<Answer, EvalError> {
    Formula::from_expr(expr.clone(), variables)
        .evaluator()
        .eval(args)
}

impl<'a> Evaluator<'a> {
    pub(super) fn new(formula: &'a Formula, mut memo: Memo) -> Evaluator<'a> {
        let mine = memo
            .owner
            .as_ref()
            .is_some_and(|(text, vars)| *text == formula.text && *vars == formula.variables);
        if !mine {
            memo.values.clear();
            memo.owner = Some((formula.text.clone(), formula.variables.clone()));
        }
        Evaluator { formula, memo }
    }

    /// The values computed so far, to start another evaluator of the same formula from
    /// ([`Formula::evaluator_with`]).
    pub fn into_memo(self) -> Memo {
        self.memo
    }

    /// The formula's answer with its variables at `args` (in the order of
    /// [`Formula::variables`]).
    pub fn eval(&mut self, args: &[i128]) -> Result<Answer, EvalError> {
        let f = self.formula;
        if args.len() != f.variables.len() {
            return Err(EvalError(format!(
                "the formula is over {} variable(s) ({}), given {} value(s)",
                f.variables.len(),
                f.variables.join(", "),
                args.len()
            )));
        }
        if f.depth > MAX_DEPTH {
            return Err(EvalError(format!(
                "the formula's tree is deeper than {MAX_DEPTH} levels, too deep to evaluate"
            )));
        }
        if !f.recursive {
            let cx = Context {
                variables: &f.variables,
                args,
                memo: &self.memo.values,
            };
            return cx.value(&f.expr).map_err(|stop| match stop {
                Stop::Fail(m) => EvalError(m),
                Stop::Need(_) => EvalError("G(...) met in a formula without G".into()),
            });
        }
        if let Some(&known) = self.memo.values.get(args) {
            return Ok(known);
        }
        let mut stack: Vec<Box<[i128]>> = vec![args.into()];
        let mut under_way: FxHashSet<Box<[i128]>> = FxHashSet::default();
        under_way.insert(args.into());
        loop {
            let Some(top) = stack.last() else {
                return Err(EvalError("internal: empty recursion stack".into()));
            };
            let cx = Context {
                variables: &f.variables,
                args: top,
                memo: &self.memo.values,
            };
            match cx.value(&f.expr) {
                Ok(value) => {
                    let Some(done) = stack.pop() else { continue };
                    under_way.remove(&done);
                    self.memo.insert(done, value);
                    if stack.is_empty() {
                        return Ok(value);
                    }
                }
                Err(Stop::Need(at)) => {
                    if under_way.contains(&at) {
                        return Err(EvalError(format!(
                            "G({}) depends on itself (the formula's recursion loops), at {}",
                            join(&at),
                            position(&f.variables, args)
                        )));
                    }
                    if stack.len() >= MAX_RECURSION {
                        return Err(EvalError(format!(
                            "the formula's recursion is deeper than {MAX_RECURSION} at {}",
                            position(&f.variables, args)
                        )));
                    }
                    under_way.insert(at.clone());
                    stack.push(at);
                }
                Err(Stop::Fail(m)) if stack.len() > 1 => {
                    return Err(EvalError(format!("{m}, computing G({})", join(top))));
                }
                Err(Stop::Fail(m)) => return Err(EvalError(m)),
            }
        }
    }
}

fn join(values: &[i128]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `n = 5` or `a = 1, b = 2`.
fn position(variables: &[String], args: &[i128]) -> String {
    variables
        .iter()
        .zip(args)
        .map(|(v, a)| format!("{v} = {a}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why an evaluation stopped: a failure, or a value of `G` that must be computed first.
enum Stop {
    Need(Box<[i128]>),
    Fail(String),
}

fn fail<T>(message: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Fail(message.into()))
}

/// One position being evaluated.
struct Context<'a> {
    variables: &'a [String],
    args: &'a [i128],
    memo: &'a FxHashMap<Box<[i128]>, Answer>,
}

fn int(v: Answer, what: &str) -> Result<i128, Stop> {
    match v {
        Answer::Int(i) => Ok(i),
        Answer::Bool(b) => fail(format!("{what} needs an integer, not {b}")),
    }
}

fn boolean(v: Answer, what: &str) -> Result<bool, Stop> {
    match v {
        Answer::Bool(b) => Ok(b),
        Answer::Int(i) => fail(format!(
            "{what} needs true or false, not the integer {i} (compare it: {i} != 0?)"
        )),
    }
}

fn overflow(what: &str) -> Stop {
    Stop::Fail(format!("overflow in {what} (beyond the 128-bit integers)"))
}

impl Context<'_> {
    fn value(&self, e: &Expr) -> Result<Answer, Stop> {
        match e {
            Expr::Num(n) => Ok(Answer::Int(*n)),
            Expr::Bool(b) => Ok(Answer::Bool(*b)),
            Expr::Var(name) => match self.variables.iter().position(|v| v == name) {
                Some(i) => Ok(Answer::Int(self.args[i])),
                None => fail(format!("unknown variable '{name}'")),
            },
            Expr::Unary(op, x) => {
                let v = self.value(x)?;
                match op {
                    UnOp::Neg => {
                        let i = int(v, "`-`")?;
                        i.checked_neg()
                            .map(Answer::Int)
                            .ok_or_else(|| overflow("`-`"))
                    }
                    UnOp::Not => Ok(Answer::Bool(!boolean(v, "`!`")?)),
                    UnOp::BitNot => Ok(Answer::Int(!int(v, "`~`")?)),
                }
            }
            Expr::Binary(op, l, r) => self.binary(*op, l, r),
            Expr::If(c, yes, no) => {
                if boolean(self.value(c)?, "the condition of if")? {
                    self.value(yes)
                } else {
                    self.value(no)
                }
            }
            Expr::Call(f, args) => self.call(*f, args),
            Expr::Index(values, i) => {
                let i = int(self.value(i)?, "a list index")?;
                match usize::try_from(i).ok().and_then(|k| values.get(k)) {
                    Some(&v) => Ok(Answer::Int(v)),
                    None => fail(format!(
                        "index {i} is out of range for a list of {} values (0 to {})",
                        values.len(),
                        values.len().saturating_sub(1)
                    )),
                }
            }
        }
    }

    fn binary(&self, op: BinOp, l: &Expr, r: &Expr) -> Result<Answer, Stop> {
        let what = format!("`{}`", symbol(op));
        // Logic first: the right side is evaluated only when needed.
        match op {
            BinOp::And | BinOp::Or => {
                let a = boolean(self.value(l)?, &what)?;
                if a == (op == BinOp::Or) {
                    return Ok(Answer::Bool(a));
                }
                return Ok(Answer::Bool(boolean(self.value(r)?, &what)?));
            }
            BinOp::Eq | BinOp::Ne => {
                let (a, b) = (self.value(l)?, self.value(r)?);
                let same = match (a, b) {
                    (Answer::Int(x), Answer::Int(y)) => x == y,
                    (Answer::Bool(x), Answer::Bool(y)) => x == y,
                    _ => {
                        return fail(format!(
                            "{what} compares an integer with true or false ({a} and {b})"
                        ))
                    }
                };
                return Ok(Answer::Bool(same == (op == BinOp::Eq)));
            }
            _ => {}
        }
        let a = int(self.value(l)?, &what)?;
        let b = int(self.value(r)?, &what)?;
        let checked = |v: Option<i128>| v.map(Answer::Int).ok_or_else(|| overflow(&what));
        match op {
            BinOp::Add => checked(a.checked_add(b)),
            BinOp::Sub => checked(a.checked_sub(b)),
            BinOp::Mul => checked(a.checked_mul(b)),
            BinOp::Div | BinOp::Rem if b == 0 => {
                fail(format!("{a} {} 0: division by zero", symbol(op)))
            }
            BinOp::Div => checked(a.checked_div(b)),
            BinOp::Rem => checked(a.checked_rem(b)),
            BinOp::Pow => power(a, b).map(Answer::Int),
            BinOp::BitAnd => Ok(Answer::Int(a & b)),
            BinOp::BitOr => Ok(Answer::Int(a | b)),
            BinOp::BitXor => Ok(Answer::Int(a ^ b)),
            BinOp::Shl | BinOp::Shr if b < 0 => {
                fail(format!("{a} {} {b}: a negative shift", symbol(op)))
            }
            BinOp::Shl => {
                if b >= 127 {
                    return fail(format!("{a} << {b}: a shift of 127 bits or more overflows"));
                }
                let shifted = a << b;
                if shifted >> b != a {
                    return Err(overflow(&what));
                }
                Ok(Answer::Int(shifted))
            }
            // Arithmetic: the sign fills in, as in Python (and C on every machine it runs on).
            BinOp::Shr => Ok(Answer::Int(a >> b.min(127))),
            BinOp::Lt => Ok(Answer::Bool(a < b)),
            BinOp::Le => Ok(Answer::Bool(a <= b)),
            BinOp::Gt => Ok(Answer::Bool(a > b)),
            BinOp::Ge => Ok(Answer::Bool(a >= b)),
            BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne => unreachable_logic(),
        }
    }

    fn call(&self, f: Func, args: &[Expr]) -> Result<Answer, Stop> {
        let name = function_name(f);
        if f == Func::G {
            if args.len() != self.variables.len() {
                return fail(format!(
                    "G takes {} argument(s), one per variable, not {}",
                    self.variables.len(),
                    args.len()
                ));
            }
            let mut at = Vec::with_capacity(args.len());
            for a in args {
                at.push(int(self.value(a)?, "G")?);
            }
            if at.iter().any(|&v| v < 0) {
                return fail(format!(
                    "G({}) is asked for, but a position's variables are not negative",
                    join(&at)
                ));
            }
            return match self.memo.get(at.as_slice()) {
                Some(&v) => Ok(v),
                None => Err(Stop::Need(at.into())),
            };
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(int(self.value(a)?, name)?);
        }
        let Some(&a) = values.first() else {
            return fail(format!("{name} needs an argument"));
        };
        let non_negative = |a: i128| {
            if a < 0 {
                fail(format!("{name}({a}): the argument must not be negative"))
            } else {
                Ok(a)
            }
        };
        let positive = |a: i128| {
            if a <= 0 {
                fail(format!("{name}({a}): the argument must be positive"))
            } else {
                Ok(a)
            }
        };
        let v = match f {
            Func::Min => values.iter().copied().min().unwrap_or(a),
            Func::Max => values.iter().copied().max().unwrap_or(a),
            Func::Abs => a.checked_abs().ok_or_else(|| overflow("abs"))?,
            Func::Popcount => i128::from(non_negative(a)?.count_ones()),
            Func::Ctz if a == 0 => return fail("ctz(0): zero has no lowest 1 bit"),
            Func::Ctz => i128::from(a.trailing_zeros()),
            Func::Bitlen => i128::from(128 - non_negative(a)?.leading_zeros()),
            Func::Log2 => i128::from(127 - positive(a)?.leading_zeros()),
            Func::Isqrt => isqrt(non_negative(a)? as u128) as i128,
            Func::Isfib => return Ok(Answer::Bool(is_fibonacci(non_negative(a)?))),
            Func::G => return fail("G is evaluated above"),
        };
        Ok(Answer::Int(v))
    }
}

fn unreachable_logic() -> Result<Answer, Stop> {
    fail("internal: a logical operator reached arithmetic")
}

/// `a ** b`, exactly.
fn power(a: i128, b: i128) -> Result<i128, Stop> {
    if b < 0 {
        return fail(format!(
            "{a} ** {b}: a negative exponent (formulas are over integers)"
        ));
    }
    match a {
        0 => return Ok(if b == 0 { 1 } else { 0 }),
        1 => return Ok(1),
        -1 => return Ok(if b % 2 == 0 { 1 } else { -1 }),
        _ => {}
    }
    u32::try_from(b)
        .ok()
        .and_then(|e| a.checked_pow(e))
        .ok_or_else(|| overflow("`**`"))
}

/// `floor(sqrt(a))`, exactly (Newton's method on integers).
pub fn isqrt(a: u128) -> u128 {
    if a < 2 {
        return a;
    }
    // A first guess at least the root: 2^ceil(bits / 2).
    let bits = 128 - a.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + a / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// Whether `a >= 0` is a Fibonacci number: `5a² + 4` or `5a² - 4` is a square (Gessel's test),
/// or, where `5a²` overflows, by walking the sequence (fewer than 190 steps below 2^127).
pub fn is_fibonacci(a: i128) -> bool {
    if a < 0 {
        return false;
    }
    let square = |s: u128| isqrt(s) * isqrt(s) == s;
    match (a as u128)
        .checked_mul(a as u128)
        .and_then(|s| s.checked_mul(5))
        .and_then(|s| s.checked_add(4))
    {
        Some(s) => square(s) || (s >= 8 && square(s - 8)),
        None => {
            let (mut x, mut y) = (0u128, 1u128);
            while x < a as u128 {
                let Some(z) = x.checked_add(y) else {
                    return false;
                };
                (x, y) = (y, z);
            }
            x == a as u128
        }
    }
}

/// The depth of `e`'s tree, without recursion.
pub(super) fn depth(e: &Expr) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(e, 1)];
    while let Some((e, d)) = stack.pop() {
        deepest = deepest.max(d);
        for child in children(e) {
            stack.push((child, d + 1));
        }
    }
    deepest
}

/// Whether `e` calls `G`, without recursion.
pub(super) fn is_recursive(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if matches!(e, Expr::Call(Func::G, _)) {
            return true;
        }
        stack.extend(children(e));
    }
    false
}

fn children(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::Num(_) | Expr::Bool(_) | Expr::Var(_) => vec![],
        Expr::Unary(_, x) | Expr::Index(_, x) => vec![x],
        Expr::Binary(_, l, r) => vec![l, r],
        Expr::If(c, a, b) => vec![c, a, b],
        Expr::Call(_, args) => args.iter().collect(),
    }
}
