//! `grundy problem <id>`: a classic problem's input on stdin, its exact output on stdout.

use std::io::{Read, Write};

use serde::Serialize;

use crate::failure::Failure;
use crate::problems::{self, input::Input};

#[derive(clap::Args)]
pub struct Args {
    /// The problem id (see `grundy problem list`), or `list`.
    id: String,
    /// Print JSON instead of the problem's format: {"problem", "answers": [one string per line]};
    /// with `list`, the problems as [{"id", "summary", "judge"}].
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Listed {
    id: &'static str,
    summary: &'static str,
    judge: &'static str,
}

#[derive(Serialize)]
struct Answers<'a> {
    problem: &'a str,
    answers: Vec<&'a str>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let all = problems::all();
    if args.id == "list" {
        if args.json {
            let listed: Vec<Listed> = all
                .iter()
                .map(|p| Listed {
                    id: p.id,
                    summary: p.summary,
                    judge: p.judge,
                })
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&listed).expect("serializable")
            );
        } else {
            for p in &all {
                outln!("{:<14} {}", p.id, p.summary);
                outln!("{:<14}   judge: {}", "", p.judge);
            }
        }
        return Ok(());
    }
    let Some(problem) = all.iter().find(|p| p.id == args.id) else {
        return Err(Failure::Input(format!(
            "argument 1 ('{}'): unknown problem (see `grundy problem list`)",
            args.id
        )));
    };
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Failure::Input(format!("reading standard input: {e}")))?;
    let mut input = Input::new(&text);
    let mut output = String::new();
    let result = (problem.solve)(&mut input, &mut output);
    // The answers of the cases decided before a malformed one are kept.
    if args.json {
        let answers = Answers {
            problem: problem.id,
            answers: output.lines().collect(),
        };
        outln!("{}", serde_json::to_string(&answers).expect("serializable"));
    } else {
        let mut stdout = crate::out::Stdout::lock();
        stdout.write_all(output.as_bytes())?;
        stdout.flush()?;
    }
    result.map_err(|e| Failure::Input(format!("{}: {e}", problem.id)))
}
