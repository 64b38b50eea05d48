//! The Cram position as a bit board, and the moves of it that keep its value: splitting it into
//! regions, turning a region to its canonical form, and the reductions (tufts, bridges, boxes)
//! and the half-turn strategy, each with its proof.

use super::bits::{least_image, ones, row_down, row_of, row_up, Columns};

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

    pub(super) fn cells(&self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }

    pub(super) fn is_full(&self) -> bool {
        self.free == ones(self.cells())
    }

    /// Cells not in the last column: those whose right-hand neighbour is on the board.
    pub(super) fn not_last_col(&self) -> u64 {
        let c = u32::from(self.cols);
        let mut m = 0;
        for r in 0..u32::from(self.rows) {
            m |= ones(c.saturating_sub(1)) << (r * c);
        }
        m
    }

    /// The region of free cells connected to `seed`, across a row only from the cells of
    /// `links` (to their right-hand neighbours).
    pub(super) fn region(&self, seed: u64, links: u64) -> u64 {
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
    pub(super) fn links(&self) -> (u64, bool) {
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
    pub(super) fn canonical(&self, cells: u64, symmetry: bool) -> Board {
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

    pub(super) fn at(&self, i: u32) -> (u32, u32) {
        (i / u32::from(self.cols), i % u32::from(self.cols))
    }
}
