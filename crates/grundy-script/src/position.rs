//! Positions of script games: integers, strings, arrays of these, and sums of them.
//!
//! A script hands grundy its positions as Rhai values; grundy keeps them as [`Position`]s, which
//! hash and compare cheaply (the solver's table is keyed by them) and are shared, not copied, when
//! a move leaves most of a position as it was. A *sum* of independent positions (a cut that leaves
//! two pieces) is a position too: its parts are sorted, so `3 + 5` and `5 + 3` are one entry, and
//! a sum of two integers, the commonest, is kept without an allocation ([`Position::Pair`]), as are
//! an array of two integers (a sheet `[w, h]`, a cell `[x, y]`: [`Position::Duo`]) and the sum of
//! two of these (the two pieces of a cut: [`Position::Duos`]).

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use serde_json::Value as Json;

/// How many arrays deep a position may nest. Positions are walked recursively (hashed, compared,
/// said), so a script whose every move wraps the position once more (`fn moves(p) { [[p]] }`)
/// would grow without end until memory ran out; real games nest a few levels.
pub const MAX_NESTING: usize = 64;

/// The error for a position nested past [`MAX_NESTING`].
pub fn too_deep() -> String {
    format!("a position nested more than {MAX_NESTING} arrays deep, the limit")
}

/// A position of a script game.
///
/// Each position has one form, which equality and hashing rely on: an array of exactly two
/// integers is always a [`Position::Duo`], never a [`Position::List`] (build arrays with
/// [`Position::list`]), and sums are built with [`Position::sum`]. Positions are ordered as the
/// values they stand for (a `Duo` among the arrays), so a sum's parts sort alike whatever their
/// storage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// An integer, e.g. a heap size.
    Int(i64),
    /// A string, e.g. a row of coins `"THHT"`.
    Str(Arc<str>),
    /// An array of positions' values other than two integers, e.g. `[[1, 2], [3]]`.
    List(Arc<[Position]>),
    /// The array of two integers `[a, b]`, e.g. a sheet of paper `[w, h]`: the commonest array,
    /// kept without an allocation.
    Duo(i64, i64),
    /// The sum of the integer positions `a <= b`.
    Pair(i64, i64),
    /// The sum of the arrays `[a, b] <= [c, d]` (written `Duos(a, b, c, d)`), each number
    /// within 32 bits: the two pieces a cut leaves.
    Duos(i32, i32, i32, i32),
    /// The sum of these parts: sorted, never one part, never exactly two integers (a
    /// [`Position::Pair`]) or two small [`Position::Duo`]s (a [`Position::Duos`]); no part is
    /// itself a sum other than a [`Position::Copies`], and no two parts are copies of one
    /// position (they are merged). No parts: the empty sum, without moves.
    Sum(Arc<[Position]>),
    /// `repeat(x, n)`: the sum of `n` copies of `x`, kept as two values whatever `n` (a script
    /// may leave 10^18 equal heaps). Only for more than [`MAX_SPELLED`] copies (fewer are
    /// spelled out, so each sum has one form); `x` is not a sum. A count past `i64::MAX` (what
    /// a script's `n` can say) is refused where a position is built ([`Position::overflows`]).
    Copies(Arc<Position>, u64),
}

/// The most equal parts a sum spells out one by one; more are one [`Position::Copies`]. Two or
/// more, so the compact sums of two equal parts (`3 + 3`, two equal halves of a sheet) stay
/// compact.
pub const MAX_SPELLED: u64 = 8;

impl Position {
    /// The array of `items`, in its one form (two integers are a [`Position::Duo`]).
    pub fn list(items: Vec<Position>) -> Position {
        match items.as_slice() {
            [Position::Int(a), Position::Int(b)] => Position::Duo(*a, *b),
            _ => Position::List(items.into()),
        }
    }

    /// The elements of an array position (`None` for other positions), read without allocating.
    pub fn with_items<T>(&self, f: impl FnOnce(&[Position]) -> T) -> Option<T> {
        match self {
            Position::List(items) => Some(f(items)),
            Position::Duo(a, b) => Some(f(&[Position::Int(*a), Position::Int(*b)])),
            _ => None,
        }
    }

