//! Checkpoints of heap tables: a long `grundy table` saves what it has computed every ten
//! seconds, when it is interrupted and when the memory budget stops it, and `--resume` continues
//! from the file. A file is never trusted: its header, length, checksum, value ranges and a sample
//! of values recomputed from the rules are checked before a table is built on it.

use std::io::{BufRead, BufWriter, Read, Write};

use grundy_core::seal::{Mac, Unsealed};

use crate::heap::sparse::{Engine, Method, Values};
use crate::heap::table::TableGame;
use crate::tabulate::{Checkpoint, TableError, Watch};

/// The first line of a checkpoint. Version 3 stores the values in the table's own width and
/// seals the file with the user's key; a version 2 file (a checksum anyone can recompute) is
/// read only as an unsealed file, to be imported.
const MAGIC: &str = "grundy-table-checkpoint 3";
const MAGIC_2: &str = "grundy-table-checkpoint 2";

/// How many options the check of a resumed checkpoint may recompute (a fraction of a second).
const VERIFY_BUDGET: u64 = 4_000_000;

/// A checkpoint is a header of text lines, then `G(0), G(1), …` little-endian, `width` bytes
/// each, the MAC taken over the header's lines before it and the values:
///
/// ```text
/// grundy-table-checkpoint 3
/// game 0.77
/// values 1048576          (G(0) to G(1048575))
/// width 1
/// max 3
/// mac 5e0c1b7f3a9d2e41…   (64 hex digits)
/// ```
pub fn save(c: &Checkpoint, game: &TableGame, e: &Engine) -> std::io::Result<()> {
    // Written from the table in its own width: a long table is never copied to be saved.
    let values = e.values();
    let header = format!(
        "{MAGIC}\ngame {}\nvalues {}\nwidth {}\nmax {}\n",
        game.name().escape_default(),
        values.len(),
        values.width(),
        values.max(),
    );
    let mut seal = c.trust.key.seal(MAGIC);
    seal.update(header.as_bytes());
    values.write_le(&mut seal)?;
    grundy_core::atomic_file::write(&c.path, |file| {
        let mut f = BufWriter::new(file);
        writeln!(f, "{header}mac {}", seal.finish())?;
        values.write_le(&mut f)?;
        f.flush()
    })
}

