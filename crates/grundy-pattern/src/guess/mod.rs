//! Finding a formula for a table of Grundy values (or of P-positions).
//!
//! The search goes from simple to rich and believes nothing it has not checked:
//!
//! 1. **Candidates** come from every family at once: a period the caller found (listed values
//!    indexed by `n % p`, plus a saltus), expressions enumerated by size over the *fitting
//!    points* (the first half of the table: see [`space`]) with bit operators, `popcount`,
//!    `ctz`, `isqrt` and recursion `G(e)` on smaller positions ([`pool`]), sums and XORs of two
//!    of them, one per residue class of `n` ([`search`]), Beatty sequences ([`beatty`]), and for
//!    two numbers the XOR of two lines and Wythoff-like P-pairs ([`grid`]).
//! 2. **Validation**: each candidate is evaluated at every position of the whole table, the
//!    second half included, which the search never looked at. The smallest that holds
//!    everywhere wins; the others are kept as *near* candidates with their first failure.
//!
//! So a reported formula holds on every value computed, and the part of the table it was not
//! fitted on is the evidence that it is more than a fit.
//!
//! ```
//! use grundy_pattern::guess::{guess, Settings, Table};
//! // Take at most half a heap: G(2k) = k, G(2k + 1) = G(k) (A025480).
//! let mut g = vec![0i64; 400];
//! for n in 1..400 {
//!     g[n] = if n % 2 == 0 { n as i64 / 2 } else { g[n / 2] };
//! }
//! let table = Table::Line(g.into_iter().map(Some).collect());
//! let report = guess(&table, &["n"], false, None, &Settings::default());
//! let found = report.found.expect("a formula");
//! assert_eq!(found.expr.to_string(), "if(n % 2 == 1, G(n / 2), n / 2)");
//! ```

mod beatty;
mod grid;
mod periodic;
mod pool;
mod search;
mod space;
mod validate;

#[cfg(test)]
mod tests;

use crate::formula::Expr;

pub use periodic::{lcm, periodic_form, PeriodHint, PeriodicForm};
pub use space::Table;
pub use validate::{first_failure, language_failure, Failure};

use pool::{Limits, Pool};
pub use search::size;
use search::Candidate;
use space::Space;

/// How much the search may do.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The largest expression (nodes) the pool enumerates; sums and per-class formulas reach
    /// about twice and `m` times that.
    pub max_size: u32,
    /// The most integer expressions in the pool.
    pub max_ints: usize,
    /// The most boolean expressions in the pool.
    pub max_bools: usize,
    /// How many near candidates to report when none holds.
    pub near: usize,
    /// Told what a long search is doing as each stage begins (a front end's progress line);
    /// `None`: nobody.
    pub stage: Option<fn(&str)>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_size: 7,
            max_ints: 250_000,
            max_bools: 100_000,
            near: 3,
            stage: None,
        }
    }
}

impl Settings {
    /// The largest expression sizes a front end may ask for: past 9 nodes the pool outgrows
    /// any memory (it grows about tenfold a node).
    pub const MAX_SIZES: std::ops::RangeInclusive<u32> = 1..=9;

    /// The most bytes an expression of the pool holds: its values at up to about 210 fitting
    /// points (a grid's), its tree and its hash.
    pub const BYTES_PER_EXPRESSION: u64 = 2048;

    /// About how much memory the pools take at most.
    pub fn estimated_bytes(&self) -> u64 {
        (self.max_ints + self.max_bools) as u64 * Settings::BYTES_PER_EXPRESSION
    }

    /// These settings with pools shrunk in proportion to fit in `bytes` (unchanged if they
    /// do): fewer expressions of the largest size, the same search.
    pub fn within(&self, bytes: u64) -> Settings {
        let estimate = self.estimated_bytes();
        if estimate <= bytes {
            return self.clone();
        }
        let scale = |n: usize| ((n as u128 * bytes as u128 / estimate as u128) as usize).max(1000);
        Settings {
            max_ints: scale(self.max_ints),
            max_bools: scale(self.max_bools),
            ..self.clone()
        }
    }

