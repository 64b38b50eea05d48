//! Fibonacci Nim and k-dynamic subtraction.
//!
//! **Rules.** There is one heap of `n` tokens. The first move takes any number from 1 to `n - 1`
//! (not the whole heap). After that, a player may take from 1 up to `k` times what the previous
//! player took (`k = 2` is Fibonacci Nim; `dynamic:K` plays with any `K ≥ 1`). Whoever takes the
//! last token wins (normal play). A position is written `N` at the start, or `N/T`: a heap of `N`
//! with `T` taken by the previous move, so that at most `k·T` may be taken now (e.g.
//! `fibonacci-nim 7/2`: heap 7, up to 4 may be taken).
//!
//! **Theorem (Whinihan 1963 for k = 2; Schwenk 1970 for every k).** Let `H` be the sequence
//! `H_1 = 1`, `H_{j+1} = H_j + H_m` with `m` the smallest index such that `k·H_m ≥ H_j` (the
//! Fibonacci numbers for `k = 2`, the powers of two for `k = 1`; see [`crate::classic::zeckendorf`]), and
//! let `s(n)` be the smallest term of the greedy representation of `n` by terms of `H`. A heap of
//! `n > 0` where at most `c` may be taken is a P-position iff `s(n) > c`. At the start `c = n - 1`,
//! so the start is P iff `n` is itself a term (for Fibonacci Nim: iff `n` is a Fibonacci number).
//! From an N-position the winning moves are the takes `t ≤ c` that are sums of the smallest terms
//! of the representation of `n` (taking `s(n)` is always one of them) and leave the next larger
//! term above `k·t` (or nothing at all): any winning take is such a sum, because if
//! `s(n - t) > k·t` then the representations of `t` and `n - t` together are the representation of
//! `n`. Heaps up to 10^18 are decided this way in `O(log n)` steps.
//!
//! The Grundy values (needed only in a sum with other games) have no such formula; they are found
//! by the generic solver for heaps up to [`VALUE_LIMIT`] = 1000, the heaps whose moves play,
//! misère play and Every-SG list too. Positions with the same heap and the same limit are the same
//! position ([`DynamicHeap`]), whatever the previous take that the notation records.
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::classic::fibonacci_nim;
//! // 13 is a Fibonacci number: the first player loses.
//! let mut sum = vec![fibonacci_nim::position(2, 13, None)];
//! assert_eq!(analyse(&mut sum, 100).unwrap().outcome, Outcome::P);
//! // 20 = 13 + 5 + 2: take 2 (the smallest Zeckendorf term).
//! let mut sum = vec![fibonacci_nim::position(2, 20, None)];
//! let a = analyse(&mut sum, 100).unwrap();
//! assert_eq!(a.winning_moves[0].description, "take 2: 20 -> 18 (the next player may take up to 4)");
//! ```

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use grundy_core::heap::ENUMERATION_LIMIT;
use grundy_core::{Component, Game, Key, Nimber, Outcome, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::classic::zeckendorf::Sequence;
use crate::entry::{Drawing, GameEntry};
use crate::spec::{parse_number, parse_number_text, GameSpec, SpecError, Word};
use crate::tabulate::Shape;

/// Grundy values are searched for heaps up to this size.
pub const VALUE_LIMIT: u64 = 1000;

/// The largest multiplier `k` accepted (HDU 2486 goes to 10^5). The first `k + 1` terms of the
/// sequence `H` are 1, 2, …, k + 1 and cost nothing; past them there are about `k·ln(N/k)` up to
/// a heap of `N`, listed, so a heap far above a large `k` may be refused.
pub const MAX_K: u64 = 1_000_000_000_000_000_000;

/// Multipliers up to this have the whole sequence below 2^64 built at once (about `44·k` terms).
pub const MAX_SMALL_K: u64 = 1000;

/// The largest heap accepted.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The rules of k-dynamic subtraction on bare states. A position is `(heap, most that may be
/// taken now)`, with the limit never above the heap: the form the theory ([`Theory`]) speaks of.
#[derive(Clone, Copy, Debug)]
pub struct DynamicNim {
    /// The multiplier: a move may take up to `k` times the previous take.
    pub k: u64,
}

impl DynamicNim {
    /// The position after taking `t` from `n`.
    pub fn after(&self, n: u64, t: u64) -> (u64, u64) {
        let rest = n - t;
        (rest, self.k.saturating_mul(t).min(rest))
    }
}

impl Ruleset for DynamicNim {
    type Position = (u64, u64);

    fn options(&self, &(n, cap): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=cap.min(n)).map(|t| self.after(n, t)));
    }
}

