//! Components and sums: the type-erased view the command line and library users work with.
//!
//! A [`Component`] is one position of one ruleset, whatever its Rust type: it can report its value
//! and the moves that reach a given value. A position in several games at once (`nim 3 4 + bash:3
//! 7`) is a *sum* of components, and [`analyse`] decides it by the Sprague–Grundy theorem: the
//! value of a sum is the XOR of the values, and a winning move changes one component `i` of value
//! `g_i` into a position of value `g_i XOR X`, where `X` is the total. Loopy components follow
//! Smith's rule for sums with ∞ values.

use serde::Serialize;
use serde_json::Value as Json;

use crate::{Explore, Nimber, Outcome, SolveError, Value};

/// A move carries the whole position it leads to only when that position has at most this many
/// parts (heaps, tokens, components of a sum); past it the position is left out (`null` here,
/// absent from JSON) and the move's structured fields ([`MoveReport::fields`]) say what changed.
/// Without this bound the 100 listed moves of 10^6 heaps would be 10^8 numbers.
pub const MOVE_POSITION_LIMIT: usize = 1000;

/// One move of a component, as a user sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// The move in words, e.g. `take 2 from heap 1: 3 -> 1`.
    pub description: String,
    /// The move as data: a JSON object whose `kind` names its other fields (see
    /// [`crate::Game::move_fields`]; heap games: [`crate::heap_move_fields`]).
    pub fields: Json,
    /// The position the move leads to, in the same notation as the input; `null` when it has more
    /// than [`MOVE_POSITION_LIMIT`] parts.
    pub position: Json,
}

impl MoveReport {
    /// A move of a component with no structured form of its own: `{"kind": "move", "to": …}`,
    /// where `to` is the component's position after it.
    pub fn generic(description: String, position: Json) -> MoveReport {
        MoveReport {
            description,
            fields: generic_fields(position.clone()),
            position,
        }
    }
}

/// The generic structured form of a move: the component's position after it.
pub fn generic_fields(to: Json) -> Json {
    serde_json::json!({ "kind": "move", "to": to })
}

/// A position of some ruleset, ready to be analysed.
pub trait Component {
    /// The game spec this position belongs to, e.g. `nim` or `bash:3`.
    fn game(&self) -> String;

    /// The position, in the same notation as the input (e.g. a list of heaps).
    fn position(&self) -> Json;

    /// The (generalized) Grundy value.
    fn value(&mut self) -> Result<Value, SolveError>;

    /// Searches within `limits` from now on: what the registry that built the component was
    /// given ([`crate::limits`]). The default: a component that keeps no search of its own
    /// (a theorem answers it) has nothing to limit.
    fn limit(&mut self, limits: crate::limits::Limits) {
        let _ = limits;
    }

    /// The moves of this component to positions of finite value `target`: the first `limit` of
    /// them are pushed to `out` and the number of all of them is returned. (A position with 10^5
    /// heaps can have 5·10^4 winning moves, each a position of 10^5 heaps: listing them all would
    /// be quadratic, counting them is not.)
    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError>;

    /// Every move with the value it leads to, for loopy components (`None` otherwise). In a
    /// drawn sum these give the moves that keep the draw.
    fn moves_with_values(&mut self) -> Result<Option<Vec<(MoveReport, Value)>>, SolveError> {
        Ok(None)
    }

    /// The values of the parts this component adds up, each with its position (e.g. every token of
    /// a token game), for display; `None` when it has no such parts to show.
    fn part_values(&self) -> Option<Vec<(Json, Value)>> {
        None
    }

