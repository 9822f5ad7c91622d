//! One or more tests per numbered rule of docs/rules.md and per option, on hand-made
//! positions. Houses are listed 1..H as their owner numbers them.

use mancala_engine::{
    EndReason, Game, GrandSlam, House, IllegalMove, Outcome, Position, Rules, Side, Variant,
};

const S: Side = Side::South;
const N: Side = Side::North;

fn kalah() -> Rules {
    Rules::new(Variant::Kalah)
}
fn oware() -> Rules {
    Rules::new(Variant::Oware)
}
fn congkak() -> Rules {
    Rules::new(Variant::Congkak)
}

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

fn pos(rules: Rules, south: &[u8], north: &[u8], stores: [u8; 2], to_move: Side) -> Position {
    Position::from_parts(rules, [south, north], stores, to_move).expect("valid position")
}

// ---------------------------------------------------------------- all variants

#[test]
fn notation_round_trips_and_names_the_bad_move() {
    let start = Position::start(kalah());
    let game = Game::parse_record(start, "3 6 1 4").unwrap();
    assert_eq!(game.record(), "3 6 1 4");
    for (record, index) in [
        ("3 0", 2),
        ("x", 1),
        ("3 7", 2),
        ("3 3", 2),
        ("3 6 1 4 1 7", 6),
        // A record is house numbers: no signs, no words, no fractions.
        ("+3", 1),
        ("3 -6", 2),
        ("3.0", 1),
    ] {
        let err = Game::parse_record(start, record).unwrap_err();
        assert_eq!(err.index, index, "{record}: {err}");
    }
}

#[test]
fn opposite_houses_are_h_plus_1_minus_i() {
    // A capture into South's house 2 takes North's house 5 (6 + 1 - 2).
    let p = pos(kalah(), &[1, 0, 0, 0, 0, 3], &[1, 1, 1, 1, 7, 1], [0, 0], S);
    let next = p.play(h(1)).unwrap();
    assert_eq!(next.house(N, h(5)), 0);
    assert_eq!(next.store(S), 8);
}

#[test]
fn illegal_moves_are_refused_with_a_reason_and_change_nothing() {
    let start = Position::start(kalah());
    let before = start;
    // A number from outside becomes a house through the rules, which check it.
    assert_eq!(House::new(0), None);
    assert_eq!(
        kalah().house(0),
        Err(IllegalMove::NotAHouse {
            house: 0,
            houses: 6
        })
    );
    assert_eq!(
        kalah().house(7),
        Err(IllegalMove::NotAHouse {
            house: 7,
            houses: 6
        })
    );
    assert_eq!(congkak().with_houses(7).unwrap().house(7), Ok(h(7)));
    // House 7 exists, but not on a board of 6.
    assert_eq!(
        start.play(h(7)),
        Err(IllegalMove::NotAHouse {
            house: 7,
            houses: 6
        })
    );
    assert_eq!(start, before);
    let gap = pos(kalah(), &[4, 0, 4, 4, 4, 4], &[4; 6], [0, 4], S);
    assert_eq!(gap.play(h(2)), Err(IllegalMove::EmptyHouse { house: h(2) }));
    let over = pos(kalah(), &[0, 0, 0, 0, 0, 1], &[1; 6], [20, 20], S)
        .play(h(6))
        .unwrap();
    assert_eq!(over.play(h(1)), Err(IllegalMove::GameOver));
    let mut game = Game::new(kalah());
    assert!(game.play(h(7)).is_err());
    assert_eq!(game.moves().len(), 0);
    assert!(Game::parse_record(start, "9").is_err());
}

#[test]
fn north_can_move_first() {
    let game = Game::with_first(kalah(), N);
    assert_eq!(game.position().side_to_move(), N);
}

// ---------------------------------------------------------------- Kalah

#[test]
fn kalah_1_start_fills_every_house_with_the_chosen_seeds() {
    for seeds in 3..=7 {
        let p = Position::start(kalah().with_seeds(seeds).unwrap());
        assert!(p.houses(S).iter().chain(p.houses(N)).all(|&h| h == seeds));
        assert_eq!(p.stores(), [0, 0]);
        assert_eq!(p.total_seeds(), 12 * seeds as u32);
    }
    assert!(kalah().with_seeds(2).is_err());
    assert!(kalah().with_seeds(8).is_err());
}

