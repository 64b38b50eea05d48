//! Tables worked out once a process: Dawson's Kayles values for rows, and each shape's dominoes
//! in the order a search tries them.

use std::sync::OnceLock;

use grundy_core::{Nimber, Ruleset};

use super::position::Board;
use super::rules::CramRules;
use crate::board::MAX_CELLS;

/// `G(n)` of Dawson's Kayles (octal 0.07: take two adjacent tokens of a row) for `n <= 64`: a
/// row of `n` free cells in Cram.
pub(super) fn dawson(n: u32) -> Nimber {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut g = vec![0u64; 65];
        for n in 2..=64 {
            let seen: Vec<u64> = (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect();
            g[n] = (0..).find(|v| !seen.contains(v)).expect("a mex exists");
        }
        g
    });
    Nimber(table[n as usize])
}

/// Every domino of a `rows` by `cols` board (as the mask of its two cells), nearest the middle
/// first, those of equal distance in the order of [`Ruleset::options`]: worked out once a shape,
/// as every node of a search lists its options in this order.
pub(super) fn middle_first(rows: u8, cols: u8) -> &'static [u64] {
    const SHAPES: usize = (MAX_CELLS as usize + 1) * (MAX_CELLS as usize + 1);
    static ORDERS: [OnceLock<Box<[u64]>>; SHAPES] = [const { OnceLock::new() }; SHAPES];
    ORDERS[usize::from(rows) * (MAX_CELLS as usize + 1) + usize::from(cols)].get_or_init(|| {
        let full = Board::empty(rows, cols);
        let mut options = Vec::new();
        CramRules::default().options(&full, &mut options);
        let c = u32::from(cols.max(1));
        let (mid_row, mid_col) = (u32::from(rows).saturating_sub(1), c - 1);
        let mut dominoes: Vec<u64> = options.iter().map(|o| full.free & !o.free).collect();
        // Twice the distance of the domino's middle from the board's, row and column.
        dominoes.sort_by_key(|&d| {
            let (i, j) = (d.trailing_zeros(), 63 - d.leading_zeros());
            (i / c + j / c).abs_diff(mid_row) + (i % c + j % c).abs_diff(mid_col)
        });
        dominoes.into_boxed_slice()
    })
}