    /// The sum of `parts`, in its one normal form: nested sums flattened, parts sorted, a single
    /// part standing for itself.
    pub fn sum(parts: impl IntoIterator<Item = Position>) -> Position {
        let mut parts = parts.into_iter();
        // The commonest sum, two integers, without a vector.
        let (low, _) = parts.size_hint();
        if low == 2 {
            if let (Some(a), Some(b)) = (parts.next(), parts.next()) {
                let (x, y) = match (a, b, parts.next()) {
                    (Position::Int(x), Position::Int(y), None) => return Position::pair(x, y),
                    (x, y, None) => (x, y),
                    (x, y, Some(c)) => {
                        return Position::sum_slow([x, y, c].into_iter().chain(parts))
                    }
                };
                if let Some(duos) = Position::duos(&x, &y) {
                    return duos;
                }
                // Two parts that are not sums: one allocation.
                if !x.is_sum() && !y.is_sum() {
                    let two = if x <= y { [x, y] } else { [y, x] };
                    return Position::Sum(Arc::new(two));
                }
                return Position::sum_slow([x, y].into_iter());
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
        // Copies of one part sort together (`x`, then `repeat(x, n)` by count): merged into one
        // count, so `x + repeat(x, 9)` and `repeat(x, 10)` are one position.
        if flat
            .windows(2)
            .any(|w| w[0].copies_of().0 == w[1].copies_of().0)
        {
            flat = Position::merged(flat);
        }
        match flat.as_slice() {
            [one] => one.clone(),
            [Position::Int(a), Position::Int(b)] => Position::Pair(*a, *b),
            [x, y] => Position::duos(x, y).unwrap_or_else(|| Position::Sum(flat.into())),
            _ => Position::Sum(flat.into()),
        }
    }

    /// Sorted parts with each run of copies of one position in its one form (see
    /// [`Position::Copies`]).
    fn merged(sorted: Vec<Position>) -> Vec<Position> {
        let mut out: Vec<Position> = Vec::with_capacity(sorted.len());
        let mut i = 0;
        while i < sorted.len() {
            let base = sorted[i].copies_of().0.clone();
            let mut count = 0u64;
            while i < sorted.len() && *sorted[i].copies_of().0 == base {
                // Past `i64::MAX` is refused ([`Self::overflows`]): saturating cannot hide it.
                count = count.saturating_add(sorted[i].copies_of().1);
                i += 1;
            }
            if count > MAX_SPELLED {
                out.push(Position::Copies(Arc::new(base), count));
            } else {
                out.extend(std::iter::repeat_n(base, count as usize));
            }
        }
        out
    }

    /// The position a part is copies of, and how many (one for a part that is not
    /// [`Position::Copies`]).
    pub fn copies_of(&self) -> (&Position, u64) {
        match self {
            Position::Copies(x, n) => (x, *n),
            p => (p, 1),
        }
    }

    /// The sum of `n` copies of `x` (`repeat(x, n)`), in its one form: nothing for none, `x`
    /// for one, spelled out up to [`MAX_SPELLED`]; copies of a sum are copies of each part.
    pub fn copies(x: Position, n: u64) -> Position {
        let mut parts = Vec::new();
        if !x.parts(&mut parts) {
            parts.push(x);
        }
        let parts = parts.into_iter().map(|p| {
            let (base, m) = p.copies_of();
            let count = m.saturating_mul(n);
            if count > MAX_SPELLED {
                Position::Copies(Arc::new(base.clone()), count)
            } else {
                // Spelled out: a handful of clones.
                Position::sum(std::iter::repeat_n(base.clone(), count as usize).collect::<Vec<_>>())
            }
        });
        Position::sum(parts.collect::<Vec<_>>())
    }

    /// Whether some part counts more copies than `i64::MAX` (what a script's count can say): a
    /// position refused where it is built.
    pub fn overflows(&self) -> bool {
        match self {
            Position::Copies(_, n) => *n > i64::MAX as u64,
            Position::Sum(parts) => parts.iter().any(Position::overflows),
            _ => false,
        }
    }

    /// The sum of two arrays of two integers, if each number fits in 32 bits.
    pub(super) fn duos(x: &Position, y: &Position) -> Option<Position> {
        let (&Position::Duo(a, b), &Position::Duo(c, d)) = (x, y) else {
            return None;
        };
        let small = |n: i64| i32::try_from(n).ok();
        let (a, b, c, d) = (small(a)?, small(b)?, small(c)?, small(d)?);
        Some(if (a, b) <= (c, d) {
            Position::Duos(a, b, c, d)
        } else {
            Position::Duos(c, d, a, b)
        })
    }

    /// The sum of the two integers `a` and `b`.
    pub fn pair(a: i64, b: i64) -> Position {
        Position::Pair(a.min(b), a.max(b))
    }

    /// Appends the parts of this position if it is a sum, else the position itself.
    fn push_parts(self, out: &mut Vec<Position>) {
        match self {
            Position::Pair(a, b) => out.extend([Position::Int(a), Position::Int(b)]),
            Position::Duos(a, b, c, d) => out.extend(Position::duo_parts(a, b, c, d)),
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
            Position::Duos(a, b, c, d) => {
                out.extend(Position::duo_parts(*a, *b, *c, *d));
                true
            }
            Position::Sum(parts) => {
                out.extend(parts.iter().cloned());
                true
            }
            // Its one part is itself: callers that move in a part or value it read the count.
            Position::Copies(..) => {
                out.push(self.clone());
                true
            }
            _ => false,
        }
    }

    /// The two parts of `Duos(a, b, c, d)`.
    fn duo_parts(a: i32, b: i32, c: i32, d: i32) -> [Position; 2] {
        [
            Position::Duo(a.into(), b.into()),
            Position::Duo(c.into(), d.into()),
        ]
    }

    /// The parts of a sum (`None` for a position that is not a sum), read without allocating.
    fn with_parts<T>(&self, f: impl FnOnce(&[Position]) -> T) -> Option<T> {
        match *self {
            Position::Pair(a, b) => Some(f(&[Position::Int(a), Position::Int(b)])),
            Position::Duos(a, b, c, d) => Some(f(&Position::duo_parts(a, b, c, d))),
            Position::Sum(ref parts) => Some(f(parts)),
            _ => None,
        }
    }

    /// Whether this is a sum (of two or more parts, or of none, or copies of one).
    pub fn is_sum(&self) -> bool {
        matches!(
            self,
            Position::Pair(..) | Position::Duos(..) | Position::Sum(..) | Position::Copies(..)
        )
    }

    /// Reads one command-line word: an integer (`7`, `-2`), a comma list of integers (`3,4`), a
    /// bracketed or quoted literal (`[[1,2],[3]]`, `"7"`), or else the word itself as a string.
    ///
    /// ```
    /// use grundy_script::Position;
    /// assert_eq!(Position::parse_word("7"), Ok(Position::Int(7)));
    /// assert_eq!(Position::parse_word("3,4").unwrap().to_string(), "[3, 4]");
    /// assert_eq!(Position::parse_word("[[1,2],[3]]").unwrap().to_string(), "[[1, 2], [3]]");
    /// assert_eq!(Position::parse_word("THHT").unwrap().to_string(), "\"THHT\"");
    /// ```
    pub fn parse_word(text: &str) -> Result<Position, String> {
        if let Ok(n) = text.parse::<i64>() {
            return Ok(Position::Int(n));
        }
        if let Some(inner) = text
            .strip_prefix("repeat(")
            .and_then(|t| t.strip_suffix(')'))
        {
            return Position::parse_copies(inner);
        }
        if text.starts_with(['[', '"']) {
            let json: Json = serde_json::from_str(text).map_err(|e| {
                format!(
                    "not a position literal (column {}: {})",
                    e.column(),
                    json_reason(&e)
                )
            })?;
            return Position::from_json(&json, 0);
        }
        if text.contains(',') {
            let numbers: Result<Vec<i64>, _> = text.split(',').map(str::parse).collect();
            if let Ok(numbers) = numbers {
                return Ok(Position::list(
                    numbers.into_iter().map(Position::Int).collect(),
                ));
            }
        }
        if text.is_empty() {
            return Err("an empty word is not a position (write \"\" for the empty string)".into());
        }
        Ok(Position::Str(text.into()))
    }

    /// The word `repeat(X,N)` (here `X,N`): `N` copies of the position the word `X` is.
    fn parse_copies(inner: &str) -> Result<Position, String> {
        let usage = "repeat(X,N) is N copies of the position X, N a whole number from 0";
        let Some((part, n)) = inner.rsplit_once(',') else {
            return Err(format!("{usage} (no comma before N)"));
        };
        let n: u64 = n
            .trim()
            .parse()
            .ok()
            .filter(|&n| n <= i64::MAX as u64)
            .ok_or_else(|| format!("{usage}: {:?} is not one", n.trim()))?;
        let part = Position::parse_word(part).map_err(|m| format!("in repeat(): {m}"))?;
        let p = Position::copies(part, n);
        if p.overflows() {
            return Err(format!("{p}: more copies of one part than a count holds"));
        }
        Ok(p)
    }

    fn from_json(json: &Json, depth: usize) -> Result<Position, String> {
        match json {
            Json::Array(_) if depth >= MAX_NESTING => Err(too_deep()),
            Json::Number(n) => n
                .as_i64()
                .map(Position::Int)
                .ok_or_else(|| format!("{n} is not a whole number from -2^63 to 2^63-1")),
            Json::String(s) => Ok(Position::Str(s.as_str().into())),
            Json::Array(items) => Ok(Position::list(
                items
                    .iter()
                    .map(|j| Position::from_json(j, depth + 1))
                    .collect::<Result<Vec<_>, _>>()?,
            )),
            other => Err(format!(
                "{other} is not a position: positions are integers, strings and arrays"
            )),
        }
    }

    /// The position as the words that build it again (see [`grundy_core::Game::show`]), one per
    /// part of a sum, each with one JSON type for its shape: an integer as a number, a string as a
    /// string (quoted, `"\"7\""`, when it would read as something else), an array as a JSON array
    /// (`[0]`, `[1, 0]`, `[[1, 2], [3]]` alike: see [`Position::to_json`]).
    ///
    /// An array is one word: with commas (`1,0`) when it is two or more integers, else its
    /// compact JSON literal (`[0]`, `[[1,2],[3]]`, `["a","b"]`), which [`Position::parse_word`]
    /// reads back.
    ///
    /// ```
    /// use grundy_script::Position;
    /// use serde_json::json;
    /// let p = Position::sum(["[0]", "1,0", "7", "\"7\""].map(|w| Position::parse_word(w).unwrap()));
    /// assert_eq!(p.words(), json!([7, "\"7\"", [0], [1, 0]]));
    /// ```
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
            Position::Str(s) => {
                let plain =
                    !matches!(&**s, "+" | "-") && Position::parse_word(s).is_ok_and(|p| p == *self);
                if plain {
                    Json::String(s.to_string())
                } else {
                    Json::String(Json::String(s.to_string()).to_string())
                }
            }
            // The word that reads back as these copies (`repeat(7,1000)`).
            Position::Copies(x, n) => {
                let part = match x.word() {
                    Json::String(s) => s,
                    other => other.to_string(),
                };
                Json::String(format!("repeat({part},{n})"))
            }
            // Integers and arrays as the data they are (a part is never a sum).
            other => other.to_json(),
        }
    }

