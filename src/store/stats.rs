//! Statistics: games won, lost and drawn per variant and opponent, with winning streaks.

use super::SCHEMA;
use crate::engine::Variant;
use crate::players::{GameResult, Opponent};
use serde::{Deserialize, Serialize};

/// The largest count kept: the most the UI's numbers hold (`i32::MAX`), so the screen
/// shows exactly what the file holds. Counts stop there instead of wrapping.
pub const MAX_COUNT: u32 = i32::MAX as u32;

/// The tally of one variant against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsRow {
    pub variant: Variant,
    pub opponent: Opponent,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    /// Wins in a row up to the last game; a loss or a draw ends a streak.
    pub current_streak: u32,
    pub best_streak: u32,
}

impl Default for StatsRow {
    fn default() -> Self {
        StatsRow::new(Variant::Kalah, Opponent::default())
    }
}

impl StatsRow {
    fn new(variant: Variant, opponent: Opponent) -> StatsRow {
        StatsRow {
            variant,
            opponent,
            won: 0,
            lost: 0,
            drawn: 0,
            current_streak: 0,
            best_streak: 0,
        }
    }

    /// Games played, stopping at [`MAX_COUNT`] like every count.
    pub fn played(&self) -> u32 {
        self.won
            .saturating_add(self.lost)
            .saturating_add(self.drawn)
            .min(MAX_COUNT)
    }

    fn record(&mut self, result: GameResult) {
        // Saturating: a hand-edited file near the top must neither panic nor wrap.
        let bump = |n: u32| n.saturating_add(1).min(MAX_COUNT);
        match result {
            GameResult::Won => {
                self.won = bump(self.won);
                self.current_streak = bump(self.current_streak);
                self.best_streak = self.best_streak.max(self.current_streak);
            }
            GameResult::Lost => {
                self.lost = bump(self.lost);
                self.current_streak = 0;
            }
            GameResult::Drawn => {
                self.drawn = bump(self.drawn);
                self.current_streak = 0;
            }
        }
    }

    /// Counts above [`MAX_COUNT`] (only a hand-edited file has them) brought down to it.
    fn clamped(self) -> StatsRow {
        StatsRow {
            won: self.won.min(MAX_COUNT),
            lost: self.lost.min(MAX_COUNT),
            drawn: self.drawn.min(MAX_COUNT),
            current_streak: self.current_streak.min(MAX_COUNT),
            best_streak: self.best_streak.min(MAX_COUNT),
            ..self
        }
    }

    /// Display order: variants as in `Variant::ALL`, then a human opponent, then
    /// computer levels rising.
    fn sort_key(&self) -> (usize, Opponent) {
        let variant = Variant::ALL.iter().position(|&v| v == self.variant);
        (variant.unwrap_or(usize::MAX), self.opponent)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// The schema the file was written with; saving always writes `SCHEMA`.
    pub schema: u32,
    /// One row per (variant, opponent) that has been played, in display order.
    rows: Vec<StatsRow>,
    /// The identity (`SavedGame::id`) of the last game counted: a game undone after its
    /// end, resumed and finished again is not counted again. Only the last one is
    /// needed, because only one game can be saved, hence resumed, at a time.
    counted_game: Option<u64>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            schema: SCHEMA,
            rows: Vec::new(),
            counted_game: None,
        }
    }
}

impl Stats {
    /// Counts the finished game `game` (its identity) once: a game already counted is
    /// not counted again, whatever its result is now. Returns whether it was counted.
    pub fn record_game(
        &mut self,
        game: u64,
        variant: Variant,
        opponent: Opponent,
        result: GameResult,
    ) -> bool {
        if self.counted_game == Some(game) {
            return false;
        }
        self.counted_game = Some(game);
        self.record(variant, opponent, result);
        true
    }

    /// Counts one finished game.
    pub fn record(&mut self, variant: Variant, opponent: Opponent, result: GameResult) {
        let row = match self
            .rows
            .iter()
            .position(|r| r.variant == variant && r.opponent == opponent)
        {
            Some(i) => &mut self.rows[i],
            None => {
                self.rows.push(StatsRow::new(variant, opponent));
                self.rows.sort_by_key(StatsRow::sort_key);
                self.rows
                    .iter_mut()
                    .find(|r| r.variant == variant && r.opponent == opponent)
                    .expect("the row was just added")
            }
        };
        row.record(result);
    }

    /// Every (variant, opponent) played, in display order.
    pub fn rows(&self) -> &[StatsRow] {
        &self.rows
    }

    pub fn get(&self, variant: Variant, opponent: Opponent) -> Option<&StatsRow> {
        self.rows
            .iter()
            .find(|r| r.variant == variant && r.opponent == opponent)
    }

    /// Forgets the counts (the player asked for it). The last game counted stays
    /// counted: finishing it again after an undo does not bring it back.
    pub fn clear(&mut self) {
        self.rows.clear();
    }

    /// Forgets the counts of one variant, against every opponent (the player asked for
    /// it); the other variants keep theirs. The last game counted stays counted, as with
    /// [`Stats::clear`].
    pub fn clear_variant(&mut self, variant: Variant) {
        self.rows.retain(|row| row.variant != variant);
    }

