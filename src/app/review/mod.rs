//! The review screen: a finished game (kept, just played, or a record typed in) graded
//! move by move on a worker thread ([`screen`]), rendered into the `ReviewState` global
//! ([`adapter`]), and the controller's part that opens, polls and saves reviews
//! ([`control`]).

pub mod adapter;
pub mod control;
pub mod screen;
