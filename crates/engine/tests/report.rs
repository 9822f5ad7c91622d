//! What a move did ([`MoveReport`]) and why a game ended ([`EndReason`]), on hand-made
//! positions; the rule set checks of `Rules`; houses from numbers.

use mancala_engine::{
    EndReason, Game, GrandSlam, House, IllegalMove, MoveReport, Outcome, Pit, Position, Rules,
    RulesError, Side, Step, Variant,
};

const S: Side = Side::South;
const N: Side = Side::North;

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

fn house(side: Side, number: u8) -> Pit {
    Pit::House(side, h(number))
}

fn pos(rules: Rules, south: &[u8], north: &[u8], stores: [u8; 2], to_move: Side) -> Position {
    Position::from_parts(rules, [south, north], stores, to_move).expect("valid position")
}

/// Plays `number` in a game started from `start` and returns the report and the game.
fn play(start: Position, number: u8) -> (MoveReport, Game) {
    let mut game = Game::from_start(start);
    let report = game.play(h(number)).unwrap();
    (report, game)
}

/// The board after applying `steps` to `before` one by one.
fn replay(before: &Position, steps: &[Step]) -> Vec<u8> {
    let houses = before.rules().houses();
    let mut pits = before.pits().to_vec();
    for step in steps {
        match *step {
            Step::PickUp { pit, seeds } => pits[pit.index(houses)] -= seeds,
            Step::Drop { pit } => pits[pit.index(houses)] += 1,
            Step::Capture { from, seeds, store } | Step::Sweep { from, seeds, store } => {
                pits[from.index(houses)] -= seeds;
                pits[store.index(houses)] += seeds;
            }
            Step::Refill {
                store,
                house,
                seeds,
            } => {
                pits[store.index(houses)] -= seeds;
                pits[house.index(houses)] += seeds;
            }
            Step::GrandSlamSpared
            | Step::NewRound { .. }
            | Step::Burn { .. }
            | Step::Hand { .. } => {}
        }
    }
    pits
}

#[test]
fn a_house_is_never_zero() {
    assert_eq!(House::new(0), None);
    assert_eq!(House::new(8), None);
    assert_eq!(House::new(7).map(House::number), Some(7));
    assert_eq!(std::mem::size_of::<Option<House>>(), 1);
    assert_eq!(
        serde_json::to_string(&[h(3), h(6)]).unwrap(),
        "[3,6]",
        "written as numbers"
    );
    assert!(serde_json::from_str::<House>("0").is_err());
    assert_eq!(serde_json::from_str::<House>("7").unwrap(), h(7));
}

#[test]
fn a_kalah_capture_names_its_pits_and_counts_the_landing_seed() {
    // South 1 (1 seed) lands in the empty South 2, opposite North 5 (5 seeds).
    let start = pos(
        Rules::new(Variant::Kalah),
        &[1, 0, 0, 0, 0, 2],
        &[3, 3, 3, 3, 5, 3],
        [0, 0],
        S,
    );
    let (report, game) = play(start, 1);
    assert_eq!((report.mover, report.house), (S, h(1)));
    assert_eq!(report.captures, vec![(house(N, 5), 5), (house(S, 2), 1)]);
    assert_eq!(report.captured(), 6);
    assert!(!report.extra_turn);
    assert_eq!(report.sweeps().count(), 0);
    assert_eq!(report.end, None);
    assert!(report.steps.contains(&Step::Capture {
        from: house(N, 5),
        seeds: 5,
        store: Pit::Store(S)
    }));
    assert_eq!(game.position().store(S), 6);
    assert_eq!(replay(&start, &report.steps), game.position().pits());
}

#[test]
fn an_extra_turn_is_reported_and_only_while_the_game_goes_on() {
    let mut game = Game::new(Rules::new(Variant::Kalah));
    let report = game.play(h(3)).unwrap();
    assert!(report.extra_turn);
    assert_eq!(report.captured(), 0);
    let report = game.play(h(4)).unwrap();
    assert!(!report.extra_turn);
}

