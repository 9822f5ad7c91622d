//! The game screen's flows without a window: the same situations `tests/ui.rs` plays
//! through the real UI, checked here on the turn loop's effects and view.

use super::*;
use crate::app::game::banner::HintWords;
use crate::app::game::playback::LONGEST_TURN;
use crate::engine::{EndReason, Game, Move, Variant};
use crate::players::Difficulty;
use crate::players::GameResult;
use crate::testing::brains::{
    ExtraTurnsFirst, FirstMoveLastHint, Panicking, TablesBuilding, UntilCancelled,
};
use std::sync::Mutex;
use std::time::Instant;

const STEP: Duration = Duration::from_millis(100);

fn table(brain: impl Brain) -> TurnLoop {
    let mut turns = TurnLoop::new(Arc::new(brain));
    turns.set_step(STEP);
    let _ = turns.set_on_screen(true);
    turns
}

fn two_people(turns: &mut TurnLoop, variant: Variant) -> Effects {
    turns.begin(Rules::new(variant), Opponent::Human, Side::South)
}

fn vs_computer(turns: &mut TurnLoop, first: Side) -> Effects {
    turns.begin(
        Rules::new(Variant::Kalah),
        Opponent::Computer {
            level: Difficulty::Beginner,
        },
        first,
    )
}

/// Ticks until the loop asks for no more ticks (animation shown, answer arrived),
/// collecting every effect; gives up after ten seconds.
fn settle(turns: &mut TurnLoop) -> Vec<Effects> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = Vec::new();
    while turns.is_busy() {
        assert!(Instant::now() < deadline, "the turn loop never settled");
        let effects = turns.tick();
        if effects.tick == Some(POLL_INTERVAL) {
            std::thread::sleep(Duration::from_millis(1));
        }
        seen.push(effects);
    }
    seen
}

fn view(turns: &TurnLoop) -> GameView {
    turns.view().expect("a game on the board")
}

/// The moves of the game on the board, as numbers.
fn moves(turns: &TurnLoop) -> Vec<u8> {
    moves_of(turns.session().unwrap().game())
}

/// A game's moves, as numbers.
fn moves_of(game: &Game) -> Vec<u8> {
    game.moves()
        .iter()
        .map(|m| m.house().expect("no simultaneous first move").number())
        .collect()
}

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

#[test]
fn a_move_is_saved_at_once_animated_step_by_step_and_ends_on_the_engines_position() {
    let mut turns = table(FirstMoveLastHint);
    let _ = two_people(&mut turns, Variant::Kalah);
    let effects = turns.tap(Side::South, 1);
    assert!(effects.save_game, "the move is saved before it is shown");
    assert_eq!(effects.tick, Some(STEP), "the animation wants the timer");
    let first = turns.tick();
    assert!(!first.save_game);
    let shown = view(&turns);
    assert!(shown.animating && shown.in_hand > 0);
    assert_eq!(shown.board.houses[0][0].seeds, 0, "the house was emptied");
    let rest = settle(&mut turns);
    assert_eq!(
        rest.last().unwrap().tick,
        None,
        "the timer stops at the end"
    );
    let settled = view(&turns);
    let pos = *turns.session().unwrap().position();
    assert!(!settled.animating);
    assert_eq!(
        settled.board.houses[0][1].seeds,
        pos.house(Side::South, h(2))
    );
    assert_eq!(settled.to_move, Side::North);
    assert!(settled.board.houses[0][0].last_move);
}

#[test]
fn with_animation_off_a_move_is_shown_at_once() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = two_people(&mut turns, Variant::Kalah);
    let effects = turns.tap(Side::South, 3);
    assert_eq!(effects.tick, None);
    assert!(!turns.is_busy());
    assert_eq!(view(&turns).banner, Banner::ExtraTurn(Side::South));
}

#[test]
fn a_tap_during_the_animation_skips_to_the_end_without_playing() {
    let mut turns = table(FirstMoveLastHint);
    let _ = two_people(&mut turns, Variant::Oware);
    let _ = turns.tap(Side::South, 2);
    assert!(turns.is_busy());
    let _ = turns.tap(Side::North, 3);
    assert!(!turns.is_busy());
    assert_eq!(moves(&turns), [2], "the skipping tap is not a move");
}

