//! `grundy explain GAME POSITION`: the working behind the answer, as the tutorials teach it —
//! a game's options with their values and the mex, or a sum's values in binary, their XOR and
//! the winning move found from its highest bit ([`grundy_front::explain`] does the work).

use std::io::{BufWriter, Write};

use grundy_front::explain::{explain, tree, ExplainError};
use grundy_front::session::Session;
use grundy_front::verdict::Convention;
use grundy_registry::spec::Word;

use crate::failure::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// The position: a game and its position (0.77 10, nim 3 4 5), or a sum with `+`
    /// (nim 3 + bash:3 7).
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    /// Print one JSON object (see schema/grundy.schema.json, `explain`).
    #[arg(long)]
    json: bool,
    /// Misère play (the last player to move loses): the rule that decides (the
    /// Sprague–Grundy–Jones theorem with Bouton's misère Nim, a misère quotient, a search).
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// Every-SG (move in every game not finished): each game's step count, the largest deciding.
    #[arg(long)]
    every: bool,
    /// Also the game tree to depth K (1 to 4; at most 8 moves under a position), each position
    /// with its value and class.
    #[arg(long, value_name = "K", conflicts_with_all = ["misere", "every"])]
    depth: Option<usize>,
    /// Draw the tree (--depth) as an SVG picture in FILE, the P-positions filled.
    #[arg(long, value_name = "FILE", requires = "depth")]
    svg: Option<std::path::PathBuf>,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let words = Word::from_args(&args.words);
    let convention = Convention::from_switches(args.misere, args.every);
    let e = explain(
        &session.games,
        &words,
        convention,
        session.limits(),
        args.depth,
    )
    .map_err(|e| match e {
        ExplainError::Spec(e) => Failure::from(e),
        ExplainError::Solve(e) => Failure::from(e),
        other => Failure::Input(other.to_string()),
    })?;
    if let (Some(path), Some(root)) = (&args.svg, &e.tree) {
        std::fs::write(path, tree::svg(root))
            .map_err(|err| Failure::Compute(format!("--svg ('{}'): {err}", path.display())))?;
    }
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    if args.json {
        serde_json::to_writer(&mut out, &e).map_err(|e| Failure::Compute(e.to_string()))?;
        writeln!(out)?;
    } else {
        writeln!(out, "Position: {}", e.position)?;
        for line in &e.lines {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(())
}