    /// Stats as loaded from a file, in display order, or why they cannot be used:
    /// two rows for one (variant, opponent) would make the counts ambiguous.
    pub(crate) fn checked(mut self) -> Result<Stats, String> {
        self.rows = self.rows.into_iter().map(StatsRow::clamped).collect();
        self.rows.sort_by_key(StatsRow::sort_key);
        for pair in self.rows.windows(2) {
            if pair[0].sort_key() == pair[1].sort_key() {
                return Err(format!(
                    "two rows for {} against {:?}",
                    pair[0].variant, pair[0].opponent
                ));
            }
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Difficulty;

    const CASUAL: Opponent = Opponent::Computer {
        level: Difficulty::Casual,
    };

    #[test]
    fn counts_and_streaks() {
        let mut stats = Stats::default();
        use GameResult::*;
        for result in [Won, Won, Lost, Won, Won, Won, Drawn, Won] {
            stats.record(Variant::Kalah, CASUAL, result);
        }
        let row = stats.get(Variant::Kalah, CASUAL).unwrap();
        assert_eq!((row.won, row.lost, row.drawn, row.played()), (6, 1, 1, 8));
        assert_eq!((row.current_streak, row.best_streak), (1, 3));
        assert_eq!(stats.get(Variant::Oware, CASUAL), None);
    }

    #[test]
    fn rows_are_kept_apart_and_in_display_order() {
        let mut stats = Stats::default();
        stats.record(Variant::Congkak, Opponent::Human, GameResult::Won);
        stats.record(
            Variant::Kalah,
            Opponent::Computer {
                level: Difficulty::Expert,
            },
            GameResult::Lost,
        );
        stats.record(Variant::Kalah, Opponent::Human, GameResult::Drawn);
        stats.record(Variant::Kalah, CASUAL, GameResult::Won);
        let keys: Vec<_> = stats
            .rows()
            .iter()
            .map(|r| (r.variant, r.opponent))
            .collect();
        assert_eq!(
            keys,
            [
                (Variant::Kalah, Opponent::Human),
                (Variant::Kalah, CASUAL),
                (
                    Variant::Kalah,
                    Opponent::Computer {
                        level: Difficulty::Expert
                    }
                ),
                (Variant::Congkak, Opponent::Human),
            ]
        );
    }

    #[test]
    fn a_game_is_counted_once_by_its_identity() {
        let mut stats = Stats::default();
        assert!(stats.record_game(7, Variant::Kalah, CASUAL, GameResult::Lost));
        // Undone and finished again, even with another result: still the same game.
        assert!(!stats.record_game(7, Variant::Kalah, CASUAL, GameResult::Won));
        let json = serde_json::to_string(&stats).unwrap();
        let mut back: Stats = serde_json::from_str(&json).unwrap();
        assert!(!back.record_game(7, Variant::Kalah, CASUAL, GameResult::Won));
        assert!(back.record_game(8, Variant::Kalah, CASUAL, GameResult::Won));
        let row = back.get(Variant::Kalah, CASUAL).unwrap();
        assert_eq!((row.won, row.lost, row.best_streak), (1, 1, 1));
    }

    #[test]
    fn counts_stop_at_the_top_and_loaded_ones_are_brought_down_to_it() {
        let row = r#"{"variant":"kalah","opponent":{"kind":"human"},"won":4294967295,"lost":4294967290,"current_streak":4294967295}"#;
        let stats: Stats = serde_json::from_str(&format!(r#"{{"rows":[{row}]}}"#)).unwrap();
        let mut stats = stats.checked().unwrap();
        stats.record(Variant::Kalah, Opponent::Human, GameResult::Won);
        let row = stats.get(Variant::Kalah, Opponent::Human).unwrap();
        assert_eq!((row.won, row.lost), (MAX_COUNT, MAX_COUNT));
        assert_eq!(
            (row.current_streak, row.best_streak),
            (MAX_COUNT, MAX_COUNT)
        );
        assert_eq!(row.played(), MAX_COUNT);
    }

    #[test]
    fn clearing_one_variant_keeps_the_others_and_the_counted_game() {
        let mut stats = Stats::default();
        assert!(stats.record_game(9, Variant::Oware, CASUAL, GameResult::Won));
        stats.record(Variant::Oware, Opponent::Human, GameResult::Lost);
        stats.record(Variant::Kalah, CASUAL, GameResult::Drawn);
        stats.clear_variant(Variant::Oware);
        let left: Vec<_> = stats
            .rows()
            .iter()
            .map(|r| (r.variant, r.opponent))
            .collect();
        assert_eq!(left, [(Variant::Kalah, CASUAL)]);
        assert!(!stats.record_game(9, Variant::Oware, CASUAL, GameResult::Won));
        stats.clear();
        assert!(stats.rows().is_empty());
    }

    #[test]
    fn json_round_trip_and_duplicate_rows_refused() {
        let mut stats = Stats::default();
        stats.record(Variant::Oware, CASUAL, GameResult::Won);
        stats.record(Variant::Oware, Opponent::Human, GameResult::Lost);
        let json = serde_json::to_string(&stats).unwrap();
        let back: Stats = serde_json::from_str(&json).unwrap();
        assert_eq!(back.clone().checked().unwrap(), stats);
        let row = r#"{"variant":"oware","opponent":{"kind":"human"},"won":1}"#;
        let twice: Stats = serde_json::from_str(&format!(r#"{{"rows":[{row},{row}]}}"#)).unwrap();
        assert!(twice.checked().is_err());
    }
}
