//! Who plays a game and how it went for the person: plain values that the store saves,
//! the turn loop plays with and the screens show. Neither storage nor UI.

use crate::engine::{Outcome, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How strong the computer opponent plays, weakest first. Saved as its number, 1..=5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Difficulty {
    /// 1: a child can beat it.
    Beginner = 1,
    /// 2: a newcomer can win.
    Casual = 2,
    /// 3: plays sensibly, errs now and then.
    Intermediate = 3,
    /// 4: plays its best quickly.
    Strong = 4,
    /// 5: plays its best after thinking longer.
    Expert = 5,
}

impl Difficulty {
    /// Every difficulty, weakest first (the order the app lists them).
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Beginner,
        Difficulty::Casual,
        Difficulty::Intermediate,
        Difficulty::Strong,
        Difficulty::Expert,
    ];

    /// The number saved in files and shown to the UI: 1 (beginner) to 5 (expert).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The difficulty numbered `number`, if there is one.
    pub fn from_number(number: u8) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.number() == number)
    }
}

/// A difficulty number that is not one of 1..=5 (a hand-edited or future file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchDifficulty(pub u8);

impl fmt::Display for NoSuchDifficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no such computer level: {} (levels are 1 to {})",
            self.0,
            Difficulty::ALL.len()
        )
    }
}

impl std::error::Error for NoSuchDifficulty {}

impl TryFrom<u8> for Difficulty {
    type Error = NoSuchDifficulty;
    fn try_from(number: u8) -> Result<Difficulty, NoSuchDifficulty> {
        Difficulty::from_number(number).ok_or(NoSuchDifficulty(number))
    }
}

impl From<Difficulty> for u8 {
    fn from(difficulty: Difficulty) -> u8 {
        difficulty.number()
    }
}

/// Who plays the North side against the player at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// Two people sharing the device.
    Human,
    /// The computer at a difficulty level.
    Computer {
        /// How strong it plays.
        level: Difficulty,
    },
}

impl Default for Opponent {
    /// A casual computer: a newcomer gets a game at once and can win it.
    fn default() -> Self {
        Opponent::Computer {
            level: Difficulty::Casual,
        }
    }
}

/// How a finished game went, seen from the person at the bottom (South) — the human
/// against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Won,
    Lost,
    Drawn,
}

impl GameResult {
    /// The result of `outcome` for the player on `side`.
    pub fn for_side(outcome: Outcome, side: Side) -> GameResult {
        match outcome.winner() {
            None => GameResult::Drawn,
            Some(winner) if winner == side => GameResult::Won,
            Some(_) => GameResult::Lost,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulties_are_saved_as_their_numbers() {
        for (i, difficulty) in Difficulty::ALL.into_iter().enumerate() {
            assert_eq!(difficulty.number() as usize, i + 1);
            let json = serde_json::to_string(&Opponent::Computer { level: difficulty }).unwrap();
            assert_eq!(json, format!(r#"{{"kind":"computer","level":{}}}"#, i + 1));
            assert_eq!(
                serde_json::from_str::<Opponent>(&json).unwrap(),
                Opponent::Computer { level: difficulty }
            );
        }
        assert_eq!(Difficulty::from_number(6), None);
        assert_eq!(
            Opponent::default(),
            Opponent::Computer {
                level: Difficulty::Casual
            }
        );
    }

    #[test]
    fn result_for_a_side() {
        let win = Outcome::Win(Side::North);
        assert_eq!(GameResult::for_side(win, Side::North), GameResult::Won);
        assert_eq!(GameResult::for_side(win, Side::South), GameResult::Lost);
        assert_eq!(
            GameResult::for_side(Outcome::Draw, Side::South),
            GameResult::Drawn
        );
    }
}
