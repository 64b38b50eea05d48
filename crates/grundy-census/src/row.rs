//! One game of a census: what is computed for it ([`compute`]) and the row that records it
//! ([`Row`]), the same whichever front end or machine computed it.
//!
//! A row is computed through the registry like `grundy table --period`: the game's own
//! tabulation (a heap engine stops as soon as the periodicity theorem proves the period), up to
//! the census's heaps. A failure (a script's error, a cap, the memory budget) is the row's
//! error, never the census's.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use web_time::Instant;

use grundy_core::quotient::Caps;
use grundy_core::seal::Trust;
use grundy_core::{Nimber, Outcome, Value};
use grundy_front::guess::{self, Basis};
use grundy_front::plot::GameValues;
use grundy_front::registry::Registry;
use grundy_front::values;
use grundy_registry::period::{Period, PERIODICITY_THEOREM};
use grundy_registry::spec::Word;
use grundy_registry::tabulate::{Checkpoint, Request, Shape, Table, TableError, Watch};

use crate::rare;

/// Where a row stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Not computed yet.
    Pending,
    /// Being computed (by the census named in the store's `owner`).
    Running,
    /// Its period is proved: solved for every heap.
    Solved,
    /// Computed as far as asked, no period proved (a period seen, or none).
    Open,
    /// Its computation failed: see the row's error.
    Failed,
    /// The same moves as another game of the census (the row's `duplicate_of`), not computed
    /// again.
    Duplicate,
}

impl Status {
    /// The word stored and printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Running => "running",
            Status::Solved => "solved",
            Status::Open => "open",
            Status::Failed => "failed",
            Status::Duplicate => "duplicate",
        }
    }

    /// The status a stored word names.
    pub fn parse(word: &str) -> Option<Status> {
        [
            Status::Pending,
            Status::Running,
            Status::Solved,
            Status::Open,
            Status::Failed,
            Status::Duplicate,
        ]
        .into_iter()
        .find(|s| s.as_str() == word)
    }
}

/// How a row's period is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proof {
    /// A theorem (the row's `theorem`) extends it to every heap.
    Proved,
    /// Seen in the values computed, over the second half of the table at least, never
    /// contradicted.
    Checked,
}

/// The misère quotient of a heap game's heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Misere {
    /// The quotient's order (elements).
    pub order: u64,
    /// How many of its elements are P-positions.
    pub p_portion: u64,
    /// Heaps up to this one are in the quotient…
    pub upto: u64,
    /// …and every heap is, when the periodicity theorem proved the quotient's period.
    pub proved: bool,
}

/// One game of a census, as stored (the schema's `games` table, column for column).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The game, as the family wrote it (`0.77`, `sub:1,3`, `script:f.rhai?k=2`).
    pub spec: String,
    /// Its moves written one way (`0.77`; a spec with no canonical form: itself).
    pub canonical: String,
    /// Where it stands.
    pub status: Status,
    /// The row computed for the same moves, when this one is a duplicate.
    pub duplicate_of: Option<String>,
    /// The largest heap (position) asked for.
    pub upto: u64,
    /// The largest heap whose value was computed (a proved period stops before `upto`).
    pub computed: Option<u64>,
    /// `n0` of the period, when one is proved or seen.
    pub preperiod: Option<u64>,
    /// `p`.
    pub period: Option<u64>,
    /// `s` (`G(n + p) = G(n) + s`).
    pub saltus: Option<u64>,
    /// How the period is known.
    pub proof: Option<Proof>,
    /// The theorem that proves it.
    pub theorem: Option<String>,
    /// The largest value computed.
    pub largest: Option<u64>,
    /// The sparse method's best rare/common split of the values computed.
    pub rare: Option<rare::Split>,
    /// The closed form `guess` finds, with `--guess`.
    pub formula: Option<String>,
    /// Whether a theorem proves the formula or the table checks it.
    pub formula_basis: Option<Proof>,
    /// The misère quotient, with `--misere`.
    pub misere: Option<Misere>,
    /// Why the misère quotient is missing (not a heap game, a cap).
    pub misere_note: Option<String>,
    /// Seconds spent.
    pub seconds: f64,
    /// The memory its tables asked for, in bytes (their own estimate).
    pub memory: u64,
    /// The grundy version that computed it.
    pub version: String,
    /// Why it failed.
    pub error: Option<String>,
}

impl Row {
    /// A row not computed yet.
    pub fn pending(spec: &str, canonical: &str, upto: u64) -> Row {
        Row {
            spec: spec.to_string(),
            canonical: canonical.to_string(),
            status: Status::Pending,
            duplicate_of: None,
            upto,
            computed: None,
            preperiod: None,
            period: None,
            saltus: None,
            proof: None,
            theorem: None,
            largest: None,
            rare: None,
            formula: None,
            formula_basis: None,
            misere: None,
            misere_note: None,
            seconds: 0.0,
            memory: 0,
            version: VERSION.to_string(),
            error: None,
        }
    }
}

