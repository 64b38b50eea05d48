//! Take one stone or merge two heaps: YES if Alice (first) wins.

use grundy_core::Outcome;
use grundy_games::nonsum::take_or_merge::position;

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    // HDU 4111 allows 4000 cases; each is one small table.
    let t = input.number("T (the number of cases)", 1, 4000)?;
    for _ in 0..t {
        let n = input.number("N (the number of heaps)", 1, 50)?;
        let heaps = input.numbers(n as usize, "a heap size", 1, 1000)?;
        let verdict = outcome(position(heaps))?;
        out.push_str(if verdict == Outcome::N {
            "YES\n"
        } else {
            "NO\n"
        });
    }
    input.end()
}
