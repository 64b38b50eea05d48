//! A conjectured formula for a game's values (`grundy check --formula`), parsed and evaluated by
//! the `evalexpr` crate: `n % 3`, `if(n % 4 == 3, n + 1, n)`, `a == b`, ...
//!
//! evalexpr's parse errors carry no position, so the column is found here (see
//! [`error_column`]): the offending character is the first one after which no completion of the
//! text parses any more. evalexpr's parser accepts some malformed texts (`n %% 2`) and only its
//! evaluation finds an operator short of operands, so "parses" means: builds, and a trial
//! evaluation does not fail for want of operands.

use evalexpr::{
    build_operator_tree, ContextWithMutableVariables, EvalexprError, HashMapContext, Node,
};

use crate::failure::Failure;

/// What a formula gave for one position.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Int(i64),
    Bool(bool),
}

/// A parsed formula over the variables one kind of game uses.
pub struct Formula {
    text: String,
    node: Node,
    /// Reused from one evaluation to the next: building a context costs more than evaluating.
    context: HashMapContext,
}

impl Formula {
    /// Checks that `text` is a formula at all (its syntax, and no assignment), before any value
    /// is computed: a typo is reported at once, not after minutes of work.
    pub fn check_syntax(text: &str) -> Result<(), Failure> {
        Formula::syntax(text).map(|_| ())
    }

    fn syntax(text: &str) -> Result<Node, Failure> {
        let node = well_formed(text).map_err(|e| {
            let column = error_column(text);
            let at = match text.chars().nth(column - 1) {
                Some(c) => format!("column {column} ('{c}')"),
                None => format!("column {column} (end of formula)"),
            };
            Failure::Input(format!("--formula, {at}: {e}"))
        })?;
        if node.iter_write_variable_identifiers().next().is_some() {
            return Err(Failure::Input(
                "--formula: a formula cannot assign to variables (use == to compare)".into(),
            ));
        }
        Ok(node)
    }

    /// Parses `text`, whose free variables must be among `variables` (e.g. `["n"]`).
    pub fn parse(text: &str, variables: &[&str]) -> Result<Formula, Failure> {
        let node = Formula::syntax(text)?;
        if let Some(unknown) = node
            .iter_variable_identifiers()
            .find(|v| !variables.contains(v) && !matches!(*v, "true" | "false"))
        {
            return Err(Failure::Input(format!(
                "--formula, column {}: unknown variable '{unknown}' (formulas for this game use {})",
                word_column(text, unknown),
                variables.join(", ")
            )));
        }
        Ok(Formula {
            text: text.to_string(),
            node,
            context: HashMapContext::new(),
        })
    }

    /// The formula as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The formula's answer with the variables bound as given; an error (in words) if it fails
    /// or yields neither an integer nor a boolean.
    pub fn eval(&mut self, bindings: &[(&str, u64)]) -> Result<Answer, String> {
        for &(name, value) in bindings {
            let v = i64::try_from(value).map_err(|_| format!("{name} = {value} is too large"))?;
            self.context
                .set_value(name.to_string(), evalexpr::Value::Int(v))
                .map_err(|e| e.to_string())?;
        }
        match self.node.eval_with_context(&self.context) {
            Ok(evalexpr::Value::Int(i)) => Ok(Answer::Int(i)),
            Ok(evalexpr::Value::Boolean(b)) => Ok(Answer::Bool(b)),
            Ok(evalexpr::Value::Float(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => {
                Ok(Answer::Int(f as i64))
            }
            Ok(other) => Err(format!(
                "the formula gives {other}, not an integer or boolean"
            )),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// The 1-based column of the character that makes `text` unparsable: the first `k` such that no
/// text starting with the first `k` characters parses, judged by trying a few completions (a
/// number, `=0` for a half-typed `==`/`<=`, `&0`/`|0` for `&&`/`||`, each followed by enough
/// `)` to close the open parentheses). A text whose every prefix can still be completed is
/// wrong at its end (e.g. an unclosed parenthesis): that column is one past the last character.
pub fn error_column(text: &str) -> usize {
    let completable = |prefix: &str| {
        let open = prefix.matches('(').count();
        let close = prefix.matches(')').count();
        let closing = ")".repeat(open.saturating_sub(close));
        ["", "0", "=0", "&0", "|0"]
            .iter()
            .any(|tail| well_formed(&format!("{prefix}{tail}{closing}")).is_ok())
    };
    let mut column = 0;
    for (i, (at, c)) in text.char_indices().enumerate() {
        column = i + 1;
        if !completable(&text[..at + c.len_utf8()]) {
            return column;
        }
    }
    column + 1
}

/// The tree of `text` if it is well formed: it builds, and evaluating it (every variable 1) does
/// not find an operator without its operands. Other evaluation errors (a division by zero, a
/// type error) say nothing about the syntax.
fn well_formed(text: &str) -> Result<Node, EvalexprError> {
    let node = build_operator_tree(text)?;
    let mut context = HashMapContext::new();
    for v in node.iter_variable_identifiers() {
        context.set_value(v.to_string(), evalexpr::Value::Int(1))?;
    }
    match node.eval_with_context(&context) {
        Err(e @ EvalexprError::WrongOperatorArgumentAmount { .. }) => Err(e),
        _ => Ok(node),
    }
}

/// The 1-based column where identifier `word` first stands alone in `text`.
fn word_column(text: &str, word: &str) -> usize {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = text[from..].find(word).map(|i| i + from) {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        if !before.is_some_and(ident) && !after.is_some_and(ident) {
            return text[..i].chars().count() + 1;
        }
        from = i + word.len();
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_evaluate_with_if_and_modulo() {
        let mut f = Formula::parse(
            "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))",
            &["n"],
        )
        .unwrap();
        let lasker: Vec<Answer> = (0..9).map(|n| f.eval(&[("n", n)]).unwrap()).collect();
        let expected = [0, 1, 2, 4, 3, 5, 6, 8, 7];
        assert_eq!(lasker, expected.map(Answer::Int).to_vec());
        let mut p = Formula::parse("a == b", &["a", "b"]).unwrap();
        assert_eq!(p.eval(&[("a", 2), ("b", 2)]), Ok(Answer::Bool(true)));
    }

    #[test]
    fn parse_errors_point_at_the_offending_column() {
        assert_eq!(error_column("n % 3)"), 6);
        assert_eq!(error_column("n + * 2"), 5);
        assert_eq!(error_column("if(n % 2 == 0, 1, 0"), 20);
        assert_eq!(error_column("n %% 2"), 4);
        let Err(Failure::Input(m)) = Formula::parse("n % 3)", &["n"]) else {
            panic!("a stray parenthesis must be an input error")
        };
        assert!(m.starts_with("--formula, column 6 (')')"), "{m}");
        let Err(Failure::Input(m)) = Formula::parse("n + nn % 2", &["n"]) else {
            panic!("an unknown variable must be an input error")
        };
        assert!(m.contains("column 5: unknown variable 'nn'"), "{m}");
    }

    #[test]
    fn runtime_errors_are_reported_not_panicked() {
        let mut f = Formula::parse("10 / n", &["n"]).unwrap();
        assert!(f.eval(&[("n", 0)]).is_err());
        let mut g = Formula::parse("n * 4611686018427387904", &["n"]).unwrap();
        assert!(g.eval(&[("n", 4)]).is_err());
    }
}
