//! `grundy-fuzz`: the fuzz campaign of grundy, on stable Rust.
//!
//! Every parser and file format grundy reads is a *target*: game specs and positions (the
//! registry, and `solve`/`table`/`play`/`check` of them), graph edge files, Hackenbush files,
//! `table --resume` checkpoints, the inputs of `grundy problem ID`, game scripts, `check`
//! formulas and `solve --batch` lines. A target makes cases two ways, from a seed given on the
//! command line (the same seed makes the same cases):
//!
//! - **structured generators** that write inputs of the right shape (a game name with made-up
//!   parameters, an `N M` header and edge lines, a formula from the grammar, …), and
//! - **mutations** of a seed corpus taken from the repository (every registry example,
//!   `examples/games/*.rhai`, the data files, the problems' sample inputs, checkpoints written
//!   as `grundy table` writes them): byte flips, insertions, deletions, splices, truncations,
//!   repeated pieces, and boundary numbers (0, -0, 2^32, 2^63, `u64::MAX`, past `u64::MAX`),
//!   control characters, a byte-order mark and non-ASCII text.
//!
//! Each case goes through the real code. Parsers of the libraries run in this process, with a
//! panic hook that records the message and `catch_unwind` around each case (a panic is a
//! finding; an abort ends the campaign, which is a finding too). Everything else runs the real
//! `grundy` binary (release build, a sibling of this one) with small caps (`--max-positions`,
//! `--memory 1G`, `--script-max-*`) and a timeout: exit codes 0, 1 and 2 are answers and
//! refusals; a panic (101), any other code, a signal (an abort, the OOM killer) or a run past
//! the timeout is a finding. The checkpoint target also compares every table resumed from a
//! damaged or forged checkpoint with the table computed fresh: a difference is a finding.
//!
//! ```text
//! cargo build --release -p grundy                    # the binary under test
//! cargo run --release -p grundy-fuzz -- list
//! cargo run --release -p grundy-fuzz -- specs --seconds 600 [--seed S]
//! cargo run --release -p grundy-fuzz -- all --seconds 600
//! ```
//!
//! Per target it prints the cases run (in this process and as the binary), the distinct
//! failures, and for each one its reproducer: shell lines that write the files and run
//! `grundy` with its arguments and standard input. The exit code is 1 if anything was found.

mod exec;
mod gen;
mod targets;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use exec::{Binary, Finding};
use gen::Rng;
use targets::{Context, NAMES};

struct Options {
    targets: Vec<String>,
    seconds: u64,
    seed: u64,
    timeout: u64,
    grundy: Option<PathBuf>,
    findings: PathBuf,
}

fn usage() -> ! {
    eprintln!(
        "usage: grundy-fuzz TARGET|all|list [--seconds N (default 60)] [--seed S] \
         [--timeout SECONDS (per run, default 10)] [--grundy PATH] \
         [--findings DIR (default fuzz-findings)]\ntargets: {}",
        NAMES.join(", ")
    );
    std::process::exit(2)
}

fn parse_options() -> Options {
    let mut args = std::env::args().skip(1);
    let mut o = Options {
        targets: Vec::new(),
        seconds: 60,
        seed: 1,
        timeout: 10,
        grundy: None,
        findings: PathBuf::from("fuzz-findings"),
    };
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> String {
            args.next().unwrap_or_else(|| {
                eprintln!("grundy-fuzz: {name} needs a value");
                usage()
            })
        };
        let number = |name: &str, v: String| -> u64 {
            v.parse().unwrap_or_else(|_| {
                eprintln!("grundy-fuzz: {name} must be a whole number");
                usage()
            })
        };
        match a.as_str() {
            "--seconds" => o.seconds = number("--seconds", value("--seconds")),
            "--seed" => o.seed = number("--seed", value("--seed")),
            "--timeout" => o.timeout = number("--timeout", value("--timeout")),
            "--grundy" => o.grundy = Some(PathBuf::from(value("--grundy"))),
            "--findings" => o.findings = PathBuf::from(value("--findings")),
            "list" => {
                for t in NAMES {
                    println!("{t:18} {}", targets::describe(t));
                }
                std::process::exit(0)
            }
            "all" => o.targets.extend(NAMES.iter().map(|s| s.to_string())),
            t if NAMES.contains(&t) => o.targets.push(t.to_string()),
            _ => usage(),
        }
    }
    if o.targets.is_empty() {
        usage()
    }
    o
}

