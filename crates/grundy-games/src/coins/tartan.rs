//! Two-dimensional coin turning: the product of two coin-turning games.
//!
//! **Rules.** `tartan:G1*G2` (also written `tartan:G1,G2`) for coin-turning games `G1`, `G2`
//! among `mock-turtles`, `ruler`, `twins`: coins lie on a grid and a position lists the heads as
//! `x,y`. A move picks a move of `G1` turning the columns `A` (rightmost `x`) and a move of `G2`
//! turning the rows `B` (rightmost `y`), and turns every coin `(a, b)` with `a` in `A`, `b` in
//! `B`; the corner coin `(x, y)` must go from heads to tails. Whoever cannot move loses.
//!
//! **Theorem** (the Tartan theorem, Winning Ways ch. 14). A single head at `(x, y)` has value
//! `G1(x) ⊗ G2(y)`, the nim-product of the one-dimensional values, and a position is worth the
//! nim-sum of its heads. A move turning `A × B` changes the value by `(⊕_A G1) ⊗ (⊕_B G2)`, so
//! for each column move (value `u ≠ 0`) the row moves that reach a target change `d` are exactly
//! the one-dimensional moves worth `d ⊗ u⁻¹`, found without search.
//!
//! ```
//! use grundy_core::Nimber;
//! use grundy_games::coins::coin_turning::CoinGame;
//! use grundy_games::coins::tartan::Tartan;
//! let t = Tartan { x: CoinGame::Ruler, y: CoinGame::MockTurtles };
//! // Ruler coin 2 is worth 2, Mock Turtles coin 2 is worth 2, and 2 ⊗ 2 = 3.
//! assert_eq!(t.coin_value(2, 2), Nimber(3));
//! ```

use grundy_core::{Component, MoveReport, Nimber, Ruleset, SolveError, Value};
use serde_json::Value as Json;

use crate::coins::coin_turning::CoinGame;
use crate::spec::{parse_number_text, GameEntry, GameSpec, SpecError, Word};

/// Coordinates are at most this: the moves are found column move by column move (Mock Turtles
/// has about `x²/2` of them), and one move can turn up to `x·y` coins.
pub const MAX_TARTAN_COIN: u64 = 128;

/// The product of two coin-turning games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tartan {
    /// The game along the first coordinate.
    pub x: CoinGame,
    /// The game along the second coordinate.
    pub y: CoinGame,
}

impl Tartan {
    /// The value of a single head at `(x, y)`.
    pub fn coin_value(&self, x: u64, y: u64) -> Nimber {
        self.x.coin_value(x) * self.y.coin_value(y)
    }

    /// The value of a position: the nim-sum of its heads.
    pub fn value(&self, heads: &[(u64, u64)]) -> Nimber {
        heads.iter().map(|&(x, y)| self.coin_value(x, y)).sum()
    }

    /// The name, e.g. `tartan:ruler*twins`.
    pub fn name(&self) -> String {
        format!("tartan:{}*{}", self.x.name(), self.y.name())
    }

    /// The moves with corner `(x, y)` that change the value by `d`, as (columns, rows) turned
    /// (each including the corner's); the first `limit` are pushed, all are counted.
    pub fn moves_changing_by(
        &self,
        (x, y): (u64, u64),
        d: Nimber,
        limit: usize,
        out: &mut Vec<(Vec<u64>, Vec<u64>)>,
    ) -> u128 {
        let mut columns = Vec::new();
        self.x.turn_sets(x, &mut columns);
        let mut rows_all = Vec::new();
        let mut rows = Vec::new();
        let mut total = 0u128;
        for mut a in columns {
            let u = a.iter().map(|&c| self.x.coin_value(c)).sum::<Nimber>() + self.x.coin_value(x);
            a.push(x);
            rows.clear();
            let room = limit.saturating_sub(out.len());
            match u.inverse() {
                Some(inv) => total += self.y.moves_changing_by(y, d * inv, room, &mut rows),
                // A column move worth 0 changes nothing, whatever the rows.
                None if d.is_zero() => {
                    if rows_all.is_empty() {
                        self.y.turn_sets(y, &mut rows_all);
                    }
                    total += rows_all.len() as u128;
                    rows.extend(rows_all.iter().take(room).cloned());
                }
                None => {}
            }
            for mut b in rows.drain(..) {
                b.push(y);
                out.push((a.clone(), b));
            }
        }
        total
    }
}