    /// The default settings with pools of expressions up to `max_size` nodes, or why not.
    pub fn with_max_size(max_size: u32) -> Result<Settings, String> {
        if !Settings::MAX_SIZES.contains(&max_size) {
            return Err(format!(
                "({max_size}): give {} to {} nodes (the pool grows about tenfold a node)",
                Settings::MAX_SIZES.start(),
                Settings::MAX_SIZES.end()
            ));
        }
        Ok(Settings {
            max_size,
            ..Settings::default()
        })
    }
}

/// A formula that holds on the whole table.
#[derive(Clone, Debug)]
pub struct Found {
    /// The formula.
    pub expr: Expr,
    /// Which family it comes from, in words ("periodic", "residue classes", ...).
    pub family: &'static str,
    /// The largest `n` (or `a + b` of a grid) the search looked at; the rest of the table only
    /// validated it.
    pub fitted_upto: i64,
    /// Its size in nodes.
    pub size: usize,
}

/// A candidate that matched the fitting points but fails further on.
#[derive(Clone, Debug)]
pub struct Near {
    /// The candidate.
    pub expr: Expr,
    /// Where it first fails.
    pub failure: Failure,
}

/// What the search found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The simplest formula holding on the whole table, if any.
    pub found: Option<Found>,
    /// Candidates that failed, simplest first, with where each first fails.
    pub near: Vec<Near>,
    /// How many candidates were validated.
    pub tried: usize,
}

/// The simplest formula for `table` over `variables` (`["n"]`, or two names for a grid): its
/// values, or with `boolean` its P-positions (the table holds 1 for P, 0 for N). `hint` is a
/// period the caller found in the values. A table with no value, rows of different lengths, or
/// as many variables as it has not, has no formula.
pub fn guess(
    table: &Table,
    variables: &[&str],
    boolean: bool,
    hint: Option<PeriodHint>,
    settings: &Settings,
) -> Report {
    let known = match table {
        Table::Line(v) => v.iter().flatten().count(),
        Table::Grid(rows) => rows.iter().flatten().flatten().count(),
    };
    let square = match table {
        Table::Line(_) => true,
        Table::Grid(rows) => rows
            .iter()
            .all(|r| !r.is_empty() && r.len() == rows[0].len()),
    };
    if known == 0 || !square || variables.len() != table.dims() {
        return Report::default();
    }
    let names: Vec<String> = variables.iter().map(|v| v.to_string()).collect();
    let mut candidates: Vec<(Candidate, i64)> = Vec::new();
    let (w, h) = table.extent();
    let fitted = match table {
        Table::Line(_) => (w / 2).max(w.min(24)),
        Table::Grid(_) => w + h,
    };
    if let (Some(hint), false, Table::Line(_)) = (hint, boolean, table) {
        if let Some(expr) = periodic::formula(table, hint, variables[0]) {
            candidates.push((candidate(expr), w));
        }
    }
    if let (Table::Line(values), false) = (table, boolean) {
        if let Some(expr) = beatty::formula(&values[..=fitted as usize], variables[0]) {
            candidates.push((candidate(expr), fitted));
        }
    }
    if let Table::Grid(_) = table {
        candidates.extend(grid_candidates(table, &names, boolean, settings));
    }
    let space = Space::new(table, variables, fitted);
    let limits = Limits {
        max_size: settings.max_size,
        max_ints: settings.max_ints,
        max_bools: settings.max_bools,
    };
    let mut constants: Vec<i64> = (0..=12).chain([16]).collect();
    if let Some(h) = hint {
        for c in [h.period as i64, h.saltus as i64] {
            if !constants.contains(&c) {
                constants.push(c);
            }
        }
    }
    if boolean {
        // Thresholds from the data: where the P-positions of the first values change (a game
        // whose P-positions are `n >= 162` needs 162).
        let changes: Vec<i64> = match table {
            Table::Line(v) => {
                let known: Vec<(usize, i64)> = v
                    .iter()
                    .enumerate()
                    .filter_map(|(n, x)| x.map(|x| (n, x)))
                    .collect();
                known
                    .windows(2)
                    .filter(|w| w[0].1 != w[1].1)
                    .map(|w| w[1].0 as i64)
                    .collect()
            }
            Table::Grid(_) => Vec::new(),
        };
        for &c in changes.iter().take(6) {
            for c in [c, c - 1] {
                if c > 12 && !constants.contains(&c) {
                    constants.push(c);
                }
            }
        }
    }
    let pool = Pool::enumerate(&space, &constants, limits);
    candidates.extend(
        search::candidates(&space, &pool, boolean)
            .into_iter()
            .map(|c| (c, fitted)),
    );
    candidates.sort_by_key(|(c, _)| c.score);
    let mut report = Report::default();
    for (c, fit) in candidates {
        report.tried += 1;
        match first_failure(&c.expr, table, &names) {
            None => {
                report.found = Some(Found {
                    family: family(&c.expr),
                    size: c.score,
                    expr: c.expr,
                    fitted_upto: fit,
                });
                break;
            }
            Some(failure) => {
                if report.near.len() < settings.near
                    && !report.near.iter().any(|n| n.expr == c.expr)
                {
                    report.near.push(Near {
                        expr: c.expr,
                        failure,
                    });
                }
            }
        }
    }
    report
}

