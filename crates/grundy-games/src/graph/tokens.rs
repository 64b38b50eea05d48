//! Token games: tokens sliding on one graph.
//!
//! **Rules.** A directed graph is drawn and tokens are put on some of its vertices (several may
//! share a vertex). A move slides one token along one edge. The player who cannot move loses;
//! if the graph has cycles, play may go on forever, a draw.
//!
//! **Theorem (Sprague–Grundy; Smith 1966 for loopy graphs).** Each token is a game of its own and
//! the position is their sum. On an acyclic graph the value is the XOR of the tokens' Grundy
//! values. On a graph with cycles each vertex has a generalized value γ, finite or ∞(K), and the
//! sum is P when every γ is finite with XOR 0, N when every γ is finite with XOR not 0 or exactly
//! one is ∞(K) with the XOR of the others in K, and D otherwise. The whole token list is shown as
//! one component, whose value is γ of the sum ([`grundy_core::loopy::sum_value`]).
//!
//! That whole-graph analysis answers normal play. The conventions that need the game tree itself
//! (play, misère play, Every-SG) walk the token positions through [`TokenRules`], the same rules
//! as a [`Game`] (a position is the list of token vertices; two lists with the same tokens in
//! another order are the same position). On a graph with cycles misère play is decided by
//! retrograde analysis of the whole sum (draws included); Every-SG is refused.
//!
//! ```
//! use grundy_core::{analyse, Component, Graph, Outcome};
//! use grundy_games::graph::tokens::{Numbered, TokenGame};
//!
//! // 1 -> 2 -> 3 and 1 -> 3: values 2, 1, 0. Tokens on 1 and 2: 2 XOR 1 = 3, an N-position.
//! let graph = Graph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]);
//! let game = TokenGame::new("graph:example", graph, Box::new(Numbered));
//! let mut sum: Vec<Box<dyn Component>> = vec![game.position(vec![0, 1])];
//! let verdict = analyse(&mut sum, 100).unwrap();
//! assert_eq!(verdict.outcome, Outcome::N);
//! assert_eq!(verdict.grundy.unwrap().0, 3);
//! assert_eq!(verdict.winning_moves[0].description, "token at 1 -> 2");
//! ```

use std::rc::Rc;

use grundy_core::explore::RulesetNode;
use grundy_core::loopy::sum_value;
use grundy_core::{
    Component, Explore, Game, Graph, GraphAnalysis, Key, MoveReport, Nimber, Outcome, Ruleset,
    SolveError, Value,
};
use serde_json::Value as Json;

/// The most token entries (moves times tokens) the moves of one position may hold when they are
/// listed one by one (play, misère play, Every-SG): each move is a whole new token list.
pub const MAX_LISTED: u64 = 10_000_000;

/// How the vertices of a token game are written.
pub trait VertexNames {
    /// Vertex `v` in JSON (a number, a pair of coordinates, …).
    fn json(&self, v: u32) -> Json;
    /// Vertex `v` in words.
    fn text(&self, v: u32) -> String;
}

/// Vertices numbered from 1, as in a graph file.
#[derive(Clone, Copy, Debug, Default)]
pub struct Numbered;

impl VertexNames for Numbered {
    fn json(&self, v: u32) -> Json {
        Json::from(u64::from(v) + 1)
    }
    fn text(&self, v: u32) -> String {
        (u64::from(v) + 1).to_string()
    }
}

/// A graph with every vertex solved, ready to hold tokens.
pub struct TokenGame {
    name: String,
    graph: Graph,
    analysis: GraphAnalysis,
    names: Box<dyn VertexNames>,
}

impl TokenGame {
    /// Solves every vertex of `graph`; `name` is the game spec shown to the user.
    pub fn new(name: impl Into<String>, graph: Graph, names: Box<dyn VertexNames>) -> Rc<Self> {
        let analysis = GraphAnalysis::new(&graph);
        Rc::new(TokenGame {
            name: name.into(),
            graph,
            analysis,
            names,
        })
    }

