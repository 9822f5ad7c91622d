//! The last move's marks reach the screen: the whole app (controller, game adapter,
//! `GameState`, the board widget) under Slint's headless testing backend, after a record
//! whose last move is the top player's capture. The marks themselves are computed and
//! tested in `src/app/game/last_move.rs`; this checks that the board draws what they say.

use i_slint_backend_testing::init_no_event_loop;
use mancala::engine::{House, Rules, Variant};
use mancala::players::Opponent;
use mancala::testing::Driver;
use mancala::{GameState, Side};
use slint::{ComponentHandle, Model};
use std::time::Duration;

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

fn rings(ui: &Driver, id: &str) -> usize {
    ui.pit(id)
        .query_descendants()
        .match_type_name("MoveRing")
        .find_all()
        .len()
}

fn description(ui: &Driver, id: &str) -> String {
    ui.pit(id)
        .accessible_description()
        .map(|text| text.to_string())
        .unwrap_or_default()
}

#[test]
fn the_top_players_capture_is_marked_on_the_board_until_the_next_move() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Driver::launch(dir.path());
    let (window, app) = (&ui.window, &ui.app);
    // Kalah between two people: South 1, North 5, South 1, then North 1: four seeds into
    // North 2..5; North 5 was empty, so its seed and South 2's seven go to North's store.
    let moves = [h(1), h(5), h(1), h(1)].map(mancala::engine::Move::House);
    app.load_record(Rules::new(Variant::Kalah), Opponent::Human, &moves)
        .unwrap();
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(50));

    let state = window.global::<GameState>();
    let north = state.get_north();
    let north: Vec<_> = (0..6).map(|i| north.row_data(i).unwrap()).collect();
    let south = state.get_south();
    assert!(north[0].last_move);
    let sown: Vec<i32> = north.iter().map(|p| p.sown).collect();
    assert_eq!(sown, [0, 1, 1, 1, 1, 0]);
    assert_eq!(north[4].captured, 1);
    assert_eq!(south.row_data(1).unwrap().captured, 7);
    assert_eq!(state.get_stores().north.captured, 8);
    assert_eq!(state.get_stores().south.sown, 0);

    // Drawn: a ring on the house played and nowhere else; the marks told to a screen
    // reader on the pits they concern.
    assert_eq!(rings(&ui, "north-house-1"), 1);
    for id in ["north-house-2", "south-house-1", "south-house-2"] {
        assert_eq!(rings(&ui, id), 0, "{id}");
    }
    for id in [
        "north-house-1",
        "north-house-2",
        "north-house-5",
        "south-house-2",
        "north-store",
    ] {
        assert!(!description(&ui, id).is_empty(), "{id} is marked");
    }
    for id in ["north-house-6", "south-house-1", "south-store"] {
        assert!(description(&ui, id).is_empty(), "{id} is not marked");
    }

    // The next move replaces the marks: South plays house 3 (five seeds, into South 4..6,
    // the store and North 1); the animation runs on the mocked clock until it settles.
    state.invoke_house_tapped(Side::South, 3);
    for _ in 0..200 {
        i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(50));
        if !app.is_busy() {
            break;
        }
    }
    assert_eq!(app.record().unwrap(), "1 5 1 1 3");
    assert_eq!(rings(&ui, "north-house-1"), 0);
    assert_eq!(rings(&ui, "south-house-3"), 1);
    assert!(description(&ui, "north-store").is_empty());
    assert!(!description(&ui, "south-store").is_empty());
}
