//! Mancala: Kalah, Oware and Congkak with a strong computer opponent.
//!
//! `engine` holds the rules; the other modules build on it (see DESIGN in the README).

pub mod ai;
#[cfg(target_os = "android")]
mod android;
pub mod app;
#[cfg(all(feature = "cli", not(target_os = "android")))]
pub mod cli;
pub mod engine;
pub mod platform;
pub mod store;

slint::include_modules!();
