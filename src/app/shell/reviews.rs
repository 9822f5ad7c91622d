//! The review screen's wiring: each action goes to the review feature, whose outcome
//! says what to show, poll and save; a timer polls a running review.

use super::controller::{handle, Controller};
use crate::app::review::adapter::{self as review_adapter, ReviewAction};
use crate::app::review::control::{finished_record, ReviewContext};
use crate::{ReviewState, Screen};
use slint::{ComponentHandle, TimerMode};
use std::time::Duration;

/// How often the review screen looks at the review's progress.
const REVIEW_POLL: Duration = Duration::from_millis(100);

impl Controller {
    pub(super) fn review(&mut self, action: ReviewAction) {
        let context = ReviewContext {
            brain: &self.brain,
            recent: &self.recent,
            on_board: self.turns.session(),
            rules: self.settings.current_rules(),
        };
        let outcome = self.reviews.act(action, context);
        if let Some((problem, empty)) = outcome.record_checked {
            self.with_window(|w| {
                let ui = w.global::<ReviewState>();
                review_adapter::render_record_problem(&ui, problem.as_ref(), empty)
            });
        }
        if outcome.opened {
            self.go(Screen::Review);
        }
        if outcome.started {
            self.review_progressed();
        }
        self.render_review();
    }

    /// Looks at the running review: saves it with its game once it is done, and polls
    /// again while it runs.
    pub(super) fn review_progressed(&mut self) {
        let polled = self.reviews.poll(self.turns.session(), &mut self.recent);
        if polled.recent_changed {
            let tell = self.saves.recent(&self.recent, "the review");
            self.told(tell);
        }
        if !polled.running {
            self.review_ticker.stop();
        } else if !self.review_ticker.running() {
            let me = self.me.clone();
            self.review_ticker
                .start(TimerMode::Repeated, REVIEW_POLL, move || {
                    if let Some(core) = me.upgrade() {
                        handle(&core, |c| {
                            c.review_progressed();
                            c.render_review();
                        });
                    }
                });
        }
    }

    pub(super) fn render_review(&self) {
        if let Some(view) = self.reviews.view() {
            self.with_window(|w| review_adapter::render(&w.global::<ReviewState>(), &view));
        }
    }

    /// Keeps the game just finished on the board for review.
    pub(super) fn keep_finished_game(&mut self) {
        if let Some(record) = finished_record(self.turns.session(), &self.recent) {
            self.recent.add(record);
            let tell = self.saves.recent(&self.recent, "the recent games");
            self.told(tell);
        }
    }
}