    /// The game spec, e.g. `graph:g.txt`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Every vertex's value, outcome and remoteness.
    pub fn analysis(&self) -> &GraphAnalysis {
        &self.analysis
    }

    /// γ of a single token on `v`.
    pub fn value(&self, v: u32) -> Value {
        self.analysis.value(&self.graph, v)
    }

    /// Who wins with a single token on `v`.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.analysis.outcome(v)
    }

    /// How vertex `v` is written.
    pub fn vertex_text(&self, v: u32) -> String {
        self.names.text(v)
    }

    /// Vertex `v` in JSON.
    pub fn vertex_json(&self, v: u32) -> Json {
        self.names.json(v)
    }

    /// The position with tokens on `tokens` (vertex indices from 0).
    pub fn position(self: &Rc<Self>, tokens: Vec<u32>) -> Box<dyn Component> {
        Box::new(TokenPosition {
            game: Rc::clone(self),
            rules: self.rules(),
            tokens,
        })
    }

    /// The graph as a drawing needs it: its vertices as positions name them (numbers, or points
    /// on a board) and its edges.
    pub fn figure(&self) -> Option<Json> {
        let n = self.graph.vertices();
        if n > crate::graph::figure::MAX_DRAWN {
            return None;
        }
        let vertices = (0..n as u32).map(|v| self.vertex_json(v)).collect();
        let edges =
            (0..n as u32).flat_map(|v| self.graph.followers(v).iter().map(move |&w| (v, w)));
        crate::graph::figure::graph(vertices, edges, true)
    }

    /// The rules of this game as a [`Game`], for searches over token positions.
    pub fn rules(self: &Rc<Self>) -> TokenRules {
        TokenRules(Rc::clone(self))
    }
}

/// The token indices worth moving: the first token on each vertex (moving either of two tokens on
/// one vertex gives the same position).
fn distinct_tokens(tokens: &[u32]) -> Vec<usize> {
    let mut seen = rustc_hash::FxHashSet::default();
    (0..tokens.len())
        .filter(|&i| seen.insert(tokens[i]))
        .collect()
}

/// The rules of a [`TokenGame`] as a [`Game`]: a position is the list of token vertices (indices
/// from 0), shown and keyed as the multiset it is; a move slides one token along one edge and
/// keeps the others in place.
///
/// ```
/// use grundy_core::{Game, Graph, Ruleset};
/// use grundy_games::graph::tokens::{Numbered, TokenGame};
///
/// let game = TokenGame::new("graph:1-2,2-3", Graph::from_edges(3, &[(0, 1), (1, 2)]), Box::new(Numbered));
/// let rules = game.rules();
/// let mut options = Vec::new();
/// rules.options(&vec![1, 0], &mut options);
/// assert_eq!(options, vec![vec![2, 0], vec![1, 1]]);
/// assert_eq!(rules.describe(&vec![1, 0], &options[0]), "token at 2 -> 3");
/// assert_eq!(rules.show(&options[0]), serde_json::json!([3, 1]));
/// assert_eq!(rules.key(&vec![1, 0]), rules.key(&vec![0, 1]));
/// ```
#[derive(Clone)]
pub struct TokenRules(pub Rc<TokenGame>);

impl TokenRules {
    /// The first token on a vertex with a self-loop: moving it along the loop changes nothing,
    /// so all such moves are one option, listed once.
    fn looping_token(&self, tokens: &[u32]) -> Option<usize> {
        let graph = &self.0.graph;
        tokens
            .iter()
            .position(|&t| graph.followers(t).binary_search(&t).is_ok())
    }
}

impl Ruleset for TokenRules {
    type Position = Vec<u32>;

