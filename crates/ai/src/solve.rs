//! The exact solver: the value of a position under perfect play, by MTD(f) — a series
//! of null-window alpha-beta searches without a horizon that close in on the value —
//! sharing the transposition table, hard bounds and (Kalah) endgame tables of search.

use super::limits::Limits;
use super::objective::Objective;
use super::search::{Iteration, Searcher, UNLIMITED};
use mancala_engine::{House, Position};

/// Depth of the heuristic search whose value starts MTD(f) and whose best moves order it.
const GUESS_DEPTH: u32 = 20;

/// The exact value of a position under perfect play, and a move that achieves it:
/// what [`Searcher::solve`] returns.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Final store difference under perfect play, in whole seeds, side to move minus
    /// opponent: positive when the side to move wins.
    pub value: i32,
    /// A move that achieves it.
    pub best: House,
    /// Positions visited.
    pub nodes: u64,
    /// Time the solver took.
    pub seconds: f64,
}

impl Searcher {
    /// Solves `pos` exactly. `None` when the game is over, a limit stopped the search
    /// first (the solver gives exact answers or none), or `pos` is a Congkak match of
    /// rounds or its simultaneous first move (see below).
    ///
    /// The solver searches to the end of every line, so its time grows fast with the
    /// seeds left on the board: a Kalah endgame of a dozen seeds takes milliseconds, the
    /// start of Kalah with 4 seeds a house over a minute and 184 million positions in a
    /// release build. Give it a [`Limits`] with a time or
    /// node budget unless the position is small; endgame tables
    /// ([`Searcher::with_endgame`]) make it much faster. It plays for the margin: it sets
    /// the searcher's [`Objective`] to [`Objective::Margin`], which later searches keep.
    /// For Oware, give it the game's positions first ([`Searcher::set_history`]). A
    /// Congkak match of rounds is not solved: the same board can come back round after
    /// round, so a line need not end.
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
    /// let solution = searcher.solve(&pos, &Limits::default()).unwrap();
    /// assert_eq!(solution.value, 1); // South ends 1 seed ahead
    /// assert_eq!(solution.best.number(), 6);
    ///
    /// // Too little budget: no answer rather than a guess.
    /// let start = Position::start(Rules::new(Variant::Kalah));
    /// assert_eq!(searcher.solve(&start, &Limits::nodes(5_000)), None);
    /// ```
    pub fn solve(&mut self, pos: &Position, limits: &Limits) -> Option<Solution> {
        if pos.rules().plays_rounds() || pos.in_opening() {
            // A match of rounds can come back to a board round after round, so a search
            // to the end need not end; a simultaneous first move has no single value.
            return None;
        }
        // The solver's answer is the margin, whatever the searcher played for before.
        self.set_objective(Objective::Margin);
        // A short heuristic search gives the first guess; good guesses save passes.
        let guess = self.search(
            pos,
            &Limits {
                depth: Some(GUESS_DEPTH),
                ..limits.clone()
            },
        )?;
        if guess.exact {
            return Some(Solution {
                value: guess.score,
                best: guess.best,
                nodes: guess.nodes,
                seconds: guess.seconds,
            });
        }
        // The rest of the time budget (if any) goes to the exact passes.
        let spent = std::time::Duration::from_secs_f64(guess.seconds);
        let exact_limits = Limits {
            time: limits.time.map(|t| t.saturating_sub(spent)),
            ..limits.clone()
        };
        let mut run = self.run(&exact_limits);
        // The database's values are trusted, not proven (rule 6 is left out of them):
        // here it only proves who wins.
        run.database_proves = true;
        let margin = Objective::Margin;
        let start = margin.estimated(guess.score);
        let Iteration::Complete { best, value } = run.mtd(pos, UNLIMITED, start, guess.best) else {
            return None;
        };
        Some(Solution {
            // Exact values are whole seeds.
            value: margin.seeds(value),
            best,
            nodes: guess.nodes + run.nodes,
            seconds: run.clock.elapsed().as_secs_f64() + guess.seconds,
        })
    }
}
