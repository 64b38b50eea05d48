//! An [`Expr`] written out: as a formula of this language ([`formula`], with the fewest
//! parentheses that parse back to the same tree), as a C++17 function ([`cpp`]) or as a
//! Python 3 function ([`python`]).
//!
//! Each printer knows its language's precedence table and puts parentheses where that table
//! needs them, plus where a reader might hesitate (a comparison beside `&`, `^`, `|`; in C++,
//! what `gcc -Wparentheses` asks for). The C++ function takes and returns `long long` but
//! computes in `__int128` (GCC, Clang), so it agrees with [`super::Evaluator`], which computes
//! in `i128`, wherever the value fits in 64 bits (the intermediate values may go up to 2^127);
//! both functions assume the formula has a value (where the evaluator reports an error, they
//! may do anything).

use std::collections::BTreeSet;
use std::fmt;

use super::expr::{BinOp, Expr, Func, UnOp};
use super::parse::{function_name, is_bit, is_comparison, symbol};
use super::Formula;

/// `e` in this language, with the fewest parentheses that parse back to `e` (and always
/// around a bit operator beside a comparison, which the parser asks for).
pub fn formula(e: &Expr) -> String {
    own(e).0
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&formula(self))
    }
}

/// The precedence of an infix operator in this language (loosest 1; prefix operators 10,
/// `**` 11, atoms 12).
fn own_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 1,
        BinOp::And => 2,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
        BinOp::BitOr => 4,
        BinOp::BitXor => 5,
        BinOp::BitAnd => 6,
        BinOp::Shl | BinOp::Shr => 7,
        BinOp::Add | BinOp::Sub => 8,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 9,
        BinOp::Pow => 11,
    }
}

const OWN_UNARY: u8 = 10;
const OWN_ATOM: u8 = 12;

fn paren(s: String) -> String {
    format!("({s})")
}

/// The operator at the root of `e`, if it is an infix one.
fn root_op(e: &Expr) -> Option<BinOp> {
    match e {
        Expr::Binary(op, _, _) => Some(*op),
        _ => None,
    }
}

/// Whether a comparison and a bit operator meet at `op` and its operand `child`.
fn clash(op: BinOp, child: &Expr) -> bool {
    root_op(child)
        .is_some_and(|c| (is_comparison(op) && is_bit(c)) || (is_bit(op) && is_comparison(c)))
}

/// `e` printed, and its precedence.
fn own(e: &Expr) -> (String, u8) {
    let at_least = |child: &Expr, min: u8, parent: Option<BinOp>| {
        let (s, p) = own(child);
        if p < min || parent.is_some_and(|op| clash(op, child)) {
            paren(s)
        } else {
            s
        }
    };
    match e {
        Expr::Num(n) if *n < 0 => (n.to_string(), OWN_UNARY),
        Expr::Num(n) => (n.to_string(), OWN_ATOM),
        Expr::Bool(b) => (b.to_string(), OWN_ATOM),
        Expr::Var(v) => (v.clone(), OWN_ATOM),
        Expr::Unary(op, x) => {
            let inner = match (op, &**x) {
                // `-5` would read back as the literal -5.
                (UnOp::Neg, Expr::Num(_)) => paren(own(x).0),
                _ => at_least(x, OWN_UNARY, None),
            };
            let sym = match op {
                UnOp::Neg => "-",
                UnOp::Not => "!",
                UnOp::BitNot => "~",
            };
            (format!("{sym}{inner}"), OWN_UNARY)
        }
        Expr::Binary(BinOp::Pow, l, r) => {
            let l = at_least(l, OWN_ATOM, None);
            let r = at_least(r, OWN_UNARY, None);
            (format!("{l} ** {r}"), own_prec(BinOp::Pow))
        }
        Expr::Binary(op, l, r) => {
            let p = own_prec(*op);
            let left_min = if is_comparison(*op) { p + 1 } else { p };
            let l = at_least(l, left_min, Some(*op));
            let r = at_least(r, p + 1, Some(*op));
            (format!("{l} {} {r}", symbol(*op)), p)
        }
        Expr::If(c, a, b) => (
            format!("if({}, {}, {})", own(c).0, own(a).0, own(b).0),
            OWN_ATOM,
        ),
        Expr::Call(f, args) => (
            format!(
                "{}({})",
                function_name(*f),
                list(args.iter().map(|a| own(a).0))
            ),
            OWN_ATOM,
        ),
        Expr::Index(values, i) => (
            format!(
                "[{}][{}]",
                list(values.iter().map(|v| v.to_string())),
                own(i).0
            ),
            OWN_ATOM,
        ),
    }
}

