//! Misère quotients of the registry's heap games, for every front end: which games have one
//! (heap games and game scripts whose positions are heaps), and the report the command line
//! prints and Python returns, built once so the two cannot drift apart.
//!
//! The construction and its proofs are the core's ([`grundy_core::quotient`]); this module only
//! finds a game's heap rules through the registry and words the result.

use grundy_core::quotient::{CapKind, Caps, MisereQuotient, QuotientPeriod, Stopped};
use grundy_core::setting::Setting;
use serde::Serialize;

use crate::registry::Registry;
use grundy_registry::spec::{SpecError, Word};

/// The misère quotient of a game script (or a Python game) whose positions are heaps.
pub use grundy_script::misere_quotient as compute_script;

/// The misère quotient of the game `word` names, for heaps up to `upto` (or every heap once the
/// periodicity theorem proves it); `progress(heap, order)` is called after each heap size and
/// stops the construction by returning `false`.
pub fn compute(
    games: &Registry,
    word: &Word,
    upto: u64,
    caps: Caps,
    progress: &mut dyn FnMut(u64, usize) -> bool,
) -> Result<MisereQuotient, SpecError> {
    let (entry, spec) = games.lookup(word)?;
    let table = match &entry.table {
        Some(make) => Some(make(&spec)?),
        None => None,
    };
    match table.and_then(|t| t.misere_quotient(upto, caps, progress)) {
        Some(q) => q.map_err(|m| word.error(m)),
        None => Err(word.error(
            "misère quotients are for heap games: octal and take-and-break codes, subtraction \
             games, nim, lasker, split, grundys-game, and game scripts whose positions are heaps",
        )),
    }
}

/// What `grundy quotient --json` prints and `grundy.quotient()` returns.
#[derive(Serialize)]
pub struct QuotientReport {
    game: String,
    /// How many elements.
    pub order: usize,
    /// The elements, each by its normal form (`1`, `a`, `ab2`).
    elements: Vec<String>,
    /// The P-portion: the elements whose positions the previous player wins.
    pub p_portion: Vec<String>,
    /// Each generator, with the smallest heap it is the element of.
    generators: Vec<Generator>,
    /// `[lhs, rhs]` pairs: `lhs = rhs`.
    relations: Vec<[String; 2]>,
    /// The element of heaps 0, 1, …, `last`.
    pretending: Vec<String>,
    /// The period of the pretending function, proved for every heap or only seen.
    period: Option<QuotientPeriod>,
    /// The largest heap size the quotient is proved for (every heap when `status` is `proved`).
    last: u64,
    /// `proved` (every heap, by the periodicity theorem), `upto` (heaps up to `last`),
    /// `interrupted`, `refuted`, `cap` or `memory` (the construction stopped at heap
    /// `last + 1`).
    pub status: &'static str,
    /// Why it stopped, in words.
    reason: String,
    /// Where the quotient grew: the heap size and the order from it on.
    growth: Vec<Growth>,
    /// States of the automaton that proved the last stage.
    proof_states: usize,
}

#[derive(Serialize)]
struct Generator {
    name: String,
    heap: u64,
}

#[derive(Serialize)]
struct Growth {
    heap: u64,
    order: usize,
}

/// How a front end names the options that raise each cap of [`Caps`] (`--max-order`,
/// `max_order=`, …), for the report to say which to raise.
pub struct CapNames {
    /// [`Caps::order`]'s.
    pub order: &'static str,
    /// [`Caps::states`]'s.
    pub states: &'static str,
    /// [`Caps::candidate`]'s.
    pub candidate: &'static str,
}

