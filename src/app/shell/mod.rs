//! What holds the features together, on the UI thread: the screen stack and Back
//! ([`navigation`]), the home and statistics screens' adapters, the controller that owns
//! the features and renders them (`controller`), with its parts for games (`games`),
//! reviews (`reviews`) and saves (`saves`), every global's callbacks (`wiring`), and the
//! [`App`] facade.

mod controller;
mod facade;
mod games;
pub mod home_adapter;
mod learning;
pub mod navigation;
mod reviews;
mod saves;
pub mod stats_adapter;
mod wiring;

pub use facade::App;
pub use navigation::{Back, Navigator};
