//! Coin-turning games: Mock Turtles, Ruler and Twins.
//!
//! **Rules.** Coins lie in a row, numbered from the left; a position lists the coins showing
//! heads. A move turns over a set of coins allowed by the game, the rightmost of which must go from
//! heads to tails (so the game ends). Whoever cannot move loses.
//!
//! - `mock-turtles` (coins 1, 2, 3, …): turn one, two or three coins.
//! - `ruler` (coins 1, 2, 3, …): turn any run of consecutive coins.
//! - `twins` (coins 0, 1, 2, …): turn exactly two coins.
//!
//! **Theorem.** A position with heads on coins `c_1, …, c_k` is the sum of the positions with a
//! single head on each `c_i` (turning a tail up and back down cancels, like a Nim heap of size
//! `G ⊕ G = 0`), so its value is `G(c_1) ⊕ … ⊕ G(c_k)`, with (Winning Ways ch. 14):
//!
//! - Mock Turtles: `G(n)` = the `n`-th odious number (odd number of 1 bits; 1st = 1): 1, 2, 4, 7,
//!   8, 11, 13, 14, …, i.e. `G(n) = 2(n-1) + [popcount(n-1) even]`;
//! - Ruler: `G(n)` = the largest power of 2 dividing `n`: 1, 2, 1, 4, 1, 2, 1, 8, …;
//! - Twins: `G(n) = n` (coin 0, which can never move, is worth 0): the game is Nim.
//!
//! A move with rightmost coin `r` that turns the coins `T` changes the value by `⊕_{t∈T} G(t)`, so
//! the moves to a value are found without search: in Ruler the run `s..r` is worth
//! `P(r) ⊕ P(s-1)` where `P(n) = G(1) ⊕ … ⊕ G(n)` is the Gray code `n ⊕ (n >> 1)`, so at most one
//! run works; in Mock Turtles the two extra coins `a < b < r` of a three-coin move have odious
//! values `o`, `o ⊕ w` below `G(r)`, counted by a digit DP over the bits. Play, misère play and
//! Every-SG list every move instead, so they take positions whose moves write at most
//! [`MAX_LISTING`] coins in all (a Mock Turtles head up to about coin 2200).
//!
//! ```
//! use grundy_core::{analyse, Nimber, RulesetComponent};
//! use grundy_games::coins::coin_turning::CoinGame;
//! // Heads on coins 1, 2 and 3 of Mock Turtles: 1 ⊕ 2 ⊕ 4 = 7.
//! let g: Nimber = [1, 2, 3].iter().map(|&c| CoinGame::MockTurtles.coin_value(c)).sum();
//! assert_eq!(g, Nimber(7));
//! assert_eq!(CoinGame::Ruler.coin_value(12), Nimber(4));
//! // The one winning move turns coins 1, 2 and 3 (1 ⊕ 2 ⊕ 4 = 7 again).
//! let mut sum = vec![RulesetComponent::boxed(CoinGame::MockTurtles, vec![1, 2, 3])];
//! let a = analyse(&mut sum, 10).unwrap();
//! assert_eq!(a.winning_moves[0].description, "turn coins 1, 2 and 3 (to tails: 3, 2, 1)");
//! ```

use grundy_core::setting::Setting;
use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// One of the one-dimensional coin-turning games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoinGame {
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn a run of consecutive coins.
    Ruler,
    /// Turn exactly two coins.
    Twins,
}

/// Coins of Mock Turtles and Twins are numbered at most this (so values fit in 64 bits).
pub const MAX_COIN: u64 = 1 << 62;

/// Coins of Ruler are numbered at most this: one move can turn every coin below the rightmost,
/// and the position after it lists every head.
pub const MAX_RULER_COIN: u64 = 1 << 16;

/// The most coin numbers written when listing the moves of one position (for play, misère play
/// and Every-SG), every option written out in full: a head on coin `n` has about `n²/2` moves in
/// Mock Turtles, and `n` moves turning up to `n` coins in Ruler.
pub const MAX_LISTING: u128 = 10_000_000;

