//! `grundy table`: the values of a game over its natural shape, with the period found (and
//! proved when a theorem allows).
//!
//! The game's tabulation comes from the registry ([`grundy_front::values::open`]): a heap
//! engine, a graph's or a board's analysis, a script's shared solver, or positions valued one by
//! one. This command only asks for it and prints what comes back: rows of ten for a line, a grid
//! for two numbers or a board ([`super::board_table`]), a row per vertex for a graph.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use grundy_front::table_options::{self, TableOptions};
use grundy_registry::period::Period;
use grundy_registry::spec::Word;
use grundy_registry::tabulate::{Checkpoint, GridKind, HeapLine, Request, Table, TableJson, Watch};

use crate::commands::board_table;
use crate::commands::game_values::{self, GameValues};
use crate::failure::Failure;
use crate::progress::LazyBar;
use grundy_front::session::Session;

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

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let word = Word::new("argument 1", args.game.as_str());
    let game = grundy_front::values::open(&session.games, &word)?;
    let supports = game.supports();
    let asked = TableOptions {
        csv: args.csv,
        resume: args.resume,
        period: args.period,
        naive: args.method == MethodArg::Naive,
    };
    if let Err(option) = table_options::refuse(game.as_ref(), asked) {
        return Err(Failure::Input(
            option.refusal(&format!("argument 1 ('{}')", args.game)),
        ));
    }
    // A table keeps a checkpoint when its game can resume one, sealed with the user's key; a key
    // that cannot be had fails a run that asked for the file, and only costs the others theirs.
    let trust = match supports.resume.then(|| session.keyring.trust()) {
        Some(Ok(trust)) => Some(trust),
        Some(Err(m)) if args.resume || args.checkpoint.is_some() => return Err(Failure::Input(m)),
        Some(Err(m)) => {
            eprintln!("grundy: note: this table keeps no checkpoint: {m}");
            None
        }
        None => None,
    };
    let request = Request {
        upto: args.upto.clone(),
        defaults: None,
        period: args.period,
        max: Some(args.max),
        naive: args.method == MethodArg::Naive,
        checkpoint: trust.map(|trust| Checkpoint {
            path: args
                .checkpoint
                .clone()
                .unwrap_or_else(|| super::checkpoint_file("table", game.name())),
            resume: args.resume,
            trust,
            keep_unproved: false,
        }),
    };
    let shown = Shown {
        values: !args.no_values,
    };
    let mut watch = Shell::new();
    let table = game.tabulate(&request, &mut watch);
    drop(watch);
    let table = table?;
    if args.json {
        let json = TableJson {
            table: &table,
            values: !args.no_values,
            period: args.period,
        };
        let mut out = BufWriter::new(crate::out::Stdout::lock());
        serde_json::to_writer(&mut out, &json).map_err(|e| Failure::Compute(e.to_string()))?;
        writeln!(out)?;
        out.flush()?;
        return Ok(());
    }
    match table {
        // A heap line without CSV is a script's: printed as its table of cells was.
        Table::Heaps(line) if !supports.csv => print_script_heaps(&line, shown, args.period),
        Table::Heaps(line) => print_heaps(&args, &line),
        Table::Vertices {
            game,
            vertices,
            edges,
            acyclic,
            rows,
        } => board_table::print_vertices(&game, vertices, edges, acyclic, rows, shown),
        Table::Grid {
            game,
            upto,
            rows,
            kind: GridKind::Board,
            ..
        } => board_table::print_board(&game, upto, &rows, shown),
        Table::Line {
            game,
            cells,
            period,
        } => {
            let values = GameValues::Line {
                game,
                cells,
                period,
                theorem: None,
            };
            print_values(&values, shown, args.period)
        }
        Table::Grid {
            game,
            vars,
            upto,
            rows,
            kind: GridKind::Pairs,
        } => print_values(
            &GameValues::Grid {
                game,
                vars,
                upto,
                rows,
            },
            shown,
            false,
        ),
    }
}

/// What `grundy table` lends a tabulation: a bar on stderr (plain lines in a log), Ctrl-C, and
/// the `--memory` budget.
pub struct Shell {
    bar: Option<LazyBar>,
    flag: Arc<AtomicBool>,
}

impl Shell {
    /// Progress on stderr, Ctrl-C caught.
    pub fn new() -> Shell {
        Shell {
            bar: None,
            flag: interrupted(),
        }
    }
}

impl Watch for Shell {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        self.bar
            .get_or_insert_with(|| {
                // This bar counts the values; a script's own spinner keeps quiet.
                crate::progress::set_quiet(true);
                LazyBar::new(total, "values")
            })
            .set(done);
        !self.flag.load(Ordering::SeqCst)
    }

    fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), String> {
        crate::memory::reserve(what, bytes).map_err(|f| f.to_string())
    }

    fn warn(&mut self, message: &str) {
        eprintln!("grundy: warning: {}", crate::flags::worded(message));
    }

    /// Said whether or not stderr is a terminal: a log of a long run should show it.
    fn note(&mut self, message: &str) {
        eprintln!("grundy: {}", crate::flags::worded(message));
    }

    fn budget(&self) -> Option<u64> {
        Some(crate::memory::budget().saturating_sub(crate::memory::accounted()))
    }

    fn grows_in_place(&self) -> bool {
        crate::memory::grows_in_place()
    }
}

