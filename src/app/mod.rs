//! The app's controller: binds the Slint UI (`ui/`) to the engine, the computer player
//! and the store. Small parts, each testable without a window:
//!
//! - `navigation`: the screen stack and what Back does (reused by the Android back key);
//! - `session`: one game with its players, undo/redo as a player expects, resigning;
//! - `playback`: a move's steps replayed one at a time for the sowing animation;
//! - `worker`: the computer's search on a worker thread, with cancel;
//! - `board_view`, `prefs`: the engine's and the store's types as the UI shows them;
//! - `language`: the bundled translation and the font family of each language;
//! - `language`: the translation and font the UI speaks with;
//! - `controller`: the glue, run on the UI thread from callbacks and one timer.

pub mod board_view;
pub mod brain;
mod computer;
mod controller;
pub mod language;
pub mod navigation;
pub mod playback;
pub mod prefs;
pub mod session;
pub mod worker;

pub use brain::Brain;
pub use computer::Computer;
pub use controller::App;
pub use navigation::{Back, Navigator};
