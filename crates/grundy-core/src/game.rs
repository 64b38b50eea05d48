//! The game trait every ruleset implements.
//!
//! A *ruleset* knows the positions of one impartial game and, for each position, its options
//! (the positions one move away). That is all the Sprague–Grundy theory needs; everything else is
//! an optional hook that lets a solver go faster when the theory allows it:
//!
//! - [`Ruleset::components`]: the position is a *sum* of independent positions (heaps of a heap
//!   game, tokens on a graph), so its value is the XOR of theirs;
//! - [`Ruleset::closed_form`]: a theorem gives the value directly (Bouton for Nim, `n mod (k+1)`
//!   for Bash's game) without searching.
//!
//! A [`Game`] is a ruleset the tool can present: it names itself, shows its positions in the
//! input's notation and says its moves in words. That is all a game needs to work in every command
//! (solve, play, misère play, Every-SG) through the one generic component,
//! [`crate::RulesetComponent`]; its other hooks let theorems answer before any search.

use std::hash::Hash;

use serde_json::Value as Json;

use crate::{Key, Nimber, Outcome, SolveError};

/// The rules of an impartial game.
///
/// Options are pushed into a caller's buffer rather than returned in a fresh `Vec`, so solvers can
/// reuse one buffer for millions of positions.
///
/// ```
/// use grundy_core::{Nimber, Ruleset, Solver};
///
/// /// Take 1 or 2 tokens from a single pile.
/// struct OneOrTwo;
/// impl Ruleset for OneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
///     }
/// }
///
/// let mut solver = Solver::new(OneOrTwo);
/// assert_eq!(solver.grundy(&7).unwrap(), Nimber(1));
/// ```
pub trait Ruleset {
    /// A position of the game. It must be hashable so solvers can memoize it.
    type Position: Clone + Eq + Hash;

    /// Appends every option of `position` to `out` (which the caller has cleared).
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// If `position` is a sum of independent positions, appends them to `out` and returns `true`.
    /// The solver then takes the XOR of their values instead of searching the sum. A single part is
    /// allowed too: a position may hand the solver a canonical form of itself (e.g. a connected
    /// graph renumbered), so that equal parts of different positions share one entry.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }

    /// The Grundy value of `position` when a theorem gives it without search.
    fn closed_form(&self, position: &Self::Position) -> Option<Nimber> {
        let _ = position;
        None
    }

    /// The value of `position` by a theorem alone: no search and no table computed for it,
    /// what a conjectured formula is checked against ([`crate::Component::known_value`]). The
    /// default is [`Ruleset::closed_form`]; a ruleset whose closed form may compute (a script's
    /// line of heaps) gives only what needs no work.
    fn theorem_value(&self, position: &Self::Position) -> Option<Nimber> {
        self.closed_form(position)
    }

    /// The value of `position` when the ruleset can give it cheaply: a [`Ruleset::closed_form`]
    /// that is a formula (the default), a value already computed, or one computed in about the
    /// time of listing the position's options; never one that costs about a full valuation.
    /// The outcome search asks it of every option it meets, most of which it never needs to
    /// value, and of its root before searching; a ruleset whose closed form can mean long work
    /// (a script's line of heaps, valued up to the heap asked) answers here only when that work
    /// is cheap.
    fn cheap_value(&self, position: &Self::Position) -> Option<Nimber> {
        self.closed_form(position)
    }

    /// The solver has computed `value` for `position`: a ruleset shared by several solvers of one
    /// run (a script's every `--batch` line and every part of a sum builds a solver of its own)
    /// may keep it, and give it back through [`Ruleset::closed_form`] to the solvers that come
    /// after. The default forgets it.
    fn learned(&self, position: &Self::Position, value: Nimber) {
        let _ = (position, value);
    }

    /// A chance to work ahead before a search from `position`: a ruleset whose options are costly
    /// to list (a game script) may list the positions it reaches on every core, so that the
    /// sequential search finds them ready. The default does nothing.
    fn prepare(&self, position: &Self::Position) {
        let _ = position;
    }

    /// A small dense index of `position` for positions that have one (a heap size), so the solver
    /// keeps their values in an array rather than a hash table: in a game with thousands of options
    /// a position, looking the options up is the solver's whole work. `None` (the default): the
    /// position is hashed. Two positions with the same index must be the same position.
    fn index(&self, position: &Self::Position) -> Option<usize> {
        let _ = position;
        None
    }

