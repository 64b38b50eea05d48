//! `grundy`: decide impartial games from the command line.
//!
//! Each subcommand lives in its own module under `commands/`; this file only parses the command
//! line and turns failures into exit codes: 2 for bad input (with the offending argument named),
//! 1 for a computation that could not finish.

#[macro_use]
mod out;

mod commands;
mod failure;
mod flags;
mod memory;
mod problems;
mod progress;
mod words;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Counts each thread's allocations, so a game script's call can be held to its memory cap.
#[global_allocator]
static ALLOCATOR: memory::Counting = memory::Counting;

/// Decide impartial combinatorial games: who wins, which moves win, and why.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most positions a search may store (the generic solver keeps ten times as many small
    /// entries): raise it for bigger searches, at the cost of memory.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy_core::limits::DEFAULT_POSITION_CAP)]
    max_positions: usize,
    /// Game scripts: the most operations one call of a script function may take.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy_script::ScriptLimits::DEFAULT.operations)]
    script_max_ops: u64,
    /// Game scripts: how deeply script functions may call one another.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy_script::ScriptLimits::DEFAULT.depth)]
    script_max_depth: usize,
    /// Game scripts: the most options of a position, and the most elements (or bytes) of an
    /// array (or string) a script returns or pads to at once.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy_script::ScriptLimits::DEFAULT.size)]
    script_max_size: usize,
    /// Game scripts: the mebibytes one call of a script function may hold.
    #[arg(long, global = true, value_name = "MIB", default_value_t = grundy_script::ScriptLimits::DEFAULT.memory_mib)]
    script_max_memory: u64,
    /// Game scripts: a parameter NAME=VALUE every function of every script reads as a constant
    /// NAME (repeatable; a script's own `script:FILE?NAME=VALUE` wins). VALUE is read as a
    /// position word: 3, 1,2, [[1],[2]], "x", a word; or true / false.
    #[arg(long = "param", global = true, value_name = "NAME=VALUE", value_parser = grundy_script::parse_param)]
    params: Vec<(String, String)>,
    /// The most memory grundy may use: a number of mebibytes or a size such as 512M, 4G
    /// (default: three quarters of the machine's memory or its cgroup's limit, at most nine tenths
    /// of what is free and three quarters of the address space `ulimit -v` leaves).
    /// Commands stop with a message, before allocating, when they would need more.
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size)]
    memory: Option<u64>,
    /// Game scripts: keep the values of each script's line of heaps in FILE between runs (read
    /// at the start if it exists, written back at the end, Ctrl-C on a table or a solve
    /// included). A game is found in it by its script's text and parameters; a file that does not
    /// verify (its header, sizes and MAC) is refused: delete it to start again.
    #[arg(long, global = true, value_name = "FILE")]
    cache: Option<std::path::PathBuf>,
    /// Use a checkpoint or `--cache` file that is not sealed with your key (written by another
    /// user, on another machine or by an older grundy): every value it holds is verified against
    /// the rules first (for a table or search checkpoint, by computing them again), and the file
    /// written back is sealed with your key. Your key is made on first use in
    /// `$XDG_CONFIG_HOME/grundy/key` (`~/.config/grundy/key`), readable by you alone.
    #[arg(long = "import", global = true)]
    import: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Who wins a position, its Grundy value, and every winning move.
    Solve(commands::solve::Args),
    /// List every game grundy knows, with its syntax, rules and an example.
    Games(commands::games::Args),
    /// Answer a classic problem: its input on stdin, its exact output on stdout.
    Problem(commands::problem::Args),
    /// Arithmetic in the nimber field: `nimber add|mul A B`, `nimber inv A`.
    Nimber(commands::nimber::Args),
    /// A table of values: G(0..N) of a heap game (grid, JSON or CSV, with its period), every
    /// vertex of a graph, the grid of a board game, or any game's positions of one or two numbers.
    Table(commands::table::Args),
    /// Check a conjectured formula for a game's values (or P-positions) over a range.
    Check(commands::check::Args),
    /// Find a formula for a game's values (or P-positions): fitted on the first part of its
    /// table, validated on the rest, labelled proved or checked, printed for `check --formula`
    /// and as C++ and Python functions.
    Guess(commands::guess::Args),
    /// Play a position against the perfect engine (moves read line by line from stdin).
    Play(commands::play::Args),
    /// Draw a game's values: G(n) against n, or a heat map for two-variable games (SVG or PNG).
    Plot(commands::plot::Args),
    /// The misère quotient of a heap game: its order, presentation, P-portion and the element
    /// of each heap size, proved heap size by heap size (and for every heap by the periodicity
    /// theorem).
    Quotient(commands::quotient::Args),
    /// A census of a family of games (0.???, sub:{1..8}^3, bash:1..50, script:F?k=1..20): each
    /// game tabulated to its proved period or --upto, a row a game in a SQLite file that
    /// --query and --export read back.
    Census(commands::census::Args),
    /// The working behind the answer, as the tutorials teach it: a game's options with their
    /// values and the mex, or a sum's values in binary, their XOR and the winning move found
    /// from its highest bit.
    Explain(commands::explain::Args),
}

