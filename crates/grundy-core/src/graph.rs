//! Explicit game graphs: every position a vertex, every move an edge.
//!
//! When the positions of a game can be listed (a graph read from a file, the cells of a board),
//! the game *is* a directed graph, and its values can be computed over arrays instead of hash
//! tables. [`Graph`] stores it in compressed sparse row form: the followers of vertex `v` are
//! `targets[offsets[v]..offsets[v + 1]]`, sorted and without repeats (two parallel edges are one
//! move), so a graph of a million vertices and five million edges takes about 28 MB.
//!
//! On an acyclic graph the Grundy value of every vertex follows in reverse topological order:
//! [`Graph::acyclic_values`] walks it depth-first with an explicit stack (no recursion, so a path
//! of a million vertices is fine) in time O(V + E), and finds a cycle if there is one. Graphs with
//! cycles need the loopy theory of [`crate::loopy`].

use crate::{MexSet, Nimber};

/// A directed graph on the vertices `0..n`, in compressed sparse row form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

/// Marks a vertex whose value is not known yet (acyclic pass) or is infinite.
pub(crate) const UNKNOWN: u32 = u32::MAX;

impl Graph {
    /// The most vertices a graph may have: vertex numbers are `u32`, and two values are reserved
    /// as markers.
    pub const MAX_VERTICES: usize = u32::MAX as usize - 2;