#[test]
fn kalah_2_sows_into_own_store_never_the_opponents() {
    // 8 seeds from house 6: own store, North 1..6, skip North's store, South 1.
    let p = pos(kalah(), &[1, 0, 0, 0, 1, 8], &[1; 6], [0, 0], S);
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.houses(N), &[2; 6]);
    assert_eq!(next.store(N), 0);
    assert_eq!(next.store(S), 1);
    assert_eq!(next.houses(S), &[2, 0, 0, 0, 1, 0]);
}

#[test]
fn kalah_2_thirteen_seeds_lap_into_the_origin_house() {
    // 13 seeds from house 1 pass 12 other pits (skipping North's store) and land in
    // the emptied origin: now holding 1, it captures the opposite house (North 6).
    let p = pos(
        kalah(),
        &[13, 0, 0, 0, 0, 0],
        &[1, 1, 1, 1, 1, 1],
        [0, 0],
        S,
    );
    let next = p.play(h(1)).unwrap();
    assert_eq!(next.house(S, h(1)), 0);
    assert_eq!(next.house(N, h(6)), 0);
    assert_eq!(next.store(N), 0);
    // store: 1 sown + capture of 2 (North 6 had 1, got 1) + the last seed.
    assert_eq!(next.store(S), 1 + 2 + 1);
}

#[test]
fn kalah_3_last_seed_in_own_store_gives_an_extra_turn() {
    let start = Position::start(kalah());
    let next = start.play(h(3)).unwrap();
    assert_eq!(next.side_to_move(), S);
    let other = start.play(h(4)).unwrap();
    assert_eq!(other.side_to_move(), N);
}

#[test]
fn kalah_4_capture_from_an_empty_own_house() {
    let p = pos(kalah(), &[1, 0, 0, 0, 0, 2], &[3, 3, 3, 3, 5, 3], [0, 0], S);
    let next = p.play(h(1)).unwrap();
    assert_eq!(next.house(S, h(2)), 0);
    assert_eq!(next.house(N, h(5)), 0);
    assert_eq!(next.store(S), 6);
    assert_eq!(next.side_to_move(), N);
}

#[test]
fn kalah_4_no_capture_in_an_opponent_house_or_a_full_own_house() {
    let p = pos(kalah(), &[1, 0, 0, 0, 0, 2], &[0, 3, 3, 3, 3, 3], [0, 0], S);
    // Last seed lands in North's empty house 1: no capture.
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.house(N, h(1)), 1);
    assert_eq!(next.store(S), 1);
    let q = pos(kalah(), &[1, 1, 0, 0, 0, 2], &[3; 6], [0, 0], S);
    let next = q.play(h(1)).unwrap();
    assert_eq!(next.house(S, h(2)), 2);
    assert_eq!(next.store(S), 0);
}

#[test]
fn kalah_option_empty_capture() {
    let board = |rules| pos(rules, &[1, 0, 0, 0, 0, 2], &[3, 3, 3, 3, 0, 3], [0, 0], S);
    let off = board(kalah()).play(h(1)).unwrap();
    assert_eq!(off.house(S, h(2)), 1, "off: the seed stays");
    assert_eq!(off.store(S), 0);
    let on = board(kalah().with_empty_capture(true)).play(h(1)).unwrap();
    assert_eq!(
        on.house(S, h(2)),
        0,
        "on: the single seed goes to the store"
    );
    assert_eq!(on.store(S), 1);
}

