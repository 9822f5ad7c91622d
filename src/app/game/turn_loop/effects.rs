//! What an action of the turn loop asks its caller to do.

use crate::engine::Variant;
use crate::players::{GameResult, Opponent};
use std::time::Duration;

/// What the caller must do after an action of the turn loop.
#[must_use]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// The game changed: save it (a finished game is removed from the save instead).
    pub save_game: bool,
    /// A game just ended (its last move was played; its animation may still run): count
    /// it in the statistics, before the save is removed.
    pub finished: Option<FinishedGame>,
    /// Call [`TurnLoop::tick`](super::TurnLoop::tick) at this interval; `None` stops the timer.
    pub tick: Option<Duration>,
}

/// A game that ended, as the statistics count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// The game's identity (`Session::id`): the statistics count each game once.
    pub game: u64,
    pub variant: Variant,
    pub opponent: Opponent,
    /// For the person at the bottom.
    pub result: GameResult,
}
