//! The computer player as the controller sees it: a move for a position at a level, and
//! a hint for the person. Behind a trait so the worker-thread plumbing does not depend on
//! how the search works, and so tests can put in a player that is slow on purpose.

use crate::ai::Advice;
use crate::engine::{Game, House};
use crate::players::Difficulty;
use std::sync::atomic::AtomicBool;

pub trait Brain: Send + Sync + 'static {
    /// The move to play at `level` in the game's current
    /// position (the history matters in Oware, where a repeated position ends the game).
    /// Called on a worker thread; must return soon after `cancel` is set (any legal move
    /// will do then).
    fn choose_move(&self, game: &Game, level: Difficulty, cancel: &AtomicBool) -> House;

    /// Every legal move of the side to move valued, best first, as a hint: about a
    /// second at most. `None` if cancelled or the game is over. Same threading rules.
    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice>;
}
