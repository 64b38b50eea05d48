//! Hackenbush as a game of the registry: positions as the edges standing, moves in words, and
//! the winning cuts from the drawing rather than a listing of every option.

use std::collections::HashSet;
use std::sync::Arc;

use grundy_core::setting::Setting;
use grundy_core::{Game, Key, Nimber, Ruleset, SolveError};
use serde_json::Value as Json;

use super::drawing::{Drawing, NONE};

/// Most steps spent listing the cuts of one position (for play, misère play and Every-SG): each
/// cut is followed by a search of the drawing for what falls, so a position costs its edges
/// standing times the size of the drawing.
pub const MAX_LISTING_WORK: u128 = 100_000_000;

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
    pub(super) fn cut(&self, alive: &[u32], e: u32) -> Vec<u32> {
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

    /// The drawing's vertices (the first is the ground) and its edges, edge `k` of the list being
    /// the edge a position numbers `k + 1`.
    fn figure(&self) -> Option<Json> {
        let d = &self.drawing;
        let mut figure = crate::graph::figure::graph(
            crate::graph::figure::numbered(d.n),
            d.edges.iter().copied(),
            false,
        )?;
        figure["ground"] = Json::from(0);
        Some(figure)
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
