//! Green Hackenbush on any graph.
//!
//! **Rules.** A graph is drawn on the ground: vertex 1 is the ground, and every edge is green. A
//! move cuts one edge; every edge no longer connected to the ground falls away. Whoever cannot move
//! (no edges left) loses. `hackenbush:FILE` reads the graph from a file (`hackenbush:-` from
//! standard input, and `hackenbush:1-2,2-3,3-1` is a small graph written inline): the first line
//! is `N M` (vertices 1..N, M edges), then M lines `u v`, one edge each; `#` starts a comment;
//! loops and multiple edges are allowed (the file format and its reader are `graph:`'s, see
//! [`crate::graph::edges`]). The position words are optional: without them the whole graph is
//! the position; with them, they are the numbers of the edges still standing (1..M, in file order),
//! which is also how the positions after moves are written.
//!
//! **Theorem.** *Colon principle:* branches meeting at a vertex may be replaced by one stalk whose
//! length is the nim-sum of their values, and a branch made of one edge under a subtree of value
//! `g` is worth `g + 1`, so a tree is evaluated from its leaves up. *Fusion principle:* the
//! vertices of a cycle may be fused into one without changing the value, and the edges of the cycle
//! become loops, each worth a stalk of length 1. So every 2-edge-connected component (the ground's
//! included) shrinks to one vertex with its edges as loops, the bridges form a tree, and
//! `G(component) = (internal edges mod 2) ⊕ ⊕_{child} (G(child) + 1)`. Everything runs with
//! explicit stacks, in time linear in the graph. The winning moves are the cuts leaving value 0:
//! cutting a bridge removes one subtree, decided from the value each component must have for the
//! whole graph to reach the target (top-down, linear); cutting an edge `e` inside a component
//! turns the cycle of pieces that `e` lies on (the edges forming 2-edge cuts with `e`, found by
//! random 128-bit cycle labels) into a path, whose value takes time linear in the number of those
//! edges — so a long simple cycle of `k` edges costs `k²` in all, capped by [`MAX_CYCLE_WORK`].
//!
//! ```
//! use grundy_core::Nimber;
//! use grundy_games::graph::hackenbush::Drawing;
//! // A triangle standing on the ground (three loops after fusion) and a stalk of two edges.
//! let g = Drawing::parse("4 5\n1 2\n2 3\n3 1\n1 4\n4 4 # a loop on top\n", "example").unwrap();
//! assert_eq!(g.value(&g.all_edges()), Nimber(1 ^ 2));
//! ```

use grundy_core::setting::Setting;
use std::collections::HashSet;
use std::sync::Arc;

use grundy_core::{Component, Game, Key, Nimber, Ruleset, RulesetComponent, SolveError};
use serde_json::Value as Json;

use crate::entry::GameEntry;
use crate::graph::edges::{self, EdgeLimits, EdgeList, LineError, Problem, ReadError};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// Largest graph accepted: vertices and edges each.
pub const MAX_SIZE: u64 = 10_000_000;

/// The limits of a Hackenbush edge list.
const LIMITS: EdgeLimits = EdgeLimits {
    vertices: MAX_SIZE,
    edges: MAX_SIZE,
};

/// Most steps spent listing the cuts of one position (for play, misère play and Every-SG): each
/// cut is followed by a search of the drawing for what falls, so a position costs its edges
/// standing times the size of the drawing.
pub const MAX_LISTING_WORK: u128 = 100_000_000;

/// Largest amount of work (the sum of the squared sizes of the classes of 2-edge cuts) spent on
/// the winning cuts inside cycles: a single cycle of 40 000 edges (a few seconds).
pub const MAX_CYCLE_WORK: u128 = 1_600_000_000;

/// The next pseudo-random 128-bit label (xorshift on 128 bits: fixed seed, so runs repeat).
fn next_label(state: &mut u128) -> u128 {
    *state ^= *state << 23;
    *state ^= *state >> 17;
    *state ^= *state << 26;
    state.wrapping_mul(0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645)
}

const NONE: u32 = u32::MAX;

/// A Hackenbush drawing: the graph of every edge drawn, on vertices `0..n` (vertex 0 is the
/// ground, vertex 1 of the file). A position is the set of its edges still standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Number of vertices.
    pub n: usize,
    /// The edges, 0-based vertices, in file order.
    pub edges: Vec<(u32, u32)>,
}

/// A graph evaluated by the fusion and colon principles.
struct Evaluation {
    /// The component of each vertex (`NONE` if cut off from the root).
    comp: Vec<u32>,
    /// Whether each edge is a bridge (among the edges alive and connected).
    bridge: Vec<bool>,
    /// For each component: its parent component (`NONE` for the root's).
    parent: Vec<u32>,
    /// For each component: the bridge to its parent.
    up_edge: Vec<u32>,
    /// For each component: the vertex where it meets its parent bridge (the root for the root).
    attach: Vec<u32>,
    /// For each component: its value with everything hanging from it.
    value: Vec<u64>,
    /// The vertices reached, in DFS preorder.
    preorder: Vec<u32>,
    /// Each vertex's DFS preorder number (`NONE` if not reached).
    order: Vec<u32>,
    /// The DFS tree edge into each vertex (`NONE` for the root and vertices not reached).
    in_edge: Vec<u32>,
}

