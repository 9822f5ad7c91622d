//! Property tests over random games of every variant and option.

use mancala_engine::{EndReason, Game, House, MoveReport, Pit, Position, Side, Step, Variant};
use proptest::prelude::*;

#[path = "support/rules.rs"]
mod rules_strategy;
use rules_strategy::any_rules;

fn seeds_on_board(p: &Position) -> u32 {
    p.pits().iter().map(|&s| s as u32).sum()
}

/// Replays `report.steps` on the board before the move, checking each step against the
/// board as it goes, and returns the board after them.
fn replay_steps(before: &Position, report: &MoveReport) -> Result<Vec<u8>, TestCaseError> {
    let houses = before.rules().houses();
    let mover_store = Pit::Store(report.mover);
    let mut pits = before.pits().to_vec();
    let mut in_hand = 0u32;
    for step in &report.steps {
        match *step {
            Step::PickUp { pit, seeds } => {
                prop_assert!(matches!(pit, Pit::House(..)), "{step:?}");
                prop_assert_eq!(in_hand, 0, "a pick-up with seeds still in hand");
                prop_assert_eq!(pits[pit.index(houses)], seeds, "{:?}", step);
                pits[pit.index(houses)] = 0;
                in_hand = seeds as u32;
            }
            Step::Drop { pit } => {
                prop_assert!(in_hand > 0, "a drop from an empty hand");
                in_hand -= 1;
                pits[pit.index(houses)] += 1;
            }
            Step::Capture { from, seeds, store } => {
                prop_assert_eq!(store, mover_store);
                prop_assert!(matches!(from, Pit::House(..)));
                prop_assert_eq!(pits[from.index(houses)], seeds, "{:?}", step);
                pits[from.index(houses)] = 0;
                pits[store.index(houses)] += seeds;
            }
            Step::Sweep { from, seeds, store } => {
                prop_assert!(report.end.is_some(), "a sweep only when the game ends");
                prop_assert!(matches!(from, Pit::House(..)));
                prop_assert!(matches!(store, Pit::Store(_)));
                prop_assert_eq!(pits[from.index(houses)], seeds, "{:?}", step);
                pits[from.index(houses)] = 0;
                pits[store.index(houses)] += seeds;
            }
            Step::GrandSlamSpared => prop_assert!(report.grand_slam_spared),
        }
    }
    prop_assert_eq!(in_hand, 0, "every seed picked up is sown");
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
        let gained = (after.store(side) - before.store(side)) as u32;
        prop_assert_eq!(gained, drops + captured + swept, "{:?} {:?}", side, report);
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
        for (choice, probe) in choices.iter().zip(probes.iter().cycle()) {
            let pos = *game.position();
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
                !after.is_over() && after.side_to_move() == pos.side_to_move()
            );
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
            prop_assert_eq!(replay_steps(&pos, &report)?, after.pits().to_vec());
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
