//! The computer opponent: search, exact solving, difficulty levels and hints.
//! Depends on the engine only: no UI, no files, no threads (the app runs it on a
//! worker thread and stops it with the cancel flag in [`Limits`]).

mod endgame;
mod eval;
mod hint;
mod level;
mod limits;
mod search;
mod solve;
mod tt;

pub use endgame::{EndgameTable, DEFAULT_TABLE_SEEDS};
pub use eval::{evaluate, final_value};
pub use hint::{describe, Hint};
pub use level::{Level, Style};
pub use limits::Limits;
pub use search::{SearchResult, Searcher, MAX_DEPTH};
pub use solve::Solution;
