//! Crash-safe file replacement, reading that never blocks, and the quarantine of bad
//! files.
//!
//! A write goes to a temporary file beside the target, is flushed and synced, and is
//! then renamed over the target. A rename within one directory is atomic on the file
//! systems the app runs on, so a crash at any instant leaves the old file or the new
//! one, never a mix. The two steps are separate functions so that tests can stop
//! between them, as a crash would.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Marks temporary files: `<name>.tmp-<process>-<counter>`.
const TEMP_MARK: &str = ".tmp-";
/// Marks files moved aside: `<name>.corrupt-<unix seconds>[-<n>]`.
const CORRUPT_MARK: &str = ".corrupt-";

/// Replaces `target` with `bytes` atomically.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = write_temp(target, bytes)?;
    commit(&temp, target)
}

/// Step one: writes `bytes` to a fresh temporary file beside `target` and syncs it.
/// Returns the temporary file's path; `target` is untouched.
pub fn write_temp(target: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    // A counter as well as the process id: two saves in one process never share a
    // temporary file.
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = sibling(target, &format!("{TEMP_MARK}{}-{n}", std::process::id()));
    let written = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut file| {
            file.write_all(bytes)?;
            file.flush()?;
            file.sync_all()
        });
    match written {
        Ok(()) => Ok(temp),
        Err(e) => {
            // Only our own half-written file is removed; the target is untouched.
            let _ = fs::remove_file(&temp);
            Err(e)
        }
    }
}

/// Step two: renames `temp` over `target`, then syncs the directory so that the
/// rename itself survives a power cut.
/// If the rename fails (a directory in the target's place, say), the temporary file is
/// removed at once.
pub fn commit(temp: &Path, target: &Path) -> io::Result<()> {
    if let Err(e) = fs::rename(temp, target) {
        let _ = fs::remove_file(temp);
        return Err(e);
    }
    sync_dir(target);
    Ok(())
}

/// Reads `path` if it is a regular file (or a link to one) of at most `limit` bytes.
/// Anything else is an error, found without waiting: a FIFO, a device such as
/// `/dev/zero`, a socket or a directory is refused before it is opened (opening a FIFO
/// to read waits for a writer), the file is opened non-blocking and checked again, and
/// reading stops past `limit`. A missing file is `NotFound`.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let (file, len) = open_regular(path, 0..=limit)?;
    read_at_most(file, len, limit)
}

/// Opens `path` for reading if it is a regular file (or a link to one) whose length
/// lies in `sizes`, with the checks of [`read_regular`]: the type and length are looked
/// at before the open and again on the opened handle, and the open never waits.
/// Returns the file and its length. A file of a length outside `sizes` is
/// `FileTooLarge` above it and `InvalidData` below it, and is not read at all.
pub fn open_regular(path: &Path, sizes: RangeInclusive<u64>) -> io::Result<(File, u64)> {
    check_regular(&fs::metadata(path)?, &sizes)?;
    let file = open_without_waiting(path)?;
    // The name could have changed hands between the look and the open.
    let len = check_regular(&file.metadata()?, &sizes)?;
    Ok((file, len))
}

/// Reads `file`, of `len` bytes when it was opened, to its end, but never more than
/// `limit` bytes (a file that grew past it is an error).
pub fn read_at_most(file: File, len: u64, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(usize::try_from(len.min(limit)).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    check_size(bytes.len() as u64, &(0..=limit))?;
    Ok(bytes)
}

/// The file's length, if it is a regular file of a length in `sizes`.
fn check_regular(meta: &Metadata, sizes: &RangeInclusive<u64>) -> io::Result<u64> {
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a regular file but {}", kind_of(meta)),
        ));
    }
    check_size(meta.len(), sizes)?;
    Ok(meta.len())
}

