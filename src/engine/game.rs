//! A game: the start position, the record of moves, undo/redo, and the notation of
//! RULES.md ("3 6 1 4"). Oware's rule 8 (a repeated position ends the game) is decided
//! here because it needs the history.

use super::position::{IllegalMove, Position, Side};
use super::rules::{Rules, RulesError, Variant};
use super::trace::{Recorder, Step};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[k]` is the position after `k` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    moves: Vec<u8>,
    /// Moves taken back by undo, the next one to redo last.
    redo: Vec<u8>,
}

/// A record that cannot be replayed: which move (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub index: usize,
    pub token: String,
    pub reason: RecordErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    NotANumber,
    Illegal(IllegalMove),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ('{}') is illegal: ", self.index, self.token)?;
        match &self.reason {
            RecordErrorKind::NotANumber => f.write_str("it is not a house number"),
            RecordErrorKind::Illegal(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Game {
    /// A new game under `rules`, South first.
    pub fn new(rules: Rules) -> Result<Game, RulesError> {
        Ok(Game::from_start(Position::start(rules)?))
    }

    /// A new game with a chosen first player.
    pub fn with_first(rules: Rules, first: Side) -> Result<Game, RulesError> {
        Ok(Game::from_start(Position::start_with(rules, first)?))
    }

    pub fn from_start(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Replays a record such as `"3 6 1 4"` from `start`.
    ///
    /// ```
    /// use mancala::engine::{Game, Position, Rules, Variant};
    /// let start = Position::start(Rules::new(Variant::Kalah)).unwrap();
    /// let game = Game::parse_record(start, "3 6").unwrap();
    /// assert_eq!(game.record(), "3 6");
    /// let err = Game::parse_record(start, "3 9").unwrap_err();
    /// assert_eq!(err.index, 2);
    /// ```
    pub fn parse_record(start: Position, record: &str) -> Result<Game, RecordError> {
        let mut game = Game::from_start(start);
        for (i, token) in record.split_whitespace().enumerate() {
            let error = |reason| RecordError {
                index: i + 1,
                token: token.to_string(),
                reason,
            };
            let house: u32 = token
                .parse()
                .map_err(|_| error(RecordErrorKind::NotANumber))?;
            game.play(house)
                .map_err(|why| error(RecordErrorKind::Illegal(why)))?;
        }
        Ok(game)
    }

    /// Replays a list of moves from `start`.
    pub fn replay(start: Position, moves: &[u8]) -> Result<Game, RecordError> {
        let mut game = Game::from_start(start);
        for (i, &house) in moves.iter().enumerate() {
            game.play(house as u32).map_err(|why| RecordError {
                index: i + 1,
                token: house.to_string(),
                reason: RecordErrorKind::Illegal(why),
            })?;
        }
        Ok(game)
    }

    pub fn rules(&self) -> Rules {
        self.start().rules()
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// Every position from the start to the current one.
    pub fn history(&self) -> &[Position] {
        &self.positions
    }

    pub fn moves(&self) -> &[u8] {
        &self.moves
    }

    /// Moves that redo would replay, in the order redo plays them.
    pub fn redo_moves(&self) -> Vec<u8> {
        self.redo.iter().rev().copied().collect()
    }

    /// The record in RULES.md notation.
    pub fn record(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        moves.join(" ")
    }

    /// Plays a move for the side to move. Refused moves change nothing.
    pub fn play(&mut self, house: u32) -> Result<&Position, IllegalMove> {
        let next = self.position().play(house)?;
        self.push(house as u8, next);
        self.redo.clear();
        Ok(self.position())
    }

    /// Plays a move and returns its steps, seed by seed, for animation.
    pub fn play_traced(&mut self, house: u32) -> Result<Vec<Step>, IllegalMove> {
        let house = self.position().check_move(house)?;
        let mut next = *self.position();
        let mut recorder = Recorder::new(&next);
        next.play_observed(house, &mut recorder);
        self.push(house, next);
        self.redo.clear();
        Ok(recorder.steps)
    }

    fn push(&mut self, house: u8, mut next: Position) {
        if next.variant() == Variant::Oware && !next.is_over() && self.repeats(&next) {
            next.end_by_repetition();
        }
        self.moves.push(house);
        self.positions.push(next);
    }

    /// Oware rule 8: has this position (pits and player to move) occurred before?
    fn repeats(&self, next: &Position) -> bool {
        self.positions.iter().any(|p| p.key() == next.key())
    }

    /// Did the game end because a position repeated (Oware rule 8)?
    pub fn ended_by_repetition(&self) -> bool {
        let pos = self.position();
        pos.is_over()
            && pos.variant() == Variant::Oware
            && self.positions.len() >= 2
            && self.positions[self.positions.len() - 2]
                .play(*self.moves.last().unwrap() as u32)
                .is_ok_and(|p| !p.is_over())
    }

    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<u8> {
        let house = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(house);
        Some(house)
    }

    /// Replays the last move taken back; returns it.
    pub fn redo(&mut self) -> Option<u8> {
        let house = self.redo.pop()?;
        let next = self
            .position()
            .play(house as u32)
            .expect("a move taken back is legal again in the same position");
        self.push(house, next);
        Some(house)
    }

    /// Rebuilds a game from its parts (a saved game): start, moves, and the redo list
    /// in the order redo would play it. The redo moves are checked too.
    pub fn restore(start: Position, moves: &[u8], redo: &[u8]) -> Result<Game, RecordError> {
        let mut full = Game::replay(start, moves)?;
        let mut probe = full.clone();
        for (i, &house) in redo.iter().enumerate() {
            probe.play(house as u32).map_err(|why| RecordError {
                index: moves.len() + i + 1,
                token: house.to_string(),
                reason: RecordErrorKind::Illegal(why),
            })?;
        }
        full.redo = redo.iter().rev().copied().collect();
        Ok(full)
    }
}
