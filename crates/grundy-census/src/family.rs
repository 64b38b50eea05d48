//! A family of games, written once, as the list of game specs it stands for.
//!
//! | family | the games |
//! |---|---|
//! | `0.??`, `4.??`, `0.???`, `?.??` | every take-and-break code of that shape: each `?` an octal digit `0`–`7` (before the point, `0` or `4`: the digits that apply there) |
//! | `0.[0-F]?`, `0.1[37]` | a class in brackets: the hexadecimal digits it lists (`a-b` a run) |
//! | `sub:{1..8}^3` | every subtraction set of one to 3 elements of `1..8` (`sub:{1..8}`: of any size); any game whose parameter is a list, e.g. `allbut:{1..8}^3` |
//! | `bash:1..50`, `moore:2..4` | a registry game, each number of a range `A..B` in its parameters |
//! | `script:F?k=1..20&s=1..5` | a game script, each value of every parameter range (all pairs) |
//! | `list:FILE` | each line of the file a family (blank lines and `#` comments skipped) |
//!
//! Anything else is one game, as written. A family never holds more than [`MAX_GAMES`] games.
//!
//! ```
//! use grundy_census::family::expand;
//! let games = expand("0.?1", &|_| unreachable!()).unwrap();
//! assert_eq!(games.len(), 8);
//! assert_eq!(games[0], "0.01");
//! assert_eq!(expand("sub:{1..4}^2", &|_| unreachable!()).unwrap().len(), 4 + 6);
//! ```

use std::path::Path;

/// The most games one family stands for.
pub const MAX_GAMES: usize = 1_000_000;

/// What is wrong with a family, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {message}")]
pub struct FamilyError {
    /// Where: `column 4 of '0.?x'`, or `line 3 of list.txt`.
    pub at: String,
    /// What.
    pub message: String,
}

fn error(text: &str, column: usize, message: impl Into<String>) -> FamilyError {
    FamilyError {
        at: format!("column {} of '{text}'", column + 1),
        message: message.into(),
    }
}

/// Reads a list file (the front end's file access: a test passes its own).
pub type Read<'a> = &'a dyn Fn(&Path) -> std::io::Result<String>;

/// The game specs `family` stands for, in order, without repeats.
pub fn expand(family: &str, read: Read<'_>) -> Result<Vec<String>, FamilyError> {
    let family = family.trim();
    let mut games = match family.strip_prefix("list:") {
        Some(file) => list(file, read)?,
        None => one(family)?,
    };
    let mut seen = std::collections::HashSet::new();
    games.retain(|g| seen.insert(g.clone()));
    Ok(games)
}

/// Each line of a list file, expanded.
fn list(file: &str, read: Read<'_>) -> Result<Vec<String>, FamilyError> {
    let text = read(Path::new(file)).map_err(|e| FamilyError {
        at: format!("list:{file}"),
        message: format!("cannot read the list: {e}"),
    })?;
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with("list:") {
            return Err(FamilyError {
                at: format!("line {} of {file}", i + 1),
                message: "a list cannot name another list".into(),
            });
        }
        let more = one(line).map_err(|e| FamilyError {
            at: format!("line {} of {file}, {}", i + 1, e.at),
            message: e.message,
        })?;
        games.extend(more);
        if games.len() > MAX_GAMES {
            return Err(FamilyError {
                at: format!("line {} of {file}", i + 1),
                message: format!("the list stands for more than {MAX_GAMES} games"),
            });
        }
    }
    Ok(games)
}

/// One family written on one line.
fn one(text: &str) -> Result<Vec<String>, FamilyError> {
    if looks_like_code(text) {
        return codes(text);
    }
    match text.split_once(':') {
        Some((game, params)) if is_set_family(params) => subsets(text, game, &params[1..]),
        Some(_) => ranges(text),
        None => Ok(vec![text.to_string()]),
    }
}