/// The version written in every row.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What is computed for each game.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The largest heap (position) computed.
    pub upto: u64,
    /// The heaps of the misère quotient, when one is asked for.
    pub misere: Option<u64>,
    /// Look for a closed form (`guess`) in the first values.
    pub guess: bool,
    /// The most time one game may take.
    pub time: Option<Duration>,
    /// The most memory one game's tables may ask for, in bytes.
    pub memory: Option<u64>,
    /// Where heap tables keep their checkpoints (one file per game), sealed with this key:
    /// an interrupted row resumes, an open row is pushed further without recomputing.
    pub checkpoints: Option<(PathBuf, Trust)>,
}

impl Settings {
    /// Heaps up to `upto`, nothing else, no caps, no checkpoints.
    pub fn upto(upto: u64) -> Settings {
        Settings {
            upto,
            misere: None,
            guess: false,
            time: None,
            memory: None,
            checkpoints: None,
        }
    }
}

/// The canonical text of `spec` (its moves written one way), or why it names no game.
pub fn canonical(games: &Registry, spec: &str) -> Result<String, String> {
    let word = Word::new("the game", spec);
    let (entry, parsed) = games.lookup(&word).map_err(|e| e.to_string())?;
    // A spec the game cannot read is refused here, not when its turn comes.
    values::tabulation(&entry, &parsed).map_err(|e| e.to_string())?;
    Ok(entry.canonical_text(&parsed))
}

/// The row of `spec`: its values to `settings.upto`, the period, and what else is asked.
/// `stop` ends it early (Ctrl-C): the row comes back [`Status::Pending`], what was computed kept
/// in its checkpoint. `progress(done, total)` is told the values computed.
pub fn compute(
    games: &Registry,
    spec: &str,
    settings: &Settings,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(u64, u64),
) -> Row {
    let started = Instant::now();
    let mut row = Row::pending(spec, spec, settings.upto);
    let mut watch = GameWatch {
        deadline: settings.time.map(|t| started + t),
        stop,
        cap: settings.memory,
        asked: 0,
        timed_out: false,
        progress,
    };
    let outcome = fill(games, spec, settings, &mut row, &mut watch);
    row.memory = watch.asked;
    row.seconds = started.elapsed().as_secs_f64();
    match outcome {
        Ok(()) => {}
        Err(TableError::Interrupted { .. }) if watch.timed_out => {
            row.status = Status::Failed;
            row.error = Some(format!(
                "the time cap of {} s was reached{}",
                settings.time.map_or(0, |t| t.as_secs()),
                if settings.checkpoints.is_some() {
                    " (what was computed is in its checkpoint)"
                } else {
                    ""
                }
            ));
        }
        Err(TableError::Interrupted { .. }) => row.status = Status::Pending,
        Err(e) => {
            row.status = Status::Failed;
            row.error = Some(e.to_string());
        }
    }
    row
}

