//! Standard output and error that cannot panic.
//!
//! `println!` panics when the write fails (`grundy solve nim 3 > /dev/full`: exit 101 and a
//! backtrace). Every command prints through [`out!`](crate::out!) and [`outln!`](crate::outln!)
//! instead: a failed write to standard output ends the process with one line on standard error
//! and exit code 1. Whatever was printed before the failure stays printed; nothing after it could
//! reach the reader anyway. A closed pipe still ends the process by SIGPIPE, as for any filter.

use std::fmt;
use std::io::{self, Write};

/// Prints to standard output, or ends the process with one line if the write fails.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::print(format_args!($($arg)*), false) };
}

/// Prints a line to standard output, or ends the process with one line if the write fails.
#[macro_export]
macro_rules! outln {
    () => { $crate::out::print(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::out::print(format_args!($($arg)*), true) };
}

/// What [`out!`] and [`outln!`] call. A setting a library message names is worded as its flag
/// ([`crate::flags::worded`]).
pub fn print(args: fmt::Arguments<'_>, newline: bool) {
    let text = match args.as_str() {
        Some(text) => std::borrow::Cow::Borrowed(text),
        None => std::borrow::Cow::Owned(args.to_string()),
    };
    let text = crate::flags::worded(&text);
    let mut stdout = io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| {
            if newline {
                stdout.write_all(b"\n")
            } else {
                Ok(())
            }
        })
        // stdout is line-buffered: without the flush, text with no newline would fail only at
        // exit, where the error is lost.
        .and_then(|()| stdout.flush());
    if let Err(e) = written {
        stdout_failed(&e);
    }
}

/// Ends the process after a failed write to standard output: one line on standard error, exit 1.
pub fn stdout_failed(e: &io::Error) -> ! {
    error_line(format_args!("writing standard output: {e}"));
    std::process::exit(1)
}

/// Writes `grundy: error: {message}` on standard error; if standard error fails too there is no
/// one left to tell, and the exit code has to say it alone. What the user typed is quoted in
/// messages, so its control characters are escaped here, once for every message: a newline,
/// escape sequence or NUL must not break the one line or drive the terminal; and a quoted text
/// longer than a few hundred characters (10^5 heaps, a long inline graph) is shortened to its
/// ends ([`grundy_registry::spec::shorten_long_runs`]), whatever error quotes it. A setting the
/// message names is worded as its flag first.
pub fn error_line(message: fmt::Arguments<'_>) {
    let message = message.to_string();
    let message = crate::flags::worded(&message);
    let text = escape_controls(&grundy_registry::spec::shorten_long_runs(&message));
    let _ = writeln!(io::stderr().lock(), "grundy: error: {text}");
}

/// `text` with control characters (and the invisible ones that reorder or hide text: a
/// byte-order mark, zero-width spaces, bidirectional overrides) written as Rust escapes, `\n`,
/// `\u{1b}`; everything else, accents and symbols included, as it is.
pub fn escape_controls(text: &str) -> String {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\t' => "\\t".to_string(),
            '\0' => "\\0".to_string(),
            c if hidden(c) => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// A panic in a library that prints (`failed printing to stdout`) is the same failure as ours:
/// one line and exit 1 rather than a backtrace and 101. Any other panic keeps the default report.
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") {
            error_line(format_args!("{message}"));
            std::process::exit(1);
        }
        default(info);
    }));
}

/// Standard output as a [`Write`] for commands that stream (a long table, a game of play): a
/// failed write ends the process like [`out!`] does, so the message is the same everywhere.
pub struct Stdout(io::StdoutLock<'static>);

impl Stdout {
    pub fn lock() -> Self {
        Stdout(io::stdout().lock())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).or_else(|e| stdout_failed(&e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().or_else(|e| stdout_failed(&e))
    }
}

/// A size for people: `3.2 GiB`, `512 MiB`, `40 KiB`, `12 B` (in messages about memory).
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
        let mut unit = 0;
        let mut size = self.0 as f64;
        while size >= 1024.0 && unit + 1 < UNITS.len() {
            size /= 1024.0;
            unit += 1;
        }
        if unit == 0 {
            write!(f, "{} B", self.0)
        } else if size < 10.0 {
            write!(f, "{size:.1} {}", UNITS[unit])
        } else {
            write!(f, "{size:.0} {}", UNITS[unit])
        }
    }
}
