//! The verdict in words, as `grundy solve` prints it: the position, the convention, the outcome,
//! the value and the winning moves.

use grundy_core::component::COUNT_SATURATED;
use grundy_core::every::EveryAnalysis;
use grundy_core::misere::{MisereAnalysis, MisereMethod};
use grundy_core::{Analysis, Component, Outcome};
use grundy_front::outcome_words::sentence;
use grundy_front::verdict::Verdict;
use serde_json::Value as Json;

/// The verdict in words, as `grundy solve` prints it.
/// `unlisted`: the winning moves were not looked for because the options are too many to list
/// (positions valued by a formula), not because of --no-moves.
pub(super) fn write_text(
    components: &[Box<dyn Component>],
    verdict: &Verdict,
    unlisted: bool,
) -> String {
    match verdict {
        Verdict::Normal(a) => plain(components, a, unlisted),
        Verdict::Misere(a) => misere_text(components, a),
        Verdict::Every(a) => every_text(components, a),
    }
}

fn misere_text(components: &[Box<dyn Component>], a: &MisereAnalysis) -> String {
    let mut s = position_line(components);
    s += &match a.method {
        MisereMethod::Sj => "Convention: misère (the last player to move loses), decided by the Sprague–Grundy–Jones theorem.\n".to_string(),
        MisereMethod::Search => "Convention: misère (the last player to move loses), decided by searching the whole sum.\n".to_string(),
        MisereMethod::Quotient => {
            let q = a.quotient.expect("a quotient verdict names its quotient");
            format!(
                "Convention: misère (the last player to move loses), decided by the game's misère quotient (order {}, {} P elements; proved {}).\n",
                q.order,
                q.p_portion,
                match q.proved_upto {
                    None => "for every heap by the periodicity theorem".to_string(),
                    Some(n) => format!("for heaps up to {n}"),
                }
            )
        }
    };
    s += &format!("Outcome: {}\n", sentence(a.outcome));
    if let Some(g) = a.grundy {
        s += &format!("Normal-play Grundy value: {} ({g})\n", g.0);
    }
    if a.outcome_search {
        s += "Normal-play Grundy value: not computed (--outcome: decided by an outcome-only search, which stops at the first winning move it proves)\n";
        match (a.outcome, a.winning_moves.is_empty()) {
            (Outcome::N, false) => settling(&mut s, &a.winning_moves),
            (outcome, _) => moves_lines(&mut s, outcome, std::iter::empty(), 0),
        }
    } else if a.outcome == Outcome::D {
        s += &format!("Moves that keep the draw ({}):\n", a.drawing_moves.len());
        for m in &a.drawing_moves {
            s += &format!("  {}\n", m.description);
        }
    } else {
        moves_lines(
            &mut s,
            a.outcome,
            a.winning_moves.iter().map(|m| m.description.as_str()),
            a.winning_moves_total,
        );
    }
    s
}

fn every_text(components: &[Box<dyn Component>], a: &EveryAnalysis) -> String {
    let mut s = position_line(components);
    s += "Convention: Every-SG (move in every component that is not finished; the last player to move wins).\n";
    s += &format!("Outcome: {}\n", sentence(a.outcome));
    if let Some(r) = &a.steps {
        s += "Step counts (the largest decides: odd wins for the player to move):\n";
        for (c, r) in components.iter().zip(r) {
            s += &format!("  {} {}: {r}\n", c.game(), show_position(&c.position()));
        }
    }
    if a.outcome == Outcome::N && !a.moves_searched {
        s += "Winning moves: not looked for (--no-moves).\n";
        return s;
    }
    moves_lines(
        &mut s,
        a.outcome,
        a.winning_moves.iter().map(|m| m.description.as_str()),
        a.winning_moves_total,
    );
    s
}

/// The move that settled an outcome-only search, said to be one winning move of perhaps many.
fn settling(s: &mut String, moves: &[grundy_core::SumMove]) {
    *s += "A winning move (the one that settled the search; the others are neither looked for \
           nor counted):\n";
    for m in moves {
        *s += &format!("  {}\n", m.description);
    }
}

fn position_line(components: &[Box<dyn Component>]) -> String {
    let parts: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.game(), show_position(&c.position())))
        .collect();
    format!("Position: {}\n", parts.join(" + "))
}

