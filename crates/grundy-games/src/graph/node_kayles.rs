//! Node Kayles: `node-kayles:FILE` (or `node-kayles:-` for standard input, or inline
//! `node-kayles:1-2,2-3`).
//!
//! **Rules.** An undirected graph is drawn, given as for `graph:` ([`crate::graph::edges`]: a line
//! `N M`, then `M` lines `u v`, vertices numbered `1..=N`), each edge read both ways; self-loops
//! change nothing. A move picks a vertex and deletes it together with all its neighbours; the
//! player who cannot move (no vertex left) loses. The position words are the numbers of the
//! vertices still present; without them, the whole graph.
//!
//! **Theorem (Sprague–Grundy).** A move only deletes vertices, so the connected components of
//! what remains never interact: the position is their sum ([`Ruleset::components`]) and its value
//! the XOR of theirs. Each component is valued by the core's search engine
//! ([`grundy_core::search`], the one Cram and Chomp use: its table, its threads) under a canonical
//! key: the component detached from the graph, its vertices renumbered `0..k` in the order of
//! their numbers, written as `k` and its edge list (a 64-bit code for up to 11 vertices). Two
//! components with the same key are the same game, so every stretch of a given length of a long
//! path is solved once.
//!
//! **Paths are Dawson's chess.** On a path of `n` vertices a lone vertex deletes itself, taking an
//! end vertex deletes the two vertices at that end (the whole path if `n = 2`), and taking any
//! other vertex deletes three consecutive vertices, leaving 0, 1 or 2 paths. These are exactly the
//! moves of the octal game 0.137 (Dawson's chess) on a heap of `n`: digit 1 for one token (only a
//! whole heap), 3 for two (leaving no heap or one), 7 for three (leaving 0, 1 or 2 heaps). So
//! Node Kayles on the path of `n` vertices *is* 0.137 at `n`, move for move, and
//! `G(P_n) = G_0.137(n) = G_0.07(n + 1)` (Dawson's Kayles); the tests check both equalities for
//! every `n ≤ 200`.
//!
//! ```
//! use grundy_core::{analyse, Nimber};
//! use grundy_games::spec::Word;
//!
//! // The path 1-2-3-4-5: its value is G_0.137(5) = 3, and taking the middle vertex leaves two
//! // lone vertices, 1 XOR 1 = 0.
//! let mut sum = grundy_games::registry::builtin().build_sum(&Word::from_args(&["node-kayles:1-2,2-3,3-4,4-5"])).unwrap();
//! let a = analyse(&mut sum, 10).unwrap();
//! assert_eq!(a.grundy, Some(Nimber(3)));
//! assert_eq!(a.winning_moves[0].description, "take vertex 3 and its neighbours 2, 4");
//! assert_eq!(a.winning_moves[0].position, serde_json::json!([1, 5]));
//! ```

use std::sync::{Arc, OnceLock};

use grundy_core::limits::Limits;
use grundy_core::search::{Search, SearchRules};
use grundy_core::{Component, Game, Graph, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::graph::edges;
use crate::spec::{parse_number, GameSpec, SpecError, Word};

/// The most vertices of one connected part a search may take on.
pub const MAX_PART: usize = 500;

/// The most vertices a position searched move by move may have (its moves are each a list of
/// up to that many vertices).
pub const MAX_SEARCHED: usize = 3000;

/// The registry entry for `node-kayles:FILE`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "node-kayles",
        "node-kayles:FILE [VERTEX...]   (node-kayles:- reads the graph from standard \
                 input; node-kayles:1-2,2-3 inline; the vertices still present, default all)",
        "take a vertex of an undirected graph and delete it with all its neighbours; \
                whoever cannot move loses",
        "node-kayles:1-2,2-3,3-4,4-5",
        build,
    )
    .drawn(Drawing::Vertices)]
}

/// What remains of the graph: a position of Node Kayles.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Remaining {
    /// The vertices of the graph still present, sorted (indices from 0).
    Vertices(Vec<u32>),
    /// A connected part the solver detached from the graph: `k`, then its edges `u v` with
    /// `u < v` (sorted), its vertices renumbered `0..k` in the order of their numbers. Only the
    /// solver meets these; moves and positions shown to a user are always [`Remaining::Vertices`].
    Detached(Box<[u16]>),
}

