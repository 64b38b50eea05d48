//! Vector movers on the quarter plane: `movers:DX,DY/DX,DY/...[@WxH]` and `hyper-knights`.
//!
//! **Rules.** Tokens sit on cells `(x, y)` with `x, y >= 0` (and `x < W`, `y < H` on a board of
//! size `WxH`). A move shifts one token by one of the given vectors, staying on the board; the
//! player who cannot move loses. `hyper-knights` has the vectors (-2,+1), (+1,-2), (-2,-1),
//! (-1,-2), (-3,-1) and (-1,-3).
//!
//! **Theorem.** The cells and moves form a graph and the tokens are a sum ([`crate::graph::tokens`]). On
//! the unbounded quarter plane play always ends exactly when some `(a, b) >= 0` makes every
//! vector `v` satisfy `a·v.x + b·v.y < 0` (then `a·x + b·y` falls at every move); otherwise, by
//! Ville's theorem of the alternative, some non-negative combination of the vectors is `>= 0`,
//! and repeating it far from the edges goes on forever (a cycle when it is 0). Such vector sets
//! are refused on an unbounded board; on a bounded board they are played with the loopy
//! machinery (draws, γ = ∞(K)). Every hyper-knight move lowers `x + y`, so that game is finite.
//! Positions are written as the tokens' points, `2,5 3,5` (in JSON `[[2,5],[3,5]]`); play, misère
//! play and Every-SG walk them through the token rules ([`crate::graph::tokens::TokenRules`]).
//!
//! ```
//! use grundy_core::{analyse, Outcome};
//! use grundy_games::spec::Word;
//!
//! // From (0,0) nothing moves; from (2,1) the only move is to (0,0) or (0,2), a P-position.
//! let mut sum = grundy_games::registry::builtin().build_sum(&Word::from_args(&["hyper-knights", "2,1"])).unwrap();
//! assert_eq!(analyse(&mut sum, 10).unwrap().outcome, Outcome::N);
//! ```

use std::rc::Rc;

use grundy_core::{Component, Graph};
use rustc_hash::FxHashMap;
use serde_json::Value as Json;

use crate::entry::{Drawing, GameEntry};
use crate::graph::tabulation::BoardTable;
use crate::graph::tokens::{TokenGame, VertexNames};
use crate::spec::{parse_number_text, GameSpec, SpecError, Word};

/// The hyper-knight's moves.
pub const HYPER_KNIGHT: [(i64, i64); 6] =
    [(-2, 1), (1, -2), (-2, -1), (-1, -2), (-3, -1), (-1, -3)];

/// The most cells a game may explore (about 100 MB with six moves a cell).
pub const MAX_CELLS: usize = 4_000_000;

/// The largest coordinate of a token or a board side, and the largest vector component.
pub const MAX_COORDINATE: u64 = 1 << 30;

/// The registry entries for `hyper-knights` and `movers:`.
pub fn entries() -> Vec<GameEntry> {
    vec![
        GameEntry::new(
            "hyper-knights",
            "hyper-knights[:WxH] X,Y...",
            "tokens on the quarter plane move by (-2,+1), (+1,-2), (-2,-1), (-1,-2), \
                    (-3,-1) or (-1,-3), staying at x, y >= 0",
            "hyper-knights 2,5 3,5",
            build,
        )
        .drawn(Drawing::Tokens)
        .tabulated(|spec| Ok(Box::new(BoardTable::new(spec, Movers::parse(spec)?)))),
        GameEntry::new(
            "movers",
            "movers:DX,DY/DX,DY/...[@WxH] X,Y...",
            "tokens on the quarter plane (or a W by H board) move by one of the vectors; \
                    vectors that allow endless play need a board, and may draw",
            "movers:-1,0/0,-1/1,1@4x4 0,0 2,1",
            build,
        )
        .drawn(Drawing::Tokens)
        .tabulated(|spec| Ok(Box::new(BoardTable::new(spec, Movers::parse(spec)?)))),
    ]
}

/// A set of move vectors and an optional board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movers {
    /// The move vectors.
    pub vectors: Vec<(i64, i64)>,
    /// The board size `(W, H)`: `0 <= x < W`, `0 <= y < H`; `None` for the quarter plane.
    pub bounds: Option<(u64, u64)>,
}

/// A point `(x, y)` of the quarter plane (a cell of the board): where a token stands.
pub type Point = (u32, u32);

