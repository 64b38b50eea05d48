//! What the page asks, as plain Rust: each answer is the JSON the command line's `--json` prints
//! for the same question, built by the same library code ([`grundy_front::report`],
//! [`grundy_registry::tabulate::TableJson`], [`grundy_front::guess`]), so the page and the CLI
//! cannot drift apart. [`crate`] wraps these for JavaScript; the tests call them natively.

use grundy_core::{analyse, Nimber, Outcome};
use grundy_front::play::{engine_move, legal_moves, sum_words, PlayError};
use grundy_front::position_words::words as position_words;
use grundy_front::table_options::{self, TableOptions};
use grundy_front::verdict::{verdict, Asked, Convention, VerdictError};
use grundy_registry::spec::Word;
use grundy_registry::tabulate::{Request, TableError, TableJson, Watch};
use serde::Serialize;
use serde_json::{json, Value as Json};

/// A question the page cannot answer: the message, and the CLI's exit code for it (2: bad input,
/// 1: a computation that could not finish).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// What is wrong, and where.
    pub error: String,
    /// 2 for bad input, 1 for a computation that could not finish.
    pub code: u8,
}

impl Refusal {
    fn input(message: impl ToString) -> Refusal {
        Refusal {
            error: crate::words::worded(message),
            code: 2,
        }
    }

    fn compute(message: impl ToString) -> Refusal {
        Refusal {
            error: crate::words::worded(message),
            code: 1,
        }
    }
}

impl From<grundy_registry::spec::SpecError> for Refusal {
    fn from(e: grundy_registry::spec::SpecError) -> Self {
        Refusal::input(e)
    }
}

impl From<grundy_core::SolveError> for Refusal {
    fn from(e: grundy_core::SolveError) -> Self {
        Refusal::compute(e)
    }
}

impl From<VerdictError> for Refusal {
    fn from(e: VerdictError) -> Self {
        match e {
            VerdictError::Refused(r) => Refusal::input(r),
            VerdictError::Solve(e) => Refusal::from(e),
        }
    }
}

impl From<TableError> for Refusal {
    fn from(e: TableError) -> Self {
        match e {
            TableError::Input(m) => Refusal::input(m),
            other => Refusal::compute(other),
        }
    }
}

/// Answers are JSON text, or a refusal.
pub type Answer = Result<String, Refusal>;

/// The words of a question, given as a JSON array of strings (a game script's inline text is one
/// word however many spaces it holds).
fn words(words_json: &str) -> Result<Vec<Word>, Refusal> {
    let list: Vec<String> = serde_json::from_str(words_json)
        .map_err(|e| Refusal::input(format!("the words must be a JSON list of strings: {e}")))?;
    Ok(list
        .iter()
        .enumerate()
        .map(|(i, w)| Word::new(format!("word {}", i + 1), w.as_str()))
        .collect())
}

/// `grundy games --json`: every game with its syntax, rules and example.
pub fn games() -> String {
    let entries: Vec<Json> = crate::session::session()
        .games
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "aliases": e.aliases,
                "syntax": e.syntax,
                "rules": e.rules,
                "example": format!("grundy solve {}", e.example),
            })
        })
        .collect();
    Json::Array(entries).to_string()
}

/// `grundy solve --json [--misere | --every | --outcome] WORDS...`, listing at most `limit`
/// winning moves, with one field more at the end: `outcome_sentence`, the outcome as `grundy
/// solve` says it (`"P — the second player wins (the player to move loses)."`). `convention`:
/// `normal`, `misere` or `every`; `outcome`: who wins alone (`--outcome`), by a search that stops
/// at the first winning move it proves; normal play only, as on the command line.
pub fn solve(words_json: &str, convention: &str, limit: usize, outcome: bool) -> Answer {
    let words = words(words_json)?;
    let convention: Convention = convention.parse().map_err(Refusal::input)?;
    let asked = Asked {
        outcome_only: outcome,
        moves: true,
        limit,
    };
    asked.check(convention).map_err(Refusal::input)?;
    let session = crate::session::session();
    let mut components = session.games.build_sum(&words)?;
    let verdict = verdict(&mut components, convention, asked, session.limits())?;
    let mut answer = grundy_front::report::to_json(&components, &verdict);
    // The CLI's JSON object as it prints it (its fields in its order), with one field more at
    // its end: the outcome in the sentence `grundy solve` prints, which the page shows.
    let sentence = grundy_front::outcome_words::sentence(verdict.outcome());
    if answer.pop() != Some('}') {
        return Err(Refusal::compute("a verdict is a JSON object"));
    }
    answer.push_str(&format!(",\"outcome_sentence\":{}}}", json!(sentence)));
    Ok(answer)
}

