//! A formula language for Grundy values: integers and booleans over a game's variables, with the
//! operators of C and Python *with their meaning there* (`^` is XOR, the nim-sum; `**` is the
//! power), a few functions that Grundy values call for, lists for periods, and recursion on the
//! formula's own values.
//!
//! | what | syntax (loosest first) |
//! | --- | --- |
//! | choice | `c ? a : b`, `if(c, a, b)` |
//! | logic | `\|\|` (`or`), `&&` (`and`), `!` (`not`) |
//! | comparisons | `==` `!=` `<` `<=` `>` `>=` (they do not chain: `a < b < c` is refused) |
//! | bits | `\|`, `^` (XOR), `&`, `<<` `>>`, `~` |
//! | arithmetic | `+` `-`, `*` `/` `%` (rounded toward zero, as in C), unary `-`, `**` |
//! | functions | `min(a, b, ...)`, `max(...)`, `abs`, `popcount`, `ctz`, `bitlen`, `log2`, `isqrt`, `isfib` |
//! | lists | `[4, 1, 2][n % 3]` |
//! | recursion | `G(n / 2)`: the formula's own value elsewhere (one argument per variable) |
//! | literals | `42`, `0x2a`, `0b101010`, `true`, `false` |
//!
//! Precedence is Python's. C binds `&`, `^`, `|` looser than comparisons, so `n & 1 == 0` reads
//! differently in the two languages; this parser refuses it and asks for parentheses, so a
//! formula means the same whichever language its reader thinks in.
//!
//! Values are exact: `i128` arithmetic whose overflow, division by zero and type mix-ups are
//! errors ([`EvalError`]), never wrong answers or panics. `G(...)` is evaluated with a memo that
//! an [`Evaluator`] keeps from one call to the next, and without Rust recursion, so a formula
//! that halves its argument answers at once far beyond any table:
//!
//! ```
//! use grundy_pattern::formula::{Answer, Formula};
//!
//! let f = Formula::parse("if(n % 2 == 0, n / 2, G(n / 2))", &["n"]).unwrap();
//! let mut values = f.evaluator();
//! assert_eq!(values.eval(&[10]).unwrap(), Answer::Int(5));
//! assert_eq!(values.eval(&[7]).unwrap(), Answer::Int(0)); // G(7) = G(3) = G(1) = G(0) = 0
//! let n = 10i128.pow(18);
//! assert_eq!(values.eval(&[n]).unwrap(), Answer::Int(n / 2));
//! // 2^60 - 1 is odd all the way down: sixty levels of G, each computed once.
//! assert_eq!(values.eval(&[(1 << 60) - 1]).unwrap(), Answer::Int(0));
//! ```
//!
//! Errors name their column (1-based, in characters):
//!
//! ```
//! use grundy_pattern::formula::Formula;
//!
//! let e = Formula::parse("n & 1 == 0", &["n"]).unwrap_err();
//! assert_eq!(e.column, 7);
//! assert!(e.to_string().starts_with("column 7 ('='): "));
//! let e = Formula::parse("n + nn", &["n"]).unwrap_err();
//! assert_eq!(e.to_string(), "column 5: unknown variable 'nn' (formulas for this game use n)");
//! ```
//!
//! A formula prints back as itself ([`print::formula`], fewest parentheses), as a C++ function
//! ([`print::cpp`]) or as a Python function ([`print::python`]).

pub mod eval;
pub mod expr;
pub mod parse;
pub mod print;

#[cfg(test)]
mod tests;

pub use eval::{eval_once, Answer, EvalError, Evaluator, Memo};
pub use expr::{BinOp, Expr, Func, UnOp};
pub use parse::{FormulaError, Place};

/// A parsed formula: its text, its syntax tree and the variables it is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    text: String,
    expr: Expr,
    variables: Vec<String>,
    /// The depth of the tree (a tree built by hand may be too deep to evaluate).
    depth: usize,
    /// Whether it calls `G` (only then are its values kept in a memo).
    recursive: bool,
}

impl Formula {
    /// Parses `text`, whose variables must be among `variables` (e.g. `["n"]`, `["a", "b"]`);
    /// `G(...)` takes as many arguments as there are variables.
    pub fn parse(text: &str, variables: &[&str]) -> Result<Formula, FormulaError> {
        let expr = parse::parse(text, Some(variables))?;
        Ok(Formula::new(text.to_string(), expr, variables))
    }

    fn new(text: String, expr: Expr, variables: &[&str]) -> Formula {
        Formula {
            text,
            depth: eval::depth(&expr),
            recursive: eval::is_recursive(&expr),
            expr,
            variables: variables.iter().map(|v| v.to_string()).collect(),
        }
    }

    /// Checks the syntax of `text` alone, with any name taken for a variable and `G` taking any
    /// number of arguments: a typo is found before the variables are known.
    pub fn check_syntax(text: &str) -> Result<(), FormulaError> {
        parse::parse(text, None).map(|_| ())
    }

    /// A formula built as a tree (by the guesser); its text is [`print::formula`] of it.
    pub fn from_expr(expr: Expr, variables: &[&str]) -> Formula {
        Formula::new(print::formula(&expr), expr, variables)
    }

    /// The formula as typed (or as printed, for [`Formula::from_expr`]).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The syntax tree.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The variables, in the order [`Evaluator::eval`] takes their values.
    pub fn variables(&self) -> &[String] {
        &self.variables
    }

    /// An evaluator with an empty memo; keep it to evaluate many positions (a recursive
    /// formula reuses the values it has computed).
    pub fn evaluator(&self) -> Evaluator<'_> {
        Evaluator::new(self, Memo::default())
    }

    /// An evaluator that starts from the values `memo` holds (from [`Evaluator::into_memo`] of
    /// an evaluator of this same formula; a memo of another formula is dropped).
    pub fn evaluator_with(&self, memo: Memo) -> Evaluator<'_> {
        Evaluator::new(self, memo)
    }

    /// Whether the text has a `^`: XOR here, as in C and Python, but the power in the old
    /// formula syntax (and in spreadsheets), so a formula written for that may mean otherwise.
    pub fn uses_caret(&self) -> bool {
        self.text.contains('^')
    }

    /// The formula with every `^` read as the power `**` (its meaning in the old syntax), to
    /// warn where the two readings give different answers; `None` when there is no `^` or the
    /// text does not parse that way.
    pub fn with_caret_as_power(&self) -> Option<Formula> {
        if !self.uses_caret() {
            return None;
        }
        let variables: Vec<&str> = self.variables.iter().map(String::as_str).collect();
        Formula::parse(&self.text.replace('^', "**"), &variables).ok()
    }
}

impl std::fmt::Display for Formula {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}
