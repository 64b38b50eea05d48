//! Progress of long computations inside the library, told to whoever shows it (the command's
//! bar on stderr, Python's `progress=True`): a reporter installed once per process. The library
//! itself prints nothing.

use std::sync::OnceLock;

/// Told `(what, done, total)` now and then while values of a heap game are computed.
pub type TableReporter = fn(&str, u64, u64);

static TABLE: OnceLock<TableReporter> = OnceLock::new();

/// Told what a long computation without a count is doing now (`grundy guess`'s search).
pub type StageReporter = fn(&str);

static STAGE: OnceLock<StageReporter> = OnceLock::new();

/// Installs `report`, told each stage of a search that has no count to show (the formula
/// search of [`crate::guess`]), so a log sees it work.
pub fn set_stage_reporter(report: StageReporter) {
    let _ = STAGE.set(report);
}

/// A new stage of a long computation begins.
pub(crate) fn stage(what: &str) {
    if let Some(report) = STAGE.get() {
        report(what);
    }
}

/// Installs `report`, told now and then (a few times a second at most, between blocks of values)
/// how far the values a position needs have been computed, so a long solve shows that it works.
pub fn set_table_reporter(report: TableReporter) {
    let _ = TABLE.set(report);
}

/// `done` of `total` values of `what` are computed.
pub(crate) fn table(what: &str, done: u64, total: u64) {
    if let Some(report) = TABLE.get() {
        report(what, done, total);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use crate::heap::sparse::known_values;
    use crate::heap::take_and_break::rules::TakeBreakRules;

    static CALLS: AtomicU64 = AtomicU64::new(0);
    static LAST: AtomicU64 = AtomicU64::new(0);

    fn count(_: &str, done: u64, total: u64) {
        CALLS.fetch_add(1, Ordering::Relaxed);
        LAST.store(done, Ordering::Relaxed);
        assert!(done <= total, "{done} of {total}");
    }

    #[test]
    fn the_values_a_position_needs_report_their_progress() {
        super::set_table_reporter(count);
        let rules = TakeBreakRules::from_code("0.3F").unwrap();
        let known = known_values(&rules, 2000, 1 << 22);
        assert_eq!(known.len(), 2001);
        assert!(CALLS.load(Ordering::Relaxed) >= 2);
        assert_eq!(LAST.load(Ordering::Relaxed), 2001);
    }
}
