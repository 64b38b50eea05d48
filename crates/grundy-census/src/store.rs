//! The results database: one SQLite file, the schema below, safe for several censuses at once.
//!
//! ```sql
//! games(spec TEXT PRIMARY KEY, canonical, status, duplicate_of, upto, computed,
//!       preperiod, period, saltus, proof, theorem, largest,
//!       rare_mask, rare_count, last_rare, formula, formula_basis,
//!       misere_order, misere_p_portion, misere_upto, misere_proved, misere_note,
//!       seconds, memory, version, error, owner, updated)
//! members(family, spec)            -- which families named each game
//! meta(key PRIMARY KEY, value)     -- schema_version
//! ```
//!
//! A row is written whole, in one transaction; SQLite's write-ahead log and its lock keep two
//! writers (two censuses on one file) from ever corrupting it. A game is *claimed* before it is
//! computed (status `running`, the claimant in `owner` as `host:pid`), so two censuses never
//! compute the same game at once; a claim whose process is gone (same host, no such pid) is
//! taken over.

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension};

use crate::rare::Split;
use crate::row::{Misere, Proof, Row, Status};

/// The schema this grundy writes; a file of another is refused.
pub const SCHEMA_VERSION: i64 = 1;

/// Why the database could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite said so.
    #[error("{path}: {source}")]
    Sqlite {
        /// The file.
        path: String,
        /// SQLite's words.
        source: rusqlite::Error,
    },
    /// The file is a census of another schema.
    #[error("{path}: a census database of schema version {found}, this grundy reads version {SCHEMA_VERSION}")]
    Schema {
        /// The file.
        path: String,
        /// Its version.
        found: i64,
    },
    /// A stored row could not be read back (edited by hand?).
    #[error("{path}: the row of {spec} holds {what}")]
    Corrupt {
        /// The file.
        path: String,
        /// The row.
        spec: String,
        /// What is wrong.
        what: String,
    },
}

/// A census database.
pub struct Store {
    conn: Connection,
    path: String,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    spec TEXT PRIMARY KEY,
    canonical TEXT NOT NULL,
    status TEXT NOT NULL,
    duplicate_of TEXT,
    upto INTEGER NOT NULL,
    computed INTEGER,
    preperiod INTEGER,
    period INTEGER,
    saltus INTEGER,
    proof TEXT,
    theorem TEXT,
    largest INTEGER,
    rare_mask INTEGER,
    rare_count INTEGER,
    last_rare INTEGER,
    formula TEXT,
    formula_basis TEXT,
    misere_order INTEGER,
    misere_p_portion INTEGER,
    misere_upto INTEGER,
    misere_proved INTEGER,
    misere_note TEXT,
    seconds REAL NOT NULL DEFAULT 0,
    memory INTEGER NOT NULL DEFAULT 0,
    version TEXT NOT NULL,
    error TEXT,
    owner TEXT,
    updated TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS members (
    family TEXT NOT NULL,
    spec TEXT NOT NULL REFERENCES games(spec),
    PRIMARY KEY (family, spec)
);
CREATE INDEX IF NOT EXISTS games_status ON games(status);
CREATE INDEX IF NOT EXISTS games_canonical ON games(canonical);
CREATE INDEX IF NOT EXISTS games_period ON games(period, preperiod);
CREATE INDEX IF NOT EXISTS members_spec ON members(spec);
";

/// The columns of a row, in [`Store::row_of`]'s order.
const COLUMNS: &str = "spec, canonical, status, duplicate_of, upto, computed, preperiod, period, \
    saltus, proof, theorem, largest, rare_mask, rare_count, last_rare, formula, formula_basis, \
    misere_order, misere_p_portion, misere_upto, misere_proved, misere_note, seconds, memory, \
    version, error";

/// A named question about a census ([`Store::query`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Every row.
    All,
    /// Rows with a proved period.
    Solved,
    /// Rows computed with no period proved (a period seen, or none): the ones to push further.
    Unsolved,
    /// Rows with a period, proved or seen.
    Periodic,
    /// Rows with a positive saltus.
    Arithmetic,
    /// Rows that failed, with their errors.
    Failed,
    /// Rows not computed yet (or being computed).
    Pending,
    /// Rows with the same moves as another row.
    Duplicates,
}