/// Reads a checkpoint back, refusing anything but a file this game wrote, intact and sealed with
/// the user's key: the header, the length, the MAC, every value's range and a sample of values
/// recomputed from the rules (see [`TableGame::verify`]). A file not sealed with the key (another
/// user's, an older grundy's, or edited) is refused, or, when the trust imports such files, used
/// only after every value it holds is found equal to the table computed again from the rules. A
/// bad file ends the run with one line; it never makes a table.
pub fn load(c: &Checkpoint, game: &TableGame, watch: &mut dyn Watch) -> Result<Values, TableError> {
    let path = &c.path;
    let bad = |why: &str| {
        TableError::Input(format!(
            "checkpoint {}: {why}; delete it to start again",
            path.display()
        ))
    };
    // Looked at before it is opened: opening a pipe waits for a writer, and a device never ends.
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(TableError::Input(format!(
                "checkpoint {}: not a regular file (a device, a pipe or a folder): give the \
                 path of a file",
                path.display()
            )))
        }
        _ => {}
    }
    let file = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
    let size = file.metadata().map_err(|e| bad(&e.to_string()))?.len();
    // The header is short: read it line by line, never more than a few hundred bytes, so a
    // file of random bytes costs nothing before it is refused.
    let mut reader = std::io::BufReader::new(file);
    let mut header: Vec<String> = Vec::new();
    let mut header_len = 0u64;
    let mut lines = 6;
    while header.len() < lines {
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
        if header.len() == 1 {
            match header[0].as_str() {
                MAGIC => {}
                MAGIC_2 => lines = 5,
                other if other.starts_with("grundy-table-checkpoint") => {
                    return Err(bad(
                        "written by another version of grundy (this one reads versions 2 and 3)",
                    ))
                }
                _ => return Err(bad("not a grundy table checkpoint")),
            }
        }
    }
    let version_2 = lines == 5;
    // Version 2: game, values, max, checksum (never believed); version 3: game, values, width,
    // max, mac.
    let keys: &[&str] = if version_2 {
        &["game", "values", "max", "checksum"]
    } else {
        &["game", "values", "width", "max", "mac"]
    };
    let mut fields = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let text = header[i + 1]
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| bad(&format!("line {}: expected '{key} ...'", i + 2)))?;
        fields.push(text);
    }
    let want = game.name().escape_default().to_string();
    if fields[0] != want {
        return Err(bad(&format!(
            "it is for the game '{}', not '{}'",
            fields[0].escape_default(),
            want
        )));
    }
    let number = |i: usize| -> Result<u64, TableError> {
        fields[i]
            .parse()
            .map_err(|_| bad(&format!("line {}: '{}' must be a number", i + 2, keys[i])))
    };
    let count = number(1)?;
    let (width, max) = if version_2 {
        (4, number(2)?)
    } else {
        (number(2)?, number(3)?)
    };
    let mac = if version_2 {
        None
    } else {
        Some(Mac::parse(fields[4]).ok_or_else(|| bad("line 6: the MAC must be 64 hex digits"))?)
    };
    let data_len = size.saturating_sub(header_len);
    if count.checked_mul(width) != Some(data_len) {
        return Err(bad(&format!(
            "it promises {count} values of {width} bytes but holds {data_len} bytes: truncated or \
             padded"
        )));
    }
    let len = usize::try_from(count).map_err(|_| bad("it holds more values than fit here"))?;
    let Some(mut values) = Values::with_width(width as usize, 0) else {
        return Err(bad(&format!("a width of {width} bytes (1, 2 or 4)")));
    };
    watch
        .reserve("the checkpoint's values", data_len)
        .map_err(TableError::Compute)?;
    values.reserve_total(len);
    // The MAC is taken over the header's lines before it and every byte of the values.
    let mut seal = c.trust.key.seal(MAGIC);
    for line in &header[..lines - 1] {
        seal.update(line.as_bytes());
        seal.update(b"\n");
    }
    let mut block = vec![0u8; 1 << 16];
    let mut left = data_len;
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
        seal.update(data);
        values.extend_from_le(data);
    }
    if reader.read(&mut [0u8]).map_err(|e| bad(&e.to_string()))? != 0 {
        return Err(bad("the file changed while it was read"));
    }
    let sealed = mac == Some(seal.finish());
    if !sealed && !c.trust.import {
        return Err(TableError::Input(
            Unsealed {
                what: "checkpoint",
                path: path.clone(),
            }
            .to_string(),
        ));
    }
    if u64::from(values.max()) != max {
        return Err(bad("its largest value is not the one its header gives"));
    }
    if values.width() > Values::for_max(values.max(), 0).width() {
        // A version 2 file's four bytes a value, narrowed as the table keeps them.
        values = Values::from_u32(&values.to_vec());
    }
    if !sealed {
        return imported(values, game, watch).map_err(|e| match e {
            TableError::Input(why) => bad(&why),
            other => other,
        });
    }
    // A sealed file is this user's own: a sample of values recomputed catches a grundy whose
    // rules changed since.
    let seed = size ^ count.rotate_left(17);
    if let Some(why) = game.verify(&values, seed, VERIFY_BUDGET) {
        return Err(bad(&format!("{why}: the values do not follow the rules")));
    }
    Ok(values)
}

