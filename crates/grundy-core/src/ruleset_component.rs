//! The one generic component: any [`Game`] in a sum, with every command.
//!
//! [`RulesetComponent`] turns a position of a [`Game`] into a [`Component`]. Theorems answer
//! first — [`crate::Ruleset::closed_form`] for the value, [`Game::outcome`] for who wins,
//! [`Game::options_to`] for the moves to a value — and a search answers the rest: the memoizing
//! [`Solver`] (capped at [`crate::limits::Limits::solver_cap`] positions), and when the moves can come
//! back to a position already on the path, the loopy analysis of every position reached
//! (retrograde analysis and the generalized Sprague–Grundy function, as for `graph:` games). Its
//! game tree ([`Component::explore`]) is the game's own options, so play, misère play and
//! Every-SG work for every game without a line of their own.

use rustc_hash::FxHashMap;
use serde_json::Value as Json;

use crate::explore::RulesetNode;
use crate::limits::Limits;
use crate::outcome_search::OutcomeSearch;
use crate::{
    Component, Explore, Game, Graph, GraphAnalysis, Key, MoveReport, Nimber, Outcome, SolveError,
    Solver, Value,
};

/// A position of a [`Game`] as a component of a sum.
pub struct RulesetComponent<G: Game> {
    solver: Solver<G>,
    position: G::Position,
    /// Every position reached, solved as a loopy game, once the solver met a cycle.
    loopy: Option<Loopy>,
}

/// The positions reachable from the root as an explicit graph, solved with draws.
struct Loopy {
    ids: FxHashMap<Key, u32>,
    graph: Graph,
    analysis: GraphAnalysis,
}

impl<G: Game> RulesetComponent<G> {
    /// The position `position` of `game`.
    pub fn new(game: G, position: G::Position) -> Self {
        RulesetComponent {
            solver: Solver::new(game),
            position,
            loopy: None,
        }
    }

    /// The same, boxed as a [`Component`].
    pub fn boxed(game: G, position: G::Position) -> Box<dyn Component>
    where
        G: 'static,
    {
        Box::new(Self::new(game, position))
    }

    fn rules(&self) -> &G {
        self.solver.ruleset()
    }

    /// The value of `p` (an option of the root, or the root): a theorem, else the solver, else
    /// (the game has a cycle) the loopy analysis of everything reachable from the root, which holds
    /// every option of the root.
    fn value_of(&mut self, p: &G::Position) -> Result<Value, SolveError> {
        if let Some(g) = self.rules().closed_form(p) {
            return Ok(Value::Finite(g));
        }
        if self.loopy.is_none() {
            self.rules().solvable(p)?;
            match self.solver.grundy(p) {
                Ok(g) => return Ok(Value::Finite(g)),
                Err(SolveError::Cycle) => self.loopy = Some(self.explore_loopy()?),
                Err(e) => return Err(e),
            }
        }
        let loopy = self.loopy.as_ref().expect("built above");
        let v = loopy.ids[&self.rules().key(p)];
        Ok(loopy.analysis.value(&loopy.graph, v))
    }

    /// Every position reachable from the root, as a graph solved with draws.
    fn explore_loopy(&self) -> Result<Loopy, SolveError> {
        let rules = self.rules();
        let limits = self.solver.limits();
        let cap = limits.positions;
        let mut ids: FxHashMap<Key, u32> = FxHashMap::default();
        let mut positions = vec![self.position.clone()];
        ids.insert(rules.key(&self.position), 0);
        let mut edges = Vec::new();
        let mut options = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            rules.searchable(&positions[next])?;
            options.clear();
            rules.options(&positions[next], &mut options);
            rules.fault()?;
            for q in options.drain(..) {
                let fresh = positions.len() as u32;
                let id = *ids.entry(rules.key(&q)).or_insert(fresh);
                if id == fresh {
                    if positions.len() >= cap {
                        return Err(SolveError::PositionCap {
                            what: rules.name(),
                            cap,
                        });
                    }
                    limits.check_memory(positions.len(), || rules.name())?;
                    positions.push(q);
                }
                edges.push((next as u32, id));
            }
            next += 1;
        }
        let graph = Graph::from_edges(positions.len(), &edges);
        let analysis = GraphAnalysis::new(&graph);
        Ok(Loopy {
            ids,
            graph,
            analysis,
        })
    }

    fn report(&self, to: &G::Position) -> MoveReport {
        MoveReport {
            description: self.rules().describe(&self.position, to),
            fields: self.rules().move_fields(&self.position, to),
            position: self.rules().show(to),
        }
    }

    /// The root's options, after checking that it may be searched.
    fn options(&self) -> Result<Vec<G::Position>, SolveError> {
        self.rules().searchable(&self.position)?;
        let mut options = Vec::new();
        self.rules().options(&self.position, &mut options);
        self.rules().fault()?;
        Ok(options)
    }
}