#[test]
fn a_kalah_end_sweep_is_a_sweep_not_a_capture() {
    // South's last seed goes into its store: South's row is empty, North keeps its 12.
    let start = pos(
        Rules::new(Variant::Kalah),
        &[0, 0, 0, 0, 0, 1],
        &[2, 2, 2, 2, 2, 2],
        [20, 15],
        S,
    );
    let (report, game) = play(start, 6);
    assert!(report.captures.is_empty());
    assert_eq!(report.captured(), 0);
    assert!(!report.extra_turn, "the game is over");
    let sweeps: Vec<_> = report.sweeps().collect();
    assert_eq!(sweeps.len(), 6);
    assert!(sweeps
        .iter()
        .all(|&(from, seeds, store)| from.side() == N && seeds == 2 && store == Pit::Store(N)));
    assert_eq!(report.swept(), 12);
    assert_eq!(
        report.end,
        Some(EndReason::NoSeeds {
            side: S,
            swept_to: N
        })
    );
    assert_eq!(game.end_reason(), report.end);
    assert_eq!(game.position().stores(), [21, 27]);
    assert_eq!(replay(&start, &report.steps), game.position().pits());
}

#[test]
fn a_congkak_relay_is_counted() {
    // South 1 lands in South 2 (2 seeds): relay 3 seeds to South 3, 4, 5; South 5 was
    // empty, so it captures North 2 (4 seeds) with the last seed.
    let start = pos(
        Rules::new(Variant::Congkak),
        &[1, 2, 0, 0, 0, 0],
        &[0, 4, 0, 0, 0, 1],
        [0, 0],
        S,
    );
    let (report, game) = play(start, 1);
    assert_eq!(report.relays, 1);
    assert_eq!(report.captures, vec![(house(N, 2), 4), (house(S, 5), 1)]);
    assert_eq!(game.position().store(S), 5);
    // A long relay on the big board: every pick-up after the first.
    let rules = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .build()
        .unwrap();
    let start = Position::start(rules);
    // House 2's 7 seeds end in North 1, which holds 7: the relay goes on from there.
    let (report, game) = play(start, 2);
    let pick_ups = report
        .steps
        .iter()
        .filter(|s| matches!(s, Step::PickUp { .. }))
        .count() as u32;
    assert!(report.relays > 0);
    assert_eq!(report.relays, pick_ups - 1);
    assert_eq!(replay(&start, &report.steps), game.position().pits());
}

fn grand_slam_board(rules: Rules) -> Position {
    // South's house 6 (2 seeds) would make North 1 and 2 hold 2 and 3: all of North.
    pos(rules, &[3, 0, 0, 0, 0, 2], &[1, 2, 0, 0, 0, 0], [5, 12], S)
}

#[test]
fn an_oware_grand_slam_spared_is_reported() {
    let (report, game) = play(grand_slam_board(Rules::new(Variant::Oware)), 6);
    assert!(report.grand_slam_spared);
    assert!(report.captures.is_empty());
    assert!(report.steps.contains(&Step::GrandSlamSpared));
    assert_eq!(report.end, None);
    assert_eq!(game.position().houses(N), &[2, 3, 0, 0, 0, 0]);
    // Capture-all takes everything, and North then has no seeds (rule 7).
    let rules = Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll);
    let (report, _) = play(grand_slam_board(rules), 6);
    assert!(!report.grand_slam_spared);
    assert_eq!(report.captures, vec![(house(N, 2), 3), (house(N, 1), 2)]);
    assert_eq!(
        report.end,
        Some(EndReason::NoSeeds {
            side: N,
            swept_to: S
        })
    );
    assert_eq!(report.swept(), 3, "South takes the seeds on its own side");
}

