//! `grundy solve`: who wins, the Grundy value, and the winning moves.

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
    outcome: Outcome,
    /// The Grundy value of the whole position; null when it is infinite (loopy games).
    grundy: Option<u64>,
    winning_moves: &'a [SumMove],
    winning_moves_total: usize,
    #[serde(skip_serializing_if = "<[SumMove]>::is_empty")]
    drawing_moves: &'a [SumMove],
    components: Vec<ComponentReport>,
}

#[derive(Serialize)]
struct ComponentReport {
    game: String,
    position: Json,
    value: grundy_core::Value,
    /// The values of the component's parts (each token of a token game), when it has some.
    #[serde(skip_serializing_if = "Option::is_none")]
    parts: Option<Vec<PartReport>>,
}

#[derive(Serialize)]
struct PartReport {
    position: Json,
    value: grundy_core::Value,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let words = words::expand(&args.spec)?;
    let mut components = registry::build_sum(&words)?;
    let analysis = analyse(&mut components, args.limit)?;
    let game = components
        .iter()
        .map(|c| c.game())
        .collect::<Vec<_>>()
        .join(" + ");
    if args.json {
        let report = Report {
            game,
            position: sum_position(&components),
            outcome: analysis.outcome,
            grundy: analysis.grundy.map(|g| g.0),
            winning_moves: &analysis.winning_moves,
            winning_moves_total: analysis.winning_moves_total,
            drawing_moves: &analysis.drawing_moves,
            components: components
                .iter()
                .zip(&analysis.values)
                .map(|(c, v)| ComponentReport {
                    game: c.game(),
                    position: c.position(),
                    value: v.clone(),
                    parts: c.part_values().map(|ps| {
                        ps.into_iter()
                            .map(|(position, value)| PartReport { position, value })
                            .collect()
                    }),
                })
                .collect(),
        };
        println!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        print!("{}", plain(&components, &analysis));
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
            s += &format!("Moves that keep the draw ({}):\n", a.drawing_moves.len());
            for m in &a.drawing_moves {
                s += &format!("  {}\n", m.description);
            }
        }
    }
    s
}
