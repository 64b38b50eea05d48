//! `grundy games`: the list of rulesets.

use serde::Serialize;

use crate::failure::Failure;
use grundy_front::session::Session;

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: a list of {name, aliases, syntax, rules, example}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Entry {
    name: &'static str,
    aliases: &'static [&'static str],
    syntax: &'static str,
    rules: &'static str,
    example: String,
}

pub fn run(args: Args, session: &Session) -> Result<(), Failure> {
    let entries: Vec<Entry> = session
        .games
        .iter()
        .map(|e| Entry {
            name: e.name,
            aliases: e.aliases,
            syntax: e.syntax,
            rules: e.rules,
            example: format!("grundy solve {}", e.example),
        })
        .collect();
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&entries).expect("serializable")
        );
        return Ok(());
    }
    for e in &entries {
        outln!("{}", e.syntax);
        if !e.aliases.is_empty() {
            outln!("    also called: {}", e.aliases.join(", "));
        }
        outln!("    {}", e.rules);
        outln!("    example: {}", e.example);
        outln!();
    }
    outln!("Combine games with '+': grundy solve nim 3 4 + bash:3 7");
    Ok(())
}
