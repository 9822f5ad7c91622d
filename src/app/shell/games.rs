//! The games the player starts, continues and watches, and the game screen's actions:
//! each asks the turn loop and carries out what it answers.

use super::controller::Controller;
use crate::app::game::adapter::GameAction;
use crate::app::game::session::Session;
use crate::engine::Side;
use crate::players::GameResult;
use crate::{Prefs, ReplaceAnswer};
use slint::ComponentHandle;

/// How an unfinished game of the person's own counts when a new game replaces it
/// (docs/store.md, "A new game over an unfinished one"): against the computer, once the
/// person has made a move in it (kept, or taken back and waiting to be redone), it is a
/// loss, as if resigned; between two people, before the person's first move, and for a
/// game that is over (counted when it ended), only watched or the guided game, nothing.
pub(super) fn abandoned(game: &Session) -> Option<GameResult> {
    let counts = !game.is_over()
        && game.is_own()
        && game.level().is_some()
        && (game.can_undo() || game.can_redo());
    counts.then_some(GameResult::Lost)
}

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

    /// The answer to "start a new game over the unfinished one?". A new game ends the
    /// unfinished one, a loss against the computer once the person has moved in it
    /// (`abandoned`), else uncounted; its save is overwritten by the new game's.
    pub(super) fn replace_game(&mut self, answer: ReplaceAnswer) {
        self.with_window(|w| w.global::<Prefs>().set_confirm_replace(false));
        match answer {
            ReplaceAnswer::Cancel => {}
            ReplaceAnswer::KeepPlaying => self.continue_game(),
            ReplaceAnswer::StartNew => self.start_new_game(),
        }
    }

    pub(super) fn start_new_game(&mut self) {
        self.pass_guide_offer();
        self.count_abandoned();
        let rules = self.settings.current_rules();
        let first = self.next_first_side();
        let effects = self.turns.begin(rules, self.settings.opponent, first);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Counts the person's own unfinished game, which a new game is about to replace, as
    /// `abandoned` says: once, by its identity, like a finished game.
    fn count_abandoned(&mut self) {
        let Some(own) = self.turns.own_game() else {
            return;
        };
        let Some(result) = abandoned(own) else {
            return;
        };
        let (id, rules, opponent) = (own.id(), own.rules(), own.opponent());
        if self.stats.record_game(id, rules, opponent, result) {
            let tell = self.saves.stats(&self.stats);
            self.told(tell);
        }
    }

    /// Back to the person's own game (a game being watched is left: its moves were
    /// never the person's to keep).
    pub(super) fn continue_game(&mut self) {
        if self.turns.own_game().is_some() {
            self.pass_guide_offer();
            let effects = self.turns.end_watch();
            self.carry_out(effects);
            self.show_game_screen();
        }
    }

    /// Starts a game the computer plays itself, with the game chosen in Settings and
    /// the levels chosen on the watch screen, the bottom row first. The person's own
    /// game waits aside.
    pub(super) fn start_watching(&mut self) {
        self.pass_guide_offer();
        let [south, north] = self.settings.watch_levels;
        let rules = self.settings.current_rules();
        let effects = self.turns.watch(rules, Side::South, south, north);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Starts the guided first game (the home screen's offer, or its entry later). The
    /// person's own game waits aside, neither lost nor counted: no question to ask.
    pub(super) fn start_guided_game(&mut self) {
        self.pass_guide_offer();
        let effects = self.turns.begin_guided();
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// "No thanks" to the guided first game: the offer goes for good (the home screen's
    /// entry still starts it).
    pub(super) fn decline_guide(&mut self) {
        self.pass_guide_offer();
        self.render_home();
    }

    /// The offer of a guided first game was answered, or passed by for another game: it
    /// is remembered in the settings and not made again.
    fn pass_guide_offer(&mut self) {
        if !self.settings.guide_offered {
            self.settings.guide_offered = true;
            self.save_settings();
        }
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
                // Offered once the game is over; were it not, it is abandoned. Only the
                // game on the board: a watched or guided game's rematch leaves the
                // person's own game waiting aside, not abandoned.
                if self.turns.session().is_some_and(Session::is_own) {
                    self.count_abandoned();
                }
                let first = match self.turns.session() {
                    // The guided game again: the person first, as ever.
                    Some(s) if s.is_guided() => s.game().start().side_to_move(),
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
            GameAction::TipTapped => self.turns.tip_tapped(),
            GameAction::SkipGuide => self.turns.skip_guide(),
        };
        self.carry_out(effects);
    }

    pub(super) fn tick(&mut self) {
        let effects = self.turns.tick();
        self.carry_out(effects);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{House, Rules, Variant};
    use crate::players::{Difficulty, Opponent};

    const BEGINNER: Opponent = Opponent::Computer {
        level: Difficulty::Beginner,
    };

    fn play(game: &mut Session, houses: &[u8]) {
        for &house in houses {
            game.play(House::new(house).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_game_against_the_computer_left_after_the_persons_move_is_a_loss() {
        let mut game = Session::new(Rules::new(Variant::Kalah), Side::South, BEGINNER);
        assert_eq!(abandoned(&game), None, "nothing played yet");
        play(&mut game, &[1, 1]); // the person's move and the computer's answer
        assert_eq!(abandoned(&game), Some(GameResult::Lost));
        // Taken back to the start, it was still played: undo does not dodge it.
        assert!(game.undo());
        assert!(game.game().moves().is_empty());
        assert_eq!(abandoned(&game), Some(GameResult::Lost));
    }

    #[test]
    fn the_computers_first_move_alone_does_not_make_it_the_persons_game() {
        let mut game = Session::new(Rules::new(Variant::Kalah), Side::North, BEGINNER);
        play(&mut game, &[1]);
        assert_eq!(abandoned(&game), None);
        play(&mut game, &[2]);
        assert_eq!(abandoned(&game), Some(GameResult::Lost));
    }

    #[test]
    fn two_people_finished_and_watched_games_are_not_counted_when_left() {
        let mut people = Session::new(Rules::new(Variant::Oware), Side::South, Opponent::Human);
        play(&mut people, &[1, 1]);
        assert_eq!(abandoned(&people), None);
        let mut resigned = Session::new(Rules::new(Variant::Kalah), Side::South, BEGINNER);
        play(&mut resigned, &[1, 1]);
        resigned.resign();
        assert_eq!(abandoned(&resigned), None, "counted when it ended");
        let mut watched = Session::watch(
            Rules::new(Variant::Kalah),
            Side::South,
            Difficulty::Beginner,
            Difficulty::Beginner,
        );
        play(&mut watched, &[1, 1]);
        assert_eq!(abandoned(&watched), None);
    }
}
