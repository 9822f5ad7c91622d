//! The hint the app shows: every legal move valued within one time budget, so the
//! player learns not just the best house but how the position stands after it and how
//! much the other moves give up.
//!
//! Each move's resulting position gets an equal share of the budget, searched with the
//! one table, so the values are of similar depth and comparable; a share that proves
//! its value (an endgame solved, a table hit) is exact.

use super::eval::final_value;
use super::limits::Limits;
use super::search::Searcher;
use crate::engine::{House, Position, Side};

/// One legal move and where it leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    pub house: House,
    /// Expected final store difference after this move, from the mover's view.
    pub value: i32,
    /// The value under perfect play, not an estimate.
    pub exact: bool,
}

/// Every legal move valued, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    pub moves: Vec<MoveValue>,
}

impl Advice {
    /// The move to suggest.
    pub fn best(&self) -> MoveValue {
        self.moves[0]
    }

    /// Seeds the next best move gives up against the best; `None` with a single
    /// legal move.
    pub fn margin(&self) -> Option<i32> {
        self.moves
            .get(1)
            .map(|next| self.moves[0].value - next.value)
    }
}

impl Searcher {
    /// Values every legal move of the last position of `history` (the positions of the
    /// game so far: Oware ends on a repetition) within `limits`, the time split evenly
    /// among the moves. `None` when the game is over or the search was cancelled before
    /// it valued every move.
    pub fn advise(&mut self, history: &[Position], limits: &Limits) -> Option<Advice> {
        let pos = history.last()?;
        let legal = pos.legal_moves();
        let count = legal.len() as u32;
        if count == 0 {
            return None;
        }
        let share = Limits {
            time: limits.time.map(|t| t / count),
            nodes: limits.nodes.map(|n| n / count as u64),
            ..limits.clone()
        };
        let me = pos.side_to_move();
        let mut moves = Vec::with_capacity(count as usize);
        let mut after = history.to_vec();
        for house in legal {
            let child = pos.play(house).ok()?;
            let (value, exact) = if child.is_over() {
                (final_value(&child, me), true)
            } else {
                after.truncate(history.len());
                after.push(child);
                self.set_history(&after);
                let result = self.search(&child, &share)?;
                (for_mover(me, &child, result.score), result.exact)
            };
            if limits
                .cancel
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
            {
                return None;
            }
            moves.push(MoveValue {
                house,
                value,
                exact,
            });
        }
        // Best first; among equals, exact values first, then the lower house.
        moves.sort_by_key(|m| (-m.value, !m.exact, m.house.number()));
        Some(Advice { moves })
    }
}

/// A value of `child` from the view of `me`, who moved into it.
fn for_mover(me: Side, child: &Position, value_for_child_mover: i32) -> i32 {
    if child.side_to_move() == me {
        value_for_child_mover
    } else {
        -value_for_child_mover
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rules, Variant};

    #[test]
    fn every_legal_move_is_valued_best_first_and_the_best_matches_the_solver() {
        // A Kalah endgame small enough for the budget to solve every move exactly.
        let mut game = Game::new(Rules::new(Variant::Kalah).with_seeds(3).unwrap());
        for house in [3, 1, 6, 2, 5, 4, 1, 6, 2, 3] {
            let legal = game.position().legal_moves();
            let house = House::new(house).unwrap();
            let house = if legal.contains(house) {
                house
            } else {
                legal.first().unwrap()
            };
            game.play(house).unwrap();
        }
        let mut searcher = Searcher::new(8);
        // A node budget, not a time: on a loaded machine 600 ms was sometimes too little
        // to prove every move, and the test failed for want of speed, not of a bug.
        let limits = Limits::nodes(4_000_000);
        let advice = searcher.advise(game.history(), &limits).unwrap();
        let pos = game.position();
        assert_eq!(advice.moves.len(), pos.legal_moves().len());
        assert!(advice.moves.windows(2).all(|w| w[0].value >= w[1].value));
        let solved = searcher.solve(pos, &Limits::default()).unwrap();
        assert!(advice.best().exact, "{advice:?}");
        assert_eq!(advice.best().value, solved.value);
        assert!(advice.margin().is_none_or(|m| m >= 0));
    }

    #[test]
    fn a_finished_game_has_no_advice_and_a_cancelled_search_gives_none() {
        let mut searcher = Searcher::new(1);
        let cancel = std::sync::atomic::AtomicBool::new(true);
        let limits = Limits {
            cancel: Some(&cancel),
            ..Limits::default()
        };
        let game = Game::new(Rules::new(Variant::Oware));
        assert_eq!(searcher.advise(game.history(), &limits), None);
    }
}
