//! Kernels of `kernels` with AVX2, for CPUs that have it: the engine checks once (`Ctx::new`)
//! and passes the answer down, so a build for the x86-64 baseline runs them where they can run
//! and the plain loops elsewhere.
//!
//! - The one-word kernels (`reach_*`): a value below 64 becomes its bit by a variable shift,
//!   which the baseline (SSE2) lacks; with AVX2 eight of them are one instruction, as are eight
//!   gathered loads of the rare pass. On 0.167 to 10^6 the one-word engine took 0.11 s with the
//!   plain loops and takes 0.07 s with these.
//! - The common–common scan's comparisons (`find_any_*`): twice the pairs a vector, and the
//!   reversed half of each pair in two instructions. With them (and the marks packed by
//!   `pmovmskb`) 0.6 to 10^6 went from 1.07 s to 0.96 s on two threads.

use std::arch::x86_64::*;

use super::kernels::{find_any, Span};
use crate::tabulate::storage::Cell;

/// `reach_pairs`: the bits of `low[i] ^ high[len - 1 - i]`.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn reach_pairs<T: Cell>(low: &[T], high: &[T]) -> u64 {
    let len = low.len().min(high.len());
    let (low, high) = (&low[..len], &high[high.len() - len..]);
    // The compiler vectorizes the fold (a shift per lane); a full block has a fixed length, so
    // it needs no remainder loop.
    let fold = |low: &[T], high: &[T]| {
        low.iter()
            .zip(high.iter().rev())
            .fold(0u64, |acc, (&x, &y)| acc | 1u64 << ((x ^ y).get() & 63))
    };
    if let (Ok(lo), Ok(hi)) = (<&[T; 32]>::try_from(low), <&[T; 32]>::try_from(high)) {
        return fold(lo, hi);
    }
    fold(low, high)
}

/// `reach_rare_twice` on a byte table: the bits of `va ^ G(r1 − a)` and `va ^ G(r2 − a)`, eight
/// rare heaps at a time (`heaps.len()` a multiple of 8; any rest is ignored).
///
/// # Safety
/// The CPU must have AVX2; `heaps` must not be empty, and every heap `a` must satisfy `1 <= a`,
/// `a + 3 <= r2`, `a < 2^30`, with `r2 < r1 <= g.len()`: each load reads the four bytes
/// `g[r - a - 3 ..= r - a]` (the loads' bases, `r - 3`, are within the table).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn reach_rare_twice(
    g: &[u8],
    (r1, r2): (usize, usize),
    heaps: &[u32],
    values: &[u32],
) -> u64 {
    debug_assert!(!heaps.is_empty() && r2 < r1 && r1 <= g.len());
    debug_assert!(heaps
        .iter()
        .all(|&a| (1..1 << 30).contains(&a) && a as usize + 3 <= r2));
    let zero = _mm256_setzero_si256();
    let one = _mm256_set1_epi32(1);
    let c32 = _mm256_set1_epi32(32);
    // Loads at `base - a` read `g[r - 3 - a ..= r - a]`; the byte wanted is the last, the top
    // byte of the little-endian word.
    let base1 = g.as_ptr().add(r1 - 3) as *const i32;
    let base2 = g.as_ptr().add(r2 - 3) as *const i32;
    // Bits 0..32 and 32..64 of the word, as eight lanes each: a shift by 32 or more gives 0, so
    // each value lands in exactly one of the two.
    // When r2 is within three of r1 (removals 2 and 3 in 0.167), G(r2 − a) is in the word
    // loaded for G(r1 − a): one gather serves both.
    let gap = r1 - r2;
    let (shared, down) = (
        gap <= 3,
        _mm256_set1_epi32(if gap <= 3 { 24 - 8 * gap as i32 } else { 0 }),
    );
    let byte = _mm256_set1_epi32(0xff);
    let (mut lo, mut hi) = (zero, zero);
    for (h, v) in heaps.chunks_exact(8).zip(values.chunks_exact(8)) {
        let a = _mm256_loadu_si256(h.as_ptr() as *const __m256i);
        let va = _mm256_loadu_si256(v.as_ptr() as *const __m256i);
        let back = _mm256_sub_epi32(zero, a);
        let word1 = _mm256_i32gather_epi32::<1>(base1, back);
        let x1 = _mm256_srli_epi32::<24>(word1);
        let x2 = if shared {
            _mm256_and_si256(_mm256_srlv_epi32(word1, down), byte)
        } else {
            _mm256_srli_epi32::<24>(_mm256_i32gather_epi32::<1>(base2, back))
        };
        let (x1, x2) = (_mm256_xor_si256(x1, va), _mm256_xor_si256(x2, va));
        lo = _mm256_or_si256(
            lo,
            _mm256_or_si256(_mm256_sllv_epi32(one, x1), _mm256_sllv_epi32(one, x2)),
        );
        hi = _mm256_or_si256(
            hi,
            _mm256_or_si256(
                _mm256_sllv_epi32(one, _mm256_sub_epi32(x1, c32)),
                _mm256_sllv_epi32(one, _mm256_sub_epi32(x2, c32)),
            ),
        );
    }
    let (mut l, mut h) = ([0u32; 8], [0u32; 8]);
    _mm256_storeu_si256(l.as_mut_ptr() as *mut __m256i, lo);
    _mm256_storeu_si256(h.as_mut_ptr() as *mut __m256i, hi);
    let or = |lanes: [u32; 8]| lanes.iter().fold(0u64, |w, &x| w | u64::from(x));
    or(l) | or(h) << 32
}