impl CoinGame {
    /// The game's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            CoinGame::MockTurtles => "mock-turtles",
            CoinGame::Ruler => "ruler",
            CoinGame::Twins => "twins",
        }
    }

    /// The game named `name`, if any.
    pub fn from_name(name: &str) -> Option<CoinGame> {
        [CoinGame::MockTurtles, CoinGame::Ruler, CoinGame::Twins]
            .into_iter()
            .find(|g| g.name() == name)
    }

    /// The number of the leftmost coin.
    pub fn first_coin(self) -> u64 {
        match self {
            CoinGame::Twins => 0,
            CoinGame::MockTurtles | CoinGame::Ruler => 1,
        }
    }

    /// The highest coin number accepted.
    pub fn max_coin(self) -> u64 {
        match self {
            CoinGame::Ruler => MAX_RULER_COIN,
            CoinGame::MockTurtles | CoinGame::Twins => MAX_COIN,
        }
    }

    /// The value of a single head on coin `n` (`first_coin() <= n <= MAX_COIN`).
    pub fn coin_value(self, n: u64) -> Nimber {
        Nimber(match self {
            CoinGame::MockTurtles => {
                let k = n - 1;
                2 * k + u64::from(k.count_ones().is_multiple_of(2))
            }
            CoinGame::Ruler => n & n.wrapping_neg(),
            CoinGame::Twins => n,
        })
    }

    /// The value of the heads `heads`: the XOR of their values.
    pub fn value(self, heads: &[u64]) -> Nimber {
        heads.iter().map(|&c| self.coin_value(c)).sum()
    }

    /// How many moves have coin `r` as their rightmost, and how many coins they turn in all
    /// (counting `r` in each): the sizes of [`CoinGame::turn_sets`].
    pub fn move_sizes(self, r: u64) -> (u128, u128) {
        let k = u128::from(r - self.first_coin());
        match self {
            CoinGame::MockTurtles => {
                let pairs = k * k.saturating_sub(1) / 2;
                (1 + k + pairs, 1 + 2 * k + 3 * pairs)
            }
            CoinGame::Ruler => (k + 1, (k + 1) * (k + 2) / 2),
            CoinGame::Twins => (k, 2 * k),
        }
    }

    /// Every set of coins the rules allow turning together with `r` as the rightmost: the other
    /// coins, ascending. This is the rules themselves (the oracle's move generator), linear in `r`
    /// for Ruler and Twins and quadratic for Mock Turtles.
    pub fn turn_sets(self, r: u64, out: &mut Vec<Vec<u64>>) {
        let first = self.first_coin();
        match self {
            CoinGame::MockTurtles => {
                out.push(Vec::new());
                for a in first..r {
                    out.push(vec![a]);
                    for b in a + 1..r {
                        out.push(vec![a, b]);
                    }
                }
            }
            CoinGame::Ruler => {
                for s in (first..=r).rev() {
                    out.push((s..r).collect());
                }
            }
            CoinGame::Twins => out.extend((first..r).map(|a| vec![a])),
        }
    }

    /// The moves with rightmost coin `r` that change the value by `delta`: the first `limit` of
    /// them (the other coins turned, ascending) are pushed to `out`, and all are counted.
    pub fn moves_changing_by(
        self,
        r: u64,
        delta: Nimber,
        limit: usize,
        out: &mut Vec<Vec<u64>>,
    ) -> u128 {
        // w: what the other coins must be worth together.
        let w = (delta + self.coin_value(r)).0;
        match self {
            CoinGame::Twins => {
                // The other coin is worth its number.
                if w < r {
                    push_limited(out, limit, vec![w]);
                    1
                } else {
                    0
                }
            }
            CoinGame::Ruler => {
                // The run s..r is worth P(r) ⊕ P(s-1); P is the Gray code, a bijection.
                let before = gray_inverse(gray(r) ^ delta.0);
                if before < r {
                    push_limited(out, limit, (before + 1..r).collect());
                    1
                } else {
                    0
                }
            }
            CoinGame::MockTurtles => {
                let top = self.coin_value(r).0;
                if w == 0 {
                    push_limited(out, limit, Vec::new());
                    return 1;
                }
                if w.count_ones() % 2 == 1 {
                    // One more coin, worth w: odious values are taken once each, in order.
                    if w < top {
                        push_limited(out, limit, vec![(w >> 1) + 1]);
                        return 1;
                    }
                    return 0;
                }
                // Two more coins a < b worth o < o ⊕ w, both below G(r).
                let pairs = OdiousPairs::new(top, w);
                for o in pairs.smallest(limit.saturating_sub(out.len())) {
                    out.push(vec![(o >> 1) + 1, ((o ^ w) >> 1) + 1]);
                }
                pairs.count()
            }
        }
    }
}

