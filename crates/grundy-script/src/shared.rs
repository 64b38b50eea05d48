//! One line of heap values per script, shared by every game of a run ([`super::Runtime`]).
//!
//! `solve` on a heap of a game whose options are ranges of smaller heaps (take-at-most-half)
//! reaches nearly every smaller heap, and the generic solver lists every option of each: a heap
//! of 10^5 took 37 s. When the heap asked for has a range of options that covers a good part of
//! the heaps below it, the heaps `0..=n` are valued instead as a table is ([`Line`], ranges as
//! intervals), and the values are kept for the run: every `--batch` line, every part of a
//! sum and every later question about the same script (the same compiled program, so the same
//! text and parameters) reads them or extends them, rather than starting again.
//!
//! The line is built on a game of its own, so a script error at a heap the question never
//! reaches does not become the question's error: the line is given up, and the generic solver
//! answers as before. A heap with an option the line cannot hold (a larger heap, a string) gives
//! it up too, for good.
//!
//! `table` reads and extends the same line ([`ScriptGame::line_upto`]), so the two share their
//! values, and a cache file ([`super::cache`]) keeps them between runs. The line grows only
//! within the memory budget, estimated before it grows: a table past it is refused with the
//! budget's words (the option that raises it), and a `solve` past it gives the line up, with a
//! note, and searches as before.

use std::ops::Range;
use std::sync::{Arc, RwLock};

use grundy_core::setting::Setting;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::expansion::{Expansion, Group};
use super::first_error::FirstError;
use super::line::{prefix, Line};
use super::{Host, Position, ScriptGame};
use grundy_registry::tabulate::Values;
use grundy_registry::tabulate::{TableError, Watch};

/// The most heaps a shared line holds: its positions are kept in four bytes ([`super::last_seen`]).
/// Short of that the memory budget decides
/// ([`super::ScriptSettings::line_budget`]): a line takes 5 to 16 bytes a
/// heap (its values in their width, the tree of the values it has).
pub(super) const MOST: usize = i32::MAX as usize - 1;

/// The most heaps a `solve` extends the line to where nothing budgets it (a runtime
/// without a line budget, Python): a few hundred megabytes at most, as before the budget.
const UNBUDGETED: usize = 1 << 24;

/// How many of the last values a cache file gives a line are valued again before it is used.
const RECHECKED: usize = 64;

/// How many heaps are expanded at once while a line is extended: enough to keep every core busy
/// and the hand-over between blocks rare, few enough that the expansions waiting stay small.
const BLOCK: usize = 4096;

/// A line shared by every game of one program.
pub(super) struct Shared {
    /// The program, held so its address (the key) is not reused while the line lives.
    _host: Arc<dyn Host>,
    pub(super) line: Line,
    /// Whether the line was given up: a heap it cannot hold, a script error, or the budget.
    given_up: bool,
    /// The script's error that gave the line up, if one did.
    error: Option<String>,
    /// The game's identity in a cache file (a hash of its script and parameters), if it has one
    /// (a Python game has none).
    pub(super) identity: Option<u64>,
    /// Where the script came from, for a cache file's reader.
    pub(super) source: String,
    /// How many heaps a cache file gave the line: it is saved again only if it grew.
    pub(super) loaded: usize,
}

/// A line, read by every lookup and written while it is extended.
pub(super) type SharedLine = Arc<RwLock<Shared>>;

/// The line of each program of a run, by the program's address.
pub(super) type Lines = FxHashMap<usize, SharedLine>;

/// What holds a shared line's growth to the memory budget: `Err` (naming the option that raises
/// the budget) refuses `bytes` more for `what`.
pub type LineBudget = fn(what: &str, bytes: u64) -> Result<(), String>;

/// What [`ScriptGame::line_upto`] found.
pub(super) enum Upto {
    /// The values of the heaps `0..=n`.
    Values(Values),
    /// The line was given up: a heap it cannot hold, or the script's error (kept).
    GivenUp(Option<String>),
}

