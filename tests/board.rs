//! The board draws every seed: for every count a pit can reach, the stones drawn in a
//! house and in a store are exactly as many as its number says. The real board widget
//! (ui/widgets/board.slint) runs in a small window of its own under Slint's headless
//! testing backend; stones are found by their component type, which the debug info of
//! `SLINT_EMIT_DEBUG_INFO=1` (.cargo/config.toml) exposes.

use i_slint_backend_testing::{ElementHandle, ElementRoot};
use slint::{ComponentHandle, ModelRc, VecModel};
use std::rc::Rc;

mod probe {
    slint::slint! {
        import { Board } from "../ui/widgets/board.slint";
        import { PitView } from "../ui/state.slint";
        export { PitView }

        // A phone-sized board: 360 logical pixels wide, as tall as the game screen gives it.
        export component BoardProbe inherits Window {
            width: 360px;
            height: 330px;
            in property <int> houses: 6;
            in property <[PitView]> south;
            in property <[PitView]> north;
            in property <int> south-store;
            in property <int> north-store;
            Board {
                houses: root.houses;
                south: root.south;
                north: root.north;
                stores: { south: { seeds: root.south-store }, north: { seeds: root.north-store } };
            }
        }
    }
}
use probe::{BoardProbe, PitView};

/// The most seeds any pit can hold: every seed of a 7-house Congkak board with 7 seeds a
/// house (2 × 7 × 7).
const MOST_SEEDS: i32 = 98;

fn row(seeds: &[i32]) -> ModelRc<PitView> {
    let pits = seeds.iter().map(|&seeds| PitView {
        seeds,
        ..PitView::default()
    });
    ModelRc::from(Rc::new(VecModel::from_iter(pits)))
}

fn pit(board: &BoardProbe, id: &str) -> ElementHandle {
    let wanted = id.to_string();
    let found = board
        .root_element()
        .query_descendants()
        .match_predicate(move |e| e.accessible_id().is_some_and(|i| i == wanted.as_str()))
        .find_all();
    assert_eq!(found.len(), 1, "one '{id}'");
    found[0].clone()
}

fn stones_in(board: &BoardProbe, id: &str) -> usize {
    pit(board, id)
        .query_descendants()
        .match_type_name("Stone")
        .find_all()
        .len()
}

#[test]
fn every_seed_is_drawn_in_houses_and_stores_of_both_board_shapes() {
    i_slint_backend_testing::init_no_event_loop();
    let board = BoardProbe::new().unwrap();
    board.show().unwrap();
    for houses in [6, 7] {
        board.set_houses(houses);
        for count in 0..=MOST_SEEDS {
            // The first house of each row and both stores hold `count`; the other houses
            // hold a few, as in a game.
            let mut seeds = vec![3; houses as usize];
            seeds[0] = count;
            board.set_south(row(&seeds));
            board.set_north(row(&seeds));
            board.set_south_store(count);
            board.set_north_store(MOST_SEEDS - count);
            for (id, expected) in [
                ("south-house-1", count),
                ("north-house-1", count),
                ("south-house-2", 3),
                ("south-store", count),
                ("north-store", MOST_SEEDS - count),
            ] {
                assert_eq!(
                    stones_in(&board, id),
                    expected as usize,
                    "{id} holding {expected} on a {houses}-house board"
                );
            }
        }
    }
}

#[test]
fn the_stones_of_a_full_pit_stay_inside_it() {
    i_slint_backend_testing::init_no_event_loop();
    let board = BoardProbe::new().unwrap();
    board.show().unwrap();
    board.set_houses(7);
    board.set_south(row(&[MOST_SEEDS, 0, 0, 0, 0, 0, 0]));
    board.set_north(row(&[0; 7]));
    board.set_south_store(MOST_SEEDS);
    for id in ["south-house-1", "south-store"] {
        let pit = pit(&board, id);
        let (at, size) = (pit.absolute_position(), pit.size());
        let stones = pit.query_descendants().match_type_name("Stone").find_all();
        assert_eq!(stones.len(), MOST_SEEDS as usize);
        for stone in stones {
            let (p, s) = (stone.absolute_position(), stone.size());
            assert!(s.width >= 2.0, "{id}: a stone too small to see ({s:?})");
            assert!(
                p.x >= at.x - 0.5
                    && p.y >= at.y - 0.5
                    && p.x + s.width <= at.x + size.width + 0.5
                    && p.y + s.height <= at.y + size.height + 0.5,
                "{id}: a stone at {p:?} {s:?} outside the pit at {at:?} {size:?}"
            );
        }
    }
}

