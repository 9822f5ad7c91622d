//! A lesson as an exercise: its prepared position, its judge (`lessons::judge`, at once:
//! no search) and, for Congkak's simultaneous start, the tap that plays both hands'
//! choices (`lessons::learner_move`). A lesson never gives its answer away: the verdict
//! explains the rule instead.

use super::exercise::{Exercise, Judge, Judgement, MoveFor, Note, Task};
use crate::engine::{Game, House};
use crate::lessons::{self, LessonId};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Judges the learner's move in one lesson.
struct LessonJudge(LessonId);

impl Judge for LessonJudge {
    fn judge(&self, before: &Game, house: House, _cancel: &AtomicBool) -> Option<Judgement> {
        let result = lessons::judge(self.0, before, house);
        Some(Judgement {
            solved: result.passed,
            note: Note::Lesson {
                note: result.note,
                numbers: result.numbers,
            },
            then: result.then,
            answer: None,
        })
    }
}

/// The study screen's exercise for lesson `id`.
pub fn exercise(id: LessonId) -> Exercise {
    let lesson = lessons::setup(id);
    let move_for: MoveFor =
        Arc::new(move |game: &Game, house| lessons::learner_move(id, game, house));
    Exercise {
        game: lesson.game,
        learner: lesson.learner,
        task: Task::Lesson(id),
        judge: Arc::new(LessonJudge(id)),
        move_for: Some(move_for),
    }
}
