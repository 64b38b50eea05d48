//! A plain ruleset on small drawings, independent of the fusion principle, for the tests to
//! check the evaluator against.

use grundy_core::Ruleset;

use super::drawing::Drawing;

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
