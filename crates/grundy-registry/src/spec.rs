//! The game-spec grammar shared by every command.
//!
//! A command line names one or more components separated by a lone `+`:
//!
//! ```text
//! SUM       := COMPONENT ( "+" COMPONENT )*
//! COMPONENT := GAME POSITION-WORD*
//! GAME      := NAME [ ":" PARAMETERS ]        e.g. nim, bash:3, sub:1,3,4, 0.77
//! ```
//!
//! What the parameters and position words mean is up to each ruleset; this module only splits the
//! words, remembers where each came from (so errors can name the argument) and offers the number
//! parsers every ruleset needs.

use std::fmt;

use thiserror::Error;

/// One word of input and where it came from, for error messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// Where the word was read, e.g. `argument 3` or `stdin item 12`.
    pub origin: String,
    /// The word itself.
    pub text: String,
}

impl Word {
    /// A word read from `origin`.
    pub fn new(origin: impl Into<String>, text: impl Into<String>) -> Self {
        Word {
            origin: origin.into(),
            text: text.into(),
        }
    }

    /// An error about this word.
    pub fn error(&self, message: impl Into<String>) -> SpecError {
        SpecError {
            origin: self.origin.clone(),
            text: self.text.clone(),
            message: message.into(),
        }
    }

    /// Command-line arguments as words named `argument 1`, `argument 2`, ….
    pub fn from_args<S: AsRef<str>>(args: &[S]) -> Vec<Word> {
        args.iter()
            .enumerate()
            .map(|(i, a)| Word::new(format!("argument {}", i + 1), a.as_ref()))
            .collect()
    }
}

/// Bad input: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct SpecError {
    /// Where, e.g. `argument 3`.
    pub origin: String,
    /// The offending text.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SpecError {
    /// `origin ('text'): message`, a long text (10^5 heaps in one word, a 10,000-digit code)
    /// shortened wherever it is echoed: see [`shorten`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = shorten(&self.text);
        let mut message = std::borrow::Cow::Borrowed(self.message.as_str());
        if text.len() < self.text.len() && message.contains(self.text.as_str()) {
            message = message.replace(self.text.as_str(), &text).into();
        }
        write!(
            f,
            "{} ('{}'): {}",
            self.origin,
            text,
            shorten_long_runs(&message)
        )
    }
}

/// Texts longer than this many characters are shortened in messages.
pub const SHORTEN_PAST: usize = 300;

/// `text` as an error message echoes it: whole up to [`SHORTEN_PAST`] characters, else its first
/// 100 and last 40 characters and how many there are in all (never cut inside a character).
///
/// ```
/// use grundy_registry::spec::shorten;
/// assert_eq!(shorten("3 4 5"), "3 4 5");
/// let long = "7".repeat(10_000);
/// let short = shorten(&long);
/// assert!(short.starts_with(&"7".repeat(100)) && short.ends_with("7 (10000 characters)"));
/// assert!(short.len() < 200);
/// ```
pub fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    const HEAD: usize = 100;
    const TAIL: usize = 40;
    // The byte offset of the character `SHORTEN_PAST` (none: the text is short enough).
    if text.char_indices().nth(SHORTEN_PAST).is_none() {
        return text.into();
    }
    let count = text.chars().count();
    let head_end = text.char_indices().nth(HEAD).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .rev()
        .nth(TAIL - 1)
        .map_or(0, |(i, _)| i);
    format!(
        "{}…{} ({count} characters)",
        &text[..head_end],
        &text[tail_start..]
    )
    .into()
}

/// `message` with each run of non-blank characters longer than [`SHORTEN_PAST`] shortened (a
/// position or game word a message quotes): what a front end applies to every error it prints.
///
/// ```
/// use grundy_registry::spec::shorten_long_runs;
/// let message = format!("argument 1 ('{}'): --csv is for heap games", "1-2,".repeat(500));
/// assert!(shorten_long_runs(&message).len() < 250);
/// ```
pub fn shorten_long_runs(message: &str) -> std::borrow::Cow<'_, str> {
    let long = |run: &&str| run.chars().nth(SHORTEN_PAST).is_some();
    if !message.split(char::is_whitespace).any(|r| long(&r)) {
        return message.into();
    }
    let mut out = String::with_capacity(message.len().min(4 * SHORTEN_PAST));
    let mut rest = message;
    while !rest.is_empty() {
        let blank = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        out.push_str(&rest[..blank]);
        rest = &rest[blank..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&shorten(&rest[..end]));
        rest = &rest[end..];
    }
    out.into()
}

/// A game name with its optional parameters, e.g. `bash:3` is name `bash`, parameters `3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The word the spec was read from.
    pub word: Word,
    /// The name, before the first `:`.
    pub name: String,
    /// What follows the first `:`, if anything.
    pub params: Option<String>,
}

impl GameSpec {
    /// Splits `name[:params]`.
    pub fn parse(word: &Word) -> GameSpec {
        let (name, params) = match word.text.split_once(':') {
            Some((n, p)) => (n.to_string(), Some(p.to_string())),
            None => (word.text.clone(), None),
        };
        GameSpec {
            word: word.clone(),
            name,
            params,
        }
    }

    /// The parameters, or an error saying that `syntax` needs them.
    pub fn require_params(&self, syntax: &str) -> Result<&str, SpecError> {
        match self.params.as_deref() {
            Some(p) if !p.is_empty() => Ok(p),
            _ => Err(self
                .word
                .error(format!("this game needs parameters: {syntax}"))),
        }
    }