#[test]
fn the_computer_answers_after_the_persons_move_has_been_shown() {
    let mut turns = table(FirstMoveLastHint);
    let _ = vs_computer(&mut turns, Side::South);
    let _ = turns.tap(Side::South, 1);
    assert!(
        !view(&turns).thinking,
        "no search while the move is animated"
    );
    let effects = settle(&mut turns);
    assert!(effects.iter().any(|e| e.save_game), "the answer is saved");
    assert_eq!(moves(&turns), [1, 1]);
    assert!(view(&turns).can_hint);
}

#[test]
fn the_computer_moving_first_thinks_only_once_the_game_screen_shows() {
    let mut turns = TurnLoop::new(Arc::new(FirstMoveLastHint));
    let effects = vs_computer(&mut turns, Side::North);
    assert!(effects.save_game);
    assert_eq!(effects.tick, None, "not on screen: nobody thinks yet");
    let effects = turns.set_on_screen(true);
    assert_eq!(effects.tick, Some(POLL_INTERVAL));
    assert!(view(&turns).thinking);
    let _ = settle(&mut turns);
    assert_eq!(moves(&turns).len(), 1);
}

#[test]
fn undo_against_the_computer_goes_back_to_the_persons_own_move() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = vs_computer(&mut turns, Side::South);
    let _ = turns.tap(Side::South, 1);
    let _ = settle(&mut turns);
    assert_eq!(moves(&turns), [1, 1]);
    let effects = turns.undo();
    assert!(effects.save_game);
    assert!(
        moves(&turns).is_empty(),
        "the reply and the move are taken back"
    );
    assert!(view(&turns).can_redo);
    let _ = turns.redo();
    assert_eq!(moves(&turns), [1, 1]);
}

#[test]
fn leaving_the_game_screen_or_undoing_cancels_the_search() {
    let (brain, stopped) = UntilCancelled::new();
    let mut turns = table(brain);
    turns.set_step(Duration::ZERO);
    let _ = vs_computer(&mut turns, Side::South);
    let _ = turns.tap(Side::South, 2);
    assert!(view(&turns).thinking);
    let effects = turns.set_on_screen(false);
    assert_eq!(effects.tick, None);
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("leaving the screen cancelled the search");
    assert!(!turns.is_busy());

    let _ = turns.set_on_screen(true);
    assert!(
        view(&turns).thinking,
        "back on screen the computer thinks again"
    );
    let _ = turns.undo();
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("undo cancelled the search");
    assert!(moves(&turns).is_empty());
}

#[test]
fn a_failed_search_still_moves() {
    let mut turns = table(Panicking);
    turns.set_step(Duration::ZERO);
    let _ = vs_computer(&mut turns, Side::North);
    let _ = settle(&mut turns);
    assert_eq!(moves(&turns), [1], "the first legal move is played instead");
    assert_eq!(turns.search_failures(), 1, "and the failure is counted");
}

#[test]
fn taps_that_cannot_be_played_say_why_and_change_nothing() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = vs_computer(&mut turns, Side::South);
    let effects = turns.tap(Side::North, 2);
    assert!(!effects.save_game);
    // The person's own turn: the banner says whose house it was, never "wait for the
    // computer", which would contradict "your turn" in the status line.
    let shown = view(&turns);
    assert_eq!(shown.to_move, Side::South);
    assert_eq!(shown.banner, Banner::OthersHouse(Side::North));
    let _ = turns.tap(Side::South, 3); // an extra turn; house 3 is now empty
    let effects = turns.tap(Side::South, 3);
    assert!(!effects.save_game);
    assert_eq!(view(&turns).banner, Banner::EmptyHouse(Side::South));
    assert_eq!(moves(&turns), [3]);
}

