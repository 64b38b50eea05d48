//! Moore's Nim (Nim_k).
//!
//! **Rules.** There are heaps of tokens. A move takes tokens from at least one and at most `k`
//! heaps (any positive number from each heap chosen). Whoever cannot move loses. `moore:1` is Nim.
//!
//! **Theorem (Moore, 1910).** Write the heap sizes in binary. The position is a P-position iff, in
//! every binary digit position, the number of heaps with a 1 there is divisible by `k + 1`.
//!
//! **Winning moves.** They are found by a search over the binary digits driven by the theorem,
//! from the highest digit down: each heap is *tight* (its new digits so far equal its old ones) or
//! *free* (already lowered, so its remaining digits are arbitrary); at each digit a tight heap with
//! a 1 may drop to 0 and become free (at most `k` heaps may ever be free), free heaps choose
//! their digit, and the column must sum to a multiple of `k + 1`. Counting the completions of
//! each (digit, set of free heaps) state once (memoized) makes the listing output-sensitive and
//! gives the exact total even when it is astronomically large (it is reported saturated at the
//! largest machine integer). Up to 128 heaps; heaps up to 2^64 - 1.
//!
//! **Values.** The Grundy values of Moore's Nim are not known in general (for `k = 1` they are
//! Nim's). A lone position is decided by the theorem; in a sum, the value is searched by the
//! generic solver for positions with at most [`VALUE_LIMIT`] sub-positions (the product of
//! `heap + 1`), and is an error beyond. Play, misère play and Every-SG list the moves of the same
//! positions (for `k = 1`, whose values are Nim's, of positions with at most [`NIM_MOVE_LIMIT`]
//! moves).
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::moore;
//! // 1, 2, 3 are 01, 10, 11 in binary: two 1s in each column. Even, so P in Nim (k = 1);
//! // not a multiple of 3, so N in Nim_2.
//! let mut sum = vec![moore::position(1, vec![1, 2, 3])];
//! assert_eq!(analyse(&mut sum, 100).unwrap().outcome, Outcome::P);
//! let mut sum = vec![moore::position(2, vec![1, 2, 3])];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! ```

use grundy_core::{
    heap::describe_heap_move, Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent,
    SolveError,
};
use rustc_hash::FxHashMap;
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_heaps, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// Grundy values are searched only for positions with at most this many sub-positions.
pub const VALUE_LIMIT: u128 = 5000;

/// Moore's Nim_1 (Nim, whose values are known) lists its moves one by one only for positions with
/// at most this many moves (the sum of the heaps).
pub const NIM_MOVE_LIMIT: u128 = 1_000_000;

/// Winning moves are searched for positions with at most this many heaps.
pub const MAX_HEAPS: usize = 128;

/// The most search states the winning-move search may store.
const STATE_LIMIT: usize = 2_000_000;

/// Whether `heaps` is a P-position of Nim_k.
pub fn is_p(k: u64, heaps: &[u64]) -> bool {
    (0..64).all(|bit| {
        let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
        ones.is_multiple_of(k.saturating_add(1))
    })
}

/// The rules of Nim_k on heaps in order, with Moore's theorem as hooks (Nim's values for `k = 1`).
#[derive(Clone, Copy, Debug)]
pub struct Moore {
    /// At most this many heaps per move.
    pub k: u64,
}

impl Moore {
    fn extend(
        &self,
        heaps: &[u64],
        from: usize,
        chosen: u64,
        cur: &mut Vec<u64>,
        out: &mut Vec<Vec<u64>>,
    ) {
        if from == heaps.len() {
            if chosen > 0 {
                out.push(cur.clone());
            }
            return;
        }
        self.extend(heaps, from + 1, chosen, cur, out);
        if chosen < self.k {
            for v in 0..heaps[from] {
                cur[from] = v;
                self.extend(heaps, from + 1, chosen + 1, cur, out);
            }
            cur[from] = heaps[from];
        }
    }
}

