//! A registry entry: what a ruleset tells the registry about itself.
//!
//! A ruleset needs a name, the syntax of its spec, its rules in one line, an example, and a way
//! to build a position from a spec and its position words; everything else has a default:
//!
//! ```
//! use grundy_core::{Component, HeapPosition, HeapRuleset};
//! use grundy_registry::entry::GameEntry;
//! use grundy_registry::spec::{parse_heaps, GameSpec, SpecError, Word};
//! use grundy_registry::tabulate::Shape;
//!
//! // Nim: take any number of tokens from one heap.
//! struct MyNim;
//! impl HeapRuleset for MyNim {
//!     fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
//!         out.extend((0..n).map(|k| vec![k]));
//!     }
//! }
//! fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
//!     spec.forbid_params()?;
//!     Ok(Box::new(HeapPosition::new("my-nim", MyNim, parse_heaps(spec, words, u64::MAX)?)))
//! }
//!
//! let entry = GameEntry::new("my-nim", "my-nim HEAP...", "take from one heap", "my-nim 3 4", build)
//!     .aliases(&["mine"])
//!     .positions(Shape::Line);
//! assert!(entry.is_named("mine"));
//! assert!(entry.table.is_none()); // valued position by position by `grundy table`
//! ```

use std::sync::Arc;

use grundy_core::limits::Limits;
use grundy_core::Component;

use crate::spec::{GameSpec, SpecError, Word};
use crate::tabulate::{Shape, Tabulate};

/// How a front end may draw a position of a game and take a move from a click on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Drawing {
    /// As its words; moves are chosen from a list.
    #[default]
    Text,
    /// Heaps of tokens: the position is a list of heap sizes; a move replaces one heap by the
    /// heaps it leaves.
    Heaps,
    /// A row of coins: the position lists the heads; a move turns coins over, the rightmost
    /// from heads to tails.
    Coins,
    /// A bar of chocolate whose columns have these heights (`3,3,2`): a move eats a square and
    /// every square above and to the right of it.
    Columns,
    /// A board of rows of cells, `.` free and `#` taken: a move fills two free cells side by
    /// side.
    Cells,
    /// Piles in a fixed order (a list of numbers, `N/LIMIT` for a heap with a limit on the next
    /// take, or `{"heaps": [...], "pool": N}`): a move may change several piles, and a pile may
    /// grow (a stair receives what came down, a heap takes from the pool).
    Piles,
    /// One number that the moves change (a price, a product).
    Number,
    /// Tokens on the vertices of a graph or the points of a board ([`Component::figure`] gives
    /// the graph): a move slides a token along an edge.
    Tokens,
    /// The vertices of a graph still present ([`Component::figure`] gives the graph): a move takes
    /// a vertex.
    Vertices,
    /// The edges still standing on a graph with a ground ([`Component::figure`]): a move cuts an
    /// edge.
    Edges,
    /// Rows of a board, each `W,B` with the squares of its white and black piece: a move slides
    /// one piece of one row to the left.
    Rows,
    /// Coins on a grid, each heads written `X,Y`: a move turns coins over, the top-right one
    /// from heads to tails.
    CoinGrid,
}

impl Drawing {
    /// Every drawing, for the names a script may ask for.
    pub const ALL: [Drawing; 12] = [
        Drawing::Text,
        Drawing::Heaps,
        Drawing::Coins,
        Drawing::Columns,
        Drawing::Cells,
        Drawing::Piles,
        Drawing::Number,
        Drawing::Tokens,
        Drawing::Vertices,
        Drawing::Edges,
        Drawing::Rows,
        Drawing::CoinGrid,
    ];

