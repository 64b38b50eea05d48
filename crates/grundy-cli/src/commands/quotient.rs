//! `grundy quotient GAME`: the misère quotient of a heap game (Plambeck and Siegel), grown heap
//! size by heap size until the periodicity theorem proves it or `--upto` is reached, printed as
//! its order, a presentation, the P-portion and the pretending function.

use std::sync::atomic::Ordering;

use grundy_core::quotient::{Caps, MisereQuotient, Stopped};
use grundy_games::registry;
use grundy_games::spec::{parse_number, Tabulation, Word};
use serde::Serialize;

use crate::failure::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// A heap game: an octal or take-and-break code (0.75, 0.77, 4.07), sub:1,2,5, bash:K,
    /// nim, lasker, split, grundys-game.
    game: String,
    /// The largest heap size to add (the construction stops earlier once the periodicity
    /// theorem proves the quotient of every heap).
    #[arg(long, default_value = "300", allow_hyphen_values = true)]
    upto: String,
    /// The largest quotient to build (its multiplication table has order² entries).
    #[arg(long, default_value_t = Caps::default().order)]
    max_order: usize,
    /// Print one JSON object (see schema/grundy.schema.json, `quotient`).
    #[arg(long)]
    json: bool,
}

/// The JSON shape of `grundy quotient --json`.
#[derive(Serialize)]
struct Report {
    game: String,
    /// How many elements.
    order: usize,
    /// The elements, each by its normal form (`1`, `a`, `ab2`).
    elements: Vec<String>,
    /// The P-portion: the elements whose positions the previous player wins.
    p_portion: Vec<String>,
    /// Each generator, with the smallest heap it is the element of.
    generators: Vec<Generator>,
    /// `[lhs, rhs]` pairs: `lhs = rhs`.
    relations: Vec<[String; 2]>,
    /// The element of heaps 0, 1, …, `last`.
    pretending: Vec<String>,
    /// The period of the pretending function, proved for every heap or only seen.
    period: Option<grundy_core::quotient::QuotientPeriod>,
    /// The largest heap size the quotient is proved for (every heap when `status` is `proved`).
    last: u64,
    /// `proved` (every heap, by the periodicity theorem), `upto` (heaps up to `last`),
    /// `interrupted`, `refuted` or `cap` (the construction stopped at heap `last + 1`).
    status: &'static str,
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

pub fn run(args: Args) -> Result<(), Failure> {
    let word = Word::new("argument 1", args.game.as_str());
    let (entry, spec) = registry::lookup(&word)?;
    let Some(Tabulation::Heaps(table)) = entry.table else {
        return Err(Failure::Input(format!(
            "argument 1 ('{}'): misère quotients are for heap games (octal and take-and-break \
             codes, subtraction games, nim, lasker, split, grundys-game)",
            args.game
        )));
    };
    let game = table(&spec)?;
    let upto_word = Word::new("--upto", args.upto.as_str());
    let upto = parse_number(&upto_word, "the largest heap size", 1 << 16)?;
    if args.max_order < 1 {
        return Err(Failure::Input("--max-order: must be at least 1".into()));
    }
    let caps = Caps {
        order: args.max_order,
        ..Caps::default()
    };
    let stop = crate::commands::table::interrupted();
    let name = args.game.clone();
    let q = game
        .misere_quotient(upto, caps, &mut |heap, order| {
            crate::progress::quotient_stage(&name, heap, order);
            !stop.load(Ordering::SeqCst)
        })
        .map_err(|e| Failure::Input(format!("argument 1 ('{}'): {e}", args.game)))?;
    crate::progress::finish();
    let report = report(&args.game, &q, args.max_order);
    if args.json {
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        print_text(&report);
    }
    if q.stopped() == &Stopped::Interrupted {
        return Err(Failure::Compute(format!(
            "interrupted after heap {}: the quotient above is proved for heaps up to {}",
            q.last(),
            q.last()
        )));
    }
    Ok(())
}

fn report(game: &str, q: &MisereQuotient, max_order: usize) -> Report {
    let pres = q.presentation();
    let m = q.monoid();
    let (status, reason) = match q.stopped() {
        Stopped::Proved => {
            let p = q.period().expect("a proved quotient has its period");
            (
                "proved",
                format!(
                    "proved for every heap: the pretending function has period {} from heap {} \
                     on, checked to heap {}, which the periodicity theorem needs",
                    p.period,
                    p.preperiod,
                    q.last()
                ),
            )
        }
        Stopped::Upto => (
            "upto",
            format!(
                "proved for heaps up to {} (--upto); no period proved for every heap",
                q.last()
            ),
        ),
        Stopped::Interrupted => (
            "interrupted",
            format!("interrupted: proved for heaps up to {}", q.last()),
        ),
        Stopped::Refuted { heap, position } => (
            "refuted",
            format!(
                "proved for heaps up to {}; heap {heap} separates positions the smaller heaps do \
                 not, and no candidate for it was proved (the last one misjudged the position {})",
                q.last(),
                position
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ")
            ),
        ),
        Stopped::Cap { heap, what, cap } => (
            "cap",
            format!(
                "proved for heaps up to {}; at heap {heap} the {what} passed {cap}{}",
                q.last(),
                if *what == "quotient order" {
                    format!(" (raise it with --max-order, now {max_order})")
                } else {
                    String::new()
                }
            ),
        ),
    };
    Report {
        game: game.to_string(),
        order: m.order(),
        elements: (0..m.order() as u32).map(|x| pres.element(x)).collect(),
        p_portion: m.p_portion().map(|x| pres.element(x)).collect(),
        generators: pres
            .generators
            .iter()
            .enumerate()
            .zip(q.generator_heaps(&pres))
            .map(|((i, _), heap)| {
                let mut word = vec![0; pres.generators.len()];
                word[i] = 1;
                Generator {
                    name: pres.show(&word),
                    heap,
                }
            })
            .collect(),
        relations: pres
            .relations
            .iter()
            .map(|(l, r)| [pres.show(l), pres.show(r)])
            .collect(),
        pretending: (0..=q.last())
            .map(|n| pres.element(q.element(n).expect("covered")))
            .collect(),
        period: q.period(),
        last: q.last(),
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

fn print_text(r: &Report) {
    outln!(
        "{}: misère quotient of order {}, {} of its elements P",
        r.game,
        r.order,
        r.p_portion.len()
    );
    outln!("  {}", r.reason);
    let names: Vec<&str> = r.generators.iter().map(|g| g.name.as_str()).collect();
    let rels: Vec<String> = r
        .relations
        .iter()
        .map(|[l, x]| format!("{l}={x}"))
        .collect();
    outln!("Q = <{} | {}>", names.join(","), rels.join(", "));
    outln!("P = {{{}}}", r.p_portion.join(", "));
    let heaps: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    outln!("generators: {}", heaps.join(", "));
    match &r.period {
        Some(p) => outln!(
            "pretending function (period {} from heap {}, {}):",
            p.period,
            p.preperiod,
            if p.proved {
                "proved"
            } else {
                "seen, not proved"
            }
        ),
        None => outln!("pretending function (no period seen):"),
    }
    for (row, chunk) in r.pretending.chunks(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|w| format!("{w:>6}")).collect();
        outln!("{:>5}: {}", row * 10, cells.join(""));
    }
    let grew: Vec<String> = r
        .growth
        .iter()
        .skip(1)
        .map(|g| format!("{} ({})", g.heap, g.order))
        .collect();
    outln!("grew at heaps: {}", grew.join(", "));
    outln!("elements: {}", r.elements.join(" "));
}
