//! One module per subcommand.

pub mod board_table;
pub mod census;
pub mod check;
pub mod explain;
pub mod formula;
pub mod game_values;
pub mod games;
pub mod guess;
pub mod nimber;
pub mod play;
pub mod plot;
pub mod problem;
pub mod quotient;
pub mod solve;
pub mod table;

/// The default checkpoint file of a long run: `grundy-KIND-GAME.ckpt` in the current directory,
/// every character of the game's name but letters, digits and dots written `_`.
pub fn checkpoint_file(kind: &str, game: &str) -> std::path::PathBuf {
    let safe: String = game
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    std::path::PathBuf::from(format!("grundy-{kind}-{safe}.ckpt"))
}
