//! Progress on stderr for work that reports it itself (a game script's expansions, the values a
//! heap game's position needs): a spinner or a bar once the work has gone on for a second,
//! cleared when the command ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

static STARTED: OnceLock<Instant> = OnceLock::new();
static BAR: OnceLock<ProgressBar> = OnceLock::new();
static TABLE_BAR: OnceLock<ProgressBar> = OnceLock::new();
/// Set while a command shows a bar of its own (a table with its count and ETA).
static QUIET: AtomicBool = AtomicBool::new(false);

/// Starts the clock: work reported later than a second from now shows a spinner.
pub fn start() {
    let _ = STARTED.set(Instant::now());
}

/// Whether this module keeps quiet (another bar is showing).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether progress is shown now: the command has gone on for a second and no bar of its own
/// is showing.
fn showing() -> bool {
    !QUIET.load(Ordering::Relaxed)
        && STARTED.get_or_init(Instant::now).elapsed() >= Duration::from_secs(1)
}

/// The script runtime's reporter (`grundy_script::ScriptSettings::progress`).
pub fn script_expanded(game: &str, expanded: u64) {
    spin(|| format!("{game}: {expanded} positions expanded"));
}

/// When stderr is not a terminal (a log, a pipe) a spinner draws nothing: one plain line
/// instead, after this long and then at this interval.
const PLAIN_EVERY: Duration = Duration::from_secs(30);
const PLAIN_FIRST: Duration = Duration::from_secs(5);
static PLAIN_LAST: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);

/// Shows the message on the spinner, once progress is shown (it is written only then); on a
/// stderr that is not a terminal, as a plain line every [`PLAIN_EVERY`].
fn spin(message: impl FnOnce() -> String) {
    if !showing() {
        return;
    }
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let started = *STARTED.get_or_init(Instant::now);
        let mut last = PLAIN_LAST.lock().unwrap_or_else(|e| e.into_inner());
        let due = match *last {
            None => started.elapsed() >= PLAIN_FIRST,
            Some(t) => t.elapsed() >= PLAIN_EVERY,
        };
        if due {
            *last = Some(Instant::now());
            eprintln!("{} ({} s)", message(), started.elapsed().as_secs());
        }
        return;
    }
    let bar = BAR.get_or_init(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    });
    bar.set_message(message());
    bar.tick();
}

/// `grundy quotient`'s stages: the heap size added and the quotient's order.
pub fn quotient_stage(game: &str, heap: u64, order: usize) {
    spin(|| format!("{game}: misère quotient to heap {heap}, order {order}"));
}

/// `grundy guess`'s stages: what the search is doing (the reporter of its settings,
/// `grundy_front::guess::Settings::stage`).
pub fn guessing(stage: &str) {
    spin(|| stage.to_string());
}

/// The search limits' reporter (`grundy_core::limits::Limits::progress`): a search's count of
/// positions, and how many it stores a second on average since the command started.
pub fn searched(what: &str, stored: u64) {
    spin(|| {
        let seconds = STARTED.get_or_init(Instant::now).elapsed().as_secs_f64();
        let rate = stored as f64 / seconds.max(1e-3);
        format!("{what}: {stored} positions stored, {rate:.0} a second")
    });
}

/// The reporter of `Limits::table_progress`: a bar of values with an estimate.
/// On a stderr that is not a terminal, a plain line as soon as progress is shown (a second in)
/// and then every [`PLAIN_EVERY`]: a solve that computes for minutes says so in a log too.
pub fn table_values(what: &str, done: u64, total: u64) {
    if !showing() {
        return;
    }
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let started = *STARTED.get_or_init(Instant::now);
        let mut last = PLAIN_LAST.lock().unwrap_or_else(|e| e.into_inner());
        if last.is_none_or(|t| t.elapsed() >= PLAIN_EVERY) {
            *last = Some(Instant::now());
            eprintln!(
                "grundy: computing {what}: {done} of {total} ({} s)",
                started.elapsed().as_secs()
            );
        }
        return;
    }
    let bar = TABLE_BAR.get_or_init(|| {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} {pos}/{len} ({elapsed}, eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    bar.set_length(total);
    bar.set_message(what.to_string());
    bar.set_position(done);
}

/// Clears the spinner and the bar, if they were shown.
pub fn finish() {
    if let Some(bar) = BAR.get() {
        bar.finish_and_clear();
    }
    if let Some(bar) = TABLE_BAR.get() {
        bar.finish_and_clear();
    }
}

/// A bar for work that counts its own steps, shown only once the work has gone on for a second.
pub struct LazyBar {
    started: Instant,
    total: u64,
    what: &'static str,
    bar: Option<ProgressBar>,
    /// When stderr is not a terminal: when the last plain line was written.
    plain: Option<Instant>,
}

impl LazyBar {
    /// A bar of `total` steps, each one of `what` (e.g. "positions").
    pub fn new(total: u64, what: &'static str) -> Self {
        LazyBar {
            started: Instant::now(),
            total,
            what,
            bar: None,
            plain: None,
        }
    }

    /// `done` steps are done.
    pub fn set(&mut self, done: u64) {
        if self.started.elapsed() <= Duration::from_secs(1) {
            return;
        }
        if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            // A bar draws nothing in a log or a pipe: a plain line after a second, then every
            // PLAIN_EVERY.
            if self.plain.is_none_or(|t| t.elapsed() >= PLAIN_EVERY) {
                self.plain = Some(Instant::now());
                eprintln!(
                    "grundy: {done}/{} {} ({} s)",
                    self.total,
                    self.what,
                    self.started.elapsed().as_secs()
                );
            }
            return;
        }
        if self.bar.is_none() {
            let bar = ProgressBar::new(self.total);
            let template = format!(
                "{{spinner}} {{pos}}/{{len}} {} ({{per_sec}}, eta {{eta}})",
                self.what
            );
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }
}

impl Drop for LazyBar {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