fn push_limited(out: &mut Vec<Vec<u64>>, limit: usize, item: Vec<u64>) {
    if out.len() < limit {
        out.push(item);
    }
}

/// `G(1) ⊕ … ⊕ G(n)` for Ruler.
fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// The odious numbers `o` with `o < o ⊕ w < m` (`w` evil and non-zero): a digit DP from the top
/// bit, whose state is whether `o` and `o ⊕ w` are already below `m` and the parity of `o`.
struct OdiousPairs {
    m: u64,
    w: u64,
    /// `completions[i][state]`: the ways to choose bits `i-1..0` from `state` and be accepted.
    completions: Vec<[u128; 8]>,
}

const DEAD: usize = usize::MAX;

impl OdiousPairs {
    fn new(m: u64, w: u64) -> Self {
        let mut completions = vec![[0u128; 8]; 65];
        for (state, c) in completions[0].iter_mut().enumerate() {
            *c = u128::from(Self::accepting(state));
        }
        let mut this = OdiousPairs {
            m,
            w,
            completions: Vec::new(),
        };
        for i in 0..64 {
            for state in 0..8 {
                let mut total = 0;
                for bit in 0..2 {
                    let next = this.step(state, i, bit);
                    if next != DEAD {
                        total += completions[i as usize][next];
                    }
                }
                completions[i as usize + 1][state] = total;
            }
        }
        this.completions = completions;
        this
    }

    /// state bits: 1 = o below m so far, 2 = o ⊕ w below m so far, 4 = parity of o.
    fn accepting(state: usize) -> bool {
        state == 7
    }

    fn step(&self, state: usize, i: u32, bit: u64) -> usize {
        let top = 63 - self.w.leading_zeros();
        if i == top && bit == 1 {
            return DEAD; // o < o ⊕ w exactly when o lacks w's top bit
        }
        let mb = (self.m >> i) & 1;
        let other = bit ^ ((self.w >> i) & 1);
        let mut next = state ^ ((bit as usize) << 2);
        for (flag, b) in [(1usize, bit), (2usize, other)] {
            if state & flag == 0 {
                if b < mb {
                    next |= flag;
                } else if b > mb {
                    return DEAD;
                }
            }
        }
        next
    }

    fn count(&self) -> u128 {
        self.completions[64][0]
    }

    /// The `limit` smallest such `o`, ascending.
    fn smallest(&self, limit: usize) -> Vec<u64> {
        let mut found = Vec::new();
        self.walk(64, 0, 0, limit, &mut found);
        found
    }

    fn walk(&self, i: u32, state: usize, prefix: u64, limit: usize, found: &mut Vec<u64>) {
        // Depth is at most 64 and only branches with completions are entered.
        if found.len() >= limit {
            return;
        }
        if i == 0 {
            found.push(prefix);
            return;
        }
        for bit in 0..2 {
            let next = self.step(state, i - 1, bit);
            if next != DEAD && self.completions[i as usize - 1][next] > 0 {
                self.walk(i - 1, next, prefix | (bit << (i - 1)), limit, found);
            }
        }
    }
}

/// A coin-turning game on the heads, ascending; its value by the theorem.
impl Ruleset for CoinGame {
    type Position = Vec<u64>;

    fn options(&self, heads: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut sets = Vec::new();
        for &r in heads {
            sets.clear();
            self.turn_sets(r, &mut sets);
            out.extend(
                sets.iter()
                    .map(|set| turn(heads, set.iter().copied().chain([r]))),
            );
        }
    }

    fn closed_form(&self, heads: &Vec<u64>) -> Option<Nimber> {
        Some(self.value(heads))
    }
}

impl Game for CoinGame {
    fn name(&self) -> String {
        CoinGame::name(*self).into()
    }

    fn key(&self, heads: &Vec<u64>) -> Key {
        // Heads are kept in ascending order: the list is the position.
        heads.clone()
    }

    fn show(&self, heads: &Vec<u64>) -> Json {
        Json::from(heads.clone())
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        // The coins turned are those that differ; the rightmost went from heads to tails.
        let mut others = turn(from, to.iter().copied());
        let r = others.pop().unwrap_or_default();
        describe_turn(from, r, &others)
    }

