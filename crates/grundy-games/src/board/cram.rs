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
//! use grundy_games::registry::Registry;
//! use grundy_games::spec::Word;
//!
//! // The empty 3x3 board is a second-player win, and so is the ring of eight cells around a
//! // taken centre; the 2x3 board has value 1, and an upright domino at the side wins: it
//! // leaves a 2x2 block, which is P by the symmetry strategy.
//! let mut sum = Registry::builtin().build_sum(&Word::from_args(&["cram:3x3"])).unwrap();
//! assert_eq!(analyse(&mut sum, 10).unwrap().grundy, Some(Nimber(0)));
//! let mut ring = Registry::builtin().build_sum(&Word::from_args(&["cram", "...", ".#.", "..."])).unwrap();
//! assert_eq!(analyse(&mut ring, 10).unwrap().grundy, Some(Nimber(0)));
//! let mut small = Registry::builtin().build_sum(&Word::from_args(&["cram", "2", "3"])).unwrap();
//! let a = analyse(&mut small, 10).unwrap();
//! assert_eq!(a.grundy, Some(Nimber(1)));
//! assert_eq!(a.winning_moves[0].description, "place a domino in column 1, rows 1-2");
//! assert_eq!(a.winning_moves[0].position, serde_json::json!(["#..", "#.."]));
//! ```

use std::sync::OnceLock;

use grundy_core::search::{table_bytes, Search, SearchRules};
use grundy_core::{Component, Key, Nimber, Ruleset, RulesetComponent};
use serde_json::Value as Json;

use super::searched::{BoardRules, Searched};

use crate::board::{board_size, size_words, MAX_CELLS};
use crate::entry::GameEntry;
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
    .positions(Shape::Grid)]
}

/// A Cram position: a board of `rows` by `cols` cells, cell `(r, c)` at bit `r * cols + c` of
/// `free` when it is free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows of the board.
    pub rows: u8,
    /// Columns of the board.
    pub cols: u8,
    /// The free cells.
    pub free: u64,
}

impl Board {
    /// The empty board (every cell free) of `rows` by `cols`, at most 64 cells.
    pub fn empty(rows: u8, cols: u8) -> Board {
        Board {
            rows,
            cols,
            free: ones(u32::from(rows) * u32::from(cols)),
        }
    }

    fn cells(&self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }

    fn is_full(&self) -> bool {
        self.free == ones(self.cells())
    }

    /// Cells not in the last column: those whose right-hand neighbour is on the board.
    fn not_last_col(&self) -> u64 {
        let c = u32::from(self.cols);
        let mut m = 0;
        for r in 0..u32::from(self.rows) {
            m |= ones(c.saturating_sub(1)) << (r * c);
        }
        m
    }

    /// The region of free cells connected to `seed`, across a row only from the cells of
    /// `links` (to their right-hand neighbours).
    fn region(&self, seed: u64, links: u64) -> u64 {
        let c = u32::from(self.cols);
        let mut x = seed;
        loop {
            let mut grow = x | (x & links) << 1 | (x >> 1 & links);
            if self.rows > 1 {
                grow |= x << c | x >> c;
            }
            grow &= self.free;
            if grow == x {
                return x;
            }
            x = grow;
        }
    }

