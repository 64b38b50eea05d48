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

use grundy_core::{Component, MoveReport, Nimber, Ruleset, SolveError, Value};
use serde_json::Value as Json;

use crate::spec::{parse_number, parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// The game: reach price `goal` (M) with raises of 1 to `raise` (N).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicSale {
    goal: u64,
    raise: u64,
}

/// The largest M and N accepted, so that sums and `N + 1` never overflow.
pub const MAX_PARAMETER: u64 = 1 << 62;

impl PublicSale {
    /// The game with goal `goal` (M ≥ 1) and raises up to `raise` (N ≥ 1).
    pub fn new(goal: u64, raise: u64) -> Self {
        PublicSale { goal, raise }
    }

    /// The Grundy value at `price`.
    pub fn value(&self, price: u64) -> Nimber {
        Nimber(self.goal.saturating_sub(price) % (self.raise + 1))
    }

    /// Every bid after which the position has value `target`.
    pub fn bids_to(&self, price: u64, target: Nimber) -> Vec<u64> {
        let to_go = self.goal.saturating_sub(price);
        if to_go == 0 {
            return Vec::new();
        }
        if target.is_zero() && to_go <= self.raise {
            return (to_go..=self.raise).collect();
        }
        // Below the goal the value falls by one per unit bid (mod N+1), so one bid at most.
        let bid = (to_go % (self.raise + 1) + (self.raise + 1) - target.0 % (self.raise + 1))
            % (self.raise + 1);
        if target.0 <= self.raise && bid >= 1 && bid < to_go {
            vec![bid]
        } else {
            Vec::new()
        }
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
            out.extend((1..=self.raise).map(|b| (price + b).min(self.goal)));
        }
    }
}

/// A position of the Public Sale game as a component.
pub struct PublicSalePosition {
    spec: String,
    game: PublicSale,
    price: u64,
}

impl Component for PublicSalePosition {
    fn game(&self) -> String {
        self.spec.clone()
    }

    fn position(&self) -> Json {
        Json::from(self.price)
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        Ok(Value::Finite(self.game.value(self.price)))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let bids = self.game.bids_to(self.price, target);
        for &b in bids.iter().take(limit) {
            let after = self.price + b;
            let ending = if after >= self.game.goal {
                " (reaches the goal and wins)"
            } else {
                ""
            };
            out.push(MoveReport {
                description: format!("bid {b}: price {} -> {after}{ending}", self.price),
                position: Json::from(after),
            });
        }
        Ok(bids.len())
    }
}

/// The registry entry for `public-sale:M,N`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "public-sale",
        aliases: &["auction"],
        syntax: "public-sale:M,N [PRICE] (PRICE = current price, default 0)",
        rules: "raise the price by 1..N; the first to bring it to M or more wins",
        example: "public-sale:4,2",
        build,
        matches: None,
    }]
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
    Ok(Box::new(PublicSalePosition {
        spec: spec.word.text.clone(),
        game: PublicSale::new(goal, raise),
        price: price.min(goal),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::{BruteForce, Solver};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bash_rule_matches_the_solver(goal in 1u64..60, raise in 1u64..12, price in 0u64..60) {
            let game = PublicSale::new(goal, raise);
            let price = price.min(goal);
            let mut solver = Solver::new(BruteForce(game));
            prop_assert_eq!(game.value(price), solver.grundy(&price).unwrap());
            for t in 0..=raise + 1 {
                let mut want = solver.moves_to(&price, Nimber(t)).unwrap();
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
}
