//! Mancala: Kalah, Oware and Congkak with a strong computer opponent.
//!
//! The rules live in the `mancala-engine` crate (docs/rules.md) and the computer player
//! in `mancala-ai`, both free of Slint; they are re-exported here as [`engine`] and
//! [`ai`]. `store` keeps settings and games on disk, and `app` puts it all behind the
//! Slint UI. docs/architecture.md maps the modules and follows one tap from the board to
//! the save.

pub use mancala_ai as ai;
#[cfg(target_os = "android")]
mod android;
pub mod app;
#[cfg(all(feature = "cli", not(target_os = "android")))]
pub mod cli;
pub use mancala_engine as engine;
pub mod lessons;
pub mod platform;
pub mod players;
pub mod puzzles;
pub mod store;
#[cfg(all(feature = "testing", not(target_os = "android")))]
pub mod testing;

slint::include_modules!();