impl Query {
    /// Every query, by name.
    pub const ALL: [(&'static str, Query); 8] = [
        ("all", Query::All),
        ("solved", Query::Solved),
        ("unsolved", Query::Unsolved),
        ("periodic", Query::Periodic),
        ("arithmetic", Query::Arithmetic),
        ("failed", Query::Failed),
        ("pending", Query::Pending),
        ("duplicates", Query::Duplicates),
    ];

    /// The query a name says.
    pub fn parse(name: &str) -> Option<Query> {
        Query::ALL.iter().find(|(n, _)| *n == name).map(|(_, q)| *q)
    }

    fn condition(self) -> &'static str {
        match self {
            Query::All => "1",
            Query::Solved => "status = 'solved'",
            Query::Unsolved => "status = 'open'",
            Query::Periodic => "period IS NOT NULL",
            Query::Arithmetic => "saltus > 0",
            Query::Failed => "status = 'failed'",
            Query::Pending => "status IN ('pending', 'running')",
            Query::Duplicates => "status = 'duplicate'",
        }
    }
}

/// How many games of each status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// All games.
    pub games: u64,
    /// Period proved.
    pub solved: u64,
    /// Computed, no period proved.
    pub open: u64,
    /// Failed.
    pub failed: u64,
    /// Duplicates of another game.
    pub duplicates: u64,
    /// Not computed yet, or being computed.
    pub pending: u64,
}

/// Who is computing: `host:pid`, to tell a live claim from one whose process is gone.
pub fn this_owner() -> String {
    format!("{}:{}", host(), std::process::id())
}

fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "localhost".into())
}

