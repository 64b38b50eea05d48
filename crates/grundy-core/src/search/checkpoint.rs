//! Checkpoints of a search's table. A long search (Cram 6×7 takes twelve minutes) writes its
//! table to a file every few minutes and when it is interrupted ([`save_live`], from a Ctrl-C
//! handler); a search started again with the file resumes knowing every value its table kept.
//!
//! The file is a header of text lines, then the table's entries that hold something (a code and
//! a data word each, little-endian): a table is allocated whole and fills slowly, so a search
//! interrupted early writes a few kilobytes, not its whole table (512 MiB for Cram 5×9).
//!
//! ```text
//! grundy-search-checkpoint 2
//! rules cram
//! entries 00000000000000012345
//! checksum 5e0c1b7f3a9d2e41
//! ```
//!
//! A file is trusted only whole: its first line, its rules, its length and its checksum must all
//! agree, and then a sample of its entries is searched again ([`super::Search::checkpointed`]).
//! Its table may be of any size: the entries are stored again one by one. Files of version 1
//! (`words N`: every word of the table, empty entries too) are still read.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use crate::checksum::Checksum;

use super::table::Table;

/// The first line of a checkpoint, and of one written before empty entries were left out.
const MAGIC: &str = "grundy-search-checkpoint 2";
const MAGIC_1: &str = "grundy-search-checkpoint 1";

/// Where and how often searches write their checkpoints, and whether they start from one.
#[derive(Clone, Debug)]
pub struct Checkpointing {
    /// The file.
    pub path: PathBuf,
    /// Start from the file (which must exist and be whole).
    pub resume: bool,
    /// How often a running search writes the file.
    pub every: Duration,
}

/// A checkpoint that cannot be used, and why.
#[derive(Debug, thiserror::Error)]
#[error("checkpoint {}: {why}", path.display())]
pub struct CheckpointError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub why: String,
}

fn bad(path: &Path, why: impl Into<String>) -> CheckpointError {
    CheckpointError {
        path: path.to_path_buf(),
        why: why.into(),
    }
}

/// The tables of the searches now running with a checkpoint, to be saved on an interrupt.
type Live = Vec<(Weak<Table>, PathBuf, String)>;
static LIVE: Mutex<Live> = Mutex::new(Vec::new());

pub(super) fn register(table: &Arc<Table>, path: &Path, rules: &str) {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.retain(|(t, ..)| t.strong_count() > 0);
    live.push((Arc::downgrade(table), path.to_path_buf(), rules.to_string()));
}

/// Writes the table of every search running with a checkpoint to its file (for a Ctrl-C
/// handler, before the process ends): the files written, each with how it went.
pub fn save_live() -> Vec<(PathBuf, io::Result<()>)> {
    let live: Vec<(Arc<Table>, PathBuf, String)> = LIVE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter_map(|(t, p, r)| Some((t.upgrade()?, p.clone(), r.clone())))
        .collect();
    live.into_iter()
        .map(|(table, path, rules)| {
            let saved = save(&table, &path, &rules);
            (path, saved)
        })
        .collect()
}

/// Writes `table` to `path` whole ([`crate::atomic_file`]: an interruption never leaves half a
/// checkpoint). The search may go on writing the table meanwhile: an entry caught half-written
/// fails its check when read back, like one in memory.
pub(super) fn save(table: &Table, path: &Path, rules: &str) -> io::Result<()> {
    // One save at a time (a periodic one and Ctrl-C's): the table is read once, not twice at once.
    static SAVING: Mutex<()> = Mutex::new(());
    let _one = SAVING.lock().unwrap_or_else(|e| e.into_inner());
    let words = table.words();
    // Written twice, the same length: first with blanks, then with the count and the checksum.
    let header = |entries: u64, sum: u64| {
        format!(
            "{MAGIC}\nrules {}\nentries {entries:020}\nchecksum {sum:016x}\n",
            rules.escape_default(),
        )
    };
    crate::atomic_file::write(path, |file| {
        let mut f = BufWriter::with_capacity(1 << 20, file);
        f.write_all(header(0, 0).as_bytes())?;
        let mut sum = Checksum::new(0);
        let mut entries = 0u64;
        for pair in words.chunks_exact(2) {
            let (key, data) = (
                pair[0].load(Ordering::Relaxed),
                pair[1].load(Ordering::Relaxed),
            );
            if data == 0 {
                continue;
            }
            entries += 1;
            sum.word(key);
            sum.word(data);
            f.write_all(&key.to_le_bytes())?;
            f.write_all(&data.to_le_bytes())?;
        }
        sum.word(entries);
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.rewind()?;
        f.write_all(header(entries, sum.finish(&[])).as_bytes())
    })
}

