//! Every game the front ends know, by name: the rulesets of `grundy-games` and game scripts.
//!
//! The lookup itself is [`Registry`]'s; this module only says which games make up the list, so
//! that the command line, Python and the page read one and the same.

use grundy_core::Component;
use grundy_games::entry::GameEntry;
use grundy_games::spec::{GameSpec, SpecError, Word};

pub use grundy_games::registry::Registry;

/// Every game, in the order `grundy games` lists them: the built-in rulesets, then scripts.
pub fn all() -> Registry {
    Registry::builtin().with(grundy_script::entries())
}

/// The entry for the game `word` names, with the word read as a spec: the one place a game name is
/// looked up, for every command.
pub fn lookup(word: &Word) -> Result<(GameEntry, GameSpec), SpecError> {
    all().lookup(word)
}

/// Builds every component of a command line such as `nim 3 4 + bash:3 7`.
///
/// ```
/// use grundy_core::analyse;
/// use grundy_front::registry::build_sum;
/// use grundy_games::spec::Word;
/// let mut sum = build_sum(&Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"])).unwrap();
/// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
/// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
/// ```
pub fn build_sum(words: &[Word]) -> Result<Vec<Box<dyn Component>>, SpecError> {
    all().build_sum(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Built-in games and scripts alike: no name or alias is claimed twice.
    #[test]
    fn names_are_unique() {
        let games = all();
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
        for e in all().entries() {
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
            assert!(build_sum(&Word::from_args(&words)).is_ok(), "{}", e.example);
        }
    }
}
