//! `grundy census FAMILY`: every game of a family (`0.???`, `sub:{1..8}^3`, `bash:1..50`,
//! `script:F?k=1..20`, `list:FILE`) tabulated to its proved period or `--upto`, one row a game
//! in a SQLite file; and `grundy census --db FILE --query NAME` / `--export csv|json` to read it.
//!
//! The work is [`grundy_census`]'s: this command parses the flags, shows the census's progress
//! (games done, solved, open, failed; the slowest running) and words its summary.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grundy_census::family;
use grundy_census::row::{Proof, Row, Settings, Status};
use grundy_census::run::{Census, Event, Summary};
use grundy_census::store::{Query, Store};
use grundy_front::session::Session;
use grundy_registry::spec::{parse_number, Word};
use indicatif::{ProgressBar, ProgressStyle};

use crate::failure::Failure;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Export {
    /// A header line, then one line a game.
    Csv,
    /// One array of rows (the `census` schema).
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The family: take-and-break codes with `?` for any octal digit or a class of hexadecimal
    /// digits (0.??, 4.??, 0.???, 0.[0-f]?), subtraction sets (sub:{1..8}^3: one to three
    /// elements of 1..8; allbut:{1..8}^3 the all-but sets), ranges in a game's parameters (bash:1..50,
    /// script:F?k=1..20&s=1..5), or list:FILE (a family a line).
    family: Option<String>,
    /// The largest heap computed for each game (a proved period stops it earlier).
    #[arg(long, default_value = "65536", allow_hyphen_values = true)]
    upto: String,
    /// The results database (SQLite; created if missing, shared safely by several censuses).
    #[arg(long, default_value = "grundy-census.sqlite")]
    db: PathBuf,
    /// Games computed at once (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Also the misère quotient of each heap game, heaps up to N.
    #[arg(long, value_name = "N")]
    misere: Option<String>,
    /// Also a closed form for each game's values (`grundy guess` on its first 4096 values).
    #[arg(long)]
    guess: bool,
    /// The most seconds one game may take; a game past it is recorded failed, its values kept
    /// in its checkpoint (rerun with --retry and a larger cap to go on).
    #[arg(long, value_name = "SECS")]
    game_time: Option<u64>,
    /// The most memory one game's tables may ask for, e.g. 512M (default: the --memory budget
    /// shared among the jobs).
    #[arg(long, value_name = "SIZE", value_parser = crate::memory::parse_size)]
    game_memory: Option<u64>,
    /// Compute the games that failed again.
    #[arg(long)]
    retry: bool,
    /// Print the rows a question asks for instead of computing (of FAMILY when given): all,
    /// solved, unsolved, periodic, arithmetic, failed, pending, duplicates.
    #[arg(long, value_name = "NAME", conflicts_with = "export")]
    query: Option<String>,
    /// Print every row (of FAMILY when given) as CSV or JSON instead of computing.
    #[arg(long, value_enum)]
    export: Option<Export>,
    /// Print JSON: the census's summary, or with --query its rows.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let reading = args.query.is_some() || args.export.is_some();
    if reading {
        return read(&args);
    }
    let Some(family) = args.family.clone() else {
        return Err(Failure::Input(
            "give a family (e.g. 0.??), or --query NAME or --export csv|json to read a census"
                .into(),
        ));
    };
    let upto = parse_number(
        &Word::new("--upto", args.upto.as_str()),
        "the largest heap size",
        grundy_registry::tabulate::MAX_POSITIONS.max(1 << 32),
    )?;
    let misere = args
        .misere
        .as_deref()
        .map(|m| parse_number(&Word::new("--misere", m), "the largest heap size", 1 << 16))
        .transpose()?;
    if args.jobs == Some(0) {
        return Err(Failure::Input("--jobs ('0'): must be at least 1".into()));
    }
    if args.game_time == Some(0) {
        return Err(Failure::Input(
            "--game-time ('0'): must be at least 1".into(),
        ));
    }
    let games = family::expand(&family, &|p: &Path| std::fs::read_to_string(p))
        .map_err(|e| Failure::Input(format!("argument 1, {e}")))?;
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let checkpoints = match session.keyring.trust() {
        Ok(trust) => {
            let dir = checkpoint_dir(&args.db);
            std::fs::create_dir_all(&dir)
                .map_err(|e| Failure::Input(format!("cannot make {}: {e}", dir.display())))?;
            Some((dir, trust))
        }
        Err(m) => {
            eprintln!("grundy: note: this census keeps no checkpoints: {m}");
            None
        }
    };
    let settings = Settings {
        upto,
        misere,
        guess: args.guess,
        time: args.game_time.map(Duration::from_secs),
        memory: Some(
            args.game_memory
                .unwrap_or(crate::memory::budget() / jobs as u64),
        ),
        checkpoints,
    };
    let mut store = Store::open(&args.db).map_err(|e| Failure::Input(e.to_string()))?;
    let census = Census {
        games: &session.games,
        settings,
        jobs,
        retry: args.retry,
    };
    let stop = crate::commands::table::interrupted();
    crate::progress::set_quiet(true);
    let mut shown = Shown::new(games.len());
    let summary = census
        .run(&mut store, &family, &games, &stop, &mut |e| shown.event(e))
        .map_err(|e| Failure::Compute(e.to_string()));
    shown.clear();
    crate::progress::set_quiet(false);
    let summary = summary?;
    print_summary(&args, &family, upto, &summary)?;
    if summary.interrupted {
        return Err(Failure::Compute(format!(
            "interrupted: {} rows written this run are kept in {}; the same command goes on",
            summary.computed,
            args.db.display()
        )));
    }
    Ok(())
}

