//! Misère play: the player who makes the last move loses.
//!
//! **Misère Nim (Bouton, 1901).** If every heap has at most one token, the position is a
//! P-position exactly when the number of heaps of size 1 is odd; otherwise it is a P-position
//! exactly when the XOR of the heaps is 0, as in normal play.
//!
//! **Theorem (Sprague–Grundy–Jones, "SJ"; Jia Zhihao 2009, on anti-SG games).** Let a position be
//! a sum of atoms with normal-play values `g_1, …, g_k` and XOR `X`, where every move changes one
//! atom into one atom, and where every reachable atom of value 0 that still has a move has a move
//! to an atom of value 1. Then under misère play the player to move wins exactly when
//! (`X ≠ 0` and some `g_i > 1`) or (`X = 0` and every `g_i ≤ 1`).
//!
//! *Why the condition.* Jia states the theorem for games that end as soon as every atom has value
//! 0. The proof only uses that rule once: a position whose atoms all have value 0 must be a win for
//! the player to move. If every atom is terminal that is the misère rule itself; otherwise some
//! non-terminal atom of value 0 moves to value 1, leaving `X = 1` with every value at most 1, a
//! P-position. Every other step (from the claimed N-positions some move reaches a claimed
//! P-position; from a claimed P-position every move reaches a claimed N-position) holds for any
//! atoms that do not split, since an option never has its parent's value. Without the condition the
//! rule fails: the game `{*2}` (one move, to a Nim heap of 2) has value 0 but loses at misère play.
//! Nim heaps satisfy it (value 0 means empty), so misère Nim is the special case above; so do the
//! heaps of Bash's game (`n ≡ 0 mod K+1`, `n > 0`, has the move to `n − K`, of value 1), whence
//! a single Bash heap is a misère P-position exactly when `n ≡ 1 mod (K+1)`.
//!
//! Components that declare SJ atoms ([`Component::sj_atoms`]: heaps of Nim, Bash, checked heap
//! rulesets) are decided by the theorem. A component that declares none is checked as a single
//! atom: the Grundy values of its whole game tree are computed (at most [`CHECK_CAP`] positions)
//! and the condition tested at every position; the cost is the sum of the components' trees, not
//! their product. If some component fails, the sum is decided by an exact search of the whole sum
//! ([`analyse_misere_by_search`]): a position without moves is a win for the player to move, any
//! other is a win exactly when some move reaches a loss. The search is iterative, memoized and
//! capped. When play can repeat (a loopy game), every position of the sum is listed instead and
//! labelled N, P or D by retrograde analysis.

use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

use crate::component::lift;
use crate::limits::Limits;
use crate::{mex, Component, GameTree, MoveReport, Nimber, Outcome, SolveError, SumMove, Value};

/// How a misère verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MisereMethod {
    /// The Sprague–Grundy–Jones theorem on the atoms' values (misère Nim is a case of it).
    Sj,
    /// An exact search of the whole sum.
    Search,
    /// The game's misère quotient (see [`crate::quotient`]): the product of the heaps' elements.
    Quotient,
}

/// The misère quotient a verdict used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientUsed {
    /// Its order.
    pub order: usize,
    /// How many of its elements are P.
    pub p_portion: usize,
    /// The largest heap it is proved for; `None`: every heap (the periodicity theorem).
    pub proved_upto: Option<u64>,
}

/// The verdict on a sum under misère play.
#[derive(Clone, Debug, PartialEq)]
pub struct MisereAnalysis {
    /// Who wins under misère play.
    pub outcome: Outcome,
    /// How it was decided.
    pub method: MisereMethod,
    /// Each component's normal-play value, when it could be computed (for information: the
    /// misère outcome is not a function of the total alone).
    pub values: Option<Vec<Value>>,
    /// The XOR of the normal-play values, when all are finite.
    pub grundy: Option<Nimber>,
    /// The moves to misère P-positions (at most the limit).
    pub winning_moves: Vec<SumMove>,
    /// How many there are in all.
    pub winning_moves_total: usize,
    /// In a drawn position (loopy games only), the moves that keep the draw.
    pub drawing_moves: Vec<SumMove>,
    /// The misère quotient that decided it, with [`MisereMethod::Quotient`].
    pub quotient: Option<QuotientUsed>,
    /// An outcome-only search decided ([`analyse_misere_outcome`]): `winning_moves` holds the
    /// one move that settled it, the others were not looked for (`winning_moves_total` is 0),
    /// and no normal-play value was computed.
    pub outcome_search: bool,
}

