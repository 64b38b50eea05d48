//! Misère play and Every-SG explained: the rule that decides, how it applies to this position,
//! and the verdict's winning moves. The outcome is the verdict's own (`solve --misere`,
//! `solve --every`); this says why.

use grundy_core::every::analyse_every;
use grundy_core::limits::Limits;
use grundy_core::misere::{analyse_misere, MisereMethod};
use grundy_core::Outcome;
use grundy_registry::spec::Word;

use super::{xor_table, ExplainError, Explanation, Part, StepCount, WinningMove};
use crate::position_words::shown;
use crate::registry::Registry;

/// The most winning moves listed.
const LISTED: usize = 20;

fn verdict_line(outcome: Outcome, position: &str) -> String {
    match outcome {
        Outcome::P => format!("So {position} is P: the player to move loses."),
        Outcome::N => format!("So {position} is N: the player to move wins."),
        Outcome::D => format!("So {position} is a draw."),
    }
}

/// Misère play: the Sprague–Grundy–Jones theorem (Bouton's misère Nim), the game's misère
/// quotient, or an exact search, as the verdict decided.
pub(super) fn misere(
    games: &Registry,
    words: &[Word],
    position: &str,
    parts: Vec<Part>,
    limits: &Limits,
) -> Result<Explanation, ExplainError> {
    let mut components = games.build_sum(words)?;
    let a = analyse_misere(&mut components, LISTED, limits)?;
    let mut lines = vec![
        "Misère play: the player who makes the last move loses. The values alone do not decide a sum; a rule that applies does.".to_string(),
    ];
    let mut xor = None;
    let rule = match a.method {
        MisereMethod::Sj => {
            lines.push(
                "Every game here is an SJ atom (a move never splits it, and a position of value 0 that has a move has one to value 1), so the Sprague–Grundy–Jones theorem decides — misère Nim, Bouton's rule, is a case of it:"
                    .to_string(),
            );
            lines.push("  if some value is 2 or more, the player to move wins exactly when the XOR is not 0 (as in normal play);".to_string());
            lines.push(
                "  if every value is 0 or 1, exactly when the XOR is 0 (an even number of 1s)."
                    .to_string(),
            );
            let table = xor_table(&parts, &mut lines);
            let big = parts.iter().any(|p| p.value >= 2);
            lines.push(if big {
                format!(
                    "A value is 2 or more, and the XOR is {}: {}.",
                    table.total,
                    if table.total != 0 { "not 0" } else { "0" }
                )
            } else {
                format!("Every value is 0 or 1, and the XOR is {}.", table.total)
            });
            xor = Some(table);
            "sj"
        }
        MisereMethod::Quotient => {
            let q = a.quotient;
            let proved = match q.and_then(|q| q.proved_upto) {
                Some(n) => format!("proved for heaps up to {n}"),
                None => "proved for every heap by the periodicity theorem".to_string(),
            };
            lines.push(format!(
                "The game's misère quotient decides (Plambeck and Siegel): a monoid of {} elements, {proved}. Each heap is an element; the position is P exactly when the product of its heaps' elements is in the P-portion ({} of the elements).",
                q.map_or(0, |q| q.order),
                q.map_or(0, |q| q.p_portion)
            ));
            "quotient"
        }
        MisereMethod::Search => {
            lines.push(
                "No theorem applies to these games: an exact search of the whole sum decides, position by position (under misère play a sum's outcome is not a function of its parts' values)."
                    .to_string(),
            );
            "search"
        }
    };
    let winning = verdict_tail(
        a.outcome,
        position,
        a.winning_moves
            .iter()
            .map(|m| (m.description.as_str(), &m.position)),
        a.winning_moves_total,
        &mut lines,
    );
    Ok(Explanation {
        position: position.to_string(),
        convention: "misere",
        rule,
        outcome: a.outcome,
        value: parts.iter().fold(0, |x, p| x ^ p.value),
        parts,
        xor,
        winning_moves: winning,
        steps: None,
        quotient: a.quotient,
        tree: None,
        lines,
    })
}

/// Every-SG: each game's step count, the largest deciding.
pub(super) fn every(
    games: &Registry,
    words: &[Word],
    position: &str,
    parts: Vec<Part>,
    limits: &Limits,
) -> Result<Explanation, ExplainError> {
    let mut components = games.build_sum(words)?;
    let names: Vec<String> = components
        .iter()
        .map(|c| {
            let w = super::words(&c.position()).unwrap_or_default();
            std::iter::once(c.game())
                .chain(w)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let a = analyse_every(&mut components, LISTED, limits)?;
    let mut lines = vec![
        "Every-SG: on each turn the player to move moves in every game that is not finished; who cannot move loses.".to_string(),
        "A game's step count is how long it lasts when its winner makes it last and its loser ends it soon (Winning Ways' suspense numbers); it is odd exactly when the player to move wins that game. The game that lasts longest decides: the player to move wins exactly when the largest step count is odd.".to_string(),
    ];
    let steps = a.steps.as_ref().map(|s| {
        names
            .iter()
            .zip(s)
            .map(|(position, &steps)| StepCount {
                position: position.clone(),
                steps,
            })
            .collect::<Vec<_>>()
    });
    match &steps {
        Some(steps) => {
            let width = steps.iter().map(|s| s.position.len()).max().unwrap_or(0);
            for s in steps {
                let unit = if s.steps == 1 { "step" } else { "steps" };
                lines.push(format!("  {:width$}  {} {unit}", s.position, s.steps));
            }
            let largest = steps.iter().map(|s| s.steps).max().unwrap_or(0);
            lines.push(format!(
                "The largest step count is {largest}, {}.",
                if largest % 2 == 1 { "odd" } else { "even" }
            ));
        }
        None => lines.push(
            "The step counts could not be had game by game: an exact search of the whole sum decides."
                .to_string(),
        ),
    }
    let winning = verdict_tail(
        a.outcome,
        position,
        a.winning_moves
            .iter()
            .map(|m| (m.description.as_str(), &m.position)),
        a.winning_moves_total,
        &mut lines,
    );
    Ok(Explanation {
        position: position.to_string(),
        convention: "every",
        rule: "steps",
        outcome: a.outcome,
        value: parts.iter().fold(0, |x, p| x ^ p.value),
        parts,
        xor: None,
        winning_moves: winning,
        steps,
        quotient: None,
        tree: None,
        lines,
    })
}

/// The verdict in a sentence and its winning moves (a move of the whole sum each), listed in
/// `lines` and returned as the explanation holds them.
fn verdict_tail<'m>(
    outcome: Outcome,
    position: &str,
    moves: impl Iterator<Item = (&'m str, &'m serde_json::Value)>,
    total: usize,
    lines: &mut Vec<String>,
) -> Vec<WinningMove> {
    lines.push(verdict_line(outcome, position));
    let winning: Vec<WinningMove> = moves
        .map(|(description, position)| WinningMove {
            part: None,
            value: None,
            target: None,
            description: description.to_string(),
            to: shown(position),
        })
        .collect();
    if !winning.is_empty() {
        lines.push(format!("The winning moves ({total}):"));
        for m in &winning {
            lines.push(format!("  {}", m.description));
        }
        if total > winning.len() {
            lines.push(format!("  … and {} more", total - winning.len()));
        }
    }
    winning
}