/// Where the games of the database `db` keep their checkpoints.
fn checkpoint_dir(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".checkpoints");
    PathBuf::from(name)
}

fn print_summary(args: &Args, family: &str, upto: u64, s: &Summary) -> Result<(), Failure> {
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    if args.json {
        let json = serde_json::json!({
            "family": family,
            "db": args.db.display().to_string(),
            "upto": upto,
            "counts": s.counts,
            "computed": s.computed,
            "interrupted": s.interrupted,
            "seconds": s.seconds,
        });
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(());
    }
    let c = &s.counts;
    writeln!(
        out,
        "Census of {family}: {} games, heaps up to {upto} ({} computed by this run in {:.1} s)",
        c.games, s.computed, s.seconds
    )?;
    writeln!(out, "  solved (period proved): {}", c.solved)?;
    writeln!(out, "  open (no period proved): {}", c.open)?;
    writeln!(out, "  failed: {}", c.failed)?;
    writeln!(
        out,
        "  duplicates (moves of another game): {}",
        c.duplicates
    )?;
    if c.pending > 0 {
        writeln!(out, "  not computed yet: {}", c.pending)?;
    }
    writeln!(
        out,
        "Rows in {}: `grundy census --db {} --query unsolved` lists the open ones.",
        args.db.display(),
        args.db.display()
    )?;
    out.flush()?;
    Ok(())
}

/// `--query` and `--export`.
fn read(args: &Args) -> Result<(), Failure> {
    if !args.db.exists() {
        return Err(Failure::Input(format!(
            "--db ('{}'): no such census database",
            args.db.display()
        )));
    }
    let store = Store::open(&args.db).map_err(|e| Failure::Input(e.to_string()))?;
    let query = match &args.query {
        Some(name) => Query::parse(name).ok_or_else(|| {
            let names: Vec<&str> = Query::ALL.iter().map(|(n, _)| *n).collect();
            Failure::Input(format!(
                "--query ('{name}'): the questions are {}",
                names.join(", ")
            ))
        })?,
        None => Query::All,
    };
    let rows = store
        .query(query, args.family.as_deref())
        .map_err(|e| Failure::Compute(e.to_string()))?;
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    match args.export {
        Some(Export::Csv) => write_csv(&mut out, &rows)?,
        Some(Export::Json) => {
            serde_json::to_writer(&mut out, &rows).map_err(|e| Failure::Compute(e.to_string()))?;
            writeln!(out)?;
        }
        None if args.json => {
            serde_json::to_writer(&mut out, &rows).map_err(|e| Failure::Compute(e.to_string()))?;
            writeln!(out)?;
        }
        None => write_rows(&mut out, &rows)?,
    }
    out.flush()?;
    Ok(())
}

