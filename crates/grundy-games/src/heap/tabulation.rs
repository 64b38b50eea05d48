//! A heap game's table as [`Tabulate`] sees it: `G(0..=N)` of single heaps, by the sparse-space
//! engine or a theorem's formula, in doubling stages that stop as soon as the periodicity theorem
//! proves the period; each stage's memory asked of the front end's budget before it is
//! allocated, progress told as values are computed, a checkpoint every ten seconds, on Ctrl-C and
//! when the budget stops the table.

use grundy_core::setting::Setting;
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

/// How often a long table saves its checkpoint, at most…
const SAVE_EVERY: Duration = Duration::from_secs(10);

/// …and at least (a save of billions of heaps is spaced out by its own length).
const SAVE_AT_LEAST_EVERY: Duration = Duration::from_secs(600);

/// Tables this long or longer say up front what they need and how far the budget reaches.
const FORECAST_FROM: u64 = 1 << 22;

/// Bytes for a person: `1.5 GiB`, `48 MiB`, `12 KiB`.
fn human_bytes(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if bytes >= size {
            let x = bytes as f64 / size as f64;
            return if x < 10.0 {
                format!("{x:.1} {unit}")
            } else {
                format!("{x:.0} {unit}")
            };
        }
    }
    format!("{bytes} bytes")
}

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
                "{} ('{max}'): {} must be at most {LARGEST}",
                Setting::Max,
                Setting::Max
            )));
        }
        let upto = match (&request.upto, request.defaults) {
            (Some(text), _) => Some(
                parse_number_text(text, &Setting::Upto.to_string(), LARGEST)
                    .map_err(|m| TableError::Input(format!("{} ('{text}'): {m}", Setting::Upto)))?,
            ),
            (None, Some(defaults)) => Some(defaults.line),
            (None, None) if request.period => None,
            (None, None) => {
                return Err(TableError::Input(format!(
                    "give {} (or {} to compute until a period is proved)",
                    Setting::Upto.given("N"),
                    Setting::Period
                )))
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
            return computed
                .map(|(values, period)| (values.unwrap_or_default(), period))
                .map_err(|stop| match stop {
                    Stop::Memory(m) => TableError::Compute(m),
                    Stop::Interrupted => TableError::Interrupted { kept: None },
                });
        }
        let checkpoint = request.checkpoint.as_ref();
        // A long table says up front what it needs and how far the budget reaches, and computes
        // no further than that: a stage that cannot fit is not begun.
        let asked = last;
        let mut last = last;
        let in_place = watch.grows_in_place();
        if last >= FORECAST_FROM {
            // The engine's forecast is its peak once the table is done. While a stage grows, the
            // last stage's values move into a block twice their size unless the front end's
            // allocator grows it in place: then the budget's reach is found for all of it, else
            // for half.
            let budget = watch
                .budget()
                .map_or(u64::MAX, |b| if in_place { b } else { b / 2 });
            if let Some((bytes, reach)) = self.forecast(last, budget) {
                let mut said = format!(
                    "the table of {name} up to {last} needs about {}",
                    human_bytes(bytes)
                );
                if let Some(budget) = watch.budget() {
                    said += &format!(
                        "; the budget of {} reaches about n = {reach}",
                        human_bytes(budget)
                    );
                    if reach < last {
                        said += &format!("; computing to {reach}");
                        last = reach;
                    }
                }
                watch.note(&said);
            }
        }
        let resuming = checkpoint.filter(|c| c.resume && c.path.exists());
        // How many values the checkpoint resumed from held: a table shorter than that leaves it.
        let mut resumed_from = 0;
        let mut engine = match resuming {
            Some(c) => {
                let values = checkpoint::load(c, self, watch)?;
                resumed_from = values.len();
                self.resume(method, values).expect("a computed game")
            }
            None => self.engine(method).expect("a computed game"),
        };
        // Only a checkpoint this run read or wrote is removed when it finishes.
        let mut own_checkpoint = resuming.is_some();
        let mut last_save = Instant::now();
        // How long the last save took: a table of billions of heaps is saved less often (at most
        // a twentieth of the time goes to saving), and at least every ten minutes.
        let mut save_took = Duration::ZERO;
        let mut save_error = None;
        // The watch is told progress and budgets stages: two closures share it.
        let watch = std::cell::RefCell::new(watch);
        let mut tick = |e: &Engine| {
            if let Some(c) = checkpoint {
                let every = (save_took * 20).clamp(SAVE_EVERY, SAVE_AT_LEAST_EVERY);
                if last_save.elapsed() > every {
                    let started = Instant::now();
                    match checkpoint::save(c, self, e) {
                        Ok(()) => own_checkpoint = true,
                        Err(err) => save_error = Some(err),
                    }
                    save_took = started.elapsed();
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
                // The engine's own forecast for the stage (values in their width, rare heaps,
                // marks), less what it holds already; the period is searched and checkpoints
                // written in place, without copies.
                let have = engine.values().len() as u64;
                let held = if have == 0 {
                    0
                } else {
                    engine.estimated_bytes(have - 1)
                };
                // While the values move to their larger block (or are widened, u8 to u16), the
                // old one is held too, unless the block grows in place (widened values are
                // always copied).
                let width = engine.values().width() as u64;
                let wider = engine.forecast_width(upto) as u64;
                let moving = have.saturating_mul(if wider > width {
                    width + wider
                } else if in_place {
                    0
                } else {
                    width
                });
                let need = engine
                    .estimated_bytes(upto)
                    .saturating_sub(held)
                    .saturating_add(moving);
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
            checkpoint::save(c, self, engine)
                .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
            Ok(format!(
                "after {} values; checkpoint written to {} (rerun with {} to continue)",
                engine.values().len(),
                c.path.display(),
                Setting::Resume
            ))
        };
        match outcome {
            Ok((_, period)) => {
                let computed = engine.values().len() as u64;
                if last < asked
                    && computed.saturating_sub(1) >= last
                    && !period.is_some_and(|p| p.proved)
                {
                    // Stopped where the budget reaches, short of what was asked, and no proved
                    // period gives the rest: what was computed is kept for a run with more memory.
                    let kept = match checkpoint {
                        Some(c) => {
                            checkpoint::save(c, self, &engine)
                                .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
                            format!(
                                "; the {computed} values computed are in {} ({} continues)",
                                c.path.display(),
                                Setting::Resume
                            )
                        }
                        None => String::new(),
                    };
                    return Err(TableError::Compute(format!(
                        "the table of {name} stopped at {last}, as far as the memory budget \
                         reaches ({computed} of the {} values asked); raise it with {}{kept}",
                        asked.saturating_add(1),
                        Setting::Memory.given("SIZE")
                    )));
                }
                let covered = computed >= resumed_from as u64;
                let proved = period.is_some_and(|p| p.proved);
                match checkpoint {
                    // Kept for a later, longer table: saved unless it holds this table already.
                    Some(c) if c.keep_unproved && !proved => {
                        let grown = covered && computed > resumed_from as u64;
                        if grown {
                            checkpoint::save(c, self, &engine)
                                .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
                        }
                    }
                    // Named or not, a checkpoint this run read or wrote is done with.
                    Some(c) if own_checkpoint && covered && c.path.exists() => {
                        let _ = std::fs::remove_file(&c.path);
                    }
                    _ => {}
                }
                // The values leave the engine as they are: a long table is not copied.
                Ok((engine.into_values(), period))
            }
            Err(Stop::Memory(m)) if engine.values().is_empty() => Err(TableError::Compute(m)),
            Err(Stop::Memory(m)) => match checkpoint {
                // What was computed is kept: the next run (with more memory) resumes from it.
                Some(c) => {
                    checkpoint::save(c, self, &engine)
                        .map_err(|e| TableError::Compute(format!("i/o: {e}")))?;
                    Err(TableError::Compute(format!(
                        "{m}; the {} values computed are in {} ({} continues)",
                        engine.values().len(),
                        c.path.display(),
                        Setting::Resume
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

#[cfg(test)]
mod tests {
    use crate::tabulate::{Request, Tabulate, Watch};

    /// A front end with a budget, whose table stops at its first tick: what it says up front.
    struct Budgeted {
        budget: u64,
        in_place: bool,
        said: Vec<String>,
    }

    impl Watch for Budgeted {
        fn progress(&mut self, _: u64, _: u64) -> bool {
            false
        }
        fn reserve(&mut self, _: &str, _: u64) -> Result<(), String> {
            Ok(())
        }
        fn warn(&mut self, _: &str) {}
        fn note(&mut self, message: &str) {
            self.said.push(message.to_string());
        }
        fn budget(&self) -> Option<u64> {
            Some(self.budget)
        }
        fn grows_in_place(&self) -> bool {
            self.in_place
        }
    }

    /// How far 64 MiB reach, as said before a table of 0.6 to 2^32 − 2 starts.
    fn reach(in_place: bool) -> u64 {
        let mut watch = Budgeted {
            budget: 64 << 20,
            in_place,
            said: Vec::new(),
        };
        let game = crate::heap::table_game("0.6");
        let _ = game.tabulate(&Request::upto("4294967294"), &mut watch);
        let said = watch.said.first().expect("a long table says what it needs");
        said.split("reaches about n = ")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no reach in: {said}"))
    }

    #[test]
    fn a_budget_reaches_twice_as_far_when_the_table_grows_in_place() {
        let (copied, in_place) = (reach(false), reach(true));
        // 0.6 takes two bytes a heap: 64 MiB hold about 32 million heaps, half of them while a
        // stage's values are copied to their new block.
        assert!(
            (30_000_000..34_000_000).contains(&in_place),
            "{in_place} in place"
        );
        let ratio = in_place as f64 / copied as f64;
        assert!((1.95..2.05).contains(&ratio), "{in_place} / {copied}");
    }
}
