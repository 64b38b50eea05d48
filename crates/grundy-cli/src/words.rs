//! Turning command-line arguments into words, with `-` expanded from standard input.

use std::io::Read;

use grundy_registry::spec::Word;

use crate::failure::Failure;

/// The words of the command line; a lone `-` stands for every whitespace-separated word on stdin.
pub fn expand(args: &[String]) -> Result<Vec<Word>, Failure> {
    let mut words = Vec::with_capacity(args.len());
    let mut stdin_used = false;
    for (i, a) in args.iter().enumerate() {
        if a == "-" {
            if stdin_used {
                return Err(Failure::Input(format!(
                    "argument {} ('-'): standard input can be read only once",
                    i + 1
                )));
            }
            stdin_used = true;
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::Input(format!("reading standard input: {e}")))?;
            words.extend(
                text.split_whitespace()
                    .enumerate()
                    .map(|(k, w)| Word::new(format!("stdin item {}", k + 1), w)),
            );
        } else {
            words.push(Word::new(format!("argument {}", i + 1), a.as_str()));
        }
    }
    Ok(words)
}
