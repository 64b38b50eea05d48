//! Ranges in a slot of an option (`[a, x..y]`, `sum([x..y, q])`, `sum([[a, x..y], q])`) and
//! `repeat(x, n)` against the plain script that spells them out (a loop pushing each option,
//! a sum of n explicit copies): the same options, values, outcomes (normal, misère, Every-SG)
//! and winning moves, on random scripts and positions.

use grundy_core::every::analyse_every;
use grundy_core::misere::analyse_misere;
use grundy_core::{analyse, Ruleset, Solver};
use grundy_registry::spec::Word;
use grundy_script::{Position, ScriptGame};
use proptest::prelude::*;

/// Which constructs a random script uses, and its small constants.
#[derive(Clone, Debug)]
struct Choice {
    /// Heaps: `[(n - 1) / 2, 0..n / 2]` (a pair family from a heap).
    heap_pairs: bool,
    /// Heaps: `sum([repeat(n - 1, r), n / 2])`.
    heap_repeat: Option<i64>,
    /// Heaps: `sum([0..n / 2, [n / 2 - 1, 1]])`.
    heap_sum_range: bool,
    /// Pairs: `[a, b / d..b]`.
    right: Option<i64>,
    /// Pairs: `[0..a, b]`.
    left: bool,
    /// Pairs: `sum([[a - 1, 0..b], [0, b]])` (a range inside a part of a sum).
    nested: bool,
    /// Pairs: `[a, 0]` and `[a, b / 2..b]` besides (options listed twice).
    repeats_options: bool,
    /// Pairs: `sum([repeat([a, b - 1], r), 0..a])`.
    pair_repeat: Option<i64>,
}

/// The script, with ranges and repeats kept (`fast`) or spelled out by loops.
fn script(c: &Choice, fast: bool) -> String {
    let mut heap = String::new();
    let mut pair = String::new();
    // `family(prefix, lo, hi, suffix)`: every `prefix k suffix` for k in lo..hi.
    let family = |pre: &str, lo: &str, hi: &str, post: &str| {
        if fast {
            format!("r.push({pre}({lo})..({hi}){post});\n")
        } else {
            format!("for k in ({lo})..({hi}) {{ r.push({pre}k{post}); }}\n")
        }
    };
    let copies = |x: &str, n: i64, rest: &str| {
        if fast {
            format!("r.push(sum([repeat({x}, {n}), {rest}]));\n")
        } else {
            format!(
                "{{ let s = []; for i in 0..{n} {{ s.push({x}); }} s.push({rest}); r.push(sum(s)); }}\n"
            )
        }
    };
    if c.heap_pairs {
        heap += &family("[(n - 1) / 2, ", "0", "n / 2", "]");
    }
    if let Some(r) = c.heap_repeat {
        heap += &format!("if n >= 1 {{ {} }}\n", copies("n - 1", r, "n / 2"));
    }
    if c.heap_sum_range {
        heap += &format!(
            "if n >= 2 {{ {} }}\n",
            family("sum([", "0", "n / 2", ", [n / 2 - 1, 1]])")
        );
    }
    if let Some(d) = c.right {
        pair += &family("[a, ", &format!("b / {d}"), "b", "]");
    }
    if c.left {
        pair += &family("[", "0", "a", ", b]");
    }
    if c.nested {
        pair += &format!(
            "if a >= 1 {{ {} }}\n",
            family("sum([[a - 1, ", "0", "b", "], [0, b]])")
        );
    }
    if c.repeats_options {
        pair += "if b > 0 { r.push([a, 0]); }\n";
        pair += &family("[a, ", "b / 2", "b", "]");
    }
    if let Some(r) = c.pair_repeat {
        let spread = family("sum([repeat([a, b - 1], REPEAT), ", "0", "a", "])");
        let spread = if fast {
            spread.replace("REPEAT", &r.to_string())
        } else {
            // A sum of r copies and a heap k, for each k: the copies spelled out.
            format!(
                "for k in 0..a {{ let s = []; for i in 0..{r} {{ s.push([a, b - 1]); }} \
                 s.push(k); r.push(sum(s)); }}\n"
            )
        };
        pair += &format!("if b >= 1 {{ {spread} }}\n");
    }
    format!(
        "fn moves(p) {{
            let r = [];
            if type_of(p) == \"i64\" {{
                let n = p;
                {heap}
            }} else {{
                let a = p[0]; let b = p[1];
                {pair}
            }}
            r
        }}"
    )
}

fn choice() -> impl Strategy<Value = Choice> {
    (
        any::<bool>(),
        proptest::option::of(0..12i64),
        any::<bool>(),
        proptest::option::of(1..4i64),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(0..11i64),
    )
        .prop_map(|(hp, hr, hs, right, left, nested, rep, pr)| Choice {
            heap_pairs: hp,
            heap_repeat: hr,
            heap_sum_range: hs,
            right,
            left,
            nested,
            repeats_options: rep,
            pair_repeat: pr,
        })
}

/// A position's words: a heap `n` or a pair `a,b`, one or two parts.
fn words() -> impl Strategy<Value = Vec<String>> {
    let part = prop_oneof![
        (0..7i64).prop_map(|n| n.to_string()),
        (0..4i64, 0..4i64).prop_map(|(a, b)| format!("{a},{b}")),
    ];
    proptest::collection::vec(part, 1..3)
}

/// The options of `p`, sorted.
fn options(game: &ScriptGame, p: &Position) -> Vec<Position> {
    let mut out = Vec::new();
    game.options(p, &mut out);
    game.fault().unwrap();
    out.sort();
    out
}

