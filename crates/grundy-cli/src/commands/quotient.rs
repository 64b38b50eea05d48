//! `grundy quotient GAME`: the misère quotient of a heap game (Plambeck and Siegel), grown heap
//! size by heap size until the periodicity theorem proves it or `--upto` is reached, printed as
//! its order, a presentation, the P-portion and the pretending function
//! ([`grundy_front::quotient`] builds and words it).

use std::sync::atomic::Ordering;

use grundy_core::quotient::{Caps, Stopped};
use grundy_front::quotient;
use grundy_registry::spec::{parse_number, Word};

use crate::failure::Failure;
use grundy_front::session::Session;

#[derive(clap::Args)]
pub struct Args {
    /// A heap game: an octal or take-and-break code (0.75, 0.77, 4.07), sub:1,2,5, bash:K,
    /// nim, lasker, split, grundys-game, or a game script whose positions are heaps.
    game: String,
    /// The largest heap size to add (the construction stops earlier once the periodicity
    /// theorem proves the quotient of every heap).
    #[arg(long, default_value = "300", allow_hyphen_values = true)]
    upto: String,
    /// The largest quotient to build (its multiplication table has order² entries).
    #[arg(long, default_value_t = Caps::default().order)]
    max_order: usize,
    /// The most states of the automaton that proves each heap size.
    #[arg(long, default_value_t = Caps::default().states)]
    max_states: usize,
    /// The largest candidate of fresh generators (elements before it is reduced), for a heap
    /// that separates positions of smaller heaps.
    #[arg(long, default_value_t = Caps::default().candidate)]
    max_candidate: usize,
    /// Print one JSON object (see schema/grundy.schema.json, `quotient`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let upto = parse_number(
        &Word::new("--upto", args.upto.as_str()),
        "the largest heap size",
        1 << 16,
    )?;
    for (flag, value) in [
        ("--max-order", args.max_order),
        ("--max-states", args.max_states),
        ("--max-candidate", args.max_candidate),
    ] {
        if value < 1 {
            return Err(Failure::Input(format!(
                "{flag} ('{value}'): must be at least 1"
            )));
        }
    }
    let stop = crate::commands::table::interrupted();
    let caps = Caps {
        order: args.max_order,
        states: args.max_states,
        candidate: args.max_candidate,
        limits: session.limits().clone(),
        stop: Some(stop.clone()),
    };
    let word = Word::new("argument 1", args.game.as_str());
    let q = quotient::compute(&session.games, &word, upto, caps, &mut |heap, order| {
        crate::progress::quotient_stage(&args.game, heap, order);
        !stop.load(Ordering::SeqCst)
    })?;
    crate::progress::finish();
    let names = quotient::CapNames {
        order: "--max-order",
        states: "--max-states",
        candidate: "--max-candidate",
    };
    let report = quotient::report(&args.game, &q, &names);
    if args.json {
        outln!("{}", serde_json::to_string(&report).expect("serializable"));
    } else {
        outln!("{}", report.text());
    }
    if q.stopped() == &Stopped::Interrupted {
        return Err(Failure::Compute(format!(
            "interrupted: the quotient above is proved for heaps up to {}",
            q.last()
        )));
    }
    Ok(())
}
