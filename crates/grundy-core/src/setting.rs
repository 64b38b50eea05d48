//! The settings a user can change, named in the library's messages as data.
//!
//! A message often has to tell the user which setting to change: give an upper bound, raise a
//! cap, ask for outcome only. Each front end names the same setting its own way — `--upto N` on
//! the command line, `upto=N` in Python, the "Up to" field on the page — so a library message
//! must not use any one of those words. It writes a [`Setting`] instead (or [`Setting::given`],
//! the setting with a value), which formats as a marked token; each front end passes the finished
//! message through [`word`] with its own vocabulary just before showing it.
//!
//! ```
//! use grundy_core::setting::{word, Setting};
//!
//! let message = format!("give {} (or {})", Setting::Upto.given("N"), Setting::Period);
//! let cli = word(&message, |s, value| match value {
//!     Some(v) => format!("--{} {v}", s.key()),
//!     None => format!("--{}", s.key()),
//! });
//! assert_eq!(cli, "give --upto N (or --period)");
//! assert_eq!(word(&message, |s, _| s.key().to_string()), "give upto (or period)");
//! ```

use std::borrow::Cow;
use std::fmt;

/// Opens a setting's token in a message: a character of Unicode's private use area, which no
/// text a user types into a game's position or formula is expected to hold.
const OPEN: char = '\u{E000}';
/// Ends a setting's token.
const CLOSE: char = '\u{E001}';
/// Separates a setting's key from its value inside a token.
const VALUE: char = '\u{E002}';

/// A setting the user can change, as the library names it in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The largest position a table, check or guess covers.
    Upto,
    /// The largest heap a table computes while it looks for a period.
    Max,
    /// Tabulate until a period is proved.
    Period,
    /// The first position a check compares.
    From,
    /// A conjectured formula for the values.
    Formula,
    /// Who wins alone, without the Grundy value.
    Outcome,
    /// The value without the winning moves.
    NoMoves,
    /// Misère play.
    Misere,
    /// Every-SG play.
    Every,
    /// Continue an interrupted table from its checkpoint.
    Resume,
    /// Import a checkpoint or cache not sealed with the user's key, verifying every value.
    Import,
    /// The memory budget.
    Memory,
    /// The most positions a search may store.
    MaxPositions,
    /// The most operations one call of a game script may take.
    ScriptMaxOps,
    /// The deepest a game script's calls may nest.
    ScriptMaxDepth,
    /// The largest string, array or map a game script may build.
    ScriptMaxSize,
    /// The most memory one call of a game script may hold.
    ScriptMaxMemory,
    /// A parameter given to every game script of the command.
    Param,
    /// A table's values as CSV.
    Csv,
    /// How a table is computed (`naive`: every option of every position).
    Method,
}

impl Setting {
    /// Every setting, in declaration order.
    pub const ALL: [Setting; 20] = [
        Setting::Upto,
        Setting::Max,
        Setting::Period,
        Setting::From,
        Setting::Formula,
        Setting::Outcome,
        Setting::NoMoves,
        Setting::Misere,
        Setting::Every,
        Setting::Resume,
        Setting::Import,
        Setting::Memory,
        Setting::MaxPositions,
        Setting::ScriptMaxOps,
        Setting::ScriptMaxDepth,
        Setting::ScriptMaxSize,
        Setting::ScriptMaxMemory,
        Setting::Param,
        Setting::Csv,
        Setting::Method,
    ];

    /// The setting's stable key, lower case with hyphens (`upto`, `no-moves`,
    /// `script-max-ops`): what a message token holds, and the name a front end can build its own
    /// word from.
    pub const fn key(self) -> &'static str {
        match self {
            Setting::Upto => "upto",
            Setting::Max => "max",
            Setting::Period => "period",
            Setting::From => "from",
            Setting::Formula => "formula",
            Setting::Outcome => "outcome",
            Setting::NoMoves => "no-moves",
            Setting::Misere => "misere",
            Setting::Every => "every",
            Setting::Resume => "resume",
            Setting::Import => "import",
            Setting::Memory => "memory",
            Setting::MaxPositions => "max-positions",
            Setting::ScriptMaxOps => "script-max-ops",
            Setting::ScriptMaxDepth => "script-max-depth",
            Setting::ScriptMaxSize => "script-max-size",
            Setting::ScriptMaxMemory => "script-max-memory",
            Setting::Param => "param",
            Setting::Csv => "csv",
            Setting::Method => "method",
        }
    }

    /// The setting whose [`key`](Setting::key) is `key`.
    pub fn from_key(key: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The setting given a value (`N`, a number, a file), for a message that says how to set it:
    /// the command line words it `--upto N`, Python `upto=N`.
    pub fn given(self, value: impl fmt::Display) -> Given {
        Given(self, value.to_string())
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{OPEN}{}{CLOSE}", self.key())
    }
}

