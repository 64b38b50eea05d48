//! Checkpoints of a search's table. A long search (Cram 6×7 takes twelve minutes) writes its
//! table to a file every few minutes and when it is interrupted ([`save_live`], from a Ctrl-C
//! handler); a search started again with the file resumes knowing every value its table kept.
//!
//! The file is a header of text lines, then the table's entries that hold something (a code and
//! a data word each, little-endian): a table is allocated whole and fills slowly, so a search
//! interrupted early writes a few kilobytes, not its whole table (512 MiB for Cram 5×9).
//!
//! ```text
//! grundy-search-checkpoint 3
//! rules cram
//! entries 00000000000000012345
//! mac 5e0c1b7f3a9d2e41…   (64 hex digits)
//! ```
//!
//! A file is believed only whole and sealed with the user's key ([`crate::seal`]): its first
//! line, its rules, its length and its MAC must all agree, and then a sample of its entries is
//! searched again ([`super::Search::checkpointed`]). A file not sealed with the key (another
//! user's, an older grundy's — versions 1 and 2 had checksums anyone can recompute — or edited)
//! is refused, or imported: every entry searched again from the rules before the search starts.
//! Its table may be of any size: the entries are stored again one by one.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use crate::seal::{Key, Mac, Trust, Unsealed};

use super::table::Table;

/// The first line of a checkpoint, and of one written before empty entries were left out.
const MAGIC: &str = "grundy-search-checkpoint 3";
const MAGIC_2: &str = "grundy-search-checkpoint 2";
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
    /// The key the file is sealed with, and whether a file not sealed with it is imported.
    pub trust: Trust,
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

/// A file that cannot be used for `why`: deleting it starts again.
fn bad(path: &Path, why: impl Into<String>) -> CheckpointError {
    CheckpointError {
        path: path.to_path_buf(),
        why: format!("{}; delete it to start again", why.into()),
    }
}

/// The tables of the searches now running with a checkpoint, to be saved on an interrupt.
type Live = Vec<(Weak<Table>, PathBuf, String, Key)>;
static LIVE: Mutex<Live> = Mutex::new(Vec::new());

pub(super) fn register(table: &Arc<Table>, path: &Path, rules: &str, key: &Key) {
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    live.retain(|(t, ..)| t.strong_count() > 0);
    live.push((
        Arc::downgrade(table),
        path.to_path_buf(),
        rules.to_string(),
        key.clone(),
    ));
}

/// Writes the table of every search running with a checkpoint to its file (for a Ctrl-C
/// handler, before the process ends): the files written, each with how it went.
pub fn save_live() -> Vec<(PathBuf, io::Result<()>)> {
    let live: Vec<(Arc<Table>, PathBuf, String, Key)> = LIVE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter_map(|(t, p, r, k)| Some((t.upgrade()?, p.clone(), r.clone(), k.clone())))
        .collect();
    live.into_iter()
        .map(|(table, path, rules, key)| {
            let saved = save(&table, &path, &rules, &key);
            (path, saved)
        })
        .collect()
}

/// Writes `table` to `path` whole ([`crate::atomic_file`]: an interruption never leaves half a
/// checkpoint), sealed with `key`. The search may go on writing the table meanwhile: an entry
/// caught half-written fails its check when read back, like one in memory.
pub(super) fn save(table: &Table, path: &Path, rules: &str, key: &Key) -> io::Result<()> {
    // One save at a time (a periodic one and Ctrl-C's): the table is read once, not twice at once.
    static SAVING: Mutex<()> = Mutex::new(());
    let _one = SAVING.lock().unwrap_or_else(|e| e.into_inner());
    let words = table.words();
    let rules_line = format!("rules {}\n", rules.escape_default());
    // Written twice, the same length: first with blanks, then with the count and the MAC.
    let header = |entries: u64, mac: &str| {
        format!("{MAGIC}\n{rules_line}entries {entries:020}\nmac {mac:0>64}\n")
    };
    crate::atomic_file::write(path, |file| {
        let mut f = BufWriter::with_capacity(1 << 20, file);
        f.write_all(header(0, "").as_bytes())?;
        let mut seal = key.seal(MAGIC);
        seal.update(rules_line.as_bytes());
        let mut entries = 0u64;
        for pair in words.chunks_exact(2) {
            // The table's words as they are: a code XOR its data, then the data.
            let (word, data) = (
                pair[0].load(Ordering::Relaxed),
                pair[1].load(Ordering::Relaxed),
            );
            if data == 0 {
                continue;
            }
            entries += 1;
            let mut entry = [0u8; 16];
            entry[..8].copy_from_slice(&word.to_le_bytes());
            entry[8..].copy_from_slice(&data.to_le_bytes());
            seal.update(&entry);
            f.write_all(&entry)?;
        }
        seal.word(entries);
        let f = f.into_inner().map_err(|e| e.into_error())?;
        f.rewind()?;
        f.write_all(header(entries, &seal.finish().to_string()).as_bytes())
    })
}

