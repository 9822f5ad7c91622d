//! The games the player starts, continues and watches, and the game screen's actions:
//! each asks the turn loop and carries out what it answers.

use super::controller::Controller;
use crate::app::game::adapter::GameAction;
use crate::engine::Side;
use crate::{Prefs, ReplaceAnswer};
use slint::ComponentHandle;

impl Controller {
    /// Start on the new-game screen. An unfinished game would be dropped by it, so the
    /// player is asked first (`replace_game` carries out the answer).
    pub(super) fn start_game(&mut self) {
        if self.turns.own_game().is_some_and(|s| !s.is_over()) {
            self.render_home(); // the question describes the saved game
            self.with_window(|w| w.global::<Prefs>().set_confirm_replace(true));
            return;
        }
        self.start_new_game();
    }

    /// The answer to "start a new game over the unfinished one?". A new game discards
    /// the unfinished one, which is not counted in the statistics (docs/store.md): its
    /// save is overwritten by the new game's.
    pub(super) fn replace_game(&mut self, answer: ReplaceAnswer) {
        self.with_window(|w| w.global::<Prefs>().set_confirm_replace(false));
        match answer {
            ReplaceAnswer::Cancel => {}
            ReplaceAnswer::KeepPlaying => self.continue_game(),
            ReplaceAnswer::StartNew => self.start_new_game(),
        }
    }

    pub(super) fn start_new_game(&mut self) {
        let rules = self.settings.current_rules();
        let first = self.next_first_side();
        let effects = self.turns.begin(rules, self.settings.opponent, first);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Back to the person's own game (a game being watched is left: its moves were
    /// never the person's to keep).
    pub(super) fn continue_game(&mut self) {
        if self.turns.own_game().is_some() {
            let effects = self.turns.end_watch();
            self.carry_out(effects);
            self.show_game_screen();
        }
    }

    /// Starts a game the computer plays itself, with the game chosen in Settings and
    /// the levels chosen on the watch screen, the bottom row first. The person's own
    /// game waits aside.
    pub(super) fn start_watching(&mut self) {
        let [south, north] = self.settings.watch_levels;
        let rules = self.settings.current_rules();
        let effects = self.turns.watch(rules, Side::South, south, north);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Who starts the next game; with "take turns" the store remembers who started last.
    pub(super) fn next_first_side(&mut self) -> Side {
        let first = self.settings.next_first_side();
        self.save_settings();
        first
    }

    pub(super) fn act(&mut self, action: GameAction) {
        let effects = match action {
            GameAction::Tap(side, house) => self.turns.tap(side, house),
            GameAction::Board => self.turns.skip(),
            GameAction::Undo => self.turns.undo(),
            GameAction::TakeBack => self.turns.take_back(),
            GameAction::Redo => self.turns.redo(),
            GameAction::Hint => self.turns.hint(),
            GameAction::Resign => self.turns.resign(),
            GameAction::Rematch => {
                let first = match self.turns.session() {
                    // Watching again, the other side starts: each level gets both.
                    Some(s) if s.is_watched() => s.game().start().side_to_move().opponent(),
                    _ => self.next_first_side(),
                };
                self.turns.rematch(first)
            }
            GameAction::HidePanel => self.turns.hide_panel(),
            GameAction::ShowPanel => self.turns.show_panel(),
            GameAction::Pause => self.turns.pause(),
            GameAction::PlayOn => self.turns.play_on(),
            GameAction::Step => self.turns.step(),
        };
        self.carry_out(effects);
    }

    pub(super) fn tick(&mut self) {
        let effects = self.turns.tick();
        self.carry_out(effects);
    }
}
