//! `grundy`: decide impartial games from the command line.
//!
//! Each subcommand lives in its own module under `commands/`; this file only parses the command
//! line and turns failures into exit codes: 2 for bad input (with the offending argument named),
//! 1 for a computation that could not finish.

mod commands;
mod failure;
mod words;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Decide impartial combinatorial games: who wins, which moves win, and why.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins a position, its Grundy value, and every winning move.
    Solve(commands::solve::Args),
    /// List every game grundy knows, with its syntax, rules and an example.
    Games(commands::games::Args),
    /// The values G(0..N) of a heap game as a grid, JSON or CSV, with its period.
    Table(commands::table::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Games(args) => commands::games::run(args),
        Command::Table(args) => commands::table::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("grundy: error: {failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}
