//! `grundy solve`: who wins, the Grundy value, and the winning moves.

use grundy_core::every::{analyse_every, CombinedMove};
use grundy_core::misere::{analyse_misere, MisereMethod};
use grundy_core::{analyse, sum_position, Analysis, Component, Outcome, SumMove};
use grundy_games::registry;
use serde::Serialize;
use serde_json::Value as Json;

use crate::failure::Failure;
use crate::words;

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object: game, position, outcome, grundy, winning_moves, components.
    #[arg(long)]
    json: bool,
    /// List at most this many winning moves (all are counted).
    #[arg(long, default_value_t = 100)]
    limit: usize,
    /// Misère play: the player who makes the last move loses.
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// Every-SG: move in every component that is not finished; the last player to move wins.
    #[arg(long)]
    every: bool,
    /// The game and its position, e.g. `nim 3 4 5`; join games with `+`
    /// (`nim 3 4 + bash:3 7`); `-` reads the position's numbers from standard input.
    #[arg(
        required = true,
        allow_negative_numbers = true,
        value_name = "GAME POSITION"
    )]
    spec: Vec<String>,
}

/// The JSON shape of `grundy solve --json`.
#[derive(Serialize)]
struct Report<'a> {
    game: String,
    position: Json,
    /// `normal`, `misere` or `every`.
    convention: &'static str,
    /// How a misère verdict was reached: `sj` (the Sprague–Grundy–Jones theorem) or `search`.
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<MisereMethod>,
    outcome: Outcome,
    /// The (normal-play) Grundy value of the whole position; null when it is infinite (loopy
    /// games) or could not be computed. Under misère play and Every-SG it is for information.
    grundy: Option<u64>,
    winning_moves: &'a [SumMove],
    winning_moves_total: usize,
    #[serde(skip_serializing_if = "<[SumMove]>::is_empty")]
    drawing_moves: &'a [SumMove],
    components: Vec<ComponentReport>,
    /// Playing advice from the components (e.g. Poker Nim's reversing strategy).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
}

#[derive(Serialize)]
struct ComponentReport {
    game: String,
    position: Json,
    /// Null when only the outcome of a lone component is known (e.g. a huge Wythoff position).
    value: Option<grundy_core::Value>,
    /// The Every-SG step count (Winning Ways' suspense number; Every-SG only).
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<u64>,
    /// The values of the component's parts (each token of a token game), when it has some.
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<PartReport>>,
}

#[derive(Serialize)]
struct PartReport {
    position: Json,
    value: grundy_core::Value,
}

/// The JSON shape of `grundy solve --every --json`: a winning move is a combined move.
#[derive(Serialize)]
struct EveryReport<'a> {
    game: String,
    position: Json,
    convention: &'static str,
    outcome: Outcome,
    grundy: Option<u64>,
    winning_moves: &'a [CombinedMove],
    winning_moves_total: usize,
    components: Vec<ComponentReport>,
}

fn component_reports(
    components: &[Box<dyn Component>],
    values: Option<&[grundy_core::Value]>,
    steps: Option<&[u64]>,
) -> Vec<ComponentReport> {
    components
        .iter()
        .enumerate()
        .map(|(i, c)| ComponentReport {
            game: c.game(),
            position: c.position(),
            value: values.and_then(|v| v.get(i).cloned()),
            steps: steps.map(|r| r[i]),
            parts: c.part_values().map(|ps| {
                ps.into_iter()
                    .map(|(position, value)| PartReport { position, value })
                    .collect()
            }),
        })
        .collect()
}

fn game_name(components: &[Box<dyn Component>]) -> String {
    components
        .iter()
        .map(|c| c.game())
        .collect::<Vec<_>>()
        .join(" + ")
}

