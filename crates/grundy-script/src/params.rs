//! Parameters of a game script: `script:FILE?k=3&s=10`, `script:{...}?k=3` and the command line's
//! `--param k=3`, each visible to every function of the script as a constant `k`.
//!
//! A contest's test cases differ in a few numbers (the most a move may take, a board's size); a
//! parameter passes them without writing the script again. A value is read as a position word
//! is (`3`, `1,2`, `[[1],[2]]`, `"x"`, a plain word as a string), or `true` / `false`.

use rhai::Dynamic;

use super::position::Position;
use super::program::to_dynamic;

/// Parameters by name, in the order given; a later one of the same name replaces an earlier one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params(Vec<(String, String)>);

impl Params {
    /// The parameters `pairs` (the command line's `--param NAME=VALUE`, each checked by
    /// [`parse_one`]); of a name given twice the later value counts, as in a spec's query.
    pub fn new(pairs: Vec<(String, String)>) -> Params {
        let mut kept = Params::default();
        for (name, value) in pairs {
            kept.set(name, value);
        }
        kept
    }
}

/// `NAME=VALUE`, checked: the name is an identifier a script can read, the value parses.
pub fn parse_one(item: &str) -> Result<(String, String), String> {
    let (name, value) = item
        .split_once('=')
        .ok_or_else(|| format!("{item:?} is not NAME=VALUE"))?;
    let ident = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ident {
        return Err(format!(
            "{name:?} is not a name a script can read (letters, digits and _, not first a digit)"
        ));
    }
    let _: Dynamic = value_of(value).map_err(|m| format!("{name}={value}: {m}"))?;
    Ok((name.to_string(), value.to_string()))
}

/// The value a parameter's text stands for.
fn value_of(text: &str) -> Result<Dynamic, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && text.parse::<i64>().is_err()
    {
        // A plain word is a string, but a number too big is no string the user meant.
        return Err(format!(
            "{text} is past the numbers a script holds (-2^63 to 2^63 - 1)"
        ));
    }
    match text {
        "true" => Ok(Dynamic::TRUE),
        "false" => Ok(Dynamic::FALSE),
        _ => Position::parse_word(text).map(|p| to_dynamic(&p)),
    }
}

impl Params {
    /// Every parameter, `(name, value)` in the order given.
    pub(super) fn pairs(&self) -> &[(String, String)] {
        &self.0
    }

    /// These parameters, then those of `query` (`k=3&s=10`, what follows `?` in a spec), which
    /// replace any of the same name.
    pub fn with_query(mut self, query: &str) -> Result<Params, String> {
        for item in query.split('&').filter(|s| !s.is_empty()) {
            let (name, value) = parse_one(item)?;
            self.set(name, value);
        }
        Ok(self)
    }

    /// `name` set to `value`, replacing an earlier value of the name.
    fn set(&mut self, name: String, value: String) {
        self.0.retain(|(n, _)| *n != name);
        self.0.push((name, value));
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each name with its value, for the engine.
    pub fn values(&self) -> Vec<(String, Dynamic)> {
        self.0
            .iter()
            .map(|(n, v)| (n.clone(), value_of(v).expect("checked when given")))
            .collect()
    }

    /// The names no word of `text` reads: a parameter the script never mentions is a typo.
    pub fn unread(&self, text: &str) -> Vec<&str> {
        self.0
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !mentions(text, n))
            .collect()
    }
}

/// Whether `name` occurs in `text` as a whole word.
fn mentions(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Splits a spec's text into the script (a file name or `{...}`) and its query, if any: an
/// inline script ends at its last `}`, a file name at its last `?`.
pub fn split_spec(text: &str) -> (&str, Option<&str>) {
    if text.starts_with('{') {
        if let Some(end) = text.rfind('}') {
            let (script, rest) = text.split_at(end + 1);
            if let Some(query) = rest.strip_prefix('?') {
                return (script, Some(query));
            }
        }
        return (text, None);
    }
    match text.rsplit_once('?') {
        Some((file, query)) => (file, Some(query)),
        None => (text, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_splits_at_its_query() {
        assert_eq!(
            split_spec("half.rhai?k=3&s=1"),
            ("half.rhai", Some("k=3&s=1"))
        );
        assert_eq!(split_spec("half.rhai"), ("half.rhai", None));
        assert_eq!(
            split_spec("{fn moves(n) { [n?1] }}?k=2"),
            ("{fn moves(n) { [n?1] }}", Some("k=2"))
        );
        assert_eq!(
            split_spec("{fn moves(n) { [] }}"),
            ("{fn moves(n) { [] }}", None)
        );
    }

    #[test]
    fn later_parameters_replace_earlier_ones() {
        let p = Params(vec![("k".into(), "1".into())])
            .with_query("s=2&k=3")
            .unwrap();
        assert_eq!(
            p.0,
            vec![("s".into(), "2".into()), ("k".into(), "3".into())]
        );
    }

    #[test]
    fn bad_parameters_say_why() {
        assert!(parse_one("k").unwrap_err().contains("NAME=VALUE"));
        assert!(parse_one("1k=2").unwrap_err().contains("not a name"));
        assert!(parse_one("k=[1,").unwrap_err().starts_with("k=[1,: "));
        assert!(parse_one("k=").unwrap_err().contains("empty"));
    }

    #[test]
    fn names_are_found_as_whole_words() {
        assert!(mentions("fn moves(n) { n - k }", "k"));
        assert!(!mentions("fn moves(n) { n - kk }", "k"));
        assert!(!mentions("fn moves(n) { n - k_2 }", "k"));
    }
}
