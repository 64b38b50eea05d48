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

use grundy_core::{Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The multiplication game with goal `N` (the first to reach `p >= N` wins).
///
/// A position is the number `p`, kept exactly as the last product made it (a `u128`: `p < N` and a
/// factor of at most 9 never overflow it), so a move says which factor it used and where it went
/// past `N`. Every `p >= N` is the same position, the end of the game: [`Game::key`] says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multiplication {
    goal: u64,
    /// The game spec as the user wrote it (`mult:162`).
    name: String,
}

impl Multiplication {
    /// The game with goal `goal` (at least 2).
    pub fn new(goal: u64) -> Self {
        Multiplication {
            goal,
            name: format!("multiplication:{goal}"),
        }
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

    /// `p · k`, exactly; every product at or above `N` ends the game.
    fn times(&self, p: u64, k: u64) -> u128 {
        u128::from(p) * u128::from(k)
    }

    /// `p` as a number below or at the goal: every position at or above `N` is the end.
    fn capped(&self, p: u128) -> u64 {
        p.min(u128::from(self.goal)) as u64
    }

    /// The factors `k` in 2..=9 after which the position is a P-position.
    pub fn winning_factors(&self, p: u64) -> Vec<u64> {
        if p >= self.goal {
            return Vec::new();
        }
        (2..=9)
            .filter(|&k| self.is_p(self.capped(self.times(p, k))))
            .collect()
    }
}

impl Ruleset for Multiplication {
    type Position = u128;

    fn options(&self, &p: &u128, out: &mut Vec<u128>) {
        if p < u128::from(self.goal) {
            out.extend((2..=9).map(|k| p * k));
        }
    }

