//! Nimbers: the values of impartial games.
//!
//! By the Sprague–Grundy theorem every finite impartial game is equivalent to a single Nim heap
//! `*n`; that `n` is the game's Grundy value. Nimbers add by XOR (Bouton's theorem), because the
//! sum of two Nim heaps behaves like the heap whose size is their bitwise exclusive or.

use std::fmt;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign};

use serde::{Deserialize, Serialize};

/// A nimber `*n`, the value of a Nim heap of size `n`.
///
/// ```
/// use grundy_core::Nimber;
/// let sum = Nimber(3) + Nimber(4) + Nimber(5);
/// assert_eq!(sum, Nimber(2));
/// assert_eq!(sum.to_string(), "*2");
/// assert_eq!(Nimber::ZERO.to_string(), "0");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// `0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The Nim heap size this nimber stands for.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// Whether this is `0`, i.e. the player to move loses.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

impl fmt::Display for Nimber {
    /// `0`, `*1`, `*2`, …: Winning Ways writes `*` for `*1`, but a digit is clearer in tables.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.write_str("0")
        } else {
            write!(f, "*{}", self.0)
        }
    }
}

// Nimber addition *is* XOR (that is the theorem), not a typo for `+`.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn addition_is_a_group_of_exponent_two(a: u64, b: u64, c: u64) {
            let (a, b, c) = (Nimber(a), Nimber(b), Nimber(c));
            prop_assert_eq!(a + b, b + a);
            prop_assert_eq!((a + b) + c, a + (b + c));
            prop_assert_eq!(a + a, Nimber::ZERO);
            prop_assert_eq!(a + Nimber::ZERO, a);
        }
    }

    #[test]
    fn displays_like_winning_ways() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*1");
        assert_eq!(Nimber(17).to_string(), "*17");
    }
}
