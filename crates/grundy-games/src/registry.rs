//! Every ruleset grundy knows, by name.
//!
//! Each ruleset module exports `entries()`; this is the one list the command line reads to turn a
//! game spec (`nim`, `bash:3`, …) into a position, and to print `grundy games`.

use grundy_core::Component;

use crate::board::{chomp, cram};
use crate::classic::{euclid, fibonacci_nim, moore, northcott, poker_nim, staircase, wythoff};
use crate::coins::{coin_turning, tartan};
use crate::entry::GameEntry;
use crate::graph::{edges, hackenbush, movers, node_kayles};
use crate::heap::{grundys_game, lasker, nim, split, subtraction, take_and_break};
use crate::nonsum::{ends, multiplication, public_sale, take_or_merge};
use crate::script;
use crate::spec::{split_sum, ComponentSpec, GameSpec, SpecError, Word};

/// Every registered game, in the order `grundy games` lists them.
pub fn all() -> Vec<GameEntry> {
    [
        nim::entries(),
        subtraction::entries(),
        staircase::entries(),
        multiplication::entries(),
        public_sale::entries(),
        take_or_merge::entries(),
        ends::entries(),
        coin_turning::entries(),
        tartan::entries(),
        hackenbush::entries(),
        wythoff::entries(),
        fibonacci_nim::entries(),
        euclid::entries(),
        northcott::entries(),
        poker_nim::entries(),
        moore::entries(),
        take_and_break::entries(),
        grundys_game::entries(),
        lasker::entries(),
        split::entries(),
        edges::entries(),
        movers::entries(),
        node_kayles::entries(),
        cram::entries(),
        chomp::entries(),
        script::entries(),
    ]
    .concat()
}

/// The entry for a game name, or a clear error listing the names.
pub fn find<'a>(
    entries: &'a [GameEntry],
    spec: &ComponentSpec,
) -> Result<&'a GameEntry, SpecError> {
    entries
        .iter()
        .find(|e| e.is_named(&spec.game.name))
        .ok_or_else(|| {
            let names: Vec<&str> = entries
                .iter()
                .filter(|e| e.matches.is_none())
                .map(|e| e.name)
                .collect();
            spec.game.error(format!(
                "unknown game '{}': the games are {}, octal codes such as 0.77 \
                 (`grundy games` says more)",
                spec.game.name,
                names.join(", ")
            ))
        })
}

/// The entry for the game `word` names, with the word read as a spec: the one place a game name is
/// looked up, for every command.
pub fn lookup(word: &Word) -> Result<(GameEntry, GameSpec), SpecError> {
    let spec = GameSpec::parse(word);
    let entries = all();
    let component = ComponentSpec {
        game: spec.clone(),
        position: Vec::new(),
    };
    let entry = find(&entries, &component)?.clone();
    Ok((entry, spec))
}

/// Builds every component of a command line such as `nim 3 4 + bash:3 7`.
///
/// ```
/// use grundy_core::analyse;
/// use grundy_games::{registry, spec::Word};
/// let mut sum = registry::build_sum(&Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"])).unwrap();
/// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
/// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
/// ```
pub fn build_sum(words: &[Word]) -> Result<Vec<Box<dyn Component>>, SpecError> {
    let entries = all();
    split_sum(words)?
        .iter()
        .map(|c| (find(&entries, c)?.build)(&c.game, &c.position))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let entries = all();
        let mut names: Vec<&str> = entries
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
        for e in all() {
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

    #[test]
    fn unknown_games_are_named_in_the_error() {
        let err = build_sum(&Word::from_args(&["chess", "1"])).err().unwrap();
        assert_eq!(err.origin, "argument 1");
        assert!(err.message.contains("unknown game 'chess'"));
    }
}
