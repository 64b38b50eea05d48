//! HDU 4764 "Tang and Jiang": write numbers rising by 1..k; whoever writes N or more loses.
//! Bash's game on N−1 tokens with moves 1..k (the player who writes N−1 wins).

use grundy_core::Outcome;
use grundy_games::heap::subtraction::{self, Subtraction};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    loop {
        let (n, at) = input.number_token("N", 0, 32768)?;
        let k = input.number("k", 0, 32768)?;
        if n == 0 && k == 0 {
            return input.end();
        }
        if n == 0 || k == 0 {
            return Err(at.error("N and k must both be positive (the line 0 0 ends the input)"));
        }
        let game = subtraction::position("bash", Subtraction::bash(k), vec![n - 1]);
        out.push_str(if outcome(game)? == Outcome::N {
            "Tang\n"
        } else {
            "Jiang\n"
        });
    }
}
