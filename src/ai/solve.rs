//! The exact solver: the value of a position under perfect play, by MTD(f) — a series
//! of null-window alpha-beta searches without a horizon that close in on the value —
//! sharing the transposition table, hard bounds and (Kalah) endgame tables of search.

use super::limits::Limits;
use super::objective::Objective;
use super::search::{Iteration, Searcher, UNLIMITED};
use crate::engine::{House, Position};

/// Depth of the heuristic search whose value starts MTD(f) and whose best moves order it.
const GUESS_DEPTH: u32 = 20;

/// The exact value of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Final store difference under perfect play, mover minus opponent.
    pub value: i32,
    /// A move that achieves it.
    pub best: House,
    /// Positions visited.
    pub nodes: u64,
    /// Time the solver took.
    pub seconds: f64,
}

impl Searcher {
    /// Solves `pos` exactly. `None` when the game is over or a limit stopped the search
    /// first (the solver gives exact answers or none).
    pub fn solve(&mut self, pos: &Position, limits: &Limits) -> Option<Solution> {
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
