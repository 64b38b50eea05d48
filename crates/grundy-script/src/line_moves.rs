//! The options of a heap that reach a given value, read off the process's shared line
//! ([`super::shared`]).
//!
//! A heap of take-at-most-half near 10^6 has half a million options, and `solve` counts every
//! winning move of each line of a batch. Built one position at a time and looked up, they cost
//! milliseconds a line, most of the batch; the line already holds their values side by side, in
//! their narrowest width, so a count is a scan of a slice. Only a heap whose options are all
//! heaps on the line is answered here; any other goes the generic way (list, value, compare),
//! and both give the same moves in the same order (property-tested below).

use super::expansion::{Expansion, Group};
use super::{Position, ScriptGame};
use grundy_registry::tabulate::Values;

/// A run of options `start..end` of heaps on the line, listed upwards or (`down`) downwards.
struct Run {
    start: usize,
    end: usize,
    down: bool,
}

impl ScriptGame {
    /// The options of the heap `p` whose value is `target`: the first `limit` in the order the
    /// script lists them, and how many there are. `None` when an option is not a heap on the line
    /// (or `p` is not a heap): the generic path answers.
    pub(super) fn options_on_line_to(
        &self,
        p: &Position,
        target: u64,
        limit: usize,
    ) -> Option<(Vec<Position>, usize)> {
        let Position::Int(_) = *p else { return None };
        let expansion = self.expansion(p)?;
        let Expansion::Options(groups) = &*expansion else {
            return None;
        };
        let shared = self.shared();
        let read = shared.read().expect("no thread panics holding it");
        let values = read.line.values();
        let runs = runs(groups, values.len())?;
        let mut first = Vec::new();
        let total = match values {
            Values::U8(v) => scan(v.as_slice(), &runs, target, limit, &mut first),
            Values::U16(v) => scan(v.as_slice(), &runs, target, limit, &mut first),
            Values::U32(v) => scan(v.as_slice(), &runs, target, limit, &mut first),
        };
        Some((first, total))
    }

    /// The same for a sum of heaps on the line (`solve script:F 999999 999998`, one component):
    /// a move changes one part, and reaches `target` when that part moves to `target` XOR the
    /// other parts' values, which the part's own scan finds. The sums come in the order
    /// [`ScriptGame::sum_options`] lists them. `None` when a part is not a heap on the line.
    pub(super) fn sum_options_on_line_to(
        &self,
        parts: &[Position],
        target: u64,
        limit: usize,
    ) -> Option<(Vec<Position>, usize)> {
        let mut valued = parts.to_vec();
        ScriptGame::valued_parts(&mut valued);
        let x = valued
            .iter()
            .try_fold(0, |x, q| Some(x ^ self.held_on_line(q)?))?;
        let mut first = Vec::new();
        let mut total = 0;
        for (i, part) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == *part {
                continue;
            }
            // One of n copies moves, the other n - 1 stay: the part's share of the sum changes
            // by its own value whatever n.
            let (base, n) = part.copies_of();
            let g = self.held_on_line(base)?;
            let room = limit.saturating_sub(first.len());
            let (moves, count) = self.options_on_line_to(base, target ^ x ^ g, room)?;
            total += count;
            for q in moves {
                let mut next = parts.to_vec();
                next[i] = q;
                if n > 1 {
                    next.push(Position::copies(base.clone(), n - 1));
                }
                first.push(Position::sum(next));
            }
        }
        Some((first, total))
    }
}

/// The options `groups` as runs of heaps below `len`; `None` if one is anything else.
fn runs(groups: &[Group], len: usize) -> Option<Vec<Run>> {
    let held = |m: i64| usize::try_from(m).ok().filter(|&m| m < len);
    let mut runs = Vec::with_capacity(groups.len());
    for g in groups {
        let run = match *g {
            Group::Ints(a, b) if a >= b => continue,
            Group::Ints(a, b) => Run {
                start: held(a)?,
                end: held(b - 1)? + 1,
                down: false,
            },
            Group::Down(high, low) if high < low => continue,
            Group::Down(high, low) => Run {
                start: held(low)?,
                end: held(high)? + 1,
                down: true,
            },
            Group::One(Position::Int(m)) => {
                let m = held(m)?;
                Run {
                    start: m,
                    end: m + 1,
                    down: false,
                }
            }
            _ => return None,
        };
        runs.push(run);
    }
    Some(runs)
}

