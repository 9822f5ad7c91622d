//! A computer player for the mancala games of [`mancala_engine`] (Kalah, Oware and
//! Congkak): search, exact solving, endgame tables, difficulty levels, hints and game
//! review.
//!
//! The values of positions and moves are in whole seeds, from the view of the player
//! concerned (the side to move, or the one who played the move): the final store
//! difference, theirs minus the opponent's, that perfect play leads to, or the
//! search's estimate of it. `+3` means "ends 3 seeds ahead", `0` a draw. (An endgame
//! table counts only what is still to be won: see [`Probe`].)
//!
//! - [`Searcher`] is the engine: an iterative-deepening alpha-beta search that keeps
//!   its transposition table from one search to the next. [`Searcher::search`] finds a
//!   move within [`Limits`] (depth, positions visited, time, a cancel flag);
//!   [`Searcher::solve`] proves the exact value of a position.
//! - [`Level`] picks a move at one of five strengths, from a beginner that makes
//!   mistakes on purpose to an expert that thinks two seconds.
//! - [`Searcher::hint`] and [`Searcher::advise`] explain a position to a player
//!   ([`Hint`], [`Advice`], [`describe`]); [`review`] grades every move of a game.
//! - [`EndgameTable`] holds the values of every Kalah or Oware position with few seeds
//!   left, for the search to use.
//! - [`Eval`], [`Weights`] and the [`tuning`] module are the heuristic and how its
//!   weights were fitted; most programs never need them.
//!
//! The crate does no I/O and starts no threads. A search runs on the caller's thread
//! until a limit stops it: a program with a user interface runs it on a worker thread
//! and stops it early with the cancel flag of [`Limits`]. Randomness (the easier
//! levels' mistakes) comes from a generator the caller passes in.
//!
//! # Example
//!
//! The computer plays a whole game of Kalah against itself, searching 4 plies a move:
//!
//! ```
//! use mancala_ai::{Limits, Searcher};
//! use mancala_engine::{Game, Rules, Variant};
//!
//! let mut game = Game::new(Rules::new(Variant::Kalah));
//! let mut searcher = Searcher::new(1); // a transposition table of 1 MB
//! while !game.is_over() {
//!     let found = searcher.search(game.position(), &Limits::depth(4)).unwrap();
//!     assert!(game.legal_moves().contains(found.best));
//!     game.play(found.best).unwrap();
//! }
//! let [south, north] = game.position().stores();
//! assert_eq!(u32::from(south) + u32::from(north), 48);
//! ```
#![deny(missing_docs)]

mod advice;
mod endgame;
mod eval;
mod hint;
mod level;
mod limits;
mod objective;
mod opening;
mod puzzle;
mod review;
mod search;
mod solve;
mod tt;
pub mod tuning;

pub use advice::{Advice, MoveValue};
pub use endgame::{
    BoardValue, EndgameTable, OwareDatabase, Probe, DEFAULT_DATABASE_SEEDS,
    DEFAULT_OWARE_TABLE_SEEDS, DEFAULT_TABLE_SEEDS, MAX_DATABASE_SEEDS,
};
pub use eval::{
    evaluate, features, final_value, Eval, Weights, FEATURES, FEATURE_NAMES, WEIGHT_SCALE,
};
pub use hint::{describe, Hint};
pub use level::{Level, Style};
pub use limits::Limits;
pub use objective::Objective;
pub use opening::{choose_in_opening, opening_matrix, OpeningMatrix};
pub use puzzle::{
    difficulty, find_puzzles, value_moves, MoveValues, Puzzle, PuzzleKind, PuzzleSearch, Verdict,
    MARGIN,
};
pub use review::{review, review_rows, Grade, MoveReview, ReviewBudget};
pub use search::{SearchResult, Searcher, MAX_DEPTH};
pub use solve::Solution;
pub use tt::TableAllocError;