fn list(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// Whether `e` is a boolean (`None`: only `G` decides, e.g. `G(n - 1)` alone).
fn boolean(e: &Expr) -> Option<bool> {
    match e {
        Expr::Bool(_) => Some(true),
        Expr::Unary(UnOp::Not, _) => Some(true),
        Expr::Binary(op, _, _) => Some(is_comparison(*op) || matches!(op, BinOp::And | BinOp::Or)),
        Expr::Call(Func::Isfib, _) => Some(true),
        Expr::Call(Func::G, _) => None,
        Expr::If(_, a, b) => boolean(a).or_else(|| boolean(b)),
        _ => Some(false),
    }
}

/// The parameters of the printed function: `n`, or `a, b`, with `ty` before each in C++.
fn parameters(f: &Formula, ty: &str) -> String {
    list(f.variables().iter().map(|v| format!("{ty}{v}")))
}

/// A C++17 function `long long name(long long n_in)` (one parameter per variable; `bool` for a
/// boolean formula) computing `f` in `__int128` (a GCC and Clang extension), preceded by the
/// helpers it uses (named `name_popcount` and so on, so that several functions can share a
/// file). The parameters are converted on entry (`const __int128 n = n_in;`) and the value
/// returned as `(long long)`, so the function agrees with [`super::Evaluator`] (which computes
/// in `i128`) wherever the value fits in 64 bits, even where the way there does not (Wythoff's
/// `isqrt(5 * d * d)` near `d = 10^18`). `G(...)` is a call of the function itself, whose
/// values are kept in a static `std::map`.
///
/// ```
/// use grundy_pattern::formula::{print, Formula};
///
/// let f = Formula::parse("if(n % 2 == 0, n / 2, G(n / 2))", &["n"]).unwrap();
/// let code = print::cpp(&f, "g");
/// assert!(code.contains("long long g(long long n_in) {\n    const __int128 n = n_in;\n"));
/// assert!(code.contains("(long long)(n % 2 == 0 ? n / 2 : g((long long)(n / 2)))"));
/// ```
pub fn cpp(f: &Formula, name: &str) -> String {
    let mut w = Cpp {
        name,
        helpers: BTreeSet::new(),
        tables: Vec::new(),
    };
    let (body, p) = w.expr(f.expr(), false);
    let boolean = boolean(f.expr()).unwrap_or(false);
    let ty = if boolean { "bool" } else { "long long" };
    // The value in the function's type: `(long long)` of an `__int128`.
    let body = if boolean || narrow(f.expr()) {
        body
    } else if p >= 12 {
        format!("(long long){body}")
    } else {
        format!("(long long)({body})")
    };
    let mut out = String::from("#include <algorithm>\n#include <array>\n#include <map>\n\n");
    for h in &w.helpers {
        out.push_str(&cpp_helper(h, name));
        out.push('\n');
    }
    if !w.helpers.is_empty() {
        out.push('\n');
    }
    let k = f.variables().len();
    let inputs = list(f.variables().iter().map(|v| format!("{v}_in")));
    out.push_str(&format!(
        "{ty} {name}({}) {{\n",
        list(f.variables().iter().map(|v| format!("long long {v}_in")))
    ));
    for v in f.variables() {
        if uses(f.expr(), v) {
            out.push_str(&format!("    const __int128 {v} = {v}_in;\n"));
        }
    }
    for (i, t) in w.tables.iter().enumerate() {
        // The values of a period fit in `long long`; others are `__int128` expressions.
        let ty = if t.iter().all(|v| i64::try_from(*v).is_ok()) {
            "long long"
        } else {
            "__int128"
        };
        out.push_str(&format!(
            "    static const {ty} {name}_t{i}[] = {{{}}};\n",
            list(t.iter().map(|v| cpp_literal(*v, false).0))
        ));
    }
    if f.recursive {
        out.push_str(&format!(
            "    static std::map<std::array<long long, {k}>, {ty}> memo;\n\
             \x20   auto known = memo.find({{{inputs}}});\n\
             \x20   if (known != memo.end()) return known->second;\n\
             \x20   {ty} value = {body};\n\
             \x20   memo.emplace(std::array<long long, {k}>{{{inputs}}}, value);\n\
             \x20   return value;\n"
        ));
    } else {
        out.push_str(&format!("    return {body};\n"));
    }
    out.push_str("}\n");
    out
}

/// Whether the variable `v` occurs in `e` (the others are not converted, which the compiler
/// would warn about).
fn uses(e: &Expr, v: &str) -> bool {
    match e {
        Expr::Var(w) => w == v,
        Expr::Num(_) | Expr::Bool(_) => false,
        Expr::Unary(_, x) | Expr::Index(_, x) => uses(x, v),
        Expr::Binary(_, l, r) => uses(l, v) || uses(r, v),
        Expr::If(c, a, b) => uses(c, v) || uses(a, v) || uses(b, v),
        Expr::Call(_, args) => args.iter().any(|a| uses(a, v)),
    }
}

fn cpp_helper(helper: &str, name: &str) -> String {
    let body = match helper {
        "abs" => "__int128 x) { return x < 0 ? -x : x; }",
        "pow" => "__int128 b, __int128 e) {\n    // By squaring: b * b is taken only while bits of e remain, so it is at most the result.\n    __int128 r = 1;\n    while (e > 0) {\n        if (e & 1) r *= b;\n        e >>= 1;\n        if (e > 0) b *= b;\n    }\n    return r;\n}",
        "popcount" => "__int128 x) {\n    return __builtin_popcountll((unsigned long long)x) +\n           __builtin_popcountll((unsigned long long)(x >> 64));\n}",
        "ctz" => "__int128 x) {\n    unsigned long long lo = (unsigned long long)x;\n    return lo != 0 ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(x >> 64));\n}",
        "bitlen" => "__int128 x) {\n    unsigned long long hi = (unsigned long long)(x >> 64), lo = (unsigned long long)x;\n    return hi != 0 ? 128 - __builtin_clzll(hi) : lo != 0 ? 64 - __builtin_clzll(lo) : 0;\n}",
        "log2" => "__int128 x) {\n    unsigned long long hi = (unsigned long long)(x >> 64), lo = (unsigned long long)x;\n    return hi != 0 ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(lo);\n}",
        "isqrt" => "__int128 a) {\n    // The largest r with r * r <= a, by bisection (exact: no floating point). The root of\n    // 2^127 - 1 is below 2^64, so r * r fits in unsigned __int128.\n    unsigned __int128 lo = 0, hi = 13043817825332782212ULL;\n    while (lo < hi) {\n        unsigned __int128 mid = lo + (hi - lo + 1) / 2;\n        if (mid * mid <= (unsigned __int128)a) lo = mid; else hi = mid - 1;\n    }\n    return (__int128)lo;\n}",
        "isfib" => "__int128 a) {\n    // Walks the Fibonacci numbers (unsigned: F(186), past 2^127, fits).\n    if (a < 0) return false;\n    unsigned __int128 x = 0, y = 1;\n    while (x < (unsigned __int128)a) {\n        unsigned __int128 z = x + y;\n        x = y;\n        y = z;\n    }\n    return x == (unsigned __int128)a;\n}",
        _ => "",
    };
    let ty = if helper == "isfib" {
        "bool"
    } else {
        "__int128"
    };
    format!("static {ty} {name}_{helper}({body}")
}

/// A literal in C++ and its precedence: `LL` when it does not fit in an `int`, `(__int128)` in
/// front when `wide` (the context needs 128 bits), and an `__int128` expression when it does
/// not fit in a `long long` (C++ has no such literals), e.g. `((__int128)1 << 100)`.
fn cpp_literal(n: i128, wide: bool) -> (String, u8) {
    if i64::try_from(n).is_err() {
        return (cpp_big(n), 13);
    }
    let s = if n == i128::from(i64::MIN) {
        "(-9223372036854775807LL - 1)".to_string()
    } else if i32::try_from(n).is_err() {
        format!("{n}LL")
    } else {
        n.to_string()
    };
    if wide {
        (format!("(__int128){s}"), 12)
    } else if n < 0 {
        (s, 12)
    } else {
        (s, 13)
    }
}

/// `n`, beyond `long long`, as a parenthesized `__int128` expression: `high << 64 | low`.
fn cpp_big(n: i128) -> String {
    if n == i128::MIN {
        return "(-((__int128)1 << 126) * 2)".into();
    }
    let m = n.unsigned_abs();
    // Below 2^127: the high half is below 2^63, a `long long`.
    let (hi, lo) = ((m >> 64) as u64, m as u64);
    let hi_s = if hi < 1 << 31 {
        hi.to_string()
    } else {
        format!("{hi}LL")
    };
    let s = match (hi, lo) {
        (0, _) => format!("(__int128){lo}ULL"),
        (_, 0) => format!("(__int128){hi_s} << 64"),
        _ => format!("((__int128){hi_s} << 64) | {lo}ULL"),
    };
    if n < 0 {
        format!("(-({s}))")
    } else {
        format!("({s})")
    }
}

/// Whether `e` as printed has a C++ type narrower than `__int128` (`int`, `long long`): made of
/// literals that fit in a `long long`, values of `G` (which returns `long long`) and list
/// values by operators that cannot overflow (`/`, `%`, bit operators), so that it is cast
/// where an `__int128` is needed. (`+`, `-`, `*` and shifts are done in `__int128`, see
/// [`widened`].)
fn narrow(e: &Expr) -> bool {
    match e {
        Expr::Num(n) => i64::try_from(*n).is_ok(),
        Expr::Unary(UnOp::Neg | UnOp::BitNot, x) => narrow(x),
        Expr::Binary(op, _, _) if widened(*op) => false,
        Expr::Binary(op, l, r)
            if !is_comparison(*op) && !matches!(op, BinOp::And | BinOp::Or | BinOp::Pow) =>
        {
            narrow(l) && narrow(r)
        }
        Expr::If(_, a, b) => narrow(a) && narrow(b),
        Expr::Call(Func::G, _) => true,
        Expr::Index(values, _) => values.iter().all(|v| i64::try_from(*v).is_ok()),
        _ => false,
    }
}

/// Whether `op` could overflow a narrower type, so that its left operand is made `__int128`
/// where both are [`narrow`] (for a shift: where the left one is).
fn widened(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl | BinOp::Shr
    )
}