/// The misère outcome of a sum of SJ atoms with these normal-play values.
///
/// ```
/// use grundy_core::{misere::sj_outcome, Nimber, Outcome};
/// // Misère Nim: 1 1 1 loses for the player to move (an odd number of ones), 1 1 wins.
/// assert_eq!(sj_outcome(&[Nimber(1), Nimber(1), Nimber(1)]), Outcome::P);
/// assert_eq!(sj_outcome(&[Nimber(1), Nimber(1)]), Outcome::N);
/// // With a heap above 1 it is Bouton's normal rule: 2 2 is P, 2 3 is N.
/// assert_eq!(sj_outcome(&[Nimber(2), Nimber(2)]), Outcome::P);
/// assert_eq!(sj_outcome(&[Nimber(2), Nimber(3)]), Outcome::N);
/// ```
pub fn sj_outcome(atoms: &[Nimber]) -> Outcome {
    let x: Nimber = atoms.iter().copied().sum();
    let big = atoms.iter().any(|g| g.0 > 1);
    if (x.0 != 0 && big) || (x.0 == 0 && !big) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Decides a sum under misère play: by the SJ theorem when every component offers SJ atoms,
/// otherwise by searching the whole sum.
pub fn analyse_misere(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<MisereAnalysis, SolveError> {
    analyse_misere_with(components, limit, limits, false)
}

/// Who wins under misère play, stopping at the first winning move proved: the theorems first
/// (the SJ theorem on declared atoms, the misère quotient), which are complete and cheap; else a
/// search of the whole sum that stops as soon as the player to move is shown to win
/// ([`MisereAnalysis::outcome_search`]), with no normal-play value computed and no component's
/// tree valued whole to check the SJ condition. A theorem lists and counts its winning moves as
/// [`analyse_misere`] does, at most `limit` of them. Play that can repeat is labelled by
/// retrograde analysis as in [`analyse_misere`].
///
/// ```
/// use grundy_core::misere::analyse_misere_outcome;
/// use grundy_core::{limits::Limits, Game, Outcome, Ruleset, RulesetComponent};
///
/// /// Take one or two tokens; the value of n is n mod 3, but play is misère.
/// struct OneOrTwo;
/// impl Ruleset for OneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
///     }
/// }
/// impl Game for OneOrTwo {
///     fn name(&self) -> String {
///         "one-or-two".into()
///     }
///     fn show(&self, n: &u64) -> serde_json::Value {
///         (*n).into()
///     }
///     fn describe(&self, from: &u64, to: &u64) -> String {
///         format!("{from} -> {to}")
///     }
/// }
/// // Misère: the player who takes the last token loses, so the heaps 1, 4, 7, … are lost.
/// let mut lost = [RulesetComponent::boxed(OneOrTwo, 7)];
/// assert_eq!(analyse_misere_outcome(&mut lost, 10, &Limits::DEFAULT).unwrap().outcome, Outcome::P);
/// let mut won = [RulesetComponent::boxed(OneOrTwo, 9)];
/// let a = analyse_misere_outcome(&mut won, 10, &Limits::DEFAULT).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves[0].description, "9 -> 7");
/// ```
pub fn analyse_misere_outcome(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<MisereAnalysis, SolveError> {
    analyse_misere_with(components, limit, limits, true)
}

/// [`analyse_misere`], or with `outcome_only` [`analyse_misere_outcome`].
fn analyse_misere_with(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
    outcome_only: bool,
) -> Result<MisereAnalysis, SolveError> {
    let mut declared = Vec::with_capacity(components.len());
    for c in components.iter_mut() {
        match c.sj_atoms() {
            Ok(d) => declared.push(d),
            // A heap too large for its normal-play value may still have a misère quotient.
            Err(e) => return analyse_misere_by_quotient(components, limit, limits).ok_or(e),
        }
    }
    // Heaps that are not all SJ atoms: the game's misère quotient, when it has one, decides
    // any number of them before a component's tree is explored whole.
    if declared.iter().any(Option::is_none) {
        if let Some(a) = analyse_misere_by_quotient(components, limit, limits) {
            return Ok(a);
        }
    }
    // A component that declares no atoms may still be one SJ atom as a whole: check its tree.
    let mut atoms: Vec<Atoms> = Vec::with_capacity(components.len());
    for (c, d) in components.iter().zip(declared) {
        match d {
            Some(values) => atoms.push(Atoms::Declared(values)),
            // Checking the SJ condition values the component's whole tree: the outcome-only
            // search is sooner, as it stops at the first winning move.
            None if outcome_only => return misere_outcome_search(components, limit, limits),
            None => match checked_atom(c.as_ref(), limits.capped(CHECK_CAP)) {
                Some((value, moves)) => atoms.push(Atoms::Checked(value, moves)),
                None => {
                    return analyse_misere_by_search(components, limit, limits);
                }
            },
        }
    }
    let all: Vec<Nimber> = atoms.iter().flat_map(Atoms::values).collect();
    let outcome = sj_outcome(&all);
    let x: Nimber = all.iter().copied().sum();
    let big = all.iter().filter(|g| g.0 > 1).count();
    let mut winning_moves = Vec::new();
    let mut winning_moves_total = 0;
    if outcome == Outcome::N {
        let mut reports = Vec::new();
        for (c, component_atoms) in atoms.iter().enumerate() {
            for (i, g) in component_atoms.values().enumerate() {
                // The one value this atom may take to leave a claimed P-position: with another
                // atom above 1, the normal-play move to XOR 0; otherwise (every other atom at most
                // 1, so their XOR is 0 or 1) the value that makes the XOR 1.
                let others = x + g;
                let others_big = big - usize::from(g.0 > 1);
                let target = if others_big > 0 {
                    others
                } else {
                    Nimber(others.0 ^ 1)
                };
                if target == g {
                    continue;
                }
                reports.clear();
                let room = limit.saturating_sub(winning_moves.len());
                match component_atoms {
                    Atoms::Declared(_) => {
                        winning_moves_total +=
                            components[c].atom_moves_to(i, target, room, &mut reports)?;
                    }
                    Atoms::Checked(_, moves) => {
                        let hits = moves.iter().filter(|(_, v)| *v == target);
                        winning_moves_total += hits.clone().count();
                        reports.extend(hits.take(room).map(|(m, _)| m.clone()));
                    }
                }
                for m in reports.drain(..) {
                    winning_moves.push(lift(components, c, m));
                }
            }
        }
    }
    let (values, grundy) = crate::component::normal_values(components);
    Ok(MisereAnalysis {
        outcome,
        method: MisereMethod::Sj,
        values,
        grundy,
        winning_moves,
        winning_moves_total,
        drawing_moves: Vec::new(),
        quotient: None,
        outcome_search: false,
    })
}

/// Heaps up to this size are decided by a misère quotient when the game has one proved that far
/// (or for every heap): [`analyse_misere_by_quotient`] builds it, then multiplies.
pub const QUOTIENT_HEAPS: u64 = 400;

/// The caps of the quotient [`analyse_misere`] tries before searching: tight, so a game whose
/// quotient grows large gives up within a fraction of a second (0.07, Grundy's game) while the
/// quotients MisereSolver lists (Kayles' 40 elements among them) fit. `grundy quotient` has the
/// larger defaults of [`crate::quotient::Caps`].
pub const QUOTIENT_CAPS: crate::quotient::Caps = crate::quotient::Caps {
    order: 256,
    states: 1 << 18,
    candidate: 1 << 16,
    limits: Limits::DEFAULT,
    stop: None,
};

/// Decides a sum of heaps of one heap game by the game's misère quotient, when one is proved for
/// every heap of the sum (the construction is tried up to [`QUOTIENT_HEAPS`]): the outcome and
/// every winning move in time linear in the number of heaps. `None` when the sum is not of that
/// kind or no such quotient was found.
pub fn analyse_misere_by_quotient(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Option<MisereAnalysis> {
    let game = components.first()?.game();
    let mut heaps: Vec<u64> = Vec::new();
    for c in components.iter() {
        if c.game() != game {
            return None;
        }
        heaps.extend_from_slice(c.heap_rules()?.1);
    }
    let (rules, _) = components[0].heap_rules()?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let q = crate::quotient::MisereQuotient::compute(
        rules,
        // Only the heaps the sum needs: past QUOTIENT_HEAPS, only a period proved on the way
        // can cover it.
        largest.min(QUOTIENT_HEAPS),
        rules.periodicity_bound(),
        crate::quotient::Caps {
            limits: limits.clone(),
            ..QUOTIENT_CAPS
        },
        &mut |_, _| true,
    )
    .ok()?;
    let outcome = if q.is_p_position(&heaps)? {
        Outcome::P
    } else {
        Outcome::N
    };
    let (total, listed) = q.winning_moves(rules, &heaps, limit)?;
    // Heap indices of the whole sum back to their components.
    let mut starts = Vec::with_capacity(components.len());
    let mut at = 0;
    for c in components.iter() {
        starts.push(at);
        at += c.heap_rules().map_or(0, |(_, h)| h.len());
    }
    let mut winning_moves = Vec::with_capacity(listed.len());
    for (i, to) in listed {
        let c = starts.partition_point(|&s| s <= i) - 1;
        let report = components[c].heap_move(i - starts[c], &to)?;
        winning_moves.push(lift(components, c, report));
    }
    let (values, grundy) = crate::component::normal_values(components);
    Some(MisereAnalysis {
        outcome,
        method: MisereMethod::Quotient,
        values,
        grundy,
        winning_moves,
        winning_moves_total: usize::try_from(total).unwrap_or(usize::MAX),
        drawing_moves: Vec::new(),
        quotient: Some(QuotientUsed {
            order: q.monoid().order(),
            p_portion: q.monoid().p_portion().count(),
            proved_upto: (!q.is_complete()).then_some(q.last()),
        }),
        outcome_search: false,
    })
}

/// Positions explored when checking whether a whole component is an SJ atom.
pub const CHECK_CAP: usize = 200_000;

/// A component's SJ atoms: declared by the component, or the component itself, checked.
enum Atoms {
    Declared(Vec<Nimber>),
    /// The component's value and its moves with the values they lead to.
    Checked(Nimber, Vec<(MoveReport, Nimber)>),
}

impl Atoms {
    fn values(&self) -> impl Iterator<Item = Nimber> + Clone + '_ {
        let (declared, checked) = match self {
            Atoms::Declared(v) => (v.as_slice(), None),
            Atoms::Checked(g, _) => (&[][..], Some(*g)),
        };
        declared.iter().copied().chain(checked)
    }
}

/// Whether the whole component is an SJ atom (every position of its tree with value 0 and a move
/// has a move to value 1), found by computing the Grundy values of its whole game tree (at most
/// `limits.positions` positions); if so, its value and its moves with their values. `None` if it
/// is not, or the tree cannot be explored within the cap.
fn checked_atom(c: &dyn Component, limits: Limits) -> Option<(Nimber, Vec<(MoveReport, Nimber)>)> {
    let tree = c.explore()?;
    let mut graph = GameTree::new(c.game(), limits);
    let root = graph.intern(tree).ok()?;
    let values = tree_values(&mut graph, root).ok()?;
    for (&id, &g) in &values {
        if g.is_zero() {
            let children = graph.children(id).ok()?;
            if !children.is_empty() && !children.iter().any(|q| values[q] == Nimber(1)) {
                return None;
            }
        }
    }
    let mut moves = Vec::new();
    for (report, q) in c.explore()?.moves().ok()? {
        let id = graph.intern(q).ok()?;
        moves.push((report, *values.get(&id)?));
    }
    Some((values[&root], moves))
}

/// The Grundy value of every position reachable from `root`: an iterative mex over the graph.
fn tree_values(graph: &mut GameTree, root: u32) -> Result<FxHashMap<u32, Nimber>, SolveError> {
    let mut values: FxHashMap<u32, Nimber> = FxHashMap::default();
    let mut on_stack = FxHashSet::default();
    on_stack.insert(root);
    let mut stack = vec![(root, graph.children(root)?.to_vec(), 0usize)];
    while let Some((id, children, next)) = stack.last_mut() {
        // Resume the scan where it stopped: restarting it from the first child would make a
        // position with k moves cost O(k²) (a staircase of 3000 tokens took seconds).
        if let Some(skip) = children[*next..]
            .iter()
            .position(|c| !values.contains_key(c))
        {
            *next += skip;
            let c = children[*next];
            if !on_stack.insert(c) {
                return Err(SolveError::Cycle);
            }
            let grandchildren = graph.children(c)?.to_vec();
            stack.push((c, grandchildren, 0));
            continue;
        }
        let g = mex(children.iter().map(|c| values[c]));
        let id = *id;
        on_stack.remove(&id);
        values.insert(id, g);
        stack.pop();
    }
    Ok(values)
}

/// The graphs of a sum's components, with an error naming the first game that cannot list its
/// moves.
pub(crate) fn graphs<'a>(
    components: &'a [Box<dyn Component>],
    convention: &str,
    limits: &Limits,
) -> Result<(Vec<GameTree<'a>>, Vec<u32>), SolveError> {
    let mut graphs = Vec::with_capacity(components.len());
    let mut root = Vec::with_capacity(components.len());
    for c in components {
        let Some(tree) = c.explore() else {
            return Err(SolveError::TooLarge(format!(
                "{} play needs the moves of every component, and the game '{}' cannot list them",
                convention,
                c.game()
            )));
        };
        let mut g = GameTree::new(c.game(), limits.clone());
        root.push(g.intern(tree)?);
        graphs.push(g);
    }
    Ok((graphs, root))
}

/// An exact search of a sum of component graphs under misère play.
pub(crate) struct MisereSearch<'g, 'a> {
    graphs: &'g mut [GameTree<'a>],
    memo: FxHashMap<Vec<u32>, bool>,
    limits: Limits,
}

struct Frame {
    state: Vec<u32>,
    options: Vec<Vec<u32>>,
    next: usize,
}

impl<'g, 'a> MisereSearch<'g, 'a> {
    pub(crate) fn new(graphs: &'g mut [GameTree<'a>], limits: &Limits) -> Self {
        MisereSearch {
            graphs,
            memo: FxHashMap::default(),
            limits: limits.clone(),
        }
    }

    fn frame(&mut self, state: Vec<u32>) -> Result<Frame, SolveError> {
        let mut options = Vec::new();
        for i in 0..state.len() {
            for &c in self.graphs[i].children(state[i])? {
                let mut q = state.clone();
                q[i] = c;
                options.push(q);
            }
        }
        // A move to a position the search has already proved lost (reached by another path)
        // wins at once: it goes first, before any option is searched.
        if let Some(k) = options
            .iter()
            .position(|q| self.memo.get(q) == Some(&false))
        {
            options.swap(0, k);
        }
        Ok(Frame {
            state,
            options,
            next: 0,
        })
    }

    /// Whether the player to move from `root` wins under misère play.
    pub(crate) fn wins(&mut self, root: Vec<u32>) -> Result<bool, SolveError> {
        if let Some(&w) = self.memo.get(&root) {
            return Ok(w);
        }
        let mut on_stack: FxHashSet<Vec<u32>> = FxHashSet::default();
        on_stack.insert(root.clone());
        let first = self.frame(root)?;
        let mut stack = vec![first];
        loop {
            let top = stack.last_mut().expect("the root stays until it returns");
            let mut result = None;
            let mut pending = None;
            if top.options.is_empty() {
                // No move: under misère play the player to move has won.
                result = Some(true);
            }
            while result.is_none() && top.next < top.options.len() {
                match self.memo.get(&top.options[top.next]) {
                    Some(false) => result = Some(true),
                    Some(true) => top.next += 1,
                    None => {
                        pending = Some(top.options[top.next].clone());
                        break;
                    }
                }
            }
            if result.is_none() && pending.is_none() {
                result = Some(false);
            }
            if let Some(child) = pending {
                if !on_stack.insert(child.clone()) {
                    return Err(SolveError::Cycle);
                }
                let f = self.frame(child)?;
                stack.push(f);
                continue;
            }
            let win = result.expect("decided");
            let done = stack.pop().expect("non-empty");
            let cap = self.limits.positions;
            if self.memo.len() >= cap {
                return Err(SolveError::TableFull { cap });
            }
            self.limits
                .check_memory(self.memo.len(), || "the misère search".into())?;
            on_stack.remove(&done.state);
            self.memo.insert(done.state, win);
            if stack.is_empty() {
                return Ok(win);
            }
        }
    }
}

