//! The end of a game: resigning, the game-over panel, and counting a finished game once.

use super::{Effects, FinishedGame, TurnLoop};
use crate::app::feedback::{Feedback, GameEnd};
use crate::app::game::banner::Banner;
use crate::players::{GameResult, Opponent};

impl TurnLoop {
    /// The side to move gives up (against the computer, always the person).
    pub fn resign(&mut self) -> Effects {
        let Some(session) = &mut self.session else {
            return self.effects();
        };
        if session.is_over() {
            return self.effects();
        }
        self.pending = None;
        self.animation = None;
        self.first_move = None;
        session.resign();
        self.forget_coach();
        self.banner = Banner::Quiet;
        let mut effects = self.game_finished();
        effects.save_game = true;
        effects
    }

    /// Puts the game-over panel aside to look at the final board.
    pub fn hide_panel(&mut self) -> Effects {
        self.panel_hidden = true;
        self.effects()
    }

    /// Brings the game-over panel back (in the guided game, past the tip about the end,
    /// which holds it back).
    pub fn show_panel(&mut self) -> Effects {
        self.panel_hidden = false;
        if self.tip() == Some(super::Tip::End) {
            let _ = self.tip_tapped();
        }
        self.effects()
    }

    /// The game-over panel comes up once the last move has been shown (or at once on a
    /// resignation); the game was counted when that move was played.
    pub(super) fn game_finished(&mut self) -> Effects {
        self.panel_hidden = false;
        self.guide_game_over();
        if let Some(session) = &self.session {
            // Won or lost as the person sees it; between two people (or watching the
            // computer play itself) nobody's win: just an ending.
            let end = match (session.opponent(), session.is_watched(), session.result()) {
                (Opponent::Human, _, _) | (_, true, _) => GameEnd::Ended,
                (_, _, Some(GameResult::Won)) => GameEnd::Won,
                (_, _, Some(GameResult::Lost)) => GameEnd::Lost,
                (_, _, Some(GameResult::Drawn) | None) => GameEnd::Drawn,
            };
            self.tell(Feedback::GameOver(end));
        }
        let mut effects = self.effects();
        self.count_if_over(&mut effects);
        effects
    }

    /// A game that has ended is counted once (`counted`, and the statistics by the
    /// game's identity across restarts) and its save removed: a finished game is not
    /// offered as Continue.
    pub(super) fn count_if_over(&mut self, effects: &mut Effects) {
        let Some(session) = self.session.as_ref().filter(|s| s.is_over()) else {
            return;
        };
        if !self.counted {
            self.counted = true;
            effects.save_game = true;
            // Only the person's own games count: never one watched, nor the guided game.
            effects.finished =
                session
                    .result()
                    .filter(|_| session.is_own())
                    .map(|result| FinishedGame {
                        game: session.id(),
                        variant: session.rules().variant(),
                        opponent: session.opponent(),
                        result,
                    });
        }
    }
}
