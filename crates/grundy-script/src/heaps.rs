//! A game script's integer positions played as heaps, for its misère quotient: each option must be
//! an integer or a sum of integers.

use std::sync::Mutex;

use grundy_core::quotient::{Caps, MisereQuotient, QuotientError};
use grundy_core::{HeapRuleset, Ruleset};

use super::{Position, ScriptGame};

/// The misère quotient of a game script (or a Python game) whose positions are heaps: its
/// integer positions, each option an integer or a sum of integers. Never proved for every heap
/// (a script gives no periodicity bound).
pub fn misere_quotient(
    game: &ScriptGame,
    upto: u64,
    caps: Caps,
    progress: &mut dyn FnMut(u64, usize) -> bool,
) -> Result<MisereQuotient, String> {
    let heaps = ScriptHeaps {
        game,
        problem: Mutex::new(None),
    };
    let q = MisereQuotient::compute(&heaps, upto, None, caps, progress)
        .map_err(|e: QuotientError| e.to_string())?;
    if let Some(problem) = heaps
        .problem
        .into_inner()
        .expect("no thread panics holding it")
    {
        return Err(problem);
    }
    game.fault().map_err(|e| e.to_string())?;
    Ok(q)
}

/// A game script's integer positions as heaps: each option must be an integer or a sum of
/// integers. The first option that is not is kept as the problem to report.
struct ScriptHeaps<'a> {
    game: &'a ScriptGame,
    problem: Mutex<Option<String>>,
}

impl HeapRuleset for ScriptHeaps<'_> {
    fn heap_options(&self, n: u64, out: &mut Vec<Vec<u64>>) {
        let mut options = Vec::new();
        self.game.options(
            &Position::Int(i64::try_from(n).unwrap_or(i64::MAX)),
            &mut options,
        );
        for o in options {
            let mut parts = Vec::new();
            if !o.parts(&mut parts) {
                parts.push(o.clone());
            }
            let heaps: Option<Vec<u64>> = parts
                .iter()
                .map(|p| match p {
                    Position::Int(m) => u64::try_from(*m).ok(),
                    _ => None,
                })
                .collect();
            match heaps {
                Some(heaps) => out.push(heaps),
                None => {
                    let mut problem = self.problem.lock().expect("no thread panics holding it");
                    problem.get_or_insert_with(|| {
                        format!(
                            "position {n} has the option {o}, not a heap or a sum of heaps: \
                             misère quotients are for games played on heaps"
                        )
                    });
                }
            }
        }
    }
}
