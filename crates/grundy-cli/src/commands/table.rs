//! `grundy table`: the values G(0..N) of a game, with the period found (and proved when a
//! theorem allows).
//!
//! How a game is tabulated is the registry's answer ([`grundy_games::spec::Tabulation`]): heap
//! games are handled here; graph and board games to [`super::board_table`]; any other game is
//! valued position by position (a line for one-number positions, a grid for two).

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy_games::heap::sparse::{Engine, Interrupted, Method, Values};
use grundy_games::heap::table::{tabulate, HeapTable as Table, Rest, TableGame};
use grundy_games::period::Period;
use grundy_games::registry;
use grundy_games::spec::Tabulation;
use grundy_games::spec::{parse_number_text, Word};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::commands::board_table;
use crate::commands::game_values::{self, GameValues};
use crate::failure::Failure;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Every option of every heap (the oracle).
    Naive,
    /// The rare/common sparse-space method.
    Sparse,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. 0.77, 0.07, 4.07, grundys-game, lasker, split, sub:1,3,4; or a graph or
    /// board game: graph:FILE, hyper-knights, movers:...; or a game script: script:FILE.
    game: String,
    /// How far: the last heap size N for heap games; N (vertices 1..=N) for a graph; XxY
    /// (0 <= x <= X, 0 <= y <= Y) for a board; N (positions 0..=N) or XxY (positions [x, y])
    /// for a game script.
    // A negative --upto reaches our parser, which names the option and the value.
    #[arg(long, allow_hyphen_values = true)]
    upto: Option<String>,
    /// Report the period: preperiod, period, saltus, and whether it is proved. Without --upto,
    /// compute until a period is proved or --max is reached. For a game script: a period seen
    /// at the end of the table, never proved.
    #[arg(long)]
    period: bool,
    /// The largest heap size to compute when --upto is not given.
    #[arg(long, default_value_t = 1 << 20)]
    max: u64,
    /// How to compute the values.
    #[arg(long, value_enum, default_value_t = MethodArg::Sparse)]
    method: MethodArg,
    /// Print JSON: heap games {"game", "values", "period"?}; graphs {game, vertices, edges,
    /// acyclic, table: [{vertex, value, outcome, remoteness}]}; boards {game, upto, rows,
    /// outcomes} with rows[y][x].
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV: a header `n,value` and one line per heap.
    #[arg(long)]
    csv: bool,
    /// Print only the period and summary, not the values.
    #[arg(long)]
    no_values: bool,
    /// Continue an interrupted run from its checkpoint file.
    #[arg(long)]
    resume: bool,
    /// The checkpoint file (default: grundy-table-GAME.ckpt in the current directory).
    #[arg(long)]
    checkpoint: Option<PathBuf>,
}

/// The JSON shape of `grundy table --json`.
#[derive(Serialize)]
struct Report<'a> {
    game: &'a str,
    values: Option<AllValues<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<PeriodReport>,
}

/// Every value of a [`Table`], written as a JSON array one value at a time.
struct AllValues<'a>(&'a Table<'a>);

impl Serialize for AllValues<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let t = self.0;
        let mut seq = s.serialize_seq(usize::try_from(t.last + 1).ok())?;
        for n in 0..=t.last {
            seq.serialize_element(&t.value(n))?;
        }
        seq.end()
    }
}

#[derive(Serialize)]
struct PeriodReport {
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    proved: bool,
    checked_upto: u64,
}

