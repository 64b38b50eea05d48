//! Northcott's game (an impartial version that always ends).
//!
//! **Rules.** A board has rows of squares numbered 1, 2, … from its left edge. Each row holds one
//! white and one black piece, on different squares. A move slides one piece of either colour in
//! one row *to the left*, any number of squares, without landing on or jumping over the other piece
//! and without leaving the board. So the right-hand piece of a row moves toward the other piece,
//! and the left-hand piece moves away from it (at most to square 1). Whoever cannot move loses.
//! (In the classical game each player owns a colour and may move both ways; letting either player
//! move either piece both ways would let play go on forever, so this version moves pieces only
//! toward the left edge, which ends every game and keeps the "away" moves.)
//! A position is written as one `W,B` per row: the squares of the white and the black piece.
//!
//! **Theorem.** A row whose pieces have `g` empty squares between them has Grundy value `g`, so
//! the position is Nim on the gaps. By induction: moving the right-hand piece reaches every gap
//! below `g`, and moving the left-hand piece away only reaches gaps above `g`, so the mex is `g`.
//! (A move away can always be reversed by the opponent moving the other piece after it, which is
//! why it never helps the player who is losing.) The winning moves are Nim's — bring the gap `g` of
//! a row to `g XOR X` by moving its right-hand piece — and also, where there is room, moves away
//! that *increase* a gap to `g XOR X`.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::northcott;
//! // Gaps 3 (white on 1, black on 5) and 1 (black on 3, white on 5): Nim 3, 1, value 2.
//! let mut sum = vec![northcott::position(vec![(1, 5), (5, 3)])];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.grundy.unwrap().0, 2);
//! assert_eq!(a.winning_moves[0].description,
//!     "row 1: move the black piece from square 5 to square 3 (toward the white piece)");
//! // Moving the left-hand piece of row 2 away also wins: black from 3 to 1 makes that gap 3.
//! assert_eq!(a.winning_moves_total, 2);
//! ```

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// One row: the squares of the white and of the black piece (distinct, from 1).
pub type Row = (u64, u64);

fn gap((w, b): Row) -> u64 {
    w.abs_diff(b) - 1
}

/// The value of a position: the XOR of the gaps.
pub fn value(rows: &[Row]) -> Nimber {
    rows.iter().map(|&r| Nimber(gap(r))).sum()
}

/// A move: in row `row` (0-based), the piece (`white` or not) goes from square `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The row, 0-based.
    pub row: usize,
    /// Whether the white piece moves.
    pub white: bool,
    /// The square it leaves.
    pub from: u64,
    /// The square it reaches.
    pub to: u64,
}

impl Move {
    fn apply(&self, rows: &[Row]) -> Vec<Row> {
        let mut after = rows.to_vec();
        if self.white {
            after[self.row].0 = self.to;
        } else {
            after[self.row].1 = self.to;
        }
        after
    }
}

/// Every move to a position of value `target`.
pub fn moves_to(rows: &[Row], target: Nimber) -> Vec<Move> {
    let x = value(rows) + target;
    let mut moves = Vec::new();
    if x.is_zero() {
        return moves;
    }
    for (i, &(w, b)) in rows.iter().enumerate() {
        let g = gap((w, b));
        let want = g ^ x.0;
        let (left, right, white_right) = (w.min(b), w.max(b), w > b);
        if want < g {
            // Move the right-hand piece toward the other.
            let d = g - want;
            moves.push(Move {
                row: i,
                white: white_right,
                from: right,
                to: right - d,
            });
        } else if want - g < left {
            // Move the left-hand piece away, if the edge leaves room.
            let d = want - g;
            moves.push(Move {
                row: i,
                white: !white_right,
                from: left,
                to: left - d,
            });
        }
    }
    moves
}

/// The rules, with Nim on the gaps as their closed form.
#[derive(Clone, Copy, Debug, Default)]
pub struct Northcott;

/// The most squares [`Northcott`] lets a search write out when it lists a position's options
/// (every option is a copy of all the rows), about a hundred megabytes.
pub const LIST_LIMIT: u64 = 1 << 24;

impl Ruleset for Northcott {
    type Position = Vec<Row>;

    fn options(&self, rows: &Vec<Row>, out: &mut Vec<Vec<Row>>) {
        for (i, &(w, b)) in rows.iter().enumerate() {
            let (left, right, white_right) = (w.min(b), w.max(b), w > b);
            for to in left + 1..right {
                out.push(
                    Move {
                        row: i,
                        white: white_right,
                        from: right,
                        to,
                    }
                    .apply(rows),
                );
            }
            for to in 1..left {
                out.push(
                    Move {
                        row: i,
                        white: !white_right,
                        from: left,
                        to,
                    }
                    .apply(rows),
                );
            }
        }
    }

    fn closed_form(&self, rows: &Vec<Row>) -> Option<Nimber> {
        Some(value(rows))
    }
}

impl Game for Northcott {
    fn name(&self) -> String {
        "northcott".into()
    }

    fn show(&self, rows: &Vec<Row>) -> Json {
        Json::from(
            rows.iter()
                .map(|(w, b)| format!("{w},{b}"))
                .collect::<Vec<_>>(),
        )
    }

