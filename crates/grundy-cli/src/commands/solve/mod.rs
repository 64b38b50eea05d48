//! `grundy solve`: who wins, the Grundy value, and the winning moves.
//!
//! One file a job: this one holds the arguments and the command's course; [`text`] words the
//! verdict, [`conjecture`] is `--formula`/`--guess`, [`batch`] answers a position a line, and
//! [`checkpoints`] keeps a long search across Ctrl-C.

mod batch;
mod checkpoints;
mod conjecture;
mod text;

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use grundy_core::Component;
use grundy_front::report;
use grundy_front::verdict::{verdict, Asked, Convention, Verdict, VerdictError};

use crate::failure::Failure;
use crate::words;
use conjecture::ByFormula;
use grundy_front::session::Session;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("by_formula").args(["formula", "guess"]).multiple(false)))]
pub struct Args {
    /// Print one JSON object: game, position, outcome, grundy, winning_moves, components.
    #[arg(long)]
    json: bool,
    /// List at most this many winning moves (all are counted).
    #[arg(long, default_value_t = 100)]
    limit: usize,
    /// The outcome and Grundy value alone, without looking for the winning moves: for a hard
    /// single game (cram:5x9, chomp:10x14) each winning move is a search of its own. The value
    /// is still computed (--outcome skips it too). With --every: the Every-SG outcome and step
    /// counts alone.
    #[arg(long, conflicts_with_all = ["limit", "misere"])]
    no_moves: bool,
    /// Who wins alone, without the Grundy value: a lone game that is not a sum is decided by a
    /// search that stops at the first winning move it proves (far faster than the value when the
    /// player to move wins), and that move is shown as a winning move (one, not all; they are
    /// not counted). Sums, loopy games and games a theorem decides are valued as with
    /// --no-moves. With --misere: a theorem where one decides (misère Nim, a misère quotient),
    /// else a search of the whole sum that stops at the first winning move, without the
    /// normal-play value.
    #[arg(long, conflicts_with_all = ["limit", "no_moves", "every", "formula", "guess"])]
    outcome: bool,
    /// Misère play: the player who makes the last move loses.
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// Every-SG: move in every component that is not finished; the last player to move wins.
    #[arg(long)]
    every: bool,
    /// Read one position a line from standard input (its words follow the game given here) and
    /// answer each on one line: `OUTCOME GRUNDY COUNT FIRST-MOVE` (COUNT `-` with --no-moves,
    /// --outcome or when the moves are too many to count, `>=N` when the count saturated at
    /// 2^64 - 1; GRUNDY `-` when not computed, as with --outcome), or
    /// with --json one JSON object a line (JSON Lines). A line ends at `\n`, `\r\n` or a lone
    /// `\r`. Blank lines are skipped; an error names its line and stops.
    #[arg(long)]
    batch: bool,
    /// Continue a search interrupted by Ctrl-C or a kill, from its checkpoint (hard single
    /// games: Cram, Chomp past its dense array). A long search saves its table every
    /// --checkpoint-every seconds and when interrupted; the file is removed when the solve
    /// finishes.
    #[arg(long)]
    resume: bool,
    /// The checkpoint file of a long search (default: grundy-search-GAME.ckpt in the current
    /// directory).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// How often a long search saves its checkpoint, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    checkpoint_every: u64,
    /// Value the positions by this formula of the game's values (`check --formula` syntax,
    /// e.g. `if(n % 2 == 0, n / 2, G(n / 2))`), once it holds on the game's table up to
    /// --check-upto: positions of any size (n = 10^18) are answered as fast as the formula
    /// evaluates (a recursion on halves at once; `G(n - 1)` at most 100000 deep), marked
    /// "formula checked to N" (or "proved" where a theorem extends the table). Where the
    /// position has at most 50000 options (counted before any is listed) the formula must be
    /// their mex, and the winning moves are listed; past that the answer says the position
    /// itself was not checked, and why.
    #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["misere", "every", "resume"])]
    formula: Option<String>,
    /// Find the formula with `grundy guess` first (on the table up to --check-upto), then solve
    /// by it as with --formula.
    #[arg(long, conflicts_with_all = ["formula", "misere", "every", "resume"])]
    guess: bool,
    /// How far --formula or --guess checks the formula on the game's table: `N`, or `XxY` for
    /// two-number games (default 4095, or 64x64).
    #[arg(long, value_name = "N", requires = "by_formula")]
    check_upto: Option<String>,
    /// The game and its position, e.g. `nim 3 4 5`; join games with `+`
    /// (`nim 3 4 + bash:3 7`); `-` reads the position's numbers from standard input.
    #[arg(
        required = true,
        allow_negative_numbers = true,
        value_name = "GAME POSITION"
    )]
    spec: Vec<String>,
}

/// The verdict ([`verdict`]); `unlisted` skips the winning moves (positions valued by a formula
/// whose options are too many to list).
fn decide(
    args: &Args,
    session: &Session,
    components: &mut [Box<dyn Component>],
    limit: usize,
    unlisted: bool,
) -> Result<Verdict, Failure> {
    let convention = Convention::from_switches(args.misere, args.every);
    let asked = Asked {
        outcome_only: args.outcome,
        moves: !(args.no_moves || unlisted),
        limit,
    };
    let verdict = verdict(components, convention, asked, session.limits());
    crate::progress::finish();
    verdict.map_err(|e| match e {
        VerdictError::Refused(r) => Failure::Input(r.to_string()),
        VerdictError::Solve(e) => e.into(),
    })
}

/// The verdict as one JSON object (no newline), straight to `out`: the position of a big sum is
/// never held as text. The shape is built in one place for every front end ([`report`]).
fn write_json(
    out: &mut impl Write,
    components: &[Box<dyn Component>],
    verdict: &Verdict,
    line: Option<usize>,
) -> Result<(), Failure> {
    report::write(out, components, verdict, line)
        .map_err(|e| Failure::Compute(format!("writing standard output: {e}")))
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let checkpointed = checkpoints::checkpointed(&args, session)?;
    let session = checkpointed.as_ref().unwrap_or(session);
    let by_formula = ByFormula::resolve(&args, session)?;
    if args.batch {
        return batch::batch(&args, session, by_formula.as_ref());
    }
    let words = words::expand(&args.spec)?;
    let mut components = session.games.build_sum(&words)?;
    // A million heaps read from stdin are a million words: let them go before solving.
    drop(words);
    let mut unlisted = false;
    let mut checks = None;
    if let Some(f) = &by_formula {
        let wrapped = f.wrap(components)?;
        (components, unlisted) = (wrapped.components, wrapped.unlisted);
        checks = Some(wrapped.checks);
    }
    let verdict = decide(&args, session, &mut components, args.limit, unlisted)?;
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    if args.json {
        match (&by_formula, &checks) {
            (Some(f), Some(c)) => f.write_json(&mut out, &components, &verdict, None, c)?,
            _ => write_json(&mut out, &components, &verdict, None)?,
        }
        out.write_all(b"\n")?;
    } else {
        out.write_all(
            text::write_text(&components, &verdict, unlisted && !args.no_moves).as_bytes(),
        )?;
        if let (Some(f), Some(c)) = (&by_formula, &checks) {
            out.write_all(f.text(c).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}