/// The values of a file not sealed with the user's key, imported: believed only if the table
/// computed again from the rules (the sparse method, the fastest this game has, with progress
/// and a way to stop) holds every one of them; `Err(Input)`: the first that differs.
fn imported(values: Values, game: &TableGame, watch: &mut dyn Watch) -> Result<Values, TableError> {
    let Some(mut engine) = game.engine(Method::Sparse) else {
        return Err(TableError::Input(
            "this game's values come from a formula, not a checkpoint".into(),
        ));
    };
    let Some(last) = values.len().checked_sub(1) else {
        return Err(TableError::Input("it holds no values".into()));
    };
    watch
        .reserve(
            "the checkpoint's values computed again",
            values.len() as u64 * values.width() as u64,
        )
        .map_err(TableError::Compute)?;
    let total = values.len() as u64;
    engine
        .extend_to(last, &mut |e| {
            watch.progress(e.values().len() as u64, total)
        })
        .map_err(|_| TableError::Interrupted {
            kept: Some("while the checkpoint was verified".into()),
        })?;
    let fresh = engine.values();
    match (0..values.len()).find(|&n| fresh.at(n) != values.at(n)) {
        Some(n) => Err(TableError::Input(format!(
            "G({n}) = {} but the rules give {}: the values do not follow the rules",
            values.at(n),
            fresh.at(n)
        ))),
        None => Ok(values),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tabulate::Quiet;
    use grundy_core::seal::{Key, Trust};

    /// A checkpoint file of its own, removed after the test.
    struct File(Checkpoint);

    impl File {
        fn new(name: &str, key: u8) -> File {
            let dir = std::env::temp_dir();
            File(Checkpoint {
                path: dir.join(format!("grundy-ckpt-{}-{name}.ckpt", std::process::id())),
                resume: true,
                trust: Trust::new(Key::from_bytes([key; 32])),
                keep_unproved: false,
            })
        }

        fn importing(&self) -> Checkpoint {
            let mut c = self.0.clone();
            c.trust.import = true;
            c
        }
    }

    impl Drop for File {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0.path);
        }
    }

    fn refused(c: &Checkpoint, game: &TableGame) -> String {
        match load(c, game, &mut Quiet) {
            Err(TableError::Input(why)) => grundy_core::setting::plain(&why).into_owned(),
            Err(e) => panic!("refused as a failure, not bad input: {e}"),
            Ok(_) => panic!("a damaged checkpoint was accepted"),
        }
    }

    fn table(game: &TableGame, last: usize) -> Engine {
        let mut engine = game.engine(Method::Sparse).unwrap();
        engine.extend_to(last, &mut |_| true).unwrap();
        engine
    }

    /// A checkpoint is read back block by block into the width it was written in: bytes
    /// (0.137), and two-byte values over several blocks (0.6 passes 255 at 10344).
    #[test]
    fn a_streamed_checkpoint_reads_back_the_table_it_saved() {
        for (name, last) in [("0.137", 700), ("0.6", 20_000)] {
            let game = crate::heap::table_game(name);
            let engine = table(&game, last);
            let file = File::new(&format!("round-{name}"), 1);
            save(&file.0, &game, &engine).unwrap();
            let read = load(&file.0, &game, &mut Quiet).unwrap();
            assert_eq!(&read, engine.values(), "{name}");
            let resumed = game.resume(Method::Sparse, read).unwrap();
            assert_eq!(resumed.max_value(), engine.max_value());
        }
    }

    /// The forgery campaign against table checkpoints: a forger who knows the format, can
    /// recompute any checksum and has a key of their own, but not the user's. Every edit is
    /// refused as unsealed, and imported (every value verified) it is refused again for what
    /// is wrong, naming a heap: no variant is ever read back as a table. A true table written
    /// under another key, and a version 2 file, are refused unless imported, then read whole.
    #[test]
    fn no_forged_checkpoint_is_ever_read_back_as_a_table() {
        let game = crate::heap::table_game("0.6");
        let engine = table(&game, 20_000);
        let truth = engine.values().to_vec();
        let mine = File::new("forgery", 1);
        save(&mine.0, &game, &engine).unwrap();
        let good = std::fs::read(&mine.0.path).unwrap();
        let data_at = good.len() - 2 * truth.len();
        // Edits of the user's own file, its MAC left as it was.
        let mut edits: Vec<(&str, Vec<u8>)> = Vec::new();
        for (what, at) in [
            ("first value", 0),
            ("heap 1000", 2000),
            ("last value", 40_000),
        ] {
            let mut bad = good.clone();
            bad[data_at + at] ^= 1;
            edits.push((what, bad));
        }
        edits.push(("cut by one value", good[..good.len() - 2].to_vec()));
        let header = String::from_utf8_lossy(&good[..data_at]).into_owned();
        let max = engine.max_value();
        let lower = header.replace(&format!("max {max}\n"), &format!("max {}\n", max - 1));
        edits.push((
            "header's max",
            [lower.as_bytes(), &good[data_at..]].concat(),
        ));
        let mut mac = header.clone().into_bytes();
        let last = mac.len() - 2;
        mac[last] = if mac[last] == b'0' { b'1' } else { b'0' };
        edits.push(("MAC", [&mac[..], &good[data_at..]].concat()));
        for (what, bytes) in &edits {
            std::fs::write(&mine.0.path, bytes).unwrap();
            // Refused either way, in one line: unsealed, or for what is wrong.
            let why = refused(&mine.0, &game);
            assert!(!why.contains('\n'), "{what}: {why}");
            if what != &"cut by one value" {
                assert!(
                    why.contains("not sealed with this user's key") && why.contains("give import"),
                    "{what}: {why}"
                );
            }
            // Imported, only a file whose values are all true is read (the MAC edited alone).
            match load(&mine.importing(), &game, &mut Quiet) {
                Ok(read) => assert_eq!(read.to_vec(), truth, "{what}"),
                Err(e) => {
                    let why = e.to_string();
                    assert!(
                        !why.contains("not sealed") && !why.contains('\n'),
                        "{what}: {why}"
                    );
                }
            }
        }
        // Forgeries sealed with the forger's own key: wrong values of every kind.
        let forger = File::new("forger", 2);
        let mut forged: Vec<(&str, Vec<u32>)> = Vec::new();
        let mut one = truth.clone();
        one[1000] += 1;
        forged.push(("one value +1 at heap 1000", one));
        let mut swapped = truth.clone();
        let at = (5000..).find(|&i| truth[i] != truth[i + 1]).unwrap();
        swapped.swap(at, at + 1);
        forged.push(("two values swapped", swapped));
        let mut period = truth.clone();
        let n = period.len();
        for i in n - 64..n {
            period[i] = period[i - 64];
        }
        forged.push(("a planted period of 64", period));
        let mut huge = truth.clone();
        huge[7] = 1 << 20;
        forged.push(("a value past the mex bound", huge));
        for (what, values) in &forged {
            let lie = game
                .resume(Method::Sparse, Values::from_u32(values))
                .unwrap();
            save(&forger.0, &game, &lie).unwrap();
            std::fs::copy(&forger.0.path, &mine.0.path).unwrap();
            let why = refused(&mine.0, &game);
            assert!(why.contains("not sealed"), "{what}: {why}");
            let why = refused(&mine.importing(), &game);
            assert!(why.contains("but the rules give"), "{what}: {why}");
        }
        // A true table cut short is a true table: imported, it is only shorter.
        let cut = game
            .resume(Method::Sparse, Values::from_u32(&truth[..n - 100]))
            .unwrap();
        save(&forger.0, &game, &cut).unwrap();
        std::fs::copy(&forger.0.path, &mine.0.path).unwrap();
        assert!(refused(&mine.0, &game).contains("not sealed"));
        let read = load(&mine.importing(), &game, &mut Quiet).unwrap();
        assert_eq!(read.to_vec(), truth[..n - 100]);
        // The true table under another key: refused, then imported whole.
        save(&forger.0, &game, &engine).unwrap();
        std::fs::copy(&forger.0.path, &mine.0.path).unwrap();
        assert!(refused(&mine.0, &game).contains("not sealed"));
        let read = load(&mine.importing(), &game, &mut Quiet).unwrap();
        assert_eq!(read.to_vec(), truth);
        // A version 2 file (four bytes a value, a checksum anyone can make): the same.
        let v2 = format!(
            "{MAGIC_2}\ngame 0.6\nvalues {}\nmax {max}\nchecksum 0123456789abcdef\n",
            truth.len()
        );
        let body: Vec<u8> = truth.iter().flat_map(|v| v.to_le_bytes()).collect();
        std::fs::write(&mine.0.path, [v2.as_bytes(), &body].concat()).unwrap();
        assert!(refused(&mine.0, &game).contains("not sealed"));
        let read = load(&mine.importing(), &game, &mut Quiet).unwrap();
        assert_eq!(read, *engine.values());
    }
}
