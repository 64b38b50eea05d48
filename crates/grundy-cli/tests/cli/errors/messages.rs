//! What grundy says, exactly: the smaller items of issue 13 (a message that misleads, a raw
//! control character, a usage block where one line will do).

use crate::common;

use std::process::Output;

fn grundy(args: &[&str], stdin: &[u8]) -> Output {
    common::run(args, stdin)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Exit 2 with exactly one line on stderr, which is returned.
fn bad_input(args: &[&str], stdin: &[u8]) -> String {
    let out = grundy(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn a_product_past_u64_is_shown_as_it_is() {
    let out = grundy(
        &[
            "solve",
            "multiplication:18446744073709551615",
            "9223372036854775807",
        ],
        b"",
    );
    let text = stdout(&out);
    // 3 · (2^63 - 1) = 27670116110564327421, past 2^64 - 1: not shown as 18446744073709551615.
    assert!(
        text.contains("multiply by 3: 9223372036854775807 -> 27670116110564327421 (reaches 18446744073709551615 and wins)"),
        "{text}"
    );
}

#[test]
fn control_characters_in_errors_are_escaped() {
    let err = bad_input(&["solve", "nim", "3\u{1b}[31m\r"], b"");
    assert!(err.contains("('3\\u{1b}[31m\\r')"), "{err}");
    let err = bad_input(&["solve", "nim\nx", "3"], b"");
    assert!(
        err.contains("'nim\\nx'") && !err.contains('\u{1b}'),
        "{err}"
    );
    let err = bad_input(&["solve", "\u{feff}nim", "3"], b"");
    assert!(err.contains("\\u{feff}nim"), "{err}");
}

#[test]
fn a_byte_order_mark_is_not_part_of_a_file() {
    let out = grundy(&["solve", "graph:-", "1"], "\u{feff}2 1\n1 2\n".as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = grundy(
        &["table", "graph:-"],
        "\u{feff}# a comment\n2 1\n1 2\n".as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = grundy(&["problem", "acwing891"], "\u{feff}2\n2 3\n".as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_zero_in_a_subtraction_set_is_named_wherever_it_stands() {
    let err = bad_input(&["solve", "sub:0,1", "3"], b"");
    assert!(
        err.contains("('sub:0,1'): amount 1 is 0: each amount to subtract must be positive"),
        "{err}"
    );
    let err = bad_input(&["solve", "sub:1,2,0", "3"], b"");
    assert!(err.contains("amount 3 is 0"), "{err}");
    let err = bad_input(&["solve", "sub:0", "3"], b"");
    assert!(err.contains("amount 1 is 0"), "{err}");
}

#[test]
fn minus_zero_is_not_negative() {
    let err = bad_input(&["solve", "nim", "-0"], b"");
    assert!(
        err.contains("('-0'): a heap size is written without a sign (0, not -0)"),
        "{err}"
    );
    let err = bad_input(&["solve", "nim", "-4"], b"");
    assert!(err.contains("must not be negative"), "{err}");
}

#[test]
fn a_bad_command_line_is_one_line() {
    let err = bad_input(&["table", "0.77", "--upto", "-1"], b"");
    assert!(
        err.contains("--upto ('-1')") && err.contains("must not be negative"),
        "{err}"
    );
    let err = bad_input(&["solve", "--bogus", "nim", "3"], b"");
    assert!(
        err.starts_with("grundy: error: unexpected argument '--bogus'"),
        "{err}"
    );
    let err = bad_input(&["tabel"], b"");
    assert!(err.contains("'table'"), "{err}");
    // Help is still help.
    let out = grundy(&["table", "--help"], b"");
    assert!(out.status.success() && stdout(&out).contains("Usage: grundy table"));
}

#[test]
fn play_refuses_bytes_that_are_not_text_as_bad_input() {
    let out = grundy(&["play", "nim", "1", "2"], b"\xff\xfe\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("standard input line 1: not UTF-8 (invalid byte at column 1)"),
        "{err}"
    );
    // What was typed is echoed escaped.
    let out = grundy(&["play", "nim", "1", "2"], b"x\x1b[2J\nq\n");
    assert!(
        stdout(&out).contains("'x\\u{1b}[2J' is not a move"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn positions_are_shown_as_they_are_typed() {
    let out = grundy(&["play", "poker-nim:2", "1"], b"q\n");
    let text = stdout(&out);
    assert!(!text.contains('{'), "{text}");
    assert!(
        text.contains("take all 1 from heap 1 -> 0 pool=2"),
        "{text}"
    );
    let out = grundy(&["play", "nim", "1", "2", "+", "sub:1,2", "3"], b"q\n");
    let text = stdout(&out);
    assert!(
        text.contains("in nim 1 2: take all 1 from heap 1 -> 0 2 + 3"),
        "{text}"
    );
    let out = grundy(&["solve", "poker-nim:5", "3", "4", "5"], b"");
    assert!(
        stdout(&out).starts_with("Position: poker-nim:5 3 4 5 pool=5\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_game_is_named_as_it_was_typed() {
    let out = grundy(&["solve", "dynamic:2", "5"], b"");
    assert!(
        stdout(&out).starts_with("Position: dynamic:2 5\n"),
        "{}",
        stdout(&out)
    );
    let out = grundy(&["solve", "dynamic:2", "5000", "+", "nim", "1"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("dynamic:2:") && !err.contains("fibonacci-nim"),
        "{err}"
    );
}

#[test]
fn tartan_takes_coordinates_up_to_2_to_the_32() {
    // HDU 3404 goes to 10^4: a position of any size is valued by the Tartan theorem.
    let out = grundy(
        &[
            "solve",
            "tartan:twins*twins",
            "4294967296,4294967295",
            "4294967295,4294967296",
        ],
        b"",
    );
    assert!(
        stdout(&out).contains("Outcome: P"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Its winning moves would need a search of 10^19 column moves: the outcome and value
    // stand, exit 0, and one line says why the moves are not listed.
    let out = grundy(&["solve", "tartan:ruler*twins", "4294967296,3"], b"");
    let text = stdout(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("Winning moves: not listed") && text.contains("moves are listed up to"),
        "{text}"
    );
    let err = bad_input(&["solve", "tartan:twins*twins", "4294967297,1"], b"");
    assert!(err.contains("at most 4294967296"), "{err}");
}

#[test]
fn dynamic_takes_any_multiplier_up_to_10_to_the_18() {
    // HDU 2486's largest: k = 10^5, heaps up to 10^8.
    let out = grundy(&["solve", "dynamic:100000", "100000000"], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // k = 10^18: every heap up to k + 1 is a term of the sequence, so every start is P.
    let out = grundy(
        &[
            "solve",
            "dynamic:1000000000000000000",
            "1000000000000000000",
        ],
        b"",
    );
    assert!(
        stdout(&out).contains("Outcome: P"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = bad_input(&["solve", "dynamic:1000000000000000001", "5"], b"");
    assert!(err.contains("at most 1000000000000000000"), "{err}");
}

/// Every error is shortened where it quotes a long text, not only the grammar's: a refused flag
/// quoting a long inline graph is one short line.
#[test]
fn any_error_quoting_a_long_text_is_shortened() {
    let edges: Vec<String> = (1..400).map(|v| format!("{v}-{}", v + 1)).collect();
    let game = format!("graph:{}", edges.join(","));
    let err = bad_input(&["table", &game, "--csv"], b"");
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
    assert!(
        err.contains("characters)") && err.contains("--csv"),
        "{err}"
    );
}

/// A position that starts with a minus sign is a position, not an unknown option `-1`: the game
/// says what is wrong with it. Before an option, or after one that takes a value, the word is
/// read as before.
#[test]
fn a_word_with_a_minus_sign_is_a_position() {
    let err = bad_input(&["solve", "hyper-knights", "-1,0"], b"");
    assert!(
        err.contains("argument 2 ('-1,0'): a coordinate must not be negative"),
        "{err}"
    );
    let err = bad_input(&["solve", "sub:1,2", "4", "-3"], b"");
    assert!(
        err.contains("argument 3 ('-3'): a heap size must not be negative"),
        "{err}"
    );
    let err = bad_input(&["table", "0.6", "--upto", "-5"], b"");
    assert!(err.contains("must not be negative"), "{err}");
    assert!(stdout(&grundy(&["solve", "--json", "hyper-knights", "1,0"], b"")).contains("\"P\""));
}