/// Whether a reader (and `gcc -Wparentheses`) wants parentheses around `child` as an operand
/// of `parent` even where C's precedence does not need them: `&&` inside `||`, anything else
/// inside a bit operator or a shift, a comparison inside a comparison.
fn cpp_clearer(parent: BinOp, child: BinOp) -> bool {
    let (p, c) = (cpp_prec(parent), cpp_prec(child));
    (p == 2 && c == 3)
        || (((4..=6).contains(&p) || p == 9) && c != p && c != 13)
        || ((7..=8).contains(&p) && (7..=8).contains(&c))
}

struct Cpp<'a> {
    name: &'a str,
    helpers: BTreeSet<&'static str>,
    tables: Vec<Vec<i128>>,
}

/// C++ precedence (loosest 1): `?:` 1, `||` 2, `&&` 3, `|` 4, `^` 5, `&` 6, `==` `!=` 7,
/// `<` ... 8, shifts 9, `+` `-` 10, `*` `/` `%` 11, prefix and casts 12, atoms 13.
fn cpp_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 2,
        BinOp::And => 3,
        BinOp::BitOr => 4,
        BinOp::BitXor => 5,
        BinOp::BitAnd => 6,
        BinOp::Eq | BinOp::Ne => 7,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 8,
        BinOp::Shl | BinOp::Shr => 9,
        BinOp::Add | BinOp::Sub => 10,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 11,
        BinOp::Pow => 13,
    }
}

