//! Reading a problem's input: whitespace-separated tokens, each remembering its line and column,
//! so a malformed input gets an error that says where.

use std::fmt;

/// What is wrong with the input, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line; 0 when the input ended too early.
    pub line: usize,
    /// 1-based column of the offending token.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "input: {}", self.message)
        } else {
            write!(
                f,
                "input line {}, column {}: {}",
                self.line, self.column, self.message
            )
        }
    }
}

/// One token of input.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl Token<'_> {
    /// An error about this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// The tokens of an input, read front to back.
pub struct Input<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
}

impl<'a> Input<'a> {
    /// Splits `text` into tokens.
    pub fn new(text: &'a str) -> Self {
        // A byte-order mark (a file saved on Windows) is not part of the first token.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tokens = Vec::new();
        for (l, line) in text.lines().enumerate() {
            let mut rest = line;
            let mut offset = 0;
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let after = &rest[start..];
                let len = after.find(char::is_whitespace).unwrap_or(after.len());
                tokens.push(Token {
                    text: &after[..len],
                    line: l + 1,
                    column: offset + start + 1,
                });
                offset += start + len;
                rest = &after[len..];
            }
        }
        Input { tokens, next: 0 }
    }

    /// Whether every token has been read.
    pub fn is_done(&self) -> bool {
        self.next >= self.tokens.len()
    }

    /// The line of the next token (for inputs read a line at a time).
    pub fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    /// The next token, or an error saying what was expected.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        match self.tokens.get(self.next) {
            Some(&t) => {
                self.next += 1;
                Ok(t)
            }
            None => Err(InputError {
                line: self.tokens.last().map_or(0, |t| t.line),
                column: self.tokens.last().map_or(0, |t| t.column + t.text.len()),
                message: format!("the input ends where {what} was expected"),
            }),
        }
    }

    /// The next token as a whole number in `min..=max`.
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        self.number_token(what, min, max).map(|(n, _)| n)
    }

    /// The next token as a whole number in `min..=max`, with the token (for later errors).
    pub fn number_token(
        &mut self,
        what: &str,
        min: u64,
        max: u64,
    ) -> Result<(u64, Token<'a>), InputError> {
        let t = self.token(what)?;
        match t.text.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok((n, t)),
            Ok(_) => Err(t.error(format!(
                "{what} must be between {min} and {max}, found {}",
                t.text
            ))),
            Err(_) if t.text.starts_with('-') && t.text[1..].parse::<u64>().is_ok() => Err(t
                .error(format!(
                    "{what} must be between {min} and {max}, found {}",
                    t.text
                ))),
            Err(_) => Err(t.error(format!(
                "expected {what} (a whole number), found '{}'",
                t.text
            ))),
        }
    }

    /// `count` numbers in `min..=max`.
    pub fn numbers(
        &mut self,
        count: usize,
        what: &str,
        min: u64,
        max: u64,
    ) -> Result<Vec<u64>, InputError> {
        (0..count).map(|_| self.number(what, min, max)).collect()
    }

    /// An error unless every token has been read.
    pub fn end(&mut self) -> Result<(), InputError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(t.error(format!(
                "unexpected '{}' after the end of the input",
                t.text
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_place() {
        let mut input = Input::new("3 4\n  x 5\n");
        assert_eq!(input.number("n", 0, 9), Ok(3));
        assert_eq!(input.number("n", 0, 3).unwrap_err().column, 3);
        let err = input.number("n", 0, 9).unwrap_err();
        assert_eq!((err.line, err.column), (2, 3));
        assert_eq!(input.number("n", 0, 9), Ok(5));
        assert!(input
            .number("n", 0, 9)
            .unwrap_err()
            .message
            .contains("ends"));
        assert!(input.end().is_ok());
    }
}
