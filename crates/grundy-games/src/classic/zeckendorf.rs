//! Zeckendorf representations and their generalization to the sequences of dynamic subtraction.
//!
//! Every positive integer is, in exactly one way, a sum of non-consecutive Fibonacci numbers
//! 1, 2, 3, 5, 8, … (Zeckendorf's theorem); the greedy algorithm (take the largest Fibonacci
//! number that fits, repeat) finds it. Schwenk (1970) generalized this to the sequence of
//! *k-dynamic subtraction*: `H_1 = 1` and `H_{j+1} = H_j + H_m`, where `m` is the smallest index
//! with `k·H_m ≥ H_j`. Every positive integer is a greedy sum of terms of `H` in which each term is
//! more than `k` times the previous (smaller) one, and that representation is unique. For `k = 2`,
//! `H` is the Fibonacci sequence and the representation is Zeckendorf's; for `k = 1` it is the
//! binary representation.
//!
//! ```
//! use grundy_games::classic::zeckendorf::Sequence;
//! let fib = Sequence::new(2);
//! assert_eq!(&fib.terms()[..8], &[1, 2, 3, 5, 8, 13, 21, 34]);
//! // 100 = 89 + 8 + 3, each term more than twice the previous one.
//! assert_eq!(fib.representation(100), vec![89, 8, 3]);
//! ```

/// The terms of the k-dynamic sequence up to a bound, in increasing order.
///
/// The first `k + 1` terms are `1, 2, …, k + 1` (while `H_j ≤ k`, `m = 1`): they are kept as a
/// count, not a list, so a multiplier up to 10^18 costs nothing for heaps up to `k + 1`. Past
/// them the terms grow by a factor of about `1 + 1/k` each, about `k·ln(max/k)` of them up to
/// `max`, and those are listed.
#[derive(Clone, Debug)]
pub struct Sequence {
    k: u64,
    /// Every integer `1..=prefix` is a term.
    prefix: u64,
    /// The terms past `prefix`, up to the bound, increasing.
    terms: Vec<u64>,
}

/// The most terms past the prefix a sequence lists (256 MiB).
pub const MAX_LISTED_TERMS: usize = 1 << 25;

impl Sequence {
    /// The sequence for multiplier `k ≥ 1`, every term that fits in a `u64`. Its length is about
    /// `k · 44` for large `k`: for a large `k`, use [`Sequence::upto`].
    pub fn new(k: u64) -> Sequence {
        Sequence::upto(k, u64::MAX).expect("a small multiplier has few terms")
    }

    /// The sequence for multiplier `k ≥ 1`, every term up to `max` (enough to represent every
    /// number up to `max`); `Err` with the terms counted so far when more than
    /// [`MAX_LISTED_TERMS`] would be listed.
    pub fn upto(k: u64, max: u64) -> Result<Sequence, usize> {
        assert!(
            k >= 1,
            "the multiplier of dynamic subtraction is at least 1"
        );
        let prefix = k.saturating_add(1).min(max.max(1));
        let mut s = Sequence {
            k,
            prefix,
            terms: Vec::new(),
        };
        let mut last = prefix;
        while last < max {
            // The increment is the smallest term at least last/k (m only moves forward).
            let need = last.div_ceil(k);
            let step = s.smallest_term_at_least(need);
            match last.checked_add(step) {
                Some(next) if next <= max => {
                    if s.terms.len() >= MAX_LISTED_TERMS {
                        return Err(s.terms.len());
                    }
                    s.terms.push(next);
                    last = next;
                }
                _ => break,
            }
        }
        Ok(s)
    }

    fn smallest_term_at_least(&self, v: u64) -> u64 {
        if v <= self.prefix {
            return v.max(1);
        }
        let i = self.terms.partition_point(|&t| t < v);
        self.terms[i.min(self.terms.len() - 1)]
    }

    /// The largest term at most `n ≥ 1` (within the bound).
    fn largest_term_at_most(&self, n: u64) -> u64 {
        match self.terms.partition_point(|&t| t <= n) {
            0 => n.min(self.prefix),
            i => self.terms[i - 1],
        }
    }

    /// The multiplier `k`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The terms, increasing (the prefix written out: for a small `k`).
    pub fn terms(&self) -> Vec<u64> {
        (1..=self.prefix)
            .chain(self.terms.iter().copied())
            .collect()
    }

    /// Whether `n` (within the bound) is a term of the sequence.
    pub fn contains(&self, n: u64) -> bool {
        (1..=self.prefix).contains(&n) || self.terms.binary_search(&n).is_ok()
    }

    /// The greedy representation of `n` (within the bound), largest term first (empty for 0).
    pub fn representation(&self, mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        while n > 0 {
            let t = self.largest_term_at_most(n);
            out.push(t);
            n -= t;
        }
        out
    }

    /// The smallest term of the representation of `n > 0`.
    pub fn smallest_term(&self, n: u64) -> u64 {
        *self
            .representation(n)
            .last()
            .expect("a positive number has a non-empty representation")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn k_1_is_binary_and_k_2_is_fibonacci() {
        let bin = Sequence::new(1);
        assert_eq!(&bin.terms()[..6], &[1, 2, 4, 8, 16, 32]);
        assert_eq!(bin.terms().len(), 64);
        let fib = Sequence::new(2);
        let mut f = vec![1u64, 2];
        while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
            f.push(next);
        }
        assert_eq!(fib.terms(), &f[..]);
        // k = 3, worked out by hand from the definition.
        assert_eq!(
            &Sequence::new(3).terms()[..11],
            &[1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40]
        );
    }

    #[test]
    fn a_bounded_sequence_is_a_prefix_of_the_whole() {
        for k in [1, 2, 3, 7, 50] {
            let whole = Sequence::new(k).terms();
            for max in [1, 2, 5, 60, 1000, 123_456] {
                let part = Sequence::upto(k, max).unwrap().terms();
                let want: Vec<u64> = whole.iter().copied().filter(|&t| t <= max).collect();
                assert_eq!(part, want, "k={k} max={max}");
            }
        }
        // A multiplier of 10^18 and heaps of 10^18: every number is a term, nothing listed.
        let big = Sequence::upto(1_000_000_000_000_000_000, 1_000_000_000_000_000_000).unwrap();
        assert_eq!(
            big.representation(999_999_999_999_999_999),
            vec![999_999_999_999_999_999]
        );
        // HDU 2486's largest: k = 10^5, heaps up to 10^8.
        let hdu = Sequence::upto(100_000, 100_000_000).unwrap();
        assert!(hdu.terms.len() < 1_000_000);
    }

    proptest! {
        #[test]
        fn bounded_representations_match(k in 1u64..2000, max in 1u64..200_000, n in 1u64..200_000) {
            let n = n.min(max);
            let whole = Sequence::new(k);
            let part = Sequence::upto(k, max).unwrap();
            prop_assert_eq!(part.representation(n), whole.representation(n));
        }

        #[test]
        fn representations_are_sums_with_gaps_larger_than_k(k in 1u64..8, n in 1u64..u64::MAX) {
            let s = Sequence::new(k);
            let r = s.representation(n);
            prop_assert_eq!(r.iter().map(|&t| t as u128).sum::<u128>(), n as u128);
            for w in r.windows(2) {
                prop_assert!((k as u128) * (w[1] as u128) < w[0] as u128, "{:?}", r);
            }
        }
    }
}
