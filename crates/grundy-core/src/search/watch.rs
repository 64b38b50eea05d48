//! What runs beside a search: progress on stderr, the table saved as a checkpoint every so
//! often, a checkpoint resumed and checked against the rules, and removed once the work is done.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

// `std::time::Instant` outside a browser; `performance.now()` in one, where std has no clock.
use web_time::Instant;

use super::checkpoint::{self, CheckpointError, Checkpointing};
use super::table::{EXACT, MASK, MASK_BITS};
use super::{Search, SearchRules, VERIFIED_SIZE};

/// Where a search saves its table, and how often.
pub(super) struct Saver {
    path: std::path::PathBuf,
    /// The key the file is sealed with.
    key: crate::seal::Key,
    rules: String,
    every: Duration,
    /// Set when a run of the search has finished: the file is then removed with the search.
    finished: AtomicBool,
    /// Whether this search resumed from the file or wrote it: only then is it its to remove.
    owned: AtomicBool,
}

impl<R: SearchRules> Search<R>
where
    R::Position: Send + Sync,
{
    /// Saves the table every so often as `config` says (the program's
    /// [`crate::limits::Limits::checkpointing`]; `None`: no checkpoint), and with `resume`, starts from
    /// that file: its entries are stored in this table, then a sample of them (up to 256 of at
    /// most [`VERIFIED_SIZE`] cells, as decoded by [`SearchRules::decode`]) is searched again
    /// from the rules alone, and one that disagrees refuses the file. `rules` names the
    /// ruleset and its options: a file written under other rules is refused too. The file is
    /// removed when the search is dropped after finishing its work.
    pub fn checkpointed(
        mut self,
        rules: &str,
        config: Option<&Checkpointing>,
    ) -> Result<Self, CheckpointError>
    where
        R: Clone,
    {
        let Some(config) = config.cloned() else {
            return Ok(self);
        };
        if config.resume {
            let loaded = checkpoint::load(&self.table, &config, rules)?;
            self.verify(&loaded.sample, !loaded.sealed)
                .map_err(|why| CheckpointError {
                    path: config.path.clone(),
                    why,
                })?;
        }
        checkpoint::register(&self.table, &config.path, rules, &config.trust.key);
        self.saver = Some(Saver {
            key: config.trust.key,
            path: config.path,
            rules: rules.to_string(),
            every: config.every,
            finished: AtomicBool::new(false),
            owned: AtomicBool::new(config.resume),
        });
        Ok(self)
    }

    /// `make()`, [`checkpointed`](Search::checkpointed) under `rules`. A checkpoint that cannot
    /// be used is reported on stderr and a new `make()` searches from the start: the command line
    /// checks a file whole before a search begins, so only one whose entries the rules
    /// contradict gets this far, and a ruleset values positions with no way to fail.
    pub fn checkpointed_or_fresh(
        make: impl Fn() -> Self,
        rules: &str,
        config: Option<&Checkpointing>,
    ) -> Self
    where
        R: Clone,
    {
        make().checkpointed(rules, config).unwrap_or_else(|e| {
            eprintln!("grundy: warning: {e}; searching from the start");
            make()
        })
    }

    /// Checks entries read from a checkpoint against a search from the rules alone: a sample of
    /// a sealed file (its small positions), or, `whole`, every entry of an imported one (a file
    /// whose rules cannot name an entry's position is then refused, not believed).
    fn verify(&self, sample: &[(u64, u64)], whole: bool) -> Result<(), String>
    where
        R: Clone,
    {
        if !self.rules.decodes() {
            return match whole {
                false => Ok(()),
                true => Err(
                    "the positions of this game's search cannot be read back from a file, so \
                     its entries cannot be verified: delete it to start again"
                        .into(),
                ),
            };
        }
        // One search from the rules alone for the whole sample (its table shared by them),
        // reporting as this one does: an imported file's every entry may take a while.
        let fresh = Search::new(self.rules.clone(), 1 << 20, 1).with_progress(self.progress);
        for &(code, data) in sample {
            let Some(part) = self.rules.decode(code) else {
                return Err(format!(
                    "an entry's code ({code:#x}) is no position of these rules: delete the \
                     file to start again"
                ));
            };
            if self.rules.code(&part) != Some(code) {
                if whole {
                    return Err(format!(
                        "an entry's code ({code:#x}) is not its position's own: delete the \
                         file to start again"
                    ));
                }
                continue;
            }
            if !whole && self.rules.size(&part) > VERIFIED_SIZE {
                continue;
            }
            let v = fresh.value(&part).0;
            let agrees = if data & EXACT != 0 {
                data & MASK == v
            } else {
                v >= u64::from(MASK_BITS) || data >> v & 1 == 0
            };
            if !agrees {
                return Err(format!(
                    "an entry disagrees with the rules (code {code:#x}: value {v}): \
                     delete the file to start again"
                ));
            }
        }
        Ok(())
    }

    pub(super) fn run<T: Send>(&self, job: impl FnOnce() -> T + Send) -> T {
        let done = Arc::new(AtomicBool::new(false));
        // A browser has no threads to watch from: there the search runs unwatched.
        let watched = (self.progress || self.saver.is_some()) && cfg!(not(target_arch = "wasm32"));
        let watch = watched.then(|| {
            let done = Arc::clone(&done);
            let start = Instant::now();
            // A scoped thread cannot outlive `self`, so it reads the counters directly.
            move |s: &Self| {
                let (mut reported, mut saved) = (Instant::now(), Instant::now());
                let mut warned = false;
                while !done.load(Ordering::Relaxed) {
                    // Woken at once when the search ends.
                    std::thread::park_timeout(Duration::from_millis(500));
                    if s.progress && reported.elapsed() >= Duration::from_secs(5) {
                        reported = Instant::now();
                        let t = start.elapsed().as_secs_f64();
                        let n = s.nodes();
                        eprintln!(
                            "search: {:.0} s, {} nodes ({:.2} M/s), table {:.0}% of {} MiB",
                            t,
                            n,
                            n as f64 / t / 1e6,
                            100.0 * s.table.filled_fraction(),
                            s.table.bytes() >> 20
                        );
                    }
                    let Some(saver) = &s.saver else { continue };
                    if saved.elapsed() < saver.every || done.load(Ordering::Relaxed) {
                        continue;
                    }
                    let saved_now =
                        checkpoint::save(&s.table, &saver.path, &saver.rules, &saver.key);
                    if saved_now.is_ok() {
                        saver.owned.store(true, Ordering::Relaxed);
                    }
                    match saved_now {
                        Ok(()) if s.progress => {
                            eprintln!("search: checkpoint saved in {}", saver.path.display())
                        }
                        Ok(()) => {}
                        Err(e) if !warned => {
                            warned = true;
                            eprintln!(
                                "grundy: warning: could not write checkpoint {}: {e}",
                                saver.path.display()
                            );
                        }
                        Err(_) => {}
                    }
                    saved = Instant::now();
                }
            }
        });
        let out = std::thread::scope(|scope| {
            let watcher = watch.map(|w| scope.spawn(move || w(self)));
            let out = match &self.pool {
                Some(pool) => pool.install(job),
                None => job(),
            };
            done.store(true, Ordering::Relaxed);
            if let Some(w) = watcher {
                w.thread().unpark();
            }
            out
        });
        if let Some(saver) = &self.saver {
            saver.finished.store(true, Ordering::Relaxed);
        }
        out
    }
}

impl<R: SearchRules> Drop for Search<R>
where
    R::Position: Send + Sync,
{
    /// A search that finished its work needs its checkpoint no more (one interrupted never gets
    /// here: the process ends first). A file it neither read nor wrote is left alone.
    fn drop(&mut self) {
        if let Some(saver) = &self.saver {
            if saver.finished.load(Ordering::Relaxed) && saver.owned.load(Ordering::Relaxed) {
                let _ = std::fs::remove_file(&saver.path);
            }
        }
    }
}
