//! The app around the engine: the turn loop of one game, the screens' adapters and the
//! controller that wires them to Slint and the store. Small parts, each testable without
//! a window:
//!
//! - `turn_loop`: one game as the player lives it (taps, animation, the computer's answer,
//!   hints, undo, game over), returning what the caller must do; no Slint, no store;
//! - `session`: the game with its players, undo/redo as a player expects, resigning;
//! - `playback`: a move's steps replayed one at a time for the sowing animation;
//! - `background`: the computer's search on a worker thread, with cancel;
//! - `banner`, `board_view`, `last_move`, `prefs`: what the screens show, as plain data;
//! - `brain`, `computer`: the computer player behind a small trait;
//! - `navigation`: the screen stack and what Back does (reused by the Android back key);
//! - `language`: the bundled translation and the font family of each language;
//! - `views`: one adapter per Slint global, rendering plain data and reading callbacks;
//! - `controller`: the wiring and the saves, on the UI thread; `facade`: the `App` that
//!   the entry points, the screenshot tool and the UI tests hold.

pub mod background;
pub mod banner;
pub mod board_view;
pub mod brain;
mod computer;
mod controller;
mod facade;
pub mod language;
pub mod last_move;
pub mod navigation;
pub mod playback;
pub mod prefs;
mod review_control;
pub mod review_screen;
pub mod session;
pub mod turn_loop;
pub mod views;

pub use brain::Brain;
pub use computer::Computer;
pub use facade::App;
pub use navigation::{Back, Navigator};
