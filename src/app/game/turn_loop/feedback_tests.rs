//! What the turn loop tells its feedback sink (sound and touch) as a game is shown.

use super::*;
use crate::app::feedback::{Feedback, FeedbackSink, GameEnd};
use crate::engine::{Game, Variant};
use crate::players::Difficulty;
use crate::testing::brains::FirstLegalMove;
use std::cell::RefCell;
use std::time::Instant;

#[derive(Default)]
struct Heard(RefCell<Vec<Feedback>>);

impl FeedbackSink for Heard {
    fn feedback(&self, event: Feedback) {
        self.0.borrow_mut().push(event);
    }
}

impl Heard {
    fn take(&self) -> Vec<Feedback> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

fn listening(step: u64) -> (TurnLoop, Rc<Heard>) {
    let mut turns = TurnLoop::new(Arc::new(FirstLegalMove));
    let heard = Rc::new(Heard::default());
    turns.set_feedback(heard.clone());
    turns.set_step(Duration::from_millis(step));
    let _ = turns.set_on_screen(true);
    (turns, heard)
}

fn settle(turns: &mut TurnLoop) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while turns.is_busy() {
        assert!(Instant::now() < deadline, "the turn loop never settled");
        let _ = turns.tick();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn drops(heard: &[Feedback]) -> Vec<(bool, Duration)> {
    heard
        .iter()
        .filter_map(|e| match *e {
            Feedback::Drop { store, pace } => Some((store, pace)),
            _ => None,
        })
        .collect()
}

#[test]
fn sound_events_of_a_sowing_each_seed_shown_falling_then_an_extra_turn() {
    let (mut turns, heard) = listening(100);
    let _ = turns.begin(Rules::new(Variant::Kalah), Opponent::Human, Side::South);
    assert_eq!(heard.take(), [], "nothing before a move");
    // House 3 of four seeds: houses 4, 5, 6, then the store: an extra turn.
    let _ = turns.tap(Side::South, 3);
    settle(&mut turns);
    let heard = heard.take();
    let sown = drops(&heard);
    assert_eq!(sown.len(), 4, "{heard:?}");
    assert_eq!(
        sown.iter().map(|d| d.0).collect::<Vec<_>>(),
        [false, false, false, true],
        "the last one into the store"
    );
    assert!(sown.iter().all(|d| d.1 == Duration::from_millis(100)));
    assert_eq!(heard.last(), Some(&Feedback::ExtraTurn));
}

#[test]
fn sound_events_of_a_move_shown_at_once_no_drops_but_the_game_end() {
    let (mut turns, heard) = listening(0);
    let opponent = Opponent::Computer {
        level: Difficulty::Beginner,
    };
    let _ = turns.begin(Rules::new(Variant::Kalah), opponent, Side::South);
    // The person and the computer (FirstLegalMove) each play their first legal house.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !turns.session().unwrap().is_over() {
        assert!(Instant::now() < deadline, "the game never ended");
        let session = turns.session().unwrap();
        if session.human_to_move() {
            let house = session.position().legal_moves().first().unwrap();
            let _ = turns.tap(Side::South, house.number() as i32);
        }
        settle(&mut turns);
    }
    let heard = heard.take();
    assert!(
        drops(&heard).is_empty(),
        "no animation, no drops: {heard:?}"
    );
    let end = match turns.session().unwrap().result().unwrap() {
        crate::players::GameResult::Won => GameEnd::Won,
        crate::players::GameResult::Lost => GameEnd::Lost,
        crate::players::GameResult::Drawn => GameEnd::Drawn,
    };
    assert_eq!(heard.last(), Some(&Feedback::GameOver(end)), "{heard:?}");
    let ends = heard.iter().filter(|e| matches!(e, Feedback::GameOver(_)));
    assert_eq!(ends.count(), 1);
    assert!(
        heard.contains(&Feedback::ExtraTurn),
        "a whole game has extra turns"
    );
}

#[test]
fn sound_events_between_two_people_just_an_ending_and_none_off_screen() {
    let (mut turns, heard) = listening(0);
    let _ = turns.begin(Rules::new(Variant::Oware), Opponent::Human, Side::South);
    let _ = turns.resign();
    assert_eq!(heard.take(), [Feedback::GameOver(GameEnd::Ended)]);
    let _ = turns.set_on_screen(false);
    let _ = turns.begin(Rules::new(Variant::Kalah), Opponent::Human, Side::South);
    let _ = turns.tap(Side::South, 3);
    let _ = turns.resign();
    assert_eq!(heard.take(), [], "the game screen is not showing");
}

/// The shortest record of Kalah between two people whose last move captures, and the
/// seeds it captures (found by the engine, breadth first).
fn a_capturing_record() -> (Vec<(Side, u8)>, u32) {
    let mut layer = vec![(Game::new(Rules::new(Variant::Kalah)), Vec::new())];
    loop {
        let mut next = Vec::new();
        for (game, record) in layer {
            for house in game.position().legal_moves() {
                let mut after = game.clone();
                let side = after.position().side_to_move();
                let report = after.play(house).unwrap();
                let mut longer: Vec<(Side, u8)> = record.clone();
                longer.push((side, house.number()));
                if report.captured() > 0 && !after.position().is_over() {
                    return (longer, report.captured());
                }
                next.push((after, longer));
            }
        }
        layer = next;
    }
}

#[test]
fn sound_events_of_a_capture_with_its_seeds_and_the_store_filling() {
    let (record, seeds) = a_capturing_record();
    let (mut turns, heard) = listening(100);
    let _ = turns.begin(Rules::new(Variant::Kalah), Opponent::Human, Side::South);
    let (last, before) = record.split_last().unwrap();
    for &(side, house) in before {
        let _ = turns.tap(side, house as i32);
        settle(&mut turns);
    }
    let earlier = heard.take();
    assert!(!earlier
        .iter()
        .any(|e| matches!(e, Feedback::Capture { .. })));
    let _ = turns.tap(last.0, last.1 as i32);
    settle(&mut turns);
    let heard = heard.take();
    assert!(!drops(&heard).is_empty());
    let captures: Vec<_> = heard
        .iter()
        .filter(|e| matches!(e, Feedback::Capture { .. }))
        .collect();
    assert_eq!(captures, [&Feedback::Capture { seeds }], "{heard:?}");
    assert!(heard.contains(&Feedback::StoreFilled), "{heard:?}");
}
