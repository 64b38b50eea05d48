//! HDU 2149 Public Sale: every winning first bid of Lele, or "none".

use grundy_games::nonsum::public_sale::PublicSale;

use super::{Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    while !input.is_done() {
        let m = input.number("M", 1, 1099)?;
        let n = input.number("N", 1, 1099)?;
        let bids = PublicSale::new(m, n).winning_bids(0);
        if bids.is_empty() {
            out.push_str("none");
        } else {
            let words: Vec<String> = bids.iter().map(u64::to_string).collect();
            out.push_str(&words.join(" "));
        }
        out.push('\n');
    }
    Ok(())
}
