//! # grundy-web
//!
//! grundy in the browser: the engine compiled to `wasm32-unknown-unknown` with wasm-bindgen, for
//! the playground page in `web/`. Each function answers what the command line's `--json` answers
//! for the same question ([`api`] holds them as plain Rust, tested natively against the CLI);
//! errors are thrown as the JSON `{"error": "...", "code": 1 | 2}` (the CLI's exit codes).
//!
//! Everything runs on one thread (the page's Web Worker): rayon falls back to the current
//! thread, and the page stops long work by ending its worker. The SVG of [`plot`] is drawn on
//! the page's main thread, where the browser can measure text.

pub mod api;
mod session;
mod words;

use std::sync::Mutex;

use wasm_bindgen::prelude::*;

/// The message of the last panic: in a browser a panic ends the module (an `unreachable` trap),
/// so the page asks for it ([`last_panic`]) to say what went wrong, then starts a fresh worker.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Keeps each panic's message for [`last_panic`].
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = PANIC.lock() {
            *last = Some(info.to_string());
        }
    }));
}

/// The message of the panic that ended the last call, if one did.
#[wasm_bindgen]
pub fn last_panic() -> Option<String> {
    PANIC.lock().ok().and_then(|mut p| p.take())
}

fn thrown(r: api::Refusal) -> JsValue {
    JsValue::from_str(&serde_json::to_string(&r).expect("a refusal is JSON"))
}

/// An answer as the page takes it: a setting its JSON names (a note's "give `upto`") worded as
/// the page's field, a refusal thrown.
fn answer(a: api::Answer) -> Result<String, JsValue> {
    a.map(words::worded).map_err(thrown)
}

/// Calls `progress(done, total)` (a JavaScript function, or undefined).
fn reporter(progress: &JsValue) -> impl FnMut(u64, u64) + '_ {
    move |done, total| {
        if let Some(f) = progress.dyn_ref::<js_sys::Function>() {
            let _ = f.call2(
                &JsValue::NULL,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(total as f64),
            );
        }
    }
}

/// `grundy games --json`.
#[wasm_bindgen]
pub fn games() -> String {
    api::games()
}

/// `grundy solve --json [--outcome]`: `words` a JSON list of strings, `convention` normal,
/// misere or every; `outcome` (normal play only) decides who wins alone, stopping at the first
/// winning move it proves.
#[wasm_bindgen]
pub fn solve(words: &str, convention: &str, limit: u32, outcome: bool) -> Result<String, JsValue> {
    answer(api::solve(words, convention, limit as usize, outcome))
}

/// `grundy explain --json [--misere|--every]`: `words` a JSON list of strings, `convention`
/// normal, misere or every.
#[wasm_bindgen]
pub fn explain(words: &str, convention: &str, depth: Option<u32>) -> Result<String, JsValue> {
    answer(api::explain(words, convention, depth.map(|d| d as usize)))
}

/// The SVG picture of the tree of an explanation [`explain`] answered (with a depth).
#[wasm_bindgen]
pub fn tree_svg(explanation: &str) -> Result<String, JsValue> {
    answer(api::tree_svg(explanation))
}

/// `grundy table --json [--period] GAME [--upto UPTO]`; `progress(done, total)` is told as it
/// goes.
#[wasm_bindgen]
pub fn table(
    game: &str,
    upto: Option<String>,
    period: bool,
    progress: JsValue,
) -> Result<String, JsValue> {
    let mut told = reporter(&progress);
    answer(api::table(game, upto.as_deref(), period, &mut told))
}

/// `grundy guess --json GAME [--upto UPTO]`.
#[wasm_bindgen]
pub fn guess(game: &str, upto: Option<String>, progress: JsValue) -> Result<String, JsValue> {
    let mut told = reporter(&progress);
    answer(api::guess(game, upto.as_deref(), &mut told))
}

/// `grundy check --json GAME --formula FORMULA [--upto UPTO] [--outcome]`.
#[wasm_bindgen]
pub fn check(
    game: &str,
    formula: &str,
    upto: Option<String>,
    outcome: bool,
) -> Result<String, JsValue> {
    answer(api::check(game, formula, upto.as_deref(), outcome))
}

/// The SVG `grundy plot` draws of the JSON [`table`] answered.
#[wasm_bindgen]
pub fn plot(table: &str, width: u32, height: u32) -> Result<String, JsValue> {
    answer(api::plot(table, width, height))
}

/// A component's position (JSON, as answers give it) in words, as the CLI shows it (`3 4 5`,
/// `2,5 3,5`, `(empty)`).
#[wasm_bindgen]
pub fn shown(position: &str) -> String {
    match serde_json::from_str(position) {
        Ok(json) => grundy_front::position_words::shown(&json),
        Err(_) => position.to_string(),
    }
}

/// A position being played: its value, every move (with the words of the position it leaves and
/// whether it wins) and the perfect engine's move.
#[wasm_bindgen]
pub fn turn(words: &str) -> Result<String, JsValue> {
    answer(api::turn(words))
}

/// Sets the script caps (the CLI's `--script-max-operations`, `--script-max-depth`, ...) and the
/// search cap (`--max-positions`), refusing caps that cannot be kept as the command line does.
#[wasm_bindgen]
pub fn set_limits(
    operations: u64,
    depth: u32,
    size: u32,
    max_positions: u32,
) -> Result<String, JsValue> {
    answer(api::set_limits(operations, depth, size, max_positions))
}
