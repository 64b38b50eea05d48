//! Values of components, finite or loopy.
//!
//! In a finite game every position has a Grundy value, a nimber. In a game with cycles, Smith's
//! generalized Sprague–Grundy function γ gives some positions a finite value and the others the
//! value ∞(K), where K is the set of finite values among the position's options. A position with
//! value ∞(K) with 0 ∈ K is an N-position; with 0 ∉ K it is a draw.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::Nimber;

/// The (generalized) Grundy value of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// An ordinary nimber.
    Finite(Nimber),
    /// ∞(K): the position can be kept alive forever; `K` (sorted, without repeats) lists the
    /// finite values of its options.
    Infinite(Vec<Nimber>),
}

impl Value {
    /// The nimber, if finite.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(g) => Some(*g),
            Value::Infinite(_) => None,
        }
    }
}

impl From<Nimber> for Value {
    fn from(g: Nimber) -> Self {
        Value::Finite(g)
    }
}

impl fmt::Display for Value {
    /// `*3`, or `inf(0,2)` for ∞ with followers' finite values {0, 2}.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(g) => write!(f, "{g}"),
            Value::Infinite(k) => {
                f.write_str("inf(")?;
                for (i, g) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}", g.0)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Serialize for Value {
    /// A finite value is a JSON number; ∞(K) is the string `"inf(0,2)"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Finite(g) => s.serialize_u64(g.0),
            Value::Infinite(_) => s.serialize_str(&self.to_string()),
        }
    }
}