    fn options(&self, tokens: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let looping = self.looping_token(tokens);
        for i in distinct_tokens(tokens) {
            let from = tokens[i];
            for &w in self.0.graph.followers(from) {
                if w == from && looping != Some(i) {
                    continue;
                }
                let mut after = tokens.clone();
                after[i] = w;
                out.push(after);
            }
        }
    }
}

impl Game for TokenRules {
    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn show(&self, tokens: &Vec<u32>) -> Json {
        Json::Array(tokens.iter().map(|&t| self.0.vertex_json(t)).collect())
    }

    fn figure(&self) -> Option<Json> {
        self.0.figure()
    }

    fn describe(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        let i = (0..from.len())
            .find(|&i| from.get(i) != to.get(i))
            .or_else(|| self.looping_token(from))
            .unwrap_or(0);
        let (a, b) = (from.get(i), to.get(i));
        match (a, b) {
            (Some(&a), Some(&b)) => format!(
                "token at {} -> {}",
                self.0.vertex_text(a),
                self.0.vertex_text(b)
            ),
            _ => "no move".to_string(),
        }
    }

    fn move_fields(&self, from: &Vec<u32>, to: &Vec<u32>) -> Json {
        let i = (0..from.len())
            .find(|&i| from.get(i) != to.get(i))
            .or_else(|| self.looping_token(from))
            .unwrap_or(0);
        match (from.get(i), to.get(i)) {
            (Some(&a), Some(&b)) => token_fields(&self.0, i, a, b),
            _ => grundy_core::generic_fields(self.show(to)),
        }
    }

    fn key(&self, tokens: &Vec<u32>) -> Key {
        let mut key: Key = tokens.iter().map(|&t| u64::from(t)).collect();
        key.sort_unstable();
        key
    }

    fn searchable(&self, tokens: &Vec<u32>) -> Result<(), SolveError> {
        let moves: u64 = distinct_tokens(tokens)
            .into_iter()
            .map(|i| self.0.graph.followers(tokens[i]).len() as u64)
            .sum();
        let entries = moves.saturating_mul(tokens.len() as u64);
        if entries > MAX_LISTED {
            return Err(SolveError::TooLarge(format!(
                "{}: {} tokens with {moves} moves in all are too many to list move by move \
                 (at most {MAX_LISTED} tokens times moves); normal play needs no such list",
                self.0.name,
                tokens.len()
            )));
        }
        Ok(())
    }
}

/// A token move as data: `{"kind": "token", "token": 0, "from": v, "to": w}`, the token's index
/// (0-based, in the position's order) and its vertices as the position shows them.
fn token_fields(game: &TokenGame, token: usize, from: u32, to: u32) -> Json {
    serde_json::json!({
        "kind": "token",
        "token": token,
        "from": game.vertex_json(from),
        "to": game.vertex_json(to),
    })
}

/// Tokens on the vertices of a [`TokenGame`]: one component of a sum.
pub struct TokenPosition {
    game: Rc<TokenGame>,
    rules: TokenRules,
    tokens: Vec<u32>,
}

impl TokenPosition {
    fn distinct_tokens(&self) -> Vec<usize> {
        distinct_tokens(&self.tokens)
    }

    fn report(&self, i: usize, to: u32) -> MoveReport {
        let from = self.tokens[i];
        // The whole position only when it is small: see MOVE_POSITION_LIMIT.
        let position = if self.tokens.len() <= grundy_core::MOVE_POSITION_LIMIT {
            Json::Array(
                self.tokens
                    .iter()
                    .enumerate()
                    .map(|(j, &t)| self.game.vertex_json(if j == i { to } else { t }))
                    .collect(),
            )
        } else {
            Json::Null
        };
        MoveReport {
            description: format!(
                "token at {} -> {}",
                self.game.vertex_text(from),
                self.game.vertex_text(to)
            ),
            fields: token_fields(&self.game, i, from, to),
            position,
        }
    }
}

impl Component for TokenPosition {
    fn game(&self) -> String {
        self.game.name.clone()
    }

