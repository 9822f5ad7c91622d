//! Hints: the best move for the side to move and a short evaluation a player reads.

use super::limits::Limits;
use super::search::Searcher;
use mancala_engine::{House, Position};

/// A suggested move with its evaluation, in numbers and in words: what
/// [`Searcher::hint`] returns.
///
/// For every move's value rather than the best one's, see
/// [`Searcher::advise`](crate::Searcher::advise).
///
/// # Examples
///
/// ```
/// use mancala_ai::{Limits, Searcher};
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let pos = Position::from_parts(
///     Rules::new(Variant::Kalah),
///     [&[0, 0, 3, 0, 1, 1], &[0, 2, 0, 0, 0, 0]],
///     [10, 12],
///     Side::South,
/// )
/// .unwrap();
/// let mut searcher = Searcher::new(1);
/// let hint = searcher.hint(&pos, &Limits::depth(20)).unwrap();
/// assert_eq!(hint.best.number(), 6);
/// assert_eq!((hint.score, hint.exact), (1, true));
/// assert_eq!(hint.text, "this position is won with perfect play (by 1 seed)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move suggested.
    pub best: House,
    /// The value of the position in whole seeds, from the view of the side to move:
    /// the final store difference (mover minus opponent) expected after `best`.
    pub score: i32,
    /// The score is the value under perfect play, not an estimate.
    pub exact: bool,
    /// `score` and `exact` in English words, from [`describe`]: e.g. "winning by
    /// about 4" or "this position is won with perfect play (by 2 seeds)".
    pub text: String,
}

impl Searcher {
    /// The best move within `limits`, explained: [`Searcher::search`] with its result
    /// put in words. `None` when the game is over.
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

/// Words for a value, as a hint shows them to a player: `score` is in whole seeds from
/// the player's view (a final store difference, as [`Hint::score`] and
/// [`SearchResult::score`](crate::SearchResult::score) give it), and `exact` says
/// whether it is proven. An estimate within one seed of 0 is "about even". The words
/// are English; an app in another language matches on the score instead.
///
/// # Examples
///
/// ```
/// use mancala_ai::describe;
///
/// assert_eq!(describe(4, false), "winning by about 4");
/// assert_eq!(describe(-3, false), "losing by about 3");
/// assert_eq!(describe(1, false), "about even");
/// assert_eq!(describe(2, true), "this position is won with perfect play (by 2 seeds)");
/// assert_eq!(describe(-1, true), "this position is lost against perfect play (by 1 seed)");
/// assert_eq!(describe(0, true), "this position is a draw with perfect play");
/// ```
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
