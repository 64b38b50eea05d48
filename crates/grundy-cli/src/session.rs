//! What every command runs with, built once from the command line's settings in `main`: the
//! registry of games, composed with the script runtime those settings made, and the runtime
//! itself (its `--cache` file is written when the command ends, or on Ctrl-C).

use std::sync::Arc;

use grundy_front::registry::{self, Registry};
use grundy_script::Runtime;

/// The games and the script runtime of this run.
pub struct Session {
    /// Every game by name, scripts built with [`Session::scripts`].
    pub games: Registry,
    /// The script runtime: the `--param`s and `--script-max-*` caps, the `--cache` file, and the
    /// lines of heap values every script game of the run shares.
    pub scripts: Arc<Runtime>,
}

impl Session {
    /// How far a search of the whole sum may go (`--max-positions`, `--memory`): the limits
    /// every game of [`Session::games`] searches within too.
    pub fn limits(&self) -> &grundy_core::limits::Limits {
        &self.scripts.settings().search
    }

    /// The session of the runtime `scripts`.
    pub fn new(scripts: Arc<Runtime>) -> Session {
        Session {
            games: registry::all(&scripts),
            scripts,
        }
    }
}
