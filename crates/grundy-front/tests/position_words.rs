//! Every registry game's positions round-trip through their words: shown as JSON
//! (`Game::show`), written as words (`position_words::words`), built again by the registry, they
//! are the same position — the example's, and every position one move away (what `grundy play`
//! does after each move), the empty positions (every heap taken, every coin turned) included.

use grundy_front::position_words::words;
use grundy_front::registry;
use grundy_registry::spec::Word;
use serde_json::Value as Json;

/// The position `game` + `words(position)` builds, as JSON.
fn rebuilt(game: &str, position: &Json) -> Json {
    let mut all = vec![Word::new("game", game)];
    let w = words(position).unwrap_or_else(|| panic!("{game}: {position} has no words"));
    all.extend(w.iter().map(|w| Word::new("a position word", w.as_str())));
    let built = registry::standard()
        .build_sum(&all)
        .unwrap_or_else(|e| panic!("{game} {w:?} (from {position}): {e}"));
    assert_eq!(built.len(), 1, "{game} {w:?}");
    built[0].position()
}

#[test]
fn every_registry_example_and_its_options_round_trip() {
    // Examples name files from the workspace root (`script:examples/games/half.rhai`).
    std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    let mut checked = 0;
    for entry in registry::standard() {
        let example: Vec<Word> = entry
            .example
            .strip_prefix("grundy solve ")
            .unwrap_or(entry.example)
            .split_whitespace()
            .filter(|w| !w.starts_with("--"))
            .map(|w| Word::new("example", w))
            .collect();
        let components = registry::standard()
            .build_sum(&example)
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
                if m.position.is_null() {
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

/// The empty position of each game that has one (no words: every heap taken, no coin heads up)
/// round-trips too, and games whose positions cannot be empty say so rather than build nothing.
#[test]
fn empty_positions_round_trip() {
    std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    let mut empty = Vec::new();
    for entry in registry::standard() {
        let game = entry
            .example
            .strip_prefix("grundy solve ")
            .unwrap_or(entry.example)
            .split_whitespace()
            .next()
            .expect("an example names its game");
        let Ok(built) = registry::standard().build_sum(&[Word::new("game", game)]) else {
            continue;
        };
        let position = built[0].position();
        assert_eq!(rebuilt(game, &position), position, "{game}");
        empty.push(game.to_string());
    }
    // The heap games' empty position, at least: no heaps, value 0.
    for game in [
        "nim",
        "0.77",
        "lasker",
        "grundys-game",
        "split",
        "bash:3",
        "sub:1,3,4",
    ] {
        let mut sum = registry::standard()
            .build_sum(&[Word::new("game", game)])
            .unwrap();
        assert_eq!(sum[0].position(), serde_json::json!([]), "{game}");
        let a = grundy_core::analyse(&mut sum, 10).unwrap();
        assert_eq!(a.grundy.map(|g| g.0), Some(0), "{game}");
    }
    assert!(empty.len() >= 7, "{empty:?}");
}
