//! `grundy play GAME POSITION`: play against the perfect engine, one move per line of input.
//!
//! Every turn shows the position and its value; the human's turn lists the legal moves, numbered
//! (from [`grundy_core::Component::explore`], which every game has: any game, alone or in sums,
//! can be played). The engine plays a winning move from [`grundy_core::analyse`] when there is
//! one, and says why it wins (the value it leaves is 0); in a drawn (loopy) position it keeps the
//! draw; from a P-position it plays its first legal move. A human move from a won position to
//! another N-position is pointed out, with a move that would have won. After each move the
//! position is built again from its words by the registry ([`grundy_core::Game::show`]).
//!
//! Input is read line by line, so a pipe scripts a game as well as a terminal plays it: `q` quits,
//! end of input stops. Nothing about the terminal is changed, so Ctrl-C's default (end the
//! process at once) leaves it as it was.

use std::io::{BufRead, Read, Write};

use grundy_core::{analyse, Component, Nimber, Outcome};
use grundy_front::play::{as_typed, engine_move, legal_moves, PlayError};
use grundy_front::registry::Registry;
use grundy_registry::spec::Word;
use serde_json::Value as Json;

use crate::failure::Failure;
use grundy_front::session::Session;

#[derive(clap::Args)]
pub struct Args {
    /// The engine moves first (by default, you do).
    #[arg(long)]
    engine_first: bool,
    /// The game and position, e.g. `nim 3 4 5`, `0.77 10` or `nim 2 3 + sub:1,3,4 9`.
    #[arg(
        required = true,
        allow_negative_numbers = true,
        value_name = "GAME POSITION"
    )]
    spec: Vec<String>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    EngineWon,
    HumanWon,
    Quit,
    EndOfInput,
}

/// One game of a sum and its position as words.
#[derive(Clone, Debug)]
struct Part {
    game: String,
    position: Vec<String>,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    // The game is shown move by move: no spinner between the lines.
    crate::progress::set_quiet(true);
    // `-` alone (a position) or `GAME:-` (a graph) would read standard input, where the moves are.
    if let Some(i) = args.spec.iter().position(|a| a == "-" || a.ends_with(":-")) {
        return Err(Failure::Input(format!(
            "argument {} ('{}'): play reads its moves from standard input, so the game and position must be on the command line",
            i + 1,
            args.spec[i]
        )));
    }
    let words = Word::from_args(&args.spec);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = crate::out::Stdout::lock();
    // Through a pipe the typed moves are not on screen: echo them so the transcript reads well.
    let echo = !std::io::IsTerminal::is_terminal(&stdin);
    let games = &session.games;
    play(games, &words, args.engine_first, echo, &mut input, &mut out)?;
    Ok(())
}

/// The largest number a position to play may hold: every move is listed each turn, and a heap of
/// n has about n of them.
const MAX_PLAYABLE: u64 = 100_000;

/// The words of a component's position ([`grundy_front::position_words`]): the registry builds
/// the position again from them, so every game is rebuilt by the one parser of its name.
fn position_words(game: &str, position: &Json) -> Result<Vec<String>, Failure> {
    grundy_front::position_words::words(position).ok_or_else(|| {
        Failure::Compute(format!(
            "{game}: the position {position} cannot be written back as words"
        ))
    })
}

/// The components of the parts still in play, and for each the index of its part.
type Live = (Vec<Box<dyn Component>>, Vec<usize>);

/// The parts still in play as components. A part with no words left is finished (no heaps, no
/// edges standing) and is left out: rebuilt from no words, some games would mean their whole
/// starting position.
fn build(games: &Registry, parts: &[Part]) -> Result<Live, Failure> {
    let mut words = Vec::new();
    let live: Vec<usize> = (0..parts.len())
        .filter(|&i| !parts[i].position.is_empty())
        .collect();
    for p in live.iter().map(|&i| &parts[i]) {
        if !words.is_empty() {
            words.push(Word::new("the position", "+"));
        }
        words.push(Word::new("the position", p.game.clone()));
        words.extend(
            p.position
                .iter()
                .map(|w| Word::new("the position", w.clone())),
        );
    }
    if words.is_empty() {
        return Ok((Vec::new(), live));
    }
    Ok((games.build_sum(&words)?, live))
}

