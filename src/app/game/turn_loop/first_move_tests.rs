//! Congkak's simultaneous first move on the turn loop, without a window: the computer
//! never sees the person's choice, a hand whose last seed fell in its store chooses
//! again, both hands are shown sowing, undo goes back to the first move, and a watched
//! game plays it too.

use super::*;
use crate::engine::{Game, Hand, Lockstep, Move, Opening, Position};
use crate::players::Difficulty;
use crate::testing::opening_brains::{FollowsRecord, OpeningWitness};
use std::time::Instant;

const STEP: Duration = Duration::from_millis(100);

fn table(brain: Arc<dyn Brain>) -> TurnLoop {
    let mut turns = TurnLoop::new(brain);
    turns.set_step(STEP);
    let _ = turns.set_on_screen(true);
    turns
}

fn traditional(turns: &mut TurnLoop, opponent: Opponent) -> Effects {
    turns.begin(Rules::traditional_congkak(), opponent, Side::South)
}

fn computer() -> Opponent {
    Opponent::Computer {
        level: Difficulty::Casual,
    }
}

/// Ticks until nothing moves by itself any more; gives up after ten seconds.
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

fn opening_of(turns: &TurnLoop) -> Option<Opening> {
    match turns.session()?.game().moves().first()? {
        Move::Opening(opening) => Some(opening.clone()),
        Move::House(_) => None,
    }
}

/// A first house of South's whose last seed falls in South's own store (against North's
/// house 7), so that South must choose again.
fn store_ending_house() -> u8 {
    let start = Position::start(Rules::traditional_congkak());
    (1..=7)
        .find(|&n| {
            let mut lockstep = Lockstep::new(&start).unwrap();
            lockstep
                .choose(Side::South, House::new(n).unwrap())
                .unwrap();
            // North's house 7, the witness's choice (the last house it may).
            lockstep
                .choose(Side::North, House::new(7).unwrap())
                .unwrap();
            lockstep.run();
            lockstep.hand(Side::South) == Hand::Choosing
        })
        .expect("a first house that ends in the store")
}

/// Settles the turn loop, the person choosing their first lit house whenever their hand
/// must choose again, until the first move is recorded.
fn choose_first_whenever_asked(turns: &mut TurnLoop) {
    for _ in 0..20 {
        let _ = settle(turns);
        let shown = view(turns);
        let Some(first) = shown.first_move else {
            return;
        };
        let side = first.choosing.expect("the person is asked");
        let lit = shown.board.houses[side.index()]
            .iter()
            .position(|h| h.playable)
            .expect("a house to choose");
        let _ = turns.tap(side, lit as i32 + 1);
    }
    panic!("the first move never ended");
}

#[test]
fn the_computers_first_house_never_depends_on_the_persons() {
    let witness = Arc::new(OpeningWitness::default());
    let mut turns = table(witness.clone());
    let effects = traditional(&mut turns, computer());
    assert!(effects.save_game);
    let shown = view(&turns);
    let first = shown.first_move.expect("the game waits for the first move");
    assert_eq!(
        first.choosing,
        Some(Side::South),
        "the person may tap at once"
    );
    assert!(!shown.can_hint, "no hint while both choose at once");
    assert_eq!(
        shown.board.houses[0].iter().filter(|h| h.playable).count(),
        7
    );
    // The computer may have answered already (it thinks from the start): either way it
    // was shown the lockstep before the person's tap.
    let _ = turns.tap(Side::South, 2);
    choose_first_whenever_asked(&mut turns);
    let asked = witness.0.lock().unwrap().clone();
    assert!(!asked.is_empty(), "the computer chose");
    let (side, first_look) = &asked[0];
    assert_eq!(*side, Side::North);
    assert_eq!(
        first_look.hand(Side::South),
        Hand::Choosing,
        "South's choice unseen"
    );
    assert!(first_look.opening().south.is_empty());
    let opening = opening_of(&turns).expect("the first move is recorded");
    assert_eq!(opening.south[0], House::new(2).unwrap());
    // The witness takes the last house it may: North's house 7.
    assert_eq!(opening.north[0], House::new(7).unwrap());
    assert!(!turns.session().unwrap().in_opening());
    assert!(view(&turns).first_move.is_none());
}

#[test]
fn both_hands_are_shown_sowing_together() {
    let mut turns = table(Arc::new(FollowsRecord(vec![])));
    let _ = traditional(&mut turns, Opponent::Human);
    let _ = turns.tap(Side::South, 4);
    let shown = view(&turns);
    assert_eq!(shown.banner, Banner::Chosen(Side::South));
    let first = shown.first_move.unwrap();
    assert_eq!(first.choosing, Some(Side::North), "North chooses next");
    assert!(first.other_chosen);
    assert!(
        !shown.board.houses[0]
            .iter()
            .any(|h| h.playable || h.last_move),
        "South's house is not marked for North to see"
    );
    assert_eq!(shown.board.houses[0][3].seeds, 7, "nothing sown yet");
    let _ = turns.tap(Side::North, 4);
    let mut both = 0;
    for _ in 0..20 {
        let _ = turns.tick();
        let shown = view(&turns);
        assert!(shown.animating && shown.first_move.unwrap().sowing);
        let hands = shown
            .flights
            .iter()
            .filter(|f| f.kind == crate::app::game::playback::FlightKind::Sowing)
            .count();
        if hands == 2 {
            both += 1;
        }
    }
    assert!(both > 3, "both hands fly at once: {both}");
    let _ = settle(&mut turns);
    assert_eq!(opening_of(&turns).unwrap().to_string(), "4+4");
    let game = Game::parse_record(Position::start(Rules::traditional_congkak()), "4+4").unwrap();
    assert_eq!(turns.session().unwrap().position(), game.position());
    assert!(matches!(view(&turns).banner, Banner::FirstMoveDone { .. }));
}