/// `(ty)s`, parenthesizing `s` (of precedence `p`) unless it is a prefix expression or an atom.
fn cast(ty: &str, s: String, p: u8) -> String {
    if p >= 12 {
        format!("({ty}){s}")
    } else {
        format!("({ty})({s})")
    }
}

impl Cpp<'_> {
    /// `e` in C++ and its precedence; `wide`: it must have type `__int128` (where it is
    /// [`narrow`], a literal, a list value or a value of `G` in it is cast).
    fn expr(&mut self, e: &Expr, wide: bool) -> (String, u8) {
        let wide = wide && narrow(e);
        match e {
            Expr::Num(n) => cpp_literal(*n, wide),
            Expr::Bool(b) => (b.to_string(), 13),
            Expr::Var(v) => (v.clone(), 13),
            Expr::Unary(op, x) => {
                let (s, p) = self.expr(x, wide);
                let s = if p < 12 || s.starts_with('-') {
                    paren(s)
                } else {
                    s
                };
                let sym = match op {
                    UnOp::Neg => "-",
                    UnOp::Not => "!",
                    UnOp::BitNot => "~",
                };
                (format!("{sym}{s}"), 12)
            }
            Expr::Binary(BinOp::Pow, l, r) => {
                self.helpers.insert("pow");
                let (l, r) = (self.expr(l, false).0, self.expr(r, false).0);
                (format!("{}_pow({l}, {r})", self.name), 13)
            }
            Expr::Binary(op, l, r) => {
                let p = cpp_prec(*op);
                // Arithmetic on two narrower operands would be done in their type: the left
                // one is made `__int128` where that could overflow (or where asked).
                let widen = if !widened(*op) {
                    wide
                } else if matches!(op, BinOp::Shl | BinOp::Shr) {
                    narrow(l)
                } else {
                    narrow(l) && narrow(r)
                };
                let strict = is_comparison(*op);
                let (ls, lp) = self.expr(l, widen);
                let (rs, rp) = self.expr(r, false);
                let needs = |child: &Expr, cp: u8, min: u8| {
                    cp < min || root_op(child).is_some_and(|c| cpp_clearer(*op, c))
                };
                let ls = if needs(l, lp, if strict { p + 1 } else { p }) {
                    paren(ls)
                } else {
                    ls
                };
                let rs = if needs(r, rp, p + 1) { paren(rs) } else { rs };
                (format!("{ls} {} {rs}", symbol(*op)), p)
            }
            Expr::If(c, a, b) => {
                let (cs, cp) = self.expr(c, false);
                // One `__int128` branch makes the other one so.
                let (a_s, ap) = self.expr(a, wide);
                let (bs, bp) = self.expr(b, false);
                let cs = if cp < 2 { paren(cs) } else { cs };
                let a_s = if ap < 2 { paren(a_s) } else { a_s };
                let bs = if bp < 2 { paren(bs) } else { bs };
                (format!("{cs} ? {a_s} : {bs}"), 1)
            }
            Expr::Call(Func::G, args) => {
                // The function takes `long long`s (a position's variables fit).
                let args: Vec<String> = args
                    .iter()
                    .map(|a| {
                        let (s, p) = self.expr(a, false);
                        if narrow(a) {
                            s
                        } else {
                            cast("long long", s, p)
                        }
                    })
                    .collect();
                let call = format!("{}({})", self.name, args.join(", "));
                if wide {
                    (format!("(__int128){call}"), 12)
                } else {
                    (call, 13)
                }
            }
            Expr::Call(f, args) => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a, false).0).collect();
                let s = match f {
                    Func::Min | Func::Max => format!(
                        "std::{}<__int128>({{{}}})",
                        function_name(*f),
                        args.join(", ")
                    ),
                    _ => {
                        let h = function_name(*f);
                        self.helpers.insert(h);
                        format!("{}_{h}({})", self.name, args.join(", "))
                    }
                };
                (s, 13)
            }
            Expr::Index(values, i) => {
                let t = self.tables.len();
                self.tables.push(values.clone());
                let (s, p) = self.expr(i, false);
                // An array is indexed by a `long long` (the index is small).
                let s = if narrow(i) {
                    s
                } else {
                    cast("long long", s, p)
                };
                let value = format!("{}_t{t}[{s}]", self.name);
                if wide {
                    (format!("(__int128){value}"), 12)
                } else {
                    (value, 13)
                }
            }
        }
    }
}

