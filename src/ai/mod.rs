//! The computer opponent: search, exact solving, difficulty levels, hints and game
//! review.
//! Depends on the engine only: no UI, no files, no threads (the app runs it on a
//! worker thread and stops it with the cancel flag in [`Limits`]).

mod advice;
mod endgame;
mod eval;
mod hint;
mod level;
mod limits;
mod objective;
mod review;
mod search;
mod solve;
mod tt;
pub mod tuning;

pub use advice::{Advice, MoveValue};
pub use endgame::{EndgameTable, Probe, DEFAULT_OWARE_TABLE_SEEDS, DEFAULT_TABLE_SEEDS};
pub use eval::{
    evaluate, features, final_value, Eval, Weights, FEATURES, FEATURE_NAMES, WEIGHT_SCALE,
};
pub use hint::{describe, Hint};
pub use level::{Level, Style};
pub use limits::Limits;
pub use objective::Objective;
pub use review::{review, Grade, MoveReview, ReviewBudget};
pub use search::{SearchResult, Searcher, MAX_DEPTH};
pub use solve::Solution;
