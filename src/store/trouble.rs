//! Why nothing can be saved: the few reasons a player can act on, read off an I/O error.

use std::io::{self, ErrorKind};
use std::path::Path;

/// Why the store cannot write its directory. The UI tells the player in words; the
/// error itself goes to the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WriteTrouble {
    /// The data folder is a file (or a file stands where one of its parents should be).
    NotAFolder,
    /// The folder cannot be written: read-only, or not ours.
    ReadOnly,
    /// The device (or the player's quota) is full.
    Full,
    /// Anything else.
    Other,
}

impl WriteTrouble {
    /// The trouble behind `error`, met while writing into `dir`.
    pub fn of(error: &io::Error, dir: &Path) -> WriteTrouble {
        if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
            return WriteTrouble::NotAFolder;
        }
        match error.kind() {
            ErrorKind::NotADirectory => WriteTrouble::NotAFolder,
            ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => WriteTrouble::ReadOnly,
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => WriteTrouble::Full,
            _ => WriteTrouble::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let of = |kind: ErrorKind| WriteTrouble::of(&io::Error::from(kind), dir.path());
        assert_eq!(of(ErrorKind::StorageFull), WriteTrouble::Full);
        assert_eq!(of(ErrorKind::ReadOnlyFilesystem), WriteTrouble::ReadOnly);
        assert_eq!(of(ErrorKind::PermissionDenied), WriteTrouble::ReadOnly);
        assert_eq!(of(ErrorKind::Interrupted), WriteTrouble::Other);
        let file = dir.path().join("file");
        std::fs::write(&file, b"").unwrap();
        let any = io::Error::from(ErrorKind::AlreadyExists);
        assert_eq!(WriteTrouble::of(&any, &file), WriteTrouble::NotAFolder);
    }
}
