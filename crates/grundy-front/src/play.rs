//! A position being played: every legal move of a sum of any games (from
//! [`grundy_core::Component::explore`], which every game has), the position each leaves, in words
//! the registry builds again, whether it wins or keeps a draw, and the move the perfect engine
//! makes. The command line's `grundy play` and the browser page share it.
//!
//! ```
//! use grundy_front::play::{engine_move, legal_moves};
//! use grundy_registry::spec::Word;
//! let mut sum = grundy_front::registry::standard().build_sum(&Word::from_args(&["nim", "1", "2"])).unwrap();
//! let analysis = grundy_core::analyse(&mut sum, usize::MAX).unwrap();
//! let moves = legal_moves(&sum, Some(&analysis)).unwrap();
//! assert_eq!(moves.len(), 3);
//! // The one winning move takes 1 from the heap of 2, leaving 1 1.
//! assert_eq!(moves[engine_move(&moves).unwrap()].words, ["nim", "1", "1"]);
//! ```

use grundy_core::{Analysis, Component, SolveError};
pub use grundy_registry::entry::Drawing;
use serde_json::Value as Json;

use crate::position_words::words;

/// Why the moves of a position cannot be listed.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A game that cannot list its moves, or a position without words.
    #[error("{0}")]
    Input(String),
    /// Listing them stopped (a cap).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// One legal move of a sum.
#[derive(Clone, Debug)]
pub struct PlayMove {
    /// The part of the sum it moves in.
    pub component: usize,
    /// What it does, in words (`in nim 3 4: take 2 from heap 1` in a sum).
    pub description: String,
    /// The position of that part after the move (JSON, as its game shows it).
    pub part_position: Json,
    /// The position of the whole sum after the move (the part's JSON alone for a single game).
    pub position: Json,
    /// The sum after the move as a person reads it (`1 4 + bash:3 7`).
    pub shown: String,
    /// The words that build the sum after the move: each part's game and words, `+` between,
    /// finished parts (no words left) left out.
    pub words: Vec<String>,
    /// It wins (it is one of the analysis's winning moves).
    pub wins: bool,
    /// Its place among the analysis's winning moves, which come best first (on a graph with
    /// cycles, the nearest end first: the engine plays it so that a won game ends).
    pub win_rank: Option<usize>,
    /// It keeps a draw (a loopy game).
    pub draws: bool,
}

/// A part's position as its words, or its JSON if it has none (it then cannot be played).
pub fn as_typed(position: &Json) -> String {
    words(position).map_or_else(|| position.to_string(), |w| w.join(" "))
}

/// Every legal move of `components`, marked winning or drawing by `analysis` (its winning and
/// drawing moves).
pub fn legal_moves(
    components: &[Box<dyn Component>],
    analysis: Option<&Analysis>,
) -> Result<Vec<PlayMove>, PlayError> {
    let whole: Vec<Json> = components.iter().map(|c| c.position()).collect();
    let parts: Vec<(String, Vec<String>)> = components
        .iter()
        .zip(&whole)
        .map(|(c, p)| {
            let w = words(p).ok_or_else(|| {
                PlayError::Input(format!(
                    "{}: this position has no words, so it cannot be played",
                    c.game()
                ))
            })?;
            Ok((c.game(), w))
        })
        .collect::<Result<_, PlayError>>()?;
    let single = components.len() == 1;
    let mut moves = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let tree = c.explore().ok_or_else(|| {
            PlayError::Input(format!(
                "{}: this game cannot list its moves, so it cannot be played",
                c.game()
            ))
        })?;
        for (report, _) in tree.moves()? {
            let position = if single {
                report.position.clone()
            } else {
                let mut all = whole.clone();
                all[i] = report.position.clone();
                Json::Array(all)
            };
            let mut after = parts.clone();
            after[i].1 = words(&report.position).ok_or_else(|| {
                PlayError::Input(format!(
                    "{}: a move leaves a position with no words",
                    c.game()
                ))
            })?;
            let typed: Vec<String> = after.iter().map(|(_, w)| w.join(" ")).collect();
            let shown = if single {
                typed[0].clone()
            } else {
                typed.join(" + ")
            };
            let description = if single {
                report.description
            } else {
                format!(
                    "in {} {}: {}",
                    c.game(),
                    parts[i].1.join(" "),
                    report.description
                )
            };
            let win_rank =
                analysis.and_then(|a| a.winning_moves.iter().position(|w| w.position == position));
            let wins = win_rank.is_some();
            let draws =
                analysis.is_some_and(|a| a.drawing_moves.iter().any(|d| d.position == position));
            moves.push(PlayMove {
                component: i,
                description,
                part_position: report.position,
                words: sum_words(&after),
                position,
                shown,
                wins,
                win_rank,
                draws,
            });
        }
    }
    Ok(moves)
}

/// The words of a sum of parts (game, words): `+` between them, finished parts left out.
pub fn sum_words(parts: &[(String, Vec<String>)]) -> Vec<String> {
    let mut out = Vec::new();
    for (game, w) in parts.iter().filter(|(_, w)| !w.is_empty()) {
        if !out.is_empty() {
            out.push("+".to_string());
        }
        out.push(game.clone());
        out.extend(w.iter().cloned());
    }
    out
}

