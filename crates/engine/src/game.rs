//! A game: the start position, the record of moves, undo/redo, resignation, and the
//! notation of docs/rules.md ("3 6 1 4"). Oware's rule 8 (a repeated position ends the
//! game) is decided here because it needs the history.

use super::house::House;
use super::moves::MoveSet;
use super::opening::{IllegalOpening, Opening};
use super::position::{IllegalMove, Outcome, Position, Side};
use super::report::{EndReason, MoveReport, OpeningReport, Recorder};
use super::rules::{Rules, Variant};
use std::fmt;

/// One move of a game record: a house, or Congkak's simultaneous first move.
///
/// In files a house is its number and a first move its token, `"3,1+5"`.
///
/// ```
/// use mancala_engine::{House, Move};
/// let three = Move::House(House::new(3).unwrap());
/// assert_eq!(three.to_string(), "3");
/// let both: Move = "3,1+5".parse().unwrap();
/// assert_eq!(both.to_string(), "3,1+5");
/// assert_eq!(serde_json::to_string(&[three, both]).unwrap(), r#"[3,"3,1+5"]"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A house of the side to move.
    House(House),
    /// Congkak's simultaneous first move, both players' houses.
    Opening(Opening),
}

impl Move {
    /// The house, if this is a one-player move.
    pub fn house(&self) -> Option<House> {
        match self {
            Move::House(house) => Some(*house),
            Move::Opening(_) => None,
        }
    }
}

impl From<House> for Move {
    fn from(house: House) -> Move {
        Move::House(house)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::House(house) => write!(f, "{house}"),
            Move::Opening(opening) => write!(f, "{opening}"),
        }
    }
}

impl std::str::FromStr for Move {
    type Err = RecordErrorKind;
    /// A house number (digits only) or a first move `S+N`. The house is not checked
    /// against a board here.
    fn from_str(token: &str) -> Result<Move, RecordErrorKind> {
        if token.contains('+') {
            return token
                .parse()
                .map(Move::Opening)
                .map_err(|_| RecordErrorKind::NotAnOpening);
        }
        // Digits only: `u8::from_str` would also take `+3`, which no record writes.
        Some(token)
            .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<u8>().ok())
            .and_then(House::new)
            .map(Move::House)
            .ok_or(RecordErrorKind::NotANumber)
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::House(house) => house.serialize(serializer),
            Move::Opening(opening) => serializer.collect_str(opening),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Written {
            House(House),
            Opening(String),
        }
        match Written::deserialize(deserializer)? {
            Written::House(house) => Ok(Move::House(house)),
            Written::Opening(token) => token
                .parse()
                .map(Move::Opening)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// A game from its start position: every position so far, the moves that led there,
/// the moves taken back (for redo) and a resignation, if any.
///
/// Use a `Game` rather than a bare [`Position`] to play a game through: it applies
/// Oware's rule 8 (a position that comes back ends the game), which needs the
/// history; it reports what each move did ([`Game::play`] returns a [`MoveReport`]);
/// and it has undo, redo, resignation and the move record of docs/rules.md
/// (`"3 6 1 4"`: house numbers as the mover counts them, separated by spaces).
///
/// ```
/// use mancala_engine::{Game, House, Position, Rules, Side, Variant};
///
/// let mut game = Game::new(Rules::new(Variant::Oware));
/// let house = |n| House::new(n).unwrap();
/// game.play(house(3)).unwrap();
/// game.play(house(5)).unwrap();
/// assert_eq!(game.record(), "3 5");
/// assert_eq!(game.history().len(), 3); // the start and one position per move
/// assert_eq!(game.position().side_to_move(), Side::South);
///
/// // Undo and redo walk the record back and forth.
/// assert_eq!(game.undo(), Some(house(5).into()));
/// assert_eq!(game.record(), "3");
/// assert_eq!(game.redo(), Some(house(5).into()));
///
/// // A record replays into the same game.
/// let start = Position::start(Rules::new(Variant::Oware));
/// assert_eq!(Game::parse_record(start, "3 5").unwrap(), game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[k]` is the position after `k` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Moves taken back by undo, the next one to redo last.
    redo: Vec<Move>,
    /// The side that gave up, if the game ended that way.
    resigned: Option<Side>,
}

/// A record that cannot be replayed: which move (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based index of the move in the record.
    pub index: usize,
    /// The move as written.
    pub token: String,
    /// Why it cannot be played.
    pub reason: RecordErrorKind,
}

