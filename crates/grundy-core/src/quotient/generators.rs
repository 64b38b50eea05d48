//! The stage construction's second way: fresh generators, for a heap that separates positions
//! the smaller heaps did not (MisereSolver's recalibration, after Plambeck and Siegel).
//!
//! A candidate here is a set of *generator heaps*, each free but for one power relation
//! `g^(i+2) = g^i` (its index `i`, period 2), and for every other heap the word in generators
//! of smaller heaps that the last proved quotient gave it. The candidate monoid `M` is the
//! product of these cyclic monoids; its P-portion follows by recursion over its elements taken
//! with the largest generator's exponent most significant: an option of `w` trades one generator
//! `g` for the elements of one of its options, all of smaller heaps, so it comes earlier. `M`
//! reduced by indistinguishability is the candidate quotient, and the automaton of
//! [`super::verify`] proves it or names a position it misjudges. The heaps of that position then
//! become generators of their own (or a generator whose power there passed its index gets a
//! larger one), and the next candidate is tried: each round adds a generator or raises an index,
//! so the rounds end, at a proof or at a cap.

use super::extend::{
    explore, heap_options, option_elements, smallest_positions, Caps, Stage, StageError,
};
use super::monoid::reduce;
use super::verify::Letters;
use super::CapKind;
use crate::HeapRuleset;

/// The index a fresh generator starts with (`g^4 = g^2`).
const FRESH_INDEX: u32 = 0;

/// Candidates tried at one heap size before giving up.
const ROUNDS: usize = 64;

/// The product of cyclic monoids `<g | g^(i+2) = g^i>`, elements numbered in mixed radix with the
/// first generator least significant.
struct Free {
    /// The generators' heaps, increasing.
    heaps: Vec<u64>,
    /// Each generator's index.
    index: Vec<u32>,
    /// `place[j]`: the value of one unit of generator `j`.
    place: Vec<usize>,
    size: usize,
}

impl Free {
    fn new(heaps: Vec<u64>, index: Vec<u32>, cap: usize) -> Option<Free> {
        let mut place = Vec::with_capacity(heaps.len());
        let mut size = 1usize;
        for &i in &index {
            place.push(size);
            size = size.checked_mul(i as usize + 2).filter(|&s| s <= cap)?;
        }
        Some(Free {
            heaps,
            index,
            place,
            size,
        })
    }

    fn digit(&self, x: usize, j: usize) -> u32 {
        ((x / self.place[j]) % (self.index[j] as usize + 2)) as u32
    }

    /// The element of these exponents, reduced by the power relations.
    fn element(&self, exponents: &[u32]) -> usize {
        exponents
            .iter()
            .enumerate()
            .map(|(j, &e)| self.reduced(j, e) as usize * self.place[j])
            .sum()
    }

    fn reduced(&self, j: usize, e: u32) -> u32 {
        let i = self.index[j];
        if e < i + 2 {
            e
        } else {
            i + (e - i) % 2
        }
    }

    fn mul(&self, a: usize, b: usize) -> usize {
        (0..self.heaps.len())
            .map(|j| self.reduced(j, self.digit(a, j) + self.digit(b, j)) as usize * self.place[j])
            .sum()
    }
}

/// The heaps a candidate is made of: the generators with their indices, and the word (exponents
/// of the generators) of every heap `0..=n`.
struct Plan {
    heaps: Vec<u64>,
    index: Vec<u32>,
    /// `words[h]`, exponents over `heaps` (generators of heaps at most `h` only).
    words: Vec<Vec<u32>>,
}

impl Plan {
    /// The generators of `prev` (in heap order, each heap's element a word in generators of
    /// heaps at most its own) and the new heap `n` as a fresh generator.
    fn from_stage(prev: &Stage, n: u64) -> Result<Plan, StageError> {
        let m = &prev.monoid;
        // Greedily, in heap order: a heap whose element the earlier generators do not reach is
        // a generator; each element gets a word in the generators found when it was reached.
        let mut word: Vec<Option<Vec<u32>>> = vec![None; m.order()];
        word[m.identity() as usize] = Some(Vec::new());
        let mut gens: Vec<(u64, u32)> = Vec::new();
        for h in 1..prev.phi.len() {
            let x = prev.phi[h];
            if word[x as usize].is_some() {
                continue;
            }
            gens.push((h as u64, x));
            let j = gens.len() - 1;
            let mut unit = vec![0; j + 1];
            unit[j] = 1;
            word[x as usize] = Some(unit);
            let mut frontier: Vec<u32> = (0..m.order() as u32)
                .filter(|&y| word[y as usize].is_some())
                .collect();
            while let Some(y) = frontier.pop() {
                let wy = word[y as usize].clone().expect("reached");
                for (k, &(_, g)) in gens.iter().enumerate() {
                    let z = m.mul(y, g);
                    if word[z as usize].is_none() {
                        let mut wz = wy.clone();
                        wz.resize(gens.len(), 0);
                        wz[k] += 1;
                        word[z as usize] = Some(wz);
                        frontier.push(z);
                    }
                }
            }
        }
        let mut index = Vec::with_capacity(gens.len() + 1);
        for &(_, g) in &gens {
            let i = (0..64u32)
                .find(|&i| m.pow(g, u64::from(i) + 2) == m.pow(g, u64::from(i)))
                .ok_or(StageError::Cap(CapKind::Powers, 64))?;
            index.push(i);
        }
        let k = gens.len() + 1;
        let mut words: Vec<Vec<u32>> = prev
            .phi
            .iter()
            .map(|&x| {
                let mut w = word[x as usize]
                    .clone()
                    .expect("every heap's element is reached");
                w.resize(k, 0);
                w
            })
            .collect();
        let mut unit = vec![0; k];
        unit[k - 1] = 1;
        words.push(unit);
        index.push(FRESH_INDEX);
        let mut heaps: Vec<u64> = gens.iter().map(|&(h, _)| h).collect();
        heaps.push(n);
        Ok(Plan {
            heaps,
            index,
            words,
        })
    }