#[test]
fn a_hint_is_searched_in_the_background_and_lights_its_house() {
    let mut turns = table(FirstMoveLastHint);
    let _ = vs_computer(&mut turns, Side::South);
    let effects = turns.hint();
    assert_eq!(effects.tick, Some(POLL_INTERVAL));
    assert!(!view(&turns).can_hint, "one hint at a time");
    assert!(view(&turns).hinting, "the screen says a hint is coming");
    let _ = settle(&mut turns);
    let shown = view(&turns);
    assert_eq!(
        shown.banner,
        Banner::Hint(HintWords {
            house: h(6),
            value: 3,
            exact: false,
            margin: Some(2),
        })
    );
    assert!(!shown.hinting);
    assert!(shown.board.houses[0][5].hinted);
    let _ = turns.tap(Side::South, 6);
    assert!(
        !view(&turns).board.houses[0][5].hinted,
        "a move clears the hint"
    );
}

#[test]
fn a_finished_game_is_counted_once_even_when_undone_and_finished_again() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = two_people(&mut turns, Variant::Kalah);
    // Play the first legal move until the game ends, then undo the last and replay it.
    let mut finished = Vec::new();
    while !turns.session().unwrap().is_over() {
        let pos = *turns.session().unwrap().position();
        let house = pos.legal_moves().first().unwrap();
        let effects = turns.tap(pos.side_to_move(), house.number() as i32);
        finished.extend(effects.finished);
    }
    assert_eq!(finished.len(), 1, "counted when it ended");
    assert_eq!(finished[0].variant, Variant::Kalah);
    assert_eq!(finished[0].opponent, Opponent::Human);
    let shown = view(&turns);
    assert!(shown.over && !shown.panel_hidden);
    let _ = turns.hide_panel();
    assert!(view(&turns).panel_hidden);
    let _ = turns.undo();
    assert!(!view(&turns).over && !view(&turns).panel_hidden);
    let effects = turns.redo();
    assert!(effects.finished.is_none(), "not counted a second time");
    assert!(view(&turns).over);
}

#[test]
fn the_last_move_is_counted_and_its_save_removed_when_played_not_when_shown() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = two_people(&mut turns, Variant::Kalah);
    let mut finished = Vec::new();
    loop {
        let pos = *turns.session().unwrap().position();
        let house = pos.legal_moves().first().unwrap();
        let mut after = turns.session().unwrap().game().clone();
        after.play(house).unwrap();
        if after.is_over() {
            // The last move, animated this time.
            turns.set_step(STEP);
            let effects = turns.tap(pos.side_to_move(), house.number() as i32);
            assert!(effects.save_game, "the save goes with the last move");
            assert_eq!(effects.tick, Some(STEP), "the move is still being shown");
            finished.extend(effects.finished);
            break;
        }
        let _ = turns.tap(pos.side_to_move(), house.number() as i32);
    }
    assert_eq!(finished.len(), 1, "counted as the last move was played");
    assert_eq!(finished[0].game, turns.session().unwrap().id());
    assert!(!view(&turns).over, "the panel waits for the animation");
    let rest = settle(&mut turns);
    assert!(rest.iter().all(|e| e.finished.is_none() && !e.save_game));
    assert!(view(&turns).over);
}

#[test]
fn resigning_ends_the_game_as_a_loss_and_asks_for_the_save_to_go() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = vs_computer(&mut turns, Side::South);
    let effects = turns.resign();
    assert!(effects.save_game);
    assert_eq!(effects.finished.map(|f| f.result), Some(GameResult::Lost));
    let shown = view(&turns);
    assert!(shown.over);
    assert_eq!(shown.resigned, Some(Side::South));
    assert_eq!(shown.winner, Some(Side::North));
    assert_eq!(
        turns.resign(),
        turns.resign(),
        "resigning twice changes nothing"
    );
}

