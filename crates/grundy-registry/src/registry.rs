//! A list of games by name: the one place a game name is looked up and a command line turned
//! into components. The built-in rulesets (`grundy_games::registry::builtin`) and game scripts
//! (`grundy-script`) each give their entries; a front end composes them once.

use grundy_core::limits::Limits;
use grundy_core::Component;

use crate::entry::GameEntry;
use crate::spec::{split_sum, ComponentSpec, GameSpec, SpecError, Word};

/// A list of games by name: the one place a game name is looked up and a command line turned
/// into components, for every command and every front end.
///
/// `grundy_games::registry::builtin` holds the built-in rulesets; a crate above adds its own
/// entries with [`Registry::with`] (`grundy-script` adds game scripts, and `grundy-front` serves the whole
/// list to the front ends).
#[derive(Clone)]
pub struct Registry {
    entries: Vec<GameEntry>,
    /// The limits every entry builds within, also those added later.
    limits: Limits,
}

impl Registry {
    /// A registry of `entries`, in the order `grundy games` lists them.
    pub fn new(entries: Vec<GameEntry>) -> Registry {
        Registry {
            entries,
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
    /// (The crate's example builds a sum this way.)
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
