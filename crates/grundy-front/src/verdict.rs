//! The verdict on a sum under a convention, with the parts of it asked for: the one place where
//! the command line's `solve`, the Python package and the page choose an analysis, and refuse
//! the questions that do not go together. Each then presents the [`Verdict`] its own way (the
//! JSON of all three is [`crate::report`]'s).
//!
//! ```
//! use grundy_registry::spec::Word;
//! use grundy_front::verdict::{verdict, Asked, Convention};
//!
//! let mut sum = grundy_front::registry::standard().build_sum(&Word::from_args(&["nim", "1", "1"])).unwrap();
//! let asked = Asked { outcome_only: false, moves: true, limit: 100 };
//! let misere: Convention = "misere".parse().unwrap();
//! // Two heaps of one: the first player loses under normal play, wins under misère play.
//! let v = verdict(&mut sum, misere, asked, &grundy_core::limits::Limits::DEFAULT).unwrap();
//! assert_eq!(v.outcome(), grundy_core::Outcome::N);
//! ```

use std::fmt;
use std::str::FromStr;

use grundy_core::setting::Setting;

use grundy_core::every::{analyse_every, analyse_every_outcome, EveryAnalysis};
use grundy_core::limits::Limits;
use grundy_core::misere::{analyse_misere, analyse_misere_outcome, MisereAnalysis};
use grundy_core::{
    analyse, analyse_outcome, analyse_value, Analysis, Component, Nimber, Outcome, SolveError,
};

/// Who wins a sum: the last player to move (normal play), the other one (misère play), or the
/// last to move when every unfinished component must be moved in (Every-SG).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// The last player to move wins.
    Normal,
    /// The last player to move loses.
    Misere,
    /// Every-SG: a move is a move in every component that is not finished; the last player to
    /// move wins.
    Every,
}

impl Convention {
    /// The name the front ends and the JSON's `convention` field use: `normal`, `misere`,
    /// `every`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
        }
    }
}

impl Convention {
    /// The setting that asks for this convention; normal play, the default, has none.
    pub fn setting(self) -> Option<Setting> {
        match self {
            Convention::Normal => None,
            Convention::Misere => Some(Setting::Misere),
            Convention::Every => Some(Setting::Every),
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A convention name that is none of the three.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the convention is 'normal', 'misere' or 'every', not {0:?}")]
pub struct UnknownConvention(pub String);

impl Convention {
    /// The convention a front end's two switches say (misère play wins if both are given; the
    /// front ends refuse both).
    pub fn from_switches(misere: bool, every: bool) -> Convention {
        if misere {
            Convention::Misere
        } else if every {
            Convention::Every
        } else {
            Convention::Normal
        }
    }
}

impl FromStr for Convention {
    type Err = UnknownConvention;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        [Convention::Normal, Convention::Misere, Convention::Every]
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| UnknownConvention(name.to_string()))
    }
}

/// The parts of the verdict asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// Who wins alone (`grundy solve --outcome`), by a search that stops at the first winning
    /// move it proves where one applies: a question of normal play.
    pub outcome_only: bool,
    /// Whether the winning moves are looked for (`false`: `grundy solve --no-moves`, normal play
    /// and Every-SG).
    pub moves: bool,
    /// How many winning moves are listed at most (all are counted).
    pub limit: usize,
}

/// The setting that asks for `convention`, as a message names it.
fn asked_by(convention: &Convention) -> String {
    convention
        .setting()
        .map_or_else(|| convention.name().to_string(), |s| s.to_string())
}

/// Parts of a verdict that do not go together. Each names the two settings (the command line
/// words them as its flags conflict, in the first line of its error), then says why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The outcome-only search under Every-SG (its step counts need every component whole).
    #[error(
        "the argument '{}' cannot be used with '{}': who wins alone is asked under normal or misère play",
        Setting::Outcome,
        asked_by(.0)
    )]
    OutcomeUnder(Convention),
    /// The outcome-only search, and no moves besides: it already leaves the moves out.
    #[error(
        "the argument '{}' cannot be used with '{}': outcome only already leaves the winning \
         moves out",
        Setting::Outcome,
        Setting::NoMoves
    )]
    OutcomeWithoutMoves,
    /// Misère play has no analysis without its winning moves.
    #[error(
        "the argument '{}' cannot be used with '{}': misère play is analysed with its winning \
         moves",
        Setting::NoMoves,
        Setting::Misere
    )]
    MisereWithoutMoves,
}

impl Asked {
    /// Whether these parts can be asked for under `convention`; [`verdict`] checks it too, but a
    /// front end may ask before it builds the position.
    pub fn check(&self, convention: Convention) -> Result<(), Refused> {
        match (convention, self.outcome_only, self.moves) {
            (Convention::Every, true, _) => Err(Refused::OutcomeUnder(convention)),
            (_, true, false) => Err(Refused::OutcomeWithoutMoves),
            (Convention::Misere, _, false) => Err(Refused::MisereWithoutMoves),
            _ => Ok(()),
        }
    }
}

