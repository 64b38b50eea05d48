//! Positions as the library shows them: one JSON type for each shape of a script position, and
//! long positions shortened in error messages (issue 28).

use grundy_core::{analyse, Nimber, Outcome};
use grundy_registry::spec::Word;
use grundy_script::Position;
use proptest::prelude::*;
use serde_json::{json, Value as Json};

/// Script positions of every shape: integers, strings, arrays of any length and depth.
fn position() -> impl Strategy<Value = Position> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Position::Int),
        (-3..40i64).prop_map(Position::Int),
        "[a-z0-9,+\\-\\[\" ]{0,6}".prop_map(|s| Position::Str(s.into())),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        proptest::collection::vec(inner, 0..4).prop_map(Position::list)
    })
}

/// The JSON type a part of this shape is shown as, and checks it recursively.
fn assert_shape(p: &Position, shown: &Json) -> Result<(), TestCaseError> {
    match p {
        Position::Int(n) => prop_assert_eq!(shown, &json!(n)),
        Position::Str(_) => prop_assert!(shown.is_string(), "{} shown as {}", p, shown),
        _ => {
            let Some(items) = shown.as_array() else {
                return Err(TestCaseError::fail(format!("{p} shown as {shown}")));
            };
            prop_assert_eq!(shown, &p.to_json(), "{}", p);
            p.with_items(|want| {
                prop_assert_eq!(want.len(), items.len());
                for (q, j) in want.iter().zip(items) {
                    // Inside an array every element is data: a string as itself.
                    match q {
                        Position::Str(s) => prop_assert_eq!(j, &json!(s.as_ref())),
                        _ => assert_shape(q, j)?,
                    }
                }
                Ok(())
            })
            .expect("an array")?;
            // The JSON reads back as the same position.
            prop_assert_eq!(Position::parse_word(&shown.to_string()), Ok(p.clone()));
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn every_script_position_has_one_json_type_for_its_shape(
        p in position(),
        q in position(),
    ) {
        // One part: its one word.
        let shown = p.words();
        let words = shown.as_array().expect("words are an array");
        prop_assert_eq!(words.len(), 1);
        assert_shape(&p, &words[0])?;
        // A sum: one word per part, each shown as it is alone.
        let s = Position::sum([p.clone(), q.clone()]);
        let mut parts = Vec::new();
        prop_assert!(s.parts(&mut parts));
        let shown = s.words();
        let words = shown.as_array().expect("words are an array");
        prop_assert_eq!(words.len(), parts.len());
        for (part, w) in parts.iter().zip(words) {
            prop_assert_eq!(&part.words()[0], w);
            assert_shape(part, w)?;
        }
    }
}

const STEP: &str = "script:{fn moves(p) { let out = []; for i in 0..p.len() { \
                    if p[i] > 0 { let q = p; q[i] -= 1; out.push(q); } } out }}";

#[test]
fn single_element_arrays_are_arrays_in_positions_and_moves() {
    let mut sum = build_sum(&Word::from_args(&[STEP, "[2]", "[1,0]"])).unwrap();
    assert_eq!(sum[0].position(), json!([[1, 0], [2]]));
    let a = analyse(&mut sum, 10).unwrap();
    assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(1))));
    let moved: Vec<&Json> = a.winning_moves.iter().map(|m| &m.position).collect();
    assert_eq!(moved, [&json!([[0, 0], [2]]), &json!([[1], [1, 0]])]);
    for m in &a.winning_moves {
        assert_eq!(m.fields["to"], m.position, "{}", m.description);
    }
    let alone = build_sum(&Word::from_args(&[STEP, "[0]"])).unwrap();
    assert_eq!(alone[0].position(), json!([[0]]));
}

/// The one line an error prints.
fn error_line(words: &[String]) -> String {
    match build_sum(&Word::from_args(words)) {
        Ok(_) => panic!("{:.80} is not an error", words.join(" ")),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_invalid_position_of_a_hundred_thousand_heaps_is_shortened_in_its_error() {
    // 10^5 heaps in one word, which nim does not read.
    let heaps = vec!["1"; 100_000].join(",");
    let line = error_line(&["nim".into(), heaps]);
    assert!(line.len() < 1000, "{} bytes", line.len());
    assert!(line.starts_with("argument 2 ('1,1,1,"), "{line}");
    assert!(line.contains("(199999 characters)"), "{line}");
    assert!(
        line.ends_with("a heap size must be a whole number"),
        "{line}"
    );
}

#[test]
fn a_ten_thousand_digit_code_is_shortened_wherever_it_is_echoed() {
    let code = format!("0.{}x", "7".repeat(10_000));
    let line = error_line(&[code, "5".into()]);
    assert!(line.len() < 1000, "{} bytes", line.len());
    assert!(line.starts_with("argument 1 ('0.777"), "{line}");
    assert!(line.contains("unknown game '0.777"), "{line}");
    assert_eq!(line.matches("(10003 characters)").count(), 2, "{line}");
}

/// Builds a sum by the registry with the default settings.
fn build_sum(
    words: &[grundy_registry::spec::Word],
) -> Result<Vec<Box<dyn grundy_core::Component>>, grundy_registry::spec::SpecError> {
    grundy_front::registry::standard().build_sum(words)
}
