//! Progress on stderr for searches that report it themselves (a game script's expansions): a
//! spinner once the work has gone on for a second, cleared when the command ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

static STARTED: OnceLock<Instant> = OnceLock::new();
static BAR: OnceLock<ProgressBar> = OnceLock::new();
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

/// `grundy_games::script::set_progress_reporter`'s reporter.
pub fn script_expanded(game: &str, expanded: u64) {
    if QUIET.load(Ordering::Relaxed) {
        return;
    }
    let started = STARTED.get_or_init(Instant::now);
    if started.elapsed() < Duration::from_secs(1) {
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
    bar.set_message(format!("{game}: {expanded} positions expanded"));
    bar.tick();
}

/// Clears the spinner, if one was shown.
pub fn finish() {
    if let Some(bar) = BAR.get() {
        bar.finish_and_clear();
    }
}