/// Evaluates the rooted graph made of the edges `alive` (indices into `edges`), with a stalk of
/// value `weight[v]` hanging at each vertex `v`.
fn evaluate(
    n: usize,
    edges: &[(u32, u32)],
    alive: &[u32],
    weight: &[u64],
    root: u32,
) -> Evaluation {
    // Adjacency in compressed form: for each vertex, (neighbour, edge id).
    let mut start = vec![0u32; n + 1];
    for &e in alive {
        let (u, v) = edges[e as usize];
        start[u as usize + 1] += 1;
        start[v as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut adj = vec![(0u32, 0u32); start[n] as usize];
    for &e in alive {
        let (u, v) = edges[e as usize];
        adj[fill[u as usize] as usize] = (v, e);
        fill[u as usize] += 1;
        adj[fill[v as usize] as usize] = (u, e);
        fill[v as usize] += 1;
    }

    // Iterative DFS from the root: preorder numbers, low links and the tree edge into each vertex.
    let mut order = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut in_edge = vec![NONE; n];
    let mut preorder = Vec::new();
    let mut bridge = vec![false; edges.len()];
    let mut next = start.clone();
    let mut stack = vec![root];
    order[root as usize] = 0;
    low[root as usize] = 0;
    preorder.push(root);
    while let Some(&u) = stack.last() {
        let ui = u as usize;
        if next[ui] < start[ui + 1] {
            let (v, e) = adj[next[ui] as usize];
            next[ui] += 1;
            if e == in_edge[ui] {
                continue; // the tree edge back to the parent (a parallel edge is a different id)
            }
            if order[v as usize] == NONE {
                order[v as usize] = preorder.len() as u32;
                low[v as usize] = order[v as usize];
                in_edge[v as usize] = e;
                preorder.push(v);
                stack.push(v);
            } else {
                low[ui] = low[ui].min(order[v as usize]);
            }
        } else {
            stack.pop();
            if let Some(&p) = stack.last() {
                low[p as usize] = low[p as usize].min(low[ui]);
                if low[ui] > order[p as usize] {
                    bridge[in_edge[ui] as usize] = true;
                }
            }
        }
    }

    // Components in preorder of their first vertex, so a parent comes before its children.
    let mut comp = vec![NONE; n];
    let mut parent = Vec::new();
    let mut up_edge = Vec::new();
    let mut attach = Vec::new();
    let mut acc: Vec<u64> = Vec::new();
    let mut internal: Vec<u64> = Vec::new();
    let mut queue = Vec::new();
    for &s in &preorder {
        if comp[s as usize] != NONE {
            continue;
        }
        let c = parent.len() as u32;
        let e = in_edge[s as usize];
        if e == NONE {
            parent.push(NONE);
        } else {
            let (a, b) = edges[e as usize];
            let other = if a == s { b } else { a };
            parent.push(comp[other as usize]);
        }
        up_edge.push(e);
        attach.push(s);
        acc.push(0);
        internal.push(0);
        comp[s as usize] = c;
        queue.push(s);
        while let Some(u) = queue.pop() {
            acc[c as usize] ^= weight[u as usize];
            let ui = u as usize;
            for &(v, e) in &adj[start[ui] as usize..start[ui + 1] as usize] {
                if bridge[e as usize] {
                    continue;
                }
                if comp[v as usize] == NONE {
                    comp[v as usize] = c;
                    queue.push(v);
                }
            }
        }
    }
    for &e in alive {
        let (u, _) = edges[e as usize];
        if !bridge[e as usize] && comp[u as usize] != NONE {
            internal[comp[u as usize] as usize] += 1;
        }
    }
    let mut value = vec![0u64; parent.len()];
    for c in (0..parent.len()).rev() {
        value[c] = acc[c] ^ (internal[c] & 1);
        if parent[c] != NONE {
            acc[parent[c] as usize] ^= value[c] + 1;
        }
    }
    Evaluation {
        comp,
        bridge,
        parent,
        up_edge,
        attach,
        value,
        preorder,
        order,
        in_edge,
    }
}

impl Drawing {
    /// Parses the file format; `name` names the file in errors (`name line 3: …`).
    pub fn parse(text: &str, name: &str) -> Result<Drawing, String> {
        let list = edges::parse_edge_list(text, name, LIMITS).map_err(|e| wording(&e))?;
        Drawing::from_list(list)
    }

    /// The drawing of an edge list read by [`edges::read`], if it has a ground.
    pub fn from_list(list: EdgeList) -> Result<Drawing, String> {
        if list.vertices == 0 {
            return Err(no_ground(&list.source, list.header_line));
        }
        Ok(Drawing {
            n: list.vertices,
            edges: list.edges,
        })
    }

    /// Every edge, `0..M`.
    pub fn all_edges(&self) -> Vec<u32> {
        (0..self.edges.len() as u32).collect()
    }

    /// The edges of `alive` still connected to the ground, ascending.
    pub fn connected(&self, alive: &[u32]) -> Vec<u32> {
        let e = evaluate(self.n, &self.edges, alive, &vec![0; self.n], 0);
        let mut kept: Vec<u32> = alive
            .iter()
            .copied()
            .filter(|&i| e.comp[self.edges[i as usize].0 as usize] != NONE)
            .collect();
        kept.sort_unstable();
        kept
    }

    /// The value of the position made of the edges `alive`.
    pub fn value(&self, alive: &[u32]) -> Nimber {
        let e = evaluate(self.n, &self.edges, alive, &vec![0; self.n], 0);
        Nimber(e.value.first().copied().unwrap_or(0))
    }

    /// The edges of `alive` whose cut leaves a position of value `target`, ascending.
    pub fn cuts_to(&self, alive: &[u32], target: Nimber) -> Result<Vec<u32>, SolveError> {
        self.cuts_to_by(alive, target, false)
    }

    /// [`Drawing::cuts_to`], optionally by the slow re-evaluation inside every component (to test
    /// that fallback too).
    fn cuts_to_by(
        &self,
        alive: &[u32],
        target: Nimber,
        reevaluate: bool,
    ) -> Result<Vec<u32>, SolveError> {
        let ev = evaluate(self.n, &self.edges, alive, &vec![0; self.n], 0);
        let k = ev.value.len();
        // want[c]: the value component c must take for the whole graph to be worth `target`.
        let mut want: Vec<Option<u64>> = vec![None; k];
        want[0] = Some(target.0);
        for c in 1..k {
            let p = ev.parent[c] as usize;
            want[c] = want[p].and_then(|w| {
                let need = w ^ ev.value[p] ^ (ev.value[c] + 1);
                need.checked_sub(1)
            });
        }
        // Edges inside each component, for the cuts inside cycles.
        let mut inside: Vec<Vec<u32>> = vec![Vec::new(); k];
        let mut cuts = Vec::new();
        for &e in alive {
            let (u, _) = self.edges[e as usize];
            let cu = ev.comp[u as usize];
            if cu == NONE {
                continue;
            }
            if ev.bridge[e as usize] {
                let (a, b) = self.edges[e as usize];
                let (ca, cb) = (ev.comp[a as usize], ev.comp[b as usize]);
                let child = if ev.parent[ca as usize] == cb { ca } else { cb } as usize;
                let p = ev.parent[child] as usize;
                if want[p] == Some(ev.value[p] ^ (ev.value[child] + 1)) {
                    cuts.push(e);
                }
            } else if want[cu as usize].is_some() {
                inside[cu as usize].push(e);
            }
        }
        // Children hang from their attachment vertices as stalks of value G(child) + 1.
        let mut weight = vec![0u64; self.n];
        for c in 1..k {
            let e = ev.up_edge[c] as usize;
            let (a, b) = self.edges[e];
            let v = if ev.comp[a as usize] == ev.parent[c] {
                a
            } else {
                b
            };
            weight[v as usize] ^= ev.value[c] + 1;
        }
        if inside.iter().any(|es| !es.is_empty()) {
            if reevaluate {
                for (c, es) in inside.iter().enumerate() {
                    if let (false, Some(w)) = (es.is_empty(), want[c]) {
                        self.cuts_by_reevaluation(&ev, c, es, w, &weight, &mut cuts);
                    }
                }
            } else {
                self.cuts_inside_cycles(&ev, &inside, &want, &weight, &mut cuts)?;
            }
        }
        cuts.sort_unstable();
        Ok(cuts)
    }

    /// The cuts inside 2-edge-connected components that leave the whole graph worth the target.
    ///
    /// Two edges of a 2-edge-connected component form a cut exactly when the same cycles pass
    /// through both: give each non-tree edge of the DFS a random 128-bit label and each tree edge
    /// the XOR of the labels of the non-tree edges around it, and the edges with equal labels
    /// form a class (a true 2-cut pair always has equal labels; unequal edges collide with
    /// probability about m²/2^128). Removing a class of `k` edges leaves `k` pieces around a
    /// cycle, which are slices of the DFS tree. Cutting one edge of the class turns that cycle into
    /// a path of pieces through the root piece, each piece fusing to one vertex (its edges are
    /// loops), so the new value is two chains hanging from the root piece: `O(k)` per cut. A
    /// class whose shape contradicts this (a collision) falls back to re-evaluating its component.
    fn cuts_inside_cycles(
        &self,
        ev: &Evaluation,
        inside: &[Vec<u32>],
        want: &[Option<u64>],
        weight: &[u64],
        cuts: &mut Vec<u32>,
    ) -> Result<(), SolveError> {
        let n = self.n;
        let in_k = |e: u32| {
            let (u, _) = self.edges[e as usize];
            let c = ev.comp[u as usize];
            c != NONE && !inside[c as usize].is_empty()
        };
        let mut is_tree = vec![false; self.edges.len()];
        for &v in &ev.preorder {
            if ev.in_edge[v as usize] != NONE {
                is_tree[ev.in_edge[v as usize] as usize] = true;
            }
        }
        // Per-vertex degree (inside its component), weight and label sums, then subtree sums
        // restricted to the vertex's own component.
        let mut degree = vec![0u64; n];
        let mut label_sum = vec![0u128; n];
        let mut label = vec![0u128; self.edges.len()];
        let mut rng = 0x243f_6a88_85a3_08d3_1319_8a2e_0370_7344u128;
        for es in inside {
            for &e in es {
                let (u, v) = self.edges[e as usize];
                degree[u as usize] += 1;
                degree[v as usize] += 1;
                if !is_tree[e as usize] {
                    label[e as usize] = next_label(&mut rng);
                    label_sum[u as usize] ^= label[e as usize];
                    label_sum[v as usize] ^= label[e as usize];
                }
            }
        }
        let mut sub_degree = degree;
        let mut sub_weight = weight.to_vec();
        let mut sub_size = vec![1u32; n];
        for &v in ev.preorder.iter().rev() {
            let e = ev.in_edge[v as usize];
            if e == NONE {
                continue;
            }
            let (a, b) = self.edges[e as usize];
            let p = if a == v { b } else { a };
            sub_size[p as usize] += sub_size[v as usize];
            if ev.comp[p as usize] == ev.comp[v as usize] && in_k(e) {
                label[e as usize] = label_sum[v as usize];
                let (d, w, x) = (
                    sub_degree[v as usize],
                    sub_weight[v as usize],
                    label_sum[v as usize],
                );
                sub_degree[p as usize] += d;
                sub_weight[p as usize] ^= w;
                label_sum[p as usize] ^= x;
            }
        }
        let child_of = |e: u32| {
            let (a, b) = self.edges[e as usize];
            if ev.in_edge[a as usize] == e {
                a
            } else {
                b
            }
        };
        let is_ancestor = |u: u32, v: u32| {
            let (ou, ov) = (ev.order[u as usize], ev.order[v as usize]);
            ou <= ov && ov < ou + sub_size[u as usize]
        };
        let mut work: u128 = 0;
        for (c, es) in inside.iter().enumerate() {
            if es.is_empty() {
                continue;
            }
            let Some(w) = want[c] else { continue };
            let mut classes: rustc_hash::FxHashMap<u128, Vec<u32>> = Default::default();
            for &e in es {
                classes.entry(label[e as usize]).or_default().push(e);
            }
            let root = ev.attach[c];
            let mut found = Vec::new();
            let mut consistent = true;
            for class in classes.values() {
                let mut tree: Vec<u32> = class
                    .iter()
                    .copied()
                    .filter(|&e| is_tree[e as usize])
                    .collect();
                let back: Vec<u32> = class
                    .iter()
                    .copied()
                    .filter(|&e| !is_tree[e as usize])
                    .collect();
                tree.sort_unstable_by_key(|&e| ev.order[child_of(e) as usize]);
                let chain = tree
                    .windows(2)
                    .all(|p| is_ancestor(child_of(p[0]), child_of(p[1])));
                if back.len() > 1 || !chain || class.is_empty() {
                    consistent = false;
                    break;
                }
                let k = tree.len() + back.len();
                work += (k as u128) * (k as u128);
                if work > MAX_CYCLE_WORK {
                    return Err(SolveError::TooLarge(format!(
                        "the winning cuts inside this graph's cycles need more than {MAX_CYCLE_WORK} steps (the value is exact)"
                    )));
                }
                // The pieces around the cycle, from the root piece, as (degree sum, weight sum),
                // and the class edges between them: edge i joins piece i-1 and piece i (mod k).
                let sd = |v: u32| sub_degree[v as usize];
                let sw = |v: u32| sub_weight[v as usize];
                let children: Vec<u32> = tree.iter().map(|&e| child_of(e)).collect();
                let mut pieces: Vec<(u64, u64)> = Vec::with_capacity(k);
                let mut order_of_cuts: Vec<u32> = tree.clone();
                let (mut d0, mut w0) = (sd(root), sw(root));
                if let Some(&first) = children.first() {
                    d0 -= sd(first);
                    w0 ^= sw(first);
                }
                if back.is_empty() {
                    let last = *children
                        .last()
                        .expect("a class without a back edge has a tree edge");
                    d0 += sd(last);
                    w0 ^= sw(last);
                }
                pieces.push((d0, w0));
                for i in 0..children.len() {
                    match children.get(i + 1) {
                        Some(&next) => {
                            pieces.push((sd(children[i]) - sd(next), sw(children[i]) ^ sw(next)))
                        }
                        None if !back.is_empty() => pieces.push((sd(children[i]), sw(children[i]))),
                        None => {}
                    }
                }
                order_of_cuts.extend(&back);
                debug_assert_eq!(pieces.len(), k);
                // Each piece keeps all its edges but the two class edges at its ends, as loops.
                let s: Vec<u64> = pieces
                    .iter()
                    .map(|&(d, wt)| ((d.saturating_sub(2) / 2) & 1) ^ wt)
                    .collect();
                // A chain of pieces a, a+1, …, b (a nearest the root, or b nearest when a > b),
                // evaluated from its outer end by the colon principle.
                let chain_value = |inner: usize, outer: usize| -> u64 {
                    let mut g = s[outer];
                    if inner <= outer {
                        for &sq in s[inner..outer].iter().rev() {
                            g = sq ^ (g + 1);
                        }
                    } else {
                        for &sq in &s[outer + 1..=inner] {
                            g = sq ^ (g + 1);
                        }
                    }
                    g
                };
                for (i, &e) in order_of_cuts.iter().enumerate() {
                    // Cutting edge i+1 (between pieces i and i+1 mod k): pieces 1..=i hang on
                    // one side of the root piece, pieces k-1 down to i+1 on the other.
                    let left = if i >= 1 { chain_value(1, i) + 1 } else { 0 };
                    let right = if i + 1 < k {
                        chain_value(k - 1, i + 1) + 1
                    } else {
                        0
                    };
                    if s[0] ^ left ^ right == w {
                        found.push(e);
                    }
                }
            }
            if consistent {
                cuts.extend(found);
            } else {
                self.cuts_by_reevaluation(ev, c, &inside[c], w, weight, cuts);
            }
        }
        Ok(())
    }

    /// The cuts inside component `c` leaving it worth `w`, by evaluating it again without each
    /// edge: quadratic, used only if the labels of [`Drawing::cuts_inside_cycles`] collided.
    fn cuts_by_reevaluation(
        &self,
        ev: &Evaluation,
        c: usize,
        es: &[u32],
        w: u64,
        weight: &[u64],
        cuts: &mut Vec<u32>,
    ) {
        // Relabel the component's vertices 0..size with its attachment vertex first.
        let mut local = std::collections::HashMap::new();
        let root = ev.attach[c];
        local.insert(root, 0u32);
        let mut local_weight = vec![weight[root as usize]];
        let mut local_edges = Vec::with_capacity(es.len());
        for &e in es {
            let (a, b) = self.edges[e as usize];
            let mut id = |x: u32| {
                let next = local.len() as u32;
                *local.entry(x).or_insert_with(|| {
                    local_weight.push(weight[x as usize]);
                    next
                })
            };
            let (la, lb) = (id(a), id(b));
            local_edges.push((la, lb));
        }
        let size = local.len();
        let mut alive_local: Vec<u32> = (1..es.len() as u32).collect();
        for (i, &e) in es.iter().enumerate() {
            // Cut local edge i: the others are alive.
            if i > 0 {
                alive_local[i - 1] = (i - 1) as u32;
            }
            let sub = evaluate(size, &local_edges, &alive_local, &local_weight, 0);
            if sub.value[0] == w {
                cuts.push(e);
            }
        }
    }
}

/// Green Hackenbush as a plain ruleset on a small graph, the edges standing as a bitmask: the
/// oracle. Cutting an edge drops every edge no longer connected to vertex 0, found by a plain
/// search independent of the evaluator.
pub struct HackenbushRules<'a>(pub &'a Drawing);

impl HackenbushRules<'_> {
    /// The edges of `mask` connected to the ground.
    pub fn grounded(&self, mask: u64) -> u64 {
        let mut reached = 1u64; // vertices, as bits
        loop {
            let before = reached;
            for (i, &(u, v)) in self.0.edges.iter().enumerate() {
                if mask >> i & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                    reached |= 1 << u | 1 << v;
                }
            }
            if reached == before {
                break;
            }
        }
        (0..self.0.edges.len())
            .filter(|&i| mask >> i & 1 == 1 && reached >> self.0.edges[i].0 & 1 == 1)
            .fold(0, |m, i| m | 1 << i)
    }
}