    fn position(&self) -> Json {
        Json::Array(
            self.tokens
                .iter()
                .map(|&t| self.game.vertex_json(t))
                .collect(),
        )
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        let parts: Vec<Value> = self.tokens.iter().map(|&t| self.game.value(t)).collect();
        Ok(sum_value(&parts))
    }

    fn figure(&self) -> Option<Json> {
        self.game.figure()
    }

    fn part_values(&self) -> Option<Vec<(Json, Value)>> {
        Some(
            self.tokens
                .iter()
                .map(|&t| (self.game.vertex_json(t), self.game.value(t)))
                .collect(),
        )
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let a = &self.game.analysis;
        let mut total = Nimber::ZERO;
        let mut infinite = Vec::new();
        for (i, &t) in self.tokens.iter().enumerate() {
            match a.finite(t) {
                Some(g) => total += g,
                None => infinite.push(i),
            }
        }
        // Only a sum whose parts all end up finite has a finite value, so with an infinite token
        // that token must move, and with two nothing reaches a finite value.
        let movable: Vec<usize> = match infinite.as_slice() {
            [] => self.distinct_tokens(),
            [only] => vec![*only],
            _ => return Ok(0),
        };
        let mut found = Vec::new();
        for i in movable {
            let from = self.tokens[i];
            // The value the moved token must reach.
            let want = match a.finite(from) {
                Some(g) => target + total + g,
                None => target + total,
            };
            found.extend(
                self.game
                    .graph
                    .followers(from)
                    .iter()
                    .filter(|&&w| a.finite(w) == Some(want))
                    .map(|&w| (i, w)),
            );
        }
        // On a graph with cycles a move to a value-0 vertex may lead back round a cycle (2 -> 1
        // where 1's only move is back to 2): it keeps the win but never ends the game. The
        // nearest end first, so that a player who follows the first winning move wins.
        if !a.is_acyclic() {
            found.sort_by_key(|&(_, w)| a.remoteness(w).unwrap_or(u32::MAX));
        }
        out.extend(
            found
                .iter()
                .take(limit.saturating_sub(out.len()))
                .map(|&(i, w)| self.report(i, w)),
        );
        Ok(found.len())
    }

    fn moves_with_values(&mut self) -> Result<Option<Vec<(MoveReport, Value)>>, SolveError> {
        let mut parts: Vec<Value> = self.tokens.iter().map(|&t| self.game.value(t)).collect();
        let mut all = Vec::new();
        for i in self.distinct_tokens() {
            let from = self.tokens[i];
            let before = parts[i].clone();
            for &w in self.game.graph.followers(from) {
                parts[i] = self.game.value(w);
                all.push((self.report(i, w), sum_value(&parts)));
            }
            parts[i] = before;
        }
        Ok(Some(all))
    }

    fn explore(&self) -> Option<Box<dyn Explore<'_> + '_>> {
        Some(Box::new(RulesetNode::new(&self.rules, self.tokens.clone())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::analyse;
    use proptest::prelude::*;

    fn loopy_graph(max: usize) -> impl Strategy<Value = Graph> {
        (1usize..max).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 0..3 * n + 1)
                .prop_map(move |edges| Graph::from_edges(n, &edges))
        })
    }

    /// The outcome of every multiset of tokens, by retrograde analysis of the explicit product
    /// graph (ordered tuples of tokens), with no theory of sums at all.
    fn product_outcomes(g: &Graph, tokens: usize) -> (Vec<Vec<u32>>, Vec<Outcome>) {
        let (p, positions) = g.token_product(tokens);
        let count = positions.len();
        let a = GraphAnalysis::loopy(&p);
        let outcomes = (0..count as u32).map(|i| a.outcome(i)).collect();
        (positions, outcomes)
    }

