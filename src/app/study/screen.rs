//! The study screen as plain data: an exercise's position, the learner's tap, the judge
//! at work on a worker thread while the move is sown on the board, the moves the
//! judgement plays after it (a wrong puzzle move's refutation), and the verdict, with
//! Show answer and Try again. Slint-free, so a whole exercise is tested without a
//! window; the controller ticks it on a timer and renders [`StudyView`].

use super::exercise::{Exercise, Judgement, Note, Task};
use crate::app::computer::background::{BackgroundJob, Poll};
use crate::app::game::board_view::{board_view, BoardFacts, BoardView};
use crate::app::game::last_move::LastMove;
use crate::app::game::playback::{Flight, Playback};
use crate::engine::{Game, House, Move, MoveSet, Rules, Side};
use std::collections::VecDeque;
use std::time::Duration;

/// Where an exercise stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The learner's move is awaited.
    Waiting,
    /// The learner's move is being sown and judged.
    Judging,
    /// The judgement's moves are being played (the opponent's answer).
    Replying,
    /// The task is done.
    Solved,
    /// The move did not do the task; Try again puts the position back.
    Failed,
}

/// A move being sown on the board.
struct Sowing {
    playback: Playback,
    mover: Side,
    house: House,
}

impl Sowing {
    /// The last-move marks for the part of the move shown so far.
    fn last_move(&self, houses: u8) -> LastMove {
        LastMove::from_steps(self.mover, self.house, houses, self.playback.shown())
    }
}

/// What a tick brought about that the rest of the app must hear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    Solved,
    Failed,
}

pub struct StudyScreen {
    exercise: Exercise,
    /// The game as the board shows it once the move being sown has been shown.
    game: Game,
    stage: Stage,
    job: Option<BackgroundJob<Option<Judgement>>>,
    judgement: Option<Judgement>,
    /// The judgement's moves not played yet.
    to_play: VecDeque<House>,
    /// The judgement's moves played so far, and what they did together: the seeds they
    /// captured and the extra turns they earned.
    played: Vec<House>,
    reply_captured: u32,
    reply_extra_turns: u32,
    sowing: Option<Sowing>,
    /// The marks of the last move shown (growing while it is sown).
    last: Option<LastMove>,
    /// Counts the animation's steps, so the view tells new seeds in the air from old.
    motion: u64,
    /// The time of one animation step (zero: no animation).
    step: Duration,
    /// The learner asked for the answer.
    answer_shown: bool,
    /// The answer, once a judgement told it (kept across Try again).
    revealed: Option<House>,
    /// The judge failed (its thread ended without an answer): the move was put back.
    judge_failed: bool,
    /// The learner's house played, until Try again.
    tapped: Option<House>,
}

/// Everything the study screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct StudyView {
    pub rules: Rules,
    pub learner: Side,
    pub task: Task,
    pub stage: Stage,
    /// The board, sides as the engine has them (the adapter puts the learner's below).
    pub board: BoardView,
    pub flights: Vec<Flight>,
    pub flight_time: Duration,
    pub motion: u64,
    /// The side to move on the board shown (`None` once the game is over).
    pub to_move: Option<Side>,
    /// The judgement's words, once judged.
    pub note: Option<Note>,
    /// The judgement's moves played so far (all of them once Failed), the seeds they
    /// captured and the extra turns they earned.
    pub replies: Vec<House>,
    pub reply_captured: u32,
    pub reply_extra_turns: u32,
    /// The answer, once the learner asked for it (or solved it).
    pub answer: Option<House>,
    pub judge_failed: bool,
    /// The learner's house played, once tapped.
    pub tapped: Option<House>,
}

impl StudyScreen {
    /// Opens `exercise`; each animation step takes `step` (zero: none).
    pub fn new(exercise: Exercise, step: Duration) -> StudyScreen {
        StudyScreen {
            game: exercise.game.clone(),
            exercise,
            stage: Stage::Waiting,
            job: None,
            judgement: None,
            to_play: VecDeque::new(),
            played: Vec::new(),
            reply_captured: 0,
            reply_extra_turns: 0,
            sowing: None,
            last: None,
            motion: 0,
            step,
            answer_shown: false,
            revealed: None,
            judge_failed: false,
            tapped: None,
        }
    }