/// How a part of a sum is drawn: its game's [`Drawing`] (as words when the registry does not
/// know the name, or the drawing a script names in its figure's `drawing`), and what the drawing
/// needs beyond the position ([`Component::figure`]: the graph of a token game).
pub fn drawing(games: &crate::registry::Registry, part: &dyn Component) -> (Drawing, Option<Json>) {
    let figure = part.figure();
    let asked = figure
        .as_ref()
        .and_then(|f| f.get("drawing"))
        .and_then(Json::as_str)
        .and_then(Drawing::named);
    let drawing = asked.unwrap_or_else(|| {
        games
            .lookup(&grundy_registry::spec::Word::new("game", part.game()))
            .map_or(Drawing::Text, |(entry, _)| entry.drawing)
    });
    (drawing, figure)
}

/// The perfect engine's move: the analysis's first winning move, else one that keeps a draw,
/// else the first (from a lost position, waiting for a mistake); `None` when there is no move.
pub fn engine_move(moves: &[PlayMove]) -> Option<usize> {
    (0..moves.len())
        .filter(|&i| moves[i].wins)
        .min_by_key(|&i| moves[i].win_rank)
        .or_else(|| moves.iter().position(|m| m.draws))
        .or(if moves.is_empty() { None } else { Some(0) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_registry::spec::Word;

    fn drawn(args: &[&str]) -> (Drawing, Option<Json>) {
        let games = crate::registry::standard();
        let sum = games.build_sum(&Word::from_args(args)).unwrap();
        drawing(&games, sum[0].as_ref())
    }

    #[test]
    fn every_registry_game_is_drawn_by_its_shape() {
        let games = crate::registry::standard();
        // A script names its own drawing (`fn shape()`), else its moves are listed.
        let as_words = ["script"];
        for entry in games.entries() {
            assert!(
                entry.drawing != Drawing::Text || as_words.contains(&entry.name),
                "{} is drawn as words",
                entry.name
            );
        }
    }

    #[test]
    fn a_graph_game_gives_its_graph_and_a_script_its_shape() {
        let (d, figure) = drawn(&["node-kayles:1-2,2-3", "1", "3"]);
        assert_eq!(d, Drawing::Vertices);
        let figure = figure.unwrap();
        assert_eq!(figure["vertices"], serde_json::json!([1, 2, 3]));
        assert_eq!(figure["edges"], serde_json::json!([[0, 1], [1, 2]]));
        let (d, figure) = drawn(&["hackenbush:1-2,2-2", "1", "2"]);
        assert_eq!(
            (d, &figure.unwrap()["ground"]),
            (Drawing::Edges, &Json::from(0))
        );
        let (d, figure) = drawn(&["graph:1-2,2-3", "1"]);
        assert_eq!(d, Drawing::Tokens);
        assert_eq!(figure.unwrap()["directed"], Json::Bool(true));
        let (d, figure) = drawn(&["hyper-knights", "2,1"]);
        assert_eq!(d, Drawing::Tokens);
        assert!(figure.unwrap()["vertices"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([0, 0])));
        // A script names its drawing; one the page does not know is drawn as words.
        let shaped = "script:{fn moves(n) { range(0, n) } fn shape() { \"heaps\" }}";
        assert_eq!(drawn(&[shaped, "3"]).0, Drawing::Heaps);
        let unknown = "script:{fn moves(n) { range(0, n) } fn shape() { \"heap\" }}";
        assert_eq!(drawn(&[unknown, "3"]), (Drawing::Text, None));
        assert_eq!(
            drawn(&["script:{fn moves(n) { [] }}", "3"]),
            (Drawing::Text, None)
        );
    }

    /// From 2 on 1 <-> 2 -> 3, moving to 1 keeps the win (1 is a P-position) but the game goes
    /// round the cycle; the engine ends it, moving to 3.
    #[test]
    fn the_engine_ends_a_won_loopy_game() {
        let games = crate::registry::standard();
        let mut sum = games
            .build_sum(&Word::from_args(&["graph:1-2,2-1,2-3", "2"]))
            .unwrap();
        let analysis = grundy_core::analyse(&mut sum, usize::MAX).unwrap();
        let moves = legal_moves(&sum, Some(&analysis)).unwrap();
        assert!(moves.iter().all(|m| m.wins), "both moves keep the win");
        assert_eq!(
            moves[engine_move(&moves).unwrap()].words,
            ["graph:1-2,2-1,2-3", "3"]
        );
        // The same game as a script, solved by the generic loopy analysis.
        let script =
            "script:{fn moves(n) { if n == 1 { [2] } else if n == 2 { [1, 3] } else { [] } }}";
        let mut sum = games.build_sum(&Word::from_args(&[script, "2"])).unwrap();
        let analysis = grundy_core::analyse(&mut sum, usize::MAX).unwrap();
        let moves = legal_moves(&sum, Some(&analysis)).unwrap();
        assert!(moves.iter().all(|m| m.wins), "both moves keep the win");
        assert_eq!(moves[engine_move(&moves).unwrap()].words, [script, "3"]);
    }
}
