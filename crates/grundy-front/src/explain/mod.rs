//! The working behind an answer, as the tutorials teach it: for one game, its options with their
//! values, the set of values reached and the mex; for a sum, each part's value and its reason,
//! the values in binary in aligned columns, their XOR, and each winning move found from the
//! XOR's highest bit; under misère play and Every-SG the rule that decides (the
//! Sprague–Grundy–Jones theorem with Bouton's misère Nim, a misère quotient, Every-SG's step
//! counts) and how it applies. The command line's `grundy explain`, Python's `grundy.explain`
//! and the page show the same [`Explanation`].
//!
//! ```
//! use grundy_registry::spec::Word;
//! let games = grundy_front::registry::standard();
//! use grundy_front::explain::explain;
//! use grundy_front::verdict::Convention;
//! let limits = grundy_core::limits::Limits::DEFAULT;
//! let words = Word::from_args(&["nim", "3", "4", "5"]);
//! let e = explain(&games, &words, Convention::Normal, &limits, None).unwrap();
//! assert_eq!(e.value, 2);
//! assert_eq!(e.xor.as_ref().unwrap().total_binary, "010");
//! assert_eq!(e.winning_moves[0].target, Some(1)); // the heap of 3 moves to 3 XOR 2 = 1
//! ```

use grundy_core::{analyse, Component, Nimber, Outcome, SolveError, Value};
use grundy_registry::spec::{SpecError, Word};
use serde::Serialize;

use grundy_core::limits::Limits;

use crate::position_words::words;
use crate::registry::Registry;
use crate::verdict::Convention;

mod conventions;
pub mod tree;
use crate::values;
use grundy_registry::tabulate::{Quiet, Request, Table};

/// The most options of one game listed by name (the rest are counted).
pub const SHOWN_OPTIONS: usize = 40;

/// The most options of one game valued to show their mex.
pub const VALUED_OPTIONS: usize = 20_000;

/// The largest number a position may hold for its options to be listed (as `grundy play`).
pub const LISTED_NUMBER: u64 = 100_000;

/// Why a position cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// The game or position was given wrong.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A value could not be computed (a cap).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// What was asked cannot be drawn (a tree past its depth, or under another convention; a
    /// game that cannot list its moves).
    #[error("{0}")]
    Refused(String),
    /// A value is infinite (a loopy game), which the mex of finite values does not explain.
    #[error("{0} has an infinite (loopy) value: the working of the mex is for games that end; `solve` gives its outcome")]
    Loopy(String),
}

/// One option of a game, and its value.
#[derive(Clone, Debug, Serialize)]
pub struct OptionRow {
    /// The move, in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leaves, as typed (`1 8`: two heaps, a sum).
    pub to: String,
    /// Its value.
    pub value: u64,
    /// When it leaves several heaps (a heap game's split): each heap's value, whose XOR is
    /// `value`.
    pub heaps: Option<Vec<u64>>,
}

/// The options of one game: the first [`SHOWN_OPTIONS`] by name, every value reached, the mex.
#[derive(Clone, Debug, Serialize)]
pub struct Options {
    /// How many options there are.
    pub total: usize,
    /// The first of them, with their values.
    pub shown: Vec<OptionRow>,
    /// Every value an option reaches, in order.
    pub values: Vec<u64>,
    /// The least value no option reaches: the game's value.
    pub mex: u64,
}

/// One part of the position: a game alone (a component, or one heap of a heap game).
#[derive(Clone, Debug, Serialize)]
pub struct Part {
    /// The game and its position, as typed (`0.77 10`).
    pub position: String,
    /// Its value.
    pub value: u64,
    /// Where the value comes from, in a sentence.
    pub reason: String,
    /// Its options, when the position is this one game and they can be listed; `None` in a sum
    /// (the parts' values are what the XOR needs) or when there are too many.
    pub options: Option<Options>,
}

/// The XOR of a sum's values, in binary.
#[derive(Clone, Debug, Serialize)]
pub struct Xor {
    /// Each part's value in binary, all of one width.
    pub binary: Vec<String>,
    /// The XOR.
    pub total: u64,
    /// The XOR in binary.
    pub total_binary: String,
    /// The XOR's highest bit (`2^bit`), when it is not 0.
    pub top_bit: Option<u32>,
}

