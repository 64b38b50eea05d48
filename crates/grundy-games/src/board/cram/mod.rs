//! Cram: `cram:RxC` (the empty board of R rows and C columns), `cram R C`, or a board as rows of
//! `.` (free) and `#` (taken), e.g. `cram ..# ...`.
//!
//! **Rules.** A move places a domino on two free cells next to each other, across a row or down a
//! column (either orientation, for both players); the cells are taken. The player who cannot
//! place a domino loses.
//!
//! **Theorems.** *Sprague–Grundy*: the free cells fall apart into regions that never touch again,
//! so a board is the sum of its regions and its value the XOR of theirs; a region is the same
//! game under the board's symmetries (four, eight for a square), so each region is searched in
//! one canonical form, cropped to its bounding box and turned to have no more rows than columns.
//! A region of one row of `n` cells is Dawson's Kayles (octal 0.07) at `n`. *Symmetry strategy*
//! (Gardner): on an empty board with both sides even, the second player answers every domino with
//! its image under the half turn, which is always free, so the board is a P-position, value 0 (and
//! so is any board the half turn maps onto itself whose centre cells are taken); with one side
//! even and the other odd, the first player takes the two middle cells of the odd line and then
//! mirrors, so the board is an N-position. Tufts, bridges and boxes are cells and moves that do
//! not change a region's value ([`Board::reduced`], `Board::links`). Everything else is searched
//! by the core's [`grundy_core::search`] engine.
//!
//! ```
//! use grundy_core::{analyse, Nimber};
//! use grundy_games::spec::Word;
//!
//! // The empty 3x3 board is a second-player win, and so is the ring of eight cells around a
//! // taken centre; the 2x3 board has value 1, and an upright domino at the side wins: it
//! // leaves a 2x2 block, which is P by the symmetry strategy.
//! let mut sum = grundy_games::registry::builtin().build_sum(&Word::from_args(&["cram:3x3"])).unwrap();
//! assert_eq!(analyse(&mut sum, 10).unwrap().grundy, Some(Nimber(0)));
//! let mut ring = grundy_games::registry::builtin().build_sum(&Word::from_args(&["cram", "...", ".#.", "..."])).unwrap();
//! assert_eq!(analyse(&mut ring, 10).unwrap().grundy, Some(Nimber(0)));
//! let mut small = grundy_games::registry::builtin().build_sum(&Word::from_args(&["cram", "2", "3"])).unwrap();
//! let a = analyse(&mut small, 10).unwrap();
//! assert_eq!(a.grundy, Some(Nimber(1)));
//! assert_eq!(a.winning_moves[0].description, "place a domino in column 1, rows 1-2");
//! assert_eq!(a.winning_moves[0].position, serde_json::json!(["#..", "#.."]));
//! ```

mod bits;
mod position;
mod rules;
mod tables;
#[cfg(test)]
mod tests;

pub use position::Board;
pub use rules::{CramRules, CHECKPOINT_RULES};

use grundy_core::{Component, RulesetComponent};

use super::searched::Searched;

use crate::board::{board_size, size_words, MAX_CELLS};
use crate::entry::{Drawing, GameEntry};
use crate::spec::{GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The registry entry for `cram`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "cram",
        "cram:RxC (the empty R by C board), cram R C, or cram ROW... (rows of . free \
                 and # taken)",
        "place a domino on two free neighbouring cells, either way round; whoever cannot \
                loses",
        "cram:4x5",
        build,
    )
    .positions(Shape::Grid)
    .drawn(Drawing::Cells)]
}

/// Cram as a game of the registry: its values come from the search engine.
pub type Cram = Searched<CramRules>;

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let size = board_size(spec, "cram")?;
    let board = match (size, words) {
        (Some((r, c)), []) => Board::empty(r, c),
        (None, []) => {
            return Err(spec.error(
                "give a board: cram:RxC (empty), cram R C, or rows of . (free) and # (taken)",
            ))
        }
        _ => match size_words(words) {
            Some(_) if size.is_some() => {
                return Err(words[0].error(
                    "the board's size is in the spec already: give rows of . and #, or nothing",
                ))
            }
            Some(dims) => {
                let (r, c) = dims?;
                Board::empty(r, c)
            }
            None => parse_rows(words, size)?,
        },
    };
    Ok(RulesetComponent::boxed(Cram::new(size), board))
}

/// A board written as rows of `.` (free) and `#` (taken), all of one length.
fn parse_rows(words: &[Word], size: Option<(u8, u8)>) -> Result<Board, SpecError> {
    let cols = words[0].text.chars().count();
    let mut free = 0u64;
    for (r, w) in words.iter().enumerate() {
        if let Some(bad) = w.text.chars().find(|&ch| ch != '.' && ch != '#') {
            return Err(w.error(format!(
                "a row of the board is written with . (free) and # (taken), not '{bad}'"
            )));
        }
        if w.text.chars().count() != cols {
            return Err(w.error(format!(
                "every row must have the same length as the first ({cols})"
            )));
        }
        if (r + 1) * cols > MAX_CELLS as usize {
            return Err(w.error(format!(
                "the board has more than the {MAX_CELLS} cells a position may have"
            )));
        }
        for (c, ch) in w.text.chars().enumerate() {
            if ch == '.' {
                free |= 1 << (r * cols + c);
            }
        }
    }
    let (rows, cols) = (words.len() as u8, cols as u8);
    if let Some((r, c)) = size {
        if (r, c) != (rows, cols) {
            return Err(words[0].error(format!(
                "the spec says {r}x{c}, but the rows make a {rows}x{cols} board"
            )));
        }
    }
    Ok(Board { rows, cols, free })
}