impl<G: Game> Component for RulesetComponent<G> {
    fn game(&self) -> String {
        self.rules().name()
    }

    fn known_value(&self) -> Option<Nimber> {
        self.rules().theorem_value(&self.position)
    }

    fn position(&self) -> Json {
        self.rules().show(&self.position)
    }

    fn limit(&mut self, limits: Limits) {
        self.solver.set_limits(limits);
    }

    fn value(&mut self) -> Result<Value, SolveError> {
        let p = self.position.clone();
        if self.rules().closed_form(&p).is_none() && self.rules().solvable(&p).is_ok() {
            self.rules().prepare(&p);
        }
        self.value_of(&p)
    }

    fn outcome_hint(&mut self) -> Result<Option<Outcome>, SolveError> {
        Ok(self.rules().outcome(&self.position))
    }

    fn outcome_search(&mut self) -> Result<Option<(Outcome, Option<MoveReport>)>, SolveError> {
        let p = self.position.clone();
        let rules = self.rules();
        // A theorem or a value at hand answers at once (but not a closed form that is work:
        // a script's line of heaps valued up to this one is the full valuation this search
        // means to avoid); a game that refuses a search says so when it is valued; a sum is
        // decided by its value anyway; a loopy game is known to be one.
        let mut parts = Vec::new();
        if (rules.components(&p, &mut parts) && parts.len() > 1)
            || rules.cheap_value(&p).is_some()
            || rules.outcome(&p).is_some()
            || rules.solvable(&p).is_err()
            || self.loopy.is_some()
        {
            return Ok(None);
        }
        // No work ahead ([`crate::Ruleset::prepare`]): it would list the whole tree, which this
        // search means to leave mostly unseen.
        let cap = self.solver.limits().solver_cap();
        match OutcomeSearch::with_cap(cap).decide(&mut self.solver, &p) {
            Ok(d) => Ok(Some((d.outcome, d.winning_move.map(|q| self.report(&q))))),
            Err(SolveError::Cycle) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn moves_to(
        &mut self,
        target: Nimber,
        limit: usize,
        out: &mut Vec<MoveReport>,
    ) -> Result<usize, SolveError> {
        if let Some(found) = self.rules().options_to(&self.position, target, limit) {
            let (first, total) = found?;
            out.extend(first.iter().take(limit).map(|q| self.report(q)));
            return Ok(total);
        }
        let mut found = Vec::new();
        for q in self.options()? {
            if self.value_of(&q)? == Value::Finite(target) {
                found.push(q);
            }
        }
        // With cycles, a move to a value-0 position may lead back round a cycle: it keeps the
        // win but never ends the game. The nearest end first (the loopy analysis's remoteness),
        // so that a player who follows the first winning move wins.
        if let Some(loopy) = &self.loopy {
            let rules = self.solver.ruleset();
            found.sort_by_key(|q| {
                let v = loopy.ids[&rules.key(q)];
                loopy.analysis.remoteness(v).unwrap_or(u32::MAX)
            });
        }
        let total = found.len();
        out.extend(found.iter().take(limit).map(|q| self.report(q)));
        Ok(total)
    }

    fn moves_with_values(&mut self) -> Result<Option<Vec<(MoveReport, Value)>>, SolveError> {
        if self.loopy.is_none() {
            return Ok(None);
        }
        let mut moves = Vec::new();
        for q in self.options()? {
            let v = self.value_of(&q)?;
            moves.push((self.report(&q), v));
        }
        Ok(Some(moves))
    }

    fn note(&self) -> Option<String> {
        self.rules().note(&self.position)
    }

    fn figure(&self) -> Option<Json> {
        self.rules().figure()
    }

    fn sum_parts(&self, position: &Json) -> Option<Vec<Json>> {
        self.rules().sum_parts(position)
    }

    fn option_count(&self) -> Option<u64> {
        self.rules().option_count(&self.position)
    }

    fn explore(&self) -> Option<Box<dyn Explore<'_> + '_>> {
        Some(Box::new(RulesetNode::new(
            self.rules(),
            self.position.clone(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyse, classify, Ruleset};

    /// A cycle 0 -> 1 -> 0 with an exit 1 -> 2 (a sink), and 3 -> 0.
    struct Loop;
    impl Ruleset for Loop {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            match p {
                0 => out.push(1),
                1 => out.extend([0, 2]),
                3 => out.push(0),
                _ => {}
            }
        }
    }
    impl Game for Loop {
        fn name(&self) -> String {
            "loop".into()
        }
        fn show(&self, p: &u8) -> Json {
            (*p).into()
        }
        fn describe(&self, from: &u8, to: &u8) -> String {
            format!("{from} -> {to}")
        }
    }

    #[test]
    fn a_game_with_a_cycle_is_solved_as_a_loopy_game() {
        // The same graph as `loopy`'s doctest: 2 is P, 1 is N (to the sink), 0 is P.
        let mut c = RulesetComponent::new(Loop, 0);
        assert_eq!(c.value().unwrap(), Value::Finite(Nimber(0)));
        let mut c = RulesetComponent::new(Loop, 1);
        assert_eq!(c.value().unwrap(), Value::Finite(Nimber(1)));
        let mut sum = vec![RulesetComponent::boxed(Loop, 1)];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        // Both options are P: 2 has no move, 0's only move goes to the N-position 1.
        assert_eq!(a.winning_moves_total, 2);
    }

    /// 0 <-> 1 and nothing else: a draw.
    struct Draw;
    impl Ruleset for Draw {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }
    impl Game for Draw {
        fn name(&self) -> String {
            "draw".into()
        }
        fn show(&self, p: &u8) -> Json {
            (*p).into()
        }
        fn describe(&self, from: &u8, to: &u8) -> String {
            format!("{from} -> {to}")
        }
    }

    #[test]
    fn an_outcome_search_falls_back_to_the_value_when_it_meets_a_cycle() {
        use crate::analyse_outcome;
        // From 0 the search meets 0 again at once: the loopy analysis decides, a draw.
        let mut sum = vec![RulesetComponent::boxed(Draw, 0)];
        let a = analyse_outcome(&mut sum).unwrap();
        assert!(!a.outcome_search);
        assert_eq!((a.outcome, a.values.len()), (Outcome::D, 1));
        // A loopy game whose win is proved without coming round the cycle is decided by the
        // search (a proof of a win or a loss is finite, so it holds in a loopy game too): from 3
        // the only move, to 0, is P, since 0's only move reaches 1, which moves to the sink 2.
        let mut sum = vec![RulesetComponent::boxed(Loop, 3)];
        let a = analyse_outcome(&mut sum).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].description, "3 -> 0");
    }

    #[test]
    fn an_outcome_search_names_the_move_that_settled_it() {
        use crate::analyse_outcome;
        /// Take 1 or 2 from a heap: n is P iff 3 divides it.
        struct OneOrTwo;
        impl Ruleset for OneOrTwo {
            type Position = u64;
            fn options(&self, n: &u64, out: &mut Vec<u64>) {
                out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
            }
        }
        impl Game for OneOrTwo {
            fn name(&self) -> String {
                "one-or-two".into()
            }
            fn show(&self, n: &u64) -> Json {
                (*n).into()
            }
            fn describe(&self, from: &u64, to: &u64) -> String {
                format!("take {}", from - to)
            }
        }
        let mut sum = vec![RulesetComponent::boxed(OneOrTwo, 100)];
        let a = analyse_outcome(&mut sum).unwrap();
        assert!(a.outcome_search);
        assert_eq!((a.outcome, a.grundy), (Outcome::N, None));
        assert!(a.values.is_empty());
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].description, "take 1");
        // The count is not known: one move settled the search, others were not looked for.
        assert_eq!(a.winning_moves_count(), None);
        let mut sum = vec![RulesetComponent::boxed(OneOrTwo, 99)];
        let a = analyse_outcome(&mut sum).unwrap();
        assert_eq!((a.outcome, a.winning_moves.len()), (Outcome::P, 0));
        // A sum of two is valued: the value is needed anyway.
        let mut sum = vec![
            RulesetComponent::boxed(OneOrTwo, 4),
            RulesetComponent::boxed(OneOrTwo, 5),
        ];
        let a = analyse_outcome(&mut sum).unwrap();
        assert!(!a.outcome_search);
        assert_eq!((a.outcome, a.grundy), (Outcome::N, Some(Nimber(3))));
    }

    #[test]
    fn a_draw_keeps_its_drawing_moves() {
        let mut sum = vec![RulesetComponent::boxed(Draw, 0)];
        let a = analyse(&mut sum, 10).unwrap();
        assert_eq!(a.outcome, Outcome::D);
        assert_eq!(classify(&a.values), Outcome::D);
        assert_eq!(a.drawing_moves.len(), 1);
    }

    #[test]
    fn misere_play_of_a_loopy_game_has_draws() {
        use crate::misere::analyse_misere;
        // Misère: 2 has no move, so it wins for the player to move; from 1, moving to 2 hands
        // the opponent that win, so both players circle 0 <-> 1 for ever.
        let mut sum = vec![RulesetComponent::boxed(Loop, 1)];
        let a = analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::D);
        assert_eq!(a.drawing_moves.len(), 1);
        assert_eq!(a.drawing_moves[0].description, "1 -> 0");
        // From 3 (whose one move leads into the cycle) too.
        let mut sum = vec![RulesetComponent::boxed(Loop, 3)];
        assert_eq!(
            analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT)
                .unwrap()
                .outcome,
            Outcome::D
        );
        // In a sum with a misère-winning Nim-like terminal choice it is still decided.
        let mut sum = vec![RulesetComponent::boxed(Loop, 2)];
        assert_eq!(
            analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT)
                .unwrap()
                .outcome,
            Outcome::N
        );
    }

    /// 0 -> {1, 2}; 1 -> 3 (no move); 2 <-> 4, a cycle.
    struct Fork;
    impl Ruleset for Fork {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            match p {
                0 => out.extend([1, 2]),
                1 => out.push(3),
                2 => out.push(4),
                4 => out.push(2),
                _ => {}
            }
        }
    }
    impl Game for Fork {
        fn name(&self) -> String {
            "fork".into()
        }
        fn show(&self, p: &u8) -> Json {
            (*p).into()
        }
        fn describe(&self, from: &u8, to: &u8) -> String {
            format!("{from} -> {to}")
        }
    }

    #[test]
    fn a_cycle_met_only_among_the_moves_is_still_decided() {
        use crate::misere::analyse_misere;
        // Misère: from 1 the only move hands the opponent 3, where having no move wins; so 0 wins
        // by moving to 1, which a search finds before it meets the cycle behind 2.
        let mut sum = vec![RulesetComponent::boxed(Fork, 0)];
        let a = analyse_misere(&mut sum, 10, &crate::limits::Limits::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves_total, 1);
        assert_eq!(a.winning_moves[0].description, "0 -> 1");
    }

    #[test]
    fn the_position_cap_stops_the_search() {
        struct Long;
        impl Ruleset for Long {
            type Position = u64;
            fn options(&self, p: &u64, out: &mut Vec<u64>) {
                if *p > 0 {
                    out.push(p - 1);
                }
            }
        }
        impl Game for Long {
            fn name(&self) -> String {
                "long".into()
            }
            fn show(&self, p: &u64) -> Json {
                (*p).into()
            }
            fn describe(&self, _: &u64, _: &u64) -> String {
                String::new()
            }
        }
        let mut c = RulesetComponent {
            solver: Solver::with_cap(Long, 100),
            position: 1000,
            loopy: None,
        };
        // A line of play of 1000 moves is longer than the solver's path may grow.
        assert!(matches!(
            c.value(),
            Err(SolveError::PositionCap { cap: 10, .. })
        ));
    }
}