/// What a checkpoint's header says.
struct Header {
    rules: String,
    /// The entries that follow (versions 2 and 3: each holds something; version 1: every entry).
    entries: u64,
    /// The MAC of a version 3 file; a checksum (not believed) of an older one.
    mac: Option<Mac>,
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
    let sealed = lines[0] == MAGIC;
    if !sealed && lines[0] != MAGIC_2 && !whole_table {
        return Err(bad(path, "not a grundy search checkpoint"));
    }
    let field = |i: usize, name: &str| -> Result<String, CheckpointError> {
        lines[i]
            .strip_prefix(name)
            .and_then(|v| v.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| bad(path, format!("line {} should be '{name} …'", i + 1)))
    };
    let number = |i: usize, name: &str| -> Result<u64, CheckpointError> {
        let text = field(i, name)?;
        text.parse()
            .map_err(|_| bad(path, format!("line {}: '{text}' is not a {name}", i + 1)))
    };
    let entries = if whole_table {
        let words = number(2, "words")?;
        if words % 2 != 0 {
            return Err(bad(path, "an odd number of words: not a table"));
        }
        words / 2
    } else {
        number(2, "entries")?
    };
    let mac = if sealed {
        let text = field(3, "mac")?;
        Some(Mac::parse(&text).ok_or_else(|| bad(path, "line 4: the MAC must be 64 hex digits"))?)
    } else {
        field(3, "checksum")?;
        None
    };
    Ok(Header {
        rules: field(1, "rules")?,
        entries,
        mac,
    })
}

/// Reads the checkpoint at `path` whole, handing each entry (its index, code and data word) to
/// `each`: its header, then every entry. A file cut short or longer than it says is refused; one
/// not sealed with `trust`'s key is refused unless `trust` imports it, after `each` has seen
/// part or all of it. Returns the header and whether the file is sealed with the key.
fn read(
    path: &Path,
    trust: &Trust,
    mut each: impl FnMut(u64, u64, u64),
) -> Result<(Header, bool), CheckpointError> {
    // A pipe or a device is refused before a byte is read (a pipe would wait for a writer).
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(CheckpointError {
                path: path.to_path_buf(),
                why: "not a regular file (a device, a pipe or a folder): give the path of a file"
                    .into(),
            })
        }
        _ => {}
    }
    let file = File::open(path).map_err(|e| bad(path, e.to_string()))?;
    let mut r = BufReader::with_capacity(1 << 20, file);
    let header = read_header(&mut r, path)?;
    let mut seal = trust.key.seal(MAGIC);
    seal.update(format!("rules {}\n", header.rules).as_bytes());
    let mut pair = [0u8; 16];
    for i in 0..header.entries {
        r.read_exact(&mut pair)
            .map_err(|_| bad(path, "cut short: fewer entries than its header says"))?;
        seal.update(&pair);
        let code = u64::from_le_bytes(pair[..8].try_into().expect("8 bytes"));
        let data = u64::from_le_bytes(pair[8..].try_into().expect("8 bytes"));
        if data != 0 {
            // The table keeps a code XOR its data (so a torn entry fails its check).
            each(i, code ^ data, data);
        }
    }
    let mut rest = [0u8; 1];
    if r.read(&mut rest).map_err(|e| bad(path, e.to_string()))? != 0 {
        return Err(bad(path, "longer than its header says"));
    }
    seal.word(header.entries);
    let sealed = header.mac == Some(seal.finish());
    if !sealed && !trust.import {
        return Err(CheckpointError {
            path: path.to_path_buf(),
            why: Unsealed::why(),
        });
    }
    Ok((header, sealed))
}

/// Checks that the file `config` names is a whole checkpoint (header, length, MAC, or imported)
/// before a long search is started to resume from it; returns the rules it was written under.
pub fn check(config: &Checkpointing) -> Result<String, CheckpointError> {
    Ok(read(&config.path, &config.trust, |_, _, _| {})?.0.rules)
}

/// What a checkpoint read into a table gives to be checked against the rules.
pub(super) struct Loaded {
    /// Codes and data words: about 256 spread over a sealed file; every entry of an imported one.
    pub(super) sample: Vec<(u64, u64)>,
    /// Whether the file is sealed with the user's key (else it was imported: every entry must be
    /// verified).
    pub(super) sealed: bool,
}

/// Stores every entry of the checkpoint `config` names in `table`, after a first reading has
/// found the file whole and of these `rules`.
pub(super) fn load(
    table: &Table,
    config: &Checkpointing,
    rules: &str,
) -> Result<Loaded, CheckpointError> {
    let path = &config.path;
    let (header, sealed) = read(path, &config.trust, |_, _, _| {})?;
    if header.rules != rules.escape_default().to_string() {
        return Err(bad(
            path,
            format!("it holds a search of '{}', not of '{rules}'", header.rules),
        ));
    }
    let step = if sealed {
        (header.entries / 256).max(1)
    } else {
        1
    };
    let mut sample = Vec::new();
    read(path, &config.trust, |i, code, data| {
        table.put(code, data);
        if i % step == 0 {
            sample.push((code, data));
        }
    })?;
    Ok(Loaded { sample, sealed })
}