/// `grundy explain --json [--misere|--every] WORDS...`: the working behind a position's answer.
pub fn explain(words_json: &str, convention: &str, depth: Option<usize>) -> Answer {
    let words = words(words_json)?;
    let convention: Convention = convention.parse().map_err(Refusal::input)?;
    let session = crate::session::session();
    match grundy_front::explain::explain(
        &session.games,
        &words,
        convention,
        session.limits(),
        depth,
    ) {
        Ok(e) => serde_json::to_string(&e).map_err(|e| Refusal::compute(e.to_string())),
        Err(grundy_front::explain::ExplainError::Spec(e)) => Err(e.into()),
        Err(grundy_front::explain::ExplainError::Solve(e)) => Err(e.into()),
        Err(other) => Err(Refusal::input(other.to_string())),
    }
}

/// The SVG picture of an explanation's tree (the JSON [`explain`] answered, with a tree).
pub fn tree_svg(explanation: &str) -> Answer {
    let json: Json = serde_json::from_str(explanation)
        .map_err(|e| Refusal::input(format!("not an explanation: {e}")))?;
    let root: grundy_front::explain::tree::Node = serde_json::from_value(json["tree"].clone())
        .map_err(|e| Refusal::input(format!("the explanation has no tree: {e}")))?;
    Ok(grundy_front::explain::tree::svg(&root))
}

/// What the page lends a table: `progress(done, total)`, told between blocks of values.
struct Told<'a>(&'a mut dyn FnMut(u64, u64));

impl Watch for Told<'_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        (self.0)(done, total);
        // The page stops a table by ending its worker: nothing to ask here.
        true
    }
    fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), String> {
        // A WebAssembly page has 4 GiB of address space at most; keep well inside it.
        const BROWSER_BUDGET: u64 = 2 << 30;
        if bytes > BROWSER_BUDGET {
            return Err(format!(
                "{what} would need about {} MiB, more than a page can hold ({} MiB); use the \
                 grundy command for tables this large",
                bytes >> 20,
                BROWSER_BUDGET >> 20
            ));
        }
        Ok(())
    }
    fn warn(&mut self, _: &str) {}
}

