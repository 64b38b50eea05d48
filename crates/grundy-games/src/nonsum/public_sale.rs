//! The Public Sale bidding game (HDU 2149).
//!
//! **Rules.** A price starts at 0. The players bid in turn; each bid raises the price by 1 to `N`.
//! The first player to bring the price to `M` or more wins. A position is the current price.
//!
//! **Theorem.** With `r = M − price` still to go, this is Bash's game on `r` tokens (take 1..N)
//! where overshooting is allowed, and overshooting changes nothing: every move to `r ≤ 0` ends the
//! game. So a position has Grundy value `r mod (N+1)`, and the winning bids are those that leave
//! a multiple of `N+1` still to go — when `r ≤ N`, every bid of at least `r` wins at once.
//!
//! ```
//! use grundy_games::nonsum::public_sale::PublicSale;
//! // M = 4, N = 2: bid 1, leaving 3 = N+1 to go.
//! assert_eq!(PublicSale::new(4, 2).winning_bids(0), vec![1]);
//! // M = 3, N = 5: bids 3, 4 and 5 all win at once.
//! assert_eq!(PublicSale::new(3, 5).winning_bids(0), vec![3, 4, 5]);
//! ```

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// The game: reach price `goal` (M) with raises of 1 to `raise` (N).
///
/// A position is the price as the last bid made it, so a move past the goal still says its bid;
/// every price at or above `M` is the same position, the end of the game ([`Game::key`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicSale {
    goal: u64,
    raise: u64,
    /// The game spec as the user wrote it (`auction:4,2`).
    name: String,
}

/// The largest M and N accepted, so that sums and `N + 1` never overflow.
pub const MAX_PARAMETER: u64 = 1 << 62;

/// The most bids per move for which the moves are listed one by one (play, misère play and
/// Every-SG list them; values and winning bids come from the theorem at any size).
pub const MAX_LISTED_RAISE: u64 = 1_000_000;

impl PublicSale {
    /// The game with goal `goal` (M ≥ 1) and raises up to `raise` (N ≥ 1).
    pub fn new(goal: u64, raise: u64) -> Self {
        PublicSale {
            goal,
            raise,
            name: format!("public-sale:{goal},{raise}"),
        }
    }

    /// The Grundy value at `price`.
    pub fn value(&self, price: u64) -> Nimber {
        Nimber(self.goal.saturating_sub(price) % (self.raise + 1))
    }

    /// The bids after which the position has value `target`: `first..=last`, or `None`. Every
    /// bid that reaches the goal wins at once, so there can be up to `N` of them.
    fn bid_range(&self, price: u64, target: Nimber) -> Option<(u64, u64)> {
        let to_go = self.goal.saturating_sub(price);
        if to_go == 0 {
            return None;
        }
        if target.is_zero() && to_go <= self.raise {
            return Some((to_go, self.raise));
        }
        // Below the goal the value falls by one per unit bid (mod N+1), so one bid at most.
        let bid = (to_go % (self.raise + 1) + (self.raise + 1) - target.0 % (self.raise + 1))
            % (self.raise + 1);
        (target.0 <= self.raise && bid >= 1 && bid < to_go).then_some((bid, bid))
    }

    /// Every bid after which the position has value `target`.
    pub fn bids_to(&self, price: u64, target: Nimber) -> Vec<u64> {
        self.bid_range(price, target)
            .map_or(Vec::new(), |(first, last)| (first..=last).collect())
    }

    /// Every winning bid from `price`, in increasing order.
    pub fn winning_bids(&self, price: u64) -> Vec<u64> {
        self.bids_to(price, Nimber::ZERO)
    }
}

impl Ruleset for PublicSale {
    type Position = u64;

    fn options(&self, &price: &u64, out: &mut Vec<u64>) {
        if price < self.goal {
            out.extend((1..=self.raise).map(|b| price + b));
        }
    }

    /// Bash's game on the `M - price` still to go.
    fn closed_form(&self, &price: &u64) -> Option<Nimber> {
        Some(self.value(price))
    }
}

impl Game for PublicSale {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn show(&self, &price: &u64) -> Json {
        Json::from(price)
    }

    fn describe(&self, &from: &u64, &to: &u64) -> String {
        let ending = if to >= self.goal {
            " (reaches the goal and wins)"
        } else {
            ""
        };
        format!("bid {}: price {from} -> {to}{ending}", to - from)
    }

    fn move_fields(&self, &from: &u64, &to: &u64) -> Json {
        serde_json::json!({ "kind": "bid", "bid": to - from, "from": from, "to": to })
    }

