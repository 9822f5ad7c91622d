//! Settings, the game in progress, statistics, the last finished games and what the
//! player has learned (puzzles, lessons), kept as JSON files in one directory
//! (see docs/store.md). Every write is atomic; a file that cannot be used is moved aside,
//! never deleted, and the player is told once. The store is handed its directory and
//! knows no platform: `location::desktop_data_dir` finds one on a desktop.

pub mod atomic;
mod day;
mod files;
pub mod location;
mod names;
mod presets;
mod progress;
mod recent_games;
mod saved_game;
mod settings;
mod stats;
mod table_cache;
mod trouble;

pub use day::Day;
pub use files::{FileKind, Notice, Problem, Store, MAX_FILE_BYTES};
pub use location::desktop_data_dir;
pub use names::{
    has_bundled_glyph, PlayerNames, BUNDLED_GLYPHS, MAX_MARKS_PER_LETTER, MAX_NAME_LEN,
};
pub use presets::CongkakPreset;
pub use progress::Progress;
pub use recent_games::{FinishedRecord, RecentGames, ReviewedMove, MAX_RECENT};
pub use saved_game::{ResumeError, SavedGame};
pub use settings::{
    AnimationSpeed, FirstPlayer, Language, PerVariant, Settings, SoundLevel, Theme,
};
pub use stats::{Board, Stats, StatsRow, MAX_COUNT};
pub use table_cache::{Kept, TableCache, MAX_CACHE_BYTES};
pub use trouble::WriteTrouble;

/// The schema version this build writes into every file. Files of other versions load
/// as long as they parse: unknown fields are ignored and missing ones take defaults.
pub const SCHEMA: u32 = 1;
