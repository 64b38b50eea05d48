//! Which options of a table apply to which game: one rule for the command line's `table`,
//! Python's `grundy.table` and the page's table form, so that the three refuse the same
//! requests. The refusal names the option as data ([`TableOption`]); each front end says it its
//! own way (`--period`, `period=True`).
//!
//! ```
//! use grundy_front::table_options::{refuse, TableOption, TableOptions};
//! use grundy_registry::spec::Word;
//! let games = grundy_front::registry::standard();
//! let wythoff = grundy_front::values::open(&games, &Word::new("argument 1", "wythoff")).unwrap();
//! let asked = TableOptions { period: true, ..TableOptions::default() };
//! assert_eq!(refuse(wythoff.as_ref(), asked), Err(TableOption::Period));
//! let kayles = grundy_front::values::open(&games, &Word::new("argument 1", "0.77")).unwrap();
//! assert_eq!(refuse(kayles.as_ref(), asked), Ok(()));
//! ```

use grundy_core::setting::Setting;
use grundy_registry::tabulate::Tabulate;

/// An option of a table that only some games take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableOption {
    /// The values as CSV, `n,value`.
    Csv,
    /// Going on from a checkpoint.
    Resume,
    /// The period (proved where a theorem allows).
    Period,
    /// The plain computation, every option of every position (the oracle).
    Naive,
}

impl TableOption {
    /// Why `game` (the word that names it, e.g. `argument 1 ('wythoff')`) does not take the
    /// option, naming the option as a [`Setting`] each front end words.
    pub fn refusal(self, game: &str) -> String {
        let option = match self {
            TableOption::Csv => Setting::Csv.to_string(),
            TableOption::Resume => Setting::Resume.to_string(),
            TableOption::Period => Setting::Period.to_string(),
            TableOption::Naive => Setting::Method.given("naive").to_string(),
        };
        format!("{game}: {option} is for {}", self.applies_to())
    }

    /// The games that take it, in words: "heap games".
    pub fn applies_to(self) -> &'static str {
        match self {
            TableOption::Csv => "games with one number a position (heap games)",
            TableOption::Resume => "heap games computed move by move (no checkpoint otherwise)",
            TableOption::Period => "heap games and game scripts",
            TableOption::Naive => "heap games",
        }
    }
}

/// The options asked of a table (each `false` when not asked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// CSV output.
    pub csv: bool,
    /// Resume from a checkpoint.
    pub resume: bool,
    /// Find the period.
    pub period: bool,
    /// Compute the plain way.
    pub naive: bool,
}

/// `Ok` when `game` takes every option asked, else the first it does not take (in the order
/// CSV, resume, period, naive).
pub fn refuse(game: &dyn Tabulate, asked: TableOptions) -> Result<(), TableOption> {
    let supports = game.supports();
    for (option, is_asked, taken) in [
        (TableOption::Csv, asked.csv, supports.csv),
        (TableOption::Resume, asked.resume, supports.resume),
        (TableOption::Period, asked.period, supports.period),
        (TableOption::Naive, asked.naive, supports.naive),
    ] {
        if is_asked && !taken {
            return Err(option);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_registry::spec::Word;

    fn refused(game: &str, asked: TableOptions) -> Result<(), TableOption> {
        let game =
            crate::values::open(&crate::registry::standard(), &Word::new("argument 1", game))
                .unwrap();
        refuse(game.as_ref(), asked)
    }

    #[test]
    fn each_option_is_for_its_games() {
        let only = |option| {
            let mut asked = TableOptions::default();
            match option {
                TableOption::Csv => asked.csv = true,
                TableOption::Resume => asked.resume = true,
                TableOption::Period => asked.period = true,
                TableOption::Naive => asked.naive = true,
            }
            asked
        };
        let all = [
            TableOption::Csv,
            TableOption::Resume,
            TableOption::Period,
            TableOption::Naive,
        ];
        // A heap game takes them all; a two-number game, a board and a graph none.
        for option in all {
            assert_eq!(refused("0.77", only(option)), Ok(()), "{option:?}");
            for game in ["wythoff", "hyper-knights", "graph:1-2,2-3"] {
                assert_eq!(
                    refused(game, only(option)),
                    Err(option),
                    "{game} {option:?}"
                );
            }
        }
        // A game script has a period, not a plain computation.
        let half = "script:{fn moves(n) { [n / 2] }}";
        assert_eq!(refused(half, only(TableOption::Period)), Ok(()));
        assert_eq!(
            refused(half, only(TableOption::Naive)),
            Err(TableOption::Naive)
        );
        // Nothing asked is never refused; the first option refused is named.
        assert_eq!(refused("wythoff", TableOptions::default()), Ok(()));
        let period_and_naive = TableOptions {
            period: true,
            naive: true,
            ..TableOptions::default()
        };
        assert_eq!(
            refused("wythoff", period_and_naive),
            Err(TableOption::Period)
        );
    }
}
