//! DAG token game (LOJ 10243 / AcWing 1319): K tokens on a DAG; win if the first player wins.

use grundy_core::{Graph, Outcome};
use grundy_games::graph::tokens::{Numbered, TokenGame};

use super::{outcome, Input, InputError};

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    let n = input.number("N (the number of nodes)", 1, 2000)?;
    let m = input.number("M (the number of edges)", 0, 6000)?;
    let (k, at) = input.number_token("K (the number of tokens)", 1, n)?;
    let mut edges = Vec::with_capacity(m as usize);
    for _ in 0..m {
        let x = input.number("an edge's first node X", 1, n)?;
        let y = input.number("an edge's second node Y", 1, n)?;
        edges.push((x as u32 - 1, y as u32 - 1));
    }
    let tokens = input.numbers(k as usize, "a token's node", 1, n)?;
    input.end()?;
    let game = TokenGame::new(
        "dag-token",
        Graph::from_edges(n as usize, &edges),
        Box::new(Numbered),
    );
    let verdict = outcome(game.position(tokens.iter().map(|&t| t as u32 - 1).collect()))?;
    match verdict {
        Outcome::N => out.push_str("win\n"),
        Outcome::P => out.push_str("lose\n"),
        // Only a graph with a cycle can draw: the input broke the promise of a DAG.
        Outcome::D => {
            return Err(at.error(
                "the graph has a cycle on which play can go on forever; the problem promises a DAG",
            ))
        }
    }
    Ok(())
}
