//! Mancala: Kalah, Oware and Congkak with a strong computer opponent.
//!
//! `engine` holds the rules (docs/rules.md); `ai` and `store` build on it, and `app`
//! puts them behind the Slint UI. docs/architecture.md maps the modules and follows one
//! tap from the board to the save.

pub mod ai;
#[cfg(target_os = "android")]
mod android;
pub mod app;
#[cfg(all(feature = "cli", not(target_os = "android")))]
pub mod cli;
pub mod engine;
pub mod platform;
pub mod players;
pub mod store;

slint::include_modules!();
