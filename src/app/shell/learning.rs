//! The Learn hub and the study screen on the UI thread: which puzzle or lesson opens,
//! the study screen's actions and its timer (the sowing, the judge's answer), and the
//! progress saved when a puzzle is solved or a lesson passed. Neither touches the saved
//! game or the statistics.

use super::controller::{handle, Controller};
use crate::app::learn::adapter::{self as learn_adapter, LearnAction};
use crate::app::learn::hub::{daily_puzzle, hub_view, next_lesson, Puzzles};
use crate::app::study::adapter::{self as study_adapter, StudyAction};
use crate::app::study::screen::{Finished, StudyScreen};
use crate::app::study::{lesson, puzzle};
use crate::engine::Variant;
use crate::lessons::LessonId;
use crate::puzzles::ShippedPuzzle;
use crate::store::Day;
use crate::{LearnState, Screen, StudyState};
use slint::{ComponentHandle, Timer, TimerMode};
use std::time::Duration;

/// How often the study screen looks for the judge's answer when no sowing is shown.
const JUDGE_POLL: Duration = Duration::from_millis(50);

/// The puzzle on the study screen: which, so that solving it is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct OpenPuzzle {
    pub variant: Variant,
    pub record: String,
    /// Today's puzzle, of this day.
    pub daily: Option<Day>,
    /// The answer (as the learner numbers the houses), for tests and screenshots.
    pub answer: u8,
}

/// The learning features' state in the controller.
#[derive(Default)]
pub(super) struct Learning {
    /// The shipped puzzles, read the first time the hub opens.
    puzzles: Option<Puzzles>,
    /// The difficulty the next puzzles are chosen at (`None`: the easiest left).
    difficulty: Option<u8>,
    pub(super) study: Option<StudyScreen>,
    pub(super) open: Option<OpenPuzzle>,
    /// The lesson on the study screen.
    pub(super) lesson: Option<LessonId>,
    ticker: Timer,
    /// The day the hub counts from, instead of the device's (tests and screenshots).
    pub(super) today: Option<Day>,
}

impl Learning {
    fn puzzles(&mut self) -> &Puzzles {
        self.puzzles.get_or_insert_with(Puzzles::load)
    }

    fn today(&self) -> Day {
        self.today
            .or_else(Day::today)
            .unwrap_or(Day::new(2026, 1, 1).expect("a day"))
    }
}

impl Controller {
    pub(super) fn learn(&mut self, action: LearnAction) {
        match action {
            LearnAction::OpenDaily => {
                let today = self.learning.today();
                if let Some((variant, puzzle)) = daily_puzzle(today) {
                    self.open_puzzle(variant, &puzzle, Some(today));
                }
            }
            LearnAction::Next(variant) => self.next_puzzle(variant),
            LearnAction::OpenLesson(id) => self.open_lesson(id),
            LearnAction::Difficulty(d) => {
                self.learning.difficulty = d;
                self.render_learn();
            }
        }
    }

    /// Opens the next unsolved puzzle of `variant` at the chosen difficulty.
    pub(super) fn next_puzzle(&mut self, variant: Variant) {
        let difficulty = self.learning.difficulty;
        let next = self
            .learning
            .puzzles()
            .next(variant, difficulty, &self.progress)
            .cloned();
        match next {
            Some(puzzle) => self.open_puzzle(variant, &puzzle, None),
            // None left: back to the hub, which says so.
            None => self.go(Screen::Learn),
        }
    }

    /// Opens `puzzle` on the study screen (screenshots and tests pick one this way).
    pub(super) fn open_puzzle(&mut self, variant: Variant, p: &ShippedPuzzle, daily: Option<Day>) {
        let Some(exercise) = puzzle::exercise(p) else {
            return;
        };
        let step = Duration::from_millis(self.settings.animation.step_millis());
        self.learning.study = Some(StudyScreen::new(exercise, step));
        self.learning.lesson = None;
        self.learning.open = Some(OpenPuzzle {
            variant,
            record: p.moves.clone(),
            daily,
            answer: p.best.first().copied().unwrap_or(0),
        });
        self.with_window(|w| {
            w.global::<StudyState>().set_difficulty(p.difficulty.into());
            w.global::<StudyState>().set_daily(daily.is_some());
        });
        self.go(Screen::Study);
        self.render_study();
    }