/// The report of a quotient of the game `game`, naming the options that raise its caps.
pub fn report(game: &str, q: &MisereQuotient, names: &CapNames) -> QuotientReport {
    let pres = q.presentation();
    let m = q.monoid();
    let last = q.last();
    let (status, reason) = match q.stopped() {
        Stopped::Proved => {
            let p = q.period().expect("a proved quotient has its period");
            (
                "proved",
                format!(
                    "proved for every heap: the pretending function has period {} from heap {} \
                     on, checked to heap {last}, which the periodicity theorem needs",
                    p.period, p.preperiod
                ),
            )
        }
        Stopped::Upto => (
            "upto",
            format!("proved for heaps up to {last}; no period proved for every heap"),
        ),
        Stopped::Interrupted => (
            "interrupted",
            format!("interrupted: proved for heaps up to {last}"),
        ),
        Stopped::Refuted { heap, position } => (
            "refuted",
            format!(
                "proved for heaps up to {last}; heap {heap} separates positions the smaller \
                 heaps do not, and no candidate for it was proved (the last one misjudged the \
                 position {})",
                position
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ")
            ),
        ),
        Stopped::Memory { heap, bytes } => (
            "memory",
            format!(
                "proved for heaps up to {last}; at heap {heap} it held {bytes} bytes, most of the \
                 memory it may use (raise it with {})",
                Setting::Memory
            ),
        ),
        Stopped::Cap { heap, what, cap } => {
            let raise = match what {
                CapKind::Order => format!(" (raise it with {})", names.order),
                CapKind::States => format!(" (raise it with {})", names.states),
                CapKind::Candidate => format!(" (raise it with {})", names.candidate),
                CapKind::Powers => String::new(),
            };
            (
                "cap",
                format!(
                    "proved for heaps up to {last}; at heap {heap} the {what} passed {cap}{raise}"
                ),
            )
        }
    };
    let generator_heaps = q.generator_heaps(&pres);
    QuotientReport {
        game: game.to_string(),
        order: m.order(),
        elements: (0..m.order() as u32).map(|x| pres.element(x)).collect(),
        p_portion: m.p_portion().map(|x| pres.element(x)).collect(),
        generators: (0..pres.generators.len())
            .map(|i| {
                let mut word = vec![0; pres.generators.len()];
                word[i] = 1;
                Generator {
                    name: pres.show(&word),
                    heap: generator_heaps[i],
                }
            })
            .collect(),
        relations: pres
            .relations
            .iter()
            .map(|(l, r)| [pres.show(l), pres.show(r)])
            .collect(),
        pretending: (0..=last)
            .map(|n| pres.element(q.element(n).expect("covered")))
            .collect(),
        period: q.period(),
        last,
        status,
        reason,
        growth: q
            .growth()
            .iter()
            .map(|&(heap, order)| Growth { heap, order })
            .collect(),
        proof_states: q.proof_states(),
    }
}

impl QuotientReport {
    /// The report in words, as `grundy quotient` prints it.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{}: misère quotient of order {}, {} of its elements P\n  {}\n",
            self.game,
            self.order,
            self.p_portion.len(),
            self.reason
        );
        let names: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|[l, r]| format!("{l}={r}"))
            .collect();
        s += &format!("Q = <{} | {}>\n", names.join(","), rels.join(", "));
        s += &format!("P = {{{}}}\n", self.p_portion.join(", "));
        let heaps: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        s += &format!("generators: {}\n", heaps.join(", "));
        s += &match &self.period {
            Some(p) => format!(
                "pretending function (period {} from heap {}, {}):\n",
                p.period,
                p.preperiod,
                if p.proved {
                    "proved"
                } else {
                    "seen, not proved"
                }
            ),
            None => "pretending function (no period seen):\n".to_string(),
        };
        for (row, chunk) in self.pretending.chunks(10).enumerate() {
            let cells: String = chunk.iter().map(|w| format!("{w:>6}")).collect();
            s += &format!("{:>5}: {cells}\n", row * 10);
        }
        let grew: Vec<String> = self
            .growth
            .iter()
            .skip(1)
            .map(|g| format!("{} ({})", g.heap, g.order))
            .collect();
        s += &format!("grew at heaps: {}\n", grew.join(", "));
        s += &format!("elements: {}", self.elements.join(" "));
        s
    }
}
