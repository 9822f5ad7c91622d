//! The reference perft tables of docs/rules.md (Kalah and Oware, 4 seeds, default rules) to
//! depth 8, and the deeper plies the benchmark uses, checked in release builds.

use mancala_engine::{perft, Position, Rules, Variant};

const KALAH_4: [u64; 10] = [
    6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490, 13519607,
];
const OWARE_4: [u64; 10] = [
    6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964,
];

fn check(variant: Variant, table: &[u64], depths: std::ops::RangeInclusive<u32>) {
    let start = Position::start(Rules::new(variant));
    assert_eq!(perft(&start, 0), 1);
    for depth in depths {
        assert_eq!(
            perft(&start, depth),
            table[depth as usize - 1],
            "{variant} perft {depth}"
        );
    }
}

#[test]
fn kalah_perft_matches_rules_md_to_depth_8() {
    check(Variant::Kalah, &KALAH_4, 1..=8);
}

#[test]
fn oware_perft_matches_rules_md_to_depth_8() {
    check(Variant::Oware, &OWARE_4, 1..=8);
}

#[test]
fn perft_matches_rules_md_at_depth_9_and_10() {
    check(Variant::Kalah, &KALAH_4, 9..=10);
    check(Variant::Oware, &OWARE_4, 9..=10);
}

#[test]
fn perft_counts_the_same_as_playing_every_line_through_game() {
    // An independent count through the checked, allocating API.
    fn count(game: &mut mancala_engine::Game, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = game.position().legal_moves();
        let mut n = 0;
        for m in moves {
            game.play(m).unwrap();
            n += count(game, depth - 1);
            game.undo();
        }
        n
    }
    for rules in [
        Rules::new(Variant::Congkak),
        Rules::builder(Variant::Congkak)
            .houses(7)
            .seeds(3)
            .build()
            .unwrap(),
        Rules::builder(Variant::Kalah)
            .seeds(6)
            .empty_capture(true)
            .build()
            .unwrap(),
        Rules::new(Variant::Oware).with_seeds(3).unwrap(),
    ] {
        let start = Position::start(rules);
        let mut game = mancala_engine::Game::from_start(start);
        assert_eq!(perft(&start, 5), count(&mut game, 5), "{rules:?}");
    }
    // Congkak with rounds, a few seeds from the end of a round: the lines cross into
    // round 2 (refills, burnt houses) and some end the match.
    let rounds = Rules::builder(Variant::Congkak)
        .seeds(3)
        .rounds(true)
        .build()
        .unwrap();
    let late = Position::from_parts(
        rounds,
        [&[0, 0, 1, 0, 0, 1], &[1, 0, 0, 1, 0, 0]],
        [16, 17],
        mancala_engine::Side::South,
    )
    .unwrap();
    let mut game = mancala_engine::Game::from_start(late);
    assert_eq!(perft(&late, 7), count(&mut game, 7));
}
