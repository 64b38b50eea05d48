//! Coin game 1: x coins, take a_i of them; whoever takes the last coin wins. Alice moves first.

use grundy_core::Outcome;
use grundy_games::heap::subtraction::{self, Subtraction};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    while !input.is_done() {
        let x = input.number("x (the number of coins)", 1, 10_000)?;
        let k = input.number("k (the number of amounts)", 1, 100)?;
        let set = input.numbers(k as usize, "an amount a_i", 1, 10_000)?;
        let game =
            subtraction::position("sub", Subtraction::finite(set).with_values_for(x), vec![x]);
        out.push_str(if outcome(game)? == Outcome::N {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
    Ok(())
}
