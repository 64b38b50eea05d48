//! Positions of script games: integers, strings, arrays of these, and sums of them.
//!
//! A script hands grundy its positions as Rhai values; grundy keeps them as [`Position`]s, which
//! hash and compare cheaply (the solver's table is keyed by them) and are shared, not copied, when
//! a move leaves most of a position as it was. A *sum* of independent positions (a cut that leaves
//! two pieces) is a position too: its parts are sorted, so `3 + 5` and `5 + 3` are one entry, and
//! a sum of two integers, the commonest, is kept without an allocation ([`Position::Pair`]).

use std::fmt;
use std::sync::Arc;

use serde_json::Value as Json;

/// A position of a script game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Position {
    /// An integer, e.g. a heap size.
    Int(i64),
    /// A string, e.g. a row of coins `"THHT"`.
    Str(Arc<str>),
    /// An array of positions' values, e.g. `[w, h]` for a sheet of paper.
    List(Arc<[Position]>),
    /// The sum of the integer positions `a <= b`.
    Pair(i64, i64),
    /// The sum of these parts: sorted, never one part, never exactly two integers (a
    /// [`Position::Pair`]); no part is itself a sum. No parts: the empty sum, without moves.
    Sum(Arc<[Position]>),
}

impl Position {
    /// The sum of `parts`, in its one normal form: nested sums flattened, parts sorted, a single
    /// part standing for itself.
    pub fn sum(parts: impl IntoIterator<Item = Position>) -> Position {
        let mut parts = parts.into_iter();
        // The commonest sum, two integers, without a vector.
        let (low, _) = parts.size_hint();
        if low == 2 {
            if let (Some(a), Some(b)) = (parts.next(), parts.next()) {
                if let (Position::Int(x), Position::Int(y), None) = (&a, &b, parts.next()) {
                    return Position::pair(*x, *y);
                }
                return Position::sum_slow([a, b].into_iter().chain(parts));
            }
        }
        Position::sum_slow(parts)
    }

    fn sum_slow(parts: impl Iterator<Item = Position>) -> Position {
        let mut flat = Vec::new();
        for p in parts {
            p.push_parts(&mut flat);
        }
        flat.sort_unstable();
        match flat.as_slice() {
            [one] => one.clone(),
            [Position::Int(a), Position::Int(b)] => Position::Pair(*a, *b),
            _ => Position::Sum(flat.into()),
        }
    }

    /// The sum of the two integers `a` and `b`.
    pub fn pair(a: i64, b: i64) -> Position {
        Position::Pair(a.min(b), a.max(b))
    }

    /// Appends the parts of this position if it is a sum, else the position itself.
    fn push_parts(self, out: &mut Vec<Position>) {
        match self {
            Position::Pair(a, b) => out.extend([Position::Int(a), Position::Int(b)]),
            Position::Sum(parts) => out.extend(parts.iter().cloned()),
            p => out.push(p),
        }
    }

    /// The parts of a sum (appended to `out`), or `false` for a position that is not a sum.
    pub fn parts(&self, out: &mut Vec<Position>) -> bool {
        match self {
            Position::Pair(a, b) => {
                out.push(Position::Int(*a));
                out.push(Position::Int(*b));
                true
            }
            Position::Sum(parts) => {
                out.extend(parts.iter().cloned());
                true
            }
            _ => false,
        }
    }

    /// Whether this is a sum (of two or more parts, or of none).
    pub fn is_sum(&self) -> bool {
        matches!(self, Position::Pair(..) | Position::Sum(..))
    }

    /// Reads one command-line word: an integer (`7`, `-2`), a comma list of integers (`3,4`), a
    /// bracketed or quoted literal (`[[1,2],[3]]`, `"7"`), or else the word itself as a string.
    ///
    /// ```
    /// use grundy_games::script::Position;
    /// assert_eq!(Position::parse_word("7"), Ok(Position::Int(7)));
    /// assert_eq!(Position::parse_word("3,4").unwrap().to_string(), "[3, 4]");
    /// assert_eq!(Position::parse_word("[[1,2],[3]]").unwrap().to_string(), "[[1, 2], [3]]");
    /// assert_eq!(Position::parse_word("THHT").unwrap().to_string(), "\"THHT\"");
    /// ```
    pub fn parse_word(text: &str) -> Result<Position, String> {
        if let Ok(n) = text.parse::<i64>() {
            return Ok(Position::Int(n));
        }
        if text.starts_with(['[', '"']) {
            let json: Json = serde_json::from_str(text).map_err(|e| {
                format!(
                    "not a position literal (column {}: {})",
                    e.column(),
                    json_reason(&e)
                )
            })?;
            return Position::from_json(&json);
        }
        if text.contains(',') {
            let numbers: Result<Vec<i64>, _> = text.split(',').map(str::parse).collect();
            if let Ok(numbers) = numbers {
                return Ok(Position::List(
                    numbers.into_iter().map(Position::Int).collect(),
                ));
            }
        }
        if text.is_empty() {
            return Err("an empty word is not a position (write \"\" for the empty string)".into());
        }
        Ok(Position::Str(text.into()))
    }

    fn from_json(json: &Json) -> Result<Position, String> {
        match json {
            Json::Number(n) => n
                .as_i64()
                .map(Position::Int)
                .ok_or_else(|| format!("{n} is not a whole number from -2^63 to 2^63-1")),
            Json::String(s) => Ok(Position::Str(s.as_str().into())),
            Json::Array(items) => Ok(Position::List(
                items
                    .iter()
                    .map(Position::from_json)
                    .collect::<Result<Vec<_>, _>>()?
                    .into(),
            )),
            other => Err(format!(
                "{other} is not a position: positions are integers, strings and arrays"
            )),
        }
    }

