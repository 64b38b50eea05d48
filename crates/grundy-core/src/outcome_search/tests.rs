use super::*;
use crate::BruteForce;
use proptest::prelude::*;

/// A random acyclic game on the vertices `0..n`, each with a twin `v + n` of the same moves
/// (its canonical form is `v`). A position is a sorted list of vertices, a sum of them when
/// there are two or more; a move changes one vertex into one or two smaller ones.
#[derive(Debug, Clone)]
struct Dag {
    /// `moves[v]`: the options of vertex `v`, each one or two vertices.
    moves: Vec<Vec<Vec<u8>>>,
}

impl Dag {
    fn n(&self) -> u8 {
        self.moves.len() as u8
    }
}

impl Ruleset for Dag {
    type Position = Vec<u8>;
    fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for (i, &v) in p.iter().enumerate() {
            for to in &self.moves[usize::from(v % self.n())] {
                let mut q = p.clone();
                q.remove(i);
                q.extend(to);
                q.sort_unstable();
                out.push(q);
            }
        }
    }
    fn components(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> bool {
        match p.as_slice() {
            [v] if *v >= self.n() => out.push(vec![v - self.n()]),
            [] | [_] => return false,
            _ => out.extend(p.iter().map(|&v| vec![v])),
        }
        true
    }
}

fn dag() -> impl Strategy<Value = Dag> {
    (1usize..14).prop_flat_map(|n| {
        let vertex = |v: usize| {
            let smaller = 0..(2 * v.max(1)) as u8;
            let to = prop::collection::vec(smaller, 1..=2);
            prop::collection::vec(to, 0..5)
        };
        (0..n)
            .map(vertex)
            .collect::<Vec<_>>()
            .prop_map(move |mut moves| {
                // Vertex 0 has no move; the others move to smaller vertices (or their twins).
                moves[0].clear();
                for (v, options) in moves.iter_mut().enumerate() {
                    for to in options.iter_mut() {
                        for t in to.iter_mut() {
                            let w = *t as usize % v.max(1);
                            *t = (w + if *t as usize >= v { n } else { 0 }) as u8;
                        }
                    }
                }
                Dag { moves }
            })
    })
}

/// The random game with a measure of its positions ([`Ruleset::position_size`]): random
/// weights of the vertices added up, so the options are tried in any order; a position with
/// the vertex `unmeasured` has no size, so some positions are ordered by counting instead.
#[derive(Debug, Clone)]
struct Measured {
    game: Dag,
    weights: Vec<u64>,
    unmeasured: u8,
}

