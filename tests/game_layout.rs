//! The game screen's layout (ui/views/game.slint) on phones and tablets: the board stays
//! put while the status text changes, and on a tablet the board and its stones grow, up
//! to a limit. The real game view runs under Slint's headless testing backend with its
//! globals set directly; elements are found by their component type, which the debug
//! info of `SLINT_EMIT_DEBUG_INFO=1` (.cargo/config.toml) exposes.

use i_slint_backend_testing::{ElementHandle, ElementRoot};
use slint::{ComponentHandle, LogicalSize, ModelRc, VecModel};
use std::rc::Rc;

mod probe {
    slint::slint! {
        import { GameView } from "../ui/views/game.slint";
        import { GameState, Level, Notice, PitView, Side, StoreView, Stores } from "../ui/state.slint";
        export { GameState, Level, Notice, PitView, Side, StoreView, Stores }

        export component GameProbe inherits Window {
            GameView { }
        }
    }
}
use probe::{GameProbe, GameState, Level, Notice, PitView, Side, StoreView, Stores};

/// The widest the board may grow on a tablet, as game.slint says (`widest-board`).
const WIDEST_BOARD: f32 = 960.0;

fn row(seeds: i32, houses: usize) -> ModelRc<PitView> {
    let pits = (0..houses).map(|_| PitView {
        seeds,
        ..PitView::default()
    });
    ModelRc::from(Rc::new(VecModel::from_iter(pits)))
}

/// A game against the computer on a board of `houses` with `seeds` in every house.
fn game_on(width: f32, height: f32, houses: usize, seeds: i32) -> GameProbe {
    let probe = GameProbe::new().unwrap();
    probe.window().set_size(LogicalSize::new(width, height));
    let state = probe.global::<GameState>();
    state.set_level(Level::Casual);
    state.set_houses(houses as i32);
    state.set_south(row(seeds, houses));
    state.set_north(row(seeds, houses));
    let store = |seeds| StoreView {
        seeds,
        ..StoreView::default()
    };
    state.set_stores(Stores {
        south: store(14),
        north: store(21),
    });
    probe
}

/// The board's place and size, in logical pixels: x, y, width, height.
fn board_frame(probe: &GameProbe) -> [f32; 4] {
    let boards = probe
        .root_element()
        .query_descendants()
        .match_inherits("Board")
        .find_all();
    assert_eq!(boards.len(), 1, "one board on the game screen");
    frame(&boards[0])
}

fn frame(element: &ElementHandle) -> [f32; 4] {
    let (at, size) = (element.absolute_position(), element.size());
    [at.x, at.y, size.width, size.height]
}

/// The width of the first stone drawn in South's house 1.
fn stone_width(probe: &GameProbe) -> f32 {
    let house = probe
        .root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_id().is_some_and(|i| i == "south-house-1"))
        .find_first()
        .expect("south-house-1");
    let stones = house
        .query_descendants()
        .match_type_name("Stone")
        .find_all();
    assert!(!stones.is_empty(), "the house shows its stones");
    stones[0].size().width
}

/// Every status the game screen can show, from a short "Your turn" to three lines of a
/// notice with a "Sowing… 12 seeds in hand" above it.
fn each_status(state: &GameState, mut look: impl FnMut(&str)) {
    look("your turn");
    state.set_thinking(true);
    look("thinking");
    state.set_thinking(false);
    state.set_animating(true);
    state.set_in_hand(12);
    look("sowing");
    state.set_notice(Notice::Relay);
    look("sowing with the relay notice");
    state.set_animating(false);
    state.set_notice(Notice::GrandSlamSpared);
    look("the grand slam notice");
    state.set_notice(Notice::DoesNotFeed);
    state.set_notice_side(Side::North);
    look("does not feed");
    state.set_notice(Notice::None);
}

#[test]
fn the_board_never_moves_or_resizes_when_the_status_text_changes() {
    i_slint_backend_testing::init_no_event_loop();
    for (width, height) in [
        (360.0, 800.0),
        (360.0, 640.0),
        (800.0, 1280.0),
        (800.0, 360.0),
    ] {
        for houses in [6, 7] {
            let probe = game_on(width, height, houses, 4);
            let state = probe.global::<GameState>();
            let first = board_frame(&probe);
            each_status(&state, |status| {
                assert_eq!(
                    board_frame(&probe),
                    first,
                    "{width}x{height}, {houses} houses: the board moved for {status}"
                );
            });
        }
    }
}

