//! One game on the game screen: the [`turn_loop`] that lives it (no Slint, no store),
//! the [`session`] it plays (players, undo and redo as a player expects, resigning),
//! the [`playback`] of a move's seeds for the sowing animation, what the board
//! ([`board_view`], [`last_move`]) and the banner ([`banner`]) show as plain data, and
//! the [`adapter`] that renders it all into the `GameState` global.

pub mod adapter;
pub mod banner;
pub mod board_view;
pub mod last_move;
pub mod playback;
pub mod rounds;
pub mod session;
pub mod turn_loop;
