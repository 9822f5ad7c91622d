//! What the UI tests and `mancala-cli screenshot` drive the app with: a [`Driver`] that
//! taps, scrolls, types and reads the real UI headless through Slint's testing backend,
//! and computer players whose every answer a test can know in advance ([`brains`],
//! [`opening_brains`] for Congkak's simultaneous first move).
//! Behind the `testing` feature (on with `cli`): the phone's library carries none of it.

pub mod brains;
mod driver;
pub mod opening_brains;

pub use driver::{advance, frames, wait, Driver};
