//! Test helpers: every fast path against the plain brute-force mex search.

use grundy_core::{
    BruteForce, Component, HeapGame, HeapPosition, HeapRuleset, Nimber, Ruleset, Solver,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// A heap ruleset seen without its closed forms.
struct OptionsOnly<'a, H>(&'a H);

impl<H: HeapRuleset> HeapRuleset for OptionsOnly<'_, H> {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        self.0.heap_options(n, out)
    }
}

/// Checks the value and the full set of winning moves of a heap position computed through the
/// ruleset's fast paths against a brute-force search of the whole (undecomposed) position.
pub fn assert_heap_fast_path_matches_solver<H: HeapRuleset + Clone>(
    ruleset: &H,
    heaps: &[u64],
) -> Result<(), TestCaseError> {
    let mut fast = HeapPosition::new("test", ruleset.clone(), heaps.to_vec());
    let mut brute = Solver::new(BruteForce(HeapGame(OptionsOnly(ruleset))));
    let start = HeapGame::<OptionsOnly<H>>::normalize(heaps.to_vec());
    let expected = brute.grundy(&start).unwrap();
    prop_assert_eq!(fast.value().unwrap().finite(), Some(expected));

    // Every move to every target value, not only the winning ones.
    for target in 0..=expected.0 + 2 {
        let mut reports = Vec::new();
        let total = fast
            .moves_to(Nimber(target), usize::MAX, &mut reports)
            .unwrap();
        prop_assert_eq!(total, reports.len());
        let mut got: Vec<Vec<u64>> = reports
            .iter()
            .map(|r| {
                let hs: Vec<u64> = serde_json::from_value(r.position.clone()).unwrap();
                HeapGame::<OptionsOnly<H>>::normalize(hs)
            })
            .collect();
        got.sort();
        got.dedup();
        let mut want = brute.moves_to(&start, Nimber(target)).unwrap();
        want.sort();
        want.dedup();
        prop_assert_eq!(got, want, "moves to {} from {:?}", target, heaps);
    }
    Ok(())
}

/// Checks a whole-position closed form (outcome and winning moves) against brute force, for
/// rulesets that are not heap games.
pub fn brute_force_winning_moves<R: Ruleset>(
    ruleset: R,
    position: &R::Position,
) -> (Nimber, Vec<R::Position>) {
    let mut s = Solver::new(BruteForce(ruleset));
    let g = s.grundy(position).unwrap();
    let w = s.winning_moves(position).unwrap();
    (g, w)
}

/// The set of positions in `moves`, sorted and without repeats: how two lists of moves (a fast
/// path's and the brute force's) are compared when order and duplicates do not matter.
pub fn position_set<T: Ord>(mut moves: Vec<T>) -> Vec<T> {
    moves.sort();
    moves.dedup();
    moves
}
