//! `Store`: the five files in one directory, loaded forgivingly and written atomically.
//!
//! Loading never fails: a missing file gives defaults; a file this version cannot use
//! (unparsable, or parsed but invalid, such as an illegal game record) is moved aside
//! and a `Notice` is queued for the player. Nothing is ever deleted except the saved
//! game on `clear_game` and temporary files of writes that never finished.

use super::atomic;
use super::progress::Progress;
use super::recent_games::RecentGames;
use super::saved_game::SavedGame;
use super::settings::Settings;
use super::stats::Stats;
use super::trouble::WriteTrouble;
use super::SCHEMA;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::Cell;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The largest file the store reads; its real files are a few kB.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The UTF-8 byte-order mark some editors put first; JSON parsers refuse it.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Which of the store's files a notice is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    Settings,
    Game,
    Stats,
    /// The last finished games and their reviews.
    RecentGames,
    /// Puzzles and lessons done, and the daily puzzle's days.
    Progress,
}

impl FileKind {
    pub const ALL: [FileKind; 5] = [
        FileKind::Settings,
        FileKind::Game,
        FileKind::Stats,
        FileKind::RecentGames,
        FileKind::Progress,
    ];

    pub fn file_name(self) -> &'static str {
        match self {
            FileKind::Settings => "settings.json",
            FileKind::Game => "game.json",
            FileKind::Stats => "stats.json",
            FileKind::RecentGames => "recent-games.json",
            FileKind::Progress => "progress.json",
        }
    }
}

/// What was wrong with a file that was moved aside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not readable as this version's format: truncated, garbage, a newer version's
    /// file that this one cannot parse, more than `MAX_FILE_BYTES`, or not a regular
    /// file at all (a directory, a FIFO, a device).
    Unreadable(String),
    /// Readable but unusable: rules the engine does not play, an illegal game record,
    /// an unknown difficulty level.
    Invalid(String),
}

/// Something the player should be told once: a file could not be used and was moved
/// aside. The UI words it (translated); `problem` holds English detail for logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub file: FileKind,
    /// Where the file now is. If even renaming failed (a read-only directory), this is
    /// the file's own path: it was left where it was.
    pub moved_to: PathBuf,
    pub problem: Problem,
}

/// A type kept in one of the store's files.
trait StoredFile: Serialize + DeserializeOwned {
    const KIND: FileKind;
    /// The loaded value made consistent, or why it cannot be used.
    fn checked(self) -> Result<Self, String>;
    /// A copy stamped with this version's schema, for writing.
    fn stamped(&self) -> Self;
}

impl StoredFile for Settings {
    const KIND: FileKind = FileKind::Settings;
    fn checked(self) -> Result<Self, String> {
        Settings::checked(self)
    }
    fn stamped(&self) -> Self {
        Settings {
            schema: SCHEMA,
            ..self.clone()
        }
    }
}

impl StoredFile for SavedGame {
    const KIND: FileKind = FileKind::Game;
    fn checked(self) -> Result<Self, String> {
        SavedGame::checked(self)
    }
    fn stamped(&self) -> Self {
        SavedGame {
            schema: SCHEMA,
            ..self.clone()
        }
    }
}

impl StoredFile for Stats {
    const KIND: FileKind = FileKind::Stats;
    fn checked(self) -> Result<Self, String> {
        Stats::checked(self)
    }
    fn stamped(&self) -> Self {
        let mut stats = self.clone();
        stats.schema = SCHEMA;
        stats
    }
}

impl StoredFile for RecentGames {
    const KIND: FileKind = FileKind::RecentGames;
    fn checked(self) -> Result<Self, String> {
        RecentGames::checked(self)
    }
    fn stamped(&self) -> Self {
        RecentGames {
            schema: SCHEMA,
            ..self.clone()
        }
    }
}

impl StoredFile for Progress {
    const KIND: FileKind = FileKind::Progress;
    fn checked(self) -> Result<Self, String> {
        Progress::checked(self)
    }
    fn stamped(&self) -> Self {
        Progress {
            schema: SCHEMA,
            ..self.clone()
        }
    }
}

/// The app's files in one directory. One `Store` per directory at a time.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    notices: Vec<Notice>,
    /// Why the last write failed (the check at `open` counts as one); `None` once a
    /// write succeeds.
    trouble: Cell<Option<WriteTrouble>>,
}

