//! The computer's side of the turn loop: its move and the person's hint are searched on
//! a background thread, polled from the timer, and cancelled by dropping the job.

use super::{Effects, TurnLoop};
use crate::ai::Advice;
use crate::app::computer::background::{BackgroundJob, Poll};
use crate::app::game::banner::{Banner, HintWords};
use crate::engine::House;
use std::sync::Arc;
use std::time::Duration;

/// How often the UI thread looks for the computer's answer.
pub const POLL_INTERVAL: Duration = Duration::from_millis(15);

/// How often the endgame tables' bar is redrawn while they are built: it moves by a
/// percent in a second or so, and nothing else on the screen waits on it.
pub const PREPARING_INTERVAL: Duration = Duration::from_millis(250);

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Job {
    /// The computer's move.
    Move,
    /// A hint for the person.
    Hint,
}

/// What a search sends back.
enum Answer {
    Move(House),
    /// `None`: the hint's search was cancelled, or had nothing to value.
    Hint(Option<Advice>),
}

pub(super) struct Pending {
    pub(super) job: Job,
    answer: BackgroundJob<Answer>,
}

impl TurnLoop {
    /// Asks the computer for the person's best move (shown when it arrives).
    pub fn hint(&mut self) -> Effects {
        let Some(session) = &self.session else {
            return self.effects();
        };
        // In the simultaneous first move both players choose at once: no hint.
        if !session.human_to_move()
            || session.in_opening()
            || self.pending.is_some()
            || self.animation.is_some()
        {
            return self.effects();
        }
        let game = session.game().clone();
        let brain = Arc::clone(&self.brain);
        self.pending = Some(Pending {
            job: Job::Hint,
            answer: BackgroundJob::start(move |cancel| Answer::Hint(brain.hint(&game, cancel))),
        });
        self.effects()
    }

    pub(super) fn computer_moves_if_its_turn(&mut self) -> Effects {
        let Some(session) = &self.session else {
            return self.effects();
        };
        if session.in_opening() {
            // Both sides choose at once, never one move of the side to move.
            return self.first_move_goes_on();
        }
        if self.on_screen {
            for side in crate::engine::Side::BOTH {
                if let Some(level) = session.computer_level(side) {
                    self.brain.prepare(session.rules(), level);
                }
            }
        }
        let idle = self.animation.is_none();
        let already = self.pending.as_ref().is_some_and(|p| p.job == Job::Move);
        let level = session
            .to_move()
            .and_then(|side| session.computer_level(side));
        if let Some(level) = level.filter(|_| self.on_screen && idle && !already) {
            let game = session.game().clone();
            let brain = Arc::clone(&self.brain);
            self.pending = Some(Pending {
                job: Job::Move,
                answer: BackgroundJob::start(move |cancel| {
                    Answer::Move(brain.choose_move(&game, level, cancel))
                }),
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
            Poll::Done(Answer::Move(house)) => self.move_arrived(house),
            Poll::Done(Answer::Hint(advice)) => self.hint_arrived(advice),
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
                match (job, self.first_legal_move()) {
                    (Job::Move, Some(house)) => self.move_arrived(house),
                    // No hint is better than a made-up one.
                    _ => {
                        self.pending = None;
                        self.effects()
                    }
                }
            }
        }
    }

    fn hint_arrived(&mut self, advice: Option<Advice>) -> Effects {
        self.pending = None;
        if let Some(advice) = advice {
            let best = advice.best();
            self.hint = Some(best.house);
            self.banner = Banner::Hint(HintWords {
                house: best.house,
                value: best.value,
                exact: best.exact,
                margin: advice.margin(),
            });
        }
        self.effects()
    }

    fn move_arrived(&mut self, house: House) -> Effects {
        self.pending = None;
        self.play(house).unwrap_or_else(|why| {
            // A search answering an illegal move is a bug; the game must go on.
            self.search_failures += 1;
            eprintln!("mancala: the computer chose {house}, which is illegal: {why}");
            match self.first_legal_move() {
                Some(house) => self.play(house).unwrap_or_else(|_| self.effects()),
                None => self.effects(),
            }
        })
    }
}
