//! The puzzles shipped with the app: the output of `mancala-cli puzzles` for each variant
//! (the commands and seeds are in README.md beside the files), each answer proven by the
//! exact solver, and the daily puzzle, the same for everyone on a given date.
//!
//! The files are read at start-up from the binary (a few dozen kilobytes each); a line
//! that does not read as a puzzle is left out rather than failing the app, and the test
//! suite proves every line again (tests/puzzles.rs).

use crate::engine::{Game, House, Rules, Variant};
use crate::store::Day;
use serde::Deserialize;

/// One line of a shipped file, in the shape `mancala-cli puzzles --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ShippedPuzzle {
    pub variant: String,
    pub seeds: u8,
    pub houses: u8,
    /// Every rule option, as `--rule` takes it (`"empty-capture=off"`).
    pub rules: Vec<String>,
    /// The record that leads to the position.
    pub moves: String,
    /// 0 for South (the player at the bottom), 1 for North.
    pub to_move: usize,
    /// The answer (one house, numbered from the mover's left).
    pub best: Vec<u8>,
    /// The final store difference after the answer with perfect play, mover's view.
    pub value: i32,
    /// `win`, `save` or `best` (see `mancala_ai::PuzzleKind`).
    pub kind: String,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
}

impl ShippedPuzzle {
    /// The rules the puzzle is played by, `None` if the line names rules that do not exist.
    pub fn rules(&self) -> Option<Rules> {
        let mut builder = Rules::builder(self.variant.parse().ok()?)
            .houses(self.houses)
            .seeds(self.seeds);
        for option in &self.rules {
            builder = builder.option(option).ok()?;
        }
        builder.build().ok()
    }

    /// The game up to the puzzle's position, `None` if its record is not one.
    pub fn game(&self) -> Option<Game> {
        let rules = self.rules()?;
        let start = *Game::new(rules).position();
        Game::parse_record(start, &self.moves).ok()
    }

    /// Is `house` an answer?
    pub fn is_answer(&self, house: House) -> bool {
        self.best.contains(&house.number())
    }
}

const KALAH: &str = include_str!("kalah.jsonl");
const OWARE: &str = include_str!("oware.jsonl");
const CONGKAK: &str = include_str!("congkak.jsonl");

/// The shipped puzzles of `variant`, in the order of their file (easiest first within
/// each run of the generator). Lines that do not read, or whose record does not replay,
/// are left out.
pub fn shipped(variant: Variant) -> Vec<ShippedPuzzle> {
    let text = match variant {
        Variant::Kalah => KALAH,
        Variant::Oware => OWARE,
        Variant::Congkak => CONGKAK,
    };
    read(text)
}

/// The puzzles of a file's text, leaving out lines that do not read or replay.
fn read(text: &str) -> Vec<ShippedPuzzle> {
    text.lines()
        .filter_map(|line| serde_json::from_str::<ShippedPuzzle>(line).ok())
        .filter(|puzzle| puzzle.game().is_some())
        .collect()
}

/// The order in which the days go through every shipped puzzle: the variants in turn
/// (Kalah, Oware, Congkak), each in its own order scrambled by a fixed step, so that
/// neighbouring days differ in variant and in difficulty.
fn daily_order() -> Vec<(Variant, usize)> {
    let lists = Variant::ALL.map(|v| (v, shipped(v).len()));
    let longest = lists.iter().map(|&(_, n)| n).max().unwrap_or(0);
    let mut order = Vec::new();
    for i in 0..longest {
        for &(variant, n) in &lists {
            if i < n {
                order.push((variant, scrambled(i, n)));
            }
        }
    }
    order
}

/// `i` moved by a step coprime with `n`, so that 0..n maps onto 0..n.
fn scrambled(i: usize, n: usize) -> usize {
    let step = (37..).step_by(2).find(|s| gcd(*s, n) == 1).unwrap_or(1);
    (i * step + 11) % n
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The puzzle of `day`: the same for everyone on that date, another the next day, and
/// every shipped puzzle once before any comes back. `None` only if none shipped.
pub fn daily(day: Day) -> Option<ShippedPuzzle> {
    let order = daily_order();
    let &(variant, index) = order.get(day.number() as usize % order.len().max(1))?;
    shipped(variant).into_iter().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_ships_puzzles_that_replay() {
        for variant in Variant::ALL {
            let puzzles = shipped(variant);
            // Oware's set is smaller: its puzzles take far longer to prove (README.md here).
            let enough = if variant == Variant::Oware { 30 } else { 300 };
            assert!(puzzles.len() >= enough, "{variant}: {}", puzzles.len());
            let lines = match variant {
                Variant::Kalah => KALAH,
                Variant::Oware => OWARE,
                Variant::Congkak => CONGKAK,
            };
            assert_eq!(
                puzzles.len(),
                lines.lines().count(),
                "{variant}: a line left out"
            );
            for p in &puzzles {
                assert_eq!(p.variant, variant.name());
                assert_eq!(p.best.len(), 1);
                assert!((1..=5).contains(&p.difficulty));
                let game = p.game().unwrap();
                assert_eq!(game.position().side_to_move().index(), p.to_move);
                assert!(!game.position().is_over());
            }
        }
    }

    #[test]
    fn the_daily_puzzle_is_the_same_all_day_and_another_the_next_day() {
        let today = Day::new(2026, 12, 7).unwrap();
        let tomorrow = Day::new(2026, 12, 8).unwrap();
        assert_eq!(daily(today), daily(today));
        assert_ne!(daily(today), daily(tomorrow));
        // Every shipped puzzle comes once before any comes back.
        let order = daily_order();
        let mut seen = std::collections::HashSet::new();
        assert!(order.iter().all(|entry| seen.insert(*entry)));
        let total: usize = Variant::ALL.iter().map(|&v| shipped(v).len()).sum();
        assert_eq!(order.len(), total);
        // A year of days, each unlike the day before.
        let days: Vec<Day> = (1..=12)
            .flat_map(|month| (1..=31).filter_map(move |day| Day::new(2027, month, day)))
            .collect();
        for pair in days.windows(2) {
            assert_ne!(
                daily(pair[0]),
                daily(pair[1]),
                "{} and {}",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn a_line_that_does_not_read_is_left_out() {
        let good = KALAH.lines().next().unwrap();
        let wrong_house = good.replace("\"moves\":\"", "\"moves\":\"9 ");
        let text = [
            good,
            "{\"variant\":\"kalah\"}",
            "not json",
            &wrong_house,
            "",
        ]
        .join("\n");
        assert_eq!(read(&text), read(good));
        assert_eq!(read(good).len(), 1);
    }
}
