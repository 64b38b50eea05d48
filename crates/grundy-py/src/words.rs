//! Python's words for the settings a library message names.
//!
//! A library message names a setting as data ([`grundy_core::setting::Setting`]); here each
//! becomes the keyword argument (or function) that changes it in this package: `upto=N`,
//! `outcome=True`, `moves=False`, `grundy.set_max_positions(N)`. Every error this module raises
//! from a library message passes through [`worded`].

use grundy_core::setting::{word, Setting};

/// The package's word for `setting`, with `value` when the message gives one.
fn python(setting: Setting, value: Option<&str>) -> String {
    let keyword = |name: &str| match value {
        Some(v) => format!("{name}={v}"),
        None => name.to_string(),
    };
    match setting {
        Setting::Period | Setting::Outcome | Setting::Misere | Setting::Every => {
            format!("{}=True", setting.key())
        }
        Setting::NoMoves => "moves=False".to_string(),
        // `method naive` is the keyword `naive=True`.
        Setting::Method => match value {
            Some(v) => format!("{v}=True"),
            None => "naive=True".to_string(),
        },
        Setting::From => keyword("start"),
        Setting::MaxPositions => format!("grundy.set_max_positions({})", value.unwrap_or("N")),
        Setting::Upto => keyword("upto"),
        Setting::Formula => keyword("formula"),
        // A Python keyword: the argument of `grundy.cache` takes its trailing underscore.
        Setting::Import => "import_=True".to_string(),
        // The package has no word for these: the command line's flag says what is meant.
        Setting::Max
        | Setting::Resume
        | Setting::Memory
        | Setting::Param
        | Setting::Csv
        | Setting::ScriptMaxOps
        | Setting::ScriptMaxDepth
        | Setting::ScriptMaxSize
        | Setting::ScriptMaxMemory => match value {
            Some(v) => format!("the command line's --{} {v}", setting.key()),
            None => format!("the command line's --{}", setting.key()),
        },
    }
}

/// `message` with each setting worded as this package names it.
pub fn worded(message: impl std::fmt::Display) -> String {
    let message = message.to_string();
    word(&message, python).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_keyword_arguments() {
        let m = format!(
            "give {} (or {}), not {}; raise it with {}",
            Setting::Upto.given("N"),
            Setting::Period,
            Setting::NoMoves,
            Setting::MaxPositions.given("N")
        );
        assert_eq!(
            worded(m),
            "give upto=N (or period=True), not moves=False; raise it with grundy.set_max_positions(N)"
        );
    }
}
