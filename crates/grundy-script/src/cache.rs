//! A cache file of shared lines (`grundy --cache FILE`): the values of each script game's line
//! ([`super::shared`]) kept between runs.
//!
//! A file holds one line per game, found by the game's identity: a hash of its script's text and
//! its parameters ([`identity`]), so an edited script or another `--param` starts again and never
//! reads another game's values. The file is never trusted: its header, every section's width and
//! length against the file's size, and its MAC under the user's key ([`grundy_core::seal`]) are
//! verified before any value is read, and a file that does not verify is refused with one line
//! naming it and what is wrong (deleting it starts again). A file not sealed with the key
//! (another user's, an older grundy's, or edited) is refused, or imported: each game's values are
//! then all valued again from the rules when the game takes them, and a game no run of this file
//! took is not written back. Only a regular file is read: a device or a pipe is refused before a
//! byte is read from it.
//!
//! Several runs may share one file. Each writes it whole to a temporary file of its own, then
//! renames it over the old one, so a run stopped while writing leaves the old file intact; and the
//! read, merge and write happen under an exclusive lock of `FILE.lock` beside it, so the file read
//! is the one last written: every game another run wrote since this one opened the file is kept
//! (of two lines of one game, the longer). A file the user made read-only is not replaced: the
//! run says so.
//!
//! ```text
//! grundy-script-cache 2
//! games 2
//! game 5e0c1b7f3a9d2e41 4 10000001 bench/scripts/half-idiom.rhai
//! game 0b9d34e1c2a87f66 1 5001 inline script
//! mac 77d0c3a1e2b4f5a6…   (64 hex digits)
//! ```
//!
//! (each game: its identity, width, length and source), then each game's values in the order of
//! the header, `length` values of `width` bytes (1, 2 or 4), little-endian; the MAC is taken over
//! the header's bytes before its line and every byte of the values, so no byte of the file goes
//! unchecked. Version 1 files (a checksum per game, which anyone can recompute) are read as
//! unsealed.

use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use grundy_core::checksum::checkpoint_checksum;
use grundy_core::seal::{Key, Mac, Trust, Unsealed};
use rustc_hash::FxHashMap;

use super::params::Params;
use super::shared::Lines;
use grundy_registry::tabulate::Values;

/// The first line of a cache file; the number is its format's version.
const MAGIC: &str = "grundy-script-cache 2";
/// The first line of a file of version 1, whose checksums anyone can recompute.
const MAGIC_1: &str = "grundy-script-cache 1";

/// The most games a file may name (a header line each).
const MOST_GAMES: usize = 1 << 16;

/// One game's line as a file holds it.
struct Entry {
    source: String,
    values: Values,
    /// Whether the file was sealed with the user's key (else imported: every value is valued
    /// again before it is used, and an entry no game took is not written back).
    sealed: bool,
}

/// The cache file of this process and the lines read from it that no game has taken yet.
pub(super) struct Cache {
    pub(super) path: PathBuf,
    entries: FxHashMap<u64, Entry>,
    /// Whether a game took a line from the file (then the file is written again only if a line
    /// grew) or the file did not exist.
    existed: bool,
    /// Whether the file is read-only: then it is never replaced.
    read_only: bool,
    /// The key the file is sealed with when written, and whether unsealed files are imported.
    pub(super) trust: Trust,
}

