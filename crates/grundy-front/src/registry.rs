//! Every game the front ends know, by name: the rulesets of `grundy-games` and game scripts.
//!
//! The lookup itself is [`Registry`]'s; this module only says which games make up the list, so
//! that the command line, Python and the page read one and the same. Each front end composes it
//! once, from its settings, and passes it down.

use std::sync::Arc;

use grundy_script::{Runtime, ScriptSettings};

pub use grundy_games::registry::Registry;

/// Every game, in the order `grundy games` lists them: the built-in rulesets, then game scripts,
/// each built with the script runtime a front end made from its settings.
///
/// ```
/// use grundy_core::analyse;
/// use grundy_games::spec::Word;
/// use grundy_script::{Runtime, ScriptSettings};
/// let games = grundy_front::registry::all(&Runtime::new(ScriptSettings::default()));
/// let mut sum = games.build_sum(&Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"])).unwrap();
/// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
/// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
/// ```
pub fn all(scripts: &Arc<Runtime>) -> Registry {
    Registry::builtin().with(scripts.entries())
}

/// Every game with the default settings (a library user's program, a test).
pub fn standard() -> Registry {
    all(&Runtime::new(ScriptSettings::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_games::spec::Word;

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
}
