//! Every-SG: on each turn a player must move in *every* component that is not finished; the
//! player who cannot move (every component finished) loses.
//!
//! **Steps (Winning Ways ch. 9, "suspense numbers" of the continued conjunctive compound; Jia
//! Zhihao 2009, "Every-SG").** The step count `S(p)` of a position is 0 if it has no move. The
//! player who wins a component wants it to last (so that it is the last to finish), the player who
//! loses it wants it over. So if `p` is an N-position (some option has even `S`),
//! `S(p) = 1 + max S(q)` over its P-options (win slowly); otherwise `S(p) = 1 + min S(q)` over all
//! options (lose fast). `S(p)` is odd exactly for N-positions.
//!
//! **Theorem.** In Every-SG the component with the largest step count decides: the player to move
//! wins exactly when `max_i S(p_i)` is odd. A combined move (one move in every unfinished
//! component) wins exactly when it leaves components whose largest step count is even; the
//! canonical winning strategy moves every component to an option with `S(q) = S(p_i) − 1`.
//!
//! *Not remoteness.* Smith's remoteness (win fast, lose slowly) decides the *conjunctive*
//! compound, which ends as soon as any component does. In Every-SG finished components wait for
//! the others, and remoteness gives wrong answers. In `sub:1,3,4 4 + nim 1 2` the heap of 3 that
//! `sub:1,3,4 4` can move to has remoteness 1 (take it all) but step count 3 (its winner prefers
//! the long way, through 2). Moving `sub` to 3 and Nim to `1 1` leaves remotenesses 1, 2 (a
//! "P-position" by remoteness) but step counts 3, 2, and indeed the opponent then wins by moving
//! to 2 and `1`. The whole-sum search confirms the step counts: exactly two combined moves win.
//!
//! Step counts are computed per component by a memoized, iterative, capped search of its game
//! tree ([`crate::Explore`]), using a component's closed form where it offers one
//! ([`crate::Explore::steps`]); [`analyse_every_by_search`] searches the whole sum instead and is
//! the oracle the theorem is tested against.

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use serde_json::Value as Json;

use crate::limits::Limits;
use crate::misere::graphs;
use crate::{
    Component, GameTree, MoveReport, Nimber, Outcome, SolveError, Value, MOVE_POSITION_LIMIT,
};

/// A move of the whole sum under Every-SG: one move in every unfinished component.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CombinedMove {
    /// The moves in words, component by component.
    pub description: String,
    /// Each component's move (`None` for a finished component, which is left as it is).
    pub moves: Vec<Option<String>>,
    /// Each component's move as data (see [`crate::MoveReport::fields`]), `None` as in `moves`.
    pub component_moves: Vec<Option<Json>>,
    /// The whole position after the move; `null` (absent from JSON) when some part of it is left
    /// out for its size (see [`crate::MOVE_POSITION_LIMIT`]).
    #[serde(skip_serializing_if = "Json::is_null")]
    pub position: Json,
}

/// The verdict on a sum under Every-SG.
#[derive(Clone, Debug, PartialEq)]
pub struct EveryAnalysis {
    /// Who wins.
    pub outcome: Outcome,
    /// Each component's steps (`None` when the whole sum was searched instead).
    pub steps: Option<Vec<u64>>,
    /// Each component's normal-play value, when it could be computed.
    pub values: Option<Vec<Value>>,
    /// The XOR of the normal-play values, when all are finite (for information only).
    pub grundy: Option<Nimber>,
    /// Winning combined moves (at most the limit), those of the canonical strategy first.
    pub winning_moves: Vec<CombinedMove>,
    /// How many winning combined moves there are in all (saturating); 0 and meaningless when
    /// they were not looked for.
    pub winning_moves_total: usize,
    /// Whether the winning moves were looked for: `false` from [`analyse_every_outcome`].
    pub moves_searched: bool,
}

/// Memoized steps on one component's graph.
pub struct Steps<'a> {
    graph: GameTree<'a>,
    memo: FxHashMap<u32, u64>,
}

struct Frame {
    id: u32,
    children: Vec<u32>,
    next: usize,
    max_even: Option<u64>,
    min_all: u64,
}

impl<'a> Steps<'a> {
    /// Steps on `graph`.
    pub fn new(graph: GameTree<'a>) -> Self {
        Steps {
            graph,
            memo: FxHashMap::default(),
        }
    }

