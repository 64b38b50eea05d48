//! The C++ and Python functions that `formula::print` writes compute what the evaluator does:
//! each formula is printed both ways, compiled (`g++ -std=c++17`) or run (`python3`) on
//! n = 0..=200 (or a 21x21 grid for two variables), or on positions near 10^18 whose values
//! go past 64 bits on the way, and the output compared with [`Evaluator::eval`]. The positions
//! go to the programs as text, on their standard input. Skipped, with a note, where `g++` or
//! `python3` is missing.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use grundy_pattern::formula::{print, Answer, Formula};

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

/// Formulas over `n` whose intermediate values pass 64 bits at the positions [`large`] gives
/// them, though their values fit: the C++ function computes in `__int128`.
const LARGE_ONE: &[&str] = &[
    "n * n % 1000000007",
    "n ** 2 % 998244353 + 1 ** n + (-1) ** n + 3 ** 40 % n",
    "popcount(n * n)",
    "popcount(n) + ctz(n << 60) + ctz(n * n)",
    "bitlen(n * n) * 1000 + bitlen(n)",
    "log2(n * 3) * 1000 + log2(n)",
    "isqrt(n * n) - n + isqrt(n * n - 1) - n + isqrt(n * n + 2 * n) - n",
    "isqrt(n * n * 2) - n + isqrt(n)",
    "isqrt(170141183460469231731687303715884105727 - n) - 9000000000000000000 + n % 1000",
    "isqrt(85070591730234615865843651857942052864 + n) - n",
    "if(n % 2 == 0, n / 2, G(n / 2))",
    "isfib(n) || isfib(n + 83621143489848422977 - 1000000000000000000)",
    "n / 2 + 100000000000000000000 - 99999999999999999999 + -170141183460469231731687303715884105728 / -(1 << 100)",
    "[100000000000000000000, 7][n % 2] / 1000000 + [6000000000000000000][n % 1] * 3 / 2 - n",
    "3 * 1000000000000 * 1000000000000 % 1000000007 + (1 << 100 >> 40) - n + (-n << 64 >> 70)",
    "min(n * n, n * 1000) / n + max(-n * n, n * 3) / 4 - abs(n - n * 4) / 6",
    "(if(n > 0, 1 << 62, 0) + (1 << 62)) / 4 + [4611686018427387904][n % 1] * 2 - (1 << 63) - n / 2 - (~n & n * n) % 1000",
];

/// Formulas over `a`, `b`, at the positions of [`large`].
const LARGE_TWO: &[&str] = &[
    // Wythoff's P-positions: |a - b| = k and min(a, b) = floor(k * phi).
    "min(a, b) == (abs(a - b) + isqrt(5 * (abs(a - b) * abs(a - b)))) / 2",
    "a * b % 998244353",
    "if(a == 0 || b == 0, a + b, G(b, a % b))",
    "(a ^ b) * 2 / 2 + (a & b) - max(a, b) + min(a, b) / 7",
];

/// Positions with variables near 10^18 (and up to 2^63 - 1), for [`LARGE_ONE`] or
/// [`LARGE_TWO`].
fn large(vars: usize) -> Vec<Vec<i128>> {
    let max = i128::from(i64::MAX);
    if vars == 1 {
        let fib88 = 1100087778366101931; // F(88)
        let mut ns = vec![
            1_000_000_000_000_000_000,
            1_000_000_000_000_000_001,
            999_999_999_999_999_999,
            1 << 60,
            (1 << 62) - 1,
            1 << 62,
            3_037_000_500, // past the root of 2^63
            4_000_000_000_000_000_000,
            max,
            max - 1,
            fib88,
            fib88 + 1,
            420196140727489673, // F(86)
        ];
        ns.extend((1..=20).map(|k| 1_000_000_000_000_000_000 + 12_345_678_901 * k));
        ns.into_iter().map(|n| vec![n]).collect()
    } else {
        let mut ps = Vec::new();
        for k in [
            618_033_988_749_894_848_i128,
            618_033_988_749_894_849,
            1_000_000_000_000_000_000,
            1_999_999_999_999_999_999,
            12_345_678_901_234_567,
        ] {
            // floor(k * phi), exactly.
            let a = (k + isqrt(5 * k * k)) / 2;
            for (a, b) in [
                (a, a + k),
                (a + k, a),
                (a + 1, a + k),
                (a, a + k + 1),
                (a - 1, a + k),
            ] {
                ps.push(vec![a, b]);
            }
        }
        ps.push(vec![1_100_087_778_366_101_931, 679_891_637_638_612_258]); // F(88), F(87)
        ps.push(vec![max, max - 1]);
        ps.push(vec![1_000_000_000_000_000_000, 999_999_999_999_999_999]);
        ps
    }
}

fn isqrt(a: i128) -> i128 {
    grundy_pattern::formula::eval::isqrt(a as u128) as i128
}

/// Positions from 0 to 200, or the 21x21 grid for two variables.
fn small(vars: usize) -> Vec<Vec<i128>> {
    if vars == 1 {
        (0..=200).map(|n| vec![n]).collect()
    } else {
        (0..=20)
            .flat_map(|a| (0..=20).map(move |b| vec![a, b]))
            .collect()
    }
}

