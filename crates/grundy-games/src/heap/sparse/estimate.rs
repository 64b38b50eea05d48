//! How much memory a table needs before it is computed ([`Engine::estimated_bytes`]), and how far a
//! budget of bytes reaches ([`Engine::reach`]), so that a long table can say both up front instead
//! of stopping hours in, when a stage no longer fits.
//!
//! The engine holds the values once, in the narrowest width that holds them, the rare heaps (a
//! heap and its value, eight bytes each), the amounts of each move, and the marks of one value
//! (a byte for each value below the next power of two). Only the width and the count of rare heaps
//! are not known before the table is: both are forecast from the values computed so far, which is
//! why the estimate is best asked once a first stage is done (a thousand values, milliseconds).

use super::Engine;
use crate::heap::take_and_break::rules::TakeBreakRules;
use crate::heap::take_and_break::Amounts;

/// Values computed by [`estimated_bytes`] before it forecasts: enough for the largest value and
/// the share of rare heaps to show, cheap for every octal code (a game that splits a heap in three
/// pays a square per value, so it gets fewer).
const PREFIX: usize = 32767;
const PREFIX_CUBIC: usize = 511;

impl Engine {
    /// About the bytes the engine holds once `G(0..=last)` is computed, its peak (what a caller
    /// copies of the values, for a period search or a checkpoint, is not counted).
    ///
    /// The values are taken to be as wide as the largest value so far grown by half (the values
    /// of octal games grow slowly, if at all) needs, and the rare heaps to stay as large a share
    /// of the heaps as so far. Within a quarter of the measured peak resident memory above the
    /// process's own once a table is past a few thousand values, whenever that width is right (a
    /// table whose values are about to pass 255 may need twice the bytes forecast, or half).
    pub fn estimated_bytes(&self, last: u64) -> u64 {
        let n = last.saturating_add(1);
        let len = self.values.len() as u64;
        let width = self.forecast_width(last) as u64;
        let max = match width {
            1 => 0xff,
            2 => 0xffff,
            _ => u64::from(u32::MAX),
        }
        .min(u64::from(self.max_value) * 3 / 2);
        let values = n.saturating_mul(width);
        // A vector of rare heaps grows by doubling: up to twice its length, three times while
        // it is copied; twice on average.
        // Rare heaps keep coming at the rate of the second half of the table so far (in some
        // games they stop: Grundy's game has 1273 up to 2^20 and 2^23 alike).
        let rare_now = self.ctx.rare.len() as u64;
        let half = (len / 2) as u32;
        let recent = rare_now - self.ctx.rare.partition_point(|&a| a < half) as u64;
        let rare = rare_now.saturating_add(
            recent
                .saturating_mul(n.saturating_sub(len))
                .checked_div(len - u64::from(half))
                .unwrap_or(0),
        );
        let rare_bytes = rare.saturating_mul(2 * 8);
        // The amounts of each move, up to twice the table (listed as u64, then kept as usize).
        let amounts: u64 = self
            .rules
            .by_parts
            .iter()
            .map(|a| amount_count(a, n.saturating_mul(2)).saturating_mul(16))
            .sum();
        // The marks (a byte per value) and the histogram of a mask review (eight), for values
        // below the next power of two above the largest.
        let range = (max + 1).next_power_of_two().max(64);
        let marks = range.saturating_mul(9);
        values
            .saturating_add(rare_bytes)
            .saturating_add(amounts)
            .saturating_add(marks)
    }

    /// The bytes a value of `G(0..=last)` is forecast to take: as wide as the largest value so
    /// far needs, grown by half past the table computed.
    pub fn forecast_width(&self, last: u64) -> usize {
        let max = if last < self.values.len() as u64 {
            u64::from(self.max_value)
        } else {
            u64::from(self.max_value) * 3 / 2
        };
        match max {
            0..=0xff => 1,
            0x100..=0xffff => 2,
            _ => 4,
        }
    }

    /// The largest `last` whose table [`Engine::estimated_bytes`] fits in `budget` bytes, at
    /// most `u32::MAX - 1` (heaps are counted in `u32`); 0 if not even `G(0)` fits.
    pub fn reach(&self, budget: u64) -> u64 {
        let (mut lo, mut hi) = (0u64, u64::from(u32::MAX) - 1);
        if self.estimated_bytes(hi) <= budget {
            return hi;
        }
        // The estimate grows with `last`: the largest that fits, by bisection.
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.estimated_bytes(mid) <= budget {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }
}

/// How many members of `amounts` are at most `n`.
fn amount_count(amounts: &Amounts, n: u64) -> u64 {
    match amounts {
        Amounts::Finite(v) => v.iter().take_while(|&&a| a <= n).count() as u64,
        Amounts::All => n,
        // At most 64 powers of two or 93 Fibonacci numbers below 2^64.
        _ => 93,
    }
}

/// The engine's estimate for the table of `rules` up to `last` ([`Engine::estimated_bytes`]),
/// made from a first 32768 values computed here (a tenth of a second for most octal codes).
pub fn estimated_bytes(rules: &TakeBreakRules, last: u64) -> u64 {
    forecast(rules, last, u64::MAX).0
}

/// The estimate for the table of `rules` up to `last` and how far `budget` bytes reach
/// ([`Engine::reach`]), both from one first 32768 values computed here.
pub fn forecast(rules: &TakeBreakRules, last: u64, budget: u64) -> (u64, u64) {
    let mut engine = Engine::new(rules.clone(), super::Method::Sparse);
    let prefix = if matches!(&rules.by_parts[3], Amounts::Finite(v) if v.is_empty()) {
        PREFIX
    } else {
        PREFIX_CUBIC
    };
    let first = (prefix as u64).min(last) as usize;
    let _ = engine.extend_to(first, &mut |_| true);
    (engine.estimated_bytes(last), engine.reach(budget))
}