/// Why there is no verdict: the question (bad input), or the computation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerdictError {
    /// The parts asked for do not go together.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The analysis could not finish.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A verdict under one of the three conventions.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Normal play, from [`grundy_core::analyse`], [`grundy_core::analyse_value`] or
    /// [`grundy_core::analyse_outcome`].
    Normal(Analysis),
    /// Misère play, from [`grundy_core::misere::analyse_misere`].
    Misere(MisereAnalysis),
    /// Every-SG, from [`grundy_core::every::analyse_every`] or
    /// [`grundy_core::every::analyse_every_outcome`].
    Every(EveryAnalysis),
}

impl Verdict {
    /// Who wins.
    pub fn outcome(&self) -> Outcome {
        match self {
            Verdict::Normal(a) => a.outcome,
            Verdict::Misere(a) => a.outcome,
            Verdict::Every(a) => a.outcome,
        }
    }

    /// The normal-play Grundy value of the whole sum, where it was computed and is finite.
    pub fn grundy(&self) -> Option<Nimber> {
        match self {
            Verdict::Normal(a) => a.grundy,
            Verdict::Misere(a) => a.grundy,
            Verdict::Every(a) => a.grundy,
        }
    }

    /// How many winning moves there are, if they were looked for and counted; a saturated count
    /// ([`grundy_core::component::COUNT_SATURATED`]) is at least that many.
    pub fn total(&self) -> Option<usize> {
        match self {
            Verdict::Normal(a) => a.winning_moves_count(),
            Verdict::Misere(a) => Some(a.winning_moves_total),
            Verdict::Every(a) => a.moves_searched.then_some(a.winning_moves_total),
        }
    }

    /// The first winning (or, in a draw, draw-keeping) move in words.
    pub fn first_move(&self) -> Option<&str> {
        match self {
            Verdict::Normal(a) => a.winning_moves.first().or(a.drawing_moves.first()),
            Verdict::Misere(a) => a.winning_moves.first().or(a.drawing_moves.first()),
            Verdict::Every(a) => return a.winning_moves.first().map(|m| m.description.as_str()),
        }
        .map(|m| m.description.as_str())
    }
}