impl PeriodReport {
    fn new(p: Option<Period>, checked_upto: u64) -> Self {
        PeriodReport {
            preperiod: p.map(|p| p.preperiod),
            period: p.map(|p| p.period),
            saltus: p.map(|p| p.saltus),
            proved: p.is_some_and(|p| p.proved),
            checked_upto,
        }
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let word = Word::new("argument 1", args.game.as_str());
    // The registry says how this game is tabulated; the table is built by the entry's own parser.
    let (entry, spec) = registry::lookup(&word)?;
    let heap_only = || {
        if args.csv || args.period || args.resume {
            return Err(Failure::Input(format!(
                "argument 1 ('{}'): --csv, --period and --resume are for heap games",
                args.game
            )));
        }
        Ok(())
    };
    let shown = Shown {
        json: args.json,
        values: !args.no_values,
    };
    match entry.table {
        Some(Tabulation::Heaps(table)) => run_heap_game(&args, table(&spec)?),
        Some(Tabulation::Vertices(graph)) => {
            heap_only()?;
            board_table::graph_table(&spec, graph(&spec)?, args.upto.as_deref(), shown)
        }
        Some(Tabulation::Points(board)) => {
            heap_only()?;
            board_table::grid_table(&spec, board(&spec)?, args.upto.as_deref(), shown)
        }
        Some(Tabulation::Script(_)) => {
            if args.csv || args.resume {
                return Err(Failure::Input(format!(
                    "argument 1 ('{}'): --csv and --resume are for heap games",
                    args.game
                )));
            }
            let values = game_values::compute(std::slice::from_ref(&word), args.upto.as_deref())?;
            print_values(&values, shown, args.period)
        }
        None => {
            heap_only()?;
            let values = game_values::compute(std::slice::from_ref(&word), args.upto.as_deref())?;
            print_values(&values, shown, false)
        }
    }
}

/// How a table is printed: `--json` or text, and with its values or (`--no-values`) only what
/// sums them up: for every kind of table, as for heap games, the values' fields are null in JSON
/// and the text is the summary lines alone.
#[derive(Clone, Copy)]
pub struct Shown {
    pub json: bool,
    pub values: bool,
}

/// The JSON shape of `grundy table --json` for a game valued position by position: `values[n]`
/// (one number) or `rows[b][a]` (two numbers); null where the game has no such position. A game
/// script's line has its `period` when asked (a period seen, never proved).
#[derive(Serialize)]
struct AnyReport<'a> {
    game: &'a str,
    /// `Some(None)` (null) with --no-values.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Option<Vec<Option<grundy_core::Value>>>>,
    /// `Some(None)` (null) with --no-values.
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<Option<Vec<Vec<Option<grundy_core::Value>>>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<PeriodReport>,
}

/// A game without a heap table of its own (Wythoff, Euclid, game scripts, ...), valued position
/// by position the way `grundy check` and `grundy plot` see it: a line for one-number positions,
/// a grid for two.
fn print_values(values: &GameValues, shown: Shown, with_period: bool) -> Result<(), Failure> {
    let json = shown.json;
    let value = |s: &game_values::Sample| s.as_ref().map(|(v, _)| v.clone());
    let shown_cell = |s: &game_values::Sample| match s {
        Some((grundy_core::Value::Finite(g), _)) => g.0.to_string(),
        Some((_, o)) => o.to_string(),
        None => "-".into(),
    };
    let mut out = String::new();
    match &values {
        GameValues::Line {
            game,
            cells,
            period,
            ..
        } => {
            let checked = cells.len().saturating_sub(1) as u64;
            let period_report = with_period.then(|| PeriodReport::new(*period, checked));
            if json {
                let report = AnyReport {
                    game,
                    values: Some(shown.values.then(|| cells.iter().map(value).collect())),
                    rows: None,
                    period: period_report,
                };
                outln!("{}", serde_json::to_string(&report).expect("serializable"));
                return Ok(());
            }
            if !shown.values {
                out += &format!(
                    "{game}: {} values (n = 0..={checked}){}\n",
                    cells.len(),
                    summary(cells.iter())
                );
            }
            if shown.values {
                let text: Vec<String> = cells.iter().map(shown_cell).collect();
                let w = text.iter().map(String::len).max().unwrap_or(1);
                let label = (cells.len() / 10 * 10).to_string().len();
                out += &format!("{:>label$} |", "");
                for i in 0..10 {
                    out += &format!(" {i:>w$}");
                }
                out += &format!("\n{}-+{}\n", "-".repeat(label), "-".repeat((w + 1) * 10));
                for (r, chunk) in text.chunks(10).enumerate() {
                    out += &format!("{:>label$} |", r * 10);
                    for s in chunk {
                        out += &format!(" {s:>w$}");
                    }
                    out += "\n";
                }
                out += &format!(
                    "{game}: G(n) for n = 0..={} (- where the game has no such position)\n",
                    cells.len() - 1
                );
            }
            if with_period {
                out += &match period {
                    Some(p) => format!(
                        "period seen: preperiod {}, period {}, saltus {} (not proved: checked up to n = {checked})\n",
                        p.preperiod, p.period, p.saltus
                    ),
                    None => format!("no period seen up to n = {checked}\n"),
                };
            }
        }
        GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        } => {
            if json {
                let report = AnyReport {
                    game,
                    values: None,
                    rows: Some(
                        shown
                            .values
                            .then(|| rows.iter().map(|r| r.iter().map(value).collect()).collect()),
                    ),
                    period: None,
                };
                outln!("{}", serde_json::to_string(&report).expect("serializable"));
                return Ok(());
            }
            if !shown.values {
                out += &format!(
                    "{game}: G({}, {}) for {} = 0..={} and {} = 0..={}: {} values{}\n",
                    vars[0],
                    vars[1],
                    vars[0],
                    upto.0,
                    vars[1],
                    upto.1,
                    rows.iter().map(Vec::len).sum::<usize>(),
                    summary(rows.iter().flatten())
                );
                out!("{out}");
                return Ok(());
            }
            let text: Vec<Vec<String>> = rows
                .iter()
                .map(|r| r.iter().map(shown_cell).collect())
                .collect();
            let w = text
                .iter()
                .flatten()
                .map(String::len)
                .chain([upto.0.to_string().len()])
                .max()
                .unwrap_or(1);
            let label = upto
                .1
                .to_string()
                .len()
                .max(vars[1].len() + vars[0].len() + 1);
            out += &format!(
                "{game}: G({}, {}), {} = 0..={} across, {} = 0..={} down\n",
                vars[0], vars[1], vars[0], upto.0, vars[1], upto.1
            );
            out += &format!("{:>label$} |", format!("{}\\{}", vars[1], vars[0]));
            for a in 0..=upto.0 {
                out += &format!(" {a:>w$}");
            }
            out += &format!(
                "\n{}-+{}\n",
                "-".repeat(label),
                "-".repeat((w + 1) * (upto.0 as usize + 1))
            );
            for (b, row) in text.iter().enumerate() {
                out += &format!("{b:>label$} |");
                for s in row {
                    out += &format!(" {s:>w$}");
                }
                out += "\n";
            }
        }
    }
    out!("{out}");
    Ok(())
}

