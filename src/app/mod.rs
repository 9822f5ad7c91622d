//! The app around the engine, grouped by feature. Each feature owns its state, its
//! plain-data views and the adapter that renders them into its Slint global; nothing in
//! a feature imports the shell, which holds them together:
//!
//! - [`game`]: one game as the player lives it: the turn loop (taps, animation, the
//!   computer's answer, hints, coach, undo, watching, game over; no Slint, no store), the
//!   session, the sowing playback, what the board and banner show, and the game screen's
//!   adapter;
//! - [`review`]: a finished game graded move by move: the review screen's state, its
//!   worker, and its adapter;
//! - [`computer`]: the computer player behind the small [`Brain`] trait, and the worker
//!   thread every search runs on, with cancel;
//! - [`settings`]: the player's choices as the screens offer them, the theme and the
//!   language (bundled translation, font family);
//! - [`learn`]: the Learn hub: today's puzzle, the streak, the puzzles of each game
//!   and which comes next;
//! - [`study`]: the study screen, where an exercise (a puzzle; a lesson) is played,
//!   judged on a worker thread and explained, a wrong move's refutation played out;
//! - [`conversions`]: the Slint enums and structs of the globals mapped to the app's
//!   own types, both ways, for every adapter;
//! - [`shell`]: the screen stack and what Back does, the home and statistics screens,
//!   the controller that wires the features to Slint and the store on the UI thread, and
//!   the [`App`] that the entry points, the screenshot tool and the UI tests hold.

pub mod computer;
pub mod conversions;
pub mod feedback;
pub mod game;
pub mod learn;
pub mod review;
pub mod settings;
pub mod shell;
pub mod study;

pub use computer::{Brain, Computer};
pub use settings::{language, prefs};
pub use shell::{App, Back, Navigator};
