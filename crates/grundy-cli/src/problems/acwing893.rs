//! AcWing 893 set Nim: heaps, take s in S from one; Yes if the first player wins.

use grundy_core::Outcome;
use grundy_games::heap::subtraction::{self, Subtraction};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    let k = input.number("k (the size of S)", 1, 100)?;
    let set = input.numbers(k as usize, "an element of S", 1, 10_000)?;
    let n = input.number("n (the number of heaps)", 1, 100)?;
    let heaps = input.numbers(n as usize, "a heap size", 1, 10_000)?;
    input.end()?;
    let need = heaps.iter().copied().max().unwrap_or(0);
    let game = subtraction::position("sub", Subtraction::finite(set).with_values_for(need), heaps);
    out.push_str(if outcome(game)? == Outcome::N {
        "Yes\n"
    } else {
        "No\n"
    });
    Ok(())
}
