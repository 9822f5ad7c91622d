//! A shipped puzzle as an exercise. Its answer is proven and written in the file, so a
//! right move is judged at once; a wrong one is answered by the exact solver: the
//! opponent's best replies until it is the learner's turn again (what the wrong move
//! allows), and the value it leaves, which the screen sets against the answer's.

use super::exercise::{Exercise, Judge, Judgement, Note, PuzzleNote, Task};
use crate::ai::{final_value, EndgameTable, Limits, PuzzleKind, Searcher};
use crate::engine::{Game, House, Side};
use crate::puzzles::ShippedPuzzle;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The solver's time for each reply: the shipped positions are small (Oware's take
/// seconds on a phone), and a longer wait would look like the app hung.
const SOLVE_TIME: Duration = Duration::from_secs(8);

/// When the solver runs out of time, a plain search finds the reply in this long.
const SEARCH_TIME: Duration = Duration::from_millis(700);

/// The most replies played (a Kalah reply may earn several extra turns).
const MOST_REPLIES: usize = 6;

/// The transposition table of a judge's solver: a phone's share.
const TABLE_MEGABYTES: usize = 8;

/// Judges the moves of one shipped puzzle.
pub struct PuzzleJudge {
    kind: PuzzleKind,
    answer: House,
    value: i32,
}

impl PuzzleJudge {
    pub fn new(puzzle: &ShippedPuzzle) -> Option<PuzzleJudge> {
        Some(PuzzleJudge {
            kind: PuzzleKind::from_name(&puzzle.kind)?,
            answer: House::new(*puzzle.best.first()?)?,
            value: puzzle.value,
        })
    }

    fn note(&self, played: House, played_value: Option<i32>) -> Note {
        Note::Puzzle(PuzzleNote {
            kind: self.kind,
            played,
            played_value,
            answer: self.answer,
            value: self.value,
        })
    }
}

/// The study screen's exercise for `puzzle`; `None` if its line does not replay.
pub fn exercise(puzzle: &ShippedPuzzle) -> Option<Exercise> {
    let game = puzzle.game()?;
    let judge = PuzzleJudge::new(puzzle)?;
    Some(Exercise {
        learner: game.position().side_to_move(),
        task: Task::Puzzle {
            kind: judge.kind,
            value: judge.value,
        },
        judge: Arc::new(judge),
        game,
        move_for: None,
    })
}

impl Judge for PuzzleJudge {
    fn judge(&self, before: &Game, house: House, cancel: &AtomicBool) -> Option<Judgement> {
        if house == self.answer {
            return Some(Judgement {
                solved: true,
                note: self.note(house, Some(self.value)),
                then: Vec::new(),
                answer: Some(self.answer),
            });
        }
        let me = before.position().side_to_move();
        let mut game = before.clone();
        game.play(house).ok()?;
        let mut searcher = Searcher::new(TABLE_MEGABYTES);
        searcher.set_endgame(EndgameTable::if_built(game.rules()));
        let mut played_value = None;
        let mut then = Vec::new();
        loop {
            let pos = *game.position();
            if pos.is_over() {
                if then.is_empty() {
                    played_value = Some(final_value(&pos, me));
                }
                break;
            }
            searcher.set_history(game.history());
            let limits = Limits {
                time: Some(SOLVE_TIME),
                cancel: Some(cancel),
                ..Limits::default()
            };
            let solved = searcher.solve(&pos, &limits);
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            if then.is_empty() {
                played_value = solved
                    .as_ref()
                    .map(|s| for_me(me, pos.side_to_move(), s.value));
            }
            // The learner's turn again (or a Kalah extra turn after the wrong move):
            // the answer has been shown.
            if pos.side_to_move() == me || then.len() >= MOST_REPLIES {
                break;
            }
            let reply = match solved {
                Some(s) => s.best,
                None => {
                    let limits = Limits::time(SEARCH_TIME).with_cancel(cancel);
                    searcher.search(&pos, &limits)?.best
                }
            };
            game.play(reply).ok()?;
            then.push(reply);
        }
        Some(Judgement {
            solved: false,
            note: self.note(house, played_value),
            then,
            answer: Some(self.answer),
        })
    }
}

/// A value from the view of the side to move, turned to `me`'s.
fn for_me(me: Side, mover: Side, value: i32) -> i32 {
    if mover == me {
        value
    } else {
        -value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::puzzles::shipped;

    #[test]
    fn the_answer_is_right_at_once_and_a_wrong_move_is_answered_by_the_solver() {
        let puzzle = &shipped(Variant::Kalah)[0];
        let exercise = exercise(puzzle).unwrap();
        let judge = PuzzleJudge::new(puzzle).unwrap();
        let cancel = AtomicBool::new(false);
        let answer = House::new(puzzle.best[0]).unwrap();
        let right = judge.judge(&exercise.game, answer, &cancel).unwrap();
        assert!(right.solved && right.then.is_empty());
        let wrong = exercise
            .game
            .legal_moves()
            .iter()
            .find(|&h| h != answer)
            .unwrap();
        let judged = judge.judge(&exercise.game, wrong, &cancel).unwrap();
        assert!(!judged.solved);
        let Note::Puzzle(note) = judged.note else {
            panic!("a puzzle's note");
        };
        // Proven at least 2 seeds worse than the answer.
        assert!(note.played_value.unwrap() <= puzzle.value - 2, "{note:?}");
        // The replies are legal and end on the learner's turn, or the end.
        let mut game = exercise.game.clone();
        game.play(wrong).unwrap();
        for &reply in &judged.then {
            assert_ne!(game.position().side_to_move(), exercise.learner);
            game.play(reply).unwrap();
        }
        assert!(game.is_over() || game.position().side_to_move() == exercise.learner);
    }

    #[test]
    fn a_cancelled_judge_gives_up() {
        let puzzle = &shipped(Variant::Oware)[0];
        let exercise = exercise(puzzle).unwrap();
        let judge = PuzzleJudge::new(puzzle).unwrap();
        let answer = House::new(puzzle.best[0]).unwrap();
        let wrong = exercise
            .game
            .legal_moves()
            .iter()
            .find(|&h| h != answer)
            .unwrap();
        assert_eq!(
            judge.judge(&exercise.game, wrong, &AtomicBool::new(true)),
            None
        );
    }
}