impl Ruleset for HackenbushRules<'_> {
    type Position = u64;

    fn options(&self, mask: &u64, out: &mut Vec<u64>) {
        for i in 0..self.0.edges.len() {
            if mask >> i & 1 == 1 {
                out.push(self.grounded(mask & !(1 << i)));
            }
        }
    }
}

/// The error for a drawing without a vertex: vertex 1 is the ground.
fn no_ground(source: &str, header_line: usize) -> String {
    format!("{source} line {header_line}: N must be at least 1 (vertex 1 is the ground)")
}

/// A bad line of a Hackenbush file, in Hackenbush's words (`g.txt line 2: vertex 4 is not in
/// 1..3`).
fn wording(e: &LineError) -> String {
    let name = &e.source;
    let at = |message: String| format!("{name} line {}: {message}", e.line);
    let (n, m, first) = e
        .header
        .as_ref()
        .map_or((0, 0, 0), |h| (h.vertices, h.edges, h.line));
    if e.header.is_some() && n == 0 {
        return no_ground(name, first);
    }
    match &e.problem {
        Problem::Empty => format!("{name}: the file is empty (expected a first line 'N M')"),
        Problem::Header => at(format!("expected two numbers 'N M', found '{}'", e.body())),
        Problem::Count { which, field, max } => {
            at(parse_number_text(field, ["N", "M"][*which], *max)
                .err()
                .unwrap_or_default())
        }
        Problem::EdgeLine => at(format!("expected two numbers 'u v', found '{}'", e.body())),
        Problem::Vertex { which, field } => at(
            match parse_number_text(field, ["u", "v"][*which], u64::MAX) {
                Err(message) => message,
                Ok(x) => format!("vertex {x} is not in 1..{n}"),
            },
        ),
        Problem::TooMany => at(format!("more edges than the {m} announced on line {first}")),
        Problem::TooFew { found } => {
            format!("{name}: {m} edges announced on line {first}, only {found} given")
        }
    }
}

