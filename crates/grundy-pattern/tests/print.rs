//! The C++ and Python functions that `formula::print` writes compute what the evaluator does:
//! each formula is printed both ways, compiled (`g++ -std=c++17`) or run (`python3`) on
//! n = 0..=200 (or a 21x21 grid for two variables), and the output compared with
//! [`Evaluator::eval`]. Skipped, with a note, where `g++` or `python3` is missing.

use std::path::PathBuf;
use std::process::Command;

use grundy_pattern::formula::{print, Formula};

/// Formulas over `n`, chosen to cover every operator, function, recursion and list, where the
/// printed languages could go wrong (rounding of negatives, 32-bit literals, precedence).
const ONE: &[&str] = &[
    "n % 3",
    "if(n % 4 == 3, n + 1, if(n % 4 == 0 && n > 0, n - 1, n))",
    "if(n % 2 == 0, n / 2, G(n / 2))",
    "[4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7][n % 12]",
    "[-3][n % 1] * n",
    "(n ^ n >> 1) & 7 | popcount(n) << 3",
    "isqrt(n) + isqrt(n * 1000003)",
    "isfib(n)",
    "(n & 1) == 0 || popcount(n) == 1",
    "if(n < 2, n, G(n - 1) ^ G(n - 2) + 1)",
    "bitlen(n) * 10 + ctz(n + 1) - log2(n + 1)",
    "-n / 3 + -n % 5 + (n - 100) / 7 * 2 ** 3 - (-n) % 4",
    "min(n, 50, 3 * n % 17) - max(n % 7, 2) + abs(50 - n)",
    "~n & 0xff ^ 3 * 1000000 * 1000000 % 97",
    "not n % 3 == 0 and n > 5",
    "1 << n % 40",
    "n > 100 ? -1 : -n ** 2 % 1000 + (-2) ** (n % 5)",
    "!(n > 3) == (n % 2 == 0)",
    "(n == 0 || !G(n - 1)) != false",
];

/// Formulas over `a`, `b`.
const TWO: &[&str] = &[
    "if(a == 0 || b == 0, a + b, G(b, a % b))",
    "(a ^ b) == 0",
    "a * b % 2 == 1 && min(a, b) > 0",
    "if(a == 0, b, if(b == 0, a, G(a - 1, b) ^ G(a, b - 1) ^ 1))",
];

/// What the evaluator says at each position, one line per formula.
fn expected(texts: &[&str], vars: &[&str], positions: &[Vec<i128>]) -> Vec<String> {
    texts
        .iter()
        .map(|t| {
            let f = Formula::parse(t, vars).unwrap();
            let mut values = f.evaluator();
            positions
                .iter()
                .map(|p| {
                    values
                        .eval(p)
                        .unwrap_or_else(|e| panic!("{t} at {p:?}: {e}"))
                        .to_string()
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn positions(vars: usize) -> Vec<Vec<i128>> {
    if vars == 1 {
        (0..=200).map(|n| vec![n]).collect()
    } else {
        (0..=20)
            .flat_map(|a| (0..=20).map(move |b| vec![a, b]))
            .collect()
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-pattern-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn have(tool: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("note: {tool} not found, skipping");
    }
    ok
}

fn compare(texts: &[&str], vars: &[&str], output: &str) {
    let want = expected(texts, vars, &positions(vars.len()));
    let got: Vec<&str> = output.lines().collect();
    assert_eq!(got.len(), want.len(), "{output}");
    for ((text, want), got) in texts.iter().zip(&want).zip(got) {
        assert_eq!(got.trim(), want, "{text}");
    }
}

fn cpp_program(texts: &[&str], vars: &[&str]) -> String {
    let mut src = String::new();
    let mut calls = String::new();
    let loops = if vars.len() == 1 {
        "for (long long n = 0; n <= 200; n++) {"
    } else {
        "for (long long a = 0; a <= 20; a++) for (long long b = 0; b <= 20; b++) {"
    };
    for (i, t) in texts.iter().enumerate() {
        let f = Formula::parse(t, vars).unwrap();
        src.push_str(&format!("// {t}\n{}\n", print::cpp(&f, &format!("f{i}"))));
        calls.push_str(&format!(
            "    {{ const char *sep = \"\"; {loops} std::cout << sep << f{i}({}); sep = \" \"; }} std::cout << \"\\n\"; }}\n",
            vars.join(", ")
        ));
    }
    format!(
        "#include <iostream>\n{src}\nint main() {{\n    std::cout << std::boolalpha;\n{calls}}}\n"
    )
}

fn python_program(texts: &[&str], vars: &[&str]) -> String {
    let mut src = String::new();
    let range = if vars.len() == 1 {
        "for n in range(201)"
    } else {
        "for a in range(21) for b in range(21)"
    };
    for (i, t) in texts.iter().enumerate() {
        let f = Formula::parse(t, vars).unwrap();
        src.push_str(&format!(
            "# {t}\n{}\n\n",
            print::python(&f, &format!("f{i}"))
        ));
        src.push_str(&format!(
            "print(\" \".join(str(v).lower() for v in (f{i}({}) {range})))\n\n",
            vars.join(", ")
        ));
    }
    src
}

#[test]
fn cpp_functions_compute_what_the_evaluator_does() {
    if !have("g++") {
        return;
    }
    for (k, (texts, vars)) in [(ONE, &["n"][..]), (TWO, &["a", "b"][..])]
        .into_iter()
        .enumerate()
    {
        let source = scratch(&format!("f{k}.cpp"));
        let binary = scratch(&format!("f{k}"));
        let program = cpp_program(texts, vars);
        std::fs::write(&source, &program).unwrap();
        let built = Command::new("g++")
            .args(["-std=c++17", "-O1", "-Wall", "-Wextra", "-Werror", "-o"])
            .arg(&binary)
            .arg(&source)
            .output()
            .unwrap();
        assert!(
            built.status.success(),
            "{}\n{program}",
            String::from_utf8_lossy(&built.stderr)
        );
        let run = Command::new(&binary).output().unwrap();
        assert!(run.status.success());
        compare(texts, vars, &String::from_utf8_lossy(&run.stdout));
    }
}

#[test]
fn python_functions_compute_what_the_evaluator_does() {
    if !have("python3") {
        return;
    }
    for (texts, vars) in [(ONE, &["n"][..]), (TWO, &["a", "b"][..])] {
        let program = python_program(texts, vars);
        let run = Command::new("python3")
            .arg("-c")
            .arg(&program)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}\n{program}",
            String::from_utf8_lossy(&run.stderr)
        );
        compare(texts, vars, &String::from_utf8_lossy(&run.stdout));
    }
}
