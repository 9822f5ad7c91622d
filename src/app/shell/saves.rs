//! Every save the app makes, and what the player is told when saves fail. Each save is
//! one atomic write of the store's; a failed one is logged, and the first failure of a
//! run is kept for the home and game screens to say in words (play goes on).

use crate::app::game::session::Session;
use crate::store::{
    Notice, Progress, RecentGames, SavedGame, Settings, Stats, Store, WriteTrouble,
};
use std::io;

/// The store and what the player has been told about it.
pub struct Saves {
    store: Store,
    /// Files that could not be read; the home screen says so until dismissed.
    pub notices: Vec<Notice>,
    /// Saves fail and the player has not dismissed the notice yet.
    pub unsaved: Option<WriteTrouble>,
    /// The player was told that saves fail (once a run).
    told: bool,
}

impl Saves {
    /// Saves into `store`; `notices` are the files it could not read when loading.
    pub fn new(store: Store, notices: Vec<Notice>) -> Saves {
        Saves {
            store,
            notices,
            unsaved: None,
            told: false,
        }
    }

    /// Saves the game on the board; a finished game is removed instead, so it is not
    /// offered as Continue. A game being watched, or the guided game, is never saved:
    /// the save is the person's own game, which waits aside. A game from a hand-made position (tests)
    /// is not saved either: the save keeps only the rules and the moves, which would
    /// replay from the wrong board. True when the player must now be told that saves
    /// fail.
    pub fn game(&mut self, on_board: Option<&Session>) -> bool {
        let Some(session) = on_board.filter(|s| s.is_own()) else {
            return false;
        };
        if !session.from_start_position() {
            return false;
        }
        let game = session.game();
        let result = if session.is_over() {
            self.store.clear_game()
        } else {
            self.store.save_game(&SavedGame {
                id: session.id(),
                ..SavedGame::from_game(game, session.opponent())
            })
        };
        self.saved("the game", result)
    }

    /// Saves the settings; true when the player must now be told that saves fail.
    pub fn settings(&mut self, settings: &Settings) -> bool {
        let result = self.store.save_settings(settings);
        self.saved("the settings", result)
    }

    /// Saves the statistics; true when the player must now be told that saves fail.
    pub fn stats(&mut self, stats: &Stats) -> bool {
        let result = self.store.save_stats(stats);
        self.saved("the statistics", result)
    }

    /// Saves the recent games (`what` names the change for the log); true when the
    /// player must now be told that saves fail.
    pub fn recent(&mut self, recent: &RecentGames, what: &str) -> bool {
        let result = self.store.save_recent_games(recent);
        self.saved(what, result)
    }

    /// Saves the puzzles and lessons done; true when the player must now be told that
    /// saves fail.
    pub fn progress(&mut self, progress: &Progress) -> bool {
        let result = self.store.save_progress(progress);
        self.saved("the progress", result)
    }

    /// Logs a failed save; true if the player must now be told.
    fn saved(&mut self, what: &str, result: io::Result<()>) -> bool {
        if let Err(e) = result {
            eprintln!("mancala: could not save {what}: {e}");
        }
        self.tell_if_unsaved()
    }

    /// True once a run, when the store's last write failed: the player is then told
    /// (in words, on the home and game screens) that progress is not being saved, and
    /// why. The store may find at once, when it opens, that it cannot write.
    pub fn tell_if_unsaved(&mut self) -> bool {
        match self.store.write_trouble().filter(|_| !self.told) {
            Some(trouble) => {
                self.told = true;
                self.unsaved = Some(trouble);
                true
            }
            None => false,
        }
    }
}