/// `{A..B}` or `{A..B}^K`, numbers alone: a family of sets (an inline script's braces hold more).
fn is_set_family(params: &str) -> bool {
    let Some(inside) = params.strip_prefix('{') else {
        return false;
    };
    let Some((range, after)) = inside.split_once('}') else {
        return false;
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let range_ok = range
        .split_once("..")
        .is_some_and(|(a, b)| digits(a.trim()) && digits(b.trim()));
    range_ok && (after.is_empty() || after.strip_prefix('^').is_some_and(|k| !k.is_empty()))
}

/// A take-and-break code with `?` or a bracketed class for some digits.
fn looks_like_code(text: &str) -> bool {
    text.contains('.') && (text.contains('?') || text.contains('[')) && !text.contains(':')
}

/// Every code a pattern of digits, `?` and classes stands for.
fn codes(text: &str) -> Result<Vec<String>, FamilyError> {
    let mut choices: Vec<Vec<char>> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let point = chars.iter().position(|&c| c == '.').unwrap_or(0);
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            // Before the point only splitting applies (removing none and leaving one heap or
            // none is no move): the octal digits there are 0 and 4.
            '?' if i < point => choices.push(vec!['0', '4']),
            '?' => choices.push("01234567".chars().collect()),
            '[' => {
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .map(|e| i + e)
                    .ok_or_else(|| error(text, i, "this '[' is never closed by ']'"))?;
                choices.push(class(text, i + 1, &chars[i + 1..end])?);
                i = end;
            }
            ']' | '-' => return Err(error(text, i, format!("'{}' outside a class", chars[i]))),
            c if c == '.' || c.is_ascii_hexdigit() => choices.push(vec![c.to_ascii_uppercase()]),
            c => return Err(error(text, i, format!("'{c}' is not a digit of a code"))),
        }
        i += 1;
    }
    let pieces: Vec<Vec<String>> = choices
        .iter()
        .map(|c| c.iter().map(char::to_string).collect())
        .collect();
    product(text, &pieces, "codes")
}

/// Every way of taking one text from each piece, joined in order: the games of a pattern.
fn product(text: &str, pieces: &[Vec<String>], what: &str) -> Result<Vec<String>, FamilyError> {
    let count = pieces
        .iter()
        .try_fold(1usize, |n, p| n.checked_mul(p.len()));
    if count.is_none_or(|n| n > MAX_GAMES) {
        return Err(error(
            text,
            0,
            format!("the pattern stands for more than {MAX_GAMES} {what}"),
        ));
    }
    let mut out = vec![String::new()];
    for piece in pieces {
        out = out
            .iter()
            .flat_map(|prefix| piece.iter().map(move |p| format!("{prefix}{p}")))
            .collect();
    }
    Ok(out)
}

/// The digits of a class `[...]` (its text from `start`).
fn class(text: &str, start: usize, inside: &[char]) -> Result<Vec<char>, FamilyError> {
    let digit = |k: usize| -> Result<u32, FamilyError> {
        inside[k]
            .to_digit(16)
            .ok_or_else(|| error(text, start + k, format!("'{}' is not a digit", inside[k])))
    };
    let mut digits = Vec::new();
    let mut k = 0;
    while k < inside.len() {
        let from = digit(k)?;
        if inside.get(k + 1) == Some(&'-') {
            if k + 2 >= inside.len() {
                return Err(error(text, start + k + 1, "a run needs its last digit"));
            }
            let to = digit(k + 2)?;
            if to < from {
                return Err(error(text, start + k, "a run goes from low to high"));
            }
            digits.extend(from..=to);
            k += 3;
        } else {
            digits.push(from);
            k += 1;
        }
    }
    if digits.is_empty() {
        return Err(error(text, start, "an empty class stands for no digit"));
    }
    digits.sort_unstable();
    digits.dedup();
    Ok(digits
        .into_iter()
        .filter_map(|d| char::from_digit(d, 16))
        .map(|c| c.to_ascii_uppercase())
        .collect())
}