/// Node Kayles on one graph: positions, moves and words; values from the core's search engine
/// ([`grundy_core::search`]) through [`KaylesRules`].
#[derive(Clone)]
pub struct NodeKayles {
    name: Arc<str>,
    rules: KaylesRules,
    /// Made at the first question; shared by the clones of the game.
    search: Arc<OnceLock<Search<KaylesRules>>>,
    /// The search's table budget ([`Ruleset::limit`]).
    limits: Limits,
}

/// The rules of Node Kayles on one graph, as the search engine sees them: a position splits into
/// its connected parts, each detached (renumbered) so that equal shapes share one entry; a part
/// of at most 11 vertices has a 64-bit code (its upper-triangle adjacency bits), a larger one is
/// kept by its detached form. Values are found as the mex of the options' values
/// ([`SearchRules::full_values`]): a large part's entry holds only exact values, so a query's
/// partial answer would be searched again from every parent.
#[derive(Clone)]
pub struct KaylesRules {
    /// The graph with every edge both ways and no self-loop.
    graph: Arc<Graph>,
}

/// A position's graph on its own vertices `0..k`, neighbours sorted.
struct Local {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Local {
    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn neighbours(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The closed neighbourhood of `i` (its neighbours and itself), sorted.
    fn closed(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        let n = self.neighbours(i);
        let split = n.partition_point(|&j| (j as usize) < i);
        n[..split]
            .iter()
            .copied()
            .chain(std::iter::once(i as u32))
            .chain(n[split..].iter().copied())
    }

    /// The part on the vertices `keep` marks, detached: its size, then its edges renumbered.
    fn detach(&self, keep: &[bool]) -> Box<[u16]> {
        let mut label = vec![u16::MAX; self.len()];
        let mut k = 0u16;
        for (i, _) in keep.iter().enumerate().filter(|(_, &kept)| kept) {
            label[i] = k;
            k += 1;
        }
        let mut code = vec![k];
        for u in 0..self.len() {
            if !keep[u] {
                continue;
            }
            for &v in self.neighbours(u) {
                if v as usize > u && keep[v as usize] {
                    code.extend([label[u], label[v as usize]]);
                }
            }
        }
        code.into_boxed_slice()
    }

    /// The same as [`Local::detach`] for the vertices `members` (ascending) of one connected part,
    /// in time proportional to the part alone: `label` is scratch of [`Local::len`] entries, all
    /// `u16::MAX`, and is left so. (A position of many small parts is split in linear time.)
    fn detach_part(&self, members: &[u32], label: &mut [u16]) -> Box<[u16]> {
        for (k, &u) in members.iter().enumerate() {
            label[u as usize] = k as u16;
        }
        let mut code = vec![members.len() as u16];
        for &u in members {
            for &v in self.neighbours(u as usize) {
                if v > u && label[v as usize] != u16::MAX {
                    code.extend([label[u as usize], label[v as usize]]);
                }
            }
        }
        for &u in members {
            label[u as usize] = u16::MAX;
        }
        code.into_boxed_slice()
    }

    /// The connected part of every vertex (numbered from 0) and how many parts there are.
    fn parts(&self) -> (Vec<u32>, u32) {
        let mut part = vec![u32::MAX; self.len()];
        let mut count = 0;
        let mut stack = Vec::new();
        for root in 0..self.len() {
            if part[root] != u32::MAX {
                continue;
            }
            part[root] = count;
            stack.push(root);
            while let Some(u) = stack.pop() {
                for &v in self.neighbours(u) {
                    if part[v as usize] == u32::MAX {
                        part[v as usize] = count;
                        stack.push(v as usize);
                    }
                }
            }
            count += 1;
        }
        (part, count)
    }
}

impl NodeKayles {
    /// Node Kayles on `graph`, each edge read both ways; `name` is the game spec shown to the
    /// user.
    pub fn new(name: impl Into<String>, graph: &Graph) -> Self {
        let n = graph.vertices();
        let mut edges = Vec::with_capacity(2 * graph.edge_count());
        for u in 0..n as u32 {
            for &v in graph.followers(u) {
                if u != v {
                    edges.extend([(u, v), (v, u)]);
                }
            }
        }
        NodeKayles {
            name: name.into().into(),
            rules: KaylesRules {
                graph: Arc::new(Graph::from_edges(n, &edges)),
            },
            search: Arc::new(OnceLock::new()),
            limits: Limits::DEFAULT,
        }
    }

