//! Text to [`Expr`]: a hand-written tokenizer and a precedence-climbing parser.
//!
//! Every error names a column (1-based, in characters). The parser never panics and never
//! recurses without bound: parentheses, calls and prefix operators may nest [`MAX_NESTING`]
//! deep, and the tree it builds is at most [`MAX_DEPTH`] deep (a chain `1 + 1 + ... + 1` grows
//! the tree without nesting), so evaluating and printing it stay within a thread's stack.

use std::fmt;

use super::expr::{BinOp, Expr, Func, UnOp};

/// How deep parentheses, calls, lists and prefix operators may nest.
pub const MAX_NESTING: usize = 256;

/// How deep the syntax tree of a parsed formula may be.
pub const MAX_DEPTH: usize = 1000;

/// A formula that does not parse: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    /// The 1-based column, in characters (one past the end for "the formula ends too soon").
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
    /// What stands at the column, for the message.
    pub at: Place,
}

/// What a [`FormulaError`] points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A character, shown: `column 6 (')'): ...`.
    Char(char),
    /// The end of the text: `column 3 (end of formula): ...`.
    End,
    /// A name that the message quotes: `column 5: unknown variable 'nn' ...`.
    Word,
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Place::Char(c) => write!(f, "column {} ('{c}'): {}", self.column, self.message),
            Place::End => write!(
                f,
                "column {} (end of formula): {}",
                self.column, self.message
            ),
            Place::Word => write!(f, "column {}: {}", self.column, self.message),
        }
    }
}

impl std::error::Error for FormulaError {}

/// The functions, by name, with how many arguments they take (`None`: two or more).
const FUNCTIONS: &[(&str, Func, Option<usize>)] = &[
    ("min", Func::Min, None),
    ("max", Func::Max, None),
    ("abs", Func::Abs, Some(1)),
    ("popcount", Func::Popcount, Some(1)),
    ("ctz", Func::Ctz, Some(1)),
    ("bitlen", Func::Bitlen, Some(1)),
    ("log2", Func::Log2, Some(1)),
    ("isqrt", Func::Isqrt, Some(1)),
    ("isfib", Func::Isfib, Some(1)),
    ("G", Func::G, Some(0)), // the arity is the number of variables
];

/// The name a function is written with.
pub fn function_name(f: Func) -> &'static str {
    FUNCTIONS
        .iter()
        .find(|(_, g, _)| *g == f)
        .map(|(name, _, _)| *name)
        .unwrap_or("?")
}

const FUNCTION_LIST: &str = "if, min, max, abs, popcount, ctz, bitlen, log2, isqrt, isfib, G";

/// Parses `text` over `variables` (`None`: any name is a variable and `G` takes any number of
/// arguments, for a syntax check before the variables are known).
pub fn parse(text: &str, variables: Option<&[&str]>) -> Result<Expr, FormulaError> {
    let chars: Vec<char> = text.chars().collect();
    let tokens = tokenize(&chars)?;
    let mut p = Parser {
        chars: &chars,
        tokens,
        pos: 0,
        variables,
        nesting: 0,
    };
    if p.peek() == &Tok::End {
        return Err(p.error(p.column(), "the formula is empty"));
    }
    let node = p.ternary()?;
    match p.peek() {
        Tok::End => Ok(node.expr),
        Tok::Op(")") => Err(p.error(p.column(), "this ')' closes no '('")),
        _ => Err(p.error(
            p.column(),
            "expected an operator here (or the end of the formula)",
        )),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// A literal, as written (at most 2^127, the magnitude of the most negative `i128`).
    Num(u128),
    Ident(String),
    Op(&'static str),
    End,
}

struct Token {
    tok: Tok,
    /// 1-based, in characters.
    column: usize,
}

/// The operators, longest first so that `**` is not read as two `*`.
const OPERATORS: &[&str] = &[
    "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ",", "?", ":", "+",
    "-", "*", "/", "%", "&", "|", "^", "<", ">", "!", "~", "=",
];

fn error_at(chars: &[char], column: usize, message: impl Into<String>) -> FormulaError {
    FormulaError {
        column,
        message: message.into(),
        at: match chars.get(column - 1) {
            Some(&c) => Place::Char(c),
            None => Place::End,
        },
    }
}

fn tokenize(chars: &[char]) -> Result<Vec<Token>, FormulaError> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let (value, end) = number(chars, i)?;
            tokens.push(Token {
                tok: Tok::Num(value),
                column,
            });
            i = end;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = (i..chars.len())
                .find(|&j| !(chars[j].is_ascii_alphanumeric() || chars[j] == '_'))
                .unwrap_or(chars.len());
            let word: String = chars[i..end].iter().collect();
            let tok = match word.as_str() {
                "and" => Tok::Op("&&"),
                "or" => Tok::Op("||"),
                "not" => Tok::Op("not"),
                _ => Tok::Ident(word),
            };
            tokens.push(Token { tok, column });
            i = end;
        } else if let Some(op) = OPERATORS.iter().find(|op| {
            op.chars()
                .enumerate()
                .all(|(k, o)| chars.get(i + k) == Some(&o))
        }) {
            if *op == "=" {
                return Err(error_at(
                    chars,
                    column,
                    "use == to compare (a formula cannot assign)",
                ));
            }
            tokens.push(Token {
                tok: Tok::Op(op),
                column,
            });
            i += op.len();
        } else if c == '.' {
            return Err(error_at(
                chars,
                column,
                "formulas are over integers: no decimal point",
            ));
        } else {
            return Err(error_at(
                chars,
                column,
                "unexpected character (formulas use numbers, names, ( ) [ ] , and operators)",
            ));
        }
    }
    tokens.push(Token {
        tok: Tok::End,
        column: chars.len() + 1,
    });
    Ok(tokens)
}

