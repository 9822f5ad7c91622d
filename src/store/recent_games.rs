//! The last finished games, with their records and, once computed, their reviews, so a
//! game can be reviewed after it ended (from the game-over panel or the statistics) and
//! a review is computed once.
//!
//! A game is kept by its identity (`Session::id`): a game undone and finished again
//! replaces its earlier ending, and its old review, which graded other moves, goes.

use super::day::{self, Day};
use super::SCHEMA;
use crate::engine::{Game, House, Move, Position, Rules, Side};
use crate::players::Opponent;
use serde::{Deserialize, Serialize};

/// How many finished games are kept; the oldest goes first. A phone's worth: each game
/// with its review is a few kB.
pub const MAX_RECENT: usize = 10;

/// One move of a stored review: what the review found (the grade follows from `loss`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// The best move there (the move played when it was as good).
    pub best: House,
    /// The value before the move from the mover's view, in seeds.
    pub value: i32,
    /// Seeds the move played lost against the best move.
    pub loss: i32,
    /// Both values come from the exact solver or the endgame tables.
    pub exact: bool,
}

/// A finished game as kept: enough to replay it, and its review once computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FinishedRecord {
    /// The game's identity, as in the saved game and the statistics.
    pub id: u64,
    pub rules: Rules,
    pub first: Side,
    pub opponent: Opponent,
    pub moves: Vec<Move>,
    /// The side that resigned, if the game ended so.
    pub resigned: Option<Side>,
    /// One entry per move, in order; `None` until reviewed.
    pub review: Option<Vec<ReviewedMove>>,
    /// The day the game finished; `None` in files from before it was kept (and for a
    /// date that cannot be read: the game stays, without its date).
    #[serde(
        deserialize_with = "day::lenient",
        skip_serializing_if = "Option::is_none"
    )]
    pub finished: Option<Day>,
}

impl Default for FinishedRecord {
    fn default() -> Self {
        FinishedRecord {
            id: 0,
            rules: Rules::default(),
            first: Side::South,
            opponent: Opponent::default(),
            moves: Vec::new(),
            resigned: None,
            review: None,
            finished: None,
        }
    }
}

impl FinishedRecord {
    /// The record of a finished `game` against `opponent`, not yet reviewed, dated
    /// today.
    pub fn of_game(id: u64, game: &Game, opponent: Opponent) -> FinishedRecord {
        FinishedRecord {
            id,
            rules: game.rules(),
            first: game.start().side_to_move(),
            opponent,
            moves: game.moves().to_vec(),
            resigned: game.resigned(),
            review: None,
            finished: Day::today(),
        }
    }

    /// Replays the record; `None` if it does not replay to a finished game.
    pub fn to_game(&self) -> Option<Game> {
        let start = Position::start_with(self.rules, self.first);
        let mut game = Game::replay(start, &self.moves).ok()?;
        if let Some(side) = self.resigned {
            game.resign(side).ok()?;
        }
        game.is_over().then_some(game)
    }

    /// The record made consistent: a review that does not fit the moves is dropped (it
    /// is computed again); a record that does not replay to a finished game is refused.
    fn checked(mut self) -> Result<FinishedRecord, String> {
        if self.to_game().is_none() {
            return Err(format!(
                "game {} does not replay to a finished game",
                self.id
            ));
        }
        if self
            .review
            .as_ref()
            .is_some_and(|r| r.len() != self.graded_moves())
        {
            self.review = None;
        }
        Ok(self)
    }

    /// How many moves a review grades: every move but Congkak's simultaneous first move,
    /// which has no single best move (the review starts after it).
    pub fn graded_moves(&self) -> usize {
        self.moves.iter().filter(|m| m.house().is_some()).count()
    }
}

/// The kept games, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecentGames {
    /// The schema the file was written with.
    pub schema: u32,
    pub games: Vec<FinishedRecord>,
}

impl Default for RecentGames {
    fn default() -> Self {
        RecentGames {
            schema: SCHEMA,
            games: Vec::new(),
        }
    }
}

impl RecentGames {
    /// Keeps `record` as the newest game. A game with the same identity (undone and
    /// finished again) is replaced; beyond [`MAX_RECENT`] the oldest goes.
    pub fn add(&mut self, record: FinishedRecord) {
        self.games.retain(|g| g.id != record.id);
        self.games.insert(0, record);
        self.games.truncate(MAX_RECENT);
    }

    /// The kept game with identity `id`.
    pub fn get(&self, id: u64) -> Option<&FinishedRecord> {
        self.games.iter().find(|g| g.id == id)
    }

    /// Stores the review of game `id`; false if that game is no longer kept or the
    /// review does not fit its moves.
    pub fn set_review(&mut self, id: u64, review: Vec<ReviewedMove>) -> bool {
        match self.games.iter_mut().find(|g| g.id == id) {
            Some(game) if game.graded_moves() == review.len() => {
                game.review = Some(review);
                true
            }
            _ => false,
        }
    }