/// Decides a sum under misère play by searching the whole sum (no theorem trusted), storing at
/// most `limits.positions` positions. Every move to a position the player to move then loses is listed.
pub fn analyse_misere_by_search(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<MisereAnalysis, SolveError> {
    let (values, grundy) = crate::component::normal_values(components);
    let components: &[Box<dyn Component>] = components;
    let (mut graphs, root) = graphs(components, "misère", limits)?;
    let moves = root_moves(components, &mut graphs, &root)?;
    // The root, then each move's position: a cycle met anywhere means play can repeat, which a
    // recursion cannot decide and retrograde analysis can (with draws).
    let searched = (|| {
        let mut search = MisereSearch::new(&mut graphs, limits);
        let outcome = Outcome::p_if(!search.wins(root.clone())?);
        let mut winning = Vec::new();
        for (k, (_, _, state)) in moves.iter().enumerate() {
            if !search.wins(state.clone())? {
                winning.push(k);
            }
        }
        Ok((outcome, winning))
    })();
    let (outcome, winning) = match searched {
        Ok(found) => found,
        Err(SolveError::Cycle) => {
            return misere_loopy(
                components,
                &mut graphs,
                root,
                moves,
                limit,
                limits,
                values,
                grundy,
            )
        }
        Err(e) => return Err(e),
    };
    let winning_moves_total = winning.len();
    let winning_moves = winning
        .into_iter()
        .take(limit)
        .map(|k| lift(components, moves[k].0, moves[k].1.clone()))
        .collect();
    Ok(MisereAnalysis {
        outcome,
        method: MisereMethod::Search,
        values,
        grundy,
        winning_moves,
        winning_moves_total,
        drawing_moves: Vec::new(),
        quotient: None,
        outcome_search: false,
    })
}

/// Each move of the sum at `root`: its component, the component's move, and the state it leads
/// to in `graphs`.
type RootMove = (usize, MoveReport, Vec<u32>);

fn root_moves<'a>(
    components: &'a [Box<dyn Component>],
    graphs: &mut [GameTree<'a>],
    root: &[u32],
) -> Result<Vec<RootMove>, SolveError> {
    let mut moves = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let tree = c.explore().expect("checked by graphs()");
        for (report, q) in tree.moves()? {
            let mut state = root.to_vec();
            state[i] = graphs[i].intern(q)?;
            moves.push((i, report, state));
        }
    }
    Ok(moves)
}

