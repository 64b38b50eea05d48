//! A census of the octal games whose periods are published (Czajka's tables, which agree with
//! Flammenkamp's and Winning Ways'), through the whole path — family, threads, the SQLite file —
//! agreeing with the tables: every period and preperiod, every value of the published prefix and
//! period, and the largest value of the long ones.

use std::sync::atomic::AtomicBool;

use grundy_census::row::{Proof, Settings, Status};
use grundy_census::run::Census;
use grundy_census::store::{Query, Store};
use grundy_registry::spec::Word;
use grundy_registry::tabulate::{Quiet, Request, Table};

struct Published {
    code: String,
    prefix: u64,
    period: u64,
    /// The prefix's and one period's values (trivial games), or the largest value (solved ones).
    nimbers: Option<Vec<u32>>,
    largest: Option<u64>,
}

/// `.77` is `0.77`, `4` is `4.0`.
fn code(name: &str) -> String {
    let name = if name.starts_with('.') {
        format!("0{name}")
    } else {
        name.to_string()
    };
    if name.contains('.') {
        name
    } else {
        format!("{name}.0")
    }
}

fn published() -> Vec<Published> {
    let text = include_str!("data/octal_periods.md");
    let mut out = Vec::new();
    let mut solved = false;
    for line in text.lines() {
        if line.starts_with("## Solved") {
            solved = true;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[0].starts_with(['.', '4']) {
            continue;
        }
        let number = |s: &str| s.parse::<u64>().unwrap();
        let (nimbers, largest) = if solved {
            (None, Some(number(cells[3])))
        } else {
            let digits = cells[3].chars().filter(|c| c.is_ascii_alphanumeric());
            (
                Some(digits.map(|c| c.to_digit(36).unwrap()).collect()),
                None,
            )
        };
        out.push(Published {
            code: code(cells[0]),
            prefix: number(cells[1]),
            period: number(cells[2]),
            nimbers,
            largest,
        });
    }
    out
}

/// `G(0..=last)` of `code`, through the registry.
fn values(code: &str, last: u64) -> Vec<u32> {
    let games = grundy_front::registry::standard();
    let table = grundy_front::values::open(&games, &Word::new("test", code)).unwrap();
    match table
        .tabulate(&Request::upto(&last.to_string()), &mut Quiet)
        .unwrap()
    {
        Table::Heaps(line) => (0..=last).map(|n| line.value(n) as u32).collect(),
        _ => panic!("{code} is a line of heaps"),
    }
}

#[test]
fn a_census_of_the_published_octal_games_agrees_with_the_tables() {
    let games = grundy_front::registry::standard();
    let table = published();
    assert!(
        table.len() > 80,
        "the table was read: {} games",
        table.len()
    );
    let specs: Vec<String> = table.iter().map(|p| p.code.clone()).collect();
    let dir = std::env::temp_dir().join(format!("grundy-census-published-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("census.sqlite");
    let _ = std::fs::remove_file(&db);
    let mut store = Store::open(&db).unwrap();
    let census = Census {
        games: &games,
        settings: Settings::upto(1 << 14),
        jobs: 2,
        retry: false,
    };
    let summary = census
        .run(
            &mut store,
            "published",
            &specs,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(summary.counts.games, table.len() as u64);
    assert_eq!(summary.counts.solved, table.len() as u64, "{summary:?}");
    // Read back from the file, as a person queries it.
    let rows = store.query(Query::Solved, Some("published")).unwrap();
    assert_eq!(rows.len(), table.len());
    for (p, row) in table.iter().zip(&rows) {
        assert_eq!(row.spec, p.code);
        assert_eq!(row.status, Status::Solved, "{}", p.code);
        assert_eq!(row.proof, Some(Proof::Proved), "{}", p.code);
        assert_eq!(row.period, Some(p.period), "the period of {}", p.code);
        assert_eq!(row.saltus, Some(0), "{}", p.code);
        let preperiod = row.preperiod.unwrap();
        match &p.nimbers {
            Some(nimbers) => {
                // The table's heap 0 is ours `shift`: the one shift where the values agree.
                let ours = values(&p.code, preperiod + p.period + nimbers.len() as u64 + 4);
                let shift = (0..=3)
                    .find(|&s| ours[s..s + nimbers.len()] == nimbers[..])
                    .unwrap_or_else(|| panic!("{}: the published values are not ours", p.code));
                assert_eq!(
                    preperiod.saturating_sub(shift as u64),
                    p.prefix,
                    "the preperiod of {} (the table's numbering from our heap {shift})",
                    p.code
                );
                let largest = nimbers.iter().max().copied().unwrap_or(0) as u64;
                assert_eq!(row.largest, Some(largest), "{}", p.code);
            }
            None => {
                assert_eq!(preperiod, p.prefix, "the preperiod of {}", p.code);
                assert_eq!(row.largest, p.largest, "the largest value of {}", p.code);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The codes no one has solved.
fn unsolved() -> Vec<String> {
    let text = include_str!("data/octal_periods.md");
    let (_, rest) = text.split_once("## Unsolved games").unwrap();
    rest.split_whitespace()
        .filter(|w| w.starts_with(['.', '4']) && w.contains('.') && w.len() < 7)
        .map(code)
        .collect()
}

/// `G(0..=last)` of an octal code by the plain mex over every option, apart from the engine:
/// digit `k`'s bits 1, 2 and 4 let `k` tokens go leaving no heap, one, or two.
fn plain(code: &str, last: usize) -> Vec<u32> {
    let (d0, rest) = code.split_once('.').unwrap();
    let digits: Vec<u32> = std::iter::once(d0.parse::<u32>().unwrap())
        .chain(rest.chars().map(|c| c.to_digit(16).unwrap()))
        .collect();
    assert!(digits.iter().all(|d| d & 8 == 0), "{code}: three heaps");
    let mut g = vec![0u32; last + 1];
    for n in 1..=last {
        let mut seen = vec![false; 2 * n + 2];
        for (k, &d) in digits.iter().enumerate().filter(|&(k, _)| k <= n) {
            let r = n - k;
            if d & 1 != 0 && r == 0 && k > 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && r > 0 && k > 0 {
                seen[g[r] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=r / 2 {
                    let x = (g[a] ^ g[r - a]) as usize;
                    if x < seen.len() {
                        seen[x] = true;
                    }
                }
            }
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

/// The published tables list these codes as unsolved. A census may leave them open; where it
/// proves a period, the proof is checked apart from the engine: a plain mex over every option
/// gives the same values, and they repeat over the whole window the periodicity theorem needs
/// (`n0 <= n < 2 n0 + p + t`). (At 4096 heaps the census proves 4.344: preperiod 998, period
/// 51.)
#[test]
fn an_unsolved_game_reported_solved_is_proved_apart_from_the_engine() {
    let games = grundy_front::registry::standard();
    let codes = unsolved();
    assert_eq!(codes.len(), 82);
    let settings = Settings::upto(4096);
    let mut proved = Vec::new();
    for code in &codes {
        let row = grundy_census::row::compute(
            &games,
            code,
            &settings,
            &AtomicBool::new(false),
            &mut |_, _| {},
        );
        match row.status {
            Status::Open => assert_ne!(row.proof, Some(Proof::Proved), "{code}"),
            Status::Solved => {
                let (n0, p) = (
                    row.preperiod.unwrap() as usize,
                    row.period.unwrap() as usize,
                );
                let t = code.len() - code.find('.').unwrap() - 1;
                let window = 2 * n0 + p + t;
                let g = plain(code, window + p);
                assert_eq!(g, values(code, (window + p) as u64), "{code}: the values");
                for n in n0..window {
                    assert_eq!(g[n + p], g[n], "{code}: G({}) != G({n})", n + p);
                }
                if n0 > 0 {
                    assert_ne!(g[n0 - 1 + p], g[n0 - 1], "{code}: the least preperiod");
                }
                proved.push(code.clone());
            }
            other => panic!("{code}: {other:?} {:?}", row.error),
        }
    }
    assert_eq!(proved, vec!["4.344".to_string()]);
}

/// Siegel (2005) and Sleator and Slusky (2012): an all-but subtraction game excluding at most
/// three amounts is purely arithmetic periodic. The census sees it so for every such game of
/// `1..6`, with a positive saltus, and never calls it solved (no theorem bounds the table that
/// would prove a period).
#[test]
fn all_but_games_of_three_exclusions_are_purely_arithmetic_periodic() {
    let games = grundy_front::registry::standard();
    let family = grundy_census::family::expand("allbut:{1..6}^3", &|_| unreachable!()).unwrap();
    assert_eq!(family.len(), 6 + 15 + 20);
    for spec in &family {
        let row = grundy_census::row::compute(
            &games,
            spec,
            &Settings::upto(1 << 14),
            &AtomicBool::new(false),
            &mut |_, _| {},
        );
        assert_eq!(row.status, Status::Open, "{spec}: {row:?}");
        assert_eq!(row.proof, Some(Proof::Checked), "{spec}");
        assert_eq!(row.preperiod, Some(0), "{spec}: {row:?}");
        assert!(row.saltus.unwrap() > 0, "{spec}: {row:?}");
    }
}
