//! What a long run says while it works when standard error is not a terminal (a log, a pipe):
//! plain progress lines instead of a bar.

/// Positions valued one by one (here Chomp's grid, 1444 searches) show a plain progress line
/// within seconds when stderr is not a terminal, as a log or a pipe sees it.
#[test]
fn values_one_by_one_say_how_far_they_are_in_a_log() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--formula", "n % 3", "--upto", "37", "chomp"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(4));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/1444 positions ("), "{err}");
}