/// The program's input, one line `i v...` per formula `i` and position, and what the
/// evaluator says there, one line each (with the formula and position, to report).
fn queries(texts: &[&str], vars: &[&str], positions: &[Vec<i128>]) -> (String, Vec<String>) {
    let mut input = String::new();
    let mut want = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let f = Formula::parse(t, vars).unwrap();
        let mut values = f.evaluator();
        for p in positions {
            let v = values
                .eval(p)
                .unwrap_or_else(|e| panic!("{t} at {p:?}: {e}"));
            if let Answer::Int(x) = v {
                assert!(
                    i64::try_from(x).is_ok(),
                    "{t} at {p:?} is {x}, beyond 64 bits: choose another position"
                );
            }
            let p: Vec<String> = p.iter().map(|v| v.to_string()).collect();
            input.push_str(&format!("{i} {}\n", p.join(" ")));
            want.push(format!("{t} at {}: {v}", p.join(", ")));
        }
    }
    (input, want)
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

/// Runs `program` with `input` on its standard input and compares its lines with `want`.
fn run_and_compare(mut program: Command, input: &str, want: &[String], source: &str) {
    let mut child = program
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let run = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        run.status.success(),
        "{}\n{source}",
        String::from_utf8_lossy(&run.stderr)
    );
    let output = String::from_utf8_lossy(&run.stdout);
    let got: Vec<&str> = output.lines().collect();
    assert_eq!(got.len(), want.len(), "{output}");
    for (want, got) in want.iter().zip(got) {
        let (at, value) = want.rsplit_once(": ").unwrap();
        assert_eq!(got.trim(), value, "{at}");
    }
}

/// A program that reads lines `i v...` (a formula, a position) and prints the value of
/// formula `i` there, one line each.
fn cpp_program(texts: &[&str], vars: &[&str]) -> String {
    let mut src = String::new();
    let mut cases = String::new();
    for (i, t) in texts.iter().enumerate() {
        let f = Formula::parse(t, vars).unwrap();
        src.push_str(&format!("// {t}\n{}\n", print::cpp(&f, &format!("f{i}"))));
        cases.push_str(&format!(
            "        case {i}: std::cout << f{i}({}) << \"\\n\"; break;\n",
            vars.join(", ")
        ));
    }
    format!(
        "#include <iostream>\n{src}\nint main() {{\n    std::cout << std::boolalpha;\n    \
         int i;\n    long long {};\n    while (std::cin >> i{}) {{\n        switch (i) {{\n\
         {cases}        default: return 1;\n        }}\n    }}\n}}\n",
        vars.join(", "),
        vars.iter().map(|v| format!(" >> {v}")).collect::<String>()
    )
}

/// The same program in Python.
fn python_program(texts: &[&str], vars: &[&str]) -> String {
    let mut src = String::from("import sys\n\n\n");
    let mut names = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let f = Formula::parse(t, vars).unwrap();
        src.push_str(&format!(
            "# {t}\n{}\n\n",
            print::python(&f, &format!("f{i}"))
        ));
        names.push(format!("f{i}"));
    }
    src.push_str(&format!(
        "FUNCTIONS = [{}]\nfor line in sys.stdin:\n    i, *position = map(int, line.split())\n    \
         print(str(FUNCTIONS[i](*position)).lower())\n",
        names.join(", ")
    ));
    src
}

/// A set of formulas, their variables and the positions to compare them at.
struct Set {
    texts: &'static [&'static str],
    vars: &'static [&'static str],
    positions: Vec<Vec<i128>>,
}

fn sets() -> Vec<Set> {
    let (one, two): (&[&str], &[&str]) = (&["n"], &["a", "b"]);
    vec![
        Set {
            texts: ONE,
            vars: one,
            positions: small(1),
        },
        Set {
            texts: TWO,
            vars: two,
            positions: small(2),
        },
        Set {
            texts: LARGE_ONE,
            vars: one,
            positions: large(1),
        },
        Set {
            texts: LARGE_TWO,
            vars: two,
            positions: large(2),
        },
    ]
}

#[test]
fn cpp_functions_compute_what_the_evaluator_does() {
    if !have("g++") {
        return;
    }
    for (
        k,
        Set {
            texts,
            vars,
            positions,
        },
    ) in sets().into_iter().enumerate()
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
        let (input, want) = queries(texts, vars, &positions);
        run_and_compare(Command::new(&binary), &input, &want, &program);
    }
}

#[test]
fn python_functions_compute_what_the_evaluator_does() {
    if !have("python3") {
        return;
    }
    for Set {
        texts,
        vars,
        positions,
    } in sets()
    {
        let program = python_program(texts, vars);
        let (input, want) = queries(texts, vars, &positions);
        let mut python = Command::new("python3");
        python.arg("-c").arg(&program);
        run_and_compare(python, &input, &want, &program);
    }
}

/// Literals beyond `long long` are printed as `__int128` expressions, and arithmetic on
/// literals alone is done in `__int128`.
#[test]
fn cpp_literals_beyond_long_long() {
    let code = |text: &str| print::cpp(&Formula::parse(text, &["n"]).unwrap(), "f");
    assert!(code("n + 100000000000000000000")
        .contains("(long long)(n + (((__int128)5 << 64) | 7766279631452241920ULL))"));
    assert!(code("n - 18446744073709551615").contains("n - ((__int128)18446744073709551615ULL)"));
    assert!(code("n + -170141183460469231731687303715884105728")
        .contains("n + (-((__int128)1 << 126) * 2)"));
    assert!(code("n + 3 * 1000000 * 1000000").contains("n + (__int128)3 * 1000000 * 1000000"));
    assert!(code("1 << n % 100").contains("return (long long)((__int128)1 << (n % 100));"));
    assert!(code("[1, 2][n % 2]").contains("static const long long f_t0[] = {1, 2};"));
    assert!(code("[1, 2][n % 2]").contains("return f_t0[(long long)(n % 2)];"));
    assert!(code("[1, 36893488147419103232][n % 2]")
        .contains("static const __int128 f_t0[] = {1, ((__int128)2 << 64)};"));
}
