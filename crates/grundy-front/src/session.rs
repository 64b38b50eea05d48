//! What a front end runs every question with, built once from its settings: the registry of
//! games composed with a script runtime, and the search limits of a whole sum. The command line
//! builds one in `main` from its flags, Python one for the interpreter, the page one from its
//! form; each passes it down to every lookup.
//!
//! ```
//! use grundy_core::limits::Limits;
//! use grundy_front::session::Session;
//! use grundy_registry::spec::Word;
//! use grundy_script::ScriptSettings;
//! let session = Session::new(ScriptSettings {
//!     search: Limits { positions: 1000, ..Limits::DEFAULT },
//!     ..ScriptSettings::default()
//! });
//! assert_eq!(session.limits().positions, 1000);
//! let sum = session.games.build_sum(&Word::from_args(&["nim", "3", "4"])).unwrap();
//! assert_eq!(sum.len(), 1);
//! ```

use std::sync::Arc;

use grundy_core::limits::Limits;
use grundy_core::seal::Keyring;
use grundy_core::search::checkpoint::Checkpointing;
use grundy_script::{Runtime, ScriptSettings};

use crate::registry::{self, Registry};

/// The games, the script runtime and the search limits of one front end's run.
pub struct Session {
    /// Every game by name, scripts built with [`Session::scripts`], every search within
    /// [`Session::limits`].
    pub games: Registry,
    /// The script runtime: its settings, its cache file, and the lines of heap values every
    /// script game of the run shares.
    pub scripts: Arc<Runtime>,
    /// The user's key, read or made when a checkpoint or cache is first opened or written, and
    /// whether files not sealed with it are imported (by default the user's own key, importing
    /// nothing).
    pub keyring: Arc<Keyring>,
    limits: Limits,
}

impl Session {
    /// The session of scripts run with `settings`, every game searching within their search
    /// limits ([`ScriptSettings::search`]).
    pub fn new(settings: ScriptSettings) -> Session {
        let scripts = Runtime::new(settings);
        Session {
            games: registry::all(&scripts),
            limits: scripts.settings().search.clone(),
            scripts,
            keyring: Arc::new(Keyring::for_user(false)),
        }
    }

    /// How far a search may go and where a hard game's search keeps its checkpoint: the limits
    /// every game of [`Session::games`] searches within, and a search of a whole sum too.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// This session with the searches of hard games keeping their checkpoint as `checkpointing`
    /// says (the command line's `solve --checkpoint`, `--resume`); the script runtime is the
    /// same.
    pub fn checkpointed(&self, checkpointing: Checkpointing) -> Session {
        let limits = Limits {
            checkpointing: Some(Arc::new(checkpointing)),
            ..self.limits.clone()
        };
        Session {
            games: registry::within(&self.scripts, limits.clone()),
            scripts: self.scripts.clone(),
            keyring: self.keyring.clone(),
            limits,
        }
    }
}