    /// The loaded file made consistent: at most [`MAX_RECENT`] games, each once, each
    /// replaying to a finished game (else the file is refused and set aside whole).
    pub(crate) fn checked(self) -> Result<RecentGames, String> {
        let mut games: Vec<FinishedRecord> = Vec::with_capacity(self.games.len());
        for game in self.games {
            let game = game.checked()?;
            if !games.iter().any(|g| g.id == game.id) {
                games.push(game);
            }
        }
        games.truncate(MAX_RECENT);
        Ok(RecentGames {
            schema: self.schema,
            games,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    /// A finished Kalah(6,3) game: the first legal move each time.
    fn finished_game() -> Game {
        let mut game = Game::new(Rules::new(Variant::Kalah).with_seeds(3).unwrap());
        while !game.is_over() {
            let house = game.legal_moves().first().unwrap();
            game.play(house).unwrap();
        }
        game
    }

    fn reviewed(n: usize) -> Vec<ReviewedMove> {
        let best = House::new(1).unwrap();
        vec![
            ReviewedMove {
                best,
                value: 2,
                loss: 0,
                exact: true
            };
            n
        ]
    }

    #[test]
    fn newest_first_replaced_by_identity_and_capped() {
        let game = finished_game();
        let mut recent = RecentGames::default();
        for id in 1..=(MAX_RECENT as u64 + 3) {
            recent.add(FinishedRecord::of_game(id, &game, Opponent::Human));
        }
        assert_eq!(recent.games.len(), MAX_RECENT);
        assert_eq!(recent.games[0].id, MAX_RECENT as u64 + 3);
        assert!(recent.get(3).is_none(), "the oldest went");
        assert!(recent.set_review(5, reviewed(game.moves().len())));
        assert!(
            !recent.set_review(5, reviewed(1)),
            "a review must fit its moves"
        );
        recent.add(FinishedRecord::of_game(5, &game, Opponent::Human));
        assert_eq!(recent.games[0].id, 5);
        assert_eq!(
            recent.games[0].review, None,
            "finished again: reviewed again"
        );
        assert_eq!(recent.games.iter().filter(|g| g.id == 5).count(), 1);
    }

    #[test]
    fn a_file_round_trips_and_bad_records_are_refused() {
        let game = finished_game();
        let mut recent = RecentGames::default();
        let mut record = FinishedRecord::of_game(7, &game, Opponent::Human);
        record.review = Some(reviewed(game.moves().len()));
        recent.add(record);
        let json = serde_json::to_string(&recent).unwrap();
        let back: RecentGames = serde_json::from_str(&json).unwrap();
        assert_eq!(back.clone().checked().unwrap(), recent);
        assert_eq!(back.games[0].to_game().unwrap(), game);

        let mut short = recent.clone();
        short.games[0].review = Some(reviewed(2));
        assert_eq!(short.checked().unwrap().games[0].review, None);

        let mut unfinished = recent.clone();
        unfinished.games[0].moves.pop();
        assert!(unfinished.checked().is_err());
    }

    #[test]
    fn a_game_keeps_its_day_and_older_or_bad_dates_load_without_one() {
        let game = finished_game();
        let record = FinishedRecord::of_game(3, &game, Opponent::Human);
        assert_eq!(record.finished, Day::today());
        let mut recent = RecentGames::default();
        recent.add(FinishedRecord {
            finished: Day::new(2026, 3, 9),
            ..record
        });
        let json = serde_json::to_string(&recent).unwrap();
        assert!(json.contains(r#""finished":"2026-03-09""#), "{json}");
        let back: RecentGames = serde_json::from_str(&json).unwrap();
        assert_eq!(back.checked().unwrap(), recent);
        for (date, read) in [
            ("", None),
            (r#","finished":"2026-02-30""#, None),
            (r#","finished":7"#, None),
        ] {
            let json = json.replace(r#","finished":"2026-03-09""#, date);
            let back: RecentGames = serde_json::from_str(&json).unwrap();
            let back = back.checked().unwrap();
            assert_eq!(back.games[0].finished, read, "{json}");
            assert_eq!(back.games[0].to_game().unwrap(), game);
        }
    }

    #[test]
    fn a_resigned_game_is_kept_with_its_resignation() {
        let mut game = Game::new(Rules::new(Variant::Oware));
        game.play(House::new(3).unwrap()).unwrap();
        game.resign(Side::North).unwrap();
        let record = FinishedRecord::of_game(1, &game, Opponent::Human);
        assert_eq!(record.resigned, Some(Side::North));
        assert_eq!(record.to_game().unwrap(), game);
    }
}
