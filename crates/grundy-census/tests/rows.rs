//! One game's row under the census's caps and stop, and the claims that let two censuses share
//! one file.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use grundy_census::row::{compute, Row, Settings, Status};
use grundy_census::store::{this_owner, Query, Store};

fn db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.sqlite");
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn a_game_past_its_time_cap_fails_with_why() {
    let games = grundy_front::registry::standard();
    let settings = Settings {
        time: Some(Duration::from_nanos(1)),
        ..Settings::upto(1 << 20)
    };
    let row = compute(
        &games,
        "0.16",
        &settings,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert_eq!(row.status, Status::Failed);
    assert!(
        row.error.as_deref().unwrap().contains("time cap"),
        "{row:?}"
    );
}

#[test]
fn a_game_past_its_memory_cap_fails_with_why() {
    let games = grundy_front::registry::standard();
    let settings = Settings {
        memory: Some(1 << 10),
        ..Settings::upto(1 << 20)
    };
    let row = compute(
        &games,
        "0.16",
        &settings,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert_eq!(row.status, Status::Failed);
    assert!(
        row.error.as_deref().unwrap().contains("memory cap"),
        "{row:?}"
    );
}

#[test]
fn a_stopped_game_comes_back_pending() {
    let games = grundy_front::registry::standard();
    let row = compute(
        &games,
        "0.16",
        &Settings::upto(1 << 20),
        &AtomicBool::new(true),
        &mut |_, _| {},
    );
    assert_eq!(row.status, Status::Pending, "{row:?}");
}

#[test]
fn a_row_reads_back_as_written() {
    let path = db("roundtrip");
    let mut store = Store::open(&path).unwrap();
    let games = grundy_front::registry::standard();
    let settings = Settings {
        misere: Some(20),
        guess: true,
        ..Settings::upto(4096)
    };
    store
        .add("f", &[("0.75".into(), Ok("0.75".into()))], 4096)
        .unwrap();
    let row = compute(
        &games,
        "0.75",
        &settings,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert!(
        row.misere.is_some() && row.formula.is_some() && row.rare.is_some(),
        "{row:?}"
    );
    assert_eq!(row.misere.unwrap().order, 8, "the quotient R8");
    store.write(&row).unwrap();
    let back: Row = store.row("0.75").unwrap().unwrap();
    assert_eq!(back, row);
    assert_eq!(store.query(Query::Solved, Some("f")).unwrap(), vec![row]);
    assert!(store
        .query(Query::Solved, Some("other"))
        .unwrap()
        .is_empty());
}

#[test]
fn a_game_claimed_by_a_live_census_is_left_to_it() {
    let path = db("claims");
    let mut a = Store::open(&path).unwrap();
    let mut b = Store::open(&path).unwrap();
    a.add("f", &[("0.7".into(), Ok("0.7".into()))], 100)
        .unwrap();
    assert_eq!(
        a.claim("0.7", &this_owner(), 100, false).unwrap(),
        Some(Status::Pending)
    );
    // The claimant is this process, alive: the other census leaves the game alone.
    assert_eq!(b.claim("0.7", "elsewhere:1", 100, false).unwrap(), None);
    assert!(b.work("f", 100, false).unwrap().is_empty());
    a.release("0.7").unwrap();
    assert_eq!(b.work("f", 100, false).unwrap(), vec!["0.7".to_string()]);
}

#[test]
fn a_claim_whose_process_is_gone_is_taken_over() {
    let path = db("stale");
    let mut a = Store::open(&path).unwrap();
    a.add("f", &[("0.7".into(), Ok("0.7".into()))], 100)
        .unwrap();
    let host = this_owner().rsplit_once(':').unwrap().0.to_string();
    // No process has pid 2^22 + 1 (past Linux's largest pid).
    let dead = format!("{host}:{}", (1 << 22) + 1);
    assert!(a.claim("0.7", &dead, 100, false).unwrap().is_some());
    assert_eq!(a.work("f", 100, false).unwrap(), vec!["0.7".to_string()]);
    assert_eq!(
        a.claim("0.7", &this_owner(), 100, false).unwrap(),
        Some(Status::Pending)
    );
    // A claim from another host may be alive there: it is left alone.
    let mut b = Store::open(&path).unwrap();
    b.add("g", &[("0.6".into(), Ok("0.6".into()))], 100)
        .unwrap();
    assert!(b
        .claim("0.6", "another-host:1", 100, false)
        .unwrap()
        .is_some());
    assert!(b.work("g", 100, false).unwrap().is_empty());
}

#[test]
fn a_database_of_another_schema_is_refused() {
    let path = db("schema");
    drop(Store::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    drop(conn);
    let e = Store::open(&path).err().expect("refused");
    assert!(e.to_string().contains("schema version 99"), "{e}");
}
