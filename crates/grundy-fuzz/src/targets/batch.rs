//! `grundy solve GAME --batch` lines.

use super::*;

const BATCH_GAMES: &[&str] = &[
    "nim",
    "bash:3",
    "sub:1,3,4",
    "0.77",
    "wythoff",
    "poker-nim:2",
    "staircase",
    "graph:1-2,2-3,3-1",
    "grundys-game",
    "euclid",
    "chomp",
    "fibonacci-nim",
    "lasker",
    "northcott",
];

pub(super) fn batch(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let game = *rng.pick(BATCH_GAMES);
    let mut lines = String::new();
    for _ in 0..1 + rng.below(20) {
        let words: Vec<String> = (0..rng.below(6))
            .map(|_| match rng.below(5) {
                0 => format!("{},{}", rng.below(9), rng.below(9)),
                1 => rng.number(),
                _ => rng.below(20).to_string(),
            })
            .collect();
        lines.push_str(&words.join(" "));
        lines.push_str(if rng.one_in(10) { "\r\n" } else { "\n" });
    }
    let mut stdin = lines.into_bytes();
    if rng.below(3) != 0 {
        mutate(rng, &mut stdin, &[], 8192);
    }
    let mut args = vec!["solve".to_string()];
    if rng.one_in(2) {
        args.push("--json".into());
    }
    if rng.one_in(5) {
        args.push(rng.pick(&["--misere", "--every"]).to_string());
    }
    args.push(game.into());
    args.push("--batch".into());
    if rng.one_in(10) {
        args.push(rng.number());
    }
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin,
        files: vec![],
    };
    o.run_binary(cx, &run);
    o
}
