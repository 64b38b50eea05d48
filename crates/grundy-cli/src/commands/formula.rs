//! A conjectured formula for a game's values (`grundy check --formula`): a thin layer over
//! [`grundy_pattern::formula`] (its syntax: `n % 3`, `if(n % 4 == 3, n + 1, n)`, `a ^ b == 0`,
//! `G(n / 2)`, ...), turning its errors into [`Failure`]s that name `--formula` and the column.

use grundy_pattern::formula::{self as pattern, Memo};

use crate::failure::Failure;

pub use grundy_pattern::formula::Answer;

/// A parsed formula over the variables one kind of game uses, with the values of its
/// recursion (`G(...)`) kept from one evaluation to the next.
pub struct Formula {
    inner: pattern::Formula,
    memo: Memo,
}

impl Formula {
    /// Checks that `text` is a formula at all (its syntax), before any value is computed: a
    /// typo is reported at once, not after minutes of work. Its variables are checked by
    /// [`Formula::parse`], once the game says which they are.
    pub fn check_syntax(text: &str) -> Result<(), Failure> {
        pattern::Formula::check_syntax(text).map_err(input)
    }

    /// Parses `text`, whose variables must be among `variables` (e.g. `["n"]`).
    pub fn parse(text: &str, variables: &[&str]) -> Result<Formula, Failure> {
        let inner = pattern::Formula::parse(text, variables).map_err(input)?;
        Ok(Formula::from(inner))
    }

    /// The formula as typed.
    pub fn text(&self) -> &str {
        self.inner.text()
    }

    /// The formula with `^` read as a power (its meaning in the old syntax), if the text has a
    /// `^` and parses that way too.
    pub fn with_caret_as_power(&self) -> Option<Formula> {
        self.inner.with_caret_as_power().map(Formula::from)
    }

    /// The formula's answer with the variables bound as given (by name; a variable left out
    /// is 0); an error in words if it has none there.
    pub fn eval(&mut self, bindings: &[(&str, u64)]) -> Result<Answer, String> {
        let args: Vec<i128> = self
            .inner
            .variables()
            .iter()
            .map(|v| {
                bindings
                    .iter()
                    .find(|(name, _)| name == v)
                    .map_or(0, |&(_, value)| i128::from(value))
            })
            .collect();
        let mut values = self.inner.evaluator_with(std::mem::take(&mut self.memo));
        let answer = values.eval(&args).map_err(|e| e.to_string());
        self.memo = values.into_memo();
        answer
    }
}

impl From<pattern::Formula> for Formula {
    fn from(inner: pattern::Formula) -> Formula {
        Formula {
            inner,
            memo: Memo::default(),
        }
    }
}

fn input(e: pattern::FormulaError) -> Failure {
    Failure::Input(format!("--formula, {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str, variables: &[&str]) -> String {
        match Formula::parse(text, variables) {
            Err(Failure::Input(m)) => m,
            Err(_) => panic!("{text}: a malformed formula must be an input error"),
            Ok(_) => panic!("{text} parsed"),
        }
    }

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
        let mut x = Formula::parse("a ^ b", &["a", "b"]).unwrap();
        assert_eq!(x.eval(&[("b", 6), ("a", 3)]), Ok(Answer::Int(5)), "by name");
    }

    #[test]
    fn recursion_is_remembered_between_positions() {
        let mut f = Formula::parse("if(n == 0, 0, G(n - 1) + 1)", &["n"]).unwrap();
        for n in 0..200_000u64 {
            assert_eq!(f.eval(&[("n", n)]), Ok(Answer::Int(i128::from(n))));
        }
        assert_eq!(
            f.eval(&[("n", u64::MAX)]).map(|_| ()),
            Err(format!(
                "the formula's recursion is deeper than 100000 at n = {}",
                u64::MAX
            ))
        );
    }

    #[test]
    fn parse_errors_point_at_the_offending_column() {
        let column = |text: &str| match Formula::check_syntax(text) {
            Err(Failure::Input(m)) => m,
            _ => panic!("{text} must be refused"),
        };
        assert!(column("n % 3)").starts_with("--formula, column 6 (')')"));
        assert!(column("n + * 2").starts_with("--formula, column 5 ('*')"));
        assert!(column("if(n % 2 == 0, 1, 0").starts_with("--formula, column 20 (end of formula)"));
        assert!(column("n %% 2").starts_with("--formula, column 4 ('%')"));
        assert!(column("n = 2").contains("use == to compare"));
        let m = message("n % 3)", &["n"]);
        assert!(m.starts_with("--formula, column 6 (')')"), "{m}");
        let m = message("n + nn % 2", &["n"]);
        assert!(m.contains("column 5: unknown variable 'nn'"), "{m}");
        // Any name passes the syntax check; the game's variables are checked by parse.
        assert!(Formula::check_syntax("x + y").is_ok());
    }

    #[test]
    fn runtime_errors_are_reported_not_panicked() {
        let mut f = Formula::parse("10 / n", &["n"]).unwrap();
        assert!(f.eval(&[("n", 0)]).is_err());
        let mut g = Formula::parse("n * 2 ** 125", &["n"]).unwrap();
        assert!(g.eval(&[("n", 4)]).unwrap_err().contains("overflow"));
    }
}