/// `sub:{A..B}^K` or `sub:{A..B}`: the subtraction sets of one to `K` elements of `A..=B`
/// (`allbut:{A..B}^K`: the sets of excluded amounts).
fn subsets(text: &str, game: &str, rest: &str) -> Result<Vec<String>, FamilyError> {
    // `rest` follows `GAME:{`.
    let at = |offset: usize| game.len() + 2 + offset;
    let close = rest
        .find('}')
        .ok_or_else(|| error(text, at(0), "this '{' is never closed by '}'"))?;
    let (lo, hi) = rest[..close]
        .split_once("..")
        .ok_or_else(|| error(text, at(0), "write the elements as {A..B}, e.g. {1..8}"))?;
    let number = |t: &str, offset: usize| -> Result<u64, FamilyError> {
        t.trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| error(text, at(offset), format!("'{t}' is not a positive number")))
    };
    let lo = number(lo, 0)?;
    let hi = number(hi, lo.to_string().len() + 2)?;
    if hi < lo {
        return Err(error(text, at(0), format!("{lo}..{hi} is empty")));
    }
    let after = &rest[close + 1..];
    let size = hi - lo + 1;
    let most =
        match after.strip_prefix('^') {
            Some(k) => k.parse::<u64>().ok().filter(|&k| k > 0).ok_or_else(|| {
                error(text, at(close + 2), format!("'{k}' is not a positive size"))
            })?,
            None if after.is_empty() => size,
            None => return Err(error(text, at(close + 1), "after '}' only ^K may follow")),
        }
        .min(size);
    let mut total: u128 = 0;
    let mut choose: u128 = 1;
    for k in 1..=most as u128 {
        choose = choose * (size as u128 + 1 - k) / k;
        total += choose;
        if total > MAX_GAMES as u128 {
            return Err(error(
                text,
                0,
                format!("the family stands for more than {MAX_GAMES} subtraction sets"),
            ));
        }
    }
    let mut out = Vec::with_capacity(total as usize);
    let mut set: Vec<u64> = Vec::new();
    subsets_from(game, lo, hi, most as usize, &mut set, &mut out);
    // By size, then in order: the small sets first, as a census reads them.
    out.sort_by_key(|(len, _)| *len);
    Ok(out.into_iter().map(|(_, s)| s).collect())
}

fn subsets_from(
    game: &str,
    next: u64,
    hi: u64,
    most: usize,
    set: &mut Vec<u64>,
    out: &mut Vec<(usize, String)>,
) {
    if !set.is_empty() {
        let words: Vec<String> = set.iter().map(u64::to_string).collect();
        out.push((set.len(), format!("{game}:{}", words.join(","))));
    }
    if set.len() == most {
        return;
    }
    for x in next..=hi {
        set.push(x);
        subsets_from(game, x + 1, hi, most, set, out);
        set.pop();
    }
}

