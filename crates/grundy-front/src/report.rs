//! The JSON of a verdict (`grundy solve --json`), built once for every front end: the command
//! line prints it, the Python package returns it from `to_dict()` and the page shows it, so they
//! cannot drift apart. The verdict itself is chosen in [`crate::verdict`].

use grundy_core::component::COUNT_SATURATED;
use grundy_core::every::CombinedMove;
use grundy_core::misere::MisereMethod;
use grundy_core::{sum_position, Component, Outcome, SumMove, Value};
use serde::Serialize;
use serde_json::Value as Json;
use std::io::Write;

use crate::verdict::{Convention, Verdict};

/// The JSON shape of a normal-play or misère verdict.
#[derive(Serialize)]
struct Report<'a> {
    /// With `grundy solve --batch`: the line of standard input answered (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    game: String,
    position: Json,
    /// `normal`, `misere` or `every`.
    convention: &'static str,
    /// How a misère verdict was reached: `sj` (the Sprague–Grundy–Jones theorem), `quotient` (the
    /// game's misère quotient) or `search`.
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<MisereMethod>,
    /// With `method` `quotient`: the misère quotient used (order, P-portion size, and the largest
    /// heap it is proved for, null for every heap).
    #[serde(skip_serializing_if = "Option::is_none")]
    quotient: Option<grundy_core::misere::QuotientUsed>,
    outcome: Outcome,
    /// Present (and true) only when an outcome-only search decided (`grundy solve --outcome`,
    /// under normal or misère play): `grundy` is null, `winning_moves` holds the one move that settled the search (a winning
    /// move, not all of them) and `winning_moves_total` is null.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    outcome_search: bool,
    /// The (normal-play) Grundy value of the whole position; null when it is infinite (loopy
    /// games) or could not be computed. Under misère play and Every-SG it is for information.
    grundy: Option<u64>,
    winning_moves: &'a [SumMove],
    /// Null when the moves were not looked for (`grundy solve --no-moves`) or could not be
    /// counted (`moves_note` says why).
    winning_moves_total: Option<usize>,
    /// Present (and true) only when `winning_moves_total` saturated at 2^64 - 1: there are at
    /// least that many winning moves.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    winning_moves_total_is_bound: bool,
    /// Why the winning moves were looked for but neither listed nor counted (too many, or too
    /// many options to look through); the outcome and value stand.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_note: Option<String>,
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
    value: Option<Value>,
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
    value: Value,
}

/// The JSON shape of an Every-SG verdict: a winning move is a combined move.
#[derive(Serialize)]
struct EveryReport<'a> {
    /// With `grundy solve --batch`: the line of standard input answered (1-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    game: String,
    position: Json,
    convention: &'static str,
    outcome: Outcome,
    grundy: Option<u64>,
    winning_moves: &'a [CombinedMove],
    /// Null when the moves were not looked for (`grundy solve --every --no-moves`).
    winning_moves_total: Option<usize>,
    components: Vec<ComponentReport>,
}

fn component_reports(
    components: &[Box<dyn Component>],
    values: Option<&[Value]>,
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

/// The games of a sum, as the command line joins them: `nim + bash:3`.
pub fn game_name(components: &[Box<dyn Component>]) -> String {
    components
        .iter()
        .map(|c| c.game())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The verdict as one JSON object (no newline), written straight to `out`, so the position of a
/// big sum is never held as text; `line` is the `--batch` line it answers.
pub fn write(
    out: impl Write,
    components: &[Box<dyn Component>],
    verdict: &Verdict,
    line: Option<usize>,
) -> serde_json::Result<()> {
    let notes = || components.iter().filter_map(|c| c.note()).collect();
    match verdict {
        Verdict::Normal(a) => serde_json::to_writer(
            out,
            &Report {
                line,
                game: game_name(components),
                position: sum_position(components),
                convention: Convention::Normal.name(),
                method: None,
                quotient: None,
                outcome: a.outcome,
                outcome_search: a.outcome_search,
                grundy: a.grundy.map(|g| g.0),
                winning_moves: &a.winning_moves,
                winning_moves_total: a.winning_moves_count(),
                winning_moves_total_is_bound: a.total_is_bound(),
                moves_note: a.moves_note(),
                drawing_moves: &a.drawing_moves,
                components: component_reports(components, Some(&a.values), None),
                notes: notes(),
            },
        ),
        Verdict::Misere(a) => serde_json::to_writer(
            out,
            &Report {
                line,
                game: game_name(components),
                position: sum_position(components),
                convention: Convention::Misere.name(),
                method: Some(a.method),
                quotient: a.quotient,
                outcome: a.outcome,
                outcome_search: a.outcome_search,
                grundy: a.grundy.map(|g| g.0),
                winning_moves: &a.winning_moves,
                winning_moves_total: (!a.outcome_search).then_some(a.winning_moves_total),
                winning_moves_total_is_bound: a.winning_moves_total == COUNT_SATURATED,
                moves_note: None,
                drawing_moves: &a.drawing_moves,
                components: component_reports(components, a.values.as_deref(), None),
                notes: notes(),
            },
        ),
        Verdict::Every(a) => serde_json::to_writer(
            out,
            &EveryReport {
                line,
                game: game_name(components),
                position: sum_position(components),
                convention: Convention::Every.name(),
                outcome: a.outcome,
                grundy: a.grundy.map(|g| g.0),
                winning_moves: &a.winning_moves,
                winning_moves_total: a.moves_searched.then_some(a.winning_moves_total),
                components: component_reports(components, a.values.as_deref(), a.steps.as_deref()),
            },
        ),
    }
}

/// The verdict as one line of JSON (no newline): `grundy solve --json`'s line.
pub fn to_json(components: &[Box<dyn Component>], verdict: &Verdict) -> String {
    let mut out = Vec::new();
    write(&mut out, components, verdict, None).expect("reports hold only JSON-able values");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}