impl ScriptGame {
    /// The run's line for this game's program, made (from the cache file, if one holds it) the
    /// first time any game of the program asks.
    pub(super) fn shared(&self) -> &SharedLine {
        self.line.get_or_init(|| {
            let key = Arc::as_ptr(&self.program) as *const () as usize;
            let fresh = || {
                let cached = self.identity.and_then(|id| self.runtime.cached(id));
                let line = cached.and_then(|(values, sealed)| self.resumed(values, sealed));
                let loaded = line.as_ref().map_or(0, Line::len);
                Arc::new(RwLock::new(Shared {
                    _host: self.program.clone(),
                    line: line.unwrap_or_else(|| Line::new(0)),
                    given_up: false,
                    error: None,
                    identity: self.identity,
                    source: self.program.source().to_string(),
                    loaded,
                }))
            };
            self.runtime
                .lines
                .lock()
                .expect("no thread panics holding it")
                .entry(key)
                .or_insert_with(fresh)
                .clone()
        })
    }

    /// The line a cache file's `values` make, the last [`RECHECKED`] of them valued again from
    /// the rules first (a file sealed with the user's key may still be another build's), or all
    /// of them when the file was not `sealed` (imported). `None`, with a note, when one differs
    /// (the line then starts again).
    fn resumed(&self, values: Values, sealed: bool) -> Option<Line> {
        let len = values.len();
        let from = if sealed {
            len.saturating_sub(RECHECKED)
        } else {
            0
        };
        let mut line = Line::from_values(prefix(&values, from));
        let builder = self.runtime.hosted(&self.name, self.program.clone());
        for m in from..len {
            let e = builder.expand(&Position::Int(m as i64)).ok();
            let want = values.get(m).map(u64::from);
            if line.try_next(e.as_ref()) != want {
                self.runtime.note_once(&format!(
                    "the cache file's values of {} differ from its rules at the heap {m}: they \
                     are computed again",
                    self.name
                ));
                return None;
            }
        }
        Some(line)
    }

    /// The value of `p` if the shared line holds it already.
    pub(super) fn held_on_line(&self, p: &Position) -> Option<u64> {
        let Position::Int(n) = *p else { return None };
        let n = usize::try_from(n).ok()?;
        let read = self.shared().read().expect("no thread panics holding it");
        read.line.get(n)
    }

    /// The value of the heap `p` if the shared line holds it already (nothing is computed).
    pub(super) fn shared_value_computed(&self, p: &Position) -> Option<u64> {
        let Position::Int(n) = *p else { return None };
        let n = usize::try_from(n).ok()?;
        let shared = self.shared();
        let read = shared.read().expect("no thread panics holding it");
        read.line.get(n)
    }

    /// The value of the heap `p` from the run's shared line, extending it when the heap's
    /// options make the line pay (see the module's note); `None`: the generic solver decides.
    pub(super) fn shared_value(&self, p: &Position) -> Option<u64> {
        let Position::Int(n) = *p else { return None };
        let n = usize::try_from(n).ok()?;
        let shared = self.shared();
        {
            let read = shared.read().expect("no thread panics holding it");
            if let Some(v) = read.line.get(n) {
                return Some(v);
            }
            if read.given_up {
                return None;
            }
        }
        let budget = self.runtime.settings().line_budget;
        let stopped = || self.runtime.stopping();
        let most = if budget.is_some() { MOST } else { UNBUDGETED };
        if n >= most || stopped() || !self.dense_at(p, n) {
            return None;
        }
        let mut write = shared.write().expect("no thread panics holding it");
        if write.line.get(n).is_none() && !write.given_up {
            let more = write
                .line
                .bytes_for(n + 1)
                .saturating_sub(write.line.bytes());
            let what = format!("the line of {}'s values up to the heap {n}", self.name);
            match budget.map_or(Ok(()), |budget| budget(&what, more)) {
                Ok(()) => {
                    self.extend(&mut write, n, &mut |_| !stopped());
                }
                Err(m) => {
                    write.given_up = true;
                    // The mex of a range needs the value of every heap in it: a search one heap
                    // at a time that must store more of them than its cap cannot answer, so it
                    // is not promised (it once was, and failed at once).
                    let range = self.widest_range(p);
                    let cap = self.limits().solver_cap();
                    if range > cap as u64 {
                        drop(write);
                        self.fail(format!(
                            "{m}; a search one heap at a time would value the {range} heaps of \
                             the widest range of options of the heap {n}, more than it may store \
                             ({cap} positions, ten times {}), so it is not tried",
                            Setting::MaxPositions.given("N")
                        ));
                        return None;
                    }
                    // The search still answers, within its own caps: the line is a shortcut.
                    self.runtime.note_once(&format!(
                        "{m} (the heaps past {} are searched one by one instead)",
                        write.line.len()
                    ));
                }
            }
        }
        write.line.get(n)
    }

