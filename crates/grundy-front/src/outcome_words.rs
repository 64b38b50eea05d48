//! The outcome of a position in words, as every front end says it: `grundy solve` prints it
//! after `Outcome: `, the page shows it (its engine returns it with each verdict).
//!
//! ```
//! use grundy_core::Outcome;
//! assert_eq!(
//!     grundy_front::outcome_words::sentence(Outcome::P),
//!     "P — the second player wins (the player to move loses)."
//! );
//! ```

use grundy_core::Outcome;

/// Who wins, in words: "the first player (the player to move) wins".
pub fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "the first player (the player to move) wins",
        Outcome::P => "the second player wins (the player to move loses)",
        Outcome::D => "neither player can force a win: it is a draw",
    }
}

/// The outcome and who wins, one sentence: "N — the first player (the player to move) wins.".
pub fn sentence(outcome: Outcome) -> String {
    format!("{outcome} — {}.", winner(outcome))
}
