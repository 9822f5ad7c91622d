//! Endgame tables kept between runs in a folder of their own (`tables/` in the data
//! folder): the first game that needs one builds it and writes it there, later runs
//! read it back in milliseconds. A cache only: a file that is missing, of another
//! build or damaged is simply rebuilt and replaced (it holds nothing a player made, so
//! unlike the store's own files it is not moved aside), and a folder that cannot be
//! written costs only the build.
//!
//! It trusts nothing it finds. Only a regular file (or a link to one) of exactly the
//! table's length is read, checked before opening and again on the handle, which is
//! opened without waiting: a FIFO, a device such as `/dev/zero` or a file of another
//! size is never read, it is rebuilt over. Temporary files of writes that a crash or a
//! kill cut off are removed when a cache is made, and the folder keeps at most
//! [`MAX_CACHE_BYTES`], the tables used longest ago giving way to a new one.

use super::atomic::{self, write_atomic};
use crate::ai::{EndgameTable, OwareDatabase};
use crate::engine::Rules;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The most bytes of tables the folder keeps: the largest table `--tables` builds
/// (Kalah's of 20 seeds, 226 MB) for both of Kalah's options, Oware's largest (12 seeds,
/// 98 MB) for its three, and the app's own beside them fit. Past it, the tables used
/// longest ago are deleted to make room for a new one.
pub const MAX_CACHE_BYTES: u64 = 1 << 30;

/// What the cache keeps: the endgame tables and Oware's database, each in a file of
/// its own named by its rules, size and format.
pub trait Kept: Sized {
    /// The exact length of its file, if there is one for `rules`.
    fn byte_len(rules: Rules, max_seeds: u32) -> Option<u64>;
    /// The name of its file, if there is one for `rules`.
    fn file_name(rules: Rules, max_seeds: u32) -> Option<String>;
    /// Names that earlier formats gave the same file.
    fn older_file_names(rules: Rules, max_seeds: u32) -> Vec<String>;
    fn to_bytes(&self) -> Vec<u8>;
    fn from_bytes(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<Self>;
    fn build_reporting(rules: Rules, max_seeds: u32, report: &mut dyn FnMut(f32)) -> Self;
}

impl Kept for EndgameTable {
    fn byte_len(rules: Rules, max_seeds: u32) -> Option<u64> {
        EndgameTable::byte_len(rules, max_seeds)
    }
    fn file_name(rules: Rules, max_seeds: u32) -> Option<String> {
        EndgameTable::file_name(rules, max_seeds)
    }
    fn older_file_names(rules: Rules, max_seeds: u32) -> Vec<String> {
        EndgameTable::older_file_names(rules, max_seeds)
    }
    fn to_bytes(&self) -> Vec<u8> {
        EndgameTable::to_bytes(self)
    }
    fn from_bytes(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<Self> {
        EndgameTable::from_bytes(rules, max_seeds, bytes)
    }
    fn build_reporting(rules: Rules, max_seeds: u32, report: &mut dyn FnMut(f32)) -> Self {
        EndgameTable::build_reporting(rules, max_seeds, report)
    }
}

impl Kept for OwareDatabase {
    fn byte_len(rules: Rules, max_seeds: u32) -> Option<u64> {
        OwareDatabase::file_name(rules, max_seeds).map(|_| OwareDatabase::byte_len(max_seeds))
    }
    fn file_name(rules: Rules, max_seeds: u32) -> Option<String> {
        OwareDatabase::file_name(rules, max_seeds)
    }
    fn older_file_names(_: Rules, _: u32) -> Vec<String> {
        Vec::new()
    }
    fn to_bytes(&self) -> Vec<u8> {
        OwareDatabase::to_bytes(self)
    }
    fn from_bytes(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<Self> {
        OwareDatabase::from_bytes(rules, max_seeds, bytes)
    }
    fn build_reporting(rules: Rules, max_seeds: u32, report: &mut dyn FnMut(f32)) -> Self {
        OwareDatabase::build_reporting(rules, max_seeds, report)
    }
}

#[derive(Clone, Debug)]
pub struct TableCache {
    dir: PathBuf,
    max_bytes: u64,
}

impl TableCache {
    /// A cache in `dir` (created at the first write). Temporary files there of writes
    /// that never finished (their process is gone: killed, crashed) are removed; those
    /// of a process still running may be a write under way and stay.
    pub fn new(dir: impl Into<PathBuf>) -> TableCache {
        let dir = dir.into();
        atomic::remove_orphaned_temps(&dir);
        TableCache {
            dir,
            max_bytes: MAX_CACHE_BYTES,
        }
    }

