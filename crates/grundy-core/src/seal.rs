//! Files grundy reads back are sealed with a key of the user's: a message authentication code
//! (keyed BLAKE3) over every byte that matters, so a file is believed only if this user's grundy
//! wrote it.
//!
//! A checksum finds a damaged file, but anyone can recompute one: a table checkpoint edited with
//! its checksum mended was once read back as a wrong table. A MAC cannot be recomputed without the
//! key, which is made on first use (32 random bytes, in the platform's config directory, readable
//! by its owner alone) and passed down by each front end in a [`Trust`].
//!
//! What it protects: a checkpoint, cache or results file edited, truncated, spliced or swapped for
//! another by anyone who cannot read the key (another user, a file from another machine or from
//! the web). What it does not: someone who can read the key (the user's own account), and a file
//! made by an older grundy (before files were sealed) or under another key, which is refused as
//! unsealed. Such a file may still be *imported* ([`Trust::import`]): every value it holds is then
//! verified against the rules before it is used, and the file written again is sealed.
//!
//! ```
//! use grundy_core::seal::Key;
//!
//! let key = Key::from_bytes([7; 32]);
//! let mut seal = key.seal("grundy-example 1");
//! seal.update(b"G(0..4) = 0 1 2 0");
//! let mac = seal.finish();
//! // The same bytes under the same key: the same MAC; one byte changed, or another key: not.
//! let mut again = key.seal("grundy-example 1");
//! again.update(b"G(0..4) = 0 1 2 0");
//! assert_eq!(again.finish(), mac);
//! let mut forged = key.seal("grundy-example 1");
//! forged.update(b"G(0..4) = 0 1 2 1");
//! assert_ne!(forged.finish(), mac);
//! let mut other = Key::from_bytes([8; 32]).seal("grundy-example 1");
//! other.update(b"G(0..4) = 0 1 2 0");
//! assert_ne!(other.finish(), mac);
//! ```

use std::fmt;
#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::path::PathBuf;

/// A user's key: 32 bytes, never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; 32]);

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Key(..)")
    }
}

/// The MAC of a file: its tag, written as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mac(blake3::Hash);

impl fmt::Display for Mac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.to_hex().as_str())
    }
}

impl Mac {
    /// The MAC written as `text` (64 hex digits), if it is one.
    pub fn parse(text: &str) -> Option<Mac> {
        // Lower case only, as written: no second spelling of one file.
        if text.len() != 64 || text.bytes().any(|b| b.is_ascii_uppercase()) {
            return None;
        }
        blake3::Hash::from_hex(text).ok().map(Mac)
    }
}

/// A MAC being taken over a file's bytes, as they are written or read.
pub struct Seal(blake3::Hasher);

impl Seal {
    /// Takes in the next bytes.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Takes in a number, as eight little-endian bytes.
    pub fn word(&mut self, w: u64) {
        self.0.update(&w.to_le_bytes());
    }

    /// The MAC of everything taken in. (Comparing two [`Mac`]s takes the same time wherever they
    /// differ: BLAKE3's hashes compare in constant time.)
    pub fn finish(&self) -> Mac {
        Mac(self.0.finalize())
    }
}

/// Bytes written to a seal are taken in: a file's data is sealed by the code that writes it.
impl std::io::Write for Seal {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Key {
    /// The key of these bytes (for tests, and a key kept elsewhere).
    pub fn from_bytes(bytes: [u8; 32]) -> Key {
        Key(bytes)
    }

    /// A MAC under this key over a file of the format `domain` (its first line, version
    /// included), so a MAC of one kind of file is never that of another.
    pub fn seal(&self, domain: &str) -> Seal {
        let mut h = blake3::Hasher::new_keyed(&self.0);
        h.update(domain.as_bytes());
        h.update(&[0]);
        Seal(h)
    }
}

/// Whose files a run believes, and what it does with the others.
#[derive(Clone, Debug)]
pub struct Trust {
    /// The user's key: files sealed with it are believed (their values still spot-checked).
    pub key: Key,
    /// Whether a file not sealed with the key (another user's or machine's, an older grundy's, or
    /// forged) is imported by verifying every value it holds against the rules; if not, it is
    /// refused with [`Unsealed`].
    pub import: bool,
}

impl Trust {
    /// Believes only files sealed with `key`.
    pub fn new(key: Key) -> Trust {
        Trust { key, import: false }
    }

    /// The same trust, importing unsealed files by verifying them whole.
    pub fn importing(mut self, import: bool) -> Trust {
        self.import = import;
        self
    }
}

/// The user's key, read (or made) the first time a file needs it, and whether files not sealed
/// with it are imported: what a front end builds once from its settings and asks for a [`Trust`]
/// when it opens or writes a checkpoint or cache. A run that writes no file never touches the key.
#[derive(Debug)]
pub struct Keyring {
    path: Result<PathBuf, String>,
    import: bool,
    key: std::sync::OnceLock<Key>,
}

impl Keyring {
    /// The key kept in the user's config directory ([`key_path`]).
    pub fn for_user(import: bool) -> Keyring {
        #[cfg(not(target_arch = "wasm32"))]
        let path = key_path().map_err(|e| e.to_string());
        #[cfg(target_arch = "wasm32")]
        let path = Err(KeyError::NoConfigDir.to_string());
        Keyring {
            path,
            import,
            key: std::sync::OnceLock::new(),
        }
    }

    /// The key kept at `path`.
    pub fn at(path: PathBuf, import: bool) -> Keyring {
        Keyring {
            path: Ok(path),
            import,
            key: std::sync::OnceLock::new(),
        }
    }

