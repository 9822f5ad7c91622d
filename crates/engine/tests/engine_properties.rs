//! Property tests over random games of every variant and option.

use mancala_engine::{
    EndReason, Game, House, Lockstep, MoveReport, Opening, Pit, Position, Side, Step, Variant,
};
use proptest::prelude::*;

#[path = "support/rules.rs"]
mod rules_strategy;
use rules_strategy::any_rules;

fn seeds_on_board(p: &Position) -> u32 {
    p.pits().iter().map(|&s| s as u32).sum()
}

/// Replays `steps` (of a move by `mover`, or of the simultaneous first move when
/// `mover` is `None`) on the board before it, checking each step against the board as
/// it goes, and returns the board after them.
fn replay_steps(
    before: &Position,
    steps: &[Step],
    mover: Option<Side>,
    ends: bool,
) -> Result<Vec<u8>, TestCaseError> {
    let houses = before.rules().houses();
    let mut pits = before.pits().to_vec();
    let mut hand = mover;
    let mut in_hand = [0u32; 2];
    let mut round_over = false;
    for step in steps {
        let held = &mut in_hand[hand.map_or(0, Side::index)];
        match *step {
            Step::Hand { side } => {
                prop_assert!(mover.is_none(), "hands only in a first move");
                hand = Some(side);
            }
            Step::PickUp { pit, seeds } => {
                prop_assert!(matches!(pit, Pit::House(..)), "{step:?}");
                prop_assert_eq!(*held, 0, "a pick-up with seeds still in hand");
                prop_assert_eq!(pits[pit.index(houses)], seeds, "{:?}", step);
                pits[pit.index(houses)] = 0;
                *held = seeds as u32;
            }
            Step::Drop { pit } => {
                prop_assert!(*held > 0, "a drop from an empty hand");
                *held -= 1;
                pits[pit.index(houses)] += 1;
            }
            Step::Capture { from, seeds, store } => {
                prop_assert_eq!(Some(store), hand.map(Pit::Store));
                prop_assert!(matches!(from, Pit::House(..)));
                prop_assert_eq!(pits[from.index(houses)], seeds, "{:?}", step);
                pits[from.index(houses)] = 0;
                pits[store.index(houses)] += seeds;
            }
            Step::Sweep { from, seeds, store } => {
                prop_assert!(ends, "a sweep only when the game or round ends");
                prop_assert!(matches!(from, Pit::House(..)));
                prop_assert!(matches!(store, Pit::Store(_)));
                prop_assert_eq!(pits[from.index(houses)], seeds, "{:?}", step);
                pits[from.index(houses)] = 0;
                pits[store.index(houses)] += seeds;
            }
            Step::GrandSlamSpared => {}
            Step::NewRound { .. } => {
                prop_assert!(before.rules().plays_rounds());
                let houses_left: u32 = (0..pits.len())
                    .filter(|&i| matches!(Pit::at(i, houses), Pit::House(..)))
                    .map(|i| pits[i] as u32)
                    .sum();
                prop_assert_eq!(houses_left, 0, "a round ends with every seed in a store");
                round_over = true;
            }
            Step::Refill {
                store,
                house,
                seeds,
            } => {
                prop_assert!(round_over);
                prop_assert_eq!(store.side(), house.side());
                prop_assert_eq!(seeds, before.rules().seeds());
                prop_assert!(pits[store.index(houses)] >= seeds);
                pits[store.index(houses)] -= seeds;
                pits[house.index(houses)] += seeds;
            }
            Step::Burn { house } => {
                prop_assert!(round_over);
                prop_assert_eq!(pits[house.index(houses)], 0);
                prop_assert!(pits[Pit::Store(house.side()).index(houses)] < before.rules().seeds());
            }
        }
    }
    prop_assert_eq!(in_hand, [0, 0], "every seed picked up is sown");
    Ok(pits)
}