/// A Python 3 function `def name(n):` (one parameter per variable) computing `f`, preceded by
/// the imports and helpers it uses. `/` and `%` become `_div` and `_mod`, which round toward
/// zero as the formula does (Python's `//` and `%` round toward minus infinity); `G(...)` is a
/// call of the function itself, under `functools.lru_cache`.
///
/// ```
/// use grundy_pattern::formula::{print, Formula};
///
/// let f = Formula::parse("n & 1 == 0 || popcount(n) == 1", &["n"]);
/// assert!(f.is_err()); // `&` beside `==`: parentheses asked for
/// let f = Formula::parse("(n & 1) == 0 || popcount(n) == 1", &["n"]).unwrap();
/// let code = print::python(&f, "p");
/// assert!(code.contains("def p(n):\n    return (n & 1) == 0 or bin(n).count(\"1\") == 1\n"));
/// ```
pub fn python(f: &Formula, name: &str) -> String {
    let mut w = Python {
        name,
        helpers: BTreeSet::new(),
    };
    let body = w.expr(f.expr()).0;
    let mut out = String::new();
    let mut imports = Vec::new();
    if f.recursive {
        imports.push("import functools");
    }
    if w.helpers.contains("isqrt") || w.helpers.contains("isfib") {
        imports.push("import math");
    }
    for i in &imports {
        out.push_str(i);
        out.push('\n');
    }
    if !imports.is_empty() {
        out.push_str("\n\n");
    }
    for h in &w.helpers {
        let code = match *h {
            "div" => "def _div(a, b):\n    \"\"\"a / b rounded toward zero, as in C.\"\"\"\n    q = abs(a) // abs(b)\n    return q if (a < 0) == (b < 0) else -q\n",
            "mod" => "def _mod(a, b):\n    \"\"\"The remainder of _div: the sign of a, as in C.\"\"\"\n    return a - b * _div(a, b)\n",
            "ctz" => "def _ctz(x):\n    return (x & -x).bit_length() - 1\n",
            "isfib" => "def _isfib(a):\n    s = 5 * a * a\n    return a >= 0 and (math.isqrt(s + 4) ** 2 == s + 4 or (s >= 4 and math.isqrt(s - 4) ** 2 == s - 4))\n",
            _ => continue,
        };
        out.push_str(code);
        out.push_str("\n\n");
    }
    if f.recursive {
        out.push_str("@functools.lru_cache(maxsize=None)\n");
    }
    out.push_str(&format!(
        "def {name}({}):\n    return {body}\n",
        parameters(f, "")
    ));
    out
}

