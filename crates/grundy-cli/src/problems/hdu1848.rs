//! HDU 1848: three heaps; take a Fibonacci number (1, 2, 3, 5, …) from one; the last token wins.

use grundy_core::Outcome;
use grundy_games::heap::subtraction::{self, Subtraction};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    loop {
        let (m, at) = input.number_token("m", 0, 1000)?;
        let n = input.number("n", 0, 1000)?;
        let p = input.number("p", 0, 1000)?;
        if (m, n, p) == (0, 0, 0) {
            return input.end();
        }
        if m == 0 || n == 0 || p == 0 {
            return Err(at.error("m, n and p must be positive (the line 0 0 0 ends the input)"));
        }
        let rules = Subtraction::fibonacci().with_values_for(m.max(n).max(p));
        let game = subtraction::position("sub:fib", rules, vec![m, n, p]);
        out.push_str(if outcome(game)? == Outcome::N {
            "Fibo\n"
        } else {
            "Nacci\n"
        });
    }
}
