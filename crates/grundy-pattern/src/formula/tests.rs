//! The formula language: parsing, errors, evaluation, printing, and properties over random
//! texts and trees.

use proptest::prelude::*;

use super::*;

fn n(text: &str) -> Formula {
    Formula::parse(text, &["n"]).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn at(text: &str, v: i128) -> Result<Answer, EvalError> {
    n(text).evaluator().eval(&[v])
}

fn int(text: &str, v: i128) -> i128 {
    match at(text, v) {
        Ok(Answer::Int(i)) => i,
        other => panic!("{text} at {v}: {other:?}"),
    }
}

fn error(text: &str) -> FormulaError {
    match Formula::parse(text, &["n"]) {
        Err(e) => e,
        Ok(f) => panic!("{text} parsed as {:?}", f.expr()),
    }
}

fn eval_error(text: &str, v: i128) -> String {
    match at(text, v) {
        Err(e) => e.0,
        Ok(a) => panic!("{text} at {v} gave {a}"),
    }
}

#[test]
fn precedence_is_pythons() {
    assert_eq!(int("1 + 2 * 3", 0), 7);
    assert_eq!(int("-2 ** 2", 0), -4);
    assert_eq!(int("2 ** 3 ** 2", 0), 512);
    assert_eq!(int("(-2) ** 2", 0), 4);
    assert_eq!(int("2 ** -n", 0), 1);
    assert_eq!(int("1 | 6 ^ 3 & 5", 0), 1 | (6 ^ (3 & 5)));
    assert_eq!(int("1 << 2 + 1", 0), 8);
    assert_eq!(int("n ^ 5", 3), 6, "^ is XOR");
    assert_eq!(int("~n", 5), -6);
    assert_eq!(int("-7 / 2", 0), -3, "rounded toward zero");
    assert_eq!(int("-7 % 2", 0), -1, "the sign of the dividend");
    assert_eq!(int("-n >> 1", 7), -4, "arithmetic shift");
    assert_eq!(int("0x1f + 0b101", 0), 36);
    assert_eq!(int("n > 2 ? n - 1 : n", 5), 4);
    assert_eq!(int("n > 2 ? 1 : n > 1 ? 2 : 3", 1), 3);
    assert_eq!(
        at("n > 2 and not n == 4 or false", 3),
        Ok(Answer::Bool(true))
    );
    assert_eq!(
        n("not n == 4").expr(),
        n("!(n == 4)").expr(),
        "`not` as in Python"
    );
    assert!(
        eval_error("!n == 4", 3).contains("needs true or false"),
        "`!` as in C"
    );
    assert_eq!(
        at("!(n == 4) && n != 5 || n < 0", 4),
        Ok(Answer::Bool(false))
    );
    assert_eq!(at("(n & 1) == 0", 4), Ok(Answer::Bool(true)));
    assert_eq!(at("(n == 4) == (n > 3)", 4), Ok(Answer::Bool(true)));
}

#[test]
fn functions_and_lists() {
    assert_eq!(int("min(n, 3, 7)", 5), 3);
    assert_eq!(int("max(n, 3)", 5), 5);
    assert_eq!(int("abs(n - 10)", 3), 7);
    assert_eq!(int("popcount(n)", 255), 8);
    assert_eq!(int("ctz(n)", 40), 3);
    assert_eq!(int("ctz(n)", -4), 2);
    assert_eq!(int("bitlen(n)", 0), 0);
    assert_eq!(int("bitlen(n)", 5), 3);
    assert_eq!(int("log2(n)", 1024), 10);
    assert_eq!(int("isqrt(n)", 99), 9);
    assert_eq!(int("isqrt(n)", 100), 10);
    assert_eq!(int("[4, 1, -2][n % 3]", 5), -2);
    assert_eq!(int("if(n % 4 == 3, n + 1, n)", 7), 8);
    let fib: Vec<i128> = (0..40)
        .filter(|&k| at("isfib(n)", k) == Ok(Answer::Bool(true)))
        .collect();
    assert_eq!(fib, [0, 1, 2, 3, 5, 8, 13, 21, 34]);
    // Large arguments: 5a² overflows, the walk answers.
    let (mut a, mut b) = (0i128, 1i128);
    while let Some(c) = a.checked_add(b) {
        (a, b) = (b, c);
    }
    assert_eq!(at("isfib(n)", b), Ok(Answer::Bool(true)));
    assert_eq!(at("isfib(n)", b - 1), Ok(Answer::Bool(false)));
    assert_eq!(at("isfib(n)", i128::MAX), Ok(Answer::Bool(false)));
    assert_eq!(int("isqrt(n)", i128::MAX), 13_043_817_825_332_782_212);
}

#[test]
fn integer_square_roots_are_exact() {
    for r in [
        0u128,
        1,
        2,
        3,
        1 << 31,
        (1 << 32) - 1,
        1 << 32,
        3_037_000_499,
        (1 << 63) + 12345,
    ] {
        for s in [r * r, (r * r).saturating_sub(1), r * r + 1] {
            let got = eval::isqrt(s);
            assert!(
                got * got <= s && (got + 1) * (got + 1) > s,
                "isqrt({s}) = {got}"
            );
        }
    }
    assert_eq!(eval::isqrt(u128::MAX), u64::MAX as u128);
}

#[test]
fn runtime_errors_are_words() {
    assert!(eval_error("10 / n", 0).contains("division by zero"));
    assert!(eval_error("10 % n", 0).contains("division by zero"));
    assert!(eval_error("n * n", i128::MAX).contains("overflow"));
    assert!(eval_error("-n - 2", i128::MAX).contains("overflow"));
    assert!(eval_error("2 ** n", 127).contains("overflow"));
    assert!(eval_error("2 ** n", -1).contains("negative exponent"));
    assert_eq!(int("(-1) ** n", 1 << 100), 1);
    assert!(eval_error("1 << n", 127).contains("127"));
    assert!(eval_error("1 << n", -1).contains("negative shift"));
    assert!(eval_error("3 << n", 126).contains("overflow"));
    assert_eq!(int("n >> 500", -5), -1);
    assert!(eval_error("ctz(n)", 0).contains("ctz(0)"));
    assert!(eval_error("log2(n)", 0).contains("positive"));
    assert!(eval_error("popcount(n)", -1).contains("negative"));
    assert!(eval_error("isqrt(n)", -1).contains("negative"));
    assert!(eval_error("isfib(n)", -1).contains("negative"));
    assert!(eval_error("bitlen(n)", -1).contains("negative"));
    assert!(eval_error("abs(n)", i128::MIN).contains("overflow"));
    assert!(eval_error("n + true", 1).contains("needs an integer, not true"));
    assert!(eval_error("if(n, 1, 2)", 1).contains("needs true or false"));
    assert!(eval_error("n == true", 1).contains("compares an integer"));
    assert!(eval_error("!n", 1).contains("needs true or false"));
    assert_eq!(
        eval_error("[1, 2, 3][n]", 5),
        "index 5 is out of range for a list of 3 values (0 to 2)"
    );
    assert!(eval_error("[1, 2, 3][n]", -1).contains("index -1"));
}

#[test]
fn recursion_is_memoized_and_iterative() {
    let f = n("if(n % 2 == 0, n / 2, G(n / 2))");
    let mut values = f.evaluator();
    assert_eq!(
        values.eval(&[10i128.pow(18)]),
        Ok(Answer::Int(5 * 10i128.pow(17)))
    );
    assert_eq!(values.eval(&[i128::MAX]), Ok(Answer::Int(0)));
    // 10^5 levels of recursion, on the heap.
    let deep = n("if(n == 0, 0, G(n - 1) + 1)");
    let mut values = deep.evaluator();
    assert_eq!(values.eval(&[99_998]), Ok(Answer::Int(99_998)));
    let e = deep.evaluator().eval(&[200_000]).unwrap_err().0;
    assert!(e.contains("deeper than 100000 at n = 200000"), "{e}");
    // In increasing order each step is one level deep, however far it goes.
    let mut values = deep.evaluator();
    for k in 0..300_000 {
        assert_eq!(values.eval(&[k]), Ok(Answer::Int(k)));
    }
    // Two variables, and a boolean recursion.
    let f = Formula::parse("if(a == 0 || b == 0, a + b, G(b, a % b))", &["a", "b"]).unwrap();
    assert_eq!(f.evaluator().eval(&[12, 18]), Ok(Answer::Int(6)));
    assert_eq!(
        at("n == 0 || !G(n - 1)", 5),
        Ok(Answer::Bool(false)),
        "alternates true, false, ..."
    );
    // A memo carried from one evaluator to the next.
    let memo = deep.evaluator().into_memo();
    assert!(memo.is_empty());
    let mut first = deep.evaluator();
    first.eval(&[1000]).unwrap();
    let memo = first.into_memo();
    assert_eq!(memo.len(), 1001);
    assert_eq!(
        deep.evaluator_with(memo.clone()).eval(&[1001]),
        Ok(Answer::Int(1001))
    );
    // Another formula's memo is dropped, not trusted.
    let other = n("if(n == 0, 7, G(n - 1))");
    assert_eq!(other.evaluator_with(memo).eval(&[5]), Ok(Answer::Int(7)));
}

#[test]
fn recursion_loops_and_bad_arguments_are_errors() {
    let e = eval_error("G(n)", 3);
    assert!(
        e.contains("G(3) depends on itself") && e.contains("n = 3"),
        "{e}"
    );
    let e = eval_error("if(n == 1, 0, G(n / 2))", 0);
    assert!(e.contains("G(0) depends on itself"), "{e}");
    let e = eval_error("if(n == 0, 0, G(n - 2))", 3);
    assert!(e.contains("G(-1)") && e.contains("not negative"), "{e}");
    let e = eval_error("if(n == 0, 10 / n, G(n - 1))", 3);
    assert!(e.contains("division by zero, computing G(0)"), "{e}");
    // An error is not remembered as a value.
    let f = n("if(n == 0, 1, G(n - 1) * 2)");
    let mut values = f.evaluator();
    assert!(values.eval(&[200]).is_err());
    assert_eq!(values.eval(&[10]), Ok(Answer::Int(1024)));
}

#[test]
fn parse_errors_name_the_column() {
    let e = error("n % 3)");
    assert_eq!(
        (e.column, e.to_string().as_str()),
        (6, "column 6 (')'): this ')' closes no '('")
    );
    assert_eq!(error("n + * 2").column, 5);
    assert_eq!(
        error("if(n % 2 == 0, 1, 0").to_string().split(':').next(),
        Some("column 20 (end of formula)")
    );
    assert_eq!(error("n %% 2").column, 4);
    assert_eq!(
        error("n-").to_string(),
        "column 3 (end of formula): the formula ends too soon: a value is missing"
    );
    assert_eq!(
        error("n + nn % 2").to_string(),
        "column 5: unknown variable 'nn' (formulas for this game use n)"
    );
    let e = Formula::parse("a + c", &["a", "b"]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "column 5: unknown variable 'c' (formulas for this game use a, b)"
    );
    assert!(error("n = 3")
        .to_string()
        .starts_with("column 3 ('='): use == to compare"));
    assert!(error("foo(n)").message.contains("unknown function 'foo'"));
    assert!(error("min(n)")
        .message
        .contains("min takes 2 arguments or more, not 1"));
    assert!(error("abs(n, 1)")
        .message
        .contains("abs takes 1 argument, not 2"));
    assert!(error("G(n, n)")
        .message
        .contains("G takes 1 argument (G(n)), not 2"));
    assert!(error("if(n, 1)").message.contains("if takes 3 arguments"));
    assert!(error("n(2)")
        .message
        .contains("'n' is a variable, not a function"));
    assert!(error("popcount").message.contains("is a function"));
    assert!(error("2n").message.contains("2 * n"));
    assert!(error("n / 2.5").message.contains("integers"));
    assert!(error("n $ 2").message.contains("unexpected character"));
    assert_eq!(
        error("").to_string(),
        "column 1 (end of formula): the formula is empty"
    );
    assert!(error("[1, 2]").message.contains("indexed"));
    assert!(error("[n][0]").message.contains("integer literals"));
    assert!(error("1 < n < 3").message.contains("do not chain"));
    assert_eq!(error("1 < n < 3").column, 7);
    assert!(error("170141183460469231731687303715884105728")
        .message
        .contains("too large"));
    assert_eq!(
        int("-170141183460469231731687303715884105728", 0),
        i128::MIN
    );
    // Columns are in characters, not bytes.
    assert_eq!(Formula::parse("n + é", &["n"]).unwrap_err().column, 5);
}

#[test]
fn bit_operators_beside_comparisons_need_parentheses() {
    for (text, column) in [
        ("n & 1 == 0", 7),
        ("0 == n & 1", 3),
        ("n ^ 1 != 2", 7),
        ("n < 1 | 2", 3),
    ] {
        let e = error(text);
        assert_eq!(e.column, column, "{text}");
        assert!(e.message.starts_with("add parentheses"), "{text}: {e}");
    }
    for ok in [
        "(n & 1) == 0",
        "n & (1 == 0)",
        "(n & 1 + 2) == 3 + 0",
        "(n ^ 1) != 2 && (n | 1) > 0",
    ] {
        assert!(Formula::parse(ok, &["n"]).is_ok(), "{ok}");
    }
    assert_eq!(error("(n ^ 1) != 2 && n | 1 > 0").column, 23);
}

#[test]
fn nesting_is_capped_without_overflowing_the_stack() {
    let deep = format!("{}n{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(error(&deep).message.contains("nests deeper than 256"));
    let ok = format!("{}n{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(int(&ok, 3), 3);
    assert!(error(&"-".repeat(100_000)).message.contains("nests deeper"));
    assert!(error(&"2 ** ".repeat(100_000))
        .message
        .contains("nests deeper"));
    assert!(error(&"min(".repeat(100_000))
        .message
        .contains("nests deeper"));
    let chain = format!("n{}", " + 1".repeat(100_000));
    assert!(error(&chain).message.contains("deeper than 1000"));
    let chain = format!("n{}", " + 1".repeat(900));
    assert_eq!(int(&chain, 1), 901);
    // Right at the limits, evaluation and printing fit in a test thread's stack.
    let nested = format!("{}n{}", "(n + ".repeat(255), ")".repeat(255));
    let f = n(&nested);
    assert_eq!(int(&nested, 1), 256);
    assert_eq!(n(&print::formula(f.expr())).expr(), f.expr());
}

#[test]
fn the_old_caret() {
    let f = n("2 ^ n + 1");
    assert!(f.uses_caret());
    let old = f.with_caret_as_power().unwrap();
    assert_eq!(old.text(), "2 ** n + 1");
    assert_eq!(
        f.evaluator().eval(&[3]),
        Ok(Answer::Int(2 ^ 4)),
        "2 ^ (n + 1)"
    );
    assert_eq!(old.evaluator().eval(&[3]), Ok(Answer::Int(9)));
    assert!(!n("n ** 2").uses_caret());
    assert_eq!(n("n ** 2").with_caret_as_power(), None);
}

#[test]
fn printing_uses_the_fewest_parentheses() {
    for text in [
        "n % 3",
        "(n + 1) * 2",
        "n - (1 - 2)",
        "n - 1 - 2",
        "-2 ** 2",
        "(-2) ** 2",
        "2 ** 3 ** 2",
        "(2 ** 3) ** 2",
        "2 ** -n",
        "-(5)",
        "-(-5)",
        "-n",
        "(n & 1) == 0",
        "n & (1 == 0)",
        "(n == 1) == (n < 2)",
        "!(n == 1) && n > 0 || n < -3",
        "a || b && c",
        "(a || b) && c",
        "if(n % 4 == 3, n + 1, n)",
        "[4, 1, -2][n % 3] ^ G(n / 2)",
        "min(n, 2, 3) | ~n & 7",
        "n << 2 >> 1",
    ] {
        let vars: &[&str] = if text.contains('G') {
            &["n"]
        } else {
            &["n", "a", "b", "c"]
        };
        let f = Formula::parse(text, vars).unwrap();
        assert_eq!(print::formula(f.expr()), text);
        assert_eq!(f.expr().to_string(), text);
    }
    assert_eq!(print::formula(n("((n)) + (1)").expr()), "n + 1");
    assert_eq!(print::formula(n("n > 0 ? 1 : 2").expr()), "if(n > 0, 1, 2)");
    let f = Formula::from_expr(
        Expr::Binary(
            BinOp::Add,
            Box::new(Expr::Num(-1)),
            Box::new(Expr::Var("n".into())),
        ),
        &["n"],
    );
    assert_eq!(f.text(), "-1 + n");
}

// ---------------------------------------------------------------- properties

const VARS: [&str; 2] = ["a", "b"];

fn binop() -> impl Strategy<Value = BinOp> {
    prop::sample::select(vec![
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Pow,
        BinOp::BitAnd,
        BinOp::BitOr,
        BinOp::BitXor,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::Eq,
        BinOp::Ne,
        BinOp::Lt,
        BinOp::Le,
        BinOp::Gt,
        BinOp::Ge,
        BinOp::And,
        BinOp::Or,
    ])
}

fn func() -> impl Strategy<Value = Func> {
    prop::sample::select(vec![
        Func::Min,
        Func::Max,
        Func::Abs,
        Func::Popcount,
        Func::Ctz,
        Func::Bitlen,
        Func::Log2,
        Func::Isqrt,
        Func::Isfib,
        Func::G,
    ])
}

fn number() -> impl Strategy<Value = i128> {
    prop_oneof![
        -20i128..20,
        any::<i128>(),
        Just(i128::MIN),
        Just(i128::MAX),
        any::<i64>().prop_map(i128::from),
    ]
}

/// Random trees, well-typed or not, with every arity the parser accepts.
fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        number().prop_map(Expr::Num),
        any::<bool>().prop_map(Expr::Bool),
        prop::sample::select(VARS.to_vec()).prop_map(|v| Expr::Var(v.to_string())),
    ];
    leaf.prop_recursive(6, 64, 4, |inner| {
        prop_oneof![
            (
                prop::sample::select(vec![UnOp::Neg, UnOp::Not, UnOp::BitNot]),
                inner.clone()
            )
                .prop_map(|(op, x)| Expr::Unary(op, Box::new(x))),
            (binop(), inner.clone(), inner.clone()).prop_map(|(op, l, r)| Expr::Binary(
                op,
                Box::new(l),
                Box::new(r)
            )),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| Expr::If(
                Box::new(c),
                Box::new(a),
                Box::new(b)
            )),
            (func(), prop::collection::vec(inner.clone(), 1..4)).prop_map(|(f, mut args)| {
                let k = match f {
                    Func::Min | Func::Max => args.len().max(2),
                    Func::G => VARS.len(),
                    _ => 1,
                };
                while args.len() < k {
                    args.push(Expr::Num(1));
                }
                args.truncate(k);
                Expr::Call(f, args)
            }),
            (prop::collection::vec(number(), 1..5), inner)
                .prop_map(|(values, i)| Expr::Index(values, Box::new(i))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn printing_then_parsing_gives_the_same_tree(e in expr()) {
        let text = print::formula(&e);
        let back = Formula::parse(&text, &VARS).map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert_eq!(back.expr(), &e, "{}", text);
    }

    #[test]
    fn evaluation_never_panics(e in expr(), a in number(), b in number()) {
        let f = Formula::from_expr(e, &VARS);
        let mut values = f.evaluator();
        let _ = values.eval(&[a, b]);
        let _ = values.eval(&[a.unsigned_abs().min(50) as i128, b.unsigned_abs().min(50) as i128]);
        let _ = print::cpp(&f, "f");
        let _ = print::python(&f, "f");
    }

    #[test]
    fn parsing_random_text_never_panics(text in "\\PC{0,60}") {
        let _ = Formula::parse(&text, &["n"]);
        let _ = Formula::check_syntax(&text);
    }

    #[test]
    fn parsing_formula_like_text_never_panics(
        text in "([ n0-9a-z_()\\[\\],?:+*/%&|^<>=!~-]|0x|0b|\\*\\*|<<|>>|==|!=|&&|\\|\\||G\\(|if\\(|min\\(|isfib\\(){0,40}"
    ) {
        if let Ok(f) = Formula::parse(&text, &["n"]) {
            let mut values = f.evaluator();
            for k in [0, 1, 7, 1 << 40, -3] {
                let _ = values.eval(&[k]);
            }
            let again = Formula::parse(&print::formula(f.expr()), &["n"]);
            prop_assert_eq!(again.map(|g| g.expr().clone()), Ok(f.expr().clone()));
        }
    }

    #[test]
    fn parsing_byte_soup_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Formula::parse(&text, &["a", "b"]);
    }
}