#[test]
fn kalah_5_an_empty_row_ends_the_game_and_each_sweeps_their_own() {
    // South's last seeds go to the store; South's row is empty: North sweeps.
    let p = pos(
        kalah(),
        &[0, 0, 0, 0, 0, 1],
        &[2, 2, 2, 2, 2, 2],
        [20, 15],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert!(next.is_over());
    assert_eq!(next.stores(), [21, 27]);
    assert!(next.houses(N).iter().all(|&h| h == 0));
    assert!(next.legal_moves().is_empty());
    assert_eq!(
        next.end_reason(),
        Some(EndReason::NoSeeds {
            side: S,
            swept_to: N
        })
    );
}

#[test]
fn kalah_6_more_seeds_wins_equal_draws() {
    let p = pos(
        kalah(),
        &[0, 0, 0, 0, 0, 1],
        &[0, 0, 0, 0, 0, 1],
        [20, 20],
        S,
    );
    let end = p.play(h(6)).unwrap();
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    let p = pos(
        kalah(),
        &[0, 0, 0, 0, 0, 1],
        &[0, 0, 0, 0, 0, 2],
        [20, 20],
        S,
    );
    assert_eq!(p.play(h(6)).unwrap().outcome(), Some(Outcome::Win(N)));
}

// ---------------------------------------------------------------- Oware

#[test]
fn oware_1_start_and_stores_are_never_sown() {
    let start = Position::start(oware().with_seeds(5).unwrap());
    assert!(start.houses(S).iter().all(|&h| h == 5));
    let p = pos(oware(), &[0, 0, 0, 0, 0, 9], &[1; 6], [0, 0], S);
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.stores(), [0, 0]);
    assert_eq!(next.houses(N), &[2, 2, 2, 2, 2, 2]);
    assert_eq!(next.houses(S), &[1, 1, 1, 0, 0, 0]);
}

#[test]
fn oware_2_twelve_or_more_seeds_skip_the_origin() {
    let p = pos(
        oware(),
        &[12, 0, 0, 0, 0, 0],
        &[4, 4, 4, 4, 4, 4],
        [0, 0],
        S,
    );
    let next = p.play(h(1)).unwrap();
    assert_eq!(next.house(S, h(1)), 0, "origin skipped");
    assert_eq!(
        next.house(S, h(2)),
        2,
        "the 12th seed lands past the origin"
    );
    assert_eq!(next.houses(N), &[5; 6]);
}

#[test]
fn oware_3_capture_chain_runs_clockwise_over_2s_and_3s() {
    // South's house 6 with 3 seeds reaches North 1..3, making them 2, 3, 2.
    let p = pos(
        oware(),
        &[1, 0, 0, 0, 0, 3],
        &[1, 2, 1, 5, 0, 0],
        [20, 20],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.store(S), 27);
    assert_eq!(next.houses(N), &[0, 0, 0, 5, 0, 0]);
}

#[test]
fn oware_3_chain_stops_at_another_count() {
    let p = pos(oware(), &[1, 0, 0, 0, 0, 3], &[1, 4, 1, 5, 0, 0], [0, 0], S);
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.store(S), 2, "only North 3 is taken; North 2 holds 5");
    assert_eq!(next.houses(N), &[2, 5, 0, 5, 0, 0]);
    // A last seed in the mover's own row captures nothing.
    let q = pos(oware(), &[2, 1, 0, 0, 0, 0], &[1; 6], [0, 0], S);
    assert_eq!(q.play(h(1)).unwrap().store(S), 0);
}

fn grand_slam_board(rules: Rules) -> Position {
    // South's house 6 (2 seeds) would make North 1 and 2 hold 2 and 3: all of North.
    pos(rules, &[3, 0, 0, 0, 0, 2], &[1, 2, 0, 0, 0, 0], [5, 12], S)
}

#[test]
fn oware_4_grand_slam_no_capture_is_the_default() {
    let next = grand_slam_board(oware()).play(h(6)).unwrap();
    assert_eq!(next.store(S), 5);
    assert_eq!(next.houses(N), &[2, 3, 0, 0, 0, 0]);
}

#[test]
fn oware_4_grand_slam_forbidden_while_another_move_exists() {
    let p = grand_slam_board(oware().with_grand_slam(GrandSlam::Forbidden));
    assert_eq!(p.play(h(6)), Err(IllegalMove::GrandSlam { house: h(6) }));
    assert_eq!(p.legal_moves().to_vec(), vec![h(1)]);
    // When every move is a grand slam it is played and captures nothing.
    let only = pos(
        oware().with_grand_slam(GrandSlam::Forbidden),
        &[0, 0, 0, 0, 0, 2],
        &[1, 2, 0, 0, 0, 0],
        [5, 10],
        S,
    );
    let next = only.play(h(6)).unwrap();
    assert_eq!(next.store(S), 5, "nothing captured");
    // South is now empty and North cannot feed it (rule 5): North takes its 5 seeds.
    assert!(next.is_over());
    assert_eq!(next.store(N), 15);
}