    /// The free cells a region joins to their right-hand neighbours, and whether a box took any
    /// away.
    ///
    /// A *box* is a block of four free cells `a b` over `c d` in which `a` has no free
    /// neighbour but `b` and `c`, and `d` none but `b` and `c`. Its dominoes across are not
    /// needed: the domino on `a b` leaves `c` with `d` hanging from it alone, and the domino on
    /// `b d` leaves `c` with `a`: the same board but for the name of the hanging cell; likewise
    /// `c d` and `a c`. So the board has the value of the graph without the edges `a b` and
    /// `c d`, by induction on the free cells: every other move keeps the box; or takes `b`, and
    /// then `a` and `d` both hang from `c` (one of two tufts of an anchor goes, see
    /// [`Board::reduced`], and with it the edge `c d`), or `c` (likewise); or takes `a` or `d`
    /// with an edge of the box. Two boxes never share an edge across, so all go at once (Beling
    /// prunes the same moves in igsolve's Cram). A region the dropped edges cut off is a board of
    /// its own: they ran between it and the rest.
    fn links(&self) -> (u64, bool) {
        let c = u32::from(self.cols);
        let not_last = self.not_last_col();
        let free = self.free;
        let right = free & (free & not_last << 1) >> 1;
        let left = free & (free & not_last) << 1;
        let up = free & row_down(free, c);
        let down = free & row_up(free, c);
        let top_left = right & down & !left & !up;
        let bottom_right = left & up & !right & !down;
        let boxes = top_left & row_up(bottom_right >> 1, c);
        (right & !(boxes | row_down(boxes, c)), boxes != 0)
    }

    /// `cells` (a subset of this board's) alone on the smallest board that holds them, in the
    /// canonical orientation: no more rows than columns, and of the board's symmetries the image
    /// whose bits are least.
    fn canonical(&self, cells: u64, symmetry: bool) -> Board {
        if !symmetry {
            return Board {
                free: cells,
                ..*self
            };
        }
        let c = u32::from(self.cols);
        // The bounding box: rows from the lowest and highest bits, columns from the union of
        // the rows folded onto one.
        let (r0, r1) = (
            row_of(cells.trailing_zeros(), c),
            row_of(63 - cells.leading_zeros(), c),
        );
        let h = r1 - r0 + 1;
        let x = cells >> (r0 * c);
        let mut union = 0;
        for r in 0..h {
            union |= x >> (r * c);
        }
        union &= ones(c);
        let (c0, c1) = (union.trailing_zeros(), 63 - union.leading_zeros());
        let w = c1 - c0 + 1;
        // The region moved to the corner. No bit strays into the row above: no cell lies left of
        // column c0.
        let x = x >> c0;
        let rows = (0..h).map(|r| x >> (r * c) & ones(w));
        let columns = || {
            let read = Columns::new(h, c);
            (0..w).map(move |k| read.first(x >> k))
        };
        // Turned so there are no more rows than columns (then at most 8 rows, as the board has
        // at most 64 cells); a square is looked at both ways.
        let (h, w, best) = if h < w {
            (h, w, least_image(rows, h, w))
        } else if h == w {
            (
                h,
                w,
                least_image(rows, h, w).min(least_image(columns(), w, h)),
            )
        } else {
            (w, h, least_image(columns(), w, h))
        };
        Board {
            rows: h as u8,
            cols: w as u8,
            free: best,
        }
    }

    /// The board without the free cells that do not change its value.
    ///
    /// Call a free cell with one free neighbour a *tuft*, and that neighbour its *anchor*. A tuft
    /// is only ever covered with its anchor, so two tufts of one anchor give the same options (the
    /// domino covers one, the other is left dead): one of them goes. A *bridge*, a free cell all
    /// of whose free neighbours are anchors (and none a tuft), goes too: a domino on the bridge
    /// and an anchor leaves the same live cells as the domino on that anchor and its tuft, and
    /// whatever else is played, a bridge stays a bridge, becomes a second tuft of an anchor, or is
    /// cut off (by induction on the free cells, the board with and without it have equal
    /// options). A cell without free neighbours goes as a bridge. The board is reduced again
    /// until nothing goes (the test suite checks every board up to 4x4 and random boards with
    /// holes against the plain search).
    pub fn reduced(&self) -> Board {
        let c = u32::from(self.cols);
        let not_last = self.not_last_col();
        let not_first = not_last << 1;
        let mut free = self.free;
        loop {
            // Free cells with a free neighbour on each side.
            let left = free & (free & not_last) << 1;
            let right = free & (free & not_first) >> 1;
            let up = free & row_down(free, c);
            let down = free & row_up(free, c);
            let tufts = (left ^ right ^ up ^ down)
                & !(left & right | up & down | (left | right) & (up | down));
            // The anchors of the tufts, one direction after another: a tuft whose anchor is met
            // again (and is not itself a tuft: a lone domino) is spare.
            let mut anchors = (tufts & left) >> 1;
            let mut spare = 0u64;
            let right_anchors = (tufts & right) << 1;
            spare |= (right_anchors & anchors & !tufts) >> 1;
            anchors |= right_anchors;
            let up_anchors = row_up(tufts & up, c);
            spare |= row_down(up_anchors & anchors & !tufts, c);
            anchors |= up_anchors;
            let down_anchors = row_down(tufts & down, c);
            spare |= row_up(down_anchors & anchors & !tufts, c);
            anchors |= down_anchors;
            let rest = free & !tufts & !anchors;
            let touching = (rest & not_last) << 1
                | (rest & not_first) >> 1
                | row_down(rest, c)
                | row_up(rest, c);
            let bridges = rest & !touching;
            let next = free & !spare & !bridges;
            if next == free {
                return Board { free, ..*self };
            }
            free = next;
        }
    }