/// Whether the process that made a claim is gone: on this host, no such pid. A claim from
/// another host is never taken over (its process may be running there).
fn claim_is_stale(owner: &str) -> bool {
    let Some((h, pid)) = owner.rsplit_once(':') else {
        return true;
    };
    let Ok(pid) = pid.parse::<i32>() else {
        return true;
    };
    if h != host() {
        return false;
    }
    if pid as u32 == std::process::id() {
        return false;
    }
    // Signal 0 sends nothing: it only asks whether the process exists.
    // SAFETY: kill(2) with signal 0 has no effect on any process.
    let alive = unsafe { libc::kill(pid, 0) } == 0
        || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    !alive
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let name = path.display().to_string();
        let sql = |source| StoreError::Sqlite {
            path: name.clone(),
            source,
        };
        let conn = Connection::open(path).map_err(sql)?;
        conn.busy_timeout(BUSY).map_err(sql)?;
        // The write-ahead log lets readers read while a census writes. Switching to it takes
        // the file alone, without waiting: two censuses opening a new file at once retry.
        let wal = || {
            let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                conn.query_row("PRAGMA journal_mode = wal", [], |_| Ok(()))?;
            }
            Ok(())
        };
        retrying(wal).map_err(sql)?;
        conn.pragma_update(None, "synchronous", "normal")
            .map_err(sql)?;
        retrying(|| conn.execute_batch(&format!("BEGIN IMMEDIATE; {SCHEMA} COMMIT;")))
            .map_err(sql)?;
        let version: Option<String> = conn
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        match version.map(|v| v.parse::<i64>().unwrap_or(-1)) {
            None => {
                conn.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?1)",
                    [SCHEMA_VERSION.to_string()],
                )
                .map_err(sql)?;
            }
            Some(SCHEMA_VERSION) => {}
            Some(found) => return Err(StoreError::Schema { path: name, found }),
        }
        Ok(Store { conn, path: name })
    }

    fn sql(&self, source: rusqlite::Error) -> StoreError {
        StoreError::Sqlite {
            path: self.path.clone(),
            source,
        }
    }

    /// Records that `family` names each game of `games` (spec and canonical text, or why the spec
    /// names no game); a game new to the file is added, pending, or failed with that error, or as
    /// a duplicate of the game of the same moves the file holds already.
    pub fn add(
        &mut self,
        family: &str,
        games: &[(String, Result<String, String>)],
        upto: u64,
    ) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| StoreError::Sqlite {
                path: self.path.clone(),
                source: e,
            })?;
        {
            let mut exists = tx
                .prepare_cached("SELECT 1 FROM games WHERE spec = ?1")
                .map_err(|e| sql_error(&self.path, e))?;
            let mut first = tx
                .prepare_cached(
                    "SELECT spec FROM games WHERE canonical = ?1 AND status != 'duplicate' \
                     ORDER BY rowid LIMIT 1",
                )
                .map_err(|e| sql_error(&self.path, e))?;
            let mut member = tx
                .prepare_cached("INSERT OR IGNORE INTO members (family, spec) VALUES (?1, ?2)")
                .map_err(|e| sql_error(&self.path, e))?;
            for (spec, canonical) in games {
                let known = exists
                    .exists([spec])
                    .map_err(|e| sql_error(&self.path, e))?;
                if !known {
                    let mut row = Row::pending(spec, spec, upto);
                    match canonical {
                        Ok(c) => {
                            row.canonical = c.clone();
                            let original: Option<String> = first
                                .query_row([c], |r| r.get(0))
                                .optional()
                                .map_err(|e| sql_error(&self.path, e))?;
                            if let Some(original) = original {
                                row.status = Status::Duplicate;
                                row.duplicate_of = Some(original);
                            }
                        }
                        Err(e) => {
                            row.status = Status::Failed;
                            row.error = Some(e.clone());
                        }
                    }
                    put(&tx, &row, false).map_err(|e| sql_error(&self.path, e))?;
                }
                member
                    .execute(params![family, spec])
                    .map_err(|e| sql_error(&self.path, e))?;
            }
        }
        tx.commit().map_err(|e| self.sql(e))
    }

    /// The games of `family` that need computing for heaps up to `upto`: pending ones, open ones
    /// computed less far, claims whose process is gone, and with `retry` failed ones; in the
    /// family's order.
    pub fn work(&self, family: &str, upto: u64, retry: bool) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT g.spec, g.status, g.upto, g.owner FROM members m JOIN games g \
                 ON g.spec = m.spec WHERE m.family = ?1 ORDER BY m.rowid",
            )
            .map_err(|e| self.sql(e))?;
        let rows = stmt
            .query_map([family], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<String>>(3)?,
                ))
            })
            .map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        for row in rows {
            let (spec, status, was, owner) = row.map_err(|e| self.sql(e))?;
            if needs_work(Status::parse(&status), was, owner.as_deref(), upto, retry) {
                out.push(spec);
            }
        }
        Ok(out)
    }

    /// Claims `spec` for `owner` unless another live census has it or it needs no work: its
    /// status before the claim when this census computes it now, else `None`.
    pub fn claim(
        &mut self,
        spec: &str,
        owner: &str,
        upto: u64,
        retry: bool,
    ) -> Result<Option<Status>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| sql_error(&self.path, e))?;
        let found: Option<(String, i64, Option<String>)> = tx
            .query_row(
                "SELECT status, upto, owner FROM games WHERE spec = ?1",
                [spec],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(|e| sql_error(&self.path, e))?;
        let Some((status, was, holder)) = found else {
            return Ok(None);
        };
        let status = Status::parse(&status);
        let free = needs_work(status, was, holder.as_deref(), upto, retry);
        if free {
            tx.execute(
                "UPDATE games SET status = 'running', owner = ?2, updated = datetime('now') \
                 WHERE spec = ?1",
                params![spec, owner],
            )
            .map_err(|e| sql_error(&self.path, e))?;
        }
        tx.commit().map_err(|e| sql_error(&self.path, e))?;
        // A stale claim was pending work when its census died.
        Ok(free.then(|| {
            status
                .filter(|&s| s != Status::Running)
                .unwrap_or(Status::Pending)
        }))
    }

    /// Writes a computed row (the claim ends with it).
    pub fn write(&mut self, row: &Row) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(|e| sql_error(&self.path, e))?;
        // Updated in place, so that the row keeps its place in the family's order.
        let changed = put(&tx, row, true).map_err(|e| sql_error(&self.path, e))?;
        if changed == 0 {
            put(&tx, row, false).map_err(|e| sql_error(&self.path, e))?;
        }
        tx.commit().map_err(|e| sql_error(&self.path, e))
    }

    /// Gives a claimed game back, as it was before (an interrupted census).
    pub fn release(&mut self, spec: &str) -> Result<(), StoreError> {
        self.conn
            .execute(
                "UPDATE games SET status = CASE WHEN computed IS NULL THEN 'pending' \
                 ELSE CASE WHEN proof = 'proved' THEN 'solved' ELSE 'open' END END, \
                 owner = NULL WHERE spec = ?1 AND status = 'running'",
                [spec],
            )
            .map_err(|e| self.sql(e))?;
        Ok(())
    }

    /// The rows `query` asks for, of `family` alone when one is given, in the order they were
    /// added.
    pub fn query(&self, query: Query, family: Option<&str>) -> Result<Vec<Row>, StoreError> {
        let condition = query.condition();
        let (sql, args): (String, Vec<String>) = match family {
            Some(f) => (
                format!(
                    "SELECT {COLUMNS} FROM games WHERE ({condition}) AND spec IN \
                     (SELECT spec FROM members WHERE family = ?1) ORDER BY rowid"
                ),
                vec![f.to_string()],
            ),
            None => (
                format!("SELECT {COLUMNS} FROM games WHERE {condition} ORDER BY rowid"),
                vec![],
            ),
        };
        let mut stmt = self.conn.prepare(&sql).map_err(|e| self.sql(e))?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(args), |r| Ok(read_columns(r)))
            .map_err(|e| self.sql(e))?;
        let mut out = Vec::new();
        for row in rows {
            let row = row.map_err(|e| self.sql(e))?.map_err(|e| self.sql(e))?;
            out.push(row.map_err(|(spec, what)| StoreError::Corrupt {
                path: self.path.clone(),
                spec,
                what,
            })?);
        }
        Ok(out)
    }

    /// The row of one game.
    pub fn row(&self, spec: &str) -> Result<Option<Row>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM games WHERE spec = ?1");
        let found = self
            .conn
            .query_row(&sql, [spec], |r| Ok(read_columns(r)))
            .optional()
            .map_err(|e| self.sql(e))?;
        match found {
            None => Ok(None),
            Some(read) => read
                .map_err(|e| self.sql(e))?
                .map(Some)
                .map_err(|(spec, what)| StoreError::Corrupt {
                    path: self.path.clone(),
                    spec,
                    what,
                }),
        }
    }

    /// How many games of `family` (or of the whole file) stand where.
    pub fn counts(&self, family: Option<&str>) -> Result<Counts, StoreError> {
        let mut counts = Counts::default();
        for row in self.query(Query::All, family)? {
            counts.games += 1;
            match row.status {
                Status::Solved => counts.solved += 1,
                Status::Open => counts.open += 1,
                Status::Failed => counts.failed += 1,
                Status::Duplicate => counts.duplicates += 1,
                Status::Pending | Status::Running => counts.pending += 1,
            }
        }
        Ok(counts)
    }
}

