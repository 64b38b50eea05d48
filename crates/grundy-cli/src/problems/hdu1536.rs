//! HDU 1536 S-Nim: for each set S, several positions of heaps; W if the mover wins, else L.

use grundy_core::{HeapPosition, Nimber};
use grundy_games::heap::subtraction::Subtraction;

use super::{solve_error, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    loop {
        let k = input.number("k (the size of S, or 0 to end)", 0, 100)?;
        if k == 0 {
            return input.end();
        }
        let set = input.numbers(k as usize, "an element of S", 1, 10_000)?;
        // One position object per set, so heap values are computed once for all its positions.
        let rules = Subtraction::finite(set).with_values_for(10_000);
        let mut values = HeapPosition::new("sub", rules, Vec::new());
        let m = input.number("m (the number of positions)", 1, 100)?;
        for _ in 0..m {
            let l = input.number("l (the number of heaps)", 1, 100)?;
            let mut total = Nimber::ZERO;
            for h in input.numbers(l as usize, "a heap size", 0, 10_000)? {
                total += values.heap_value(h).map_err(solve_error)?;
            }
            out.push(if total.is_zero() { 'L' } else { 'W' });
        }
        out.push('\n');
    }
}
