//! Checkpoints of heap tables: a long `grundy table` saves what it has computed every ten
//! seconds, when it is interrupted and when the memory budget stops it, and `--resume` continues
//! from the file. A file is never trusted: its header, length, checksum, value ranges and a sample
//! of values recomputed from the rules are checked before a table is built on it.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::Path;

use grundy_core::checksum::Checksum;

use crate::heap::sparse::{Engine, Values};
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
    grundy_core::atomic_file::write(path, |file| {
        // Written from the table in its own width: a long table is never copied to be saved.
        let values = e.values();
        let mut f = BufWriter::new(file);
        writeln!(
            f,
            "{MAGIC}\ngame {}\nvalues {}\nmax {}\nchecksum {:016x}",
            game.name().escape_default(),
            values.len(),
            values.max(),
            values.checkpoint_checksum()
        )?;
        values.write_le_u32(&mut f)?;
        f.flush()
    })
}

/// Reads a checkpoint back, refusing anything but a file this game wrote, intact: the header,
/// the length, the checksum, every value's range and a sample of values recomputed from the rules
/// (see [`TableGame::verify`]). A bad file ends the run with one line; it never makes a table.
pub fn load(path: &Path, game: &TableGame, watch: &mut dyn Watch) -> Result<Values, TableError> {
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
    // Read into the narrowest width the header's largest value allows, block by block, summed
    // on the way: a table of N values is read with its own N bytes a value, no 4 N copy.
    let largest = u32::try_from(max).unwrap_or(u32::MAX);
    let len = usize::try_from(count).map_err(|_| bad("it holds more values than fit here"))?;
    let width = Values::for_max(largest, 0).width() as u64;
    watch
        .reserve("the checkpoint's values", count.saturating_mul(width))
        .map_err(TableError::Compute)?;
    let mut values = Values::for_max(largest, len);
    let mut checksum = Checksum::new(data_len);
    // A multiple of eight bytes, so only the last block leaves a part of a word.
    let mut block = vec![0u8; 1 << 16];
    let mut tail = Vec::new();
    let mut left = data_len;
    // The largest value read; whether one passed the header's (kept as 0, the file refused).
    let (mut seen, mut over) = (0u32, false);
    while left > 0 {
        let n = left.min(block.len() as u64) as usize;
        let data = &mut block[..n];
        reader.read_exact(data).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                bad("the file changed while it was read")
            } else {
                bad(&e.to_string())
            }
        })?;
        left -= n as u64;
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            checksum.word(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        tail.extend_from_slice(words.remainder());
        for c in data.chunks_exact(4) {
            let v = u32::from_le_bytes(c.try_into().expect("four bytes"));
            seen = seen.max(v);
            over |= v > largest;
            values.push(if v > largest { 0 } else { v });
        }
    }
    if reader.read(&mut [0u8]).map_err(|e| bad(&e.to_string()))? != 0 {
        return Err(bad("the file changed while it was read"));
    }
    if checksum.finish(&tail) != sum {
        return Err(bad(
            "its checksum does not match its values (the file is damaged)",
        ));
    }
    if over || u64::from(seen) != max {
        return Err(bad("its largest value is not the one its header gives"));
    }
    if let Some(why) = game.verify(&values, sum, VERIFY_BUDGET) {
        return Err(bad(&format!("{why}: the values do not follow the rules")));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::sparse::Method;
    use crate::tabulate::Quiet;

    /// A checkpoint file of its own, removed after the test.
    struct File(std::path::PathBuf);

    impl File {
        fn new(name: &str) -> File {
            let dir = std::env::temp_dir();
            File(dir.join(format!("grundy-ckpt-{}-{name}.ckpt", std::process::id())))
        }
    }

    impl Drop for File {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn refused(path: &Path, game: &TableGame) -> String {
        match load(path, game, &mut Quiet) {
            Err(TableError::Input(why)) => why,
            Err(e) => panic!("refused as a failure, not bad input: {e}"),
            Ok(_) => panic!("a damaged checkpoint was accepted"),
        }
    }

    /// A checkpoint is read back block by block into the width it was written from: bytes
    /// (0.137), and two-byte values over several blocks with an odd count, so the checksum ends
    /// on half a word (0.6 passes 255 at 10344).
    #[test]
    fn a_streamed_checkpoint_reads_back_the_table_it_saved() {
        for (name, last) in [("0.137", 700), ("0.6", 20_000)] {
            let game = crate::heap::table_game(name);
            let mut engine = game.engine(Method::Sparse).unwrap();
            engine.extend_to(last, &mut |_| true).unwrap();
            let file = File::new(&format!("round-{name}"));
            save(&file.0, &game, &engine).unwrap();
            let read = load(&file.0, &game, &mut Quiet).unwrap();
            assert_eq!(&read, engine.values(), "{name}");
            let resumed = game.resume(Method::Sparse, read).unwrap();
            assert_eq!(resumed.max_value(), engine.max_value());
        }
    }

    /// Damage anywhere is refused with what is wrong: a changed value, a cut, a largest value
    /// that is not the header's (a value above it, with the checksum made to match).
    #[test]
    fn a_damaged_streamed_checkpoint_is_refused() {
        let game = crate::heap::table_game("0.6");
        let mut engine = game.engine(Method::Sparse).unwrap();
        engine.extend_to(20_000, &mut |_| true).unwrap();
        let file = File::new("damaged");
        save(&file.0, &game, &engine).unwrap();
        let good = std::fs::read(&file.0).unwrap();
        let header = good.len() - 4 * 20_001;
        // The last value (in the checksum's last half word), a middle one, the first.
        for at in [good.len() - 1, header + 4 * 12_345, header] {
            let mut bad = good.clone();
            bad[at] ^= 1;
            std::fs::write(&file.0, &bad).unwrap();
            assert!(refused(&file.0, &game).contains("checksum"), "byte {at}");
        }
        std::fs::write(&file.0, &good[..good.len() - 4]).unwrap();
        assert!(refused(&file.0, &game).contains("truncated"));
        // A header whose largest value is one too small, the checksum still the data's.
        let text = String::from_utf8_lossy(&good[..header]).into_owned();
        let max = engine.max_value();
        let lower = text.replace(&format!("max {max}\n"), &format!("max {}\n", max - 1));
        assert_ne!(lower, text);
        std::fs::write(&file.0, [lower.as_bytes(), &good[header..]].concat()).unwrap();
        assert!(refused(&file.0, &game).contains("largest value"));
    }
}
