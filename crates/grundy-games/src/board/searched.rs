//! A board game valued by the search engine ([`grundy_core::search`]): the one wrapper Cram and
//! Chomp share. The search and its table are made at the first question, sized for the board it
//! is about (each game says how, [`BoardRules::search_for`]), and answer every later question of
//! the run; the winning moves are the options the search finds equal to the target value.

use std::cell::OnceCell;

use grundy_core::limits::Limits;
use grundy_core::search::{Search, SearchRules};
use grundy_core::{Game, Key, Nimber, Ruleset, SolveError};
use serde_json::Value as Json;

/// What a board game's rules add to be searched as a game of the registry: its name, how its
/// positions are said, and how large a search its first board needs.
pub trait BoardRules: SearchRules + Copy
where
    Self::Position: Send + Sync,
{
    /// The game's name in a spec (`cram`, `chomp`).
    const NAME: &'static str;

    /// The search for `first`, the first position asked about, on `threads` threads (0: every
    /// core): its table sized for that board within `limits`' table budget, resumed from
    /// `limits`' checkpoint where one is kept.
    fn search_for(&self, first: &Self::Position, threads: usize, limits: &Limits) -> Search<Self>;

    /// The position as the words that build it again ([`Game::show`]).
    fn show(&self, position: &Self::Position) -> Json;

    /// A move in words ([`Game::describe`]).
    fn describe(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// The position as the key the generic solver stores ([`Game::key`]).
    fn key(&self, position: &Self::Position) -> Key;
}

/// A board game of the registry whose values come from one search.
pub struct Searched<R: BoardRules>
where
    R::Position: Send + Sync,
{
    /// The size given in the spec, if any (`cram:RxC`).
    size: Option<(u8, u8)>,
    rules: R,
    /// The search and its table, made at the first question (their size depends on the board).
    search: OnceCell<Search<R>>,
    threads: usize,
    /// The table budget and checkpoint of the search ([`Ruleset::limit`]).
    limits: Limits,
}

impl<R: BoardRules> Searched<R>
where
    R::Position: Send + Sync,
{
    /// The game with its default rules, searched on every core.
    pub fn new(size: Option<(u8, u8)>) -> Self
    where
        R: Default,
    {
        Self::with_rules(size, R::default(), 0)
    }

    /// The game searched with `rules` on `threads` threads (0: every core).
    pub fn with_rules(size: Option<(u8, u8)>, rules: R, threads: usize) -> Self {
        Searched {
            size,
            rules,
            search: OnceCell::new(),
            threads,
            limits: Limits::DEFAULT,
        }
    }

    fn search(&self, position: &R::Position) -> &Search<R> {
        self.search
            .get_or_init(|| self.rules.search_for(position, self.threads, &self.limits))
    }
}

impl<R: BoardRules> Ruleset for Searched<R>
where
    R::Position: Send + Sync,
{
    type Position = R::Position;

    fn options(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        self.rules.options(position, out)
    }

    fn closed_form(&self, position: &R::Position) -> Option<Nimber> {
        Some(self.search(position).value(position))
    }

    fn limit(&mut self, limits: &Limits) {
        self.limits = limits.clone();
    }
}

impl<R: BoardRules> Game for Searched<R>
where
    R::Position: Send + Sync,
{
    fn name(&self) -> String {
        match self.size {
            Some((r, c)) => format!("{}:{r}x{c}", R::NAME),
            None => R::NAME.into(),
        }
    }

    fn show(&self, position: &R::Position) -> Json {
        self.rules.show(position)
    }

    fn describe(&self, from: &R::Position, to: &R::Position) -> String {
        self.rules.describe(from, to)
    }

    fn key(&self, position: &R::Position) -> Key {
        self.rules.key(position)
    }

    fn options_to(
        &self,
        position: &R::Position,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<R::Position>, usize), SolveError>> {
        let mut options = Vec::new();
        self.rules.options(position, &mut options);
        let hits = self.search(position).those_equal(options, target);
        let total = hits.len();
        Some(Ok((hits.into_iter().take(limit).collect(), total)))
    }
}