fn check_size(len: u64, sizes: &RangeInclusive<u64>) -> io::Result<()> {
    if len > *sizes.end() {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("{len} bytes or more, over the limit of {}", sizes.end()),
        ));
    }
    if len < *sizes.start() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{len} bytes, fewer than the {} expected", sizes.start()),
        ));
    }
    Ok(())
}

/// What a file that is not regular is, for the log.
fn kind_of(meta: &Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "something else"
}

#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// Whether a file can be created in `dir`: creates an empty temporary file and removes
/// it (no sync, so it costs next to nothing). Its name is a temp of `dir/probe`, so a
/// leftover goes with [`remove_stale_temps`].
pub fn probe_dir(dir: &Path) -> io::Result<()> {
    let probe = sibling(
        &dir.join("probe"),
        &format!("{TEMP_MARK}{}", std::process::id()),
    );
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    fs::remove_file(&probe)
}

/// Removes temporary files of `target` left by a write that never reached its rename.
/// The target itself still holds the last complete write. Returns how many went.
pub fn remove_stale_temps(target: &Path) -> usize {
    let prefix = format!("{}{TEMP_MARK}", file_name(target));
    siblings_with_prefix(target, &prefix)
        .filter(|path| fs::remove_file(path).is_ok())
        .count()
}

/// Removes the temporary files in `dir` (of any target) whose writer is gone: the
/// process named in the file's name no longer runs, so its write was cut off (a crash,
/// a kill) and will never reach its rename. A temporary file of a process still
/// running may be a write under way and stays. For a folder that several processes may
/// write at once (the endgame tables' cache); the store's own folder has one writer
/// and uses [`remove_stale_temps`]. Returns how many went.
pub fn remove_orphaned_temps(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.split_once(TEMP_MARK)
                .is_some_and(|(_, writer)| !writer_alive(writer))
        })
        .filter(|entry| fs::remove_file(entry.path()).is_ok())
        .count()
}

/// Whether the writer of a temporary file may still be writing it: `writer` is what
/// follows the mark in its name, `<process>-<counter>` (or `<process>` for a probe).
fn writer_alive(writer: &str) -> bool {
    let pid = writer.split('-').next().unwrap_or_default();
    match pid.parse::<u32>() {
        Ok(pid) => process_alive(pid),
        // Not a name this code writes: not ours to remove.
        Err(_) => true,
    }
}

/// Whether a process with this id exists (signal 0 checks without signalling).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: `kill` with signal 0 only checks that the process exists and may be
    // signalled; it sends nothing and touches no memory of ours.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    // EPERM: it exists, under another user.
    found || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Without a way to ask, every writer but this process is taken to be gone.
#[cfg(not(unix))]
fn process_alive(pid: u32) -> bool {
    pid == std::process::id()
}

/// Renames a bad `target` to `<name>.corrupt-<unix seconds>`, adding `-2`, `-3`, ...
/// if that name is taken, so that nothing is ever overwritten. Returns the new path.
pub fn move_aside(target: &Path) -> io::Result<PathBuf> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!("{CORRUPT_MARK}{seconds}");
    let mut aside = sibling(target, &base);
    let mut n = 1;
    // symlink_metadata: a dangling link counts as taken too.
    while fs::symlink_metadata(&aside).is_ok() {
        n += 1;
        aside = sibling(target, &format!("{base}-{n}"));
    }
    fs::rename(target, &aside)?;
    sync_dir(target);
    Ok(aside)
}