    /// Opens lesson `id` on the study screen.
    pub(super) fn open_lesson(&mut self, id: LessonId) {
        let step = Duration::from_millis(self.settings.animation.step_millis());
        self.learning.study = Some(StudyScreen::new(lesson::exercise(id), step));
        self.learning.open = None;
        self.learning.lesson = Some(id);
        self.with_window(|w| {
            let state = w.global::<StudyState>();
            state.set_next_lesson(next_lesson(id).is_some());
            state.set_daily(false);
        });
        self.go(Screen::Study);
        self.render_study();
    }

    pub(super) fn study(&mut self, action: StudyAction) {
        match action {
            StudyAction::Next => {
                if let Some(id) = self.learning.lesson {
                    match next_lesson(id) {
                        Some(next) => self.open_lesson(next),
                        // The game's last lesson: back to the hub, which shows them done.
                        None => self.go(Screen::Learn),
                    }
                } else if let Some(open) = self.learning.open.clone() {
                    self.next_puzzle(open.variant);
                }
                return;
            }
            StudyAction::Tap(house) => {
                if let Some(study) = &mut self.learning.study {
                    study.tap(house);
                }
            }
            StudyAction::Board => {
                if let Some(study) = &mut self.learning.study {
                    study.skip();
                }
            }
            StudyAction::ShowAnswer => {
                if let Some(study) = &mut self.learning.study {
                    study.show_answer();
                }
            }
            StudyAction::TryAgain => {
                if let Some(study) = &mut self.learning.study {
                    study.retry();
                }
            }
        }
        self.study_ticks();
        self.render_study();
    }

    /// Runs the study screen's timer while it has something to show or wait for.
    fn study_ticks(&mut self) {
        let busy = self.learning.study.as_ref().is_some_and(|s| s.is_busy());
        if !busy {
            self.learning.ticker.stop();
            return;
        }
        if self.learning.ticker.running() {
            return;
        }
        let step = Duration::from_millis(self.settings.animation.step_millis());
        let interval = if step.is_zero() { JUDGE_POLL } else { step };
        let me = self.me.clone();
        self.learning
            .ticker
            .start(TimerMode::Repeated, interval, move || {
                if let Some(core) = me.upgrade() {
                    handle(&core, Controller::study_tick);
                }
            });
    }

    fn study_tick(&mut self) {
        let finished = self.learning.study.as_mut().and_then(StudyScreen::tick);
        if finished == Some(Finished::Solved) {
            self.puzzle_solved();
            self.lesson_passed();
        }
        self.study_ticks();
        self.render_study();
    }

    /// Keeps a solved puzzle (and today's, for the streak) in the progress file.
    fn puzzle_solved(&mut self) {
        let Some(open) = self.learning.open.clone() else {
            return;
        };
        let mut changed = self.progress.solve_puzzle(open.variant, &open.record);
        if let Some(day) = open.daily {
            changed |= self.progress.solve_daily(day);
        }
        if changed {
            let tell = self.saves.progress(&self.progress);
            self.told(tell);
        }
    }

    /// Keeps a passed lesson as done in the progress file.
    fn lesson_passed(&mut self) {
        let Some(id) = self.learning.lesson else {
            return;
        };
        if self.progress.complete_lesson(id.name()) {
            let tell = self.saves.progress(&self.progress);
            self.told(tell);
        }
    }

    /// Leaving the study screen stops what it runs (a judge at work is cancelled).
    pub(super) fn close_study(&mut self) {
        self.learning.study = None;
        self.learning.open = None;
        self.learning.lesson = None;
        self.learning.ticker.stop();
    }

    pub(super) fn render_learn(&mut self) {
        let today = self.learning.today();
        let difficulty = self.learning.difficulty;
        let view = hub_view(self.learning.puzzles(), &self.progress, today, difficulty);
        self.with_window(|w| learn_adapter::render(&w.global::<LearnState>(), &view));
    }

    pub(super) fn render_study(&self) {
        if let Some(study) = &self.learning.study {
            let view = study.view();
            self.with_window(|w| study_adapter::render(&w.global::<StudyState>(), &view));
        }
    }

    /// The animation speed changed in settings.
    pub(super) fn study_step_changed(&mut self, step: Duration) {
        if let Some(study) = &mut self.learning.study {
            study.set_step(step);
        }
    }
}