    /// Whether the second player wins by answering every domino with its image under the half
    /// turn of the board (Gardner's strategy, for any board that the half turn maps onto
    /// itself): the image is free, as the board was symmetric before the move, unless the
    /// domino meets its own image, which happens only if it covers the centre cell (both sides
    /// odd) or is its own image (the two middle cells of the middle row, rows odd and columns
    /// even; of the middle column, rows even and columns odd). So such a board, with those cells
    /// not free, is a P-position: after the answer it is again symmetric with them not free.
    pub fn half_turn_wins(&self) -> bool {
        let n = self.cells();
        if n == 0 || self.free.reverse_bits() >> (64 - n) != self.free {
            return false;
        }
        let (h, w) = (u32::from(self.rows), u32::from(self.cols));
        let free = |r: u32, c: u32| self.free >> (r * w + c) & 1 == 1;
        match (h % 2, w % 2) {
            (0, 0) => true,
            (1, 0) => !(free(h / 2, w / 2 - 1) && free(h / 2, w / 2)),
            (0, 1) => !(free(h / 2 - 1, w / 2) && free(h / 2, w / 2)),
            _ => !free(h / 2, w / 2),
        }
    }

    fn at(&self, i: u32) -> (u32, u32) {
        (i / u32::from(self.cols), i % u32::from(self.cols))
    }
}

/// The cells of `x` a row down (bit `i` to `i + c`): nothing on a board of one row of 64.
fn row_down(x: u64, c: u32) -> u64 {
    x.checked_shl(c).unwrap_or(0)
}

/// The cells of `x` a row up (bit `i` to `i - c`).
fn row_up(x: u64, c: u32) -> u64 {
    x.checked_shr(c).unwrap_or(0)
}

/// `i / c` for a bit index `i < 64` and `1 <= c <= 64`, by a multiplication: `ceil(2^16 / c)`
/// overshoots `2^16 / c` by less than 1, so the product overshoots `i / c` by less than
/// `64 / 2^16 < 1 / c`, too little to reach the next integer. A search asks this of every region
/// it meets, and a division costs several times as much.
fn row_of(i: u32, c: u32) -> u32 {
    const RECIPROCALS: [u32; 65] = {
        let mut r = [0u32; 65];
        let mut c = 1;
        while c <= 64 {
            r[c] = 65536u32.div_ceil(c as u32);
            c += 1;
        }
        r
    };
    (i * RECIPROCALS[c as usize]) >> 16
}

/// Reads the columns of a region of `h` rows written with a stride of `c` bits, each as `h`
/// bits (row `r` at bit `r`). For `h <= c` one multiplication gathers a column: the product of
/// its bits (at `r c`) and `sum 2^(j (c - 1))` for `j < h` has the term of row `r` and
/// `j = h - 1 - r` at bit `(h - 1)(c - 1) + r`, and no two terms meet (`c` and `c - 1` are
/// coprime and `|j - j'| < c`), so nothing carries into those bits.
struct Columns {
    h: u32,
    c: u32,
    bits: u64,
    magic: u64,
}

