//! Nim.
//!
//! **Rules.** There are heaps of tokens. A move takes any positive number of tokens from one heap.
//! The player who cannot move (all heaps empty) loses.
//!
//! **Theorem (Bouton, 1901).** A heap of `n` has Grundy value `n`, so a position is a P-position
//! exactly when the XOR `X` of the heap sizes is 0. From an N-position, the winning moves are to
//! reduce a heap `a_i` to `a_i XOR X`, for every heap where that is smaller than `a_i`.
//!
//! ```
//! use grundy_core::{analyse, Component, Outcome};
//! use grundy_games::heap::nim;
//!
//! let mut sum: Vec<Box<dyn Component>> = vec![nim::position(vec![3, 4, 5])];
//! let verdict = analyse(&mut sum, 100).unwrap();
//! assert_eq!(verdict.outcome, Outcome::N);
//! assert_eq!(verdict.grundy.unwrap().0, 2);
//! assert_eq!(verdict.winning_moves[0].description, "take 2 from heap 1: 3 -> 1");
//! ```

use grundy_core::heap::HeapStepGroup;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};

use crate::entry::{Drawing, GameEntry};
use crate::heap::table::TableGame;
use crate::period::Period;
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};

/// The rules of Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl HeapRuleset for Nim {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        out.extend((0..n).map(|m| vec![m]));
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber(n))
    }

    fn heap_moves_to(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        Some(if target.0 < n {
            vec![vec![target.0]]
        } else {
            Vec::new()
        })
    }

    /// A heap's only value-0 form is the empty heap, and no move splits: misère Nim is the
    /// Sprague–Grundy–Jones theorem's case (Bouton's misère rule).
    fn sj_heaps(&self) -> Option<bool> {
        Some(true)
    }

    /// A non-empty heap is won at once by taking it all, its only move to a P-position.
    fn heap_steps(&self, n: u64) -> Option<u64> {
        Some(u64::from(n > 0))
    }

    /// Taking all leaves 0 steps; every other move leaves a non-empty heap, 1 step.
    fn heap_step_groups(&self, n: u64, limit: usize) -> Option<Vec<HeapStepGroup>> {
        let mut groups = Vec::new();
        if n > 0 {
            groups.push((0, 1, vec![Vec::new()]));
        }
        if n > 1 {
            let listed = (1..n).take(limit).map(|m| vec![m]).collect();
            groups.push((1, n - 1, listed));
        }
        Some(groups)
    }
}

/// A Nim position with the given heaps.
pub fn position(heaps: Vec<u64>) -> Box<dyn Component> {
    Box::new(HeapPosition::new("nim", Nim, heaps))
}

/// The registry entry for `nim`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "nim",
        "nim HEAP...",
        "take any positive number of tokens from one heap; whoever cannot move loses",
        "nim 3 4 5",
        build,
    )
    .tabulated(|spec| Ok(Box::new(table(spec)?)))
    .drawn(Drawing::Heaps)]
}

pub(crate) fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    spec.forbid_params()?;
    // G(n) = n: arithmetically periodic from 0 with period 1 and saltus 1.
    let period = Period {
        preperiod: 0,
        period: 1,
        saltus: 1,
        proved: true,
        checked_upto: 0,
    };
    Ok(TableGame::formula(
        spec,
        Box::new(|n| n),
        Box::new(Nim),
        Some(period),
        "Bouton's theorem: a heap of n has value n",
    ))
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    Ok(position(parse_heaps(spec, words, u64::MAX)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bouton_matches_the_solver(heaps in proptest::collection::vec(0u64..9, 1..5)) {
            assert_heap_fast_path_matches_solver(&Nim, &heaps)?;
        }
    }

    #[test]
    fn huge_heaps_use_the_closed_form() {
        use grundy_core::analyse;
        let mut sum = vec![position(vec![1_000_000_000_000_000_000, 1])];
        let a = analyse(&mut sum, 100).unwrap();
        assert_eq!(a.grundy, Some(Nimber(1_000_000_000_000_000_001)));
        assert_eq!(a.winning_moves.len(), 1);
    }
}
