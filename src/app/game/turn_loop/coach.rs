//! Coach mode: after each of the person's moves against the computer, the position
//! before it is valued on a worker thread of its own (never the computer's job slot, so
//! the computer starts its answer at the same moment), and if the move gave up 2 seeds
//! or more against the best one the game screen says so, with a "take it back". The
//! note stays while the computer answers and goes when the person moves again, undoes,
//! redoes or starts another game; moving on drops an unfinished job, which cancels it.

use super::{Effects, TurnLoop};
use crate::ai::Advice;
use crate::app::computer::background::{BackgroundJob, Poll};
use crate::engine::{Game, House};
use std::sync::Arc;

/// A move that gives up at least this many seeds against the best one is worth a word.
pub const COACH_THRESHOLD: i32 = 2;

/// What the coach says about the person's last move: `better` was the best house and
/// keeps `seeds` more seeds than the house played (the final store difference the
/// valuation expects, exact under perfect play or an estimate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoachNote {
    pub played: House,
    pub better: House,
    pub seeds: u32,
}

impl CoachNote {
    /// The note `advice` (every legal move of the position before the move, valued)
    /// gives the move `played`: `None` when it was the best or close to it.
    pub fn of(advice: &Advice, played: House) -> Option<CoachNote> {
        let best = advice.moves.first()?;
        let played_value = advice.moves.iter().find(|m| m.house == played)?.value;
        let loss = best.value.saturating_sub(played_value);
        (loss >= COACH_THRESHOLD && best.house != played).then(|| CoachNote {
            played,
            better: best.house,
            seeds: loss.unsigned_abs(),
        })
    }
}

/// The coach's search for one move of the person's.
pub(super) struct CoachJob {
    played: House,
    answer: BackgroundJob<Option<Advice>>,
}

impl TurnLoop {
    /// Turns coach mode on or off (the player's setting). Off drops a running look and
    /// the note on screen.
    pub fn set_coach(&mut self, on: bool) {
        self.coach_on = on;
        if !on {
            self.forget_coach();
        }
    }

    /// "Take it back" under the coach's note: undoes the move it is about (against the
    /// computer, back to before the person's last move). Nothing without a note.
    pub fn take_back(&mut self) -> Effects {
        if self.coach_note.is_none() {
            return self.effects();
        }
        self.undo()
    }

    /// A person has just played `played`; `before` is the game before it when the
    /// coach is on. Drops the note and any look at the previous move, and starts looking
    /// at this one against the computer, unless the move ended the game or followed the
    /// hint (the best move already, as far as the hint could tell).
    pub(super) fn coach_move(&mut self, before: Option<Game>, played: House) {
        self.forget_coach();
        let (Some(session), Some(game)) = (&self.session, before) else {
            return;
        };
        if session.level().is_none() || session.is_over() || self.hint == Some(played) {
            return;
        }
        let brain = Arc::clone(&self.brain);
        self.coach = Some(CoachJob {
            played,
            answer: BackgroundJob::start(move |cancel| brain.coach(&game, cancel)),
        });
    }

    /// No note and no look under way (a new game, undo, redo, the coach turned off).
    pub(super) fn forget_coach(&mut self) {
        self.coach = None;
        self.coach_note = None;
    }

    /// Looks for the coach's answer; never waits.
    pub(super) fn poll_coach(&mut self) {
        let Some(job) = &self.coach else {
            return;
        };
        match job.answer.poll() {
            Poll::Thinking => {}
            Poll::Done(advice) => {
                self.coach_note = advice.and_then(|a| CoachNote::of(&a, job.played));
                self.coach = None;
            }
            Poll::Failed => {
                // The move is not coached; the game goes on.
                self.search_failures += 1;
                eprintln!("mancala: the coach's search panicked (a bug)");
                self.coach = None;
            }
        }
    }

    /// The coach is still looking at the person's last move.
    pub fn is_coaching(&self) -> bool {
        self.coach.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::MoveValue;

    fn advice(values: &[(u8, i32)]) -> Advice {
        Advice {
            moves: values
                .iter()
                .map(|&(house, value)| MoveValue {
                    house: House::new(house).unwrap(),
                    value,
                    exact: false,
                })
                .collect(),
        }
    }

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    #[test]
    fn a_note_only_for_a_move_two_seeds_or_more_below_the_best() {
        let valued = advice(&[(3, 5), (6, 4), (1, 3), (2, -1)]);
        assert_eq!(CoachNote::of(&valued, h(3)), None, "the best move");
        assert_eq!(
            CoachNote::of(&valued, h(6)),
            None,
            "one seed is not worth a word"
        );
        assert_eq!(
            CoachNote::of(&valued, h(1)),
            Some(CoachNote {
                played: h(1),
                better: h(3),
                seeds: 2
            })
        );
        assert_eq!(CoachNote::of(&valued, h(2)).map(|n| n.seeds), Some(6));
        assert_eq!(CoachNote::of(&valued, h(4)), None, "not a move it valued");
        assert_eq!(CoachNote::of(&advice(&[]), h(1)), None);
    }
}