#[test]
fn oware_4_and_7_grand_slam_capture_all_ends_the_game() {
    let p = grand_slam_board(oware().with_grand_slam(GrandSlam::CaptureAll));
    let next = p.play(h(6)).unwrap();
    // North has nothing left (rule 7): the game ends, South takes its own side.
    assert!(next.is_over());
    assert_eq!(next.stores(), [5 + 5 + 3, 12]);
    assert_eq!(next.outcome(), Some(Outcome::Win(S)));
}

#[test]
fn oware_5_must_feed_an_empty_opponent() {
    let p = pos(oware(), &[3, 0, 0, 0, 0, 1], &[0; 6], [20, 24], S);
    assert_eq!(p.play(h(1)), Err(IllegalMove::MustFeed { house: h(1) }));
    assert_eq!(p.legal_moves().to_vec(), vec![h(6)]);
}

#[test]
fn oware_5_no_feeding_move_ends_the_game_and_the_mover_takes_their_seeds() {
    // North plays its last seed; South must feed but no house reaches North.
    let p = pos(
        oware(),
        &[3, 1, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 1],
        [20, 23],
        N,
    );
    let next = p.play(h(6)).unwrap();
    assert!(next.is_over());
    assert_eq!(next.stores(), [20 + 5, 23]);
    assert_eq!(next.outcome(), Some(Outcome::Win(S)));
}

#[test]
fn oware_6_more_than_half_wins_at_once_without_a_sweep() {
    // T = 48: South reaches 25 with seeds still on the board.
    let p = pos(
        oware(),
        &[0, 0, 0, 0, 0, 2],
        &[1, 2, 5, 0, 0, 0],
        [22, 16],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.store(S), 27);
    assert!(next.is_over());
    assert_eq!(next.houses(N), &[0, 0, 5, 0, 0, 0], "no sweep");
    assert_eq!(next.outcome(), Some(Outcome::Win(S)));
}

#[test]
fn oware_6_both_at_half_is_a_draw() {
    // Taking North's last seeds needs capture-all (otherwise a grand slam is spared).
    let rules = oware().with_grand_slam(GrandSlam::CaptureAll);
    let p = pos(rules, &[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0], [22, 24], S);
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.stores(), [24, 24]);
    assert!(next.is_over());
    assert_eq!(next.outcome(), Some(Outcome::Draw));
}

/// Two lone seeds chase each other round the board: after these 12 moves the start
/// position recurs (South 6 and North 6 hold one seed each, South to move).
const CHASE: [u8; 12] = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];

fn chase(stores: [u8; 2]) -> Game {
    let start = pos(oware(), &[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1], stores, S);
    let mut game = Game::from_start(start);
    for (i, &m) in CHASE.iter().enumerate() {
        assert!(!game.position().is_over(), "over too early at move {i}");
        game.play(h(m)).unwrap();
    }
    game
}

#[test]
fn oware_8_a_repeated_position_ends_the_game() {
    let game = chase([23, 23]);
    let end = game.position();
    assert!(end.is_over());
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
    assert_eq!(
        end.stores(),
        [24, 24],
        "each takes the seeds on their own side"
    );
    assert_eq!(end.outcome(), Some(Outcome::Draw));
}

#[test]
fn oware_9_the_larger_store_wins_after_an_early_end() {
    let game = chase([23, 21]);
    assert_eq!(game.position().stores(), [24, 22]);
    assert_eq!(game.position().outcome(), Some(Outcome::Win(S)));
}

// ---------------------------------------------------------------- Congkak

#[test]
fn congkak_1_start_with_six_or_seven_houses() {
    let p = Position::start(congkak().with_houses(7).unwrap());
    assert_eq!(p.houses(S).len(), 7);
    assert_eq!(p.total_seeds(), 56);
    assert!(congkak().with_houses(8).is_err());
    assert!(kalah().with_houses(7).is_err());
}

#[test]
fn congkak_2_sows_own_store_skips_theirs_and_the_origin_is_not_skipped() {
    // 13 seeds from South 1 (H = 6): South 2..6, own store, North 1..6, (not North's
    // store), then South 1 again: the emptied origin gets the last seed, which
    // captures North 6 (opposite).
    let p = pos(congkak(), &[13, 0, 0, 0, 0, 0], &[0; 6], [0, 0], S);
    let next = p.play(h(1)).unwrap();
    assert_eq!(next.store(N), 0);
    assert_eq!(next.store(S), 1 + 1 + 1);
    assert_eq!(next.houses(S), &[0, 1, 1, 1, 1, 1]);
    assert_eq!(next.houses(N), &[1, 1, 1, 1, 1, 0]);
}