    /// The outcome of this component on its own, for games decided without a Grundy value (games
    /// that are not sums, such as take-from-either-end). `None` means: derive it from the value.
    fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
        Ok(None)
    }

    /// Who wins from this component alone by an outcome-only search that stops at the first
    /// winning move it proves ([`crate::outcome_search`]), without its Grundy value: the outcome
    /// and, with N, the move that settled it (*a* winning move, not all of them). `None` (the
    /// default): no such search, or it would not help (a sum, whose value is needed anyway; a
    /// theorem that answers at once); [`analyse_outcome`] then values the component.
    /// [`SolveError::Cycle`] means the game is loopy: the caller values it by the loopy analysis.
    #[allow(clippy::type_complexity)]
    fn outcome_search(&mut self) -> Result<Option<(Outcome, Option<MoveReport>)>, SolveError> {
        Ok(None)
    }

    /// This position's value when a theorem gives it at once (a closed form such as Bouton's for
    /// Nim), without a search: what a conjectured formula is checked against before it is used.
    /// `None` (the default): no theorem is known to apply.
    fn known_value(&self) -> Option<Nimber> {
        None
    }

    /// Advice for playing this component that the moves alone do not convey (e.g. how to answer
    /// the opponent's reversible moves in Poker Nim). `grundy solve` prints it.
    fn note(&self) -> Option<String> {
        None
    }

    /// How `position` (this component's own, or one of its options, as JSON) is a sum of parts
    /// each valued alone: a heap game's heaps, the parts of a script's sum. `None` (the default):
    /// the position is one part. A formula of the values (`solve --formula`) values each part.
    fn sum_parts(&self, position: &Json) -> Option<Vec<Json>> {
        let _ = position;
        None
    }

    /// How many moves this position has, counted without listing them (a range of heaps is its
    /// length). `None` (the default): not known before they are listed.
    fn option_count(&self) -> Option<u64> {
        None
    }

    /// What a drawing of this game needs beyond its position, as JSON: the graph its tokens or
    /// vertices sit on (`{"vertices": [...], "edges": [[i, j], ...]}`), the board, or the shape a
    /// script asks to be drawn as (`{"drawing": "heaps"}`). `None` (the default): the position
    /// says all the drawing needs.
    fn figure(&self) -> Option<Json> {
        None
    }

    /// This position as an explicit game tree, for the play conventions that need one (misère
    /// play and Every-SG, see [`crate::misere`] and [`crate::every`]). `None` (the default): the
    /// game cannot list its moves, and those conventions report an error naming it.
    fn explore(&self) -> Option<Box<dyn Explore<'_> + '_>> {
        None
    }

    /// The values of this position's *SJ atoms*, when the Sprague–Grundy–Jones theorem applies
    /// (see [`crate::misere`]): the position is a sum of atoms, every move changes exactly one
    /// atom into one atom (never splitting it), and every reachable atom of value 0 that still
    /// has a move has a move to an atom of value 1. `None` (the default): unknown or false.
    fn sj_atoms(&mut self) -> Result<Option<Vec<Nimber>>, SolveError> {
        Ok(None)
    }

    /// When this position is a collection of heaps of a heap game: its rules and its heaps, so
    /// that misère play can decide sums of them by the game's misère quotient
    /// ([`crate::quotient`]). `None` (the default) for every other game.
    fn heap_rules(&self) -> Option<(&dyn crate::HeapRuleset, &[u64])> {
        None
    }

    /// The move of heap `heap` (an index into [`Component::heap_rules`]'s heaps) to the heaps
    /// `to`, as a report.
    fn heap_move(&self, heap: usize, to: &[u64]) -> Option<MoveReport> {
        let _ = (heap, to);
        None
    }

    /// The moves that change atom `atom` (an index into [`Component::sj_atoms`]) into an atom
    /// of value `target`: the first `limit` pushed to `out`, all of them counted.
    fn atom_moves_to(
        &mut self,
        atom: usize,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        let _ = (atom, target, limit, out);
        Ok(0)
    }
}

