//! The script runtime of one run: the settings a front end chose for scripts, and what every
//! script game of the run shares (compiled programs, the lines of heap values, the cache file).
//!
//! A front end builds one [`Runtime`] from [`ScriptSettings`] it has validated (the command line
//! from its flags, Python from its keywords, the page from its form) and hands it to the registry
//! ([`Runtime::entries`]); every game a spec names is then built with those settings. Nothing is
//! read from the process: two runtimes in one process (two sessions with different caps, a
//! test beside another) do not see each other's settings, lines or cache file.
//!
//! ```
//! use grundy_core::{analyse, Nimber};
//! use grundy_registry::Registry;
//! use grundy_registry::spec::Word;
//! use grundy_script::{Params, Runtime, ScriptSettings};
//!
//! // A subtraction game whose largest move is a parameter: G(n) = n mod (k + 1).
//! let settings = ScriptSettings {
//!     params: Params::new(vec![("k".into(), "3".into())]),
//!     ..ScriptSettings::default()
//! };
//! let games = grundy_games::registry::builtin().with(Runtime::new(settings).entries());
//! let words = ["script:{fn moves(n) { range(max(n - k, 0), n) }}", "10"];
//! let mut sum = games.build_sum(&Word::from_args(&words)).unwrap();
//! assert_eq!(analyse(&mut sum, 10).unwrap().grundy, Some(Nimber(10 % 4)));
//! ```

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use super::cache::Cache;
use super::params::Params;
use super::program::{Program, ScriptLimits};
use super::shared::{LineBudget, Lines};
use super::tabulation::ScriptTable;
use super::{Host, ScriptGame};
use grundy_registry::entry::GameEntry;
use grundy_registry::spec::{GameSpec, SpecError};

/// How scripts run, as a front end decided it: built and validated once, then passed down.
#[derive(Clone, Debug, Default)]
pub struct ScriptSettings {
    /// The caps every call of a script runs under.
    pub limits: ScriptLimits,
    /// How far a search of a script game may go (the front end's search limits).
    pub search: grundy_core::limits::Limits,
    /// The parameters every script sees (the command line's `--param`); a spec's own
    /// (`script:F?k=3`) replace those of the same name.
    pub params: Params,
    /// The bytes the calling thread has allocated and not freed (a program's counting global
    /// allocator), so the memory cap of script calls is enforced; without one (a library
    /// user's program) the operations cap still bounds every call.
    pub memory_probe: Option<fn() -> i64>,
    /// Told now and then (every few thousand positions) how many positions a game script has
    /// expanded, so a long search can show that it is working.
    pub progress: Option<fn(&str, u64)>,
    /// What a shared line of heap values asks before it grows (the command line's memory
    /// budget); without one, a `solve` extends a line to a few hundred megabytes at most.
    pub line_budget: Option<LineBudget>,
    /// Set when the user asks the run to stop (the command line's Ctrl-C): a table valued
    /// position by position then stops within the position it is at, not at the end of its
    /// block, and no more positions are expanded ahead.
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// The script runtime of one run ([the module's note](self)).
pub struct Runtime {
    settings: ScriptSettings,
    /// Each script compiled once per run: `play` builds the game again after every move.
    compiled: Mutex<FxHashMap<(String, String, Params), Arc<Program>>>,
    /// The line of heap values of each program, shared by every game of it.
    pub(super) lines: Mutex<Lines>,
    /// The values off the line each program's games have computed, shared by them all.
    pub(super) known: Mutex<super::known::KnownValues>,
    /// The cache file of the run, if one was opened.
    pub(super) cache: Mutex<Option<Cache>>,
    /// Set by [`Runtime::stop_lines`], for good.
    stopped: AtomicBool,
    /// Whether a note was said on stderr ([`Runtime::note_once`]).
    noted: AtomicBool,
}

impl Runtime {
    /// A runtime with `settings`.
    pub fn new(settings: ScriptSettings) -> Arc<Runtime> {
        Arc::new(Runtime {
            settings,
            compiled: Mutex::default(),
            lines: Mutex::default(),
            known: Mutex::default(),
            cache: Mutex::default(),
            stopped: AtomicBool::new(false),
            noted: AtomicBool::new(false),
        })
    }

    /// The settings it runs scripts with.
    pub fn settings(&self) -> &ScriptSettings {
        &self.settings
    }

    /// The registry's entries for game scripts, building every game with this runtime.
    pub fn entries(self: &Arc<Runtime>) -> Vec<GameEntry> {
        let (build, table) = (self.clone(), self.clone());
        vec![GameEntry::new(
            "script",
            "script:FILE or script:{RHAI}",
            "a game whose moves a Rhai script gives: fn moves(p) returns the options of p (positions are integers, strings or arrays; sum([a, b]) is a sum); fastest as ranges a..b, splits(m), cuts(w, h) (the book: Game scripts)",
            "script:examples/games/half.rhai 10",
            move |spec, words| super::build(&build, spec, words),
        )
        .tabulated(move |spec| {
            let game = table.game(spec)?;
            Ok(Box::new(ScriptTable::new(spec, game)))
        })]
    }

