//! Misère play: the SJ theorem (misère Nim, Bash, checked subtraction games) against an exact
//! search of the whole sum, and that search against a plain recursion on the rules.

use std::collections::HashMap;

use grundy_core::misere::{analyse_misere, analyse_misere_by_search, MisereMethod};
use grundy_core::{Component, Outcome, Ruleset};
use grundy_games::classic::staircase::{self, Staircase};
use grundy_games::{heap::nim, heap::subtraction};
use proptest::prelude::*;

const CAP: usize = 1_000_000;

fn sum(parts: Vec<Box<dyn Component>>) -> Vec<Box<dyn Component>> {
    parts
}

/// The winning moves' positions, as sorted JSON strings (with multiplicity).
fn positions(moves: &[grundy_core::SumMove]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.position.to_string()).collect();
    v.sort();
    v
}

/// Checks the theorem's verdict (which must be reached by it) against the whole-sum search.
fn check_sj_against_search(
    mut components: Vec<Box<dyn Component>>,
) -> Result<Outcome, TestCaseError> {
    let fast = analyse_misere(
        &mut components,
        usize::MAX,
        &grundy_core::limits::Limits::DEFAULT,
    )
    .unwrap();
    let slow = analyse_misere_by_search(
        &mut components,
        usize::MAX,
        &grundy_core::limits::Limits::DEFAULT.capped(CAP),
    )
    .unwrap();
    prop_assert_eq!(fast.method, MisereMethod::Sj);
    prop_assert_eq!(slow.method, MisereMethod::Search);
    prop_assert_eq!(fast.outcome, slow.outcome);
    prop_assert_eq!(fast.winning_moves_total, slow.winning_moves_total);
    prop_assert_eq!(
        positions(&fast.winning_moves),
        positions(&slow.winning_moves)
    );
    prop_assert_eq!(fast.grundy, slow.grundy);
    Ok(fast.outcome)
}

/// Misère outcome by plain recursion on a ruleset's options: no move means the mover has won.
fn misere_wins<R: Ruleset>(r: &R, p: &R::Position, memo: &mut HashMap<R::Position, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let mut options = Vec::new();
    r.options(p, &mut options);
    let w = options.is_empty() || options.iter().any(|q| !misere_wins(r, q, memo));
    memo.insert(p.clone(), w);
    w
}

