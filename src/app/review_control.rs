//! The controller's part for the review screen: keeping each finished game for review,
//! opening a review (of a kept game, the game just finished, or a record typed in),
//! polling its worker from a timer of its own and saving the review with its game.

use super::controller::{handle, Controller};
use super::review_screen::ReviewScreen;
use super::views::review_adapter::{self, ReviewAction};
use crate::engine::{Game, Position};
use crate::store::FinishedRecord;
use crate::{ReviewState, Screen};
use slint::{ComponentHandle, TimerMode};
use std::time::Duration;

/// How often the review screen looks at the review's progress.
const REVIEW_POLL: Duration = Duration::from_millis(100);

impl Controller {
    /// Keeps the game just finished on the board for review (a game from a hand-made
    /// position is not kept: its record would replay from the wrong board).
    pub(super) fn keep_finished_game(&mut self) {
        let Some(record) = self.finished_record() else {
            return;
        };
        self.recent.add(record);
        let saved = self.store.save_recent_games(&self.recent);
        self.saved("the recent games", saved);
    }

    /// The finished game on the board as kept, with its review if it has one. A game
    /// the person watched is not theirs to keep.
    fn finished_record(&self) -> Option<FinishedRecord> {
        let session = self
            .turns
            .session()
            .filter(|s| s.is_over() && !s.is_watched())?;
        let game = session.game();
        let start = Position::start_with(game.rules(), game.start().side_to_move());
        if *game.start() != start {
            return None;
        }
        let fresh = FinishedRecord::of_game(session.id(), game, session.opponent());
        Some(match self.recent.get(session.id()) {
            Some(kept) if kept.moves == fresh.moves && kept.resigned == fresh.resigned => {
                kept.clone()
            }
            _ => fresh,
        })
    }

    /// The review of the finished game on the board: kept with it, or (a game the
    /// person watched) reviewed like a record typed in, and not kept.
    fn review_of_game_on_board(&self) -> Option<ReviewScreen> {
        match self.finished_record() {
            Some(record) => ReviewScreen::open(record, &self.brain),
            None => {
                let session = self.turns.session().filter(|s| s.is_over())?;
                ReviewScreen::of_record(session.game().clone(), &self.brain)
            }
        }
    }

    pub(super) fn review(&mut self, action: ReviewAction) {
        match action {
            ReviewAction::Open(which) => {
                let screen = match which {
                    None => self.review_of_game_on_board(),
                    Some(index) => self
                        .recent
                        .games
                        .get(index)
                        .cloned()
                        .and_then(|r| ReviewScreen::open(r, &self.brain)),
                };
                let Some(screen) = screen else {
                    return;
                };
                self.review = Some(screen);
                self.go(Screen::Review);
                self.review_progressed();
            }
            ReviewAction::Record(text) => {
                let start = Position::start(self.settings.current_rules());
                let parsed = Game::parse_record(start, &text);
                let empty = parsed.as_ref().is_ok_and(|g| g.moves().is_empty());
                self.with_window(|w| {
                    review_adapter::render_record_problem(
                        &w.global::<ReviewState>(),
                        parsed.as_ref().err(),
                        empty,
                    )
                });
                let Some(screen) = parsed
                    .ok()
                    .and_then(|game| ReviewScreen::of_record(game, &self.brain))
                else {
                    return;
                };
                self.review = Some(screen);
                self.go(Screen::Review);
                self.review_progressed();
            }
            ReviewAction::Typing => self.with_window(|w| {
                review_adapter::render_record_problem(&w.global::<ReviewState>(), None, false)
            }),
            ReviewAction::Stop => {
                if let Some(screen) = &mut self.review {
                    screen.stop();
                }
            }
            ReviewAction::Restart => {
                if let Some(screen) = &mut self.review {
                    screen.start(&self.brain);
                }
                self.review_progressed();
            }
            ReviewAction::Step(delta) => {
                if let Some(screen) = &mut self.review {
                    screen.step(delta);
                }
            }
            ReviewAction::GoTo(cursor) => {
                if let Some(screen) = &mut self.review {
                    screen.go_to(cursor);
                }
            }
        }
        self.render_review();
    }

    /// Looks at the running review: saves it with its game once it is done, and polls
    /// again while it runs.
    fn review_progressed(&mut self) {
        let Some(screen) = &mut self.review else {
            self.review_ticker.stop();
            return;
        };
        let (finished, id, running) = (screen.poll(), screen.id(), screen.is_running());
        // A record typed in is not kept: nothing to save its review with.
        if let Some(stored) = finished.filter(|_| screen.is_kept()) {
            if !self.recent.set_review(id, stored.clone()) {
                // A game not kept yet (a replayed record): kept now, with its review.
                if let Some(mut record) = self.finished_record().filter(|r| r.id == id) {
                    record.review = Some(stored);
                    self.recent.add(record);
                }
            }
            let saved = self.store.save_recent_games(&self.recent);
            self.saved("the review", saved);
        }
        if !running {
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
        if let Some(screen) = &self.review {
            let view = screen.view();
            self.with_window(|w| review_adapter::render(&w.global::<ReviewState>(), &view));
        }
    }
}
