//! `grundy solve`: who wins, the Grundy value, and the winning moves.

use grundy_core::every::analyse_every;
use grundy_core::misere::{analyse_misere, MisereMethod};
use grundy_core::{analyse, Analysis, Component, Outcome};
use grundy_games::{registry, report};
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

fn run_misere(args: &Args, components: &mut [Box<dyn Component>]) -> Result<(), Failure> {
    let a = analyse_misere(components, args.limit);
    crate::progress::finish();
    let a = a?;
    if args.json {
        outln!("{}", report::misere(components, &a));
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
        outln!("{}", report::every(components, &a));
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
    if args.json {
        outln!("{}", report::normal(&components, &analysis));
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
