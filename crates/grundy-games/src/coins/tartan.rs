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
//! the one-dimensional moves worth `d ⊗ u⁻¹`, found without search. Play, misère play and
//! Every-SG list every move instead, for positions whose moves write at most
//! [`MAX_LISTING`](crate::coins::coin_turning::MAX_LISTING) coins in all.
//!
//! ```
//! use grundy_core::Nimber;
//! use grundy_games::coins::coin_turning::CoinGame;
//! use grundy_games::coins::tartan::Tartan;
//! let t = Tartan { x: CoinGame::Ruler, y: CoinGame::MockTurtles };
//! // Ruler coin 2 is worth 2, Mock Turtles coin 2 is worth 2, and 2 ⊗ 2 = 3.
//! assert_eq!(t.coin_value(2, 2), Nimber(3));
//! ```

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::coins::coin_turning::{listable, CoinGame};
use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// Coordinates are at most this (HDU 3404 needs 10^4): the value of any position is a
/// nim-product, whatever its size.
pub const MAX_TARTAN_COIN: u64 = 1 << 32;

/// Winning moves are found column move by column move (Mock Turtles has about `x²/2` of them)
/// and one move can turn up to `x·y` coins: they are listed when the heads have at most this
/// many column moves, and a move turns at most this many coins, in all.
pub const MAX_MOVE_WORK: u128 = 4_000_000;

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
    symmetric_difference(heads, &flip)
}

/// The elements of exactly one of two sorted sets, sorted.
fn symmetric_difference<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                out.push(*x);
                i += 1;
            }
            (Some(x), None) => {
                out.push(*x);
                i += 1;
            }
            (_, Some(y)) => {
                out.push(*y);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    out
}

/// The product game on the heads, sorted; its value by the Tartan theorem.
impl Ruleset for Tartan {
    type Position = Vec<(u64, u64)>;

    fn options(&self, heads: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        let (mut columns, mut rows) = (Vec::new(), Vec::new());
        for &(x, y) in heads {
            columns.clear();
            rows.clear();
            self.x.turn_sets(x, &mut columns);
            self.y.turn_sets(y, &mut rows);
            for a in &mut columns {
                a.push(x);
            }
            for b in &mut rows {
                b.push(y);
            }
            for a in &columns {
                out.extend(rows.iter().map(|b| turn(heads, a, b)));
            }
        }
    }

    fn closed_form(&self, heads: &Vec<(u64, u64)>) -> Option<Nimber> {
        Some(self.value(heads))
    }
}