/// Files moved aside from `target`, oldest name first.
pub fn corrupt_files(target: &Path) -> Vec<PathBuf> {
    let prefix = format!("{}{CORRUPT_MARK}", file_name(target));
    let mut found: Vec<PathBuf> = siblings_with_prefix(target, &prefix).collect();
    found.sort();
    found
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn sibling(target: &Path, suffix: &str) -> PathBuf {
    target.with_file_name(format!("{}{suffix}", file_name(target)))
}

fn siblings_with_prefix(target: &Path, prefix: &str) -> impl Iterator<Item = PathBuf> {
    let dir = target.parent().map(Path::to_path_buf).unwrap_or_default();
    let prefix = prefix.to_string();
    fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(move |entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.path())
}

/// Makes a rename in `target`'s directory durable. Not every platform can open a
/// directory for syncing; there the rename is still atomic, only maybe not yet on disk.
fn sync_dir(target: &Path) {
    if let Some(dir) = target.parent() {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_replaces_the_file_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.json");
        write_atomic(&target, b"one").unwrap();
        write_atomic(&target, b"two").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"two");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_unfinished_write_leaves_the_old_file_and_its_temp_can_be_removed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.json");
        write_atomic(&target, b"old").unwrap();
        let temp = write_temp(&target, b"new").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"old");
        assert_eq!(fs::read(&temp).unwrap(), b"new");
        let other = dir.path().join("b.json");
        let other_temp = write_temp(&other, b"x").unwrap();
        assert_eq!(remove_stale_temps(&target), 1);
        assert!(!temp.exists());
        assert!(other_temp.exists(), "only the target's own temps go");
        assert_eq!(fs::read(&target).unwrap(), b"old");
    }

    #[test]
    fn a_failed_rename_removes_its_temp_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.json");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("inside"), b"x").unwrap();
        assert!(write_atomic(&target, b"new").is_err());
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "only the directory: {names:?}");
    }

    #[test]
    fn only_regular_files_up_to_the_limit_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        fs::write(&file, b"12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        let too_big = read_regular(&file, 4).unwrap_err();
        assert_eq!(too_big.kind(), io::ErrorKind::FileTooLarge);
        let missing = read_regular(&dir.path().join("b.json"), 5).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        let folder = read_regular(dir.path(), 5).unwrap_err();
        assert!(folder.to_string().contains("directory"), "{folder}");
    }

    #[test]
    fn a_file_outside_the_expected_sizes_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("table.bin");
        fs::write(&file, b"12345").unwrap();
        assert_eq!(open_regular(&file, 5..=5).unwrap().1, 5);
        let short = open_regular(&file, 6..=6).unwrap_err();
        assert_eq!(short.kind(), io::ErrorKind::InvalidData, "{short}");
        let long = open_regular(&file, 4..=4).unwrap_err();
        assert_eq!(long.kind(), io::ErrorKind::FileTooLarge, "{long}");
    }

    #[cfg(unix)]
    #[test]
    fn only_temps_of_writers_that_are_gone_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        let gone_pid = gone.id();
        gone.wait().unwrap();
        let names = [
            format!("a.bin{TEMP_MARK}{gone_pid}-3"),
            format!("a.bin{TEMP_MARK}{}-4", std::process::id()),
            format!("b.bin{TEMP_MARK}x-1"),
            "a.bin".to_string(),
        ];
        for name in &names {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        assert_eq!(remove_orphaned_temps(dir.path()), 1);
        assert!(!dir.path().join(&names[0]).exists());
        for name in &names[1..] {
            assert!(dir.path().join(name).exists(), "{name}");
        }
        assert_eq!(remove_orphaned_temps(&dir.path().join("missing")), 0);
    }

    #[test]
    fn probing_a_directory_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        probe_dir(dir.path()).unwrap();
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(probe_dir(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn moving_aside_twice_keeps_both_files() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.json");
        fs::write(&target, b"bad one").unwrap();
        let first = move_aside(&target).unwrap();
        fs::write(&target, b"bad two").unwrap();
        let second = move_aside(&target).unwrap();
        assert_ne!(first, second);
        assert!(!target.exists());
        assert_eq!(fs::read(&first).unwrap(), b"bad one");
        assert_eq!(fs::read(&second).unwrap(), b"bad two");
        assert_eq!(corrupt_files(&target).len(), 2);
        let name = file_name(&first);
        assert!(name.starts_with("a.json.corrupt-"), "{name}");
    }
}
