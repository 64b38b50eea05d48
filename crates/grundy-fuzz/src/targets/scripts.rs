//! Game scripts (the examples and small ones, mutated) under small caps.

use super::*;

const SMALL_SCRIPTS: &[&str] = &[
    "fn moves(n) { range(n - n / 2, n) }",
    "fn moves(n) { let r = []; for k in 1..=n / 2 { r.push(n - k); } r }",
    "fn moves(p) { [] }",
    "fn moves(p) { [p] }",
    "fn moves(n) { if n > 0 { [n - 1, sum([n - 1, n - 1])] } else { [] } }",
    "fn moves(p) { splits(p) }",
    "fn moves(p) { cuts(p[0], p[1]) }",
    "fn moves(s) { if s.len() > 0 { [s.sub_string(1)] } else { [] } }",
    "fn moves(n) { [n + 1] }",
    "fn canonical(p) { p } fn show(p) { `${p}` } fn moves(n) { range(0, n) }",
    "fn components(p) { p } fn moves(n) { range(0, n) }",
];

pub(super) fn scripts(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let files = read_dir_files(&cx.root.join("examples/games"), "rhai");
    let mut corpus: Vec<Vec<u8>> = files.iter().map(|(_, b)| b.clone()).collect();
    corpus.extend(SMALL_SCRIPTS.iter().map(|s| s.as_bytes().to_vec()));
    let mut text = rng.pick(&corpus).clone();
    if rng.below(5) != 0 {
        mutate(rng, &mut text, &corpus, 8192);
    }
    let path = cx.file("s.rhai");
    let inline = rng.one_in(5) && !text.contains(&b'\n') && text.len() < 300;
    let spec = if inline {
        format!("script:{{{}}}", String::from_utf8_lossy(&text))
    } else {
        format!("script:{}", path.display())
    };
    let position = |rng: &mut Rng| -> String {
        match rng.below(8) {
            0 => format!("{},{}", rng.below(9), rng.below(9)),
            1 => format!("[{},{}]", rng.below(9), rng.below(9)),
            2 => "\"abc\"".into(),
            3 => rng.number(),
            4 => format!("{},{},{}", rng.below(5), rng.below(5), rng.below(5)),
            _ => rng.below(30).to_string(),
        }
    };
    let mut args: Vec<String> = Vec::new();
    match rng.below(6) {
        0 => {
            args.extend(["table".into(), spec, "--upto".into()]);
            args.push(if rng.one_in(2) {
                rng.below(60).to_string()
            } else {
                format!("{}x{}", rng.below(8), rng.below(8))
            });
        }
        1 => {
            args.extend(["play".into(), spec, position(rng)]);
        }
        _ => {
            args.push("solve".into());
            if rng.one_in(4) {
                args.push(rng.pick(&["--json", "--misere", "--every"]).to_string());
            }
            args.push(spec);
            for _ in 0..1 + rng.below(3) {
                args.push(position(rng));
            }
            if rng.one_in(6) {
                args.extend(["+".into(), "nim".into(), "3".into()]);
            }
        }
    }
    let mut all = cx.args(&[]);
    all.splice(0..0, args);
    let run = Run {
        args: all,
        stdin: b"1\n".to_vec(),
        files: if inline { vec![] } else { vec![(path, text)] },
    };
    o.run_binary(cx, &run);
    o
}