/// Green Hackenbush on one drawing, named by its spec (`hackenbush:lolly.txt`); a position is
/// the edges standing, ascending, every one connected to the ground.
#[derive(Clone, Debug)]
pub struct Hackenbush {
    name: String,
    drawing: Arc<Drawing>,
}

impl Hackenbush {
    /// The game on `drawing`, named `name`.
    pub fn new(name: impl Into<String>, drawing: Arc<Drawing>) -> Self {
        Hackenbush {
            name: name.into(),
            drawing,
        }
    }

    /// The drawing.
    pub fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    /// The position with the edges `alive` standing: those cut off from the ground fall.
    pub fn position(&self, alive: &[u32]) -> Vec<u32> {
        self.drawing.connected(alive)
    }

    /// The position after cutting edge `e` of `alive`.
    fn cut(&self, alive: &[u32], e: u32) -> Vec<u32> {
        let rest: Vec<u32> = alive.iter().copied().filter(|&x| x != e).collect();
        self.drawing.connected(&rest)
    }

    /// The edge cut to go from `from` to its option `to`. Of the edges gone, it is the one that
    /// touches the ground or an edge still standing: the others fell because they hung from it.
    fn cut_edge(&self, from: &[u32], to: &[u32]) -> u32 {
        let gone: Vec<u32> = from
            .iter()
            .copied()
            .filter(|e| to.binary_search(e).is_err())
            .collect();
        if gone.len() <= 1 {
            return gone.first().copied().unwrap_or(NONE);
        }
        let edges = &self.drawing.edges;
        let standing: HashSet<u32> = std::iter::once(0)
            .chain(to.iter().flat_map(|&e| {
                let (u, v) = edges[e as usize];
                [u, v]
            }))
            .collect();
        gone.iter()
            .copied()
            .find(|&e| {
                let (u, v) = edges[e as usize];
                standing.contains(&u) || standing.contains(&v)
            })
            .unwrap_or(gone[0])
    }
}

