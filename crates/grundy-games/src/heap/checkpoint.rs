//! Checkpoints of heap tables: a long `grundy table` saves what it has computed every ten
//! seconds, when it is interrupted and when the memory budget stops it, and `--resume` continues
//! from the file. A file is never trusted: its header, length, checksum, value ranges and a sample
//! of values recomputed from the rules are checked before a table is built on it.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::Path;

use grundy_core::checksum::checkpoint_checksum;

use crate::heap::sparse::Engine;
use crate::heap::table::TableGame;
use crate::tabulate::{TableError, Watch};

/// The first line of a checkpoint. Version 2 added the checksum and the largest value; a
/// version 1 file (no checksum) is refused rather than trusted.
const MAGIC: &str = "grundy-table-checkpoint 2";

/// How many options the check of a resumed checkpoint may recompute (a fraction of a second).
const VERIFY_BUDGET: u64 = 4_000_000;

/// A checkpoint is a header of text lines, then `G(0), G(1), …` as little-endian u32:
///
/// ```text
/// grundy-table-checkpoint 2
/// game 0.77
/// values 1048576          (G(0) to G(1048575))
/// max 3
/// checksum 5e0c1b7f3a9d2e41
/// ```
pub fn save(path: &Path, game: &TableGame, e: &Engine) -> std::io::Result<()> {
    let tmp = path.with_extension("ckpt.tmp");
    {
        // Written from the table in its own width: a long table is never copied to be saved.
        let values = e.values();
        let mut f = BufWriter::new(std::fs::File::create(&tmp)?);
        writeln!(
            f,
            "{MAGIC}\ngame {}\nvalues {}\nmax {}\nchecksum {:016x}",
            game.name().escape_default(),
            values.len(),
            values.max(),
            values.checkpoint_checksum()
        )?;
        values.write_le_u32(&mut f)?;
        f.flush()?;
    }
    std::fs::rename(tmp, path)
}

/// Reads a checkpoint back, refusing anything but a file this game wrote, intact: the header,
/// the length, the checksum, every value's range and a sample of values recomputed from the rules
/// (see [`TableGame::verify`]). A bad file ends the run with one line; it never makes a table.
pub fn load(path: &Path, game: &TableGame, watch: &mut dyn Watch) -> Result<Vec<u32>, TableError> {
    let bad = |why: &str| {
        TableError::Input(format!(
            "checkpoint {}: {why}; delete it to start again",
            path.display()
        ))
    };
    let file = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
    let size = file.metadata().map_err(|e| bad(&e.to_string()))?.len();
    // The header is short: read it line by line, never more than a few hundred bytes, so a
    // file of random bytes costs nothing before it is refused.
    let mut reader = std::io::BufReader::new(file);
    let mut header = Vec::new();
    let mut header_len = 0u64;
    for _ in 0..5 {
        let mut line = Vec::new();
        (&mut reader)
            .take(512)
            .read_until(b'\n', &mut line)
            .map_err(|e| bad(&e.to_string()))?;
        header_len += line.len() as u64;
        if line.pop() != Some(b'\n') {
            return Err(bad(if header.is_empty() {
                "not a grundy table checkpoint"
            } else {
                "its header is cut short"
            }));
        }
        header.push(String::from_utf8_lossy(&line).into_owned());
        if header[0] != MAGIC {
            return Err(bad(if header[0].starts_with("grundy-table-checkpoint") {
                "written by another version of grundy (this one reads version 2)"
            } else {
                "not a grundy table checkpoint"
            }));
        }
    }
    let field = |i: usize, key: &str| -> Result<&str, TableError> {
        header[i]
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| bad(&format!("line {}: expected '{key} ...'", i + 1)))
    };
    let name = field(1, "game")?;
    let want = game.name().escape_default().to_string();
    if name != want {
        return Err(bad(&format!(
            "it is for the game '{}', not '{}'",
            name.escape_default(),
            want
        )));
    }
    let number = |i: usize, key: &str| -> Result<u64, TableError> {
        let text = field(i, key)?;
        text.parse()
            .map_err(|_| bad(&format!("line {}: '{key}' must be a number", i + 1)))
    };
    let count = number(2, "values")?;
    let max = number(3, "max")?;
    let sum = u64::from_str_radix(field(4, "checksum")?, 16)
        .map_err(|_| bad("line 5: the checksum must be 16 hex digits"))?;
    let data_len = size.saturating_sub(header_len);
    if count.checked_mul(4) != Some(data_len) {
        return Err(bad(&format!(
            "it promises {count} values ({} bytes) but holds {data_len} bytes: truncated or \
             padded",
            count.saturating_mul(4)
        )));
    }
    watch
        .reserve("the checkpoint's values", data_len.saturating_mul(2))
        .map_err(TableError::Compute)?;
    let mut data = Vec::with_capacity(data_len as usize);
    reader
        .read_to_end(&mut data)
        .map_err(|e| bad(&e.to_string()))?;
    if data.len() as u64 != data_len {
        return Err(bad("the file changed while it was read"));
    }
    if checkpoint_checksum(&data) != sum {
        return Err(bad(
            "its checksum does not match its values (the file is damaged)",
        ));
    }
    let values: Vec<u32> = data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if values.iter().copied().max().map_or(0, u64::from) != max {
        return Err(bad("its largest value is not the one its header gives"));
    }
    if let Some(why) = game.verify(&values, sum, VERIFY_BUDGET) {
        return Err(bad(&format!("{why}: the values do not follow the rules")));
    }
    Ok(values)
}
