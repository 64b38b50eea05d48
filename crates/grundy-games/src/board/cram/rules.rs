//! Cram's rules as the search engine sees them: options, closed forms, parts, table codes, the
//! order of moves, and how a board is shown and its table sized.

use grundy_core::limits::Limits;
use grundy_core::search::{Search, SearchRules};
use grundy_core::{Key, Nimber, Ruleset};
use serde_json::Value as Json;

use super::bits::{bits, ones};
use super::position::Board;
use super::tables::{dawson, middle_first};
use crate::board::searched::BoardRules;

/// The rules of Cram, as the search engine sees them.
#[derive(Clone, Copy, Debug)]
pub struct CramRules {
    /// Split a board into its regions.
    pub split: bool,
    /// Search each region in its canonical form under the board's symmetries.
    pub symmetry: bool,
    /// Drop the cells that do not change the game (see [`Board::reduced`]).
    pub reduce: bool,
}

impl Default for CramRules {
    fn default() -> Self {
        CramRules {
            split: true,
            symmetry: true,
            reduce: true,
        }
    }
}

impl Ruleset for CramRules {
    type Position = Board;

    fn options(&self, b: &Board, out: &mut Vec<Board>) {
        let free = b.free;
        let across = free & (free >> 1) & b.not_last_col();
        out.extend(bits(across).map(|i| Board {
            free: free & !(3 << i),
            ..*b
        }));
        if b.rows > 1 {
            let c = u32::from(b.cols);
            let down = free & (free >> c);
            out.extend(bits(down).map(|i| Board {
                free: free & !(1 << i | 1 << (i + c)),
                ..*b
            }));
        }
    }

    /// Rows of free cells (Dawson's Kayles), and boards the half-turn strategy wins for the
    /// second player ([`Board::half_turn_wins`]; empty boards with both sides even among them).
    fn closed_form(&self, b: &Board) -> Option<Nimber> {
        if b.is_full() && (b.rows == 1 || b.cols == 1) {
            return Some(dawson(b.cells()));
        }
        b.half_turn_wins().then_some(Nimber::ZERO)
    }
}

impl SearchRules for CramRules {
    fn parts(&self, b: &Board, out: &mut Vec<Board>) {
        let reduced;
        let b = if self.reduce {
            reduced = b.reduced();
            &reduced
        } else {
            b
        };
        if !self.split {
            if b.free != 0 {
                out.push(b.canonical(b.free, self.symmetry));
            }
            return;
        }
        let (links, boxes) = b.links();
        let mut rest = b.free;
        while rest != 0 {
            let region = b.region(rest & rest.wrapping_neg(), links);
            rest &= !region;
            // A lone cell has no move.
            if region & (region - 1) == 0 {
                continue;
            }
            if boxes && region != b.free {
                // Cut off at a box: a board of its own, to be reduced and split again.
                self.parts(&Board { free: region, ..*b }, out);
            } else {
                out.push(b.canonical(region, self.symmetry));
            }
        }
    }

    fn code(&self, b: &Board) -> Option<u64> {
        // Rows at most 8 (3 bits) and columns at most 64 (6 bits) above 55 bits of cells.
        (b.cells() <= 55 && b.rows <= 8 && b.rows >= 1)
            .then(|| b.free | u64::from(b.rows - 1) << 61 | u64::from(b.cols.max(1) - 1) << 55)
    }

    fn size(&self, b: &Board) -> u32 {
        b.free.count_ones()
    }

    fn decode(&self, code: u64) -> Option<Board> {
        let (rows, cols) = ((code >> 61) as u8 + 1, (code >> 55 & 63) as u8 + 1);
        let free = code & ones(55);
        let board = Board { rows, cols, free };
        (board.cells() <= 55 && free & !ones(board.cells()) == 0).then_some(board)
    }

    fn decodes(&self) -> bool {
        true
    }

    /// An empty board with one side even and the other odd (the first player takes the middle
    /// of the odd line and mirrors).
    fn nonzero(&self, b: &Board) -> bool {
        b.is_full() && (b.rows % 2 + b.cols % 2 == 1)
    }

    /// Dominoes nearest the middle first: they cut a region into halves, often mirror images
    /// (which cancel) or small enough to be known.
    fn search_options(&self, b: &Board, out: &mut Vec<Board>) {
        out.extend(
            middle_first(b.rows, b.cols)
                .iter()
                .filter(|&&domino| b.free & domino == domino)
                .map(|&domino| Board {
                    free: b.free & !domino,
                    ..*b
                }),
        );
    }
}

/// The rules a Cram search's checkpoint is written under: a table entry is the value of the
/// region its code spells out, whatever the search's options.
pub const CHECKPOINT_RULES: &str = "cram 1";

impl BoardRules for CramRules {
    const NAME: &'static str = "cram";

    fn search_for(&self, b: &Board, threads: usize, limits: &Limits) -> Search<CramRules> {
        // Regions searched (value alone): 0.4 million at 5x7, 2 million at 5x8, 31 million
        // at 5x9, 225 million at 6x7: about 3x more a column and 9x more a row. A table much
        // larger than they need only spreads them over more memory, and the search runs
        // slower for the cache misses (5x8: 6.6 s in 16-64 MiB, 8.0 s in 256); one too small
        // evicts what is searched again (5x9: 142 s in 128 MiB, 84 s in 512).
        // Long thin boards, far easier, are held to 2^(2/3 cells).
        let (short, long) = (b.rows.min(b.cols), b.rows.max(b.cols));
        let grown = 3.1 * f64::from(long) + 9.0 * f64::from(short) - 48.3;
        let cells = f64::from(b.free.count_ones());
        let entries = 2f64.powf(grown.min(cells * 2.0 / 3.0));
        Search::checkpointed_or_fresh(
            || Search::new(*self, limits.table_bytes(entries), threads).with_progress(true),
            CHECKPOINT_RULES,
            limits.checkpointing.as_deref(),
        )
    }

    fn show(&self, b: &Board) -> Json {
        if b.rows == 0 || b.cols == 0 {
            return Json::Array(vec![b.rows.into(), b.cols.into()]);
        }
        let rows = (0..u32::from(b.rows))
            .map(|r| {
                (0..u32::from(b.cols))
                    .map(|c| {
                        let i = r * u32::from(b.cols) + c;
                        if b.free >> i & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect::<String>()
                    .into()
            })
            .collect();
        Json::Array(rows)
    }

    fn describe(&self, from: &Board, to: &Board) -> String {
        let mut taken = bits(from.free & !to.free);
        let (Some(i), Some(j), None) = (taken.next(), taken.next(), taken.next()) else {
            return "no move".into();
        };
        let ((r1, c1), (r2, c2)) = (from.at(i), from.at(j));
        if r1 == r2 {
            format!(
                "place a domino in row {}, columns {}-{}",
                r1 + 1,
                c1 + 1,
                c2 + 1
            )
        } else {
            format!(
                "place a domino in column {}, rows {}-{}",
                c1 + 1,
                r1 + 1,
                r2 + 1
            )
        }
    }

    fn key(&self, b: &Board) -> Key {
        vec![u64::from(b.rows) << 8 | u64::from(b.cols), b.free]
    }
}
