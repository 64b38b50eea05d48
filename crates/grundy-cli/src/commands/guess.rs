//! `grundy guess GAME`: the simplest formula for a game's values (or P-positions) that holds on
//! its whole table, labelled proved or checked, in `check --formula` syntax and as C++ and
//! Python functions ([`grundy_front::guess`] finds and words it).

use grundy_front::guess::{self, Settings};

use crate::commands::game_values;
use crate::failure::Failure;
use crate::words;
use grundy_front::session::Session;

pub use grundy_front::guess::DEFAULTS;

#[derive(clap::Args)]
pub struct Args {
    /// The table to search: `N` (0 <= n <= N), or `XxY` for two-variable games. Without it the
    /// table starts at 4095 (64x64) and doubles, to 65535 (256x256), while no formula holds but
    /// a candidate failed only past the part searched, and a round takes less than 4 s. The
    /// search fits on the first part and validates on all of it.
    #[arg(long)]
    upto: Option<String>,
    /// Look for a formula of the P-positions (true where the player to move loses), not the
    /// values. (Also tried on its own when the values have none, or are not all finite.)
    #[arg(long)]
    p_positions: bool,
    /// The largest expression the search enumerates (nodes); sums of two and one expression per
    /// residue class reach beyond it.
    #[arg(long, default_value_t = Settings::default().max_size, value_name = "NODES")]
    max_size: u32,
    /// Print JSON {game, variables, target, upto, found, formula, family, size, basis, theorem,
    /// checked_upto, fitted_upto, cpp, python, near: [{formula, fails_at, expected, actual}],
    /// note}.
    #[arg(long)]
    json: bool,
    /// The game, e.g. `0.77`, `sub:1,3,4`, `lasker`, `wythoff`, `script:half.rhai`.
    #[arg(required = true, allow_negative_numbers = true, value_name = "GAME")]
    spec: Vec<String>,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let wanted = Settings::with_max_size(args.max_size)
        .map_err(|e| Failure::Input(format!("--max-size {e}")))?;
    // The expression pools are the search's memory: half the budget at most, the rest for the
    // table.
    let settings = Settings {
        stage: Some(crate::progress::guessing),
        ..wanted.within(crate::memory::budget() / 2)
    };
    if settings.max_ints < wanted.max_ints {
        eprintln!(
            "grundy: the expression pools take about {} at full size, more than half the memory \
             budget ({}): searching with {} expressions instead of {} (raise it with --memory SIZE)",
            crate::out::Bytes(wanted.estimated_bytes()),
            crate::out::Bytes(crate::memory::budget()),
            settings.max_ints + settings.max_bools,
            wanted.max_ints + wanted.max_bools
        );
    }
    let words = words::expand(&args.spec)?;
    let mut values = |upto: Option<&str>| {
        let values = game_values::compute_with(session, &words, upto, DEFAULTS)?;
        Ok::<_, Failure>(values)
    };
    let report = guess::guess_growing(
        &mut values,
        args.upto.as_deref(),
        args.p_positions,
        &settings,
    )?;
    crate::progress::finish();
    if args.json {
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        out!("{}", report.text());
    }
    Ok(())
}