/// The search of [`analyse_misere_by_search`] from the root alone, stopped at its first winning
/// move, which it reports; no value, no count of the winning moves.
fn misere_outcome_search(
    components: &mut [Box<dyn Component>],
    limit: usize,
    limits: &Limits,
) -> Result<MisereAnalysis, SolveError> {
    let (outcome, settling) = match settling_move(components, limits) {
        Ok(found) => found,
        // Play can repeat: every position is labelled, as without the outcome-only ask.
        Err(SolveError::Cycle) => return analyse_misere_by_search(components, limit, limits),
        Err(e) => return Err(e),
    };
    let winning_moves = settling
        .map(|(i, report)| lift(components, i, report))
        .into_iter()
        .collect();
    Ok(MisereAnalysis {
        outcome,
        method: MisereMethod::Search,
        values: None,
        grundy: None,
        winning_moves,
        winning_moves_total: 0,
        drawing_moves: Vec::new(),
        quotient: None,
        outcome_search: true,
    })
}

/// Who wins under misère play, and the move of the sum (its component and the component's move)
/// that the search proved winning; none when the player to move loses, or wins having no move.
fn settling_move(
    components: &[Box<dyn Component>],
    limits: &Limits,
) -> Result<(Outcome, Option<(usize, MoveReport)>), SolveError> {
    let (mut graphs, root) = graphs(components, "misère", limits)?;
    let mut moves = root_moves(components, &mut graphs, &root)?;
    let mut search = MisereSearch::new(&mut graphs, limits);
    if !search.wins(root)? {
        return Ok((Outcome::P, None));
    }
    if moves.is_empty() {
        // No move: the opponent made the last one and lost.
        return Ok((Outcome::N, None));
    }
    // The search stored the option that settled it as a loss; should the order of the moves
    // differ from the search's, the others are asked in turn (each memoized).
    let mut settling = moves
        .iter()
        .position(|(_, _, s)| search.memo.get(s) == Some(&false));
    if settling.is_none() {
        for (k, (_, _, state)) in moves.iter().enumerate() {
            if !search.wins(state.clone())? {
                settling = Some(k);
                break;
            }
        }
    }
    let k = settling.expect("a position the player to move wins has a move to a lost one");
    let (i, report, _) = moves.swap_remove(k);
    Ok((Outcome::N, Some((i, report))))
}

