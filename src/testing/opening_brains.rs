//! Computer players for Congkak's simultaneous first move: one that keeps what it was
//! shown, so a test can check it never saw the other hand's choice, and one that plays a
//! whole game from a known record, so a test can tap the person's moves of that record
//! and reach a known position (a new round with burnt houses).

use crate::ai::Advice;
use crate::app::Brain;
use crate::engine::{Game, House, Lockstep, Move, Opening, Side};
use crate::players::Difficulty;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

/// Chooses the last house it may in the first move (the first legal move after it) and
/// keeps, for each choice, the side it chose for and the lockstep it was shown.
#[derive(Default)]
pub struct OpeningWitness(pub Mutex<Vec<(Side, Lockstep)>>);

impl Brain for OpeningWitness {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position().legal_moves().first().unwrap()
    }

    fn choose_in_opening(
        &self,
        lockstep: &Lockstep,
        side: Side,
        _level: Difficulty,
        _cancel: &AtomicBool,
    ) -> Option<House> {
        self.0.lock().unwrap().push((side, lockstep.clone()));
        lockstep.choices(side).last()
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        None
    }
}

/// Plays the moves of a record: each move the record's next one (the computer's side
/// of its first move from the record's opening); the first legal move once the game
/// leaves the record. No hints.
pub struct FollowsRecord(pub Vec<Move>);

impl FollowsRecord {
    /// The record's first move, if it is a simultaneous one.
    fn opening(&self) -> Option<&Opening> {
        match self.0.first()? {
            Move::Opening(opening) => Some(opening),
            Move::House(_) => None,
        }
    }
}

impl Brain for FollowsRecord {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        let legal = game.position().legal_moves();
        self.0
            .get(game.moves().len())
            .and_then(Move::house)
            .filter(|&house| legal.contains(house))
            .or(legal.first())
            .expect("asked to move in a finished game")
    }

    fn choose_in_opening(
        &self,
        lockstep: &Lockstep,
        side: Side,
        _level: Difficulty,
        _cancel: &AtomicBool,
    ) -> Option<House> {
        let done = lockstep.opening().of(side).len();
        let choices = lockstep.choices(side);
        self.opening()
            .and_then(|opening| opening.of(side).get(done).copied())
            .filter(|&house| choices.contains(house))
            .or(choices.first())
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        None
    }
}
