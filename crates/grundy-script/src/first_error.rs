//! The first error, by position, of expansions run in parallel: what ends a block early.
//!
//! A script that loops for ever spends its whole operation cap on each call, so a block that went
//! on expanding after an error would take minutes to say it. Each item before the least one that
//! failed still runs; the items past it are skipped; the error kept is the least item's, so what
//! is said does not depend on the threads' order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The least failed item of a block and its error.
pub(super) struct FirstError {
    least: AtomicUsize,
    error: Mutex<Option<(usize, String)>>,
}

impl FirstError {
    pub(super) fn new() -> FirstError {
        FirstError {
            least: AtomicUsize::new(usize::MAX),
            error: Mutex::new(None),
        }
    }

    /// Whether item `k` need not run: an item before it failed.
    pub(super) fn skips(&self, k: usize) -> bool {
        k > self.least.load(Ordering::Acquire)
    }

    /// Notes what item `k` gave.
    pub(super) fn note<T>(&self, k: usize, result: &Result<T, String>) {
        if let Err(m) = result {
            let mut first = self.error.lock().expect("no thread panics holding it");
            if first.as_ref().is_none_or(|(at, _)| k < *at) {
                *first = Some((k, m.clone()));
            }
            self.least.fetch_min(k, Ordering::Release);
        }
    }

    /// The error of the least item that failed, if one did.
    pub(super) fn error(&self) -> Option<String> {
        let first = self.error.lock().expect("no thread panics holding it");
        first.as_ref().map(|(_, m)| m.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_failure_is_kept_whatever_the_order() {
        let first = FirstError::new();
        first.note::<()>(7, &Err("seven".into()));
        assert!(first.skips(8) && !first.skips(3));
        first.note::<()>(3, &Err("three".into()));
        first.note(1, &Ok(()));
        assert!(first.skips(4));
        assert_eq!(first.error().as_deref(), Some("three"));
    }
}