    /// The game `spec` names: `script:FILE`, or `script:{...}` with the script inline, either
    /// followed by parameters (`?k=3&s=10`) that replace the settings' of the same name.
    pub fn game(self: &Arc<Runtime>, spec: &GameSpec) -> Result<ScriptGame, SpecError> {
        ScriptGame::from_spec(self, spec)
    }

    /// Compiles the script `text` read from `source`; `name` is the game spec that names it. The
    /// script sees the settings' parameters.
    pub fn compile(
        self: &Arc<Runtime>,
        name: &str,
        source: &str,
        text: &str,
    ) -> Result<ScriptGame, String> {
        self.compile_with(name, source, text, &self.settings.params)
    }

    /// [`Runtime::compile`] with the parameters `params`, each a constant every function sees.
    pub fn compile_with(
        self: &Arc<Runtime>,
        name: &str,
        source: &str,
        text: &str,
        params: &Params,
    ) -> Result<ScriptGame, String> {
        let key = (source.to_string(), text.to_string(), params.clone());
        let known = self
            .compiled
            .lock()
            .expect("no thread panics holding it")
            .get(&key)
            .cloned();
        let program = match known {
            Some(p) => p,
            None => {
                let p = Arc::new(Program::compile(source, text, params, &self.settings)?);
                self.compiled
                    .lock()
                    .expect("no thread panics holding it")
                    .insert(key, p.clone());
                p
            }
        };
        let mut game = self.hosted(name, program);
        game.identity = Some(super::cache::identity(text, params));
        Ok(game)
    }

    /// A game whose functions `host` runs (another language than Rhai: the Python package's
    /// `grundy.Game`), with the same positions, options, sums, memo and caps as a script.
    pub fn hosted(self: &Arc<Runtime>, name: &str, host: Arc<dyn Host>) -> ScriptGame {
        ScriptGame::new(self.clone(), name, host)
    }

    /// Uses `path` as this run's cache file: its lines are read now (none if it does not exist)
    /// and given to each game the first time it asks, and [`Runtime::save_cache`] writes them
    /// back. `reserve` is asked for the bytes the file's values take before they are read.
    /// `Err`: one line naming the file and what is wrong with it.
    pub fn open_cache(
        &self,
        path: &Path,
        trust: &grundy_core::seal::Trust,
        reserve: &dyn Fn(&str, u64) -> Result<(), String>,
    ) -> Result<(), String> {
        let cache = Cache::open(path, trust, reserve)?;
        *self.cache.lock().expect("no thread panics holding it") = Some(cache);
        Ok(())
    }

    /// Writes every line this run holds (and the file's lines no game used) to the cache file,
    /// when one was opened and a line grew; `Ok(false)` when there was nothing to write. `Err`:
    /// one line naming the file.
    pub fn save_cache(&self) -> Result<bool, String> {
        let cache = self.cache.lock().expect("no thread panics holding it");
        match cache.as_ref() {
            Some(cache) => cache.save(&self.lines),
            None => Ok(false),
        }
    }

    /// The cache file of the run, if one is open, and the trust it was opened with.
    pub fn cache_file(&self) -> Option<(std::path::PathBuf, grundy_core::seal::Trust)> {
        let cache = self.cache.lock().expect("no thread panics holding it");
        cache.as_ref().map(|c| (c.path.clone(), c.trust.clone()))
    }

    /// Forgets the cache file (after [`Runtime::save_cache`]): later lines are not read from it
    /// or written to it. The lines held stay in memory.
    pub fn close_cache(&self) {
        *self.cache.lock().expect("no thread panics holding it") = None;
    }

    /// The values the cache file holds for the game `identity`, taken once, and whether the file
    /// was sealed with the user's key (else it was imported: every value is valued again).
    pub(super) fn cached(
        &self,
        identity: u64,
    ) -> Option<(grundy_registry::tabulate::Values, bool)> {
        let mut cache = self.cache.lock().expect("no thread panics holding it");
        cache.as_mut()?.take(identity)
    }

    /// Stops every line being extended at the end of its block, and any more extending: a
    /// process ending on Ctrl-C calls it before [`Runtime::save_cache`], which waits for each
    /// line's lock (held while the line grows). The lines keep what was valued, as a table
    /// stopped by its watch does.
    pub fn stop_lines(&self) {
        self.stopped.store(true, Ordering::SeqCst);
    }

    /// Whether the run is stopping: [`Runtime::stop_lines`] was called, or the user asked it to
    /// stop ([`ScriptSettings::interrupt`]). Lines, blocks expanded ahead and tables valued
    /// position by position all end within the position they are at.
    pub(super) fn stopping(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
            || self
                .settings
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Says `message` on stderr, once a run: a line given up is a shortcut lost, not an error.
    pub(super) fn note_once(&self, message: &str) {
        if !self.noted.swap(true, Ordering::Relaxed) {
            eprintln!("grundy: note: {message}");
        }
    }
}