impl Drop for Shell {
    fn drop(&mut self) {
        if self.bar.take().is_some() {
            crate::progress::set_quiet(false);
        }
    }
}

/// How a table is printed in text: with its values or (`--no-values`) only the summary lines
/// that sum them up, for every kind of table (JSON is written by [`TableJson`]).
#[derive(Clone, Copy)]
pub struct Shown {
    pub values: bool,
}

/// A game without a heap table of its own (Wythoff, Euclid, game scripts, ...), valued position
/// by position the way `grundy check` and `grundy plot` see it: a line for one-number positions,
/// a grid for two.
fn print_values(values: &GameValues, shown: Shown, with_period: bool) -> Result<(), Failure> {
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
            let text: Vec<String> = cells.iter().map(shown_cell).collect();
            let line = LineText {
                game,
                len: cells.len(),
                width: text.iter().map(String::len).max().unwrap_or(1),
                summary: summary(cells.iter()),
                period: *period,
            };
            let mut out = BufWriter::new(crate::out::Stdout::lock());
            line.write(&mut out, &|n| text[n].clone(), shown, with_period)?;
            out.flush()?;
            return Ok(());
        }
        GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        } => {
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

/// A line of positions `0..len` as text, whatever holds its values: a row of ten values a line
/// (or, without them, a summary line), then the period seen.
struct LineText<'a> {
    game: &'a str,
    len: usize,
    /// The widest value's width.
    width: usize,
    /// What follows the count of values without them ([`summary`]).
    summary: String,
    period: Option<Period>,
}

impl LineText<'_> {
    /// Writes the line, `cell(n)` the text of the position `n`'s value.
    fn write(
        &self,
        out: &mut impl Write,
        cell: &dyn Fn(usize) -> String,
        shown: Shown,
        with_period: bool,
    ) -> std::io::Result<()> {
        let (game, len, w) = (self.game, self.len, self.width);
        let checked = len.saturating_sub(1) as u64;
        if !shown.values {
            writeln!(
                out,
                "{game}: {len} values (n = 0..={checked}){}",
                self.summary
            )?;
        } else {
            let label = (len / 10 * 10).to_string().len();
            write!(out, "{:>label$} |", "")?;
            for i in 0..10 {
                write!(out, " {i:>w$}")?;
            }
            writeln!(out, "\n{}-+{}", "-".repeat(label), "-".repeat((w + 1) * 10))?;
            for row in (0..len).step_by(10) {
                write!(out, "{row:>label$} |")?;
                for n in row..(row + 10).min(len) {
                    write!(out, " {:>w$}", cell(n))?;
                }
                writeln!(out)?;
            }
            writeln!(
                out,
                "{game}: G(n) for n = 0..={} (- where the game has no such position)",
                len - 1
            )?;
        }
        if with_period {
            match self.period {
                Some(p) => writeln!(
                    out,
                    "period seen: preperiod {}, period {}, saltus {} (not proved: checked up to n = {checked})",
                    p.preperiod, p.period, p.saltus
                )?,
                None => writeln!(out, "no period seen up to n = {checked}")?,
            }
        }
        Ok(())
    }
}

/// A script's line of heaps, held compactly ([`HeapLine`]), printed as a line of positions is:
/// as it was when each position was a cell of its own.
fn print_script_heaps(line: &HeapLine, shown: Shown, with_period: bool) -> Result<(), Failure> {
    let len = usize::try_from(line.last + 1)
        .map_err(|_| Failure::Compute("the table is too long for this machine".into()))?;
    let largest = line.largest();
    let text = LineText {
        game: &line.game,
        len,
        width: largest.to_string().len(),
        summary: format!(", largest {largest}"),
        period: line.period,
    };
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    text.write(
        &mut out,
        &|n| line.value(n as u64).to_string(),
        shown,
        with_period,
    )?;
    out.flush()?;
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

fn print_heaps(args: &Args, table: &HeapLine) -> Result<(), Failure> {
    let computed_last = table.computed_last();
    let last = table.last;
    let period = table.period;
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    if args.csv {
        if !args.no_values {
            writeln!(out, "n,value")?;
            for n in 0..=last {
                writeln!(out, "{n},{}", table.value(n))?;
            }
        }
    } else {
        let largest = table.largest();
        if !args.no_values {
            write_grid(&mut out, table, largest)?;
        }
        writeln!(
            out,
            "{}: {} values (0..={last}), largest {largest}, {:.2} s, {} byte(s) per value{}",
            table.game,
            last + 1,
            table.elapsed.as_secs_f64(),
            table.head.width(),
            table.rest_note()
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
fn write_grid(out: &mut impl Write, table: &HeapLine, largest: u64) -> std::io::Result<()> {
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

/// The flag Ctrl-C sets once [`interrupted`] installs its handler: the script runtime reads it
/// too (`ScriptSettings::interrupt`), so a table of a script stops within a position.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// The flag Ctrl-C sets; its handler installed once (a command with a handler of its own,
/// `solve`'s, does not call this).
pub fn interrupted() -> Arc<AtomicBool> {
    static HANDLER: std::sync::Once = std::sync::Once::new();
    let flag = interrupt_flag();
    HANDLER.call_once(|| {
        let f = flag.clone();
        // Without a handler Ctrl-C just ends the process; the periodic checkpoint still exists.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
    });
    flag
}
