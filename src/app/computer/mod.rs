//! The computer player: the [`Brain`] trait the turn loop and the review ask for moves,
//! hints and reviews, the [`Computer`] that answers with the AI crate (levels, endgame
//! tables built in the background), and the [`background`] worker thread each search
//! runs on, cancelled when its answer is no longer wanted.

pub mod background;
pub mod brain;
mod player;

pub use brain::Brain;
pub use player::Computer;
