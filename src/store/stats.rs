//! Statistics: games won, lost and drawn per variant and opponent, with winning streaks.
//! Congkak's games are counted apart by preset and board size, which change the game.

use super::presets::CongkakPreset;
use super::SCHEMA;
use crate::engine::{Rules, Variant};
use crate::players::{GameResult, Opponent};
use serde::{Deserialize, Serialize};

/// The largest count kept: the most the UI's numbers hold (`i32::MAX`), so the screen
/// shows exactly what the file holds. Counts stop there instead of wrapping.
pub const MAX_COUNT: u32 = i32::MAX as u32;

/// Which games a row counts within its variant: Congkak's preset and board size. Kalah
/// and Oware have one board and no preset (both `None`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    pub preset: Option<CongkakPreset>,
    /// `None` for a Congkak row written before boards were counted apart: its games'
    /// board was not kept, so it stays a row of its own.
    pub houses: Option<u8>,
}

impl Board {
    /// The board of a game played with `rules`.
    pub fn of(rules: Rules) -> Board {
        match CongkakPreset::of(rules) {
            Some(preset) => Board {
                preset: Some(preset),
                houses: Some(rules.houses()),
            },
            None => Board::default(),
        }
    }
}

/// The tally of one variant (for Congkak, one preset and board) against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsRow {
    pub variant: Variant,
    /// Congkak's preset; rows from before the presets have none and count Quick games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<CongkakPreset>,
    /// Congkak's houses a side; rows from before have none (the board was not kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses: Option<u8>,
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
        StatsRow::new(Variant::Kalah, Board::default(), Opponent::default())
    }
}