/// The verdict on `components` under `convention`, with the parts `asked` for (refused where
/// they do not go together, [`Asked::check`]). A search of the whole sum (misère play, Every-SG)
/// goes as far as `limits` allow; each component has its own limits from the registry that
/// built it.
pub fn verdict(
    components: &mut [Box<dyn Component>],
    convention: Convention,
    asked: Asked,
    limits: &Limits,
) -> Result<Verdict, VerdictError> {
    asked.check(convention)?;
    let Asked {
        outcome_only,
        moves,
        limit,
    } = asked;
    Ok(match convention {
        Convention::Normal if outcome_only => Verdict::Normal(analyse_outcome(components)?),
        Convention::Normal if moves => Verdict::Normal(analyse(components, limit)?),
        Convention::Normal => Verdict::Normal(analyse_value(components)?),
        Convention::Misere if outcome_only => {
            Verdict::Misere(analyse_misere_outcome(components, limit, limits)?)
        }
        Convention::Misere => Verdict::Misere(analyse_misere(components, limit, limits)?),
        Convention::Every if moves => Verdict::Every(analyse_every(components, limit, limits)?),
        Convention::Every => Verdict::Every(analyse_every_outcome(components, limits)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build_sum(
        words: &[Word],
    ) -> Result<Vec<Box<dyn Component>>, grundy_registry::spec::SpecError> {
        crate::registry::standard().build_sum(words)
    }
    use grundy_registry::spec::Word;

    type Direct = fn(&mut [Box<dyn Component>], usize) -> Result<Verdict, SolveError>;

    /// The asks as (outcome only, moves).
    const FULL: (bool, bool) = (false, true);
    const NO_MOVES: (bool, bool) = (false, false);
    const OUTCOME: (bool, bool) = (true, true);
    const OUTCOME_NO_MOVES: (bool, bool) = (true, false);

    /// Each convention with each ask, and the analysis it must be (`None`: refused), spelled out
    /// case by case rather than by a dispatch of its own; a row a line, as a table.
    #[rustfmt::skip]
    fn cases() -> Vec<(Convention, (bool, bool), Option<Direct>)> {
        use Convention::*;
        vec![
            (Normal, FULL, Some(|c, l| analyse(c, l).map(Verdict::Normal))),
            (Normal, NO_MOVES, Some(|c, _| analyse_value(c).map(Verdict::Normal))),
            (Normal, OUTCOME, Some(|c, _| analyse_outcome(c).map(Verdict::Normal))),
            (Normal, OUTCOME_NO_MOVES, None),
            (Misere, FULL, Some(|c, l| analyse_misere(c, l, &Limits::DEFAULT).map(Verdict::Misere))),
            (Misere, NO_MOVES, None),
            (Misere, OUTCOME, Some(|c, l| analyse_misere_outcome(c, l, &Limits::DEFAULT).map(Verdict::Misere))),
            (Misere, OUTCOME_NO_MOVES, None),
            (Every, FULL, Some(|c, l| analyse_every(c, l, &Limits::DEFAULT).map(Verdict::Every))),
            (Every, NO_MOVES, Some(|c, _| analyse_every_outcome(c, &Limits::DEFAULT).map(Verdict::Every))),
            (Every, OUTCOME, None),
            (Every, OUTCOME_NO_MOVES, None),
        ]
    }

    fn asked((outcome_only, moves): (bool, bool), limit: usize) -> Asked {
        Asked {
            outcome_only,
            moves,
            limit,
        }
    }

    fn sum(words: &[&str]) -> Vec<Box<dyn Component>> {
        build_sum(&Word::from_args(words)).unwrap()
    }

    /// Chomp as a script: a lone game that is not a sum, which the outcome-only search decides.
    const CHOMP: &str = concat!(
        "script:",
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/scripts/chomp.rhai"
    );

    const SUMS: [&[&str]; 6] = [
        &["nim", "3", "4", "5"],
        &["nim", "1", "2", "3"],
        // Misère play and normal play disagree here.
        &["nim", "1", "1"],
        &["nim", "2", "2", "+", "0.77", "5", "6"],
        &["cram:3x3"],
        &[CHOMP, "3,3"],
    ];

    #[test]
    fn each_ask_is_the_analysis_it_names() {
        for words in SUMS {
            for (convention, ask, direct) in cases() {
                for limit in [0, 1, 100] {
                    let asked = asked(ask, limit);
                    let got = verdict(&mut sum(words), convention, asked, &Limits::DEFAULT);
                    let at = format!("{words:?} {convention} {asked:?}");
                    match direct {
                        Some(direct) => {
                            let want = direct(&mut sum(words), limit).unwrap();
                            assert_eq!(got.unwrap(), want, "{at}");
                        }
                        None => {
                            let refused = asked.check(convention).unwrap_err();
                            assert_eq!(got.unwrap_err(), VerdictError::Refused(refused), "{at}");
                        }
                    }
                }
            }
        }
    }

    /// The asks differ on these sums, so a dispatch that took one for another would be seen.
    #[test]
    fn the_asks_give_different_verdicts() {
        let on = |words: &[&str], convention, ask| {
            verdict(
                &mut sum(words),
                convention,
                asked(ask, 100),
                &Limits::DEFAULT,
            )
            .unwrap()
        };
        let chomp = &[CHOMP, "3,3"];
        let normal = [FULL, NO_MOVES, OUTCOME].map(|ask| on(chomp, Convention::Normal, ask));
        assert_ne!(normal[0], normal[1]);
        assert_ne!(normal[0], normal[2]);
        assert_ne!(normal[1], normal[2]);
        assert_ne!(
            on(chomp, Convention::Every, FULL),
            on(chomp, Convention::Every, NO_MOVES)
        );
        let ones = &["nim", "1", "1"];
        assert_eq!(on(ones, Convention::Normal, FULL).outcome(), Outcome::P);
        assert_eq!(on(ones, Convention::Misere, FULL).outcome(), Outcome::N);
    }

    #[test]
    fn refusals_are_one_line_and_name_the_settings() {
        let refused = |convention, ask| {
            let m = verdict(
                &mut sum(&["nim", "3"]),
                convention,
                asked(ask, 100),
                &Limits::DEFAULT,
            )
            .unwrap_err()
            .to_string();
            grundy_core::setting::plain(&m).into_owned()
        };
        // Each opens with the settings that conflict (the command line words them as clap's
        // conflict line).
        let m = refused(Convention::Every, OUTCOME);
        assert!(
            m.starts_with("the argument 'outcome' cannot be used with 'every': "),
            "{m}"
        );
        assert!(m.contains("normal or misère play"), "{m}");
        let m = refused(Convention::Normal, OUTCOME_NO_MOVES);
        assert!(
            m.starts_with("the argument 'outcome' cannot be used with 'no-moves': "),
            "{m}"
        );
        let m = refused(Convention::Misere, NO_MOVES);
        assert!(
            m.starts_with("the argument 'no-moves' cannot be used with 'misere': "),
            "{m}"
        );
        for (convention, ask, direct) in cases() {
            if direct.is_none() {
                let m = refused(convention, ask);
                assert!(!m.contains('\n') && !m.is_empty(), "{m}");
            }
        }
    }

    #[test]
    fn convention_names_parse_back() {
        for c in [Convention::Normal, Convention::Misere, Convention::Every] {
            assert_eq!(c.name().parse::<Convention>(), Ok(c));
            assert_eq!(c.to_string(), c.name());
        }
        let e = "misère".parse::<Convention>().unwrap_err().to_string();
        assert_eq!(
            e,
            "the convention is 'normal', 'misere' or 'every', not \"misère\""
        );
        assert!("Normal".parse::<Convention>().is_err());
    }
}