    fn describe(&self, rows: &Vec<Row>, to: &Vec<Row>) -> String {
        let row = rows
            .iter()
            .zip(to)
            .position(|(r, s)| r != s)
            .expect("a move changes a row");
        let ((w, b), after) = (rows[row], to[row]);
        let white = after.0 != w;
        let (piece, other, from, to) = if white {
            ("white", "black", w, after.0)
        } else {
            ("black", "white", b, after.1)
        };
        let toward = if (white && w > b) || (!white && b > w) {
            "toward"
        } else {
            "away from"
        };
        format!(
            "row {}: move the {piece} piece from square {from} to square {to} ({toward} the {other} piece)",
            row + 1
        )
    }

    fn key(&self, rows: &Vec<Row>) -> Key {
        // Only where the two pieces of a row stand matters, not their colours or the rows' order.
        let mut pairs: Vec<Row> = rows.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
        pairs.sort_unstable();
        pairs.into_iter().flat_map(|(l, r)| [l, r]).collect()
    }

    fn searchable(&self, rows: &Vec<Row>) -> Result<(), SolveError> {
        // A row's right-hand piece on square r has r - 2 moves: toward the other piece or, for
        // the other piece, toward the edge.
        let moves: u128 = rows.iter().map(|&(w, b)| u128::from(w.max(b) - 2)).sum();
        let squares = moves * 2 * rows.len() as u128;
        if squares > u128::from(LIST_LIMIT) {
            return Err(SolveError::TooLarge(format!(
                "northcott: listing the {moves} moves of these {} rows one by one would write \
                 {squares} squares (limit {LIST_LIMIT})",
                rows.len()
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        rows: &Vec<Row>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<Row>>, usize), SolveError>> {
        let moves = moves_to(rows, target);
        let first = moves.iter().take(limit).map(|m| m.apply(rows)).collect();
        Some(Ok((first, moves.len())))
    }
}

/// The position with the given rows `(white square, black square)`.
pub fn position(rows: Vec<Row>) -> Box<dyn Component> {
    RulesetComponent::boxed(Northcott, rows)
}

/// The registry entry for `northcott`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "northcott",
        "northcott W,B ... (per row: the squares of the white and the black piece, from 1 at the left edge)",
        "slide one piece of either colour to the left in its row, not past the other piece or off the board; whoever cannot move loses",
        "northcott 1,5 5,3 3,9",
        build,
    )
    .drawn(Drawing::Rows)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    if words.is_empty() {
        return Err(spec.error("the position is empty: give at least one row W,B"));
    }
    let rows = words
        .iter()
        .map(|word| {
            let (w, b) = word.text.split_once(',').ok_or_else(|| {
                word.error("a row is W,B: the squares of the white and black piece")
            })?;
            let square = |t: &str, what: &str| -> Result<u64, SpecError> {
                let n = parse_number_text(t, what, u64::MAX).map_err(|m| word.error(m))?;
                if n == 0 {
                    return Err(word.error(format!("{what} must be at least 1")));
                }
                Ok(n)
            };
            let (w, b) = (
                square(w, "the white square")?,
                square(b, "the black square")?,
            );
            if w == b {
                return Err(word.error("the two pieces of a row must be on different squares"));
            }
            Ok((w, b))
        })
        .collect::<Result<Vec<Row>, SpecError>>()?;
    Ok(position(rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{BruteForce, Solver};
    use proptest::prelude::*;

    fn row() -> impl Strategy<Value = Row> {
        (1u64..7, 1u64..7).prop_filter("distinct squares", |(w, b)| w != b)
    }

    proptest! {
        #[test]
        fn nim_on_the_gaps_matches_the_solver(rows in proptest::collection::vec(row(), 1..4)) {
            let mut s = Solver::new(BruteForce(Northcott));
            let g = s.grundy(&rows).unwrap();
            prop_assert_eq!(value(&rows), g);
            for t in 0..=g.0 + 3 {
                let mut got: Vec<Vec<Row>> =
                    moves_to(&rows, Nimber(t)).iter().map(|m| m.apply(&rows)).collect();
                let mut want = s.moves_to(&rows, Nimber(t)).unwrap();
                got.sort();
                want.sort();
                prop_assert_eq!(got, want);
            }
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            positions in proptest::collection::vec(proptest::collection::vec(small_row(), 1..=2), 1..=2)
        ) {
            assert_conventions_match_brute_force(&Northcott, &positions)?;
        }
    }

    fn small_row() -> impl Strategy<Value = Row> {
        (1u64..5, 1u64..5).prop_filter("distinct squares", |(w, b)| w != b)
    }

    #[test]
    fn boards_too_large_to_list_are_refused_but_still_valued() {
        let rows = vec![(1, 1 << 30), (3, 2)];
        assert!(matches!(
            Northcott.searchable(&rows),
            Err(SolveError::TooLarge(m)) if m.contains("limit 16777216")
        ));
        assert!(Northcott.searchable(&vec![(1, 5), (5, 3)]).is_ok());
        let mut c = position(rows);
        assert_eq!(c.value().unwrap().finite(), Some(Nimber((1 << 30) - 2)));
        let mut reports = Vec::new();
        assert_eq!(c.moves_to(Nimber::ZERO, 10, &mut reports).unwrap(), 1);
        assert!(c.explore().unwrap().moves().is_err());
    }

    #[test]
    fn huge_boards_do_not_overflow() {
        let rows = vec![(1, u64::MAX), (u64::MAX, u64::MAX - 1)];
        assert_eq!(value(&rows), Nimber(u64::MAX - 2));
        let m = moves_to(&rows, Nimber::ZERO);
        // Close row 1's gap, or open row 2's to the same size by moving black back to square 1.
        assert_eq!(m.len(), 2);
        for mv in &m {
            assert_eq!(value(&mv.apply(&rows)), Nimber::ZERO);
        }
    }
}