#[test]
fn a_resumed_game_continues_at_its_position_and_the_computer_answers() {
    let mut first = Session::new(
        Rules::new(Variant::Oware),
        Side::South,
        Opponent::Computer {
            level: Difficulty::Casual,
        },
    );
    first.play(h(3)).unwrap();
    // What the controller does with a saved game: replay its record, then resume.
    let replayed = Game::restore(*first.game().start(), first.game().moves(), &[]).unwrap();
    let mut turns = TurnLoop::new(Arc::new(FirstMoveLastHint));
    turns.set_step(Duration::ZERO);
    let _ = turns.resume(Session::from_game(replayed, first.opponent(), first.id()));
    assert_eq!(turns.session().unwrap().position(), first.position());
    assert!(!turns.is_busy(), "off screen nobody thinks");
    let _ = turns.set_on_screen(true);
    let _ = settle(&mut turns);
    assert_eq!(moves(&turns).len(), 2);
    assert_eq!(view(&turns).to_move, Side::South);
}

#[test]
fn an_illegal_record_is_refused_and_the_game_on_the_board_stays() {
    let mut turns = table(FirstMoveLastHint);
    let _ = two_people(&mut turns, Variant::Kalah);
    let _ = turns.tap(Side::South, 1);
    let _ = settle(&mut turns);
    let record = turns.load_record(
        Rules::new(Variant::Kalah),
        Opponent::Human,
        &[h(3).into(), h(3).into()],
    );
    assert!(record.is_err());
    assert_eq!(moves(&turns), [1]);
    let effects = turns
        .load_record(
            Rules::new(Variant::Kalah),
            Opponent::Human,
            &[h(3).into(), h(1).into()],
        )
        .unwrap();
    assert!(effects.save_game && effects.finished.is_none());
    assert_eq!(moves(&turns), [3, 1]);
}

#[test]
fn the_last_moves_marks_grow_with_the_animation_and_stay_after_the_computers_move() {
    let mut turns = table(FirstMoveLastHint);
    let _ = vs_computer(&mut turns, Side::South);
    // South 1: four seeds into South 2..5.
    let _ = turns.tap(Side::South, 1);
    let _ = turns.tick(); // the pick-up
    let _ = turns.tick(); // the first seed, into South 2
    let shown = view(&turns);
    let sown: Vec<u16> = shown.board.houses[0]
        .iter()
        .map(|house| house.sown)
        .collect();
    assert_eq!(sown, [0, 1, 0, 0, 0, 0], "only the seeds shown so far");
    assert!(shown.board.houses[0][0].last_move);
    let _ = settle(&mut turns);
    // The computer (FirstMoveLastHint) answered with its first legal house, North 1: four seeds
    // into North 2..5; its marks replace the person's.
    let after = view(&turns);
    assert_eq!(moves(&turns), [1, 1]);
    assert!(after.board.houses[1][0].last_move && !after.board.houses[0][0].last_move);
    let sown: Vec<u16> = after.board.houses[1]
        .iter()
        .map(|house| house.sown)
        .collect();
    assert_eq!(sown, [0, 1, 1, 1, 1, 0]);
    assert!(after.board.houses[0].iter().all(|house| house.sown == 0));
    // Undo takes both moves back: no move, no marks.
    let _ = turns.undo();
    let undone = view(&turns);
    assert!(undone
        .board
        .houses
        .iter()
        .flatten()
        .all(|house| !house.last_move && house.sown == 0));
}

#[test]
fn a_tap_on_the_other_row_between_two_people_names_its_owner() {
    let mut turns = table(FirstMoveLastHint);
    turns.set_step(Duration::ZERO);
    let _ = two_people(&mut turns, Variant::Kalah);
    let _ = turns.tap(Side::North, 1);
    assert_eq!(view(&turns).banner, Banner::OthersHouse(Side::North));
    assert!(moves(&turns).is_empty());
}

#[test]
fn a_tap_while_the_computer_thinks_says_to_wait() {
    let (brain, _cancelled) = UntilCancelled::new();
    let mut turns = table(brain);
    let _ = vs_computer(&mut turns, Side::North);
    assert!(view(&turns).thinking);
    let _ = turns.tap(Side::South, 1);
    assert_eq!(view(&turns).banner, Banner::NotYourTurn(Side::South));
}