/// The report's own accounting: each store grows by the drops into it, the mover's also
/// by the captures, and by the sweeps into it; captures and relays match the steps.
fn check_accounting(
    before: &Position,
    after: &Position,
    report: &MoveReport,
) -> Result<(), TestCaseError> {
    let capture_steps: Vec<(Pit, u8)> = report
        .steps
        .iter()
        .filter_map(|s| match *s {
            Step::Capture { from, seeds, .. } => Some((from, seeds)),
            _ => None,
        })
        .collect();
    prop_assert_eq!(&capture_steps, &report.captures);
    let pick_ups = report
        .steps
        .iter()
        .filter(|s| matches!(s, Step::PickUp { .. }))
        .count() as u32;
    prop_assert!(pick_ups >= 1);
    prop_assert_eq!(report.relays, pick_ups - 1);
    for side in Side::BOTH {
        let store = Pit::Store(side);
        let drops = report
            .steps
            .iter()
            .filter(|s| **s == Step::Drop { pit: store })
            .count() as u32;
        let swept: u32 = report
            .sweeps()
            .filter(|&(_, _, to)| to == store)
            .map(|(_, seeds, _)| seeds as u32)
            .sum();
        let captured = if side == report.mover {
            report.captured()
        } else {
            0
        };
        let refilled: u32 = report
            .steps
            .iter()
            .filter_map(|s| match *s {
                Step::Refill {
                    store: from, seeds, ..
                } if from == store => Some(seeds as u32),
                _ => None,
            })
            .sum();
        let gained = after.store(side) as i64 - before.store(side) as i64;
        prop_assert_eq!(
            gained,
            (drops + captured + swept) as i64 - refilled as i64,
            "{:?} {:?}",
            side,
            report
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_games_keep_every_invariant(
        rules in any_rules(),
        north_first in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 1..400),
        probes in proptest::collection::vec(0u32..=9, 1..400),
    ) {
        let first = if north_first { Side::North } else { Side::South };
        let mut game = Game::with_first(rules, first);
        let total = rules.total_seeds();
        prop_assert_eq!(game.in_opening(), rules.simultaneous_start());
        if game.in_opening() {
            play_random_opening(&mut game, &choices)?;
        }
        for (choice, probe) in choices.iter().zip(probes.iter().cycle()) {
            let pos = *game.position();
            prop_assert!(!pos.in_opening());
            if !rules.plays_rounds() {
                prop_assert_eq!(pos.round(), 1);
            }
            // Seeds are conserved.
            prop_assert_eq!(seeds_on_board(&pos), total);
            // No moves exactly when the game is over, and then there is a reason.
            prop_assert_eq!(pos.legal_moves().is_empty(), pos.is_over());
            prop_assert_eq!(pos.is_over(), pos.end_reason().is_some());
            prop_assert_eq!(game.end_reason(), pos.end_reason());
            // Must feed: Oware, game on, the opponent's houses empty; every legal move
            // then gives them seeds.
            let opponent = pos.side_to_move().opponent();
            let starving = pos.houses(opponent).iter().all(|&s| s == 0);
            prop_assert_eq!(
                pos.must_feed(),
                rules.variant() == Variant::Oware && !pos.is_over() && starving
            );
            if pos.must_feed() {
                for house in pos.legal_moves() {
                    let report = game.clone().play(house).unwrap();
                    let feeds = report.steps.iter().any(|s| {
                        matches!(s, Step::Drop { pit: Pit::House(side, _) } if *side == opponent)
                    });
                    prop_assert!(feeds, "{:?} does not feed: {:?}", house, report);
                }
            }
            // A number that is not a house is refused on the way in; an illegal house
            // is refused and changes nothing.
            match House::new(*probe as u8) {
                None => prop_assert!(rules.house(*probe).is_err()),
                Some(house) if !pos.legal_moves().contains(house) => {
                    let before = game.clone();
                    prop_assert!(game.play(house).is_err());
                    prop_assert_eq!(&game, &before);
                }
                Some(_) => {}
            }
            if pos.is_over() {
                break;
            }
            let moves = pos.legal_moves().to_vec();
            let house = moves[*choice as usize % moves.len()];
            // The fast path agrees with the traced one (which also applies rule 8).
            let mut fast = pos;
            fast.play_unchecked(house);
            let report = game.play(house).unwrap();
            let after = *game.position();
            prop_assert_eq!(report.mover, pos.side_to_move());
            prop_assert_eq!(report.house, house);
            prop_assert_eq!(report.end, after.end_reason());
            prop_assert_eq!(
                report.extra_turn,
                !after.is_over()
                    && report.new_round.is_none()
                    && after.side_to_move() == pos.side_to_move()
            );
            check_round(&pos, &after, report.new_round)?;
            if report.end == Some(EndReason::Repetition) {
                // Rule 8 on top of the sowing: each side took the seeds on its side.
                prop_assert!(!fast.is_over());
                for side in Side::BOTH {
                    let own: u32 = fast.houses(side).iter().map(|&s| s as u32).sum();
                    prop_assert_eq!(after.store(side) as u32, fast.store(side) as u32 + own);
                    prop_assert!(after.houses(side).iter().all(|&s| s == 0));
                }
            } else {
                prop_assert_eq!(&after, &fast);
            }
            // The steps replayed on the board before end exactly on the board after,
            // repetitions and sweeps included, and the stores add up.
            let ends = report.end.is_some() || report.new_round.is_some();
            prop_assert_eq!(
                replay_steps(&pos, &report.steps, Some(report.mover), ends)?,
                after.pits().to_vec()
            );
            check_accounting(&pos, &after, &report)?;
        }
        // Replaying the record gives the same position, and the same reason.
        let replayed = Game::parse_record(*game.start(), &game.record()).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.end_reason(), game.end_reason());
        // Undo all the way back and redo all the way forward.
        let end = *game.position();
        let n = game.moves().len();
        for _ in 0..n { game.undo(); }
        prop_assert_eq!(game.position(), game.start());
        for _ in 0..n { game.redo(); }
        prop_assert_eq!(game.position(), &end);
    }
}