    /// The position as the words that build it again (see [`grundy_core::Game::show`]): one
    /// word per part of a sum, an array of integers as `3,4`, other arrays and strings that would
    /// read as something else as literals.
    pub fn words(&self) -> Json {
        let mut parts = Vec::new();
        if !self.parts(&mut parts) {
            parts.push(self.clone());
        }
        Json::Array(parts.iter().map(Position::word).collect())
    }

    /// One part as one word.
    fn word(&self) -> Json {
        match self {
            Position::Int(n) => (*n).into(),
            Position::Str(s) => {
                let plain =
                    !matches!(&**s, "+" | "-") && Position::parse_word(s).is_ok_and(|p| p == *self);
                if plain {
                    Json::String(s.to_string())
                } else {
                    Json::String(Json::String(s.to_string()).to_string())
                }
            }
            Position::List(items)
                if items.len() >= 2 && items.iter().all(|i| matches!(i, Position::Int(_))) =>
            {
                Json::Array(items.iter().map(Position::word).collect())
            }
            other => Json::String(other.literal()),
        }
    }

    /// The compact JSON literal of a part (`[[1,2],[3]]`).
    fn literal(&self) -> String {
        self.to_json().to_string()
    }

    /// The position as plain JSON: numbers, strings, arrays (a sum as the array of its parts).
    pub fn to_json(&self) -> Json {
        match self {
            Position::Int(n) => (*n).into(),
            Position::Str(s) => Json::String(s.to_string()),
            Position::List(items) | Position::Sum(items) => {
                Json::Array(items.iter().map(Position::to_json).collect())
            }
            Position::Pair(a, b) => Json::Array(vec![(*a).into(), (*b).into()]),
        }
    }

    /// An injective encoding as words (see [`grundy_core::Key`]), without going through text.
    pub fn key(&self, out: &mut Vec<u64>) {
        match self {
            Position::Int(n) => out.extend([1, *n as u64]),
            Position::Str(s) => {
                out.extend([2, s.len() as u64]);
                out.extend(s.as_bytes().chunks(8).map(|c| {
                    let mut w = [0u8; 8];
                    w[..c.len()].copy_from_slice(c);
                    u64::from_le_bytes(w)
                }));
            }
            Position::List(items) | Position::Sum(items) => {
                let tag = if matches!(self, Position::List(_)) {
                    3
                } else {
                    5
                };
                out.extend([tag, items.len() as u64]);
                for i in items.iter() {
                    i.key(out);
                }
            }
            Position::Pair(a, b) => out.extend([4, *a as u64, *b as u64]),
        }
    }
}

/// What serde_json says is wrong, without its own "at line 1 column N" (the column is given).
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

impl fmt::Display for Position {
    /// `7`, `"THHT"`, `[3, 4]`; a sum as its parts joined by ` + `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Int(n) => write!(f, "{n}"),
            Position::Str(s) => write!(f, "{}", Json::String(s.to_string())),
            Position::List(items) => {
                f.write_str("[")?;
                for (i, p) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{p}")?;
                }
                f.write_str("]")
            }
            Position::Pair(a, b) => write!(f, "{a} + {b}"),
            Position::Sum(parts) if parts.is_empty() => f.write_str("(nothing)"),
            Position::Sum(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn position() -> impl Strategy<Value = Position> {
        let leaf = prop_oneof![
            any::<i64>().prop_map(Position::Int),
            "[a-z0-9,+\\-\\[\" ]{0,6}".prop_map(|s| Position::Str(s.into())),
        ];
        leaf.prop_recursive(3, 12, 4, |inner| {
            proptest::collection::vec(inner, 0..4).prop_map(|v| Position::List(v.into()))
        })
    }

    /// Each part's word, read back as play and the command line read it.
    fn read_back(p: &Position) -> Position {
        let Json::Array(words) = p.words() else {
            panic!("words are an array")
        };
        let parts: Vec<Position> = words
            .iter()
            .map(|w| {
                let text = match w {
                    Json::Number(n) => n.to_string(),
                    Json::String(s) => s.clone(),
                    Json::Array(items) => items
                        .iter()
                        .map(|i| i.to_string())
                        .collect::<Vec<_>>()
                        .join(","),
                    other => panic!("unexpected word {other}"),
                };
                Position::parse_word(&text).unwrap()
            })
            .collect();
        Position::sum(parts)
    }

    proptest! {
        #[test]
        fn words_read_back_as_the_same_position(p in position(), q in position()) {
            prop_assert_eq!(read_back(&p), p.clone());
            let s = Position::sum([p, q]);
            prop_assert_eq!(read_back(&s), s.clone());
        }

        #[test]
        fn keys_are_injective(p in position(), q in position()) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            p.key(&mut a);
            q.key(&mut b);
            prop_assert_eq!(a == b, p == q);
        }
    }

    #[test]
    fn sums_have_one_normal_form() {
        let s = Position::sum([Position::Int(5), Position::Int(3)]);
        assert_eq!(s, Position::Pair(3, 5));
        let t = Position::sum([Position::Int(3), Position::sum([Position::Int(5)])]);
        assert_eq!(s, t);
        assert_eq!(Position::sum([Position::Int(4)]), Position::Int(4));
        let three = Position::sum([s.clone(), Position::Int(1)]);
        assert_eq!(three.to_string(), "1 + 3 + 5");
    }

    #[test]
    fn bad_words_say_why() {
        assert!(Position::parse_word("[1,").unwrap_err().contains("column"));
        assert!(Position::parse_word("[1.5]").is_err());
        assert!(Position::parse_word("{}").is_ok(), "a plain word");
        assert!(Position::parse_word("").is_err());
    }
}