/// A winning move, and how it was found.
#[derive(Clone, Debug, Serialize)]
pub struct WinningMove {
    /// The part moved in (0-based); `None` under misère play and Every-SG, whose moves are the
    /// verdict's (a move of the whole sum).
    pub part: Option<usize>,
    /// That part's value (it has the XOR's highest bit); `None` as `part`.
    pub value: Option<u64>,
    /// The value it moves to: `value XOR total` (0 for one game alone); `None` as `part`.
    pub target: Option<u64>,
    /// The move, in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The part after it, as typed.
    pub to: String,
}

/// The working behind a position's answer.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The position, as typed.
    pub position: String,
    /// `normal`, `misere` or `every`.
    pub convention: &'static str,
    /// What decides: `sprague-grundy` (normal play: the XOR), `sj` (the Sprague–Grundy–Jones
    /// theorem, with Bouton's misère Nim), `quotient` (a misère quotient), `search` (an exact
    /// search of the whole sum), `steps` (Every-SG's step counts).
    pub rule: &'static str,
    /// Who wins under the convention.
    pub outcome: Outcome,
    /// The position's normal-play value (the XOR of its parts' values).
    pub value: u64,
    /// Its parts: one for a game alone, several for a sum.
    pub parts: Vec<Part>,
    /// The XOR of the parts' values, for a sum.
    pub xor: Option<Xor>,
    /// The winning moves found (for a sum, one per part holding the XOR's highest bit).
    pub winning_moves: Vec<WinningMove>,
    /// Every-SG: each game's step count (the largest decides).
    pub steps: Option<Vec<StepCount>>,
    /// The misère quotient that decided, with rule `quotient`.
    pub quotient: Option<grundy_core::misere::QuotientUsed>,
    /// The game tree to the depth asked, with each position's value and class.
    pub tree: Option<tree::Node>,
    /// The working in sentences, line by line, as the command prints it.
    pub lines: Vec<String>,
}

/// A game's Every-SG step count.
#[derive(Clone, Debug, Serialize)]
pub struct StepCount {
    /// The game and its position, as typed.
    pub position: String,
    /// Its step count (Winning Ways' suspense number).
    pub steps: u64,
}

fn finite(value: Value, what: &str) -> Result<u64, ExplainError> {
    match value {
        Value::Finite(Nimber(g)) => Ok(g),
        _ => Err(ExplainError::Loopy(what.to_string())),
    }
}

/// A part of the position: its game, its words, and the component built from them.
struct Piece {
    game: String,
    words: Vec<String>,
    component: Box<dyn Component>,
}

