//! Tests' reference values for a one-number script: a mex over the options the script lists,
//! heap by heap from 0, sharing nothing with the line, the solver or the stores under test.

use super::{Position, ScriptGame};

/// The values of the heaps `0..=n` (an option that is a string has no moves, so value 0).
pub(super) fn plain_values(text: &str, n: i64) -> Vec<u64> {
    let plain = ScriptGame::compile("script:plain", "plain", text).unwrap();
    let mut g: Vec<u64> = Vec::new();
    let mut options = Vec::new();
    for m in 0..=n {
        options.clear();
        plain.options_within(&Position::Int(m), &mut options, 0);
        let value = |q: &Position| match *q {
            Position::Int(a) => g[a as usize],
            Position::Pair(a, b) => g[a as usize] ^ g[b as usize],
            Position::Str(_) => 0,
            ref other => panic!("an option the test does not value: {other}"),
        };
        let seen: std::collections::HashSet<u64> = options
            .iter()
            .map(|q| match q {
                Position::Sum(parts) => parts.iter().fold(0, |x, p| x ^ value(p)),
                q => value(q),
            })
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}