impl Ruleset for Hackenbush {
    type Position = Vec<u32>;

    fn options(&self, alive: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.extend(alive.iter().map(|&e| self.cut(alive, e)));
    }

    fn closed_form(&self, alive: &Vec<u32>) -> Option<Nimber> {
        Some(self.drawing.value(alive))
    }
}

fn edge_numbers(alive: &[u32]) -> Json {
    Json::from(alive.iter().map(|&e| e + 1).collect::<Vec<u32>>())
}

impl Game for Hackenbush {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn key(&self, alive: &Vec<u32>) -> Key {
        alive.iter().map(|&e| u64::from(e)).collect()
    }

    fn show(&self, alive: &Vec<u32>) -> Json {
        edge_numbers(alive)
    }

    fn describe(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        let e = self.cut_edge(from, to);
        let (u, v) = self.drawing.edges[e as usize];
        format!("cut edge {} ({}-{})", e + 1, u + 1, v + 1)
    }

    fn searchable(&self, alive: &Vec<u32>) -> Result<(), SolveError> {
        let (n, m) = (self.drawing.n, self.drawing.edges.len());
        let work = alive.len() as u128 * (n + m) as u128;
        if work > MAX_LISTING_WORK {
            return Err(SolveError::TooLarge(format!(
                "{}: play, {} and {} list every cut, each followed by a search of the \
                 drawing for what falls: {} cuts on a drawing of {n} vertices and {m} edges make \
                 {work} steps, more than the {MAX_LISTING_WORK} allowed (normal play needs no \
                 list: the value and the winning cuts come from the fusion principle)",
                self.name,
                Setting::Misere,
                Setting::Every,
                alive.len()
            )));
        }
        Ok(())
    }