/// Misère play of a sum whose play can repeat: every position of the sum reachable from `root`
/// is listed (at most the graphs' cap), and retrograde analysis labels each N, P or D. A position
/// without moves wins for the player to move, so it is given one move to a sink of its own: that
/// turns misère play into normal play on the enlarged graph.
#[allow(clippy::too_many_arguments)]
fn misere_loopy(
    components: &[Box<dyn Component>],
    graphs: &mut [GameTree],
    root: Vec<u32>,
    moves: Vec<RootMove>,
    limit: usize,
    limits: &Limits,
    values: Option<Vec<Value>>,
    grundy: Option<Nimber>,
) -> Result<MisereAnalysis, SolveError> {
    let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
    let mut states = vec![root.clone()];
    ids.insert(root, 0);
    let mut edges = Vec::new();
    let mut terminal = Vec::new();
    let mut next = 0;
    while next < states.len() {
        let state = states[next].clone();
        let mut any = false;
        for i in 0..state.len() {
            for &c in graphs[i].children(state[i])? {
                any = true;
                let mut q = state.clone();
                q[i] = c;
                let fresh = states.len() as u32;
                let id = *ids.entry(q.clone()).or_insert(fresh);
                if id == fresh {
                    if states.len() >= limits.positions {
                        return Err(SolveError::PositionCap {
                            what: "the misère search of the sum".into(),
                            cap: limits.positions,
                        });
                    }
                    limits.check_memory(states.len(), || "the misère search of the sum".into())?;
                    states.push(q);
                }
                edges.push((next as u32, id));
            }
        }
        if !any {
            terminal.push(next as u32);
        }
        next += 1;
    }
    let sink = states.len() as u32;
    edges.extend(terminal.into_iter().map(|v| (v, sink)));
    let graph = crate::Graph::from_edges(states.len() + 1, &edges);
    let remoteness = crate::loopy::retrograde(&graph, &graph.reversed());
    let outcome_of = |v: u32| match remoteness[v as usize] {
        None => Outcome::D,
        Some(r) if r % 2 == 0 => Outcome::P,
        Some(_) => Outcome::N,
    };
    let outcome = outcome_of(0);
    let mut winning_moves = Vec::new();
    let mut winning_moves_total = 0;
    let mut drawing_moves = Vec::new();
    for (i, report, state) in moves {
        match (outcome, outcome_of(ids[&state])) {
            (Outcome::N, Outcome::P) => {
                winning_moves_total += 1;
                if winning_moves.len() < limit {
                    winning_moves.push(lift(components, i, report));
                }
            }
            (Outcome::D, Outcome::D) if drawing_moves.len() < limit => {
                drawing_moves.push(lift(components, i, report));
            }
            _ => {}
        }
    }
    Ok(MisereAnalysis {
        outcome,
        method: MisereMethod::Search,
        values,
        grundy,
        winning_moves,
        winning_moves_total,
        drawing_moves,
        quotient: None,
        outcome_search: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HeapPosition, HeapRuleset, MoveReport};

    /// Heaps of 1 and 2 play as Nim; a heap of 3 may only become a heap of 2. So a heap of 3 is
    /// the game `{*2}`: value 0, with a move, but none to value 1.
    struct Tricky;
    impl HeapRuleset for Tricky {
        fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
            match n {
                3 => out.push(vec![2]),
                _ => out.extend((0..n).map(|m| vec![m])),
            }
        }
    }

    #[test]
    fn a_value_0_heap_without_a_move_to_1_is_searched_not_trusted() {
        let mut sum: Vec<Box<dyn Component>> =
            vec![Box::new(HeapPosition::new("t", Tricky, vec![3]))];
        let a = analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT).unwrap();
        assert_eq!(a.grundy, Some(Nimber(0)));
        // Decided by the game's misère quotient (proved for these heaps), not by the theorem.
        assert_eq!(a.method, MisereMethod::Quotient);
        // The SJ rule would say N (every value 0); the only move, to *2, hands the win over.
        assert_eq!(sj_outcome(&[Nimber(0)]), Outcome::N);
        assert_eq!(a.outcome, Outcome::P);
        // With heaps up to 2 the same rules are Nim, and the theorem is used.
        let mut sum: Vec<Box<dyn Component>> =
            vec![Box::new(HeapPosition::new("t", Tricky, vec![2, 1]))];
        assert_eq!(
            analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT)
                .unwrap()
                .method,
            MisereMethod::Sj
        );
    }

    /// A component that cannot list its moves.
    struct Opaque;
    impl Component for Opaque {
        fn game(&self) -> String {
            "opaque".into()
        }
        fn position(&self) -> serde_json::Value {
            serde_json::Value::Null
        }
        fn value(&mut self) -> Result<Value, SolveError> {
            Ok(Value::Finite(Nimber(1)))
        }
        fn moves_to(
            &mut self,
            _: Nimber,
            _: usize,
            _: &mut Vec<MoveReport>,
        ) -> Result<usize, SolveError> {
            Ok(0)
        }
    }

    #[test]
    fn a_game_that_cannot_list_its_moves_is_named_in_the_error() {
        let mut sum: Vec<Box<dyn Component>> = vec![Box::new(Opaque)];
        let err = analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT)
            .unwrap_err()
            .to_string();
        assert!(err.contains("'opaque'"), "{err}");
        let err = crate::every::analyse_every(&mut sum, 10, &crate::limits::Limits::DEFAULT)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'opaque'") && err.contains("Every-SG"),
            "{err}"
        );
    }

    #[test]
    fn the_search_cap_stops_with_an_error() {
        struct Nim;
        impl HeapRuleset for Nim {
            fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
                out.extend((0..n).map(|m| vec![m]));
            }
        }
        let mut sum: Vec<Box<dyn Component>> = vec![
            Box::new(HeapPosition::new("a", Nim, vec![30])),
            Box::new(HeapPosition::new("b", Nim, vec![30])),
        ];
        assert!(analyse_misere_by_search(&mut sum, 10, &Limits::default().capped(100)).is_err());
    }

    #[test]
    fn the_search_cap_also_bounds_the_moves_generated() {
        // Few positions, each with a great many moves: a cap on positions alone lets the work grow
        // with the number of moves (`--every nim 1000 1000 1000` ran for minutes).
        struct Wide;
        impl HeapRuleset for Wide {
            fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
                if n > 0 {
                    out.extend(std::iter::repeat_n(vec![n - 1], 1000));
                }
            }
        }
        let mut sum: Vec<Box<dyn Component>> =
            vec![Box::new(HeapPosition::new("w", Wide, vec![50]))];
        let err = analyse_misere_by_search(&mut sum, 10, &Limits::default().capped(100))
            .unwrap_err()
            .to_string();
        assert!(err.contains("moves, the search limit"), "{err}");
    }
}