impl Store {
    /// Opens the store in `dir`, creating the directory if needed, and removes
    /// temporary files of writes that were cut off. Never fails: if the directory
    /// cannot be made, loads give defaults and saves report the error.
    /// Whether files can be written there is checked at once ([`Store::write_trouble`]).
    pub fn open(dir: impl Into<PathBuf>) -> Store {
        let dir = dir.into();
        let made = fs::create_dir_all(&dir).and_then(|()| atomic::probe_dir(&dir));
        let trouble = made.err().map(|e| {
            eprintln!("mancala: cannot save into {}: {e}", dir.display());
            WriteTrouble::of(&e, &dir)
        });
        atomic::remove_stale_temps(&dir.join("probe"));
        for kind in FileKind::ALL {
            atomic::remove_stale_temps(&dir.join(kind.file_name()));
        }
        Store {
            dir,
            notices: Vec::new(),
            trouble: Cell::new(trouble),
        }
    }

    /// Why nothing can be saved, if the last write (or the check at `open`) failed.
    pub fn write_trouble(&self) -> Option<WriteTrouble> {
        self.trouble.get()
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of one of the store's files.
    pub fn path(&self, kind: FileKind) -> PathBuf {
        self.dir.join(kind.file_name())
    }

    /// The settings; defaults if there are none or they could not be used.
    pub fn load_settings(&mut self) -> Settings {
        self.load().unwrap_or_default()
    }

    pub fn save_settings(&self, settings: &Settings) -> io::Result<()> {
        self.save(settings)
    }

    /// The game in progress, if there is one that replays legally.
    pub fn load_game(&mut self) -> Option<SavedGame> {
        self.load()
    }

    pub fn save_game(&self, game: &SavedGame) -> io::Result<()> {
        self.save(game)
    }

    /// Forgets the game in progress (it ended, or the player started another).
    pub fn clear_game(&self) -> io::Result<()> {
        match fs::remove_file(self.path(FileKind::Game)) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    pub fn load_stats(&mut self) -> Stats {
        self.load().unwrap_or_default()
    }

    pub fn save_stats(&self, stats: &Stats) -> io::Result<()> {
        self.save(stats)
    }

    /// The last finished games; none if there are none or they could not be used.
    pub fn load_recent_games(&mut self) -> RecentGames {
        self.load().unwrap_or_default()
    }

    pub fn save_recent_games(&self, recent: &RecentGames) -> io::Result<()> {
        self.save(recent)
    }

    /// The puzzles and lessons done; none if there is no file or it could not be used.
    pub fn load_progress(&mut self) -> Progress {
        self.load().unwrap_or_default()
    }

    pub fn save_progress(&self, progress: &Progress) -> io::Result<()> {
        self.save(progress)
    }

    /// Notices not yet shown; each is returned once.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    fn save<T: StoredFile>(&self, value: &T) -> io::Result<()> {
        let mut json = serde_json::to_vec_pretty(&value.stamped()).map_err(io::Error::other)?;
        json.push(b'\n');
        let written = atomic::write_atomic(&self.path(T::KIND), &json);
        self.trouble.set(
            written
                .as_ref()
                .err()
                .map(|e| WriteTrouble::of(e, &self.dir)),
        );
        written
    }

    fn load<T: StoredFile>(&mut self) -> Option<T> {
        let path = self.path(T::KIND);
        let problem = match atomic::read_regular(&path, MAX_FILE_BYTES) {
            // No file, or no folder to hold one (a file in the data folder's place,
            // which `write_trouble` reports).
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return None
            }
            // Anything else that stops reading (not a regular file, too large, no
            // permission) is treated like bad content: moved out of the way.
            Err(e) => Problem::Unreadable(e.to_string()),
            Ok(bytes) => {
                match serde_json::from_slice::<T>(bytes.strip_prefix(BOM).unwrap_or(&bytes)) {
                    Err(e) => Problem::Unreadable(e.to_string()),
                    Ok(value) => match value.checked() {
                        Ok(value) => return Some(value),
                        Err(why) => Problem::Invalid(why),
                    },
                }
            }
        };
        let moved_to = atomic::move_aside(&path).unwrap_or(path);
        self.notices.push(Notice {
            file: T::KIND,
            moved_to,
            problem,
        });
        None
    }
}