    fn searchable(&self, heads: &Vec<u64>) -> Result<(), SolveError> {
        let (mut moves, mut size) = (0u128, 0u128);
        for &r in heads {
            let (m, turned) = self.move_sizes(r);
            moves += m;
            size += m * heads.len() as u128 + turned;
        }
        listable(CoinGame::name(*self), moves, size)
    }

    fn options_to(
        &self,
        heads: &Vec<u64>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize), SolveError>> {
        let delta = self.value(heads) + target;
        let mut total: u128 = 0;
        let mut found = Vec::new();
        let mut others = Vec::new();
        for &r in heads {
            others.clear();
            let room = limit.saturating_sub(found.len());
            total += self.moves_changing_by(r, delta, room, &mut others);
            found.extend(
                others
                    .iter()
                    .map(|o| turn(heads, o.iter().copied().chain([r]))),
            );
        }
        Some(Ok((found, usize::try_from(total).unwrap_or(usize::MAX))))
    }
}

/// An error unless the moves of a position, `moves` of them writing `size` coins in all, may be
/// listed (at most [`MAX_LISTING`] coins).
pub fn listable(name: &str, moves: u128, size: u128) -> Result<(), SolveError> {
    if size > MAX_LISTING {
        return Err(SolveError::TooLarge(format!(
            "{name}: this position has {moves} moves, which would write {size} coins in all, \
             more than the {MAX_LISTING} that play, {} and {} may list (normal play \
             needs no list: the value and the winning moves come from the theorem)",
            Setting::Misere,
            Setting::Every
        )));
    }
    Ok(())
}

/// Turns the coins `turned` (a set, any order) in the sorted list of heads.
pub fn turn(heads: &[u64], turned: impl IntoIterator<Item = u64>) -> Vec<u64> {
    let mut flip: Vec<u64> = turned.into_iter().collect();
    flip.sort_unstable();
    let mut out = Vec::with_capacity(heads.len() + flip.len());
    let (mut i, mut j) = (0, 0);
    while i < heads.len() || j < flip.len() {
        match (heads.get(i), flip.get(j)) {
            (Some(&h), Some(&f)) if h == f => {
                i += 1;
                j += 1;
            }
            (Some(&h), Some(&f)) if h < f => {
                out.push(h);
                i += 1;
            }
            (Some(&h), None) => {
                out.push(h);
                i += 1;
            }
            (_, Some(&f)) => {
                out.push(f);
                j += 1;
            }
            (None, None) => unreachable!("the loop condition"),
        }
    }
    out
}

/// "turn coins 3, 5 and 9 (to tails: 9, 5; to heads: 3)", with runs shortened to `4 to 9`.
pub fn describe_turn(heads: &[u64], r: u64, others: &[u64]) -> String {
    if others.is_empty() {
        return format!("turn coin {r} (heads to tails)");
    }
    let consecutive = others.len() > 2 && others.windows(2).all(|p| p[1] == p[0] + 1);
    let list = if consecutive && others[others.len() - 1] + 1 == r {
        format!("coins {} to {r}", others[0])
    } else {
        let mut words: Vec<String> = others.iter().map(u64::to_string).collect();
        words.push(r.to_string());
        let last = words.pop().unwrap_or_default();
        format!("coins {} and {last}", words.join(", "))
    };
    let (down, up): (Vec<u64>, Vec<u64>) = others
        .iter()
        .rev()
        .partition(|c| heads.binary_search(c).is_ok());
    let show = |cs: &[u64]| {
        if cs.len() > 6 {
            format!("{} coins", cs.len())
        } else {
            cs.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
        }
    };
    let mut to_tails = vec![r];
    to_tails.extend(down);
    let mut s = format!("turn {list} (to tails: {}", show(&to_tails));
    if !up.is_empty() {
        s += &format!("; to heads: {}", show(&up));
    }
    s + ")"
}

/// The registry entries for `mock-turtles`, `ruler` and `twins`.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry::new(
            "mock-turtles",
            "mock-turtles COIN... (the heads, numbered from 1)",
            "turn over one, two or three coins, the rightmost from heads to tails",
            "mock-turtles 2 5 9",
            build_coins,
        )
        .positions(Shape::Line)
        .drawn(Drawing::Coins),
        GameEntry::new(
            "ruler",
            "ruler COIN... (the heads, numbered from 1, at most 65536)",
            "turn over a run of consecutive coins, the rightmost from heads to tails",
            "ruler 3 6 12",
            build_coins,
        )
        .positions(Shape::Line)
        .drawn(Drawing::Coins),
        GameEntry::new(
            "twins",
            "twins COIN... (the heads, numbered from 0)",
            "turn over exactly two coins, the rightmost from heads to tails",
            "twins 3 5 6",
            build_coins,
        )
        .positions(Shape::Line)
        .drawn(Drawing::Coins),
    ]
}

