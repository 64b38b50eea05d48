//! Progress of long computations inside the library, told to whoever shows it (the command's
//! bar on stderr, Python's `progress=True`): a reporter installed once per process. The library
//! itself prints nothing.
//!
//! The one setting still held by the process rather than passed down as a value: a take-and-break
//! or subtraction game tells it while its registry builder computes the values a position needs,
//! before the registry hands the component its limits (`grundy_core::limits::Limits`); a builder
//! that receives them would make it a value too.

use std::sync::OnceLock;

/// Told `(what, done, total)` now and then while values of a heap game are computed.
pub type TableReporter = fn(&str, u64, u64);

static TABLE: OnceLock<TableReporter> = OnceLock::new();

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
