//! The winning cuts of a drawing: bridges decided top-down from the value each component must
//! take, and cuts inside cycles by their classes of 2-edge cuts.

use grundy_core::{Nimber, SolveError};

use super::drawing::{evaluate, Drawing, Evaluation, NONE};

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

impl Drawing {
    /// The edges of `alive` whose cut leaves a position of value `target`, ascending.
    pub fn cuts_to(&self, alive: &[u32], target: Nimber) -> Result<Vec<u32>, SolveError> {
        self.cuts_to_by(alive, target, false)
    }

    /// [`Drawing::cuts_to`], optionally by the slow re-evaluation inside every component (to test
    /// that fallback too).
    pub(super) fn cuts_to_by(
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