/// What `--no-values` prints of a game's values besides their count: `, largest L`, with how
/// many are infinite and how many positions the game does not have.
fn summary<'a>(samples: impl Iterator<Item = &'a game_values::Sample>) -> String {
    let (mut largest, mut infinite, mut missing) = (None, 0u64, 0u64);
    for s in samples {
        match s {
            Some((grundy_core::Value::Finite(g), _)) => {
                largest = largest.max(Some(g.0));
            }
            Some(_) => infinite += 1,
            None => missing += 1,
        }
    }
    let mut text = match largest {
        Some(l) => format!(", largest {l}"),
        None => ", none finite".to_string(),
    };
    if infinite > 0 {
        text += &format!(", {infinite} infinite");
    }
    if missing > 0 {
        let s = if missing == 1 { "" } else { "s" };
        text += &format!(", {missing} position{s} the game does not have");
    }
    text
}

fn run_heap_game(args: &Args, game: TableGame) -> Result<(), Failure> {
    let method = match args.method {
        MethodArg::Naive => Method::Naive,
        MethodArg::Sparse => Method::Sparse,
    };
    const LARGEST: u64 = u32::MAX as u64 - 1;
    if args.max > LARGEST {
        return Err(Failure::Input(format!(
            "--max ('{}'): --max must be at most {LARGEST}",
            args.max
        )));
    }
    let upto = match &args.upto {
        Some(text) => Some(
            parse_number_text(text, "--upto", LARGEST)
                .map_err(|m| Failure::Input(format!("--upto ('{text}'): {m}")))?,
        ),
        None if args.period => None,
        None => {
            return Err(Failure::Input(
                "give --upto N (or --period to compute until a period is proved)".into(),
            ))
        }
    };
    let start = Instant::now();
    let (head, period) = match upto {
        Some(last) => compute(args, &game, method, last, false)?,
        // Until a period is proved, or --max.
        None => compute(args, &game, method, args.max, true)?,
    };
    let computed_last = head.len().saturating_sub(1) as u64;
    let last = upto.unwrap_or(computed_last);
    let elapsed = start.elapsed();
    let table = Table::new(&game, head, period, last);
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    let period_report = args
        .period
        .then(|| PeriodReport::new(period, computed_last));
    if args.json {
        let report = Report {
            game: game.name(),
            values: (!args.no_values).then_some(AllValues(&table)),
            period: period_report,
        };
        serde_json::to_writer(&mut out, &report).map_err(|e| Failure::Compute(e.to_string()))?;
        writeln!(out)?;
    } else if args.csv {
        if !args.no_values {
            writeln!(out, "n,value")?;
            for n in 0..=last {
                writeln!(out, "{n},{}", table.value(n))?;
            }
        }
    } else {
        let largest = table.largest();
        if !args.no_values {
            write_grid(&mut out, &table, largest)?;
        }
        let source = match table.rest {
            Rest::Computed => String::new(),
            Rest::Period(_) => format!("; past {computed_last}, by the proved period"),
            Rest::Formula => format!("; past {computed_last}, by the formula"),
        };
        writeln!(
            out,
            "{}: {} values (0..={last}), largest {largest}, {:.2} s, {} byte(s) per value{source}",
            game.name(),
            last + 1,
            elapsed.as_secs_f64(),
            table.head.width()
        )?;
        if args.period {
            writeln!(out, "{}", describe_period(period, computed_last))?;
        }
    }
    out.flush()?;
    Ok(())
}

