//! The drawing, and its value by the fusion and colon principles: one depth-first search for
//! the bridges, then the 2-edge-connected components valued from the leaves up.

use grundy_core::Nimber;

pub(super) const NONE: u32 = u32::MAX;

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
pub(super) struct Evaluation {
    /// The component of each vertex (`NONE` if cut off from the root).
    pub(super) comp: Vec<u32>,
    /// Whether each edge is a bridge (among the edges alive and connected).
    pub(super) bridge: Vec<bool>,
    /// For each component: its parent component (`NONE` for the root's).
    pub(super) parent: Vec<u32>,
    /// For each component: the bridge to its parent.
    pub(super) up_edge: Vec<u32>,
    /// For each component: the vertex where it meets its parent bridge (the root for the root).
    pub(super) attach: Vec<u32>,
    /// For each component: its value with everything hanging from it.
    pub(super) value: Vec<u64>,
    /// The vertices reached, in DFS preorder.
    pub(super) preorder: Vec<u32>,
    /// Each vertex's DFS preorder number (`NONE` if not reached).
    pub(super) order: Vec<u32>,
    /// The DFS tree edge into each vertex (`NONE` for the root and vertices not reached).
    pub(super) in_edge: Vec<u32>,
}

/// Evaluates the rooted graph made of the edges `alive` (indices into `edges`), with a stalk of
/// value `weight[v]` hanging at each vertex `v`.
pub(super) fn evaluate(
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
}
