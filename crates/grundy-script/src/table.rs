//! Tables of a script game: the values of the positions `0..=N`, or `[x, y]` over a grid.
//!
//! One solver serves the whole table, so each position is valued once however many table entries
//! reach it; positions are expanded a block at a time on every core ([`ScriptGame::prefetch`])
//! and valued in order. When the moves come back to a position already on the path, every
//! position reachable from the table is explored once and solved as a loopy game.

use grundy_core::{Game, Graph, GraphAnalysis, Key, Outcome, Ruleset, SolveError, Solver, Value};
use rustc_hash::FxHashMap;

use super::line::{self, Line};
use super::{Position, ScriptGame};

/// How many positions are expanded at once: enough to keep every core busy, few enough that the
/// expansions waiting for the solver stay small.
pub(super) const BLOCK: usize = 256;

/// The values of `positions`, in order; `progress` hears how many are done, between blocks, and
/// stops the table by returning `false` (the values are then those of the positions done, and
/// fewer than the positions when the runtime's interrupt stopped a block part way).
pub fn values(
    game: &ScriptGame,
    positions: &[Position],
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<Value>, SolveError> {
    if line::is_line(positions) {
        return line_values(game, positions, progress);
    }
    let mut solver = Solver::with_limits(game, game.limits().clone());
    let mut out = Vec::with_capacity(positions.len());
    let valued = in_blocks(game, positions, progress, |block| {
        for p in block {
            if game.runtime.stopping() {
                break;
            }
            out.push(Value::Finite(solver.grundy(p)?));
        }
        Ok(())
    });
    match valued {
        Err(SolveError::Cycle) => loopy_values(game, positions),
        Err(e) => Err(e),
        Ok(()) => Ok(out),
    }
}

/// [`values`] of the heaps `0..=N`, valued in order into an array ([`line`]): ranges of options
/// are intervals, whose mex costs O(log N).
fn line_values(
    game: &ScriptGame,
    positions: &[Position],
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<Value>, SolveError> {
    let mut line = Line::new(positions.len());
    let mut solver = None;
    let valued = in_blocks(game, positions, progress, |block| {
        for p in block {
            if game.runtime.stopping() {
                break;
            }
            let e = game.expansion_once(p);
            line.value_next(game, e.as_deref(), &mut solver)?;
        }
        Ok(())
    });
    match valued {
        Err(SolveError::Cycle) => loopy_values(game, positions),
        Err(e) => Err(e),
        Ok(()) => Ok(line.into_values()),
    }
}

/// Hands `value` the blocks of `positions` in order, each expanded beforehand: the next block is
/// expanded on the other cores while this one is valued, which the solver's one thread would
/// otherwise leave idle. `progress` hears how many positions are done after each block and
/// stops the walk by returning `false`; a script's error (the game's fault) ends it too, and so
/// does the runtime's interrupt ([`super::ScriptSettings::interrupt`]), within the block (the
/// values are then fewer than the positions).
fn in_blocks(
    game: &ScriptGame,
    positions: &[Position],
    progress: &mut dyn FnMut(usize) -> bool,
    mut value: impl FnMut(&[Position]) -> Result<(), SolveError> + Send,
) -> Result<(), SolveError> {
    let blocks: Vec<&[Position]> = positions.chunks(BLOCK).collect();
    if let Some(first) = blocks.first() {
        game.prefetch(first);
    }
    for (i, block) in blocks.iter().enumerate() {
        let next = blocks.get(i + 1).copied().unwrap_or(&[]);
        let (_, valued) = rayon::join(
            || game.prefetch(next),
            || -> Result<(), SolveError> {
                game.fault()?;
                value(block)
            },
        );
        valued?;
        let go_on = progress(((i + 1) * BLOCK).min(positions.len()));
        if !go_on || game.runtime.stopping() {
            break;
        }
    }
    game.fault()
}

/// The class of a value: P for 0, N for other nimbers and for ∞ with a move to 0, else a draw.
pub fn outcome(v: &Value) -> Outcome {
    match v {
        Value::Finite(g) => Outcome::of(*g),
        Value::Infinite(k) if k.contains(&grundy_core::Nimber::ZERO) => Outcome::N,
        Value::Infinite(_) => Outcome::D,
    }
}

/// Every position reachable from `roots`, explored once and solved with draws.
fn loopy_values(game: &ScriptGame, roots: &[Position]) -> Result<Vec<Value>, SolveError> {
    let cap = game.limits().positions;
    let mut ids: FxHashMap<Key, u32> = FxHashMap::default();
    let mut positions: Vec<Position> = Vec::new();
    let mut root_ids = Vec::with_capacity(roots.len());
    let mut intern = |p: &Position, positions: &mut Vec<Position>| -> Result<u32, SolveError> {
        let fresh = positions.len() as u32;
        let id = *ids.entry(game.key(p)).or_insert(fresh);
        if id == fresh {
            if positions.len() >= cap {
                return Err(SolveError::PositionCap {
                    what: game.name(),
                    cap,
                });
            }
            positions.push(p.clone());
        }
        Ok(id)
    };
    for r in roots {
        root_ids.push(intern(r, &mut positions)?);
    }
    let mut edges = Vec::new();
    let mut options = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let end = positions.len().min(next + BLOCK);
        game.prefetch(&positions[next..end]);
        for i in next..end {
            options.clear();
            game.options(&positions[i], &mut options);
            game.fault()?;
            for q in options.drain(..) {
                let id = intern(&q, &mut positions)?;
                edges.push((i as u32, id));
            }
        }
        next = end;
    }
    let graph = Graph::from_edges(positions.len(), &edges);
    let analysis = GraphAnalysis::new(&graph);
    Ok(root_ids
        .into_iter()
        .map(|v| analysis.value(&graph, v))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> ScriptGame {
        ScriptGame::compile("script:test", "test", text).unwrap()
    }

    fn line(g: &ScriptGame, n: i64) -> Vec<Value> {
        let ps: Vec<Position> = (0..=n).map(Position::Int).collect();
        values(g, &ps, &mut |_| true).unwrap()
    }

    #[test]
    fn take_at_most_half_in_both_forms() {
        let plain = game("fn moves(n) { let r = []; for k in 1..=n/2 { r.push(n - k); } r }");
        let range = game("fn moves(n) { range(n - n / 2, n) }");
        let a = line(&plain, 600);
        assert_eq!(a, line(&range, 600));
        // G(n) = n >> (number of trailing 1s + 1)... checked against the plain mex here.
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=600usize {
            let seen: Vec<u64> = (1..=n / 2).map(|k| g[n - k]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        let expected: Vec<Value> = g
            .into_iter()
            .map(|v| Value::Finite(grundy_core::Nimber(v)))
            .collect();
        assert_eq!(a, expected);
    }

    #[test]
    fn kayles_by_splits_matches_the_octal_game() {
        let k = game("fn moves(n) { let r = []; if n >= 1 { r.push(splits(n - 1)); } if n >= 2 { r.push(splits(n - 2)); } r }");
        let v = line(&k, 100);
        // Kayles: period 12 from n = 71 (Guy and Smith).
        let head = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
        for (n, h) in head.iter().enumerate() {
            assert_eq!(v[n], Value::Finite(grundy_core::Nimber(*h)), "n = {n}");
        }
        for n in 83..=100 {
            assert_eq!(v[n], v[n - 12], "n = {n}");
        }
    }

    #[test]
    fn a_loopy_table_has_draws() {
        // From n you may go to n + 1 (up to 5) or to n - 2: 5 has only n - 2.
        let g = game("fn moves(n) { let r = []; if n < 5 { r.push(n + 1); } if n >= 2 { r.push(n - 2); } r }");
        let v = line(&g, 5);
        assert!(v.iter().any(|x| matches!(x, Value::Infinite(_))));
    }
}