    /// The game is over at or above the goal: no move, value 0. (The other values are searched
    /// over the 7-smooth numbers below `N`, a few tens of thousands even for `N` near 2^64.)
    fn closed_form(&self, &p: &u128) -> Option<Nimber> {
        (p >= u128::from(self.goal)).then_some(Nimber::ZERO)
    }
}

impl Game for Multiplication {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The number, as a JSON number (a product past 2^64 - 1 is shown as 2^64 - 1, like any
    /// product past `N` it is the end of the game).
    fn show(&self, &p: &u128) -> Json {
        Json::from(u64::try_from(p).unwrap_or(u64::MAX))
    }

    fn describe(&self, &from: &u128, &to: &u128) -> String {
        let k = to / from.max(1);
        let ending = if to >= u128::from(self.goal) {
            format!(" (reaches {} and wins)", self.goal)
        } else {
            String::new()
        };
        // The product itself, even past 2^64 - 1 (where the JSON position is capped): a move's
        // text must not show a product that is not the one made.
        format!("multiply by {k}: {from} -> {to}{ending}")
    }

    /// The factor, with the number before it: the product made is exact however large (`to`,
    /// a position, is capped at 2^64 - 1 as [`Game::show`] says).
    fn move_fields(&self, &from: &u128, &to: &u128) -> Json {
        serde_json::json!({
            "kind": "multiply",
            "from": self.show(&from),
            "factor": (to / from.max(1)) as u64,
            "to": self.show(&to),
        })
    }

    /// The number, every number at or above the goal being the same position.
    fn key(&self, &p: &u128) -> Key {
        vec![self.capped(p)]
    }

    /// A number given at or past the goal: the game is already over.
    fn note(&self, &p: &u128) -> Option<String> {
        (p >= u128::from(self.goal)).then(|| {
            format!(
                "{p} is at least N = {}: the game is over, as at {} or any larger number (the \
                 player to move has lost)",
                self.goal, self.goal
            )
        })
    }

    fn outcome(&self, &p: &u128) -> Option<Outcome> {
        Some(Outcome::p_if(self.is_p(self.capped(p))))
    }

    fn options_to(
        &self,
        &p: &u128,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<u128>, usize), SolveError>> {
        // The P-positions come from the intervals; other values need the search.
        target.is_zero().then(|| {
            let p = self.capped(p);
            let factors = self.winning_factors(p);
            let hits = factors.iter().take(limit).map(|&k| self.times(p, k));
            Ok((hits.collect(), factors.len()))
        })
    }
}

/// The registry entry for `multiplication:N`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "multiplication",
        "multiplication:N [P] (P = current number, default 1)",
        "multiply the number by 2..9; the first to reach N or more wins",
        "multiplication:162",
        build,
    )
    .drawn(Drawing::Number)
    .aliases(&["mult"])
    .positions(Shape::Line)]
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
    let game = Multiplication {
        goal,
        name: spec.word.text.clone(),
    };
    // The number as given, even at or past the goal: every such number is the one finished
    // position ([`Game::key`] says so), but a number shown back must be the one typed.
    Ok(RulesetComponent::boxed(game, u128::from(p)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{
        assert_conventions_match_brute_force, brute_force_winning_moves, position_set,
    };
    use grundy_core::{analyse, Value};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn intervals_match_the_solver(goal in 2u64..3000, p in 1u64..3000) {
            let game = Multiplication::new(goal);
            let p = p.min(goal);
            let (g, want) = brute_force_winning_moves(&game, &u128::from(p));
            prop_assert_eq!(game.is_p(p), g.is_zero());
            let got: Vec<u128> = game.winning_factors(p).iter().map(|&k| game.times(p, k)).collect();
            prop_assert_eq!(position_set(got), position_set(want));
        }

        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            goal in 2u64..200,
            ps in proptest::collection::vec(1u64..200, 1..=2),
        ) {
            let ps: Vec<u128> = ps.into_iter().map(|p| u128::from(p.min(goal))).collect();
            assert_conventions_match_brute_force(&Multiplication::new(goal), &ps)?;
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

    #[test]
    fn moves_past_the_goal_keep_their_factor_and_product() {
        let mut sum = vec![RulesetComponent::boxed(Multiplication::new(100), 50)];
        let a = analyse(&mut sum, usize::MAX).unwrap();
        assert_eq!(a.winning_moves_total, 8);
        assert_eq!(
            a.winning_moves[1].description,
            "multiply by 3: 50 -> 150 (reaches 100 and wins)"
        );
        assert_eq!(a.winning_moves[1].position, Json::from(150));
        // Past 2^64 - 1 the text gives the product made; the JSON position is capped at
        // 2^64 - 1 (a JSON number), like any product past the goal the end of the game.
        let p = u64::MAX / 2;
        let mut sum = vec![RulesetComponent::boxed(
            Multiplication::new(u64::MAX),
            u128::from(p),
        )];
        let a = analyse(&mut sum, usize::MAX).unwrap();
        let last = a.winning_moves.last().unwrap();
        assert_eq!(
            last.description,
            format!(
                "multiply by 9: {p} -> {} (reaches {} and wins)",
                u128::from(p) * 9,
                u64::MAX
            )
        );
        assert_eq!(last.position, Json::from(u64::MAX));
        // The move's JSON says the factor: the product is exact there too.
        assert_eq!(
            last.fields,
            serde_json::json!({"kind": "multiply", "from": p, "factor": 9, "to": u64::MAX})
        );
    }

    #[test]
    fn a_number_past_the_goal_is_shown_as_given() {
        use crate::spec::Word;
        use crate::testing::build_sum;
        let words = Word::from_args(&["multiplication:162", "18446744073709551615"]);
        let mut sum = build_sum(&words).unwrap();
        assert_eq!(sum[0].position(), Json::from(u64::MAX));
        let note = sum[0].note().unwrap();
        assert!(
            note.contains("18446744073709551615 is at least N = 162"),
            "{note}"
        );
        let a = analyse(&mut sum, usize::MAX).unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(Nimber::ZERO)));
        // It is the same position as the goal itself, and a number below it keeps no note.
        let game = Multiplication::new(162);
        assert_eq!(game.key(&u128::from(u64::MAX)), game.key(&162));
        assert_eq!(game.note(&161), None);
    }

    #[test]
    fn values_are_searched_even_for_the_largest_goal() {
        let mut c = RulesetComponent::new(Multiplication::new(u64::MAX), 1);
        assert!(matches!(c.value(), Ok(Value::Finite(_))));
    }
}
