//! What the study screen plays: an exercise, and the judge that says whether the
//! learner's move did the task. The screen knows neither puzzles nor lessons: a puzzle
//! is an exercise whose judge asks the solver ([`super::puzzle`]); a lesson is one whose
//! judge asks the lesson's own check ([`super::lesson`]), and whose tap may play more
//! than the house (Congkak's simultaneous start, [`Exercise::move_for`]).

use crate::ai::PuzzleKind;
use crate::engine::{Game, House, Move, Side};
use crate::lessons::{LessonId, LessonNote};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What the learner is asked to do, for the task line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A proven puzzle: find the move of its kind; with best play after it the learner
    /// ends `value` seeds ahead (negative: behind).
    Puzzle { kind: PuzzleKind, value: i32 },
    /// A lesson, worded by its id (ui/views/lesson-words.slint).
    Lesson(LessonId),
}

/// What a judged move did, in data the study screen words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    Puzzle(PuzzleNote),
    /// A lesson's verdict as `lessons::judge` gives it: its note and the two numbers
    /// the words need.
    Lesson {
        note: LessonNote,
        numbers: [i32; 2],
    },
}

/// A puzzle's move judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleNote {
    pub kind: PuzzleKind,
    /// The move the learner played.
    pub played: House,
    /// The final store difference with best play after it, learner's view, when the
    /// solver proved it within its time (or the game ended).
    pub played_value: Option<i32>,
    /// The answer and the value it keeps.
    pub answer: House,
    pub value: i32,
}

/// The judge's answer to one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The move did the task.
    pub solved: bool,
    pub note: Note,
    /// Moves to play on the board after the learner's (the opponent's best answers to a
    /// wrong move, a lesson's reply), as the side to move numbers its houses.
    pub then: Vec<House>,
    /// The move that does the task, shown when the learner asks for it (none: the
    /// exercise does not give it away).
    pub answer: Option<House>,
}

/// Says whether a move did an exercise's task. Called on a worker thread: it may take
/// seconds (the solver), and should return soon after `cancel` is set (`None` then, or
/// whatever it has: nobody waits for it any more).
pub trait Judge: Send + Sync + 'static {
    fn judge(&self, before: &Game, house: House, cancel: &AtomicBool) -> Option<Judgement>;
}

/// One exercise on the study screen.
#[derive(Clone)]
pub struct Exercise {
    /// The game to play from (its history matters in Oware).
    pub game: Game,
    /// The learner's side: its houses are shown at the bottom.
    pub learner: Side,
    pub task: Task,
    pub judge: Arc<dyn Judge>,
    /// The move a tap on the learner's house plays, when it is not just that house
    /// (Congkak's simultaneous start: both hands' choices). `None` from it: the house
    /// cannot be played now. Without it, a tap plays the house when it is legal and the
    /// learner's turn. The houses it accepts are the ones lit.
    pub move_for: Option<MoveFor>,
}

/// See [`Exercise::move_for`].
pub type MoveFor = Arc<dyn Fn(&Game, House) -> Option<Move> + Send + Sync>;