/// A winning (or draw-keeping) move of a sum.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SumMove {
    /// The move in words.
    pub description: String,
    /// Index of the component moved in (0-based).
    pub component: usize,
    /// The move in that component as data (see [`MoveReport::fields`]).
    #[serde(rename = "move")]
    pub fields: Json,
    /// The whole position after the move; `null` (absent from JSON) when it has more than
    /// [`MOVE_POSITION_LIMIT`] parts.
    #[serde(skip_serializing_if = "Json::is_null")]
    pub position: Json,
}

/// The verdict on a sum of components.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Who wins.
    pub outcome: Outcome,
    /// Each component's value; empty for a lone component decided by its outcome hint whose
    /// value is unknown.
    pub values: Vec<Value>,
    /// The value of the whole sum, if it is finite.
    pub grundy: Option<Nimber>,
    /// The moves to a P-position (at most the limit given to [`analyse`]).
    pub winning_moves: Vec<SumMove>,
    /// How many moves to a P-position there are in all. Counts saturate: [`COUNT_SATURATED`]
    /// means at least that many ([`Analysis::total_is_bound`]). 0 and meaningless when the moves
    /// were not looked for or could not be listed (see [`Analysis::winning_moves_count`]).
    pub winning_moves_total: usize,
    /// Whether the moves were looked for: `false` from [`analyse_value`], which leaves
    /// `winning_moves` and `drawing_moves` empty and `winning_moves_total` 0, and from
    /// [`analyse_outcome`], which lists at most the one move that settled its search.
    pub moves_searched: bool,
    /// Whether an outcome-only search decided ([`analyse_outcome`]): `grundy` is `None` and
    /// `values` empty, and `winning_moves` holds, when the outcome is N, the one move that settled
    /// the search; how many winning moves there are is not known.
    pub outcome_search: bool,
    /// Why the winning moves were looked for but neither listed nor counted: a component's
    /// [`Component::moves_to`] answered [`SolveError::TooLarge`] (too many moves, or too many
    /// options to look through), in its own words. The outcome and values stand;
    /// `winning_moves` is empty. [`Analysis::moves_note`] says it in a sentence.
    pub moves_unlisted: Option<String>,
    /// In a drawn sum, the moves that keep a draw available (to positions that are not N), in the
    /// components that list their moves with values ([`Component::moves_with_values`]: the loopy
    /// ones). Moves in components with a finite value are not listed: whether one keeps the draw
    /// depends only on the value it reaches, but such a component cannot enumerate its moves.
    pub drawing_moves: Vec<SumMove>,
}

/// A count of moves that reached this has saturated: there are at least this many.
/// ([`Component::moves_to`] counts saturate, e.g. Moore's Nim's, past 64 bits.)
pub const COUNT_SATURATED: usize = usize::MAX;

impl Analysis {
    /// How many winning moves there are: `None` when they were not looked for
    /// ([`analyse_value`]) or could not be counted ([`Analysis::moves_unlisted`]).
    pub fn winning_moves_count(&self) -> Option<usize> {
        (self.moves_searched && self.moves_unlisted.is_none()).then_some(self.winning_moves_total)
    }

    /// Whether [`Analysis::winning_moves_total`] is only a lower bound: the count saturated at
    /// [`COUNT_SATURATED`].
    pub fn total_is_bound(&self) -> bool {
        self.winning_moves_count() == Some(COUNT_SATURATED)
    }

    /// Why the winning moves are not listed, in one sentence, when they were looked for but a
    /// component could not list them ([`Analysis::moves_unlisted`]).
    pub fn moves_note(&self) -> Option<String> {
        self.moves_unlisted.as_ref().map(|why| {
            format!("the winning moves are not listed and how many there are is not known: {why}")
        })
    }
}

