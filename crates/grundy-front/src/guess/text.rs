//! `grundy guess`'s report in words.

use grundy_core::setting::Setting;
use serde_json::Value as Json;

use super::{Basis, GuessReport, Target};

impl GuessReport {
    /// The report in words, as `grundy guess` prints it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let lhs = match self.target {
            Target::Values => format!("G({})", self.variables.join(", ")),
            Target::PPositions => format!("P-positions ({})", self.variables.join(", ")),
        };
        let range = range_words(&self.variables, &self.checked_upto);
        if let Some(note) = &self.note {
            out.push_str(&format!("{}: {note}\n", self.game));
        }
        match (&self.formula, self.basis) {
            (Some(formula), Some(basis)) => {
                let sep = if self.target == Target::Values {
                    " ="
                } else {
                    ": where"
                };
                out.push_str(&format!("{}: {lhs}{sep} {formula}\n", self.game));
                out.push_str(&format!(
                    "  family: {}; fitted on {}, holds for every {range}\n",
                    self.family.unwrap_or("expression"),
                    fitted_words(&self.variables, self.fitted_upto.unwrap_or(0)),
                ));
                match basis {
                    Basis::Proved => out.push_str(&format!(
                        "  proved: {}\n",
                        self.theorem.as_deref().unwrap_or("")
                    )),
                    Basis::Checked => out.push_str(&format!(
                        "  checked to {}: a conjecture past it\n",
                        upto_words(&self.checked_upto)
                    )),
                }
                let outcome = if self.target == Target::PPositions {
                    format!(" {}", Setting::Outcome)
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "  check it further: grundy check {}{outcome} {} {}\n",
                    shell_word(&self.game),
                    Setting::Formula.given(shell_word(formula)),
                    Setting::Upto.given(bigger(&self.checked_upto))
                ));
                for (lang, code) in [("C++", &self.cpp), ("Python", &self.python)] {
                    if let Some(code) = code {
                        out.push_str(&format!("  {lang}:\n"));
                        for line in code.lines() {
                            out.push_str(&format!("    {line}\n"));
                        }
                    }
                }
            }
            _ => {
                out.push_str(&format!(
                    "{}: no formula found for the {} (every {range} computed)\n",
                    self.game,
                    match self.target {
                        Target::Values => "values",
                        Target::PPositions => "P-positions",
                    }
                ));
                if self.near.is_empty() {
                    out.push_str("  no candidate fits even the first values\n");
                }
                for n in &self.near {
                    let at: Vec<String> = n
                        .fails_at
                        .as_object()
                        .map(|m| m.iter().map(|(k, v)| format!("{k} = {v}")).collect())
                        .unwrap_or_default();
                    out.push_str(&format!(
                        "  nearest: {} fails at {}: it gives {}, the value is {}\n",
                        n.formula,
                        at.join(", "),
                        if n.actual.is_null() {
                            "nothing".to_string()
                        } else {
                            n.actual.to_string()
                        },
                        n.expected
                    ));
                }
            }
        }
        out
    }
}

pub(super) fn upto_words(upto: &Json) -> String {
    match upto.as_array() {
        Some(a) => format!(
            "{}x{}",
            a.first().cloned().unwrap_or_default(),
            a.get(1).cloned().unwrap_or_default()
        ),
        None => upto.to_string(),
    }
}

/// `text` as one word of a POSIX shell command: as it is when every character is plain, else in
/// single quotes (a quote inside written `'\''`), so the line can be pasted as it is printed.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-.,:/=@%+".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn bigger(upto: &Json) -> String {
    match upto.as_array() {
        Some(a) => {
            let x = |i: usize| a.get(i).and_then(Json::as_u64).unwrap_or(0) * 2;
            format!("{}x{}", x(0), x(1))
        }
        None => (upto.as_u64().unwrap_or(0).saturating_add(1) * 10).to_string(),
    }
}

fn range_words(vars: &[String], upto: &Json) -> String {
    match upto.as_array() {
        Some(a) => format!(
            "{} <= {}, {} <= {}",
            vars[0],
            a.first().cloned().unwrap_or_default(),
            vars.get(1).map_or("", String::as_str),
            a.get(1).cloned().unwrap_or_default()
        ),
        None => format!("{} <= {upto}", vars[0]),
    }
}

fn fitted_words(vars: &[String], fitted: i64) -> String {
    if vars.len() == 1 {
        format!("{} <= {fitted}", vars[0])
    } else {
        "the grid".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_word_is_quoted_only_when_a_shell_would_read_it_otherwise() {
        assert_eq!(shell_word("0.77"), "0.77");
        assert_eq!(shell_word("sub:1,3,4"), "sub:1,3,4");
        assert_eq!(shell_word("n % 3"), "'n % 3'");
        assert_eq!(
            shell_word("script:{fn moves(n) { range(0, n) }}"),
            "'script:{fn moves(n) { range(0, n) }}'"
        );
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