#[cfg(test)]
mod outcome_tests {
    use super::*;
    use crate::{Ruleset, RulesetComponent};
    use proptest::prelude::*;

    /// A game on the vertices of a digraph: a move follows an edge. Edges go to smaller vertices
    /// unless `loopy`, so the game ends.
    #[derive(Clone)]
    struct Digraph(Vec<Vec<u32>>);
    impl Ruleset for Digraph {
        type Position = u32;
        fn options(&self, v: &u32, out: &mut Vec<u32>) {
            out.extend(&self.0[*v as usize]);
        }
    }

    /// Whether the player to move wins the sum `at` under misère play, by plain recursion.
    fn wins(g: &Digraph, at: &mut Vec<u32>) -> bool {
        let mut any = false;
        for i in 0..at.len() {
            let here = at[i];
            for &to in &g.0[here as usize] {
                any = true;
                at[i] = to;
                let lost = !wins(g, at);
                at[i] = here;
                if lost {
                    return true;
                }
            }
        }
        !any
    }

    fn digraph(edges: Vec<Vec<u32>>, loopy: bool) -> Digraph {
        Digraph(
            edges
                .into_iter()
                .enumerate()
                .map(|(v, es)| {
                    let mut es: Vec<u32> = es
                        .into_iter()
                        .filter(|&w| loopy || (w as usize) < v)
                        .collect();
                    es.sort_unstable();
                    es.dedup();
                    es
                })
                .collect(),
        )
    }

