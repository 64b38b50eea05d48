//! A heap game's table as [`Tabulate`] sees it: `G(0..=N)` of single heaps, by the sparse-space
//! engine or a theorem's formula, in doubling stages that stop as soon as the periodicity theorem
//! proves the period; each stage's memory asked of the front end's budget before it is
//! allocated, progress told as values are computed, a checkpoint every ten seconds, on Ctrl-C and
//! when the budget stops the table.

use std::time::Duration;

// `std::time::Instant` outside a browser; `performance.now()` in one, where std has no clock.
use web_time::Instant;

use grundy_core::quotient::{Caps, MisereQuotient};

use crate::heap::checkpoint;
use crate::heap::sparse::{Engine, Interrupted, Method, Values};
use crate::heap::table::{tabulate, TableGame};
use crate::period::Period;
use crate::spec::parse_number_text;
use crate::tabulate::{
    HeapLine, Request, Rest, Shape, Supports, Table, TableError, Tabulate, Watch,
};

/// The largest heap a table reaches (values are indexed by `u32`).
pub const LARGEST: u64 = u32::MAX as u64 - 1;

/// The largest heap computed while a period is looked for, unless the request says.
pub const DEFAULT_MAX: u64 = 1 << 20;

/// How often a long table saves its checkpoint.
const SAVE_EVERY: Duration = Duration::from_secs(10);

/// Why a stage loop stopped before its end.
enum Stop {
    /// The watch asked to stop.
    Interrupted,
    /// The next stage would not fit in the memory budget (the watch's words).
    Memory(String),
}

impl From<Interrupted> for Stop {
    fn from(_: Interrupted) -> Self {
        Stop::Interrupted
    }
}

impl Tabulate for TableGame {
    fn name(&self) -> &str {
        TableGame::name(self)
    }

    fn shape(&self) -> Shape {
        Shape::Line
    }

    fn supports(&self) -> Supports {
        Supports {
            period: true,
            resume: self.is_computed(),
            csv: true,
            naive: true,
        }
    }

    fn tabulate(&self, request: &Request, watch: &mut dyn Watch) -> Result<Table<'_>, TableError> {
        let method = if request.naive {
            Method::Naive
        } else {
            Method::Sparse
        };
        let max = request.max.unwrap_or(DEFAULT_MAX);
        if max > LARGEST {
            return Err(TableError::Input(format!(
                "--max ('{max}'): --max must be at most {LARGEST}"
            )));
        }
        let upto = match (&request.upto, request.defaults) {
            (Some(text), _) => Some(
                parse_number_text(text, "--upto", LARGEST)
                    .map_err(|m| TableError::Input(format!("--upto ('{text}'): {m}")))?,
            ),
            (None, Some(defaults)) => Some(defaults.line),
            (None, None) if request.period => None,
            (None, None) => {
                return Err(TableError::Input(
                    "give --upto N (or --period to compute until a period is proved)".into(),
                ))
            }
        };
        let started = Instant::now();
        // Without --upto: until a period is proved, or --max.
        let (head, period) =
            self.line(request, method, upto.unwrap_or(max), upto.is_none(), watch)?;
        let computed_last = head.len().saturating_sub(1) as u64;
        let last = upto.unwrap_or(computed_last);
        let rest = if computed_last >= last {
            Rest::Computed
        } else if let Some(p) = period.filter(|p| p.proved && self.is_computed()) {
            Rest::Period(p)
        } else {
            match self.formula_fn() {
                Some(value) => Rest::Formula {
                    value,
                    period: self.period(&[]),
                },
                None => {
                    return Err(TableError::Compute(format!(
                        "the table of {} stopped at {computed_last}, short of {last}",
                        self.name()
                    )))
                }
            }
        };
        Ok(Table::Heaps(HeapLine {
            game: self.name().to_string(),
            head,
            last,
            rest,
            period,
            theorem: period.filter(|p| p.proved).map(|_| self.theorem()),
            elapsed: started.elapsed(),
        }))
    }

    fn misere_quotient(
        &self,
        upto: u64,
        caps: Caps,
        progress: &mut dyn FnMut(u64, usize) -> bool,
    ) -> Option<Result<MisereQuotient, String>> {
        Some(TableGame::misere_quotient(self, upto, caps, progress).map_err(|e| e.to_string()))
    }
}

