//! The computer player of `crate::ai` behind the controller's [`Brain`] trait.

use super::brain::Brain;
use crate::ai::{Advice, EndgameTable, Level, Limits, Searcher};
use crate::engine::{Game, House};
use crate::players::Difficulty;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, TryLockError};
use std::time::Duration;

/// How long a hint may think, all its moves together: long enough to be good, short
/// enough to wait for (about a second, with the thread's start and the poll).
const HINT_TIME: Duration = Duration::from_millis(900);

/// Transposition table size: small enough for any phone.
const TABLE_MEGABYTES: usize = 32;

/// The real computer opponent. One searcher is kept between moves so its table helps the
/// next search; the controller runs one search at a time, and a cancelled search gives
/// the searcher back within milliseconds.
pub struct Computer {
    searcher: Mutex<Searcher>,
}

impl Default for Computer {
    fn default() -> Self {
        Computer {
            searcher: Mutex::new(Searcher::new(TABLE_MEGABYTES)),
        }
    }
}

impl Computer {
    /// Runs `search` with the kept searcher, or with a fresh one while a cancelled search
    /// still holds it (the expert's first move builds endgame tables, which it does not
    /// interrupt), so a new search never waits for an old one.
    fn with_searcher<R>(&self, game: &Game, search: impl FnOnce(&mut Searcher) -> R) -> R {
        let mut fresh;
        let mut kept;
        let searcher: &mut Searcher = match self.searcher.try_lock() {
            Ok(guard) => {
                kept = guard;
                &mut kept
            }
            // A panic in an earlier search leaves a usable searcher: its table is a cache.
            Err(TryLockError::Poisoned(poisoned)) => {
                kept = poisoned.into_inner();
                &mut kept
            }
            Err(TryLockError::WouldBlock) => {
                fresh = Searcher::new(TABLE_MEGABYTES);
                &mut fresh
            }
        };
        searcher.set_history(game.history());
        search(searcher)
    }
}

/// The AI level that plays at a difficulty the player chose. One arm per difficulty: a
/// new difficulty does not compile until it is given a level.
fn level_of(difficulty: Difficulty) -> Level {
    match difficulty {
        Difficulty::Beginner => Level::Beginner,
        Difficulty::Casual => Level::Casual,
        Difficulty::Intermediate => Level::Intermediate,
        Difficulty::Strong => Level::Strong,
        Difficulty::Expert => Level::Expert,
    }
}

impl Brain for Computer {
    fn choose_move(&self, game: &Game, level: Difficulty, cancel: &AtomicBool) -> House {
        self.with_searcher(game, |searcher| {
            // Only the expert plays with exact endgame tables (it sets them itself); a
            // hint may have left them in.
            searcher.set_endgame(None);
            level_of(level).choose(
                searcher,
                game.position(),
                1.0,
                Some(cancel),
                &mut rand::rng(),
            )
        })
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let limits = Limits {
            time: Some(HINT_TIME),
            cancel: Some(cancel),
            ..Limits::default()
        };
        self.with_searcher(game, |searcher| {
            // Kalah's exact tables help when the expert has built them; building them
            // here would take longer than a hint may.
            searcher.set_endgame(EndgameTable::if_built(game.position().rules()));
            searcher.advise(game.history(), &limits)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Variant};

    #[test]
    fn every_level_and_the_hint_answer_a_legal_move() {
        let computer = Computer::default();
        let cancel = AtomicBool::new(false);
        let mut game = Game::new(Rules::new(Variant::Oware));
        for level in &Difficulty::ALL[..4] {
            let house = computer.choose_move(&game, *level, &cancel);
            assert!(
                game.position().legal_moves().contains(house),
                "level {level:?}"
            );
            game.play(house).unwrap();
        }
        let hint = computer.hint(&game, &cancel).unwrap();
        assert!(game.position().legal_moves().contains(hint.best().house));
    }

    #[test]
    fn a_cancelled_search_still_answers_at_once() {
        let computer = Computer::default();
        let cancel = AtomicBool::new(true);
        let game = Game::new(Rules::new(Variant::Kalah));
        let started = std::time::Instant::now();
        let house = computer.choose_move(&game, Difficulty::Strong, &cancel);
        assert!(game.position().legal_moves().contains(house));
        assert!(started.elapsed() < Duration::from_millis(200));
    }
}