    /// This cache, keeping at most `max_bytes` of tables in its folder instead of
    /// [`MAX_CACHE_BYTES`].
    pub fn with_max_bytes(mut self, max_bytes: u64) -> TableCache {
        self.max_bytes = max_bytes;
        self
    }

    /// The table of `rules` and `max_seeds` (which tables must cover): read from its
    /// file when that holds it intact, else built and written for next time.
    pub fn load_or_build<T: Kept>(&self, rules: Rules, max_seeds: u32) -> T {
        self.load_or_build_reporting(rules, max_seeds, &mut |_| {})
    }

    /// Whether the cache has a file for the table of `rules` and `max_seeds` that it
    /// would try to read: a regular file of the table's exact length. One look at the
    /// folder, no reading and no waiting, so the UI thread may ask (a damaged file is
    /// found out only when read, and then rebuilt).
    pub fn holds<T: Kept>(&self, rules: Rules, max_seeds: u32) -> bool {
        let Some(len) = T::byte_len(rules, max_seeds) else {
            return false;
        };
        fs::metadata(self.path::<T>(rules, max_seeds)).is_ok_and(|m| m.is_file() && m.len() == len)
    }

    fn path<T: Kept>(&self, rules: Rules, max_seeds: u32) -> PathBuf {
        let name = T::file_name(rules, max_seeds)
            .unwrap_or_else(|| panic!("no endgame tables for {rules:?}"));
        self.dir.join(name)
    }

    /// The table of `rules` and `max_seeds` if its file holds it intact; `None` for no
    /// file, anything but a regular file of the table's exact length (never opened in a
    /// way that waits, never read), or bytes that are not the table. A table read is
    /// marked as used now, so the folder's bound keeps it longest.
    pub fn load<T: Kept>(&self, rules: Rules, max_seeds: u32) -> Option<T> {
        let len = T::byte_len(rules, max_seeds)?;
        let (file, _) = atomic::open_regular(&self.path::<T>(rules, max_seeds), len..=len).ok()?;
        let mut bytes = Vec::with_capacity(usize::try_from(len).ok()?);
        (&file).take(len + 1).read_to_end(&mut bytes).ok()?;
        let table = T::from_bytes(rules, max_seeds, &bytes)?;
        // Best effort: a table whose time cannot be set is only evicted sooner.
        let _ = file.set_modified(SystemTime::now());
        Some(table)
    }

    /// [`TableCache::load_or_build`], telling `report` how far a build has come
    /// ([`EndgameTable::build_reporting`]); a table read back is told nothing, since
    /// it takes a fraction of a second.
    pub fn load_or_build_reporting<T: Kept>(
        &self,
        rules: Rules,
        max_seeds: u32,
        report: &mut dyn FnMut(f32),
    ) -> T {
        if let Some(table) = self.load(rules, max_seeds) {
            return table;
        }
        let table = T::build_reporting(rules, max_seeds, report);
        if let Err(e) = self.keep(rules, max_seeds, &table) {
            // The table is still used; only the next run builds it again. (A closed
            // stderr must not stop the game: the message is simply lost.)
            let _ = writeln!(
                io::stderr(),
                "mancala: cannot keep the endgame table in {}: {e}",
                self.dir.display()
            );
        }
        table
    }

    /// Writes `table`, the table of `rules` and `max_seeds`, into the cache: atomically
    /// (a kill at any instant leaves the old file or the new one, and at worst a
    /// temporary file that the next [`TableCache::new`] removes), after making room
    /// under the folder's bound. Then the file an older format gave the same table is
    /// deleted. A table larger than the whole bound is not kept (an error).
    pub fn keep<T: Kept>(&self, rules: Rules, max_seeds: u32, table: &T) -> io::Result<()> {
        let path = self.path::<T>(rules, max_seeds);
        let bytes = table.to_bytes();
        let needed = bytes.len() as u64;
        if needed > self.max_bytes {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                format!(
                    "the table's {needed} bytes are more than the folder keeps ({} bytes)",
                    self.max_bytes
                ),
            ));
        }
        fs::create_dir_all(&self.dir)?;
        self.make_room(&path, needed);
        write_atomic(&path, &bytes)?;
        // An older build's file of this table is never read again: free its space.
        for old in T::older_file_names(rules, max_seeds) {
            let _ = fs::remove_file(self.dir.join(old));
        }
        Ok(())
    }

