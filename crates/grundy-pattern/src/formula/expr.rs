//! The syntax tree of a formula: what [`super::parse`] builds, [`super::eval`] evaluates,
//! [`super::print`] writes back (as a formula, a C++ function or a Python function), and the
//! guesser ([`crate::guess`]) builds by search.

/// A formula: an integer or boolean expression over a game's variables (`n`; `a`, `b`; `x`, `y`)
/// and its own values (`G(...)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An integer literal.
    Num(i128),
    /// `true` or `false`.
    Bool(bool),
    /// A variable, by name (`n`, `a`, `b`, `x`, `y`).
    Var(String),
    /// `-e`, `!e`, `~e`.
    Unary(UnOp, Box<Expr>),
    /// `l op r`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if(c, a, b)`: `a` where `c` holds, else `b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A built-in function applied to its arguments (`min(a, b)`, `popcount(n)`, `G(n / 2)`).
    Call(Func, Vec<Expr>),
    /// `[v0, v1, ...][i]`: a list of literals indexed by an expression (a period's values).
    Index(Vec<i128>, Box<Expr>),
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-e`, integer negation.
    Neg,
    /// `!e`, boolean negation.
    Not,
    /// `~e`, bitwise complement (of a two's-complement integer, as in C and Python).
    BitNot,
}

/// An infix operator. Precedence (loosest first), as in Python, which C shares except that C
/// binds `&`, `^`, `|` looser than comparisons; the parser refuses a bit operator and a
/// comparison side by side without parentheses, where the two languages read it differently:
/// `||`; `&&`; comparisons; `|`; `^`; `&`; `<<` `>>`; `+` `-`; `*` `/` `%`; unary `-` `!` `~`;
/// `**` (right-associative).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`: integer division, rounded toward zero as in C (the guesser divides only
    /// non-negative numbers, where C and Python agree).
    Div,
    /// `%`: the remainder of `/`, with the sign of the dividend as in C.
    Rem,
    /// `**`: power (`^` was the power in the old formula syntax; it is now XOR, as in C).
    Pow,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`: exclusive or, the nim-sum.
    BitXor,
    /// `<<`
    Shl,
    /// `>>`: arithmetic shift right.
    Shr,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `&&`
    And,
    /// `||`
    Or,
}

/// A built-in function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// `min(a, b, ...)`
    Min,
    /// `max(a, b, ...)`
    Max,
    /// `abs(a)`
    Abs,
    /// `popcount(a)`: the number of 1 bits of `a >= 0`.
    Popcount,
    /// `ctz(a)`: trailing zero bits of `a > 0` (the 2-adic valuation).
    Ctz,
    /// `bitlen(a)`: the number of bits of `a >= 0` (`bitlen(0) = 0`, `bitlen(5) = 3`).
    Bitlen,
    /// `log2(a)`: `floor(log2(a))` for `a > 0` (`bitlen(a) - 1`).
    Log2,
    /// `isqrt(a)`: `floor(sqrt(a))` for `a >= 0`.
    Isqrt,
    /// `isfib(a)`: `a` is a Fibonacci number (0, 1, 2, 3, 5, 8, ...: `5a² ± 4` is a square).
    Isfib,
    /// `G(...)`: the formula's own value at another position (one argument per variable),
    /// normally a smaller one, e.g. `G(n / 2)`: the evaluator follows any recursion that ends
    /// (a loop, or one deeper than its limit, is an error), and the search reads `G` only at
    /// smaller positions.
    G,
}