/// Whether `e` is surely not negative, the variables (a position's) being so: there Python's
/// `//` and `%` agree with C's `/` and `%`.
fn non_negative(e: &Expr) -> bool {
    match e {
        Expr::Num(n) => *n >= 0,
        Expr::Var(_) => true,
        Expr::Binary(op, l, r) => match op {
            BinOp::Add
            | BinOp::Mul
            | BinOp::Div
            | BinOp::Rem
            | BinOp::Pow
            | BinOp::BitOr
            | BinOp::BitXor => non_negative(l) && non_negative(r),
            BinOp::BitAnd => non_negative(l) || non_negative(r),
            BinOp::Shl | BinOp::Shr => non_negative(l),
            _ => false,
        },
        Expr::If(_, a, b) => non_negative(a) && non_negative(b),
        Expr::Call(Func::Min, args) => args.iter().all(non_negative),
        Expr::Call(Func::Max, args) => args.iter().any(non_negative),
        Expr::Call(Func::G | Func::Isfib, _) => false,
        Expr::Call(_, _) => true,
        Expr::Index(values, _) => values.iter().all(|v| *v >= 0),
        Expr::Bool(_) | Expr::Unary(..) => false,
    }
}

struct Python<'a> {
    name: &'a str,
    helpers: BTreeSet<&'static str>,
}

/// Python precedence (loosest 1): `if else` 1, `or` 2, `and` 3, `not` 4, comparisons 5, `|` 6,
/// `^` 7, `&` 8, shifts 9, `+` `-` 10, `*` `//` `%` 11, prefix `-` `~` 12, `**` 13, atoms 14.
fn python_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Or => 2,
        BinOp::And => 3,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 5,
        BinOp::BitOr => 6,
        BinOp::BitXor => 7,
        BinOp::BitAnd => 8,
        BinOp::Shl | BinOp::Shr => 9,
        BinOp::Add | BinOp::Sub => 10,
        BinOp::Mul | BinOp::Div | BinOp::Rem => 11,
        BinOp::Pow => 13,
    }
}

