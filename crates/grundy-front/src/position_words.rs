//! A position and its words: what [`grundy_core::Game::show`] writes (a position as JSON in the
//! input's notation) turned back into the words the registry builds the position from, for every
//! game and every front end (`play` rebuilds each position from them; `solve` shows them).
//!
//! The rule, the inverse of each game's parser:
//! - a number or a string is one word;
//! - an array is one word per element: an element of two or more numbers is one word with commas
//!   (`[[2,5],[3,5]]` is `2,5 3,5`, board tokens), any other array element is its JSON (`[0]`,
//!   `[[1,2],[3]]`: a game script's arrays read back as the same arrays);
//! - an object's lists are words and its other fields `key=value` words
//!   (`{"heaps":[3,4],"pool":5}` is `3 4 pool=5`, Poker Nim).
//!
//! ```
//! use grundy_front::position_words::{shown, words};
//! let tokens = serde_json::json!([[2, 5], [3, 5]]);
//! assert_eq!(words(&tokens).unwrap(), ["2,5", "3,5"]);
//! assert_eq!(shown(&serde_json::json!({"heaps": [3, 4], "pool": 5})), "3 4 pool=5");
//! ```

use serde_json::Value as Json;

/// The most words [`shown`] writes out before it shortens a position.
const SHOWN: usize = 12;

/// One element of a position as one word; `None` for what no word writes (an object, `null`).
fn word(j: &Json) -> Option<String> {
    match j {
        Json::Number(n) => Some(n.to_string()),
        Json::String(s) => Some(s.clone()),
        Json::Array(items) if items.len() >= 2 && items.iter().all(Json::is_number) => Some(
            items
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(","),
        ),
        Json::Array(_) => Some(j.to_string()),
        _ => None,
    }
}

/// The words that build `position` again (see the module docs); `None` if it has a part no
/// word writes.
pub fn words(position: &Json) -> Option<Vec<String>> {
    match position {
        Json::Array(items) => items.iter().map(word).collect(),
        Json::Object(fields) => {
            let mut out = Vec::new();
            for (k, v) in fields {
                match v {
                    Json::Array(items) => {
                        out.extend(items.iter().map(word).collect::<Option<Vec<_>>>()?)
                    }
                    other => out.push(format!("{k}={}", word(other)?)),
                }
            }
            Some(out)
        }
        other => Some(vec![word(other)?]),
    }
}

/// `position` in words for a person: its words (or its JSON, if it has none), the first eight
/// and a count when there are more than twelve; `(empty)` for the empty position, which has no
/// words.
///
/// ```
/// use grundy_front::position_words::shown;
/// assert_eq!(shown(&serde_json::json!([])), "(empty)");
/// ```
pub fn shown(position: &Json) -> String {
    let Some(all) = words(position) else {
        return position.to_string();
    };
    if all.is_empty() {
        return "(empty)".to_string();
    }
    if all.len() > SHOWN {
        format!("{} … ({} in all)", all[..8].join(" "), all.len())
    } else {
        all.join(" ")
    }
}
