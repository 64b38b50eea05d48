//! The page's words for the settings a library message names.
//!
//! A library message names a setting as data ([`grundy_core::setting::Setting`]); on the page
//! each becomes the form field or choice that changes it ("Up to", the outcome box). Every
//! refusal the page shows passes through [`worded`].

use grundy_core::setting::{word, Setting};

/// The page's word for `setting`, with `value` when the message gives one.
fn page(setting: Setting, value: Option<&str>) -> String {
    let name = match setting {
        Setting::Upto => "“Up to”",
        Setting::Period => "“find the period”",
        Setting::Formula => "“Formula”",
        Setting::Outcome => "the outcome box",
        Setting::NoMoves => "no winning moves",
        Setting::Misere => "misère play",
        Setting::Every => "Every-SG play",
        Setting::From => "the first position",
        Setting::Max => "the largest heap",
        Setting::Resume => "resuming",
        Setting::Import => "importing a file",
        Setting::Memory => "the memory budget",
        Setting::MaxPositions => "the position cap",
        Setting::ScriptMaxOps => "the script's operation cap",
        Setting::ScriptMaxDepth => "the script's depth cap",
        Setting::ScriptMaxSize => "the script's size cap",
        Setting::ScriptMaxMemory => "the script's memory cap",
        Setting::Param => "a parameter of every script",
        Setting::Csv => "CSV output",
        Setting::Method => "the method",
    };
    match value {
        Some(v) => format!("{name} {v}"),
        None => name.to_string(),
    }
}

/// `message` with each setting worded as the page names it.
pub fn worded(message: impl ToString) -> String {
    let message = message.to_string();
    word(&message, page).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_the_form_fields() {
        let m = format!(
            "give {} or tick {}",
            Setting::Upto.given("N"),
            Setting::Period
        );
        assert_eq!(worded(m), "give “Up to” N or tick “find the period”");
    }
}