impl Columns {
    fn new(h: u32, c: u32) -> Columns {
        let (mut bits, mut magic) = (0u64, 0u64);
        if h <= c {
            for r in 0..h {
                bits |= 1 << (r * c);
                magic |= 1 << (r * (c - 1));
            }
        }
        Columns { h, c, bits, magic }
    }

    /// Column 0 of `x`.
    fn first(&self, x: u64) -> u64 {
        let (h, c) = (self.h, self.c);
        if h <= c {
            ((x & self.bits).wrapping_mul(self.magic) >> ((h - 1) * (c - 1))) & ones(h)
        } else {
            (0..h).fold(0, |col, r| col | (x >> (r * c) & 1) << r)
        }
    }
}

/// The least of the four images of a region given as `count` rows of `width` bits (as is, rows
/// reversed, columns reversed, both), each written row after row. Reversing the whole word of
/// an image reverses its rows and its columns at once.
fn least_image(rows: impl Iterator<Item = u64>, count: u32, width: u32) -> u64 {
    let (mut id, mut up) = (0u64, 0u64);
    for (r, row) in (0..count).zip(rows) {
        id |= row << (r * width);
        up |= row << ((count - 1 - r) * width);
    }
    let spare = 64 - count * width;
    let (both, across) = (id.reverse_bits() >> spare, up.reverse_bits() >> spare);
    id.min(up).min(across).min(both)
}

fn ones(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The indices of the set bits of `x`, lowest first.
fn bits(mut x: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}

/// `G(n)` of Dawson's Kayles (octal 0.07: take two adjacent tokens of a row) for `n <= 64`: a
/// row of `n` free cells in Cram.
fn dawson(n: u32) -> Nimber {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut g = vec![0u64; 65];
        for n in 2..=64 {
            let seen: Vec<u64> = (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect();
            g[n] = (0..).find(|v| !seen.contains(v)).expect("a mex exists");
        }
        g
    });
    Nimber(table[n as usize])
}

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

/// Every domino of a `rows` by `cols` board (as the mask of its two cells), nearest the middle
/// first, those of equal distance in the order of [`Ruleset::options`]: worked out once a shape,
/// as every node of a search lists its options in this order.
fn middle_first(rows: u8, cols: u8) -> &'static [u64] {
    const SHAPES: usize = (MAX_CELLS as usize + 1) * (MAX_CELLS as usize + 1);
    static ORDERS: [OnceLock<Box<[u64]>>; SHAPES] = [const { OnceLock::new() }; SHAPES];
    ORDERS[usize::from(rows) * (MAX_CELLS as usize + 1) + usize::from(cols)].get_or_init(|| {
        let full = Board::empty(rows, cols);
        let mut options = Vec::new();
        CramRules::default().options(&full, &mut options);
        let c = u32::from(cols.max(1));
        let (mid_row, mid_col) = (u32::from(rows).saturating_sub(1), c - 1);
        let mut dominoes: Vec<u64> = options.iter().map(|o| full.free & !o.free).collect();
        // Twice the distance of the domino's middle from the board's, row and column.
        dominoes.sort_by_key(|&d| {
            let (i, j) = (d.trailing_zeros(), 63 - d.leading_zeros());
            (i / c + j / c).abs_diff(mid_row) + (i % c + j % c).abs_diff(mid_col)
        });
        dominoes.into_boxed_slice()
    })
}

/// The rules a Cram search's checkpoint is written under: a table entry is the value of the
/// region its code spells out, whatever the search's options.
pub const CHECKPOINT_RULES: &str = "cram 1";

impl BoardRules for CramRules {
    const NAME: &'static str = "cram";

