//! The review feature above one screen: which game a review opens (a kept game, the
//! game just finished on the board, or a record typed in), what the screen's actions do
//! to it, and how a finished review joins its game among the recent games. No Slint and
//! no store: each call says what changed, and the shell saves and renders.

use crate::app::computer::brain::Brain;
use crate::app::game::session::Session;
use crate::app::review::adapter::ReviewAction;
use crate::app::review::screen::{ReviewScreen, ReviewView};
use crate::engine::{Game, Position, RecordError, Rules};
use crate::store::{FinishedRecord, RecentGames};
use std::sync::Arc;

/// What a review action needs to know of the rest of the app.
pub struct ReviewContext<'a> {
    /// The computer, which reviews.
    pub brain: &'a Arc<dyn Brain>,
    /// The finished games kept for review.
    pub recent: &'a RecentGames,
    /// The game on the game screen, if any.
    pub on_board: Option<&'a Session>,
    /// The rules chosen in Settings: a record typed in is read with them.
    pub rules: Rules,
}

/// What the shell does after a review action.
#[derive(Debug, Default)]
pub struct ReviewOutcome {
    /// A review was opened: show the review screen.
    pub opened: bool,
    /// A review may be running now: poll it.
    pub started: bool,
    /// A record typed in was checked (or is being typed again): what was wrong with
    /// it (`None`: nothing), and whether it had no moves.
    pub record_checked: Option<(Option<RecordError>, bool)>,
}

/// What polling the open review found.
#[derive(Debug, PartialEq, Eq)]
pub struct Polled {
    /// The recent games changed (a review finished): save them.
    pub recent_changed: bool,
    /// The review still runs: poll again.
    pub running: bool,
}

/// The review screen's game, while the screen is open.
#[derive(Default)]
pub struct Reviews {
    screen: Option<ReviewScreen>,
}

impl Reviews {
    /// Carries out one action of the review screen.
    pub fn act(&mut self, action: ReviewAction, ctx: ReviewContext<'_>) -> ReviewOutcome {
        let mut outcome = ReviewOutcome::default();
        match action {
            ReviewAction::Open(which) => {
                let screen = match which {
                    None => review_of_game_on_board(&ctx),
                    Some(index) => ctx
                        .recent
                        .games
                        .get(index)
                        .cloned()
                        .and_then(|r| ReviewScreen::open(r, ctx.brain)),
                };
                outcome.opened = self.show(screen);
            }
            ReviewAction::Record(text) => {
                let parsed = Game::parse_record(Position::start(ctx.rules), &text);
                let empty = parsed.as_ref().is_ok_and(|g| g.moves().is_empty());
                outcome.record_checked = Some((parsed.as_ref().err().cloned(), empty));
                let screen = parsed
                    .ok()
                    .and_then(|game| ReviewScreen::of_record(game, ctx.brain));
                outcome.opened = self.show(screen);
            }
            ReviewAction::Typing => outcome.record_checked = Some((None, false)),
            ReviewAction::Stop => self.with_screen(ReviewScreen::stop),
            ReviewAction::Restart => {
                self.with_screen(|s| s.start(ctx.brain));
                outcome.started = true;
            }
            ReviewAction::Step(delta) => self.with_screen(|s| s.step(delta)),
            ReviewAction::GoTo(cursor) => self.with_screen(|s| s.go_to(cursor)),
        }
        outcome.started |= outcome.opened;
        outcome
    }

    /// Leaving the review screen stops the review; opening it again starts where the
    /// kept game's review is.
    pub fn close(&mut self) {
        self.screen = None;
    }

    /// The review screen as it shows now, while open.
    pub fn view(&self) -> Option<ReviewView> {
        self.screen.as_ref().map(ReviewScreen::view)
    }

    /// Looks at the running review. A finished review of a kept game is stored with its
    /// game in `recent` (a game not kept yet, replayed from the board, is kept now); a
    /// record typed in is not kept, so its review is not stored.
    pub fn poll(&mut self, on_board: Option<&Session>, recent: &mut RecentGames) -> Polled {
        let Some(screen) = &mut self.screen else {
            return Polled {
                recent_changed: false,
                running: false,
            };
        };
        let (finished, id, running) = (screen.poll(), screen.id(), screen.is_running());
        let mut recent_changed = false;
        if let Some(stored) = finished.filter(|_| screen.is_kept()) {
            recent_changed = true;
            if !recent.set_review(id, stored.clone()) {
                if let Some(mut record) = finished_record(on_board, recent).filter(|r| r.id == id) {
                    record.review = Some(stored);
                    recent.add(record);
                }
            }
        }
        Polled {
            recent_changed,
            running,
        }
    }

    fn show(&mut self, screen: Option<ReviewScreen>) -> bool {
        let opened = screen.is_some();
        if opened {
            self.screen = screen;
        }
        opened
    }

    fn with_screen(&mut self, work: impl FnOnce(&mut ReviewScreen)) {
        if let Some(screen) = &mut self.screen {
            work(screen);
        }
    }
}

/// The finished game on the board as the recent games keep it, with its review if it
/// has one. A game the person watched is not theirs to keep, and a game from a hand-made
/// position is not kept: its record would replay from the wrong board.
pub fn finished_record(on_board: Option<&Session>, recent: &RecentGames) -> Option<FinishedRecord> {
    let session = on_board.filter(|s| s.is_over() && !s.is_watched())?;
    if !session.from_start_position() {
        return None;
    }
    let game = session.game();
    let fresh = FinishedRecord::of_game(session.id(), game, session.opponent());
    Some(match recent.get(session.id()) {
        Some(kept) if kept.moves == fresh.moves && kept.resigned == fresh.resigned => kept.clone(),
        _ => fresh,
    })
}

/// The review of the finished game on the board: kept with it, or (a game the person
/// watched) reviewed like a record typed in, and not kept.
fn review_of_game_on_board(ctx: &ReviewContext<'_>) -> Option<ReviewScreen> {
    match finished_record(ctx.on_board, ctx.recent) {
        Some(record) => ReviewScreen::open(record, ctx.brain),
        None => {
            let session = ctx.on_board.filter(|s| s.is_over())?;
            ReviewScreen::of_record(session.game().clone(), ctx.brain)
        }
    }
}
