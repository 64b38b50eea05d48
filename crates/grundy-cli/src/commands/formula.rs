//! A conjectured formula for a game's values (`grundy check --formula`, `solve --formula`,
//! `plot --formula`): its syntax ([`grundy_pattern::formula`]: `n % 3`, `if(n % 4 == 3, n + 1,
//! n)`, `a ^ b == 0`, `G(n / 2)`, ...) checked before any value is computed, its errors turned
//! into [`Failure`]s that name `--formula` and the column.

use grundy_pattern::formula as pattern;

use crate::failure::Failure;

/// A conjectured formula on the command line; what it says is checked by
/// [`grundy_front::check`].
pub struct Formula;

impl Formula {
    /// Checks that `text` is a formula at all (its syntax), before any value is computed: a
    /// typo is reported at once, not after minutes of work. Its variables are checked when the
    /// game says which they are.
    pub fn check_syntax(text: &str) -> Result<(), Failure> {
        pattern::Formula::check_syntax(text).map_err(input)
    }
}

fn input(e: pattern::FormulaError) -> Failure {
    Failure::Input(format!("--formula, {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str, variables: &[&str]) -> String {
        match pattern::Formula::parse(text, variables) {
            Err(e) => match input(e) {
                Failure::Input(m) => m,
                _ => panic!("{text}: a malformed formula must be an input error"),
            },
            Ok(_) => panic!("{text} parsed"),
        }
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
}
