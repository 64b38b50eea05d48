//! Game specs and positions: the registry in process, and solve/table/play/check of the binary.

use super::*;

/// A sum of components from the registry's examples and names, mutated.
fn spec_words(cx: &Context, rng: &mut Rng) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for i in 0..1 + usize::from(rng.one_in(4)) + usize::from(rng.one_in(8)) {
        if i > 0 {
            words.push("+".into());
        }
        if rng.one_in(3) {
            // A name with made-up parameters and a made-up position.
            let name = rng.pick(&cx.names).clone();
            let mut w = name;
            if rng.one_in(2) {
                let params: Vec<String> = (0..1 + rng.below(4)).map(|_| rng.number()).collect();
                let sep = *rng.pick(&[",", "x", "/", "@", ",", "-"]);
                w = format!("{w}:{}", params.join(sep));
            }
            words.push(w);
            for _ in 0..rng.below(5) {
                words.push(match rng.below(6) {
                    0 => format!("{},{}", rng.number(), rng.number()),
                    1 => format!("{}x{}", rng.number(), rng.number()),
                    _ => rng.number(),
                });
            }
        } else {
            words.extend(rng.pick(&cx.examples).iter().cloned());
        }
    }
    if rng.below(4) != 0 {
        let others: Vec<Vec<u8>> = vec![rng.pick(&cx.examples).join(" ").into_bytes()];
        mutate_words(rng, &mut words, &others, 64);
    }
    words
}

/// A word the library may read from standard input or from a device: such words go only to the
/// binary, whose standard input is the case's.
fn reads_outside(words: &[String]) -> bool {
    words
        .iter()
        .any(|w| w == "-" || w.contains(":-") || w.contains("/dev") || w.contains("/proc"))
}

/// Whether `word` holds a run of more than three digits.
fn has_large_number(word: &str) -> bool {
    let mut run = 0;
    for c in word.chars() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        if run > 3 {
            return true;
        }
    }
    false
}

pub(super) fn specs(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    // Many parses in this process for each run of the binary.
    for _ in 0..16 {
        let words = spec_words(cx, rng);
        // In this process only what cannot run long: a heap game tabulates up to its largest
        // heap when it is built (seconds to minutes past 10^4 for some codes, with no way to stop
        // it), so large numbers go to the binary alone, which has a timeout.
        if reads_outside(&words)
            || words.iter().any(|w| w.starts_with("script:"))
            || words.iter().any(|w| has_large_number(w))
        {
            continue;
        }
        o.in_process += 1;
        let repro = || {
            format!(
                "registry::standard().build_sum(&Word::from_args(&[{}]))",
                words
                    .iter()
                    .map(|w| format!("{w:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        if let Some(f) = in_process(repro, || {
            let _ = super::games().build_sum(&Word::from_args(&words));
        }) {
            o.findings.push(f);
        }
    }
    let words = spec_words(cx, rng);
    let command = *rng.pick(&["solve", "solve", "solve", "table", "play", "check"]);
    let mut args: Vec<String> = vec![command.to_string()];
    let mut stdin = Vec::new();
    match command {
        "solve" => {
            for flag in ["--json", "--misere", "--every"] {
                if rng.one_in(4) {
                    args.push(flag.into());
                }
            }
            if rng.one_in(4) {
                args.push("--limit".into());
                args.push(rng.below(3).to_string());
            }
            args.extend(words.iter().cloned());
        }
        "table" => {
            args.push(words.first().cloned().unwrap_or_default());
            args.push("--upto".into());
            // Games valued position by position (Wythoff, Chomp) take N^4 for --upto N: a
            // small range keeps them under the timeout.
            args.push(if rng.one_in(2) {
                rng.below(100).to_string()
            } else {
                format!("{}x{}", rng.below(20), rng.below(20))
            });
            if rng.one_in(3) {
                args.push("--period".into());
            }
            if rng.one_in(3) {
                args.push(rng.pick(&["--json", "--csv", "--no-values"]).to_string());
            }
        }
        "play" => {
            args.extend(words.iter().cloned());
            for _ in 0..rng.below(4) {
                let line = match rng.below(4) {
                    0 => rng.number(),
                    1 => format!("{} {}", rng.number(), rng.number()),
                    2 => rng.pick(INTERESTING_TEXT).to_string(),
                    _ => "1".into(),
                };
                stdin.extend_from_slice(line.as_bytes());
                stdin.push(b'\n');
            }
        }
        _ => {
            args.extend([
                "--formula".into(),
                "n % 3".into(),
                "--upto".into(),
                rng.below(50).to_string(),
            ]);
            args.push(words.first().cloned().unwrap_or_default());
        }
    }
    if reads_outside(&words) && stdin.is_empty() {
        stdin = format!("{} {}\n", rng.number(), rng.number()).into_bytes();
    }
    let run = Run {
        args: {
            let mut a = cx.args(&[]);
            a.splice(0..0, args);
            a
        },
        stdin,
        files: vec![],
    };
    o.run_binary(cx, &run);
    o
}