/// The `grundy` binary next to this one (same profile, same target directory), built first
/// when this runs under `cargo run`.
fn find_grundy(explicit: Option<PathBuf>) -> PathBuf {
    if let Some(p) = explicit {
        return p;
    }
    let me = std::env::current_exe().expect("the fuzzer knows its path");
    let path = me.with_file_name("grundy");
    if let Ok(cargo) = std::env::var("CARGO") {
        let profile = me
            .parent()
            .and_then(|d| d.file_name())
            .and_then(|n| n.to_str())
            .unwrap_or("release");
        let mut cmd = std::process::Command::new(cargo);
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
        cmd.args([
            "build",
            "-p",
            "grundy",
            "--quiet",
            "--manifest-path",
            manifest,
        ]);
        if profile == "release" {
            cmd.arg("--release");
        }
        let ok = cmd.status().map(|s| s.success()).unwrap_or(false);
        if !ok {
            eprintln!("grundy-fuzz: could not build the grundy binary");
            std::process::exit(2);
        }
    }
    if !path.exists() {
        eprintln!(
            "grundy-fuzz: no binary at {} (build it: cargo build --release -p grundy)",
            path.display()
        );
        std::process::exit(2);
    }
    path
}

/// What a target did.
pub struct Report {
    pub target: String,
    pub seconds: f64,
    pub in_process: u64,
    pub binary: u64,
    /// Runs stopped at the timeout while they showed progress on stderr (slow, not silent:
    /// not failures, but counted).
    pub slow: u64,
    /// Distinct failures: the first reproducer of each and how often it was seen.
    pub failures: BTreeMap<String, (Finding, u64)>,
}

fn run_target(target: &str, options: &Options, cx: &mut Context) -> Report {
    let mut rng = Rng::new(options.seed ^ fnv(target));
    let start = Instant::now();
    let budget = Duration::from_secs(options.seconds);
    let mut report = Report {
        target: target.to_string(),
        seconds: 0.0,
        in_process: 0,
        binary: 0,
        slow: 0,
        failures: BTreeMap::new(),
    };
    let mut last_note = Instant::now();
    while start.elapsed() < budget {
        let o = targets::case(target, cx, &mut rng);
        report.in_process += o.in_process;
        report.binary += o.binary;
        for f in o.findings {
            if f.kind == "slow" {
                report.slow += 1;
                if report.slow <= 3 {
                    eprintln!(
                        "[{target}] slow (progress shown): {}\n    {}",
                        f.detail, f.reproducer
                    );
                }
                continue;
            }
            let key = f.key();
            let n = report.failures.len();
            let entry = report.failures.entry(key).or_insert_with(|| {
                eprintln!(
                    "[{target}] new failure: {}: {}\n    {}",
                    f.kind, f.detail, f.reproducer
                );
                save(&options.findings, target, n, &f);
                (f.clone(), 0)
            });
            entry.1 += 1;
        }
        if last_note.elapsed() > Duration::from_secs(30) {
            eprintln!(
                "[{target}] {:.0} s: {} cases in process, {} runs of grundy, {} distinct failures",
                start.elapsed().as_secs_f64(),
                report.in_process,
                report.binary,
                report.failures.len()
            );
            last_note = Instant::now();
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// Keeps a finding's files and reproducer in `dir/TARGET-N/`.
fn save(dir: &std::path::Path, target: &str, n: usize, f: &Finding) {
    let d = dir.join(format!("{target}-{n}"));
    if std::fs::create_dir_all(&d).is_err() {
        return;
    }
    for (path, bytes) in &f.files {
        if let Some(name) = path.file_name() {
            let _ = std::fs::write(d.join(name), bytes);
        }
    }
    let _ = std::fs::write(
        d.join("README"),
        format!("{}: {}\n{}\n", f.kind, f.detail, f.reproducer),
    );
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn print_report(r: &Report) {
    println!(
        "target {}: {:.0} s, {} cases ({} in process, {} runs of grundy), {} distinct failures, \
         {} runs stopped at the timeout with progress shown",
        r.target,
        r.seconds,
        r.in_process + r.binary,
        r.in_process,
        r.binary,
        r.failures.len(),
        r.slow
    );
    for (key, (f, times)) in &r.failures {
        println!("  failure ({times} times) {key}");
        println!("    {}", f.detail);
        println!("    reproduce: {}", f.reproducer);
    }
}

fn main() {
    // Nothing in this process reads standard input (`graph:-` cases go to the binary).
    // SAFETY: open and dup2 on valid arguments, before any other thread exists.
    unsafe {
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDONLY);
        if null >= 0 {
            libc::dup2(null, 0);
        }
    }
    let options = parse_options();
    let grundy = find_grundy(options.grundy.clone());
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .canonicalize()
        .expect("the repository's root exists");
    let scratch = std::env::temp_dir().join(format!("grundy-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    exec::install_panic_hook();
    exec::start_watchdog(Duration::from_secs(30));
    let binary = Binary {
        path: grundy,
        dir: root.clone(),
        timeout: Duration::from_secs(options.timeout),
    };
    let mut cx = Context::new(binary, scratch.clone(), root);
    println!(
        "grundy-fuzz: seed {}, {} s per target, timeout {} s per run",
        options.seed, options.seconds, options.timeout
    );
    let mut found = false;
    for t in &options.targets {
        let r = run_target(t, &options, &mut cx);
        print_report(&r);
        found |= !r.failures.is_empty();
    }
    let _ = std::fs::remove_dir_all(&scratch);
    std::process::exit(i32::from(found))
}