    /// How big `position` is (a Chomp board's squares), for searches that try small positions
    /// first: the outcome search orders an expanded position's options by it instead of listing
    /// each option's own moves. Any order is correct, so the measure need only be cheap. `None`
    /// (the default): the search counts the option's moves instead.
    fn position_size(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// Whether `position` has no move, when the rules can tell without listing its moves: the
    /// outcome search asks it of every option before listing any option's own moves, so that a
    /// move to a position with no move (the player to move then wins at once) is found first.
    /// `None` (the default): not known without listing. A ruleset whose positions are costly to
    /// expand (a script) answers within a small budget, or `None`.
    fn terminal(&self, position: &Self::Position) -> Option<bool> {
        let _ = position;
        None
    }

    /// Whether listing options has failed: rules written by a user (a script) can fail on a
    /// position, and [`Ruleset::options`] has no way to say so. Such a ruleset lists no options
    /// once it fails and keeps the first error here; every search asks after expanding a position
    /// and stops with that error, so no answer is built on a failed expansion.
    fn fault(&self) -> Result<(), SolveError> {
        Ok(())
    }

    /// Searches of its own (a board game's transposition table) go within `limits` from now on:
    /// their table budget and checkpoint ([`crate::limits::Limits`]). The solver that holds the
    /// ruleset passes on the limits it is given. The default: no search of its own.
    fn limit(&mut self, limits: &crate::limits::Limits) {
        let _ = limits;
    }
}

impl<R: Ruleset + ?Sized> Ruleset for &R {
    type Position = R::Position;
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(position, out)
    }
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        (**self).components(position, out)
    }
    fn closed_form(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).closed_form(position)
    }
    fn cheap_value(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).cheap_value(position)
    }
    fn theorem_value(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).theorem_value(position)
    }
    fn learned(&self, position: &Self::Position, value: Nimber) {
        (**self).learned(position, value)
    }
    fn prepare(&self, position: &Self::Position) {
        (**self).prepare(position)
    }
    fn index(&self, position: &Self::Position) -> Option<usize> {
        (**self).index(position)
    }
    fn position_size(&self, position: &Self::Position) -> Option<u64> {
        (**self).position_size(position)
    }
    fn terminal(&self, position: &Self::Position) -> Option<bool> {
        (**self).terminal(position)
    }
    fn fault(&self) -> Result<(), SolveError> {
        (**self).fault()
    }
}

/// A ruleset with its hooks stripped: only the options remain.
///
/// Solving `BruteForce(r)` is a plain mex search over the game tree, with no theorem trusted: the
/// oracle that every closed form and decomposition is tested against.
pub struct BruteForce<R>(pub R);

impl<R: Ruleset> Ruleset for BruteForce<R> {
    type Position = R::Position;
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        self.0.options(position, out)
    }
    fn fault(&self) -> Result<(), SolveError> {
        self.0.fault()
    }
}

/// A ruleset the tool can present: named, its positions shown and its moves said in words.
///
/// Implementing the three required methods is enough for a game to work in every command through
/// [`crate::RulesetComponent`]: its value comes from [`Ruleset::closed_form`] when a theorem
/// gives it, else from the memoizing [`crate::Solver`] (or the loopy analysis when moves can
/// repeat); its moves are listed for play, misère play and Every-SG. The optional hooks let a
/// theorem answer where a search would be too slow or impossible.
///
/// ```
/// use grundy_core::{analyse, Game, Nimber, Outcome, Ruleset, RulesetComponent};
///
/// /// Take 1 or 2 tokens from a single pile.
/// struct OneOrTwo;
/// impl Ruleset for OneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
///     }
/// }
/// impl Game for OneOrTwo {
///     fn name(&self) -> String { "one-or-two".into() }
///     fn show(&self, n: &u64) -> serde_json::Value { (*n).into() }
///     fn describe(&self, from: &u64, to: &u64) -> String { format!("take {}", from - to) }
/// }
///
/// let mut sum = vec![RulesetComponent::boxed(OneOrTwo, 7)];
/// let a = analyse(&mut sum, 10).unwrap();
/// assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(1))));
/// assert_eq!(a.winning_moves[0].description, "take 1");
/// ```
pub trait Game: Ruleset {
    /// The game spec this game is named by, e.g. `wythoff` or `bash:3`: the command line can
    /// build it again from this name and the words of a position (see [`Game::show`]).
    fn name(&self) -> String;

    /// `position` in the notation of the input, as JSON. A number or a string stands for one
    /// word; an array for several words, each element one word (an inner array of two or more
    /// numbers is written with commas, `2,5`; any other inner array as its JSON, `[0]`); an
    /// object's lists are words and its other fields `key=value` words. Building the game from
    /// those words gives the position back.
    fn show(&self, position: &Self::Position) -> Json;

