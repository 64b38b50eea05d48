//! What every call of the module runs with: the registry of games, composed with one script
//! runtime for the interpreter's life (so a Python game's values and a script's line, shared by
//! every call, are computed once), built from the module's settings when first used.

use std::sync::{Arc, OnceLock};

use grundy_front::registry::{self, Registry};
use grundy_script::{Runtime, ScriptSettings};

/// The games and the script runtime of this interpreter.
pub struct Session {
    /// Every game by name, scripts built with [`Session::scripts`].
    pub games: Registry,
    /// The script runtime: the cache file of `grundy.cache`, and the lines of heap values.
    pub scripts: Arc<Runtime>,
}

/// The module's session. Python has no command line to build it from: the settings are the
/// library's defaults, with progress told to `sys.stderr`.
pub fn session() -> &'static Session {
    static SESSION: OnceLock<Session> = OnceLock::new();
    SESSION.get_or_init(|| {
        let scripts = Runtime::new(ScriptSettings {
            progress: Some(crate::report_progress),
            ..ScriptSettings::default()
        });
        Session {
            games: registry::all(&scripts),
            scripts,
        }
    })
}
