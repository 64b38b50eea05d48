//! Loopy games: outcomes with draws, remoteness, and the generalized Sprague–Grundy function.
//!
//! On a graph with cycles play may go on forever, and a position that neither player can win is a
//! draw (D). Two analyses work on an explicit [`Graph`]:
//!
//! - **Retrograde analysis** ([`retrograde`]): starting from the positions without moves (P,
//!   remoteness 0), a position is N as soon as one follower is P, and P once every follower is N;
//!   whatever is never labelled is D. Processing positions in order of remoteness gives each its
//!   remoteness on the way (the winner hurries, the loser delays), so P-positions are exactly those
//!   of even remoteness. Time O(V + E).
//! - **The generalized Sprague–Grundy function γ** ([`generalized_grundy`]; Smith 1966,
//!   Fraenkel–Yesha 1986) gives each position a finite value or ∞(K), K being the finite values of
//!   its followers, so that sums can be decided (see [`crate::classify`]): a sum is P when every γ
//!   is finite with XOR 0, N when every γ is finite with XOR not 0 or exactly one is ∞(K) with the
//!   XOR of the others in K, and D otherwise. The labelling runs level by level (Fraenkel's
//!   algorithm): at level `i`, a position gets `i` when none of its followers has `i` and each of
//!   its followers that is unlabelled or ∞ can move to an `i`; then the unlabelled positions that
//!   cannot move to an `i` are ∞. Each level touches only the still-unlabelled positions and the
//!   edges into the positions just labelled, so the total is O(V + Σ deg²) at worst and linear for
//!   bounded degrees.
//!
//! [`GraphAnalysis`] runs the O(V + E) acyclic pass first and falls back to these only when the
//! graph has a cycle.
//!
//! ```
//! use grundy_core::{GraphAnalysis, Graph, Nimber, Outcome, Value};
//! // 0 <-> 1 (a 2-cycle), 1 -> 2 (a sink).
//! let g = Graph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]);
//! let a = GraphAnalysis::new(&g);
//! assert_eq!(a.outcome(2), Outcome::P);
//! assert_eq!(a.outcome(1), Outcome::N);
//! assert_eq!(a.outcome(0), Outcome::P); // its only move is to the N-position 1
//! assert_eq!(a.value(&g, 1), Value::Finite(Nimber(1)));
//! assert_eq!(a.remoteness(0), Some(2));
//! ```

use crate::graph::UNKNOWN;
use crate::{Graph, Nimber, Outcome, Value};

/// The remoteness of every vertex by retrograde analysis: `Some(r)` with `r` even for a
/// P-position and odd for an N-position, `None` for a draw. `reverse` is `graph.reversed()`.
///
/// ```
/// use grundy_core::{loopy::retrograde, Graph};
/// // 0 -> 1 -> 2 -> 0 is a cycle; 3 has a self-loop and a move to the sink 4.
/// let g = Graph::from_edges(5, &[(0, 1), (1, 2), (2, 0), (3, 3), (3, 4)]);
/// assert_eq!(retrograde(&g, &g.reversed()), vec![None, None, None, Some(1), Some(0)]);
/// ```
pub fn retrograde(graph: &Graph, reverse: &Graph) -> Vec<Option<u32>> {
    retrograde_raw(graph, reverse)
        .into_iter()
        .map(|r| (r != UNKNOWN).then_some(r))
        .collect()
}

fn retrograde_raw(graph: &Graph, reverse: &Graph) -> Vec<u32> {
    let n = graph.vertices();
    let mut remoteness = vec![UNKNOWN; n];
    // Followers not yet known to be N: a position is P when this reaches 0.
    let mut left: Vec<u32> = (0..n as u32)
        .map(|v| graph.followers(v).len() as u32)
        .collect();
    // Each vertex enters the queue once, when labelled; pushes carry the popped remoteness + 1,
    // so the queue stays sorted by remoteness.
    let mut queue: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
    for &v in &queue {
        remoteness[v as usize] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let r = remoteness[v as usize];
        let v_is_p = r.is_multiple_of(2);
        for &p in reverse.followers(v) {
            let p = p as usize;
            if remoteness[p] != UNKNOWN {
                continue;
            }
            if v_is_p {
                remoteness[p] = r + 1;
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    remoteness[p] = r + 1;
                    queue.push(p as u32);
                }
            }
        }
    }
    remoteness
}