    /// Deletes tables, the least recently used first, until `needed` more bytes fit
    /// under the bound beside the rest; `replaced` (the file about to be written over)
    /// does not count.
    fn make_room(&self, replaced: &Path, needed: u64) {
        let mut tables: Vec<(SystemTime, u64, PathBuf)> = fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|entry| is_table_name(&entry.file_name().to_string_lossy()))
            .filter(|entry| entry.path() != replaced)
            .filter_map(|entry| {
                // The entry itself, not what a link points to: a link costs nothing here.
                let meta = entry.metadata().ok().filter(|m| m.is_file())?;
                let used = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                Some((used, meta.len(), entry.path()))
            })
            .collect();
        tables.sort();
        let mut total: u64 = tables.iter().map(|(_, len, _)| len).sum();
        for (_, len, path) in tables {
            if total.saturating_add(needed) <= self.max_bytes {
                break;
            }
            if fs::remove_file(&path).is_ok() {
                total -= len;
            }
        }
    }
}

/// Whether a file in the folder is a table (of any rules, size or format): temporary
/// files and anything else someone put there are not the bound's to delete.
fn is_table_name(name: &str) -> bool {
    (name.starts_with("endgame-") || name.starts_with("database-")) && name.ends_with(".bin")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn a_table_is_built_once_then_read_back_and_a_damaged_file_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path().join("tables"));
        let rules = Rules::new(Variant::Oware);
        let mut reports = Vec::new();
        assert!(
            !cache.holds::<EndgameTable>(rules, 5),
            "an empty cache holds nothing"
        );
        let built = cache
            .load_or_build_reporting::<EndgameTable>(rules, 5, &mut |share| reports.push(share));
        assert_eq!(reports.last(), Some(&1.0), "a build reports its end");
        assert!(cache.holds::<EndgameTable>(rules, 5) && !cache.holds::<EndgameTable>(rules, 4));
        let path = dir
            .path()
            .join("tables")
            .join(EndgameTable::file_name(rules, 5).unwrap());
        let written = fs::read(&path).expect("the table was written");
        assert_eq!(written, built.to_bytes());
        // Read back: the same table, and the file left as it was; no bar for a read.
        reports.clear();
        let read = cache
            .load_or_build_reporting::<EndgameTable>(rules, 5, &mut |share| reports.push(share));
        assert_eq!(read.to_bytes(), written);
        assert!(reports.is_empty(), "a read reported {reports:?}");
        // Damaged: rebuilt, and the file replaced by a sound one.
        fs::write(&path, &written[..100]).unwrap();
        assert_eq!(
            cache.load_or_build::<EndgameTable>(rules, 5).to_bytes(),
            written
        );
        assert_eq!(fs::read(&path).unwrap(), written);
        // Another size has a file of its own.
        assert_eq!(cache.load_or_build::<EndgameTable>(rules, 4).max_seeds(), 4);
        assert_eq!(fs::read(&path).unwrap(), written);
    }

    /// A table kept under a new format's name frees the file an older build wrote for
    /// it, and only that one.
    #[test]
    fn an_older_formats_file_is_deleted_once_the_table_is_kept_anew() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let rules = Rules::new(Variant::Oware);
        let older = EndgameTable::older_file_names(rules, 4);
        assert!(!older.is_empty(), "the format has changed since the first");
        let other = EndgameTable::older_file_names(rules, 5);
        for name in older.iter().chain(&other) {
            fs::write(dir.path().join(name), b"an older table").unwrap();
        }
        assert_eq!(cache.load_or_build::<EndgameTable>(rules, 4).max_seeds(), 4);
        assert!(cache.holds::<EndgameTable>(rules, 4));
        for name in &older {
            assert!(!dir.path().join(name).exists(), "{name} is still there");
        }
        for name in &other {
            assert!(
                dir.path().join(name).exists(),
                "{name} of another size went"
            );
        }
    }

    /// The folder keeps at most its bound: a new table pushes out the one used longest
    /// ago (reading a table counts as a use), and a table larger than the whole bound
    /// is not kept and pushes out nothing.
    #[test]
    fn the_folder_keeps_its_bound_dropping_the_table_used_longest_ago() {
        use std::time::Duration;
        let dir = tempfile::tempdir().unwrap();
        let rules = Rules::new(Variant::Kalah);
        let len = |seeds| EndgameTable::byte_len(rules, seeds).unwrap();
        let bound = len(4) + len(5) + len(6) - 1;
        let cache = TableCache::new(dir.path()).with_max_bytes(bound);
        let file = |seeds| {
            dir.path()
                .join(EndgameTable::file_name(rules, seeds).unwrap())
        };
        let aged = |seeds, seconds| {
            let past = SystemTime::now() - Duration::from_secs(seconds);
            let handle = fs::File::options().write(true).open(file(seeds)).unwrap();
            handle.set_modified(past).unwrap();
        };
        cache
            .keep(rules, 4, &EndgameTable::build(rules, 4))
            .unwrap();
        cache
            .keep(rules, 5, &EndgameTable::build(rules, 5))
            .unwrap();
        aged(4, 200);
        aged(5, 100);
        // 4 is the older file, but reading it makes it the one used last.
        assert!(cache.load::<EndgameTable>(rules, 4).is_some());
        cache
            .keep(rules, 6, &EndgameTable::build(rules, 6))
            .unwrap();
        assert!(cache.holds::<EndgameTable>(rules, 4) && cache.holds::<EndgameTable>(rules, 6));
        assert!(!file(5).exists(), "the table used longest ago went");
        let kept: u64 = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().metadata().unwrap().len())
            .sum();
        assert!(kept <= bound, "{kept} > {bound}");
        // Larger than the whole bound: refused, and nothing else deleted for it.
        let too_big = EndgameTable::build(rules, 7);
        assert!(cache.keep(rules, 7, &too_big).is_err());
        assert!(
            !file(7).exists()
                && cache.holds::<EndgameTable>(rules, 4)
                && cache.holds::<EndgameTable>(rules, 6)
        );
    }

    /// A file of the wrong length is neither held nor read; a file of the right length
    /// but wrong bytes is read, refused and rebuilt.
    #[test]
    fn only_a_file_of_the_tables_exact_length_is_held() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path());
        let rules = Rules::new(Variant::Oware);
        let path = dir.path().join(EndgameTable::file_name(rules, 4).unwrap());
        let len = EndgameTable::byte_len(rules, 4).unwrap() as usize;
        fs::write(&path, vec![0u8; len + 1]).unwrap();
        assert!(
            !cache.holds::<EndgameTable>(rules, 4)
                && cache.load::<EndgameTable>(rules, 4).is_none()
        );
        fs::write(&path, vec![0u8; len]).unwrap();
        assert!(
            cache.holds::<EndgameTable>(rules, 4) && cache.load::<EndgameTable>(rules, 4).is_none()
        );
        assert_eq!(cache.load_or_build::<EndgameTable>(rules, 4).max_seeds(), 4);
        assert!(
            cache.load::<EndgameTable>(rules, 4).is_some(),
            "rebuilt and kept"
        );
    }

    #[test]
    fn a_folder_that_cannot_be_written_still_gives_the_table() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: nothing can be written under it.
        let blocked = dir.path().join("tables");
        fs::write(&blocked, b"not a folder").unwrap();
        let table =
            TableCache::new(&blocked).load_or_build::<EndgameTable>(Rules::new(Variant::Kalah), 6);
        assert_eq!(table.max_seeds(), 6);
        assert_eq!(fs::read(&blocked).unwrap(), b"not a folder");
    }

    #[test]
    fn the_oware_database_is_kept_beside_the_tables_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let cache = TableCache::new(dir.path().join("tables"));
        let rules = Rules::new(Variant::Oware);
        assert!(!cache.holds::<OwareDatabase>(rules, 6));
        let built: OwareDatabase = cache.load_or_build(rules, 6);
        assert!(cache.holds::<OwareDatabase>(rules, 6));
        assert!(!cache.holds::<EndgameTable>(rules, 6), "a file of its own");
        let read = cache.load::<OwareDatabase>(rules, 6).expect("kept");
        assert_eq!(read.to_bytes(), built.to_bytes());
        let name = OwareDatabase::file_name(rules, 6).unwrap();
        assert!(is_table_name(&name), "the folder's bound counts it: {name}");
        // Kalah has no database.
        assert!(!cache.holds::<OwareDatabase>(Rules::new(Variant::Kalah), 6));
    }
}
