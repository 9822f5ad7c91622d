//! Game review (issue 15): the grades agree with the exact solver wherever the review
//! says it is exact, the best move loses nothing, and a blunder is called one.

use mancala_ai::{final_value, review, EndgameTable, Grade, Limits, ReviewBudget, Searcher};
use mancala_engine::{Game, House, Position, Rules, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn kalah3() -> Rules {
    Rules::new(Variant::Kalah).with_seeds(3).unwrap()
}

/// A finished game of random moves, a third of them the searcher's choice, so that it
/// holds both good moves and bad ones.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut searcher = Searcher::new(4);
    let mut game = Game::from_start(Position::start(rules));
    while !game.is_over() {
        let pos = *game.position();
        let legal = pos.legal_moves().to_vec();
        let house = if rng.random_bool(0.33) {
            searcher.search(&pos, &Limits::depth(3)).unwrap().best
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.play(house).unwrap();
    }
    game
}

/// The exact value of `pos` for its mover, by a fresh solver (no tables, no review).
fn solved(pos: &Position) -> i32 {
    Searcher::new(16)
        .solve(pos, &Limits::default())
        .expect("Kalah(6,3) positions solve")
        .value
}

/// The exact value, for the side that moved, of the position after `house`.
fn solved_after(pos: &Position, house: House) -> i32 {
    let me = pos.side_to_move();
    let after = pos.play(house).unwrap();
    if after.is_over() {
        final_value(&after, me)
    } else if after.side_to_move() == me {
        solved(&after)
    } else {
        -solved(&after)
    }
}

fn reviewed(game: &Game) -> Vec<mancala_ai::MoveReview> {
    let mut searcher = Searcher::new(32);
    searcher.set_endgame(Some(Arc::new(EndgameTable::build(kalah3(), 10))));
    let budget = ReviewBudget {
        per_position: Duration::from_millis(300),
    };
    let mut seen = Vec::new();
    let moves = review(
        &mut searcher,
        game,
        budget,
        &Limits::default(),
        |done, total| seen.push((done, total)),
    )
    .unwrap();
    let total = game.moves().len();
    assert_eq!(
        seen.last(),
        Some(&(total, total)),
        "progress reaches the end"
    );
    moves
}

#[test]
fn exact_grades_agree_with_the_solver_and_the_best_move_loses_nothing() {
    let mut exact = 0;
    for seed in 0..3 {
        let game = random_game(kalah3(), seed);
        let moves = reviewed(&game);
        assert_eq!(moves.len(), game.moves().len(), "one entry per move");
        let mut replay = Game::from_start(*game.start());
        for (m, played) in moves.iter().zip(game.moves()) {
            let played = played.house().expect("no simultaneous first move here");
            let before = *replay.position();
            assert_eq!((m.played, m.side), (played, before.side_to_move()));
            assert!(m.loss >= 0);
            assert_eq!(m.grade, Grade::of_loss(m.loss));
            if m.best == m.played {
                assert_eq!(m.loss, 0, "ply {}: the best move loses nothing", m.ply);
            }
            if m.exact {
                exact += 1;
                let value = solved(&before);
                assert_eq!(m.value, value, "seed {seed} ply {}: value", m.ply);
                assert_eq!(
                    m.loss,
                    value - solved_after(&before, played),
                    "seed {seed} ply {}: loss",
                    m.ply
                );
                assert_eq!(
                    solved_after(&before, m.best),
                    value,
                    "the best move keeps it"
                );
            }
            replay.play(played).unwrap();
        }
    }
    assert!(
        exact >= 20,
        "only {exact} exact plies: the test would test little"
    );
}

#[test]
fn a_missed_big_capture_is_graded_a_blunder() {
    // Walk random games until a move loses 8 or more seeds against the best, play it,
    // and review that game.
    for seed in 0..50 {
        let full = random_game(kalah3(), 100 + seed);
        let mut game = Game::from_start(*full.start());
        for (ply, house) in full.moves().iter().enumerate() {
            let house = house.house().expect("a house");
            let pos = *game.position();
            // Past the opening, where the review's budget solves a position.
            if ply < 8 {
                game.play(house).unwrap();
                continue;
            }
            let value = solved(&pos);
            let blunder = pos
                .legal_moves()
                .into_iter()
                .find(|&h| value - solved_after(&pos, h) >= 8);
            if let Some(blunder) = blunder {
                game.play(blunder).unwrap();
                let moves = reviewed(&game);
                let last = moves.last().unwrap();
                assert!(last.exact, "a Kalah(6,3) ply is solved");
                assert_eq!(last.played, blunder);
                assert_eq!(last.grade, Grade::Blunder, "{last:?}");
                assert_eq!(last.loss, value - solved_after(&pos, blunder));
                assert_ne!(last.best, blunder);
                return;
            }
            game.play(house).unwrap();
        }
    }
    panic!("no position with a blunder in 50 games");
}

#[test]
fn a_cancelled_review_returns_nothing() {
    let game = random_game(kalah3(), 7);
    let cancel = AtomicBool::new(true);
    let budget = ReviewBudget {
        per_position: Duration::from_millis(50),
    };
    let limits = Limits::default().with_cancel(&cancel);
    assert_eq!(
        review(&mut Searcher::new(4), &game, budget, &limits, |_, _| {}),
        None
    );
}

#[test]
fn grades_follow_the_documented_thresholds() {
    let grades: Vec<Grade> = [0, 1, 2, 3, 4, 7, 8, 40].map(Grade::of_loss).to_vec();
    assert_eq!(
        grades,
        [
            Grade::Best,
            Grade::Good,
            Grade::Inaccuracy,
            Grade::Inaccuracy,
            Grade::Mistake,
            Grade::Mistake,
            Grade::Blunder,
            Grade::Blunder
        ]
    );
}
