//! Writing a file whole or not at all, whoever else writes it.
//!
//! A checkpoint or cache file is written to a temporary file of its own beside it (a name no other
//! writer can take: two runs saving at once never write into one temporary), synced, then renamed
//! over the file. A run stopped while writing leaves the old file as it was, and a write that
//! fails removes its temporary.

use std::fs::File;
use std::io;
use std::path::Path;

/// Replaces `path` by what `write` writes to a new file: all of it, or (on any error) nothing.
pub fn write(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // Named after the file (`.FILE.XXXXXX.tmp`), so a temporary left by a run killed while
    // writing says whose it is.
    let name = path.file_name().map_or_else(
        || ".grundy.".to_string(),
        |n| format!(".{}.", n.to_string_lossy()),
    );
    let mut builder = tempfile::Builder::new();
    builder.prefix(&name).suffix(".tmp");
    // The file keeps the mode it had (a cache shared by a group stays readable to it); a new one
    // gets what `File::create` gives, read and write for all less the umask, not the owner-only
    // mode of a temporary.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    write(tmp.as_file_mut())?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        write(&path, |f| f.write_all(b"old")).unwrap();
        let failed = write(&path, |f| {
            f.write_all(b"new, half")?;
            Err(io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_file_keeps_its_mode_and_a_new_one_is_not_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        write(&path, |f| f.write_all(b"new")).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // A new file has the mode `File::create` gives (0666 less the umask), not a temporary's
        // 0600; a file rewritten keeps its mode (less the umask too, which `created` shows).
        let created = dir.path().join("g");
        std::fs::File::create(&created).unwrap();
        assert_eq!(mode(&path), mode(&created));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, |f| f.write_all(b"again")).unwrap();
        assert_eq!(mode(&path), 0o640 & mode(&created));
    }

    #[test]
    fn writers_at_once_each_write_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::thread::scope(|s| {
            for k in 0..8u8 {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..20 {
                        write(path, |f| f.write_all(&[k; 4096])).unwrap();
                    }
                });
            }
        });
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 4096);
        assert!(
            bytes.iter().all(|&b| b == bytes[0]),
            "two writers' bytes in one file"
        );
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
