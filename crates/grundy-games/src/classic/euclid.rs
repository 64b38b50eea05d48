//! Euclid's game.
//!
//! **Rules.** Two whole numbers `a, b`. A move subtracts a positive multiple of the smaller number
//! from the larger one, leaving it at 0 or more (from equal numbers, subtract one from the other).
//! Whoever brings a number to 0 wins: a position with a 0 is over, and the player to move there
//! has lost (normal play).
//!
//! **Theorem.** Write `a ≤ b`, `b = q·a + r` with `0 ≤ r < a`. The options of `(a, b)` are the
//! positions `(a, r + i·a)` for `i = 0, …, q - 1`, and `(a, r + i·a)` can itself reach exactly
//! those with a smaller `i`. So with `g₀ = G(r, a)` (and `G(0, x) = 0`), the values along this
//! chain are the natural numbers other than `g₀`, in order: `G(a, b) = q - 1` if `q - 1 < g₀`,
//! and `q` otherwise. Following Euclid's algorithm down and folding back up gives every Grundy
//! value in `O(log b)` steps, for any numbers up to 2^64 - 1; and the move to value `t` is the
//! unique `i < q` with that value on the chain. The outcome agrees with the classical rule
//! (Cole and Davie, 1969): the player to move wins iff `a = b` or `b/a > φ`; the tests check
//! both against the plain solver.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::euclid;
//! // 5/3 > φ, so the player to move wins: 5 - 3 leaves (3, 2), whose only move is to (1, 2).
//! let mut sum = vec![euclid::position(3, 5)];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.winning_moves[0].description, "subtract 3 from 5: (3, 5) -> (3, 2)");
//! assert_eq!(a.outcome, Outcome::N);
//! ```

use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The Grundy value of `(a, b)`, in either order.
pub fn grundy(a: u64, b: u64) -> Nimber {
    let (mut a, mut b) = (a.min(b), a.max(b));
    // Consecutive Fibonacci numbers need the most steps: at most 93 below 2^64.
    let mut quotients = [0u64; 96];
    let mut len = 0;
    while a > 0 {
        quotients[len] = b / a;
        len += 1;
        (a, b) = (b % a, a);
    }
    let mut g = 0;
    for &q in quotients[..len].iter().rev() {
        g = if q - 1 < g { q - 1 } else { q };
    }
    Nimber(g)
}

/// The moves from `(x, y)` (in the user's order) to positions of value `target`: at most one,
/// given as the numbers after the move, in the same order.
pub fn moves_to(x: u64, y: u64, target: Nimber) -> Option<(u64, u64)> {
    let (a, b) = (x.min(y), x.max(y));
    if a == 0 {
        return None;
    }
    let (q, r) = (b / a, b % a);
    let g0 = grundy(r, a).0;
    let t = target.0;
    let i = if t == g0 {
        0
    } else if t < g0 {
        t + 1
    } else {
        t
    };
    if i >= q {
        return None;
    }
    let rest = r + i * a;
    // Subtract from the larger number (the second one when they are equal).
    Some(if x > y { (rest, y) } else { (x, rest) })
}

/// The rules of Euclid's game on pairs in the user's order: a move subtracts from the larger
/// number (the second one when they are equal) and leaves the other where it was.
#[derive(Clone, Copy, Debug, Default)]
pub struct Euclid;

impl Ruleset for Euclid {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        let (a, b) = (x.min(y), x.max(y));
        if a == 0 {
            return;
        }
        out.extend((1..=b / a).map(|j| {
            let rest = b - j * a;
            if x > y {
                (rest, y)
            } else {
                (x, rest)
            }
        }));
    }

    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<Nimber> {
        Some(grundy(x, y))
    }
}

impl Game for Euclid {
    fn name(&self) -> String {
        "euclid".into()
    }

    fn show(&self, &(x, y): &(u64, u64)) -> Json {
        Json::from(vec![x, y])
    }

    fn describe(&self, &(x, y): &(u64, u64), to: &(u64, u64)) -> String {
        let (small, from, rest) = if to.0 != x {
            (y, x, to.0)
        } else {
            (x, y, to.1)
        };
        let j = (from - rest) / small;
        let amount = if j == 1 {
            format!("{small}")
        } else {
            format!("{j} × {small} = {}", from - rest)
        };
        let tail = if rest == 0 { " and win" } else { "" };
        format!(
            "subtract {amount} from {from}: ({x}, {y}) -> ({}, {}){tail}",
            to.0, to.1
        )
    }

    fn move_fields(&self, &(x, y): &(u64, u64), to: &(u64, u64)) -> Json {
        super::wythoff::two_heap_fields((x, y), *to)
    }

    fn key(&self, &(x, y): &(u64, u64)) -> Key {
        // The order the numbers are written in changes nothing.
        vec![x.min(y), x.max(y)]
    }