fn list(cs: &[u64]) -> String {
    cs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

impl Game for Tartan {
    /// The spec, e.g. `tartan:ruler*twins`.
    fn name(&self) -> String {
        format!("tartan:{}*{}", self.x.name(), self.y.name())
    }

    fn key(&self, heads: &Vec<(u64, u64)>) -> Key {
        // Heads are kept sorted: the flattened pairs are the position.
        heads.iter().flat_map(|&(x, y)| [x, y]).collect()
    }

    fn show(&self, heads: &Vec<(u64, u64)>) -> Json {
        Json::from(
            heads
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>(),
        )
    }

    fn describe(&self, from: &Vec<(u64, u64)>, to: &Vec<(u64, u64)>) -> String {
        // The coins turned, those that differ, are columns × rows.
        let turned = symmetric_difference(from, to);
        let mut columns: Vec<u64> = turned.iter().map(|&(x, _)| x).collect();
        let mut rows: Vec<u64> = turned.iter().map(|&(_, y)| y).collect();
        for cs in [&mut columns, &mut rows] {
            cs.sort_unstable();
            cs.dedup();
        }
        format!(
            "turn columns {{{}}} × rows {{{}}} (corner {},{} heads to tails)",
            list(&columns),
            list(&rows),
            columns.last().copied().unwrap_or_default(),
            rows.last().copied().unwrap_or_default()
        )
    }

    fn searchable(&self, heads: &Vec<(u64, u64)>) -> Result<(), SolveError> {
        let (mut moves, mut size) = (0u128, 0u128);
        for &(x, y) in heads {
            let (mx, tx) = self.x.move_sizes(x);
            let (my, ty) = self.y.move_sizes(y);
            // Saturating: at 2^32 coordinates the counts pass 2^128.
            let product = mx.saturating_mul(my);
            moves = moves.saturating_add(product);
            size = size
                .saturating_add(product.saturating_mul(heads.len() as u128))
                .saturating_add(tx.saturating_mul(ty));
        }
        listable(&self.name(), moves, size)
    }

    fn options_to(
        &self,
        heads: &Vec<(u64, u64)>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<(u64, u64)>>, usize), SolveError>> {
        let d = self.value(heads) + target;
        // The value needs no search, but the moves do: refuse before a search that cannot end.
        let mut columns = 0u128;
        for &(x, y) in heads {
            let (mx, _) = self.x.move_sizes(x);
            // One move turns up to all of columns × rows of the corner's coordinates.
            let coins = u128::from(x) * u128::from(y);
            columns += mx;
            if columns > MAX_MOVE_WORK || coins > MAX_MOVE_WORK {
                return Some(Err(SolveError::TooLarge(format!(
                    "{}: the head at {x},{y} is decided by its value, but its winning moves are \
                     found among {mx} column moves that turn up to {coins} coins each; moves \
                     are listed up to {MAX_MOVE_WORK} of either",
                    self.name()
                ))));
            }
        }
        let mut total = 0u128;
        let mut found = Vec::new();
        let mut moves = Vec::new();
        for &corner in heads {
            moves.clear();
            let room = limit.saturating_sub(found.len());
            total += self.moves_changing_by(corner, d, room, &mut moves);
            found.extend(moves.iter().map(|(a, b)| turn(heads, a, b)));
        }
        Some(Ok((found, usize::try_from(total).unwrap_or(usize::MAX))))
    }
}

/// The registry entry for `tartan:G1*G2`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "tartan",
            "tartan:G1*G2 X,Y... (G1, G2 among mock-turtles, ruler, twins; coordinates up to 2^32, winning moves listed for small ones)",
            "turn the coins of (a move of G1) × (a move of G2), the corner coin from heads to tails",
        "tartan:ruler*mock-turtles 1,2 3,3",
        build,
    )
    .drawn(Drawing::CoinGrid)]
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
    Ok(RulesetComponent::boxed(game, heads))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{BruteForce, Solver, Value};
    use proptest::prelude::*;

    const GAMES: [CoinGame; 3] = [CoinGame::MockTurtles, CoinGame::Ruler, CoinGame::Twins];

    /// The coins of a board `width` × `height` from the first coins, bit `i` of a mask being
    /// coin `i` (column-major): the heads of `mask`, sorted.
    fn board(game: Tartan, height: u64, mask: u64) -> Vec<(u64, u64)> {
        (0..64)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| {
                (
                    b / height + game.x.first_coin(),
                    b % height + game.y.first_coin(),
                )
            })
            .collect()
    }

    /// Every position of a 4 × 3 board of every product, values and the moves to two targets,
    /// against the plain search of the product rules.
    #[test]
    fn tartan_theorem_matches_brute_force_on_small_boards() {
        for gx in GAMES {
            for gy in GAMES {
                let game = Tartan { x: gx, y: gy };
                let mut brute = Solver::new(BruteForce(game));
                for m in 0..1u64 << 12 {
                    let heads = board(game, 3, m);
                    let g = brute.grundy(&heads).unwrap();
                    let mut pos = RulesetComponent::new(game, heads.clone());
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
                        let mut got: Vec<Vec<(u64, u64)>> =
                            reports.iter().map(|r| coins(&r.position)).collect();
                        got.sort_unstable();
                        let mut want = brute.moves_to(&heads, Nimber(target)).unwrap();
                        want.sort_unstable();
                        assert_eq!(got, want, "{gx:?}×{gy:?} {heads:?} to {target}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_largest_board_is_valued_and_a_large_one_answered() {
        let game = Tartan {
            x: CoinGame::MockTurtles,
            y: CoinGame::MockTurtles,
        };
        // Coordinates of 2^32: the value by the theorem; the moves are refused, not searched.
        let huge = vec![(5, 7), (MAX_TARTAN_COIN, MAX_TARTAN_COIN)];
        assert!(game.searchable(&huge).is_err());
        let mut pos = RulesetComponent::new(game, huge.clone());
        assert_eq!(pos.value().unwrap(), Value::Finite(game.value(&huge)));
        let e = pos.moves_to(Nimber::ZERO, 3, &mut Vec::new()).unwrap_err();
        assert!(e.to_string().contains("moves are listed up to"), "{e}");
        let heads = vec![(5, 7), (128, 128)];
        let e = game.searchable(&heads).unwrap_err().to_string();
        assert!(e.contains("more than the 10000000"), "{e}");
        let mut pos = RulesetComponent::new(game, heads);
        let mut out = Vec::new();
        let total = pos.moves_to(Nimber::ZERO, 3, &mut out).unwrap();
        assert!(total >= 1 && out.len() == total.min(3));
        for m in &out {
            assert_eq!(
                game.value(&coins(&m.position)),
                Nimber::ZERO,
                "{}",
                m.description
            );
        }
    }

    /// The heads of a position as shown (`["1,2", "3,3"]`).
    fn coins(position: &Json) -> Vec<(u64, u64)> {
        let cs: Vec<String> = serde_json::from_value(position.clone()).unwrap();
        cs.iter()
            .map(|c| {
                let (x, y) = c.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn every_move_is_described_by_its_columns_and_rows() {
        let game = Tartan {
            x: CoinGame::Ruler,
            y: CoinGame::MockTurtles,
        };
        let heads = vec![(2, 3), (4, 2)];
        let (mut columns, mut rows) = (Vec::new(), Vec::new());
        let mut want = Vec::new();
        for &(x, y) in &heads {
            columns.clear();
            rows.clear();
            game.x.turn_sets(x, &mut columns);
            game.y.turn_sets(y, &mut rows);
            for a in &columns {
                for b in &rows {
                    let (a, b) = ([&a[..], &[x]].concat(), [&b[..], &[y]].concat());
                    want.push(format!(
                        "turn columns {{{}}} × rows {{{}}} (corner {x},{y} heads to tails)",
                        list(&a),
                        list(&b)
                    ));
                }
            }
        }
        let mut options = Vec::new();
        game.options(&heads, &mut options);
        let got: Vec<String> = options.iter().map(|q| game.describe(&heads, q)).collect();
        assert_eq!(got, want);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            x in proptest::sample::select(GAMES.to_vec()),
            y in proptest::sample::select(GAMES.to_vec()),
            masks in proptest::collection::vec(0u64..1 << 6, 1..=2),
        ) {
            let game = Tartan { x, y };
            let positions: Vec<Vec<(u64, u64)>> = masks.iter().map(|&m| board(game, 2, m)).collect();
            assert_conventions_match_brute_force(&game, &positions)?;
        }
    }
}