impl StatsRow {
    fn new(variant: Variant, board: Board, opponent: Opponent) -> StatsRow {
        StatsRow {
            variant,
            preset: board.preset,
            houses: board.houses,
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

    pub fn board(&self) -> Board {
        Board {
            preset: self.preset,
            houses: self.houses,
        }
    }

    /// Counts above [`MAX_COUNT`] (only a hand-edited file has them) brought down to it,
    /// and the board made to fit the variant: a Congkak row from before the presets
    /// counted Quick games; Kalah and Oware have no preset or board choice.
    fn clamped(self) -> StatsRow {
        let (preset, houses) = match self.variant {
            Variant::Congkak => (self.preset.or(Some(CongkakPreset::Quick)), self.houses),
            Variant::Kalah | Variant::Oware => (None, None),
        };
        StatsRow {
            preset,
            houses,
            won: self.won.min(MAX_COUNT),
            lost: self.lost.min(MAX_COUNT),
            drawn: self.drawn.min(MAX_COUNT),
            current_streak: self.current_streak.min(MAX_COUNT),
            best_streak: self.best_streak.min(MAX_COUNT),
            ..self
        }
    }

    /// Display order: variants as in `Variant::ALL`, Congkak's presets as in
    /// `CongkakPreset::ALL` and its boards smaller first, then a human opponent, then
    /// computer levels rising.
    fn sort_key(&self) -> (usize, Board, Opponent) {
        let variant = Variant::ALL.iter().position(|&v| v == self.variant);
        (variant.unwrap_or(usize::MAX), self.board(), self.opponent)
    }

    fn is(&self, variant: Variant, board: Board, opponent: Opponent) -> bool {
        self.variant == variant && self.board() == board && self.opponent == opponent
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
        rules: Rules,
        opponent: Opponent,
        result: GameResult,
    ) -> bool {
        if self.counted_game == Some(game) {
            return false;
        }
        self.counted_game = Some(game);
        self.record_rules(rules, opponent, result);
        true
    }

    /// Counts one finished game played with `variant`'s default rules.
    pub fn record(&mut self, variant: Variant, opponent: Opponent, result: GameResult) {
        self.record_rules(Rules::new(variant), opponent, result);
    }

    /// Counts one finished game played with `rules`, in the row of its board.
    pub fn record_rules(&mut self, rules: Rules, opponent: Opponent, result: GameResult) {
        let (variant, board) = (rules.variant(), Board::of(rules));
        let row = match self
            .rows
            .iter()
            .position(|r| r.is(variant, board, opponent))
        {
            Some(i) => &mut self.rows[i],
            None => {
                self.rows.push(StatsRow::new(variant, board, opponent));
                self.rows.sort_by_key(StatsRow::sort_key);
                self.rows
                    .iter_mut()
                    .find(|r| r.is(variant, board, opponent))
                    .expect("the row was just added")
            }
        };
        row.record(result);
    }

    /// Every (variant, opponent) played, in display order.
    pub fn rows(&self) -> &[StatsRow] {
        &self.rows
    }

    /// The row of `variant`'s default rules against `opponent`.
    pub fn get(&self, variant: Variant, opponent: Opponent) -> Option<&StatsRow> {
        self.get_rules(Rules::new(variant), opponent)
    }

    /// The row of games played with `rules` against `opponent`.
    pub fn get_rules(&self, rules: Rules, opponent: Opponent) -> Option<&StatsRow> {
        let (variant, board) = (rules.variant(), Board::of(rules));
        self.rows.iter().find(|r| r.is(variant, board, opponent))
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
    /// two rows for one (variant, board, opponent) would make the counts ambiguous.
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
        assert!(stats.record_game(7, Rules::new(Variant::Kalah), CASUAL, GameResult::Lost));
        // Undone and finished again, even with another result: still the same game.
        assert!(!stats.record_game(7, Rules::new(Variant::Kalah), CASUAL, GameResult::Won));
        let json = serde_json::to_string(&stats).unwrap();
        let mut back: Stats = serde_json::from_str(&json).unwrap();
        assert!(!back.record_game(7, Rules::new(Variant::Kalah), CASUAL, GameResult::Won));
        assert!(back.record_game(8, Rules::new(Variant::Kalah), CASUAL, GameResult::Won));
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
        assert!(stats.record_game(9, Rules::new(Variant::Oware), CASUAL, GameResult::Won));
        stats.record(Variant::Oware, Opponent::Human, GameResult::Lost);
        stats.record(Variant::Kalah, CASUAL, GameResult::Drawn);
        stats.clear_variant(Variant::Oware);
        let left: Vec<_> = stats
            .rows()
            .iter()
            .map(|r| (r.variant, r.opponent))
            .collect();
        assert_eq!(left, [(Variant::Kalah, CASUAL)]);
        assert!(!stats.record_game(9, Rules::new(Variant::Oware), CASUAL, GameResult::Won));
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

    #[test]
    fn congkak_presets_and_boards_are_counted_apart() {
        let mut stats = Stats::default();
        let quick6 = Rules::new(Variant::Congkak);
        let quick7 = quick6.with_houses(7).unwrap();
        let traditional = Rules::traditional_congkak();
        stats.record_rules(quick7, CASUAL, GameResult::Won);
        stats.record_rules(traditional, CASUAL, GameResult::Lost);
        stats.record_rules(quick6, CASUAL, GameResult::Drawn);
        stats.record_rules(traditional, CASUAL, GameResult::Won);
        let boards: Vec<_> = stats
            .rows()
            .iter()
            .map(|r| (r.preset, r.houses, r.won, r.lost, r.drawn))
            .collect();
        use CongkakPreset::*;
        assert_eq!(
            boards,
            [
                (Some(Traditional), Some(7), 1, 1, 0),
                (Some(Quick), Some(6), 0, 0, 1),
                (Some(Quick), Some(7), 1, 0, 0),
            ]
        );
        assert_eq!(stats.get_rules(quick7, CASUAL).unwrap().won, 1);
        assert_eq!(stats.get(Variant::Congkak, CASUAL).unwrap().drawn, 1);
        let json = serde_json::to_string(&stats).unwrap();
        assert!(
            json.contains(r#""preset":"traditional","houses":7"#),
            "{json}"
        );
        let back: Stats = serde_json::from_str(&json).unwrap();
        assert_eq!(back.checked().unwrap(), stats);
        stats.clear_variant(Variant::Congkak);
        assert!(stats.rows().is_empty());
    }

    #[test]
    fn an_older_congkak_row_loads_as_quick_with_no_board_and_stays_apart() {
        let old = r#"{"schema":1,"rows":[{"variant":"congkak","opponent":{"kind":"human"},"won":3},{"variant":"kalah","opponent":{"kind":"human"},"lost":2}]}"#;
        let stats: Stats = serde_json::from_str(old).unwrap();
        let mut stats = stats.checked().unwrap();
        let congkak = &stats.rows()[1];
        assert_eq!(
            (congkak.preset, congkak.houses, congkak.won),
            (Some(CongkakPreset::Quick), None, 3)
        );
        assert_eq!(stats.rows()[0].board(), Board::default(), "Kalah has none");
        // A new 6-house Quick game has a row of its own, after the old one.
        stats.record(Variant::Congkak, Opponent::Human, GameResult::Won);
        let houses: Vec<_> = stats.rows().iter().map(|r| r.houses).collect();
        assert_eq!(houses, [None, None, Some(6)]);
        // A Kalah row with a stray preset is Kalah's one row.
        let stray = r#"{"rows":[{"variant":"kalah","preset":"quick","houses":7,"won":1}]}"#;
        let stray: Stats = serde_json::from_str(stray).unwrap();
        assert_eq!(stray.checked().unwrap().rows()[0].board(), Board::default());
    }
}