/// The moves of component `i` to positions of value `target`, the first `limit` pushed to `out`:
/// `Ok(Err(why))` when the component answers [`SolveError::TooLarge`] (its moves are too many, or
/// too costly, to list), which leaves the verdict standing; any other error is the analysis's.
fn component_moves(
    component: &mut Box<dyn Component>,
    target: Nimber,
    limit: usize,
    out: &mut Vec<MoveReport>,
) -> Result<Result<usize, String>, SolveError> {
    match component.moves_to(target, limit, out) {
        Ok(n) => Ok(Ok(n)),
        Err(SolveError::TooLarge(why)) => {
            out.clear();
            Ok(Err(why))
        }
        Err(e) => Err(e),
    }
}

/// The whole position of a sum: a single component's own notation, or the list of them.
pub fn sum_position(components: &[Box<dyn Component>]) -> Json {
    if components.len() == 1 {
        components[0].position()
    } else {
        Json::Array(components.iter().map(|c| c.position()).collect())
    }
}

/// A move of component `i` as a move of the whole sum.
pub(crate) fn lift(components: &[Box<dyn Component>], i: usize, m: MoveReport) -> SumMove {
    if components.len() == 1 {
        return SumMove {
            component: 0,
            description: m.description,
            fields: m.fields,
            position: m.position,
        };
    }
    let position = if m.position.is_null() || components.len() > MOVE_POSITION_LIMIT {
        Json::Null
    } else {
        let mut all: Vec<Json> = components.iter().map(|c| c.position()).collect();
        all[i] = m.position;
        Json::Array(all)
    };
    SumMove {
        component: i,
        description: format!(
            "in component {} ({}): {}",
            i + 1,
            components[i].game(),
            m.description
        ),
        fields: m.fields,
        position,
    }
}

/// Decides a sum of components: outcome, values and the winning moves (the first `limit` of them
/// listed, all of them counted).
///
/// ```
/// use grundy_core::{analyse, Component, MoveReport, Nimber, Outcome, SolveError, Value};
///
/// /// A bare Nim heap.
/// struct Heap(u64);
/// impl Component for Heap {
///     fn game(&self) -> String { "heap".into() }
///     fn position(&self) -> serde_json::Value { self.0.into() }
///     fn value(&mut self) -> Result<Value, SolveError> { Ok(Value::Finite(Nimber(self.0))) }
///     fn moves_to(&mut self, t: Nimber, limit: usize, out: &mut Vec<MoveReport>)
///         -> Result<usize, SolveError> {
///         if t.0 >= self.0 { return Ok(0); }
///         if limit > 0 {
///             out.push(MoveReport::generic(format!("{} -> {}", self.0, t.0), t.0.into()));
///         }
///         Ok(1)
///     }
/// }
///
/// let mut sum: Vec<Box<dyn Component>> = vec![Box::new(Heap(3)), Box::new(Heap(4)), Box::new(Heap(5))];
/// let a = analyse(&mut sum, 100).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.grundy, Some(Nimber(2)));
/// assert_eq!(a.winning_moves.len(), 1);
/// assert_eq!(a.winning_moves[0].position, serde_json::json!([1, 4, 5]));
/// ```
pub fn analyse(
    components: &mut [Box<dyn Component>],
    limit: usize,
) -> Result<Analysis, SolveError> {
    analyse_sum(components, Some(limit))
}

/// The outcome and values of a sum alone, without looking for its winning moves: for a hard
/// single game (Cram, Chomp) every winning move is a search of its own, often longer than the
/// value's. [`Analysis::moves_searched`] is `false`.
pub fn analyse_value(components: &mut [Box<dyn Component>]) -> Result<Analysis, SolveError> {
    analyse_sum(components, None)
}

