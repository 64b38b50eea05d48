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

use std::hash::Hash;

use crate::Nimber;

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

    /// If `position` is a sum of two or more independent positions, appends them to `out` and
    /// returns `true`. The solver then takes the XOR of their values instead of searching the sum.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }

    /// The Grundy value of `position` when a theorem gives it without search.
    fn closed_form(&self, position: &Self::Position) -> Option<Nimber> {
        let _ = position;
        None
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
}