/// The literal starting at `chars[i]` (a digit): its value and where it ends.
fn number(chars: &[char], i: usize) -> Result<(u128, usize), FormulaError> {
    let (radix, start) = match (chars[i], chars.get(i + 1)) {
        ('0', Some('x' | 'X')) => (16, i + 2),
        ('0', Some('b' | 'B')) => (2, i + 2),
        _ => (10, i),
    };
    let end = (start..chars.len())
        .find(|&j| !chars[j].is_ascii_alphanumeric() && chars[j] != '_')
        .unwrap_or(chars.len());
    if end < chars.len() && chars[end] == '.' {
        return Err(error_at(
            chars,
            end + 1,
            "formulas are over integers: no decimal point",
        ));
    }
    let mut value: u128 = 0;
    let mut digits = 0;
    for (j, &c) in chars.iter().enumerate().take(end).skip(start) {
        if c == '_' {
            continue;
        }
        let Some(d) = c.to_digit(radix) else {
            let message = if radix == 10 && c.is_ascii_alphabetic() {
                "a number runs into a name: write a space or an operator (2 * n, not 2n)"
            } else {
                "not a digit of this number"
            };
            return Err(error_at(chars, j + 1, message));
        };
        digits += 1;
        value = value
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(d)))
            .filter(|&v| v <= 1 << 127)
            .ok_or_else(|| error_at(chars, i + 1, "number too large (the largest is 2^127 - 1)"))?;
    }
    if digits == 0 {
        return Err(error_at(
            chars,
            i + 1,
            if radix == 16 {
                "0x needs hexadecimal digits"
            } else {
                "0b needs binary digits"
            },
        ));
    }
    Ok((value, end))
}

/// A parsed expression, with what the parser needs to know of it.
struct Node {
    expr: Expr,
    /// The depth of its tree.
    depth: usize,
    /// Its outermost operator when that is not in parentheses: a comparison beside a bit
    /// operator is refused by looking at this.
    bare: Option<BinOp>,
}

impl Node {
    fn leaf(expr: Expr) -> Node {
        Node {
            expr,
            depth: 1,
            bare: None,
        }
    }
}

struct Parser<'a> {
    chars: &'a [char],
    tokens: Vec<Token>,
    pos: usize,
    variables: Option<&'a [&'a str]>,
    nesting: usize,
}

/// An infix operator's token, its operator and its precedence (loosest 1). `**` is not here:
/// [`Parser::power`] reads it.
fn infix(tok: &Tok) -> Option<(BinOp, u8)> {
    let Tok::Op(op) = tok else { return None };
    Some(match *op {
        "||" => (BinOp::Or, 1),
        "&&" => (BinOp::And, 2),
        "==" => (BinOp::Eq, 3),
        "!=" => (BinOp::Ne, 3),
        "<" => (BinOp::Lt, 3),
        "<=" => (BinOp::Le, 3),
        ">" => (BinOp::Gt, 3),
        ">=" => (BinOp::Ge, 3),
        "|" => (BinOp::BitOr, 4),
        "^" => (BinOp::BitXor, 5),
        "&" => (BinOp::BitAnd, 6),
        "<<" => (BinOp::Shl, 7),
        ">>" => (BinOp::Shr, 7),
        "+" => (BinOp::Add, 8),
        "-" => (BinOp::Sub, 8),
        "*" => (BinOp::Mul, 9),
        "/" => (BinOp::Div, 9),
        "%" => (BinOp::Rem, 9),
        _ => return None,
    })
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
pub(super) fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

/// `&`, `|`, `^`: the operators C binds looser than comparisons and Python tighter.
pub(super) fn is_bit(op: BinOp) -> bool {
    matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor)
}