impl Movers {
    /// The movers a `hyper-knights[:WxH]` or `movers:...[@WxH]` spec names.
    pub fn parse(spec: &GameSpec) -> Result<Movers, SpecError> {
        match spec.name.as_str() {
            "hyper-knights" => {
                let bounds = match spec.params.as_deref() {
                    None => None,
                    Some(p) => Some(parse_bounds(spec, p)?),
                };
                Ok(Movers {
                    vectors: HYPER_KNIGHT.to_vec(),
                    bounds,
                })
            }
            "movers" => {
                let params = spec.require_params("movers:DX,DY/DX,DY/...[@WxH]")?;
                let (list, bounds) = match params.split_once('@') {
                    Some((l, b)) => (l, Some(parse_bounds(spec, b)?)),
                    None => (params, None),
                };
                let vectors = list
                    .split('/')
                    .map(|v| parse_vector(spec, v))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Movers { vectors, bounds })
            }
            other => Err(spec.error(format!("'{other}' is not a movers game"))),
        }
    }

    /// Whether every play ends on the unbounded quarter plane: some `(a, b) >= 0` (not both 0)
    /// has `a·dx + b·dy < 0` for every vector.
    pub fn always_ends(&self) -> bool {
        // (a, b) = (0, 1): every vector lowers y.
        if self.vectors.iter().all(|&(_, dy)| dy < 0) {
            return true;
        }
        // (a, b) = (1, t) with t >= 0: each vector bounds t from one side. Bounds are fractions
        // p/q with q > 0, compared exactly; `lower` starts at 0, which t may equal.
        let mut lower: (i128, i128) = (0, 1);
        let mut upper: Option<(i128, i128)> = None;
        for &(dx, dy) in &self.vectors {
            let (dx, dy) = (i128::from(dx), i128::from(dy));
            match dy.signum() {
                0 if dx >= 0 => return false,
                0 => {}
                // dx + dy·t < 0  <=>  t < -dx/dy
                1 => {
                    let b = (-dx, dy);
                    if upper.is_none_or(|u| b.0 * u.1 < u.0 * b.1) {
                        upper = Some(b);
                    }
                }
                // dx + dy·t < 0  <=>  t > dx/(-dy)
                _ => {
                    let b = (dx, -dy);
                    if b.0 * lower.1 > lower.0 * b.1 {
                        lower = b;
                    }
                }
            }
        }
        // The interval of t is (lower, upper) or [0, upper): non-empty iff lower < upper.
        upper.is_none_or(|u| lower.0 * u.1 < u.0 * lower.1)
    }

    /// The cells reachable from `seeds`, solved. Fails if the board is unbounded and play may
    /// never end, or if more than [`MAX_CELLS`] cells are reachable.
    pub fn explore(&self, spec: &GameSpec, seeds: &[Point]) -> Result<Board, SpecError> {
        if self.bounds.is_none() && !self.always_ends() {
            return Err(spec.error(
                "these moves allow play that never ends on the unbounded quarter plane \
                 (a cycle, or a walk away forever); give the board a size, e.g. \
                 movers:...@10x10",
            ));
        }
        let mut cells: Vec<Point> = Vec::new();
        let mut index: FxHashMap<Point, u32> = FxHashMap::default();
        let too_many = || {
            spec.error(format!(
                "more than {MAX_CELLS} cells are reachable; use smaller coordinates or a board"
            ))
        };
        for &c in seeds {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(c) {
                e.insert(cells.len() as u32);
                cells.push(c);
            }
        }
        if cells.len() > MAX_CELLS {
            return Err(too_many());
        }
        let (w, h) = self.bounds.unwrap_or((u64::MAX, u64::MAX));
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut head = 0;
        while head < cells.len() {
            let (x, y) = cells[head];
            let from = head as u32;
            head += 1;
            for &(dx, dy) in &self.vectors {
                let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                if nx < 0 || ny < 0 || nx as u64 >= w || ny as u64 >= h {
                    continue;
                }
                if nx > i64::from(u32::MAX) || ny > i64::from(u32::MAX) {
                    return Err(too_many());
                }
                let to = (nx as u32, ny as u32);
                let id = match index.get(&to) {
                    Some(&id) => id,
                    None => {
                        if cells.len() >= MAX_CELLS {
                            return Err(too_many());
                        }
                        let id = cells.len() as u32;
                        index.insert(to, id);
                        cells.push(to);
                        id
                    }
                };
                edges.push((from, id));
            }
        }
        let graph = Graph::from_edges(cells.len(), &edges);
        drop(edges);
        let game = TokenGame::new(spec.word.text.clone(), graph, Box::new(Points(cells)));
        Ok(Board { game, index })
    }

    /// Whether `(x, y)` is on the board.
    pub fn on_board(&self, (x, y): Point) -> bool {
        self.bounds
            .is_none_or(|(w, h)| u64::from(x) < w && u64::from(y) < h)
    }
}

