//! Test helpers: every fast path against the plain brute-force mex search.

use grundy_core::{
    BruteForce, Component, HeapGame, HeapPosition, HeapRuleset, Nimber, Ruleset, Solver,
};
use proptest::prelude::*;

use crate::spec::{SpecError, Word};
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

/// Checks a game's answers under all three conventions — normal play, misère play and Every-SG,
/// through the one generic component ([`grundy_core::RulesetComponent`]) — against a plain
/// recursion on its rules: the outcome and the set of winning moves of the sum of `positions`
/// (one, two or three components of the same game). The recursion uses
/// [`grundy_core::Ruleset::options`] alone, so no theorem and no search of the engine is trusted.
pub fn assert_conventions_match_brute_force<G>(
    game: &G,
    positions: &[G::Position],
) -> Result<(), TestCaseError>
where
    G: grundy_core::Game + Clone + 'static,
    G::Position: Ord,
{
    use grundy_core::every::analyse_every;
    use grundy_core::misere::analyse_misere;
    use grundy_core::{analyse, Outcome, RulesetComponent};
    use std::collections::{BTreeMap, BTreeSet};

    type State<P> = Vec<P>;
    let options = |p: &G::Position| {
        let mut out = Vec::new();
        game.options(p, &mut out);
        out
    };
    let shown = |s: &State<G::Position>| -> String {
        if s.len() == 1 {
            game.show(&s[0]).to_string()
        } else {
            serde_json::Value::Array(s.iter().map(|p| game.show(p)).collect()).to_string()
        }
    };
    // Moves of the sum: one component moves (normal and misère), or every unfinished one
    // (Every-SG).
    let single = |s: &State<G::Position>| -> Vec<State<G::Position>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            for q in options(&s[i]) {
                let mut t = s.clone();
                t[i] = q;
                out.push(t);
            }
        }
        out
    };
    let every = |s: &State<G::Position>| -> Vec<State<G::Position>> {
        let mut out: Vec<State<G::Position>> = vec![Vec::new()];
        let mut any = false;
        for p in s {
            let qs = options(p);
            let choices = if qs.is_empty() {
                vec![p.clone()]
            } else {
                any = true;
                qs
            };
            out = out
                .into_iter()
                .flat_map(|t| {
                    choices.iter().map(move |q| {
                        let mut t = t.clone();
                        t.push(q.clone());
                        t
                    })
                })
                .collect();
        }
        if any {
            out
        } else {
            Vec::new()
        }
    };
    // Whether the player to move wins; `last_loses` for misère play.
    fn wins<P: Ord + Clone>(
        s: &Vec<P>,
        moves: &dyn Fn(&Vec<P>) -> Vec<Vec<P>>,
        last_loses: bool,
        memo: &mut BTreeMap<Vec<P>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(s) {
            return w;
        }
        let next = moves(s);
        let w = if next.is_empty() {
            last_loses
        } else {
            next.iter().any(|t| !wins(t, moves, last_loses, memo))
        };
        memo.insert(s.clone(), w);
        w
    }
    let start: State<G::Position> = positions.to_vec();
    let sum = || -> Vec<Box<dyn grundy_core::Component>> {
        positions
            .iter()
            .map(|p| RulesetComponent::boxed(game.clone(), p.clone()))
            .collect()
    };
    for (name, moves, last_loses) in [
        (
            "normal",
            &single as &dyn Fn(&State<G::Position>) -> Vec<State<G::Position>>,
            false,
        ),
        ("misere", &single, true),
        ("every", &every, false),
    ] {
        let mut memo = BTreeMap::new();
        let outcome = Outcome::p_if(!wins(&start, moves, last_loses, &mut memo));
        let winning: BTreeSet<String> = moves(&start)
            .iter()
            .filter(|t| !wins(t, moves, last_loses, &mut memo))
            .map(shown)
            .collect();
        let mut components = sum();
        let positions = |moves: &mut dyn Iterator<Item = &serde_json::Value>| -> BTreeSet<String> {
            moves.map(|p| p.to_string()).collect()
        };
        let (got, got_moves) = match name {
            "normal" => {
                let a = analyse(&mut components, usize::MAX).unwrap();
                (
                    a.outcome,
                    positions(&mut a.winning_moves.iter().map(|m| &m.position)),
                )
            }
            "misere" => {
                let a = analyse_misere(
                    &mut components,
                    usize::MAX,
                    &grundy_core::limits::Limits::DEFAULT,
                )
                .unwrap();
                (
                    a.outcome,
                    positions(&mut a.winning_moves.iter().map(|m| &m.position)),
                )
            }
            _ => {
                let a = analyse_every(
                    &mut components,
                    usize::MAX,
                    &grundy_core::limits::Limits::DEFAULT,
                )
                .unwrap();
                (
                    a.outcome,
                    positions(&mut a.winning_moves.iter().map(|m| &m.position)),
                )
            }
        };
        prop_assert_eq!(got, outcome, "{} outcome of {:?}", name, shown(&start));
        prop_assert_eq!(
            got_moves,
            winning,
            "{} winning moves of {:?}",
            name,
            shown(&start)
        );
    }
    Ok(())
}

/// The components of a command line of built-in games (`nim 3 4 + bash:3 7`).
pub fn build_sum(words: &[Word]) -> Result<Vec<Box<dyn Component>>, SpecError> {
    crate::registry::builtin().build_sum(words)
}
