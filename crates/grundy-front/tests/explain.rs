//! `explain` against the verdict: for every registry example its value and outcome are `solve`'s,
//! the mex it shows is the game's value, and each winning move it finds leaves a position of value
//! 0; on random sums of heap games, the same with the moves played out.

use grundy_core::limits::Limits;
use grundy_core::{analyse, Outcome};
use grundy_front::explain::{explain, ExplainError};
use grundy_front::registry;
use grundy_front::verdict::Convention;
use grundy_registry::spec::Word;
use proptest::prelude::*;

/// The value `solve` gives `words`, or `None` when it is not finite.
fn solved(words: &[String]) -> Option<(u64, Outcome)> {
    let mut sum = registry::standard()
        .build_sum(&Word::from_args(words))
        .ok()?;
    let a = analyse(&mut sum, 0).ok()?;
    Some((a.grundy?.0, a.outcome))
}

/// Checks the explanation of `words` against `solve`, and plays each winning move it names.
fn check(words: &[String]) -> Result<(), TestCaseError> {
    let games = registry::standard();
    let e = match explain(
        &games,
        &Word::from_args(words),
        Convention::Normal,
        &Limits::DEFAULT,
        None,
    ) {
        Ok(e) => e,
        Err(ExplainError::Loopy(_)) => {
            prop_assert!(solved(words).is_none(), "{words:?}: explained as loopy");
            return Ok(());
        }
        Err(e) => return Err(TestCaseError::fail(format!("{words:?}: {e}"))),
    };
    let (value, outcome) = solved(words).expect("a finite value");
    prop_assert_eq!(e.value, value, "{:?}", words);
    prop_assert_eq!(e.outcome, outcome, "{:?}", words);
    let xor = e.parts.iter().fold(0, |x, p| x ^ p.value);
    prop_assert_eq!(xor, value);
    for p in &e.parts {
        if let Some(o) = &p.options {
            prop_assert_eq!(o.mex, p.value, "{}: the mex is the value", p.position);
            prop_assert!(!o.values.contains(&o.mex));
            prop_assert!((0..o.mex).all(|v| o.values.contains(&v)));
            for row in &o.shown {
                if let Some(heaps) = &row.heaps {
                    prop_assert_eq!(
                        heaps.iter().fold(0, |x, h| x ^ h),
                        row.value,
                        "{}",
                        row.description
                    );
                }
            }
        }
    }
    prop_assert_eq!(e.winning_moves.is_empty(), value == 0, "{:?}", words);
    if let Some(x) = &e.xor {
        let top = x.top_bit;
        prop_assert_eq!(top.is_none(), value == 0);
        for m in &e.winning_moves {
            let (mv, target) = (m.value.unwrap(), m.target.unwrap());
            prop_assert_eq!(target, mv ^ value);
            prop_assert!(mv >> top.unwrap() & 1 == 1);
            // The part after the move has the target value: the whole sum then has value 0.
            let part: Vec<String> = e.parts[m.part.unwrap()]
                .position
                .split_whitespace()
                .take(1)
                .map(str::to_string)
                .chain(m.to.split_whitespace().map(str::to_string))
                .collect();
            let after = if m.to.is_empty() {
                0
            } else {
                solved(&part).unwrap().0
            };
            prop_assert_eq!(after, target, "{:?} then {}", words, m.description);
        }
    }
    Ok(())
}

#[test]
fn every_registry_example_is_explained_as_solve_answers() {
    std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    let mut explained = 0;
    for entry in registry::standard() {
        let words: Vec<String> = entry
            .example
            .strip_prefix("grundy solve ")
            .unwrap_or(entry.example)
            .split_whitespace()
            .filter(|w| !w.starts_with("--"))
            .map(str::to_string)
            .collect();
        check(&words).unwrap_or_else(|e| panic!("{}: {e}", entry.example));
        explained += 1;
    }
    assert!(explained > 30, "{explained} examples");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Sums of heap games, split into heaps; one game alone shows its options and their mex.
    #[test]
    fn random_sums_are_explained_as_solve_answers(
        parts in proptest::collection::vec(
            (prop_oneof![Just("nim"), Just("0.77"), Just("0.07"), Just("bash:3"), Just("sub:1,3,4"), Just("allbut:2")],
             proptest::collection::vec(0u64..24, 1..3)),
            1..4,
        )
    ) {
        let mut words = Vec::new();
        for (game, heaps) in &parts {
            if !words.is_empty() {
                words.push("+".to_string());
            }
            words.push(game.to_string());
            words.extend(heaps.iter().map(u64::to_string));
        }
        check(&words)?;
    }
}

#[test]
fn one_game_shows_its_options_and_their_mex() {
    let games = registry::standard();
    let e = explain(
        &games,
        &Word::from_args(&["0.77", "10"]),
        Convention::Normal,
        &Limits::DEFAULT,
        None,
    )
    .unwrap();
    let o = e.parts[0].options.as_ref().unwrap();
    assert_eq!((o.total, o.mex), (10, 2));
    assert_eq!(o.values, vec![0, 1, 3, 4, 5, 7]);
    assert!(e.xor.is_none());
    assert_eq!(
        e.winning_moves.len(),
        4,
        "1 8, 2 7, 3 6 and 4 4 are the options of value 0"
    );
    assert!(
        e.lines.iter().any(|l| l == "So G(0.77 10) = mex{…} = 2."),
        "{:?}",
        e.lines
    );
    // A heap too large to list its options is explained by its reason alone.
    let big = explain(
        &games,
        &Word::from_args(&["0.77", "1000000"]),
        Convention::Normal,
        &Limits::DEFAULT,
        None,
    )
    .unwrap();
    assert!(big.parts[0].options.is_none());
    assert!(
        big.parts[0].reason.contains("period 12 from heap 71"),
        "{}",
        big.parts[0].reason
    );
    assert_eq!(
        big.value,
        solved(&["0.77".into(), "1000000".into()]).unwrap().0
    );
}
