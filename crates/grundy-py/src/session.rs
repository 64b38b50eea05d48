//! What every call of the module runs with: the registry of games, composed with one script
//! runtime (so a Python game's values and a script's line, shared by every call, are computed
//! once), built from the module's settings when first used and again when they change
//! (`grundy.set_max_positions`).

use std::sync::{Arc, Mutex};

use grundy_core::limits::Limits;
use grundy_front::registry::{self, Registry};
use grundy_script::{Runtime, ScriptSettings};

/// The games and the script runtime of this interpreter.
pub struct Session {
    /// Every game by name, scripts built with [`Session::scripts`].
    pub games: Registry,
    /// The script runtime: the cache file of `grundy.cache`, and the lines of heap values.
    pub scripts: Arc<Runtime>,
}

impl Session {
    /// A session searching within `search`. Python has no command line: the other settings
    /// are the library's defaults, with progress told to `sys.stderr`.
    fn new(search: Limits) -> Session {
        let scripts = Runtime::new(ScriptSettings {
            search,
            progress: Some(crate::report_progress),
            ..ScriptSettings::default()
        });
        Session {
            games: registry::all(&scripts),
            scripts,
        }
    }

    /// How far a search may go (`grundy.set_max_positions`).
    pub fn limits(&self) -> &Limits {
        &self.scripts.settings().search
    }
}

static SESSION: Mutex<Option<Arc<Session>>> = Mutex::new(None);

/// The module's session.
pub fn session() -> Arc<Session> {
    let mut session = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    session
        .get_or_insert_with(|| Arc::new(Session::new(Limits::DEFAULT)))
        .clone()
}

/// Searches store at most `positions` positions from now on. The session is made again; an open
/// cache file is written first and opened again in the new one (the values computed so far go
/// with it), `reserve` asked for its bytes as when it was first opened.
pub fn set_max_positions(
    positions: usize,
    reserve: &dyn Fn(&str, u64) -> Result<(), String>,
) -> Result<(), String> {
    let old = session();
    let fresh = Session::new(Limits {
        positions,
        ..old.limits().clone()
    });
    if let Some(path) = old.scripts.cache_path() {
        old.scripts.save_cache()?;
        old.scripts.close_cache();
        fresh.scripts.open_cache(&path, reserve)?;
    }
    *SESSION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(fresh));
    Ok(())
}
