//! Every ruleset grundy knows, by name.
//!
//! Each ruleset module exports `entries()`; a [`Registry`] is the one list the front ends read to
//! turn a game spec (`nim`, `bash:3`, …) into a position, and to print `grundy games`.

use crate::board::{chomp, cram};
use crate::classic::{euclid, fibonacci_nim, moore, northcott, poker_nim, staircase, wythoff};
use crate::coins::{coin_turning, tartan};
use crate::entry::GameEntry;
use crate::graph::{edges, hackenbush, movers, node_kayles};
use crate::heap::{all_but, grundys_game, lasker, nim, split, subtraction, take_and_break};
use crate::nonsum::{ends, multiplication, public_sale, take_or_merge};
pub use grundy_registry::Registry;

/// Every built-in ruleset, in the order `grundy games` lists them.
fn builtin_entries() -> Vec<GameEntry> {
    [
        nim::entries(),
        subtraction::entries(),
        all_but::entries(),
        staircase::entries(),
        multiplication::entries(),
        public_sale::entries(),
        take_or_merge::entries(),
        ends::entries(),
        coin_turning::entries(),
        tartan::entries(),
        hackenbush::entries(),
        wythoff::entries(),
        fibonacci_nim::entries(),
        euclid::entries(),
        northcott::entries(),
        poker_nim::entries(),
        moore::entries(),
        take_and_break::entries(),
        grundys_game::entries(),
        lasker::entries(),
        split::entries(),
        edges::entries(),
        movers::entries(),
        node_kayles::entries(),
        cram::entries(),
        chomp::entries(),
    ]
    .concat()
}

/// The rulesets of this crate, as a registry (a front end adds game scripts to it with
/// [`Registry::with`]).
///
/// A command line built into its components, and a game tabulated:
///
/// ```
/// use grundy_core::analyse;
/// use grundy_games::registry::builtin;
/// use grundy_games::spec::Word;
/// use grundy_games::tabulate::{Quiet, Request, Table};
///
/// let words = Word::from_args(&["nim", "3", "4", "+", "bash:3", "7"]);
/// let mut sum = builtin().build_sum(&words).unwrap();
/// // 3 XOR 4 = 7 and 7 mod 4 = 3, so the value is 7 XOR 3 = 4.
/// assert_eq!(analyse(&mut sum, 100).unwrap().grundy.unwrap().0, 4);
///
/// // Kayles to 200, with its period (proved by the periodicity theorem past 2·71 + 12 + 2).
/// let (entry, spec) = builtin().lookup(&Word::new("argument 1", "0.77")).unwrap();
/// let kayles = (entry.table.as_ref().expect("a heap game tabulates itself"))(&spec).unwrap();
/// let table = kayles.tabulate(&Request::upto("200").with_period(), &mut Quiet).unwrap();
/// let Table::Heaps(line) = table else { panic!("a heap game is a line of heaps") };
/// assert_eq!(line.value(10), 2);
/// assert_eq!(line.period.map(|p| (p.preperiod, p.period, p.proved)), Some((71, 12, true)));
/// ```
pub fn builtin() -> Registry {
    Registry::new(builtin_entries())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Word;

    #[test]
    fn every_example_builds() {
        let registry = builtin();
        for e in registry.entries() {
            let words: Vec<&str> = e.example.split_whitespace().collect();
            assert!(
                registry.build_sum(&Word::from_args(&words)).is_ok(),
                "{}",
                e.example
            );
        }
    }

    #[test]
    fn only_heap_games_have_a_heap_table() {
        let node_kayles = Word::new("a", "node-kayles:1-2");
        let (entry, _) = builtin().lookup(&node_kayles).unwrap();
        assert!(entry.table.is_none());
        let (entry, _) = builtin().lookup(&Word::new("a", "0.77")).unwrap();
        assert!(entry.table.is_some());
    }

    #[test]
    fn unknown_games_are_named_in_the_error() {
        let err = builtin()
            .build_sum(&Word::from_args(&["chess", "1"]))
            .err()
            .unwrap();
        assert_eq!(err.origin, "argument 1");
        assert!(err.message.contains("unknown game 'chess'"));
    }
}