    /// The trust of a file opened or written now: the key, read or made on first use. `Err`: why
    /// the key cannot be had (one line).
    pub fn trust(&self) -> Result<Trust, String> {
        if let Some(key) = self.key.get() {
            return Ok(Trust {
                key: key.clone(),
                import: self.import,
            });
        }
        let path = self.path.as_ref().map_err(Clone::clone)?;
        #[cfg(target_arch = "wasm32")]
        {
            Err(format!("no key at {} in a browser", path.display()))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let key = load_or_make(path).map_err(|e| e.to_string())?;
            Ok(Trust {
                key: self.key.get_or_init(|| key).clone(),
                import: self.import,
            })
        }
    }
}

/// A file that is not sealed with the user's key: another user's or machine's, an older grundy's,
/// or edited. Each front end words how to import it ([`crate::setting::Setting::Import`]).
#[derive(Debug, thiserror::Error)]
#[error("{what} {}: {}", path.display(), Unsealed::why())]
pub struct Unsealed {
    /// What the file is: `checkpoint`, `cache`.
    pub what: &'static str,
    /// The file.
    pub path: PathBuf,
}

impl Unsealed {
    /// What is wrong with an unsealed file, and what to do, after its name.
    pub fn why() -> String {
        format!(
            "not sealed with this user's key (written by another user, on another machine, by an \
             older grundy, or edited), so nothing in it is believed; give {} to verify every \
             value it holds against the rules and use it, or delete it to start again",
            crate::setting::Setting::Import
        )
    }
}

/// A key that cannot be read or made.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The platform names no config directory (no home directory).
    #[error(
        "no config directory to keep the key that seals checkpoints and caches in (set HOME or \
         XDG_CONFIG_HOME)"
    )]
    NoConfigDir,
    /// The key file could not be read or written.
    #[error("the key {}: {source}", path.display())]
    Io {
        /// The key file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The key file is not 64 hex digits.
    #[error("the key {}: not a grundy key (64 hex digits); delete it to make a new one", path.display())]
    Malformed {
        /// The key file.
        path: PathBuf,
    },
    /// The key file can be read by others, who could then forge files.
    #[error(
        "the key {}: others may read it (mode {mode:o}), so they could forge checkpoints; make \
         it its owner's alone (chmod 600)",
        path.display()
    )]
    Exposed {
        /// The key file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
}

/// Where the user's key is kept: `grundy/key` in the platform's config directory
/// (`$XDG_CONFIG_HOME` or `~/.config` on Linux).
#[cfg(not(target_arch = "wasm32"))]
pub fn key_path() -> Result<PathBuf, KeyError> {
    dirs::config_dir()
        .map(|d| d.join("grundy").join("key"))
        .ok_or(KeyError::NoConfigDir)
}

/// The key at `path`, made there first if there is none: 32 random bytes as 64 hex digits,
/// readable by its owner alone, in a directory made readable by its owner alone. Two runs making
/// it at once agree on one key: each writes its own temporary file and links it into place only
/// if no key is there yet.
#[cfg(not(target_arch = "wasm32"))]
pub fn load_or_make(path: &Path) -> Result<Key, KeyError> {
    let io = |source| KeyError::Io {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::read(path) {
        Ok(bytes) => return read_key(path, &bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(io)?;
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| io(std::io::Error::other(e.to_string())))?;
    // A temporary is its owner's alone (mode 0600) from the start.
    let mut tmp = tempfile::Builder::new()
        .prefix(".key.")
        .tempfile_in(dir)
        .map_err(io)?;
    std::io::Write::write_all(&mut tmp, format!("{}\n", hex(&bytes)).as_bytes()).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    match tmp.persist_noclobber(path) {
        Ok(_) => Ok(Key(bytes)),
        // Another run made it first: its key is the key.
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            read_key(path, &std::fs::read(path).map_err(io)?)
        }
        Err(e) => Err(io(e.error)),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn read_key(path: &Path, bytes: &[u8]) -> Result<Key, KeyError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|source| KeyError::Io {
                path: path.to_path_buf(),
                source,
            })?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(KeyError::Exposed {
                path: path.to_path_buf(),
                mode: mode & 0o777,
            });
        }
    }
    let malformed = || KeyError::Malformed {
        path: path.to_path_buf(),
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|_| malformed())?
        .trim_end();
    if text.len() != 64 {
        return Err(malformed());
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| malformed())?;
    }
    Ok(Key(key))
}

#[cfg(not(target_arch = "wasm32"))]
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_for_its_owner_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config").join("grundy").join("key");
        let made = load_or_make(&path).unwrap();
        assert_eq!(load_or_make(&path).unwrap(), made);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o600);
            assert_eq!(mode(path.parent().unwrap()), 0o700);
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(matches!(
                load_or_make(&path),
                Err(KeyError::Exposed { mode: 0o644, .. })
            ));
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        std::fs::write(&path, "not a key\n").unwrap();
        assert!(matches!(
            load_or_make(&path),
            Err(KeyError::Malformed { .. })
        ));
    }

    #[test]
    fn runs_making_the_key_at_once_agree_on_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        let keys: Vec<Key> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..8).map(|_| s.spawn(|| load_or_make(&path))).collect();
            runs.into_iter()
                .map(|r| r.join().unwrap().unwrap())
                .collect()
        });
        assert!(keys.iter().all(|k| *k == keys[0]));
        // No temporary is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_mac_is_written_and_read_in_one_spelling() {
        let mut seal = Key::from_bytes([1; 32]).seal("t");
        seal.word(5);
        let mac = seal.finish();
        let text = mac.to_string();
        assert_eq!(Mac::parse(&text), Some(mac));
        assert_eq!(Mac::parse(&text.to_uppercase()), None);
        assert_eq!(Mac::parse(&text[1..]), None);
    }
}