/// The formula a period gives a line: the preperiod listed, one period indexed by `n % p`,
/// plus the saltus (see [`PeriodHint`]).
pub fn periodic_formula(table: &Table, hint: PeriodHint, var: &str) -> Option<Expr> {
    periodic::formula(table, hint, var)
}

fn candidate(expr: Expr) -> Candidate {
    Candidate {
        score: size(&expr),
        expr,
    }
}

/// The grid families: a XOR of two lines, and P-pairs `min(a, b) == f(|a - b|)`.
fn grid_candidates(
    table: &Table,
    names: &[String],
    boolean: bool,
    settings: &Settings,
) -> Vec<(Candidate, i64)> {
    let mut out = Vec::new();
    let (w, h) = table.extent();
    let line = |t: &Table| guess(t, &["n"], false, None, settings).found;
    if !boolean {
        if let Some((f, g)) = grid::xor_sum(table) {
            let (a, b) = (Expr::Var(names[0].clone()), Expr::Var(names[1].clone()));
            if let (Some(f), Some(g)) = (line(&f), line(&g)) {
                if let (Some(fa), Some(gb)) = (
                    grid::rename(&f.expr, "n", &a),
                    grid::rename(&g.expr, "n", &b),
                ) {
                    let expr = match (&fa, &gb) {
                        (Expr::Num(0), _) => gb,
                        (_, Expr::Num(0)) => fa,
                        _ => {
                            Expr::Binary(crate::formula::BinOp::BitXor, Box::new(fa), Box::new(gb))
                        }
                    };
                    out.push((candidate(expr), w + h));
                }
            }
        }
    } else if let Some(f) = grid::partner_line(table) {
        if let Some(found) = line(&f) {
            if let Some(expr) = grid::partner_formula(&found.expr, names) {
                out.push((candidate(expr), w + h));
            }
        }
    }
    out
}

/// The family a formula belongs to, in words, by its shape.
fn family(e: &Expr) -> &'static str {
    fn has(e: &Expr, p: &dyn Fn(&Expr) -> bool) -> bool {
        p(e) || match e {
            Expr::Unary(_, a) => has(a, p),
            Expr::Binary(_, a, b) => has(a, p) || has(b, p),
            Expr::If(c, a, b) => has(c, p) || has(a, p) || has(b, p),
            Expr::Call(_, args) => args.iter().any(|a| has(a, p)),
            Expr::Index(_, i) => has(i, p),
            _ => false,
        }
    }
    use crate::formula::{BinOp, Func};
    if has(e, &|x| matches!(x, Expr::Call(Func::G, _))) {
        "self-similar recursion"
    } else if has(
        e,
        &|x| matches!(x, Expr::Call(Func::Isqrt, a) if matches!(a[0], Expr::Binary(BinOp::Mul, _, _))),
    ) {
        "Beatty sequence"
    } else if has(
        e,
        &|x| matches!(x, Expr::Index(_, i) if matches!(**i, Expr::Binary(BinOp::Rem, _, _))),
    ) {
        "periodic"
    } else if matches!(e, Expr::If(c, _, _) if has(c, &|x| matches!(x, Expr::Binary(BinOp::Rem, _, _))))
    {
        "residue classes"
    } else if has(e, &|x| {
        matches!(
            x,
            Expr::Binary(
                BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr,
                _,
                _
            ) | Expr::Call(Func::Popcount | Func::Ctz | Func::Bitlen | Func::Log2, _)
        )
    }) {
        "bit pattern"
    } else {
        "expression"
    }
}
