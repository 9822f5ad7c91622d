//! The game in progress, saved after every move so that the app can be killed at any
//! instant and resume at the same position, turn and undo/redo history.
//!
//! Only the start (rules and first player) and the moves are kept: positions follow
//! from them by replaying, which also proves a loaded record legal.

use super::SCHEMA;
use crate::engine::{Game, Move, Position, RecordError, Rules, Side};
use crate::players::Opponent;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedGame {
    /// The schema the file was written with; saving always writes `SCHEMA`.
    pub schema: u32,
    /// The game's identity, so that the statistics count it once however often it is
    /// undone, resumed and finished (`Stats::record_game`); 0 in files from before.
    pub id: u64,
    pub rules: Rules,
    /// Who moved first.
    pub first: Side,
    pub opponent: Opponent,
    /// Moves played from the start, in order (house numbers in the file, and Congkak's
    /// simultaneous first move as its token, `"3,1+5"`).
    pub moves: Vec<Move>,
    /// Moves taken back, in the order redo replays them.
    pub redo: Vec<Move>,
}

impl Default for SavedGame {
    fn default() -> Self {
        SavedGame {
            schema: SCHEMA,
            id: 0,
            rules: Rules::default(),
            first: Side::South,
            opponent: Opponent::default(),
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }
}

/// Why a saved game cannot be resumed. (Rules the engine does not play and unknown
/// computer levels are refused while reading the file.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// A move or a redo move is illegal where it stands.
    Record(RecordError),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Record(e) => write!(f, "bad record: {e}"),
        }
    }
}

impl std::error::Error for ResumeError {}

impl SavedGame {
    /// The saved form of `game` against `opponent` (with no identity: set `id`).
    pub fn from_game(game: &Game, opponent: Opponent) -> SavedGame {
        SavedGame {
            schema: SCHEMA,
            id: 0,
            rules: game.rules(),
            first: game.start().side_to_move(),
            opponent,
            moves: game.moves().to_vec(),
            redo: game.redo_moves(),
        }
    }

    /// The saved game if it is one that can be resumed, or why not: its record must
    /// replay legally, and it must be a game at all. A file with no moves (played or
    /// taken back) and no identity, such as `{}`, is not: every game the app saves has
    /// an identity, and files from before identities were saved after a move, so
    /// offering it as Continue would show a phantom "Kalah 0–0".
    pub fn checked(self) -> Result<SavedGame, String> {
        if self.id == 0 && self.moves.is_empty() && self.redo.is_empty() {
            return Err("no moves and no identity: not a saved game".into());
        }
        self.to_game().map_err(|e| e.to_string())?;
        Ok(self)
    }

    /// Replays the record: the same position, turn, moves and redo list as saved.
    pub fn to_game(&self) -> Result<Game, ResumeError> {
        let start = Position::start_with(self.rules, self.first);
        Game::restore(start, &self.moves, &self.redo).map_err(ResumeError::Record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn houses(numbers: &[u8]) -> Vec<Move> {
        numbers
            .iter()
            .map(|&n| Move::House(crate::engine::House::new(n).unwrap()))
            .collect()
    }

    #[test]
    fn a_game_with_undo_and_redo_comes_back_identical() {
        let mut game = Game::with_first(Rules::new(Variant::Oware), Side::North);
        for mv in houses(&[1, 2, 3, 4]) {
            game.play_move(&mv).unwrap();
        }
        game.undo();
        game.undo();
        let saved = SavedGame::from_game(&game, Opponent::Human);
        assert_eq!(saved.first, Side::North);
        assert_eq!(saved.moves, houses(&[1, 2]));
        assert_eq!(saved.redo, houses(&[3, 4]));
        let json = serde_json::to_string(&saved).unwrap();
        assert!(json.contains(r#""moves":[1,2],"redo":[3,4]"#), "{json}");
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, saved);
        assert_eq!(back.to_game().unwrap(), game);
    }

    #[test]
    fn an_illegal_record_says_which_move() {
        let saved = SavedGame {
            moves: houses(&[3, 3]),
            ..SavedGame::default()
        };
        // Kalah: house 3 with 4 seeds ends in the store, so South moves again and
        // house 3 is then empty.
        match saved.to_game() {
            Err(ResumeError::Record(e)) => assert_eq!(e.index, 2),
            other => panic!("expected a record error, got {other:?}"),
        }
        let bad_redo = SavedGame {
            moves: houses(&[3]),
            redo: houses(&[3]),
            ..SavedGame::default()
        };
        assert!(matches!(bad_redo.to_game(), Err(ResumeError::Record(_))));
        // House 7 exists only on Congkak's big board.
        let off_board = SavedGame {
            moves: houses(&[7]),
            ..SavedGame::default()
        };
        assert!(matches!(off_board.to_game(), Err(ResumeError::Record(e)) if e.index == 1));
    }

    #[test]
    fn bad_rules_moves_or_level_do_not_load() {
        for bad in [
            r#"{"rules":{"variant":"kalah","houses":7}}"#,
            r#"{"rules":{"seeds":2}}"#,
            r#"{"opponent":{"kind":"computer","level":0}}"#,
            r#"{"moves":[3,0]}"#,
            r#"{"redo":[8]}"#,
        ] {
            assert!(serde_json::from_str::<SavedGame>(bad).is_err(), "{bad}");
        }
        let good: SavedGame = serde_json::from_str(r#"{"moves":[3,6]}"#).unwrap();
        assert_eq!(good.moves, houses(&[3, 6]));
    }
}
