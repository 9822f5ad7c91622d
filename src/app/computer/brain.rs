//! The computer player as the controller sees it: a move for a position at a level, a
//! hint for the person, the coach's look at the person's last move, and the review of a
//! finished game. Behind a trait so the worker-thread plumbing does not depend on how the
//! search works, and so tests can put in a player that is slow on purpose.

use crate::ai::{review_rows, Advice, EndgameTable, Limits, MoveReview, ReviewBudget, Searcher};
use crate::engine::{Game, House, Lockstep, Rules, Side};
use crate::players::Difficulty;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The review's time per position the solver does not reach (the budget of
/// `mancala-cli review`'s default), and its own table: a phone's share.
pub const REVIEW_MOVETIME: Duration = Duration::from_millis(100);
const REVIEW_TABLE_MEGABYTES: usize = 32;

pub trait Brain: Send + Sync + 'static {
    /// The move to play at `level` in the game's current
    /// position (the history matters in Oware, where a repeated position ends the game).
    /// Called on a worker thread; must return soon after `cancel` is set (any legal move
    /// will do then).
    fn choose_move(&self, game: &Game, level: Difficulty, cancel: &AtomicBool) -> House;

    /// `side`'s house in Congkak's simultaneous first move (its first, or another after
    /// its hand ended in its store), from `lockstep` as it stands before any choice made
    /// at the same moment by the other hand is applied: the computer never sees it.
    /// `None` when `side` has nothing to choose. Same threading rules; the default
    /// takes the first house it may.
    fn choose_in_opening(
        &self,
        lockstep: &Lockstep,
        side: Side,
        _level: Difficulty,
        _cancel: &AtomicBool,
    ) -> Option<House> {
        lockstep.choices(side).first()
    }

    /// Every legal move of the side to move valued, best first, as a hint: about a
    /// second at most. `None` if cancelled or the game is over. Same threading rules.
    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice>;

    /// A game of `rules` is on the game screen with the computer at `level`: what that
    /// level needs and takes seconds to make (the endgame tables, for the expert) is
    /// made now, on a thread of its own, and the moves go on without it until it is
    /// ready. Called on the UI thread, often: it must return at once.
    fn prepare(&self, _rules: Rules, _level: Difficulty) {}

    /// How far what [`Brain::prepare`] started for `rules` has come, 0.0 to 1.0, while it
    /// is being built (a bar on the game screen); `None` when nothing is being made for
    /// them (never started, read back from a cache, or done). Called on the UI thread
    /// with every frame of the game screen: it must return at once.
    fn preparing(&self, _rules: Rules) -> Option<f32> {
        None
    }

    /// The shared endgame table of `rules` (if there are tables for them), made now if
    /// no one has made it yet: seconds, so only on a thread that may wait (a review's,
    /// or the one `prepare` starts). The default builds it; the app's player reads it
    /// from its cache folder when an earlier run left it there.
    fn endgame_table(&self, rules: Rules) -> Option<Arc<EndgameTable>> {
        EndgameTable::shared(rules)
    }

    /// Every legal move of the side to move valued, for the coach: what the person's
    /// move gave up against the best one. A small budget (a few hundred milliseconds),
    /// never building endgame tables; `None` if cancelled, the game is over, or (the
    /// default) this player does not coach. Same threading rules.
    fn coach(&self, _game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        None
    }

    /// Every move of `game` graded ([`crate::ai::review`]): exact where the solver or the
    /// endgame tables reach, else searched for [`REVIEW_MOVETIME`] per position.
    /// `progress(done, total, row)` after each move, with that move's review (`None` for
    /// a move not graded), from the last move to the first, so the screen shows each row
    /// as it is valued; `None` if cancelled. Runs on a worker thread for seconds; with
    /// its own searcher, so it never holds up a move or a hint.
    fn review(
        &self,
        game: &Game,
        progress: &(dyn Fn(usize, usize, Option<&MoveReview>) + Send + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<MoveReview>> {
        let mut searcher = Searcher::new(REVIEW_TABLE_MEGABYTES);
        // Kalah's exact tables make its last third exact, Oware's bounds end some of its
        // searches early; they are built here (on the review's thread, behind its
        // progress bar) if no game has built them yet.
        searcher.set_endgame(self.endgame_table(game.rules()));
        let limits = Limits {
            cancel: Some(cancel),
            ..Limits::default()
        };
        let budget = ReviewBudget {
            per_position: REVIEW_MOVETIME,
        };
        review_rows(&mut searcher, game, budget, &limits, progress)
    }
}
