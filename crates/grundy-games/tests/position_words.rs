//! Every registry game's positions round-trip through their words: shown as JSON
//! (`Game::show`), written as words (`position_words::words`), built again by the registry, they
//! are the same position — the example's, and every position one move away (what `grundy play`
//! does after each move). An empty position (every heap taken) is not a position the registry
//! builds: `play` drops a finished part instead.

use grundy_games::position_words::words;
use grundy_games::registry::{self, build_sum};
use grundy_games::spec::Word;
use serde_json::Value as Json;

/// The position `game` + `words(position)` builds, as JSON.
fn rebuilt(game: &str, position: &Json) -> Json {
    let mut all = vec![Word::new("game", game)];
    let w = words(position).unwrap_or_else(|| panic!("{game}: {position} has no words"));
    all.extend(w.iter().map(|w| Word::new("a position word", w.as_str())));
    let built = build_sum(&all).unwrap_or_else(|e| panic!("{game} {w:?} (from {position}): {e}"));
    assert_eq!(built.len(), 1, "{game} {w:?}");
    built[0].position()
}

#[test]
fn every_registry_example_and_its_options_round_trip() {
    // Examples name files from the workspace root (`script:examples/games/half.rhai`).
    std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    let mut checked = 0;
    for entry in registry::all() {
        let example: Vec<Word> = entry
            .example
            .strip_prefix("grundy solve ")
            .unwrap_or(entry.example)
            .split_whitespace()
            .filter(|w| !w.starts_with("--"))
            .map(|w| Word::new("example", w))
            .collect();
        let components = build_sum(&example)
            .unwrap_or_else(|e| panic!("the example {} does not build: {e}", entry.example));
        for c in &components {
            let game = c.game();
            let position = c.position();
            assert_eq!(rebuilt(&game, &position), position, "{}", entry.example);
            checked += 1;
            // One move away: the options of the example.
            let Some(explore) = c.explore() else { continue };
            let Ok(moves) = explore.moves() else { continue };
            for (m, _) in moves.into_iter().take(50) {
                if m.position.is_null() || words(&m.position).is_some_and(|w| w.is_empty()) {
                    continue;
                }
                assert_eq!(
                    rebuilt(&game, &m.position),
                    m.position,
                    "{}: after {}",
                    entry.example,
                    m.description
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}