impl Ruleset for Moore {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let mut cur = heaps.clone();
        self.extend(heaps, 0, 0, &mut cur, out);
    }

    fn closed_form(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        // Nim_1 is Nim (Bouton).
        (self.k == 1).then(|| heaps.iter().map(|&h| Nimber(h)).sum())
    }
}

impl Game for Moore {
    fn name(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn key(&self, heaps: &Vec<u64>) -> Key {
        // The heaps in another order are the same position.
        let mut key = heaps.clone();
        key.sort_unstable();
        key
    }

    fn show(&self, heaps: &Vec<u64>) -> Json {
        Json::from(heaps.clone())
    }

    fn describe(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let changed: Vec<usize> = (0..to.len()).filter(|&i| to[i] != from[i]).collect();
        if let [i] = changed[..] {
            return describe_heap_move(i + 1, from[i], &[to[i]]);
        }
        let parts: Vec<String> = changed
            .iter()
            .map(|&i| {
                format!(
                    "{} from heap {} ({} -> {})",
                    from[i] - to[i],
                    i + 1,
                    from[i],
                    to[i]
                )
            })
            .collect();
        let n = parts.len();
        format!("take {} and {}", parts[..n - 1].join(", "), parts[n - 1])
    }

    fn searchable(&self, heaps: &Vec<u64>) -> Result<(), SolveError> {
        if self.k == 1 {
            // The values are Nim's; only listing the moves one by one needs a limit.
            let moves = heaps.iter().map(|&h| h as u128).sum::<u128>();
            if moves > NIM_MOVE_LIMIT {
                return Err(SolveError::TooLarge(format!(
                    "moore:1: the moves of a position are listed one by one only when there are \
                     at most {NIM_MOVE_LIMIT} of them (the sum of the heaps); this one has {moves}"
                )));
            }
            return Ok(());
        }
        let size = heaps
            .iter()
            .fold(1u128, |p, &h| p.saturating_mul(h as u128 + 1));
        if size > VALUE_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "moore:{}: Grundy values of Moore's Nim are not known in general and are searched \
                 only for positions with at most {VALUE_LIMIT} sub-positions (the product of \
                 heap + 1); this one can be decided alone but not in a sum",
                self.k
            )));
        }
        Ok(())
    }

    fn outcome(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        Some(Outcome::p_if(is_p(self.k, heaps)))
    }

    fn options_to(
        &self,
        heaps: &Vec<u64>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u64>>, usize), SolveError>> {
        if target.is_zero() {
            return Some(winning_moves(self.k, heaps, limit));
        }
        if self.k != 1 {
            // Other values need the search.
            return None;
        }
        // Nim: with x the XOR of the heaps and the target, lower a heap h to h ^ x.
        let x = heaps.iter().fold(target.0, |x, &h| x ^ h);
        let moves: Vec<Vec<u64>> = (0..heaps.len())
            .filter(|&i| heaps[i] ^ x < heaps[i])
            .map(|i| {
                let mut to = heaps.clone();
                to[i] ^= x;
                to
            })
            .collect();
        let total = moves.len();
        Some(Ok((moves.into_iter().take(limit).collect(), total)))
    }
}

/// The digit-by-digit search for the moves to P-positions.
struct Search<'a> {
    heaps: &'a [u64],
    k: u64,
    memo: FxHashMap<(i32, u128), u128>,
    binomial: Vec<Vec<u128>>,
}

