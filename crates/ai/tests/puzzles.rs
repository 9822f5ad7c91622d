//! Puzzles found in self-play games: each answer re-proven by a second solver that shares
//! nothing with the one that found it (no table, no endgame tables), the same seed giving
//! the same puzzles, and rules that cannot be solved refused.

use mancala_ai::{find_puzzles, Limits, Puzzle, PuzzleKind, PuzzleSearch, Searcher, MARGIN};
use mancala_engine::{Rules, Start, Variant};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn found(rules: Rules, count: usize, seed: u64) -> Vec<Puzzle> {
    let mut search = PuzzleSearch::new(rules);
    search.max_games = 200;
    let mut searcher = Searcher::new(8);
    let mut rng = StdRng::seed_from_u64(seed);
    find_puzzles(&search, count, &mut searcher, &mut rng, |_| {}).expect("solvable rules")
}

/// The value of every legal move, by a fresh solver without endgame tables.
fn reproven(puzzle: &Puzzle) -> Vec<(mancala_engine::House, i32)> {
    let game = puzzle.game().expect("the record replays");
    let pos = *game.position();
    let me = pos.side_to_move();
    pos.legal_moves()
        .iter()
        .map(|house| {
            let mut after = game.clone();
            after.play(house).unwrap();
            let child = *after.position();
            let value = if child.is_over() {
                child.store(me) as i32 - child.store(me.opponent()) as i32
            } else {
                let mut solver = Searcher::new(4).without_endgame();
                solver.set_history(after.history());
                let v = solver.solve(&child, &Limits::default()).unwrap().value;
                if child.side_to_move() == me {
                    v
                } else {
                    -v
                }
            };
            (house, value)
        })
        .collect()
}

fn check(puzzle: &Puzzle) {
    let values = reproven(puzzle);
    let verdict = &puzzle.verdict;
    assert_eq!(verdict.best.len(), 1, "{puzzle:?}");
    for (house, value) in values {
        if verdict.best.contains(&house) {
            assert_eq!(value, verdict.value, "the answer of {puzzle:?}");
        } else {
            assert!(
                value <= verdict.value - MARGIN,
                "move {house} of {puzzle:?} ends {value}"
            );
            match verdict.kind {
                PuzzleKind::Win => assert!(verdict.value > 0 && value <= 0),
                PuzzleKind::Save => assert!(verdict.value >= 0 && value < 0),
                PuzzleKind::Best => {}
            }
        }
    }
    assert!((1..=5).contains(&puzzle.difficulty));
}

#[test]
fn kalah_puzzles_are_proven_again_by_a_second_solver() {
    let rules = Rules::builder(Variant::Kalah).seeds(3).build().unwrap();
    let puzzles = found(rules, 4, 11);
    assert_eq!(puzzles.len(), 4);
    puzzles.iter().for_each(check);
}

/// Runs `test` on a thread with the stack the solver needs: it recurses once a ply to
/// the end of a line, and Oware's lines are long (the test threads get 2 MB).
fn with_solver_stack(test: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(test)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn oware_and_congkak_puzzles_are_proven_again_by_a_second_solver() {
    with_solver_stack(oware_and_congkak);
}

fn oware_and_congkak() {
    let mut oware = PuzzleSearch::new(Rules::builder(Variant::Oware).seeds(3).build().unwrap());
    // Few seeds left: a proof without endgame tables stays quick in a test build.
    oware.max_board_seeds = 8;
    oware.max_games = 100;
    let mut rng = StdRng::seed_from_u64(3);
    let puzzles = find_puzzles(&oware, 1, &mut Searcher::new(8), &mut rng, |_| {}).unwrap();
    assert_eq!(puzzles.len(), 1);
    puzzles.iter().for_each(check);

    let congkak = Rules::builder(Variant::Congkak)
        .houses(6)
        .seeds(3)
        .build()
        .unwrap();
    let puzzles = found(congkak, 3, 5);
    assert_eq!(puzzles.len(), 3);
    puzzles.iter().for_each(check);
}

#[test]
fn the_same_seed_finds_the_same_puzzles_and_another_seed_others() {
    let rules = Rules::builder(Variant::Kalah).seeds(3).build().unwrap();
    let first = found(rules, 3, 42);
    assert_eq!(first, found(rules, 3, 42));
    assert_ne!(first, found(rules, 3, 43));
}

#[test]
fn a_match_of_rounds_or_a_simultaneous_start_has_no_puzzles() {
    let mut rng = StdRng::seed_from_u64(1);
    for rules in [
        Rules::traditional_congkak(),
        Rules::builder(Variant::Congkak)
            .start(Start::Simultaneous)
            .build()
            .unwrap(),
    ] {
        let search = PuzzleSearch::new(rules);
        assert_eq!(
            find_puzzles(&search, 1, &mut Searcher::new(1), &mut rng, |_| {}),
            None
        );
    }
}

#[test]
fn the_easiest_are_left_out_when_asked() {
    let rules = Rules::builder(Variant::Kalah).seeds(3).build().unwrap();
    let mut search = PuzzleSearch::new(rules);
    search.min_difficulty = 3;
    search.max_games = 300;
    let mut rng = StdRng::seed_from_u64(8);
    let puzzles = find_puzzles(&search, 3, &mut Searcher::new(8), &mut rng, |_| {}).unwrap();
    assert!(!puzzles.is_empty());
    assert!(puzzles.iter().all(|p| p.difficulty >= 3));
}
