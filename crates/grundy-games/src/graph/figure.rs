//! A graph as a drawing of it needs it ([`grundy_core::Component::figure`]): the page draws the
//! vertices and edges and takes moves by touching them, so it must know the graph, which a
//! position (tokens, vertices or edges still there) does not carry.

use serde_json::{json, Value as Json};

/// The most vertices or edges a figure lists: a drawing of more is not readable at 44 px a
/// target, and every turn of play would carry it.
pub const MAX_DRAWN: usize = 400;

/// `{"vertices": [...], "edges": [[i, j], ...], "directed": ...}`: the vertices as positions name
/// them, each edge as indices into that list (for Hackenbush, edge `k` of the list is the edge a
/// position numbers `k + 1`); `None` past [`MAX_DRAWN`].
pub fn graph(
    vertices: Vec<Json>,
    edges: impl IntoIterator<Item = (u32, u32)>,
    directed: bool,
) -> Option<Json> {
    if vertices.len() > MAX_DRAWN {
        return None;
    }
    let edges: Vec<[u32; 2]> = edges
        .into_iter()
        .take(MAX_DRAWN + 1)
        .map(|(a, b)| [a, b])
        .collect();
    if edges.len() > MAX_DRAWN {
        return None;
    }
    Some(json!({"vertices": vertices, "edges": edges, "directed": directed}))
}

/// The vertices `0..n` named from 1, as graph files number them.
pub fn numbered(n: usize) -> Vec<Json> {
    (1..=n as u64).map(Json::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_too_big_to_draw_has_no_figure() {
        let f = graph(numbered(3), [(0, 1), (1, 2)], false).unwrap();
        assert_eq!(f["vertices"], json!([1, 2, 3]));
        assert_eq!(f["edges"], json!([[0, 1], [1, 2]]));
        assert!(graph(numbered(MAX_DRAWN + 1), [], true).is_none());
        assert!(graph(numbered(2), (0..=MAX_DRAWN as u32).map(|_| (0, 1)), true).is_none());
        assert!(graph(numbered(2), (0..MAX_DRAWN as u32).map(|_| (0, 1)), true).is_some());
    }
}