    fn sum(g: &Digraph, at: &[u32]) -> Vec<Box<dyn Component>> {
        at.iter()
            .map(|&v| RulesetComponent::boxed(g.clone(), v))
            .collect()
    }

    impl crate::Game for Digraph {
        fn name(&self) -> String {
            "digraph".into()
        }
        fn show(&self, v: &u32) -> serde_json::Value {
            (*v).into()
        }
        fn describe(&self, from: &u32, to: &u32) -> String {
            format!("{from} -> {to}")
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The outcome-only search finds the plain recursion's outcome, and its one move is a
        /// winning move of the full analysis.
        #[test]
        fn the_misere_outcome_search_agrees_with_brute_force(
            edges in prop::collection::vec(prop::collection::vec(0u32..9, 0..4), 9),
            at in prop::collection::vec(0u32..9, 1..4),
        ) {
            let g = digraph(edges, false);
            let fast = analyse_misere_outcome(&mut sum(&g, &at), usize::MAX, &Limits::DEFAULT).unwrap();
            let want = Outcome::p_if(!wins(&g, &mut at.clone()));
            prop_assert_eq!(fast.outcome, want);
            let full = analyse_misere(&mut sum(&g, &at), usize::MAX, &Limits::DEFAULT).unwrap();
            prop_assert_eq!(full.outcome, want);
            if fast.outcome_search {
                prop_assert!(fast.grundy.is_none() && fast.winning_moves.len() <= 1);
                for m in &fast.winning_moves {
                    prop_assert!(full.winning_moves.iter().any(|w| w.description == m.description));
                }
            } else {
                prop_assert_eq!(&fast.winning_moves_total, &full.winning_moves_total);
            }
        }

        /// Where play can repeat, the outcome-only ask labels the sum as the full analysis does.
        #[test]
        fn a_loopy_sum_is_labelled_as_without_the_outcome_ask(
            edges in prop::collection::vec(prop::collection::vec(0u32..6, 0..3), 6),
            at in prop::collection::vec(0u32..6, 1..3),
        ) {
            let g = digraph(edges, true);
            let fast = analyse_misere_outcome(&mut sum(&g, &at), usize::MAX, &Limits::DEFAULT).unwrap();
            let full = analyse_misere(&mut sum(&g, &at), usize::MAX, &Limits::DEFAULT).unwrap();
            prop_assert_eq!(fast.outcome, full.outcome);
        }
    }
}
