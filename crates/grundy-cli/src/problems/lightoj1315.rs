//! LightOJ 1315 Game of Hyper Knights: several knights on the quarter plane; Alice moves first.

use grundy_core::Outcome;
use grundy_games::graph::movers::{Movers, Point};
use grundy_registry::spec::{GameSpec, Word};

use super::{outcome, Input, InputError};

/// Coordinates in the statement are below this.
const SIDE: u64 = 500;

pub fn solve(input: &mut Input, out: &mut String) -> Result<(), InputError> {
    // Every case is read first, so one board, just large enough for all of them, is solved once;
    // a malformed case still leaves the answers of the cases before it.
    let mut cases: Vec<Vec<Point>> = Vec::new();
    let read = read_cases(input, &mut cases);
    let (max_x, max_y) = cases
        .iter()
        .flatten()
        .fold((0, 0), |(mx, my), &(x, y)| (mx.max(x), my.max(y)));
    let spec = GameSpec::parse(&Word::new("lightoj1315", "hyper-knights"));
    let rules = Movers::parse(&spec).map_err(|e| super::spec_error(&e))?;
    let seeds: Vec<Point> = (0..=max_x)
        .flat_map(|x| (0..=max_y).map(move |y| (x, y)))
        .collect();
    let board = rules
        .explore(&spec, &seeds)
        .map_err(|e| super::spec_error(&e))?;
    for (i, knights) in cases.iter().enumerate() {
        let tokens = knights
            .iter()
            .map(|&c| board.vertex(c).expect("every cell of a case is a seed"))
            .collect();
        let verdict = outcome(board.game().position(tokens))?;
        let winner = if verdict == Outcome::N {
            "Alice"
        } else {
            "Bob"
        };
        out.push_str(&format!("Case {}: {winner}\n", i + 1));
    }
    read
}

fn read_cases(input: &mut Input, cases: &mut Vec<Vec<Point>>) -> Result<(), InputError> {
    let t = input.number("T (the number of cases)", 1, 200)?;
    for _ in 0..t {
        let n = input.number("n (the number of knights)", 1, 1000)?;
        let mut knights = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let x = input.number("x", 0, SIDE - 1)? as u32;
            let y = input.number("y", 0, SIDE - 1)? as u32;
            knights.push((x, y));
        }
        cases.push(knights);
    }
    input.end()
}
