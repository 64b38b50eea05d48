//! Table checkpoints, written as a forger would (the format of version 2, whose checksum anyone
//! can compute) and then damaged or forged: `--resume` must refuse them (none is sealed with the
//! user's key), and `--resume --import` must refuse them or give the fresh table.

use super::*;

fn checkpoint_file(
    game: &str,
    values: &[u32],
    count: Option<String>,
    max: Option<String>,
) -> (Vec<u8>, Vec<u8>) {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let header = format!(
        "grundy-table-checkpoint 2\ngame {game}\nvalues {}\nmax {}\nchecksum {:016x}\n",
        count.unwrap_or_else(|| values.len().to_string()),
        max.unwrap_or_else(|| values.iter().copied().max().unwrap_or(0).to_string()),
        grundy_core::checksum::checkpoint_checksum(&data)
    );
    (header.into_bytes(), data)
}

const TABLE_GAMES: &[&str] = &[
    "0.6",
    "0.77",
    "0.137",
    "4.07",
    "sub:1,3,4",
    "lasker",
    "grundys-game",
    "0.007",
];

/// `grundy table GAME --upto N --json`, computed once.
fn fresh_table(cx: &mut Context, game: &str, upto: u64) -> Vec<u8> {
    let key = (game.to_string(), upto);
    if let Some(t) = cx.tables.get(&key) {
        return t.clone();
    }
    let run = Run {
        args: cx.args(&["table", game, "--upto", &upto.to_string(), "--json"]),
        stdin: vec![],
        files: vec![],
    };
    let e = cx.grundy.run(&run);
    assert_eq!(e.code, Some(0), "the fresh table of {game} is computed");
    cx.tables.insert(key, e.stdout.clone());
    e.stdout
}

fn table_values(json: &[u8]) -> Vec<u32> {
    let v: serde_json::Value = serde_json::from_slice(json).expect("table --json is JSON");
    v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().expect("a value") as u32)
        .collect()
}

pub(super) fn checkpoints(cx: &mut Context, rng: &mut Rng) -> Outcome {
    let mut o = Outcome::default();
    let game = *rng.pick(TABLE_GAMES);
    let full = table_values(&fresh_table(cx, game, 3000));
    let len = match rng.below(4) {
        0 => rng.below(4),
        1 => rng.below(100),
        _ => rng.below(full.len() + 1),
    };
    let kind = rng.below(8);
    // A forged checkpoint (values changed, checksum recomputed) is not sealed: refused, or,
    // imported, every value is computed again.
    let mut values = full[..len].to_vec();
    let mut count = None;
    let mut max = None;
    let mut game_line = game.to_string();
    match kind {
        // Forged: values changed, checksum and max made to match.
        0 | 1 if !values.is_empty() => {
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(values.len());
                values[i] = match rng.below(4) {
                    0 => values[i] ^ 1,
                    1 => values[i].wrapping_add(1),
                    2 => rng.next() as u32,
                    _ => u32::MAX,
                };
            }
        }
        // Another game's values under this game's name.
        2 => {
            let other = *rng.pick(TABLE_GAMES);
            let v = table_values(&fresh_table(cx, other, 3000));
            values = v[..len].to_vec();
        }
        // A header that lies about its numbers.
        3 => {
            if rng.one_in(2) {
                count = Some(rng.number());
            } else {
                max = Some(rng.number());
            }
        }
        4 => game_line = mutate_text(rng, game, &[], 40),
        _ => {}
    }
    let (mut header, mut data) = checkpoint_file(&game_line, &values, count, max);
    match rng.below(6) {
        0 => mutate(rng, &mut header, &[], 600),
        1 => mutate(rng, &mut data, &[], 20000),
        2 => {
            let cut = rng.below(header.len() + data.len() + 1);
            let mut all = header.clone();
            all.extend_from_slice(&data);
            all.truncate(cut);
            header = all;
            data.clear();
        }
        _ => {}
    }
    let mut file = header;
    file.extend_from_slice(&data);
    let path = cx.file("t.ckpt");
    let upto = *rng.pick(&[0u64, 1, 10, 100, 1000, 2999, 3000]);
    let expected = fresh_table(cx, game, upto);
    let mut args = vec![
        "table".to_string(),
        game.into(),
        "--upto".into(),
        upto.to_string(),
        "--json".into(),
        "--resume".into(),
        "--checkpoint".into(),
        path.display().to_string(),
    ];
    let import = rng.one_in(2);
    if import {
        args.push("--import".into());
    }
    args.extend(CAPS.iter().map(|s| s.to_string()));
    let run = Run {
        args,
        stdin: vec![],
        files: vec![(path, file)],
    };
    o.binary += 1;
    let (ended, f) = cx.grundy.check(&run);
    if let Some(f) = f {
        o.findings.push(f);
    } else if ended.code == Some(0) && !import {
        o.findings.push(Finding {
            kind: "unsealed file believed".into(),
            detail: format!("a checkpoint no key sealed resumed a table of {game} --upto {upto}"),
            reproducer: cx.grundy.reproducer(&run),
            files: run.files.clone(),
        });
    } else if ended.code == Some(0) && ended.stdout != expected {
        o.findings.push(Finding {
            kind: "wrong table".into(),
            detail: format!(
                "a resumed table of {game} --upto {upto} differs from the fresh one: {}",
                show(&ended.stdout)
            ),
            reproducer: cx.grundy.reproducer(&run),
            files: run.files.clone(),
        });
    }
    o
}