fn fill(
    games: &Registry,
    spec: &str,
    settings: &Settings,
    row: &mut Row,
    watch: &mut GameWatch<'_, '_>,
) -> Result<(), TableError> {
    let word = Word::new("the game", spec);
    let (entry, parsed) = games.lookup(&word)?;
    row.canonical = entry.canonical_text(&parsed);
    let table = values::tabulation(&entry, &parsed)?;
    let supports = table.supports();
    let heap_engine = table.shape() == Shape::Line && supports.csv && supports.period;
    let checkpoint = match &settings.checkpoints {
        Some((dir, trust)) if supports.resume => Some(Checkpoint {
            path: dir.join(checkpoint_name(&row.canonical)),
            resume: true,
            trust: trust.clone(),
            keep_unproved: true,
        }),
        _ => None,
    };
    let request = Request {
        // A heap engine computes until the period is proved, or `upto`.
        upto: (!heap_engine).then(|| settings.upto.to_string()),
        defaults: None,
        period: supports.period,
        max: Some(settings.upto),
        naive: false,
        checkpoint,
    };
    let tabled = table.tabulate(&request, watch)?;
    let mut head: Vec<u32> = Vec::new();
    let mut period: Option<Period> = None;
    let mut theorem: Option<&'static str> = None;
    match &tabled {
        Table::Heaps(line) => {
            head = line.head.to_vec();
            period = line.period;
            theorem = line.theorem;
            row.computed = Some(line.computed_last());
        }
        Table::Line {
            cells,
            period: seen,
            ..
        } => {
            period = *seen;
            row.computed = Some(cells.len().saturating_sub(1) as u64);
            // A position the game lacks, or of infinite value, ends the line the values read.
            for cell in cells {
                match cell {
                    Some((Value::Finite(Nimber(g)), _)) => head.push(*g as u32),
                    _ => break,
                }
            }
        }
        Table::Grid { rows, upto, .. } => {
            row.computed = Some(upto.0.max(upto.1));
            row.largest = rows
                .iter()
                .flatten()
                .filter_map(|c| match c {
                    Some((Value::Finite(Nimber(g)), _)) => Some(*g),
                    _ => None,
                })
                .max();
        }
        Table::Vertices { rows, .. } => {
            row.computed = Some(rows.len() as u64);
            row.largest = rows
                .iter()
                .filter_map(|r| match r.value {
                    Value::Finite(Nimber(g)) => Some(g),
                    _ => None,
                })
                .max();
        }
    }
    if !head.is_empty() {
        row.largest = head.iter().max().map(|&g| g as u64);
        row.rare = rare::split(&head);
    }
    row.status = Status::Open;
    // A period seen only at the very end of a long table is a coincidence as often as not: a
    // census records one not proved only where it held over the second half of the table.
    let computed = row.computed.unwrap_or(0);
    let period = period.filter(|p| p.proved || p.preperiod.saturating_mul(2) <= computed);
    if let Some(p) = period {
        row.preperiod = Some(p.preperiod);
        row.period = Some(p.period);
        row.saltus = Some(p.saltus);
        if p.proved {
            row.proof = Some(Proof::Proved);
            row.theorem = Some(theorem.unwrap_or(PERIODICITY_THEOREM).to_string());
            row.status = Status::Solved;
        } else {
            row.proof = Some(Proof::Checked);
        }
    }
    if settings.guess && head.len() > guess::MIN_KNOWN {
        let first: Vec<_> = head.iter().take(4096).collect();
        let values = GameValues::Line {
            game: spec.to_string(),
            cells: first
                .iter()
                .map(|&&g| {
                    let outcome = if g == 0 { Outcome::P } else { Outcome::N };
                    Some((Value::Finite(Nimber(g as u64)), outcome))
                })
                .collect(),
            period: period.filter(|p| p.proved && p.preperiod + 3 * p.period < first.len() as u64),
            theorem,
        };
        let report = guess::guess(&values, false, &guess::Settings::default());
        if report.found {
            row.formula = report.formula;
            row.formula_basis = report.basis.map(|b| match b {
                Basis::Proved => Proof::Proved,
                Basis::Checked => Proof::Checked,
            });
        }
    }
    drop(tabled);
    if let Some(upto) = settings.misere {
        let caps = Caps {
            stop: None,
            ..Caps::default()
        };
        let mut going = |_: u64, _: usize| !watch.should_stop();
        match table.misere_quotient(upto, caps, &mut going) {
            Some(Ok(q)) => {
                row.misere = Some(Misere {
                    order: q.monoid().order() as u64,
                    p_portion: q.monoid().p_portion().count() as u64,
                    upto: q.last(),
                    proved: q.period().is_some_and(|p| p.proved),
                });
            }
            Some(Err(m)) => row.misere_note = Some(m),
            None => row.misere_note = Some("not a heap game".into()),
        }
    }
    Ok(())
}

/// A file name for a game's checkpoint: its canonical text made safe, and a hash that keeps two
/// texts made alike apart.
pub fn checkpoint_name(canonical: &str) -> String {
    let safe: String = canonical
        .chars()
        .take(40)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    // FNV-1a: a name, not a seal (the file itself is sealed).
    let hash = canonical.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{safe}-{hash:016x}.ckpt")
}

/// What a census lends one game's table: its progress, the census's stop, the game's time and
/// memory caps.
struct GameWatch<'a, 'p> {
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    cap: Option<u64>,
    asked: u64,
    timed_out: bool,
    progress: &'p mut dyn FnMut(u64, u64),
}

impl GameWatch<'_, '_> {
    fn should_stop(&mut self) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out || self.stop.load(Ordering::Relaxed)
    }
}

impl Watch for GameWatch<'_, '_> {
    fn progress(&mut self, done: u64, total: u64) -> bool {
        (self.progress)(done, total);
        !self.should_stop()
    }

    fn reserve(&mut self, what: &str, bytes: u64) -> Result<(), String> {
        let asked = self.asked.saturating_add(bytes);
        if let Some(cap) = self.cap.filter(|&cap| asked > cap) {
            return Err(format!(
                "{what} needs {bytes} bytes more, past the game's memory cap of {cap} bytes"
            ));
        }
        self.asked = asked;
        Ok(())
    }

    fn warn(&mut self, _: &str) {}

    fn budget(&self) -> Option<u64> {
        self.cap.map(|cap| cap.saturating_sub(self.asked))
    }
}