impl Ruleset for Measured {
    type Position = Vec<u8>;
    fn options(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        self.game.options(p, out)
    }
    fn components(&self, p: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> bool {
        self.game.components(p, out)
    }
    fn position_size(&self, p: &Vec<u8>) -> Option<u64> {
        let n = self.game.n();
        (!p.iter().any(|&v| v % n == self.unmeasured % n))
            .then(|| p.iter().map(|&v| self.weights[usize::from(v % n)]).sum())
    }
}

fn measured() -> impl Strategy<Value = Measured> {
    (dag(), prop::collection::vec(0u64..20, 14), 0u8..20).prop_map(|(game, weights, unmeasured)| {
        Measured {
            game,
            weights,
            unmeasured,
        }
    })
}

/// Decides each of `roots` in `game` (of `n` vertices), and checks the outcome and the winning
/// move against the brute force.
fn agree_with_brute_force<R: Ruleset<Position = Vec<u8>> + Clone>(
    game: R,
    n: u8,
    roots: Vec<Vec<u8>>,
) -> Result<(), TestCaseError> {
    // Splits can make the sums' brute force explode (no decomposition): the rare games whose
    // proof passes the cap are rejected, not waited for.
    let mut brute = Solver::with_cap(BruteForce(game.clone()), 200_000);
    // One search answers several questions, as its table fills.
    let mut search = OutcomeSearch::new();
    let mut solver = Solver::new(game.clone());
    for mut root in roots {
        for v in root.iter_mut() {
            *v %= 2 * n;
        }
        root.sort_unstable();
        let expected = brute.outcome(&root);
        prop_assume!(expected.is_ok(), "the brute force passed its cap");
        let expected = expected.unwrap();
        let d = search.decide(&mut solver, &root).unwrap();
        prop_assert_eq!(d.outcome, expected, "{:?}", root);
        match d.winning_move {
            Some(q) => {
                let mut options = Vec::new();
                game.options(&root, &mut options);
                prop_assert!(options.contains(&q), "{:?} is no option of {:?}", q, root);
                prop_assert_eq!(brute.outcome(&q).unwrap(), Outcome::P);
            }
            None => prop_assert_eq!(expected, Outcome::P),
        }
        // A fresh search with a solver that knows nothing agrees too.
        let fresh = OutcomeSearch::new().decide(&mut Solver::new(game.clone()), &root);
        prop_assert_eq!(fresh.unwrap().outcome, expected);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn outcomes_and_winning_moves_agree_with_brute_force(
        game in dag(),
        roots in prop::collection::vec(prop::collection::vec(0u8..26, 1..4), 1..6),
    ) {
        let n = game.n();
        agree_with_brute_force(game, n, roots)?;
    }

    #[test]
    fn options_ordered_by_their_size_give_the_same_answers(
        game in measured(),
        roots in prop::collection::vec(prop::collection::vec(0u8..26, 1..4), 1..6),
    ) {
        let n = game.game.n();
        agree_with_brute_force(game, n, roots)?;
    }
}

/// Take 1 or 2; the multiples of 3 are P.
struct OneOrTwo;
impl Ruleset for OneOrTwo {
    type Position = u64;
    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        out.extend((1..=2).filter(|&k| k <= *n).map(|k| n - k));
    }
    fn index(&self, n: &u64) -> Option<usize> {
        usize::try_from(*n).ok()
    }
}

#[test]
fn a_line_of_a_million_moves_does_not_overflow_the_stack() {
    let d = OutcomeSearch::new()
        .decide(&mut Solver::new(OneOrTwo), &1_000_000)
        .unwrap();
    assert_eq!(d.outcome, Outcome::N);
    assert_eq!(d.winning_move, Some(999_999));
    let d = OutcomeSearch::new()
        .decide(&mut Solver::new(OneOrTwo), &999_999)
        .unwrap();
    assert_eq!((d.outcome, d.winning_move), (Outcome::P, None));
}

#[test]
fn the_caps_stop_the_search() {
    let mut search = OutcomeSearch::with_cap(100);
    assert!(matches!(
        search.decide(&mut Solver::new(OneOrTwo), &10_000),
        Err(SolveError::PositionCap { cap: 10, .. })
    ));
    /// Leave at least a tenth: short lines, many positions.
    struct LeaveATenth;
    impl Ruleset for LeaveATenth {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.extend(n / 10..*n);
        }
    }
    let mut search = OutcomeSearch::with_cap(100);
    // Whether 3000 is P or N, the proof needs more than 100 positions.
    assert_eq!(
        search.decide(&mut Solver::new(LeaveATenth), &3000),
        Err(SolveError::TableFull { cap: 100 })
    );
}

#[test]
fn a_cycle_is_reported() {
    /// 0 -> 1 -> 2 -> 0, and 2 -> 3 with 3 -> 4 (no move): 2 is N by moving... to 3? No:
    /// 3 is N (it moves to 4, which is P), so deciding 0 must go round the cycle.
    struct Round;
    impl Ruleset for Round {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            match p {
                0 => out.push(1),
                1 => out.push(2),
                2 => out.extend([0, 3]),
                3 => out.push(4),
                _ => {}
            }
        }
    }
    assert_eq!(
        OutcomeSearch::new().decide(&mut Solver::new(Round), &0),
        Err(SolveError::Cycle)
    );
}

/// A random directed graph on `0..n`, cycles allowed: a token on a vertex, a move along an edge.
#[derive(Debug, Clone)]
struct Digraph {
    edges: Vec<Vec<u32>>,
    /// Whether [`Ruleset::terminal`] answers (for vertices with no edge, and some others).
    tells_terminal: bool,
}

impl Ruleset for Digraph {
    type Position = u32;
    fn options(&self, v: &u32, out: &mut Vec<u32>) {
        out.extend(&self.edges[*v as usize]);
    }
    fn terminal(&self, v: &u32) -> Option<bool> {
        (self.tells_terminal && v % 3 != 1).then(|| self.edges[*v as usize].is_empty())
    }
}

fn digraph() -> impl Strategy<Value = Digraph> {
    (2usize..16, any::<bool>()).prop_flat_map(|(n, tells_terminal)| {
        prop::collection::vec(prop::collection::vec(0..n as u32, 0..4), n).prop_map(move |edges| {
            Digraph {
                edges,
                tells_terminal,
            }
        })
    })
}