fn moves_lines<'m>(
    s: &mut String,
    outcome: Outcome,
    moves: impl ExactSizeIterator<Item = &'m str>,
    total: usize,
) {
    if outcome != Outcome::N {
        *s += "Every move loses against perfect play.\n";
        return;
    }
    if total == 0 {
        *s += "No move is left: the opponent made the last move and lost.\n";
        return;
    }
    listed_moves(s, moves, total);
}

/// `Winning moves (N):` and the moves listed; a saturated count ([`COUNT_SATURATED`]) is said
/// to be a bound, `at least N`.
fn listed_moves<'m>(s: &mut String, moves: impl ExactSizeIterator<Item = &'m str>, total: usize) {
    let listed = moves.len();
    let bound = total == COUNT_SATURATED;
    let at_least = if bound { "at least " } else { "" };
    *s += &format!("Winning moves ({at_least}{total}):\n");
    for m in moves {
        *s += &format!("  {m}\n");
    }
    if bound {
        *s += &format!(
            "  … and at least {} more (too many to count exactly)\n",
            total - listed
        );
    } else if total > listed {
        *s += &format!(
            "  … and {} more (raise --limit to list them)\n",
            total - listed
        );
    }
}

/// A position in words, shortened when it is long ([`grundy_front::position_words::shown`]).
fn show_position(p: &Json) -> String {
    grundy_front::position_words::shown(p)
}

fn plain(components: &[Box<dyn Component>], a: &Analysis, unlisted: bool) -> String {
    let mut s = String::new();
    let parts: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.game(), show_position(&c.position())))
        .collect();
    s += &format!("Position: {}\n", parts.join(" + "));
    s += &format!("Outcome: {}\n", sentence(a.outcome));
    match a.grundy {
        Some(g) => s += &format!("Grundy value: {} ({g})\n", g.0),
        None if a.outcome_search => {
            s += "Grundy value: not computed (--outcome: decided by an outcome-only search, \
                  which stops at the first winning move it proves)\n"
        }
        None if a.values.is_empty() => {
            s += "Grundy value: not computed (only the outcome is known for this position)\n"
        }
        None => s += "Grundy value: infinite (a loopy position)\n",
    }
    for c in components {
        if let Some(parts) = c.part_values() {
            let shown: Vec<String> = parts
                .iter()
                .take(12)
                .map(|(p, v)| format!("{}: {v}", show_position(&Json::Array(vec![p.clone()]))))
                .collect();
            let more = if parts.len() > 12 { ", …" } else { "" };
            s += &format!("Token values: {}{more}\n", shown.join(", "));
        }
    }
    if components.len() > 1 {
        for (c, v) in components.iter().zip(&a.values) {
            s += &format!("  {} {}: {v}\n", c.game(), show_position(&c.position()));
        }
    }
    match a.outcome {
        Outcome::P => s += "Every move loses against perfect play.\n",
        Outcome::N if a.outcome_search => settling(&mut s, &a.winning_moves),
        Outcome::N if !a.moves_searched && unlisted => {
            s += "Winning moves: not looked for (the options are not listed: see the check \
                  of the formula at this position below).\n";
        }
        Outcome::N if !a.moves_searched => {
            s += "Winning moves: not looked for (--no-moves).\n";
        }
        Outcome::N => match (a.winning_moves_count(), &a.moves_unlisted) {
            (Some(total), _) => listed_moves(
                &mut s,
                a.winning_moves.iter().map(|m| m.description.as_str()),
                total,
            ),
            // Too many to list or count: the outcome and value above stand.
            (None, why) => {
                s += &format!(
                    "Winning moves: not listed, and how many there are is not known ({}); \
                     --no-moves skips looking for them.\n",
                    why.as_deref().unwrap_or("too many to list")
                );
            }
        },
        Outcome::D => {
            // Only loopy components can list every move with its value; moves in the other
            // components of a drawn sum are not listed (see `Analysis::drawing_moves`).
            s += &format!(
                "Moves in the loopy components that keep the draw ({}):\n",
                a.drawing_moves.len()
            );
            for m in &a.drawing_moves {
                s += &format!("  {}\n", m.description);
            }
        }
    }
    for note in components.iter().filter_map(|c| c.note()) {
        s += &format!("Note: {note}\n");
    }
    s
}
