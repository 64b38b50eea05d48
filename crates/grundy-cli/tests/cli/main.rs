//! The `grundy` binary run as a user runs it: one test binary, one module for each command or
//! concern, so that `cargo test -p grundy --test cli solve::` runs the tests of `grundy solve`.
//!
//! - `solve` (`solve/`): `grundy solve` and `grundy games`; `batch` (`--batch`), `limits` (what
//!   is too large to list or to tabulate), `outcome` (`--outcome`).
//! - `table` (`table/`): `grundy table`; `no_values` (`--no-values` for every kind of table).
//! - `checkpoints`: `--checkpoint` and `--resume` of tables and searches, and Ctrl-C on them.
//! - `check`, `guess`, `nimber`, `play`, `plot` (`plot/`: `formula` for `--formula`),
//!   `problems` (`grundy problem`), `quotient`: one command each.
//! - `scripts` (`scripts/`): game scripts: `games`, `params`, `ranges`, `sandbox`, `cache`
//!   (`--cache`) and `examples` (the scripts of `examples/games/`).
//! - `memory` (`memory/`): `budget` (`--memory`) and `limits` (`ulimit -v`, resident memory).
//! - `errors` (`errors/`): `messages` (what grundy says, exactly) and `full_disk` (a standard
//!   output that fails).
//! - `every_command` (every registry example through every command), `json_schema` (every
//!   `--json` against the schema), `conventions` (`--misere`, `--every`), `position_words`,
//!   `progress` (what a long run says in a log), `graphs`, `classic`, `coins_and_hackenbush`.
//!
//! - `census`: `grundy census`, its database, `--query` and `--export`; `explain`: `grundy explain`.
//! - `book`: every example of the book (`docs/`) and the README, run and its output compared.
//!
//! `common` runs the binary; the data the tests read are in `tests/problems/` and
//! `tests/scripts/`.

mod common;

mod book;
mod census;
mod check;
mod checkpoints;
mod classic;
mod coins_and_hackenbush;
mod conventions;
mod errors;
mod every_command;
mod explain;
mod graphs;
mod guess;
mod interrupts;
mod json_schema;
mod memory;
mod nimber;
mod play;
mod plot;
mod position_words;
mod problems;
mod progress;
mod quotient;
mod scripts;
mod solve;
mod table;
