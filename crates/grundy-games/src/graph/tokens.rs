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

use grundy_core::loopy::sum_value;
use grundy_core::{
    Component, Graph, GraphAnalysis, MoveReport, Nimber, Outcome, SolveError, Value,
};
use serde_json::Value as Json;

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
            tokens,
        })
    }
}

/// Tokens on the vertices of a [`TokenGame`]: one component of a sum.
pub struct TokenPosition {
    game: Rc<TokenGame>,
    tokens: Vec<u32>,
}

impl TokenPosition {
    /// The token indices worth moving: the first token on each vertex (moving either of two
    /// tokens on one vertex gives the same position).
    fn distinct_tokens(&self) -> Vec<usize> {
        let mut seen = rustc_hash::FxHashSet::default();
        (0..self.tokens.len())
            .filter(|&i| seen.insert(self.tokens[i]))
            .collect()
    }

    fn report(&self, i: usize, to: u32) -> MoveReport {
        let from = self.tokens[i];
        let position: Vec<Json> = self
            .tokens
            .iter()
            .enumerate()
            .map(|(j, &t)| self.game.vertex_json(if j == i { to } else { t }))
            .collect();
        MoveReport {
            description: format!(
                "token at {} -> {}",
                self.game.vertex_text(from),
                self.game.vertex_text(to)
            ),
            position: Json::Array(position),
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
        let mut count = 0;
        for i in movable {
            let from = self.tokens[i];
            // The value the moved token must reach.
            let want = match a.finite(from) {
                Some(g) => target + total + g,
                None => target + total,
            };
            for &w in self.game.graph.followers(from) {
                if a.finite(w) == Some(want) {
                    count += 1;
                    if out.len() < limit {
                        out.push(self.report(i, w));
                    }
                }
            }
        }
        Ok(count)
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