/// `find_any` of `kernels` on a table of bytes or of two-byte values: which of the `W` values of
/// `want` some pair of `spans` gives, as bits. A vector holds 32 or 16 pairs (the baseline's, 16
/// or 8), and the partners are reversed by one shuffle and one swap of halves (the baseline takes
/// three shuffles for two-byte values). The spans of one step share the comparisons' setup.
macro_rules! find_any {
    ($name:ident, $t:ty, $lanes:literal, $set1:ident, $cmpeq:ident, $reverse:expr) => {
        /// # Safety
        /// The CPU must have AVX2.
        #[target_feature(enable = "avx2")]
        pub(super) unsafe fn $name<const W: usize>(
            g: &[$t],
            spans: &[Span],
            want: &[$t; W],
        ) -> u32 {
            let reverse = $reverse;
            let wants: [__m256i; W] = std::array::from_fn(|j| $set1(want[j] as _));
            let mut hits = [_mm256_setzero_si256(); W];
            let mut bits = 0;
            for span in spans {
                let (low, high, len) = (span.low(g), span.high(g), span.len);
                if len < $lanes {
                    bits |= find_any(g, std::slice::from_ref(span), want);
                    continue;
                }
                // Pairs `i .. i + LANES` of `low` with their partners, the last `LANES` of the
                // `len - i` first of `high`.
                let mut read = |i: usize| {
                    // SAFETY: `i + LANES <= len`, the length of both slices.
                    let (lo, hi) = unsafe {
                        (
                            _mm256_loadu_si256(low.as_ptr().add(i) as *const __m256i),
                            _mm256_loadu_si256(
                                high.as_ptr().add(len - $lanes - i) as *const __m256i
                            ),
                        )
                    };
                    let hi = _mm256_permute4x64_epi64::<0x4e>(_mm256_shuffle_epi8(hi, reverse));
                    let x = _mm256_xor_si256(lo, hi);
                    for j in 0..W {
                        hits[j] = _mm256_or_si256(hits[j], $cmpeq(x, wants[j]));
                    }
                };
                let mut i = 0;
                while i + $lanes <= len {
                    read(i);
                    i += $lanes;
                }
                // The last pairs again with the ones before them: finding a value twice changes
                // nothing, and it needs no scalar tail.
                if i < len {
                    read(len - $lanes);
                }
            }
            for (j, hit) in hits.iter().enumerate() {
                bits |= u32::from(_mm256_testz_si256(*hit, *hit) == 0) << j;
            }
            bits
        }
    };
}

find_any!(
    find_any_u8,
    u8,
    32,
    _mm256_set1_epi8,
    _mm256_cmpeq_epi8,
    _mm256_setr_epi8(
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
        5, 4, 3, 2, 1, 0,
    )
);
find_any!(
    find_any_u16,
    u16,
    16,
    _mm256_set1_epi16,
    _mm256_cmpeq_epi16,
    _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    )
);
