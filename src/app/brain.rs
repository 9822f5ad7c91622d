//! The computer player as the controller sees it: a move for a position at a level, a
//! hint for the person, and the coach's look at the person's last move. Behind a trait
//! so the worker-thread plumbing does not depend on how the search works, and so tests
//! can put in a player that is slow on purpose.

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

    /// Every legal move of the side to move valued, for the coach: what the person's
    /// move gave up against the best one. A small budget (a few hundred milliseconds),
    /// never building endgame tables; `None` if cancelled, the game is over, or (the
    /// default) this player does not coach. Same threading rules.
    fn coach(&self, _game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        None
    }
}