    /// The move from `from` to its option `to`, in words (e.g. `take 2 from heap 1: 3 -> 1`).
    fn describe(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// The move from `from` to its option `to` as data, for `--json`: a JSON object whose `kind`
    /// names its other fields. The default, `{"kind": "move", "to": …}` with the position after
    /// the move, fits every game; a game refines it with what a program needs without parsing
    /// words: which heap (`"kind": "two-heaps"`), which token, which bid. Indices are 0-based.
    fn move_fields(&self, from: &Self::Position, to: &Self::Position) -> Json {
        let _ = from;
        crate::generic_fields(self.show(to))
    }

    /// An injective encoding of `position` (see [`Key`]): two positions with the same key are the
    /// same position. The default encodes [`Game::show`]; override it to identify positions that
    /// are shown differently but are the same (heaps in another order).
    fn key(&self, position: &Self::Position) -> Key {
        json_key(&self.show(position))
    }

    /// Whether `position` may be searched: its options listed one by one and valued by the
    /// solver. An error (naming the limit) for a position too large for that, e.g. a heap of
    /// 10^18 with 10^18 options; theorems ([`Ruleset::closed_form`], [`Game::outcome`],
    /// [`Game::options_to`]) may still answer for it.
    fn searchable(&self, position: &Self::Position) -> Result<(), SolveError> {
        let _ = position;
        Ok(())
    }

    /// Whether the solver may search `position`'s whole game tree for its Grundy value: by
    /// default, whenever its options may be listed ([`Game::searchable`]). A game whose moves are
    /// few but whose tree is huge (a row of big heaps) lists its moves for play while refusing
    /// here, with a message naming the limit.
    fn solvable(&self, position: &Self::Position) -> Result<(), SolveError> {
        self.searchable(position)
    }

    /// The outcome by a theorem, for a game that knows who wins without the Grundy value (e.g.
    /// Wythoff's P-positions, games that are not sums). A lone position is then decided even when
    /// its value cannot be computed. `None` (the default): from the value.
    fn outcome(&self, position: &Self::Position) -> Option<Outcome> {
        let _ = position;
        None
    }

    /// The options of `position` whose value is `target`, when a theorem finds them without
    /// valuing every option: the first `limit` of them (in the order of [`Ruleset::options`]) and
    /// how many there are. `None` (the default): list the options and value each.
    #[allow(clippy::type_complexity)]
    fn options_to(
        &self,
        position: &Self::Position,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Self::Position>, usize), SolveError>> {
        let _ = (position, target, limit);
        None
    }

    /// Advice for playing `position` that the moves alone do not convey (e.g. how to answer
    /// reversible moves in Poker Nim).
    fn note(&self, position: &Self::Position) -> Option<String> {
        let _ = position;
        None
    }

    /// What a drawing of the game needs beyond a position ([`crate::Component::figure`]).
    fn figure(&self) -> Option<Json> {
        None
    }

    /// How a position, as [`Game::show`] writes it, is a sum of parts each valued alone
    /// ([`crate::Component::sum_parts`]). `None` (the default): one part.
    fn sum_parts(&self, shown: &Json) -> Option<Vec<Json>> {
        let _ = shown;
        None
    }

    /// How many options `position` has, counted without listing them
    /// ([`crate::Component::option_count`]). `None` (the default): not known.
    fn option_count(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }
}

impl<G: Game + ?Sized> Game for &G {
    fn name(&self) -> String {
        (**self).name()
    }
    fn show(&self, position: &Self::Position) -> Json {
        (**self).show(position)
    }
    fn describe(&self, from: &Self::Position, to: &Self::Position) -> String {
        (**self).describe(from, to)
    }
    fn move_fields(&self, from: &Self::Position, to: &Self::Position) -> Json {
        (**self).move_fields(from, to)
    }
    fn key(&self, position: &Self::Position) -> Key {
        (**self).key(position)
    }
    fn searchable(&self, position: &Self::Position) -> Result<(), SolveError> {
        (**self).searchable(position)
    }
    fn solvable(&self, position: &Self::Position) -> Result<(), SolveError> {
        (**self).solvable(position)
    }
    fn outcome(&self, position: &Self::Position) -> Option<Outcome> {
        (**self).outcome(position)
    }
    fn options_to(
        &self,
        position: &Self::Position,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Self::Position>, usize), SolveError>> {
        (**self).options_to(position, target, limit)
    }
    fn note(&self, position: &Self::Position) -> Option<String> {
        (**self).note(position)
    }
    fn figure(&self) -> Option<Json> {
        (**self).figure()
    }
    fn sum_parts(&self, shown: &Json) -> Option<Vec<Json>> {
        (**self).sum_parts(shown)
    }
    fn option_count(&self, position: &Self::Position) -> Option<u64> {
        (**self).option_count(position)
    }
}

/// An injective [`Key`] for a JSON value: its text, eight bytes a word, after its length.
pub fn json_key(json: &Json) -> Key {
    let text = json.to_string();
    let bytes = text.as_bytes();
    let mut key = Vec::with_capacity(bytes.len() / 8 + 2);
    key.push(bytes.len() as u64);
    key.extend(bytes.chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(w)
    }));
    key
}
