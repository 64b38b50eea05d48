//! Values of positions off the line of heaps ([`super::shared`]), shared by every game of one
//! program for the run.
//!
//! Each `--batch` line and each part of a sum is a game of its own, valued by a solver of its
//! own, so a batch of positions that are not single heaps (a pair, a board) used to value every
//! line's tree again: two lines of one game took twice as long as one. The solver tells the
//! game each value it computes ([`grundy_core::Ruleset::learned`]); the game keeps it here, and
//! every game of the same program (the same text and parameters) reads it back as a closed form.
//! Heaps the line holds are not kept twice. The store is bounded: past [`MOST`] positions (or
//! the solver's own cap, when smaller) it keeps what it has and takes no more.

use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use super::{Host, Position, ScriptGame};

/// The most positions the store of one program keeps (a few hundred megabytes at most).
const MOST: usize = 1 << 22;

/// The values one program's games have computed.
pub(super) struct Known {
    /// The program, held so its address (the key) is not reused while the store lives.
    _host: Arc<dyn Host>,
    values: Mutex<FxHashMap<Position, u64>>,
}

/// The store of each program of a run, by the program's address.
pub(super) type KnownValues = FxHashMap<usize, Arc<Known>>;

impl ScriptGame {
    /// The run's store for this game's program, made the first time any game of it asks.
    fn known(&self) -> &Arc<Known> {
        self.known.get_or_init(|| {
            let key = Arc::as_ptr(&self.program) as *const () as usize;
            self.runtime
                .known
                .lock()
                .expect("no thread panics holding it")
                .entry(key)
                .or_insert_with(|| {
                    Arc::new(Known {
                        _host: self.program.clone(),
                        values: Mutex::default(),
                    })
                })
                .clone()
        })
    }

    /// The value of `p` if a game of this program has computed it in this run.
    pub(super) fn known_value(&self, p: &Position) -> Option<u64> {
        let values = self
            .known()
            .values
            .lock()
            .expect("no thread panics holding it");
        values.get(p).copied()
    }

    /// Keeps the value of `p` for the other games of this program.
    pub(super) fn learn(&self, p: &Position, value: u64) {
        // A sum is valued from its parts ([`ScriptGame::closed_form`]): not kept either.
        if self.held_on_line(p).is_some() || p.parts(&mut Vec::new()) {
            return;
        }
        let most = MOST.min(self.limits().solver_cap());
        let mut values = self
            .known()
            .values
            .lock()
            .expect("no thread panics holding it");
        if values.len() < most {
            values.insert(p.clone(), value);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use grundy_core::{Ruleset, Solver};
    use proptest::prelude::*;

    use super::super::{Position, Runtime, ScriptGame, ScriptSettings};

    /// Two piles; take from one, or the same from both, but at most `k` from a pile at once.
    fn text(k: i64) -> String {
        format!(
            "fn moves(p) {{
                let r = [];
                for t in 1..({k} + 1) {{
                    if p[0] >= t {{ r.push([p[0] - t, p[1]]); }}
                    if p[1] >= t {{ r.push([p[0], p[1] - t]); }}
                    if p[0] >= t && p[1] >= t {{ r.push([p[0] - t, p[1] - t]); }}
                }}
                r
            }}"
        )
    }

    fn pair(a: i64, b: i64) -> Position {
        Position::list(vec![Position::Int(a), Position::Int(b)])
    }

    fn game(runtime: &Arc<Runtime>, k: i64) -> ScriptGame {
        runtime.compile("script:test", "test", &text(k)).unwrap()
    }

    /// The value of `p` by a runtime of its own, where nothing is known beforehand.
    fn alone(k: i64, p: &Position) -> u64 {
        let runtime = Runtime::new(ScriptSettings::default());
        Solver::new(game(&runtime, k)).grundy(p).unwrap().0
    }

    #[test]
    fn a_value_one_game_computed_is_known_to_the_next_game_of_the_program() {
        let runtime = Runtime::new(ScriptSettings::default());
        let first = game(&runtime, 3);
        Solver::new(&first).grundy(&pair(9, 7)).unwrap();
        let second = game(&runtime, 3);
        assert_eq!(
            second.closed_form(&pair(5, 6)).map(|v| v.0),
            Some(alone(3, &pair(5, 6)))
        );
        // A position the first game never reached is not known.
        assert_eq!(second.closed_form(&pair(10, 1)), None);
        // Another program (other rules) has a store of its own.
        assert_eq!(game(&runtime, 2).closed_form(&pair(5, 6)), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Positions asked in any order by games of one runtime (each a `--batch` line) get the
        /// values each would get alone.
        #[test]
        fn values_known_from_earlier_games_are_the_values_alone(
            k in 1i64..4,
            asked in prop::collection::vec((0i64..12, 0i64..12), 1..6),
        ) {
            let runtime = Runtime::new(ScriptSettings::default());
            for (a, b) in asked {
                let p = pair(a, b);
                let shared = Solver::new(game(&runtime, k)).grundy(&p).unwrap().0;
                prop_assert_eq!(shared, alone(k, &p), "[{}, {}], k = {}", a, b, k);
            }
        }
    }
}