/// Plays a simultaneous first move of random choices (drawn from `choices`) through a
/// [`Lockstep`], and checks that the record replays to the same position with a report
/// whose steps end on it.
fn play_random_opening(game: &mut Game, choices: &[u16]) -> Result<(), TestCaseError> {
    let start = *game.position();
    let total = start.total_seeds();
    let mut lockstep = Lockstep::new(&start).expect("a first move to play");
    let mut draws = choices.iter().cycle();
    while !lockstep.is_done() {
        for side in Side::BOTH {
            let options = lockstep.choices(side).to_vec();
            if !options.is_empty() {
                let pick = options[*draws.next().unwrap() as usize % options.len()];
                lockstep.choose(side, pick).unwrap();
                // A second choice for a hand already sowing is refused.
                prop_assert!(lockstep.clone().choose(side, pick).is_err());
            }
        }
        lockstep.step();
        // Seeds are conserved at every step, counting those in the hands.
        let in_hands: u32 = Side::BOTH
            .iter()
            .map(|&s| match lockstep.hand(s) {
                mancala_engine::Hand::Sowing { seeds, .. } => seeds as u32,
                _ => 0,
            })
            .sum();
        prop_assert_eq!(seeds_on_board(lockstep.board()) + in_hands, total);
        lockstep.run();
    }
    let opening: Opening = lockstep.opening().clone();
    let first = lockstep.stopped_first().unwrap();
    let after = lockstep.finish().unwrap();
    prop_assert_eq!(start.play_opening(&opening), Ok(after));
    let report = game.play_opening(&opening).unwrap();
    prop_assert_eq!(game.position(), &after);
    prop_assert_eq!(report.stopped_first, first);
    let ends = report.end.is_some() || report.new_round.is_some();
    prop_assert_eq!(
        replay_steps(&start, &report.steps, None, ends)?,
        after.pits().to_vec()
    );
    if !after.is_over() && report.new_round.is_none() {
        prop_assert_eq!(after.side_to_move(), first.opponent());
    }
    // The token reads back as the same first move.
    prop_assert_eq!(opening.to_string().parse::<Opening>().unwrap(), opening);
    Ok(())
}

/// Rule 12: a new round numbers on by one and leaves every house either filled with
/// `seeds` or burnt and empty, and burnt exactly the houses its owner could not fill.
fn check_round(
    before: &Position,
    after: &Position,
    new_round: Option<u8>,
) -> Result<(), TestCaseError> {
    let Some(round) = new_round else {
        prop_assert_eq!(after.round(), before.round());
        if !after.is_over() {
            for side in Side::BOTH {
                prop_assert_eq!(after.burnt(side), before.burnt(side));
            }
        }
        return Ok(());
    };
    prop_assert_eq!(round, before.round() + 1);
    prop_assert_eq!(after.round(), round);
    if after.end_reason() == Some(EndReason::Repetition) {
        // Rule 13: the new round repeated an earlier one and each took their houses back.
        return Ok(());
    }
    let seeds = after.rules().seeds();
    for side in Side::BOTH {
        let burnt = after.burnt(side);
        for (k, &held) in after.houses(side).iter().enumerate() {
            let house = House::new(k as u8 + 1).unwrap();
            prop_assert_eq!(held == 0, burnt.contains(house));
            prop_assert!(held == 0 || held == seeds);
        }
        // Filled from house 1 up: the burnt houses are the last ones.
        let filled = after
            .houses(side)
            .iter()
            .take_while(|&&s| s == seeds)
            .count();
        prop_assert_eq!(filled + burnt.len(), after.rules().houses() as usize);
        if !burnt.is_empty() {
            prop_assert!(
                after.store(side) < seeds,
                "a house is burnt only when the store is short"
            );
        }
    }
    Ok(())
}
