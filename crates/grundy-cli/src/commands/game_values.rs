//! The values of a game over a range of positions, for `check`, `plot`, `guess` and
//! `solve --formula`: [`grundy_front::values`] computes them (Python shares it); this adds the
//! command line's progress bar and its error wording.

use grundy_front::values::ValuesError;
pub use grundy_front::values::{Defaults, GameValues, Sample, DEFAULTS};
use grundy_registry::spec::Word;

use crate::failure::Failure;
use crate::progress::LazyBar;
use grundy_front::session::Session;

impl From<ValuesError> for Failure {
    fn from(e: ValuesError) -> Self {
        match e {
            ValuesError::Input(m) => Failure::Input(m),
            ValuesError::Compute(m) => Failure::Compute(m),
            ValuesError::Solve(e) => Failure::from(e),
            e @ ValuesError::Interrupted { .. } => Failure::Compute(e.to_string()),
        }
    }
}

/// The values of the game `words` names (the game alone, no position), up to `upto` (`N`, or
/// `XxY` for two-variable games), with the defaults of `check` and `plot`.
pub fn compute(
    session: &Session,
    words: &[Word],
    upto: Option<&str>,
) -> Result<GameValues, Failure> {
    compute_with(session, words, upto, DEFAULTS)
}

/// [`compute`], with `defaults` where `upto` is not given.
pub fn compute_with(
    session: &Session,
    words: &[Word],
    upto: Option<&str>,
    defaults: Defaults,
) -> Result<GameValues, Failure> {
    let mut bar: Option<LazyBar> = None;
    let mut progress = |done: u64, total: u64| {
        // This bar counts the positions valued one by one; a script's own spinner keeps quiet.
        bar.get_or_insert_with(|| {
            crate::progress::set_quiet(true);
            LazyBar::new(total, "positions")
        })
        .set(done);
        true
    };
    let values =
        grundy_front::values::compute(&session.games, words, upto, defaults, &mut progress);
    crate::progress::set_quiet(false);
    Ok(values?)
}
