//! Running one case: in this process (a parser of the libraries, panics caught) or as the
//! `grundy` binary a user runs (exit codes, signals and hangs observed).

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::gen::{escape, shell_quote};

/// Something wrong a case showed: what kind, a key that tells distinct failures apart, and the
/// input that shows it.
#[derive(Clone, Debug)]
pub struct Finding {
    /// `panic`, `signal`, `exit code`, `timeout`, `wrong output`.
    pub kind: String,
    /// What the failure said (a panic's message and place, a signal's number).
    pub detail: String,
    /// How to reproduce it: a shell command line, with its standard input and files.
    pub reproducer: String,
    /// The files the case read (saved with the finding).
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

impl Finding {
    /// Failures with the same key are one failure found again.
    pub fn key(&self) -> String {
        // A panic is known by its place; anything else by its kind, its first words (numbers
        // made one `#`) and the command and game it ran.
        if self.detail.contains("panicked at ") {
            return format!("{}: {}", self.kind, self.detail_line_of());
        }
        let mut normalized = String::new();
        for c in self.detail.chars().take(60) {
            if c.is_ascii_digit() || (c == '.' && normalized.ends_with('#')) {
                if !normalized.ends_with('#') {
                    normalized.push('#');
                }
            } else {
                normalized.push(c);
            }
        }
        let command: Vec<&str> = self
            .reproducer
            .split("grundy ")
            .nth(1)
            .map(|rest| rest.split_whitespace().take(2).collect())
            .unwrap_or_default();
        format!("{}: {normalized} [grundy {}]", self.kind, command.join(" "))
    }

    fn detail_line_of(&self) -> String {
        // `panicked at src/x.rs:12:5:` — keep file and line.
        let after = self.detail.split("panicked at ").nth(1).unwrap_or("");
        let mut parts = after.splitn(3, ':');
        let f = parts.next().unwrap_or("");
        let l = parts.next().unwrap_or("");
        format!("{f}:{l}")
    }
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

thread_local! {
    /// Whether this thread runs a case (a panic is then a finding, kept quiet).
    static IN_CASE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A quiet panic hook that keeps the last message (with its place) for [`in_process`].
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("(no message)");
        let place = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        if !IN_CASE.with(|c| c.get()) {
            eprintln!("grundy-fuzz: panicked at {place}: {message}");
        }
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) =
            Some(format!("panicked at {place}: {message}"));
    }));
}

/// The case running in this process and since when, for the watchdog.
static RUNNING: Mutex<Option<(Instant, String)>> = Mutex::new(None);

/// A thread that ends the campaign (exit 3, with the case's reproducer) when a case in this
/// process runs past `limit`: a parser that hangs is a finding, and nothing can stop it.
pub fn start_watchdog(limit: Duration) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(1));
        let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((since, case)) = running.as_ref() {
            if since.elapsed() > limit {
                eprintln!("grundy-fuzz: a case in process ran past {limit:?} (a hang): {case}");
                println!("hang (in process) past {limit:?}: {case}");
                std::process::exit(3);
            }
        }
    });
}

/// Runs `f` on `input`, turning a panic into a finding reproduced by `reproducer`.
pub fn in_process<T>(
    reproducer: impl FnOnce() -> String,
    f: impl FnOnce() -> T,
) -> Option<Finding> {
    let reproducer = reproducer();
    *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), reproducer.clone()));
    IN_CASE.with(|c| c.set(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    IN_CASE.with(|c| c.set(false));
    *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = None;
    match result {
        Ok(_) => None,
        Err(_) => {
            let detail = LAST_PANIC
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .unwrap_or_else(|| "panicked at ?".into());
            Some(Finding {
                kind: "panic (in process)".into(),
                detail,
                reproducer,
                files: vec![],
            })
        }
    }
}

/// One run of the `grundy` binary.
#[derive(Default)]
pub struct Run {
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    /// Files the run reads: written before it, shown in the reproducer.
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

/// How a run ended.
pub struct Ended {
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub timed_out: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

/// The binary under test and how long one run may take.
pub struct Binary {
    pub path: PathBuf,
    pub dir: PathBuf,
    pub timeout: Duration,
}

/// Keeps the first `cap` bytes of a stream and drains the rest (a child never blocks on a full
/// pipe).
fn drain(mut r: impl Read + Send + 'static, cap: usize) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 65536];
        loop {
            match r.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
            }
        }
        kept
    })
}

