//! The rare and common values of a sequence, as the sparse-space method splits them (Gangolli
//! and Plambeck; Flammenkamp's tables): under a mask `W`, a value `v` is *common* when
//! `popcount(v & W)` is odd and *rare* when it is even. For many octal games one mask leaves
//! only a few heaps rare, and the last rare heap comes early; a census records the best mask,
//! how many heaps (from 1) are rare under it, and the last of them, as the published tables do.
//!
//! ```
//! use grundy_census::rare::split;
//! // Values 1, 2, 4, 7 have odd popcount under W = 7; 0 and 3 do not.
//! let s = split(&[0, 1, 2, 4, 7, 3, 1]).unwrap();
//! assert_eq!((s.mask, s.count, s.last), (7, 1, 5));
//! ```

use serde::{Deserialize, Serialize};

/// The best rare/common split of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    /// The mask `W` leaving the fewest heaps rare (the smallest such mask).
    pub mask: u32,
    /// How many heaps `n >= 1` are rare under it.
    pub count: u64,
    /// The last rare heap, `0` when none is.
    pub last: u64,
}

/// The masks tried: every `W` below this (values past it are rare or common by their low bits).
const MASKS: u32 = 1 << 12;

/// The largest value the split is sought for: past it (values that grow, an arithmetic period)
/// there are too many values for the split to mean anything.
pub const LARGEST: u32 = 1 << 10;

/// The split of `values` (`G(0)`, `G(1)`, …; heap 0 is not counted), `None` for fewer than two
/// or a value past [`LARGEST`].
pub fn split(values: &[u32]) -> Option<Split> {
    if values.len() < 2 || values.iter().any(|&v| v > LARGEST) {
        return None;
    }
    let mut hist = std::collections::BTreeMap::<u32, u64>::new();
    for &v in &values[1..] {
        *hist.entry(v).or_default() += 1;
    }
    let largest = hist.keys().next_back().copied().unwrap_or(0);
    let bits = 32 - largest.leading_zeros();
    let masks = (1u32 << bits.min(12)).clamp(2, MASKS);
    let rare = |w: u32| -> u64 {
        hist.iter()
            .filter(|(v, _)| (*v & w).count_ones().is_multiple_of(2))
            .map(|(_, c)| c)
            .sum()
    };
    let (count, mask) = (1..masks).map(|w| (rare(w), w)).min()?;
    let last = (1..values.len())
        .rev()
        .find(|&n| (values[n] & mask).count_ones().is_multiple_of(2))
        .unwrap_or(0) as u64;
    Some(Split { mask, count, last })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// No mask leaves fewer heaps rare than the one chosen, and its count and last heap are
        /// those of a plain count.
        #[test]
        fn the_chosen_mask_is_the_best(values in proptest::collection::vec(0u32..40, 2..60)) {
            let s = split(&values).unwrap();
            let rare = |w: u32, v: u32| (v & w).count_ones().is_multiple_of(2);
            for w in 1..64u32 {
                let c = values[1..].iter().filter(|&&v| rare(w, v)).count() as u64;
                prop_assert!(c >= s.count, "mask {w} leaves {c} rare, fewer than {}", s.count);
            }
            let plain = values[1..].iter().filter(|&&v| rare(s.mask, v)).count() as u64;
            prop_assert_eq!(plain, s.count);
            let last = (1..values.len()).rev().find(|&n| rare(s.mask, values[n])).unwrap_or(0);
            prop_assert_eq!(last as u64, s.last);
        }
    }
}