#[test]
fn the_view_explains_the_ending_once_the_last_move_has_been_shown() {
    let mut turns = table(FirstMoveLastHint);
    let _ = two_people(&mut turns, Variant::Kalah);
    let _ = turns.resign();
    let shown = view(&turns);
    let ending = shown.ending.expect("an ending once over");
    assert_eq!(ending.reason, EndReason::Resignation { side: Side::South });
    assert_eq!(ending.winner, Some(Side::North));
    let _ = turns.undo();
    assert_eq!(view(&turns).ending, None, "undone: the game goes on");
}

/// 7-house Congkak with 7 seeds against the greedy computer, which moves first.
fn congkak_vs_greedy(step: Duration) -> TurnLoop {
    let mut turns = table(ExtraTurnsFirst);
    turns.set_step(step);
    let rules = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .build()
        .unwrap();
    let level = Difficulty::Beginner;
    let _ = turns.begin(rules, Opponent::Computer { level }, Side::North);
    turns
}

/// Ticks until the computer's move is being animated.
fn until_animating(turns: &mut TurnLoop) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !view(turns).animating {
        assert!(Instant::now() < deadline, "the computer never moved");
        let _ = turns.tick();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The board the view shows is the engine's position.
fn shows_the_engines_position(turns: &TurnLoop) {
    let (shown, position) = (view(turns), *turns.session().unwrap().position());
    for side in [Side::South, Side::North] {
        let seeds: Vec<u8> = shown.board.houses[side.index()]
            .iter()
            .map(|h| h.seeds)
            .collect();
        assert_eq!(seeds, position.houses(side), "{side:?}'s houses");
    }
    assert_eq!(shown.board.stores, position.stores());
}

#[test]
fn one_skip_shows_the_rest_of_the_computers_whole_turn_at_once() {
    let mut turns = congkak_vs_greedy(STEP);
    until_animating(&mut turns);
    let _ = turns.skip();
    let mut animated_again = false;
    let deadline = Instant::now() + Duration::from_secs(10);
    while turns.is_busy() {
        assert!(Instant::now() < deadline, "the turn loop never settled");
        let _ = turns.tick();
        animated_again |= view(&turns).animating;
        std::thread::sleep(Duration::from_millis(1));
    }
    let session = turns.session().unwrap();
    assert!(session.human_to_move() || session.is_over());
    let turn = moves(&turns).len();
    assert!(turn >= 2, "the computer's turn had several moves: {turn}");
    assert!(!animated_again, "the rest of the turn was shown at once");
    shows_the_engines_position(&turns);

    // The person's own next move animates again.
    let house = turns
        .session()
        .unwrap()
        .position()
        .legal_moves()
        .first()
        .unwrap();
    let _ = turns.tap(Side::South, house.number() as i32);
    assert!(view(&turns).animating);
}

#[test]
fn a_long_computer_turn_steps_faster_and_every_speed_still_ends_on_the_engines_position() {
    use crate::store::AnimationSpeed;
    for speed in [
        AnimationSpeed::Off,
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ] {
        let step = Duration::from_millis(speed.step_millis());
        let mut turns = congkak_vs_greedy(step);
        let ticks: Vec<Duration> = settle(&mut turns)
            .iter()
            .filter_map(|e| e.tick)
            .filter(|&t| t != POLL_INTERVAL)
            .collect();
        shows_the_engines_position(&turns);
        assert!(
            moves(&turns).len() >= 2,
            "{speed:?}: a turn of several moves"
        );
        if step.is_zero() {
            assert!(ticks.is_empty(), "Off shows every move at once: {ticks:?}");
            continue;
        }
        assert_eq!(
            ticks[0], step,
            "{speed:?}: the turn starts at the player's speed"
        );
        let fastest = *ticks.iter().min().unwrap();
        assert!(
            fastest < step && fastest >= step / 4,
            "{speed:?}: later sowings faster, at most 4 times ({fastest:?} of {step:?})"
        );
    }
}

#[test]
fn seeds_fly_during_the_animation_and_a_capture_or_extra_turn_flashes_its_store() {
    let mut turns = table(FirstMoveLastHint);
    let _ = two_people(&mut turns, Variant::Kalah);
    // South 3: four seeds, the last into South's store, so South moves again.
    let _ = turns.tap(Side::South, 3);
    let _ = turns.tick();
    let shown = view(&turns);
    assert_eq!(shown.flights.len(), 1, "the hand leaves South 3");
    assert_eq!((shown.flights[0].from, shown.flights[0].seeds), (2, 4));
    assert_eq!(shown.flight_time, STEP);
    let motion = shown.motion;
    let _ = turns.tick();
    assert_ne!(view(&turns).motion, motion, "each step is a new flight");
    let _ = settle(&mut turns);
    let settled = view(&turns);
    assert!(settled.flights.is_empty());
    let extra = settled.accent.expect("the extra turn flashes");
    assert_eq!(
        (extra.kind, extra.pit, extra.seeds),
        (AccentKind::ExtraTurn, 6, 0)
    );

    // Then South 5, North 1 and South 1, which captures: flashed at South's store.
    for (side, house) in [(Side::South, 5), (Side::North, 1), (Side::South, 1)] {
        let _ = turns.tap(side, house);
        let _ = settle(&mut turns);
    }
    let capture = view(&turns).accent.expect("the capture flashes");
    assert_eq!((capture.kind, capture.pit), (AccentKind::Capture, 6));
    assert!(capture.seeds > 0 && capture.serial > extra.serial);

    // Undo takes the flash away with the move; animation off shows no flash at all.
    let _ = turns.undo();
    assert_eq!(view(&turns).accent, None);
    turns.set_step(Duration::ZERO);
    let _ = turns.tap(Side::South, 1);
    assert_eq!(view(&turns).accent, None);
    assert!(view(&turns).flights.is_empty());
}

fn against(turns: &mut TurnLoop, level: Difficulty) -> Effects {
    turns.begin(
        Rules::new(Variant::Oware),
        Opponent::Computer { level },
        Side::South,
    )
}

#[test]
fn the_tables_bar_shows_and_moves_while_an_experts_tables_are_built() {
    let brain = Arc::new(TablesBuilding(Mutex::new(Some(0.25))));
    let mut turns = TurnLoop::new(Arc::clone(&brain) as Arc<dyn Brain>);
    turns.set_step(STEP);
    let _ = turns.set_on_screen(true);
    let effects = against(&mut turns, Difficulty::Expert);
    assert_eq!(view(&turns).preparing, Some(0.25));
    assert_eq!(
        effects.tick,
        Some(PREPARING_INTERVAL),
        "the person's turn, nothing else moving: the timer runs for the bar alone"
    );
    *brain.0.lock().unwrap() = Some(0.5);
    let effects = turns.tick();
    assert_eq!(
        view(&turns).preparing,
        Some(0.5),
        "each tick reads it afresh"
    );
    assert_eq!(effects.tick, Some(PREPARING_INTERVAL));

    *brain.0.lock().unwrap() = None;
    let effects = turns.tick();
    assert_eq!(view(&turns).preparing, None);
    assert_eq!(effects.tick, None, "built: the timer stops");

    *brain.0.lock().unwrap() = Some(0.75);
    let effects = turns.set_on_screen(false);
    assert_eq!(effects.tick, None, "off the screen no bar is drawn");
}

#[test]
fn no_tables_bar_without_an_expert_in_the_game() {
    let brain = TablesBuilding(Mutex::new(Some(0.25)));
    let mut turns = table(brain);
    let effects = against(&mut turns, Difficulty::Strong);
    assert_eq!(
        view(&turns).preparing,
        None,
        "another game's build is not this one's"
    );
    assert_eq!(effects.tick, None);
    let effects = two_people(&mut turns, Variant::Oware);
    assert_eq!(view(&turns).preparing, None);
    assert_eq!(effects.tick, None);
}

/// Ticks as the app's timer would, from an action's `effects`, until the loop settles;
/// returns the time that took on a mocked clock (each tick comes after the interval the
/// one before asked for) and the relays the animation counted along the way.
fn timed_settle(turns: &mut TurnLoop, effects: Effects) -> (Duration, u32) {
    let deadline = Instant::now() + Duration::from_secs(10);
    let (mut clock, mut relays_seen) = (Duration::ZERO, 0);
    let mut interval = effects.tick;
    while turns.is_busy() {
        assert!(Instant::now() < deadline, "the turn loop never settled");
        let wait = interval.expect("a busy turn loop runs its timer");
        clock += wait;
        if wait == POLL_INTERVAL {
            // The search runs on its thread in real time.
            std::thread::sleep(Duration::from_millis(1));
        }
        interval = turns.tick().tick;
        relays_seen = relays_seen.max(view(turns).relays);
    }
    (clock, relays_seen)
}

/// 7-house Congkak with 7 seeds.
fn congkak_7x7() -> Rules {
    Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .build()
        .unwrap()
}

/// What the greedy computer's turn from `game` would be: its moves, relays and drops.
fn greedy_turn(game: &Game) -> (usize, u32, usize) {
    let (mut game, cancel) = (game.clone(), std::sync::atomic::AtomicBool::new(false));
    let (mut moves, mut relays, mut drops) = (0, 0, 0);
    while game.position().side_to_move() == Side::North && !game.is_over() {
        let house = ExtraTurnsFirst.choose_move(&game, Difficulty::Beginner, &cancel);
        let report = game.play(house).unwrap();
        moves += 1;
        relays += report.relays;
        drops += report
            .steps
            .iter()
            .filter(|s| matches!(s, crate::engine::Step::Drop { .. }))
            .count();
    }
    (moves, relays, drops)
}

/// A record of 7x7 Congkak after which the greedy computer (North) has a turn of at
/// least three moves and many relays, with more drops than a quarter pace shows in 8 s:
/// found by playing random games and asking the engine's move reports, so the test keeps
/// a long turn whatever the rules' details become.
fn long_congkak_turn(quarter_pace: Duration) -> Vec<u8> {
    let mut state = 99u64;
    for _ in 0..500 {
        let mut game = Game::new(congkak_7x7());
        for _ in 0..30 {
            if game.is_over() {
                break;
            }
            if game.position().side_to_move() == Side::North {
                let (moves, relays, drops) = greedy_turn(&game);
                if moves >= 3 && relays >= 20 && quarter_pace * drops as u32 > LONGEST_TURN * 2 {
                    return moves_of(&game);
                }
            }
            let legal = game.position().legal_moves().to_vec();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            game.play(legal[(state >> 33) as usize % legal.len()])
                .unwrap();
        }
    }
    panic!("no long turn in 500 random games");
}

/// 7-house Congkak with 7 seeds after `record`, the greedy computer (North) to move.
fn congkak_turn_after(record: &[u8], step: Duration) -> (TurnLoop, Effects) {
    let mut turns = table(ExtraTurnsFirst);
    turns.set_step(step);
    let rules = congkak_7x7();
    let level = Difficulty::Beginner;
    let moves: Vec<Move> = record.iter().map(|&m| h(m).into()).collect();
    let effects = turns
        .load_record(rules, Opponent::Computer { level }, &moves)
        .unwrap();
    assert_eq!(
        turns.session().unwrap().to_move(),
        Some(Side::North),
        "the computer's turn"
    );
    (turns, effects)
}

#[test]
fn a_computer_turn_of_many_relays_and_extra_turns_ends_within_8_seconds_at_normal_speed() {
    use crate::store::AnimationSpeed;
    let normal = Duration::from_millis(AnimationSpeed::Normal.step_millis());
    let (mut turns, effects) = congkak_turn_after(&long_congkak_turn(normal / 4), normal);
    let before = moves(&turns).len();
    let (clock, relays_seen) = timed_settle(&mut turns, effects);
    shows_the_engines_position(&turns);

    // What the turn was: several moves, long relays, hundreds of drops.
    let game = turns.session().unwrap().game();
    let mut replay = Game::from_start(*game.start());
    let (mut relays, mut drops, mut turn_moves) = (0, 0, 0);
    for (i, mv) in game.moves().iter().enumerate() {
        let report = replay.play(mv.house().unwrap()).unwrap();
        if i >= before && report.mover == Side::North {
            turn_moves += 1;
            relays += report.relays;
            drops += report
                .steps
                .iter()
                .filter(|s| matches!(s, crate::engine::Step::Drop { .. }))
                .count();
        }
    }
    assert!(turn_moves >= 3, "a turn of {turn_moves} moves");
    assert!(relays >= 20, "{relays} relays");
    // Even at a quarter of the player's pace, the fastest a turn steps by itself, these
    // drops would take well over 8 s one a tick: the budget had to speed them up.
    assert!(
        normal / 4 * drops as u32 > Duration::from_secs(14),
        "{drops} drops"
    );
    assert!(clock <= Duration::from_secs(8), "the turn took {clock:?}");
    assert!(relays_seen > 0, "the relays were counted while they played");
    // And the status line tells the whole turn.
    let shown = view(&turns);
    assert_eq!(
        shown.banner,
        Banner::Turn {
            side: Side::North,
            must_feed: false
        }
    );
    let told = shown.told;
    assert_eq!(told.moves.len() + told.left_out as usize, turn_moves);
    assert_eq!(Some(told.moves[0].house), game.moves()[before].house());
}

#[test]
fn a_tap_while_the_computer_searches_its_next_move_skips_the_rest_of_its_turn() {
    let mut turns = congkak_vs_greedy(STEP);
    until_animating(&mut turns);
    // The first move is shown in full; the tap comes while the next one is searched.
    let deadline = Instant::now() + Duration::from_secs(10);
    while view(&turns).animating || !view(&turns).thinking {
        assert!(
            Instant::now() < deadline,
            "the computer never searched again"
        );
        let _ = turns.tick();
    }
    let _ = turns.tap(Side::South, 1);
    let mut animated_again = false;
    while turns.is_busy() {
        assert!(Instant::now() < deadline, "the turn loop never settled");
        let _ = turns.tick();
        animated_again |= view(&turns).animating;
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        moves(&turns).len() >= 3,
        "the turn went on: {:?}",
        moves(&turns)
    );
    assert!(!animated_again, "the rest of the turn was shown at once");
    shows_the_engines_position(&turns);
    assert!(matches!(view(&turns).banner, Banner::Turn { .. }));
}

#[test]
fn a_tap_while_the_computer_looks_for_its_first_move_skips_nothing() {
    let mut turns = congkak_vs_greedy(STEP);
    assert!(view(&turns).thinking);
    let _ = turns.tap(Side::South, 1);
    assert_eq!(view(&turns).banner, Banner::NotYourTurn(Side::South));
    until_animating(&mut turns);
}

#[test]
fn after_the_computers_turn_the_banner_tells_each_of_its_moves() {
    // Kalah, the person South; the greedy computer answers South 1 with North 3 (its
    // last seed in its store: an extra turn) and then its first legal move, North 1.
    let mut turns = table(ExtraTurnsFirst);
    let _ = vs_computer(&mut turns, Side::South);
    let _ = turns.tap(Side::South, 1);
    let _ = settle(&mut turns);
    assert_eq!(moves(&turns), [1, 3, 1]);
    let shown = view(&turns);
    assert_eq!(
        shown.banner,
        Banner::Turn {
            side: Side::North,
            must_feed: false
        }
    );
    let houses: Vec<u8> = shown.told.moves.iter().map(|m| m.house.number()).collect();
    assert_eq!(houses, [3, 1]);
    assert!(shown.told.moves[0].extra_turn && !shown.told.moves[1].extra_turn);
    // The person's own move is told as before, not as a turn.
    let _ = turns.tap(Side::South, 6);
    let _ = turns.skip();
    let shown = view(&turns);
    assert!(
        !matches!(shown.banner, Banner::Turn { .. }),
        "{:?}",
        shown.banner
    );
    assert!(shown.told.moves.is_empty());
}
