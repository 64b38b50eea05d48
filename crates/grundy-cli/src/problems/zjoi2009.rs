//! ZJOI 2009 take from either end: 1 if the first player wins, else 0.

use grundy_games::nonsum::ends::Ends;

use super::{Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    // The judges give T <= 10; more cases cost only time (n^2 steps each).
    let t = input.number("T (the number of cases)", 1, 1000)?;
    for _ in 0..t {
        let n = input.number("n (the number of heaps)", 1, 1000)?;
        let heaps = input.numbers(n as usize, "a heap size", 1, 1_000_000_000)?;
        out.push_str(if Ends::new(&heaps).first_player_wins() {
            "1\n"
        } else {
            "0\n"
        });
    }
    input.end()
}
