//! What a game's function returned, in no language's types: the one shape the machinery around
//! a game reads ([`super::expansion`]), so a Rhai script ([`super::program`]) and a game in
//! another language (a Python `grundy.Game`, through [`super::Host`]) are read by one code, with
//! one set of errors.
//!
//! A host turns what its function returned into a [`Value`]: numbers, strings and lists are
//! positions; a range stands for every integer in it (an option's one hole); a sum, copies of a
//! part, the splits of a heap and the cuts of a rectangle are the groups of options grundy
//! iterates itself. Anything else is [`Value::Other`], said in words in the error that refuses
//! it.
//!
//! ```
//! use grundy_script::{Position, Value};
//! // `moves(3)` of a subtraction game: the options 2 and 0, and every heap below 2 once more.
//! let moves = Value::List(vec![Value::Int(2), Value::Int(0), Value::Range(0, 2)]);
//! assert_eq!(moves.to_string(), "[2, 0, 0..2]");
//! // A position is a number, a string or a list of these.
//! assert_eq!(Value::Int(7).position(100), Ok(Position::Int(7)));
//! ```

use std::fmt;

use grundy_core::setting::Setting;

use super::position::{too_deep, Position, MAX_NESTING};

/// A value a game's function returned, in no language's types: every host (the Rhai program, a
/// Python game) turns its own values into this, and the machinery around a game reads only it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer: a heap, or an element of a position.
    Int(i64),
    /// A string position.
    Str(String),
    /// An array (a tuple in Python): a position of several elements, or a list of options.
    List(Vec<Value>),
    /// `start..end`: every integer from `start` to before `end`.
    Range(i64, i64),
    /// `start..=end`: every integer from `start` to `end`.
    RangeInclusive(i64, i64),
    /// The sum of independent positions (`sum([a, b])`, `grundy.Sum(a, b)`).
    Sum(Vec<Value>),
    /// `times` copies of a part of a sum, kept as the two values (`repeat(x, n)`).
    Repeat(Box<Value>, i64),
    /// Every option `sum([a, total - a])` with `least <= a <= total - a` (`splits(m, least)`).
    Splits {
        /// The heap split.
        total: i64,
        /// The least part.
        least: i64,
    },
    /// Every cut of a `w`×`h` rectangle into two along a grid line (`cuts(w, h)`).
    Cuts {
        /// The width.
        w: i64,
        /// The height.
        h: i64,
    },
    /// A position already in grundy's terms, checked against the size cap: what a host gives
    /// when it has one at hand (the Rhai host, for an option that is an array of integers), so
    /// the commonest options are not taken apart and put together again.
    Position(Position),
    /// A value of no kind above, in words for the error that refuses it (`a boolean (true)`).
    Other(String),
}

impl Value {
    /// This value as a position (not a sum): an integer, a string or a list of these, a list or
    /// string at most `size` long ([`super::ScriptLimits::size`]).
    pub fn position(&self, size: usize) -> Result<Position, String> {
        self.position_at(0, size)
    }

    /// [`Value::position`] of a value `depth` lists down.
    fn position_at(&self, depth: usize, size: usize) -> Result<Position, String> {
        let too_long = |what: &str, n: usize| {
            format!(
                "{what} of {n}, more than {size}, the limit; raise it with {}",
                Setting::ScriptMaxSize.given("N")
            )
        };
        match self {
            Value::Int(n) => Ok(Position::Int(*n)),
            Value::Position(p) => Ok(p.clone()),
            Value::Str(s) if s.len() > size => Err(too_long("a string of bytes", s.len())),
            Value::Str(s) => Ok(Position::Str(s.as_str().into())),
            Value::List(_) if depth >= MAX_NESTING => Err(too_deep()),
            Value::List(items) if items.len() > size => {
                Err(too_long("an array of elements", items.len()))
            }
            Value::List(items) => Ok(Position::list(
                items
                    .iter()
                    .map(|item| item.position_at(depth + 1, size))
                    .collect::<Result<Vec<_>, _>>()?,
            )),
            other => Err(other.refused()),
        }
    }