    fn searchable(&self, &(x, y): &(u64, u64)) -> Result<(), SolveError> {
        let (a, b) = (x.min(y), x.max(y));
        if a > 0 && b / a > ENUMERATION_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "euclid: ({x}, {y}) has {} moves, too many to list one by one (limit \
                 {ENUMERATION_LIMIT})",
                b / a
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        &(x, y): &(u64, u64),
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<(u64, u64)>, usize), SolveError>> {
        let hit = moves_to(x, y, target);
        let total = usize::from(hit.is_some());
        Some(Ok((hit.into_iter().take(limit).collect(), total)))
    }
}

/// The position `(x, y)`.
pub fn position(x: u64, y: u64) -> Box<dyn Component> {
    RulesetComponent::boxed(Euclid, (x, y))
}

/// The registry entry for `euclid`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "euclid",
        "euclid A B (numbers up to 2^64-1)",
        "subtract a positive multiple of the smaller number from the larger, not below 0; whoever reaches 0 wins",
        "euclid 8 21",
        build,
    )
    .drawn(Drawing::Piles)
    .positions(Shape::Grid)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    match words {
        [a, b] => Ok(position(
            parse_number(a, "a number", u64::MAX)?,
            parse_number(b, "a number", u64::MAX)?,
        )),
        _ => Err(spec.error(format!(
            "Euclid's game has exactly two numbers (got {})",
            words.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{BruteForce, Solver, Value};
    use proptest::prelude::*;

    /// Cole and Davie: the player to move wins iff a = b or b > aφ, i.e. (2b - a)² > 5a².
    fn golden_rule(a: u64, b: u64) -> bool {
        let (a, b) = (a.min(b) as u128, a.max(b) as u128);
        a > 0 && (a == b || (2 * b - a) * (2 * b - a) > 5 * a * a)
    }

    proptest! {
        #[test]
        fn the_chain_formula_matches_the_solver(x in 0u64..120, y in 0u64..120) {
            let mut s = Solver::new(BruteForce(Euclid));
            let p = (x.min(y), x.max(y));
            let g = s.grundy(&p).unwrap();
            prop_assert_eq!(grundy(x, y), g);
            prop_assert_eq!(golden_rule(x, y), !g.is_zero());
            let mut c = position(x, y);
            for t in 0..=g.0 + 2 {
                let mut reports = Vec::new();
                let n = c.moves_to(Nimber(t), usize::MAX, &mut reports).unwrap();
                prop_assert_eq!(n, reports.len());
                let mut got: Vec<(u64, u64)> = reports
                    .iter()
                    .map(|r| {
                        let v: Vec<u64> = serde_json::from_value(r.position.clone()).unwrap();
                        (v[0].min(v[1]), v[0].max(v[1]))
                    })
                    .collect();
                got.sort();
                // The rules keep the user's order; compare as sorted pairs.
                let mut want: Vec<(u64, u64)> = s
                    .moves_to(&p, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|(a, b)| (a.min(b), a.max(b)))
                    .collect();
                want.sort();
                want.dedup();
                prop_assert_eq!(got, want);
            }
        }

        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            pairs in proptest::collection::vec((0u64..9, 0u64..9), 1..=2)
        ) {
            assert_conventions_match_brute_force(&Euclid, &pairs)?;
        }

        #[test]
        fn the_golden_rule_holds_up_to_10_18(x in 0u64..=1_000_000_000_000_000_000, y in 0u64..=1_000_000_000_000_000_000) {
            prop_assert_eq!(golden_rule(x, y), !grundy(x, y).is_zero());
        }
    }

    #[test]
    fn the_largest_numbers_do_not_overflow() {
        // Consecutive Fibonacci numbers give the longest chain of quotients 1.
        let (mut a, mut b) = (1u64, 2u64);
        while let Some(c) = a.checked_add(b) {
            (a, b) = (b, c);
        }
        assert!(grundy(a, b).is_zero() || grundy(a, b).0 == 1);
        let g = grundy(1, u64::MAX);
        assert_eq!(g, Nimber(u64::MAX));
        let mut c = position(u64::MAX, u64::MAX);
        assert_eq!(c.value().unwrap(), Value::Finite(Nimber(1)));
        let mut reports = Vec::new();
        assert_eq!(c.moves_to(Nimber(0), 10, &mut reports).unwrap(), 1);
        assert_eq!(reports[0].position, serde_json::json!([u64::MAX, 0]));
    }

    #[test]
    fn a_quotient_too_large_to_list_is_refused_but_still_valued() {
        let n = 1_000_000_000_000_000_000;
        assert!(matches!(
            Euclid.searchable(&(1, n)),
            Err(SolveError::TooLarge(m)) if m.contains("limit 4194304")
        ));
        assert!(Euclid.searchable(&(3, 5)).is_ok());
        let mut c = position(1, n);
        assert_eq!(c.value().unwrap(), Value::Finite(Nimber(n)));
        let mut reports = Vec::new();
        assert_eq!(c.moves_to(Nimber(0), 10, &mut reports).unwrap(), 1);
        assert_eq!(reports[0].position, serde_json::json!([1, 0]));
        assert!(matches!(
            c.explore().unwrap().moves(),
            Err(SolveError::TooLarge(_))
        ));
    }
}
