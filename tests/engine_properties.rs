//! Property tests over random games of every variant and option.

use mancala::engine::{Game, Position, Side, Step, Variant};
use proptest::prelude::*;

#[path = "support/rules.rs"]
mod rules_strategy;
use rules_strategy::any_rules;

fn seeds_on_board(p: &Position) -> u32 {
    p.pits().iter().map(|&s| s as u32).sum()
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
        let mut game = Game::with_first(rules, first).unwrap();
        let total = rules.total_seeds();
        for (choice, probe) in choices.iter().zip(probes.iter().cycle()) {
            let pos = *game.position();
            // Seeds are conserved.
            prop_assert_eq!(seeds_on_board(&pos), total);
            // No moves exactly when the game is over.
            prop_assert_eq!(pos.legal_moves().is_empty(), pos.is_over());
            // An illegal move is refused and changes nothing.
            if !pos.legal_moves().contains(*probe as u8) {
                let before = game.clone();
                prop_assert!(game.play(*probe).is_err());
                prop_assert_eq!(&game, &before);
            }
            if pos.is_over() {
                break;
            }
            let moves: Vec<u8> = pos.legal_moves().collect();
            let house = moves[*choice as usize % moves.len()];
            // Seed-by-seed play (animation) agrees with the fast path, and every
            // pick-up is sown out: a relay turn ends with all seeds placed.
            let mut fast = pos;
            fast.play_unchecked(house);
            let mut traced = game.clone();
            let steps = traced.play_traced(house as u32).unwrap();
            let picked: u32 = steps.iter().map(|s| match s {
                Step::PickUp { seeds, .. } => *seeds as u32,
                _ => 0,
            }).sum();
            let dropped = steps.iter().filter(|s| matches!(s, Step::Drop { .. })).count();
            prop_assert_eq!(picked as usize, dropped);
            game.play(house as u32).unwrap();
            prop_assert_eq!(game.position(), traced.position());
            if rules.variant != Variant::Oware || !game.position().is_over() {
                prop_assert_eq!(game.position().pits(), fast.pits());
            }
        }
        // Replaying the record gives the same position.
        let replayed = Game::parse_record(*game.start(), &game.record()).unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        // Undo all the way back and redo all the way forward.
        let end = *game.position();
        let n = game.moves().len();
        for _ in 0..n { game.undo(); }
        prop_assert_eq!(game.position(), game.start());
        for _ in 0..n { game.redo(); }
        prop_assert_eq!(game.position(), &end);
    }
}
