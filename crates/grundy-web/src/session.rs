//! The page's session: the registry of games, composed with a script runtime built from the
//! page's limits, and built again when the limits change (the page's "Limits" form).

use std::sync::{Arc, Mutex};

use grundy_front::registry::{self, Registry};
use grundy_script::{Runtime, ScriptLimits, ScriptSettings};

static SESSION: Mutex<Option<Arc<Registry>>> = Mutex::new(None);

/// The games the page answers about, with its script limits.
pub fn games() -> Arc<Registry> {
    let mut session = SESSION.lock().unwrap_or_else(|e| e.into_inner());
    session
        .get_or_insert_with(|| Arc::new(with(ScriptLimits::DEFAULT)))
        .clone()
}

/// Runs scripts under `limits` from now on, checked as the command line checks its own.
pub fn set_script_limits(limits: ScriptLimits) -> Result<(), String> {
    limits.check()?;
    *SESSION.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(with(limits)));
    Ok(())
}

/// Every game, scripts run under `limits`.
fn with(limits: ScriptLimits) -> Registry {
    registry::all(&Runtime::new(ScriptSettings {
        limits,
        ..ScriptSettings::default()
    }))
}
