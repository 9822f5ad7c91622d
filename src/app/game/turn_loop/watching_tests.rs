//! Watching the computer play itself, without a window: both sides move by themselves,
//! pause stops after the move shown, a step shows exactly one move, and the person's own
//! game waits aside, never saved over nor counted.

use super::*;
use crate::engine::Variant;
use crate::players::Difficulty;
use crate::testing::brains::LevelNoter;
use std::time::Instant;

fn watching(brain: Arc<LevelNoter>) -> TurnLoop {
    let mut turns = TurnLoop::new(brain);
    turns.set_step(Duration::from_millis(100));
    let _ = turns.set_on_screen(true);
    turns
}

fn kalah(seeds: u8) -> Rules {
    Rules::new(Variant::Kalah).with_seeds(seeds).unwrap()
}

fn moves_played(turns: &TurnLoop) -> usize {
    turns.session().unwrap().game().moves().len()
}

/// Ticks while the loop asks to be ticked, for at most `limit` ticks (waiting a little
/// between polls of the worker); returns the last effects.
fn run(turns: &mut TurnLoop, limit: usize) -> Effects {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut last = turns.tick();
    for _ in 0..limit {
        if last.tick.is_none() {
            break;
        }
        assert!(Instant::now() < deadline, "the watched game never settled");
        if last.tick == Some(POLL_INTERVAL) {
            std::thread::sleep(Duration::from_millis(1));
        }
        last = turns.tick();
    }
    last
}

/// Ticks until `done` holds (or fails after ten seconds).
fn until(turns: &mut TurnLoop, done: impl Fn(&TurnLoop) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done(turns) {
        assert!(Instant::now() < deadline, "never happened");
        let effects = turns.tick();
        if effects.tick == Some(POLL_INTERVAL) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[test]
fn a_watched_game_plays_both_sides_at_their_levels_to_the_end_uncounted_and_unsaved() {
    let brain = Arc::new(LevelNoter::default());
    let mut turns = watching(Arc::clone(&brain));
    let effects = turns.watch(
        kalah(3),
        Side::South,
        Difficulty::Expert,
        Difficulty::Beginner,
    );
    assert!(!effects.save_game, "a watched game is never saved");
    let mut all = vec![effects];
    let deadline = Instant::now() + Duration::from_secs(20);
    while !turns.view().unwrap().over {
        assert!(Instant::now() < deadline, "the watched game never ended");
        let effects = turns.tick();
        if effects.tick == Some(POLL_INTERVAL) {
            std::thread::sleep(Duration::from_millis(1));
        }
        all.push(effects);
    }
    assert!(turns.session().unwrap().is_over());
    assert!(all.iter().all(|e| e.finished.is_none()), "never counted");
    let asked = brain.0.lock().unwrap();
    assert_eq!(
        asked.len(),
        moves_played(&turns),
        "every move was the computer's"
    );
    assert!(asked.iter().any(|&(side, _)| side == Side::North));
    for &(side, level) in asked.iter() {
        let expected = match side {
            Side::South => Difficulty::Expert,
            Side::North => Difficulty::Beginner,
        };
        assert_eq!(level, expected, "each side plays at its own level");
    }
    let view = turns.view().unwrap();
    assert_eq!(
        view.watched,
        Some([Difficulty::Expert, Difficulty::Beginner])
    );
    assert!(!view.can_undo && !view.can_redo && !view.can_hint);
}

/// A watched Kalah game paused while its first move is being shown, and the moves
/// played so far.
fn paused_during_a_move() -> (TurnLoop, usize) {
    let mut turns = watching(Arc::new(LevelNoter::default()));
    let _ = turns.watch(
        kalah(4),
        Side::South,
        Difficulty::Casual,
        Difficulty::Casual,
    );
    until(&mut turns, |t| t.view().unwrap().animating);
    let _ = turns.pause();
    assert!(turns.view().unwrap().paused);
    let shown = moves_played(&turns);
    (turns, shown)
}

#[test]
fn pause_stops_after_the_move_shown_and_step_shows_exactly_one_move() {
    let (mut turns, shown) = paused_during_a_move();
    // The move being shown finishes; then nothing more is played, however long one waits.
    until(&mut turns, |t| !t.view().unwrap().animating);
    for _ in 0..50 {
        let effects = turns.tick();
        assert!(
            effects.tick.is_none() || turns.view().unwrap().animating,
            "a paused game asks for no polling"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(moves_played(&turns), shown, "paused: no move is taken");
    assert!(!turns.is_busy(), "a paused game waits for the person");
    assert!(turns.view().unwrap().paused, "Step can show the next move");

    for _ in 0..3 {
        let before = moves_played(&turns);
        let _ = turns.step();
        until(&mut turns, |t| moves_played(t) > before);
        let _ = run(&mut turns, 1000);
        assert_eq!(moves_played(&turns), before + 1, "one step, one move");
        let view = turns.view().unwrap();
        assert!(
            view.paused && !view.animating,
            "still paused after the step"
        );
    }

    let before = moves_played(&turns);
    let _ = turns.play_on();
    assert!(!turns.view().unwrap().paused);
    until(&mut turns, |t| moves_played(t) >= before + 3);
}

#[test]
fn a_step_during_a_move_finishes_it_and_the_person_cannot_play_a_watched_game() {
    let (mut turns, shown) = paused_during_a_move();
    let _ = turns.step();
    let view = turns.view().unwrap();
    assert!(!view.animating, "the move being shown is finished at once");
    assert_eq!(moves_played(&turns), shown, "and no other is played");
    let board = turns.session().unwrap().position().pits().to_vec();
    let _ = turns.tap(Side::South, 1);
    let _ = turns.hint();
    let _ = turns.resign();
    let _ = turns.undo();
    assert_eq!(moves_played(&turns), shown);
    assert_eq!(turns.session().unwrap().position().pits(), board.as_slice());
    assert!(!turns.session().unwrap().is_over());
}

#[test]
fn the_persons_own_game_waits_aside_and_comes_back_as_it_was() {
    let mut turns = watching(Arc::new(LevelNoter::default()));
    let _ = turns.begin(Rules::new(Variant::Oware), Opponent::Human, Side::South);
    let _ = turns.tap(Side::South, 2);
    let _ = run(&mut turns, 1000);
    let own = turns.session().unwrap().game().clone();
    let own_id = turns.session().unwrap().id();

    let _ = turns.watch(
        kalah(3),
        Side::North,
        Difficulty::Strong,
        Difficulty::Beginner,
    );
    assert!(turns.session().unwrap().is_watched());
    assert_eq!(turns.own_game().unwrap().game(), &own, "Continue offers it");
    // Watching again (Watch again on the game-over panel) keeps it aside still.
    let _ = turns.rematch(Side::South);
    assert!(turns.session().unwrap().is_watched());
    assert_eq!(turns.own_game().unwrap().id(), own_id);

    let _ = turns.end_watch();
    let back = turns.session().unwrap();
    assert!(!back.is_watched());
    assert_eq!(back.game(), &own);
    assert_eq!(back.id(), own_id, "the same game, for the statistics");
    assert_eq!(turns.own_game().unwrap().id(), own_id);

    // A new game of the person's own while watching replaces the one aside.
    let _ = turns.watch(
        kalah(3),
        Side::South,
        Difficulty::Casual,
        Difficulty::Casual,
    );
    let _ = turns.begin(Rules::new(Variant::Kalah), Opponent::Human, Side::South);
    let _ = turns.end_watch();
    assert!(turns.session().unwrap().game().moves().is_empty());
    assert_ne!(turns.session().unwrap().id(), own_id);
}