/// The generalized Sprague–Grundy function: `Some(g)` for a finite value, `None` for ∞ (the set
/// K is the finite values among the followers; [`GraphAnalysis::value`] assembles it).
/// `reverse` is `graph.reversed()`.
///
/// ```
/// use grundy_core::{loopy::generalized_grundy, Graph};
/// // A 2-cycle 0 <-> 1, with 1 -> 2 and 2 -> 3 (a sink). Moving from 1 to 2 loses, so whoever
/// // is at 0 or 1 shuttles between them: both are draws, with γ(0) = ∞(∅) and γ(1) = ∞(1).
/// let g = Graph::from_edges(4, &[(0, 1), (1, 0), (1, 2), (2, 3)]);
/// assert_eq!(generalized_grundy(&g, &g.reversed()), vec![None, None, Some(1), Some(0)]);
/// ```
pub fn generalized_grundy(graph: &Graph, reverse: &Graph) -> Vec<Option<u32>> {
    generalized_grundy_raw(graph, reverse)
        .into_iter()
        .map(|g| (g != UNKNOWN).then_some(g))
        .collect()
}

fn generalized_grundy_raw(graph: &Graph, reverse: &Graph) -> Vec<u32> {
    const UNLABELLED: u32 = UNKNOWN - 1;
    let n = graph.vertices();
    let mut gamma = vec![UNLABELLED; n];
    // `reaches[v] == level`: v has a follower labelled `level` (a stamp, so no per-level reset).
    let mut reaches = vec![UNKNOWN; n];
    // Followers that are unlabelled or ∞ and cannot yet move to a `level`.
    let mut blocking = vec![0u32; n];
    let mut unlabelled: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut level: u32 = 0;
    while !unlabelled.is_empty() {
        queue.clear();
        for &u in &unlabelled {
            let c = graph
                .followers(u)
                .iter()
                .filter(|&&w| gamma[w as usize] >= UNLABELLED)
                .count() as u32;
            blocking[u as usize] = c;
            if c == 0 {
                queue.push(u);
            }
        }
        // Labelled only after counting, so the counts above all see the level's start.
        for &u in &queue {
            gamma[u as usize] = level;
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &p in reverse.followers(v) {
                let pu = p as usize;
                if gamma[pu] < UNLABELLED || reaches[pu] == level {
                    continue;
                }
                reaches[pu] = level;
                // p (unlabelled or ∞) can now move to a `level`: it no longer blocks its
                // unlabelled predecessors.
                for &q in reverse.followers(p) {
                    let qu = q as usize;
                    if gamma[qu] != UNLABELLED || reaches[qu] == level {
                        continue;
                    }
                    blocking[qu] -= 1;
                    if blocking[qu] == 0 {
                        gamma[qu] = level;
                        queue.push(q);
                    }
                }
            }
        }
        // Unlabelled positions that cannot move to a `level` never get a finite value.
        let mut still = Vec::new();
        for &u in &unlabelled {
            let uu = u as usize;
            if gamma[uu] != UNLABELLED {
                continue;
            }
            if reaches[uu] == level {
                still.push(u);
            } else {
                gamma[uu] = UNKNOWN;
            }
        }
        unlabelled = still;
        level += 1;
    }
    gamma
}