    /// The values of the heaps `0..=n` from the run's shared line, extended as far as needed
    /// within the budget `watch` keeps (a table). `Err`: the budget refused it, or the watch
    /// stopped it (what was valued stays on the line).
    pub(super) fn line_upto(&self, n: usize, watch: &mut dyn Watch) -> Result<Upto, TableError> {
        let shared = self.shared();
        {
            let read = shared.read().expect("no thread panics holding it");
            if read.line.len() > n {
                return Ok(Upto::Values(read.line.head(n + 1)));
            }
            if read.given_up || n >= MOST {
                return Ok(Upto::GivenUp(read.error.clone()));
            }
        }
        let mut write = shared.write().expect("no thread panics holding it");
        if write.line.len() <= n && !write.given_up {
            // The line grows to n + 1 heaps, and the table is a copy of it in the same width.
            let more = write
                .line
                .bytes_for(n + 1)
                .saturating_sub(write.line.bytes())
                + 4 * (n as u64 + 1);
            watch
                .reserve(&format!("the values of {} up to {n}", self.name), more)
                .map_err(TableError::Compute)?;
            let total = n as u64 + 1;
            let mut stopped = false;
            self.extend(&mut write, n, &mut |done| {
                stopped = !watch.progress(done as u64, total) || self.runtime.stopping();
                !stopped
            });
            if stopped {
                return Err(TableError::Interrupted { kept: None });
            }
        }
        if write.line.len() > n {
            return Ok(Upto::Values(write.line.head(n + 1)));
        }
        Ok(Upto::GivenUp(write.error.clone()))
    }

    /// How many heaps the widest range among the options of `p` holds (0 without one).
    fn widest_range(&self, p: &Position) -> u64 {
        let Some(e) = self.expansion(p) else {
            return 0;
        };
        let Expansion::Options(groups) = &*e else {
            return 0;
        };
        groups
            .iter()
            .filter(|g| matches!(g, Group::Ints(..) | Group::Down(..)))
            .map(|g| g.len() as u64)
            .max()
            .unwrap_or(0)
    }

    /// Whether the heap `n`'s options hold a range of at least an eighth of the heaps below it:
    /// then the search reaches most of them anyway, and the line costs less than the search.
    fn dense_at(&self, p: &Position, n: usize) -> bool {
        if n < 64 {
            return false;
        }
        let Some(e) = self.expansion(p) else {
            return false;
        };
        let Expansion::Options(groups) = &*e else {
            return false;
        };
        groups
            .iter()
            .any(|g| matches!(g, Group::Ints(..) | Group::Down(..)) && g.len() >= n / 8)
    }

    /// Values the heaps up to `n` on the line, on a game of its own (its errors are its own),
    /// telling `progress` how many heaps the line holds after each block; `progress` stops it by
    /// returning `false`. Each block is expanded on every core while the one before is valued.
    fn extend(&self, shared: &mut Shared, n: usize, progress: &mut dyn FnMut(usize) -> bool) {
        let builder = self.runtime.hosted(&self.name, self.program.clone());
        let parallel = self.program.parallel();
        // The first error ends the expanding ([`FirstError`]): a heap skipped carries the least
        // failed heap's error, which names that position.
        let first = FirstError::new();
        let expand = |heaps: Range<usize>| -> Vec<Result<Expansion, String>> {
            let one = |k: usize| {
                if first.skips(k) {
                    return Err(first.error().unwrap_or_default());
                }
                // Asked to stop: the block is not expanded further (an expansion may be long);
                // the watch, told next, ends the line, and no heap is valued from this.
                if self.runtime.stopping() {
                    return Err("interrupted".to_string());
                }
                let e = builder.expand(&Position::Int(k as i64));
                first.note(k, &e);
                e
            };
            if parallel {
                heaps.into_par_iter().map(one).collect()
            } else {
                heaps.map(one).collect()
            }
        };
        let block = |from: usize| from.min(n + 1)..(from + BLOCK).min(n + 1);
        let mut heaps = block(shared.line.len());
        let mut current = expand(heaps.clone());
        while !heaps.is_empty() {
            let next = block(heaps.end);
            let line = &mut shared.line;
            let (expanded, valued) = rayon::join(
                || expand(next.clone()),
                || -> Result<(), Option<String>> {
                    for e in current {
                        let e = e.map_err(Some)?;
                        line.try_next(Some(&e)).ok_or(None)?;
                    }
                    Ok(())
                },
            );
            if let Err(error) = valued {
                shared.given_up = true;
                shared.error = error;
                return;
            }
            if !progress(shared.line.len()) {
                return;
            }
            heaps = next;
            current = expanded;
        }
    }
}

