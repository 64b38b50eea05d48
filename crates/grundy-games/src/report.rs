//! The JSON of a verdict (`grundy solve --json`), built once for every front end: the command
//! line prints it, the Python package returns it from `to_dict()`, so the two cannot drift apart.

use grundy_core::every::{CombinedMove, EveryAnalysis};
use grundy_core::misere::{MisereAnalysis, MisereMethod};
use grundy_core::{sum_position, Analysis, Component, Outcome, SumMove, Value};
use serde::Serialize;
use serde_json::Value as Json;

/// The JSON shape of a normal-play or misère verdict.
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

/// One line of JSON, fields in the order of the structs above (a `serde_json::Value` would sort
/// them).
fn to_json(report: &impl Serialize) -> String {
    serde_json::to_string(report).expect("reports hold only JSON-able values")
}

/// The verdict of [`grundy_core::analyse`] (normal play) as one line of JSON.
pub fn normal(components: &[Box<dyn Component>], a: &Analysis) -> String {
    to_json(&Report {
        game: game_name(components),
        position: sum_position(components),
        convention: "normal",
        method: None,
        outcome: a.outcome,
        grundy: a.grundy.map(|g| g.0),
        winning_moves: &a.winning_moves,
        winning_moves_total: a.winning_moves_total,
        drawing_moves: &a.drawing_moves,
        components: component_reports(components, Some(&a.values), None),
        notes: components.iter().filter_map(|c| c.note()).collect(),
    })
}

/// The verdict of [`grundy_core::misere::analyse_misere`] as one line of JSON.
pub fn misere(components: &[Box<dyn Component>], a: &MisereAnalysis) -> String {
    to_json(&Report {
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
    })
}

/// The verdict of [`grundy_core::every::analyse_every`] as one line of JSON.
pub fn every(components: &[Box<dyn Component>], a: &EveryAnalysis) -> String {
    to_json(&EveryReport {
        game: game_name(components),
        position: sum_position(components),
        convention: "every",
        outcome: a.outcome,
        grundy: a.grundy.map(|g| g.0),
        winning_moves: &a.winning_moves,
        winning_moves_total: a.winning_moves_total,
        components: component_reports(components, a.values.as_deref(), a.steps.as_deref()),
    })
}
