//! Game review: every move of a finished (or unfinished) game graded by the seeds it
//! lost against the best move, exact where the solver reaches.
//!
//! The plies are reviewed from the last to the first with one searcher, so the solved
//! endgame fills the table that the earlier, harder positions then reuse; once the
//! solver has failed on two plies in a row the earlier ones are only searched, with the
//! same budget each. The thresholds of the grades are in docs/rules.md ("Game review").

use super::eval::final_value;
use super::limits::Limits;
use super::search::Searcher;
use crate::engine::{Game, House, Position, Side};
use std::time::Duration;

/// How good a move was, by the seeds it lost against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Lost nothing.
    Best,
    /// Lost 1 seed.
    Good,
    /// Lost 2 or 3 seeds.
    Inaccuracy,
    /// Lost 4 to 7 seeds.
    Mistake,
    /// Lost 8 seeds or more.
    Blunder,
}

impl Grade {
    /// Every grade, best first.
    pub const ALL: [Grade; 5] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The grade of a move that lost `loss` seeds (0 or more).
    pub fn of_loss(loss: i32) -> Grade {
        match loss {
            i32::MIN..=0 => Grade::Best,
            1 => Grade::Good,
            2..=3 => Grade::Inaccuracy,
            4..=7 => Grade::Mistake,
            _ => Grade::Blunder,
        }
    }

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// 1-based index of the move in the record.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move played.
    pub played: House,
    /// The best move there (the move played when it was as good).
    pub best: House,
    /// The value of the position before the move, from the mover's view: what the
    /// best move keeps, as a final store difference.
    pub value: i32,
    /// Seeds the move played lost against the best move (0 for the best).
    pub loss: i32,
    /// The grade of `loss`.
    pub grade: Grade,
    /// Both values are exact (the solver or the endgame tables), not estimates.
    pub exact: bool,
}

/// The budget of a review.
#[derive(Clone, Copy, Debug)]
pub struct ReviewBudget {
    /// Time for each search of an inexact ply (the solver gets as much first).
    pub per_position: Duration,
}

/// Reviews every move of `game` (from its start). `progress(done, total)` is called
/// after each ply; `limits.cancel` stops the review, which then returns `None`.
pub fn review(
    searcher: &mut Searcher,
    game: &Game,
    budget: ReviewBudget,
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Option<Vec<MoveReview>> {
    let plies = snapshots(game)?;
    let total = plies.len().saturating_sub(1);
    let mut reviews = Vec::with_capacity(total);
    let mut failed_solves = 0;
    for ply in (0..total).rev() {
        let cancelled = || {
            limits
                .cancel
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        };
        if cancelled() {
            return None;
        }
        let (before, history) = &plies[ply];
        let (after, after_history) = &plies[ply + 1];
        let move_played = Ply {
            before,
            history,
            played: game.moves()[ply],
            after,
            after_history,
        };
        let try_exact = failed_solves < 2;
        let reviewed = try_exact
            .then(|| exact_review(searcher, &move_played, budget, limits))
            .flatten();
        let reviewed = match reviewed {
            Some(r) => {
                failed_solves = 0;
                r
            }
            None => {
                if try_exact {
                    failed_solves += 1;
                }
                searched_review(searcher, &move_played, budget, limits)?
            }
        };
        if cancelled() {
            return None;
        }
        let (best, value, loss, exact) = reviewed;
        reviews.push(MoveReview {
            ply: ply + 1,
            side: move_played.before.side_to_move(),
            played: move_played.played,
            best,
            value,
            loss,
            grade: Grade::of_loss(loss),
            exact,
        });
        progress(total - ply, total);
    }
    reviews.reverse();
    Some(reviews)
}

/// The position before each move and after the last, each with the positions that
/// led to it (Oware's repetition rule needs them). A game's own moves always replay.
fn snapshots(game: &Game) -> Option<Vec<(Position, Vec<Position>)>> {
    let mut replay = Game::from_start(*game.start());
    let mut plies = vec![(*replay.position(), replay.history().to_vec())];
    for &house in game.moves() {
        replay.play(house).ok()?;
        plies.push((*replay.position(), replay.history().to_vec()));
    }
    Some(plies)
}

/// One move to review: the position before it and after it, each with the positions
/// that led there.
#[derive(Clone, Copy)]
struct Ply<'a> {
    before: &'a Position,
    history: &'a [Position],
    played: House,
    after: &'a Position,
    after_history: &'a [Position],
}

/// `(best, value, loss, exact)` of one ply.
type Reviewed = (House, i32, i32, bool);

/// A value of `child` from the view of `me`, who moved into it.
fn for_mover(me: Side, child: &Position, value_for_child_mover: i32) -> i32 {
    if child.side_to_move() == me {
        value_for_child_mover
    } else {
        -value_for_child_mover
    }
}

fn exact_review(
    searcher: &mut Searcher,
    ply: &Ply,
    budget: ReviewBudget,
    limits: &Limits,
) -> Option<Reviewed> {
    let Ply {
        before,
        history,
        played,
        after,
        after_history,
    } = *ply;
    let me = before.side_to_move();
    let solve_limits = Limits {
        time: Some(budget.per_position),
        ..limits.clone()
    };
    searcher.set_history(history);
    let solution = searcher.solve(before, &solve_limits)?;
    let played_value = if played == solution.best {
        solution.value
    } else if after.is_over() {
        final_value(after, me)
    } else {
        searcher.set_history(after_history);
        for_mover(me, after, searcher.solve(after, &solve_limits)?.value)
    };
    Some(graded(
        solution.best,
        solution.value,
        played,
        played_value,
        true,
    ))
}

fn searched_review(
    searcher: &mut Searcher,
    ply: &Ply,
    budget: ReviewBudget,
    limits: &Limits,
) -> Option<Reviewed> {
    let Ply {
        before,
        history,
        played,
        after,
        after_history,
    } = *ply;
    let me = before.side_to_move();
    searcher.set_history(history);
    let result = searcher.search(
        before,
        &Limits {
            time: Some(budget.per_position),
            ..limits.clone()
        },
    )?;
    let (played_value, played_exact) = if played == result.best {
        (result.score, true)
    } else if after.is_over() {
        (final_value(after, me), true)
    } else {
        // One ply shallower than the root search, so both values are of one depth.
        searcher.set_history(after_history);
        let child = searcher.search(
            after,
            &Limits {
                depth: Some(result.depth.saturating_sub(1).max(1)),
                ..limits.clone()
            },
        )?;
        (for_mover(me, after, child.score), child.exact)
    };
    let exact = result.exact && played_exact;
    Some(graded(
        result.best,
        result.score,
        played,
        played_value,
        exact,
    ))
}

/// A move at least as good as the one found best is the best.
fn graded(best: House, value: i32, played: House, played_value: i32, exact: bool) -> Reviewed {
    if played_value >= value {
        (played, played_value, 0, exact)
    } else {
        (best, value, value - played_value, exact)
    }
}
