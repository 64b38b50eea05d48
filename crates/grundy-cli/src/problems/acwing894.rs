//! AcWing 894 split Nim: replace a heap of a by two heaps i, j < a; Yes if the first player wins.

use grundy_core::{HeapPosition, Outcome};
use grundy_games::heap::split::Split;

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    let n = input.number("n (the number of heaps)", 1, 100)?;
    let heaps = input.numbers(n as usize, "a heap size", 1, 100)?;
    input.end()?;
    let verdict = outcome(Box::new(HeapPosition::new("split", Split, heaps)))?;
    out.push_str(if verdict == Outcome::N {
        "Yes\n"
    } else {
        "No\n"
    });
    Ok(())
}