    /// The graph (to intern more positions).
    pub fn graph(&mut self) -> &mut GameTree<'a> {
        &mut self.graph
    }

    fn known(&self, id: u32) -> Option<u64> {
        self.graph
            .steps_hint(id)
            .or_else(|| self.memo.get(&id).copied())
    }

    fn frame(&mut self, id: u32) -> Result<Frame, SolveError> {
        Ok(Frame {
            id,
            children: self.graph.children(id)?.to_vec(),
            next: 0,
            max_even: None,
            min_all: u64::MAX,
        })
    }

    /// The steps of position `root`.
    pub fn of(&mut self, root: u32) -> Result<u64, SolveError> {
        if let Some(r) = self.known(root) {
            return Ok(r);
        }
        let mut on_stack = FxHashSet::default();
        on_stack.insert(root);
        let first = self.frame(root)?;
        let mut stack = vec![first];
        loop {
            let top = stack.last_mut().expect("the root stays until it returns");
            let mut pending = None;
            while top.next < top.children.len() {
                let c = top.children[top.next];
                let known = self
                    .graph
                    .steps_hint(c)
                    .or_else(|| self.memo.get(&c).copied());
                match known {
                    Some(r) => {
                        if r % 2 == 0 {
                            top.max_even = Some(top.max_even.map_or(r, |m| m.max(r)));
                        }
                        top.min_all = top.min_all.min(r);
                        top.next += 1;
                    }
                    None => {
                        pending = Some(c);
                        break;
                    }
                }
            }
            if let Some(c) = pending {
                if !on_stack.insert(c) {
                    return Err(SolveError::Cycle);
                }
                let f = self.frame(c)?;
                stack.push(f);
                continue;
            }
            let done = stack.pop().expect("non-empty");
            let r = if done.children.is_empty() {
                0
            } else {
                // Win slowly (through the longest P-option) or lose fast.
                1 + done.max_even.unwrap_or(done.min_all)
            };
            on_stack.remove(&done.id);
            self.memo.insert(done.id, r);
            if stack.is_empty() {
                return Ok(r);
            }
        }
    }
}

/// One component's choices for a combined move: its moves (or "stay", if finished) with a score
/// (steps after the move, or for the oracle anything that orders them).
type Choices = Vec<(Option<MoveReport>, u64)>;

/// How many moves of one component lead to each score: `(score, how many)`, possibly repeated.
type Tally = Vec<(u64, u128)>;

/// At most this many moves per component and step count are described when a component groups
/// its moves by a theorem (the rest are counted).
const SAMPLE_CAP: usize = 1 << 16;

fn combine(components: &[Box<dyn Component>], pick: &[&(Option<MoveReport>, u64)]) -> CombinedMove {
    let mut parts = Vec::new();
    let mut moves = Vec::new();
    let mut component_moves = Vec::new();
    let mut position = Vec::new();
    for (i, (m, _)) in pick.iter().enumerate() {
        match m {
            Some(m) => {
                parts.push(if components.len() == 1 {
                    m.description.clone()
                } else {
                    format!(
                        "in component {} ({}): {}",
                        i + 1,
                        components[i].game(),
                        m.description
                    )
                });
                moves.push(Some(m.description.clone()));
                component_moves.push(Some(m.fields.clone()));
                position.push(m.position.clone());
            }
            None => {
                moves.push(None);
                component_moves.push(None);
                position.push(components[i].position());
            }
        }
    }
    let whole = if components.len() == 1 {
        position.pop().unwrap_or(Json::Null)
    } else if position.iter().any(Json::is_null) || components.len() > MOVE_POSITION_LIMIT {
        Json::Null
    } else {
        Json::Array(position)
    };
    CombinedMove {
        description: parts.join("; "),
        moves,
        component_moves,
        position: whole,
    }
}

