//! All-but subtraction games: take any number of tokens but a few.
//!
//! **Rules.** There are heaps of tokens and a finite set `X` of positive integers, the *excluded*
//! amounts. A move takes `s` tokens from one heap, for any `s` from 1 to the heap that is not in
//! `X`. The player who cannot move loses. (`allbut:1` takes two or more: `G(n) = ⌊n/2⌋`.)
//!
//! **Theorem (A. Siegel 2005; Sleator and Slusky 2012).** The values of every all-but
//! subtraction game are ultimately arithmetic periodic: `G(n + p) = G(n) + s` from some `n0`
//! on, with a positive saltus `s`; purely so (`n0 = 0`) when `X` has at most three elements. No
//! bound is known that would prove a period from a finite table, so a table reports the period
//! it sees, checked to its end, not proved.
//!
//! A heap's options are every smaller heap but `|X|` of them, so `G(n)` is the mex of the whole
//! prefix `G(0..n)` with a few values taken out: with a count of each value in the prefix and
//! its mex kept as the prefix grows, each value costs `O(|X|)` and a table of `N` heaps `O(N
//! |X|)` (not the `O(N²)` of listing options).
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::all_but::AllBut;
//! let game = AllBut::new(vec![1]);
//! assert_eq!(game.heap_value(9), Some(Nimber(4)));
//! assert_eq!(AllBut::new(vec![2, 3]).values(8), vec![0, 1, 0, 1, 2, 3, 2, 3, 4]);
//! ```

use std::sync::{Arc, Mutex};

use grundy_core::setting::Setting;
use grundy_core::{Component, HeapPosition, HeapRuleset, Nimber};
use web_time::Instant;

use crate::entry::{Drawing, GameEntry};
use crate::heap::subtraction::parse_set;
use crate::period::{self, Period};
use crate::spec::{parse_heaps, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::{
    HeapLine, Request, Rest, Shape, Supports, Table, TableError, Tabulate, Values, Watch,
};

/// The largest heap whose value is kept for positions (a table of 4 bytes a heap, grown as
/// positions need it).
const VALUE_LIMIT: u64 = 1 << 26;

/// The largest table `grundy table` makes of this game (4 bytes a heap, plus the counts).
const TABLE_LIMIT: u64 = 1 << 30;

/// An all-but subtraction game: take any positive number of tokens but those in `excluded`.
#[derive(Clone, Debug)]
pub struct AllBut {
    excluded: Vec<u64>,
    /// `G(0..)` as far as positions have needed, shared by the clones a search makes.
    known: Arc<Mutex<Line>>,
}

impl AllBut {
    /// The game excluding `excluded` (any order, repeats allowed).
    pub fn new(mut excluded: Vec<u64>) -> AllBut {
        excluded.sort_unstable();
        excluded.dedup();
        AllBut {
            known: Arc::new(Mutex::new(Line::new(&excluded))),
            excluded,
        }
    }

    /// The excluded amounts, sorted.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// `G(0..=last)`.
    pub fn values(&self, last: u64) -> Vec<u32> {
        let mut line = Line::new(&self.excluded);
        line.extend_to(last, &mut |_| true);
        line.values
    }
}

/// The values of an all-but game as they are computed: the counts of each value in the prefix and
/// the prefix's mex.
#[derive(Debug)]
struct Line {
    excluded: Vec<u64>,
    values: Vec<u32>,
    /// `count[v]`: how many heaps of the prefix have value `v`.
    count: Vec<u64>,
    /// The mex of the whole prefix.
    prefix_mex: u32,
}

impl Line {
    fn new(excluded: &[u64]) -> Line {
        Line {
            excluded: excluded.to_vec(),
            values: Vec::new(),
            count: Vec::new(),
            prefix_mex: 0,
        }
    }

    /// Computes values up to heap `last`; `tick(done)` every 65536 heaps, `false` stops.
    fn extend_to(&mut self, last: u64, tick: &mut dyn FnMut(u64) -> bool) -> bool {
        let mut taken: Vec<(u32, u64)> = Vec::with_capacity(self.excluded.len());
        while (self.values.len() as u64) <= last {
            let n = self.values.len() as u64;
            if n.is_multiple_of(65536) && n > 0 && !tick(n) {
                return false;
            }
            // The heaps `n - x` the excluded amounts would reach, by value.
            taken.clear();
            for &x in self.excluded.iter().take_while(|&&x| x <= n) {
                let v = self.values[(n - x) as usize];
                match taken.iter_mut().find(|(w, _)| *w == v) {
                    Some((_, k)) => *k += 1,
                    None => taken.push((v, 1)),
                }
            }
            // Below the prefix's mex every value is there, unless all its heaps are excluded.
            let g = taken
                .iter()
                .filter(|&&(v, k)| v < self.prefix_mex && self.count[v as usize] == k)
                .map(|&(v, _)| v)
                .min()
                .unwrap_or(self.prefix_mex);
            self.values.push(g);
            if self.count.len() <= g as usize {
                self.count.resize(g as usize + 1, 0);
            }
            self.count[g as usize] += 1;
            while self
                .count
                .get(self.prefix_mex as usize)
                .is_some_and(|&c| c > 0)
            {
                self.prefix_mex += 1;
            }
        }
        true
    }
}

impl HeapRuleset for AllBut {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        let mut excluded = self.excluded.iter().peekable();
        for s in 1..=n {
            if excluded.peek() == Some(&&s) {
                excluded.next();
                continue;
            }
            out.push(vec![n - s]);
        }
    }

    fn heap_value(&self, n: u64) -> Option<Nimber> {
        if n > VALUE_LIMIT {
            return None;
        }
        let mut line = self.known.lock().unwrap_or_else(|e| e.into_inner());
        line.extend_to(n, &mut |_| true);
        Some(Nimber(line.values[n as usize] as u64))
    }

    fn max_heap(&self) -> u64 {
        VALUE_LIMIT
    }
}