    /// The whole graph: every vertex present.
    pub fn all(&self) -> Remaining {
        Remaining::Vertices((0..self.rules.graph.vertices() as u32).collect())
    }

    /// The neighbours of vertex `v` of the graph (each edge both ways), sorted.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        self.rules.graph.followers(v)
    }

    fn search(&self) -> &Search<KaylesRules> {
        self.search.get_or_init(|| {
            let bytes = self.limits.table_bytes(f64::from(1 << 20));
            Search::new(self.rules.clone(), bytes, 0).with_progress(true)
        })
    }
}

impl KaylesRules {
    fn local(&self, p: &Remaining) -> Local {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        match p {
            Remaining::Vertices(ids) => {
                for &v in ids {
                    targets.extend(
                        self.graph
                            .followers(v)
                            .iter()
                            .filter_map(|w| ids.binary_search(w).ok().map(|j| j as u32)),
                    );
                    offsets.push(targets.len() as u32);
                }
            }
            Remaining::Detached(code) => {
                let k = usize::from(code[0]);
                let edges = code[1..].chunks_exact(2);
                let mut degree = vec![0u32; k + 1];
                for e in edges.clone() {
                    degree[usize::from(e[0]) + 1] += 1;
                    degree[usize::from(e[1]) + 1] += 1;
                }
                for i in 0..k {
                    degree[i + 1] += degree[i];
                }
                let mut fill = degree.clone();
                targets = vec![0; degree[k] as usize];
                // Edges are sorted, so each list gets its smaller neighbours first, in order,
                // then its larger ones, in order.
                for e in edges {
                    let (u, v) = (usize::from(e[0]), usize::from(e[1]));
                    targets[fill[u] as usize] = v as u32;
                    fill[u] += 1;
                    targets[fill[v] as usize] = u as u32;
                    fill[v] += 1;
                }
                offsets = degree;
            }
        }
        Local { offsets, targets }
    }

    /// The position keeping the vertices of `p` that `keep` marks (in the local numbering).
    fn keep(&self, p: &Remaining, local: &Local, keep: &[bool]) -> Remaining {
        match p {
            Remaining::Vertices(ids) => Remaining::Vertices(
                ids.iter()
                    .zip(keep)
                    .filter(|(_, &k)| k)
                    .map(|(&v, _)| v)
                    .collect(),
            ),
            Remaining::Detached(_) => Remaining::Detached(local.detach(keep)),
        }
    }

    fn size(p: &Remaining) -> usize {
        match p {
            Remaining::Vertices(ids) => ids.len(),
            Remaining::Detached(code) => usize::from(code[0]),
        }
    }
}

impl Ruleset for KaylesRules {
    type Position = Remaining;

    fn options(&self, p: &Remaining, out: &mut Vec<Remaining>) {
        let local = self.local(p);
        let mut keep = vec![true; local.len()];
        for i in 0..local.len() {
            // A neighbour with the same closed neighbourhood, taken earlier, made this move.
            let twin = local
                .neighbours(i)
                .iter()
                .take_while(|&&j| (j as usize) < i)
                .any(|&j| local.closed(j as usize).eq(local.closed(i)));
            if twin {
                continue;
            }
            for j in local.closed(i) {
                keep[j as usize] = false;
            }
            out.push(self.keep(p, &local, &keep));
            for j in local.closed(i) {
                keep[j as usize] = true;
            }
        }
    }

    fn components(&self, p: &Remaining, out: &mut Vec<Remaining>) -> bool {
        let local = self.local(p);
        let (part, count) = local.parts();
        match (count, p) {
            (0, _) | (1, Remaining::Detached(_)) => false,
            // One part of the graph: detached, so that equal shapes share their values.
            (1, Remaining::Vertices(_)) if local.len() <= usize::from(u16::MAX) => {
                out.push(Remaining::Detached(local.detach(&vec![true; local.len()])));
                true
            }
            (1, _) => false,
            _ => {
                let mut members = vec![Vec::new(); count as usize];
                for (u, &c) in part.iter().enumerate() {
                    members[c as usize].push(u as u32);
                }
                let mut label = vec![u16::MAX; local.len()];
                for (c, m) in members.iter().enumerate() {
                    if m.len() <= usize::from(u16::MAX) {
                        out.push(Remaining::Detached(local.detach_part(m, &mut label)));
                    } else {
                        let keep: Vec<bool> = part.iter().map(|&q| q == c as u32).collect();
                        out.push(self.keep(p, &local, &keep));
                    }
                }
                true
            }
        }
    }
}

impl SearchRules for KaylesRules {
    fn parts(&self, p: &Remaining, out: &mut Vec<Remaining>) {
        if !self.components(p, out) && Self::size(p) > 0 {
            out.push(p.clone());
        }
    }

