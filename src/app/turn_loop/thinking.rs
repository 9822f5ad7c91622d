//! The computer's side of the turn loop: its move and the person's hint are searched on
//! a background thread, polled from the timer, and cancelled by dropping the job.

use super::super::background::{BackgroundJob, Poll};
use super::super::banner::Banner;
use super::{Effects, TurnLoop};
use crate::engine::House;
use std::sync::Arc;
use std::time::Duration;

/// How often the UI thread looks for the computer's answer.
pub const POLL_INTERVAL: Duration = Duration::from_millis(15);

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Job {
    /// The computer's move.
    Move,
    /// A hint for the person.
    Hint,
}

pub(super) struct Pending {
    pub(super) job: Job,
    answer: BackgroundJob<House>,
}

impl TurnLoop {
    /// Asks the computer for the person's best move (shown when it arrives).
    pub fn hint(&mut self) -> Effects {
        let Some(session) = &self.session else {
            return self.effects();
        };
        if !session.human_to_move() || self.pending.is_some() || self.animation.is_some() {
            return self.effects();
        }
        let game = session.game().clone();
        let brain = Arc::clone(&self.brain);
        self.pending = Some(Pending {
            job: Job::Hint,
            answer: BackgroundJob::start(move |cancel| brain.hint(&game, cancel)),
        });
        self.effects()
    }

    pub(super) fn computer_moves_if_its_turn(&mut self) -> Effects {
        let Some(session) = &self.session else {
            return self.effects();
        };
        let idle = self.animation.is_none();
        let already = self.pending.as_ref().is_some_and(|p| p.job == Job::Move);
        let level = session.level().filter(|_| session.computer_to_move());
        if let Some(level) = level.filter(|_| self.on_screen && idle && !already) {
            let game = session.game().clone();
            let brain = Arc::clone(&self.brain);
            self.pending = Some(Pending {
                job: Job::Move,
                answer: BackgroundJob::start(move |cancel| brain.choose_move(&game, level, cancel)),
            });
        }
        self.effects()
    }

    /// Looks for the answer of the pending search, if any.
    pub(super) fn poll_answer(&mut self) -> Effects {
        let Some(pending) = &self.pending else {
            return self.effects();
        };
        let job = pending.job;
        match pending.answer.poll() {
            Poll::Thinking => self.effects(),
            Poll::Done(house) => self.answer_arrived(job, house),
            Poll::Failed => {
                self.search_failures += 1;
                eprintln!(
                    "mancala: the {} search panicked (a bug); playing the first legal move",
                    if job == Job::Move {
                        "computer's"
                    } else {
                        "hint's"
                    }
                );
                match self.first_legal_move() {
                    Some(house) => self.answer_arrived(job, house),
                    None => {
                        self.pending = None;
                        self.effects()
                    }
                }
            }
        }
    }

    fn answer_arrived(&mut self, job: Job, house: House) -> Effects {
        self.pending = None;
        match job {
            Job::Hint => {
                self.hint = Some(house);
                self.banner = Banner::Hint(house);
                self.effects()
            }
            Job::Move => self.play(house).unwrap_or_else(|why| {
                // A search answering an illegal move is a bug; the game must go on.
                self.search_failures += 1;
                eprintln!("mancala: the computer chose {house}, which is illegal: {why}");
                match self.first_legal_move() {
                    Some(house) => self.play(house).unwrap_or_else(|_| self.effects()),
                    None => self.effects(),
                }
            }),
        }
    }
}
