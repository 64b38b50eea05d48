//! `grundy solve`: who wins, the Grundy value, and the winning moves.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use grundy_core::component::COUNT_SATURATED;
use grundy_core::every::EveryAnalysis;
use grundy_core::misere::{MisereAnalysis, MisereMethod};
use grundy_core::search::checkpoint::{self, Checkpointing};
use grundy_core::{Analysis, Component, Outcome};
use grundy_front::by_formula::FormulaComponent;
use grundy_front::guess;
use grundy_front::verdict::{verdict, Asked, Convention, Verdict, VerdictError};
use grundy_front::{registry, report};
use grundy_games::spec::Word;
use grundy_pattern::formula::Formula;
use serde_json::Value as Json;

use crate::commands::game_values;
use crate::failure::Failure;
use crate::words;

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
    /// --no-moves.
    #[arg(long, conflicts_with_all = ["limit", "no_moves", "misere", "every", "formula", "guess"])]
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
    /// options can be listed (up to 2^20 tokens) the formula must be their mex, and the winning
    /// moves are listed.
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
    components: &mut [Box<dyn Component>],
    limit: usize,
    unlisted: bool,
) -> Result<Verdict, Failure> {
    let convention = if args.misere {
        Convention::Misere
    } else if args.every {
        Convention::Every
    } else {
        Convention::Normal
    };
    let asked = Asked {
        outcome_only: args.outcome,
        moves: !(args.no_moves || unlisted),
        limit,
    };
    let verdict = verdict(components, convention, asked);
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

/// The verdict in words, as `grundy solve` prints it.
/// `unlisted`: the winning moves were not looked for because the options are too many to list
/// (positions valued by a formula), not because of --no-moves.
fn write_text(components: &[Box<dyn Component>], verdict: &Verdict, unlisted: bool) -> String {
    match verdict {
        Verdict::Normal(a) => plain(components, a, unlisted),
        Verdict::Misere(a) => misere_text(components, a),
        Verdict::Every(a) => every_text(components, a),
    }
}

fn misere_text(components: &[Box<dyn Component>], a: &MisereAnalysis) -> String {
    let mut s = position_line(components);
    s += &match a.method {
        MisereMethod::Sj => "Convention: misère (the last player to move loses), decided by the Sprague–Grundy–Jones theorem.\n".to_string(),
        MisereMethod::Search => "Convention: misère (the last player to move loses), decided by searching the whole sum.\n".to_string(),
        MisereMethod::Quotient => {
            let q = a.quotient.expect("a quotient verdict names its quotient");
            format!(
                "Convention: misère (the last player to move loses), decided by the game's misère quotient (order {}, {} P elements; proved {}).\n",
                q.order,
                q.p_portion,
                match q.proved_upto {
                    None => "for every heap by the periodicity theorem".to_string(),
                    Some(n) => format!("for heaps up to {n}"),
                }
            )
        }
    };
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    if let Some(g) = a.grundy {
        s += &format!("Normal-play Grundy value: {} ({g})\n", g.0);
    }
    if a.outcome == Outcome::D {
        s += &format!("Moves that keep the draw ({}):\n", a.drawing_moves.len());
        for m in &a.drawing_moves {
            s += &format!("  {}\n", m.description);
        }
    } else {
        moves_lines(
            &mut s,
            a.outcome,
            a.winning_moves.iter().map(|m| m.description.as_str()),
            a.winning_moves_total,
        );
    }
    s
}

fn every_text(components: &[Box<dyn Component>], a: &EveryAnalysis) -> String {
    let mut s = position_line(components);
    s += "Convention: Every-SG (move in every component that is not finished; the last player to move wins).\n";
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    if let Some(r) = &a.steps {
        s += "Step counts (the largest decides: odd wins for the player to move):\n";
        for (c, r) in components.iter().zip(r) {
            s += &format!("  {} {}: {r}\n", c.game(), show_position(&c.position()));
        }
    }
    if a.outcome == Outcome::N && !a.moves_searched {
        s += "Winning moves: not looked for (--no-moves).\n";
        return s;
    }
    moves_lines(
        &mut s,
        a.outcome,
        a.winning_moves.iter().map(|m| m.description.as_str()),
        a.winning_moves_total,
    );
    s
}

fn position_line(components: &[Box<dyn Component>]) -> String {
    let parts: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.game(), show_position(&c.position())))
        .collect();
    format!("Position: {}\n", parts.join(" + "))
}