/// A search of `depth` df-pn levels and table `cap`, on `root` of `game`, against the brute
/// force; the caps may stop it, never make it answer wrongly.
fn agrees_at<R: Ruleset<Position = Vec<u8>> + Clone>(
    game: &R,
    root: &[u8],
    depth: usize,
    cap: usize,
) -> Result<(), TestCaseError> {
    let expected = Solver::with_cap(BruteForce(game.clone()), 200_000).outcome(&root.to_vec());
    prop_assume!(expected.is_ok(), "the brute force passed its cap");
    let mut search = OutcomeSearch::with_cap(cap).with_pn_depth(depth);
    match search.decide(&mut Solver::new(game.clone()), &root.to_vec()) {
        Ok(d) => prop_assert_eq!(d.outcome, expected.unwrap(), "depth {} cap {}", depth, cap),
        Err(SolveError::TableFull { .. } | SolveError::PositionCap { .. }) => {
            prop_assert!(cap < 200_000, "only a small table may fill")
        }
        Err(e) => prop_assert!(false, "{:?}", e),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// In a loopy game the search either meets a cycle it cannot settle (and says so) or
    /// answers as the loopy analysis does: a proof of a win or a loss is finite, so it holds
    /// whatever cycles the game has elsewhere.
    #[test]
    fn on_a_loopy_game_the_search_agrees_with_the_loopy_analysis_or_says_cycle(
        game in digraph(),
        root in 0u32..16,
    ) {
        let n = game.edges.len() as u32;
        let root = root % n;
        let edges: Vec<(u32, u32)> = game
            .edges
            .iter()
            .enumerate()
            .flat_map(|(v, to)| to.iter().map(move |&w| (v as u32, w)))
            .collect();
        let analysis = crate::loopy::GraphAnalysis::new(&crate::graph::Graph::from_edges(n as usize, &edges));
        for depth in [0, 1, PN_DEPTH] {
            let d = OutcomeSearch::new()
                .with_pn_depth(depth)
                .decide(&mut Solver::new(game.clone()), &root);
            match d {
                Ok(d) => {
                    prop_assert_eq!(d.outcome, analysis.outcome(root), "depth {}", depth);
                    if let Some(q) = d.winning_move {
                        prop_assert!(game.edges[root as usize].contains(&q));
                        prop_assert_eq!(analysis.outcome(q), Outcome::P);
                    }
                }
                Err(SolveError::Cycle) => {}
                Err(e) => prop_assert!(false, "{:?}", e),
            }
        }
    }

    /// Df-pn to any depth, or none, and a table small enough to be emptied of its numbers
    /// again and again, give the brute force's outcomes.
    #[test]
    fn every_depth_and_a_small_table_give_the_same_outcomes(
        game in dag(),
        root in prop::collection::vec(0u8..26, 1..4),
        depth in 0usize..20,
        cap in 8usize..400,
    ) {
        let n = game.n();
        let mut root: Vec<u8> = root.into_iter().map(|v| v % (2 * n)).collect();
        root.sort_unstable();
        agrees_at(&game, &root, depth, cap)?;
        agrees_at(&game, &root, depth, 1_000_000)?;
    }
}

/// Every position moves to the terminal position 0 and to every smaller one, listing 0 last.
/// The search finds the move to 0 without listing any other option's moves when the rules
/// can tell 0 has none.
#[test]
fn a_move_to_a_terminal_position_is_found_without_listing_other_moves() {
    use std::cell::Cell;
    struct Down {
        listed: Cell<u64>,
        tells: bool,
    }
    impl Ruleset for Down {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            self.listed.set(self.listed.get() + n);
            out.extend((1..*n).rev());
            if *n > 0 {
                out.push(0);
            }
        }
        fn terminal(&self, n: &u64) -> Option<bool> {
            self.tells.then_some(*n == 0)
        }
    }
    let game = Down {
        listed: Cell::new(0),
        tells: true,
    };
    let mut solver = Solver::new(game);
    let d = OutcomeSearch::new().decide(&mut solver, &5000).unwrap();
    assert_eq!((d.outcome, d.winning_move), (Outcome::N, Some(0)));
    // The root's own options only.
    assert_eq!(solver.ruleset().listed.get(), 5000);
    // Without the hook the answer is the same (its cost depends on the order of the moves).
    let mut solver = Solver::new(Down {
        listed: Cell::new(0),
        tells: false,
    });
    let d = OutcomeSearch::new().decide(&mut solver, &500).unwrap();
    assert_eq!(d.outcome, Outcome::N);
}