impl Piece {
    fn typed(&self) -> String {
        std::iter::once(self.game.clone())
            .chain(self.words.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The parts of a sum: each component, a heap game's heaps one by one.
fn pieces(games: &Registry, words: &[Word]) -> Result<Vec<Piece>, ExplainError> {
    let mut out = Vec::new();
    for component in games.build_sum(words)? {
        let game = component.game();
        let heaps: Option<Vec<u64>> = component.heap_rules().map(|(_, h)| h.to_vec());
        match heaps {
            Some(heaps) if heaps.len() > 1 => {
                for h in heaps {
                    let words = vec![h.to_string()];
                    out.push(Piece {
                        component: build(games, &game, &words)?,
                        game: game.clone(),
                        words,
                    });
                }
            }
            _ => {
                let position = component.position();
                let words = crate::position_words::words(&position).unwrap_or_default();
                out.push(Piece {
                    game,
                    words,
                    component,
                });
            }
        }
    }
    Ok(out)
}

fn build(
    games: &Registry,
    game: &str,
    words: &[String],
) -> Result<Box<dyn Component>, ExplainError> {
    let all: Vec<String> = std::iter::once(game.to_string())
        .chain(words.iter().cloned())
        .collect();
    let mut built = games.build_sum(&Word::from_args(&all))?;
    Ok(built.remove(0))
}

/// The options of `piece` and their values, when they can be listed.
fn options(games: &Registry, piece: &Piece) -> Result<Option<Options>, ExplainError> {
    let large = piece.words.iter().any(|w| {
        w.split(',')
            .any(|n| n.parse::<u64>().is_ok_and(|n| n > LISTED_NUMBER))
    });
    if large {
        return Ok(None);
    }
    let Some(tree) = piece.component.explore() else {
        return Ok(None);
    };
    let moves = tree.moves()?;
    if moves.len() > VALUED_OPTIONS {
        return Ok(None);
    }
    // A heap game's option of several heaps is a sum: its value the XOR of theirs.
    let split = piece.component.heap_rules().is_some();
    let mut rows = Vec::new();
    let mut reached = std::collections::BTreeSet::new();
    for (report, _) in moves {
        let left = words(&report.position).unwrap_or_default();
        let heaps = if split && left.len() > 1 {
            let mut each = Vec::new();
            for heap in &left {
                let value = build(games, &piece.game, std::slice::from_ref(heap))?.value()?;
                each.push(finite(value, &format!("{} {heap}", piece.game))?);
            }
            Some(each)
        } else {
            None
        };
        let value = if left.is_empty() {
            0
        } else {
            let mut option = vec![build(games, &piece.game, &left)?];
            let analysis = analyse(&mut option, 0)?;
            let value = analysis
                .values
                .first()
                .cloned()
                .unwrap_or(Value::Finite(Nimber(0)));
            finite(value, &format!("{} {}", piece.game, left.join(" ")))?
        };
        reached.insert(value);
        rows.push(OptionRow {
            description: report.description,
            to: left.join(" "),
            value,
            heaps,
        });
    }
    let mex = (0..).find(|v| !reached.contains(v)).unwrap_or(0);
    let total = rows.len();
    rows.truncate(SHOWN_OPTIONS);
    Ok(Some(Options {
        total,
        shown: rows,
        values: reached.into_iter().collect(),
        mex,
    }))
}

/// The working behind the answer for the position `words` (a game and its position, or a sum
/// with `+`) under `convention`, searching within `limits`; with `depth`, the game tree to that
/// many moves too (normal play).
pub fn explain(
    games: &Registry,
    words: &[Word],
    convention: Convention,
    limits: &Limits,
    depth: Option<usize>,
) -> Result<Explanation, ExplainError> {
    if depth.is_some() && convention != Convention::Normal {
        return Err(ExplainError::Refused(
            "the game tree shows normal-play values: draw it without a convention".into(),
        ));
    }
    if let Some(d) = depth.filter(|&d| d == 0 || d > tree::MAX_DEPTH) {
        return Err(ExplainError::Refused(format!(
            "a tree of depth {d}: the depth is 1 to {}",
            tree::MAX_DEPTH
        )));
    }
    let mut e = explained(games, words, convention, limits)?;
    if let Some(depth) = depth {
        let typed: Vec<String> = words.iter().map(|w| w.text.clone()).collect();
        let root = tree::tree(games, &typed, depth)?;
        e.lines.push(format!(
            "The game tree to depth {depth} (P: the player to move loses; at most {} moves under a position):",
            tree::BRANCHES
        ));
        e.lines.extend(tree::text(&root));
        e.tree = Some(root);
    }
    Ok(e)
}

fn explained(
    games: &Registry,
    words: &[Word],
    convention: Convention,
    limits: &Limits,
) -> Result<Explanation, ExplainError> {
    let typed: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    let position = typed.join(" ");
    let mut pieces = pieces(games, words)?;
    let mut tables = Tables::default();
    for piece in &pieces {
        if let Some(h) = single_heap(piece) {
            let reach = tables.reach.entry(piece.game.clone()).or_default();
            *reach = (*reach).max(h);
        }
    }
    let mut parts = Vec::new();
    for piece in &mut pieces {
        let what = piece.typed();
        let value = finite(piece.component.value()?, &what)?;
        let reason = reason(games, piece, &mut tables);
        parts.push(Part {
            position: what,
            value,
            reason,
            options: None,
        });
    }
    match convention {
        Convention::Normal => normal(games, &position, pieces, parts),
        Convention::Misere => conventions::misere(games, words, &position, parts, limits),
        Convention::Every => conventions::every(games, words, &position, parts, limits),
    }
}

/// Normal play: the mex of a game's options, or the XOR of a sum's values.
fn normal(
    games: &Registry,
    position: &str,
    mut pieces: Vec<Piece>,
    mut parts: Vec<Part>,
) -> Result<Explanation, ExplainError> {
    let mut lines = Vec::new();
    let mut winning = Vec::new();
    let xor_all = parts.iter().fold(0, |x, p| x ^ p.value);
    let xor = if parts.len() == 1 {
        let options = options(games, &pieces[0])?;
        let part = &mut parts[0];
        match &options {
            Some(o) => {
                lines.push(format!(
                    "The options of {} and their values:",
                    part.position
                ));
                let width = o
                    .shown
                    .iter()
                    .map(|r| r.description.chars().count())
                    .max()
                    .unwrap_or(0);
                for row in &o.shown {
                    let xor = row.heaps.as_ref().map_or(String::new(), |h| {
                        let each: Vec<String> = h.iter().map(u64::to_string).collect();
                        format!("{} = ", each.join(" XOR "))
                    });
                    lines.push(format!(
                        "  {:width$}  G({}) = {xor}{}",
                        row.description,
                        show_to(row),
                        row.value
                    ));
                }
                if o.total > o.shown.len() {
                    lines.push(format!("  … and {} more options", o.total - o.shown.len()));
                }
                if o.total == 0 {
                    lines.push("  (none: no move is left)".to_string());
                }
                lines.push(format!(
                    "The values reached: {{{}}}; the least value not among them is {}.",
                    o.values
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    o.mex
                ));
                lines.push(format!("So G({}) = mex{{…}} = {}.", part.position, o.mex));
                part.reason = "the mex of its options' values".to_string();
                if o.mex != 0 {
                    for row in o.shown.iter().filter(|r| r.value == 0) {
                        winning.push(WinningMove {
                            part: Some(0),
                            value: Some(o.mex),
                            target: Some(0),
                            description: row.description.clone(),
                            to: row.to.clone(),
                        });
                    }
                }
            }
            None => lines.push(format!(
                "G({}) = {}: {} (its options are too many to list here).",
                part.position, part.value, part.reason
            )),
        }
        part.options = options;
        if part.value != 0 && winning.is_empty() {
            winning.extend(moves_to(&mut pieces[0], 0, part.value, 0)?);
        }
        if !winning.is_empty() {
            lines.push(
                "Each option of value 0 wins, leaving the other player a position of value 0:"
                    .to_string(),
            );
            for m in &winning {
                lines.push(format!("  {}", m.description));
            }
        }
        None
    } else {
        lines.push(format!(
            "{position} is a sum of {} games: by the Sprague–Grundy theorem its value is the XOR of theirs.",
            parts.len()
        ));
        let table = xor_table(&parts, &mut lines);
        let top_bit = table.top_bit;
        match top_bit {
            None => lines.push(
                "The XOR is 0: every move changes one value and so makes it non-zero; the player to move loses."
                    .to_string(),
            ),
            Some(bit) => {
                lines.push(format!(
                    "The XOR is {xor_all}, not 0: the player to move wins."
                ));
                lines.push(format!(
                    "Its highest bit is 2^{bit}: a game whose value has that bit moves to its value XOR {xor_all}, which is smaller, and the XOR becomes 0:"
                ));
                for (i, p) in parts.iter().enumerate() {
                    if p.value >> bit & 1 == 1 {
                        let target = p.value ^ xor_all;
                        let found = moves_to(&mut pieces[i], i, p.value, target)?;
                        match found.first() {
                            Some(m) => lines.push(format!(
                                "  {}: {} XOR {xor_all} = {target}: {}",
                                p.position, p.value, m.description
                            )),
                            None => lines.push(format!(
                                "  {}: {} XOR {xor_all} = {target}",
                                p.position, p.value
                            )),
                        }
                        winning.extend(found);
                    }
                }
            }
        }
        Some(table)
    };
    let outcome = if xor_all == 0 { Outcome::P } else { Outcome::N };
    lines.push(match outcome {
        Outcome::P => format!("G = 0: P, the second player wins (every move from {position} leads to a position of value not 0)."),
        _ => format!("G = {xor_all}, not 0: N, the first player wins by moving to a position of value 0."),
    });
    Ok(Explanation {
        position: position.to_string(),
        convention: "normal",
        rule: "sprague-grundy",
        outcome,
        value: xor_all,
        parts,
        xor,
        winning_moves: winning,
        steps: None,
        quotient: None,
        tree: None,
        lines,
    })
}

/// The parts' values in binary in aligned columns, with their reasons, and the XOR, written
/// to `lines`.
fn xor_table(parts: &[Part], lines: &mut Vec<String>) -> Xor {
    let total = parts.iter().fold(0, |x, p| x ^ p.value);
    let width = parts
        .iter()
        .map(|p| 64 - p.value.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let name_width = parts
        .iter()
        .map(|p| p.position.len())
        .max()
        .unwrap_or(0)
        .max(3);
    let binary: Vec<String> = parts
        .iter()
        .map(|p| format!("{:0width$b}", p.value))
        .collect();
    for (p, b) in parts.iter().zip(&binary) {
        lines.push(format!(
            "  {:name_width$}  {b}  = {}  ({})",
            p.position, p.value, p.reason
        ));
    }
    let total_binary = format!("{total:0width$b}");
    lines.push(format!(
        "  {:name_width$}  {total_binary}  = {total}",
        "XOR"
    ));
    Xor {
        binary,
        total,
        total_binary,
        top_bit: (total != 0).then(|| 63 - total.leading_zeros()),
    }
}

/// Where a part's value comes from: the theorem or proved period of a heap game's table, a
/// theorem's closed form, or the mex of its options.
fn reason(games: &Registry, piece: &Piece, tables: &mut Tables) -> String {
    let heap = single_heap(piece);
    if heap.is_some() {
        let reach = tables.reach.get(&piece.game).copied().unwrap_or(0);
        let table = *tables.read.entry(piece.game.clone()).or_insert_with(|| {
            // Until the period is proved, or far enough to hold every heap of this game.
            let request = Request {
                period: true,
                max: Some(reach.max(1 << 12)),
                ..Request::default()
            };
            values::open(games, &Word::new("the game", piece.game.as_str()))
                .ok()
                .and_then(|t| match t.tabulate(&request, &mut Quiet) {
                    Ok(Table::Heaps(line)) => Some((line.theorem, line.period)),
                    _ => None,
                })
        });
        let periodicity = grundy_registry::period::PERIODICITY_THEOREM;
        match table {
            // A theorem of the game's own gives the value itself (Bouton's, Lasker's).
            Some((Some(theorem), _)) if theorem != periodicity => return format!("by {theorem}"),
            Some((_, Some(p))) if p.proved && heap.is_some_and(|h| h >= p.preperiod) => {
                let saltus = if p.saltus > 0 {
                    format!(", saltus {}", p.saltus)
                } else {
                    String::new()
                };
                return format!(
                    "period {}{saltus} from heap {}, proved by {periodicity}",
                    p.period, p.preperiod
                );
            }
            Some((_, Some(p))) if p.proved => {
                return format!(
                    "its table, before the period that starts at heap {}: the mex of each heap's options",
                    p.preperiod
                )
            }
            Some(_) => {
                return "its table: each heap the mex of its options' values (no period proved)"
                    .to_string()
            }
            None => {}
        }
    }
    if piece.component.known_value().is_some() {
        "read from the game's values, without a search".to_string()
    } else {
        "the mex of its options' values, found by the solver".to_string()
    }
}

/// A part that is one heap of a heap game, small enough for its reason to be read from the
/// game's table.
fn single_heap(piece: &Piece) -> Option<u64> {
    piece
        .component
        .heap_rules()
        .and_then(|(_, heaps)| (heaps.len() == 1).then(|| heaps[0]))
        .filter(|&h| h <= TABLE_REASON)
}

/// Each heap game's table, read once for all its heaps: how far it must reach, and what it said
/// (its theorem, its period).
#[derive(Default)]
struct Tables {
    reach: std::collections::HashMap<String, u64>,
    read: std::collections::HashMap<String, TableSaid>,
}

type TableSaid = Option<(
    Option<&'static str>,
    Option<grundy_registry::period::Period>,
)>;

/// The largest heap whose reason is read from the game's table.
const TABLE_REASON: u64 = 1 << 20;

fn show_to(row: &OptionRow) -> String {
    if row.to.is_empty() {
        "nothing".to_string()
    } else {
        row.to.clone()
    }
}

/// The first move of `piece` to a position of value `target`.
fn moves_to(
    piece: &mut Piece,
    part: usize,
    value: u64,
    target: u64,
) -> Result<Vec<WinningMove>, ExplainError> {
    let mut out = Vec::new();
    piece.component.moves_to(Nimber(target), 1, &mut out)?;
    Ok(out
        .into_iter()
        .map(|m| WinningMove {
            part: Some(part),
            value: Some(value),
            target: Some(target),
            description: m.description,
            to: words(&m.position).unwrap_or_default().join(" "),
        })
        .collect())
}