    fn code(&self, part: &Remaining) -> Option<u64> {
        const K: u64 = 11;
        let Remaining::Detached(code) = part else {
            return None;
        };
        let k = u64::from(code[0]);
        (k <= K).then(|| {
            // The pair u < v at its place in the rows of the upper triangle of 11 vertices.
            let edges = code[1..].chunks_exact(2).fold(0u64, |bits, e| {
                let (u, v) = (u64::from(e[0]), u64::from(e[1]));
                bits | 1 << (u * (2 * K - u - 1) / 2 + (v - u - 1))
            });
            edges | k << 55
        })
    }

    fn size(&self, part: &Remaining) -> u32 {
        Self::size(part) as u32
    }

    fn full_values(&self) -> bool {
        true
    }
}

impl Ruleset for NodeKayles {
    type Position = Remaining;

    fn options(&self, p: &Remaining, out: &mut Vec<Remaining>) {
        self.rules.options(p, out)
    }

    fn components(&self, p: &Remaining, out: &mut Vec<Remaining>) -> bool {
        self.rules.components(p, out)
    }

    /// The search's value, within its limits (past them, [`Game::searchable`] refuses the
    /// position with a message naming the limit).
    fn closed_form(&self, p: &Remaining) -> Option<Nimber> {
        self.searchable(p).is_ok().then(|| self.search().value(p))
    }

    fn limit(&mut self, limits: &Limits) {
        self.limits = limits.clone();
    }
}

impl Game for NodeKayles {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn figure(&self) -> Option<Json> {
        let graph = &self.rules.graph;
        let n = graph.vertices();
        if n > crate::graph::figure::MAX_DRAWN {
            return None;
        }
        // Every edge is stored both ways: draw it once.
        let edges = (0..n as u32).flat_map(|v| {
            graph
                .followers(v)
                .iter()
                .filter(move |&&w| v < w)
                .map(move |&w| (v, w))
        });
        crate::graph::figure::graph(crate::graph::figure::numbered(n), edges, false)
    }

    fn show(&self, p: &Remaining) -> Json {
        match p {
            Remaining::Vertices(ids) => {
                Json::Array(ids.iter().map(|&v| Json::from(u64::from(v) + 1)).collect())
            }
            Remaining::Detached(code) => {
                let edges: Vec<String> = code[1..]
                    .chunks_exact(2)
                    .map(|e| format!("{}-{}", e[0] + 1, e[1] + 1))
                    .collect();
                Json::String(format!(
                    "a detached part of {} vertices with edges {}",
                    code[0],
                    edges.join(",")
                ))
            }
        }
    }

    fn describe(&self, from: &Remaining, to: &Remaining) -> String {
        let (Remaining::Vertices(from), Remaining::Vertices(to)) = (from, to) else {
            return "take a vertex of a detached part".into();
        };
        let taken: Vec<u32> = from
            .iter()
            .copied()
            .filter(|v| to.binary_search(v).is_err())
            .collect();
        // The vertex taken: the first whose closed neighbourhood is what went.
        let closed = |v: u32| {
            let mut c: Vec<u32> = self
                .rules
                .graph
                .followers(v)
                .iter()
                .copied()
                .filter(|w| from.binary_search(w).is_ok())
                .collect();
            c.push(v);
            c.sort_unstable();
            c
        };
        let Some(&v) = taken.iter().find(|&&v| closed(v) == taken) else {
            return "no move".into();
        };
        let others: Vec<String> = taken
            .iter()
            .filter(|&&w| w != v)
            .map(|w| (w + 1).to_string())
            .collect();
        match others.as_slice() {
            [] => format!("take vertex {}", v + 1),
            [w] => format!("take vertex {} and its neighbour {w}", v + 1),
            _ => format!(
                "take vertex {} and its neighbours {}",
                v + 1,
                others.join(", ")
            ),
        }
    }

