//! `--batch`: one position a line of standard input, one answer a line of standard output.

use std::io::{BufRead, BufWriter, Write};

use grundy_core::component::COUNT_SATURATED;
use grundy_registry::spec::Word;

use super::conjecture::ByFormula;
use super::{decide, write_json, Args};
use crate::failure::Failure;
use grundy_front::session::Session;

/// `--batch`: the game words of the command line, then each line of standard input as a
/// position, answered on one line each. An error names its line and stops the batch; the answers
/// before it are written (and flushed) first.
pub(super) fn batch(
    args: &Args,
    session: &Session,
    by_formula: Option<&ByFormula>,
) -> Result<(), Failure> {
    // `-` or `GAME:-` would read standard input too, where the positions are (and wait on its
    // lock for ever).
    if let Some(i) = args.spec.iter().position(|a| a == "-" || a.ends_with(":-")) {
        return Err(Failure::Input(format!(
            "argument {} ('{}'): --batch reads the positions from standard input, one a line: \
             give the game on the command line (e.g. `grundy solve nim --batch`)",
            i + 1,
            args.spec[i]
        )));
    }
    if let (Some(f), false) = (by_formula, args.json) {
        // The answers are one line each: how sure their values are is said once, here.
        eprint!("grundy: {}", crate::flags::worded(&f.text_line()));
    }
    let mut out = BufWriter::new(crate::out::Stdout::lock());
    let result = batch_lines(
        args,
        session,
        by_formula,
        &mut std::io::stdin().lock(),
        &mut out,
    );
    out.flush()?;
    result
}

/// The longest line `--batch` reads: a position of about ten million numbers.
const MAX_BATCH_LINE: u64 = 1 << 28;

fn batch_lines(
    args: &Args,
    session: &Session,
    by_formula: Option<&ByFormula>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game: Vec<Word> = Word::from_args(&args.spec);
    // The text answer shows one move, so only one is listed; --json lists as many as --limit.
    let limit = if args.json {
        args.limit
    } else {
        args.limit.min(1)
    };
    let mut text = Vec::new();
    let mut after_cr = false;
    for number in 1.. {
        text.clear();
        // A line is read up to a bound: an endless line (`< /dev/zero`) must not fill memory.
        let read = read_line(input, MAX_BATCH_LINE, &mut text, &mut after_cr)
            .map_err(|e| Failure::Input(format!("line {number} of standard input: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        if text.len() as u64 > MAX_BATCH_LINE {
            return Err(Failure::Input(format!(
                "line {number} of standard input is longer than {MAX_BATCH_LINE} bytes, the \
                 most one batch line may hold (give a huge position as arguments or with '-')"
            )));
        }
        let at = |f: Failure| match f {
            Failure::Input(m) => Failure::Input(format!("line {number}: {m}")),
            Failure::Compute(m) => Failure::Compute(format!("line {number}: {m}")),
            Failure::Refuted => Failure::Refuted,
        };
        let line = std::str::from_utf8(&text)
            .map_err(|_| Failure::Input(format!("line {number}: not UTF-8 text")))?;
        // A blank line (a trailing one, a separator) is no position: skipped, still counted.
        if line.trim().is_empty() {
            continue;
        }
        if let Some(w) = line
            .split_whitespace()
            .find(|w| *w == "-" || w.ends_with(":-"))
        {
            return Err(Failure::Input(format!(
                "line {number}: '{w}' would read standard input, which holds the batch"
            )));
        }
        let mut words = game.clone();
        words.extend(
            line.split_whitespace()
                .enumerate()
                // The line is named once, by `at`: the word by its place in the line.
                .map(|(k, w)| Word::new(format!("item {}", k + 1), w)),
        );
        let mut components = session.games.build_sum(&words).map_err(|e| at(e.into()))?;
        let mut unlisted = false;
        let mut checks = None;
        if let Some(f) = by_formula {
            let wrapped = f.wrap(components).map_err(at)?;
            (components, unlisted) = (wrapped.components, wrapped.unlisted);
            checks = Some(wrapped.checks);
        }
        let verdict = decide(args, session, &mut components, limit, unlisted).map_err(at)?;
        if args.json {
            match (by_formula, &checks) {
                (Some(f), Some(c)) => f.write_json(out, &components, &verdict, Some(number), c)?,
                _ => write_json(out, &components, &verdict, Some(number))?,
            }
        } else {
            let grundy = verdict
                .grundy()
                .map_or("-".to_string(), |g| g.0.to_string());
            let total = match verdict.total() {
                None => "-".to_string(),
                Some(COUNT_SATURATED) => format!(">={COUNT_SATURATED}"),
                Some(t) => t.to_string(),
            };
            write!(out, "{} {grundy} {total}", verdict.outcome())?;
            if let Some(m) = verdict.first_move() {
                write!(out, " {m}")?;
            }
        }
        out.write_all(b"\n")?;
        // Each answer leaves as it is found: a batch killed (or waiting on its next line) has
        // given every answer it finished.
        out.flush()?;
    }
    Ok(())
}

/// Reads one line of `input` into `text`, without its end: a line ends at `\n`, `\r\n` or a
/// lone `\r` (old Mac text), so that no two lines merge into one position. Stops once `text`
/// holds more than `max` bytes. Returns the bytes of the line and its end consumed, 0 at the end
/// of the input. `after_cr` carries between calls whether the last line ended at `\r`: a `\n`
/// first is then the rest of that line end. (Peeking for it at once would wait on a pipe for the
/// next line before answering this one.)
fn read_line(
    input: &mut impl BufRead,
    max: u64,
    text: &mut Vec<u8>,
    after_cr: &mut bool,
) -> std::io::Result<usize> {
    let mut consumed = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if std::mem::take(after_cr) && buf.first() == Some(&b'\n') {
            input.consume(1);
            continue;
        }
        if buf.is_empty() {
            return Ok(consumed);
        }
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                text.extend_from_slice(&buf[..i]);
                *after_cr = buf[i] == b'\r';
                input.consume(i + 1);
                return Ok(consumed + i + 1);
            }
            None => {
                let n = buf.len();
                text.extend_from_slice(buf);
                input.consume(n);
                consumed += n;
                if text.len() as u64 > max {
                    return Ok(consumed);
                }
            }
        }
    }
}
