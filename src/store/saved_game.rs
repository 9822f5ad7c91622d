//! The game in progress, saved after every move so that the app can be killed at any
//! instant and resume at the same position, turn and undo/redo history.
//!
//! Only the start (rules and first player) and the moves are kept: positions follow
//! from them by replaying, which also proves a loaded record legal.

use super::settings::Opponent;
use super::SCHEMA;
use crate::engine::{Game, Position, RecordError, Rules, RulesError, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedGame {
    /// The schema the file was written with; saving always writes `SCHEMA`.
    pub schema: u32,
    pub rules: Rules,
    /// Who moved first.
    pub first: Side,
    pub opponent: Opponent,
    /// The side the person plays against the computer (ignored between two people).
    pub human_side: Side,
    /// Moves played from the start, in order.
    pub moves: Vec<u8>,
    /// Moves taken back, in the order redo replays them.
    pub redo: Vec<u8>,
}

impl Default for SavedGame {
    fn default() -> Self {
        SavedGame {
            schema: SCHEMA,
            rules: Rules::default(),
            first: Side::South,
            opponent: Opponent::default(),
            human_side: Side::South,
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }
}

/// Why a saved game cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// The rules are not ones the engine plays (say 9 seeds a house).
    Rules(RulesError),
    /// A move or a redo move is illegal where it stands.
    Record(RecordError),
    /// The computer level is not one of `Opponent::LEVELS`.
    Opponent(Opponent),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Rules(e) => write!(f, "bad rules: {e}"),
            ResumeError::Record(e) => write!(f, "bad record: {e}"),
            ResumeError::Opponent(o) => write!(f, "no such opponent: {o:?}"),
        }
    }
}

impl std::error::Error for ResumeError {}

impl SavedGame {
    pub fn from_game(game: &Game, opponent: Opponent, human_side: Side) -> SavedGame {
        SavedGame {
            schema: SCHEMA,
            rules: game.rules(),
            first: game.start().side_to_move(),
            opponent,
            human_side,
            moves: game.moves().to_vec(),
            redo: game.redo_moves(),
        }
    }

    /// Replays the record: the same position, turn, moves and redo list as saved.
    pub fn to_game(&self) -> Result<Game, ResumeError> {
        if !self.opponent.is_valid() {
            return Err(ResumeError::Opponent(self.opponent));
        }
        let start = Position::start_with(self.rules, self.first).map_err(ResumeError::Rules)?;
        Game::restore(start, &self.moves, &self.redo).map_err(ResumeError::Record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn a_game_with_undo_and_redo_comes_back_identical() {
        let mut game = Game::with_first(Rules::new(Variant::Oware), Side::North).unwrap();
        for house in [1, 2, 3, 4] {
            game.play(house).unwrap();
        }
        game.undo();
        game.undo();
        let saved = SavedGame::from_game(&game, Opponent::Human, Side::South);
        assert_eq!(saved.first, Side::North);
        assert_eq!(saved.moves, [1, 2]);
        assert_eq!(saved.redo, [3, 4]);
        let json = serde_json::to_string(&saved).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.to_game().unwrap(), game);
    }

    #[test]
    fn an_illegal_record_says_which_move() {
        let saved = SavedGame {
            moves: vec![3, 3],
            ..SavedGame::default()
        };
        // Kalah: house 3 with 4 seeds ends in the store, so South moves again and
        // house 3 is then empty.
        match saved.to_game() {
            Err(ResumeError::Record(e)) => assert_eq!(e.index, 2),
            other => panic!("expected a record error, got {other:?}"),
        }
        let bad_redo = SavedGame {
            moves: vec![3],
            redo: vec![3],
            ..SavedGame::default()
        };
        assert!(matches!(bad_redo.to_game(), Err(ResumeError::Record(_))));
    }

    #[test]
    fn bad_rules_or_level_are_refused() {
        let saved = SavedGame {
            rules: Rules::new(Variant::Kalah).with_houses(7),
            ..SavedGame::default()
        };
        assert!(matches!(saved.to_game(), Err(ResumeError::Rules(_))));
        let saved = SavedGame {
            opponent: Opponent::Computer { level: 0 },
            ..SavedGame::default()
        };
        assert!(matches!(saved.to_game(), Err(ResumeError::Opponent(_))));
    }
}