    /// Its name (as JSON writes it: `heaps`, `coin-grid`).
    pub fn name(self) -> &'static str {
        match self {
            Drawing::Text => "text",
            Drawing::Heaps => "heaps",
            Drawing::Coins => "coins",
            Drawing::Columns => "columns",
            Drawing::Cells => "cells",
            Drawing::Piles => "piles",
            Drawing::Number => "number",
            Drawing::Tokens => "tokens",
            Drawing::Vertices => "vertices",
            Drawing::Edges => "edges",
            Drawing::Rows => "rows",
            Drawing::CoinGrid => "coin-grid",
        }
    }

    /// The drawing named `name`, if there is one.
    pub fn named(name: &str) -> Option<Drawing> {
        Drawing::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// Builds a position of a game from its spec and position words, within the front end's
/// limits (a game that computes values before any search, such as a take-and-break game's table,
/// tells their progress reporter). A closure, so that an entry can hold what its games are built
/// with (a script runtime and its settings).
pub type Builder =
    Arc<dyn Fn(&GameSpec, &[Word], &Limits) -> Result<Box<dyn Component>, SpecError> + Send + Sync>;

/// Makes a game's own tabulation from its spec (by the same parser as its [`Builder`]).
pub type Tabulator = Arc<dyn Fn(&GameSpec) -> Result<Box<dyn Tabulate>, SpecError> + Send + Sync>;

/// A registered ruleset: how to name it, what it is, how to build a position of it and how its
/// values are tabulated.
#[derive(Clone)]
pub struct GameEntry {
    /// The name used on the command line (before any `:`).
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// The spec syntax, e.g. `bash:K`.
    pub syntax: &'static str,
    /// The rules in one line.
    pub rules: &'static str,
    /// An example command line after `grundy solve`.
    pub example: &'static str,
    /// Builds a position from the spec, its position words and the limits ([`GameEntry::build`]
    /// calls it).
    builder: Builder,
    /// The limits every game it builds searches within (the registry's,
    /// [`crate::Registry::limited`]).
    pub(crate) limits: Limits,
    /// Whether this entry claims a game name (for entries matched by shape, e.g. octal codes
    /// `0.77`, rather than by name).
    pub matches: Option<fn(&str) -> bool>,
    /// The game's own tabulation (a heap engine, a graph's analysis, a script's shared solver),
    /// when it has one; `None`: `grundy table`, `check` and `plot` value positions one by one
    /// through [`GameEntry::build`], in the shape [`GameEntry::shape`] says.
    pub table: Option<Tabulator>,
    /// For a game valued position by position: whether its positions are one number
    /// ([`Shape::Line`]: `GAME n`), two ([`Shape::Grid`]: `GAME a b`) or neither
    /// ([`Shape::None`], the default).
    pub shape: Shape,
    /// The game's moves written one way (`sub:1,2` and `bash:2` are both `0.33`), when the entry
    /// knows one: two specs with the same canonical text have the same moves, so a census
    /// computes them once. `None` (the default, or the function's answer): the spec itself.
    pub canonical: Option<fn(&GameSpec) -> Option<String>>,
    /// How its positions are drawn ([`Drawing::Text`], the default: as words).
    pub drawing: Drawing,
}

impl GameEntry {
    /// An entry with no alias, matched by its name, valued position by position in no shape
    /// (see the builder methods below for the rest).
    pub fn new(
        name: &'static str,
        syntax: &'static str,
        rules: &'static str,
        example: &'static str,
        build: impl Fn(&GameSpec, &[Word]) -> Result<Box<dyn Component>, SpecError>
            + Send
            + Sync
            + 'static,
    ) -> GameEntry {
        GameEntry::within_limits(name, syntax, rules, example, move |spec, words, _| {
            build(spec, words)
        })
    }

    /// [`GameEntry::new`] for a builder that reads the limits: a game that computes values
    /// before its search (a take-and-break game's table) tells their progress reporter.
    pub fn within_limits(
        name: &'static str,
        syntax: &'static str,
        rules: &'static str,
        example: &'static str,
        build: impl Fn(&GameSpec, &[Word], &Limits) -> Result<Box<dyn Component>, SpecError>
            + Send
            + Sync
            + 'static,
    ) -> GameEntry {
        GameEntry {
            name,
            aliases: &[],
            syntax,
            rules,
            example,
            builder: Arc::new(build),
            limits: Limits::DEFAULT,
            matches: None,
            table: None,
            shape: Shape::None,
            canonical: None,
            drawing: Drawing::Text,
        }
    }

    /// A position of this game from its spec and its position words, searching within the
    /// entry's limits ([`Component::limit`]).
    pub fn build(&self, spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
        let mut component = (self.builder)(spec, words, &self.limits)?;
        component.limit(self.limits.clone());
        Ok(component)
    }

    /// Other names for the game.
    pub fn aliases(mut self, aliases: &'static [&'static str]) -> GameEntry {
        self.aliases = aliases;
        self
    }

    /// Claims every name `matches` accepts (octal codes), besides the entry's name.
    pub fn matching(mut self, matches: fn(&str) -> bool) -> GameEntry {
        self.matches = Some(matches);
        self
    }

    /// The game's own tabulation.
    pub fn tabulated(
        mut self,
        table: impl Fn(&GameSpec) -> Result<Box<dyn Tabulate>, SpecError> + Send + Sync + 'static,
    ) -> GameEntry {
        self.table = Some(Arc::new(table));
        self
    }

    /// The shape of the positions valued one by one when the game has no tabulation of its own.
    pub fn positions(mut self, shape: Shape) -> GameEntry {
        self.shape = shape;
        self
    }

    /// How to write a spec of this game with its moves alone ([`GameEntry::canonical`]).
    pub fn canonical(mut self, canonical: fn(&GameSpec) -> Option<String>) -> GameEntry {
        self.canonical = Some(canonical);
        self
    }

    /// How the game's positions are drawn.
    pub fn drawn(mut self, drawing: Drawing) -> GameEntry {
        self.drawing = drawing;
        self
    }

    /// The canonical text of `spec` ([`GameEntry::canonical`]), or the spec as written.
    pub fn canonical_text(&self, spec: &GameSpec) -> String {
        self.canonical
            .and_then(|c| c(spec))
            .unwrap_or_else(|| spec.word.text.clone())
    }

    /// Whether `name` names this entry.
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name) || self.matches.is_some_and(|m| m(name))
    }
}

#[cfg(test)]
mod tests {
    use super::Drawing;

    #[test]
    fn a_drawing_is_named_as_json_writes_it() {
        for d in Drawing::ALL {
            assert_eq!(serde_json::to_value(d).unwrap(), d.name());
            assert_eq!(Drawing::named(d.name()), Some(d));
        }
        assert_eq!(Drawing::named("heap"), None);
    }
}