fn describe_period(p: Option<Period>, checked_upto: u64) -> String {
    match p {
        None => format!("No period found up to {checked_upto}."),
        Some(p) => {
            let saltus = if p.saltus > 0 {
                format!(", saltus {}", p.saltus)
            } else {
                String::new()
            };
            let status = if p.proved {
                "proved".to_string()
            } else {
                format!("not proved up to {checked_upto}")
            };
            format!(
                "Period {} from preperiod {}{saltus}: {status}.",
                p.period, p.preperiod
            )
        }
    }
}

/// Rows of ten values with the heap size of each row and column.
fn write_grid(out: &mut impl Write, table: &Table, largest: u64) -> std::io::Result<()> {
    let len = table.last + 1;
    let widest = largest.to_string().len();
    let label = table.last.to_string().len().max(1);
    let w = widest.max(1);
    write!(out, "{:>label$} |", "")?;
    for c in 0..10 {
        write!(out, " {c:>w$}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}-+{}", "-".repeat(label), "-".repeat(10 * (w + 1)))?;
    for row in (0..len).step_by(10) {
        write!(out, "{row:>label$} |")?;
        for n in row..(row + 10).min(len) {
            write!(out, " {:>w$}", table.value(n))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The checkpoint file of a run.
fn checkpoint_path(args: &Args, game: &TableGame) -> PathBuf {
    args.checkpoint
        .clone()
        .unwrap_or_else(|| super::checkpoint_file("table", game.name()))
}

/// The first line of a checkpoint. Version 2 added the checksum and the largest value; a
/// version 1 file (no checksum) is refused rather than trusted.
const MAGIC: &str = "grundy-table-checkpoint 2";

/// How many options the check of a resumed checkpoint may recompute (a fraction of a second).
const VERIFY_BUDGET: u64 = 4_000_000;

/// A checkpoint is a header of text lines, then `G(0), G(1), …` as little-endian u32:
///
/// ```text
/// grundy-table-checkpoint 2
/// game 0.77
/// values 1048576          (G(0) to G(1048575))
/// max 3
/// checksum 5e0c1b7f3a9d2e41
/// ```
fn save_checkpoint(path: &PathBuf, game: &TableGame, e: &Engine) -> std::io::Result<()> {
    let tmp = path.with_extension("ckpt.tmp");
    {
        let values = e.values().to_vec();
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let mut f = BufWriter::new(std::fs::File::create(&tmp)?);
        writeln!(
            f,
            "{MAGIC}\ngame {}\nvalues {}\nmax {}\nchecksum {:016x}",
            game.name().escape_default(),
            values.len(),
            values.iter().copied().max().unwrap_or(0),
            grundy_games::heap::table::checkpoint_checksum(&data)
        )?;
        f.write_all(&data)?;
        f.flush()?;
    }
    std::fs::rename(tmp, path)
}

/// Reads a checkpoint back, refusing anything but a file this game wrote, intact: the header,
/// the length, the checksum, every value's range and a sample of values recomputed from the rules
/// (see [`TableGame::verify`]). A bad file ends the run with one line; it never makes a table.
fn load_checkpoint(path: &PathBuf, game: &TableGame) -> Result<Vec<u32>, Failure> {
    let bad = |why: &str| {
        Failure::Input(format!(
            "checkpoint {}: {why}; delete it to start again",
            path.display()
        ))
    };
    let file = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
    let size = file.metadata().map_err(|e| bad(&e.to_string()))?.len();
    // The header is short: read it line by line, never more than a few hundred bytes, so a
    // file of random bytes costs nothing before it is refused.
    let mut reader = std::io::BufReader::new(file);
    let mut header = Vec::new();
    let mut header_len = 0u64;
    for _ in 0..5 {
        let mut line = Vec::new();
        (&mut reader)
            .take(512)
            .read_until(b'\n', &mut line)
            .map_err(|e| bad(&e.to_string()))?;
        header_len += line.len() as u64;
        if line.pop() != Some(b'\n') {
            return Err(bad(if header.is_empty() {
                "not a grundy table checkpoint"
            } else {
                "its header is cut short"
            }));
        }
        header.push(String::from_utf8_lossy(&line).into_owned());
        if header[0] != MAGIC {
            return Err(bad(if header[0].starts_with("grundy-table-checkpoint") {
                "written by another version of grundy (this one reads version 2)"
            } else {
                "not a grundy table checkpoint"
            }));
        }
    }
    let field = |i: usize, key: &str| -> Result<&str, Failure> {
        header[i]
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| bad(&format!("line {}: expected '{key} ...'", i + 1)))
    };
    let name = field(1, "game")?;
    let want = game.name().escape_default().to_string();
    if name != want {
        return Err(bad(&format!(
            "it is for the game '{}', not '{}'",
            name.escape_default(),
            want
        )));
    }
    let number = |i: usize, key: &str| -> Result<u64, Failure> {
        let text = field(i, key)?;
        text.parse()
            .map_err(|_| bad(&format!("line {}: '{key}' must be a number", i + 1)))
    };
    let count = number(2, "values")?;
    let max = number(3, "max")?;
    let sum = u64::from_str_radix(field(4, "checksum")?, 16)
        .map_err(|_| bad("line 5: the checksum must be 16 hex digits"))?;
    let data_len = size.saturating_sub(header_len);
    if count.checked_mul(4) != Some(data_len) {
        return Err(bad(&format!(
            "it promises {count} values ({} bytes) but holds {data_len} bytes: truncated or \
             padded",
            count.saturating_mul(4)
        )));
    }
    crate::memory::reserve("the checkpoint's values", data_len.saturating_mul(2))?;
    let mut data = Vec::with_capacity(data_len as usize);
    reader
        .read_to_end(&mut data)
        .map_err(|e| bad(&e.to_string()))?;
    if data.len() as u64 != data_len {
        return Err(bad("the file changed while it was read"));
    }
    if grundy_games::heap::table::checkpoint_checksum(&data) != sum {
        return Err(bad(
            "its checksum does not match its values (the file is damaged)",
        ));
    }
    let values: Vec<u32> = data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if values.iter().copied().max().map_or(0, u64::from) != max {
        return Err(bad("its largest value is not the one its header gives"));
    }
    if let Some(why) = game.verify(&values, sum, VERIFY_BUDGET) {
        return Err(bad(&format!("{why}: the values do not follow the rules")));
    }
    Ok(values)
}

/// Why a table stopped before its end.
enum Stop {
    /// Ctrl-C.
    Interrupted,
    /// The next stage would not fit in the --memory budget.
    Memory(Failure),
}

impl From<Interrupted> for Stop {
    fn from(_: Interrupted) -> Self {
        Stop::Interrupted
    }
}

/// The flag Ctrl-C sets; installed once.
pub fn interrupted() -> Arc<AtomicBool> {
    static FLAG: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // Without a handler Ctrl-C just ends the process; the periodic checkpoint still exists.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
        flag
    })
    .clone()
}

/// `G(0..=last)`, or fewer when a proved period (or the game's formula) gives the rest, with the
/// period of what was computed. Tables are computed in doubling stages, each checked for a period
/// that the periodicity theorem proves: past it nothing more is computed or stored. With
/// `searching` (no --upto), a formula game too is tabulated in stages until its period is proved.
fn compute(
    args: &Args,
    game: &TableGame,
    method: Method,
    last: u64,
    searching: bool,
) -> Result<(Values, Option<Period>), Failure> {
    if !game.is_computed() {
        let computed = tabulate(
            game,
            None,
            method,
            last,
            searching,
            args.period,
            &mut |_| true,
            &mut |_, upto: u64| {
                // The values as u32, and the copy the period search reads.
                let need = (upto + 1).saturating_mul(8);
                crate::memory::reserve(&format!("the table of {} up to {upto}", game.name()), need)
                    .map_err(Stop::Memory)
            },
        );
        return computed.map_err(|stop| match stop {
            Stop::Memory(failure) => failure,
            Stop::Interrupted => Failure::Compute("the table was interrupted".into()),
        });
    }
    let path = checkpoint_path(args, game);
    // How many values the checkpoint resumed from held: a table shorter than that leaves it.
    let mut resumed_from = 0;
    let mut engine = if args.resume && path.exists() {
        let values = load_checkpoint(&path, game)?;
        resumed_from = values.len();
        game.resume(method, &values).expect("computed game")
    } else {
        game.engine(method).expect("computed game")
    };
    // Work that ends within a second shows nothing; past that a bar (a few values can take that
    // long: a game that splits a heap in three costs a square per value), and every ten seconds
    // a checkpoint.
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let flag = interrupted();
    let mut last_save = Instant::now();
    let mut save_error = None;
    // Only a checkpoint this run read or wrote is removed when it finishes.
    let mut own_checkpoint = args.resume && path.exists();
    let mut tick = |e: &Engine| {
        if bar.is_none() && started.elapsed() > Duration::from_secs(1) {
            let shown = ProgressBar::new(last + 1);
            shown.set_style(
                ProgressStyle::with_template(
                    "{spinner} {pos}/{len} values ({per_sec}, eta {eta}) {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar = Some(shown);
        }
        if let Some(bar) = &bar {
            bar.set_position(e.values().len() as u64);
            bar.set_message(format!("max value {}", e.max_value()));
        }
        if last_save.elapsed() > Duration::from_secs(10) {
            match save_checkpoint(&path, game, e) {
                Ok(()) => own_checkpoint = true,
                Err(err) => save_error = Some(err),
            }
            last_save = Instant::now();
        }
        !flag.load(Ordering::SeqCst)
    };
    let outcome = tabulate(
        game,
        Some(&mut engine),
        method,
        last,
        searching,
        args.period,
        &mut tick,
        &mut |engine: Option<&Engine>, upto: u64| {
            let engine = engine.expect("a computed game tabulates with its engine");
            // The values, and their mirror grown by doubling, at the current width; u32 copies
            // of the values for the engine's reviews, the period and the checkpoint. Less what
            // the values and mirror computed so far already hold.
            let have = engine.values().len() as u64;
            let width = engine.values().width() as u64;
            let need = (upto + 1)
                .saturating_mul(3 * width + 8)
                .saturating_sub(have * 2 * width);
            crate::memory::reserve(&format!("the table of {} up to {upto}", game.name()), need)
                .map_err(Stop::Memory)
        },
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Some(err) = save_error {
        eprintln!(
            "grundy: warning: could not write checkpoint {}: {err}",
            path.display()
        );
    }
    match outcome {
        Ok(computed) => {
            let covered = computed.0.len() >= resumed_from;
            // Named or not, a checkpoint this run read or wrote is done with (as `solve`'s is).
            if own_checkpoint && covered && path.exists() {
                let _ = std::fs::remove_file(&path);
            }
            Ok(computed)
        }
        Err(Stop::Memory(failure)) if engine.values().is_empty() => Err(failure),
        Err(Stop::Memory(failure)) => {
            // What was computed is kept: the next run (with more memory) resumes from it.
            save_checkpoint(&path, game, &engine)?;
            Err(Failure::Compute(format!(
                "{failure}; the {} values computed are in {} (--resume continues)",
                engine.values().len(),
                path.display()
            )))
        }
        Err(Stop::Interrupted) => {
            save_checkpoint(&path, game, &engine)?;
            Err(Failure::Compute(format!(
                "interrupted after {} values; checkpoint written to {} (rerun with --resume to \
                 continue)",
                engine.values().len(),
                path.display()
            )))
        }
    }
}