    fn key(&self, p: &Remaining) -> Key {
        match p {
            Remaining::Vertices(ids) => ids.iter().map(|&v| u64::from(v)).collect(),
            // Vertex numbers are below 2^32, so the marker keeps the two kinds apart.
            Remaining::Detached(code) => std::iter::once(u64::MAX)
                .chain(code.iter().map(|&x| u64::from(x)))
                .collect(),
        }
    }

    fn searchable(&self, p: &Remaining) -> Result<(), SolveError> {
        let k = KaylesRules::size(p);
        if k > MAX_SEARCHED {
            return Err(SolveError::TooLarge(format!(
                "{}: {k} vertices remain, more than the {MAX_SEARCHED} a search may take on",
                self.name
            )));
        }
        let (part, count) = self.rules.local(p).parts();
        let mut sizes = vec![0usize; count as usize];
        for c in part {
            sizes[c as usize] += 1;
        }
        if let Some(&big) = sizes.iter().find(|&&s| s > MAX_PART) {
            return Err(SolveError::TooLarge(format!(
                "{}: a connected part of {big} vertices, more than the {MAX_PART} a search may \
                 take on",
                self.name
            )));
        }
        Ok(())
    }
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let params = spec.require_params(
        "node-kayles:FILE (or node-kayles:- for standard input, node-kayles:1-2,2-3 inline)",
    )?;
    if params == "-" {
        if let Some(w) = words.iter().find(|w| w.origin.starts_with("stdin")) {
            return Err(w.error(
                "node-kayles:- reads the graph from standard input, so give the vertices as \
                 arguments",
            ));
        }
    }
    let game = NodeKayles::new(spec.word.text.clone(), &edges::load(spec)?);
    let n = game.rules.graph.vertices();
    let position = if words.is_empty() {
        game.all()
    } else {
        let mut present = vec![false; n];
        for w in words {
            let v = parse_number(w, "a vertex", n as u64)
                .ok()
                .filter(|&v| v > 0)
                .ok_or_else(|| {
                    w.error(if n == 0 {
                        "the graph has no vertex".to_string()
                    } else {
                        format!("a vertex is numbered 1 to {n}")
                    })
                })?;
            if std::mem::replace(&mut present[(v - 1) as usize], true) {
                return Err(w.error("this vertex is listed twice"));
            }
        }
        Remaining::Vertices((0..n as u32).filter(|&v| present[v as usize]).collect())
    };
    Ok(RulesetComponent::boxed(game, position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::build_sum;
    use grundy_core::{analyse, BruteForce, Nimber, Solver};
    use proptest::prelude::*;

    fn path(n: usize) -> NodeKayles {
        let edges: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
        NodeKayles::new("path", &Graph::from_edges(n, &edges))
    }

    fn prefix(n: usize) -> Remaining {
        Remaining::Vertices((0..n as u32).collect())
    }

    /// A random graph on at most `max - 1` vertices.
    fn graph(max: usize) -> impl Strategy<Value = Graph> {
        (1usize..max).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 0..2 * n + 1)
                .prop_map(move |edges| Graph::from_edges(n, &edges))
        })
    }

    /// The value of a registered heap game at `n`.
    fn heap_value(game: &str, n: u64) -> Nimber {
        let mut sum = build_sum(&Word::from_args(&[game.to_string(), n.to_string()])).unwrap();
        analyse(&mut sum, 0).unwrap().grundy.unwrap()
    }