    /// The graph on `vertices` vertices with the given edges `(from, to)`. Parallel edges are
    /// merged; self-loops are kept.
    ///
    /// # Panics
    ///
    /// If there are more than [`Graph::MAX_VERTICES`] vertices or an edge names a vertex out of
    /// range (callers reading user input check both first).
    ///
    /// ```
    /// use grundy_core::Graph;
    /// let g = Graph::from_edges(3, &[(0, 1), (0, 2), (0, 1), (2, 2)]);
    /// assert_eq!(g.followers(0), &[1, 2]);
    /// assert_eq!(g.followers(2), &[2]);
    /// assert_eq!(g.edge_count(), 3);
    /// ```
    pub fn from_edges(vertices: usize, edges: &[(u32, u32)]) -> Graph {
        assert!(vertices <= Self::MAX_VERTICES, "too many vertices");
        // Counting sort by source: two passes over the edges, no comparison sort of the whole list.
        let mut offsets = vec![0usize; vertices + 1];
        for &(u, v) in edges {
            assert!(
                (u as usize) < vertices && (v as usize) < vertices,
                "edge ({u}, {v}) out of range"
            );
            offsets[u as usize + 1] += 1;
        }
        for i in 0..vertices {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
        drop(fill);
        // Sort and merge each adjacency list in place, compacting as we go.
        let mut write = 0;
        let mut start = 0;
        for v in 0..vertices {
            let end = offsets[v + 1];
            let list = &mut targets[start..end];
            list.sort_unstable();
            let mut last = None;
            for i in start..end {
                let w = targets[i];
                if last != Some(w) {
                    targets[write] = w;
                    write += 1;
                    last = Some(w);
                }
            }
            start = end;
            offsets[v + 1] = write;
        }
        targets.truncate(write);
        targets.shrink_to_fit();
        Graph { offsets, targets }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of (distinct) edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The followers (options) of `v`, sorted.
    #[inline]
    pub fn followers(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// The graph with every edge reversed: the followers of `v` there are its predecessors here.
    pub fn reversed(&self) -> Graph {
        let n = self.vertices();
        let mut offsets = vec![0usize; n + 1];
        for &w in &self.targets {
            offsets[w as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        // Sources are visited in increasing order, so every reversed list comes out sorted.
        for u in 0..n {
            for &w in self.followers(u as u32) {
                targets[fill[w as usize]] = u as u32;
                fill[w as usize] += 1;
            }
        }
        Graph { offsets, targets }
    }

    /// Bytes held by the graph's arrays.
    pub fn heap_bytes(&self) -> usize {
        self.offsets.capacity() * std::mem::size_of::<usize>()
            + self.targets.capacity() * std::mem::size_of::<u32>()
    }

    /// The Grundy value and the remoteness of every vertex, if the graph has no cycle (`None`
    /// if it has one).
    ///
    /// The remoteness is the number of moves to the end under best play: the winner hurries
    /// (an N-position is one more than its quickest P-option), the loser delays (a P-position is
    /// one more than its slowest option, 0 with no option). Time O(V + E); no recursion.
    ///
    /// ```
    /// use grundy_core::{Graph, Nimber};
    /// // 0 -> 1 -> 2 and 0 -> 2: a path with a shortcut.
    /// let g = Graph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]);
    /// let (values, remoteness) = g.acyclic_values().unwrap();
    /// assert_eq!(values, vec![Nimber(2), Nimber(1), Nimber(0)]);
    /// assert_eq!(remoteness, vec![1, 1, 0]);
    /// assert!(Graph::from_edges(2, &[(0, 1), (1, 0)]).acyclic_values().is_none());
    /// ```
    pub fn acyclic_values(&self) -> Option<(Vec<Nimber>, Vec<u32>)> {
        let (gamma, remoteness) = self.acyclic_values_raw()?;
        Some((
            gamma.into_iter().map(|g| Nimber(g.into())).collect(),
            remoteness,
        ))
    }

    /// [`Graph::acyclic_values`] with values as `u32` (a value is at most the out-degree).
    pub(crate) fn acyclic_values_raw(&self) -> Option<(Vec<u32>, Vec<u32>)> {
        const ON_PATH: u32 = UNKNOWN - 1;
        let n = self.vertices();
        let mut gamma = vec![UNKNOWN; n];
        let mut remoteness = vec![0u32; n];
        // Each frame: a vertex and the position of the next follower to look at.
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut seen = MexSet::new();
        for root in 0..n {
            if gamma[root] != UNKNOWN {
                continue;
            }
            gamma[root] = ON_PATH;
            stack.push((root as u32, self.offsets[root]));
            while let Some(top) = stack.last_mut() {
                let v = top.0 as usize;
                let end = self.offsets[v + 1];
                let mut descend = None;
                while top.1 < end {
                    let w = self.targets[top.1];
                    match gamma[w as usize] {
                        UNKNOWN => {
                            descend = Some(w);
                            break;
                        }
                        ON_PATH => return None,
                        _ => top.1 += 1,
                    }
                }
                if let Some(w) = descend {
                    gamma[w as usize] = ON_PATH;
                    stack.push((w, self.offsets[w as usize]));
                    continue;
                }
                stack.pop();
                // Every follower is finished: this is reverse topological order.
                let mut quickest_win: Option<u32> = None;
                let mut slowest: u32 = 0;
                let mut any = false;
                for &w in self.followers(v as u32) {
                    let g = gamma[w as usize];
                    let r = remoteness[w as usize];
                    seen.insert(Nimber(g.into()));
                    any = true;
                    if g == 0 {
                        quickest_win = Some(quickest_win.map_or(r, |q| q.min(r)));
                    }
                    slowest = slowest.max(r);
                }
                gamma[v] = seen.mex().0 as u32;
                seen.clear();
                remoteness[v] = match quickest_win {
                    Some(q) => q + 1,
                    None if any => slowest + 1,
                    None => 0,
                };
            }
        }
        Some((gamma, remoteness))
    }

    /// `tokens` tokens on this graph played as a sum, as one explicit graph: vertex `i` is the
    /// tuple `positions[i]` of token vertices, and a move slides one token. No theory of sums is
    /// used, so this is the brute-force oracle that Smith's rule is tested against. It has
    /// `vertices^tokens` vertices: small graphs only.
    pub fn token_product(&self, tokens: usize) -> (Graph, Vec<Vec<u32>>) {
        let g = self;
        let n = g.vertices();
        let count = n.pow(tokens as u32);
        let decode = |mut i: usize| -> Vec<u32> {
            (0..tokens)
                .map(|_| {
                    let t = (i % n) as u32;
                    i /= n;
                    t
                })
                .collect()
        };
        let encode = |t: &[u32]| -> u32 { t.iter().rev().fold(0, |a, &x| a * n as u32 + x) };
        let mut edges = Vec::new();
        let mut positions = Vec::with_capacity(count);
        for i in 0..count {
            let t = decode(i);
            for k in 0..tokens {
                for &w in g.followers(t[k]) {
                    let mut after = t.clone();
                    after[k] = w;
                    edges.push((i as u32, encode(&after)));
                }
            }
            positions.push(t);
        }
        (Graph::from_edges(count, &edges), positions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BruteForce, Ruleset, Solver};
    use proptest::prelude::*;

    /// A graph seen as a ruleset: the generic solver's view.
    struct AsRuleset<'a>(&'a Graph);
    impl Ruleset for AsRuleset<'_> {
        type Position = u32;
        fn options(&self, v: &u32, out: &mut Vec<u32>) {
            out.extend_from_slice(self.0.followers(*v));
        }
    }

    /// Random DAG: edges only from a higher to a lower vertex number after a shuffle.
    fn dag() -> impl Strategy<Value = Graph> {
        (1usize..14).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..3 * n),
                Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            )
                .prop_map(move |(pairs, perm)| {
                    let edges: Vec<(u32, u32)> = pairs
                        .into_iter()
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| {
                            let (hi, lo) = if a > b { (a, b) } else { (b, a) };
                            (perm[hi as usize], perm[lo as usize])
                        })
                        .collect();
                    Graph::from_edges(n, &edges)
                })
        })
    }

    proptest! {
        #[test]
        fn dag_values_match_the_generic_solver(g in dag()) {
            let (values, remoteness) = g.acyclic_values().expect("acyclic by construction");
            let mut solver = Solver::new(BruteForce(AsRuleset(&g)));
            for v in 0..g.vertices() as u32 {
                prop_assert_eq!(values[v as usize], solver.grundy(&v).unwrap());
                // Remoteness parity: even exactly for P-positions.
                prop_assert_eq!(remoteness[v as usize].is_multiple_of(2), values[v as usize].is_zero());
            }
        }

        #[test]
        fn reversing_twice_is_the_identity(g in dag()) {
            prop_assert_eq!(g.reversed().reversed(), g);
        }
    }

    #[test]
    fn a_long_path_does_not_overflow_the_stack() {
        let n = 1_000_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (v, v - 1)).collect();
        let (values, remoteness) = Graph::from_edges(n as usize, &edges)
            .acyclic_values()
            .unwrap();
        assert_eq!(values[999_999], Nimber(1));
        assert_eq!(remoteness[999_999], 999_999);
    }

    #[test]
    fn self_loops_are_cycles() {
        assert!(Graph::from_edges(1, &[(0, 0)]).acyclic_values().is_none());
        assert_eq!(
            Graph::from_edges(0, &[]).acyclic_values(),
            Some((vec![], vec![]))
        );
    }
}