/// Parses a list of heads, each in `first..=max`, no coin twice; the list may be empty (all tails).
pub fn parse_coins(words: &[Word], first: u64, max: u64) -> Result<Vec<u64>, SpecError> {
    let mut heads = Vec::with_capacity(words.len());
    for w in words {
        let c = parse_number(w, "a coin number", max)?;
        if c < first {
            return Err(w.error(format!("coins are numbered from {first}")));
        }
        heads.push((c, w));
    }
    heads.sort_unstable_by_key(|(c, _)| *c);
    if let Some(p) = heads.windows(2).find(|p| p[0].0 == p[1].0) {
        return Err(p[1].1.error("this coin is listed twice"));
    }
    Ok(heads.into_iter().map(|(c, _)| c).collect())
}

fn build_coins(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    let game =
        CoinGame::from_name(&spec.name).ok_or_else(|| spec.error("not a coin-turning game"))?;
    let heads = parse_coins(words, game.first_coin(), game.max_coin())?;
    Ok(RulesetComponent::boxed(game, heads))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{analyse, BruteForce, Solver, Value};
    use proptest::prelude::*;

    const GAMES: [CoinGame; 3] = [CoinGame::MockTurtles, CoinGame::Ruler, CoinGame::Twins];

    fn unmask(m: u64) -> Vec<u64> {
        (0..64).filter(|c| m >> c & 1 == 1).collect()
    }

    #[test]
    fn winning_ways_values() {
        let mock: Vec<u64> = (1..=16)
            .map(|n| CoinGame::MockTurtles.coin_value(n).0)
            .collect();
        assert_eq!(
            mock,
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31]
        );
        let ruler: Vec<u64> = (1..=16).map(|n| CoinGame::Ruler.coin_value(n).0).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        let twins: Vec<u64> = (0..8).map(|n| CoinGame::Twins.coin_value(n).0).collect();
        assert_eq!(twins, [0, 1, 2, 3, 4, 5, 6, 7]);
    }

    /// Every position on the first coins, values and the moves to every value, against the
    /// plain search of the rules.
    #[test]
    fn closed_forms_and_moves_match_brute_force_on_every_small_position() {
        for game in GAMES {
            let coins = 10;
            let mut brute = Solver::new(BruteForce(game));
            let first = game.first_coin();
            for m in 0..1u64 << coins {
                let m = m << first;
                let heads = unmask(m);
                let mut pos = RulesetComponent::new(game, heads.clone());
                let g = brute.grundy(&heads).unwrap();
                assert_eq!(game.value(&heads), g, "{game:?} {heads:?}");
                assert_eq!(pos.value().unwrap(), Value::Finite(g), "{game:?} {heads:?}");
                for target in 0..=g.0 + 1 {
                    let mut reports = Vec::new();
                    let total = pos
                        .moves_to(Nimber(target), usize::MAX, &mut reports)
                        .unwrap();
                    assert_eq!(total, reports.len());
                    let mut got: Vec<Vec<u64>> = reports
                        .iter()
                        .map(|r| serde_json::from_value(r.position.clone()).unwrap())
                        .collect();
                    got.sort_unstable();
                    let mut want = brute.moves_to(&heads, Nimber(target)).unwrap();
                    want.sort_unstable();
                    assert_eq!(got, want, "{game:?} {heads:?} to {target}");
                }
            }
        }
    }

    #[test]
    fn move_counts_match_the_rules_for_far_coins() {
        // The DP and the Gray code against plain enumeration of the rules, coin by coin.
        for game in GAMES {
            for r in game.first_coin().max(1)..90 {
                let mut sets = Vec::new();
                game.turn_sets(r, &mut sets);
                let mut by_delta = std::collections::HashMap::<u64, Vec<Vec<u64>>>::new();
                for s in sets {
                    let d =
                        s.iter().map(|&c| game.coin_value(c)).sum::<Nimber>() + game.coin_value(r);
                    by_delta.entry(d.0).or_default().push(s);
                }
                for delta in 0..256 {
                    let mut got = Vec::new();
                    let n = game.moves_changing_by(r, Nimber(delta), usize::MAX, &mut got);
                    let want = by_delta.remove(&delta).unwrap_or_default();
                    assert_eq!(n as usize, want.len(), "{game:?} r={r} delta={delta}");
                    assert_eq!(got, want, "{game:?} r={r} delta={delta}");
                }
                assert!(by_delta.is_empty(), "{game:?} r={r}: deltas above 255");
            }
        }
    }

    #[test]
    fn the_top_of_the_range_does_not_overflow() {
        let r = MAX_COIN;
        let g = CoinGame::MockTurtles.coin_value(r);
        // The r-th odious number: odious itself, with exactly r - 1 odious numbers below it (half
        // of 0..x for even x, plus x - 1 itself for odd x when that is odious).
        assert_eq!(g.0.count_ones() % 2, 1);
        let x = g.0;
        let below = x / 2 + u64::from(x % 2 == 1 && (x - 1).count_ones() % 2 == 1);
        assert_eq!(below, r - 1);
        // Coins 5 and 6 are worth 8 ⊕ 11 = 3, so the far head has ~2^61 three-coin answers.
        let mut pos = RulesetComponent::new(CoinGame::MockTurtles, vec![5, 6, r]);
        let mut out = Vec::new();
        let total = pos.moves_to(Nimber::ZERO, 5, &mut out).unwrap();
        assert!(total > 5 && out.len() == 5);
        for m in &out {
            let hs: Vec<u64> = serde_json::from_value(m.position.clone()).unwrap();
            let v: Nimber = hs
                .iter()
                .map(|&c| CoinGame::MockTurtles.coin_value(c))
                .sum();
            assert_eq!(v, Nimber::ZERO, "{}", m.description);
        }
        let mut twins = RulesetComponent::new(CoinGame::Twins, vec![5, r]);
        let mut out = Vec::new();
        assert_eq!(twins.moves_to(Nimber::ZERO, 5, &mut out).unwrap(), 1);
    }

    #[test]
    fn every_move_is_described_by_the_coins_it_turns() {
        for game in GAMES {
            let heads = vec![game.first_coin(), 3, 5, 9];
            let mut sets = Vec::new();
            let mut want = Vec::new();
            for &r in &heads {
                sets.clear();
                game.turn_sets(r, &mut sets);
                want.extend(sets.iter().map(|o| describe_turn(&heads, r, o)));
            }
            let mut options = Vec::new();
            game.options(&heads, &mut options);
            let got: Vec<String> = options.iter().map(|q| game.describe(&heads, q)).collect();
            assert_eq!(got, want, "{game:?}");
        }
    }

    #[test]
    fn far_heads_are_solved_but_not_listed() {
        // Coin 3000 of Mock Turtles has about 4.5 million moves: too many to list, not to solve.
        let heads = vec![2, 3000];
        let e = CoinGame::MockTurtles
            .searchable(&heads)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("mock-turtles: this position has 4498503 moves"),
            "{e}"
        );
        assert!(e.contains("more than the 10000000"), "{e}");
        let mut sum = vec![RulesetComponent::boxed(CoinGame::MockTurtles, heads)];
        let a = analyse(&mut sum, 3).unwrap();
        assert!(a.winning_moves_total >= 1);
        for m in &a.winning_moves {
            let hs: Vec<u64> = serde_json::from_value(m.position.clone()).unwrap();
            assert_eq!(
                CoinGame::MockTurtles.value(&hs),
                Nimber::ZERO,
                "{}",
                m.description
            );
        }
        assert!(CoinGame::Ruler.searchable(&vec![4000]).is_ok());
        assert!(CoinGame::Ruler.searchable(&vec![MAX_RULER_COIN]).is_err());
        assert!(CoinGame::Twins.searchable(&vec![1_000_000]).is_ok());
        assert!(CoinGame::Twins.searchable(&vec![MAX_COIN]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            game in proptest::sample::select(GAMES.to_vec()),
            masks in proptest::collection::vec(0u64..1 << 5, 1..=2),
        ) {
            let positions: Vec<Vec<u64>> =
                masks.iter().map(|m| unmask(m << game.first_coin())).collect();
            assert_conventions_match_brute_force(&game, &positions)?;
        }
    }
}