/// The theory of k-dynamic subtraction for one `k`.
#[derive(Clone, Debug)]
pub struct Theory {
    sequence: Sequence,
}

impl Theory {
    /// The theory for a small multiplier `k` (up to [`MAX_SMALL_K`]), for every heap.
    pub fn new(k: u64) -> Theory {
        Theory {
            sequence: Sequence::new(k),
        }
    }

    /// The theory for multiplier `k`, for heaps up to `max`; `Err` when the sequence would list
    /// more than [`crate::classic::zeckendorf::MAX_LISTED_TERMS`] terms.
    pub fn upto(k: u64, max: u64) -> Result<Theory, usize> {
        Ok(Theory {
            sequence: Sequence::upto(k, max)?,
        })
    }

    /// Whether a heap of `n` where at most `cap` may be taken is a P-position.
    pub fn is_p(&self, n: u64, cap: u64) -> bool {
        n == 0 || self.sequence.smallest_term(n) > cap
    }

    /// Every winning take from a heap of `n` where at most `cap` may be taken, smallest first.
    pub fn winning_takes(&self, n: u64, cap: u64) -> Vec<u64> {
        let k = self.sequence.k() as u128;
        let terms = self.sequence.representation(n);
        let mut takes = Vec::new();
        let mut t: u64 = 0;
        for (i, &term) in terms.iter().enumerate().rev() {
            t += term;
            if t > cap {
                break;
            }
            let next_larger = if i == 0 { None } else { Some(terms[i - 1]) };
            if next_larger.is_none_or(|h| h as u128 > k * t as u128) {
                takes.push(t);
            }
        }
        takes
    }
}

/// A position of k-dynamic subtraction as the input writes it: the heap and the previous take
/// (`None` at the start), with the most that may be taken now.
///
/// Two positions with the same heap and the same limit are the same position of the game, however
/// they were reached (`3/27` and `3/2` in Fibonacci Nim: up to 3 may be taken from both), so
/// equality, hashing and order look at `(heap, cap)` only; the previous take is kept to write the
/// position as the input did.
#[derive(Clone, Copy, Debug)]
pub struct DynamicHeap {
    heap: u64,
    cap: u64,
    previous: Option<u64>,
}

impl DynamicHeap {
    /// The tokens left.
    pub fn heap(&self) -> u64 {
        self.heap
    }

    /// The most that may be taken now.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// The previous take (`None` at the start).
    pub fn previous(&self) -> Option<u64> {
        self.previous
    }

    /// The state the rules see: `(heap, cap)`.
    pub fn state(&self) -> (u64, u64) {
        (self.heap, self.cap)
    }
}

impl PartialEq for DynamicHeap {
    fn eq(&self, other: &Self) -> bool {
        self.state() == other.state()
    }
}

impl Eq for DynamicHeap {}

impl Hash for DynamicHeap {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.state().hash(state)
    }
}

impl PartialOrd for DynamicHeap {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for DynamicHeap {
    fn cmp(&self, other: &Self) -> Ordering {
        self.state().cmp(&other.state())
    }
}

/// Fibonacci Nim (`k = 2`) or k-dynamic subtraction, as a game: the rules on [`DynamicHeap`]s
/// with Schwenk's theorem as hooks.
#[derive(Clone, Debug)]
pub struct Dynamic {
    rules: DynamicNim,
    theory: Theory,
    /// The game as typed (`dynamic:2`, not `fibonacci-nim`): messages and positions name it so.
    name: String,
}

impl Dynamic {
    /// The game with a small multiplier `1 <= k <= MAX_SMALL_K`, for every heap.
    pub fn new(k: u64) -> Dynamic {
        Dynamic::with_theory(k, Theory::new(k))
    }