impl Binary {
    pub fn run(&self, run: &Run) -> Ended {
        // An argument cannot hold a NUL byte: the generators may make one; it is dropped.
        if run.args.iter().any(|a| a.contains('\0')) {
            let mut clean = Run {
                args: run.args.iter().map(|a| a.replace('\0', "")).collect(),
                stdin: run.stdin.clone(),
                files: run.files.clone(),
            };
            return self.run(&std::mem::take(&mut clean));
        }
        for (path, bytes) in &run.files {
            std::fs::write(path, bytes).expect("the fuzzer's scratch directory is writable");
        }
        let start = Instant::now();
        let mut child = Command::new(&self.path)
            .args(&run.args)
            .current_dir(&self.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        let mut stdin = child.stdin.take().expect("piped");
        let input = run.stdin.clone();
        let writer = std::thread::spawn(move || {
            // A command that exits without reading its input closes the pipe: not an error.
            let _ = stdin.write_all(&input);
        });
        let out = drain(child.stdout.take().expect("piped"), 1 << 20);
        let err = drain(child.stderr.take().expect("piped"), 1 << 16);
        let mut timed_out = false;
        let mut pause = Duration::from_micros(200);
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait works") {
                break status;
            }
            if start.elapsed() > self.timeout {
                timed_out = true;
                let _ = child.kill();
                break child.wait().expect("wait works");
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(20));
        };
        let elapsed = start.elapsed();
        let _ = writer.join();
        Ended {
            code: status.code(),
            signal: status.signal(),
            timed_out,
            stdout: out.join().unwrap_or_default(),
            stderr: err.join().unwrap_or_default(),
            elapsed,
        }
    }

    /// The shell commands that reproduce `run`.
    pub fn reproducer(&self, run: &Run) -> String {
        let mut lines = Vec::new();
        for (path, bytes) in &run.files {
            if bytes.len() > 512 {
                lines.push(format!(
                    "# {} ({} bytes): saved with the finding",
                    path.display(),
                    bytes.len()
                ));
                continue;
            }
            lines.push(format!(
                "printf '%b' {} > {}",
                shell_quote(&escape_for_printf(bytes)),
                shell_quote(&path.display().to_string())
            ));
        }
        let args: Vec<String> = run
            .args
            .iter()
            .map(|a| shell_quote(&a.replace('\0', "")))
            .collect();
        let cmd = format!(
            "(cd {} && grundy {})",
            shell_quote(&self.dir.display().to_string()),
            args.join(" ")
        );
        if run.stdin.is_empty() {
            lines.push(format!("{cmd} < /dev/null"));
        } else {
            lines.push(format!(
                "printf '%b' {} | {cmd}",
                shell_quote(&escape_for_printf(&run.stdin))
            ));
        }
        lines.join("\n    ")
    }

    /// Runs `run` and judges how it ended: exit codes 0, 1 and 2 are answers and refusals;
    /// anything else (a panic's 101, a signal, a hang) is a finding.
    pub fn check(&self, run: &Run) -> (Ended, Option<Finding>) {
        let ended = self.run(run);
        let finding = judge(&ended).map(|(kind, detail)| Finding {
            kind,
            detail,
            reproducer: self.reproducer(run),
            files: run.files.clone(),
        });
        (ended, finding)
    }
}

/// What is wrong with how a run ended, if anything.
pub fn judge(e: &Ended) -> Option<(String, String)> {
    let stderr = String::from_utf8_lossy(&e.stderr);
    let first_lines: String = stderr.lines().take(3).collect::<Vec<_>>().join(" | ");
    if e.timed_out {
        // Work that shows its progress is slow, not hung: counted apart (see main).
        if !e.stderr.is_empty() {
            let last = stderr
                .lines()
                .last()
                .unwrap_or("")
                .chars()
                .take(120)
                .collect::<String>();
            return Some((
                "slow".into(),
                format!("stopped after {:?}; stderr: {last}", e.elapsed),
            ));
        }
        return Some((
            "timeout".into(),
            format!("no answer and nothing on stderr after {:?}", e.elapsed),
        ));
    }
    if let Some(sig) = e.signal {
        return Some(("signal".into(), format!("signal {sig}: {first_lines}")));
    }
    match e.code {
        Some(0..=2) => None,
        Some(101) => Some(("panic".into(), first_lines)),
        Some(c) => Some(("exit code".into(), format!("exit code {c}: {first_lines}"))),
        None => Some(("signal".into(), "no exit code".into())),
    }
}

/// Bytes for `printf '%b'`: backslash escapes for anything not printable.
fn escape_for_printf(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\0{b:03o}")),
        }
    }
    s
}

/// Bytes shown in a report.
pub fn show(bytes: &[u8]) -> String {
    let mut s = escape(bytes);
    if s.len() > 400 {
        s.truncate(400);
        s.push_str("...");
    }
    s
}