impl<'a> Search<'a> {
    fn new(k: u64, heaps: &'a [u64]) -> Search<'a> {
        let n = heaps.len();
        let mut binomial = vec![vec![0u128; n + 1]; n + 1];
        for i in 0..=n {
            binomial[i][0] = 1;
            for j in 1..=i {
                binomial[i][j] = binomial[i - 1][j - 1].saturating_add(binomial[i - 1][j]);
            }
        }
        Search {
            heaps,
            k,
            memo: FxHashMap::default(),
            binomial,
        }
    }

    /// Tight heaps with a 1 at `bit`.
    fn tight_ones(&self, bit: i32, free: u128) -> Vec<usize> {
        (0..self.heaps.len())
            .filter(|&i| free >> i & 1 == 0 && self.heaps[i] >> bit & 1 == 1)
            .collect()
    }

    /// Every subset of `from` of at most `room` elements, as masks with their sizes.
    fn subsets(from: &[usize], room: u64) -> Result<Vec<(u128, u64)>, SolveError> {
        let mut out = vec![(0u128, 0u64)];
        for &i in from {
            let n = out.len();
            for j in 0..n {
                let (mask, size) = out[j];
                if size < room {
                    out.push((mask | 1 << i, size + 1));
                }
            }
            if out.len() > STATE_LIMIT {
                return Err(SolveError::TooLarge(format!(
                    "the winning-move search of Moore's Nim would branch over more than \
                     {STATE_LIMIT} choices of heaps at one binary digit"
                )));
            }
        }
        Ok(out)
    }

    /// The numbers `m` of free heaps that may take a 1 at this digit.
    fn free_ones(&self, tight: u64, dropped: u64, free: u64) -> impl Iterator<Item = u64> {
        let modulus = self.k.saturating_add(1);
        let base = tight - dropped;
        (0..=free).filter(move |m| (base + m).is_multiple_of(modulus))
    }

    /// The number of ways to finish from `bit` down with the free set `free`.
    fn count(&mut self, bit: i32, free: u128) -> Result<u128, SolveError> {
        if bit < 0 {
            return Ok((free != 0) as u128);
        }
        if let Some(&c) = self.memo.get(&(bit, free)) {
            return Ok(c);
        }
        if self.memo.len() >= STATE_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "moore:{}: the winning-move search exceeded {STATE_LIMIT} states",
                self.k
            )));
        }
        let ones = self.tight_ones(bit, free);
        let nf = free.count_ones() as u64;
        let mut total: u128 = 0;
        for (mask, size) in Self::subsets(&ones, self.k.saturating_sub(nf))? {
            let ways: u128 = self
                .free_ones(ones.len() as u64, size, nf)
                .map(|m| self.binomial[nf as usize][m as usize])
                .fold(0, u128::saturating_add);
            if ways > 0 {
                let rest = self.count(bit - 1, free | mask)?;
                total = total.saturating_add(ways.saturating_mul(rest));
            }
        }
        self.memo.insert((bit, free), total);
        Ok(total)
    }

    /// Lists up to `limit` moves (the heaps after each) from `bit` down.
    fn list(
        &mut self,
        bit: i32,
        free: u128,
        values: &mut Vec<u64>,
        limit: usize,
        out: &mut Vec<Vec<u64>>,
    ) -> Result<(), SolveError> {
        if out.len() >= limit {
            return Ok(());
        }
        if bit < 0 {
            if free != 0 {
                out.push(values.clone());
            }
            return Ok(());
        }
        let ones = self.tight_ones(bit, free);
        let nf = free.count_ones() as u64;
        let free_heaps: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| free >> i & 1 == 1)
            .collect();
        for (mask, size) in Self::subsets(&ones, self.k.saturating_sub(nf))? {
            let ms: Vec<u64> = self.free_ones(ones.len() as u64, size, nf).collect();
            if ms.is_empty() || self.count(bit - 1, free | mask)? == 0 {
                continue;
            }
            for m in ms {
                for chosen in Self::subsets(&free_heaps, m)? {
                    if chosen.1 != m {
                        continue;
                    }
                    for (i, (value, &heap)) in values.iter_mut().zip(self.heaps).enumerate() {
                        let one = if free >> i & 1 == 1 {
                            chosen.0 >> i & 1 == 1
                        } else {
                            mask >> i & 1 == 0 && heap >> bit & 1 == 1
                        };
                        if one {
                            *value |= 1 << bit;
                        }
                    }
                    self.list(bit - 1, free | mask, values, limit, out)?;
                    for v in values.iter_mut() {
                        *v &= !(1u64 << bit);
                    }
                    if out.len() >= limit {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }
}

/// Every move from `heaps` to a P-position of Nim_k: up to `limit` listed (heaps after the move,
/// in order) and the number of all of them (saturated).
pub fn winning_moves(
    k: u64,
    heaps: &[u64],
    limit: usize,
) -> Result<(Vec<Vec<u64>>, usize), SolveError> {
    if heaps.len() > MAX_HEAPS {
        return Err(SolveError::TooLarge(format!(
            "moore:{k}: winning moves are searched for at most {MAX_HEAPS} heaps"
        )));
    }
    let mut search = Search::new(k, heaps);
    let total = search.count(63, 0)?;
    let mut out = Vec::new();
    search.list(63, 0, &mut vec![0; heaps.len()], limit, &mut out)?;
    Ok((out, usize::try_from(total).unwrap_or(usize::MAX)))
}

/// The heaps `heaps` of Nim_k.
pub fn position(k: u64, heaps: Vec<u64>) -> Box<dyn Component> {
    RulesetComponent::boxed(Moore { k }, heaps)
}

/// The registry entry for `moore:K`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "moore",
        "moore:K HEAP... (Moore's Nim_K; Grundy values, needed in sums, only for at most 5000 sub-positions)",
        "take any positive numbers of tokens from 1 to K heaps at once; whoever cannot move loses",
        "moore:2 1 2 4 7",
        build,
    )
    .drawn(Drawing::Piles)
    .positions(Shape::Line)]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("moore:K (at most K heaps per move)")?;
    let k = parse_number_text(params, "K", u64::MAX).map_err(|m| spec.error(m))?;
    if k == 0 {
        return Err(spec.error("K must be at least 1"));
    }
    Ok(position(k, parse_heaps(spec, words, u64::MAX)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{BruteForce, Solver, Value};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn moore_matches_the_solver(k in 1u64..4, heaps in proptest::collection::vec(0u64..8, 1..5)) {
            let mut s = Solver::new(BruteForce(Moore { k }));
            let g = s.grundy(&heaps).unwrap();
            prop_assert_eq!(is_p(k, &heaps), g.is_zero());
            let (mut got, total) = winning_moves(k, &heaps, usize::MAX).unwrap();
            prop_assert_eq!(total, got.len());
            let mut want = s.winning_moves(&heaps).unwrap();
            got.sort();
            want.sort();
            prop_assert_eq!(&got, &want);
            // A short listing is a prefix of the same search, with the same total.
            let (few, total2) = winning_moves(k, &heaps, 2).unwrap();
            prop_assert_eq!(few.len(), total.min(2));
            prop_assert_eq!(total2, total);
            // The component's moves to other values (in a sum) come from the solver.
            let mut c = position(k, heaps.clone());
            prop_assert_eq!(c.value().unwrap(), Value::Finite(g));
            let mut reports = Vec::new();
            let n = c.moves_to(g + Nimber(1), usize::MAX, &mut reports).unwrap();
            prop_assert_eq!(n, s.moves_to(&heaps, g + Nimber(1)).unwrap().len());
        }

        #[test]
        fn huge_heaps_reach_p_positions(k in 1u64..5, heaps in proptest::collection::vec(0u64..=u64::MAX, 1..7)) {
            let (moves, total) = winning_moves(k, &heaps, 5).unwrap();
            prop_assert_eq!(total == 0, is_p(k, &heaps));
            for to in moves {
                prop_assert!(is_p(k, &to));
                let changed = heaps.iter().zip(&to).filter(|(a, b)| a != b).count() as u64;
                prop_assert!(changed >= 1 && changed <= k);
                prop_assert!(heaps.iter().zip(&to).all(|(a, b)| b <= a));
            }
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            k in 1u64..4,
            sum in proptest::collection::vec(proptest::collection::vec(0u64..4, 1..4), 1..=2)
        ) {
            assert_conventions_match_brute_force(&Moore { k }, &sum)?;
        }
    }

    #[test]
    fn moore_1_is_nim() {
        let (moves, total) = winning_moves(1, &[3, 4, 5], 10).unwrap();
        assert_eq!((moves, total), (vec![vec![1, 4, 5]], 1));
    }
}
