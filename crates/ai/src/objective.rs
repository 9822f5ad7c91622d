//! What a search plays for: the most seeds, or a win first.
//!
//! The search's values are final store differences (in [`GRAIN`]ths of a seed), so by
//! itself it plays for the biggest margin. A match is scored by wins, though, and the
//! two part where the search weighs a proven result against a heuristic one: playing
//! for seeds, it takes a certain loss by 2 over a line the heuristic puts at −3 (and may
//! still be saved), and a line the heuristic puts at +5 over a certain win by 1. Playing
//! to win, every proven win is worth more than any estimate and every proven loss less;
//! among proven wins (or losses) the margin still decides.

use mancala_engine::excerpt;
use std::fmt;
use std::str::FromStr;

/// What proven results count for in a search: the biggest margin (the default) or a
/// win first. Set with [`Searcher::with_objective`](crate::Searcher::with_objective).
///
/// Reported values are the same under either (final store differences in whole
/// seeds); what changes is the move chosen when a proven result competes with an
/// estimate.
///
/// ```
/// use mancala_ai::{Limits, Objective, Searcher};
/// use mancala_engine::{Position, Rules, Variant};
///
/// assert_eq!("win".parse(), Ok(Objective::Win));
/// assert_eq!(Objective::default(), Objective::Margin);
/// let mut searcher = Searcher::new(1).with_objective(Objective::Win);
/// let start = Position::start(Rules::new(Variant::Congkak));
/// assert!(searcher.search(&start, &Limits::depth(3)).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Objective {
    /// The final store difference, proven or estimated alike: what a hint, a review
    /// and the solver report.
    #[default]
    Margin,
    /// A proven win above every estimate, a proven loss below: how a match is scored
    /// (the app's computer plays for the margin: this did not measure better).
    Win,
}

/// Search values count eighths of a seed. The heuristic weighs features worth fractions
/// of a seed (a house open to capture, a house that laps the board); rounded to whole
/// seeds at the horizon, positions a few tenths apart looked equal to the search. Proven
/// results are whole seeds, multiples of the grain, so exact searches run as before.
pub(crate) const GRAIN: i32 = 8;

/// Added to a proven win's value (taken from a proven loss's) when playing to win: more
/// than any estimate can reach (every estimate lies within the seeds in play, at most 98
/// seeds), and little enough for the transposition table's 16-bit values.
const WIN_BONUS: i32 = 1000 * GRAIN;

impl Objective {
    /// The search value of a proven final store difference `margin`.
    #[inline]
    pub(crate) fn proven(self, margin: i32) -> i32 {
        match self {
            Objective::Margin => margin * GRAIN,
            Objective::Win => margin * GRAIN + WIN_BONUS * margin.signum(),
        }
    }

    /// The search value of an estimated final store difference `margin` (whole seeds):
    /// an estimate is never worth a proven result's bonus.
    #[inline]
    pub(crate) fn estimated(self, margin: i32) -> i32 {
        margin * GRAIN
    }

    /// Proven bounds on the final store difference as search values.
    #[inline]
    pub(crate) fn proven_bounds(self, (lower, upper): (i32, i32)) -> (i32, i32) {
        (self.proven(lower), self.proven(upper))
    }

    /// The final store difference a search value stands for (proven or estimated), to
    /// the nearest seed (halves away from zero, so mirrored positions stay mirrored):
    /// what a search reports.
    #[inline]
    pub(crate) fn seeds(self, value: i32) -> i32 {
        let value = match self {
            Objective::Win if value > WIN_BONUS / 2 => value - WIN_BONUS,
            Objective::Win if value < -WIN_BONUS / 2 => value + WIN_BONUS,
            _ => value,
        };
        (value + value.signum() * GRAIN / 2) / GRAIN
    }

    /// The lower-case name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Margin => "margin",
            Objective::Win => "win",
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Objective {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        [Objective::Margin, Objective::Win]
            .into_iter()
            .find(|o| o.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "unknown objective '{}' (expected margin or win)",
                    excerpt(s)
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_to_win_ranks_proven_results_around_every_estimate() {
        let win = Objective::Win;
        // A proven win by 1 beats the best estimate; a proven loss by 1 is below the worst.
        assert!(win.proven(1) > win.estimated(98));
        assert!(win.proven(-1) < win.estimated(-98));
        assert_eq!(win.proven(0), 0);
        // Order among proven results is the margin's.
        assert!(win.proven(5) > win.proven(2));
        assert!(win.proven(-2) > win.proven(-5));
        for margin in -98..=98 {
            assert_eq!(win.seeds(win.proven(margin)), margin);
            assert_eq!(
                win.seeds(win.estimated(margin)),
                margin,
                "estimates are reported as they are"
            );
            let margin_value = Objective::Margin.proven(margin);
            assert_eq!(Objective::Margin.seeds(margin_value), margin);
            assert_eq!(margin_value, Objective::Margin.estimated(margin));
        }
        assert_eq!(
            win.proven_bounds((-3, 4)),
            (-3 * GRAIN - WIN_BONUS, 4 * GRAIN + WIN_BONUS)
        );
    }

    #[test]
    fn fractions_of_a_seed_are_reported_to_the_nearest_seed() {
        let margin = Objective::Margin;
        assert_eq!(margin.seeds(GRAIN / 2 - 1), 0);
        assert_eq!(margin.seeds(GRAIN / 2), 1);
        assert_eq!(margin.seeds(-GRAIN / 2), -1);
        assert_eq!(margin.seeds(3 * GRAIN + 1), 3);
        assert_eq!(margin.seeds(-3 * GRAIN - 1), -3);
        // An estimate near a win's value is still an estimate.
        assert_eq!(Objective::Win.seeds(98 * GRAIN + GRAIN / 2), 99);
    }

    #[test]
    fn objectives_parse_by_name() {
        assert_eq!("win".parse(), Ok(Objective::Win));
        assert_eq!("Margin".parse(), Ok(Objective::Margin));
        assert!("most"
            .parse::<Objective>()
            .unwrap_err()
            .contains("margin or win"));
    }
}