/// A spec with numeric ranges `A..B` in its parameters: one game per choice of each.
fn ranges(text: &str) -> Result<Vec<String>, FamilyError> {
    // Where ranges may stand: the parameters, or after an inline script's text (`{...}`, which
    // may hold the script language's own ranges) its query alone.
    let (name, params) = match text.split_once(':') {
        Some((name, params)) => (name, params),
        None => return Ok(vec![text.to_string()]),
    };
    let open = if params.starts_with('{') {
        match grundy_script::split_script_spec(params) {
            (script, Some(_)) => name.len() + 1 + script.len() + 1,
            (_, None) => return Ok(vec![text.to_string()]),
        }
    } else {
        name.len() + 1
    };
    let (head, tail) = text.split_at(open);
    let mut pieces: Vec<Vec<String>> = vec![vec![head.to_string()]];
    let bytes = tail.as_bytes();
    let mut literal = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let run = |from: usize| {
            from + bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let end = run(i);
        if end > i && tail[end..].starts_with("..") && run(end + 2) > end + 2 {
            let stop = run(end + 2);
            let column = open + i;
            let lo: u64 = tail[i..end]
                .parse()
                .map_err(|_| error(text, column, "the range's first number is too large"))?;
            let hi: u64 = tail[end + 2..stop]
                .parse()
                .map_err(|_| error(text, column, "the range's last number is too large"))?;
            if hi < lo {
                return Err(error(text, column, format!("{lo}..{hi} is empty")));
            }
            if hi - lo >= MAX_GAMES as u64 {
                return Err(error(
                    text,
                    column,
                    format!("{lo}..{hi} is more than {MAX_GAMES} games"),
                ));
            }
            pieces.push(vec![std::mem::take(&mut literal)]);
            pieces.push((lo..=hi).map(|k| k.to_string()).collect());
            i = stop;
        } else {
            let step = end.max(i + 1);
            literal.push_str(&tail[i..step]);
            i = step;
        }
    }
    pieces.push(vec![literal]);
    product(text, &pieces, "games")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_file(_: &Path) -> std::io::Result<String> {
        Err(std::io::Error::new(std::io::ErrorKind::NotFound, "none"))
    }

    fn games(family: &str) -> Vec<String> {
        expand(family, &no_file).unwrap()
    }

    #[test]
    fn each_question_mark_is_an_octal_digit() {
        let g = games("0.??");
        assert_eq!(g.len(), 64);
        assert_eq!(g.first().map(String::as_str), Some("0.00"));
        assert_eq!(g.last().map(String::as_str), Some("0.77"));
        assert_eq!(games("4.?").len(), 8);
        assert_eq!(games("0.???").len(), 512);
        assert_eq!(games("?.??").len(), 128, "0.?? and 4.??");
    }

    #[test]
    fn classes_list_hexadecimal_digits() {
        assert_eq!(games("0.[0-f]").len(), 16);
        assert_eq!(games("0.1[37a]"), vec!["0.13", "0.17", "0.1A"]);
        assert_eq!(games("0.[0-3][8-9]").len(), 8);
        let e = expand("0.[3", &no_file).unwrap_err();
        assert_eq!(e.at, "column 3 of '0.[3'");
        assert!(expand("0.[7-3]", &no_file).is_err());
        assert!(expand("0.[x]", &no_file).is_err());
    }

    #[test]
    fn subtraction_sets_of_at_most_k_elements() {
        let g = games("sub:{1..8}^3");
        assert_eq!(g.len(), 8 + 28 + 56);
        assert_eq!(g[0], "sub:1");
        assert_eq!(g[8], "sub:1,2");
        assert_eq!(g.last().map(String::as_str), Some("sub:6,7,8"));
        assert_eq!(games("sub:{2..4}").len(), 7);
        assert!(expand("sub:{1..50}", &no_file).is_err(), "2^50 sets");
        assert!(expand("sub:{3..1}", &no_file).is_err());
        assert!(expand("sub:{1..4}^0", &no_file).is_err());
        let all_but = games("allbut:{1..3}^2");
        assert_eq!(all_but.len(), 6);
        assert_eq!(all_but[3], "allbut:1,2");
    }

    #[test]
    fn ranges_in_parameters_and_script_queries() {
        assert_eq!(games("bash:1..3"), vec!["bash:1", "bash:2", "bash:3"]);
        let g = games("script:f.rhai?k=1..3&s=5..6");
        assert_eq!(g.len(), 6);
        assert_eq!(g[0], "script:f.rhai?k=1&s=5");
        assert_eq!(g[5], "script:f.rhai?k=3&s=6");
        // Rhai's own ranges in an inline script are its text, not a family.
        let inline = "script:{fn moves(n) { (1..3).map(|k| n - k) }}?k=1..2";
        let g = games(inline);
        assert_eq!(g.len(), 2);
        assert!(g[0].contains("(1..3)") && g[0].ends_with("?k=1"));
        assert_eq!(games("nim"), vec!["nim"]);
        assert_eq!(games("0.77"), vec!["0.77"]);
        assert!(expand("bash:5..2", &no_file).is_err());
    }

    #[test]
    fn a_list_file_expands_each_line() {
        let read = |p: &Path| -> std::io::Result<String> {
            assert_eq!(p, Path::new("l.txt"));
            Ok("# octal\n0.?7\n\nbash:1..2 # Bash\n0.07\n".into())
        };
        let g = expand("list:l.txt", &read).unwrap();
        assert_eq!(g.len(), 8 + 2, "0.07 once");
        let bad = |_: &Path| -> std::io::Result<String> { Ok("0.7\n0.[3\n".into()) };
        let e = expand("list:l.txt", &bad).unwrap_err();
        assert_eq!(e.at, "line 2 of l.txt, column 3 of '0.[3'");
        assert!(expand("list:nowhere", &no_file).is_err());
    }
}