/// `grundy table --json [--period] GAME --upto UPTO`.
pub fn table(
    game: &str,
    upto: Option<&str>,
    period: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Answer {
    let word = Word::new("argument 1", game);
    let tabulation = grundy_front::values::open(&crate::session::session().games, &word)?;
    let asked = TableOptions {
        period,
        ..TableOptions::default()
    };
    if let Err(option) = table_options::refuse(tabulation.as_ref(), asked) {
        return Err(Refusal::input(
            option.refusal(&format!("argument 1 ('{game}')")),
        ));
    }
    let request = Request {
        upto: upto.map(str::to_string),
        period,
        ..Request::default()
    };
    let table = tabulation.tabulate(&request, &mut Told(progress))?;
    let json = TableJson {
        table: &table,
        values: true,
        period,
    };
    serde_json::to_string(&json).map_err(Refusal::compute)
}

/// `grundy guess --json GAME [--upto UPTO]`.
pub fn guess(game: &str, upto: Option<&str>, progress: &mut dyn FnMut(u64, u64)) -> Answer {
    let word = Word::new("argument 1", game);
    let settings = grundy_pattern::guess::Settings::default();
    let mut values = |upto: Option<&str>| {
        grundy_front::values::compute(
            &crate::session::session().games,
            std::slice::from_ref(&word),
            upto,
            grundy_front::guess::DEFAULTS,
            &mut |done, total| {
                progress(done, total);
                true
            },
        )
    };
    let report = grundy_front::guess::guess_growing(&mut values, upto, false, &settings)?;
    serde_json::to_string(&report).map_err(Refusal::compute)
}

/// `grundy check --json GAME --formula FORMULA [--upto UPTO] [--outcome]`.
pub fn check(game: &str, formula: &str, upto: Option<&str>, outcome: bool) -> Answer {
    let word = Word::new("argument 1", game);
    let values = grundy_front::values::compute(
        &crate::session::session().games,
        std::slice::from_ref(&word),
        upto,
        grundy_front::values::DEFAULTS,
        &mut |_, _| true,
    )?;
    let checked =
        grundy_front::check::check(&values, formula, 0, outcome).map_err(Refusal::input)?;
    Ok(checked.to_json().to_string())
}

/// The SVG `grundy plot` draws of a table (the JSON [`table`] answered): a line's values against
/// `n` with its period marked, or a grid's values as colours.
pub fn plot(table_json: &str, width: u32, height: u32) -> Answer {
    let table: Json = serde_json::from_str(table_json).map_err(Refusal::input)?;
    let game = table["game"].as_str().unwrap_or("").to_string();
    // A finite value is drawn; an infinite one (a loopy position) is left out, as Python's
    // `Table.plot` leaves it.
    let sample = |v: &Json| -> grundy_registry::tabulate::Sample {
        let g = v.as_u64()?;
        let outcome = if g == 0 { Outcome::P } else { Outcome::N };
        Some((grundy_core::Value::Finite(Nimber(g)), outcome))
    };
    let values = if let Some(cells) = table["values"].as_array() {
        let period = table["period"].as_object().and_then(|p| {
            Some(grundy_registry::period::Period {
                preperiod: p.get("preperiod")?.as_u64()?,
                period: p.get("period")?.as_u64()?,
                saltus: p.get("saltus")?.as_u64()?,
                proved: p.get("proved")?.as_bool()?,
                checked_upto: p.get("checked_upto")?.as_u64()?,
            })
        });
        grundy_front::plot::GameValues::Line {
            game,
            cells: cells.iter().map(sample).collect(),
            period,
            theorem: None,
        }
    } else if let Some(rows) = table["rows"].as_array() {
        let rows: Vec<Vec<grundy_registry::tabulate::Sample>> = rows
            .iter()
            .map(|r| {
                r.as_array()
                    .map_or(Vec::new(), |r| r.iter().map(sample).collect())
            })
            .collect();
        let upto = (
            rows.first().map_or(0, |r| r.len().saturating_sub(1)) as u64,
            rows.len().saturating_sub(1) as u64,
        );
        let vars = if table.get("outcomes").is_some() {
            ["x", "y"]
        } else {
            ["a", "b"]
        };
        grundy_front::plot::GameValues::Grid {
            game,
            vars,
            upto,
            rows,
        }
    } else {
        return Err(Refusal::input(
            "plot draws a line or a grid of values; a graph's table is a list of vertices",
        ));
    };
    grundy_front::plot::svg(&values, width, height).map_err(Refusal::compute)
}

/// A position being played, as `grundy play` shows it each turn: the parts in play, the value
/// and class, every legal move (with the words of the sum it leaves, and whether it wins or keeps
/// a draw) and the move the perfect engine makes ([`grundy_front::play`]).
pub fn turn(words_json: &str) -> Answer {
    let words = words(words_json)?;
    let mut components = crate::session::session().games.build_sum(&words)?;
    let analysis = analyse(&mut components, usize::MAX)?;
    let moves = legal_moves(&components, Some(&analysis)).map_err(|e| match e {
        PlayError::Input(m) => Refusal::input(m),
        PlayError::Solve(e) => Refusal::from(e),
    })?;
    let parts: Vec<(String, Vec<String>)> = components
        .iter()
        .map(|c| (c.game(), position_words(&c.position()).unwrap_or_default()))
        .collect();
    let listed: Vec<Json> = moves
        .iter()
        .map(|m| {
            json!({
                "description": m.description,
                "words": m.words,
                "wins": m.wins,
                "draws": m.draws,
                "component": m.component,
                "part": m.part_position,
            })
        })
        .collect();
    // Each part as the page draws it: its game's drawing, what the drawing needs beyond the
    // position (a graph), and the position.
    let games = &crate::session::session().games;
    let drawn: Vec<Json> = components
        .iter()
        .map(|c| {
            let (drawing, figure) = grundy_front::play::drawing(games, c.as_ref());
            json!({
                "game": c.game(),
                "drawing": drawing,
                "figure": figure,
                "position": c.position(),
            })
        })
        .collect();
    Ok(json!({
        "words": sum_words(&parts),
        "parts": drawn,
        "outcome": analysis.outcome,
        "grundy": analysis.grundy.map(|g: Nimber| g.0),
        "moves": listed,
        "engine": engine_move(&moves),
    })
    .to_string())
}

/// The page's limits: the script caps (`--script-max-ops`, `--script-max-depth`,
/// `--script-max-size`) and the search cap (`--max-positions`), checked as the command line
/// checks them before any is used. `{}` when they are.
pub fn set_limits(operations: u64, depth: u32, size: u32, max_positions: u32) -> Answer {
    let limits = grundy_script::ScriptLimits {
        operations: operations.max(1),
        depth: (depth as usize).max(1),
        size: (size as usize).max(1),
        ..grundy_script::ScriptLimits::DEFAULT
    };
    let search = grundy_core::limits::Limits {
        positions: (max_positions as usize).max(1),
        ..grundy_core::limits::Limits::DEFAULT
    };
    crate::session::set_limits(limits, search).map_err(Refusal::input)?;
    Ok("{}".into())
}