impl TableGame {
    /// `G(0..=last)`, or fewer when a proved period (or the game's formula) gives the rest, with
    /// the period of what was computed; see [`tabulate`]. A game computed move by move keeps the
    /// request's checkpoint.
    fn line(
        &self,
        request: &Request,
        method: Method,
        last: u64,
        searching: bool,
        watch: &mut dyn Watch,
    ) -> Result<(Values, Option<Period>), TableError> {
        let name = self.name();
        if !self.is_computed() {
            let computed = tabulate(
                self,
                None,
                method,
                last,
                searching,
                request.period,
                &mut |_| true,
                &mut |_, upto: u64| {
                    // The values as u32, and the copy the period search reads.
                    let need = (upto + 1).saturating_mul(8);
                    watch
                        .reserve(&format!("the table of {name} up to {upto}"), need)
                        .map_err(Stop::Memory)
                },
            );
            return computed.map_err(|stop| match stop {
                Stop::Memory(m) => TableError::Compute(m),
                Stop::Interrupted => TableError::Interrupted { kept: None },
            });
        }
        let checkpoint = request.checkpoint.as_ref();
        let resuming = checkpoint.filter(|c| c.resume && c.path.exists());
        // How many values the checkpoint resumed from held: a table shorter than that leaves it.
        let mut resumed_from = 0;
        let mut engine = match resuming {
            Some(c) => {
                let values = checkpoint::load(&c.path, self, watch)?;
                resumed_from = values.len();
                self.resume(method, &values).expect("a computed game")
            }
            None => self.engine(method).expect("a computed game"),
        };
        // Only a checkpoint this run read or wrote is removed when it finishes.
        let mut own_checkpoint = resuming.is_some();
        let mut last_save = Instant::now();
        let mut save_error = None;
        // The watch is told progress and budgets stages: two closures share it.
        let watch = std::cell::RefCell::new(watch);
        let mut tick = |e: &Engine| {
            if let Some(c) = checkpoint {
                if last_save.elapsed() > SAVE_EVERY {
                    match checkpoint::save(&c.path, self, e) {
                        Ok(()) => own_checkpoint = true,
                        Err(err) => save_error = Some(err),
                    }
                    last_save = Instant::now();
                }
            }
            watch
                .borrow_mut()
                .progress(e.values().len() as u64, last + 1)
        };
        let outcome = tabulate(
            self,
            Some(&mut engine),
            method,
            last,
            searching,
            request.period,
            &mut tick,
            &mut |engine: Option<&Engine>, upto: u64| {
                let engine = engine.expect("a computed game tabulates with its engine");
                // The values, and their mirror grown by doubling, at the current width; u32
                // copies of the values for the engine's reviews, the period and the checkpoint.
                // Less what the values and mirror computed so far already hold.
                let have = engine.values().len() as u64;
                let width = engine.values().width() as u64;
                let need = (upto + 1)
                    .saturating_mul(3 * width + 8)
                    .saturating_sub(have * 2 * width);
                watch
                    .borrow_mut()
                    .reserve(&format!("the table of {name} up to {upto}"), need)
                    .map_err(Stop::Memory)
            },
        );
        let watch = watch.into_inner();
        if let (Some(err), Some(c)) = (save_error, checkpoint) {
            watch.warn(&format!(
                "could not write checkpoint {}: {err}",
                c.path.display()
            ));
        }
        let keep = |engine: &Engine| -> Result<String, TableError> {
            let Some(c) = checkpoint else {
                return Ok(format!("after {} values", engine.values().len()));
            };
            checkpoint::save(&c.path, self, engine)
                .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
            Ok(format!(
                "after {} values; checkpoint written to {} (rerun with --resume to continue)",
                engine.values().len(),
                c.path.display()
            ))
        };
        match outcome {
            Ok(computed) => {
                let covered = computed.0.len() >= resumed_from;
                // Named or not, a checkpoint this run read or wrote is done with.
                if let Some(c) = checkpoint.filter(|c| own_checkpoint && covered && c.path.exists())
                {
                    let _ = std::fs::remove_file(&c.path);
                }
                Ok(computed)
            }
            Err(Stop::Memory(m)) if engine.values().is_empty() => Err(TableError::Compute(m)),
            Err(Stop::Memory(m)) => match checkpoint {
                // What was computed is kept: the next run (with more memory) resumes from it.
                Some(c) => {
                    checkpoint::save(&c.path, self, &engine)
                        .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
                    Err(TableError::Compute(format!(
                        "{m}; the {} values computed are in {} (--resume continues)",
                        engine.values().len(),
                        c.path.display()
                    )))
                }
                None => Err(TableError::Compute(m)),
            },
            Err(Stop::Interrupted) => Err(TableError::Interrupted {
                kept: Some(keep(&engine)?),
            }),
        }
    }
}