    pub fn exercise(&self) -> &Exercise {
        &self.exercise
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn set_step(&mut self, step: Duration) {
        self.step = step;
    }

    /// The game as the board shows it after the moves played so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// True while a move is sown, judged or answered: the controller ticks it then.
    pub fn is_busy(&self) -> bool {
        self.sowing.is_some() || matches!(self.stage, Stage::Judging | Stage::Replying)
    }

    /// The move a tap on the learner's `house` plays now: the exercise's own
    /// ([`Exercise::move_for`]), or the house when it is legal and the learner's turn.
    fn learner_move(&self, house: House) -> Option<Move> {
        if let Some(move_for) = &self.exercise.move_for {
            return move_for(&self.game, house);
        }
        let pos = self.game.position();
        (pos.side_to_move() == self.exercise.learner && pos.legal_moves().contains(house))
            .then_some(Move::House(house))
    }

    /// The houses the learner may tap now (the ones lit).
    fn learner_houses(&self) -> MoveSet {
        if self.stage != Stage::Waiting || self.sowing.is_some() {
            return MoveSet::EMPTY;
        }
        (1..=self.game.rules().houses())
            .filter_map(House::new)
            .filter(|&h| self.learner_move(h).is_some())
            .collect()
    }

    /// The learner taps `house` (as the learner numbers it). False when it cannot be
    /// played now: not waiting for a move, or not a move the exercise takes.
    pub fn tap(&mut self, house: House) -> bool {
        if self.stage != Stage::Waiting {
            return false;
        }
        let Some(played) = self.learner_move(house) else {
            return false;
        };
        let before = self.game.clone();
        let judge = self.exercise.judge.clone();
        self.job = Some(BackgroundJob::start(move |cancel| {
            judge.judge(&before, house, cancel)
        }));
        self.judge_failed = false;
        self.stage = Stage::Judging;
        self.tapped = Some(house);
        self.show(&played, house)
    }

    /// Plays `played` (the learner's `house`, or an answer's) on the board, sown step
    /// by step unless animation is off. A simultaneous start shows both hands sowing.
    fn show(&mut self, played: &Move, house: House) -> bool {
        let before = *self.game.position();
        let (mover, steps) = match played {
            Move::House(h) => {
                let Ok(report) = self.game.play(*h) else {
                    return false;
                };
                if self.stage == Stage::Replying {
                    self.reply_captured += report.captured();
                    self.reply_extra_turns += u32::from(report.extra_turn);
                }
                (report.mover, report.steps)
            }
            Move::Opening(opening) => {
                let Ok(report) = self.game.play_opening(opening) else {
                    return false;
                };
                (self.exercise.learner, report.steps)
            }
        };
        let houses = before.rules().houses();
        self.motion += 1;
        if self.step.is_zero() {
            self.last = Some(LastMove::from_steps(mover, house, houses, &steps));
        } else {
            self.last = Some(LastMove::from_steps(mover, house, houses, &[]));
            self.sowing = Some(Sowing {
                playback: Playback::new(&before, steps),
                mover,
                house,
            });
        }
        true
    }

    /// The timer: shows the next steps of the move being sown; once it is shown, looks
    /// for the judgement, then plays its moves one by one, then gives the verdict.
    pub fn tick(&mut self) -> Option<Finished> {
        if let Some(sowing) = &mut self.sowing {
            let steps = sowing
                .playback
                .tick(self.step.max(Duration::from_millis(1)));
            for _ in 0..steps {
                if sowing.playback.advance().is_none() {
                    break;
                }
            }
            self.last = Some(sowing.last_move(self.game.rules().houses()));
            self.motion += 1;
            if sowing.playback.is_done() {
                self.sowing = None;
            }
            return None;
        }
        match self.stage {
            Stage::Judging => {
                let polled = self.job.as_ref().map_or(Poll::Failed, BackgroundJob::poll);
                match polled {
                    Poll::Thinking => None,
                    Poll::Done(Some(judgement)) => {
                        self.job = None;
                        self.to_play = judgement.then.iter().copied().collect();
                        self.revealed = judgement.answer.or(self.revealed);
                        self.judgement = Some(judgement);
                        self.stage = Stage::Replying;
                        self.tick()
                    }
                    Poll::Done(None) | Poll::Failed => {
                        // Nothing to say about the move: it is put back to be played again.
                        self.retry();
                        self.judge_failed = true;
                        None
                    }
                }
            }
            Stage::Replying => {
                if let Some(house) = self.to_play.pop_front() {
                    if self.show(&Move::House(house), house) {
                        self.played.push(house);
                        return None;
                    }
                    self.to_play.clear();
                }
                let solved = self.judgement.as_ref().is_some_and(|j| j.solved);
                if solved {
                    self.stage = Stage::Solved;
                    self.answer_shown = true;
                    Some(Finished::Solved)
                } else {
                    self.stage = Stage::Failed;
                    Some(Finished::Failed)
                }
            }
            Stage::Waiting | Stage::Solved | Stage::Failed => None,
        }
    }

    /// Shows the rest of the move being sown at once (a tap on the board).
    pub fn skip(&mut self) {
        if let Some(mut sowing) = self.sowing.take() {
            sowing.playback.finish();
            self.last = Some(sowing.last_move(self.game.rules().houses()));
            self.motion += 1;
        }
    }

    /// After a wrong move: the answer is said (and lit on the board after Try again).
    pub fn show_answer(&mut self) {
        if self.stage == Stage::Failed {
            self.answer_shown = true;
        }
    }

    /// Puts the exercise's position back; a judge still at work is cancelled.
    pub fn retry(&mut self) {
        self.job = None;
        self.game = self.exercise.game.clone();
        self.stage = Stage::Waiting;
        self.judgement = None;
        self.to_play.clear();
        self.played.clear();
        self.reply_captured = 0;
        self.reply_extra_turns = 0;
        self.sowing = None;
        self.last = None;
        self.motion += 1;
        self.judge_failed = false;
        self.tapped = None;
    }

    pub fn view(&self) -> StudyView {
        let pos = self.game.position();
        let houses = pos.rules().houses();
        let (pits, active, burnt, flights) = match &self.sowing {
            Some(s) => (
                s.playback.pits().to_vec(),
                s.playback.actives(),
                s.playback.burnt(),
                s.playback.flights().to_vec(),
            ),
            None => (
                pos.pits().to_vec(),
                [None; 2],
                Side::BOTH.map(|side| pos.burnt(side)),
                Vec::new(),
            ),
        };
        let waiting = self.stage == Stage::Waiting && self.sowing.is_none();
        let board = board_view(&BoardFacts {
            houses,
            pits: &pits,
            active,
            playable: self.learner_houses(),
            mover: self.exercise.learner,
            last_move: self.last.as_ref(),
            hint: if waiting {
                self.revealed_answer()
            } else {
                None
            },
            burnt,
        });
        StudyView {
            rules: pos.rules(),
            learner: self.exercise.learner,
            task: self.exercise.task.clone(),
            stage: self.stage,
            board,
            flights,
            flight_time: self.step,
            motion: self.motion,
            to_move: (!pos.is_over()).then(|| pos.side_to_move()),
            note: self.judgement.as_ref().map(|j| j.note.clone()),
            replies: self.played.clone(),
            reply_captured: self.reply_captured,
            reply_extra_turns: self.reply_extra_turns,
            answer: self.revealed_answer(),
            judge_failed: self.judge_failed,
            tapped: self.tapped,
        }
    }

    /// The answer the learner has asked for, kept across Try again.
    fn revealed_answer(&self) -> Option<House> {
        self.revealed.filter(|_| self.answer_shown)
    }
}

#[cfg(test)]
mod tests {
    use super::super::exercise::Judge;
    use super::*;
    use crate::engine::Variant;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Instant;

