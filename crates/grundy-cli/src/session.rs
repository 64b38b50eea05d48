//! What every command runs with, built once from the command line's settings in `main`: the
//! registry of games, composed with the script runtime those settings made, and the runtime
//! itself (its `--cache` file is written when the command ends, or on Ctrl-C).

use std::sync::Arc;

use grundy_core::limits::Limits;
use grundy_core::search::checkpoint::Checkpointing;
use grundy_front::registry::{self, Registry};
use grundy_script::Runtime;

/// The games and the script runtime of this run.
pub struct Session {
    /// Every game by name, scripts built with [`Session::scripts`], every search within
    /// [`Session::limits`].
    pub games: Registry,
    /// The script runtime: the `--param`s and `--script-max-*` caps, the `--cache` file, and the
    /// lines of heap values every script game of the run shares.
    pub scripts: Arc<Runtime>,
    limits: Limits,
}

impl Session {
    /// The session of the runtime `scripts`, searching within its search limits.
    pub fn new(scripts: Arc<Runtime>) -> Session {
        Session {
            games: registry::all(&scripts),
            limits: scripts.settings().search.clone(),
            scripts,
        }
    }

    /// How far a search may go (`--max-positions`, `--memory`), and where a hard game's search
    /// keeps its checkpoint: the limits every game of [`Session::games`] searches within, and a
    /// search of the whole sum too.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// This session with the searches of hard games keeping their checkpoint as `checkpointing`
    /// says (`solve --checkpoint`, `--resume`); the script runtime is the same.
    pub fn checkpointed(&self, checkpointing: Checkpointing) -> Session {
        let limits = Limits {
            checkpointing: Some(Arc::new(checkpointing)),
            ..self.limits.clone()
        };
        Session {
            games: registry::within(&self.scripts, limits.clone()),
            scripts: self.scripts.clone(),
            limits,
        }
    }
}