/// The identity of a script game in a cache file: a hash of the format's version, the script's
/// text and its parameters.
pub(super) fn identity(text: &str, params: &Params) -> u64 {
    let mut bytes = Vec::with_capacity(text.len() + 64);
    // Version 1's line, so a game keeps its identity across versions of the file.
    bytes.extend_from_slice(MAGIC_1.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(text.as_bytes());
    for (name, value) in params.pairs() {
        bytes.push(0);
        bytes.extend_from_slice(name.as_bytes());
        bytes.push(b'=');
        bytes.extend_from_slice(value.as_bytes());
    }
    checkpoint_checksum(&bytes)
}

impl Cache {
    /// Reads the cache file `path` (none if it does not exist), asking `reserve` for the bytes
    /// its values take before they are read ([`super::Runtime::open_cache`]).
    pub(super) fn open(
        path: &Path,
        trust: &Trust,
        reserve: &dyn Fn(&str, u64) -> Result<(), String>,
    ) -> Result<Cache, String> {
        let bad =
            |why: String| format!("cache {}: {why}; delete it to start again", path.display());
        // Checked before it is opened: opening a pipe waits for a writer, and a device never ends.
        let read_only = match std::fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                return Err(format!(
                "cache {}: not a regular file (a device, a pipe or a folder): give the path of a \
                     file",
                path.display()
            ))
            }
            Ok(m) => m.permissions().readonly(),
            Err(_) => false,
        };
        let (entries, existed) = match std::fs::File::open(path) {
            Ok(mut file) => {
                let size = file.metadata().map_err(|e| bad(e.to_string()))?.len();
                reserve(&format!("the cache file {}", path.display()), 2 * size)?;
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes)
                    .map_err(|e| bad(e.to_string()))?;
                let (entries, sealed) = parse(&bytes, &trust.key).map_err(bad)?;
                if !sealed && !trust.import {
                    return Err(Unsealed {
                        what: "cache",
                        path: path.to_path_buf(),
                    }
                    .to_string());
                }
                (entries, true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (FxHashMap::default(), false),
            Err(e) => return Err(bad(e.to_string())),
        };
        Ok(Cache {
            path: path.to_path_buf(),
            entries,
            existed,
            read_only,
            trust: trust.clone(),
        })
    }

    /// The values the file holds for the game `identity`, taken once, and whether the file was
    /// sealed with the user's key (else every value must be valued again before it is used).
    pub(super) fn take(&mut self, identity: u64) -> Option<(Values, bool)> {
        self.entries.remove(&identity).map(|e| (e.values, e.sealed))
    }

    /// Writes every line of `lines` (and the file's lines no game used) to the file, when a
    /// line grew ([`super::Runtime::save_cache`]).
    pub(super) fn save(&self, lines: &Mutex<Lines>) -> Result<bool, String> {
        let held: Vec<_> = lines
            .lock()
            .expect("no thread panics holding it")
            .values()
            .cloned()
            .collect();
        let guards: Vec<_> = held
            .iter()
            .map(|s| s.read().expect("no thread panics holding it"))
            .filter(|s| s.identity.is_some() && s.line.len() > 0)
            .collect();
        let grew = guards.iter().any(|s| s.line.len() > s.loaded);
        if self.existed && !grew {
            return Ok(false);
        }
        let path = &self.path;
        let failed = |e: std::io::Error| format!("cache {}: cannot write it: {e}", path.display());
        if guards.is_empty() && !self.existed {
            // No script's line to keep (a run of a built-in game): no file is made.
            return Ok(false);
        }
        if self.read_only {
            return Err(format!(
                "cache {}: the file is read-only, so the values computed were not written to it",
                path.display()
            ));
        }
        let _lock = lock(path).map_err(failed)?;
        // What another run wrote since this one read the file, verified as any file read.
        let written = read_again(path, &self.trust.key)?;
        // A file deleted since it was read ("delete it to start again") stays deleted: only this
        // run's own lines are written, not those it read from the old file.
        let empty = FxHashMap::default();
        let kept = if written.is_none() && self.existed {
            &empty
        } else {
            &self.entries
        };
        let written = written.unwrap_or_default();
        // Each game once, with its longest line: this run's, the file's as it was opened, or the
        // file's as another run wrote it since.
        let mut games: FxHashMap<u64, (&str, &Values)> = FxHashMap::default();
        let held = guards
            .iter()
            .map(|s| (s.identity.unwrap_or(0), s.source.as_str(), s.line.values()));
        // Lines of an imported file that no game took (and so valued again) are not sealed.
        let read = kept.iter().chain(written.iter()).filter(|(_, e)| e.sealed);
        for (id, source, values) in
            held.chain(read.map(|(&id, e)| (id, e.source.as_str(), &e.values)))
        {
            let longer = games.get(&id).is_none_or(|(_, v)| values.len() > v.len());
            if longer {
                games.insert(id, (source, values));
            }
        }
        // A line of an imported file that no game of this run took was never verified: it is
        // not sealed now, so it goes, and the run says so.
        let dropped = kept
            .iter()
            .filter(|(id, e)| !e.sealed && !games.contains_key(id))
            .count();
        if dropped > 0 {
            eprintln!(
                "grundy: note: cache {}: the values of {dropped} game(s) of the imported file \
                 were not verified by this run, so they were not written back",
                path.display()
            );
        }
        let mut games: Vec<(u64, &str, &Values)> =
            games.into_iter().map(|(id, (s, v))| (id, s, v)).collect();
        games.sort_by_key(|g| g.0);
        write(path, &games, &self.trust.key).map_err(failed)?;
        Ok(true)
    }
}

