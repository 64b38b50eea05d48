//! The interpreter's session ([`grundy_front::session::Session`]): one script runtime for every
//! call (so a Python game's values and a script's line, shared by every call, are computed once),
//! built when first used and again when the settings change (`grundy.set_max_positions`).

use std::sync::{Arc, Mutex};

use grundy_core::limits::Limits;
use grundy_front::session::Session;
use grundy_script::ScriptSettings;

static SESSION: Mutex<Option<Arc<Session>>> = Mutex::new(None);

/// Python has no command line: the settings are the library's defaults, with progress told to
/// `sys.stderr`, searches within `search`.
fn settings(search: Limits) -> ScriptSettings {
    ScriptSettings {
        search: Limits {
            table_progress: Some(crate::report_table),
            ..search
        },
        progress: Some(crate::report_progress),
        ..ScriptSettings::default()
    }
}

/// The module's session.
pub fn session() -> Arc<Session> {
    let mut session = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    session
        .get_or_insert_with(|| Arc::new(Session::new(settings(Limits::DEFAULT))))
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
    let fresh = Session::new(settings(old.limits().capped(positions)));
    if let Some((path, trust)) = old.scripts.cache_file() {
        old.scripts.save_cache()?;
        old.scripts.close_cache();
        fresh.scripts.open_cache(&path, &trust, reserve)?;
    }
    *SESSION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(fresh));
    Ok(())
}
