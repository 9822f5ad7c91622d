//! Hints: the best move for the side to move and a short evaluation a player reads.

use super::limits::Limits;
use super::search::Searcher;
use crate::engine::{House, Position};

/// A suggested move with its evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move suggested.
    pub best: House,
    /// Expected final store difference, from the view of the side to move.
    pub score: i32,
    /// The score is the value under perfect play, not an estimate.
    pub exact: bool,
    /// E.g. "winning by about 4" or "this position is won with perfect play (by 2)".
    pub text: String,
}

impl Searcher {
    /// The best move within `limits`, explained. `None` when the game is over.
    pub fn hint(&mut self, pos: &Position, limits: &Limits) -> Option<Hint> {
        let result = self.search(pos, limits)?;
        Some(Hint {
            best: result.best,
            score: result.score,
            exact: result.exact,
            text: describe(result.score, result.exact),
        })
    }
}

/// Words for a score from the player's view.
pub fn describe(score: i32, exact: bool) -> String {
    let seeds = |n: i32| {
        if n == 1 {
            "1 seed".to_string()
        } else {
            format!("{n} seeds")
        }
    };
    match (exact, score.signum()) {
        (true, 1) => format!(
            "this position is won with perfect play (by {})",
            seeds(score)
        ),
        (true, -1) => format!(
            "this position is lost against perfect play (by {})",
            seeds(-score)
        ),
        (true, _) => "this position is a draw with perfect play".to_string(),
        (false, _) if score.abs() <= 1 => "about even".to_string(),
        (false, 1) => format!("winning by about {}", score),
        (false, _) => format!("losing by about {}", -score),
    }
}
