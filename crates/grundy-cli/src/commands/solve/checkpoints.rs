//! A long search kept across Ctrl-C and kills: its checkpoint file, checked before resuming, and
//! the handler that saves every live search (and the `--cache` file) before the process ends.

use std::time::Duration;

use grundy_core::search::checkpoint::{self, Checkpointing};

use super::Args;
use crate::failure::Failure;
use grundy_front::session::Session;

/// Where the searches of this solve keep their checkpoint: the file must be whole to resume
/// from; Ctrl-C saves every search's table there before the process ends, and the values of each
/// script's line in the `--cache` file, as an interrupted table keeps them. The session of the
/// solve: `session`'s, its searches keeping that checkpoint (`None`: `session` as it is, when the
/// user's key that seals the file cannot be had and no checkpoint was asked for: a solve needs
/// none, and most never search).
pub(super) fn checkpointed(args: &Args, session: &Session) -> Result<Option<Session>, Failure> {
    let path = args
        .checkpoint
        .clone()
        .unwrap_or_else(|| crate::commands::checkpoint_file("search", &args.spec[0]));
    let trust = match session.keyring.trust() {
        Ok(trust) => Some(trust),
        Err(m) if args.resume || args.checkpoint.is_some() => return Err(Failure::Input(m)),
        Err(m) => {
            eprintln!("grundy: note: a long search keeps no checkpoint: {m}");
            None
        }
    };
    let checkpointing = trust.map(|trust| Checkpointing {
        path: path.clone(),
        resume: args.resume,
        every: Duration::from_secs(args.checkpoint_every),
        trust,
    });
    if let (true, Some(checkpointing)) = (args.resume, &checkpointing) {
        if !path.exists() {
            return Err(Failure::Input(format!(
                "--resume: there is no checkpoint {} to resume from (give its file with \
                 --checkpoint)",
                path.display()
            )));
        }
        checkpoint::check(checkpointing).map_err(|e| Failure::Input(e.to_string()))?;
    }
    let checkpointed = checkpointing.map(|c| session.checkpointed(c));
    // Without a handler Ctrl-C just ends the process; the periodic checkpoint still exists.
    let scripts = session.scripts.clone();
    let _ = ctrlc::set_handler(move || {
        for (path, saved) in checkpoint::save_live() {
            match saved {
                // Its size is said: a search interrupted late may leave a large file.
                Ok(()) => eprintln!(
                    "grundy: interrupted; the search is saved in {} ({}): run the same command \
                     with --resume to go on, or delete it",
                    path.display(),
                    std::fs::metadata(&path).map_or_else(
                        |_| "size unknown".into(),
                        |m| crate::out::Bytes(m.len()).to_string()
                    )
                ),
                Err(e) => eprintln!(
                    "grundy: interrupted; could not save the search in {}: {e}",
                    path.display()
                ),
            }
        }
        // The search goes on in the main thread meanwhile; the line it may be extending stops at
        // the end of its block and lets go of its lock, which the cache's writer waits for.
        scripts.stop_lines();
        if let Err(failure) = crate::save_cache(&scripts, Ok(())) {
            crate::out::error_line(format_args!("{failure}"));
        }
        std::process::exit(130);
    });
    Ok(checkpointed)
}
