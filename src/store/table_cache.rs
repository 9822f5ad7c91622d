//! Endgame tables kept between runs in a folder of their own (`tables/` in the data
//! folder): the first game that needs one builds it and writes it there, later runs
//! read it back in milliseconds. A cache only: a file that is missing, of another
//! build or damaged is simply rebuilt and replaced (it holds nothing a player made, so
//! unlike the store's own files it is not moved aside), and a folder that cannot be
//! written costs only the build.

use super::atomic::write_atomic;
use crate::ai::EndgameTable;
use crate::engine::Rules;
use std::fs;
use std::path::PathBuf;

/// The largest file read back: above the largest table `--tables` builds (Kalah's of
/// 20 seeds, 226 MB), so that a stray huge file is never read into memory.
const MAX_TABLE_BYTES: u64 = 512 << 20;

#[derive(Clone, Debug)]
pub struct TableCache {
    dir: PathBuf,
}

impl TableCache {
    /// A cache in `dir` (created at the first write).
    pub fn new(dir: impl Into<PathBuf>) -> TableCache {
        TableCache { dir: dir.into() }
    }

    /// The table of `rules` and `max_seeds` (which tables must cover): read from its
    /// file when that holds it intact, else built and written for next time.
    pub fn load_or_build(&self, rules: Rules, max_seeds: u32) -> EndgameTable {
        self.load_or_build_reporting(rules, max_seeds, &mut |_| {})
    }

    /// Whether the cache has a file for the table of `rules` and `max_seeds` that it
    /// would try to read: one look at the folder, no reading, so the UI thread may ask
    /// (a damaged file is found out only when read, and then rebuilt).
    pub fn holds(&self, rules: Rules, max_seeds: u32) -> bool {
        fs::metadata(self.path(rules, max_seeds)).is_ok_and(|m| m.len() <= MAX_TABLE_BYTES)
    }

    fn path(&self, rules: Rules, max_seeds: u32) -> PathBuf {
        let name = EndgameTable::file_name(rules, max_seeds)
            .unwrap_or_else(|| panic!("no endgame tables for {rules:?}"));
        self.dir.join(name)
    }

    /// [`TableCache::load_or_build`], telling `report` how far a build has come
    /// ([`EndgameTable::build_reporting`]); a table read back is told nothing, since
    /// it takes a fraction of a second.
    pub fn load_or_build_reporting(
        &self,
        rules: Rules,
        max_seeds: u32,
        report: &mut dyn FnMut(f32),
    ) -> EndgameTable {
        let path = self.path(rules, max_seeds);
        if self.holds(rules, max_seeds) {
            if let Some(table) = fs::read(&path)
                .ok()
                .and_then(|bytes| EndgameTable::from_bytes(rules, max_seeds, &bytes))
            {
                return table;
            }
        }
        let table = EndgameTable::build_reporting(rules, max_seeds, report);
        let written =
            fs::create_dir_all(&self.dir).and_then(|()| write_atomic(&path, &table.to_bytes()));
        match written {
            Ok(()) => {
                // An older build's file of this table is never read again: free its space.
                for old in EndgameTable::older_file_names(rules, max_seeds) {
                    let _ = fs::remove_file(self.dir.join(old));
                }
            }
            Err(e) => {
                // The table is still used; only the next run builds it again.
                eprintln!(
                    "mancala: cannot keep the endgame table in {}: {e}",
                    path.display()
                );
            }
        }
        table
    }
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
        assert!(!cache.holds(rules, 5), "an empty cache holds nothing");
        let built = cache.load_or_build_reporting(rules, 5, &mut |share| reports.push(share));
        assert_eq!(reports.last(), Some(&1.0), "a build reports its end");
        assert!(cache.holds(rules, 5) && !cache.holds(rules, 4));
        let path = dir
            .path()
            .join("tables")
            .join(EndgameTable::file_name(rules, 5).unwrap());
        let written = fs::read(&path).expect("the table was written");
        assert_eq!(written, built.to_bytes());
        // Read back: the same table, and the file left as it was; no bar for a read.
        reports.clear();
        let read = cache.load_or_build_reporting(rules, 5, &mut |share| reports.push(share));
        assert_eq!(read.to_bytes(), written);
        assert!(reports.is_empty(), "a read reported {reports:?}");
        // Damaged: rebuilt, and the file replaced by a sound one.
        fs::write(&path, &written[..100]).unwrap();
        assert_eq!(cache.load_or_build(rules, 5).to_bytes(), written);
        assert_eq!(fs::read(&path).unwrap(), written);
        // Another size has a file of its own.
        assert_eq!(cache.load_or_build(rules, 4).max_seeds(), 4);
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
        assert_eq!(cache.load_or_build(rules, 4).max_seeds(), 4);
        assert!(cache.holds(rules, 4));
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

    #[test]
    fn a_folder_that_cannot_be_written_still_gives_the_table() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: nothing can be written under it.
        let blocked = dir.path().join("tables");
        fs::write(&blocked, b"not a folder").unwrap();
        let table = TableCache::new(&blocked).load_or_build(Rules::new(Variant::Kalah), 6);
        assert_eq!(table.max_seeds(), 6);
        assert_eq!(fs::read(&blocked).unwrap(), b"not a folder");
    }
}