/// Who wins, by an outcome-only search where one can answer ([`Component::outcome_search`]: a
/// lone component that is not a sum), stopping at the first winning move: far faster than the
/// value when the player to move wins, since a P-option ends the search. The [`Analysis`] then
/// has no value (`grundy` `None`, `values` empty), lists the one move that settled the search
/// as its winning move (with N) and says that the moves were not counted
/// ([`Analysis::outcome_search`]). Everywhere else (sums of several components, loopy games,
/// games a theorem decides) it is [`analyse_value`]'s verdict: the values are needed anyway.
pub fn analyse_outcome(components: &mut [Box<dyn Component>]) -> Result<Analysis, SolveError> {
    if components.len() == 1 {
        match components[0].outcome_search() {
            Ok(Some((outcome, settling))) => {
                let winning_moves = settling
                    .into_iter()
                    .map(|m| lift(components, 0, m))
                    .collect();
                return Ok(Analysis {
                    outcome,
                    values: Vec::new(),
                    grundy: None,
                    winning_moves,
                    winning_moves_total: 0,
                    moves_searched: false,
                    outcome_search: true,
                    moves_unlisted: None,
                    drawing_moves: Vec::new(),
                });
            }
            Ok(None) | Err(SolveError::Cycle) => {}
            Err(e) => return Err(e),
        }
    }
    analyse_value(components)
}

/// [`analyse`], or with `limit` `None` [`analyse_value`].
fn analyse_sum(
    components: &mut [Box<dyn Component>],
    limit: Option<usize>,
) -> Result<Analysis, SolveError> {
    // A single component that knows its outcome without a value (a non-sum game, or a game whose
    // values are only known for small positions, such as Wythoff's): the value is not needed, so
    // `values` is left empty when it cannot be computed.
    if components.len() == 1 {
        if let Some(outcome) = components[0].outcome_hint()? {
            let values: Vec<Value> = components[0].value().ok().into_iter().collect();
            let mut reports = Vec::new();
            let mut total = 0;
            let mut moves_unlisted = None;
            if let (Outcome::N, Some(limit)) = (outcome, limit) {
                match component_moves(&mut components[0], Nimber::ZERO, limit, &mut reports)? {
                    Ok(n) => total = n,
                    Err(why) => moves_unlisted = Some(why),
                }
            }
            let winning_moves = reports
                .into_iter()
                .map(|m| lift(components, 0, m))
                .collect();
            let grundy = values.first().and_then(Value::finite);
            return Ok(Analysis {
                outcome,
                grundy,
                values,
                winning_moves,
                winning_moves_total: total,
                moves_searched: limit.is_some(),
                outcome_search: false,
                moves_unlisted,
                drawing_moves: Vec::new(),
            });
        }
    }
    let mut values = Vec::with_capacity(components.len());
    for c in components.iter_mut() {
        values.push(c.value()?);
    }
    let outcome = classify(&values);
    let finite_sum: Nimber = values.iter().filter_map(Value::finite).sum();
    let mut winning_moves = Vec::new();
    let mut winning_moves_total: usize = 0;
    let mut moves_unlisted = None;
    let mut drawing_moves = Vec::new();
    let mut reports = Vec::new();
    match (outcome, limit) {
        (_, None) | (Outcome::P, _) => {}
        (Outcome::N, Some(limit)) => {
            for i in 0..components.len() {
                // A winning move leaves every component finite with XOR 0, so it must move a
                // component whose value is the only one that is not yet right.
                let others_infinite = values
                    .iter()
                    .enumerate()
                    .any(|(j, v)| j != i && v.finite().is_none());
                if others_infinite {
                    continue;
                }
                let target = match &values[i] {
                    Value::Finite(g) => *g + finite_sum,
                    Value::Infinite(_) => finite_sum,
                };
                reports.clear();
                let room = limit.saturating_sub(winning_moves.len());
                match component_moves(&mut components[i], target, room, &mut reports)? {
                    // Counts saturate (`COUNT_SATURATED`): each component's, and their sum.
                    Ok(n) => winning_moves_total = winning_moves_total.saturating_add(n),
                    Err(why) => {
                        // One component's moves unknown: the list and the count would mislead.
                        winning_moves.clear();
                        winning_moves_total = 0;
                        moves_unlisted = Some(why);
                        break;
                    }
                }
                for m in reports.drain(..) {
                    winning_moves.push(lift(components, i, m));
                }
            }
        }
        (Outcome::D, Some(_)) => {
            for i in 0..components.len() {
                let Some(moves) = components[i].moves_with_values()? else {
                    continue;
                };
                let mut after = values.clone();
                for (m, v) in moves {
                    after[i] = v;
                    if classify(&after) == Outcome::D {
                        drawing_moves.push(lift(components, i, m));
                    }
                }
            }
        }
    }
    let grundy = if values.iter().all(|v| v.finite().is_some()) {
        Some(finite_sum)
    } else {
        None
    };
    Ok(Analysis {
        outcome,
        values,
        grundy,
        winning_moves,
        winning_moves_total,
        moves_searched: limit.is_some(),
        outcome_search: false,
        moves_unlisted,
        drawing_moves,
    })
}

