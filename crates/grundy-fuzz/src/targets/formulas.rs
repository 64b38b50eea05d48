//! `grundy check --formula` expressions, generated and mutated.

use super::*;

const FORMULA_SEEDS: &[&str] = &[
    "n % 3",
    "n",
    "n + 1",
    "10 / n",
    "if(n % 4 == 3, n + 1, n)",
    "if(n % 4 == 0, n - 1, if(n % 4 == 3, n + 1, n))",
    "a ^ b",
    "(a ^ b) == 0",
    "x % 3",
    "(x + y) % 2",
    "if(x*y == 0, 0, (x*y + 1) % 2)",
    "min(a, b) == max(a, b)",
    "n % 5 == 0 || n % 5 == 2",
    "not n % 2 == 0 and n > 1",
    "!(n % 2 == 0)",
    "2 ** n",
    "-2 ** n % 7",
    "n & 1 == 0",
    "(n & 1) == 0",
    "popcount(n) % 2 == 1",
    "ctz(n + 1) + bitlen(n) - log2(n + 1)",
    "isqrt(n) + isfib(n)",
    "[4, 1, 2, 8][n % 4]",
    "[0x1f, 0b101, -3][n % 3]",
    "if(n % 2 == 0, n / 2, G(n / 2))",
    "if(a == 0 || b == 0, a + b, G(b, a % b))",
    "G(n)",
    "n > 3 ? n << 2 : ~n >> 1",
    "1 << n",
    "n * n * n * n * n * n * n * n",
    "math::pow(2, n)",
    "n = 3",
];

const FORMULA_GAMES: &[&str] = &[
    "0.77",
    "sub:1,3,4",
    "lasker",
    "wythoff",
    "nim",
    "bash:3",
    "hyper-knights",
    "0.07",
    "chomp",
    "euclid",
    "staircase",
];

fn formula(rng: &mut Rng, depth: usize) -> String {
    if depth == 0 || rng.one_in(3) {
        return match rng.below(7) {
            0 | 1 => rng
                .pick(&["n", "a", "b", "x", "y", "true", "false"])
                .to_string(),
            2 => format!("{}.5", rng.below(3)),
            3 => format!("0x{:x}", rng.below(1000)),
            _ => rng.number(),
        };
    }
    let (l, r) = (formula(rng, depth - 1), formula(rng, depth - 1));
    match rng.below(9) {
        0 => format!("if({l}, {r}, {})", formula(rng, depth - 1)),
        1 => format!("({l} ? {r} : {})", formula(rng, depth - 1)),
        2 => format!("{}({l}, {r})", rng.pick(&["min", "max", "G"])),
        3 => format!(
            "{}({l})",
            rng.pick(&["abs", "popcount", "ctz", "bitlen", "log2", "isqrt", "isfib", "G"])
        ),
        4 => format!("{}({l})", rng.pick(&["!", "-", "~", "not "])),
        5 => format!("[{}, {}][{l}]", rng.number(), rng.below(10)),
        _ => format!(
            "({l} {} {r})",
            rng.pick(&[
                "+", "-", "*", "/", "%", "**", "^", "&", "|", "<<", ">>", "==", "!=", "<", "<=",
                ">", ">=", "&&", "||", "and", "or",
            ])
        ),
    }
}

pub(super) fn formulas(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let corpus: Vec<Vec<u8>> = FORMULA_SEEDS
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
    let f = if rng.one_in(2) {
        {
            let depth = 1 + rng.below(4);
            formula(rng, depth)
        }
    } else {
        {
            let seed = rng.clone_pick(FORMULA_SEEDS);
            mutate_text(rng, seed, &corpus, 400)
        }
    };
    let game = *rng.pick(FORMULA_GAMES);
    let mut args = vec!["check".to_string(), "--formula".into(), f];
    if rng.below(3) != 0 {
        args.push("--upto".into());
        args.push(match rng.below(4) {
            0 => format!("{}x{}", rng.below(12), rng.below(12)),
            1 if rng.one_in(4) => rng.number(),
            _ => rng.below(40).to_string(),
        });
    }
    if rng.one_in(4) {
        args.extend(["--from".into(), rng.below(20).to_string()]);
    }
    if rng.one_in(3) {
        args.push("--outcome".into());
    }
    if rng.one_in(3) {
        args.push("--json".into());
    }
    // Every position of Chomp is a search of its own: 15x15 (the default) takes minutes, with a
    // bar on a terminal, so it gets a small range.
    if game == "chomp" {
        if let Some(i) = args.iter().position(|a| a == "--upto") {
            args.drain(i..i + 2);
        }
        args.extend([
            "--upto".into(),
            format!("{}x{}", rng.below(6), rng.below(6)),
        ]);
    }
    args.push(game.into());
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin: vec![],
        files: vec![],
    };
    o.run_binary(cx, &run);
    o
}
