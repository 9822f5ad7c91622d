//! Game review: every move of a finished (or unfinished) game graded by the seeds it
//! lost against the best move, exact where the solver reaches.
//!
//! The plies are reviewed from the last to the first with one searcher, so the solved
//! endgame fills the table that the earlier, harder positions then reuse; once the
//! solver has failed on two plies in a row the earlier ones are only searched, with the
//! same budget each. The thresholds of the grades are in docs/rules.md ("Game review").

use super::eval::{final_value, for_mover};
use super::limits::Limits;
use super::search::Searcher;
use mancala_engine::{Game, House, Position, Side};
use std::time::Duration;

/// How good a move was, by the seeds it lost against the best move (the thresholds of
/// docs/rules.md, "Game review").
///
/// ```
/// use mancala_ai::Grade;
///
/// assert_eq!(Grade::of_loss(0), Grade::Best);
/// assert_eq!(Grade::of_loss(3), Grade::Inaccuracy);
/// assert_eq!(Grade::of_loss(8), Grade::Blunder);
/// assert!(Grade::Good < Grade::Mistake); // ordered best first
/// ```
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

    /// The grade of a move that lost `loss` seeds (0 or more; a negative loss counts as
    /// 0).
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

/// One move of the game, reviewed: an entry of what [`review`] returns. Values are in
/// whole seeds, from the view of the side that played the move.
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

/// The budget of a [`review`]: how long each move may be thought about.
#[derive(Clone, Copy, Debug)]
pub struct ReviewBudget {
    /// Time for each attempt at a move: the solver gets this much for the position
    /// before the move, and as much again for the position after it when another move
    /// was better. Where it fails, a search of this much values the position before,
    /// and a search one ply shallower the position after. A game of `n` moves takes up
    /// to roughly `4 * n` times this.
    pub per_position: Duration,
}

/// Reviews every move of `game` (from its start): for each, the best move there, the
/// value it keeps and the seeds the move played lost, graded. Exact where the solver
/// (or an endgame table the searcher holds) reaches within `budget`, else a search's
/// estimate.
///
/// The moves are reviewed from the last to the first, so the endgame the solver proves
/// first fills `searcher`'s table for the harder positions before it; once the solver
/// has failed on two moves in a row, the earlier ones are only searched.
/// `progress(done, total)` is called after each move (`total` is the number of moves,
/// for a progress bar). `limits` gives the cancel flag, which stops the review (it
/// then returns `None`), and any depth or node limit of each search; `budget` gives
/// the time.
///
/// # Examples
///
/// South throws away a winning endgame with house 5, letting North capture 4 seeds:
///
/// ```
/// use mancala_ai::{review, Grade, Limits, ReviewBudget, Searcher};
/// use mancala_engine::{Game, Position, Rules, Side, Variant};
/// use std::time::Duration;
///
/// let start = Position::from_parts(
///     Rules::new(Variant::Kalah),
///     [&[0, 0, 3, 0, 1, 1], &[0, 2, 0, 0, 0, 0]],
///     [10, 12],
///     Side::South,
/// )
/// .unwrap();
/// let game = Game::parse_record(start, "5 2 6").unwrap();
/// assert!(game.is_over());
///
/// let mut searcher = Searcher::new(1);
/// let budget = ReviewBudget { per_position: Duration::from_millis(100) };
/// let mut done = 0;
/// let progress = |d, _| done = d;
/// let reviews = review(&mut searcher, &game, budget, &Limits::default(), progress).unwrap();
/// assert_eq!(done, 3);
///
/// let first = &reviews[0];
/// assert_eq!((first.ply, first.side, first.played.number()), (1, Side::South, 5));
/// assert_eq!(first.best.number(), 6); // which would have won by 1
/// assert_eq!((first.value, first.loss, first.grade), (1, 8, Grade::Blunder));
/// assert!(first.exact);
/// // North's reply and South's last move were the best there were.
/// assert!(reviews[1..].iter().all(|r| r.grade == Grade::Best));
/// ```
pub fn review(
    searcher: &mut Searcher,
    game: &Game,
    budget: ReviewBudget,
    limits: &Limits,
    mut progress: impl FnMut(usize, usize),
) -> Option<Vec<MoveReview>> {
    review_rows(searcher, game, budget, limits, |done, total, _| {
        progress(done, total)
    })
}

/// [`review`], handing each move's review to `progress(done, total, row)` as soon as it
/// is known, so a screen can show the moves valued so far: the moves are valued from
/// the last to the first, and `row` is `None` for Congkak's simultaneous first move,
/// which is not graded.
pub fn review_rows(
    searcher: &mut Searcher,
    game: &Game,
    budget: ReviewBudget,
    limits: &Limits,
    mut progress: impl FnMut(usize, usize, Option<&MoveReview>),
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
        let Some(played) = game.moves()[ply].house() else {
            // Congkak's simultaneous first move is two hidden choices, not one
            // player's move against a best one: it is not graded.
            progress(total - ply, total, None);
            continue;
        };
        let move_played = Ply {
            before,
            history,
            played,
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
        progress(total - ply, total, reviews.last());
    }
    reviews.reverse();
    Some(reviews)
}

/// The position before each move and after the last, each with the positions that
/// led to it (Oware's repetition rule needs them). A game's own moves always replay.
fn snapshots(game: &Game) -> Option<Vec<(Position, Vec<Position>)>> {
    let mut replay = Game::from_start(*game.start());
    let mut plies = vec![(*replay.position(), replay.history().to_vec())];
    for mv in game.moves() {
        replay.play_move(mv).ok()?;
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