/// Decides a sum under Every-SG by the step-count theorem: outcome, step count of every
/// component, and the winning combined moves (the first `limit` listed, all counted).
pub fn analyse_every(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<EveryAnalysis, SolveError> {
    every_sum(components, Some(limit), limits)
}

/// The Every-SG outcome and step counts alone, without looking for the winning combined moves
/// (each component's moves listed with their step counts, and their combinations counted):
/// [`EveryAnalysis::moves_searched`] is `false`.
pub fn analyse_every_outcome(
    components: &mut [Box<dyn Component>],
    limits: &Limits,
) -> Result<EveryAnalysis, SolveError> {
    every_sum(components, None, limits)
}

/// [`analyse_every`], or with `limit` `None` [`analyse_every_outcome`].
fn every_sum(
    components: &mut [Box<dyn Component>],
    limit: Option<usize>,
    limits: &Limits,
) -> Result<EveryAnalysis, SolveError> {
    let (values, grundy) = crate::component::normal_values(components);
    let components: &[Box<dyn Component>] = components;
    let (graphs, roots) = graphs(components, "Every-SG", limits)?;
    let mut counts: Vec<Steps> = graphs.into_iter().map(Steps::new).collect();
    let mut steps = Vec::with_capacity(components.len());
    for ((r, &root), c) in counts.iter_mut().zip(&roots).zip(components) {
        steps.push(r.of(root).map_err(|e| match e {
            // A step count is a length of play; with a cycle, play has no bound.
            SolveError::Cycle => SolveError::TooLarge(format!(
                "Every-SG: a position of '{}' can repeat (the game has a cycle), and Every-SG is \
                 decided only for games that always end",
                c.game()
            )),
            e => e,
        })?);
    }
    let top = steps.iter().copied().max().unwrap_or(0);
    let outcome = if top % 2 == 1 { Outcome::N } else { Outcome::P };
    let mut winning_moves = Vec::new();
    let mut winning_moves_total = 0;
    if let (Outcome::N, Some(limit)) = (outcome, limit) {
        let mut choices: Vec<Choices> = Vec::with_capacity(components.len());
        let mut tallies: Vec<Tally> = Vec::with_capacity(components.len());
        for (i, c) in components.iter().enumerate() {
            // Each component's moves are kept with their reports: thousands of components
            // with thousands of moves each can hold gigabytes.
            let listed = choices.iter().map(Vec::len).sum();
            limits.check_memory(listed, || "the Every-SG winning moves".into())?;
            if steps[i] == 0 {
                choices.push(vec![(None, 0)]);
                tallies.push(vec![(0, 1)]);
                continue;
            }
            let tree = c.explore().expect("checked by graphs()");
            let mut list = Vec::new();
            if let Some(groups) = tree.moves_by_steps(limit.min(SAMPLE_CAP))? {
                let mut tally = Vec::new();
                for g in groups {
                    tally.push((g.steps, u128::from(g.count)));
                    list.extend(g.moves.into_iter().map(|m| (Some(m), g.steps)));
                }
                tallies.push(tally);
            } else {
                for (report, q) in tree.moves()? {
                    let id = counts[i].graph().intern(q)?;
                    list.push((Some(report), counts[i].of(id)?));
                }
                tallies.push(list.iter().map(|(_, r)| (*r, 1)).collect());
            }
            // The canonical strategy's move (steps R - 1) first.
            let want = steps[i] - 1;
            list.sort_by_key(|(_, r)| (*r != want, *r));
            choices.push(list);
        }
        let (moves, total) =
            winning_combinations(components, &choices, &tallies, limit, |m| m % 2 == 0);
        winning_moves = moves;
        winning_moves_total = total;
        // Put the canonical combined move first if it is not already.
        let canonical: Vec<&(Option<MoveReport>, u64)> = choices.iter().map(|c| &c[0]).collect();
        let canonical = combine(components, &canonical);
        if let Some(k) = winning_moves.iter().position(|m| *m == canonical) {
            winning_moves[..=k].rotate_right(1);
        } else if limit > 0 && winning_moves_total > 0 {
            winning_moves.insert(0, canonical);
            winning_moves.truncate(limit);
        }
    }
    Ok(EveryAnalysis {
        outcome,
        steps: Some(steps),
        values,
        grundy,
        winning_moves,
        winning_moves_total,
        moves_searched: limit.is_some(),
    })
}

/// The combined moves whose largest score satisfies `good`: the first `limit` listed (by largest
/// score, then component by component), all counted (saturating).
fn winning_combinations(
    components: &[Box<dyn Component>],
    choices: &[Choices],
    tallies: &[Tally],
    limit: usize,
    good: impl Fn(u64) -> bool,
) -> (Vec<CombinedMove>, usize) {
    let mut scores: Vec<u64> = tallies.iter().flatten().map(|(r, _)| *r).collect();
    scores.sort_unstable();
    scores.dedup();
    let mut listed = Vec::new();
    let mut total: u128 = 0;
    let count = |c: &Tally, keep: &dyn Fn(u64) -> bool| -> u128 {
        c.iter()
            .filter(|(r, _)| keep(*r))
            .fold(0u128, |s, (_, n)| s.saturating_add(*n))
    };
    for &t in scores.iter().filter(|&&t| good(t)) {
        // Combinations whose largest score is exactly t.
        let le = tallies
            .iter()
            .fold(1u128, |p, c| p.saturating_mul(count(c, &|r| r <= t)));
        let lt = tallies
            .iter()
            .fold(1u128, |p, c| p.saturating_mul(count(c, &|r| r < t)));
        total = total.saturating_add(le - lt.min(le));
        // List them: the first component scoring exactly t is j; before it scores < t.
        for j in 0..choices.len() {
            if listed.len() >= limit {
                break;
            }
            let lists: Vec<Vec<&(Option<MoveReport>, u64)>> = choices
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    c.iter()
                        .filter(|(_, r)| match i.cmp(&j) {
                            std::cmp::Ordering::Less => *r < t,
                            std::cmp::Ordering::Equal => *r == t,
                            std::cmp::Ordering::Greater => *r <= t,
                        })
                        .collect()
                })
                .collect();
            if lists.iter().any(Vec::is_empty) {
                continue;
            }
            let mut index = vec![0usize; lists.len()];
            'odometer: loop {
                if listed.len() >= limit {
                    break;
                }
                let pick: Vec<&(Option<MoveReport>, u64)> =
                    index.iter().zip(&lists).map(|(&k, l)| l[k]).collect();
                listed.push(combine(components, &pick));
                for d in (0..index.len()).rev() {
                    index[d] += 1;
                    if index[d] < lists[d].len() {
                        continue 'odometer;
                    }
                    index[d] = 0;
                }
                break;
            }
        }
    }
    (listed, usize::try_from(total).unwrap_or(usize::MAX))
}

