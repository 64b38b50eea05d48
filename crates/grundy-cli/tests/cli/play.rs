//! `grundy play` driven through a pipe, as a script would.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write moves");
    let out = child.wait_with_output().expect("grundy ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_full_game_through_a_pipe_ends_with_the_engine_winning() {
    // Kayles 5 is an N-position (value 4): the engine, first, wins whatever the human answers.
    let (code, out) = play(&["0.77", "5", "--engine-first"], &"1\n".repeat(20));
    assert_eq!(code, 0);
    assert!(out.contains("value *4 (N"), "{out}");
    assert!(out.contains("It leaves value 0"), "{out}");
    assert!(
        out.trim_end().ends_with("You have no move left: I win."),
        "{out}"
    );
}

#[test]
fn the_human_can_win_a_won_position() {
    // nim 1 2: move 3 (heap 2 -> 1) leaves [1,1]; the engine must take one, the human the other.
    let (code, out) = play(&["nim", "1", "2"], "3\n1\n1\n");
    assert_eq!(code, 0);
    assert!(out.contains("no move wins here"), "{out}");
    assert!(
        out.trim_end().ends_with("I have no move left: you win."),
        "{out}"
    );
}

#[test]
fn q_and_end_of_input_stop_cleanly() {
    let (code, out) = play(&["sub:1,3,4", "9"], "q\n");
    assert_eq!(code, 0);
    assert!(out.trim_end().ends_with("Quit."), "{out}");
    let (code, out) = play(&["sub:1,3,4", "9"], "");
    assert_eq!(code, 0);
    assert!(out.contains("End of input"), "{out}");
    // Every game lists its moves now (through the generic component): Wythoff is played too.
    let (code, out) = play(&["wythoff", "3", "5"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("take 1 from both heaps"), "{out}");
    let (code, _) = play(&["nim", "1000000000000000000"], "");
    assert_eq!(code, 2, "a position too big to list its moves is bad input");
}
