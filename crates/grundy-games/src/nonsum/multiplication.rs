//! The multiplication game (HDU 1517, POJ 2505).
//!
//! **Rules.** A number `p` starts at 1. A move multiplies `p` by an integer from 2 to 9. The first
//! player to make `p >= N` wins. A position is the current `p`; every `p >= N` is over (the player
//! to move has lost).
//!
//! **Theorem (P/N intervals).** Going backwards from `N`, the positions split into alternating
//! intervals: `[⌈N/9⌉, N)` are N-positions (multiply by 9 and win); below them
//! `[⌈⌈N/9⌉/2⌉, ⌈N/9⌉)` are P-positions (even doubling lands in the N-interval, and the interval
//! is long enough that some multiple always does); then `[⌈P_lo/9⌉, P_lo)` are N again, and so on.
//! Each round divides by 18, so deciding any `p` takes `O(log N)` steps — no table.
//!
//! ```
//! use grundy_games::nonsum::multiplication::Multiplication;
//! // Stan (first) wins for N = 162: 1·9 = 9 ... the sample answer; Ollie wins for N = 17.
//! assert!(!Multiplication::new(162).is_p(1));
//! assert!(Multiplication::new(17).is_p(1));
//! ```

use grundy_core::{Component, MoveReport, Nimber, Outcome, Ruleset, SolveError, Solver, Value};
use serde_json::Value as Json;

use crate::spec::{parse_number, parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// The multiplication game with goal `N` (the first to reach `p >= N` wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Multiplication {
    goal: u64,
}

/// Positions stored when a Grundy value is asked for (the 7-smooth numbers below `N`).
const VALUE_CAP: usize = 2_000_000;

impl Multiplication {
    /// The game with goal `goal` (at least 2).
    pub fn new(goal: u64) -> Self {
        Multiplication { goal }
    }

    /// The goal `N`.
    pub fn goal(&self) -> u64 {
        self.goal
    }

    /// Whether `p` is a P-position (the player to move loses), by the interval argument.
    pub fn is_p(&self, p: u64) -> bool {
        // Positions at or above `hi` are decided: P from the mover's view.
        let mut hi = self.goal;
        loop {
            if p >= hi {
                return true;
            }
            let n_lo = hi.div_ceil(9);
            if p >= n_lo {
                return false;
            }
            hi = n_lo.div_ceil(2);
        }
    }

    /// `p · k`, where every product at or above `N` counts as `N` (all of them end the game).
    fn times(&self, p: u64, k: u64) -> u64 {
        p.checked_mul(k).map_or(self.goal, |q| q.min(self.goal))
    }

    /// The factors `k` in 2..=9 after which the position is a P-position.
    pub fn winning_factors(&self, p: u64) -> Vec<u64> {
        if p >= self.goal {
            return Vec::new();
        }
        (2..=9).filter(|&k| self.is_p(self.times(p, k))).collect()
    }
}

impl Ruleset for Multiplication {
    type Position = u64;

    fn options(&self, &p: &u64, out: &mut Vec<u64>) {
        if p < self.goal {
            out.extend((2..=9).map(|k| self.times(p, k)));
        }
    }
}

/// A position of the multiplication game as a component.
pub struct MultiplicationPosition {
    spec: String,
    game: Multiplication,
    p: u64,
}

impl MultiplicationPosition {
    fn reports(&self, factors: impl Iterator<Item = u64>, limit: usize) -> Vec<MoveReport> {
        factors
            .take(limit)
            .map(|k| {
                let q = self.p.saturating_mul(k);
                let ending = if q >= self.game.goal {
                    format!(" (reaches {} and wins)", self.game.goal)
                } else {
                    String::new()
                };
                MoveReport {
                    description: format!("multiply by {k}: {} -> {q}{ending}", self.p),
                    position: Json::from(q),
                }
            })
            .collect()
    }
}

impl Component for MultiplicationPosition {
    fn game(&self) -> String {
        self.spec.clone()
    }

    fn position(&self) -> Json {
        Json::from(self.p)
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        Solver::with_cap(self.game, VALUE_CAP)
            .grundy(&self.p)
            .map(Value::Finite)
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let factors: Vec<u64> = if target.is_zero() {
            self.game.winning_factors(self.p)
        } else {
            let mut solver = Solver::with_cap(self.game, VALUE_CAP);
            let mut hits = Vec::new();
            if self.p < self.game.goal {
                for k in 2..=9 {
                    if solver.grundy(&self.game.times(self.p, k))? == target {
                        hits.push(k);
                    }
                }
            }
            hits
        };
        out.extend(self.reports(factors.iter().copied(), limit));
        Ok(factors.len())
    }

    fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
        Ok(Some(Outcome::p_if(self.game.is_p(self.p))))
    }
}

/// The registry entry for `multiplication:N`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "multiplication",
        aliases: &["mult"],
        syntax: "multiplication:N [P] (P = current number, default 1)",
        rules: "multiply the number by 2..9; the first to reach N or more wins",
        example: "multiplication:162",
        build,
        matches: None,
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let goal = parse_number_text(spec.require_params("multiplication:N")?, "N", u64::MAX)
        .map_err(|m| spec.error(m))?;
    if goal < 2 {
        return Err(spec.error("N must be at least 2 (the game starts at 1)"));
    }
    let p = match words {
        [] => 1,
        [w] => {
            let p = parse_number(w, "the current number", u64::MAX)?;
            if p == 0 {
                return Err(w.error("the current number must be at least 1"));
            }
            p
        }
        [_, extra, ..] => return Err(extra.error("the position is a single number")),
    };
    Ok(Box::new(MultiplicationPosition {
        spec: spec.word.text.clone(),
        game: Multiplication::new(goal),
        p: p.min(goal),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{brute_force_winning_moves, position_set};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn intervals_match_the_solver(goal in 2u64..3000, p in 1u64..3000) {
            let game = Multiplication::new(goal);
            let p = p.min(goal);
            let (g, want) = brute_force_winning_moves(game, &p);
            prop_assert_eq!(game.is_p(p), g.is_zero());
            let got: Vec<u64> = game.winning_factors(p).iter().map(|&k| game.times(p, k)).collect();
            prop_assert_eq!(position_set(got), position_set(want));
        }
    }

    #[test]
    fn hdu1517_sample() {
        // Sample: 162 -> Stan wins, 17 -> Ollie wins, 34012226 -> Stan wins.
        assert!(!Multiplication::new(162).is_p(1));
        assert!(Multiplication::new(17).is_p(1));
        assert!(!Multiplication::new(34_012_226).is_p(1));
    }

    #[test]
    fn huge_goals_do_not_overflow() {
        let g = Multiplication::new(u64::MAX);
        let _ = g.is_p(1);
        let _ = g.winning_factors(u64::MAX / 3);
    }
}
