//! Graph edge files and Hackenbush drawings: their parsers in process, and the binary on the files.

use super::*;

fn edge_file(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    if rng.one_in(3) {
        let n = if rng.one_in(8) {
            rng.number().parse::<u64>().unwrap_or(5)
        } else {
            rng.below(12) as u64
        };
        let m = rng.below(16);
        let mut s = String::new();
        if rng.one_in(10) {
            s.push('\u{feff}');
        }
        if rng.one_in(4) {
            s.push_str("# a comment\n\n");
        }
        let declared = if rng.one_in(6) {
            rng.number()
        } else {
            m.to_string()
        };
        s.push_str(&format!("{n} {declared}\n"));
        let bound = n.clamp(1, 12) as usize;
        for _ in 0..m {
            let (u, v) = (
                {
                    let extra = usize::from(rng.one_in(10));
                    1 + rng.below(bound + extra)
                },
                1 + rng.below(bound),
            );
            s.push_str(&format!("{u} {v}"));
            if rng.one_in(6) {
                s.push_str(" # edge");
            }
            s.push_str(if rng.one_in(8) { "\r\n" } else { "\n" });
        }
        s.into_bytes()
    } else {
        let mut b = rng.pick(seeds).clone();
        mutate(rng, &mut b, seeds, 4096);
        b
    }
}

pub(super) fn graph_files(cx: &mut Context, rng: &mut Rng, hackenbush: bool) -> Outcome {
    let mut o = Outcome::default();
    let mut seeds: Vec<Vec<u8>> = read_dir_files(&cx.root.join("crates/grundy-games/data"), "txt")
        .into_iter()
        .map(|(_, b)| b)
        .collect();
    seeds.push(b"3 3\n1 2\n2 1\n2 3  # the exit\n".to_vec());
    seeds.push(b"4 5\n1 2\n2 3\n3 1\n1 4\n4 4 # a loop on top\n".to_vec());
    seeds.push(b"6 8\n2 1\n2 4\n1 4\n1 5\n4 5\n1 3\n3 5\n3 6\n".to_vec());
    seeds.push(b"0 0\n".to_vec());
    for _ in 0..16 {
        let file = edge_file(rng, &seeds);
        let text = String::from_utf8_lossy(&file).into_owned();
        o.in_process += 1;
        let repro = || format!("parse of the file {}", show(text.as_bytes()));
        let f = if hackenbush {
            in_process(repro, || {
                if let Ok(d) = Drawing::parse(&text, "fuzz") {
                    // Linear in the drawing: its value, and the cuts to 0 while small.
                    let all = d.all_edges();
                    let v = d.value(&all);
                    if all.len() <= 64 {
                        let _ = d.cuts_to(&all, grundy_core::Nimber(0));
                        let _ = d.connected(&all);
                    }
                    let _ = v;
                }
            })
        } else {
            in_process(repro, || {
                if let Ok(list) = edges::parse_edge_list(&text, "fuzz", EdgeLimits::GRAPH) {
                    if list.vertices <= 1_000_000 {
                        let g = list.graph();
                        let _ = g.acyclic_values();
                        let _ = g.reversed();
                    }
                }
            })
        };
        o.findings.extend(f);
    }
    // The binary: the file given by name, on standard input, or written inline.
    let file = edge_file(rng, &seeds);
    let path = cx.file(if hackenbush { "h.txt" } else { "g.txt" });
    let game = if hackenbush { "hackenbush" } else { "graph" };
    let mut stdin = Vec::new();
    let spec = match rng.below(5) {
        0 => {
            stdin = file.clone();
            format!("{game}:-")
        }
        1 => {
            // Inline: the file's edges as u-v pairs.
            let text = String::from_utf8_lossy(&file);
            let pairs: Vec<String> = text
                .lines()
                .skip(1)
                .filter_map(|l| {
                    let mut it = l.split_whitespace();
                    Some(format!("{}-{}", it.next()?, it.next()?))
                })
                .collect();
            let inline = pairs.join(",");
            format!("{game}:{}", mutate_text(rng, &inline, &[], 300))
        }
        _ => format!("{game}:{}", path.display()),
    };
    let mut args = vec![];
    if !hackenbush && rng.one_in(3) {
        args.extend(["table".to_string(), spec]);
        if rng.one_in(2) {
            args.extend(["--upto".into(), rng.number()]);
        }
        if rng.one_in(2) {
            args.push("--json".into());
        }
    } else {
        args.push("solve".into());
        if rng.one_in(3) {
            args.push("--json".into());
        }
        if rng.one_in(5) {
            args.push(rng.pick(&["--misere", "--every"]).to_string());
        }
        args.push(spec);
        for _ in 0..rng.below(4) {
            args.push(if rng.one_in(3) {
                rng.number()
            } else {
                (1 + rng.below(8)).to_string()
            });
        }
    }
    let mut all = cx.args(&[]);
    all.splice(0..0, args);
    let run = Run {
        args: all,
        stdin,
        files: vec![(path, file)],
    };
    o.run_binary(cx, &run);
    o
}
