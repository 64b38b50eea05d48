//! Chomp: `chomp:RxC` (the whole bar of R rows and C columns), `chomp R C`, or the column heights
//! from the poisoned corner, e.g. `chomp 4,3,3,1`.
//!
//! **Rules.** A chocolate bar of squares, the bottom-left one poisoned. A move picks a square
//! other than the poisoned one and eats it together with every square above it and to its right;
//! the player who cannot move (only the poisoned square is left, so that they would have to eat
//! it) loses. A position is a staircase: its column heights never increase from left to right.
//!
//! **Theorems.** *Strategy stealing* (Gale): every rectangle other than 1×1 is an N-position.
//! If it were P, eating the top-right square alone would have a P answer; but that answer was a
//! move of the rectangle too (it eats the top-right square anyway), so the rectangle had a move to
//! a P-position after all. The argument names no move, so the winning bite is searched.
//! *Sprague–Grundy*: an L shape (one row and one column from the corner) is two Nim heaps,
//! `a - 1` squares up and `b` across, of value `(a - 1) XOR b`. A staircase and its mirror in the
//! diagonal are the same game, so each is searched in one canonical form. Everything else is
//! searched by the core's [`grundy_core::search`] engine.
//!
//! ```
//! use grundy_core::{analyse, Nimber, Outcome};
//! use grundy_games::spec::Word;
//!
//! // The 3x4 bar has value 9, and its one winning bite leaves the staircase 3,3,1,1.
//! let mut sum = grundy_games::registry::builtin().build_sum(&Word::from_args(&["chomp:3x4"])).unwrap();
//! let a = analyse(&mut sum, 10).unwrap();
//! assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(9))));
//! assert_eq!(a.winning_moves_total, 1);
//! assert_eq!(a.winning_moves[0].position, serde_json::json!("3,3,1,1"));
//! ```

use grundy_core::limits::Limits;
use grundy_core::search::{Search, SearchRules};
use grundy_core::{Component, Key, Nimber, Ruleset, RulesetComponent};
use serde_json::Value as Json;

use super::searched::{BoardRules, Searched};
use crate::board::size_words;
use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The most rows plus columns a bar may have: its staircase is written in 64 bits.
pub const MAX_SIDES: u64 = 63;

/// The registry entry for `chomp`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "chomp",
        "chomp:RxC (the whole R by C bar), chomp R C, or chomp H1,H2,... (column heights \
                 from the poisoned corner, never increasing)",
        "eat a square and every square above and right of it; the bottom-left square is \
                poisoned: whoever is left with only it loses",
        "chomp:3x4",
        build,
    )
    .positions(Shape::Grid)
    .drawn(Drawing::Columns)]
}

/// A Chomp position: its staircase as a walk from the top of the first column to the foot of
/// the last, a 1 for a step right and a 0 for a step down, after a leading 1 (so the code is
/// injective and fits 64 bits when rows plus columns are at most 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bar(pub u64);

impl Bar {
    /// The staircase of the column `heights` (never increasing, the first positive; zero
    /// heights at the end are dropped).
    pub fn from_heights(heights: &[u8]) -> Bar {
        let w = heights.iter().take_while(|&&h| h > 0).count();
        let mut code = 1u64;
        for x in 0..w {
            let next = if x + 1 < w { heights[x + 1] } else { 0 };
            code = code << 1 | 1;
            code <<= heights[x] - next;
        }
        Bar(code)
    }

    /// The whole bar of `rows` by `cols`.
    pub fn rectangle(rows: u8, cols: u8) -> Bar {
        Bar::from_heights(&vec![rows; usize::from(cols)])
    }

    /// The column heights, into `out`; returns how many columns.
    fn heights(&self, out: &mut [u8; 64]) -> usize {
        let len = 63 - self.0.leading_zeros();
        let rows = len - self.0.count_ones() + 1;
        let mut h = rows as u8;
        let mut w = 0;
        for i in (0..len).rev() {
            if self.0 >> i & 1 == 1 {
                out[w] = h;
                w += 1;
            } else {
                h -= 1;
            }
        }
        w
    }

    /// The column heights.
    pub fn columns(&self) -> Vec<u8> {
        let mut h = [0; 64];
        let w = self.heights(&mut h);
        h[..w].to_vec()
    }