/// Decides a sum under Every-SG by searching the whole sum (no theorem trusted), storing at most
/// `limits.positions` positions: a position is a win for the player to move exactly when some combined move
/// reaches a loss, and a position where every component is finished is a loss. Lists every
/// winning combined move (up to `limit`).
pub fn analyse_every_by_search(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<EveryAnalysis, SolveError> {
    let (values, grundy) = crate::component::normal_values(components);
    let components: &[Box<dyn Component>] = components;
    let (mut graphs, root) = graphs(components, "Every-SG", limits)?;
    let mut search = EverySearch {
        graphs: &mut graphs,
        memo: FxHashMap::default(),
        limits: limits.clone(),
    };
    let outcome = if search.wins(&root)? {
        Outcome::N
    } else {
        Outcome::P
    };
    let mut choices: Vec<Choices> = Vec::new();
    let mut ids: Vec<Vec<u32>> = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let tree = c.explore().expect("checked by graphs()");
        let moves = tree.moves()?;
        if moves.is_empty() {
            choices.push(vec![(None, 0)]);
            ids.push(vec![root[i]]);
            continue;
        }
        let mut list = Vec::new();
        let mut idl = Vec::new();
        for (report, q) in moves {
            idl.push(search.graphs[i].intern(q)?);
            list.push((Some(report), 0));
        }
        choices.push(list);
        ids.push(idl);
    }
    // Every combined move, one by one: the oracle trusts no theorem about how components combine.
    let mut winning_moves = Vec::new();
    let mut total = 0usize;
    let mut index = vec![0usize; choices.len()];
    let over = choices.iter().all(|c| c[0].0.is_none());
    'odometer: loop {
        if over {
            break;
        }
        let state: Vec<u32> = index.iter().zip(&ids).map(|(&k, l)| l[k]).collect();
        if !search.wins(&state)? {
            total += 1;
            if winning_moves.len() < limit {
                let pick: Vec<&(Option<MoveReport>, u64)> =
                    index.iter().zip(&choices).map(|(&k, l)| &l[k]).collect();
                winning_moves.push(combine(components, &pick));
            }
        }
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < choices[d].len() {
                continue 'odometer;
            }
            index[d] = 0;
        }
        break;
    }
    Ok(EveryAnalysis {
        outcome,
        steps: None,
        values,
        grundy,
        winning_moves,
        winning_moves_total: total,
        moves_searched: true,
    })
}

struct EverySearch<'g, 'a> {
    graphs: &'g mut [GameTree<'a>],
    memo: FxHashMap<Vec<u32>, bool>,
    limits: Limits,
}

impl EverySearch<'_, '_> {
    /// Whether the player to move wins; plain recursion is enough for the oracle's small sums.
    fn wins(&mut self, state: &[u32]) -> Result<bool, SolveError> {
        if let Some(&w) = self.memo.get(state) {
            return Ok(w);
        }
        let mut win = false;
        let mut lists = Vec::with_capacity(state.len());
        let mut any_move = false;
        for (i, &s) in state.iter().enumerate() {
            let c = self.graphs[i].children(s)?.to_vec();
            any_move |= !c.is_empty();
            // A finished component stays as it is.
            lists.push(if c.is_empty() { vec![s] } else { c });
        }
        if any_move {
            let mut index = vec![0usize; lists.len()];
            'odometer: loop {
                let next: Vec<u32> = index.iter().zip(&lists).map(|(&k, l)| l[k]).collect();
                if !self.wins(&next)? {
                    win = true;
                    break;
                }
                for d in (0..index.len()).rev() {
                    index[d] += 1;
                    if index[d] < lists[d].len() {
                        continue 'odometer;
                    }
                    index[d] = 0;
                }
                break;
            }
        }
        let cap = self.limits.positions;
        if self.memo.len() >= cap {
            return Err(SolveError::TableFull { cap });
        }
        self.limits
            .check_memory(self.memo.len(), || "the Every-SG search".into())?;
        self.memo.insert(state.to_vec(), win);
        Ok(win)
    }
}
