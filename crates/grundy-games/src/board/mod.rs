//! Hard single games on boards, whose positions are far too many to tabulate: Cram (dominoes on a
//! grid) and Chomp (the poisoned chocolate bar). Each is valued by the core's
//! [`grundy_core::search`] engine (parts, symmetries, a lock-free table, pruned queries, every
//! core), and checked against the plain memoizing solver on small boards. Both are the one
//! wrapper of [`searched`] over their rules.

pub mod chomp;
pub mod cram;
pub mod searched;

use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// The most cells a board may have: a position is one 64-bit word.
pub const MAX_CELLS: u64 = 64;

/// Reads `RxC` (rows by columns) from the spec's parameter, if it has one.
pub(crate) fn board_size(spec: &GameSpec, game: &str) -> Result<Option<(u8, u8)>, SpecError> {
    match &spec.params {
        None => Ok(None),
        Some(p) => {
            let bad = || {
                spec.error(format!(
                    "{game}:RxC wants the rows and columns, e.g. {game}:5x7"
                ))
            };
            let (r, c) = p.split_once(['x', 'X']).ok_or_else(bad)?;
            let r = parse_number_text(r, "rows", MAX_CELLS).map_err(|m| spec.error(m))?;
            let c = parse_number_text(c, "columns", MAX_CELLS).map_err(|m| spec.error(m))?;
            check_cells(r, c).map_err(|m| spec.error(m))?;
            Ok(Some((r as u8, c as u8)))
        }
    }
}

/// Reads the position words `R C` (two numbers): a board of that size.
pub(crate) fn size_words(words: &[Word]) -> Option<Result<(u8, u8), SpecError>> {
    let [r, c] = words else { return None };
    let number = |w: &Word| w.text.parse::<u64>().ok();
    let (rows, cols) = (number(r)?, number(c)?);
    Some(
        check_cells(rows, cols)
            .map(|_| (rows as u8, cols as u8))
            .map_err(|m| r.error(m)),
    )
}

fn check_cells(r: u64, c: u64) -> Result<(), String> {
    // An empty board may have a side of 0, but no side is longer than a board may be (the
    // sides are kept as u8: 0x300 must not read as 0x44).
    if r.max(c) > MAX_CELLS {
        return Err(format!(
            "a board of {r}x{c} has a side longer than the {MAX_CELLS} cells a position may have"
        ));
    }
    if r.saturating_mul(c) > MAX_CELLS {
        return Err(format!(
            "a board of {r}x{c} has more than the {MAX_CELLS} cells a position may have"
        ));
    }
    Ok(())
}
