//! One adapter per Slint global, in the manner of Slint's todo-mvc: each renders its
//! global from plain data and turns its callbacks into typed Rust values. Nothing else
//! in the crate touches a global. `conversions` maps the UI's enums to the app's types,
//! both ways, for all of them.

pub mod appearance_adapter;
pub mod conversions;
pub mod game_adapter;
pub mod home_adapter;
pub mod prefs_adapter;
pub mod review_adapter;
pub mod stats_adapter;