#[test]
fn oware_majority_ends_at_once_without_a_sweep() {
    let start = pos(
        Rules::new(Variant::Oware),
        &[0, 0, 0, 0, 0, 2],
        &[1, 2, 5, 0, 0, 0],
        [22, 16],
        S,
    );
    let (report, game) = play(start, 6);
    assert_eq!(report.end, Some(EndReason::Majority));
    assert_eq!(report.captured(), 5);
    assert_eq!(report.swept(), 0);
    assert_eq!(game.outcome(), Some(Outcome::Win(S)));
    // Both at exactly half is the same rule, a draw.
    let rules = Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll);
    let start = pos(rules, &[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0], [22, 24], S);
    let (report, game) = play(start, 6);
    assert_eq!(report.end, Some(EndReason::Majority));
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn no_seeds_to_move_ends_congkak_and_the_other_sweeps() {
    let start = pos(
        Rules::new(Variant::Congkak),
        &[0, 0, 0, 0, 0, 1],
        &[1, 2, 3, 0, 0, 0],
        [10, 5],
        S,
    );
    let (report, game) = play(start, 6);
    assert_eq!(
        report.end,
        Some(EndReason::NoSeeds {
            side: S,
            swept_to: N
        })
    );
    assert!(!report.extra_turn);
    assert_eq!(report.swept(), 6);
    assert_eq!(game.position().stores(), [11, 11]);
}

#[test]
fn oware_cannot_feed_ends_the_game_and_the_mover_takes_their_seeds() {
    // North plays its last seed; South must feed but no house reaches North.
    let start = pos(
        Rules::new(Variant::Oware),
        &[3, 1, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 1],
        [20, 23],
        N,
    );
    let (report, game) = play(start, 6);
    assert_eq!(report.end, Some(EndReason::CannotFeed { side: S }));
    assert_eq!(report.swept(), 5);
    assert!(report
        .sweeps()
        .all(|(from, _, store)| from.side() == S && store == Pit::Store(S)));
    assert_eq!(game.position().stores(), [25, 23]);
    assert_eq!(replay(&start, &report.steps), game.position().pits());
}

#[test]
fn must_feed_is_oware_only_and_only_while_the_game_goes_on() {
    let oware = pos(
        Rules::new(Variant::Oware),
        &[3, 0, 0, 0, 0, 1],
        &[0; 6],
        [20, 24],
        S,
    );
    assert!(oware.must_feed());
    assert_eq!(oware.play(h(1)), Err(IllegalMove::MustFeed { house: h(1) }));
    assert!(!Position::start(Rules::new(Variant::Oware)).must_feed());
    // Kalah never feeds: a North row this empty simply ends the game.
    let kalah = pos(
        Rules::new(Variant::Kalah),
        &[3, 0, 0, 0, 0, 1],
        &[0; 6],
        [20, 20],
        S,
    );
    assert!(kalah.is_over() && !kalah.must_feed());
    let fed = oware.play(h(6)).unwrap();
    assert!(!fed.must_feed());
    let over = pos(
        Rules::new(Variant::Oware),
        &[3, 1, 0, 0, 0, 0],
        &[0, 0, 0, 0, 0, 1],
        [20, 23],
        N,
    )
    .play(h(6))
    .unwrap();
    assert!(over.is_over() && !over.must_feed());
}

/// Two lone seeds chase each other round the board: after these 12 moves the start
/// position recurs (South 6 and North 6 hold one seed each, South to move).
const CHASE: [u8; 12] = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];

#[test]
fn a_repetition_is_reported_with_its_sweeps_so_the_animation_ends_on_the_board() {
    let start = pos(
        Rules::new(Variant::Oware),
        &[0, 0, 0, 0, 0, 1],
        &[0, 0, 0, 0, 0, 1],
        [23, 21],
        S,
    );
    let mut game = Game::from_start(start);
    let mut last = None;
    for &m in &CHASE {
        let before = *game.position();
        let report = game.play(h(m)).unwrap();
        assert_eq!(replay(&before, &report.steps), game.position().pits());
        last = Some(report);
    }
    let report = last.unwrap();
    assert_eq!(report.end, Some(EndReason::Repetition));
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
    assert_eq!(report.swept(), 2);
    assert_eq!(game.position().stores(), [24, 22]);
    assert_eq!(game.outcome(), Some(Outcome::Win(S)));
    // Restoring and replaying the record find the same reason.
    let restored = Game::restore(start, game.moves(), &[]).unwrap();
    assert_eq!(restored.end_reason(), Some(EndReason::Repetition));
    let replayed = Game::parse_record(start, &game.record()).unwrap();
    assert_eq!(replayed.position(), game.position());
    // Undo and redo: the reason goes and comes back.
    game.undo();
    assert_eq!(game.end_reason(), None);
    game.redo();
    assert_eq!(game.end_reason(), Some(EndReason::Repetition));
}