    /// The mirror image in the diagonal through the poisoned corner: the walk reversed, right and
    /// down swapped.
    fn transposed(&self) -> Bar {
        let len = 63 - self.0.leading_zeros();
        let steps = self.0 & ((1 << len) - 1);
        let flipped = !steps.reverse_bits() >> (64 - len) & ((1 << len) - 1);
        Bar(1 << len | flipped)
    }

    fn squares(&self) -> u32 {
        let mut h = [0; 64];
        let w = self.heights(&mut h);
        h[..w].iter().map(|&x| u32::from(x)).sum()
    }
}

/// The rules of Chomp, as the search engine sees them.
#[derive(Clone, Copy, Debug)]
pub struct ChompRules {
    /// Search each staircase in one form of it and its mirror image.
    pub symmetry: bool,
}

impl Default for ChompRules {
    fn default() -> Self {
        ChompRules { symmetry: true }
    }
}

impl Ruleset for ChompRules {
    type Position = Bar;

    /// Column by column, each bite from the lowest square up. A bite at column `x`, row `y`
    /// changes one stretch of the walk: from the top of column `x` to where the walk comes down
    /// to height `y`, it now goes down first and then right, so that stretch's bits are sorted
    /// (its steps down, the zeros, first); a bite at the foot of a column ends the walk there.
    fn options(&self, bar: &Bar, out: &mut Vec<Bar>) {
        let code = bar.0;
        let len = 63 - code.leading_zeros();
        let mut downs = [0u32; 64];
        let mut first = true;
        // `s`: the bit of column x's step right, walking from the top bit down.
        for s in (0..len).rev().filter(|&s| code >> s & 1 == 1) {
            // The steps down after column x's step, nearest first: the walk's zeros below `s`.
            let mut n = 0;
            let mut rest = !code & ((1u64 << s) - 1);
            while rest != 0 {
                let z = 63 - rest.leading_zeros();
                downs[n] = z;
                n += 1;
                rest &= !(1u64 << z);
            }
            // The bite at the foot of column x (not the poisoned square) leaves the columns before.
            if !first {
                out.push(Bar((code >> (s + 1)) << n));
            }
            // Rows 1, 2, ...: the stretch ends at the (n - row)-th step down.
            for &z in downs[..n].iter().rev().skip(1) {
                let stretch = ((1u64 << (s - z + 1)) - 1) << z;
                let rights = (code & stretch).count_ones();
                let bitten = code & !stretch | ((1u64 << rights) - 1) << z;
                if first {
                    // In the first column the steps down come before any step right: the walk
                    // starts lower (it starts at the top of the first column).
                    let walk = len - (s - z + 1 - rights);
                    out.push(Bar(1 << walk | bitten & ((1u64 << walk) - 1)));
                } else {
                    out.push(Bar(bitten));
                }
            }
            first = false;
        }
    }

    /// L shapes: two Nim heaps. Read off the walk: one column is a walk `1 1 0…0`; an L of
    /// more columns ends `… 0 1…1 0` after `1 1` (the first column, its drop to height 1, the
    /// rest of the row, the last step down), and a single row is `1 1…1 0`.
    fn closed_form(&self, bar: &Bar) -> Option<Nimber> {
        let code = bar.0;
        if code.count_ones() == 2 {
            // One column of `h` squares: a heap of h - 1 above the poisoned one.
            return Some(Nimber(u64::from(61 - code.leading_zeros())));
        }
        if code.trailing_zeros() != 1 {
            return None;
        }
        let walk = code >> 1;
        let row = walk.trailing_ones();
        let above = walk >> row;
        if above == 0 {
            // One row of `row - 1` columns.
            return Some(Nimber(u64::from(row - 2)));
        }
        let column = above.trailing_zeros();
        (above >> column == 0b11).then(|| Nimber(u64::from(column ^ row)))
    }
}

impl SearchRules for ChompRules {
    fn parts(&self, bar: &Bar, out: &mut Vec<Bar>) {
        out.push(if self.symmetry {
            (*bar).min(bar.transposed())
        } else {
            *bar
        });
    }

    fn code(&self, bar: &Bar) -> Option<u64> {
        Some(bar.0)
    }

    /// A walk after its marker that starts with a step right and ends with one down (every
    /// column of positive height): other words are no staircase, and a checkpoint holding one is
    /// forged.
    fn decode(&self, code: u64) -> Option<Bar> {
        let len = 63u32.checked_sub(code.leading_zeros())?;
        (len == 0 || (code >> (len - 1) & 1 == 1 && code & 1 == 0)).then_some(Bar(code))
    }