/// The table of `allbut:X`: computed whole (no theorem proves a period), the period seen with
/// its saltus.
pub struct AllButTable {
    name: String,
    game: AllBut,
}

impl Tabulate for AllButTable {
    fn name(&self) -> &str {
        &self.name
    }

    fn shape(&self) -> Shape {
        Shape::Line
    }

    fn supports(&self) -> Supports {
        Supports {
            period: true,
            resume: false,
            csv: true,
            naive: true,
        }
    }

    fn tabulate(&self, request: &Request, watch: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        let started = Instant::now();
        let last = match (&request.upto, request.max) {
            (Some(text), _) => parse_number_text(text, &Setting::Upto.to_string(), TABLE_LIMIT)
                .map_err(|m| TableError::Input(format!("{} ('{text}'): {m}", Setting::Upto)))?,
            (None, Some(max)) if request.period => max.min(TABLE_LIMIT),
            (None, _) if request.defaults.is_some() => {
                request.defaults.map_or(0, |d| d.line).min(TABLE_LIMIT)
            }
            (None, _) => {
                return Err(TableError::Input(format!(
                    "give {} (no theorem proves a period of an all-but game, so its table \
                     does not end by itself)",
                    Setting::Upto.given("N")
                )))
            }
        };
        // The values, the counts (at most one a value) and the copy the period search reads.
        watch
            .reserve(
                &format!("the table of {} up to {last}", self.name),
                (last + 1).saturating_mul(16),
            )
            .map_err(TableError::Compute)?;
        let values = if request.naive {
            crate::heap::sparse::naive_table(&self.game, last)
        } else {
            let mut line = Line::new(&self.game.excluded);
            if !line.extend_to(last, &mut |done| watch.progress(done, last + 1)) {
                return Err(TableError::Interrupted {
                    kept: Some(format!("after {} values", line.values.len())),
                });
            }
            line.values
        };
        watch.progress(last + 1, last + 1);
        let period = request
            .period
            .then(|| period::longest(&values, PERIODS, true))
            .flatten();
        Ok(Table::Heaps(HeapLine {
            game: self.name.clone(),
            head: Values::from_u32(&values),
            last,
            rest: Rest::Computed,
            period,
            theorem: None,
            elapsed: started.elapsed(),
        }))
    }
}

/// The registry entry for `allbut:X`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "allbut",
        "allbut:X1,X2,... HEAP...",
        "take any positive number of tokens from one heap but the amounts listed; whoever \
         cannot move loses",
        "allbut:1,4 10 12",
        build,
    )
    .aliases(&["all-but"])
    .drawn(Drawing::Heaps)
    .positions(Shape::Line)
    .tabulated(|spec| {
        Ok(Box::new(AllButTable {
            name: spec.word.text.clone(),
            game: parse(spec)?,
        }))
    })
    .canonical(|spec| {
        let words: Vec<String> = parse(spec)
            .ok()?
            .excluded
            .iter()
            .map(u64::to_string)
            .collect();
        Some(format!("allbut:{}", words.join(",")))
    })]
}

fn parse(spec: &GameSpec) -> Result<AllBut, SpecError> {
    let params = spec.require_params("allbut:X1,X2,...")?;
    Ok(AllBut::new(parse_set(spec, params)?))
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let game = parse(spec)?;
    let heaps = parse_heaps(spec, words, VALUE_LIMIT)?;
    Ok(Box::new(HeapPosition::new(&spec.word.text, game, heaps)))
}

/// The period a table of `game` shows (for tests and the census): found with its saltus, never
/// proved.
pub fn seen_period(game: &AllBut, last: u64) -> Option<Period> {
    period::longest(&game.values(last), PERIODS, true)
}

/// The longest period a table looks for.
const PERIODS: usize = 1 << 14;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::sparse::naive_table;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    proptest! {
        /// The prefix-mex line against the plain mex over every option.
        #[test]
        fn the_line_is_the_plain_mex(excluded in proptest::collection::vec(1u64..12, 0..5)) {
            let game = AllBut::new(excluded.clone());
            prop_assert_eq!(game.values(150), naive_table(&game, 150), "{:?}", excluded);
        }

        #[test]
        fn positions_match_the_solver(
            excluded in proptest::collection::vec(1u64..6, 1..4),
            heaps in proptest::collection::vec(0u64..14, 1..3),
        ) {
            assert_heap_fast_path_matches_solver(&AllBut::new(excluded), &heaps)?;
        }

        /// Siegel; Sleator and Slusky: with at most three excluded amounts the values are purely
        /// arithmetic periodic (the period a table shows starts at 0, its saltus positive).
        #[test]
        fn three_excluded_amounts_or_fewer_are_purely_arithmetic_periodic(
            excluded in proptest::collection::vec(1u64..10, 1..4),
        ) {
            let p = seen_period(&AllBut::new(excluded.clone()), 3000).unwrap();
            prop_assert_eq!(p.preperiod, 0, "{:?}: {:?}", excluded, p);
            prop_assert!(p.saltus > 0, "{:?}: {:?}", excluded, p);
        }
    }

    #[test]
    fn excluding_one_leaves_half_the_heap() {
        let values = AllBut::new(vec![1]).values(100);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(v as usize, n / 2);
        }
        let p = seen_period(&AllBut::new(vec![1]), 100).unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.proved),
            (0, 2, 1, false)
        );
    }
}