/// The winning moves' positions, sorted, as JSON text.
fn targets(moves: impl Iterator<Item = serde_json::Value>) -> Vec<String> {
    let mut v: Vec<String> = moves.map(|m| m.to_string()).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn ranges_in_slots_and_repeats_are_the_options_they_spell(c in choice(), w in words()) {
        let (fast, slow) = (script(&c, true), script(&c, false));
        let spec = |text: &str| format!("script:{{{text}}}");
        let (fast_spec, slow_spec) = (spec(&fast), spec(&slow));
        let game = |text: &str| ScriptGame::compile("script:test", "test", text).unwrap();
        let (f, s) = (game(&fast), game(&slow));
        let word_list = Word::from_args(&w);
        let p = f.position(&word_list).unwrap();
        // No option listed twice, and the same set of them.
        let (fo, so) = (options(&f, &p), options(&s, &p));
        let mut once = fo.clone();
        once.dedup();
        prop_assert_eq!(&once, &fo, "{}", fast);
        prop_assert_eq!(&fo, &so, "{}", fast);
        let v = |g: &ScriptGame| Solver::new(g).grundy(&p).unwrap();
        prop_assert_eq!(v(&f), v(&s), "{}", fast);

        let sum = |spec: &str| {
            let mut args = vec![spec.to_string()];
            args.extend(w.iter().cloned());
            build_sum(&Word::from_args(&args)).unwrap()
        };
        let (mut fs, mut ss) = (sum(&fast_spec), sum(&slow_spec));
        let (a, b) = (analyse(&mut fs, usize::MAX).unwrap(), analyse(&mut ss, usize::MAX).unwrap());
        prop_assert_eq!(a.outcome, b.outcome);
        prop_assert_eq!(a.grundy, b.grundy);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
        prop_assert_eq!(
            targets(a.winning_moves.iter().map(|m| m.position.clone())),
            targets(b.winning_moves.iter().map(|m| m.position.clone()))
        );
        // The searches over whole sums (misère, Every-SG) meet every multiset of parts, and a
        // heap that leaves copies of heaps that leave copies grows exponentially: no copies of
        // heaps there, one of a pair (`repeat_in_searches_over_whole_sums` has more).
        if c.heap_repeat.is_some() || c.pair_repeat.is_some_and(|r| r > 1) {
            return Ok(());
        }
        let (a, b) = (
            analyse_misere(&mut fs, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            analyse_misere(&mut ss, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
        );
        prop_assert_eq!(a.outcome, b.outcome, "misère: {}", fast);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
        let (a, b) = (
            analyse_every(&mut fs, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            analyse_every(&mut ss, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
        );
        prop_assert_eq!(a.outcome, b.outcome, "Every-SG: {}", fast);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
    }

    /// n copies of a part have its value for odd n, else 0, whatever n: the part is valued once.
    #[test]
    fn many_copies_are_valued_by_parity(n in 0..i64::MAX, x in 0..40i64, y in 0..40i64) {
        // Heaps below 100 are Nim heaps; 100 has one option, n heaps of x and one of y.
        let text = format!(
            "fn moves(p) {{ if p < 100 {{ range(0, p) }} else {{ [sum([repeat({x}, {n}), {y}])] }} }}"
        );
        let game = ScriptGame::compile("script:test", "test", &text).unwrap();
        let option = if n % 2 == 1 { x } else { 0 } ^ y;
        let v = Solver::new(&game).grundy(&Position::Int(100)).unwrap().0;
        prop_assert_eq!(v, u64::from(option == 0), "{}", text);
    }

    /// Misère play and Every-SG search the whole sum, moves in each copy: `repeat(x, n)` is the
    /// n words `x` there too.
    #[test]
    fn repeat_in_searches_over_whole_sums(x in 0..4i64, n in 0..11u64, y in 0..4i64) {
        let take = "script:{fn moves(p) { range(0, p) }}";
        let build = |words: Vec<String>| {
            let mut args = vec![take.to_string()];
            args.extend(words);
            build_sum(&Word::from_args(&args)).unwrap()
        };
        let mut compact = build(vec![format!("repeat({x},{n})"), y.to_string()]);
        let mut spelled = vec![x.to_string(); n as usize];
        spelled.push(y.to_string());
        let mut spelled = build(spelled);
        let (a, b) = (
            analyse_misere(&mut compact, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            analyse_misere(&mut spelled, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
        );
        prop_assert_eq!(a.outcome, b.outcome);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
        prop_assert_eq!(
            targets(a.winning_moves.iter().map(|m| m.position.clone())),
            targets(b.winning_moves.iter().map(|m| m.position.clone()))
        );
        let (a, b) = (
            analyse_every(&mut compact, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            analyse_every(&mut spelled, usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
        );
        prop_assert_eq!(a.outcome, b.outcome);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
        let (a, b) = (
            analyse(&mut compact, usize::MAX).unwrap(),
            analyse(&mut spelled, usize::MAX).unwrap(),
        );
        prop_assert_eq!(a.grundy, b.grundy);
        prop_assert_eq!(a.winning_moves_total, b.winning_moves_total);
    }
}

/// Builds a sum by the registry with the default settings.
fn build_sum(
    words: &[grundy_registry::spec::Word],
) -> Result<Vec<Box<dyn grundy_core::Component>>, grundy_registry::spec::SpecError> {
    grundy_front::registry::standard().build_sum(words)
}