    /// Heaps of a misjudged position become generators; a generator whose power there passed
    /// its index gets a larger index. `false` if nothing changed.
    fn repair(&mut self, position: &[u64]) -> bool {
        let mut changed = false;
        let mut sizes: Vec<u64> = position.to_vec();
        sizes.sort_unstable();
        sizes.dedup();
        // Indices first; failing that, one new generator: the largest heap of the position
        // that has none (each generator multiplies the candidate's size).
        for &h in &sizes {
            let e = position.iter().filter(|&&x| x == h).count() as u32;
            if let Ok(j) = self.heaps.binary_search(&h) {
                if e >= self.index[j] + 2 {
                    self.index[j] = e - 1;
                    changed = true;
                }
            }
        }
        if changed {
            return true;
        }
        for h in sizes.into_iter().rev() {
            let e = position.iter().filter(|&&x| x == h).count() as u32;
            match self.heaps.binary_search(&h) {
                Ok(_) => {}
                Err(j) => {
                    self.heaps.insert(j, h);
                    self.index.insert(j, e.saturating_sub(1));
                    for w in self.words.iter_mut() {
                        w.insert(j, 0);
                    }
                    self.words[h as usize] =
                        (0..self.heaps.len()).map(|k| u32::from(k == j)).collect();
                    return true;
                }
            }
        }
        false
    }

    /// The candidate: `M` with its outcomes, reduced, as a stage (not yet proved).
    fn candidate(&self, rules: &dyn HeapRuleset, caps: &Caps) -> Result<Stage, StageError> {
        let free = Free::new(self.heaps.clone(), self.index.clone(), caps.free)
            .ok_or(StageError::Cap(CapKind::Candidate, caps.free))?;
        let n = self.words.len() - 1;
        let element = |heaps: &[u64]| {
            let mut e = vec![0u32; free.heaps.len()];
            for &h in heaps {
                for (j, &x) in self.words[h as usize].iter().enumerate() {
                    e[j] += x;
                }
            }
            free.element(&e)
        };
        // The elements of each generator's options.
        let options: Vec<Vec<usize>> = free
            .heaps
            .iter()
            .map(|&g| {
                let mut v: Vec<usize> = heap_options(rules, g).iter().map(|o| element(o)).collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // Outcomes, earliest first: every option of an element comes before it.
        let mut p = vec![false; free.size];
        for x in 0..free.size {
            let mut has_move = false;
            let mut wins = false;
            'moves: for (j, opts) in options.iter().enumerate() {
                if free.digit(x, j) == 0 || opts.is_empty() {
                    continue;
                }
                has_move = true;
                let fewer = x - free.place[j];
                for &o in opts {
                    let y = free.mul(fewer, o);
                    debug_assert!(y < x, "options come first");
                    if p[y] {
                        wins = true;
                        break 'moves;
                    }
                }
            }
            p[x] = has_move && !wins;
        }
        let letters: Vec<u32> = free.place.iter().map(|&u| u as u32).collect();
        let (monoid, class) = reduce(
            free.size,
            &letters,
            0,
            |a, b| free.mul(a as usize, b as usize) as u32,
            |x| p[x as usize],
        );
        if monoid.order() > caps.order {
            return Err(StageError::Cap(CapKind::Order, caps.order));
        }
        let phi: Vec<u32> = (0..=n as u64)
            .map(|h| class[free.element(&self.words[h as usize])])
            .collect();
        let osets = (0..=n as u64)
            .map(|h| option_elements(&monoid, &phi, &heap_options(rules, h)))
            .collect();
        // A position of each class: its generators' heaps.
        let reps = smallest_positions(
            monoid.order(),
            (0..free.size).map(|x| {
                let r = (0..free.heaps.len())
                    .flat_map(|j| std::iter::repeat_n(free.heaps[j], free.digit(x, j) as usize))
                    .collect();
                (class[x], r)
            }),
        );
        Ok(Stage {
            monoid,
            phi,
            osets,
            reps,
            states: 0,
        })
    }
}

/// Heap `n = prev.last() + 1` added with fresh generators, when the new heap separates
/// positions of smaller heaps: candidates until one is proved, each repaired by the position
/// the last one misjudged.
pub(crate) fn refine(
    prev: &Stage,
    rules: &dyn HeapRuleset,
    caps: &Caps,
) -> Result<Stage, StageError> {
    let n = prev.last() + 1;
    let mut plan = Plan::from_stage(prev, n)?;
    let mut last_refuted = Vec::new();
    for _ in 0..ROUNDS {
        if caps.stopped() {
            return Err(StageError::Interrupted);
        }
        let stage = plan.candidate(rules, caps)?;
        let letters = Letters::new(&stage.phi, &stage.osets);
        let aut = explore(&stage.monoid, &letters, caps)?;
        let Some(bad) = aut.inconsistent(&stage.monoid) else {
            return Ok(Stage {
                states: aut.len(),
                ..stage
            });
        };
        last_refuted = aut.word(bad).iter().map(|&l| letters.heap[l]).collect();
        if !plan.repair(&last_refuted) {
            break;
        }
    }
    Err(StageError::Refuted(last_refuted))
}
