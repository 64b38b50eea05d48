//! `grundy problem ID` inputs, from every problem's sample inputs.

use super::*;

pub(super) fn problems(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let samples = read_dir_files(&cx.root.join("crates/grundy-cli/tests/problems"), "in");
    let ids: Vec<String> = samples
        .iter()
        .filter_map(|(p, _)| p.parent()?.file_name()?.to_str().map(String::from))
        .collect();
    let corpus: Vec<Vec<u8>> = samples.iter().map(|(_, b)| b.clone()).collect();
    let i = rng.below(ids.len());
    let id = ids[i].clone();
    let stdin = if rng.one_in(4) {
        // Lines of numbers, the shape of every input.
        let mut s = String::new();
        for _ in 0..1 + rng.below(8) {
            let line: Vec<String> = (0..1 + rng.below(4)).map(|_| rng.number()).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s.into_bytes()
    } else {
        let mut b = corpus[i].clone();
        mutate(rng, &mut b, &corpus, 4096);
        b
    };
    let id = if rng.one_in(30) {
        mutate_text(rng, &id, &[], 40)
    } else {
        id
    };
    let run = Run {
        args: cx.args(&["problem", &id]),
        stdin,
        files: vec![],
    };
    o.run_binary(cx, &run);
    o
}