/// γ of a sum from γ of its parts (Smith): the XOR when every part is finite; ∞(K ⊕ a) when
/// exactly one part is ∞(K) and the others add up to `a` (its finite options are exactly those
/// moving in the infinite part to a finite value); ∞(∅) when two or more parts are infinite
/// (every option still has an infinite part). So [`crate::classify`] of the one value agrees with
/// Smith's rule on the parts.
///
/// ```
/// use grundy_core::{loopy::sum_value, Nimber, Value};
/// let inf = Value::Infinite(vec![Nimber(0), Nimber(2)]);
/// assert_eq!(sum_value(&[Value::Finite(Nimber(3)), Value::Finite(Nimber(1))]), Value::Finite(Nimber(2)));
/// assert_eq!(sum_value(&[inf.clone(), Value::Finite(Nimber(2))]), Value::Infinite(vec![Nimber(0), Nimber(2)]));
/// assert_eq!(sum_value(&[inf.clone(), Value::Finite(Nimber(1))]), Value::Infinite(vec![Nimber(1), Nimber(3)]));
/// assert_eq!(sum_value(&[inf.clone(), inf]), Value::Infinite(vec![]));
/// ```
pub fn sum_value<'a>(values: impl IntoIterator<Item = &'a Value>) -> Value {
    let mut finite = Nimber::ZERO;
    let mut infinite: Option<&Vec<Nimber>> = None;
    let mut infinite_parts = 0;
    for v in values {
        match v {
            Value::Finite(g) => finite += *g,
            Value::Infinite(k) => {
                infinite_parts += 1;
                infinite = Some(k);
            }
        }
    }
    match (infinite_parts, infinite) {
        (0, _) | (_, None) => Value::Finite(finite),
        (1, Some(k)) => {
            let mut shifted: Vec<Nimber> = k.iter().map(|&g| g + finite).collect();
            shifted.sort_unstable();
            Value::Infinite(shifted)
        }
        _ => Value::Infinite(Vec::new()),
    }
}

/// Every vertex of a graph solved: its (generalized) Grundy value and its remoteness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphAnalysis {
    /// γ as `u32`, [`UNKNOWN`] for ∞.
    gamma: Vec<u32>,
    /// Remoteness, [`UNKNOWN`] for a draw.
    remoteness: Vec<u32>,
    acyclic: bool,
}

impl GraphAnalysis {
    /// Solves every vertex: O(V + E) when the graph is acyclic, retrograde analysis and
    /// Fraenkel's γ labelling otherwise.
    pub fn new(graph: &Graph) -> GraphAnalysis {
        if let Some((gamma, remoteness)) = graph.acyclic_values_raw() {
            return GraphAnalysis {
                gamma,
                remoteness,
                acyclic: true,
            };
        }
        Self::loopy(graph)
    }

    /// Solves every vertex with the loopy machinery, even if the graph happens to be acyclic.
    pub fn loopy(graph: &Graph) -> GraphAnalysis {
        let reverse = graph.reversed();
        let remoteness = retrograde_raw(graph, &reverse);
        let gamma = generalized_grundy_raw(graph, &reverse);
        GraphAnalysis {
            gamma,
            remoteness,
            acyclic: false,
        }
    }

    /// Whether the acyclic pass sufficed (no cycle: no draws, every value finite).
    pub fn is_acyclic(&self) -> bool {
        self.acyclic
    }

    /// The number of vertices solved.
    pub fn vertices(&self) -> usize {
        self.gamma.len()
    }

    /// γ(v) if finite.
    #[inline]
    pub fn finite(&self, v: u32) -> Option<Nimber> {
        let g = self.gamma[v as usize];
        (g != UNKNOWN).then_some(Nimber(g.into()))
    }

    /// γ(v), with K gathered from the followers when it is ∞(K).
    pub fn value(&self, graph: &Graph, v: u32) -> Value {
        match self.finite(v) {
            Some(g) => Value::Finite(g),
            None => {
                let mut k: Vec<Nimber> = graph
                    .followers(v)
                    .iter()
                    .filter_map(|&w| self.finite(w))
                    .collect();
                k.sort_unstable();
                k.dedup();
                Value::Infinite(k)
            }
        }
    }

