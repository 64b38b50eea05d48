//! Structured moves: every winning move's fields (`SumMove::fields`) say what its words say and
//! lead to the position it carries, and that position really is a P-position (rebuilt from its
//! JSON through the registry, the way a script would feed it back).

use grundy_core::{analyse, Outcome, SumMove, MOVE_POSITION_LIMIT};
use grundy_front::registry;
use grundy_registry::spec::Word;
use proptest::prelude::*;
use serde_json::Value as Json;

/// The words of a position from its JSON, as [`grundy_core::Game::show`] documents them.
fn json_words(p: &Json) -> Vec<String> {
    fn word(x: &Json) -> String {
        match x {
            Json::String(s) => s.clone(),
            Json::Array(xs) => xs.iter().map(word).collect::<Vec<_>>().join(","),
            other => other.to_string(),
        }
    }
    match p {
        Json::Array(xs) => xs.iter().map(word).collect(),
        Json::Object(fields) => fields
            .iter()
            .flat_map(|(k, v)| match v {
                Json::Array(_) => json_words(v),
                other => vec![format!("{k}={}", word(other))],
            })
            .collect(),
        other => vec![word(other)],
    }
}

fn build(parts: &[(String, Json)]) -> Vec<Box<dyn grundy_core::Component>> {
    let mut words = Vec::new();
    for (i, (game, position)) in parts.iter().enumerate() {
        if i > 0 {
            words.push("+".to_string());
        }
        words.push(game.clone());
        words.extend(json_words(position));
    }
    registry::standard()
        .build_sum(&Word::from_args(&words))
        .expect("a position the tool printed builds")
}

/// The component's position before and after `m`, from the sum's positions.
fn component_positions(before: &Json, m: &SumMove, n: usize) -> (Json, Json) {
    if n == 1 {
        (before.clone(), m.position.clone())
    } else {
        (before[m.component].clone(), m.position[m.component].clone())
    }
}

/// Checks `m`'s fields against its description and the component's positions.
fn check_fields(m: &SumMove, from: &Json, to: &Json) -> Result<(), TestCaseError> {
    let f = &m.fields;
    match f["kind"].as_str() {
        Some("heap") => {
            let i = f["heap"].as_u64().unwrap() as usize;
            let leaves: Vec<u64> = serde_json::from_value(f["leaves"].clone()).unwrap();
            let heaps: Vec<u64> = serde_json::from_value(from.clone()).unwrap();
            prop_assert_eq!(f["from"].as_u64(), Some(heaps[i]));
            prop_assert_eq!(
                f["take"].as_i64().unwrap() + leaves.iter().sum::<u64>() as i64,
                heaps[i] as i64
            );
            let mut after = heaps[..i].to_vec();
            if leaves.is_empty() {
                after.push(0);
            }
            after.extend(&leaves);
            after.extend(&heaps[i + 1..]);
            prop_assert_eq!(to, &Json::from(after));
            let said = format!("heap {}", i + 1);
            prop_assert!(
                m.description.contains(&said),
                "{} / {}",
                m.description,
                said
            );
        }
        Some("two-heaps") => {
            prop_assert_eq!(&f["from"], from);
            prop_assert_eq!(&f["to"], to);
            let (a, b) = (from[0].as_u64().unwrap(), from[1].as_u64().unwrap());
            let (x, y) = (to[0].as_u64().unwrap(), to[1].as_u64().unwrap());
            let take = f["take"].as_u64().unwrap();
            match &f["heap"] {
                Json::String(s) if s == "both" => prop_assert!(a - x == take && b - y == take),
                h => {
                    let h = h.as_u64().unwrap();
                    let (moved, kept) = if h == 0 {
                        ((a, x), (b, y))
                    } else {
                        ((b, y), (a, x))
                    };
                    prop_assert_eq!(kept.0, kept.1);
                    prop_assert_eq!(moved.0 - moved.1, take);
                }
            }
        }
        Some("token") => {
            let i = f["token"].as_u64().unwrap() as usize;
            prop_assert_eq!(&from[i], &f["from"]);
            prop_assert_eq!(&to[i], &f["to"]);
            let (a, b) = (from.as_array().unwrap(), to.as_array().unwrap());
            for j in (0..a.len()).filter(|&j| j != i) {
                prop_assert_eq!(&a[j], &b[j]);
            }
            prop_assert!(
                m.description.starts_with("token at") || m.description.contains("token at")
            );
        }
        Some("bid") => {
            prop_assert_eq!(&f["from"], from);
            prop_assert_eq!(&f["to"], to);
            let bid = f["bid"].as_u64().unwrap();
            prop_assert_eq!(to.as_u64().unwrap() - from.as_u64().unwrap(), bid);
            let said = format!("bid {bid}");
            prop_assert!(m.description.contains(&said));
        }
        Some("move") => prop_assert_eq!(&f["to"], to),
        other => prop_assert!(false, "unknown kind {:?}", other),
    }
    Ok(())
}