#[test]
fn on_a_tablet_the_board_and_its_stones_grow_up_to_a_limit() {
    i_slint_backend_testing::init_no_event_loop();
    for houses in [6, 7] {
        let phone = game_on(360.0, 800.0, houses, 4);
        let tablet = game_on(800.0, 1280.0, houses, 4);
        let [_, _, phone_w, phone_h] = board_frame(&phone);
        let [tablet_x, _, tablet_w, tablet_h] = board_frame(&tablet);
        let (phone_stone, tablet_stone) = (stone_width(&phone), stone_width(&tablet));
        eprintln!(
            "{houses} houses: phone board {phone_w}x{phone_h}, stone {phone_stone}; \
             tablet board {tablet_w}x{tablet_h}, stone {tablet_stone}"
        );
        assert!(
            phone_w >= 330.0,
            "a phone's board spans its width: {phone_w}"
        );
        assert!(
            tablet_w > phone_w * 1.5 && tablet_h > phone_h * 1.3,
            "{houses} houses: the tablet's board is larger"
        );
        assert!(
            tablet_stone > phone_stone * 1.5,
            "{houses} houses: the stones grow with the board ({phone_stone} -> {tablet_stone})"
        );
        // A tablet's board uses its width, centred, and leaves height to the move log.
        assert!(tablet_w >= 780.0, "the tablet's width is used: {tablet_w}");
        let centre = tablet_x + tablet_w / 2.0;
        assert!((centre - 400.0).abs() < 1.0, "centred: {centre}");
        assert!(tablet_h < 1280.0 * 0.55, "capped height: {tablet_h}");

        // A much larger screen gets a board no wider than the limit, centred, and
        // larger ones still the same board.
        let big = game_on(1200.0, 1920.0, houses, 4);
        let [big_x, _, big_w, big_h] = board_frame(&big);
        assert!(big_w <= WIDEST_BOARD, "capped width: {big_w}");
        assert!((big_x + big_w / 2.0 - 600.0).abs() < 1.0, "centred");
        let huge = game_on(1600.0, 2560.0, houses, 4);
        let [_, _, huge_w, huge_h] = board_frame(&huge);
        assert_eq!((huge_w, huge_h), (big_w, big_h), "the same capped board");
        assert!(stone_width(&huge) <= 22.0, "stones have a largest size too");
    }
}

/// Where the move log is: on a tablet, under the status held upright and beside the
/// board held sideways, inside the window and clear of the board; on a phone, behind the
/// "Moves" button at the top, so the board keeps all its room.
#[test]
fn the_move_log_is_on_a_tablets_screen_and_behind_a_button_on_a_phones() {
    i_slint_backend_testing::init_no_event_loop();
    for (width, height, on_screen) in [
        (360.0, 640.0, false),
        (360.0, 800.0, false),
        (640.0, 360.0, false),
        (1000.0, 1400.0, true),
        (1400.0, 1000.0, true),
    ] {
        let probe = game_on(width, height, 6, 4);
        let logs = probe
            .root_element()
            .query_descendants()
            .match_inherits("MoveLogList")
            .find_all();
        let log_buttons: Vec<_> =
            i_slint_backend_testing::ElementHandle::find_by_accessible_label(&probe, "Moves")
                .filter(|e| {
                    e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button)
                })
                .collect();
        let rules = i_slint_backend_testing::ElementHandle::find_by_accessible_label(
            &probe,
            "Rules of this game",
        )
        .count();
        assert_eq!(rules, 1, "{width}x{height}: the rules button");
        if !on_screen {
            assert!(logs.is_empty(), "{width}x{height}: no log on the screen");
            assert_eq!(log_buttons.len(), 1, "{width}x{height}: a button opens it");
            continue;
        }
        assert!(
            log_buttons.is_empty(),
            "{width}x{height}: the log is on screen"
        );
        assert_eq!(logs.len(), 1, "{width}x{height}: the log");
        let [x, y, w, h] = frame(&logs[0]);
        let [bx, by, bw, bh] = board_frame(&probe);
        assert!(
            x >= 0.0 && y >= 0.0 && x + w <= width && y + h <= height,
            "{width}x{height}: the log lies in the window: {:?}",
            [x, y, w, h]
        );
        assert!(h >= 150.0, "{width}x{height}: lines to read: {h}");
        let apart = if width > height {
            x >= bx + bw
        } else {
            y >= by + bh
        };
        assert!(
            apart,
            "{width}x{height}: the log is beside or under the board"
        );
        assert!(
            bw > 900.0,
            "{width}x{height}: a larger board than a phone's: {bw}"
        );
    }
}

#[test]
fn while_a_move_is_shown_the_hint_button_is_a_skip_button() {
    i_slint_backend_testing::init_no_event_loop();
    let probe = game_on(360.0, 800.0, 6, 4);
    let state = probe.global::<GameState>();
    let skips = Rc::new(std::cell::Cell::new(0));
    let counted = Rc::clone(&skips);
    state.on_board_tapped(move || counted.set(counted.get() + 1));
    let buttons = |label: &str| {
        i_slint_backend_testing::ElementHandle::find_by_accessible_label(&probe, label)
            .collect::<Vec<_>>()
    };
    assert!(buttons("Skip").is_empty(), "no Skip while nothing moves");
    state.set_animating(true);
    let skip = buttons("Skip");
    assert_eq!(skip.len(), 1, "Skip shows while a move is animated");
    let before = board_frame(&probe);
    skip[0].invoke_accessible_default_action();
    assert_eq!(
        skips.get(),
        1,
        "Skip asks for the skip, as a tap on the board does"
    );
    state.set_animating(false);
    assert_eq!(buttons("Hint").len(), 1, "Hint again afterwards");
    assert_eq!(board_frame(&probe), before);
}
