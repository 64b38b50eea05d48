//! The classic problems, exactly: `grundy problem <id>` reads a problem's input on stdin and writes
//! its output byte for byte in the problem's own format.
//!
//! Each problem is a thin adapter: it parses the input, calls the library's rulesets, and formats
//! the answer. None has a solver of its own. Answers are written as each case is decided, so a
//! malformed case stops the run with an error that names its line, after the answers of the cases
//! before it.

mod acwing891;
mod acwing892;
mod acwing893;
mod acwing894;
#[cfg(test)]
mod brute;
mod coin_game_1;
mod dag_token;
mod hdu1517;
mod hdu1536;
mod hdu1847;
mod hdu1848;
mod hdu2149;
mod hdu4764;
pub mod input;
mod lightoj1315;
mod take_or_merge;
mod zjoi2009;

use grundy_core::{analyse, Component, Outcome, SolveError};

use crate::problems::input::{Input, InputError};

/// A problem grundy can answer.
pub struct Problem {
    /// The id, as in `grundy problem <id>`.
    pub id: &'static str,
    /// One line: the game and the source.
    pub summary: &'static str,
    /// Which judge's limits and output format the adapter follows (a problem is hosted by
    /// several judges, whose limits differ: the largest are accepted).
    pub judge: &'static str,
    /// Reads the whole input and appends the output.
    pub solve: fn(&mut Input, &mut String) -> Result<(), InputError>,
}

/// Every problem, in the order `grundy problem list` shows them.
pub fn all() -> Vec<Problem> {
    vec![
        Problem {
            id: "hdu4764",
            summary: "Tang and Jiang: write numbers rising by 1..k; writing N or more loses (Bash's game)",
            judge: "HDU 4764: N, k <= 32768, cases until '0 0'; prints Tang or Jiang",
            solve: hdu4764::solve,
        },
        Problem {
            id: "hdu1847",
            summary: "take a power of two from one heap; the last card wins (subtraction game)",
            judge: "HDU 1847: n <= 1000 per line until end of file; prints Kiki or Cici",
            solve: hdu1847::solve,
        },
        Problem {
            id: "hdu1848",
            summary: "three heaps, take a Fibonacci number from one (subtraction game sum)",
            judge: "HDU 1848: m, n, p <= 1000, until '0 0 0'; prints Fibo or Nacci",
            solve: hdu1848::solve,
        },
        Problem {
            id: "hdu1536",
            summary: "S-Nim: heaps, take s in S from one (subtraction games, many cases)",
            judge: "HDU 1536 / POJ 2960: k, m, l <= 100, heaps <= 10000, until '0'; prints one W or L per position",
            solve: hdu1536::solve,
        },
        Problem {
            id: "coin-game-1",
            summary: "one pile, take a_i coins; the last coin wins (subtraction game)",
            judge: "a classic exercise (no judge named): x <= 10000, k <= 100, until end of file; prints Alice or Bob",
            solve: coin_game_1::solve,
        },
        Problem {
            id: "hdu2149",
            summary: "Public Sale: raise the price by 1..N, reach M first; every winning first bid",
            judge: "HDU 2149: M, N < 1100 until end of file; prints the winning first bids, or 'none'",
            solve: hdu2149::solve,
        },
        Problem {
            id: "hdu1517",
            summary: "multiplication game: p <- p*k, 2 <= k <= 9, first to reach n wins",
            judge: "HDU 1517 / POJ 2505: 1 < n < 4294967295 per line until end of file; prints 'Stan wins.' or 'Ollie wins.'",
            solve: hdu1517::solve,
        },
        Problem {
            id: "acwing891",
            summary: "Nim",
            judge: "AcWing 891: n <= 10^5 heaps of at most 10^9; prints Yes or No",
            solve: acwing891::solve,
        },
        Problem {
            id: "acwing892",
            summary: "staircase Nim",
            judge: "AcWing 892: n <= 10^5 stairs of at most 10^9; prints Yes or No",
            solve: acwing892::solve,
        },
        Problem {
            id: "acwing893",
            summary: "set Nim: heaps, take s in S from one",
            judge: "AcWing 893: k, n <= 100, amounts and heaps <= 10000; prints Yes or No",
            solve: acwing893::solve,
        },
        Problem {
            id: "dag-token",
            summary: "tokens on a DAG: slide one token along an edge (sum of token games)",
            judge: "LOJ 10243 / AcWing 1319: N <= 2000, M <= 6000; prints win or lose",
            solve: dag_token::solve,
        },
        Problem {
            id: "lightoj1315",
            summary: "Hyper Knights on the quarter plane (sum of vector-mover games)",
            judge: "LightOJ 1315: T <= 200, n <= 1000, 0 <= x, y < 500; prints 'Case i: Alice|Bob'",
            solve: lightoj1315::solve,
        },
        Problem {
            id: "acwing894",
            summary: "split Nim: replace a heap by two smaller heaps (a take-and-break game)",
            judge: "AcWing 894: n, a_i <= 100; prints Yes or No",
            solve: acwing894::solve,
        },
        Problem {
            id: "take-or-merge",
            summary: "take one stone or merge two heaps (not a sum of games)",
            judge: "HDU 4111's limits (T <= 4000, N <= 50, a_i <= 1000); prints YES or NO as its statement here says (HDU 4111 itself labels each case and names the winner)",
            solve: take_or_merge::solve,
        },
        Problem {
            id: "zjoi2009",
            summary: "take from either end of a row of heaps (ZJOI 2009, not a sum of games)",
            judge: "ZJOI 2009 / Luogu P2599 / BZOJ 1413: n <= 1000, a_i <= 10^9; T <= 1000 accepted (the judges give at most 10); prints 1 or 0",
            solve: zjoi2009::solve,
        },
    ]
}

/// Who wins a position: the library's verdict, with no moves listed.
fn outcome(component: Box<dyn Component>) -> Result<Outcome, InputError> {
    let mut sum = vec![component];
    analyse(&mut sum, 0).map(|a| a.outcome).map_err(solve_error)
}

/// A game spec the adapter itself wrote was refused (a bug, reported rather than a panic).
fn spec_error(e: &grundy_registry::spec::SpecError) -> InputError {
    InputError {
        line: 0,
        column: 0,
        message: e.to_string(),
    }
}

/// A computation that could not finish, reported like an input error (it has no line).
fn solve_error(e: SolveError) -> InputError {
    InputError {
        line: 0,
        column: 0,
        message: e.to_string(),
    }
}