fn moves_lines<'m>(
    s: &mut String,
    outcome: Outcome,
    moves: impl ExactSizeIterator<Item = &'m str>,
    total: usize,
) {
    if outcome != Outcome::N {
        *s += "Every move loses against perfect play.\n";
        return;
    }
    if total == 0 {
        *s += "No move is left: the opponent made the last move and lost.\n";
        return;
    }
    listed_moves(s, moves, total);
}

/// `Winning moves (N):` and the moves listed; a saturated count ([`COUNT_SATURATED`]) is said
/// to be a bound, `at least N`.
fn listed_moves<'m>(s: &mut String, moves: impl ExactSizeIterator<Item = &'m str>, total: usize) {
    let listed = moves.len();
    let bound = total == COUNT_SATURATED;
    let at_least = if bound { "at least " } else { "" };
    *s += &format!("Winning moves ({at_least}{total}):\n");
    for m in moves {
        *s += &format!("  {m}\n");
    }
    if bound {
        *s += &format!(
            "  … and at least {} more (too many to count exactly)\n",
            total - listed
        );
    } else if total > listed {
        *s += &format!(
            "  … and {} more (raise --limit to list them)\n",
            total - listed
        );
    }
}

/// Where the searches of this solve keep their checkpoint: the file must be whole to resume
/// from; Ctrl-C saves every search's table there before the process ends, and the values of each
/// script's line in the `--cache` file, as an interrupted table keeps them.
fn set_checkpoints(args: &Args) -> Result<(), Failure> {
    let path = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| super::checkpoint_file("search", &args.spec[0]));
    if args.resume {
        if !path.exists() {
            return Err(Failure::Input(format!(
                "--resume: there is no checkpoint {} to resume from (give its file with \
                 --checkpoint)",
                path.display()
            )));
        }
        checkpoint::check(&path)
            .map_err(|e| Failure::Input(format!("{e}; delete it to start again")))?;
    }
    checkpoint::set_checkpointing(Some(Checkpointing {
        path,
        resume: args.resume,
        every: Duration::from_secs(args.checkpoint_every),
    }));
    // Without a handler Ctrl-C just ends the process; the periodic checkpoint still exists.
    let _ = ctrlc::set_handler(|| {
        for (path, saved) in checkpoint::save_live() {
            match saved {
                Ok(()) => eprintln!(
                    "grundy: interrupted; the search is saved in {}: run the same command with \
                     --resume to go on",
                    path.display()
                ),
                Err(e) => eprintln!(
                    "grundy: interrupted; could not save the search in {}: {e}",
                    path.display()
                ),
            }
        }
        // The search goes on in the main thread meanwhile; the line it may be extending stops at
        // the end of its block and lets go of its lock, which the cache's writer waits for.
        grundy_script::stop_lines();
        if let Err(failure) = crate::save_cache(Ok(())) {
            crate::out::error_line(format_args!("{failure}"));
        }
        std::process::exit(130);
    });
    Ok(())
}

