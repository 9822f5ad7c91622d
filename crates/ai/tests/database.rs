//! Oware's database keyed by the board, checked against the exact solver and the
//! store-aware endgame tables, under every grand-slam rule.
//!
//! The database counts seeds as if play went on to the last one (rule 6 left out), so
//! what can be compared with the solver and the tables, which apply rule 6, is who
//! wins: a store difference `base` now and a gain `g` from the board give a final
//! difference whose sign no early end changes.

use mancala_ai::{EndgameTable, Limits, OwareDatabase, Searcher};
use mancala_engine::{GrandSlam, Position, Rules, Side, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// A random Oware position of `seeds` seeds on the board (48 in all), South to move,
/// not over: the stores share the rest, each at most half.
fn random_position(rules: Rules, seeds: u8, rng: &mut StdRng) -> Option<Position> {
    let mut houses = [0u8; 12];
    for _ in 0..seeds {
        houses[rng.random_range(0..12)] += 1;
    }
    let rest = 48 - seeds;
    let south = rng.random_range(rest.saturating_sub(24)..=rest.min(24));
    let pos = Position::from_parts(
        rules,
        [&houses[..6], &houses[6..]],
        [south, rest - south],
        Side::South,
    )
    .ok()?;
    (!pos.is_over()).then_some(pos)
}

fn store_difference(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    pos.store(me) as i32 - pos.store(me.opponent()) as i32
}

/// Runs `check` on a thread with a deep stack: the solver follows a circling line to its
/// repetition, a deep recursion.
fn on_a_deep_stack(check: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(check)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn the_database_tells_the_winner_the_exact_solver_finds_on_random_positions() {
    on_a_deep_stack(compare_with_the_solver);
}

fn compare_with_the_solver() {
    for grand_slam in GrandSlam::ALL {
        let rules = Rules::new(Variant::Oware).with_grand_slam(grand_slam);
        let db = OwareDatabase::build(rules, 7);
        let mut searcher = Searcher::new(16).with_endgame(Arc::new(EndgameTable::build(rules, 5)));
        let mut rng = StdRng::seed_from_u64(41);
        let (mut exact, mut bounded) = (0, 0);
        for _ in 0..300 {
            let seeds = rng.random_range(1..=7);
            let Some(pos) = random_position(rules, seeds, &mut rng) else {
                continue;
            };
            let known = db.probe(&pos).expect("covered");
            let base = store_difference(&pos);
            // A node budget, the same on every machine: a line that circles until
            // rule 8 ends it can take the solver long, and such a position is skipped.
            let Some(solution) = searcher.solve(&pos, &Limits::nodes(150_000)) else {
                searcher.forget();
                continue;
            };
            let solved = solution.value;
            let (low, high) = (
                base + known.gain(known.lower),
                base + known.gain(known.upper),
            );
            // The solver's margin lies on the side of zero the bounds prove.
            assert!(
                (low <= 0 || solved > 0) && (high >= 0 || solved < 0),
                "{grand_slam:?} {pos:?}: database {low}..={high}, solver {solved}"
            );
            if known.is_exact() {
                assert_eq!(low.signum(), solved.signum(), "{grand_slam:?} {pos:?}");
                exact += 1;
            } else {
                bounded += 1;
            }
            searcher.forget();
        }
        println!("{grand_slam:?}: {exact} exact and {bounded} bounded agree with the solver");
        assert!(
            exact > 60 && bounded > 20,
            "{exact} exact, {bounded} bounded"
        );
    }
}

/// The exact solver with the database (which there only proves who wins) values random
/// positions as it does without it: the database changes no margin.
#[test]
fn the_solver_with_the_database_finds_the_values_it_finds_without() {
    on_a_deep_stack(|| {
        let rules = Rules::new(Variant::Oware);
        let db = Arc::new(OwareDatabase::build(rules, 8));
        let table = Arc::new(EndgameTable::build(rules, 5));
        let mut with = Searcher::new(16)
            .with_endgame(table.clone())
            .with_database(db);
        let mut without = Searcher::new(16).with_endgame(table);
        let mut rng = StdRng::seed_from_u64(5);
        let mut compared = 0;
        for _ in 0..200 {
            let seeds = rng.random_range(2..=7);
            let Some(pos) = random_position(rules, seeds, &mut rng) else {
                continue;
            };
            let budget = Limits::nodes(150_000);
            if let (Some(a), Some(b)) = (with.solve(&pos, &budget), without.solve(&pos, &budget)) {
                assert_eq!(a.value, b.value, "{pos:?}");
                compared += 1;
            }
            with.forget();
            without.forget();
        }
        println!("{compared} solved alike with the database and without");
        assert!(compared > 40, "{compared}");
    });
}

#[test]
fn the_database_never_contradicts_the_store_aware_tables() {
    let mut compared = 0;
    for grand_slam in GrandSlam::ALL {
        let rules = Rules::new(Variant::Oware).with_grand_slam(grand_slam);
        let db = OwareDatabase::build(rules, 8);
        let table = EndgameTable::build(rules, 8);
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..20_000 {
            let seeds = rng.random_range(1..=8);
            let Some(pos) = random_position(rules, seeds, &mut rng) else {
                continue;
            };
            let (known, (lower, upper)) = (db.probe(&pos).unwrap(), table.bounds(&pos).unwrap());
            let base = store_difference(&pos);
            let (low, high) = (
                base + known.gain(known.lower),
                base + known.gain(known.upper),
            );
            // The table's bounds hold whatever came before, so also with nothing before:
            // the two must leave a common outcome open.
            let (t_low, t_high) = (base + lower, base + upper);
            assert!(
                low.signum().max(t_low.signum()) <= high.signum().min(t_high.signum()),
                "{grand_slam:?} {pos:?}: database {low}..={high}, table {t_low}..={t_high}"
            );
            compared += 1;
        }
    }
    println!("{compared} positions agree with the tables");
    assert!(compared > 40_000, "{compared}");
}

#[test]
fn a_database_of_8_seeds_knows_its_boards_as_built_and_reads_back_from_its_bytes() {
    let rules = Rules::new(Variant::Oware);
    let db = OwareDatabase::build(rules, 8);
    // Boards of 0..=8 seeds whose bounds meet, as built on 2026-12-07 (docs/engine.md).
    assert_eq!(
        db.exact_per_count(),
        [1, 12, 65, 300, 994, 4090, 10168, 26005, 46171]
    );
    let bytes = db.to_bytes();
    let read = OwareDatabase::from_bytes(rules, 8, &bytes).unwrap();
    assert_eq!(read.to_bytes(), bytes);
    // Damaged bytes are refused.
    assert!(OwareDatabase::from_bytes(rules, 8, &bytes[..bytes.len() - 1]).is_none());
}

#[test]
fn the_database_guesses_within_its_bounds_and_its_guess_is_its_best_moves_value() {
    let rules = Rules::new(Variant::Oware);
    let db = OwareDatabase::build(rules, 8);
    let mut rng = StdRng::seed_from_u64(41);
    let (mut probed, mut compared, mut unsettled) = (0, 0, 0);
    while probed < 5000 {
        let seeds = rng.random_range(2..=8);
        let Some(pos) = random_position(rules, seeds, &mut rng) else {
            continue;
        };
        let value = db.probe(&pos).unwrap();
        probed += 1;
        assert!(
            value.lower <= value.guess && value.guess <= value.upper,
            "{value:?}"
        );
        // Where the bounds stay apart, the guess is its best move's value (within the
        // bounds): what the move captures, and minus the child's guess. Boards with a
        // move that ends the game are left out (rule 6, which the database leaves out,
        // may end it).
        let children: Vec<Position> = pos
            .legal_moves()
            .iter()
            .map(|house| {
                let mut child = pos;
                child.play_unchecked(house);
                child
            })
            .collect();
        if value.is_exact() || children.iter().any(Position::is_over) {
            continue;
        }
        let best = children
            .iter()
            .map(|child| {
                let known = db.probe(child).unwrap();
                -store_difference(child) - store_difference(&pos) - known.gain(known.guess)
            })
            .max()
            .unwrap();
        let clamped = best.clamp(value.gain(value.lower), value.gain(value.upper));
        compared += 1;
        if clamped != value.gain(value.guess) {
            unsettled += 1;
        }
    }
    // Value iteration round a cycle need not settle, and the sweeps stop at 30: 23 of
    // 1214 boards here had not settled (2026-12-07).
    println!("{unsettled} of {compared} open boards unsettled");
    assert!(compared > 500, "{compared} open boards compared");
    assert!(
        unsettled * 20 < compared,
        "{unsettled} of {compared} unsettled"
    );
}