/// An exclusive lock of `FILE.lock` beside the cache file, held until the value is dropped: one
/// run at a time reads, merges and writes the file. (The cache file itself cannot be locked: each
/// write replaces it with a new file.)
fn lock(path: &Path) -> std::io::Result<std::fs::File> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(PathBuf::from(name))?;
    file.lock()?;
    Ok(file)
}

/// The games the cache file holds now (`None` if it is gone), verified as when it was opened,
/// and only if it is still a regular file (a pipe put there would block with the lock held).
fn read_again(path: &Path, key: &Key) -> Result<Option<FxHashMap<u64, Entry>>, String> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(format!(
                "cache {}: no longer a regular file, so it was not replaced",
                path.display()
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    let refused = |why: &str| {
        format!(
            "cache {}: written by another run since it was read, it no longer verifies ({why}), \
             so it was not replaced",
            path.display()
        )
    };
    match std::fs::read(path) {
        Ok(bytes) => match parse(&bytes, key) {
            Ok((entries, true)) => Ok(Some(entries)),
            Ok((_, false)) => Err(refused("it is not sealed with this user's key")),
            Err(why) => Err(refused(&why)),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!(
            "cache {}: cannot read it again: {e}",
            path.display()
        )),
    }
}

/// Writes `games` to `path` whole ([`grundy_core::atomic_file`]), sealed with `key`.
fn write(path: &Path, games: &[(u64, &str, &Values)], key: &Key) -> std::io::Result<()> {
    let mut header = format!("{MAGIC}\ngames {}\n", games.len());
    for (id, source, values) in games {
        // A source is one line of the header: a newline in a path becomes a space (the source
        // is only said, never read back as a path, and a file's source is written again as
        // read).
        header += &format!(
            "game {id:016x} {} {} {}\n",
            values.width(),
            values.len(),
            source.replace(['\n', '\r'], " ")
        );
    }
    let mut seal = key.seal(MAGIC);
    seal.update(header.as_bytes());
    for (_, _, values) in games {
        values.write_le(&mut seal)?;
    }
    grundy_core::atomic_file::write(path, |file| {
        let mut f = BufWriter::new(file);
        writeln!(f, "{header}mac {}", seal.finish())?;
        for (_, _, values) in games {
            values.write_le(&mut f)?;
        }
        f.flush()
    })
}

/// The games of a cache file's bytes, and whether the file is sealed with `key` (a version 1
/// file never is); `Err`: what is wrong.
fn parse(bytes: &[u8], key: &Key) -> Result<(FxHashMap<u64, Entry>, bool), String> {
    let mut rest = bytes;
    // A header line is short: a file of random bytes is refused at once.
    fn next<'a>(rest: &mut &'a [u8], what: &str) -> Result<&'a str, String> {
        let end = rest
            .iter()
            .take(4096)
            .position(|&b| b == b'\n')
            .ok_or_else(|| format!("{what} is missing or cut short"))?;
        let text = std::str::from_utf8(&rest[..end]).map_err(|_| format!("{what} is not text"))?;
        *rest = &rest[end + 1..];
        Ok(text)
    }
    let mut line = |what: &str| next(&mut rest, what);
    let version_1 = match line("its first line")? {
        MAGIC => false,
        MAGIC_1 => true,
        _ => {
            return Err(format!(
                "not a grundy cache file (its first line is not '{MAGIC}')"
            ))
        }
    };
    let count: usize = line("its count of games")?
        .strip_prefix("games ")
        .and_then(|n| n.parse().ok())
        .filter(|&n| n <= MOST_GAMES)
        .ok_or("its second line is not 'games N'")?;
    let mut headers = Vec::with_capacity(count);
    for i in 0..count {
        let text = line(&format!("the header of game {}", i + 1))?;
        let bad = || format!("the header of game {} is damaged", i + 1);
        let mut words = text.splitn(if version_1 { 6 } else { 5 }, ' ');
        if words.next() != Some("game") {
            return Err(bad());
        }
        let id = u64::from_str_radix(words.next().unwrap_or(""), 16).map_err(|_| bad())?;
        let mut number = || -> Result<usize, String> {
            words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)
        };
        let width = number()?;
        let len = number()?;
        if version_1 {
            // Its checksum: anyone can make one, so it is not read.
            words.next().ok_or_else(bad)?;
        }
        let source = words.next().ok_or_else(bad)?.to_string();
        if ![1, 2, 4].contains(&width) {
            return Err(format!("game {}: a width of {width} bytes", i + 1));
        }
        headers.push((id, width, len, source));
    }
    let header_len = bytes.len() - rest.len();
    let last = next(&mut rest, "the header's MAC")?;
    let mac = match version_1 {
        true => None,
        false => Some(
            last.strip_prefix("mac ")
                .and_then(Mac::parse)
                .ok_or("its header's last line is not 'mac' and 64 hex digits")?,
        ),
    };
    let body: u64 = headers
        .iter()
        .map(|h| (h.1 as u64).saturating_mul(h.2 as u64))
        .fold(0, u64::saturating_add);
    if body != rest.len() as u64 {
        return Err(format!(
            "its header promises {body} bytes of values, the file holds {}",
            rest.len()
        ));
    }
    let mut seal = key.seal(MAGIC);
    seal.update(&bytes[..header_len]);
    seal.update(rest);
    let sealed = mac == Some(seal.finish());
    let mut entries = FxHashMap::default();
    for (i, (id, width, len, source)) in headers.into_iter().enumerate() {
        let (mine, after) = rest.split_at(width * len);
        rest = after;
        let mut values = Values::with_width(width, len).expect("a width checked above");
        values.extend_from_le(mine);
        let entry = Entry {
            source,
            values,
            sealed,
        };
        if entries.insert(id, entry).is_some() {
            return Err(format!("game {} is named twice", i + 1));
        }
    }
    Ok((entries, sealed))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::line::Line;
    use super::super::shared::Upto;
    use super::super::{Position, ScriptGame};
    use super::*;
    use grundy_registry::tabulate::Quiet;

    fn key() -> Key {
        Key::from_bytes([1; 32])
    }

    /// The games of a file sealed with [`key`].
    fn sealed(bytes: &[u8]) -> Result<FxHashMap<u64, Entry>, String> {
        match parse(bytes, &key())? {
            (entries, true) => Ok(entries),
            (_, false) => Err("not sealed".into()),
        }
    }

    /// A heap game whose options the line holds: a suffix range, an inner range, a single heap
    /// and a sum of two heaps.
    fn script(d: i64, c: i64, inner: bool) -> String {
        format!(
            "fn moves(n) {{
                let r = [];
                if n >= 1 {{ r.push(range(n - max(1, n / {d}), n)); }}
                if n >= {c} {{ r.push(n - {c}); r.push(sum([n - {c}, n / 2])); }}
                if {inner} {{ r.push(range(n / 3, n / 2)); }}
                r
            }}"
        )
    }

    /// `G(0..=n)` by the definition: the mex of the values of the options the script lists.
    fn plain(game: &ScriptGame, n: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        let mut options = Vec::new();
        for m in 0..=n as i64 {
            options.clear();
            game.options_within(&Position::Int(m), &mut options, 0);
            let seen: std::collections::HashSet<u32> = options
                .iter()
                .map(|q| match *q {
                    Position::Int(a) => g[a as usize],
                    Position::Pair(a, b) => g[a as usize] ^ g[b as usize],
                    ref other => panic!("an option the test does not value: {other}"),
                })
                .collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// A line written to a cache file and read back holds the plain values; a line resumed
        /// from them goes on with the plain values; and any byte of the file changed is refused
        /// or found unsealed.
        #[test]
        fn a_round_trip_keeps_the_plain_values_and_a_changed_byte_is_refused(
            d in 1i64..5, c in 1i64..6, inner: bool, n in 0usize..300,
            at: prop::sample::Index, bit in 0u32..8,
        ) {
            let text = script(d, c, inner);
            let game = ScriptGame::compile("script:test", "test", &text).unwrap();
            let Upto::Values(values) = game.line_upto(n, &mut Quiet).unwrap() else {
                panic!("the line holds every option of {text}");
            };
            let other = Values::U16(vec![1, 300, 2]);
            let bytes = file(&[(7, "a script\n", &values), (3, "other", &other)]);
            let read = sealed(&bytes).unwrap();
            let want = plain(&game, n + 40);
            prop_assert_eq!(read[&7].values.to_vec(), &want[..=n]);
            prop_assert_eq!(&read[&3].values, &other);
            // The source is kept as the header writes it, on one line.
            prop_assert_eq!(&read[&7].source, "a script ");
            // Resumed: the tree of values rebuilt from the file values the next heaps alike.
            let mut line = Line::from_values(read[&7].values.clone());
            for (m, &g) in want.iter().enumerate().skip(n + 1) {
                let e = game.expansion(&Position::Int(m as i64));
                prop_assert_eq!(line.try_next(e.as_deref()), Some(u64::from(g)));
            }
            let mut changed = bytes.clone();
            let i = at.index(changed.len());
            changed[i] ^= 1 << bit;
            prop_assert!(sealed(&changed).is_err(), "byte {} changed, bit {}", i, bit);
        }
    }

    #[test]
    fn another_text_or_parameter_is_another_game() {
        let none = Params::default();
        let k3 = Params::default().with_query("k=3").unwrap();
        let k4 = Params::default().with_query("k=4").unwrap();
        let a = identity("fn moves(n) { [] }", &none);
        assert_eq!(a, identity("fn moves(n) { [] }", &none));
        assert_ne!(a, identity("fn moves(n) { [ ] }", &none));
        assert_ne!(identity("x", &k3), identity("x", &k4));
        assert_ne!(identity("x", &k3), identity("x", &none));
    }

    fn file(games: &[(u64, &str, &Values)]) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("grundy-cache-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}.cache", games.len()));
        write(&path, games, &key()).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        bytes
    }

    #[test]
    fn every_width_reads_back() {
        let a = Values::U8(vec![0, 1, 2, 255]);
        let b = Values::U16(vec![300, 0, 65535]);
        let c = Values::U32(vec![1 << 20, 7]);
        let bytes = file(&[(1, "a", &a), (2, "b b", &b), (3, "c\nd", &c)]);
        let got = sealed(&bytes).unwrap();
        assert_eq!(got[&1].values, a);
        assert_eq!(got[&2].values, b);
        assert_eq!(got[&2].source, "b b");
        assert_eq!(got[&3].source, "c d");
        assert_eq!(got[&3].values, c);
    }

    #[test]
    fn a_cut_or_lengthened_file_is_refused() {
        let a = Values::U8(vec![3; 100]);
        let bytes = file(&[(1, "a", &a)]);
        let cut = sealed(&bytes[..bytes.len() - 1]).err().unwrap();
        assert!(cut.contains("promises 100 bytes"), "{cut}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(sealed(&longer).is_err());
        assert!(sealed(b"").is_err());
        assert!(sealed(b"grundy-table-checkpoint 2\n").is_err());
    }

    /// A file sealed with another key, or of version 1, reads whole but unsealed: its values are
    /// then valued again before any is used ([`super::super::shared`]).
    #[test]
    fn another_key_or_version_1_reads_unsealed() {
        let a = Values::U8(vec![0, 1, 2, 3]);
        let bytes = file(&[(1, "a", &a)]);
        let (entries, is_sealed) = parse(&bytes, &Key::from_bytes([2; 32])).unwrap();
        assert!(!is_sealed && !entries[&1].sealed);
        assert_eq!(entries[&1].values, a);
        let v1 = b"grundy-script-cache 1\ngames 1\ngame 1 1 4 0123456789abcdef a\nheader 0\n\x00\x01\x02\x03";
        let (entries, is_sealed) = parse(v1, &key()).unwrap();
        assert!(!is_sealed);
        assert_eq!(entries[&1].values, a);
    }
}
