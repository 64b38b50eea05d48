//! AcWing 892 staircase Nim: Yes if the first player wins.

use grundy_core::Outcome;
use grundy_games::classic::staircase;

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    let n = input.number("n (the number of stairs)", 1, 100_000)?;
    let stairs = input.numbers(n as usize, "a stair's stones", 1, 1_000_000_000)?;
    input.end()?;
    let verdict = outcome(staircase::position(stairs))?;
    out.push_str(if verdict == Outcome::N {
        "Yes\n"
    } else {
        "No\n"
    });
    Ok(())
}