#[test]
fn resignation_ends_the_game_and_undo_withdraws_it() {
    let mut game = Game::new(Rules::new(Variant::Kalah));
    game.play(h(1)).unwrap();
    assert_eq!(game.position().side_to_move(), N);
    game.resign(N).unwrap();
    assert!(game.is_over());
    assert!(!game.position().is_over(), "the board itself is not over");
    assert_eq!(game.resigned(), Some(N));
    assert_eq!(game.end_reason(), Some(EndReason::Resignation { side: N }));
    assert_eq!(game.outcome(), Some(Outcome::Win(S)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(h(1)), Err(IllegalMove::GameOver));
    assert_eq!(game.resign(S), Err(IllegalMove::GameOver));
    assert!(game.can_undo());
    // Undo withdraws the resignation with the move before it.
    assert_eq!(game.undo(), Some(h(1).into()));
    assert_eq!(game.resigned(), None);
    assert_eq!(game.end_reason(), None);
    assert_eq!(game.outcome(), None);
    assert!(game.moves().is_empty());
    // A resignation before any move is withdrawn too.
    game.resign(S).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(N)));
    assert!(!game.can_redo(), "a resigned game redoes nothing");
    assert_eq!(game.redo(), None);
    assert_eq!(game.undo(), None);
    assert!(!game.is_over());
    assert_eq!(game.redo(), Some(h(1).into()));
}

#[test]
fn rules_cannot_be_built_invalid() {
    assert_eq!(
        Rules::new(Variant::Kalah).with_seeds(2),
        Err(RulesError::SeedsOutOfRange { seeds: 2 })
    );
    assert_eq!(
        Rules::builder(Variant::Oware).houses(7).build(),
        Err(RulesError::HousesNotAllowed {
            variant: Variant::Oware,
            houses: 7
        })
    );
    assert!(Rules::builder(Variant::Congkak).houses(7).build().is_ok());
    assert!(matches!(
        Rules::builder(Variant::Kalah).option("grand-slam=sometimes"),
        Err(RulesError::UnknownValue {
            option: "grand-slam",
            ..
        })
    ));
    assert!(matches!(
        "bao".parse::<Variant>(),
        Err(RulesError::UnknownVariant(_))
    ));
    assert!(matches!(
        Position::from_parts(Rules::new(Variant::Kalah), [&[1; 5], &[1; 6]], [0, 0], S),
        Err(RulesError::WrongRowLength {
            side: S,
            len: 5,
            houses: 6
        })
    ));
    assert!(matches!(
        Position::from_parts(Rules::new(Variant::Kalah), [&[40; 6], &[0; 6]], [0, 0], S),
        Err(RulesError::TooManySeeds { seeds: 240 })
    ));
    // The seed range and each variant's boards and options are data.
    assert_eq!(Rules::SEEDS, 3..=7);
    assert_eq!(Variant::Congkak.house_counts(), &[6, 7]);
    assert!(Variant::Oware.has_grand_slam() && !Variant::Oware.has_empty_capture());
}

#[test]
fn an_invalid_rules_file_is_refused() {
    for bad in [
        r#"{"variant":"kalah","houses":7}"#,
        r#"{"variant":"oware","seeds":8}"#,
        r#"{"variant":"bao"}"#,
        r#"{"grand_slam":"sometimes"}"#,
    ] {
        assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
    }
    let rules: Rules = serde_json::from_str(r#"{"variant":"congkak","houses":7}"#).unwrap();
    assert_eq!(rules, Rules::new(Variant::Congkak).with_houses(7).unwrap());
    assert_eq!(
        serde_json::to_string(&rules).unwrap(),
        r#"{"variant":"congkak","houses":7,"seeds":4,"empty_capture":false,"grand_slam":"no-capture"}"#
    );
}

#[test]
fn the_side_not_to_move_may_resign() {
    // Against the computer the person gives up while the computer is thinking.
    let mut game = Game::new(Rules::new(Variant::Oware));
    assert_eq!(game.position().side_to_move(), S);
    game.resign(N).unwrap();
    assert_eq!(game.end_reason(), Some(EndReason::Resignation { side: N }));
    assert_eq!(game.outcome(), Some(Outcome::Win(S)));
}