    /// The game with multiplier `k ≥ 1`, for heaps up to `max`; `Err` with the terms of the
    /// sequence it would need past its prefix when they are too many to list.
    pub fn for_heaps_upto(k: u64, max: u64) -> Result<Dynamic, usize> {
        Ok(Dynamic::with_theory(k, Theory::upto(k, max)?))
    }

    fn with_theory(k: u64, theory: Theory) -> Dynamic {
        Dynamic {
            rules: DynamicNim { k },
            theory,
            name: if k == 2 {
                "fibonacci-nim".into()
            } else {
                format!("dynamic:{k}")
            },
        }
    }

    /// The same game, named as the user typed it.
    pub fn named(mut self, name: &str) -> Dynamic {
        self.name = name.to_string();
        self
    }

    /// The heap `heap` with `previous` taken by the last move (`None` at the start, where up to
    /// `heap - 1` may be taken).
    pub fn position(&self, heap: u64, previous: Option<u64>) -> DynamicHeap {
        let cap = match previous {
            None => heap.saturating_sub(1),
            Some(t) => self.rules.k.saturating_mul(t).min(heap),
        };
        DynamicHeap {
            heap,
            cap,
            previous,
        }
    }

    /// The position after taking `t` from `p`.
    fn after(&self, p: &DynamicHeap, t: u64) -> DynamicHeap {
        let (heap, cap) = self.rules.after(p.heap, t);
        DynamicHeap {
            heap,
            cap,
            previous: Some(t),
        }
    }
}

impl Ruleset for Dynamic {
    type Position = DynamicHeap;

    fn options(&self, p: &DynamicHeap, out: &mut Vec<DynamicHeap>) {
        out.extend((1..=p.cap.min(p.heap)).map(|t| self.after(p, t)));
    }
}

impl Game for Dynamic {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn show(&self, p: &DynamicHeap) -> Json {
        Json::from(match p.previous {
            None => p.heap.to_string(),
            Some(t) => format!("{}/{t}", p.heap),
        })
    }

    fn describe(&self, from: &DynamicHeap, to: &DynamicHeap) -> String {
        let (n, t) = (from.heap, from.heap - to.heap);
        if t == n {
            format!("take all {n}")
        } else {
            format!(
                "take {t}: {n} -> {} (the next player may take up to {})",
                to.heap, to.cap
            )
        }
    }

    fn key(&self, p: &DynamicHeap) -> Key {
        vec![p.heap, p.cap]
    }

    fn searchable(&self, p: &DynamicHeap) -> Result<(), SolveError> {
        // A move takes at most the whole heap: as many options as tokens.
        if p.heap > ENUMERATION_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "{}: a heap of {} has too many moves to list one by one (at most \
                 {ENUMERATION_LIMIT})",
                self.name(),
                p.heap
            )));
        }
        Ok(())
    }

    fn solvable(&self, p: &DynamicHeap) -> Result<(), SolveError> {
        if p.heap > VALUE_LIMIT {
            return Err(SolveError::TooLarge(format!(
                "{}: Grundy values have no known formula and are searched only for heaps up to \
                 {VALUE_LIMIT}; a heap of {} can be decided alone but not in a sum",
                self.name(),
                p.heap
            )));
        }
        Ok(())
    }

    fn outcome(&self, p: &DynamicHeap) -> Option<Outcome> {
        Some(Outcome::p_if(self.theory.is_p(p.heap, p.cap)))
    }

    fn options_to(
        &self,
        p: &DynamicHeap,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<DynamicHeap>, usize), SolveError>> {
        // Schwenk's theorem finds the moves to P-positions at any size; other values need search.
        target.is_zero().then(|| {
            let takes = self.theory.winning_takes(p.heap, p.cap);
            let total = takes.len();
            let first = takes.into_iter().take(limit).map(|t| self.after(p, t));
            Ok((first.collect(), total))
        })
    }
}