/// What a checkpoint's header says.
struct Header {
    rules: String,
    /// The entries that follow (version 2: each holds something; version 1: every entry).
    entries: u64,
    /// Whether the file is of version 1.
    whole_table: bool,
    checksum: u64,
}

fn read_header(r: &mut impl BufRead, path: &Path) -> Result<Header, CheckpointError> {
    let mut lines = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        r.take(256)
            .read_line(&mut line)
            .map_err(|e| bad(path, e.to_string()))?;
        lines.push(line.trim_end_matches('\n').to_string());
    }
    let whole_table = lines[0] == MAGIC_1;
    if lines[0] != MAGIC && !whole_table {
        return Err(bad(path, "not a grundy search checkpoint"));
    }
    let field = |i: usize, name: &str| -> Result<String, CheckpointError> {
        lines[i]
            .strip_prefix(name)
            .and_then(|v| v.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| bad(path, format!("line {} should be '{name} …'", i + 1)))
    };
    let number = |i: usize, name: &str, radix: u32| -> Result<u64, CheckpointError> {
        let text = field(i, name)?;
        u64::from_str_radix(&text, radix)
            .map_err(|_| bad(path, format!("line {}: '{text}' is not a {name}", i + 1)))
    };
    let entries = if whole_table {
        let words = number(2, "words", 10)?;
        if words % 2 != 0 {
            return Err(bad(path, "an odd number of words: not a table"));
        }
        words / 2
    } else {
        number(2, "entries", 10)?
    };
    Ok(Header {
        rules: field(1, "rules")?,
        entries,
        whole_table,
        checksum: number(3, "checksum", 16)?,
    })
}

/// Reads the checkpoint at `path` whole, handing each entry (code and data word) to `each`:
/// its header, then every entry, then the checksum. A file cut short, longer than it says, or
/// with a wrong checksum is refused, after `each` has seen part or all of it.
fn read(path: &Path, mut each: impl FnMut(u64, u64, u64)) -> Result<Header, CheckpointError> {
    let file = File::open(path).map_err(|e| bad(path, e.to_string()))?;
    let mut r = BufReader::with_capacity(1 << 20, file);
    let header = read_header(&mut r, path)?;
    let mut sum = match header.whole_table {
        true => Checksum::new(header.entries.saturating_mul(16)),
        false => Checksum::new(0),
    };
    let mut pair = [0u8; 16];
    for i in 0..header.entries {
        r.read_exact(&mut pair)
            .map_err(|_| bad(path, "cut short: fewer entries than its header says"))?;
        let key = u64::from_le_bytes(pair[..8].try_into().expect("8 bytes"));
        let data = u64::from_le_bytes(pair[8..].try_into().expect("8 bytes"));
        sum.word(key);
        sum.word(data);
        if data != 0 {
            each(i, key ^ data, data);
        }
    }
    let mut rest = [0u8; 1];
    if r.read(&mut rest).map_err(|e| bad(path, e.to_string()))? != 0 {
        return Err(bad(path, "longer than its header says"));
    }
    if !header.whole_table {
        sum.word(header.entries);
    }
    if sum.finish(&[]) != header.checksum {
        return Err(bad(
            path,
            "its checksum does not match: the file is damaged",
        ));
    }
    Ok(header)
}

/// Checks that the file at `path` is a whole checkpoint (header, length, checksum) before a
/// long search is started to resume from it; returns the rules it was written under.
pub fn check(path: &Path) -> Result<String, CheckpointError> {
    Ok(read(path, |_, _, _| {})?.rules)
}

/// Stores every entry of the checkpoint at `path` in `table`, after a first reading has found
/// the file whole (see [`check`]) and of these `rules`. Returns a sample of the entries read
/// (codes and data words, about 256 spread over the file), for a check against the rules.
pub(super) fn load(
    table: &Table,
    path: &Path,
    rules: &str,
) -> Result<Vec<(u64, u64)>, CheckpointError> {
    let header = read(path, |_, _, _| {})?;
    if header.rules != rules.escape_default().to_string() {
        return Err(bad(
            path,
            format!("it holds a search of '{}', not of '{rules}'", header.rules),
        ));
    }
    let step = (header.entries / 256).max(1);
    let mut sample = Vec::new();
    read(path, |i, code, data| {
        table.put(code, data);
        if i % step == 0 {
            sample.push((code, data));
        }
    })?;
    Ok(sample)
}