/// The command line with `--` put before a position that starts with a minus sign (a board
/// coordinate `-1,0`, a negative number), when only positions follow it: no option of grundy
/// starts with `-` and a digit, so the word is a position, which the parser would otherwise read
/// as an unknown option `-1`. After an option that takes a value (`--upto -5`) the word is that
/// value, and is left alone.
fn words_after_options(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let negative = |a: &std::ffi::OsString| {
        a.to_str().is_some_and(|a| {
            let mut c = a.chars();
            c.next() == Some('-') && c.next().is_some_and(|d| d.is_ascii_digit())
        })
    };
    let option = |a: &std::ffi::OsString| a.to_str().is_some_and(|a| a.starts_with('-'));
    let Some(first) = args.iter().position(negative).filter(|&i| i > 0) else {
        return args;
    };
    let after_option = args[first - 1]
        .to_str()
        .is_some_and(|a| a.starts_with("--") && !a.contains('='));
    let ended = args[..first].iter().any(|a| a == "--");
    let only_positions = args[first..].iter().all(|a| negative(a) || !option(a));
    if after_option || ended || !only_positions {
        return args;
    }
    let mut out = args;
    out.insert(first, "--".into());
    out
}

fn main() -> ExitCode {
    restore_sigpipe();
    out::install_panic_hook();
    let cli = match Cli::try_parse_from(words_after_options(std::env::args_os().collect())) {
        Ok(cli) => cli,
        Err(e) => usage_error(e),
    };
    memory::set_budget(cli.memory.unwrap_or_else(memory::default_budget));
    failure::set_max_positions(cli.max_positions);
    let search = grundy_core::limits::Limits {
        positions: cli.max_positions.max(1),
        memory: Some(memory::running_low),
        progress: Some(progress::searched),
        table_progress: Some(progress::table_values),
        // The transposition table of a hard single game (Cram, Chomp) is allocated whole: half
        // the budget, so its search keeps room for everything else under --memory.
        table_budget: Some(memory::budget() / 2),
        checkpointing: None,
    };
    let script_limits = grundy_script::ScriptLimits {
        operations: cli.script_max_ops,
        depth: cli.script_max_depth,
        memory_mib: cli.script_max_memory,
        size: cli.script_max_size,
    };
    if let Err(m) = script_limits.check() {
        out::error_line(format_args!("{m}"));
        return ExitCode::from(2);
    }
    let mut session = grundy_front::session::Session::new(grundy_script::ScriptSettings {
        limits: script_limits,
        search,
        params: grundy_script::Params::new(cli.params),
        memory_probe: Some(memory::thread_net),
        progress: Some(progress::script_expanded),
        line_budget: Some(line_budget),
        interrupt: Some(commands::table::interrupt_flag()),
    });
    session.keyring = std::sync::Arc::new(grundy_core::seal::Keyring::for_user(cli.import));
    if let Some(path) = &cli.cache {
        let opened = session
            .keyring
            .trust()
            .and_then(|trust| session.scripts.open_cache(path, &trust, &line_budget));
        if let Err(m) = opened {
            out::error_line(format_args!("{m}"));
            return ExitCode::from(2);
        }
    }
    progress::start();
    let result = match cli.command {
        Command::Solve(args) => commands::solve::run(args, &session),
        Command::Games(args) => commands::games::run(args, &session),
        Command::Problem(args) => commands::problem::run(args),
        Command::Nimber(args) => commands::nimber::run(args),
        Command::Table(args) => commands::table::run(args, &session),
        Command::Check(args) => commands::check::run(args, &session),
        Command::Guess(args) => commands::guess::run(args, &session),
        Command::Play(args) => commands::play::run(args, &session),
        Command::Plot(args) => commands::plot::run(args, &session),
        Command::Quotient(args) => commands::quotient::run(args, &session),
        Command::Census(args) => commands::census::run(args, &session),
        Command::Explain(args) => commands::explain::run(args, &session),
    };
    progress::finish();
    match save_cache(&session.scripts, result) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if !matches!(failure, failure::Failure::Refuted) {
                out::error_line(format_args!("{failure}"));
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Writes each script's line back to the `--cache` file, if one was given, whatever the
/// command's end (an error, Ctrl-C on a table, or on a solve, whose handler calls this before the
/// process ends): the values computed are right. A write that fails is `result`'s failure, or
/// one more error line after it.
pub fn save_cache(
    scripts: &grundy_script::Runtime,
    result: Result<(), failure::Failure>,
) -> Result<(), failure::Failure> {
    match (result, scripts.save_cache()) {
        (result, Ok(_)) => result,
        (Ok(()), Err(m)) => Err(failure::Failure::Compute(m)),
        (Err(failure), Err(m)) => {
            out::error_line(format_args!("{m}"));
            Err(failure)
        }
    }
}

/// What a script's shared line of heaps (and a cache file read) asks of the `--memory` budget.
fn line_budget(what: &str, bytes: u64) -> Result<(), String> {
    memory::reserve(what, bytes).map_err(|f| f.to_string())
}

/// A command line clap refuses: one line (its error and tip) and exit 2, like every other bad
/// input, rather than clap's usage block. Help and version requests print as clap prints them,
/// and a failed write of them (a full disk) fails as any other output does.
fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    use std::io::Write as _;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // `exit` ignores a failed write; `print` reports it, and the flush its last bytes.
        if let Err(err) = e.print().and_then(|()| std::io::stdout().flush()) {
            if !e.use_stderr() {
                out::stdout_failed(&err);
            }
        }
        std::process::exit(e.exit_code())
    }
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("bad command line");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let tip = lines
        .find_map(|l| l.strip_prefix("tip: "))
        .map(|t| format!(" ({t})"))
        .unwrap_or_default();
    out::error_line(format_args!("{first}{tip}; see 'grundy --help'"));
    std::process::exit(2)
}

/// Rust ignores SIGPIPE, so `println!` panics when the reader goes away (`grundy games | head`).
/// Like other Unix filters, grundy should simply stop: restore the default action.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