/// The outcome of a sum from its components' values, by Smith's rule: P if every value is finite
/// and their XOR is 0; N if every value is finite with XOR not 0, or exactly one is ∞(K) and the
/// XOR of the others lies in K; D otherwise.
///
/// ```
/// use grundy_core::{classify, Nimber, Outcome, Value};
/// let inf = Value::Infinite(vec![Nimber(0), Nimber(2)]);
/// assert_eq!(classify(&[Value::Finite(Nimber(2)), inf.clone()]), Outcome::N);
/// assert_eq!(classify(&[Value::Finite(Nimber(1)), inf.clone()]), Outcome::D);
/// assert_eq!(classify(&[inf.clone(), inf]), Outcome::D);
/// ```
pub fn classify(values: &[Value]) -> Outcome {
    let finite_sum: Nimber = values.iter().filter_map(Value::finite).sum();
    let mut infinite = values.iter().filter_map(|v| match v {
        Value::Infinite(k) => Some(k),
        Value::Finite(_) => None,
    });
    match (infinite.next(), infinite.next()) {
        (None, _) => Outcome::of(finite_sum),
        (Some(k), None) if k.contains(&finite_sum) => Outcome::N,
        _ => Outcome::D,
    }
}

/// The normal-play values of a sum, reported for information under the other conventions
/// (misère, Every-SG): `None` when some component has none (the convention still decides).
pub(crate) fn normal_values(
    components: &mut [Box<dyn Component>],
) -> (Option<Vec<Value>>, Option<Nimber>) {
    let mut values = Vec::with_capacity(components.len());
    for c in components.iter_mut() {
        match c.value() {
            Ok(v) => values.push(v),
            Err(_) => return (None, None),
        }
    }
    let grundy = values.iter().map(Value::finite).sum::<Option<Nimber>>();
    (Some(values), grundy)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game that knows who wins but not its value (as a huge Wythoff position).
    struct OutcomeOnly;
    impl Component for OutcomeOnly {
        fn game(&self) -> String {
            "outcome-only".into()
        }
        fn position(&self) -> Json {
            Json::Null
        }
        fn value(&mut self) -> Result<Value, SolveError> {
            Err(SolveError::TooLarge("no value".into()))
        }
        fn moves_to(
            &mut self,
            target: Nimber,
            limit: usize,
            out: &mut Vec<MoveReport>,
        ) -> Result<usize, SolveError> {
            assert!(target.is_zero(), "only winning moves are asked for");
            if limit > 0 {
                out.push(MoveReport::generic("win".into(), Json::Null));
            }
            Ok(1)
        }
        fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
            Ok(Some(Outcome::N))
        }
    }

    #[test]
    fn a_lone_component_is_decided_without_its_value() {
        let mut alone: Vec<Box<dyn Component>> = vec![Box::new(OutcomeOnly)];
        let a = analyse(&mut alone, 10).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert!(a.values.is_empty() && a.grundy.is_none());
        assert_eq!(a.winning_moves_total, 1);
    }

    /// A heap of value `value` whose moves to each value are `count` many, or too many to list
    /// (`None`).
    struct Counted {
        value: u64,
        count: Option<usize>,
    }
    impl Component for Counted {
        fn game(&self) -> String {
            "counted".into()
        }
        fn position(&self) -> Json {
            Json::from(self.value)
        }
        fn value(&mut self) -> Result<Value, SolveError> {
            Ok(Value::Finite(Nimber(self.value)))
        }
        fn moves_to(
            &mut self,
            _: Nimber,
            limit: usize,
            out: &mut Vec<MoveReport>,
        ) -> Result<usize, SolveError> {
            if limit > 0 {
                out.push(MoveReport::generic("move".into(), Json::Null));
            }
            self.count
                .ok_or_else(|| SolveError::TooLarge("counted: too many to list".into()))
        }
    }

    fn counted(value: u64, count: Option<usize>) -> Box<dyn Component> {
        Box::new(Counted { value, count })
    }

    #[test]
    fn moves_too_many_to_list_leave_the_verdict_standing() {
        let mut sum = vec![counted(1, Some(2)), counted(2, None), counted(4, Some(1))];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(7))));
        assert!(a.winning_moves.is_empty());
        assert_eq!(a.winning_moves_count(), None);
        assert_eq!(
            a.moves_unlisted.as_deref(),
            Some("counted: too many to list")
        );
        assert!(a.moves_note().unwrap().contains("not listed"));
        assert!(!a.total_is_bound());
        // The same for a lone component decided by its outcome hint.
        struct Hinted;
        impl Component for Hinted {
            fn game(&self) -> String {
                "hinted".into()
            }
            fn position(&self) -> Json {
                Json::Null
            }
            fn value(&mut self) -> Result<Value, SolveError> {
                Ok(Value::Finite(Nimber(3)))
            }
            fn moves_to(
                &mut self,
                _: Nimber,
                _: usize,
                _: &mut Vec<MoveReport>,
            ) -> Result<usize, SolveError> {
                Err(SolveError::TooLarge("hinted: too many".into()))
            }
            fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
                Ok(Some(Outcome::N))
            }
        }
        let mut alone: Vec<Box<dyn Component>> = vec![Box::new(Hinted)];
        let a = analyse(&mut alone, 10).unwrap();
        assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(3))));
        assert_eq!(a.moves_unlisted.as_deref(), Some("hinted: too many"));
        // Other errors are still the analysis's.
        let mut sum = vec![counted(1, Some(1)), counted(1, Some(1))];
        assert!(analyse(&mut sum, 10).unwrap().moves_unlisted.is_none());
    }

    #[test]
    fn saturated_counts_add_up_to_a_bound() {
        let mut sum = vec![
            counted(1, Some(COUNT_SATURATED)),
            counted(2, Some(COUNT_SATURATED)),
            counted(4, Some(5)),
        ];
        let a = analyse(&mut sum, 2).unwrap();
        assert_eq!(a.winning_moves_count(), Some(COUNT_SATURATED));
        assert!(a.total_is_bound());
        assert_eq!(a.winning_moves.len(), 2);
        let mut sum = vec![counted(1, Some(3)), counted(2, Some(4))];
        let a = analyse(&mut sum, 2).unwrap();
        assert_eq!(a.winning_moves_count(), Some(7));
        assert!(!a.total_is_bound());
        assert_eq!(a.moves_note(), None);
        // Not looked for: no count, no bound.
        let a = analyse_value(&mut sum).unwrap();
        assert_eq!(a.winning_moves_count(), None);
        assert!(!a.total_is_bound());
    }

    #[test]
    fn in_a_sum_the_missing_value_is_an_error() {
        let mut sum: Vec<Box<dyn Component>> = vec![Box::new(OutcomeOnly), Box::new(OutcomeOnly)];
        assert_eq!(
            analyse(&mut sum, 10).unwrap_err(),
            SolveError::TooLarge("no value".into())
        );
    }
}
