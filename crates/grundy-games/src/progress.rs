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
/// search of `grundy_front::guess`), so a log sees it work.
pub fn set_stage_reporter(report: StageReporter) {
    let _ = STAGE.set(report);
}

/// A new stage of a long computation begins.
pub fn stage(what: &str) {
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
