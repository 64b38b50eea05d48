//! A census on one machine: the family's games into the store, then every game that needs work
//! computed on `jobs` threads, each row written as it finishes by this thread alone (the one
//! writer). Ctrl-C (the `stop` flag) ends it within a moment: finished rows are kept, the games
//! being computed go back to what they were, their work in their checkpoints.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use web_time::Instant;

use grundy_front::registry::Registry;

use crate::row::{self, Row, Settings, Status};
use crate::store::{this_owner, Counts, Store, StoreError};

/// A game being computed.
#[derive(Clone, Debug)]
pub struct Running {
    /// The game.
    pub spec: String,
    /// How long it has run.
    pub elapsed: Duration,
    /// Values computed, of how many asked.
    pub done: u64,
    /// Of how many.
    pub total: u64,
}

/// What a census tells its front end.
pub enum Event<'a> {
    /// A row was written.
    Finished {
        /// The row.
        row: &'a Row,
        /// The family's counts after it.
        counts: &'a Counts,
    },
    /// Every half second: the counts, and the games being computed, the slowest first.
    Tick {
        /// The family's counts.
        counts: &'a Counts,
        /// The games being computed.
        running: &'a [Running],
    },
}

/// How a census runs.
pub struct Census<'a> {
    /// The games.
    pub games: &'a Registry,
    /// What each game's row holds.
    pub settings: Settings,
    /// Games computed at once.
    pub jobs: usize,
    /// Compute failed games again.
    pub retry: bool,
}

/// What a census did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Summary {
    /// The family's counts at the end.
    pub counts: Counts,
    /// Games computed by this run.
    pub computed: u64,
    /// Whether it was stopped before the end.
    pub interrupted: bool,
    /// Seconds it took.
    pub seconds: f64,
}

type Shared = Arc<Mutex<BTreeMap<String, (Instant, u64, u64)>>>;

impl Census<'_> {
    /// Adds the games of `family` (its specs `games`) to `store` and computes every one that
    /// needs it.
    pub fn run(
        &self,
        store: &mut Store,
        family: &str,
        games: &[String],
        stop: &AtomicBool,
        observe: &mut dyn FnMut(Event<'_>),
    ) -> Result<Summary, StoreError> {
        let started = Instant::now();
        let named: Vec<(String, Result<String, String>)> = games
            .iter()
            .map(|g| (g.clone(), row::canonical(self.games, g)))
            .collect();
        store.add(family, &named, self.settings.upto)?;
        let mut queue: VecDeque<String> =
            store.work(family, self.settings.upto, self.retry)?.into();
        let mut counts = store.counts(Some(family))?;
        let owner = this_owner();
        let running: Shared = Arc::default();
        let mut summary = Summary::default();
        let jobs = self.jobs.max(1);
        std::thread::scope(|scope| -> Result<(), StoreError> {
            let (work_tx, work_rx) = mpsc::channel::<String>();
            let work_rx = Arc::new(Mutex::new(work_rx));
            let (done_tx, done_rx) = mpsc::channel::<Row>();
            for _ in 0..jobs {
                let work_rx = work_rx.clone();
                let done_tx = done_tx.clone();
                let running = running.clone();
                let settings = &self.settings;
                let games = self.games;
                scope.spawn(move || loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok(spec)) = next else { break };
                    let mut told = |done: u64, total: u64| {
                        if let Ok(mut r) = running.lock() {
                            if let Some(entry) = r.get_mut(&spec) {
                                entry.1 = done;
                                entry.2 = total;
                            }
                        }
                    };
                    let row = row::compute(games, &spec, settings, stop, &mut told);
                    if done_tx.send(row).is_err() {
                        break;
                    }
                });
            }
            drop(done_tx);
            let mut busy = 0usize;
            // The status of each game claimed, before the claim.
            let mut claimed: BTreeMap<String, Status> = BTreeMap::new();
            let mut last_tick = Instant::now();
            loop {
                while busy < jobs && !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let Some(spec) = queue.pop_front() else { break };
                    let Some(was) = store.claim(&spec, &owner, self.settings.upto, self.retry)?
                    else {
                        continue;
                    };
                    claimed.insert(spec.clone(), was);
                    if let Ok(mut r) = running.lock() {
                        r.insert(spec.clone(), (Instant::now(), 0, self.settings.upto + 1));
                    }
                    busy += 1;
                    if work_tx.send(spec).is_err() {
                        break;
                    }
                }
                if busy == 0 {
                    break;
                }
                match done_rx.recv_timeout(Duration::from_millis(200)) {
                    Ok(row) => {
                        busy -= 1;
                        if let Ok(mut r) = running.lock() {
                            r.remove(&row.spec);
                        }
                        if row.status == Status::Pending {
                            // Stopped: the claim is given back, the work is in the checkpoint.
                            store.release(&row.spec)?;
                            summary.interrupted = true;
                            continue;
                        }
                        store.write(&row)?;
                        summary.computed += 1;
                        let was = claimed.remove(&row.spec).unwrap_or(Status::Pending);
                        recount(&mut counts, was, row.status);
                        observe(Event::Finished {
                            row: &row,
                            counts: &counts,
                        });
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if last_tick.elapsed() >= Duration::from_millis(500) {
                    last_tick = Instant::now();
                    let mut now: Vec<Running> = running
                        .lock()
                        .map(|r| {
                            r.iter()
                                .map(|(spec, (since, done, total))| Running {
                                    spec: spec.clone(),
                                    elapsed: since.elapsed(),
                                    done: *done,
                                    total: *total,
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    now.sort_by_key(|r| std::cmp::Reverse(r.elapsed));
                    observe(Event::Tick {
                        counts: &counts,
                        running: &now,
                    });
                }
            }
            drop(work_tx);
            Ok(())
        })?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) && !queue.is_empty() {
            summary.interrupted = true;
        }
        summary.counts = store.counts(Some(family))?;
        summary.seconds = started.elapsed().as_secs_f64();
        Ok(summary)
    }
}

/// The counts after a row went from `before` (its status when it was claimed) to `after`.
fn recount(counts: &mut Counts, before: Status, after: Status) {
    let field = |counts: &mut Counts, s: Status, add: bool| {
        let f = match s {
            Status::Solved => &mut counts.solved,
            Status::Open => &mut counts.open,
            Status::Failed => &mut counts.failed,
            Status::Duplicate => &mut counts.duplicates,
            Status::Pending | Status::Running => &mut counts.pending,
        };
        *f = if add { *f + 1 } else { f.saturating_sub(1) };
    };
    field(counts, before, false);
    field(counts, after, true);
}