    /// A lesson-like judge, as `lessons::judge` will plug in: house 1 passes; any other
    /// fails, and the opponent answers with its house 1.
    struct HouseOne;

    impl Judge for HouseOne {
        fn judge(&self, _before: &Game, house: House, _cancel: &AtomicBool) -> Option<Judgement> {
            let one = House::new(1)?;
            Some(Judgement {
                solved: house == one,
                note: Note::Lesson {
                    note: crate::lessons::LessonNote::ReachedHouse,
                    numbers: [i32::from(house.number()), 0],
                },
                then: if house == one { vec![] } else { vec![one] },
                answer: Some(one),
            })
        }
    }

    fn lesson() -> Exercise {
        Exercise {
            game: Game::new(crate::engine::Rules::new(Variant::Oware)),
            learner: Side::South,
            task: Task::Lesson(crate::lessons::LessonId::OwareSowing),
            judge: Arc::new(HouseOne),
            move_for: None,
        }
    }

    /// Ticks until the screen has nothing more to show; the verdict it gave.
    fn run(screen: &mut StudyScreen) -> Option<Finished> {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut finished = None;
        while screen.is_busy() {
            assert!(Instant::now() < deadline);
            finished = screen.tick().or(finished);
            std::thread::sleep(Duration::from_millis(1));
        }
        finished
    }

