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

/// The terms of the k-dynamic sequence that fit in a `u64`, in increasing order.
#[derive(Clone, Debug)]
pub struct Sequence {
    k: u64,
    terms: Vec<u64>,
}

impl Sequence {
    /// The sequence for multiplier `k ≥ 1`. Its length is about `k · 44` for large `k`, since
    /// the sequence grows by roughly a factor `1 + 1/k` per term once past `k`.
    pub fn new(k: u64) -> Sequence {
        assert!(
            k >= 1,
            "the multiplier of dynamic subtraction is at least 1"
        );
        let mut terms: Vec<u64> = vec![1];
        let mut m = 0;
        loop {
            let last = *terms.last().expect("non-empty");
            // m only moves forward, since the terms increase.
            while (k as u128) * (terms[m] as u128) < last as u128 {
                m += 1;
            }
            match last.checked_add(terms[m]) {
                Some(next) => terms.push(next),
                None => break,
            }
        }
        Sequence { k, terms }
    }

    /// The multiplier `k`.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The terms, increasing.
    pub fn terms(&self) -> &[u64] {
        &self.terms
    }

    /// Whether `n` is a term of the sequence.
    pub fn contains(&self, n: u64) -> bool {
        self.terms.binary_search(&n).is_ok()
    }

    /// The greedy representation of `n`, largest term first (empty for 0).
    pub fn representation(&self, mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        while n > 0 {
            let i = self.terms.partition_point(|&t| t <= n) - 1;
            out.push(self.terms[i]);
            n -= self.terms[i];
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

    proptest! {
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