    fn search_for(&self, b: &Board, threads: usize) -> Search<CramRules> {
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
            || Search::new(*self, table_bytes(entries), threads).with_progress(true),
            CHECKPOINT_RULES,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::build_sum;
    use grundy_core::Game;
    use grundy_core::{analyse, BruteForce, Outcome, Solver};
    use proptest::prelude::*;

    fn engine(rules: CramRules, threads: usize) -> Search<CramRules> {
        Search::new(rules, 1 << 20, threads)
    }

    /// Every option of `b` whose value is `target`, by the plain solver.
    fn brute_moves(solver: &mut Solver<BruteForce<CramRules>>, b: &Board, t: Nimber) -> Vec<Board> {
        solver.moves_to(b, t).unwrap()
    }

    /// A board of at most 4x4 with random holes.
    fn board() -> impl Strategy<Value = Board> {
        (1u8..=4, 1u8..=4, any::<u64>()).prop_map(|(r, c, holes)| {
            let full = Board::empty(r, c);
            Board {
                free: full.free & !(holes & holes >> 17),
                ..full
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Values, and the options of every value, against the plain mex search; with regions
        /// and symmetries on and off, on one thread and two.
        #[test]
        fn search_matches_brute_force(b in board()) {
            let mut brute = Solver::new(BruteForce(CramRules::default()));
            let want = brute.grundy(&b).unwrap();
            for (split, symmetry, reduce, threads) in [
                (true, true, true, 1),
                (false, false, false, 1),
                (true, false, false, 1),
                (false, true, false, 1),
                (false, false, true, 1),
                (true, true, false, 2),
                (true, true, true, 2),
            ] {
                let s = engine(CramRules { split, symmetry, reduce }, threads);
                prop_assert_eq!(
                    s.value(&b), want,
                    "{:?} split {} symmetry {} reduce {}", b, split, symmetry, reduce
                );
            }
            let game = Cram::with_rules(None, CramRules::default(), 1);
            for t in 0..=want.0 + 1 {
                let (hits, total) = game.options_to(&b, Nimber(t), usize::MAX).unwrap().unwrap();
                let want_hits = brute_moves(&mut brute, &b, Nimber(t));
                prop_assert_eq!(total, want_hits.len());
                prop_assert_eq!(hits, want_hits);
            }
        }
    }

    /// A board of up to 5x5 with holes in about a third of its cells.
    fn holey_board() -> impl Strategy<Value = Board> {
        (1u8..=5, 1u8..=5, any::<u64>(), any::<u64>()).prop_map(|(r, c, a, b)| {
            let full = Board::empty(r, c);
            Board {
                free: full.free & !(a & (b | b >> 23)),
                ..full
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The cells a reduction drops do not change the value, by the plain mex search.
        #[test]
        fn reduction_keeps_the_value(b in holey_board()) {
            let r = b.reduced();
            prop_assert_eq!(r.free & !b.free, 0, "only free cells go");
            prop_assert_eq!(r.reduced(), r, "reduced once and for all");
            let mut brute = Solver::new(BruteForce(CramRules::default()));
            let want = brute.grundy(&b).unwrap();
            prop_assert_eq!(brute.grundy(&r).unwrap(), want, "{:?} -> {:?}", b, r);
            // The parts a search sees (reduced, cut at boxes, split, turned): their values XOR
            // to the board's.
            let mut parts = Vec::new();
            CramRules::default().parts(&b, &mut parts);
            let sum: Nimber = parts.iter().map(|p| brute.grundy(p).unwrap()).sum();
            prop_assert_eq!(sum, want, "{:?} -> {:?}", b, parts);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Boards the half turn maps onto themselves are P-positions when the centre cells are
        /// not free, by the plain mex search.
        #[test]
        fn half_turn_symmetric_boards_are_p(
            r in 1u8..=5, c in 1u8..=5, x in any::<u64>(), centre in any::<bool>()
        ) {
            let full = Board::empty(r, c);
            let n = full.cells();
            let some = full.free & x & (x >> 13 | x >> 29);
            let mut b = Board { free: some | some.reverse_bits() >> (64 - n), ..full };
            if centre {
                // Take the centre cells, so the strategy applies.
                let (h, w) = (u32::from(r), u32::from(c));
                for (i, j) in [(h / 2, w / 2), ((h - 1) / 2, (w - 1) / 2)] {
                    b.free &= !(1 << (i * w + j));
                }
            }
            let mut brute = Solver::new(BruteForce(CramRules::default()));
            if b.half_turn_wins() {
                prop_assert_eq!(brute.grundy(&b).unwrap(), Nimber::ZERO, "{:?}", b);
            } else {
                prop_assert!(!centre || b.free.reverse_bits() >> (64 - n) != b.free);
            }
        }
    }

    /// A box (`a b` over `c d`, `a` and `d` walled in but for each other's neighbours) cuts its
    /// region in two along its rows.
    #[test]
    fn a_box_cuts_its_region() {
        let board = parse_rows(&Word::from_args(&["...", "..#", ".##"]), None).unwrap();
        let mut parts = Vec::new();
        CramRules::default().parts(&board, &mut parts);
        assert_eq!(parts.len(), 2, "{parts:?}");
        let mut brute = Solver::new(BruteForce(CramRules::default()));
        let sum: Nimber = parts.iter().map(|p| brute.grundy(p).unwrap()).sum();
        assert_eq!(sum, brute.grundy(&board).unwrap());
    }

    /// The canonical form by the definition: of the eight images of the cropped cells (turned,
    /// flipped) with no more rows than columns, the one whose bits, row after row, are least.
    fn plain_canonical(b: &Board, cells: u64) -> Board {
        let c = u32::from(b.cols);
        let at: Vec<(u32, u32)> = bits(cells).map(|i| (i / c, i % c)).collect();
        let (r0, c0) = (
            at.iter().map(|p| p.0).min().unwrap(),
            at.iter().map(|p| p.1).min().unwrap(),
        );
        let h = at.iter().map(|p| p.0).max().unwrap() - r0 + 1;
        let w = at.iter().map(|p| p.1).max().unwrap() - c0 + 1;
        let mut best: Option<Board> = None;
        for (turn, up, across) in (0..8).map(|k| (k & 4 != 0, k & 2 != 0, k & 1 != 0)) {
            let (rows, cols) = if turn { (w, h) } else { (h, w) };
            if rows > cols {
                continue;
            }
            let free = at.iter().fold(0u64, |f, &(r, q)| {
                let (r, q) = (r - r0, q - c0);
                let (r, q) = if turn { (q, r) } else { (r, q) };
                let r = if up { rows - 1 - r } else { r };
                let q = if across { cols - 1 - q } else { q };
                f | 1 << (r * cols + q)
            });
            if best.is_none_or(|b| free < b.free) {
                best = Some(Board {
                    rows: rows as u8,
                    cols: cols as u8,
                    free,
                });
            }
        }
        best.unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The canonical form (bit tricks: rows found by multiplication, columns gathered by
        /// one, images reversed whole) is the one the definition gives.
        #[test]
        fn canonical_is_the_least_image(rows in 1u8..=8, cols in 1u8..=64, cells in any::<u64>(), thin in any::<u64>()) {
            let cols = cols.min(64 / rows);
            let b = Board::empty(rows, cols);
            // Sparse sets as often as dense ones.
            let cells = b.free & cells & (thin | thin >> 7);
            prop_assume!(cells != 0);
            prop_assert_eq!(b.canonical(cells, true), plain_canonical(&b, cells));
            let tall = Board::empty(cols.min(64), rows);
            let flipped = bits(cells).fold(0u64, |f, i| {
                let (r, q) = (i / u32::from(cols), i % u32::from(cols));
                f | 1 << (q * u32::from(rows) + r)
            });
            prop_assert_eq!(tall.canonical(flipped, true), plain_canonical(&b, cells));
        }
    }

    #[test]
    fn tufts_and_bridges_go() {
        let board = |rows: &[&str]| parse_rows(&Word::from_args(rows), None).unwrap();
        // An anchor with three tufts keeps one; a lone cell goes.
        let star = board(&["#.#", "...", "#.#"]).reduced();
        assert_eq!(star.free.count_ones(), 2);
        let lone = board(&[".#.", "##."]).reduced();
        assert_eq!(lone.free.count_ones(), 2);
        // A U: the bottom of it is a bridge between two anchors, each with its tuft.
        let u = board(&["...", ".#."]).reduced();
        assert_eq!(u.free.count_ones(), 4);
        // A ring has no tuft: nothing goes.
        let ring = board(&["...", ".#.", "..."]);
        assert_eq!(ring.reduced(), ring);
    }

    /// Every board up to 4x4, empty, against the plain search.
    #[test]
    fn empty_boards_match_brute_force() {
        let mut brute = Solver::new(BruteForce(CramRules::default()));
        let s = engine(CramRules::default(), 2);
        for r in 1..=4 {
            for c in 1..=4 {
                let b = Board::empty(r, c);
                assert_eq!(s.value(&b), brute.grundy(&b).unwrap(), "{r}x{c}");
            }
        }
    }

    fn value(words: &[&str]) -> (Outcome, Nimber, usize) {
        let mut sum = build_sum(&Word::from_args(words)).unwrap();
        let a = analyse(&mut sum, 100).unwrap();
        (a.outcome, a.grundy.unwrap(), a.winning_moves_total)
    }

    /// Gardner's symmetry strategy: even by even is P, odd by even is N; and the values igsolve
    /// and the published tables give.
    #[test]
    fn known_values() {
        for (r, c) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (2, 8)] {
            assert_eq!(
                value(&["cram", &r.to_string(), &c.to_string()]).0,
                Outcome::P
            );
        }
        for (r, c) in [(1, 2), (3, 2), (3, 4), (5, 2), (5, 4), (3, 6), (4, 5)] {
            let (o, _, moves) = value(&["cram", &r.to_string(), &c.to_string()]);
            assert_eq!(o, Outcome::N, "{r}x{c}");
            assert!(moves > 0);
        }
        for (r, c, g) in [
            (1, 4, 2),
            (2, 3, 1),
            (3, 3, 0),
            (3, 4, 1),
            (3, 5, 1),
            (4, 5, 2),
            (5, 5, 0),
            (3, 7, 1),
        ] {
            assert_eq!(
                value(&["cram", &r.to_string(), &c.to_string()]).1,
                Nimber(g),
                "{r}x{c}"
            );
        }
        // A row of the most cells a board may have, with a hole: two rows of Dawson's Kayles.
        for hole in [0, 1, 30, 63] {
            let row: String = (0..64).map(|i| if i == hole { '#' } else { '.' }).collect();
            let g = value(&["cram", &row]).1;
            assert_eq!(g, dawson(hole) + dawson(63 - hole), "hole at {hole}");
        }
        // A row of n cells is Dawson's Kayles at n.
        for n in 0..=30u32 {
            let g = value(&["cram", "1", &n.to_string()]).1;
            let mut sum =
                build_sum(&Word::from_args(&["0.07".to_string(), n.to_string()])).unwrap();
            assert_eq!(Some(g), analyse(&mut sum, 0).unwrap().grundy, "row of {n}");
        }
    }

    #[test]
    fn words_and_errors() {
        let mut sum = build_sum(&Word::from_args(&["cram", "..#", "..."])).unwrap();
        assert_eq!(sum[0].position(), serde_json::json!(["..#", "..."]));
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.winning_moves_total, a.winning_moves.len());
        let err = |words: &[&str]| {
            build_sum(&Word::from_args(words))
                .err()
                .unwrap()
                .to_string()
        };
        assert!(err(&["cram"]).contains("give a board"));
        assert!(err(&["cram", "..", "..."]).contains("same length"));
        assert!(err(&["cram", ".x"]).contains("not 'x'"));
        assert!(err(&["cram:9x9"]).contains("more than the 64 cells"));
        assert!(err(&["cram:5"]).contains("cram:RxC"));
        assert!(err(&["cram:2x2", "2", "2"]).contains("size is in the spec"));
        assert!(err(&["cram:2x2", "..."]).contains("2x2"));
        assert!(err(&["cram", "3"]).contains("not '3'"));
    }
}