/// The heap `heap` of k-dynamic subtraction, with `previous` taken by the last move (`None` at the
/// start, where up to `heap - 1` may be taken), for a small multiplier `1 <= k <= MAX_SMALL_K`.
pub fn position(k: u64, heap: u64, previous: Option<u64>) -> Box<dyn Component> {
    let game = Dynamic::new(k);
    let p = game.position(heap, previous);
    RulesetComponent::boxed(game, p)
}

/// The registry entries for `fibonacci-nim` and `dynamic:K`.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry::new(
            "fibonacci-nim",
            "fibonacci-nim N | N/T (heap N at the start, or heap N after a take of T; heaps up to 10^18, Grundy values for sums up to 1000)",
            "one heap; the first move takes 1..N-1, then at most twice the previous take; whoever takes the last token wins",
            "fibonacci-nim 20",
            build_fibonacci,
        )
    .drawn(Drawing::Piles)
        .positions(Shape::Line),
        GameEntry::new(
            "dynamic",
            "dynamic:K N | N/T (K = 1..10^18; as fibonacci-nim, at most K times the previous take)",
            "one heap; the first move takes 1..N-1, then at most K times the previous take; whoever takes the last token wins",
            "dynamic:3 7/2",
            build_dynamic,
        )
    .drawn(Drawing::Piles)
        .positions(Shape::Line),
    ]
}

fn build_fibonacci(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    build_heap(spec, 2, words)
}

fn build_dynamic(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params("dynamic:K (K = 1..10^18)")?;
    let k = parse_number_text(params, "the multiplier K", MAX_K).map_err(|m| spec.error(m))?;
    if k == 0 {
        return Err(spec.error("the multiplier K must be at least 1"));
    }
    build_heap(spec, k, words)
}

