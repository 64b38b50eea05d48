//! The complete small game of the book's "Adding a game" chapter
//! (`docs/src/dev/adding-a-game.md`), compiled and tested here so the guide cannot drift from the
//! code: the chapter quotes the part between the `guide:` marks, and the last test checks that it
//! does.

// guide: begin
//! Take or halve.
//!
//! **Rules.** One heap of tokens. A move takes one token, or halves an even heap (8 becomes 4).
//! Whoever cannot move (an empty heap) loses.
//!
//! **Theorem.** None needed: the memoizing solver values a heap from its options. (The values are
//! 0, 1, 0, 1, 2, 0, 2, 0, 1, …: `grundy guess` looks for their pattern.)
//!
//! ```text
//! grundy solve take-or-halve 6     # G(6) = mex{G(5), G(3)} = mex{0, 1} = 2
//! ```

use grundy_core::{Component, Game, Ruleset, RulesetComponent};
use grundy_games::entry::GameEntry;
use grundy_games::spec::{parse_number, GameSpec, SpecError, Word};
use grundy_games::tabulate::Shape;
use serde_json::{json, Value as Json};

/// The rules: a position is the heap's size.
#[derive(Clone, Copy, Debug)]
pub struct TakeOrHalve;

impl Ruleset for TakeOrHalve {
    type Position = u64;

    fn options(&self, n: &u64, out: &mut Vec<u64>) {
        if *n > 0 {
            out.push(n - 1);
        }
        if *n > 0 && n.is_multiple_of(2) {
            out.push(n / 2);
        }
    }
}

impl Game for TakeOrHalve {
    fn name(&self) -> String {
        "take-or-halve".into()
    }

    /// The position as the words that build it again: one number, one word.
    fn show(&self, n: &u64) -> Json {
        json!(n)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        if *to + 1 == *from {
            format!("take one token, leaving {to}")
        } else {
            format!("halve {from} to {to}")
        }
    }
}

/// Builds `take-or-halve N` from its words.
fn build(spec: &GameSpec, words: &[Word]) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    let [word] = words else {
        return Err(spec.error("give one heap size, e.g. take-or-halve 6"));
    };
    let n = parse_number(word, "a heap size", 1 << 40)?;
    Ok(RulesetComponent::boxed(TakeOrHalve, n))
}

/// The registry entry: `grundy_games::registry::builtin()` lists `entries()` of every ruleset.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::new(
        "take-or-halve",
        "take-or-halve N",
        "one heap; take one token, or halve an even heap; whoever cannot move loses",
        "take-or-halve 6",
        build,
    )
    // `grundy table`, `check`, `plot` and `guess` value positions `take-or-halve 0..=N`.
    .positions(Shape::Line)]
}
// guide: end

use grundy_core::{analyse, Nimber};
use grundy_front::position_words::words;
use grundy_games::tabulate::{Quiet, Request, Table};

fn position(n: &str) -> Vec<Box<dyn Component>> {
    let entry = &entries()[0];
    let spec = GameSpec::parse(&Word::new("argument 1", entry.name));
    vec![entry.build(&spec, &[Word::new("argument 2", n)]).unwrap()]
}

#[test]
fn the_guide_game_is_valued_and_its_moves_listed() {
    let mut six = position("6");
    let a = analyse(&mut six, 10).unwrap();
    assert_eq!(a.grundy, Some(Nimber(2)));
    // From 6: taking one leaves 5 (value 0) and wins; halving leaves 3 (value 1).
    assert_eq!(a.winning_moves.len(), 1);
    // Its position round-trips through its words.
    let shown = six[0].position();
    assert_eq!(words(&shown).unwrap(), ["6"]);
}

#[test]
fn the_guide_game_is_tabulated_by_position_from_its_entry() {
    let entry = &entries()[0];
    let spec = GameSpec::parse(&Word::new("argument 1", entry.name));
    let game = grundy_front::values::tabulation(entry, &spec).unwrap();
    let Table::Line { cells, .. } = game.tabulate(&Request::upto("8"), &mut Quiet).unwrap() else {
        panic!("one number a position: a line")
    };
    let values: Vec<u64> = cells
        .iter()
        .map(|c| c.as_ref().unwrap().0.finite().unwrap().0)
        .collect();
    assert_eq!(values, [0, 1, 0, 1, 2, 0, 2, 0, 1]);
}

#[test]
fn the_book_quotes_this_file() {
    let file = include_str!("adding_a_game.rs");
    let chapter = include_str!("../../../docs/src/dev/adding-a-game.md");
    let begin = file.find("// guide: begin\n").unwrap() + "// guide: begin\n".len();
    let end = file.find("// guide: end").unwrap();
    let quoted = &file[begin..end];
    assert!(
        chapter.contains(quoted),
        "docs/src/dev/adding-a-game.md must quote crates/grundy-front/tests/adding_a_game.rs \
         between its guide marks, unchanged"
    );
}
