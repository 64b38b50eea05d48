//! HDU 1847: one heap of n cards; take any power of two; the last card wins. Kiki moves first.

use grundy_core::Outcome;
use grundy_games::heap::subtraction::{self, Subtraction};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    while !input.is_done() {
        let n = input.number("n", 1, 1000)?;
        let game = subtraction::position("sub:pow2", Subtraction::powers_of_two(), vec![n]);
        out.push_str(if outcome(game)? == Outcome::N {
            "Kiki\n"
        } else {
            "Cici\n"
        });
    }
    Ok(())
}
