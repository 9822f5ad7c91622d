//! What one side's turn did, move by move: after the computer's turn the status line tells
//! it in one line ("Computer: house 4, 6 relays, extra turn; house 2, captured 5"), since
//! the person may have skipped or missed its moves. Plain facts; the words are the UI's
//! (`ui/views/turn-words.slint`).

use crate::engine::{House, MoveReport, Side};

/// The most moves the line tells one by one: the status banner has room for three lines.
const TOLD_IN_FULL: usize = 4;

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The house played, as its owner numbers it.
    pub house: House,
    /// Congkak: pick-ups after the first.
    pub relays: u32,
    pub extra_turn: bool,
    /// Seeds captured, the capturing seed included.
    pub captured: u32,
    /// Oware: a grand slam that captured nothing.
    pub grand_slam_spared: bool,
}

impl From<&MoveReport> for MoveFacts {
    fn from(report: &MoveReport) -> MoveFacts {
        MoveFacts {
            house: report.house,
            relays: report.relays,
            extra_turn: report.extra_turn,
            captured: report.captured(),
            grand_slam_spared: report.grand_slam_spared,
        }
    }
}

/// The moves the line tells: every move of a short turn; of a long one, the first two and
/// the last, with how many were left out between them (told as "3 more moves").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    pub moves: Vec<MoveFacts>,
    pub left_out: u32,
}

/// The moves of the turn being played, or of the last one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnStory {
    side: Option<Side>,
    moves: Vec<MoveFacts>,
}

impl TurnStory {
    /// A move was played: the next of its side's turn, or the first of a new turn.
    pub fn record(&mut self, report: &MoveReport) {
        if self.side != Some(report.mover) {
            self.side = Some(report.mover);
            self.moves.clear();
        }
        self.moves.push(MoveFacts::from(report));
    }

    /// Forgets the turn (undo, redo, a new game): the next move begins a new story.
    pub fn clear(&mut self) {
        *self = TurnStory::default();
    }

    /// What the status line tells of the turn.
    pub fn told(&self) -> Told {
        Told::of(&self.moves)
    }
}

impl Told {
    /// The moves a line tells of a turn of `moves` (the status line's and the move
    /// log's): all of up to four, else the first two and the last.
    pub fn of(moves: &[MoveFacts]) -> Told {
        if moves.len() <= TOLD_IN_FULL {
            return Told {
                moves: moves.to_vec(),
                left_out: 0,
            };
        }
        let last = moves[moves.len() - 1];
        Told {
            moves: vec![moves[0], moves[1], last],
            left_out: (moves.len() - 3) as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rules, Variant};

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    #[test]
    fn a_turn_is_the_moves_of_one_side_until_the_other_moves() {
        // Kalah from the start: South 3 ends in its store (an extra turn), then South 1,
        // then North 1.
        let mut game = Game::new(Rules::new(Variant::Kalah));
        let mut story = TurnStory::default();
        for house in [3, 1] {
            story.record(&game.play(h(house)).unwrap());
        }
        let told = story.told();
        assert_eq!(told.left_out, 0);
        let houses: Vec<u8> = told.moves.iter().map(|m| m.house.number()).collect();
        assert_eq!(houses, [3, 1]);
        assert!(told.moves[0].extra_turn && !told.moves[1].extra_turn);
        story.record(&game.play(h(1)).unwrap());
        assert_eq!(story.told().moves.len(), 1, "North's turn is a new story");
        story.clear();
        assert!(story.told().moves.is_empty());
    }

    #[test]
    fn a_long_turn_tells_its_first_two_moves_and_its_last() {
        let facts = |house| MoveFacts {
            house: h(house),
            relays: 0,
            extra_turn: true,
            captured: 0,
            grand_slam_spared: false,
        };
        let mut story = TurnStory {
            side: Some(Side::North),
            moves: (1..=4).map(facts).collect(),
        };
        assert_eq!(story.told().moves.len(), 4, "four are told in full");
        story.moves.extend([facts(5), facts(6)]);
        let told = story.told();
        let houses: Vec<u8> = told.moves.iter().map(|m| m.house.number()).collect();
        assert_eq!(houses, [1, 2, 6]);
        assert_eq!(told.left_out, 3);
    }
}