    fn tokens_of(position: &Json) -> Vec<u32> {
        position
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32 - 1)
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Outcome, winning moves and draw-keeping moves of every position of 1–3 tokens,
        /// against brute-force retrograde analysis of the product graph.
        #[test]
        fn sums_of_tokens_match_the_product_graph(g in loopy_graph(6), tokens in 1usize..4) {
            let game = TokenGame::new("test", g.clone(), Box::new(Numbered));
            let (positions, outcomes) = product_outcomes(&g, tokens);
            let n = g.vertices() as u32;
            let index = |t: &[u32]| t.iter().rev().fold(0usize, |a, &x| a * n as usize + x as usize);
            for (t, &want) in positions.iter().zip(&outcomes) {
                let mut sum = vec![game.position(t.clone())];
                let verdict = analyse(&mut sum, usize::MAX).unwrap();
                prop_assert_eq!(verdict.outcome, want, "tokens {:?}", t);
                // Every move of the position, classified by the product graph.
                let mut to_p = Vec::new();
                let mut to_d = Vec::new();
                for k in 0..tokens {
                    if t[..k].contains(&t[k]) {
                        continue;
                    }
                    for &w in g.followers(t[k]) {
                        let mut after = t.clone();
                        after[k] = w;
                        match outcomes[index(&after)] {
                            Outcome::P => to_p.push(after),
                            Outcome::D => to_d.push(after),
                            Outcome::N => {}
                        }
                    }
                }
                let mut got_p: Vec<Vec<u32>> =
                    verdict.winning_moves.iter().map(|m| tokens_of(&m.position)).collect();
                got_p.sort();
                to_p.sort();
                prop_assert_eq!(verdict.winning_moves_total, got_p.len());
                prop_assert_eq!(got_p, to_p, "winning moves from {:?}", t);
                if want == Outcome::D {
                    let mut got_d: Vec<Vec<u32>> =
                        verdict.drawing_moves.iter().map(|m| tokens_of(&m.position)).collect();
                    got_d.sort();
                    to_d.sort();
                    prop_assert_eq!(got_d, to_d, "drawing moves from {:?}", t);
                }
            }
        }
    }

    /// Random DAG on at most `max - 1` vertices: edges from a higher to a lower number after a
    /// shuffle.
    fn dag(max: usize) -> impl Strategy<Value = Graph> {
        (1usize..max).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..2 * n + 1),
                Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            )
                .prop_map(move |(pairs, perm)| {
                    let edges: Vec<(u32, u32)> = pairs
                        .into_iter()
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| (perm[a.max(b) as usize], perm[a.min(b) as usize]))
                        .collect();
                    Graph::from_edges(n, &edges)
                })
        })
    }

    /// A DAG and one or two positions of one or two tokens on it.
    fn dag_and_positions() -> impl Strategy<Value = (Graph, Vec<Vec<u32>>)> {
        dag(7).prop_flat_map(|g| {
            let n = g.vertices() as u32;
            let position = proptest::collection::vec(0..n, 1..=2);
            (Just(g), proptest::collection::vec(position, 1..=2))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Normal play, misère play and Every-SG through the token rules, against a plain
        /// recursion on their options.
        #[test]
        fn conventions_match_brute_force((g, positions) in dag_and_positions()) {
            let game = TokenGame::new("test", g, Box::new(Numbered));
            crate::testing::assert_conventions_match_brute_force(&game.rules(), &positions)?;
        }

        /// The token component's own game tree (what play, --misere and --every walk) gives the
        /// same misère and Every-SG answers as the generic component on the same rules.
        #[test]
        fn the_component_explores_its_rules((g, positions) in dag_and_positions()) {
            use grundy_core::every::analyse_every;
            use grundy_core::misere::analyse_misere;
            use grundy_core::RulesetComponent;
            let game = TokenGame::new("test", g, Box::new(Numbered));
            let ours = || -> Vec<Box<dyn Component>> {
                positions.iter().map(|t| game.position(t.clone())).collect()
            };
            let generic = || -> Vec<Box<dyn Component>> {
                positions
                    .iter()
                    .map(|t| RulesetComponent::boxed(game.rules(), t.clone()))
                    .collect()
            };
            let (a, b) = (
                analyse_misere(&mut ours(), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
                analyse_misere(&mut generic(), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            );
            prop_assert_eq!((a.outcome, a.winning_moves), (b.outcome, b.winning_moves));
            let (a, b) = (
                analyse_every(&mut ours(), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
                analyse_every(&mut generic(), usize::MAX, &grundy_core::limits::Limits::DEFAULT).unwrap(),
            );
            prop_assert_eq!((a.outcome, a.winning_moves), (b.outcome, b.winning_moves));
        }
    }

    #[test]
    fn a_self_loop_is_one_move_and_cycles_are_draws_or_refused() {
        // Loops on 1 and 2, and 1 -> 3: moving either looped token along its loop is one option.
        let g = Graph::from_edges(3, &[(0, 0), (1, 1), (0, 2)]);
        let game = TokenGame::new("t", g, Box::new(Numbered));
        let rules = game.rules();
        let mut options = Vec::new();
        rules.options(&vec![0, 1, 0], &mut options);
        assert_eq!(options, vec![vec![0, 1, 0], vec![2, 1, 0]]);
        assert_eq!(
            rules.describe(&vec![0, 1, 0], &options[0]),
            "token at 1 -> 1"
        );
        let p = game.position(vec![0, 1, 0]);
        let described: Vec<String> = p
            .explore()
            .unwrap()
            .moves()
            .unwrap()
            .into_iter()
            .map(|(m, _)| m.description)
            .collect();
        assert_eq!(described, ["token at 1 -> 1", "token at 1 -> 3"]);
        let mut sum = vec![p];
        // The token on 2 can always loop, so nobody is ever forced to make the last move: under
        // misère play (decided by retrograde analysis of the sum) that is a draw; Every-SG of a
        // game that need not end is refused.
        let a = grundy_core::misere::analyse_misere(
            &mut sum,
            10,
            &grundy_core::limits::Limits::DEFAULT,
        )
        .unwrap();
        assert_eq!(a.outcome, grundy_core::Outcome::D);
        assert!(grundy_core::every::analyse_every(
            &mut sum,
            10,
            &grundy_core::limits::Limits::DEFAULT
        )
        .is_err());
    }

    #[test]
    fn too_many_moves_to_list_are_refused() {
        // A star: vertex 1 has 10^5 followers; 200 tokens on it.
        let n = 100_001;
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (0, v)).collect();
        let game = TokenGame::new("star", Graph::from_edges(n, &edges), Box::new(Numbered));
        let rules = game.rules();
        assert!(rules.searchable(&vec![0; 100]).is_ok());
        let e = rules.searchable(&vec![0; 200]).unwrap_err().to_string();
        assert_eq!(
            e,
            "star: 200 tokens with 100000 moves in all are too many to list move by move \
             (at most 10000000 tokens times moves); normal play needs no such list"
        );
        // Normal play is still decided.
        let mut sum = vec![game.position(vec![0; 200])];
        assert_eq!(analyse(&mut sum, 1).unwrap().outcome, Outcome::P);
    }

    #[test]
    fn two_tokens_on_one_vertex_move_once() {
        let game = TokenGame::new("t", Graph::from_edges(2, &[(0, 1)]), Box::new(Numbered));
        let mut p = game.position(vec![0, 0]);
        assert_eq!(p.value().unwrap(), Value::Finite(Nimber(0)));
        let mut out = Vec::new();
        assert_eq!(p.moves_to(Nimber(1), 10, &mut out).unwrap(), 1);
        assert_eq!(out[0].description, "token at 1 -> 2");
        assert_eq!(out[0].position, serde_json::json!([2, 1]));
    }
}