/// A game spec and a strategy for its position's words.
fn component() -> impl Strategy<Value = (String, Json)> {
    let heaps = |lo: u64| prop::collection::vec(lo..24u64, 1..4).prop_map(Json::from);
    prop_oneof![
        heaps(0).prop_map(|h| ("nim".to_string(), h)),
        heaps(1).prop_map(|h| ("bash:3".to_string(), h)),
        heaps(1).prop_map(|h| ("sub:1,3,4".to_string(), h)),
        heaps(1).prop_map(|h| ("0.77".to_string(), h)),
        heaps(1).prop_map(|h| ("lasker".to_string(), h)),
        heaps(1).prop_map(|h| ("grundys-game".to_string(), h)),
        heaps(1).prop_map(|h| ("split".to_string(), h)),
        (0..16u64, 0..16u64).prop_map(|(a, b)| ("wythoff".to_string(), Json::from(vec![a, b]))),
        (1..40u64, 1..40u64).prop_map(|(a, b)| ("euclid".to_string(), Json::from(vec![a, b]))),
        (0..9u64).prop_map(|p| ("public-sale:9,3".to_string(), Json::from(p))),
        prop::collection::vec(1..6u64, 1..4)
            .prop_map(|t| ("graph:1-2,2-3,3-4,1-3,4-5".to_string(), Json::from(t))),
        prop::collection::vec(0..9u64, 2..5).prop_map(|s| ("staircase".to_string(), Json::from(s))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn structured_moves_agree_with_words_and_positions(
        parts in prop::collection::vec(component(), 1..4)
    ) {
        let mut sum = build(&parts);
        let before = grundy_core::sum_position(&sum);
        let a = analyse(&mut sum, usize::MAX).unwrap();
        if a.outcome != Outcome::N {
            prop_assert!(a.winning_moves.is_empty());
            return Ok(());
        }
        prop_assert_eq!(a.winning_moves.len(), a.winning_moves_total);
        let games: Vec<String> = sum.iter().map(|c| c.game()).collect();
        for m in &a.winning_moves {
            prop_assert!(m.component < sum.len());
            let (from, to) = component_positions(&before, m, sum.len());
            check_fields(m, &from, &to)?;
            // The position the move leads to is a P-position.
            let after: Vec<(String, Json)> = if sum.len() == 1 {
                vec![(games[0].clone(), m.position.clone())]
            } else {
                games.iter().cloned().zip(m.position.as_array().unwrap().iter().cloned()).collect()
            };
            let mut rebuilt = build(&after);
            let b = analyse(&mut rebuilt, 0).unwrap();
            prop_assert_eq!(b.outcome, Outcome::P, "{} leads to {}", m.description, m.position);
        }
    }
}

#[test]
fn a_big_sum_moves_carry_what_changed_not_the_position() {
    let heaps: Vec<u64> = (1..=(MOVE_POSITION_LIMIT as u64 + 1)).collect();
    let mut sum = build(&[("nim".to_string(), Json::from(heaps.clone()))]);
    let a = analyse(&mut sum, 5).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 5);
    for m in &a.winning_moves {
        assert!(m.position.is_null(), "no whole position past the limit");
        let i = m.fields["heap"].as_u64().unwrap() as usize;
        assert_eq!(m.fields["from"].as_u64(), Some(heaps[i]));
        assert!(!serde_json::to_string(m).unwrap().contains("\"position\""));
    }
    // At the limit the position is still carried.
    let mut sum = build(&[("nim".to_string(), Json::from(heaps[1..].to_vec()))]);
    let a = analyse(&mut sum, 5).unwrap();
    assert!(a.winning_moves.iter().all(|m| m.position.is_array()));
}
