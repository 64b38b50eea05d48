//! Every ruleset grundy knows, by name.
//!
//! Each ruleset module exports `entries()`; a [`Registry`] is the one list the front ends read to
//! turn a game spec (`nim`, `bash:3`, …) into a position, and to print `grundy games`.

use grundy_core::limits::Limits;
use grundy_core::Component;

use crate::board::{chomp, cram};
use crate::classic::{euclid, fibonacci_nim, moore, northcott, poker_nim, staircase, wythoff};
use crate::coins::{coin_turning, tartan};
use crate::entry::GameEntry;
use crate::graph::{edges, hackenbush, movers, node_kayles};
use crate::heap::{grundys_game, lasker, nim, split, subtraction, take_and_break};
use crate::nonsum::{ends, multiplication, public_sale, take_or_merge};
use crate::spec::{split_sum, ComponentSpec, GameSpec, SpecError, Word};

/// Every built-in ruleset, in the order `grundy games` lists them.
fn builtin_entries() -> Vec<GameEntry> {
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
    ]
    .concat()
}

/// A list of games by name: the one place a game name is looked up and a command line turned
/// into components, for every command and every front end.
///
/// [`Registry::builtin`] holds this crate's rulesets; a crate above adds its own entries with
/// [`Registry::with`] (`grundy-script` adds game scripts, and `grundy-front` serves the whole
/// list to the front ends).
#[derive(Clone)]
pub struct Registry {
    entries: Vec<GameEntry>,
    /// The limits every entry builds within, also those added later.
    limits: Limits,
}

impl Registry {
    /// The rulesets of this crate.
    pub fn builtin() -> Registry {
        Registry {
            entries: builtin_entries(),
            limits: Limits::DEFAULT,
        }
    }

    /// This registry and `more` after it (listed, and looked up, in that order).
    pub fn with(mut self, more: Vec<GameEntry>) -> Registry {
        let start = self.entries.len();
        self.entries.extend(more);
        for entry in &mut self.entries[start..] {
            entry.limits = self.limits.clone();
        }
        self
    }

    /// This registry with every game it builds searching within `limits` (a front end's
    /// position cap, memory probe, progress, table budget and checkpoint,
    /// [`grundy_core::limits`]): each entry's builder
    /// hands them to the component it builds ([`Component::limit`]), so every path that builds
    /// a game — a sum, a table valued position by position, a game played — has them.
    pub fn limited(mut self, limits: Limits) -> Registry {
        for entry in &mut self.entries {
            entry.limits = limits.clone();
        }
        self.limits = limits;
        self
    }

    /// Every entry, in the order `grundy games` lists them.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The entries, in the order `grundy games` lists them.
    pub fn iter(&self) -> std::slice::Iter<'_, GameEntry> {
        self.entries.iter()
    }

    /// The entry for a component's game name, or a clear error listing the names.
    pub fn find(&self, spec: &ComponentSpec) -> Result<&GameEntry, SpecError> {
        self.entries
            .iter()
            .find(|e| e.is_named(&spec.game.name))
            .ok_or_else(|| {
                let names: Vec<&str> = self
                    .entries
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

    /// The entry for the game `word` names, with the word read as a spec.
    pub fn lookup(&self, word: &Word) -> Result<(GameEntry, GameSpec), SpecError> {
        let spec = GameSpec::parse(word);
        let component = ComponentSpec {
            game: spec.clone(),
            position: Vec::new(),
        };
        let entry = self.find(&component)?.clone();
        Ok((entry, spec))
    }

    /// Builds every component of a command line such as `nim 3 4 + bash:3 7`.
    ///
    /// ```
    /// use grundy_core::analyse;
    /// use grundy_games::{registry::Registry, spec::Word};
    /// let words = Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"]);
    /// let mut sum = Registry::builtin().build_sum(&words).unwrap();
    /// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
    /// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
    /// ```
    pub fn build_sum(&self, words: &[Word]) -> Result<Vec<Box<dyn Component>>, SpecError> {
        split_sum(words)?
            .iter()
            .map(|c| self.find(c)?.build(&c.game, &c.position))
            .collect()
    }
}

impl IntoIterator for Registry {
    type Item = GameEntry;
    type IntoIter = std::vec::IntoIter<GameEntry>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_builds() {
        let registry = Registry::builtin();
        for e in registry.entries() {
            let words: Vec<&str> = e.example.split_whitespace().collect();
            assert!(
                registry.build_sum(&Word::from_args(&words)).is_ok(),
                "{}",
                e.example
            );
        }
    }

    #[test]
    fn only_heap_games_have_a_heap_table() {
        let node_kayles = Word::new("a", "node-kayles:1-2");
        let (entry, _) = Registry::builtin().lookup(&node_kayles).unwrap();
        assert!(entry.table.is_none());
        let (entry, _) = Registry::builtin().lookup(&Word::new("a", "0.77")).unwrap();
        assert!(entry.table.is_some());
    }

    #[test]
    fn unknown_games_are_named_in_the_error() {
        let err = Registry::builtin()
            .build_sum(&Word::from_args(&["chess", "1"]))
            .err()
            .unwrap();
        assert_eq!(err.origin, "argument 1");
        assert!(err.message.contains("unknown game 'chess'"));
    }
}
