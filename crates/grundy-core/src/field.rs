//! The nimber field: nim-multiplication and inverses on 64-bit nimbers.
//!
//! Conway showed that the nimbers below `2^(2^n)` form a field under nim-addition (XOR) and
//! nim-multiplication, defined by the same mex rule as Grundy values:
//!
//! ```text
//! a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }
//! ```
//!
//! Computing that mex directly is quadratic in `a·b`. The fast rule splits at a *Fermat 2-power*
//! `F = 2^(2^k)`: for `x, y < F` the ordinary product `x·F` is also the nim-product, and
//! `F ⊗ F = F ⊕ F/2`. Writing `a = a1·F ⊕ a0` and `b = b1·F ⊕ b0` gives
//!
//! ```text
//! a ⊗ b = ((a0 ⊕ a1)(b0 ⊕ b1) ⊕ a0 b0)·F  ⊕  a0 b0 ⊕ (a1 b1)(F/2)
//! ```
//!
//! (three half-size products, Karatsuba-style) down to 8 bits, where a 64 KiB table built once by
//! the same rule takes over. The inverse goes down the same tower of subfields through the norm
//! (see [`nim_inv`]) and is checked against `a^(2^64 - 2)`, the inverse by Lagrange's theorem.
//! The product is checked against the mex definition in the tests. The Tartan theorem of coin-turning games uses this product.
//!
//! ```
//! use grundy_core::Nimber;
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
//! let a = Nimber(0x1234_5678_9abc_def0);
//! assert_eq!(a * a.inverse().unwrap(), Nimber(1));
//! ```

use std::ops::{Mul, MulAssign};

use crate::Nimber;

/// The nim-products of all pairs of bytes, `TABLE[a << 8 | b] = a ⊗ b`, built at compile time:
/// built at run time it was most of what `grundy nimber` spent starting up.
fn byte_table() -> &'static [u8] {
    &BYTE_TABLE
}

static BYTE_TABLE: [u8; 1 << 16] = build_byte_table();

/// The byte table from the products of single bits (by the splitting rule, down to one bit) and
/// distributivity over ⊕: `a ⊗ b = (a ⊕ lowbit a) ⊗ b ⊕ lowbit(a) ⊗ b`, the rows of single bits
/// first, so every entry is one XOR of two entries made before it.
const fn build_byte_table() -> [u8; 1 << 16] {
    let mut t = [0u8; 1 << 16];
    let mut i = 0;
    while i < 8 {
        let a = 1usize << i;
        let mut b = 1usize;
        while b < 256 {
            let low = b & b.wrapping_neg();
            let bit = bits_mul(a as u64, low as u64, 8) as u8;
            t[a << 8 | b] = t[a << 8 | (b ^ low)] ^ bit;
            b += 1;
        }
        i += 1;
    }
    let mut a = 3usize;
    while a < 256 {
        let low = a & a.wrapping_neg();
        if low != a {
            let mut b = 0;
            while b < 256 {
                t[a << 8 | b] = t[(a ^ low) << 8 | b] ^ t[low << 8 | b];
                b += 1;
            }
        }
        a += 1;
    }
    t
}

/// The nim-product of `a, b < 2^bits` (`bits` a power of two) by Fermat-power splitting down to
/// single bits, where the product is AND (a `const fn`: it builds the byte table).
const fn bits_mul(a: u64, b: u64, bits: u32) -> u64 {
    if bits <= 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1) = (a & mask, a >> half);
    let (b0, b1) = (b & mask, b >> half);
    let low = bits_mul(a0, b0, half);
    let high = bits_mul(a1, b1, half);
    let mid = bits_mul(a0 ^ a1, b0 ^ b1, half);
    ((mid ^ low) << half) | (low ^ bits_mul(high, 1u64 << (half - 1), half))
}

// The same splitting as `bits_mul`, unrolled per width so the compiler can inline it all:
// a 64-bit product is 64 byte-table lookups.
#[inline]
fn mul8(t: &[u8], a: u64, b: u64) -> u64 {
    t[(a << 8 | b) as usize] as u64
}

macro_rules! split_level {
    ($name:ident, $half:expr, $sub:ident) => {
        #[inline]
        fn $name(t: &[u8], a: u64, b: u64) -> u64 {
            const HALF: u32 = $half;
            const MASK: u64 = (1u64 << HALF) - 1;
            let (a0, a1) = (a & MASK, a >> HALF);
            let (b0, b1) = (b & MASK, b >> HALF);
            let low = $sub(t, a0, b0);
            let high = $sub(t, a1, b1);
            let mid = $sub(t, a0 ^ a1, b0 ^ b1);
            ((mid ^ low) << HALF) | (low ^ $sub(t, high, 1u64 << (HALF - 1)))
        }
    };
}

split_level!(mul16, 8, mul8);
split_level!(mul32, 16, mul16);
split_level!(mul64, 32, mul32);

/// The nim-product `a ⊗ b`.
///
/// ```
/// use grundy_core::field::nim_mul;
/// assert_eq!(nim_mul(8, 8), 13);
/// ```
pub fn nim_mul(a: u64, b: u64) -> u64 {
    let t = byte_table();
    match a | b {
        0..=0xff => mul8(t, a, b),
        0x100..=0xffff => mul16(t, a, b),
        0x1_0000..=0xffff_ffff => mul32(t, a, b),
        _ => mul64(t, a, b),
    }
}

/// The nim-inverse of `a`, or `None` for `0`.
///
/// ```
/// use grundy_core::field::{nim_inv, nim_mul};
/// assert_eq!(nim_inv(2), Some(3)); // 2 ⊗ 3 = 1
/// assert_eq!(nim_inv(0), None);
/// ```
pub fn nim_inv(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    let bits = match a {
        0..=0xff => 8,
        0x100..=0xffff => 16,
        0x1_0000..=0xffff_ffff => 32,
        _ => 64,
    };
    Some(inv_rec(a, bits))
}

