//! The page's session: the registry of games, composed with a script runtime built from the
//! page's limits, and built again when the limits change (the page's "Limits" form).

use std::sync::{Arc, Mutex};

use grundy_core::limits::Limits;
use grundy_front::registry::{self, Registry};
use grundy_script::{Runtime, ScriptLimits, ScriptSettings};

/// The games the page answers about, and how far a search of a whole sum may go.
pub struct Session {
    /// Every game, scripts run under the page's script limits, every search under `limits`.
    pub games: Registry,
    /// The search limits (the position cap).
    pub limits: Limits,
}

static SESSION: Mutex<Option<Arc<Session>>> = Mutex::new(None);

/// The page's session, with the default limits until the page sets its own.
pub fn session() -> Arc<Session> {
    let mut session = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    session
        .get_or_insert_with(|| Arc::new(with(ScriptLimits::DEFAULT, Limits::DEFAULT)))
        .clone()
}

/// Runs scripts under `scripts` and searches within `search` from now on, the script limits
/// checked as the command line checks its own.
pub fn set_limits(scripts: ScriptLimits, search: Limits) -> Result<(), String> {
    scripts.check()?;
    *SESSION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(with(scripts, search)));
    Ok(())
}

fn with(limits: ScriptLimits, search: Limits) -> Session {
    Session {
        games: registry::all(&Runtime::new(ScriptSettings {
            limits,
            search: search.clone(),
            ..ScriptSettings::default()
        })),
        limits: search,
    }
}