    #[test]
    fn a_lesson_plugs_in_a_wrong_move_is_answered_and_try_again_puts_it_back() {
        let mut screen = StudyScreen::new(lesson(), Duration::from_millis(100));
        let start = *screen.game().position();
        assert!(screen.view().board.houses[0].iter().all(|h| h.playable));
        assert!(screen.tap(House::new(3).unwrap()));
        assert!(!screen.tap(House::new(2).unwrap()), "one move at a time");
        assert!(
            screen.view().board.houses[0].iter().all(|h| !h.playable),
            "nothing is lit while the move is judged"
        );
        assert_eq!(run(&mut screen), Some(Finished::Failed));
        let view = screen.view();
        assert_eq!(view.stage, Stage::Failed);
        assert_eq!(view.replies, vec![House::new(1).unwrap()]);
        assert_eq!(screen.game().moves().len(), 2, "the move and its answer");
        assert_eq!(view.answer, None, "not given away");
        screen.show_answer();
        assert_eq!(screen.view().answer, House::new(1));
        screen.retry();
        assert_eq!(*screen.game().position(), start);
        let view = screen.view();
        assert!(
            view.board.houses[0][0].hinted,
            "the answer asked for is marked"
        );
        assert!(screen.tap(House::new(1).unwrap()));
        assert_eq!(run(&mut screen), Some(Finished::Solved));
        assert_eq!(screen.stage(), Stage::Solved);
    }

    #[test]
    fn without_animation_a_move_is_shown_at_once() {
        let mut screen = StudyScreen::new(lesson(), Duration::ZERO);
        assert!(screen.tap(House::new(1).unwrap()));
        assert_eq!(screen.view().board.houses[0][0].seeds, 0);
        assert_eq!(run(&mut screen), Some(Finished::Solved));
    }

    #[test]
    fn the_exercises_hook_says_which_houses_are_lit_and_what_a_tap_plays() {
        // A hook that takes house 2 only, and plays house 4 for it.
        let mut exercise = lesson();
        exercise.move_for = Some(Arc::new(|_: &Game, house: House| {
            (house.number() == 2).then(|| Move::House(House::new(4).unwrap()))
        }));
        let mut screen = StudyScreen::new(exercise, Duration::ZERO);
        let lit: Vec<bool> = screen.view().board.houses[0]
            .iter()
            .map(|h| h.playable)
            .collect();
        assert_eq!(lit, [false, true, false, false, false, false]);
        assert!(
            !screen.tap(House::new(1).unwrap()),
            "a house the hook refuses"
        );
        assert!(screen.tap(House::new(2).unwrap()));
        assert_eq!(
            screen.game().moves(),
            [Move::House(House::new(4).unwrap())],
            "the hook's move is played"
        );
        assert_eq!(
            screen.view().tapped,
            House::new(2),
            "the learner's house is named"
        );
    }

    #[test]
    fn congkaks_simultaneous_start_is_sown_by_both_hands_and_judged() {
        use crate::lessons::{setup, LessonId};
        let id = LessonId::CongkakSimultaneous;
        let mut screen =
            StudyScreen::new(super::super::lesson::exercise(id), Duration::from_millis(5));
        let lit: MoveSet = screen.view().board.houses[0]
            .iter()
            .enumerate()
            .filter(|(_, h)| h.playable)
            .filter_map(|(i, _)| House::new(i as u8 + 1))
            .collect();
        assert_eq!(
            lit,
            setup(id).moves(),
            "the learner's hand's choices are lit"
        );
        let house = lit.first().unwrap();
        assert!(screen.tap(house));
        assert!(matches!(screen.game().moves(), [Move::Opening(_)]));
        let mut both_hands = false;
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut finished = None;
        while screen.is_busy() {
            assert!(Instant::now() < deadline);
            let view = screen.view();
            let hands = view
                .board
                .houses
                .iter()
                .flatten()
                .filter(|h| h.active)
                .count()
                + view.board.store_active.iter().filter(|&&a| a).count();
            both_hands |= hands == 2;
            finished = screen.tick().or(finished);
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(both_hands, "both hands were shown sowing");
        assert!(finished.is_some());
        let expected = crate::lessons::judge(id, &setup(id).game, house);
        assert_eq!(
            screen.view().note,
            Some(Note::Lesson {
                note: expected.note,
                numbers: expected.numbers
            })
        );
    }
}
