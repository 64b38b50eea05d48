//! Every-SG: the step-count theorem (and the closed forms for Nim and Bash heaps) against an
//! exact search of the whole sum, outcomes and full sets of winning combined moves.

use grundy_core::every::{analyse_every, analyse_every_by_search, CombinedMove};
use grundy_core::{Component, HeapPosition, HeapRuleset, Outcome};
use grundy_games::heap::nim::Nim;
use grundy_games::heap::subtraction::Subtraction;
use grundy_games::{classic::staircase, heap::nim, heap::subtraction};
use proptest::prelude::*;

const CAP: usize = 1_000_000;

/// A heap ruleset without its closed forms (values and steps are searched).
struct OptionsOnly<H>(H);
impl<H: HeapRuleset> HeapRuleset for OptionsOnly<H> {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        self.0.heap_options(n, out)
    }
}

fn positions(moves: &[CombinedMove]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.position.to_string()).collect();
    v.sort();
    v
}

/// One small component of some game, chosen by `kind`.
fn component(kind: u8, a: u64, b: u64) -> Box<dyn Component> {
    match kind % 4 {
        0 => nim::position(vec![a % 4, b % 3]),
        1 => subtraction::position("bash:2", Subtraction::bash(2), vec![a + b]),
        2 => staircase::position(vec![a % 3, b % 3]),
        _ => subtraction::position("sub:1,3,4", Subtraction::finite(vec![1, 3, 4]), vec![a + b]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn steps_decides_like_the_whole_sum_search(
        parts in proptest::collection::vec((0u8..4, 0u64..5, 0u64..5), 1..4),
    ) {
        let mut sum: Vec<Box<dyn Component>> =
            parts.iter().map(|&(k, a, b)| component(k, a, b)).collect();
        let fast = analyse_every(&mut sum, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        let slow = analyse_every_by_search(&mut sum, usize::MAX, &grundy_core::limits::Limits::DEFAULT.capped(CAP)).unwrap();
        prop_assert_eq!(fast.outcome, slow.outcome);
        prop_assert_eq!(fast.winning_moves_total, slow.winning_moves_total);
        prop_assert_eq!(positions(&fast.winning_moves), positions(&slow.winning_moves));
        // The largest steps decides.
        let top = fast.steps.as_ref().unwrap().iter().copied().max().unwrap();
        prop_assert_eq!(fast.outcome == Outcome::N, top % 2 == 1);
        // The first move listed is the canonical strategy's, and it wins.
        if fast.outcome == Outcome::N {
            prop_assert!(positions(&slow.winning_moves)
                .contains(&fast.winning_moves[0].position.to_string()));
        }
    }

    #[test]
    fn steps_is_odd_exactly_for_normal_play_n_positions(
        kind in 0u8..4, a in 0u64..6, b in 0u64..6,
    ) {
        let mut sum = vec![component(kind, a, b)];
        let r = analyse_every(&mut sum, 0, &grundy_core::limits::Limits::DEFAULT).unwrap().steps.unwrap()[0];
        let g = grundy_core::analyse(&mut sum, 0).unwrap().grundy.unwrap();
        prop_assert_eq!(r % 2 == 1, !g.is_zero());
    }

    #[test]
    fn nim_and_bash_heap_steps_closed_forms_match_search(
        k in 1u64..5, n in 0u64..40, m in 0u64..12,
    ) {
        let remote = |c: Box<dyn Component>| {
            let mut sum = vec![c];
            analyse_every(&mut sum, 0, &grundy_core::limits::Limits::DEFAULT).unwrap().steps.unwrap()[0]
        };
        let fast = remote(subtraction::position("bash", Subtraction::bash(k), vec![n]));
        let slow = remote(Box::new(HeapPosition::new("bash", OptionsOnly(Subtraction::bash(k)), vec![n])));
        prop_assert_eq!(fast, slow);
        prop_assert_eq!(fast, 2 * (n / (k + 1)) + u64::from(n % (k + 1) != 0));
        let fast = remote(nim::position(vec![m]));
        let slow = remote(Box::new(HeapPosition::new("nim", OptionsOnly(Nim), vec![m])));
        prop_assert_eq!(fast, slow);
        prop_assert_eq!(fast, u64::from(m > 0));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Nim and Bash heaps group their moves by step count without listing them: the same
    /// outcome, count and set of winning combined moves as listing every move.
    #[test]
    fn grouped_moves_match_listed_moves(
        k in 1u64..5, n in 0u64..30, m in 0u64..8, stairs in proptest::collection::vec(0u64..3, 0..3),
    ) {
        let make = |plain: bool| -> Vec<Box<dyn Component>> {
            let bash: Box<dyn Component> = if plain {
                Box::new(HeapPosition::new("bash", OptionsOnly(Subtraction::bash(k)), vec![n]))
            } else {
                subtraction::position("bash", Subtraction::bash(k), vec![n])
            };
            let heap: Box<dyn Component> = if plain {
                Box::new(HeapPosition::new("nim", OptionsOnly(Nim), vec![0, m]))
            } else {
                nim::position(vec![0, m])
            };
            let mut stairs = stairs.clone();
            stairs.push(1);
            vec![bash, heap, staircase::position(stairs)]
        };
        let fast = analyse_every(&mut make(false), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        let slow = analyse_every(&mut make(true), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap();
        prop_assert_eq!(fast.outcome, slow.outcome);
        prop_assert_eq!(&fast.steps, &slow.steps);
        prop_assert_eq!(fast.winning_moves_total, slow.winning_moves_total);
        prop_assert_eq!(positions(&fast.winning_moves), positions(&slow.winning_moves));
    }
}

#[test]
fn huge_heaps_are_grouped_not_listed() {
    let mut sum = vec![
        nim::position(vec![1_000_000_000_000_000_000]),
        subtraction::position(
            "bash:1000000000000000000",
            Subtraction::bash(1_000_000_000_000_000_000),
            vec![u64::MAX],
        ),
    ];
    let a = analyse_every(&mut sum, 3, &grundy_core::limits::Limits::DEFAULT).unwrap();
    // u64::MAX = 18 (K+1) + r with r > 0: 37 steps, odd, and the larger: the first player wins.
    assert_eq!(a.steps, Some(vec![1, 37]));
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 3);
    // Bash must move to the multiple of K+1 below (36 steps); Nim may do anything.
    assert_eq!(a.winning_moves_total, 1_000_000_000_000_000_000);
    assert_eq!(
        a.winning_moves[0].position[1],
        serde_json::json!([18_000_000_000_000_000_018u64])
    );
}

#[test]
fn a_finished_sum_is_lost_and_finished_components_stay() {
    let mut sum = vec![nim::position(vec![0, 0])];
    let a = analyse_every(&mut sum, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(a.winning_moves_total, 0);

    // nim 0 is finished: the combined move leaves it alone.
    let mut sum = vec![nim::position(vec![2]), nim::position(vec![0])];
    let a = analyse_every(&mut sum, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(
        a.winning_moves[0].moves,
        vec![Some("take all 2 from heap 1".to_string()), None]
    );
    assert_eq!(a.winning_moves[0].position, serde_json::json!([[0], [0]]));
}

#[test]
fn the_slow_component_decides() {
    // bash:3 8 is a P-position whose loser can hold out for 4 moves; the Nim heap ends after 1.
    let mut sum = vec![
        nim::position(vec![5]),
        subtraction::position("bash:3", Subtraction::bash(3), vec![8]),
    ];
    let a = analyse_every(&mut sum, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.steps, Some(vec![1, 4]));
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn step_counts_not_remoteness() {
    // The heap of 3 in sub:1,3,4 has remoteness 1 but step count 3 (see grundy_core::every).
    let mut sum = vec![
        subtraction::position("sub:1,3,4", Subtraction::finite(vec![1, 3, 4]), vec![4]),
        nim::position(vec![1, 2]),
    ];
    let a = analyse_every(&mut sum, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    let slow = analyse_every_by_search(
        &mut sum,
        10,
        &grundy_core::limits::Limits::DEFAULT.capped(CAP),
    )
    .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(slow.winning_moves_total, 2);
    assert_eq!(positions(&a.winning_moves), positions(&slow.winning_moves));
    let mut three = vec![subtraction::position(
        "sub:1,3,4",
        Subtraction::finite(vec![1, 3, 4]),
        vec![3],
    )];
    assert_eq!(
        analyse_every(&mut three, 0, &grundy_core::limits::Limits::DEFAULT)
            .unwrap()
            .steps,
        Some(vec![3])
    );
}

#[test]
fn a_long_chain_is_counted_without_overflowing_the_stack() {
    let mut c: Vec<Box<dyn Component>> = vec![Box::new(HeapPosition::new(
        "bash:2",
        OptionsOnly(Subtraction::bash(2)),
        vec![100_000],
    ))];
    let a = analyse_every(&mut c, 10, &grundy_core::limits::Limits::DEFAULT).unwrap();
    assert_eq!(a.steps, Some(vec![2 * (100_000 / 3) + 1]));
}