pub fn run(args: Args) -> Result<(), Failure> {
    set_checkpoints(&args)?;
    let by_formula = ByFormula::resolve(&args)?;
    if args.batch {
        return batch(&args, by_formula.as_ref());
    }
    let words = words::expand(&args.spec)?;
    let mut components = registry::build_sum(&words)?;
    // A million heaps read from stdin are a million words: let them go before solving.
    drop(words);
    let mut unlisted = false;
    if let Some(f) = &by_formula {
        (components, unlisted) = f.wrap(components)?;
    }
    let verdict = decide(&args, &mut components, args.limit, unlisted)?;
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    if args.json {
        match &by_formula {
            Some(f) => f.write_json(&mut out, &components, &verdict, None)?,
            None => write_json(&mut out, &components, &verdict, None)?,
        }
        out.write_all(b"\n")?;
    } else {
        out.write_all(write_text(&components, &verdict, unlisted && !args.no_moves).as_bytes())?;
        if let Some(f) = &by_formula {
            out.write_all(f.text_line().as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// `--formula` or `--guess`: the formula, checked on the game's table, and how sure it is.
struct ByFormula {
    formula: Rc<Formula>,
    game: String,
    assessment: guess::Assessment,
}

impl ByFormula {
    fn resolve(args: &Args) -> Result<Option<ByFormula>, Failure> {
        if args.formula.is_none() && !args.guess {
            return Ok(None);
        }
        if let Some(text) = &args.formula {
            // A typo is refused before the table is computed.
            crate::commands::formula::Formula::check_syntax(text)?;
        }
        let words = Word::from_args(&args.spec);
        let game = words
            .first()
            .ok_or_else(|| Failure::Input("give a game and its position".into()))?;
        let values = game_values::compute_with(
            std::slice::from_ref(game),
            args.check_upto.as_deref(),
            crate::commands::guess::DEFAULTS,
        )?;
        let vars = values.variables();
        let text = match &args.formula {
            Some(text) => text.clone(),
            None => {
                // The expression pools within half the memory budget, as `grundy guess` keeps them.
                let settings = guess::Settings::default().within(crate::memory::budget() / 2);
                let report = guess::guess(&values, false, &settings);
                match (report.formula, report.target) {
                    (Some(f), guess::Target::Values) => f,
                    _ => {
                        return Err(Failure::Compute(format!(
                            "--guess: no formula found for the values of {} (every position up \
                             to {} computed; `grundy guess {}` shows the nearest candidates)",
                            game.text, report.checked_upto, game.text
                        )))
                    }
                }
            }
        };
        let formula =
            Formula::parse(&text, &vars).map_err(|e| Failure::Input(format!("--formula, {e}")))?;
        let assessment = guess::assess(&values, &formula).map_err(|near| {
            let at: Vec<String> = near
                .fails_at
                .as_object()
                .map(|m| m.iter().map(|(k, v)| format!("{k} = {v}")).collect())
                .unwrap_or_default();
            Failure::Input(format!(
                "--formula {} fails on the table of {} at {}: it gives {}, the value is {}",
                text,
                game.text,
                at.join(", "),
                if near.actual.is_null() {
                    "nothing".to_string()
                } else {
                    near.actual.to_string()
                },
                near.expected
            ))
        })?;
        Ok(Some(ByFormula {
            formula: Rc::new(formula),
            game: game.text.clone(),
            assessment,
        }))
    }

    /// Each component valued by the formula (all must be positions of the formula's game), and
    /// whether some position has too many options to list its winning moves.
    fn wrap(
        &self,
        components: Vec<Box<dyn Component>>,
    ) -> Result<(Vec<Box<dyn Component>>, bool), Failure> {
        let first = components.first().map(|c| c.game()).unwrap_or_default();
        let mut unlisted = false;
        let wrapped = components
            .into_iter()
            .map(|c| {
                if c.game() != first {
                    return Err(Failure::Input(format!(
                        "--formula values positions of one game ({}); {} is another",
                        self.game,
                        c.game()
                    )));
                }
                let f = FormulaComponent::new(c, self.formula.clone());
                unlisted |= !f.listable();
                Ok(Box::new(f) as Box<dyn Component>)
            })
            .collect::<Result<_, _>>()?;
        Ok((wrapped, unlisted))
    }

    fn text_line(&self) -> String {
        format!(
            "Values by the formula G({}) = {} ({}).\n",
            self.formula.variables().join(", "),
            self.formula.text(),
            self.assessment.words()
        )
    }

    /// The verdict's JSON with the formula and its basis added.
    fn write_json(
        &self,
        out: &mut impl Write,
        components: &[Box<dyn Component>],
        verdict: &Verdict,
        line: Option<usize>,
    ) -> Result<(), Failure> {
        let mut buffer = Vec::new();
        write_json(&mut buffer, components, verdict, line)?;
        let mut json: Json = serde_json::from_slice(&buffer)
            .map_err(|e| Failure::Compute(format!("reading back the verdict: {e}")))?;
        if let Some(object) = json.as_object_mut() {
            object.insert(
                "formula".into(),
                Json::String(self.formula.text().to_string()),
            );
            let (basis, theorem) = self.assessment.basis_and_theorem();
            object.insert("basis".into(), Json::String(basis));
            if let Some(t) = theorem {
                object.insert("theorem".into(), Json::String(t));
            }
        }
        serde_json::to_writer(&mut *out, &json)
            .map_err(|e| Failure::Compute(format!("writing standard output: {e}")))
    }
}

/// `--batch`: the game words of the command line, then each line of standard input as a
/// position, answered on one line each. An error names its line and stops the batch; the answers
/// before it are written (and flushed) first.
fn batch(args: &Args, by_formula: Option<&ByFormula>) -> Result<(), Failure> {
    // `-` or `GAME:-` would read standard input too, where the positions are (and wait on its
    // lock for ever).
    if let Some(i) = args.spec.iter().position(|a| a == "-" || a.ends_with(":-")) {
        return Err(Failure::Input(format!(
            "argument {} ('{}'): --batch reads the positions from standard input, one a line: \
             give the game on the command line (e.g. `grundy solve nim --batch`)",
            i + 1,
            args.spec[i]
        )));
    }
    if let (Some(f), false) = (by_formula, args.json) {
        // The answers are one line each: how sure their values are is said once, here.
        eprint!("grundy: {}", f.text_line());
    }
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    let result = batch_lines(args, by_formula, &mut std::io::stdin().lock(), &mut out);
    out.flush()?;
    result
}

/// The longest line `--batch` reads: a position of about ten million numbers.
const MAX_BATCH_LINE: u64 = 1 << 28;

fn batch_lines(
    args: &Args,
    by_formula: Option<&ByFormula>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game: Vec<Word> = Word::from_args(&args.spec);
    // The text answer shows one move, so only one is listed; --json lists as many as --limit.
    let limit = if args.json {
        args.limit
    } else {
        args.limit.min(1)
    };
    let mut text = Vec::new();
    let mut after_cr = false;
    for number in 1.. {
        text.clear();
        // A line is read up to a bound: an endless line (`< /dev/zero`) must not fill memory.
        let read = read_line(input, MAX_BATCH_LINE, &mut text, &mut after_cr)
            .map_err(|e| Failure::Input(format!("line {number} of standard input: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        if text.len() as u64 > MAX_BATCH_LINE {
            return Err(Failure::Input(format!(
                "line {number} of standard input is longer than {MAX_BATCH_LINE} bytes, the \
                 most one batch line may hold (give a huge position as arguments or with '-')"
            )));
        }
        let at = |f: Failure| match f {
            Failure::Input(m) => Failure::Input(format!("line {number}: {m}")),
            Failure::Compute(m) => Failure::Compute(format!("line {number}: {m}")),
            Failure::Refuted => Failure::Refuted,
        };
        let line = std::str::from_utf8(&text)
            .map_err(|_| Failure::Input(format!("line {number}: not UTF-8 text")))?;
        // A blank line (a trailing one, a separator) is no position: skipped, still counted.
        if line.trim().is_empty() {
            continue;
        }
        if let Some(w) = line
            .split_whitespace()
            .find(|w| *w == "-" || w.ends_with(":-"))
        {
            return Err(Failure::Input(format!(
                "line {number}: '{w}' would read standard input, which holds the batch"
            )));
        }
        let mut words = game.clone();
        words.extend(
            line.split_whitespace()
                .enumerate()
                .map(|(k, w)| Word::new(format!("line {number} item {}", k + 1), w)),
        );
        let mut components = registry::build_sum(&words).map_err(|e| at(e.into()))?;
        let mut unlisted = false;
        if let Some(f) = by_formula {
            (components, unlisted) = f.wrap(components).map_err(at)?;
        }
        let verdict = decide(args, &mut components, limit, unlisted).map_err(at)?;
        if args.json {
            match by_formula {
                Some(f) => f.write_json(out, &components, &verdict, Some(number))?,
                None => write_json(out, &components, &verdict, Some(number))?,
            }
        } else {
            let grundy = verdict
                .grundy()
                .map_or("-".to_string(), |g| g.0.to_string());
            let total = match verdict.total() {
                None => "-".to_string(),
                Some(COUNT_SATURATED) => format!(">={COUNT_SATURATED}"),
                Some(t) => t.to_string(),
            };
            write!(out, "{} {grundy} {total}", verdict.outcome())?;
            if let Some(m) = verdict.first_move() {
                write!(out, " {m}")?;
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Reads one line of `input` into `text`, without its end: a line ends at `\n`, `\r\n` or a
/// lone `\r` (old Mac text), so that no two lines merge into one position. Stops once `text`
/// holds more than `max` bytes. Returns the bytes of the line and its end consumed, 0 at the end
/// of the input. `after_cr` carries between calls whether the last line ended at `\r`: a `\n`
/// first is then the rest of that line end. (Peeking for it at once would wait on a pipe for the
/// next line before answering this one.)
fn read_line(
    input: &mut impl BufRead,
    max: u64,
    text: &mut Vec<u8>,
    after_cr: &mut bool,
) -> std::io::Result<usize> {
    let mut consumed = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if std::mem::take(after_cr) && buf.first() == Some(&b'\n') {
            input.consume(1);
            continue;
        }
        if buf.is_empty() {
            return Ok(consumed);
        }
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                text.extend_from_slice(&buf[..i]);
                *after_cr = buf[i] == b'\r';
                input.consume(i + 1);
                return Ok(consumed + i + 1);
            }
            None => {
                let n = buf.len();
                text.extend_from_slice(buf);
                input.consume(n);
                consumed += n;
                if text.len() as u64 > max {
                    return Ok(consumed);
                }
            }
        }
    }
}

/// A position in words, shortened when it is long ([`grundy_front::position_words::shown`]).
fn show_position(p: &Json) -> String {
    grundy_front::position_words::shown(p)
}

fn plain(components: &[Box<dyn Component>], a: &Analysis, unlisted: bool) -> String {
    let mut s = String::new();
    let parts: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.game(), show_position(&c.position())))
        .collect();
    s += &format!("Position: {}\n", parts.join(" + "));
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    match a.grundy {
        Some(g) => s += &format!("Grundy value: {} ({g})\n", g.0),
        None if a.outcome_search => {
            s += "Grundy value: not computed (--outcome: decided by an outcome-only search, \
                  which stops at the first winning move it proves)\n"
        }
        None if a.values.is_empty() => {
            s += "Grundy value: not computed (only the outcome is known for this position)\n"
        }
        None => s += "Grundy value: infinite (a loopy position)\n",
    }
    for c in components {
        if let Some(parts) = c.part_values() {
            let shown: Vec<String> = parts
                .iter()
                .take(12)
                .map(|(p, v)| format!("{}: {v}", show_position(&Json::Array(vec![p.clone()]))))
                .collect();
            let more = if parts.len() > 12 { ", …" } else { "" };
            s += &format!("Token values: {}{more}\n", shown.join(", "));
        }
    }
    if components.len() > 1 {
        for (c, v) in components.iter().zip(&a.values) {
            s += &format!("  {} {}: {v}\n", c.game(), show_position(&c.position()));
        }
    }
    match a.outcome {
        Outcome::P => s += "Every move loses against perfect play.\n",
        Outcome::N if a.outcome_search => {
            s += "A winning move (the one that settled the search; the others are neither \
                  looked for nor counted):\n";
            for m in &a.winning_moves {
                s += &format!("  {}\n", m.description);
            }
        }
        Outcome::N if !a.moves_searched && unlisted => {
            s += &format!(
                "Winning moves: not looked for (the options of a position of more than {} \
                 tokens are too many to list).\n",
                grundy_front::by_formula::LISTED_UP_TO
            );
        }
        Outcome::N if !a.moves_searched => {
            s += "Winning moves: not looked for (--no-moves).\n";
        }
        Outcome::N => match (a.winning_moves_count(), &a.moves_unlisted) {
            (Some(total), _) => listed_moves(
                &mut s,
                a.winning_moves.iter().map(|m| m.description.as_str()),
                total,
            ),
            // Too many to list or count: the outcome and value above stand.
            (None, why) => {
                s += &format!(
                    "Winning moves: not listed, and how many there are is not known ({}); \
                     --no-moves skips looking for them.\n",
                    why.as_deref().unwrap_or("too many to list")
                );
            }
        },
        Outcome::D => {
            // Only loopy components can list every move with its value; moves in the other
            // components of a drawn sum are not listed (see `Analysis::drawing_moves`).
            s += &format!(
                "Moves in the loopy components that keep the draw ({}):\n",
                a.drawing_moves.len()
            );
            for m in &a.drawing_moves {
                s += &format!("  {}\n", m.description);
            }
        }
    }
    for note in components.iter().filter_map(|c| c.note()) {
        s += &format!("Note: {note}\n");
    }
    s
}