    fn decodes(&self) -> bool {
        true
    }

    /// The staircase's code itself: below `2^(rows + columns + 1)` for every staircase of a bar.
    fn dense_index(&self, bar: &Bar) -> Option<usize> {
        usize::try_from(bar.0).ok()
    }

    fn size(&self, bar: &Bar) -> u32 {
        bar.squares()
    }

    /// Chomp's values run high (51 on 8x10), and nearly every staircase of the bar is met anyway.
    fn full_values(&self) -> bool {
        true
    }
}

/// The rules a Chomp search's checkpoint is written under: a table entry is the value of the
/// staircase its code spells out.
pub const CHECKPOINT_RULES: &str = "chomp 1";

impl BoardRules for ChompRules {
    const NAME: &'static str = "chomp";

    fn search_for(&self, bar: &Bar, threads: usize, limits: &Limits) -> Search<ChompRules> {
        // Every staircase within the bar's rows and columns: C(rows + cols, rows).
        let h = bar.columns();
        let (rows, cols) = (u32::from(h[0]), h.len() as u32);
        let mut staircases = 1f64;
        for i in 0..rows.min(cols) {
            staircases = staircases * f64::from(rows + cols - i) / f64::from(i + 1);
        }
        // Every staircase's code is below 2^(rows + cols + 1): a byte each in an array of
        // that size, while it takes at most a quarter of the memory budget (10x14: 32 MiB for
        // 2 million staircases), is looked up without hashing.
        let dense = 1usize << (rows + cols + 1).min(62);
        if (dense as u64) <= limits.table_budget() / 4 {
            return Search::new(*self, 1 << 16, threads)
                .with_dense(dense)
                .with_progress(true);
        }
        // Else a table with room for all of them at least twice over (the table rounds its
        // size down to a power of two): a table short of the staircases evicts values that
        // are then searched again and again (8x12 took minutes in a table of half of them).
        // Only such a table is saved in a checkpoint: a dense array is not.
        Search::checkpointed_or_fresh(
            || {
                Search::new(*self, limits.table_bytes(4.0 * staircases), threads)
                    .with_progress(true)
            },
            CHECKPOINT_RULES,
            limits.checkpointing.as_deref(),
        )
    }

    fn show(&self, bar: &Bar) -> Json {
        let h: Vec<String> = bar.columns().iter().map(u8::to_string).collect();
        // One column is written with a trailing comma, so it reads as heights.
        let text = if h.len() == 1 {
            format!("{},", h[0])
        } else {
            h.join(",")
        };
        Json::String(text)
    }

    fn describe(&self, from: &Bar, to: &Bar) -> String {
        let (a, b) = (from.columns(), to.columns());
        let Some(x) = (0..a.len()).find(|&x| b.get(x).copied().unwrap_or(0) < a[x]) else {
            return "no move".into();
        };
        let y = b.get(x).copied().unwrap_or(0);
        let eaten = from.squares() - to.squares();
        format!(
            "eat the square in column {}, row {} and everything above and right of it \
             ({eaten} square{})",
            x + 1,
            y + 1,
            if eaten == 1 { "" } else { "s" }
        )
    }

    fn key(&self, bar: &Bar) -> Key {
        vec![bar.0]
    }
}

/// Chomp as a game of the registry: its values come from the search engine.
pub type Chomp = Searched<ChompRules>;

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let size = match &spec.params {
        None => None,
        Some(p) => {
            let bad = || spec.error("chomp:RxC wants the rows and columns, e.g. chomp:10x14");
            let (r, c) = p.split_once(['x', 'X']).ok_or_else(bad)?;
            Some(
                sides(
                    parse_number_text(r, "rows", MAX_SIDES).map_err(|m| spec.error(m))?,
                    parse_number_text(c, "columns", MAX_SIDES).map_err(|m| spec.error(m))?,
                )
                .map_err(|m| spec.error(m))?,
            )
        }
    };
    let bar = match (size, words) {
        (Some((r, c)), []) => Bar::rectangle(r, c),
        (None, []) => {
            return Err(spec.error(
                "give a bar: chomp:RxC, chomp R C, or column heights such as chomp 4,3,3,1",
            ))
        }
        (_, [w]) if w.text.contains(',') => parse_heights(w)?,
        _ => match size_words(words) {
            Some(Ok((r, c))) if size.is_none() => {
                let (r, c) = sides(u64::from(r), u64::from(c)).map_err(|m| words[0].error(m))?;
                Bar::rectangle(r, c)
            }
            Some(Err(_)) if size.is_none() => {
                // Big bars are fine for Chomp (it has no cell limit): read the numbers again.
                let n = |w: &Word| parse_number_text(&w.text, "a side", MAX_SIDES);
                let (r, c) = (
                    n(&words[0]).map_err(|m| words[0].error(m))?,
                    n(&words[1]).map_err(|m| words[1].error(m))?,
                );
                let (r, c) = sides(r, c).map_err(|m| words[0].error(m))?;
                Bar::rectangle(r, c)
            }
            _ => {
                return Err(words[0].error(
                    "a Chomp position is R C (rows and columns) or column heights with commas, \
                     such as 4,3,3,1 (5, for one column)",
                ))
            }
        },
    };
    Ok(RulesetComponent::boxed(Chomp::new(size), bar))
}