/// Cells explored and solved.
pub struct Board {
    game: Rc<TokenGame>,
    index: FxHashMap<Point, u32>,
}

impl Board {
    /// The solved game.
    pub fn game(&self) -> &Rc<TokenGame> {
        &self.game
    }

    /// The vertex of cell `c`, if it was explored.
    pub fn vertex(&self, c: Point) -> Option<u32> {
        self.index.get(&c).copied()
    }
}

/// The explored cells, by vertex: how a token's vertex is written (`[x, y]`, `x,y`).
struct Points(Vec<Point>);

impl VertexNames for Points {
    fn json(&self, v: u32) -> Json {
        let (x, y) = self.0[v as usize];
        Json::from(vec![x, y])
    }
    fn text(&self, v: u32) -> String {
        let (x, y) = self.0[v as usize];
        format!("{x},{y}")
    }
}

/// Parses a board size `WxH`.
pub fn parse_bounds(spec: &GameSpec, text: &str) -> Result<(u64, u64), SpecError> {
    let bad = || spec.error(format!("'{text}' is not a board size: write WxH, e.g. 8x8"));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |t: &str| -> Result<u64, SpecError> {
        match parse_number_text(t, "a board side", MAX_COORDINATE) {
            Ok(0) => Err(spec.error("a board side must be at least 1")),
            Ok(n) => Ok(n),
            Err(m) => Err(spec.error(m)),
        }
    };
    Ok((side(w)?, side(h)?))
}

