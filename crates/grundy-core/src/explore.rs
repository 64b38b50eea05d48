//! Explicit game trees: the moves of a position, one by one, for any game.
//!
//! Under normal play a sum is decided by its components' Grundy values alone. Other play
//! conventions (misère play, Every-SG) are not: in general their outcome needs the game tree
//! itself. An [`Explore`] position lists its moves (described, for the moves a user is shown) and
//! names itself by a [`Key`], so searches can memoize positions of any ruleset without knowing
//! its Rust type. A [`GameTree`] interns the positions of one component as small integer ids, so a
//! search over a sum of components works on tuples of ids.

use rustc_hash::FxHashMap;

use crate::limits::Limits;
use crate::{Game, MoveReport, Ruleset, SolveError};

/// An injective encoding of a position as words: two positions with the same key are the same
/// position of the same game (so, for heap games, the sorted multiset of non-empty heaps).
pub type Key = Vec<u64>;

/// A position one move away, as a type-erased [`Explore`].
pub type Child<'a> = Box<dyn Explore<'a> + 'a>;

/// A move: what a user is told, and the position it leads to.
pub type Move<'a> = (MoveReport, Child<'a>);

/// A position whose moves can be listed. `'a` is what its options may borrow (e.g. the ruleset).
pub trait Explore<'a> {
    /// The position's identity, for memoization.
    fn key(&self) -> Key;

    /// Every move, described in words, with the position it leads to. Used for the moves a user
    /// is shown, so descriptions should say which part of the position moves.
    fn moves(&self) -> Result<Vec<Move<'a>>, SolveError>;

    /// Every option, undescribed: what searches call at every position. Override it when
    /// describing moves is costly; the default drops the descriptions of [`Explore::moves`].
    fn options(&self) -> Result<Vec<Child<'a>>, SolveError> {
        Ok(self.moves()?.into_iter().map(|(_, q)| q).collect())
    }

    /// The Every-SG step count (Winning Ways' suspense number, see [`crate::every`]) when a
    /// theorem gives it without search; `None` means: search.
    fn steps(&self) -> Option<u64> {
        None
    }

    /// The moves grouped by the step count they lead to, when a theorem gives them without
    /// listing every option (a Nim heap of 10^18 has 10^18 moves but two groups): each group's
    /// size and its first `limit` moves. `None` (the default): list them with [`Explore::moves`].
    fn moves_by_steps(&self, limit: usize) -> Result<Option<Vec<StepGroup>>, SolveError> {
        let _ = limit;
        Ok(None)
    }
}

/// The moves of a position that lead to one step count (see [`Explore::moves_by_steps`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StepGroup {
    /// The step count after each of these moves.
    pub steps: u64,
    /// How many moves lead to it.
    pub count: u64,
    /// The first of them (at most the limit asked for).
    pub moves: Vec<MoveReport>,
}

/// A position of a [`Game`] as an [`Explore`] game tree: how every game that lists its moves gets
/// play, misère play and Every-SG.
///
/// ```
/// use grundy_core::explore::RulesetNode;
/// use grundy_core::{Explore, Game, Ruleset};
///
/// /// Take 1 or 2 from a single pile.
/// struct OneOrTwo;
/// impl Ruleset for OneOrTwo {
///     type Position = u64;
///     fn options(&self, n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
///     }
/// }
/// impl Game for OneOrTwo {
///     fn name(&self) -> String { "one-or-two".into() }
///     fn show(&self, n: &u64) -> serde_json::Value { (*n).into() }
///     fn describe(&self, from: &u64, to: &u64) -> String { format!("take {}", from - to) }
/// }
///
/// let moves = RulesetNode::new(&OneOrTwo, 5).moves().unwrap();
/// assert_eq!(moves[1].0.description, "take 2");
/// assert_eq!(moves[1].1.key(), RulesetNode::new(&OneOrTwo, 3).key());
/// ```
pub struct RulesetNode<'a, R: Ruleset> {
    rules: &'a R,
    position: R::Position,
}

impl<'a, R: Ruleset> RulesetNode<'a, R> {
    /// The position `position` of `rules`.
    pub fn new(rules: &'a R, position: R::Position) -> Self {
        RulesetNode { rules, position }
    }
}