fn show(components: &[Box<dyn Component>]) -> String {
    if components.is_empty() {
        return "nothing left".into();
    }
    components
        .iter()
        .map(|c| format!("{} {}", c.game(), as_typed(&c.position())))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The value of a whole position (0 for an empty one).
fn value(components: &mut [Box<dyn Component>]) -> Result<Option<Nimber>, Failure> {
    if components.is_empty() {
        return Ok(Some(Nimber::ZERO));
    }
    Ok(analyse(components, 0)?.grundy)
}

fn value_text(v: Option<Nimber>) -> String {
    v.map_or("unknown".into(), |g| g.to_string())
}

/// Plays the game `words` names, the human's moves read from `input`, everything said written
/// to `out` (with `echo`, each input line too).
pub fn play(
    games: &Registry,
    words: &[Word],
    engine_first: bool,
    echo: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Ending, Failure> {
    let first = games.build_sum(words)?;
    let mut parts: Vec<Part> = first
        .iter()
        .map(|c| {
            Ok(Part {
                game: c.game(),
                position: position_words(&c.game(), &c.position())?,
            })
        })
        .collect::<Result<_, Failure>>()?;
    if let Some(big) = parts
        .iter()
        .flat_map(|p| &p.position)
        .find(|w| w.parse::<u64>().is_ok_and(|k| k > MAX_PLAYABLE))
    {
        return Err(Failure::Input(format!(
            "the position holds {big}: play lists every move each turn, so numbers up to {MAX_PLAYABLE} only"
        )));
    }
    let (mut components, mut live) = build(games, &parts)?;
    let mut engine_to_move = engine_first;
    let mut line = String::new();
    let mut line_no = 0;
    loop {
        let analysis = if components.is_empty() {
            None
        } else {
            Some(analyse(&mut components, usize::MAX)?)
        };
        let moves = legal_moves(&components, analysis.as_ref()).map_err(|e| match e {
            PlayError::Input(m) => Failure::Input(m),
            PlayError::Solve(e) => Failure::from(e),
        })?;
        let grundy = analysis.as_ref().map_or(Some(Nimber::ZERO), |a| a.grundy);
        let outcome = analysis.as_ref().map_or(Outcome::P, |a| a.outcome);
        writeln!(out)?;
        writeln!(
            out,
            "Position: {}   value {} ({})",
            show(&components),
            value_text(grundy),
            match outcome {
                Outcome::N => "N: the player to move wins",
                Outcome::P => "P: the player to move loses",
                Outcome::D => "D: a draw with best play",
            }
        )?;
        if moves.is_empty() {
            let ending = if engine_to_move {
                writeln!(out, "I have no move left: you win.")?;
                Ending::HumanWon
            } else {
                writeln!(out, "You have no move left: I win.")?;
                Ending::EngineWon
            };
            return Ok(ending);
        }
        let chosen = if engine_to_move {
            // A win; without one, a loopy position may still be held to a draw.
            let pick = engine_move(&moves).unwrap_or(0);
            let m = &moves[pick];
            writeln!(out, "I play: {} -> {}", m.description, m.shown)?;
            if m.wins {
                writeln!(
                    out,
                    "  It leaves value 0: every move you make leaves a nonzero value, and I can always answer with 0 again."
                )?;
            } else if m.draws {
                writeln!(
                    out,
                    "  I cannot win here, but this keeps the draw: you cannot force a win from it."
                )?;
            } else {
                writeln!(
                    out,
                    "  (value 0: no move wins here, so I play my first move and wait for a mistake)"
                )?;
            }
            pick
        } else {
            writeln!(out, "Your moves:")?;
            for (k, m) in moves.iter().enumerate() {
                writeln!(out, "  {:>3}. {} -> {}", k + 1, m.description, m.shown)?;
            }
            let Some(pick) = read_choice(input, out, moves.len(), echo, &mut line, &mut line_no)?
            else {
                return Ok(if line.trim().eq_ignore_ascii_case("q") {
                    writeln!(out, "Quit.")?;
                    Ending::Quit
                } else {
                    writeln!(out, "End of input: the game stops here.")?;
                    Ending::EndOfInput
                });
            };
            pick
        };
        let m = &moves[chosen];
        let part = live[m.component];
        parts[part].position = position_words(&parts[part].game, &m.part_position)?;
        let (mut next, next_live) = build(games, &parts)?;
        if !engine_to_move && outcome == Outcome::N {
            let after = value(&mut next)?;
            if after != Some(Nimber::ZERO) {
                let better = analysis
                    .as_ref()
                    .and_then(|a| a.winning_moves.first())
                    .map_or(String::new(), |w| {
                        format!(" (e.g. {} -> {})", w.description, w.position)
                    });
                writeln!(
                    out,
                    "You threw away a won position: you left value {}, but a move to value 0 wins{better}.",
                    value_text(after)
                )?;
            }
        }
        components = next;
        live = next_live;
        engine_to_move = !engine_to_move;
    }
}

/// The 0-based move the human picks; `None` on `q` or end of input (`line` tells which).
/// The longest line of input a move may take.
const MAX_LINE: usize = 1024;

fn read_choice(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    count: usize,
    echo: bool,
    line: &mut String,
    line_no: &mut usize,
) -> Result<Option<usize>, Failure> {
    loop {
        write!(out, "Your move (1-{count}, q to quit): ")?;
        out.flush()?;
        line.clear();
        *line_no += 1;
        let at = |why: &str| Failure::Input(format!("standard input line {line_no}: {why}"));
        // A line is read up to a bound: an endless line (`< /dev/zero`) must not fill memory.
        let mut bytes = Vec::new();
        let read = (&mut *input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| at(&e.to_string()))?;
        if read == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        if bytes.len() > MAX_LINE {
            return Err(at(&format!(
                "longer than {MAX_LINE} bytes (a move is a number, or q)"
            )));
        }
        *line = String::from_utf8(bytes).map_err(|e| {
            at(&format!(
                "not UTF-8 (invalid byte at column {})",
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        let text = line.trim();
        if echo {
            writeln!(out, "{text}")?;
        }
        if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
            *line = "q".into();
            return Ok(None);
        }
        match text.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => return Ok(Some(k - 1)),
            _ => writeln!(
                out,
                "'{}' is not a move: give a number from 1 to {count}, or q",
                crate::out::escape_controls(text)
            )?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game(words: &[String], engine_first: bool, script: &str) -> (Ending, String) {
        let words: Vec<Word> = Word::from_args(words);
        let mut out = Vec::new();
        let games = grundy_front::registry::standard();
        let ending = play(
            &games,
            &words,
            engine_first,
            true,
            &mut script.as_bytes(),
            &mut out,
        )
        .unwrap();
        (ending, String::from_utf8(out).unwrap())
    }

    fn is_n(words: &[String]) -> bool {
        let games = grundy_front::registry::standard();
        let mut sum = games.build_sum(&Word::from_args(words)).unwrap();
        analyse(&mut sum, 0).unwrap().outcome == Outcome::N
    }

    /// Small positions of a few games, as command-line words.
    fn position() -> impl Strategy<Value = Vec<String>> {
        let heaps = |max: u64| proptest::collection::vec(0..=max, 1..=3);
        prop_oneof![
            heaps(5).prop_map(|h| [
                vec!["nim".to_string()],
                h.iter().map(u64::to_string).collect()
            ]
            .concat()),
            heaps(9).prop_map(|h| [
                vec!["0.77".to_string()],
                h.iter().map(u64::to_string).collect()
            ]
            .concat()),
            heaps(12).prop_map(|h| [
                vec!["sub:1,3,4".to_string()],
                h.iter().map(u64::to_string).collect()
            ]
            .concat()),
            (0..=6u64, 0..=8u64).prop_map(|(a, b)| [
                "lasker",
                &a.to_string(),
                "+",
                "grundys-game",
                &b.to_string()
            ]
            .map(String::from)
            .to_vec()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// Whoever the human is and however they play, the engine wins every game it starts in an
        /// N-position (engine first) or that the human starts in a P-position.
        #[test]
        fn the_engine_wins_from_every_n_position(words in position(), picks in proptest::collection::vec(1..=4usize, 400)) {
            let engine_first = is_n(&words);
            let script: String = picks.iter().map(|k| format!("{k}\n")).collect();
            let (ending, text) = game(&words, engine_first, &script);
            prop_assert_eq!(ending, Ending::EngineWon, "{}", text);
        }
    }

    #[test]
    fn a_thrown_away_win_is_pointed_out() {
        // nim 1 2: taking 1 from heap 2 wins; taking the whole heap 1 leaves value 2.
        let words: Vec<String> = ["nim", "1", "2"].map(String::from).to_vec();
        let (_, text) = game(&words, false, "1\nq\n");
        assert!(text.contains("You threw away a won position"), "{text}");
    }
}