fn rings_in(board: &BoardProbe, id: &str) -> usize {
    pit(board, id)
        .query_descendants()
        .match_type_name("MoveRing")
        .find_all()
        .len()
}

#[test]
fn the_last_moves_house_and_its_relays_are_ringed_and_no_other_house() {
    i_slint_backend_testing::init_no_event_loop();
    let board = BoardProbe::new().unwrap();
    board.show().unwrap();
    let plain = |seeds| PitView {
        seeds,
        ..PitView::default()
    };
    // South played house 2; a relay went on from North's house 4.
    let mut south: Vec<PitView> = (0..6).map(|_| plain(4)).collect();
    south[1] = PitView {
        last_move: true,
        ..plain(0)
    };
    let mut north: Vec<PitView> = (0..6).map(|_| plain(4)).collect();
    north[3] = PitView {
        relayed: true,
        sown: 1,
        ..plain(0)
    };
    board.set_south(ModelRc::from(Rc::new(VecModel::from(south))));
    board.set_north(ModelRc::from(Rc::new(VecModel::from(north))));
    for side in ["south", "north"] {
        for house in 1..=6 {
            let id = format!("{side}-house-{house}");
            let ringed = matches!((side, house), ("south", 2) | ("north", 4));
            assert_eq!(rings_in(&board, &id), ringed as usize, "{id}");
        }
    }
    // A screen reader hears the marks too.
    let described = |id: &str| {
        pit(&board, id)
            .accessible_description()
            .is_some_and(|text| !text.is_empty())
    };
    assert!(described("south-house-2") && described("north-house-4"));
    assert!(!described("south-house-1"));
    // The marks go with the next move.
    board.set_south(row(&[4; 6]));
    board.set_north(row(&[4; 6]));
    assert_eq!(rings_in(&board, "south-house-2"), 0);
    assert_eq!(rings_in(&board, "north-house-4"), 0);
}

fn marks_in(board: &BoardProbe, id: &str, mark: &str) -> usize {
    pit(board, id)
        .query_descendants()
        .match_type_name(mark)
        .find_all()
        .len()
}

/// The hint is told from a playable house by shape, not by colour alone: the hinted house
/// has an arrow on the centre line and a glow of its own that no playable house has, and
/// it keeps its playable ring (no mark hides another).
#[test]
fn hint_mark_differs_from_the_playable_mark_in_shape_and_hides_no_other_mark() {
    i_slint_backend_testing::init_no_event_loop();
    let board = BoardProbe::new().unwrap();
    board.show().unwrap();
    let south: Vec<PitView> = (0..6)
        .map(|i| PitView {
            seeds: 3,
            playable: i < 2,
            hinted: i == 0,
            sown: if i == 0 { 1 } else { 0 },
            ..PitView::default()
        })
        .collect();
    board.set_south(ModelRc::new(VecModel::from(south)));
    board.set_north(row(&[3; 6]));
    for (id, arrows, glows, playable_rings) in [
        ("south-house-1", 1, 1, 1),
        ("south-house-2", 0, 0, 1),
        ("south-house-3", 0, 0, 0),
    ] {
        assert_eq!(marks_in(&board, id, "HintArrow"), arrows, "{id}: arrows");
        assert_eq!(marks_in(&board, id, "HintGlow"), glows, "{id}: glows");
        assert_eq!(
            marks_in(&board, id, "PlayableRing"),
            playable_rings,
            "{id}: playable rings"
        );
    }
}
