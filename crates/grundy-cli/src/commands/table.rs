//! `grundy table`: values of many positions at once.
//!
//! Graph and board games are tabulated by [`super::board_table`]; heap games come with their own
//! table (issue 3), dispatched here.

use crate::commands::board_table;
use crate::failure::Failure;
use crate::words;

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: graphs {game, vertices, edges, acyclic, table: [{vertex, value, outcome,
    /// remoteness}]}; boards {game, upto, rows, outcomes} with rows[y][x].
    #[arg(long)]
    json: bool,
    /// How far: `N` for a graph (vertices 1..=N), `XxY` for a board (0 <= x <= X, 0 <= y <= Y).
    #[arg(long)]
    upto: Option<String>,
    /// The game, e.g. `graph:g.txt` or `hyper-knights`.
    #[arg(required = true, allow_negative_numbers = true, value_name = "GAME")]
    spec: Vec<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let words = words::expand(&args.spec)?;
    if board_table::handles(&words) {
        return board_table::run(&words, args.upto.as_deref(), args.json);
    }
    Err(Failure::Input(format!(
        "argument 1 ('{}'): grundy table knows graph:FILE, hyper-knights and movers: games here",
        args.spec[0]
    )))
}