/// A setting with a value, as a message names it: see [`Setting::given`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given(Setting, String);

impl fmt::Display for Given {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A value holding our marks (it never should) could not be read back: drop them.
        let value: String = self
            .1
            .chars()
            .filter(|c| ![OPEN, CLOSE, VALUE].contains(c))
            .collect();
        write!(f, "{OPEN}{}{VALUE}{value}{CLOSE}", self.0.key())
    }
}

/// `message` with each setting's token replaced by `name(setting, value)`: the front end's word
/// for it. A message without tokens is returned as it is, uncopied. A token that cannot be read
/// (cut in half by a shortened message) is dropped rather than shown as private-use characters.
pub fn word<'a>(message: &'a str, name: impl Fn(Setting, Option<&str>) -> String) -> Cow<'a, str> {
    if !message.contains(OPEN) {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + OPEN.len_utf8()..];
        let Some(end) = after.find(CLOSE) else {
            rest = after;
            continue;
        };
        let token = &after[..end];
        let (key, value) = match token.split_once(VALUE) {
            Some((key, value)) => (key, Some(value)),
            None => (token, None),
        };
        if let Some(setting) = Setting::from_key(key) {
            out.push_str(&name(setting, value));
        }
        rest = &after[end + CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    out.retain(|c| ![OPEN, CLOSE, VALUE].contains(&c));
    Cow::Owned(out)
}

/// `message` with each setting named by its bare key (`upto`, `upto N`): for logs and tests,
/// which belong to no front end.
pub fn plain(message: &str) -> Cow<'_, str> {
    word(message, |s, value| match value {
        Some(v) => format!("{} {v}", s.key()),
        None => s.key().to_string(),
    })
}

/// The setting whose token opens `message`, if one does (a bad range opens with the range's
/// setting): a front end may choose the kind of error by it.
pub fn leading(message: &str) -> Option<Setting> {
    let rest = message.strip_prefix(OPEN)?;
    let end = rest.find([CLOSE, VALUE])?;
    Setting::from_key(&rest[..end])
}

/// Whether `message` still holds a setting's token: a front end's tests use it to show that
/// every message it prints was worded.
pub fn has_tokens(message: &str) -> bool {
    message.contains([OPEN, CLOSE, VALUE])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(s: Setting, value: Option<&str>) -> String {
        match value {
            Some(v) => format!("--{} {v}", s.key()),
            None => format!("--{}", s.key()),
        }
    }

    #[test]
    fn every_key_reads_back() {
        for s in Setting::ALL {
            assert_eq!(Setting::from_key(s.key()), Some(s));
            assert_eq!(word(&s.to_string(), cli), format!("--{}", s.key()));
        }
    }

    #[test]
    fn tokens_are_worded_in_place() {
        let m = format!(
            "{} ('5x'): raise it with {}; then {}",
            Setting::Upto,
            Setting::MaxPositions.given("N"),
            Setting::Resume
        );
        assert!(has_tokens(&m));
        let worded = word(&m, cli);
        assert_eq!(
            worded,
            "--upto ('5x'): raise it with --max-positions N; then --resume"
        );
        assert!(!has_tokens(&worded));
    }

    #[test]
    fn the_leading_setting_is_found_with_or_without_its_value() {
        assert_eq!(
            leading(&format!("{} ('x')", Setting::Upto)),
            Some(Setting::Upto)
        );
        assert_eq!(
            leading(&format!("{}: x", Setting::Upto.given(9))),
            Some(Setting::Upto)
        );
        assert_eq!(leading(&format!("give {}", Setting::Upto)), None);
    }

    #[test]
    fn a_message_without_tokens_is_not_copied() {
        assert!(matches!(word("no setting here", cli), Cow::Borrowed(_)));
    }

    #[test]
    fn a_cut_token_leaves_no_marks() {
        let m = Setting::Upto.to_string();
        let cut = &m[..m.len() - CLOSE.len_utf8()];
        let worded = word(cut, cli);
        assert!(!has_tokens(&worded), "{worded:?}");
    }
}