/// Nim heaps as a plain ruleset on sorted heap lists.
struct PlainNim;
impl Ruleset for PlainNim {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..p.len() {
            for m in 0..p[i] {
                let mut q = p.clone();
                q[i] = m;
                q.sort_unstable();
                out.push(q);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn misere_nim_is_bouton_and_matches_search(
        heaps in proptest::collection::vec(0u64..7, 1..5),
        split in 0usize..5,
    ) {
        // The heaps as one Nim component, or two.
        let split = split.clamp(1, heaps.len());
        let mut parts = vec![nim::position(heaps[..split].to_vec())];
        if split < heaps.len() {
            parts.push(nim::position(heaps[split..].to_vec()));
        }
        let outcome = check_sj_against_search(parts)?;
        // Bouton's misère rule, stated independently.
        let x = heaps.iter().fold(0, |x, h| x ^ h);
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let p = if heaps.iter().all(|&h| h <= 1) { ones % 2 == 1 } else { x == 0 };
        prop_assert_eq!(outcome, if p { Outcome::P } else { Outcome::N });
        // And the plain recursion on the rules.
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let w = misere_wins(&PlainNim, &sorted, &mut HashMap::new());
        prop_assert_eq!(outcome, if w { Outcome::N } else { Outcome::P });
    }

    #[test]
    fn bash_and_nim_sums_follow_sj(
        k in 1u64..4,
        bash in proptest::collection::vec(0u64..12, 1..3),
        heaps in proptest::collection::vec(0u64..5, 1..3),
    ) {
        let spec = format!("bash:{k}");
        check_sj_against_search(sum(vec![
            subtraction::position(&spec, subtraction::Subtraction::bash(k), bash),
            nim::position(heaps),
        ]))?;
    }

    #[test]
    fn subtraction_games_use_sj_only_when_it_holds(
        set in proptest::collection::vec(1u64..5, 1..4),
        heaps in proptest::collection::vec(0u64..10, 1..4),
    ) {
        let rules = subtraction::Subtraction::finite(set);
        let mut components = vec![subtraction::position("sub", rules, heaps)];
        let fast = analyse_misere(&mut components, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        let slow = analyse_misere_by_search(&mut components, usize::MAX, &grundy_core::limits::Limits::DEFAULT.capped(CAP)).unwrap();
        prop_assert_eq!(fast.outcome, slow.outcome);
        prop_assert_eq!(positions(&fast.winning_moves), positions(&slow.winning_moves));
    }

    /// Staircase positions declare no atoms: each is checked as a whole (SJ when its tree
    /// allows, search otherwise); both against plain recursion on the rules.
    #[test]
    fn staircase_nim_matches_plain_recursion(
        stairs in proptest::collection::vec(0u64..3, 1..5),
        heap in 0u64..3,
    ) {
        let mut components = vec![staircase::position(stairs.clone())];
        let a = analyse_misere(&mut components, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        let mut memo = HashMap::new();
        let w = misere_wins(&Staircase, &stairs, &mut memo);
        prop_assert_eq!(a.outcome, if w { Outcome::N } else { Outcome::P });
        // Each listed winning move leads to a misère loss for the opponent, and every loss is listed.
        let mut want: Vec<Vec<u64>> = Vec::new();
        let mut options = Vec::new();
        Staircase.options(&stairs, &mut options);
        for q in options {
            if !misere_wins(&Staircase, &q, &mut memo) {
                want.push(q);
            }
        }
        let mut got: Vec<Vec<u64>> = a
            .winning_moves
            .iter()
            .map(|m| serde_json::from_value(m.position.clone()).unwrap())
            .collect();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
        // In a sum with Nim and a second staircase: the same verdict and moves as the search.
        let mut components = vec![
            staircase::position(stairs.clone()),
            nim::position(vec![heap, 1]),
            staircase::position(stairs.iter().rev().copied().collect()),
        ];
        let fast = analyse_misere(&mut components, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        let slow = analyse_misere_by_search(&mut components, usize::MAX, &grundy_core::limits::Limits::DEFAULT.capped(CAP)).unwrap();
        prop_assert_eq!(fast.outcome, slow.outcome);
        prop_assert_eq!(fast.winning_moves_total, slow.winning_moves_total);
        prop_assert_eq!(positions(&fast.winning_moves), positions(&slow.winning_moves));
    }
}

#[test]
fn a_single_bash_heap_loses_at_misere_exactly_when_n_is_1_mod_k_plus_1() {
    for k in 1..5u64 {
        for n in 0..30u64 {
            let spec = format!("bash:{k}");
            let mut c = vec![subtraction::position(
                &spec,
                subtraction::Subtraction::bash(k),
                vec![n],
            )];
            let a = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
            let want = if n % (k + 1) == 1 {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(a.outcome, want, "bash:{k} {n}");
        }
    }
}

#[test]
fn staircase_2_0_2_breaks_the_sj_condition_and_is_searched() {
    // Value 0, has moves, but none to value 1: the SJ rule would call it N; it is P.
    let mut c = vec![staircase::position(vec![2, 0, 2])];
    let a = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.method, MisereMethod::Search);
    assert_eq!(a.outcome, Outcome::P);
    assert!(!misere_wins(
        &Staircase,
        &vec![2, 0, 2],
        &mut HashMap::new()
    ));
}

#[test]
fn huge_misere_nim_uses_the_theorem() {
    let mut c = vec![nim::position(vec![1_000_000_000_000_000_000, 1, 1])];
    let a = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    // The only winning move leaves an odd number of 1-heaps and nothing else: empty the big heap.
    assert_eq!(a.winning_moves_total, 1);
    assert_eq!(a.winning_moves[0].position, serde_json::json!([1, 1, 1]));
}

#[test]
fn a_long_chain_is_searched_without_overflowing_the_stack() {
    // bash:2 100000 is a chain of 10^5 positions deep; the search is iterative.
    let mut c = vec![subtraction::position(
        "bash:2",
        subtraction::Subtraction::bash(2),
        vec![100_000],
    )];
    let slow = analyse_misere_by_search(
        &mut c,
        10,
        &grundy_core::limits::Limits::DEFAULT.capped(CAP),
    )
    .unwrap();
    let fast = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(fast.method, MisereMethod::Sj);
    assert_eq!(slow.outcome, fast.outcome);
    assert_eq!(
        positions(&slow.winning_moves),
        positions(&fast.winning_moves)
    );
}

#[test]
fn whole_components_are_checked_as_sj_atoms() {
    // Staircase positions declare no atoms, but in these trees every position of value 0 that
    // can move can move to value 1, so each whole staircase is an atom.
    let mut c = vec![
        staircase::position(vec![1, 2]),
        staircase::position(vec![0, 1]),
    ];
    let a = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.method, MisereMethod::Sj);
    let slow = analyse_misere_by_search(
        &mut c,
        10,
        &grundy_core::limits::Limits::DEFAULT.capped(CAP),
    )
    .unwrap();
    assert_eq!(a.outcome, slow.outcome);
    assert_eq!(positions(&a.winning_moves), positions(&slow.winning_moves));
}

#[test]
fn large_subtraction_heaps_are_checked_heap_by_heap() {
    // S = {1,3,4} has values 0 1 0 1 2 3 2 repeating (Winning Ways): 5000 and 7000 both have
    // value 0, so the first player wins by moving one heap to value 1: 5000 -> 4999 (period
    // position 1) or 7000 -> 6996 (position 3), and nothing else.
    let rules = subtraction::Subtraction::finite(vec![1, 3, 4]);
    let mut c = vec![subtraction::position("sub:1,3,4", rules, vec![5000, 7000])];
    let a = analyse_misere(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.method, MisereMethod::Sj);
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(
        positions(&a.winning_moves),
        vec!["[4999,7000]".to_string(), "[5000,6996]".to_string()]
    );
}
