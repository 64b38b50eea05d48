//! Grundy's game.
//!
//! **Rules.** There are heaps of tokens. A move splits one heap into two non-empty heaps of
//! different sizes. The player who cannot move (every heap of size 1 or 2) loses.
//!
//! **Theorem.** None is known: the values have been computed far (to 2^35 by Flammenkamp) and no
//! period has appeared, though one is conjectured. They are computed here by the sparse-space
//! method of [`crate::heap::sparse`], which suits this game exceptionally well (its rare values are
//! very few).
//!
//! ```
//! use grundy_core::{HeapRuleset, Nimber};
//! use grundy_games::heap::grundys_game;
//! let g = grundys_game::ruleset().with_values_upto(20);
//! // 7 splits into 1+6, 2+5 or 3+4, of values 1, 2 and 1: so G(7) = 0.
//! assert_eq!(g.heap_value(7), Some(Nimber(0)));
//! ```

use grundy_core::limits::Limits;
use grundy_core::{Component, HeapPosition};

use crate::entry::{Drawing, GameEntry};
use crate::heap::table::TableGame;
use crate::heap::take_and_break::{prepare, Amounts, TakeAndBreak, TakeBreakRules};
use crate::spec::{parse_heaps, GameSpec, SpecError, Word};

/// Grundy's game as take-and-break rules: remove nothing, leave two different heaps.
pub fn rules() -> TakeBreakRules {
    let mut r = TakeBreakRules::empty();
    r.by_parts[2] = Amounts::Finite(vec![0]);
    r.distinct_parts = true;
    r
}

/// Grundy's game, with no values computed yet.
pub fn ruleset() -> TakeAndBreak {
    TakeAndBreak::new(rules())
}

/// The registry entry for `grundys-game`.
pub fn entries() -> Vec<GameEntry> {
    vec![GameEntry::within_limits(
        "grundys-game",
        "grundys-game HEAP...",
        "split one heap into two non-empty heaps of different sizes; whoever cannot move loses",
        "grundys-game 10 7",
        build,
    )
    .aliases(&["grundy"])
    .tabulated(|spec| Ok(Box::new(table(spec)?)))
    .drawn(Drawing::Heaps)]
}

pub(crate) fn table(spec: &GameSpec) -> Result<TableGame, SpecError> {
    spec.forbid_params()?;
    Ok(TableGame::computed(spec, rules()))
}

fn build(
    spec: &GameSpec,
    words: &[Word],
    limits: &Limits,
) -> Result<Box<dyn Component>, SpecError> {
    spec.forbid_params()?;
    let heaps = parse_heaps(spec, words, u64::MAX)?;
    let rules = prepare(spec, ruleset(), &heaps, words, limits)?;
    Ok(Box::new(HeapPosition::new("grundys-game", rules, heaps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::assert_heap_fast_path_matches_solver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn values_and_winning_moves_match_brute_force(heaps in proptest::collection::vec(0u64..22, 1..3)) {
            let max = heaps.iter().copied().max().unwrap_or(0);
            assert_heap_fast_path_matches_solver(&ruleset().with_values_upto(max), &heaps)?;
        }
    }
}