fn build_heap(spec: &GameSpec, k: u64, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let [word] = words else {
        return Err(spec.error(format!(
            "give one heap, N or N/T (got {} words)",
            words.len()
        )));
    };
    let (heap, previous) = match word.text.split_once('/') {
        None => (parse_number(word, "the heap", MAX_HEAP)?, None),
        Some((n, t)) => {
            let heap = parse_number_text(n, "the heap", MAX_HEAP).map_err(|m| word.error(m))?;
            let t =
                parse_number_text(t, "the previous take", u64::MAX).map_err(|m| word.error(m))?;
            if t == 0 {
                return Err(word.error("the previous take must be at least 1"));
            }
            (heap, Some(t))
        }
    };
    let game = Dynamic::for_heaps_upto(k, heap)
        .map_err(|listed| {
            spec.error(format!(
                "a heap of {heap} needs more than {listed} terms of Schwenk's sequence past \
                 K + 1 (about K·ln(heap/K)): too many to list; a heap up to K + 1 = {} is \
                 decided at once",
                k.saturating_add(1)
            ))
        })?
        .named(&spec.word.text);
    let p = game.position(heap, previous);
    Ok(RulesetComponent::boxed(game, p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{assert_conventions_match_brute_force, brute_force_winning_moves};
    use grundy_core::{Solver, Value};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn schwenk_matches_the_solver(k in 1u64..6, n in 0u64..60, cap in 0u64..64) {
            let rules = DynamicNim { k };
            let cap = cap.min(n);
            let theory = Theory::new(k);
            let (g, mut want) = brute_force_winning_moves(rules, &(n, cap));
            prop_assert_eq!(theory.is_p(n, cap), g.is_zero(), "k={} n={} cap={}", k, n, cap);
            let mut got: Vec<(u64, u64)> = theory
                .winning_takes(n, cap)
                .into_iter()
                .map(|t| rules.after(n, t))
                .collect();
            got.sort();
            want.sort();
            prop_assert_eq!(got, want, "k={} n={} cap={}", k, n, cap);
        }

        #[test]
        fn components_report_the_solver_values_and_moves(k in 1u64..4, n in 1u64..40, prev in proptest::option::of(1u64..20)) {
            let mut c = position(k, n, prev);
            let rules = DynamicNim { k };
            let cap = match prev { None => n - 1, Some(t) => (k * t).min(n) };
            let (g, _) = brute_force_winning_moves(rules, &(n, cap));
            prop_assert_eq!(c.value().unwrap(), Value::Finite(g));
            for t in 0..=g.0 + 1 {
                let mut reports = Vec::new();
                let count = c.moves_to(Nimber(t), usize::MAX, &mut reports).unwrap();
                let mut s = Solver::new(grundy_core::BruteForce(rules));
                prop_assert_eq!(count, s.moves_to(&(n, cap), Nimber(t)).unwrap().len());
            }
        }
    }

    proptest! {
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            k in 1u64..4,
            heaps in proptest::collection::vec((0u64..9, proptest::option::of(1u64..6)), 1..=2)
        ) {
            let game = Dynamic::new(k);
            let positions: Vec<DynamicHeap> =
                heaps.iter().map(|&(n, t)| game.position(n, t)).collect();
            assert_conventions_match_brute_force(&game, &positions)?;
        }
    }

    #[test]
    fn positions_with_the_same_limit_are_the_same_but_keep_their_notation() {
        let game = Dynamic::new(2);
        let (a, b) = (game.position(3, Some(27)), game.position(3, Some(2)));
        assert_eq!(a, b);
        assert_eq!(game.key(&a), game.key(&b));
        assert_eq!(
            (game.show(&a), game.show(&b)),
            ("3/27".into(), "3/2".into())
        );
        assert_eq!(game.show(&game.position(20, None)), Json::from("20"));
    }

    #[test]
    fn schwenk_matches_the_solver_on_every_small_position() {
        for k in 1..=6 {
            let rules = DynamicNim { k };
            let theory = Theory::new(k);
            let mut s = Solver::new(grundy_core::BruteForce(rules));
            for n in 0..100 {
                for cap in 0..=n {
                    let g = s.grundy(&(n, cap)).unwrap();
                    assert_eq!(theory.is_p(n, cap), g.is_zero(), "k={k} n={n} cap={cap}");
                    let mut want = s.winning_moves(&(n, cap)).unwrap();
                    let mut got: Vec<(u64, u64)> = theory
                        .winning_takes(n, cap)
                        .into_iter()
                        .map(|t| rules.after(n, t))
                        .collect();
                    got.sort();
                    want.sort();
                    assert_eq!(got, want, "k={k} n={n} cap={cap}");
                }
            }
        }
    }

    #[test]
    fn fibonacci_numbers_are_the_losing_starts() {
        let fib = Theory::new(2);
        let p: Vec<u64> = (1..100).filter(|&n| fib.is_p(n, n - 1)).collect();
        assert_eq!(p, vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    }

    #[test]
    fn heaps_of_10_18_are_decided() {
        let theory = Theory::new(2);
        let f = Sequence::new(2);
        let fib = *f
            .terms()
            .iter()
            .rfind(|&&t| t <= 1_000_000_000_000_000_000)
            .unwrap();
        assert!(theory.is_p(fib, fib - 1));
        let n = 1_000_000_000_000_000_000;
        let takes = theory.winning_takes(n, n - 1);
        assert_eq!(takes[0], f.smallest_term(n));
        for t in takes {
            let (rest, cap) = DynamicNim { k: 2 }.after(n, t);
            assert!(theory.is_p(rest, cap));
        }
        let mut c = position(1000, n, Some(u64::MAX));
        assert_eq!(c.outcome_hint().unwrap(), Some(Outcome::N));
        assert!(c.value().is_err());
    }
}
