//! Coach mode on the turn loop, without a window: when its note comes, when it does not,
//! that moving on cancels it, and that it never holds up the computer's answer.

use super::*;
use crate::engine::{Game, Variant};
use crate::players::Difficulty;
use crate::testing::brains::ScriptedCoach;
use std::sync::mpsc;
use std::time::Instant;

/// A table with the coaching computer; the receivers hear of each cancelled look and of
/// each game the coach was asked about.
struct Table {
    turns: TurnLoop,
    cancelled: mpsc::Receiver<()>,
    asked: mpsc::Receiver<Game>,
}

fn table(blocking: bool, coach: bool, step: Duration) -> Table {
    let (brain, heard) = ScriptedCoach::new(blocking);
    let mut turns = TurnLoop::new(Arc::new(brain));
    turns.set_step(step);
    turns.set_coach(coach);
    let _ = turns.set_on_screen(true);
    Table {
        turns,
        cancelled: heard.cancelled,
        asked: heard.asked,
    }
}

fn vs_computer(turns: &mut TurnLoop) {
    let level = Difficulty::Beginner;
    let _ = turns.begin(
        Rules::new(Variant::Kalah),
        Opponent::Computer { level },
        Side::South,
    );
}

/// Ticks until `done` says so, sleeping a little between polls; ten seconds at most.
fn tick_until(turns: &mut TurnLoop, what: &str, done: impl Fn(&TurnLoop) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(turns) {
        assert!(Instant::now() < deadline, "never: {what}");
        let _ = turns.tick();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn settle(turns: &mut TurnLoop) {
    tick_until(turns, "settled", |t| !t.is_busy());
}

fn note(turns: &TurnLoop) -> Option<CoachNote> {
    turns.view().unwrap().coach
}

fn moves(turns: &TurnLoop) -> Vec<u8> {
    let game = turns.session().unwrap().game();
    game.moves()
        .iter()
        .map(|m| m.house().expect("no simultaneous first move").number())
        .collect()
}

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

#[test]
fn a_move_that_gives_up_seeds_gets_a_note_that_stays_while_the_computer_answers() {
    let mut t = table(false, true, Duration::from_millis(100));
    vs_computer(&mut t.turns);
    let effects = t.turns.tap(Side::South, 1);
    assert!(effects.tick.is_some(), "the timer runs for the animation");
    let asked = t.asked.recv_timeout(Duration::from_secs(10)).unwrap();
    assert!(
        asked.moves().is_empty(),
        "the coach values the position before the move"
    );
    tick_until(&mut t.turns, "the note", |t| note(t).is_some());
    assert_eq!(
        note(&t.turns),
        Some(CoachNote {
            played: h(1),
            better: h(3),
            seeds: 6
        })
    );
    settle(&mut t.turns);
    assert_eq!(moves(&t.turns), [1, 1], "the computer answered");
    assert!(note(&t.turns).is_some(), "the note stays after the answer");

    // Take it back: the reply and the move are undone, and the note goes.
    let effects = t.turns.take_back();
    assert!(effects.save_game);
    assert!(moves(&t.turns).is_empty());
    assert_eq!(note(&t.turns), None);
    assert_eq!(
        t.turns.take_back(),
        t.turns.take_back(),
        "nothing to take back without a note"
    );
    assert!(moves(&t.turns).is_empty());
}

#[test]
fn a_good_move_gets_no_note_and_neither_does_one_seed() {
    let mut t = table(false, true, Duration::ZERO);
    vs_computer(&mut t.turns);
    // House 6 is one seed behind the best: not worth a word.
    let _ = t.turns.tap(Side::South, 6);
    settle(&mut t.turns);
    assert_eq!(moves(&t.turns), [6, 1]);
    assert!(t.asked.try_recv().is_ok(), "the move was looked at");
    assert_eq!(note(&t.turns), None);
    // The best move, house 3 (an extra turn): no note either.
    let _ = t.turns.undo();
    let _ = t.turns.tap(Side::South, 3);
    settle(&mut t.turns);
    assert_eq!(note(&t.turns), None);
}

#[test]
fn with_coach_mode_off_or_between_two_people_nothing_is_looked_at() {
    let mut t = table(false, false, Duration::ZERO);
    vs_computer(&mut t.turns);
    let _ = t.turns.tap(Side::South, 1);
    assert!(!t.turns.is_coaching());
    settle(&mut t.turns);
    assert_eq!(note(&t.turns), None);
    assert!(t.asked.try_recv().is_err(), "the coach was never asked");

    let mut t = table(false, true, Duration::ZERO);
    let _ = t
        .turns
        .begin(Rules::new(Variant::Kalah), Opponent::Human, Side::South);
    let _ = t.turns.tap(Side::South, 1);
    let _ = t.turns.tap(Side::North, 1);
    settle(&mut t.turns);
    assert!(t.asked.try_recv().is_err(), "two people are not coached");
    assert_eq!(note(&t.turns), None);
}

#[test]
fn the_computers_moves_and_a_hinted_move_are_not_looked_at() {
    let mut t = table(false, true, Duration::ZERO);
    let level = Difficulty::Beginner;
    let _ = t.turns.begin(
        Rules::new(Variant::Kalah),
        Opponent::Computer { level },
        Side::North,
    );
    settle(&mut t.turns);
    assert_eq!(moves(&t.turns), [1], "the computer moved first");
    assert!(t.asked.try_recv().is_err(), "its move is not coached");
    // The hint (ScriptedCoach's: the last legal house, 6) is followed: no look either.
    let _ = t.turns.hint();
    settle(&mut t.turns);
    let _ = t.turns.tap(Side::South, 6);
    assert!(!t.turns.is_coaching());
    settle(&mut t.turns);
    assert!(t.asked.try_recv().is_err(), "a hinted move is not coached");
}

#[test]
fn moving_on_undoing_or_a_new_game_cancels_the_look_and_clears_the_note() {
    let mut t = table(true, true, Duration::ZERO);
    vs_computer(&mut t.turns);
    // House 3 ends in the store: the person moves again while the coach still thinks.
    let _ = t.turns.tap(Side::South, 3);
    assert!(t.turns.is_coaching());
    assert!(t.turns.is_busy(), "a look under way keeps the timer going");
    assert_eq!(t.turns.tick().tick, Some(POLL_INTERVAL));
    let _ = t.turns.tap(Side::South, 1);
    t.cancelled
        .recv_timeout(Duration::from_secs(10))
        .expect("the next move cancelled the look at the last one");
    assert!(t.turns.is_coaching(), "and the new move is looked at");
    let _ = t.turns.undo();
    t.cancelled
        .recv_timeout(Duration::from_secs(10))
        .expect("undo cancelled the look");
    assert!(!t.turns.is_coaching());

    // A note already given goes with the next move, with redo and with a new game.
    let mut t = table(false, true, Duration::ZERO);
    vs_computer(&mut t.turns);
    let _ = t.turns.tap(Side::South, 1);
    settle(&mut t.turns);
    assert!(note(&t.turns).is_some());
    let _ = t.turns.tap(Side::South, 6);
    assert_eq!(note(&t.turns), None, "the person moved on");
    settle(&mut t.turns);
    let _ = t.turns.undo();
    let _ = t.turns.tap(Side::South, 2);
    settle(&mut t.turns);
    assert!(note(&t.turns).is_some());
    let _ = t.turns.undo();
    assert_eq!(note(&t.turns), None, "undo clears it");
    let _ = t.turns.redo();
    assert_eq!(note(&t.turns), None, "and redo brings back no note");
    vs_computer(&mut t.turns);
    let _ = t.turns.tap(Side::South, 1);
    settle(&mut t.turns);
    assert!(note(&t.turns).is_some());
    vs_computer(&mut t.turns);
    assert_eq!(note(&t.turns), None, "a new game clears it");
    let _ = t.turns.tap(Side::South, 1);
    settle(&mut t.turns);
    t.turns.set_coach(false);
    assert_eq!(note(&t.turns), None, "turning the coach off clears it");
}

#[test]
fn the_computer_starts_its_answer_at_once_while_the_coach_still_thinks() {
    // Animation off: the person's move is shown at once, so the computer starts now.
    let mut t = table(true, true, Duration::ZERO);
    vs_computer(&mut t.turns);
    let effects = t.turns.tap(Side::South, 1);
    assert_eq!(effects.tick, Some(POLL_INTERVAL));
    let shown = t.turns.view().unwrap();
    assert!(
        shown.thinking,
        "the computer's search started with the move"
    );
    assert!(t.turns.is_coaching(), "beside the coach's");
    // The coach never answers until cancelled; the computer's move arrives anyway.
    tick_until(&mut t.turns, "the computer's answer", |t| {
        t.session().unwrap().game().moves().len() == 2
    });
    assert!(t.turns.is_coaching(), "the coach is still thinking");
    assert!(t.cancelled.try_recv().is_err(), "and was never cancelled");
    // Leaving the game screen drops the look.
    let _ = t.turns.set_on_screen(false);
    t.cancelled
        .recv_timeout(Duration::from_secs(10))
        .expect("leaving the screen cancelled the look");
    assert!(!t.turns.is_busy());
}
