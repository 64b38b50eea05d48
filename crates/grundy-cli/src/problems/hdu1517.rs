//! HDU 1517 A Multiplication Game: Stan (first) or Ollie, by the P/N interval argument.

use grundy_games::nonsum::multiplication::Multiplication;

use super::{Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    while !input.is_done() {
        let n = input.number("n", 2, 4_294_967_294)?;
        out.push_str(if Multiplication::new(n).is_p(1) {
            "Ollie wins.\n"
        } else {
            "Stan wins.\n"
        });
    }
    Ok(())
}