/// The inverse of `a ≠ 0` below `2^bits`, by the norm to the half-size subfield: with
/// `a = a1·F ⊕ a0` and `F² = F ⊕ h` (`h = F/2`), the conjugate `a1·F ⊕ (a0 ⊕ a1)` times `a` is
/// the norm `N = a0(a0 ⊕ a1) ⊕ a1²h`, which lies in the subfield, so
/// `a⁻¹ = (a1 N⁻¹)·F ⊕ (a0 ⊕ a1) N⁻¹`.
fn inv_rec(a: u64, bits: u32) -> u64 {
    if bits <= 8 {
        return byte_inverses()[a as usize] as u64;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1) = (a & mask, a >> half);
    let h = 1u64 << (half - 1);
    let norm = nim_mul(a0, a0 ^ a1) ^ nim_mul(nim_mul(a1, a1), h);
    let n_inv = inv_rec(norm, half);
    (nim_mul(a1, n_inv) << half) | nim_mul(a0 ^ a1, n_inv)
}

/// The inverses of the bytes (0 for 0), found by search in the byte table at compile time.
fn byte_inverses() -> &'static [u8] {
    &BYTE_INVERSES
}

static BYTE_INVERSES: [u8; 256] = build_byte_inverses();

const fn build_byte_inverses() -> [u8; 256] {
    let t = build_byte_table();
    let mut inv = [0u8; 256];
    let mut a = 1;
    while a < 256 {
        let mut b = 1;
        while t[a << 8 | b] != 1 {
            b += 1;
        }
        inv[a] = b as u8;
        a += 1;
    }
    inv
}

/// The inverse as `a^(2^64 - 2)` (the multiplicative group of the field of `2^64` elements has
/// order `2^64 - 1`): slower, kept as the oracle for [`nim_inv`].
pub fn nim_inv_by_power(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    // a^(2^64 - 2) = a^2 ⊗ a^4 ⊗ … ⊗ a^(2^63).
    let mut square = nim_mul(a, a);
    let mut result = square;
    for _ in 2..64 {
        square = nim_mul(square, square);
        result = nim_mul(result, square);
    }
    Some(result)
}

/// The nim-product `a ⊗ b` by its mex definition, for every `a, b < n`: the oracle the fast
/// product is tested against (and an illustration of the definition). Quadratic in `n²`.
pub fn nim_mul_table_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = Vec::with_capacity(a * b);
            for a2 in 0..a {
                for b2 in 0..b {
                    seen.push(Nimber(t[a2][b] ^ t[a][b2] ^ t[a2][b2]));
                }
            }
            t[a][b] = crate::mex(seen).0;
        }
    }
    t
}

// Nim-multiplication is the field product of nimbers, not ordinary multiplication.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Nimber {
    /// The multiplicative inverse in the nimber field, or `None` for `0`.
    pub fn inverse(self) -> Option<Nimber> {
        nim_inv(self.0).map(Nimber)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_fast_product_is_the_mex_definition() {
        // 64 crosses the Fermat powers 2, 4 and 16 (and the subfield of order 16).
        let t = nim_mul_table_by_definition(64);
        for (a, row) in t.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(nim_mul(a as u64, b as u64), p, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn winning_ways_table_entries() {
        // Winning Ways, ch. 14 / On Numbers and Games, ch. 6.
        for (a, b, p) in [
            (2, 2, 3),
            (2, 3, 1),
            (3, 3, 2),
            (4, 4, 6),
            (8, 8, 13),
            (16, 16, 24),
            (256, 256, 384),
            (1 << 32, 1 << 32, 3 << 31),
            (5, 3, 15),
        ] {
            assert_eq!(nim_mul(a, b), p, "{a} ⊗ {b}");
        }
    }

    #[test]
    fn fermat_powers_square_to_three_halves() {
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            if f == 2 {
                assert_eq!(nim_mul(2, 2), 3);
                continue;
            }
            assert_eq!(nim_mul(f, f), f ^ (f >> 1), "F = 2^{}", 1 << k);
        }
    }

    #[test]
    fn byte_products_against_the_definition_at_256() {
        // Spot-check the table region above 64 with the definition's recursion on one row.
        let t = nim_mul_table_by_definition(130);
        for a in [65usize, 100, 127, 129] {
            for (b, &p) in t[a].iter().enumerate() {
                assert_eq!(nim_mul(a as u64, b as u64), p);
            }
        }
    }

    #[test]
    fn inverse_of_zero_is_none_and_top_values_invert() {
        assert_eq!(nim_inv(0), None);
        for a in [1, 2, 3, u64::MAX, 1 << 63, 0xdead_beef_cafe_f00d] {
            assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1, "{a}");
            assert_eq!(nim_inv(a), nim_inv_by_power(a), "{a}");
        }
        for a in 1..1 << 12 {
            assert_eq!(nim_inv(a), nim_inv_by_power(a), "{a}");
        }
    }

    proptest! {
        #[test]
        fn field_axioms(a: u64, b: u64, c: u64) {
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
            prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
            prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
            prop_assert_eq!(nim_mul(a, 1), a);
            prop_assert_eq!(nim_mul(a, 0), 0);
            prop_assert_eq!(nim_inv(a), nim_inv_by_power(a));
            if a != 0 {
                prop_assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1);
                prop_assert!(nim_mul(a, b) != 0 || b == 0);
            }
        }

        #[test]
        fn small_products_stay_in_their_subfield(a in 0u64..1 << 16, b in 0u64..1 << 16) {
            prop_assert!(nim_mul(a, b) < 1 << 16);
            prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
        }
    }
}