#[test]
fn congkak_3_relay_picks_up_an_occupied_house_and_sows_on() {
    // South 1 (1 seed) lands in South 2 (2 seeds -> 3): relay 3 seeds to 3, 4, 5;
    // South 5 was empty: capture North 2 (opposite of South 5) with the last seed.
    let p = pos(
        congkak(),
        &[1, 2, 0, 0, 0, 0],
        &[0, 4, 0, 0, 0, 1],
        [0, 0],
        S,
    );
    let mut game = Game::from_start(p);
    let report = game.play(h(1)).unwrap();
    assert_eq!(report.relays, 1);
    let pickups = report
        .steps
        .iter()
        .filter(|s| matches!(s, mancala_engine::Step::PickUp { .. }))
        .count();
    assert_eq!(pickups, 2, "the move and one relay");
    let next = game.position();
    assert_eq!(next.houses(S), &[0, 0, 1, 1, 0, 0]);
    assert_eq!(next.store(S), 5);
    assert_eq!(next.houses(N), &[0, 0, 0, 0, 0, 1]);
}

#[test]
fn congkak_4_last_seed_in_own_store_gives_an_extra_turn() {
    let p = pos(congkak(), &[0, 0, 0, 0, 2, 1], &[3; 6], [0, 0], S);
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.side_to_move(), S);
    assert_eq!(next.store(S), 1);
}

#[test]
fn congkak_5_capture_and_the_empty_capture_option() {
    let board = |rules| pos(rules, &[1, 0, 0, 0, 0, 0], &[2, 2, 2, 2, 0, 2], [0, 0], S);
    let off = board(congkak()).play(h(1)).unwrap();
    assert_eq!(off.house(S, h(2)), 1);
    assert_eq!(off.side_to_move(), N, "the turn ends");
    let on = board(congkak().with_empty_capture(true))
        .play(h(1))
        .unwrap();
    assert_eq!(on.house(S, h(2)), 0);
    assert_eq!(on.store(S), 1);
    let with_seeds = pos(
        congkak(),
        &[1, 0, 0, 0, 0, 0],
        &[2, 2, 2, 2, 6, 2],
        [0, 0],
        S,
    );
    let captured = with_seeds.play(h(1)).unwrap();
    assert_eq!(captured.store(S), 7);
    assert_eq!(captured.house(N, h(5)), 0);
}

#[test]
fn congkak_6_last_seed_in_an_empty_opponent_house_ends_the_turn() {
    let p = pos(
        congkak(),
        &[0, 0, 0, 0, 0, 2],
        &[0, 3, 3, 3, 3, 3],
        [0, 0],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.house(N, h(1)), 1);
    assert_eq!(next.side_to_move(), N);
    assert_eq!(next.store(S), 1);
}

#[test]
fn congkak_7_no_seeds_to_move_ends_the_game_and_the_other_sweeps() {
    // South's only seed goes into the store: extra turn, but South has no seeds.
    let p = pos(
        congkak(),
        &[0, 0, 0, 0, 0, 1],
        &[1, 2, 3, 0, 0, 0],
        [10, 5],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert!(next.is_over());
    assert_eq!(next.stores(), [11, 11]);
    assert_eq!(next.outcome(), Some(Outcome::Draw));
}

#[test]
fn congkak_8_more_seeds_wins() {
    let p = pos(
        congkak(),
        &[0, 0, 0, 0, 0, 1],
        &[1, 0, 0, 0, 0, 0],
        [30, 10],
        S,
    );
    let next = p.play(h(6)).unwrap();
    assert_eq!(next.outcome(), Some(Outcome::Win(S)));
}

#[test]
fn congkak_9_a_long_relay_ends() {
    let rules = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .build()
        .unwrap();
    let mut game = Game::new(rules);
    let steps = game.play(h(1)).unwrap().steps;
    assert!(!steps.is_empty());
    let p = game.position();
    let total: u32 = p.pits().iter().map(|&s| s as u32).sum();
    assert_eq!(total, 98);
}