fn opt(v: Option<u64>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

/// The rows as a table for a person.
fn write_rows(out: &mut impl Write, rows: &[Row]) -> std::io::Result<()> {
    if rows.is_empty() {
        return writeln!(out, "(no rows)");
    }
    let width = rows.iter().map(|r| r.spec.len()).max().unwrap_or(4).max(4);
    writeln!(
        out,
        "{:width$}  {:9}  {:>9}  {:>7}  {:>6}  {:7}  {:>7}  {:>9}",
        "game", "status", "preperiod", "period", "saltus", "proof", "largest", "computed"
    )?;
    for r in rows {
        write!(
            out,
            "{:width$}  {:9}  {:>9}  {:>7}  {:>6}  {:7}  {:>7}  {:>9}",
            r.spec,
            r.status.as_str(),
            opt(r.preperiod),
            opt(r.period),
            opt(r.saltus),
            match r.proof {
                Some(Proof::Proved) => "proved",
                Some(Proof::Checked) => "checked",
                None => "-",
            },
            opt(r.largest),
            opt(r.computed),
        )?;
        if let Some(of) = &r.duplicate_of {
            write!(out, "  same moves as {of}")?;
        }
        if let Some(e) = &r.error {
            write!(out, "  {e}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The rows as CSV, every column of the schema.
fn write_csv(out: &mut impl Write, rows: &[Row]) -> std::io::Result<()> {
    writeln!(
        out,
        "spec,canonical,status,duplicate_of,upto,computed,preperiod,period,saltus,proof,theorem,\
         largest,rare_mask,rare_count,last_rare,formula,formula_basis,misere_order,\
         misere_p_portion,misere_upto,misere_proved,misere_note,seconds,memory,version,error"
    )?;
    let text = |s: Option<&str>| -> String {
        match s {
            None => String::new(),
            Some(s) if s.contains([',', '"', '\n']) => format!("\"{}\"", s.replace('"', "\"\"")),
            Some(s) => s.to_string(),
        }
    };
    let num = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
    let proof = |p: Option<Proof>| match p {
        Some(Proof::Proved) => "proved",
        Some(Proof::Checked) => "checked",
        None => "",
    };
    for r in rows {
        let fields = [
            text(Some(&r.spec)),
            text(Some(&r.canonical)),
            r.status.as_str().to_string(),
            text(r.duplicate_of.as_deref()),
            r.upto.to_string(),
            num(r.computed),
            num(r.preperiod),
            num(r.period),
            num(r.saltus),
            proof(r.proof).to_string(),
            text(r.theorem.as_deref()),
            num(r.largest),
            num(r.rare.map(|s| s.mask as u64)),
            num(r.rare.map(|s| s.count)),
            num(r.rare.map(|s| s.last)),
            text(r.formula.as_deref()),
            proof(r.formula_basis).to_string(),
            num(r.misere.map(|m| m.order)),
            num(r.misere.map(|m| m.p_portion)),
            num(r.misere.map(|m| m.upto)),
            r.misere.map(|m| m.proved.to_string()).unwrap_or_default(),
            text(r.misere_note.as_deref()),
            format!("{:.3}", r.seconds),
            r.memory.to_string(),
            text(Some(&r.version)),
            text(r.error.as_deref()),
        ];
        writeln!(out, "{}", fields.join(","))?;
    }
    Ok(())
}

/// The census's progress on stderr: a line that redraws on a terminal, a plain line every ten
/// seconds in a log; a failed game's error at once.
struct Shown {
    games: usize,
    started: Instant,
    bar: Option<ProgressBar>,
    plain_last: Option<Instant>,
    terminal: bool,
}

impl Shown {
    fn new(games: usize) -> Shown {
        Shown {
            games,
            started: Instant::now(),
            bar: None,
            plain_last: None,
            terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
        }
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Finished { row, counts } => {
                if row.status == Status::Failed {
                    let line = format!(
                        "grundy: {} failed: {}",
                        row.spec,
                        row.error.as_deref().unwrap_or("")
                    );
                    match &self.bar {
                        Some(bar) => bar.println(line),
                        None => eprintln!("{line}"),
                    }
                }
                let _ = counts;
            }
            Event::Tick { counts, running } => {
                if self.started.elapsed() < Duration::from_secs(1) {
                    return;
                }
                let done = counts.solved + counts.open + counts.failed + counts.duplicates;
                let mut message = format!(
                    "census: {done}/{} games ({} solved, {} open, {} failed, {} duplicates), {} running",
                    self.games,
                    counts.solved,
                    counts.open,
                    counts.failed,
                    counts.duplicates,
                    running.len()
                );
                if let Some(slow) = running.first() {
                    message += &format!(
                        "; slowest {} {} s, {}/{} values",
                        slow.spec,
                        slow.elapsed.as_secs(),
                        slow.done,
                        slow.total
                    );
                }
                if self.terminal {
                    let bar = self.bar.get_or_insert_with(|| {
                        let bar = ProgressBar::new_spinner();
                        bar.set_style(
                            ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                        );
                        bar
                    });
                    bar.set_message(message);
                    bar.tick();
                } else if self
                    .plain_last
                    .is_none_or(|t| t.elapsed() >= Duration::from_secs(10))
                {
                    self.plain_last = Some(Instant::now());
                    eprintln!("grundy: {message} ({} s)", self.started.elapsed().as_secs());
                }
            }
        }
    }

    fn clear(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