    /// The position as plain JSON: numbers, strings, arrays (a sum as the array of its parts).
    pub fn to_json(&self) -> Json {
        match self {
            Position::Int(n) => (*n).into(),
            Position::Str(s) => Json::String(s.to_string()),
            Position::List(items) | Position::Sum(items) => {
                Json::Array(items.iter().map(Position::to_json).collect())
            }
            Position::Pair(a, b) | Position::Duo(a, b) => {
                Json::Array(vec![(*a).into(), (*b).into()])
            }
            Position::Duos(..) => self
                .with_parts(|parts| Json::Array(parts.iter().map(Position::to_json).collect()))
                .expect("a sum"),
            // Not an array of n parts (n may be 10^18): the part and its count.
            Position::Copies(x, n) => serde_json::json!({"repeat": x.to_json(), "times": n}),
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
            // As the array it is: a key does not depend on how a position is stored.
            Position::Duo(a, b) => out.extend([3, 2, 1, *a as u64, 1, *b as u64]),
            Position::Duos(..) => {
                out.extend([5, 2]);
                self.with_parts(|parts| parts.iter().for_each(|p| p.key(out)));
            }
            Position::Copies(x, n) => {
                out.extend([6, *n]);
                x.key(out);
            }
        }
    }
}

impl Ord for Position {
    /// Integers, then strings, arrays (element by element), sums of two integers, other sums.
    fn cmp(&self, other: &Position) -> Ordering {
        use Position::*;
        let rank = |p: &Position| match p {
            Int(_) => 0,
            Str(_) => 1,
            List(_) | Duo(..) => 2,
            Pair(..) => 3,
            Duos(..) | Sum(_) => 4,
            Copies(..) => unreachable!("copies are compared above"),
        };
        match (self, other) {
            // As the pair (part, count), a plain part counting one: copies of `x` sort right
            // after `x`, so a sum's copies of one part are neighbours and merge.
            (Copies(x, n), Copies(y, m)) => (&**x, n).cmp(&(&**y, m)),
            (Copies(x, _), y) => (**x).cmp(y).then(Ordering::Greater),
            (x, Copies(y, _)) => x.cmp(y).then(Ordering::Less),
            (Int(a), Int(b)) => a.cmp(b),
            (Str(a), Str(b)) => a.cmp(b),
            (Duo(a, b), Duo(c, d)) | (Pair(a, b), Pair(c, d)) => (a, b).cmp(&(c, d)),
            (Sum(a), Sum(b)) | (List(a), List(b)) => a.cmp(b),
            (Duos(a, b, c, d), Duos(e, f, g, h)) => (a, b, c, d).cmp(&(e, f, g, h)),
            (Duos(..) | Sum(_), Duos(..) | Sum(_)) => self
                .with_parts(|a| other.with_parts(|b| a.cmp(b)))
                .flatten()
                .expect("both are sums"),
            (List(_) | Duo(..), List(_) | Duo(..)) => self
                .with_items(|a| other.with_items(|b| a.cmp(b)))
                .flatten()
                .expect("both are arrays"),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

impl PartialOrd for Position {
    fn partial_cmp(&self, other: &Position) -> Option<Ordering> {
        Some(self.cmp(other))
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
            Position::Duo(a, b) => write!(f, "[{a}, {b}]"),
            Position::Pair(a, b) => write!(f, "{a} + {b}"),
            Position::Duos(a, b, c, d) => write!(f, "[{a}, {b}] + [{c}, {d}]"),
            Position::Copies(x, n) => write!(f, "repeat({x}, {n})"),
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
        // Small numbers often, so arrays of two are kept as `Duo`s and their sums as `Duos`.
        let leaf = prop_oneof![
            any::<i64>().prop_map(Position::Int),
            (-3..40i64).prop_map(Position::Int),
            "[a-z0-9,+\\-\\[\" ]{0,6}".prop_map(|s| Position::Str(s.into())),
        ];
        leaf.prop_recursive(3, 12, 4, |inner| {
            proptest::collection::vec(inner, 0..4).prop_map(Position::list)
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
                    // Two or more integers with commas, other arrays as their literal.
                    Json::Array(items) if items.len() >= 2 && items.iter().all(Json::is_i64) => {
                        items
                            .iter()
                            .map(|i| i.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    }
                    Json::Array(_) => w.to_string(),
                    other => panic!("unexpected word {other}"),
                };
                Position::parse_word(&text).unwrap()
            })
            .collect();
        Position::sum(parts)
    }

    /// What a position stands for, with one storage for each kind: the model the compact
    /// variants (`Pair`, `Duo`, `Duos`) must agree with.
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Plain {
        Int(i64),
        Str(String),
        List(Vec<Plain>),
        Pair(i64, i64),
        Sum(Vec<Plain>),
    }

    fn plain(p: &Position) -> Plain {
        match p {
            Position::Int(n) => Plain::Int(*n),
            Position::Str(s) => Plain::Str(s.to_string()),
            Position::List(items) => Plain::List(items.iter().map(plain).collect()),
            Position::Duo(a, b) => Plain::List(vec![Plain::Int(*a), Plain::Int(*b)]),
            Position::Pair(a, b) => Plain::Pair(*a, *b),
            Position::Duos(a, b, c, d) => Plain::Sum(vec![
                Plain::List(vec![Plain::Int((*a).into()), Plain::Int((*b).into())]),
                Plain::List(vec![Plain::Int((*c).into()), Plain::Int((*d).into())]),
            ]),
            Position::Sum(parts) => Plain::Sum(parts.iter().map(plain).collect()),
            Position::Copies(..) => unreachable!("the strategy makes no copies"),
        }
    }

    proptest! {
        #[test]
        fn compact_positions_order_and_compare_as_what_they_stand_for(
            p in position(),
            q in position(),
            r in position(),
        ) {
            let s = Position::sum([p.clone(), q.clone()]);
            let t = Position::sum([q.clone(), r.clone()]);
            for (x, y) in [(&p, &q), (&s, &t), (&p, &s), (&s, &s)] {
                prop_assert_eq!(x.cmp(y), plain(x).cmp(&plain(y)), "{} vs {}", x, y);
                prop_assert_eq!(x == y, plain(x) == plain(y));
            }
            // One form, whichever way a sum is built.
            prop_assert_eq!(&s, &Position::sum([q.clone(), p.clone()]));
            prop_assert_eq!(&s, &Position::sum_slow([p.clone(), q.clone()].into_iter()));
            let three = Position::sum([s.clone(), r.clone()]);
            prop_assert_eq!(&three, &Position::sum([r, Position::sum([q, p])]));
            prop_assert_eq!(s.to_string(), plain_text(&s));
        }

        #[test]
        fn arrays_of_two_integers_have_one_form(a in any::<i64>(), b in -3..40i64) {
            let built = Position::list(vec![Position::Int(a), Position::Int(b)]);
            prop_assert_eq!(&built, &Position::Duo(a, b));
            prop_assert_eq!(Position::parse_word(&format!("{a},{b}")), Ok(built.clone()));
            prop_assert_eq!(Position::parse_word(&format!("[{a}, {b}]")), Ok(built.clone()));
            let small = i32::try_from(a).is_ok();
            let two = Position::sum([built.clone(), Position::Duo(b, a)]);
            prop_assert_eq!(matches!(two, Position::Duos(..)), small);
        }

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

    /// A sum written part by part, as the plain storage would be.
    fn plain_text(p: &Position) -> String {
        let mut parts = Vec::new();
        if !p.parts(&mut parts) {
            return p.to_string();
        }
        if parts.is_empty() {
            return "(nothing)".into();
        }
        parts
            .iter()
            .map(Position::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    }

    #[test]
    fn arrays_are_json_arrays_whatever_their_length() {
        let shown = |w: &str| Position::parse_word(w).unwrap().words();
        assert_eq!(shown("[0]"), serde_json::json!([[0]]));
        assert_eq!(shown("[1,0]"), serde_json::json!([[1, 0]]));
        assert_eq!(shown("[]"), serde_json::json!([[]]));
        assert_eq!(shown("[[1,2],[3]]"), serde_json::json!([[[1, 2], [3]]]));
        assert_eq!(shown("[\"a\",1]"), serde_json::json!([["a", 1]]));
        assert_eq!(shown("\"[0]\""), serde_json::json!(["\"[0]\""]));
        assert_eq!(shown("7"), serde_json::json!([7]));
    }

    proptest! {
        /// `repeat(x, n)` is the sum of n copies of `x`, in one form however it is built: spelled
        /// out up to `MAX_SPELLED` copies, else one count, merged with other copies of `x`.
        #[test]
        fn copies_are_one_form_of_a_sum_of_equal_parts(
            x in position(), y in position(), n in 0..20u64, m in 0..20u64,
        ) {
            let spelled = |x: &Position, n: u64| {
                Position::sum(std::iter::repeat_n(x.clone(), n as usize).collect::<Vec<_>>())
            };
            let c = Position::copies(x.clone(), n);
            prop_assert_eq!(&c, &spelled(&x, n));
            let both = Position::sum([c.clone(), Position::copies(x.clone(), m), y.clone()]);
            prop_assert_eq!(&both, &Position::sum([spelled(&x, n + m), y.clone()]));
            prop_assert_eq!(&both, &Position::sum([y, Position::copies(x.clone(), n + m)]));
            prop_assert_eq!(read_back(&both), both.clone());
            let mut key = (Vec::new(), Vec::new());
            both.key(&mut key.0);
            c.key(&mut key.1);
            prop_assert_eq!(key.0 == key.1, both == c);
        }
    }

    #[test]
    fn many_copies_are_two_values_and_say_so() {
        let p = Position::parse_word("repeat([1,2],1000000000000000000)").unwrap();
        assert!(matches!(p, Position::Copies(_, 1_000_000_000_000_000_000)));
        assert_eq!(p.to_string(), "repeat([1, 2], 1000000000000000000)");
        assert_eq!(
            p.words(),
            serde_json::json!(["repeat([1,2],1000000000000000000)"])
        );
        let q = Position::parse_word("repeat(7,2)").unwrap();
        assert_eq!(q, Position::Pair(7, 7));
        assert_eq!(
            Position::parse_word("repeat(7,0)").unwrap(),
            Position::sum([])
        );
        // A string that reads as copies is quoted, and read back as the string.
        let s = Position::Str("repeat(7,2)".into());
        assert_eq!(s.words(), serde_json::json!(["\"repeat(7,2)\""]));
        for bad in ["repeat(7)", "repeat(7,-1)", "repeat(7,x)", "repeat([1,,2)"] {
            assert!(Position::parse_word(bad).is_err(), "{bad}");
        }
        let most = format!("repeat(1,{})", i64::MAX);
        let big = Position::parse_word(&most).unwrap();
        assert!(!big.overflows());
        assert!(Position::sum([big.clone(), big]).overflows());
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