    /// `start..end` of a range (`None` for other values), `shown` as the script wrote it; a
    /// range up to the largest integer cannot be counted.
    pub(crate) fn range(&self) -> Option<Result<(i64, i64, String), String>> {
        match *self {
            Value::Range(start, end) => Some(Ok((start, end, format!("{start}..{end}")))),
            Value::RangeInclusive(start, last) => {
                let shown = format!("{start}..={last}");
                Some(match last.checked_add(1) {
                    Some(end) => Ok((start, end, shown)),
                    None => Err(format!(
                        "{shown}: a range up to the largest integer has too many options"
                    )),
                })
            }
            _ => None,
        }
    }

    /// What this value is, in words, where a position was expected.
    pub(crate) fn refused(&self) -> String {
        format!(
            "{}, where a position (an integer, a string or an array) is expected",
            self.kind()
        )
    }

    /// What this value is, in words.
    fn kind(&self) -> String {
        match self {
            Value::Int(n) => format!("a number ({n})"),
            Value::Repeat(..) => {
                "repeat(x, n) outside a sum (it is a part of one: sum([repeat(x, n), y]))".into()
            }
            Value::Range(..) | Value::RangeInclusive(..) => {
                "a range, where one position is expected (a range may stand for one element of an \
                 option's array or one part of its sum, once per option)"
                    .into()
            }
            Value::List(_) => "an array".into(),
            Value::Str(s) => format!("a string ({s:?})"),
            Value::Sum(_) => "a sum, inside an array position".into(),
            Value::Splits { .. } => "a value of type splits".into(),
            Value::Cuts { .. } => "a value of type cuts".into(),
            Value::Position(p) => format!("a position ({p})"),
            Value::Other(what) => what.clone(),
        }
    }
}

/// As a script would write it (`[2, 0, 0..2]`, `sum(1, 2)`); [`Value::Other`] by its words.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, items: &[Value]| -> fmt::Result {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{item}")?;
            }
            Ok(())
        };
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Str(s) => f.write_str(s),
            Value::List(items) => {
                f.write_str("[")?;
                list(f, items)?;
                f.write_str("]")
            }
            Value::Range(a, b) => write!(f, "{a}..{b}"),
            Value::RangeInclusive(a, b) => write!(f, "{a}..={b}"),
            Value::Sum(parts) => {
                f.write_str("sum(")?;
                list(f, parts)?;
                f.write_str(")")
            }
            Value::Repeat(x, n) => write!(f, "repeat({x}, {n})"),
            Value::Splits { total, least } => write!(f, "splits({total}, {least})"),
            Value::Cuts { w, h } => write!(f, "cuts({w}, {h})"),
            Value::Position(p) => write!(f, "{p}"),
            Value::Other(what) => f.write_str(what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_strings_and_lists_are_positions() {
        let list = Value::List(vec![Value::Int(1), Value::Str("x".into())]);
        assert_eq!(
            list.position(100),
            Ok(Position::list(vec![
                Position::Int(1),
                Position::Str("x".into())
            ]))
        );
        assert_eq!(
            Value::List(vec![Value::Int(2), Value::Int(3)]).position(100),
            Ok(Position::Duo(2, 3))
        );
        assert_eq!(
            Value::Position(Position::Int(4)).position(1),
            Ok(Position::Int(4))
        );
        let e = Value::Str("abc".into()).position(2).unwrap_err();
        assert!(e.starts_with("a string of bytes of 3, more than 2"), "{e}");
    }

    #[test]
    fn a_value_that_is_no_position_is_refused_in_words() {
        let e = Value::Other("a boolean (true)".into())
            .position(10)
            .unwrap_err();
        assert!(e.starts_with("a boolean (true), where a position"), "{e}");
        let e = Value::List(vec![Value::Int(1); 11])
            .position(10)
            .unwrap_err();
        assert!(
            e.starts_with("an array of elements of 11, more than 10"),
            "{e}"
        );
        let mut deep = Value::Int(0);
        for _ in 0..=MAX_NESTING {
            deep = Value::List(vec![deep]);
        }
        assert_eq!(deep.position(10), Err(too_deep()));
    }

    #[test]
    fn a_range_up_to_the_largest_integer_cannot_be_counted() {
        assert_eq!(
            Value::RangeInclusive(1, 3).range(),
            Some(Ok((1, 4, "1..=3".into())))
        );
        assert!(Value::RangeInclusive(0, i64::MAX).range().unwrap().is_err());
        assert_eq!(Value::Int(1).range(), None);
    }
}