    #[test]
    fn paths_are_dawsons_chess() {
        let mut solver = Solver::new(path(200));
        for n in 0..=200 {
            let g = solver.grundy(&prefix(n)).unwrap();
            assert_eq!(g, heap_value("0.137", n as u64), "path of {n}");
            assert_eq!(g, heap_value("0.07", n as u64 + 1), "path of {n}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Values with decomposition and detached parts against a plain search of the whole
        /// position, on every position a random graph can reach.
        #[test]
        fn values_match_brute_force(g in graph(11)) {
            let game = NodeKayles::new("test", &g);
            let mut fast = Solver::new(game.clone());
            let mut brute = Solver::new(BruteForce(game.clone()));
            let mut seen = std::collections::BTreeSet::new();
            let mut todo = vec![game.all()];
            let mut options = Vec::new();
            while let Some(p) = todo.pop() {
                if !seen.insert(p.clone()) {
                    continue;
                }
                prop_assert_eq!(fast.grundy(&p).unwrap(), brute.grundy(&p).unwrap(), "{:?}", p);
                options.clear();
                game.options(&p, &mut options);
                todo.append(&mut options);
            }
        }

        /// The 64-bit codes of detached parts of up to 11 vertices tell them apart: among many
        /// small graphs (where equal and near shapes are common) and a few of 11 vertices.
        #[test]
        fn codes_are_injective(
            small in proptest::collection::vec(graph(6), 40),
            large in proptest::collection::vec(graph(12), 4),
        ) {
            let rules = NodeKayles::new("test", &Graph::from_edges(1, &[])).rules;
            let parts: Vec<Remaining> = small
                .iter()
                .chain(&large)
                .map(|g| {
                    let game = NodeKayles::new("test", g);
                    let local = game.rules.local(&game.all());
                    Remaining::Detached(local.detach(&vec![true; local.len()]))
                })
                .collect();
            for p in &parts {
                for q in &parts {
                    let (cp, cq) = (rules.code(p).unwrap(), rules.code(q).unwrap());
                    prop_assert_eq!(cp == cq, p == q, "{:?} {:?}", p, q);
                }
            }
        }

        /// Normal play, misère play and Every-SG of one or two positions of a small graph.
        #[test]
        fn conventions_match_brute_force(
            g in graph(7),
            subsets in proptest::collection::vec(any::<u8>(), 1..=2),
        ) {
            let game = NodeKayles::new("test", &g);
            let n = g.vertices() as u32;
            let positions: Vec<Remaining> = subsets
                .iter()
                .map(|s| Remaining::Vertices((0..n).filter(|v| s >> v & 1 == 1).collect()))
                .collect();
            crate::testing::assert_conventions_match_brute_force(&game, &positions)?;
        }
    }

    #[test]
    fn moves_are_listed_once_and_described() {
        // A triangle 1-2-3 with a tail 3-4: taking 1 or 2 deletes the same vertices.
        let mut sum = build_sum(&Word::from_args(&["node-kayles:1-2,2-3,3-1,3-4"])).unwrap();
        let moves: Vec<(String, Json)> = sum[0]
            .explore()
            .unwrap()
            .moves()
            .unwrap()
            .into_iter()
            .map(|(m, _)| (m.description, m.position))
            .collect();
        assert_eq!(
            moves,
            vec![
                (
                    "take vertex 1 and its neighbours 2, 3".into(),
                    serde_json::json!([4])
                ),
                (
                    "take vertex 3 and its neighbours 1, 2, 4".into(),
                    serde_json::json!([])
                ),
                (
                    "take vertex 4 and its neighbour 3".into(),
                    serde_json::json!([1, 2])
                ),
            ]
        );
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.grundy, Some(Nimber(2)));
        // Rebuilt from its words, a position is the same.
        let mut again =
            build_sum(&Word::from_args(&["node-kayles:1-2,2-3,3-1,3-4", "1", "2"])).unwrap();
        assert_eq!(again[0].position(), serde_json::json!([1, 2]));
        assert_eq!(analyse(&mut again, 0).unwrap().grundy, Some(Nimber(1)));
    }

    #[test]
    fn bad_positions_and_big_ones() {
        let err = |words: &[&str]| {
            build_sum(&Word::from_args(words))
                .err()
                .unwrap()
                .to_string()
        };
        assert_eq!(
            err(&["node-kayles:1-2", "3"]),
            "argument 2 ('3'): a vertex is numbered 1 to 2"
        );
        assert_eq!(
            err(&["node-kayles:1-2", "1", "1"]),
            "argument 3 ('1'): this vertex is listed twice"
        );
        assert!(err(&["node-kayles"]).contains("node-kayles:FILE"));
        let p = path(MAX_PART + 1);
        assert_eq!(
            p.searchable(&prefix(MAX_PART + 1)).unwrap_err().to_string(),
            "path: a connected part of 501 vertices, more than the 500 a search may take on"
        );
        assert!(p.searchable(&prefix(MAX_PART)).is_ok());
        // Solving it says so too (the search is not started).
        let mut too_big = RulesetComponent::boxed(path(MAX_PART + 1), prefix(MAX_PART + 1));
        let e = too_big.value().unwrap_err().to_string();
        assert!(e.contains("more than the 500"), "{e}");
        let many = NodeKayles::new("many", &Graph::from_edges(MAX_SEARCHED + 1, &[]));
        assert_eq!(
            many.searchable(&many.all()).unwrap_err().to_string(),
            "many: 3001 vertices remain, more than the 3000 a search may take on"
        );
    }
}