/// The symbol of an infix operator in this syntax.
pub fn symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Pow => "**",
        BinOp::BitAnd => "&",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::And => "&&",
        BinOp::Or => "||",
    }
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos].tok
    }

    fn peek_at(&self, ahead: usize) -> &Tok {
        let last = self.tokens.len() - 1;
        &self.tokens[(self.pos + ahead).min(last)].tok
    }

    fn column(&self) -> usize {
        self.tokens[self.pos].column
    }

    fn advance(&mut self) {
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
    }

    fn error(&self, column: usize, message: impl Into<String>) -> FormulaError {
        error_at(self.chars, column, message)
    }

    fn word_error(&self, column: usize, message: impl Into<String>) -> FormulaError {
        FormulaError {
            column,
            message: message.into(),
            at: Place::Word,
        }
    }

    fn enter(&mut self) -> Result<(), FormulaError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(self.error(
                self.column(),
                format!("the formula nests deeper than {MAX_NESTING} levels (parentheses, calls and prefix operators)"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.nesting -= 1;
    }

    /// `node` built at `column`, if its tree is not too deep.
    fn node(
        &self,
        column: usize,
        expr: Expr,
        depth: usize,
        bare: Option<BinOp>,
    ) -> Result<Node, FormulaError> {
        if depth > MAX_DEPTH {
            return Err(self.error(
                column,
                format!(
                    "the formula is too long a chain: its tree is deeper than {MAX_DEPTH} levels"
                ),
            ));
        }
        Ok(Node { expr, depth, bare })
    }

    fn expect(&mut self, op: &'static str, what: &str) -> Result<(), FormulaError> {
        if self.peek() == &Tok::Op(op) {
            self.advance();
            Ok(())
        } else {
            Err(self.error(self.column(), what.to_string()))
        }
    }

    /// `c ? a : b`, or a plain expression: the loosest level, where every nested expression
    /// (in parentheses, arguments, an index) starts.
    fn ternary(&mut self) -> Result<Node, FormulaError> {
        self.enter()?;
        let cond = self.binary(1)?;
        let node = if self.peek() == &Tok::Op("?") {
            let column = self.column();
            self.advance();
            let yes = self.ternary()?;
            self.expect(":", "expected ':' (c ? a : b)")?;
            let no = self.ternary()?;
            let depth = 1 + cond.depth.max(yes.depth).max(no.depth);
            let expr = Expr::If(Box::new(cond.expr), Box::new(yes.expr), Box::new(no.expr));
            self.node(column, expr, depth, None)?
        } else {
            cond
        };
        self.leave();
        Ok(node)
    }

    /// Infix operators of precedence `min` and tighter, by precedence climbing.
    fn binary(&mut self, min: u8) -> Result<Node, FormulaError> {
        let mut left = self.unary()?;
        while let Some((op, prec)) = infix(self.peek()) {
            if prec < min {
                break;
            }
            let column = self.column();
            self.advance();
            let right = self.binary(prec + 1)?;
            for side in [&left, &right] {
                let clash = match side.bare {
                    Some(b) if is_comparison(op) && is_bit(b) => Some((b, op)),
                    Some(b) if is_bit(op) && is_comparison(b) => Some((op, b)),
                    _ => None,
                };
                if let Some((bit, cmp)) = clash {
                    let (bit, cmp) = (symbol(bit), symbol(cmp));
                    return Err(self.error(
                        column,
                        format!(
                            "add parentheses: `{bit}` beside `{cmp}` reads differently in C (`a {bit} (b {cmp} c)`) and Python (`(a {bit} b) {cmp} c`)"
                        ),
                    ));
                }
            }
            let depth = 1 + left.depth.max(right.depth);
            let expr = Expr::Binary(op, Box::new(left.expr), Box::new(right.expr));
            left = self.node(column, expr, depth, Some(op))?;
            if is_comparison(op) {
                if let Some((next, 3)) = infix(self.peek()) {
                    return Err(self.error(
                        self.column(),
                        format!(
                            "comparisons do not chain: write `a {} b && b {} c`, or parenthesize",
                            symbol(op),
                            symbol(next)
                        ),
                    ));
                }
            }
        }
        Ok(left)
    }

    /// `-e`, `!e`, `~e`, `not e`, or a power. A `-` before a literal is folded into it
    /// (`-5` is `Num(-5)`), unless a `**` follows: `-2 ** 2` is `-(2 ** 2)`, as in Python.
    /// `not` reads as in Python, looser than comparisons (`not n == 4` is `!(n == 4)`), and
    /// `!` as in C.
    fn unary(&mut self) -> Result<Node, FormulaError> {
        if self.peek() == &Tok::Op("not") {
            let column = self.column();
            self.advance();
            self.enter()?;
            let operand = self.binary(3)?;
            self.leave();
            let depth = operand.depth + 1;
            let expr = Expr::Unary(UnOp::Not, Box::new(operand.expr));
            return self.node(column, expr, depth, None);
        }
        let op = match self.peek() {
            Tok::Op("-") => UnOp::Neg,
            Tok::Op("!") => UnOp::Not,
            Tok::Op("~") => UnOp::BitNot,
            _ => return self.power(),
        };
        let column = self.column();
        self.advance();
        if op == UnOp::Neg {
            if let (Tok::Num(v), next) = (self.peek().clone(), self.peek_at(1)) {
                if next != &Tok::Op("**") {
                    self.advance();
                    // v <= 2^127, so its negation fits.
                    let n = 0i128.wrapping_sub_unsigned(v);
                    return Ok(Node::leaf(Expr::Num(n)));
                }
            }
        }
        self.enter()?;
        let operand = self.unary()?;
        self.leave();
        let depth = operand.depth + 1;
        self.node(column, Expr::Unary(op, Box::new(operand.expr)), depth, None)
    }

    /// `base ** exponent`: right-associative, and tighter than a prefix operator on its left but
    /// not on its right (`2 ** -1` is `2 ** (-1)`).
    fn power(&mut self) -> Result<Node, FormulaError> {
        let base = self.primary()?;
        if self.peek() != &Tok::Op("**") {
            return Ok(base);
        }
        let column = self.column();
        self.advance();
        self.enter()?;
        let exponent = self.unary()?;
        self.leave();
        let depth = 1 + base.depth.max(exponent.depth);
        let expr = Expr::Binary(BinOp::Pow, Box::new(base.expr), Box::new(exponent.expr));
        self.node(column, expr, depth, Some(BinOp::Pow))
    }

    fn primary(&mut self) -> Result<Node, FormulaError> {
        let column = self.column();
        match self.peek().clone() {
            Tok::Num(v) => {
                let n = i128::try_from(v).map_err(|_| {
                    self.error(column, "number too large (the largest is 2^127 - 1)")
                })?;
                self.advance();
                Ok(Node::leaf(Expr::Num(n)))
            }
            Tok::Ident(name) => {
                self.advance();
                if self.peek() == &Tok::Op("(") {
                    return self.call(&name, column);
                }
                match name.as_str() {
                    "true" => return Ok(Node::leaf(Expr::Bool(true))),
                    "false" => return Ok(Node::leaf(Expr::Bool(false))),
                    _ => {}
                }
                let known = match self.variables {
                    None => true,
                    Some(vars) => vars.contains(&name.as_str()),
                };
                if known {
                    return Ok(Node::leaf(Expr::Var(name)));
                }
                if name == "if" || FUNCTIONS.iter().any(|(f, _, _)| *f == name) {
                    return Err(self
                        .word_error(column, format!("'{name}' is a function: write {name}(...)")));
                }
                let vars = self.variables.unwrap_or_default();
                Err(self.word_error(
                    column,
                    format!(
                        "unknown variable '{name}' (formulas for this game use {})",
                        vars.join(", ")
                    ),
                ))
            }
            Tok::Op("(") => {
                self.advance();
                let inner = self.ternary()?;
                if self.peek() != &Tok::Op(")") {
                    return Err(self.error(
                        self.column(),
                        format!("expected ')' to close the '(' of column {column}"),
                    ));
                }
                self.advance();
                Ok(Node {
                    bare: None,
                    ..inner
                })
            }
            Tok::Op("[") => self.list(column),
            Tok::Op(")") => Err(self.error(column, "expected a value before this ')'")),
            Tok::End => Err(self.error(column, "the formula ends too soon: a value is missing")),
            Tok::Op(op) => Err(self.error(
                column,
                format!("expected a value (a number, a variable, a call or '('), not '{op}'"),
            )),
        }
    }

    /// `name(args)`, the `(` next.
    fn call(&mut self, name: &str, column: usize) -> Result<Node, FormulaError> {
        let known = FUNCTIONS.iter().find(|(f, _, _)| *f == name);
        if known.is_none() && name != "if" {
            let is_var = self.variables.is_some_and(|vars| vars.contains(&name));
            let message = if is_var {
                format!(
                    "'{name}' is a variable, not a function (write {name} * (...) for a product)"
                )
            } else {
                format!("unknown function '{name}' (the functions are {FUNCTION_LIST})")
            };
            return Err(self.word_error(column, message));
        }
        let open = self.column();
        self.advance();
        self.enter()?;
        let mut args = Vec::new();
        if self.peek() == &Tok::Op(")") {
            self.advance();
        } else {
            loop {
                args.push(self.ternary()?);
                match self.peek() {
                    Tok::Op(",") => self.advance(),
                    Tok::Op(")") => {
                        self.advance();
                        break;
                    }
                    _ => {
                        return Err(self.error(
                            self.column(),
                            format!(
                                "expected ',' or ')' in the arguments of {name}(, column {open})"
                            ),
                        ))
                    }
                }
            }
        }
        self.leave();
        let count = args.len();
        let wrong =
            |want: String| self.word_error(column, format!("{name} takes {want}, not {count}"));
        let depth = 1 + args.iter().map(|a| a.depth).max().unwrap_or(0);
        let mut exprs: Vec<Expr> = args.into_iter().map(|a| a.expr).collect();
        let expr = match known {
            None => {
                if count != 3 {
                    return Err(wrong("3 arguments: if(condition, then, else)".into()));
                }
                let no = exprs.pop().map(Box::new);
                let yes = exprs.pop().map(Box::new);
                let cond = exprs.pop().map(Box::new);
                match (cond, yes, no) {
                    (Some(c), Some(y), Some(n)) => Expr::If(c, y, n),
                    _ => return Err(wrong("3 arguments".into())),
                }
            }
            Some(&(_, Func::G, _)) => {
                match self.variables {
                    Some(vars) if vars.len() != count => {
                        let want = match vars.len() {
                            1 => format!("1 argument (G({}))", vars[0]),
                            k => format!("{k} arguments (G({}))", vars.join(", ")),
                        };
                        return Err(wrong(want));
                    }
                    None if count == 0 => return Err(wrong("1 argument or more".into())),
                    _ => {}
                }
                Expr::Call(Func::G, exprs)
            }
            Some(&(_, f, None)) => {
                if count < 2 {
                    return Err(wrong("2 arguments or more".into()));
                }
                Expr::Call(f, exprs)
            }
            Some(&(_, f, Some(k))) => {
                if count != k {
                    return Err(wrong(format!("{k} argument")));
                }
                Expr::Call(f, exprs)
            }
        };
        self.node(column, expr, depth, None)
    }

    /// `[v0, v1, ...][index]`, the `[` next: a list of integer literals, indexed at once.
    fn list(&mut self, column: usize) -> Result<Node, FormulaError> {
        self.advance();
        let mut values = Vec::new();
        loop {
            let negative = self.peek() == &Tok::Op("-");
            if negative {
                self.advance();
            }
            let Tok::Num(v) = *self.peek() else {
                return Err(self.error(
                    self.column(),
                    "a list holds integer literals, e.g. [4, 1, 2][n % 3]",
                ));
            };
            let value = if negative {
                Some(0i128.wrapping_sub_unsigned(v))
            } else {
                i128::try_from(v).ok()
            };
            let Some(value) = value else {
                return Err(
                    self.error(self.column(), "number too large (the largest is 2^127 - 1)")
                );
            };
            values.push(value);
            self.advance();
            match self.peek() {
                Tok::Op(",") => self.advance(),
                Tok::Op("]") => {
                    self.advance();
                    break;
                }
                _ => {
                    return Err(self.error(
                        self.column(),
                        format!("expected ',' or ']' in the list of column {column}"),
                    ))
                }
            }
        }
        if self.peek() != &Tok::Op("[") {
            return Err(self.error(
                self.column(),
                "a list must be indexed at once: [4, 1, 2][n % 3]",
            ));
        }
        self.advance();
        self.enter()?;
        let index = self.ternary()?;
        self.leave();
        if self.peek() != &Tok::Op("]") {
            return Err(self.error(self.column(), "expected ']' to close the index"));
        }
        self.advance();
        let depth = index.depth + 1;
        self.node(
            column,
            Expr::Index(values, Box::new(index.expr)),
            depth,
            None,
        )
    }
}
