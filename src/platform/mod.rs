//! What the app needs to know about the device it runs on, as plain functions that the
//! desktop tests can exercise. The Android entry point (`crate::android`) and the desktop
//! controller gather the raw facts (locale strings) and decide through here, so both
//! platforms decide alike.
//!
//! The theme needs no Rust here: the UI's `Theme` global combines the player's choice
//! with `Palette.color-scheme`, which Slint keeps equal to the system's light/dark
//! setting on Android and on desktops (tests/platform.rs checks the combination).

pub mod locale;

pub use locale::effective_language;