#[test]
fn a_hand_whose_last_seed_fell_in_its_store_chooses_again() {
    let again = store_ending_house();
    let mut turns = table(Arc::new(OpeningWitness::default()));
    let _ = traditional(&mut turns, computer());
    let _ = turns.tap(Side::South, i32::from(again));
    // Sow to the moment South must choose again.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < deadline, "South was never asked again");
        let _ = turns.tick();
        std::thread::sleep(Duration::from_millis(1));
        let first = view(&turns).first_move;
        if first.is_some_and(|f| f.again) {
            break;
        }
        assert!(
            first.is_some(),
            "the first move ended without asking South again"
        );
    }
    let shown = view(&turns);
    assert!(!shown.animating, "the sowing stops for the person's choice");
    assert!(!turns.is_busy() || shown.thinking);
    let choices: Vec<usize> = (0..7)
        .filter(|&i| shown.board.houses[0][i].playable)
        .collect();
    assert!(!choices.is_empty());
    let pick = choices[0] as i32 + 1;
    let _ = turns.tap(Side::South, pick);
    let _ = settle(&mut turns);
    let opening = opening_of(&turns).expect("recorded");
    assert_eq!(opening.south.len(), 2, "{opening}");
    assert_eq!(opening.south[1].number() as i32, pick);
}

#[test]
fn undo_goes_back_to_the_first_move_and_it_is_played_afresh() {
    let mut turns = table(Arc::new(OpeningWitness::default()));
    turns.set_step(Duration::ZERO);
    let _ = traditional(&mut turns, computer());
    let _ = turns.tap(Side::South, 2);
    choose_first_whenever_asked(&mut turns);
    assert!(opening_of(&turns).is_some());
    let session = turns.session().unwrap();
    assert!(session.can_undo(), "the first move is the person's too");
    let effects = turns.undo();
    assert!(effects.save_game);
    assert!(turns.session().unwrap().game().moves().is_empty());
    assert!(turns.session().unwrap().in_opening());
    let shown = view(&turns);
    assert_eq!(shown.first_move.unwrap().choosing, Some(Side::South));
    assert!(shown.can_redo);
    // Played again with another house.
    let _ = turns.tap(Side::South, 5);
    choose_first_whenever_asked(&mut turns);
    assert_eq!(opening_of(&turns).unwrap().south[0], House::new(5).unwrap());
    assert!(!view(&turns).can_redo, "a new first move drops the old one");
}

#[test]
fn a_watched_game_plays_its_first_move_by_itself() {
    let mut turns = table(Arc::new(OpeningWitness::default()));
    turns.set_step(Duration::ZERO);
    let _ = turns.watch(
        Rules::traditional_congkak(),
        Side::South,
        Difficulty::Casual,
        Difficulty::Casual,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while opening_of(&turns).is_none() {
        assert!(
            Instant::now() < deadline,
            "the watched first move never came"
        );
        let _ = turns.tick();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(turns.search_failures(), 0);
}

#[test]
fn a_tap_on_the_wrong_row_or_a_burnt_house_plays_nothing() {
    let mut turns = table(Arc::new(FollowsRecord(vec![])));
    let _ = traditional(&mut turns, computer());
    let _ = turns.tap(Side::North, 3);
    assert_eq!(view(&turns).banner, Banner::OthersHouse(Side::North));
    let _ = turns.tap(Side::South, 9);
    assert_eq!(view(&turns).banner, Banner::EmptyHouse(Side::South));
    assert!(turns.session().unwrap().in_opening());
    // A hint is refused rather than made up.
    let _ = turns.hint();
    assert!(!view(&turns).hinting);
}

#[test]
fn a_game_saved_before_its_first_move_is_chosen_afresh_when_resumed() {
    let mut turns = table(Arc::new(OpeningWitness::default()));
    let session = crate::app::game::session::Session::new(
        Rules::traditional_congkak(),
        Side::South,
        computer(),
    );
    let _ = turns.resume(session);
    let shown = view(&turns);
    assert_eq!(shown.first_move.unwrap().choosing, Some(Side::South));
    assert_eq!(
        shown.board.houses[0].iter().filter(|h| h.playable).count(),
        7
    );
    let _ = turns.tap(Side::South, 3);
    choose_first_whenever_asked(&mut turns);
    assert_eq!(opening_of(&turns).unwrap().south[0], House::new(3).unwrap());
}