/// Whether a game of this status, computed for heaps up to `was` and claimed by `holder`, is
/// computed by a census asking for heaps up to `upto` (`retry`: failed games too).
fn needs_work(
    status: Option<Status>,
    was: i64,
    holder: Option<&str>,
    upto: u64,
    retry: bool,
) -> bool {
    match status {
        Some(Status::Pending) => true,
        Some(Status::Open) => (was as u64) < upto,
        Some(Status::Failed) => retry,
        Some(Status::Running) => holder.is_none_or(claim_is_stale),
        _ => false,
    }
}

/// How long a census waits for another to let go of the file.
const BUSY: Duration = Duration::from_secs(60);

/// `step` again while SQLite says the file is busy (a step its busy handler does not wait for),
/// for up to [`BUSY`].
fn retrying<T>(mut step: impl FnMut() -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let started = web_time::Instant::now();
    loop {
        match step() {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(
                    e.code,
                    rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
                ) && started.elapsed() < BUSY =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

fn sql_error(path: &str, source: rusqlite::Error) -> StoreError {
    StoreError::Sqlite {
        path: path.to_string(),
        source,
    }
}

/// Inserts `row`, or with `update` writes it over the row of its spec (its claim ended).
fn put(conn: &Connection, row: &Row, update: bool) -> rusqlite::Result<usize> {
    let proof = |p: Option<Proof>| {
        p.map(|p| match p {
            Proof::Proved => "proved",
            Proof::Checked => "checked",
        })
    };
    let int = |v: Option<u64>| v.map(|v| v.min(i64::MAX as u64) as i64);
    let values = (1..=26)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = if update {
        format!(
            "UPDATE games SET ({COLUMNS}, owner, updated) = ({values}, NULL, datetime('now')) \
             WHERE spec = ?1"
        )
    } else {
        format!("INSERT INTO games ({COLUMNS}) VALUES ({values})")
    };
    conn.execute(
        &sql,
        params![
            row.spec,
            row.canonical,
            row.status.as_str(),
            row.duplicate_of,
            int(Some(row.upto)),
            int(row.computed),
            int(row.preperiod),
            int(row.period),
            int(row.saltus),
            proof(row.proof),
            row.theorem,
            int(row.largest),
            row.rare.map(|r| r.mask as i64),
            int(row.rare.map(|r| r.count)),
            int(row.rare.map(|r| r.last)),
            row.formula,
            proof(row.formula_basis),
            int(row.misere.map(|m| m.order)),
            int(row.misere.map(|m| m.p_portion)),
            int(row.misere.map(|m| m.upto)),
            row.misere.map(|m| m.proved),
            row.misere_note,
            row.seconds,
            int(Some(row.memory)),
            row.version,
            row.error,
        ],
    )
}

/// A row from [`COLUMNS`]; the inner error names the row and what is wrong with it.
fn read_columns(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<Row, (String, String)>> {
    let spec: String = r.get(0)?;
    let uint = |i: usize| -> rusqlite::Result<Option<u64>> {
        Ok(r.get::<_, Option<i64>>(i)?.map(|v| v.max(0) as u64))
    };
    let proof = |i: usize| -> rusqlite::Result<Result<Option<Proof>, String>> {
        Ok(match r.get::<_, Option<String>>(i)?.as_deref() {
            None => Ok(None),
            Some("proved") => Ok(Some(Proof::Proved)),
            Some("checked") => Ok(Some(Proof::Checked)),
            Some(other) => Err(format!("the proof '{other}'")),
        })
    };
    let status: String = r.get(2)?;
    let Some(status) = Status::parse(&status) else {
        return Ok(Err((spec, format!("the status '{status}'"))));
    };
    let (proof_of_period, basis) = match (proof(9)?, proof(16)?) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Ok(Err((spec, e))),
    };
    let rare = match (uint(12)?, uint(13)?, uint(14)?) {
        (Some(mask), Some(count), Some(last)) => Some(Split {
            mask: mask as u32,
            count,
            last,
        }),
        _ => None,
    };
    let misere = match (
        uint(17)?,
        uint(18)?,
        uint(19)?,
        r.get::<_, Option<bool>>(20)?,
    ) {
        (Some(order), Some(p_portion), Some(upto), Some(proved)) => Some(Misere {
            order,
            p_portion,
            upto,
            proved,
        }),
        _ => None,
    };
    Ok(Ok(Row {
        canonical: r.get(1)?,
        status,
        duplicate_of: r.get(3)?,
        upto: uint(4)?.unwrap_or(0),
        computed: uint(5)?,
        preperiod: uint(6)?,
        period: uint(7)?,
        saltus: uint(8)?,
        proof: proof_of_period,
        theorem: r.get(10)?,
        largest: uint(11)?,
        rare,
        formula: r.get(15)?,
        formula_basis: basis,
        misere,
        misere_note: r.get(21)?,
        seconds: r.get(22)?,
        memory: uint(23)?.unwrap_or(0),
        version: r.get(24)?,
        error: r.get(25)?,
        spec,
    }))
}
