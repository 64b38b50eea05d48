//! `grundy.cache(FILE)`: the CLI's `--cache FILE` for a Python session. The file is the same
//! (`grundy_script::Runtime::open_cache`): each script game's line of heap values, verified when
//! read, its last values valued again, written whole and renamed over the old one. Python opens
//! it when the `with` block starts and writes it when the block ends, however it ends.

use std::path::PathBuf;

use pyo3::prelude::*;

use crate::session::session;
use crate::table::fits;
use crate::words::worded;
use crate::{ComputeError, GameError};

/// Reads `path` as the cache file of the lines made from now on (none if it does not exist). A
/// file that does not verify raises `GameError` (the CLI's exit code 2), naming it; one not
/// sealed with the user's key too, unless `import_` (then each game's values are all valued
/// again before they are used).
#[pyfunction]
#[pyo3(signature = (path, import_ = false))]
pub fn open_cache(path: PathBuf, import_: bool) -> PyResult<()> {
    let session = session();
    let trust = session
        .keyring
        .trust()
        .map_err(|m| GameError::new_err(worded(m)))?
        .importing(import_);
    session
        .scripts
        .open_cache(&path, &trust, &fits)
        .map_err(|m| GameError::new_err(worded(m)))
}

/// Writes the cache file (when a line grew) and forgets it: `True` when it was written. A file
/// that cannot be written raises `ComputeError` (the CLI's exit code 1); it is forgotten anyway.
#[pyfunction]
pub fn close_cache() -> PyResult<bool> {
    let scripts = &session().scripts;
    let saved = scripts.save_cache();
    scripts.close_cache();
    saved.map_err(ComputeError::new_err)
}