    /// Who wins from a single token on `v`.
    pub fn outcome(&self, v: u32) -> Outcome {
        match self.remoteness[v as usize] {
            UNKNOWN => Outcome::D,
            r if r.is_multiple_of(2) => Outcome::P,
            _ => Outcome::N,
        }
    }

    /// Moves to the end under best play from a single token on `v`; `None` in a draw.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        let r = self.remoteness[v as usize];
        (r != UNKNOWN).then_some(r)
    }

    /// Bytes held by the analysis's arrays.
    pub fn heap_bytes(&self) -> usize {
        (self.gamma.capacity() + self.remoteness.capacity()) * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify;
    use proptest::prelude::*;

    /// Random graph with cycles (and self-loops) on up to `max` vertices.
    fn loopy_graph(max: usize) -> impl Strategy<Value = Graph> {
        (1usize..max).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 0..3 * n + 1)
                .prop_map(move |edges| Graph::from_edges(n, &edges))
        })
    }

    /// The plain definition, iterated to a fixed point: `lose[k]`/`win[k]` are the positions
    /// where the player to move loses / can win within k moves; remoteness is the first k.
    fn naive_remoteness(g: &Graph) -> Vec<Option<u32>> {
        let n = g.vertices();
        let mut rem: Vec<Option<u32>> = vec![None; n];
        let mut lose = vec![false; n];
        let mut win = vec![false; n];
        for k in 0..=(2 * n as u32 + 2) {
            let (mut new_lose, mut new_win) = (lose.clone(), win.clone());
            for v in 0..n as u32 {
                let f = g.followers(v);
                if f.iter().all(|&w| win[w as usize]) {
                    new_lose[v as usize] = true;
                }
                if f.iter().any(|&w| lose[w as usize]) {
                    new_win[v as usize] = true;
                }
            }
            for v in 0..n {
                if rem[v].is_none() && (new_lose[v] || new_win[v]) {
                    rem[v] = Some(k);
                }
            }
            lose = new_lose;
            win = new_win;
        }
        rem
    }

    /// Nim heaps 0..m as extra vertices after the graph's own: heap h moves to every smaller heap.
    fn with_heaps(g: &Graph, m: u32) -> Graph {
        let n = g.vertices() as u32;
        let mut edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|v| g.followers(v).iter().map(move |&w| (v, w)))
            .collect();
        for h in 0..m {
            for l in 0..h {
                edges.push((n + h, n + l));
            }
        }
        Graph::from_edges((n + m) as usize, &edges)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn retrograde_matches_the_naive_fixed_point(g in loopy_graph(12)) {
            let got = retrograde(&g, &g.reversed());
            prop_assert_eq!(got, naive_remoteness(&g));
        }

        #[test]
        fn gamma_agrees_with_outcomes_and_with_acyclic_values(g in loopy_graph(12)) {
            let a = GraphAnalysis::loopy(&g);
            for v in 0..g.vertices() as u32 {
                let by_gamma = classify(&[a.value(&g, v)]);
                prop_assert_eq!(by_gamma, a.outcome(v), "vertex {}", v);
            }
            let fast = GraphAnalysis::new(&g);
            if fast.is_acyclic() {
                prop_assert_eq!(&fast.gamma, &a.gamma);
                prop_assert_eq!(&fast.remoteness, &a.remoteness);
            }
        }

        /// γ pinned down exactly: a token on v plus a Nim heap h is P iff γ(v) = h, and N with
        /// γ(v) = ∞(K) iff h ∈ K (the heap is a Nim chain added to the graph).
        #[test]
        fn gamma_against_the_product_with_nim_heaps(g in loopy_graph(8)) {
            let m = 5u32;
            let h = with_heaps(&g, m);
            let a = GraphAnalysis::loopy(&g);
            let (p, positions) = h.token_product(2);
            let rem = retrograde(&p, &p.reversed());
            let n = g.vertices() as u32;
            for (i, t) in positions.iter().enumerate() {
                if t[0] >= n || t[1] < n {
                    continue;
                }
                let heap = Nimber((t[1] - n).into());
                let want = match rem[i] {
                    None => Outcome::D,
                    Some(r) if r.is_multiple_of(2) => Outcome::P,
                    Some(_) => Outcome::N,
                };
                let got = classify(&[a.value(&g, t[0]), Value::Finite(heap)]);
                prop_assert_eq!(got, want, "token {} + heap {}", t[0], heap.0);
            }
        }

        /// The γ of a sum of tokens, computed on the product graph itself, is `sum_value` of
        /// the tokens' γ.
        #[test]
        fn sum_value_is_gamma_of_the_product_graph(g in loopy_graph(6)) {
            let a = GraphAnalysis::loopy(&g);
            let (p, positions) = g.token_product(2);
            let whole = GraphAnalysis::loopy(&p);
            for (i, t) in positions.iter().enumerate() {
                let parts: Vec<Value> = t.iter().map(|&v| a.value(&g, v)).collect();
                prop_assert_eq!(sum_value(&parts), whole.value(&p, i as u32), "tokens {:?}", t);
            }
        }

        #[test]
        fn smiths_rule_against_the_product_graph(g in loopy_graph(7), tokens in 2usize..4) {
            prop_assume!(g.vertices().pow(tokens as u32) <= 350);
            let a = GraphAnalysis::loopy(&g);
            let (p, positions) = g.token_product(tokens);
            let rem = retrograde(&p, &p.reversed());
            for (i, t) in positions.iter().enumerate() {
                let values: Vec<Value> = t.iter().map(|&v| a.value(&g, v)).collect();
                let want = match rem[i] {
                    None => Outcome::D,
                    Some(r) if r.is_multiple_of(2) => Outcome::P,
                    Some(_) => Outcome::N,
                };
                prop_assert_eq!(classify(&values), want, "tokens {:?}", t);
            }
        }
    }

    #[test]
    fn an_infinite_follower_that_gains_a_move_to_the_level_unblocks() {
        // s = 0 is a sink, a = 1 -> s, p = 2 has a self-loop and p -> a, q = 3 -> s and q -> p.
        // p is ∞ from level 0 on; at level 1, a gets 1, so p can move to a 1 and q gets γ 1:
        // q + *1 is P (after q -> p the reply p -> a leaves a + *1, a P-position).
        let g = Graph::from_edges(4, &[(1, 0), (2, 2), (2, 1), (3, 0), (3, 2)]);
        let a = GraphAnalysis::loopy(&g);
        assert_eq!(a.value(&g, 2), Value::Infinite(vec![Nimber(1)]));
        assert_eq!(a.value(&g, 3), Value::Finite(Nimber(1)));
    }

    #[test]
    fn literature_example_a_cycle_with_an_exit() {
        // Fraenkel's standard picture: a 3-cycle 0 -> 1 -> 2 -> 0 with an exit 2 -> 3 (a sink).
        let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        let a = GraphAnalysis::new(&g);
        assert!(!a.is_acyclic());
        // 1's only move is to 2, which can move to the sink: γ(1) = 0, so γ(0) = 1 and
        // γ(2) = mex{γ(0), γ(3)} = mex{1, 0} = 2.
        assert_eq!(
            (0..4).map(|v| a.value(&g, v)).collect::<Vec<_>>(),
            [1, 0, 2, 0].map(|x| Value::Finite(Nimber(x))).to_vec()
        );
        // A lone self-loop is a draw, with γ = ∞(∅); with an exit to a sink it is ∞(0), an N.
        let g = Graph::from_edges(3, &[(0, 0), (1, 1), (1, 2)]);
        let a = GraphAnalysis::new(&g);
        assert_eq!(a.value(&g, 0), Value::Infinite(vec![]));
        assert_eq!(a.outcome(0), Outcome::D);
        assert_eq!(a.value(&g, 1), Value::Infinite(vec![Nimber(0)]));
        assert_eq!(a.outcome(1), Outcome::N);
        assert_eq!(a.remoteness(1), Some(1));
    }
}