fn parse_vector(spec: &GameSpec, text: &str) -> Result<(i64, i64), SpecError> {
    let bad = || {
        spec.error(format!(
            "'{text}' is not a vector: write DX,DY with whole numbers, vectors separated by '/'"
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let component = |t: &str| -> Result<i64, SpecError> {
        let t = t.trim();
        let (negative, digits) = match t.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let n = parse_number_text(digits, "a vector component", MAX_COORDINATE).map_err(|m| {
            if digits.bytes().all(|b| b.is_ascii_digit()) && !digits.is_empty() {
                spec.error(m)
            } else {
                bad()
            }
        })? as i64;
        Ok(if negative { -n } else { n })
    };
    Ok((component(a)?, component(b)?))
}

/// Parses a token word `x,y`.
pub fn parse_cell(word: &Word) -> Result<Point, SpecError> {
    let bad = || word.error("a token is written x,y with whole numbers x, y >= 0 (e.g. 2,5)");
    let (x, y) = word.text.split_once(',').ok_or_else(bad)?;
    let coordinate = |t: &str| -> Result<u32, SpecError> {
        parse_number_text(t, "a coordinate", MAX_COORDINATE)
            .map(|n| n as u32)
            .map_err(|m| {
                if m.contains("whole number") {
                    bad()
                } else {
                    word.error(m)
                }
            })
    };
    Ok((coordinate(x)?, coordinate(y)?))
}

fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    let movers = Movers::parse(spec)?;
    let mut tokens = Vec::with_capacity(words.len());
    for w in words {
        let c = parse_cell(w)?;
        if !movers.on_board(c) {
            let (bw, bh) = movers.bounds.expect("off the board only if bounded");
            return Err(w.error(format!(
                "off the board: x must be below {bw} and y below {bh}"
            )));
        }
        tokens.push(c);
    }
    let board = movers.explore(spec, &tokens)?;
    let vertices = tokens
        .iter()
        .map(|&c| board.vertex(c).expect("every token cell is explored"))
        .collect();
    Ok(board.game.position(vertices))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::{BruteForce, Nimber, Outcome, Ruleset, Solver, Value};
    use proptest::prelude::*;

    /// The movers as a plain ruleset on single cells, for the generic solver.
    struct Plain(Vec<(i64, i64)>);
    impl Ruleset for Plain {
        type Position = (i64, i64);
        fn options(&self, &(x, y): &(i64, i64), out: &mut Vec<(i64, i64)>) {
            out.extend(
                self.0
                    .iter()
                    .map(|&(dx, dy)| (x + dx, y + dy))
                    .filter(|&(a, b)| a >= 0 && b >= 0),
            );
        }
    }

    fn spec(text: &str) -> GameSpec {
        GameSpec::parse(&Word::new("argument 1", text))
    }

    /// Endless play, by brute force: some non-negative integer combination of at most three
    /// vectors is >= 0. (Coefficients up to 18 suffice for components in -3..=3: a minimal
    /// combination's coefficients are 2x2 minors.)
    fn endless_by_search(vectors: &[(i64, i64)]) -> bool {
        let n = vectors.len();
        let idx: Vec<Vec<usize>> = (0..n)
            .flat_map(|a| (a..n).flat_map(move |b| (b..n).map(move |c| vec![a, b, c])))
            .collect();
        for s in idx {
            for ca in 0..=18i64 {
                for cb in 0..=18i64 {
                    for cc in 0..=18i64 {
                        if ca + cb + cc == 0 {
                            continue;
                        }
                        let x = ca * vectors[s[0]].0 + cb * vectors[s[1]].0 + cc * vectors[s[2]].0;
                        let y = ca * vectors[s[0]].1 + cb * vectors[s[1]].1 + cc * vectors[s[2]].1;
                        if x >= 0 && y >= 0 {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn vectors() -> impl Strategy<Value = Vec<(i64, i64)>> {
        proptest::collection::vec((-3i64..=3, -3i64..=3), 1..4)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        #[test]
        fn endless_play_is_detected_exactly(v in vectors()) {
            let m = Movers { vectors: v.clone(), bounds: None };
            prop_assert_eq!(m.always_ends(), !endless_by_search(&v), "{:?}", v);
        }

        #[test]
        fn finite_movers_match_the_generic_solver(v in vectors()) {
            let m = Movers { vectors: v.clone(), bounds: None };
            prop_assume!(m.always_ends());
            let seeds: Vec<Point> = (0..7).flat_map(|x| (0..7).map(move |y| (x, y))).collect();
            let board = m.explore(&spec("movers:test"), &seeds).unwrap();
            prop_assert!(board.game().analysis().is_acyclic());
            let mut solver = Solver::new(BruteForce(Plain(v)));
            for &(x, y) in &seeds {
                let g = solver.grundy(&(i64::from(x), i64::from(y))).unwrap();
                let vtx = board.vertex((x, y)).unwrap();
                prop_assert_eq!(board.game().value(vtx), Value::Finite(g));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Normal play, misère play and Every-SG of one or two hyper-knight positions (one or two
        /// tokens each, near the corner), against a plain recursion on the token rules.
        #[test]
        fn hyper_knight_conventions_match_brute_force(
            positions in proptest::collection::vec(
                proptest::collection::vec((0u32..5, 0u32..5), 1..=2), 1..=2)
        ) {
            let m = Movers::parse(&spec("hyper-knights")).unwrap();
            let seeds: Vec<Point> = positions.concat();
            let board = m.explore(&spec("hyper-knights"), &seeds).unwrap();
            let tokens: Vec<Vec<u32>> = positions
                .iter()
                .map(|p| p.iter().map(|&c| board.vertex(c).unwrap()).collect())
                .collect();
            crate::testing::assert_conventions_match_brute_force(&board.game().rules(), &tokens)?;
        }
    }

    #[test]
    fn positions_are_shown_as_points_and_rebuilt_from_them() {
        use grundy_core::Game;
        let mut sum =
            crate::testing::build_sum(&Word::from_args(&["hyper-knights", "2,5", "3,5"])).unwrap();
        assert_eq!(sum[0].position(), serde_json::json!([[2, 5], [3, 5]]));
        let first = sum[0].explore().unwrap().moves().unwrap().remove(0).0;
        assert_eq!(first.description, "token at 2,5 -> 0,6");
        assert_eq!(first.position, serde_json::json!([[0, 6], [3, 5]]));
        let board = Movers::parse(&spec("hyper-knights"))
            .unwrap()
            .explore(&spec("hyper-knights"), &[(3, 5), (2, 5)])
            .unwrap();
        let rules = board.game().rules();
        let (a, b) = (board.vertex((2, 5)).unwrap(), board.vertex((3, 5)).unwrap());
        assert_eq!(rules.key(&vec![a, b]), rules.key(&vec![b, a]));
        assert_eq!(rules.show(&vec![a, b]), serde_json::json!([[2, 5], [3, 5]]));
        assert_eq!(
            grundy_core::analyse(&mut sum, 10).unwrap().grundy,
            Some(Nimber(2))
        );
    }

    #[test]
    fn endless_play_on_the_edge_cases() {
        let ends = |v: &[(i64, i64)]| {
            Movers {
                vectors: v.to_vec(),
                bounds: None,
            }
            .always_ends()
        };
        assert!(!ends(&[(1, -1), (-1, 1)])); // a 2-cycle: the bounds on t meet
        assert!(ends(&[(1, -2), (-2, 1)])); // x + y falls by 1 either way
        assert!(ends(&[(2, -1), (-1, 0)])); // x + 3y falls
        assert!(!ends(&[(2, -1), (-1, 1)])); // (2,-1) + 2·(-1,1) = (0,1): a walk upwards
        assert!(!ends(&[(0, 1)]));
        assert!(ends(&[(5, -1)])); // y falls
        assert!(ends(&[]));
    }

    #[test]
    fn hyper_knights_match_the_generic_solver() {
        let m = Movers::parse(&spec("hyper-knights")).unwrap();
        assert!(m.always_ends());
        let seeds: Vec<Point> = (0..16).flat_map(|x| (0..16).map(move |y| (x, y))).collect();
        let board = m.explore(&spec("hyper-knights"), &seeds).unwrap();
        let mut solver = Solver::new(BruteForce(Plain(HYPER_KNIGHT.to_vec())));
        for &(x, y) in &seeds {
            let g = solver.grundy(&(i64::from(x), i64::from(y))).unwrap();
            assert_eq!(
                board.game().value(board.vertex((x, y)).unwrap()),
                Value::Finite(g),
                "({x},{y})"
            );
        }
    }

    #[test]
    fn bounded_boards_with_cycles_are_loopy() {
        // Left, down, or diagonally up-right on a 4x4 board: (1,1) + (-1,0) + (0,-1) = 0.
        let m = Movers::parse(&spec("movers:-1,0/0,-1/1,1@4x4")).unwrap();
        assert_eq!(m.bounds, Some((4, 4)));
        assert!(!m.always_ends());
        let board = m.explore(&spec("movers:x"), &[(0, 0)]).unwrap();
        let g = board.game();
        assert!(!g.analysis().is_acyclic());
        // (0,0) has the single move to (1,1), so its class is the mirror of (1,1)'s.
        let mirror = match g.outcome(board.vertex((1, 1)).unwrap()) {
            Outcome::P => Outcome::N,
            Outcome::N => Outcome::P,
            Outcome::D => Outcome::D,
        };
        assert_eq!(g.outcome(board.vertex((0, 0)).unwrap()), mirror);
        assert!((0..16).any(|v| g.outcome(v) == Outcome::D));
        // Unbounded, the same vectors are refused.
        let unbounded = Movers::parse(&spec("movers:-1,0/0,-1/1,1")).unwrap();
        let e = unbounded
            .explore(&spec("movers:-1,0/0,-1/1,1"), &[(0, 0)])
            .err()
            .unwrap();
        assert!(e.message.contains("never ends"), "{e}");
    }

    #[test]
    fn a_one_way_street_is_refused_unbounded_and_finite_on_a_board() {
        let m = Movers::parse(&spec("movers:1,0")).unwrap();
        assert!(!m.always_ends());
        let m = Movers::parse(&spec("movers:1,0@5x1")).unwrap();
        let board = m.explore(&spec("movers:1,0@5x1"), &[(0, 0)]).unwrap();
        let g = board.game();
        // Values 0 1 0 1 0 from the right edge: (0,0) is four moves from it, a P-position.
        assert_eq!(
            g.value(board.vertex((0, 0)).unwrap()),
            Value::Finite(Nimber(0))
        );
        assert_eq!(g.outcome(board.vertex((1, 0)).unwrap()), Outcome::N);
    }

    #[test]
    fn bad_specs_and_tokens() {
        let e = |t: &str| Movers::parse(&spec(t)).unwrap_err().to_string();
        assert!(e("movers").contains("needs parameters"));
        assert!(e("movers:1").contains("'1' is not a vector"));
        assert!(e("movers:1,a").contains("'1,a' is not a vector"));
        assert!(e("movers:1,0@5").contains("'5' is not a board size"));
        assert!(e("movers:1,0@0x5").contains("at least 1"));
        assert!(e("movers:99999999999,0").contains("at most"));
        assert!(e("hyper-knights:8").contains("board size"));
        assert_eq!(
            Movers::parse(&spec("hyper-knights:8x6")).unwrap().bounds,
            Some((8, 6))
        );
        let c = |t: &str| parse_cell(&Word::new("argument 2", t));
        assert_eq!(c("2,5").unwrap(), (2, 5));
        assert_eq!(
            c("2").unwrap_err().to_string(),
            "argument 2 ('2'): a token is written x,y with whole numbers x, y >= 0 (e.g. 2,5)"
        );
        assert!(c("-1,2")
            .unwrap_err()
            .to_string()
            .contains("must not be negative"));
        assert!(c("1,99999999999999").is_err());
    }
}