fn sides(r: u64, c: u64) -> Result<(u8, u8), String> {
    if r == 0 || c == 0 {
        return Err("a bar has at least one row and one column (the poisoned square)".into());
    }
    if r + c > MAX_SIDES {
        return Err(format!(
            "a bar of {r}x{c}: rows plus columns may be at most {MAX_SIDES}"
        ));
    }
    Ok((r as u8, c as u8))
}

fn parse_heights(w: &Word) -> Result<Bar, SpecError> {
    let mut heights = Vec::new();
    for t in w.text.split(',').filter(|t| !t.trim().is_empty()) {
        heights.push(parse_number_text(t, "a column height", MAX_SIDES).map_err(|m| w.error(m))?);
    }
    if heights.first().is_none_or(|&h| h == 0) {
        return Err(w.error("the first column holds the poisoned square: its height is at least 1"));
    }
    if heights.windows(2).any(|p| p[1] > p[0]) {
        return Err(w.error("column heights never increase from the poisoned corner"));
    }
    if heights.contains(&0) {
        return Err(w.error("a column height is at least 1 (leave eaten columns out)"));
    }
    sides(heights[0], heights.len() as u64).map_err(|m| w.error(m))?;
    let heights: Vec<u8> = heights.iter().map(|&h| h as u8).collect();
    Ok(Bar::from_heights(&heights))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::build_sum;
    use grundy_core::Game;
    use grundy_core::{analyse, BruteForce, Outcome, Solver};

    /// Every staircase within `rows` by `cols`.
    fn staircases(rows: u8, cols: u8) -> Vec<Bar> {
        let mut out = Vec::new();
        let mut todo = vec![Bar::rectangle(rows, cols)];
        let mut seen = std::collections::BTreeSet::new();
        while let Some(b) = todo.pop() {
            if seen.insert(b) {
                out.push(b);
                ChompRules::default().options(&b, &mut todo);
            }
        }
        out
    }

    /// The options and closed forms as the column heights give them, written plainly.
    fn plain_options(bar: &Bar) -> Vec<Bar> {
        let h = bar.columns();
        let mut out = Vec::new();
        for x in 0..h.len() {
            for y in u8::from(x == 0)..h[x] {
                let next: Vec<u8> = h
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| if i >= x { n.min(y) } else { n })
                    .collect();
                out.push(Bar::from_heights(&next));
            }
        }
        out
    }

    fn plain_closed_form(bar: &Bar) -> Option<Nimber> {
        let h = bar.columns();
        (h.len() == 1 || h[1] == 1).then(|| Nimber(u64::from(h[0] - 1) ^ (h.len() as u64 - 1)))
    }

    proptest::proptest! {
        #[test]
        fn bites_on_the_walk_are_bites_on_the_columns(
            mut h in proptest::collection::vec(1u8..12, 1..14)
        ) {
            h.sort_unstable_by(|a, b| b.cmp(a));
            let bar = Bar::from_heights(&h);
            let mut got = Vec::new();
            ChompRules::default().options(&bar, &mut got);
            proptest::prop_assert_eq!(got, plain_options(&bar), "{:?}", h);
            proptest::prop_assert_eq!(ChompRules::default().closed_form(&bar), plain_closed_form(&bar), "{:?}", h);
            // A checkpoint's entries are read back through the code; words that are no
            // staircase are refused.
            let rules = ChompRules::default();
            proptest::prop_assert_eq!(rules.decode(rules.code(&bar).unwrap()), Some(bar));
            for bad in [0, bar.0 | 1, bar.0 ^ 1 << (62 - bar.0.leading_zeros())] {
                if let Some(b) = rules.decode(bad) {
                    proptest::prop_assert_eq!(Bar::from_heights(&b.columns()), b);
                }
            }
        }
    }

    /// Every position up to 5x5: values and the options of each value against the plain mex
    /// search, with the mirror symmetry on and off, on one thread and two.
    #[test]
    fn every_position_up_to_5x5_matches_brute_force() {
        let mut brute = Solver::new(BruteForce(ChompRules::default()));
        let engines = [
            Search::new(ChompRules { symmetry: true }, 1 << 20, 1),
            Search::new(ChompRules { symmetry: false }, 1 << 20, 1),
            Search::new(ChompRules { symmetry: true }, 1 << 16, 2),
            Search::new(ChompRules { symmetry: true }, 1 << 10, 2).with_dense(1 << 11),
        ];
        let game = Chomp::with_rules(None, ChompRules::default(), 1);
        let all = staircases(5, 5);
        assert_eq!(all.len(), 251); // C(10, 5) - 1: every staircase but the empty one
        for b in all {
            let want = brute.grundy(&b).unwrap();
            for s in &engines {
                assert_eq!(s.value(&b), want, "{:?}", b.columns());
            }
            for t in 0..=want.0 + 1 {
                let (hits, total) = game.options_to(&b, Nimber(t), usize::MAX).unwrap().unwrap();
                let w = brute.moves_to(&b, Nimber(t)).unwrap();
                assert_eq!((hits, total), (w.clone(), w.len()), "{:?}", b.columns());
            }
        }
    }

    #[test]
    fn staircase_codes() {
        for h in [vec![1u8], vec![2], vec![1, 1], vec![4, 3, 3, 1], vec![5; 7]] {
            let b = Bar::from_heights(&h);
            assert_eq!(b.columns(), h);
            assert_eq!(b.transposed().transposed(), b);
        }
        assert_eq!(
            Bar::from_heights(&[2]).transposed(),
            Bar::from_heights(&[1, 1])
        );
        assert_eq!(
            Bar::from_heights(&[3, 1]).transposed(),
            Bar::from_heights(&[2, 1, 1])
        );
    }

    /// Strategy stealing: every rectangle but 1x1 is N, and solve names a winning bite.
    #[test]
    fn rectangles_are_first_player_wins() {
        for r in 1..=6 {
            for c in 1..=6 {
                let mut sum = build_sum(&Word::from_args(&[format!("chomp:{r}x{c}")])).unwrap();
                let a = analyse(&mut sum, 10).unwrap();
                if (r, c) == (1, 1) {
                    assert_eq!(a.outcome, Outcome::P);
                } else {
                    assert_eq!(a.outcome, Outcome::N, "{r}x{c}");
                    assert!(a.winning_moves[0].description.starts_with("eat the square"));
                }
            }
        }
        // Values igsolve gives.
        for (r, c, g) in [(2, 2, 2), (3, 3, 5), (3, 4, 9), (4, 4, 6), (5, 5, 6)] {
            let mut sum =
                build_sum(&Word::from_args(&["chomp", &r.to_string(), &c.to_string()])).unwrap();
            assert_eq!(
                analyse(&mut sum, 0).unwrap().grundy,
                Some(Nimber(g)),
                "{r}x{c}"
            );
        }
    }

    #[test]
    fn words_and_errors() {
        let mut sum = build_sum(&Word::from_args(&["chomp", "4,3,3,1"])).unwrap();
        assert_eq!(sum[0].position(), serde_json::json!("4,3,3,1"));
        let mut again = build_sum(&Word::from_args(&["chomp", "5,"])).unwrap();
        assert_eq!(analyse(&mut again, 0).unwrap().grundy, Some(Nimber(4)));
        let _ = analyse(&mut sum, 10).unwrap();
        let err = |words: &[&str]| {
            build_sum(&Word::from_args(words))
                .err()
                .unwrap()
                .to_string()
        };
        assert!(err(&["chomp"]).contains("give a bar"));
        assert!(err(&["chomp", "3,4"]).contains("never increase"));
        assert!(err(&["chomp", "0,"]).contains("poisoned"));
        assert!(err(&["chomp", "5"]).contains("column heights with commas"));
        assert!(err(&["chomp", "40", "40"]).contains("at most 63"));
        assert!(err(&["chomp:0x3"]).contains("at least one row"));
    }
}