    fn options_to(
        &self,
        alive: &Vec<u32>,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<(Vec<Vec<u32>>, usize), SolveError>> {
        Some(self.drawing.cuts_to(alive, target).map(|cuts| {
            let first = cuts
                .iter()
                .take(limit)
                .map(|&e| self.cut(alive, e))
                .collect();
            (first, cuts.len())
        }))
    }
}

/// The registry entry for `hackenbush:FILE`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "hackenbush",
        "hackenbush:FILE [EDGE...] (file: 'N M' then M lines 'u v', vertex 1 is the ground; hackenbush:- reads it from standard input, hackenbush:1-2,2-3 is inline; edges standing, default all)",
        "cut an edge; whatever is no longer connected to the ground falls away; whoever cannot cut loses",
        // Inline, so the example runs from any directory (a file path would be the build's).
        "hackenbush:1-2,2-3,3-4,4-2,1-5,5-6,6-7",
        build,
    )
    .aliases(&["green-hackenbush"])]
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    edges::stdin_read_once(spec, words, "the edges standing")?;
    let list = edges::read(spec, "hackenbush:FILE", LIMITS).map_err(|e| match e {
        ReadError::Input(e) => e,
        ReadError::Line(e) => spec.error(wording(&e)),
    })?;
    let drawing = Drawing::from_list(list).map_err(|m| spec.error(m))?;
    let m = drawing.edges.len() as u64;
    let alive = if words.is_empty() {
        drawing.all_edges()
    } else {
        let mut seen = vec![false; drawing.edges.len()];
        let mut alive = Vec::with_capacity(words.len());
        for w in words {
            let e = crate::spec::parse_number(w, "an edge number", m)?;
            if e == 0 {
                return Err(w.error(format!("edges are numbered 1..{m}")));
            }
            if std::mem::replace(&mut seen[(e - 1) as usize], true) {
                return Err(w.error("this edge is listed twice"));
            }
            alive.push((e - 1) as u32);
        }
        alive
    };
    let game = Hackenbush::new(spec.word.text.clone(), Arc::new(drawing));
    let position = game.position(&alive);
    Ok(RulesetComponent::boxed(game, position))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_conventions_match_brute_force;
    use grundy_core::{analyse, BruteForce, Solver};
    use proptest::prelude::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Drawing {
        Drawing {
            n,
            edges: edges.to_vec(),
        }
    }

    #[test]
    fn literature_values() {
        // A stalk of 5 is *5; a vertex above the ground carrying stalks of 1 and 2 is 1 + (1 ⊕ 2).
        let stalk = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
        assert_eq!(stalk.value(&stalk.all_edges()), Nimber(5));
        let tree = graph(5, &[(0, 1), (1, 2), (1, 3), (3, 4)]);
        assert_eq!(tree.value(&tree.all_edges()), Nimber(4));
        // Cycles on the ground: odd ones are *1, even ones 0 (Winning Ways ch. 7).
        for len in 1..8u32 {
            let edges: Vec<(u32, u32)> = (0..len).map(|i| (i, (i + 1) % len)).collect();
            let g = graph(len as usize, &edges);
            assert_eq!(g.value(&g.all_edges()), Nimber(u64::from(len % 2)), "{len}");
        }
        // A triangle on a stalk of one edge: the triangle fuses to a vertex with 3 loops (*1),
        // under one edge: 1 + 1 = *2.
        let lolly = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]);
        assert_eq!(lolly.value(&lolly.all_edges()), Nimber(2));
    }

    #[test]
    fn huge_graphs_need_no_deep_recursion() {
        let n = 300_000u32;
        let stalk = graph(
            n as usize + 1,
            &(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>(),
        );
        assert_eq!(stalk.value(&stalk.all_edges()), Nimber(u64::from(n)));
        // The winning cut of a long stalk: leave nothing (cut the bottom edge).
        assert_eq!(
            stalk.cuts_to(&stalk.all_edges(), Nimber::ZERO).unwrap(),
            vec![0]
        );
        let cycle = graph(
            n as usize,
            &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>(),
        );
        assert_eq!(cycle.value(&cycle.all_edges()), Nimber(0));
    }

    #[test]
    fn bad_files_are_one_line_errors_with_the_line() {
        for (text, needle) in [
            ("", "empty"),
            ("3\n", "line 1"),
            ("# graph\n3 2\n1 2\n2 x\n", "line 4"),
            ("3 1\n1 4\n", "line 2: vertex 4 is not in 1..3"),
            ("3 1\n1 0\n", "line 2: vertex 0"),
            ("3 1\n1 2\n2 3\n", "line 3: more edges"),
            ("3 2\n1 2\n", "only 1 given"),
            ("0 0\n", "at least 1"),
            ("3 1\n1 -2\n", "negative"),
        ] {
            let err = Drawing::parse(text, "g.txt").unwrap_err();
            assert!(err.contains(needle), "{text:?}: {err}");
            assert!(err.starts_with("g.txt"), "{err}");
            assert_eq!(err.lines().count(), 1);
        }
        let ok = Drawing::parse("# comment\n\n2 2 # header\n1 2\n2 2\n", "g").unwrap();
        assert_eq!(ok.edges, vec![(0, 1), (1, 1)]);
    }

    fn random_graph() -> impl Strategy<Value = Drawing> {
        (1usize..7).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 1..11)
                .prop_map(move |edges| graph(n, &edges))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn fusion_and_cuts_match_brute_force(g in random_graph(), drop in any::<u16>()) {
            let rules = HackenbushRules(&g);
            let full = (1u64 << g.edges.len()) - 1;
            // Some edges may be cut already: the position is what stays connected.
            let start = rules.grounded(full & !(u64::from(drop) & u64::from(drop >> 8)));
            let alive: Vec<u32> = (0..g.edges.len() as u32).filter(|&i| start >> i & 1 == 1).collect();
            prop_assert_eq!(g.connected(&alive), alive.clone());
            let mut brute = Solver::new(BruteForce(HackenbushRules(&g)));
            let v = brute.grundy(&start).unwrap();
            prop_assert_eq!(g.value(&alive), v);
            for target in [0, 1, 2, v.0 ^ 3] {
                let mut want = Vec::new();
                for &e in &alive {
                    let after = rules.grounded(start & !(1 << e));
                    if brute.grundy(&after).unwrap() == Nimber(target) {
                        want.push(e);
                    }
                }
                prop_assert_eq!(g.cuts_to(&alive, Nimber(target)).unwrap(), want.clone(), "target {}", target);
                prop_assert_eq!(g.cuts_to_by(&alive, Nimber(target), true).unwrap(), want, "target {}", target);
            }
        }

        #[test]
        fn cuts_are_described_by_the_edge_cut(g in random_graph(), drop in any::<u16>()) {
            let game = Hackenbush::new("test", Arc::new(g.clone()));
            let alive: Vec<u32> = (0..g.edges.len() as u32).filter(|&i| drop >> i & 1 == 0).collect();
            let alive = game.position(&alive);
            for &e in &alive {
                let after = game.cut(&alive, e);
                let (u, v) = g.edges[e as usize];
                prop_assert_eq!(
                    game.describe(&alive, &after),
                    format!("cut edge {} ({}-{})", e + 1, u + 1, v + 1)
                );
            }
        }
    }

    fn small_graph() -> impl Strategy<Value = Drawing> {
        (1usize..5).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 1..6)
                .prop_map(move |edges| graph(n, &edges))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn misere_and_every_sg_match_a_plain_search(
            g in small_graph(),
            drops in proptest::collection::vec(any::<u8>(), 1..=2),
        ) {
            let game = Hackenbush::new("test", Arc::new(g.clone()));
            let positions: Vec<Vec<u32>> = drops
                .iter()
                .map(|d| {
                    let alive: Vec<u32> =
                        (0..g.edges.len() as u32).filter(|&i| d >> i & 1 == 0).collect();
                    game.position(&alive)
                })
                .collect();
            assert_conventions_match_brute_force(&game, &positions)?;
        }
    }

    fn spec(text: &str) -> GameSpec {
        GameSpec::parse(&Word::new("argument 1", text))
    }

    #[test]
    fn inline_lists_are_drawings() {
        // A triangle on the ground (*1) and a stalk of two (*2) on vertex 1.
        let mut sum = vec![build(&spec("hackenbush:1-2,2-3,3-1,1-4,4-5"), &[]).unwrap()];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.grundy, Some(Nimber(3)));
        assert_eq!(sum[0].position(), Json::from(vec![1, 2, 3, 4, 5]));
        assert_eq!(sum[0].game(), "hackenbush:1-2,2-3,3-1,1-4,4-5");
        // Edges 4 and 5 alone; cutting edge 4 drops edge 5 with it.
        let words = Word::from_args(&["5", "4"]);
        let mut sum = vec![build(&spec("hackenbush:1-2,2-3,3-1,1-4,4-5"), &words).unwrap()];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.winning_moves[0].description, "cut edge 4 (1-4)");
        assert_eq!(a.winning_moves[0].position, Json::from(Vec::<u32>::new()));
        let e = build(&spec("hackenbush:1-2,,2-3"), &[]).err().unwrap();
        assert!(e.to_string().contains("not an inline edge list"), "{e}");
    }

    #[test]
    fn position_words_from_standard_input_clash_with_a_drawing_read_from_it() {
        let words = vec![Word::new("stdin item 1", "1")];
        let e = build(&spec("hackenbush:-"), &words).err().unwrap();
        assert_eq!(
            e.to_string(),
            "stdin item 1 ('1'): hackenbush:- reads the graph from standard input, so give the \
             edges standing as arguments"
        );
    }

    #[test]
    fn files_too_large_to_list_are_refused_for_play_only() {
        let n = 20_000u32;
        let stalk = graph(
            n as usize + 1,
            &(0..n).map(|i| (i, i + 1)).collect::<Vec<_>>(),
        );
        let game = Hackenbush::new("hackenbush:stalk", Arc::new(stalk));
        let all = game.drawing().all_edges();
        let e = game.searchable(&all).unwrap_err().to_string();
        assert!(e.contains("more than the 100000000 allowed"), "{e}");
        let mut sum = vec![RulesetComponent::boxed(game, all)];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.grundy, Some(Nimber(u64::from(n))));
        assert_eq!(a.winning_moves[0].description, "cut edge 1 (1-2)");
    }
}
