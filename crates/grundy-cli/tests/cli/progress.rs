//! What a long run says while it works when standard error is not a terminal (a log, a pipe):
//! plain progress lines instead of a bar.

use crate::common;

/// Positions valued one by one (here Chomp's grid, 1444 searches) show a plain progress line
/// within seconds when stderr is not a terminal, as a log or a pipe sees it.
#[cfg(unix)]
#[test]
fn values_one_by_one_say_how_far_they_are_in_a_log() {
    // The run is read until its first progress line, then ended: the line must come before the
    // check is done (it takes far longer), and say that it came within seconds of the start.
    let (_, err) = common::interrupt_when(
        &["check", "--formula", "n % 3", "--upto", "37", "chomp"],
        libc::SIGKILL,
        |line| line.contains("/1444 positions ("),
    );
    let line = err
        .lines()
        .find(|l| l.contains("/1444 positions ("))
        .unwrap();
    let seconds: u64 = line
        .rsplit_once(" (")
        .and_then(|(_, s)| s.strip_suffix(" s)"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no time in {line:?}"));
    assert!(seconds <= 4, "{err}");
}

/// The values a take-and-break position needs are computed while the game is built, before any
/// search: their progress reaches the command's reporter through the limits the registry hands
/// the builder, so a long solve says so in a log.
#[cfg(unix)]
#[test]
fn values_a_position_needs_say_how_far_they_are_in_a_log() {
    let (_, err) = common::interrupt_when(&["solve", "0.3F", "300000"], libc::SIGKILL, |line| {
        line.contains("computing values: ")
    });
    let line = err
        .lines()
        .find(|l| l.contains("computing values: "))
        .unwrap();
    assert!(line.contains(" of "), "{err}");
}
