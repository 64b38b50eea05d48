//! Every game the front ends know, by name: the rulesets of `grundy-games` and game scripts.
//!
//! The lookup itself is [`Registry`]'s; this module only says which games make up the list, so
//! that the command line, Python and the page read one and the same. Each front end composes it
//! once, from its settings, and passes it down.

use std::sync::Arc;

use grundy_core::limits::Limits;
use grundy_script::{Runtime, ScriptSettings};

pub use grundy_registry::Registry;

/// Every game, in the order `grundy games` lists them: the built-in rulesets, then game scripts,
/// each built with the script runtime a front end made from its settings, and every game
/// searching within the runtime's search limits ([`grundy_script::ScriptSettings::search`]).
///
/// ```
/// use grundy_core::analyse;
/// use grundy_registry::spec::Word;
/// use grundy_script::{Runtime, ScriptSettings};
/// let games = grundy_front::registry::all(&Runtime::new(ScriptSettings::default()));
/// let mut sum = games.build_sum(&Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"])).unwrap();
/// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
/// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
/// ```
pub fn all(scripts: &Arc<Runtime>) -> Registry {
    within(scripts, scripts.settings().search.clone())
}

/// [`all`], every game searching within `limits` rather than the runtime's (the same limits
/// with a checkpoint: the command line's `solve --checkpoint`).
pub fn within(scripts: &Arc<Runtime>, limits: Limits) -> Registry {
    grundy_games::registry::builtin()
        .with(scripts.entries())
        .limited(limits)
}

/// Every game with the default settings (a library user's program, a test).
pub fn standard() -> Registry {
    all(&Runtime::new(ScriptSettings::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_registry::spec::Word;

    /// Built-in games and scripts alike: no name or alias is claimed twice.
    #[test]
    fn names_are_unique() {
        let games = standard();
        let mut names: Vec<&str> = games
            .entries()
            .iter()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
            .collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }

    #[test]
    fn every_example_builds() {
        let games = standard();
        for e in games.entries() {
            // Script examples name files from the repository's root; tests run in the crate's.
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
            let words: Vec<String> = e
                .example
                .split_whitespace()
                .map(|w| match w.strip_prefix("script:") {
                    Some(path) => format!("script:{root}{path}"),
                    None => w.to_string(),
                })
                .collect();
            assert!(
                games.build_sum(&Word::from_args(&words)).is_ok(),
                "{}",
                e.example
            );
        }
    }

    /// The limits a registry is composed with reach every game it builds, and only those: two
    /// registries in one process, one capped, answer as their own settings say.
    #[test]
    fn each_registry_searches_within_its_own_limits() {
        use grundy_core::limits::Limits;
        use grundy_core::SolveError;
        let capped = all(&Runtime::new(ScriptSettings {
            search: Limits {
                positions: 20,
                ..Limits::DEFAULT
            },
            ..ScriptSettings::default()
        }));
        // A subtraction game the generic solver values heap by heap (no theorem).
        let words = Word::from_args(&[
            "script:{fn moves(n) { [n - 1, n - 2, n - 5].filter(|m| m >= 0) }}",
            "400",
        ]);
        let value =
            |games: &Registry| grundy_core::analyse_value(&mut games.build_sum(&words).unwrap());
        // The line of play 400 deep is past a tenth of the solver's cap of 200.
        assert!(matches!(
            value(&capped),
            Err(SolveError::PositionCap { cap: 20, .. })
        ));
        assert!(value(&standard()).is_ok());
        // The whole-sum searches take the limits as an argument.
        let nim = Word::from_args(&["nim", "30", "30"]);
        let tiny = Limits::DEFAULT.capped(10);
        let misere = grundy_core::misere::analyse_misere_by_search(
            &mut standard().build_sum(&nim).unwrap(),
            1,
            &tiny,
        );
        assert!(misere.is_err());
    }
}