/// Turns every coin of `columns × rows` in the sorted list of heads.
pub fn turn(heads: &[(u64, u64)], columns: &[u64], rows: &[u64]) -> Vec<(u64, u64)> {
    let mut flip: Vec<(u64, u64)> = columns
        .iter()
        .flat_map(|&a| rows.iter().map(move |&b| (a, b)))
        .collect();
    flip.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::with_capacity(heads.len() + flip.len());
    let (mut i, mut j) = (0, 0);
    while i < heads.len() || j < flip.len() {
        match (heads.get(i), flip.get(j)) {
            (Some(h), Some(f)) if h == f => {
                i += 1;
                j += 1;
            }
            (Some(h), Some(f)) if h < f => {
                out.push(*h);
                i += 1;
            }
            (Some(h), None) => {
                out.push(*h);
                i += 1;
            }
            (_, Some(f)) => {
                out.push(*f);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    out
}

/// A 2-D coin-turning game as a plain ruleset on a board, the heads as a bitmask: the oracle.
#[derive(Clone, Copy, Debug)]
pub struct TartanRules {
    /// The games.
    pub game: Tartan,
    /// Rows of the board (bit `(x - x0) * height + (y - y0)` is coin `(x, y)`).
    pub height: u64,
}

impl TartanRules {
    /// The bit of coin `(x, y)`.
    pub fn bit(&self, x: u64, y: u64) -> u64 {
        (x - self.game.x.first_coin()) * self.height + (y - self.game.y.first_coin())
    }

    /// The coin of a bit.
    pub fn coin(&self, bit: u64) -> (u64, u64) {
        (
            bit / self.height + self.game.x.first_coin(),
            bit % self.height + self.game.y.first_coin(),
        )
    }
}

impl Ruleset for TartanRules {
    type Position = u64;

    fn options(&self, heads: &u64, out: &mut Vec<u64>) {
        let (mut columns, mut rows) = (Vec::new(), Vec::new());
        for bit in 0..64 {
            if heads >> bit & 1 == 0 {
                continue;
            }
            let (x, y) = self.coin(bit);
            columns.clear();
            rows.clear();
            self.game.x.turn_sets(x, &mut columns);
            self.game.y.turn_sets(y, &mut rows);
            for a in &columns {
                for b in &rows {
                    let mut h = *heads;
                    for &c in a.iter().chain([&x]) {
                        for &r in b.iter().chain([&y]) {
                            h ^= 1 << self.bit(c, r);
                        }
                    }
                    out.push(h);
                }
            }
        }
    }
}

/// A position of a 2-D coin-turning game.
pub struct TartanPosition {
    game: Tartan,
    heads: Vec<(u64, u64)>,
}

impl TartanPosition {
    /// Heads at `heads` (sorted, distinct, in range).
    pub fn new(game: Tartan, heads: Vec<(u64, u64)>) -> Self {
        TartanPosition { game, heads }
    }
}

fn show(heads: &[(u64, u64)]) -> Json {
    Json::from(
        heads
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect::<Vec<_>>(),
    )
}

fn list(cs: &[u64]) -> String {
    cs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

impl Component for TartanPosition {
    fn game(&self) -> String {
        self.game.name()
    }

    fn position(&self) -> Json {
        show(&self.heads)
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        Ok(Value::Finite(self.game.value(&self.heads)))
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let d = self.game.value(&self.heads) + target;
        let mut total = 0u128;
        let mut found = Vec::new();
        for &corner in &self.heads {
            found.clear();
            let room = limit.saturating_sub(out.len());
            total += self.game.moves_changing_by(corner, d, room, &mut found);
            for (a, b) in &found {
                out.push(MoveReport {
                    description: format!(
                        "turn columns {{{}}} × rows {{{}}} (corner {},{} heads to tails)",
                        list(a),
                        list(b),
                        corner.0,
                        corner.1
                    ),
                    position: show(&turn(&self.heads, a, b)),
                });
            }
        }
        Ok(usize::try_from(total).unwrap_or(usize::MAX))
    }
}

/// The registry entry for `tartan:G1*G2`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry {
        name: "tartan",
        aliases: &[],
        syntax:
            "tartan:G1*G2 X,Y... (G1, G2 among mock-turtles, ruler, twins; coordinates at most 128)",
        rules:
            "turn the coins of (a move of G1) × (a move of G2), the corner coin from heads to tails",
        example: "tartan:ruler*mock-turtles 1,2 3,3",
        build,
        matches: None,
    }]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let syntax = "tartan:G1*G2 with G1, G2 among mock-turtles, ruler, twins";
    let params = spec.require_params(syntax)?;
    let (g1, g2) = params
        .split_once('*')
        .or_else(|| params.split_once(','))
        .ok_or_else(|| spec.error(format!("expected {syntax}")))?;
    let game_named = |n: &str| {
        CoinGame::from_name(n).ok_or_else(|| {
            spec.error(format!(
                "'{n}' is not a coin-turning game (mock-turtles, ruler, twins)"
            ))
        })
    };
    let game = Tartan {
        x: game_named(g1)?,
        y: game_named(g2)?,
    };
    let mut heads = Vec::with_capacity(words.len());
    for w in words {
        let (x, y) = w
            .text
            .split_once(',')
            .ok_or_else(|| w.error("a coin is written X,Y"))?;
        let coordinate = |t: &str, g: CoinGame, what: &str| {
            let c = parse_number_text(t, what, MAX_TARTAN_COIN).map_err(|m| w.error(m))?;
            if c < g.first_coin() {
                return Err(w.error(format!(
                    "{what} is numbered from {} in {}",
                    g.first_coin(),
                    g.name()
                )));
            }
            Ok(c)
        };
        heads.push((coordinate(x, game.x, "X")?, coordinate(y, game.y, "Y")?, w));
    }
    heads.sort_unstable_by_key(|&(x, y, _)| (x, y));
    if let Some(p) = heads
        .windows(2)
        .find(|p| (p[0].0, p[0].1) == (p[1].0, p[1].1))
    {
        return Err(p[1].2.error("this coin is listed twice"));
    }
    let heads = heads.into_iter().map(|(x, y, _)| (x, y)).collect();
    Ok(Box::new(TartanPosition::new(game, heads)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::{BruteForce, Solver};

    const GAMES: [CoinGame; 3] = [CoinGame::MockTurtles, CoinGame::Ruler, CoinGame::Twins];

    /// Every position of a 4 × 3 board of every product, values and the moves to two targets,
    /// against the plain search of the product rules.
    #[test]
    fn tartan_theorem_matches_brute_force_on_small_boards() {
        for gx in GAMES {
            for gy in GAMES {
                let game = Tartan { x: gx, y: gy };
                let rules = TartanRules { game, height: 3 };
                let mut brute = Solver::new(BruteForce(rules));
                for m in 0..1u64 << 12 {
                    let heads: Vec<(u64, u64)> = (0..12)
                        .filter(|b| m >> b & 1 == 1)
                        .map(|b| rules.coin(b))
                        .collect();
                    let g = brute.grundy(&m).unwrap();
                    let mut pos = TartanPosition::new(game, heads.clone());
                    assert_eq!(
                        pos.value().unwrap().finite(),
                        Some(g),
                        "{gx:?}×{gy:?} {heads:?}"
                    );
                    for target in [0, g.0 ^ 5] {
                        let mut reports = Vec::new();
                        let total = pos
                            .moves_to(Nimber(target), usize::MAX, &mut reports)
                            .unwrap();
                        assert_eq!(total, reports.len());
                        let mut got: Vec<u64> = reports
                            .iter()
                            .map(|r| {
                                let cs: Vec<String> =
                                    serde_json::from_value(r.position.clone()).unwrap();
                                cs.iter().fold(0, |m, c| {
                                    let (x, y) = c.split_once(',').unwrap();
                                    m | 1 << rules.bit(x.parse().unwrap(), y.parse().unwrap())
                                })
                            })
                            .collect();
                        got.sort_unstable();
                        let mut want = brute.moves_to(&m, Nimber(target)).unwrap();
                        want.sort_unstable();
                        assert_eq!(got, want, "{gx:?}×{gy:?} {heads:?} to {target}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_largest_board_is_answered() {
        let game = Tartan {
            x: CoinGame::MockTurtles,
            y: CoinGame::MockTurtles,
        };
        let mut pos = TartanPosition::new(game, vec![(5, 7), (MAX_TARTAN_COIN, MAX_TARTAN_COIN)]);
        let mut out = Vec::new();
        let total = pos.moves_to(Nimber::ZERO, 3, &mut out).unwrap();
        assert!(total >= 1 && out.len() == total.min(3));
        for m in &out {
            let cs: Vec<String> = serde_json::from_value(m.position.clone()).unwrap();
            let heads: Vec<(u64, u64)> = cs
                .iter()
                .map(|c| {
                    let (x, y) = c.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(game.value(&heads), Nimber::ZERO, "{}", m.description);
        }
    }
}