/// Counts the heaps of `runs` whose value in `values` is `target`, pushing the first `limit` of
/// them, in the runs' order, to `first`.
fn scan<T: Copy + PartialEq + TryFrom<u64>>(
    values: &[T],
    runs: &[Run],
    target: u64,
    limit: usize,
    first: &mut Vec<Position>,
) -> usize {
    // A value wider than the line's width is no heap's value on it.
    let Ok(target) = T::try_from(target) else {
        return 0;
    };
    let mut total = 0;
    for run in runs {
        let slice = &values[run.start..run.end];
        total += slice.iter().filter(|&&v| v == target).count();
        let room = limit - first.len().min(limit);
        if room == 0 {
            continue;
        }
        let at =
            |(i, v): (usize, &T)| (*v == target).then_some(Position::Int((run.start + i) as i64));
        if run.down {
            first.extend(slice.iter().enumerate().rev().filter_map(at).take(room));
        } else {
            first.extend(slice.iter().enumerate().filter_map(at).take(room));
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use grundy_core::{Nimber, Ruleset, Solver};
    use proptest::prelude::*;

    use super::super::{Position, ScriptGame};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The moves read off the line are the generic path's: every option listed and valued,
        /// in order, for each value a heap's options reach and one they do not.
        #[test]
        fn moves_off_the_line_are_the_options_valued_one_by_one(
            d in 1i64..4, c in 0i64..6, down in any::<bool>(), n in 0i64..400, limit in 0usize..6,
            quiet in 0i64..4,
        ) {
            let range = if down {
                // A loop from n - 1 down: the script's options in descending order.
                format!("let r = []; let k = n - 1; while k >= n - max(1, n / {d}) && k >= 0 {{ r.push(k); k -= 1; }}")
            } else {
                format!("let r = [range(max(0, n - max(1, n / {d})), n)];")
            };
            let text = format!(
                // With `quiet`, every heap 1 more than a multiple of `quiet + 1` has no move:
                // many options of value 0 in one run, whose order then shows.
                "fn moves(n) {{
                    if {quiet} > 0 && n % ({quiet} + 1) == 1 {{ return []; }}
                    {range}
                    if n > {c} {{ r.push(n - {c} - 1); r.push(0..min(n, {c})); }}
                    r
                }}"
            );
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            // The line is built by valuing the heap (dense options make it pay).
            let mut solver = Solver::new(&game);
            let value = solver.grundy(&Position::Int(n)).unwrap();
            let mut options = Vec::new();
            game.options(&Position::Int(n), &mut options);
            for target in 0..=value.0 + 1 {
                let mut expected = Vec::new();
                for q in &options {
                    if solver.grundy(q).unwrap() == Nimber(target) {
                        expected.push(q.clone());
                    }
                }
                if let Some(found) = game.options_on_line_to(&Position::Int(n), target, limit) {
                    let (first, total) = found;
                    prop_assert_eq!(total, expected.len(), "{}", text);
                    prop_assert_eq!(&first[..], &expected[..limit.min(expected.len())], "{}", text);
                }
            }
            // Past 64 heaps a range this dense puts the heap's options on the line.
            if n > 128 {
                prop_assert!(game.options_on_line_to(&Position::Int(n), 0, 1).is_some());
            }
        }

        /// The same for a sum of heaps (one component, several numbers), copies included: the
        /// sums read off the line are the options of the sum valued one by one, in order.
        #[test]
        fn moves_of_a_sum_off_the_line_are_its_options_valued_one_by_one(
            d in 1i64..4, heaps in prop::collection::vec(prop_oneof![0i64..300, 129i64..300], 2..5),
            copies in 1u64..4,
            limit in 0usize..6,
        ) {
            use grundy_core::Game;
            let text = format!("fn moves(n) {{ range(max(0, n - max(1, n / {d})), n) }}");
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            let mut solver = Solver::new(&game);
            for &h in &heaps {
                solver.grundy(&Position::Int(h)).unwrap();
            }
            let mut parts: Vec<Position> = heaps.iter().map(|&h| Position::Int(h)).collect();
            parts.push(Position::copies(Position::Int(heaps[0]), copies));
            let p = Position::sum(parts);
            let value = solver.grundy(&p).unwrap();
            let mut options = Vec::new();
            game.options(&p, &mut options);
            for target in 0..=value.0 + 1 {
                let expected: Vec<Position> = options
                    .iter()
                    .filter(|q| solver.grundy(q).unwrap() == Nimber(target))
                    .cloned()
                    .collect();
                match game.options_to(&p, Nimber(target), limit) {
                    Some(found) => {
                        let (first, total) = found.unwrap();
                        prop_assert_eq!(total, expected.len(), "{} at {}", text, p);
                        let listed = &expected[..limit.min(expected.len())];
                        prop_assert_eq!(&first[..], listed, "{} at {}", text, p);
                    }
                    // As for one heap: past 128, a range this dense puts its options on the line.
                    None => prop_assert!(heaps.iter().any(|&h| h <= 128), "{} at {}", text, p),
                }
            }
        }
    }
}