    /// An error unless the game was named without parameters.
    pub fn forbid_params(&self) -> Result<(), SpecError> {
        match &self.params {
            None => Ok(()),
            Some(_) => Err(self
                .word
                .error(format!("the game '{}' takes no parameters", self.name))),
        }
    }

    /// An error about the parameters.
    pub fn error(&self, message: impl Into<String>) -> SpecError {
        self.word.error(message)
    }
}

/// One component of a command line: a game and its position words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentSpec {
    /// The game.
    pub game: GameSpec,
    /// The position words that follow it.
    pub position: Vec<Word>,
}

/// Splits words into components at each lone `+`.
///
/// ```
/// use grundy_registry::spec::{split_sum, Word};
/// let words = Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"]);
/// let sum = split_sum(&words).unwrap();
/// assert_eq!(sum.len(), 2);
/// assert_eq!(sum[1].game.name, "bash");
/// assert_eq!(sum[1].game.params.as_deref(), Some("3"));
/// ```
pub fn split_sum(words: &[Word]) -> Result<Vec<ComponentSpec>, SpecError> {
    let mut out = Vec::new();
    let mut rest = words;
    loop {
        let end = rest
            .iter()
            .position(|w| w.text == "+")
            .unwrap_or(rest.len());
        let (part, tail) = rest.split_at(end);
        let Some((game, position)) = part.split_first() else {
            let at = tail
                .first()
                .or(words.last())
                .cloned()
                .unwrap_or_else(|| Word::new("the command line", ""));
            return Err(at.error("expected a game name here (e.g. nim, bash:3)"));
        };
        out.push(ComponentSpec {
            game: GameSpec::parse(game),
            position: position.to_vec(),
        });
        match tail.split_first() {
            Some((_plus, after)) => rest = after,
            None => return Ok(out),
        }
    }
}

/// Parses a whole number `0..=max`, naming `what` in errors.
pub fn parse_number(word: &Word, what: &str, max: u64) -> Result<u64, SpecError> {
    parse_number_text(&word.text, what, max).map_err(|m| word.error(m))
}

/// Parses a whole number `0..=max` from part of a word; the error is the message alone.
pub fn parse_number_text(text: &str, what: &str, max: u64) -> Result<u64, String> {
    let t = text.trim();
    if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
        // "-0" is zero, not negative: the message must say what is really wrong.
        return Err(if t[1..].bytes().all(|b| b == b'0') {
            format!("{what} is written without a sign (0, not {t})")
        } else {
            format!("{what} must not be negative")
        });
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} must be a whole number"));
    }
    match t.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("{what} must be at most {max}")),
    }
}

/// Parses a list of heap sizes, each at most `max`. No words are the empty position (every heap
/// taken, value 0): what `grundy play` writes when a sum's part is finished.
pub fn parse_heaps(_spec: &GameSpec, words: &[Word], max: u64) -> Result<Vec<u64>, SpecError> {
    words
        .iter()
        .map(|w| parse_number(w, "a heap size", max))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_with_clear_messages() {
        let w = Word::new("argument 2", "-4");
        assert_eq!(
            parse_number(&w, "a heap size", 10).unwrap_err().to_string(),
            "argument 2 ('-4'): a heap size must not be negative"
        );
        let w = Word::new("argument 2", "x");
        assert!(parse_number(&w, "a heap size", 10).is_err());
        let w = Word::new("argument 2", "11");
        assert!(parse_number(&w, "a heap size", 10).is_err());
        let w = Word::new("argument 2", "99999999999999999999999");
        assert!(parse_number(&w, "a heap size", u64::MAX).is_err());
        assert_eq!(parse_number(&Word::new("a", "10"), "n", 10), Ok(10));
    }

    #[test]
    fn long_texts_are_shortened_in_messages_at_character_boundaries() {
        let long = "é".repeat(1000);
        let short = shorten(&long);
        assert_eq!(
            short,
            format!("{}…{} (1000 characters)", "é".repeat(100), "é".repeat(40))
        );
        let exact = "x".repeat(SHORTEN_PAST);
        assert_eq!(shorten(&exact), exact);
        // The text and every echo of it in the message, and other long runs of the message.
        let word = format!("0.{}x", "7".repeat(10_000));
        let e = Word::new("argument 1", word.as_str()).error(format!(
            "unknown game '{word}': see {} here",
            "y".repeat(5000)
        ));
        let line = e.to_string();
        assert!(line.len() < 1000, "{} bytes", line.len());
        assert!(line.starts_with("argument 1 ('0.777"), "{line}");
        assert!(
            line.contains("7x (10003 characters)'): unknown game '0.777"),
            "{line}"
        );
        assert!(line.contains("see yyy") && line.ends_with("y (5000 characters) here"));
        // Short texts are untouched.
        let e = Word::new("argument 2", "x").error("a heap size must be a whole number");
        assert_eq!(
            e.to_string(),
            "argument 2 ('x'): a heap size must be a whole number"
        );
    }

    #[test]
    fn empty_components_are_errors() {
        assert!(split_sum(&Word::from_args(&["nim", "3", "+"])).is_err());
        assert!(split_sum(&Word::from_args(&["+", "nim", "3"])).is_err());
        assert!(split_sum(&Word::from_args::<&str>(&[])).is_err());
    }
}
