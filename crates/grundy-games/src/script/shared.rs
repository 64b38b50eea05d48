//! One line of heap values per script, shared by the whole process.
//!
//! `solve` on a heap of a game whose options are ranges of smaller heaps (take-at-most-half)
//! reaches nearly every smaller heap, and the generic solver lists every option of each: a heap
//! of 10^5 took 37 s. When the heap asked for has a range of options that covers a good part of
//! the heaps below it, the heaps `0..=n` are valued instead as a table is ([`Line`], ranges as
//! intervals), and the values are kept for the process: every `--batch` line, every part of a
//! sum and every later question about the same script (the same compiled program, so the same
//! text and parameters) reads them or extends them, rather than starting again.
//!
//! The line is built on a game of its own, so a script error at a heap the question never
//! reaches does not become the question's error: the line is given up, and the generic solver
//! answers as before. A heap with an option the line cannot hold (a larger heap, a string) gives
//! it up too, for good.

use std::sync::{Arc, Mutex, OnceLock, RwLock};

use rustc_hash::FxHashMap;

use super::expansion::{Expansion, Group};
use super::line::Line;
use super::{table, Host, Position, ScriptGame};

/// The most heaps a shared line holds (its values and its tree take about 24 bytes a heap).
const MOST: usize = 1 << 24;

/// A line shared by every game of one program.
pub(super) struct Shared {
    /// The program, held so its address (the key) is not reused while the line lives.
    _host: Arc<dyn Host>,
    line: Line,
    /// Whether the line was given up: a heap it cannot hold, or a script error.
    given_up: bool,
}

/// A line, read by every lookup and written while it is extended.
pub(super) type SharedLine = Arc<RwLock<Shared>>;

type Lines = FxHashMap<usize, SharedLine>;

fn lines() -> &'static Mutex<Lines> {
    static LINES: OnceLock<Mutex<Lines>> = OnceLock::new();
    LINES.get_or_init(Mutex::default)
}

impl ScriptGame {
    /// The value of the heap `p` from the process's shared line, extending it when the heap's
    /// options make the line pay (see the module's note); `None`: the generic solver decides.
    pub(super) fn shared_value(&self, p: &Position) -> Option<u64> {
        let Position::Int(n) = *p else { return None };
        let n = usize::try_from(n).ok()?;
        let shared = self.line.get_or_init(|| {
            let key = Arc::as_ptr(&self.program) as *const () as usize;
            let fresh = || {
                Arc::new(RwLock::new(Shared {
                    _host: self.program.clone(),
                    line: Line::new(0),
                    given_up: false,
                }))
            };
            lines()
                .lock()
                .expect("no thread panics holding it")
                .entry(key)
                .or_insert_with(fresh)
                .clone()
        });
        {
            let read = shared.read().expect("no thread panics holding it");
            if let Some(v) = read.line.get(n) {
                return Some(v);
            }
            if read.given_up {
                return None;
            }
        }
        if n >= MOST || !self.dense_at(p, n) {
            return None;
        }
        let mut write = shared.write().expect("no thread panics holding it");
        if write.line.get(n).is_none() && !write.given_up {
            self.extend(&mut write, n);
        }
        write.line.get(n)
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

    /// Values the heaps up to `n` on the line, on a game of its own (its errors are its own).
    fn extend(&self, shared: &mut Shared, n: usize) {
        let builder = ScriptGame::hosted(&self.name, self.program.clone());
        let from = shared.line.len();
        let heaps: Vec<Position> = (from as i64..=n as i64).map(Position::Int).collect();
        let blocks: Vec<&[Position]> = heaps.chunks(table::BLOCK).collect();
        if let Some(first) = blocks.first() {
            builder.prefetch(first);
        }
        for (i, block) in blocks.iter().enumerate() {
            let next = blocks.get(i + 1).copied().unwrap_or(&[]);
            let line = &mut shared.line;
            let (_, whole) = rayon::join(
                || builder.prefetch(next),
                || {
                    block.iter().all(|p| {
                        let e = builder.expansion_once(p);
                        !builder.failed() && line.try_next(e.as_deref()).is_some()
                    })
                },
            );
            if !whole || builder.failed() {
                shared.given_up = true;
                return;
            }
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
        // Each text is compiled once per process, so the line is shared between the tests'
        // questions, as between the lines of a batch.
        let game = ScriptGame::compile("script:test", "test", text).unwrap();
        let fast = Solver::new(&game).grundy(&Position::Int(n)).unwrap().0;
        let plain = ScriptGame::compile("script:plain", "plain", text).unwrap();
        let mut g: Vec<u64> = Vec::new();
        let mut options = Vec::new();
        for m in 0..=n {
            options.clear();
            plain.options_within(&Position::Int(m), &mut options, 0);
            let seen: std::collections::HashSet<u64> = options
                .iter()
                .map(|q| match *q {
                    Position::Int(a) => g[a as usize],
                    Position::Pair(a, b) => g[a as usize] ^ g[b as usize],
                    Position::Str(_) => 0,
                    ref other => panic!("an option the test does not value: {other}"),
                })
                .collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        (fast, g[n as usize])
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
