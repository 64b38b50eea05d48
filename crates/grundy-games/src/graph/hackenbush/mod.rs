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

mod cuts;
mod drawing;
mod game;
mod oracle;
mod read;
#[cfg(test)]
mod tests;

pub use cuts::MAX_CYCLE_WORK;
pub use drawing::Drawing;
pub use game::{Hackenbush, MAX_LISTING_WORK};
pub use oracle::HackenbushRules;
pub use read::MAX_SIZE;

use crate::entry::{Drawing as Drawn, GameEntry};

/// The registry entry for `hackenbush:FILE`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "hackenbush",
        "hackenbush:FILE [EDGE...] (file: 'N M' then M lines 'u v', vertex 1 is the ground; hackenbush:- reads it from standard input, hackenbush:1-2,2-3 is inline; edges standing, default all)",
        "cut an edge; whatever is no longer connected to the ground falls away; whoever cannot cut loses",
        // Inline, so the example runs from any directory (a file path would be the build's).
        "hackenbush:1-2,2-3,3-4,4-2,1-5,5-6,6-7",
        read::build,
    )
    .drawn(Drawn::Edges)
    .aliases(&["green-hackenbush"])]
}
