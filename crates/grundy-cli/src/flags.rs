//! The command line's words for the settings a library message names.
//!
//! A library message names a setting as data ([`grundy_core::setting::Setting`]); here each
//! becomes the flag that changes it, `--upto N`. Everything the command prints passes through
//! [`worded`] ([`crate::out`] calls it), so no message reaches the user unworded.

use std::borrow::Cow;

use grundy_core::setting::{word, Setting};

/// The flag that changes `setting`: its key is the flag's name.
pub fn flag(setting: Setting) -> String {
    format!("--{}", setting.key())
}

/// `message` with each setting worded as its flag, and its value after it.
pub fn worded(message: &str) -> Cow<'_, str> {
    word(message, |setting, value| match value {
        Some(v) => format!("{} {v}", flag(setting)),
        None => flag(setting),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_setting_is_a_flag_of_some_command() {
        let cli = crate::Cli::command();
        let longs: Vec<String> = std::iter::once(&cli)
            .chain(cli.get_subcommands())
            .flat_map(|c| c.get_arguments())
            .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
            .collect();
        for setting in Setting::ALL {
            assert!(longs.contains(&flag(setting)), "no flag {}", flag(setting));
        }
    }

    #[test]
    fn a_value_follows_its_flag() {
        let m = format!("give {} or {}", Setting::Upto.given("N"), Setting::Period);
        assert_eq!(worded(&m), "give --upto N or --period");
    }
}
