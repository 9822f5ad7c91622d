//! What the player has learned: the puzzles solved in each game, the days the daily
//! puzzle was solved (the streak is counted from them), the lessons completed and whether
//! the guided first game was played. Kept apart from the statistics and the saved game,
//! which puzzles never touch.
//!
//! A puzzle is known by the record that leads to its position (`ShippedPuzzle::moves`):
//! it stays the same puzzle if the shipped file is reordered or grows, and a puzzle
//! that leaves the file is simply no longer counted.

use super::day::Day;
use super::SCHEMA;
use crate::engine::Variant;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub schema: u32,
    /// The puzzles solved, by game (its name, `kalah`): each puzzle's record. What is
    /// not a list of records is left out (a later version may add to the map).
    #[serde(deserialize_with = "record_sets")]
    pub puzzles: BTreeMap<String, BTreeSet<String>>,
    /// The days on which the daily puzzle was solved. A date that does not read is
    /// left out rather than refusing the file.
    #[serde(deserialize_with = "days")]
    pub daily: BTreeSet<Day>,
    /// The lessons completed, by their ids.
    #[serde(deserialize_with = "strings")]
    pub lessons: BTreeSet<String>,
    /// The guided first game was played to its end (or skipped for good).
    pub guided_game_done: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            schema: SCHEMA,
            puzzles: BTreeMap::new(),
            daily: BTreeSet::new(),
            lessons: BTreeSet::new(),
            guided_game_done: false,
        }
    }
}

impl Progress {
    /// Notes the puzzle of `variant` with this record as solved; true if it was not yet.
    pub fn solve_puzzle(&mut self, variant: Variant, record: &str) -> bool {
        self.puzzles
            .entry(variant.name().to_string())
            .or_default()
            .insert(record.to_string())
    }

    pub fn is_solved(&self, variant: Variant, record: &str) -> bool {
        self.puzzles
            .get(variant.name())
            .is_some_and(|s| s.contains(record))
    }

    /// How many puzzles of `variant` are solved (of those the player solved, counted
    /// whether or not they are still shipped: the hub counts against the shipped list).
    pub fn solved_count(&self, variant: Variant) -> usize {
        self.puzzles.get(variant.name()).map_or(0, BTreeSet::len)
    }

    /// Notes that the daily puzzle of `day` was solved; true if it was not yet.
    pub fn solve_daily(&mut self, day: Day) -> bool {
        self.daily.insert(day)
    }

    pub fn daily_solved(&self, day: Day) -> bool {
        self.daily.contains(&day)
    }

    /// The days in a row, up to `today`, on which the daily puzzle was solved. A day
    /// not solved yet today does not break it: the streak then runs up to yesterday,
    /// and ends only when a whole day passes without the puzzle.
    pub fn streak(&self, today: Day) -> u32 {
        let numbers: BTreeSet<u32> = self.daily.iter().map(|d| d.number()).collect();
        let today = today.number();
        let mut day = if numbers.contains(&today) {
            today
        } else {
            match today.checked_sub(1) {
                Some(yesterday) => yesterday,
                None => return 0,
            }
        };
        let mut count = 0;
        while numbers.contains(&day) {
            count += 1;
            match day.checked_sub(1) {
                Some(before) => day = before,
                None => break,
            }
        }
        count
    }

    /// The longest run of days in a row on which the daily puzzle was solved.
    pub fn best_streak(&self) -> u32 {
        let mut best = 0;
        let mut run = 0;
        let mut last: Option<u32> = None;
        for day in self.daily.iter().map(|d| d.number()) {
            run = if last.is_some_and(|l| l + 1 == day) {
                run + 1
            } else {
                1
            };
            best = best.max(run);
            last = Some(day);
        }
        best
    }

    /// Notes a lesson as completed; true if it was not yet.
    pub fn complete_lesson(&mut self, id: &str) -> bool {
        self.lessons.insert(id.to_string())
    }

    pub(crate) fn checked(self) -> Result<Progress, String> {
        Ok(self)
    }
}

/// The strings of a list; anything else in it is left out.
fn string_set(value: &serde_json::Value) -> BTreeSet<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn strings<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeSet<String>, D::Error> {
    Ok(string_set(&serde_json::Value::deserialize(deserializer)?))
}

fn record_sets<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, BTreeSet<String>>, D::Error> {
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(value
        .as_object()
        .map(|map| {
            map.iter()
                .filter(|(_, v)| v.is_array())
                .map(|(k, v)| (k.clone(), string_set(v)))
                .collect()
        })
        .unwrap_or_default())
}

/// The days of the file that read as days; the others are left out.
fn days<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeSet<Day>, D::Error> {
    let values = Vec::<serde_json::Value>::deserialize(deserializer)?;
    Ok(values
        .iter()
        .filter_map(|v| v.as_str().and_then(Day::parse))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u8) -> Day {
        Day::new(2026, 12, d).unwrap()
    }

    #[test]
    fn streak_solved_today_and_yesterday_is_two_and_a_missed_day_resets_it() {
        let mut p = Progress::default();
        assert_eq!(p.streak(day(7)), 0);
        p.solve_daily(day(6));
        // Yesterday solved, today not yet: the streak still stands.
        assert_eq!(p.streak(day(7)), 1);
        p.solve_daily(day(7));
        assert_eq!(p.streak(day(7)), 2);
        // A whole day without the puzzle ends it.
        assert_eq!(p.streak(day(9)), 0);
        p.solve_daily(day(9));
        assert_eq!(p.streak(day(9)), 1);
        assert_eq!(p.best_streak(), 2);
        // Across a month's end.
        let mut q = Progress::default();
        q.solve_daily(Day::new(2026, 11, 30).unwrap());
        q.solve_daily(day(1));
        assert_eq!(q.streak(day(1)), 2);
        assert_eq!(q.best_streak(), 2);
    }

    #[test]
    fn puzzles_are_counted_once_by_game() {
        let mut p = Progress::default();
        assert!(p.solve_puzzle(Variant::Kalah, "1 2 3"));
        assert!(!p.solve_puzzle(Variant::Kalah, "1 2 3"));
        assert!(p.solve_puzzle(Variant::Oware, "1 2 3"));
        assert_eq!(p.solved_count(Variant::Kalah), 1);
        assert_eq!(p.solved_count(Variant::Congkak), 0);
        assert!(p.is_solved(Variant::Oware, "1 2 3"));
        assert!(!p.is_solved(Variant::Oware, "1 2"));
    }

    #[test]
    fn a_file_reads_back_and_bad_dates_are_left_out() {
        let mut p = Progress::default();
        p.solve_puzzle(Variant::Congkak, "3 4");
        p.solve_daily(day(7));
        p.complete_lesson("kalah-capture");
        p.guided_game_done = true;
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Progress>(&json).unwrap(), p);
        let odd: Progress =
            serde_json::from_str(r#"{"daily":["2026-12-07","yesterday",3,"2026-02-30"]}"#).unwrap();
        assert_eq!(odd.daily.len(), 1);
        let empty: Progress = serde_json::from_str("{}").unwrap();
        assert_eq!(empty, Progress::default());
    }
}
