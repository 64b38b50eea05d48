//! The page's session ([`grundy_front::session::Session`]), built from the page's limits and
//! again when they change (the page's "Limits" form).

use std::sync::{Arc, Mutex};

use grundy_core::limits::Limits;
use grundy_front::session::Session;
use grundy_script::{ScriptLimits, ScriptSettings};

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
    Session::new(ScriptSettings {
        limits,
        search,
        ..ScriptSettings::default()
    })
}