    /// The price, every price at or above the goal being the same position.
    fn key(&self, &price: &u64) -> Key {
        vec![price.min(self.goal)]
    }

    fn searchable(&self, _: &u64) -> Result<(), SolveError> {
        if self.raise > MAX_LISTED_RAISE {
            return Err(SolveError::TooLarge(format!(
                "public-sale: raises of 1 to N = {} are too many moves to list one by one (at \
                 most {MAX_LISTED_RAISE}); the value and the winning bids come from the theorem",
                self.raise
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        &price: &u64,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<u64>, usize), SolveError>> {
        let Some((first, last)) = self.bid_range(price, target) else {
            return Some(Ok((Vec::new(), 0)));
        };
        let bids = (first..=last).take(limit).map(|b| price + b);
        Some(Ok((bids.collect(), (last - first + 1) as usize)))
    }
}

/// The registry entry for `public-sale:M,N`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "public-sale",
        "public-sale:M,N [PRICE] (PRICE = current price, default 0)",
        "raise the price by 1..N; the first to bring it to M or more wins",
        "public-sale:4,2",
        build,
    )
    .drawn(Drawing::Number)
    .aliases(&["auction"])
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("public-sale:M,N")?;
    let Some((m, n)) = params.split_once(',') else {
        return Err(spec.error("expected two parameters: public-sale:M,N"));
    };
    let goal = parse_number_text(m, "M", MAX_PARAMETER).map_err(|e| spec.error(e))?;
    let raise = parse_number_text(n, "N", MAX_PARAMETER).map_err(|e| spec.error(e))?;
    if goal == 0 || raise == 0 {
        return Err(spec.error("M and N must be at least 1"));
    }
    let price = match words {
        [] => 0,
        [w] => parse_number(w, "the current price", MAX_PARAMETER)?,
        [_, extra, ..] => return Err(extra.error("the position is a single price")),
    };
    let game = PublicSale {
        goal,
        raise,
        name: spec.word.text.clone(),
    };
    Ok(RulesetComponent::boxed(game, price.min(goal)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{analyse, BruteForce, Solver};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bash_rule_matches_the_solver(goal in 1u64..60, raise in 1u64..12, price in 0u64..60) {
            let game = PublicSale::new(goal, raise);
            let price = price.min(goal);
            let mut solver = Solver::new(BruteForce(&game));
            prop_assert_eq!(game.value(price), solver.grundy(&price).unwrap());
            for t in 0..=raise + 1 {
                // The game keeps a price past the goal as bid; the goal stands for all of them.
                let mut want: Vec<u64> = solver
                    .moves_to(&price, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|q| q.min(goal))
                    .collect();
                want.sort();
                let got: Vec<u64> = game
                    .bids_to(price, Nimber(t))
                    .iter()
                    .map(|&b| (price + b).min(goal))
                    .collect();
                // Several bids can reach the goal: compare bids, not just positions.
                let mut got_positions = got.clone();
                got_positions.dedup();
                let mut want_positions = want.clone();
                want_positions.dedup();
                prop_assert_eq!(&got_positions, &want_positions);
                let overshooting = (1..=raise).filter(|&b| price + b >= goal).count();
                let reaching: usize = got.iter().filter(|&&q| q == goal).count();
                if want.contains(&goal) {
                    prop_assert_eq!(reaching, overshooting);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            goal in 1u64..25,
            raise in 1u64..6,
            prices in proptest::collection::vec(0u64..25, 1..=2),
        ) {
            let prices: Vec<u64> = prices.into_iter().map(|p| p.min(goal)).collect();
            assert_conventions_match_brute_force(&PublicSale::new(goal, raise), &prices)?;
        }
    }

    #[test]
    fn a_huge_raise_is_counted_not_listed() {
        let game = PublicSale::new(MAX_PARAMETER, MAX_PARAMETER);
        let price = MAX_PARAMETER - 5;
        let (first, total) = game.options_to(&price, Nimber::ZERO, 2).unwrap().unwrap();
        assert_eq!(first, vec![MAX_PARAMETER, MAX_PARAMETER + 1]);
        assert_eq!(total as u64, MAX_PARAMETER - 4);
        let mut sum = vec![RulesetComponent::boxed(game, price)];
        let a = analyse(&mut sum, 1).unwrap();
        assert_eq!(
            a.winning_moves[0].description,
            format!("bid 5: price {price} -> {MAX_PARAMETER} (reaches the goal and wins)")
        );
        assert!(matches!(
            grundy_core::misere::analyse_misere(&mut sum, 1, &grundy_core::limits::Limits::DEFAULT),
            Err(SolveError::TooLarge(_))
        ));
    }
}
