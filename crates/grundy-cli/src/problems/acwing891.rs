//! AcWing 891 Nim: Yes if the first player wins.

use grundy_core::Outcome;
use grundy_games::heap::nim;

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    let n = input.number("n (the number of heaps)", 1, 100_000)?;
    let heaps = input.numbers(n as usize, "a heap size", 1, 1_000_000_000)?;
    input.end()?;
    out.push_str(if outcome(nim::position(heaps))? == Outcome::N {
        "Yes\n"
    } else {
        "No\n"
    });
    Ok(())
}