fn run_misere(args: &Args, components: &mut [Box<dyn Component>]) -> Result<(), Failure> {
    let a = analyse_misere(components, args.limit);
    crate::progress::finish();
    let a = a?;
    if args.json {
        let report = Report {
            game: game_name(components),
            position: sum_position(components),
            convention: "misere",
            method: Some(a.method),
            outcome: a.outcome,
            grundy: a.grundy.map(|g| g.0),
            winning_moves: &a.winning_moves,
            winning_moves_total: a.winning_moves_total,
            drawing_moves: &a.drawing_moves,
            components: component_reports(components, a.values.as_deref(), None),
            notes: components.iter().filter_map(|c| c.note()).collect(),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
        return Ok(());
    }
    let mut s = position_line(components);
    s += match a.method {
        MisereMethod::Sj => "Convention: misère (the last player to move loses), decided by the Sprague–Grundy–Jones theorem.\n",
        MisereMethod::Search => "Convention: misère (the last player to move loses), decided by searching the whole sum.\n",
    };
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    if let Some(g) = a.grundy {
        s += &format!("Normal-play Grundy value: {} ({g})\n", g.0);
    }
    if a.outcome == Outcome::D {
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
    out!("{s}");
    Ok(())
}

fn run_every(args: &Args, components: &mut [Box<dyn Component>]) -> Result<(), Failure> {
    let a = analyse_every(components, args.limit);
    crate::progress::finish();
    let a = a?;
    if args.json {
        let report = EveryReport {
            game: game_name(components),
            position: sum_position(components),
            convention: "every",
            outcome: a.outcome,
            grundy: a.grundy.map(|g| g.0),
            winning_moves: &a.winning_moves,
            winning_moves_total: a.winning_moves_total,
            components: component_reports(components, a.values.as_deref(), a.steps.as_deref()),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
        return Ok(());
    }
    let mut s = position_line(components);
    s += "Convention: Every-SG (move in every component that is not finished; the last player to move wins).\n";
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    if let Some(r) = &a.steps {
        s += "Step counts (the largest decides: odd wins for the player to move):\n";
        for (c, r) in components.iter().zip(r) {
            s += &format!("  {} {}: {r}\n", c.game(), show_position(&c.position()));
        }
    }
    moves_lines(
        &mut s,
        a.outcome,
        a.winning_moves.iter().map(|m| m.description.as_str()),
        a.winning_moves_total,
    );
    out!("{s}");
    Ok(())
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
    let listed = moves.len();
    *s += &format!("Winning moves ({total}):\n");
    for m in moves {
        *s += &format!("  {m}\n");
    }
    if total > listed {
        *s += &format!(
            "  … and {} more (raise --limit to list them)\n",
            total - listed
        );
    }
}

pub fn run(args: Args) -> Result<(), Failure> {
    let words = words::expand(&args.spec)?;
    let mut components = registry::build_sum(&words)?;
    if args.misere {
        return run_misere(&args, &mut components);
    }
    if args.every {
        return run_every(&args, &mut components);
    }
    let analysis = analyse(&mut components, args.limit);
    crate::progress::finish();
    let analysis = analysis?;
    let game = components
        .iter()
        .map(|c| c.game())
        .collect::<Vec<_>>()
        .join(" + ");
    if args.json {
        let report = Report {
            game,
            position: sum_position(&components),
            convention: "normal",
            method: None,
            outcome: analysis.outcome,
            grundy: analysis.grundy.map(|g| g.0),
            winning_moves: &analysis.winning_moves,
            winning_moves_total: analysis.winning_moves_total,
            drawing_moves: &analysis.drawing_moves,
            components: component_reports(&components, Some(&analysis.values), None),
            notes: components.iter().filter_map(|c| c.note()).collect(),
        };
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        out!("{}", plain(&components, &analysis));
    }
    Ok(())
}

/// A position in words, shortened when it is long.
fn show_position(p: &Json) -> String {
    match p {
        // A list of coordinate pairs (board tokens): written as the input is, `2,5 3,5`.
        Json::Array(items) if items.iter().all(Json::is_array) => {
            let inner = |q: &Json| {
                q.as_array()
                    .map(|xs| xs.iter().map(show_position).collect::<Vec<_>>().join(","))
                    .unwrap_or_default()
            };
            let shown: Vec<String> = items.iter().take(12).map(inner).collect();
            if items.len() > 12 {
                format!("{} … ({} in all)", shown[..8].join(" "), items.len())
            } else {
                shown.join(" ")
            }
        }
        Json::Array(items) if items.len() > 12 => {
            let head: Vec<String> = items[..8].iter().map(show_position).collect();
            format!("{} … ({} in all)", head.join(" "), items.len())
        }
        Json::Array(items) => items
            .iter()
            .map(show_position)
            .collect::<Vec<_>>()
            .join(" "),
        Json::String(s) => s.clone(),
        // Heaps and a pool (Poker Nim): as the position is typed, `3 4 5 pool=5`.
        Json::Object(fields) => fields
            .iter()
            .map(|(k, v)| match v {
                Json::Array(_) => show_position(v),
                other => format!("{k}={}", show_position(other)),
            })
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    }
}

fn plain(components: &[Box<dyn Component>], a: &Analysis) -> String {
    let mut s = String::new();
    let parts: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.game(), show_position(&c.position())))
        .collect();
    s += &format!("Position: {}\n", parts.join(" + "));
    s += &format!("Outcome: {} — {}.\n", a.outcome, a.outcome.winner());
    match a.grundy {
        Some(g) => s += &format!("Grundy value: {} ({g})\n", g.0),
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
        Outcome::N => {
            s += &format!("Winning moves ({}):\n", a.winning_moves_total);
            for m in &a.winning_moves {
                s += &format!("  {}\n", m.description);
            }
            if a.winning_moves_total > a.winning_moves.len() {
                s += &format!(
                    "  … and {} more (raise --limit to list them)\n",
                    a.winning_moves_total - a.winning_moves.len()
                );
            }
        }
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
