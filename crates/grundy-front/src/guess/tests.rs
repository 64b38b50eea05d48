//! Formulas found and assessed on the registry's games.

use super::*;
use crate::values;
use grundy_registry::spec::Word;

fn values_of(game: &str, upto: &str) -> GameValues {
    let word = Word::new("argument 1", game);
    values::compute(
        &crate::registry::standard(),
        &[word],
        Some(upto),
        DEFAULTS,
        &mut |_, _| true,
    )
    .unwrap()
}

fn formula(text: &str) -> Formula {
    Formula::parse(text, &["n"]).unwrap()
}

#[test]
fn a_periodic_form_with_the_games_period_is_proved_and_another_is_not() {
    let lasker = values_of("lasker", "200");
    let proved = assess(
        &lasker,
        &formula("if(n % 4 == 0 && n > 0, n - 1, if(n % 4 == 3, n + 1, n))"),
    )
    .unwrap();
    assert_eq!(proved.basis, Basis::Proved);
    // The same values to 200 by a table lookup past 3: holds, but nothing proves it.
    let head: Vec<String> = (0..=200u64)
        .map(|n| match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        })
        .map(|v| v.to_string())
        .collect();
    let listed = format!("[{}][n]", head.join(", "));
    let checked = assess(&lasker, &formula(&listed)).unwrap();
    assert_eq!(checked.basis, Basis::Checked);
    // A table too short for a whole common period past the start proves nothing.
    let short = values_of("0.77", "75");
    let kayles = guess(&values_of("0.77", "400"), false, &Settings::default());
    let f = formula(kayles.formula.as_deref().unwrap());
    assert_eq!(assess(&short, &f).unwrap().basis, Basis::Checked);
    assert_eq!(kayles.basis, Some(Basis::Proved));
}

#[test]
fn a_wrong_formula_is_refused_where_it_fails() {
    let near = assess(&values_of("lasker", "50"), &formula("n")).unwrap_err();
    assert_eq!(near.fails_at, json!({"n": 3}));
    assert_eq!(
        (near.expected.clone(), near.actual.clone()),
        (json!(4), json!(3))
    );
}

#[test]
fn a_proved_period_is_preferred_to_a_smaller_checked_formula() {
    let r = guess(&values_of("sub:2,4,7", "2000"), false, &Settings::default());
    assert_eq!(r.basis, Some(Basis::Proved), "{r:?}");
    assert_eq!(r.family, Some("periodic"));
    assert!(
        r.note
            .as_deref()
            .is_some_and(|n| n.contains("checked only")),
        "{r:?}"
    );
}

#[test]
fn too_few_values_give_no_formula() {
    let r = guess(&values_of("0.77", "30"), false, &Settings::default());
    assert!(!r.found);
    assert!(
        r.note.as_deref().is_some_and(|n| n.contains("too few")),
        "{r:?}"
    );
}