#[cfg(test)]
mod tests {
    use grundy_core::Solver;
    use proptest::prelude::*;

    use super::super::{Position, ScriptGame};

    /// The value of the heap `n` by the shared line (through the solver), and by a mex over the
    /// options the script lists, heap by heap from 0 (an option that is a string has no moves).
    fn both(text: &str, n: i64) -> (u64, u64) {
        let game = ScriptGame::compile("script:test", "test", text).unwrap();
        let fast = Solver::new(&game).grundy(&Position::Int(n)).unwrap().0;
        (
            fast,
            super::super::plain_mex::plain_values(text, n)[n as usize],
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Heaps asked in any order, answered from the shared line (built, extended, or given
        /// up at a string option), are the plain search's values.
        #[test]
        fn shared_values_are_the_plain_searchs(
            d in 1i64..4, c in 1i64..5, odd in 0i64..3, heaps in prop::collection::vec(0i64..250, 1..6),
        ) {
            let text = format!(
                "fn moves(n) {{
                    if type_of(n) == \"string\" {{ return []; }}
                    let r = [];
                    if n >= 1 {{ r.push(range(n - max(1, n / {d}), n)); }}
                    if n >= {c} {{ r.push(sum([n - {c}, n / 3])); }}
                    if {odd} > 0 && n == 150 + {odd} {{ r.push(\"x\"); }}
                    r
                }}"
            );
            for n in heaps {
                let (fast, slow) = both(&text, n);
                prop_assert_eq!(fast, slow, "n = {}: {}", n, text);
            }
        }
    }

    #[test]
    fn a_cache_files_values_are_checked_against_the_rules() {
        use grundy_registry::tabulate::Values;
        let game =
            ScriptGame::compile("script:test", "test", "fn moves(n) { n - n / 2 .. n }").unwrap();
        // G(2m) = m, G(2m + 1) = G(m).
        let g = |mut n: u32| {
            while n % 2 == 1 {
                n /= 2;
            }
            n / 2
        };
        let right: Vec<u32> = (0..500).map(g).collect();
        for sealed in [true, false] {
            let line = game.resumed(Values::from_u32(&right), sealed).unwrap();
            assert_eq!(line.len(), 500);
            assert_eq!(line.get(499), Some(u64::from(g(499))));
            let mut wrong = right.clone();
            wrong[480] += 1;
            assert!(game.resumed(Values::from_u32(&wrong), sealed).is_none());
        }
        // A value before the ones checked again is trusted to the MAC that guards it, when the
        // file is sealed; a file imported is checked whole.
        let mut early = right.clone();
        early[5] += 1;
        assert!(game.resumed(Values::from_u32(&early), true).is_some());
        assert!(game.resumed(Values::from_u32(&early), false).is_none());
    }

    #[test]
    fn a_script_error_off_the_questions_path_is_not_its_error() {
        // From 200 the moves reach only heaps above 65; the line, built from 0, meets the error
        // at 10 and is given up, and the search answers as the plain mex does over 66..=200.
        let text = "fn moves(n) { if n == 10 { throw \"no\"; } \
                    if n > 65 { range(n / 2 + 33, n) } else { [] } }";
        let game = ScriptGame::compile("script:test", "test", text).unwrap();
        let fast = Solver::new(&game).grundy(&Position::Int(200)).unwrap().0;
        let mut g = vec![0u64; 201];
        for m in 66..=200usize {
            let seen: Vec<u64> = (m / 2 + 33..m).map(|q| g[q]).collect();
            g[m] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        assert_eq!(fast, g[200]);
    }
}