/// Why a move of a record cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The token is not a house number.
    NotANumber,
    /// The token has a `+` but is not a first move `S+N`.
    NotAnOpening,
    /// The number is not a legal move there.
    Illegal(IllegalMove),
    /// The simultaneous first move cannot be played there.
    IllegalOpening(IllegalOpening),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token = crate::excerpt(&self.token);
        write!(
            f,
            "move {} ('{token}') is illegal: {}",
            self.index, self.reason
        )
    }
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::NotANumber => f.write_str("it is not a house number"),
            RecordErrorKind::NotAnOpening => {
                f.write_str("a simultaneous first move is written S+N, e.g. 3+5 or 3,1+5")
            }
            RecordErrorKind::Illegal(why) => write!(f, "{why}"),
            RecordErrorKind::IllegalOpening(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Game {
    /// A new game under `rules`, South first.
    pub fn new(rules: Rules) -> Game {
        Game::from_start(Position::start(rules))
    }

    /// A new game with a chosen first player.
    pub fn with_first(rules: Rules, first: Side) -> Game {
        Game::from_start(Position::start_with(rules, first))
    }

    /// A game from any position (for instance a hand-made one).
    pub fn from_start(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            resigned: None,
        }
    }

    /// Replays a record such as `"3 6 1 4"` from `start`.
    ///
    /// ```
    /// use mancala_engine::{Game, IllegalMove, Position, RecordErrorKind, Rules, Variant};
    /// let start = Position::start(Rules::new(Variant::Kalah));
    /// let game = Game::parse_record(start, "3 6").unwrap();
    /// assert_eq!(game.record(), "3 6");
    /// assert_eq!(game.moves().len(), 2);
    /// let err = Game::parse_record(start, "3 9").unwrap_err();
    /// assert_eq!(err.index, 2);
    /// assert_eq!(
    ///     err.reason,
    ///     RecordErrorKind::Illegal(IllegalMove::NotAHouse { house: 9, houses: 6 })
    /// );
    /// assert_eq!(err.to_string(), "move 2 ('9') is illegal: 9 is not a house (houses are numbered 1 to 6)");
    /// ```
    pub fn parse_record(start: Position, record: &str) -> Result<Game, RecordError> {
        let mut game = Game::from_start(start);
        for (i, token) in record.split_whitespace().enumerate() {
            let error = |reason| RecordError {
                index: i + 1,
                token: token.to_string(),
                reason,
            };
            if token.contains('+') && !game.position().in_opening() {
                // Only a simultaneous first move is written with a `+`.
                return Err(error(RecordErrorKind::NotANumber));
            }
            let mv = match token.parse::<Move>() {
                // A number too big for a house is still a number: say it is not a house.
                Err(RecordErrorKind::NotANumber)
                    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    let number = token.parse::<u32>().unwrap_or(u32::MAX);
                    let why = game.rules().house(number).err();
                    return Err(error(RecordErrorKind::Illegal(why.unwrap_or(
                        IllegalMove::NotAHouse {
                            house: number,
                            houses: game.rules().houses(),
                        },
                    ))));
                }
                other => other.map_err(error)?,
            };
            if game.resigned.is_some() {
                return Err(error(RecordErrorKind::Illegal(IllegalMove::GameOver)));
            }
            game.advance(&mv).map_err(error)?;
        }
        Ok(game)
    }

    /// Replays a list of moves from `start`.
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, RecordError> {
        let mut game = Game::from_start(start);
        game.replay_more(moves, 0)?;
        Ok(game)
    }

    /// Plays `moves` quietly; errors count moves from `offset + 1`.
    fn replay_more(&mut self, moves: &[Move], offset: usize) -> Result<(), RecordError> {
        for (i, mv) in moves.iter().enumerate() {
            self.advance(mv).map_err(|reason| RecordError {
                index: offset + i + 1,
                token: mv.to_string(),
                reason,
            })?;
        }
        Ok(())
    }

    /// Rebuilds a game from its parts (a saved game): start, moves, and the redo list
    /// in the order redo would play it. The redo moves are checked too.
    pub fn restore(start: Position, moves: &[Move], redo: &[Move]) -> Result<Game, RecordError> {
        let mut full = Game::replay(start, moves)?;
        full.clone().replay_more(redo, moves.len())?;
        full.redo = redo.iter().rev().cloned().collect();
        Ok(full)
    }

    /// The rules of the game.
    pub fn rules(&self) -> Rules {
        self.start().rules()
    }

    /// The position the game started from.
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

    /// The moves played from the start, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Moves that redo would replay, in the order redo plays them.
    pub fn redo_moves(&self) -> Vec<Move> {
        self.redo.iter().rev().cloned().collect()
    }

    /// The record in the notation of docs/rules.md (`"3 6 1 4"`; `"3,1+5 2 4"` for a
    /// Congkak game with a simultaneous start).
    pub fn record(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        moves.join(" ")
    }

    /// Is the simultaneous first move of Congkak still to be played?
    pub fn in_opening(&self) -> bool {
        self.resigned.is_none() && self.position().in_opening()
    }

    /// The moves the side to move may play: none once the game is over or resigned.
    pub fn legal_moves(&self) -> MoveSet {
        if self.resigned.is_some() {
            MoveSet::EMPTY
        } else {
            self.position().legal_moves()
        }
    }

    /// Is the game over (by the rules or by resignation)?
    pub fn is_over(&self) -> bool {
        self.end_reason().is_some()
    }

    /// Why the game ended, once it has.
    pub fn end_reason(&self) -> Option<EndReason> {
        match self.resigned {
            Some(side) => Some(EndReason::Resignation { side }),
            None => self.position().end_reason(),
        }
    }

    /// The result once the game is over: a resignation loses, otherwise more seeds in
    /// store wins.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.resigned {
            Some(side) => Some(Outcome::Win(side.opponent())),
            None => self.position().outcome(),
        }
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// Plays `house` for the side to move and reports what the move did. Refused moves
    /// change nothing.
    ///
    /// ```
    /// use mancala_engine::{Game, House, Pit, Rules, Side, Step, Variant};
    /// let mut game = Game::new(Rules::new(Variant::Kalah));
    /// let house = |n| House::new(n).unwrap();
    /// // South's house 3 holds 4 seeds: houses 4, 5, 6 and the store. Extra turn.
    /// let report = game.play(house(3)).unwrap();
    /// assert_eq!(report.mover, Side::South);
    /// assert!(report.extra_turn);
    /// assert_eq!(report.steps[0], Step::PickUp { pit: Pit::House(Side::South, house(3)), seeds: 4 });
    /// assert_eq!(report.steps.last(), Some(&Step::Drop { pit: Pit::Store(Side::South) }));
    /// assert_eq!(report.captured(), 0);
    /// assert_eq!(report.end, None);
    /// // House 3 is empty now.
    /// assert!(game.play(house(3)).is_err());
    /// assert_eq!(game.record(), "3");
    /// ```
    pub fn play(&mut self, house: House) -> Result<MoveReport, IllegalMove> {
        if self.resigned.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let before = *self.position();
        before.check_move(house)?;
        let mut next = before;
        let mut recorder = Recorder::new(&before);
        next.play_observed(house, &mut recorder);
        if self.repeats(&next) {
            // Rule 8's sweeps belong to the move, so the animation ends on this board.
            next.end_by_repetition_observed(&mut recorder);
        }
        let report = recorder.finish(before.side_to_move(), house, &next);
        self.moves.push(Move::House(house));
        self.positions.push(next);
        self.redo.clear();
        Ok(report)
    }

    /// Plays Congkak's simultaneous first move and reports what both hands did.
    /// Refused, changing nothing, unless the game waits for it.
    ///
    /// ```
    /// use mancala_engine::{Game, Rules, Side};
    /// let mut game = Game::new(Rules::traditional_congkak());
    /// assert!(game.in_opening());
    /// let report = game.play_opening(&"4+4".parse().unwrap()).unwrap();
    /// assert_eq!(report.opening.to_string(), game.record());
    /// assert!(!game.in_opening());
    /// assert_eq!(game.position().side_to_move(), report.stopped_first.opponent());
    /// ```
    pub fn play_opening(&mut self, opening: &Opening) -> Result<OpeningReport, IllegalOpening> {
        if self.resigned.is_some() {
            return Err(IllegalOpening::NotAnOpening);
        }
        let before = *self.position();
        let mut recorder = Recorder::new(&before);
        let (next, stopped_first) = before.play_opening_traced(opening, &mut recorder)?;
        let report = recorder.finish_opening(opening.clone(), stopped_first, &next);
        self.moves.push(Move::Opening(opening.clone()));
        self.positions.push(next);
        self.redo.clear();
        Ok(report)
    }

    /// Plays any move of a record (a house or a simultaneous first move) without a
    /// report. Refused moves change nothing.
    pub fn play_move(&mut self, mv: &Move) -> Result<(), RecordErrorKind> {
        if self.resigned.is_some() {
            return Err(RecordErrorKind::Illegal(IllegalMove::GameOver));
        }
        self.advance(mv)?;
        self.redo.clear();
        Ok(())
    }

    /// Plays a move without recording its steps (replay and redo); keeps the redo list.
    fn advance(&mut self, mv: &Move) -> Result<(), RecordErrorKind> {
        let mut next = match mv {
            Move::House(house) => {
                self.rules()
                    .house(house.number() as u32)
                    .map_err(RecordErrorKind::Illegal)?;
                self.position()
                    .play(*house)
                    .map_err(RecordErrorKind::Illegal)?
            }
            Move::Opening(opening) => self
                .position()
                .play_opening(opening)
                .map_err(RecordErrorKind::IllegalOpening)?,
        };
        if self.repeats(&next) {
            next.end_by_repetition();
        }
        self.moves.push(mv.clone());
        self.positions.push(next);
        Ok(())
    }

    /// Oware rule 8 and Congkak rule 13: does `next` (a position just reached, not over)
    /// repeat one of the game (pits, burnt houses and player to move)?
    fn repeats(&self, next: &Position) -> bool {
        (next.variant() == Variant::Oware || next.rules().plays_rounds())
            && !next.is_over()
            && self.positions.iter().any(|p| p.key() == next.key())
    }

    /// `side` gives up: the game is over and the other side wins. Either side may resign
    /// at any time (against the computer the person resigns while the computer thinks
    /// too). Undo withdraws it.
    ///
    /// ```
    /// use mancala_engine::{EndReason, Game, House, IllegalMove, Outcome, Rules, Side, Variant};
    /// let mut game = Game::new(Rules::new(Variant::Oware));
    /// game.play(House::new(1).unwrap()).unwrap();
    /// game.resign(Side::North).unwrap();
    /// assert_eq!(game.end_reason(), Some(EndReason::Resignation { side: Side::North }));
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Side::South)));
    /// assert_eq!(game.play(House::new(2).unwrap()), Err(IllegalMove::GameOver));
    /// game.undo();
    /// assert!(!game.is_over());
    /// ```
    pub fn resign(&mut self, side: Side) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.resigned = Some(side);
        Ok(())
    }

    /// Can [`Game::undo`] take anything back (a move or a resignation)?
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty() || self.resigned.is_some()
    }

    /// Can [`Game::redo`] replay a move?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && self.resigned.is_none()
    }

    /// Takes back the last move, and a resignation that followed it; returns the move
    /// (`None` when there was none: a resignation before the first move is still
    /// withdrawn).
    pub fn undo(&mut self) -> Option<Move> {
        self.resigned = None;
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(mv.clone());
        Some(mv)
    }

    /// Replays the last move taken back; returns it. A resigned game redoes nothing.
    pub fn redo(&mut self) -> Option<Move> {
        if self.resigned.is_some() {
            return None;
        }
        let mv = self.redo.pop()?;
        self.advance(&mv)
            .expect("a move taken back is legal again in the same position");
        Some(mv)
    }
}
