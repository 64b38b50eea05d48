//! Outcome classes.
//!
//! Under normal play every finite impartial position is either an N-position (the player to move
//! wins) or a P-position (the previous player wins); a position is P exactly when its Grundy value
//! is 0. Loopy games add a third class, D, where perfect play goes on forever.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Nimber;

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The player to move (the **N**ext player) wins.
    N,
    /// The player who just moved (the **P**revious player) wins.
    P,
    /// Neither can force a win: play goes on forever (loopy games only).
    D,
}

impl Outcome {
    /// The class of a position of a finite impartial game with Grundy value `g`.
    ///
    /// ```
    /// use grundy_core::{Nimber, Outcome};
    /// assert_eq!(Outcome::of(Nimber(0)), Outcome::P);
    /// assert_eq!(Outcome::of(Nimber(5)), Outcome::N);
    /// ```
    pub fn of(g: Nimber) -> Outcome {
        if g.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// P if `lost` (the player to move loses), else N: for games decided by a theorem that says
    /// which positions are lost rather than by a value.
    ///
    /// ```
    /// use grundy_core::Outcome;
    /// assert_eq!(Outcome::p_if(true), Outcome::P);
    /// assert_eq!(Outcome::p_if(false), Outcome::N);
    /// ```
    pub fn p_if(lost: bool) -> Outcome {
        if lost {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        })
    }
}