impl Python<'_> {
    fn at_least(&mut self, e: &Expr, min: u8) -> String {
        let (s, p) = self.expr(e);
        if p < min {
            paren(s)
        } else {
            s
        }
    }

    fn expr(&mut self, e: &Expr) -> (String, u8) {
        match e {
            Expr::Num(n) if *n < 0 => (n.to_string(), 12),
            Expr::Num(n) => (n.to_string(), 14),
            Expr::Bool(true) => ("True".into(), 14),
            Expr::Bool(false) => ("False".into(), 14),
            Expr::Var(v) => (v.clone(), 14),
            Expr::Unary(UnOp::Not, x) => (format!("not {}", self.at_least(x, 4)), 4),
            Expr::Unary(op, x) => {
                let sym = if *op == UnOp::Neg { "-" } else { "~" };
                (format!("{sym}{}", self.at_least(x, 12)), 12)
            }
            Expr::Binary(op @ (BinOp::Div | BinOp::Rem), l, r)
                if !(non_negative(l) && non_negative(r)) =>
            {
                let h = if *op == BinOp::Div { "div" } else { "mod" };
                self.helpers.insert("div");
                self.helpers.insert(h);
                let (l, r) = (self.expr(l).0, self.expr(r).0);
                (format!("_{h}({l}, {r})"), 14)
            }
            Expr::Binary(BinOp::Pow, l, r) => {
                let l = self.at_least(l, 14);
                let r = self.at_least(r, 12);
                (format!("{l} ** {r}"), 13)
            }
            Expr::Binary(op, left, right) => {
                let (l, r) = (&**left, &**right);
                let p = python_prec(*op);
                // Python chains comparisons (`a == b == c`); a comparison inside one is
                // parenthesized.
                // A bit operator beside a comparison is parenthesized for the reader, as in the
                // formula.
                let left_min = if is_comparison(*op) { p + 1 } else { p };
                let l = if clash(*op, l) { 15 } else { left_min };
                let r = if clash(*op, r) { 15 } else { p + 1 };
                let l = self.at_least(left, l);
                let r = self.at_least(right, r);
                let sym = match op {
                    BinOp::And => "and",
                    BinOp::Or => "or",
                    BinOp::Div => "//",
                    _ => symbol(*op),
                };
                (format!("{l} {sym} {r}"), p)
            }
            Expr::If(c, a, b) => {
                let c = self.at_least(c, 2);
                let a = self.at_least(a, 2);
                let b = self.at_least(b, 1);
                (format!("{a} if {c} else {b}"), 1)
            }
            Expr::Call(f, args) => {
                let s: Vec<String> = args.iter().map(|a| self.expr(a).0).collect();
                let one = s.first().cloned().unwrap_or_default();
                match f {
                    Func::Min | Func::Max | Func::Abs => {
                        (format!("{}({})", function_name(*f), s.join(", ")), 14)
                    }
                    Func::G => (format!("{}({})", self.name, s.join(", ")), 14),
                    Func::Popcount => (format!("bin({one}).count(\"1\")"), 14),
                    Func::Bitlen | Func::Log2 => {
                        let x = match args.first() {
                            Some(Expr::Var(v)) => v.clone(),
                            _ => paren(one),
                        };
                        if *f == Func::Bitlen {
                            (format!("{x}.bit_length()"), 14)
                        } else {
                            (format!("{x}.bit_length() - 1"), 10)
                        }
                    }
                    Func::Isqrt => {
                        self.helpers.insert("isqrt");
                        (format!("math.isqrt({one})"), 14)
                    }
                    Func::Ctz | Func::Isfib => {
                        let h = function_name(*f);
                        self.helpers.insert(h);
                        (format!("_{h}({one})"), 14)
                    }
                }
            }
            Expr::Index(values, i) => {
                let values = list(values.iter().map(|v| v.to_string()));
                let comma = if values.contains(',') { "" } else { "," };
                (format!("({values}{comma})[{}]", self.expr(i).0), 14)
            }
        }
    }
}