impl<'a, R: Game> Explore<'a> for RulesetNode<'a, R> {
    fn key(&self) -> Key {
        self.rules.key(&self.position)
    }

    fn moves(&self) -> Result<Vec<Move<'a>>, SolveError> {
        self.rules.searchable(&self.position)?;
        let mut options = Vec::new();
        self.rules.options(&self.position, &mut options);
        self.rules.fault()?;
        Ok(options
            .into_iter()
            .map(|q| {
                let report = MoveReport {
                    description: self.rules.describe(&self.position, &q),
                    fields: self.rules.move_fields(&self.position, &q),
                    position: self.rules.show(&q),
                };
                let child: Child<'a> = Box::new(RulesetNode::new(self.rules, q));
                (report, child)
            })
            .collect())
    }

    fn options(&self) -> Result<Vec<Child<'a>>, SolveError> {
        self.rules.searchable(&self.position)?;
        let mut options = Vec::new();
        self.rules.options(&self.position, &mut options);
        self.rules.fault()?;
        Ok(options
            .into_iter()
            .map(|q| Box::new(RulesetNode::new(self.rules, q)) as Child<'a>)
            .collect())
    }
}

struct Node<'a> {
    position: Child<'a>,
    children: Option<Vec<u32>>,
}

/// The positions of one component reachable so far, interned as ids `0, 1, 2, …`.
pub struct GameTree<'a> {
    game: String,
    ids: FxHashMap<Key, u32>,
    nodes: Vec<Node<'a>>,
    cap: usize,
    /// The memory probe and progress reporter it tells.
    limits: Limits,
    /// Moves generated so far: the work grows with them, not with the positions alone.
    moves: usize,
}

/// Moves a [`GameTree`] may generate per position of its cap, on average.
pub const MOVES_PER_POSITION: usize = 16;

impl<'a> GameTree<'a> {
    /// An empty graph for positions of `game` (named in errors), holding at most
    /// `limits.positions` positions.
    pub fn new(game: impl Into<String>, limits: Limits) -> Self {
        GameTree {
            game: game.into(),
            ids: FxHashMap::default(),
            nodes: Vec::new(),
            cap: limits.positions,
            limits,
            moves: 0,
        }
    }

    /// The id of a position, adding it if it is new.
    pub fn intern(&mut self, position: Child<'a>) -> Result<u32, SolveError> {
        let key = position.key();
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        if self.nodes.len() >= self.cap {
            return Err(SolveError::PositionCap {
                what: self.game.clone(),
                cap: self.cap,
            });
        }
        self.limits
            .check_memory(self.nodes.len(), || self.game.clone())?;
        let id =
            u32::try_from(self.nodes.len()).map_err(|_| SolveError::TableFull { cap: self.cap })?;
        self.ids.insert(key, id);
        self.nodes.push(Node {
            position,
            children: None,
        });
        Ok(id)
    }

    /// The options of position `id`, as ids (computed once).
    pub fn children(&mut self, id: u32) -> Result<&[u32], SolveError> {
        let i = id as usize;
        if self.nodes[i].children.is_none() {
            let options = self.nodes[i].position.options()?;
            self.limits
                .check_memory(self.nodes.len(), || self.game.clone())?;
            self.moves += options.len();
            let max_moves = self.cap.saturating_mul(MOVES_PER_POSITION);
            if self.moves > max_moves {
                return Err(SolveError::MoveCap {
                    what: self.game.clone(),
                    cap: max_moves,
                });
            }
            let mut ids = Vec::with_capacity(options.len());
            for q in options {
                ids.push(self.intern(q)?);
            }
            ids.sort_unstable();
            ids.dedup();
            self.nodes[i].children = Some(ids);
        }
        Ok(self.nodes[i].children.as_deref().expect("just computed"))
    }

    /// The step-count closed form of position `id`, if it has one.
    pub fn steps_hint(&self, id: u32) -> Option<u64> {
        self.nodes[id as usize].position.steps()
    }

    /// How many positions are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no position is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}
