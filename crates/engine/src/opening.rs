//! Congkak's simultaneous first move (docs/rules.md, Congkak rule 10): both players
//! choose a house without seeing the other's choice, and the two hands sow in lockstep
//! on the shared board, one seed a step each, South's drop first.
//!
//! [`Lockstep`] plays it step by step, stopping whenever a hand must choose again
//! (its last seed fell in its own store), so an app can ask the person and show both
//! hands move; [`Opening`] is the whole first move as the record writes it (`3,1+5`).

use super::house::House;
use super::kalah::capture_opposite;
use super::moves::MoveSet;
use super::position::{IllegalMove, Pit, Position, Side};
use super::trace::{NoTrace, Observer};
use std::fmt;
use std::str::FromStr;

/// The simultaneous first move: the houses each side chose, in the order it chose them
/// (the first, then one more each time its hand ended in its own store). Written
/// `S+N`, each side a comma-separated list: `3+5`, `3,1+5`.
///
/// ```
/// use mancala_engine::{House, Opening};
/// let opening: Opening = "3,1+5".parse().unwrap();
/// assert_eq!(opening.south, [House::new(3).unwrap(), House::new(1).unwrap()]);
/// assert_eq!(opening.north, [House::new(5).unwrap()]);
/// assert_eq!(opening.to_string(), "3,1+5");
/// assert!("3+".parse::<Opening>().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opening {
    /// South's houses, in the order chosen.
    pub south: Vec<House>,
    /// North's houses, in the order chosen.
    pub north: Vec<House>,
}

impl Opening {
    /// The houses `side` chose.
    pub fn of(&self, side: Side) -> &[House] {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    fn of_mut(&mut self, side: Side) -> &mut Vec<House> {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |houses: &[House]| {
            houses
                .iter()
                .map(House::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(f, "{}+{}", list(&self.south), list(&self.north))
    }
}

/// A token that is not of the form `S+N` with house numbers on both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSyntaxError;

impl fmt::Display for OpeningSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a simultaneous first move is written S+N, e.g. 3+5 or 3,1+5")
    }
}

impl std::error::Error for OpeningSyntaxError {}

impl FromStr for Opening {
    type Err = OpeningSyntaxError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (south, north) = s.split_once('+').ok_or(OpeningSyntaxError)?;
        let list = |part: &str| -> Result<Vec<House>, OpeningSyntaxError> {
            part.split(',')
                .map(|t| {
                    Some(t)
                        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                        .and_then(|t| t.parse::<u8>().ok())
                        .and_then(House::new)
                        .ok_or(OpeningSyntaxError)
                })
                .collect()
        };
        Ok(Opening {
            south: list(south)?,
            north: list(north)?,
        })
    }
}

/// Where a hand is in the simultaneous first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    /// Waiting for its player to choose a house (at the start, or after its last seed
    /// fell in its own store).
    Choosing,
    /// Holding `seeds` seeds; the next one drops after pit `at` (an index of
    /// [`Position::pits`]).
    Sowing {
        /// The pit the hand is over.
        at: u8,
        /// Seeds still in the hand, at least 1.
        seeds: u8,
    },
    /// Done: its last seed fell in an empty house, or it had to choose with no seeds.
    Stopped,
}

/// The simultaneous first move being played: the shared board and both hands.
///
/// Both hands start [`Hand::Choosing`]. After [`Lockstep::choose`] for every hand that
/// must choose, [`Lockstep::run`] (or [`Lockstep::step`], one seed a hand at a time)
/// sows until a hand must choose again or both have stopped; then
/// [`Lockstep::finish`] gives the position after the first move, with the opponent of
/// the player whose hand stopped first to move.
///
/// ```
/// use mancala_engine::{House, Lockstep, Position, Rules, Side};
/// let start = Position::start(Rules::traditional_congkak());
/// let mut lockstep = Lockstep::new(&start).unwrap();
/// let house = |n| House::new(n).unwrap();
/// lockstep.choose(Side::South, house(3)).unwrap();
/// lockstep.choose(Side::North, house(5)).unwrap();
/// while !lockstep.is_done() {
///     lockstep.run();
///     for side in Side::BOTH {
///         if let Some(first) = lockstep.choices(side).first() {
///             lockstep.choose(side, first).unwrap();
///         }
///     }
/// }
/// let record = lockstep.opening().clone();
/// let after = lockstep.finish().unwrap();
/// assert!(!after.in_opening());
/// assert_eq!(start.play_opening(&record).unwrap(), after);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lockstep {
    board: Position,
    hands: [Hand; 2],
    stopped_first: Option<Side>,
    chosen: Opening,
}

/// Why an [`Opening`] cannot be played from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalOpening {
    /// The position is not waiting for a simultaneous first move.
    NotAnOpening,
    /// `side`'s `index`-th house (from 1) cannot be chosen there.
    Illegal {
        /// Whose choice.
        side: Side,
        /// Which of its choices, from 1.
        index: usize,
        /// Why.
        why: IllegalMove,
    },
    /// `side`'s hand had to choose again but the record lists no more houses for it.
    Missing {
        /// Whose choice is missing.
        side: Side,
    },
    /// `side` lists more houses than its hand was ever asked for.
    Unused {
        /// Whose choices are left over.
        side: Side,
    },
}

impl fmt::Display for IllegalOpening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |side: &Side| format!("{side:?}");
        match self {
            IllegalOpening::NotAnOpening => {
                f.write_str("this position is not waiting for a simultaneous first move")
            }
            IllegalOpening::Illegal { side, index, why } => {
                write!(f, "{}'s choice {index}: {why}", name(side))
            }
            IllegalOpening::Missing { side } => write!(
                f,
                "{}'s last seed fell in its store, so it chooses again, but no house follows",
                name(side)
            ),
            IllegalOpening::Unused { side } => {
                write!(f, "{} lists more houses than its hand chose", name(side))
            }
        }
    }
}

impl std::error::Error for IllegalOpening {}

impl Lockstep {
    /// The simultaneous first move from `pos`, or `None` if `pos` is not waiting for one
    /// ([`Position::in_opening`]).
    pub fn new(pos: &Position) -> Option<Lockstep> {
        pos.in_opening().then(|| Lockstep {
            board: *pos,
            hands: [Hand::Choosing; 2],
            stopped_first: None,
            chosen: Opening::default(),
        })
    }

    /// The board as it stands (seeds in the hands are on no pit).
    pub fn board(&self) -> &Position {
        &self.board
    }

    /// `side`'s hand.
    pub fn hand(&self, side: Side) -> Hand {
        self.hands[side.index()]
    }

    /// The houses chosen so far.
    pub fn opening(&self) -> &Opening {
        &self.chosen
    }

    /// The side whose hand stopped first, once one has.
    pub fn stopped_first(&self) -> Option<Side> {
        self.stopped_first
    }

    /// Have both hands stopped?
    pub fn is_done(&self) -> bool {
        self.hands == [Hand::Stopped; 2]
    }

    /// The houses `side` may choose now: none unless its hand is choosing.
    pub fn choices(&self, side: Side) -> MoveSet {
        if self.hands[side.index()] != Hand::Choosing {
            return MoveSet::EMPTY;
        }
        let mut moves = MoveSet::EMPTY;
        for (k, &seeds) in self.board.houses(side).iter().enumerate() {
            if seeds > 0 {
                moves.insert(House::from_bit(k as u32));
            }
        }
        moves
    }

    /// `side` takes up the seeds of `house` into its hand. Refused, changing nothing,
    /// unless the hand is choosing and the house is one of [`Lockstep::choices`].
    pub fn choose(&mut self, side: Side, house: House) -> Result<(), IllegalMove> {
        self.choose_observed(side, house, &mut NoTrace)
    }

    /// [`Lockstep::choose`], reporting the pick-up to `observer`.
    pub fn choose_observed<O: Observer>(
        &mut self,
        side: Side,
        house: House,
        observer: &mut O,
    ) -> Result<(), IllegalMove> {
        let houses = self.board.rules().houses();
        if house.number() > houses {
            return Err(IllegalMove::NotAHouse {
                house: house.number() as u32,
                houses,
            });
        }
        if self.hands[side.index()] != Hand::Choosing {
            return Err(IllegalMove::NotYourTurn);
        }
        let at = self.board.house_index(side, house);
        let seeds = self.board.pits[at];
        if seeds == 0 {
            return Err(IllegalMove::EmptyHouse { house });
        }
        observer.hand(side);
        observer.pick_up(at, seeds);
        self.board.pits[at] = 0;
        self.hands[side.index()] = Hand::Sowing {
            at: at as u8,
            seeds,
        };
        self.chosen.of_mut(side).push(house);
        Ok(())
    }

    /// One step: South's hand drops a seed, then North's (each that is sowing), each
    /// following the relay, store and capture rules. Returns false, doing nothing,
    /// while a hand waits for a choice or when both have stopped.
    pub fn step(&mut self) -> bool {
        self.step_observed(&mut NoTrace)
    }

    /// [`Lockstep::step`], reporting every drop, pick-up and capture to `observer`, each
    /// hand's after [`Observer::hand`].
    pub fn step_observed<O: Observer>(&mut self, observer: &mut O) -> bool {
        if self.hands.contains(&Hand::Choosing) || self.is_done() {
            return false;
        }
        for side in Side::BOTH {
            if let Hand::Sowing { at, seeds } = self.hands[side.index()] {
                observer.hand(side);
                self.drop_one(side, at as usize, seeds, observer);
            }
        }
        true
    }

    /// Steps until a hand must choose or both have stopped.
    pub fn run(&mut self) {
        self.run_observed(&mut NoTrace)
    }

    /// [`Lockstep::run`], reporting to `observer`.
    pub fn run_observed<O: Observer>(&mut self, observer: &mut O) {
        while self.step_observed(observer) {}
    }

    /// The position after the first move, once both hands have stopped: the opponent
    /// of the player whose hand stopped first moves (Congkak rule 10), unless rule 7
    /// ends the round there. `None` while a hand is still at work.
    pub fn finish(self) -> Option<Position> {
        self.finish_observed(&mut NoTrace)
    }

    /// [`Lockstep::finish`], reporting an end-of-round sweep and refills to `observer`.
    pub fn finish_observed<O: Observer>(mut self, observer: &mut O) -> Option<Position> {
        let first = self.stopped_first.filter(|_| self.is_done())?;
        self.board.opening = false;
        self.board.settle_observed(first, false, observer);
        Some(self.board)
    }

    /// Plays the rest of the first move, asking `choose` for a house whenever a hand
    /// must choose (when both must, both are asked before either choice is applied, so
    /// neither sees the other's), and returns the lockstep with both hands stopped. A
    /// choice that is not one of [`Lockstep::choices`], or `None` while there are
    /// choices, is a bug of the caller and panics.
    ///
    /// ```
    /// use mancala_engine::{Lockstep, Position, Rules};
    /// let start = Position::start(Rules::traditional_congkak());
    /// // Both players always take their first non-empty house.
    /// let done = Lockstep::new(&start).unwrap().play_out(|lockstep, side| lockstep.choices(side).first());
    /// assert!(done.is_done());
    /// assert_eq!(start.play_opening(done.opening()), Ok(done.finish().unwrap()));
    /// ```
    pub fn play_out(
        mut self,
        mut choose: impl FnMut(&Lockstep, Side) -> Option<House>,
    ) -> Lockstep {
        while !self.is_done() {
            let picks = Side::BOTH.map(|side| {
                let must = self.hand(side) == Hand::Choosing && !self.choices(side).is_empty();
                must.then(|| choose(&self, side).expect("a house for a hand that must choose"))
            });
            for (side, pick) in Side::BOTH.into_iter().zip(picks) {
                if let Some(house) = pick {
                    self.choose(side, house).expect("one of the hand's choices");
                }
            }
            self.run();
        }
        self
    }

    /// Every simultaneous first move from `pos` (each choice of each hand whenever it
    /// must choose) with the position it leads to; empty unless `pos` waits for one.
    /// Perft counts them as the moves of the first ply, and the computer values them.
    ///
    /// ```
    /// use mancala_engine::{Lockstep, Position, Rules, Start, Variant};
    /// // Congkak 6×3: the 36 pairs of first houses and every later choice of a hand
    /// // whose seed fell in its store. (7×7 has far too many to list.)
    /// let rules = Rules::builder(Variant::Congkak).seeds(3).start(Start::Simultaneous).build().unwrap();
    /// let start = Position::start(rules);
    /// let all = Lockstep::all_openings(&start);
    /// assert_eq!(all.len(), 49_206);
    /// assert!(all.iter().all(|(opening, after)| start.play_opening(opening) == Ok(*after)));
    /// ```
    pub fn all_openings(pos: &Position) -> Vec<(Opening, Position)> {
        let mut found = Vec::new();
        if let Some(lockstep) = Lockstep::new(pos) {
            lockstep.branch(&mut found);
        }
        found
    }

    /// Every way on from here: each combination of choices of the hands that must
    /// choose, run to the next choice or the end.
    pub fn continuations(&self) -> Vec<Lockstep> {
        let [south, north] = Side::BOTH.map(|side| {
            let choices: Vec<Option<House>> = if self.hand(side) == Hand::Choosing {
                self.choices(side).iter().map(Some).collect()
            } else {
                vec![None]
            };
            choices
        });
        let mut next = Vec::with_capacity(south.len() * north.len());
        for &s in &south {
            for &n in &north {
                let mut branch = self.clone();
                for (side, house) in [(Side::South, s), (Side::North, n)] {
                    if let Some(house) = house {
                        branch.choose(side, house).expect("one of the choices");
                    }
                }
                branch.run();
                next.push(branch);
            }
        }
        next
    }

    fn branch(self, found: &mut Vec<(Opening, Position)>) {
        if self.is_done() {
            let opening = self.chosen.clone();
            found.push((opening, self.finish().expect("done")));
            return;
        }
        for next in self.continuations() {
            next.branch(found);
        }
    }

    fn drop_one<O: Observer>(&mut self, side: Side, at: usize, seeds: u8, observer: &mut O) {
        let pits = self.board.rules().pits();
        let their_store = self.board.store_index(side.opponent());
        let mut next = at;
        loop {
            next = (next + 1) % pits;
            if next != their_store && self.board.burnt & (1 << next) == 0 {
                break;
            }
        }
        self.board.pits[next] += 1;
        observer.drop_seed(next);
        if seeds > 1 {
            self.hands[side.index()] = Hand::Sowing {
                at: next as u8,
                seeds: seeds - 1,
            };
            return;
        }
        // The last seed of the hand: rules 3 to 6, as in a move of one player.
        match self.board.pit_at(next) {
            Pit::Store(_) => {
                let has_seeds = self.board.houses(side).iter().any(|&s| s > 0);
                if has_seeds {
                    self.hands[side.index()] = Hand::Choosing;
                } else {
                    self.stop(side);
                }
            }
            _ if self.board.pits[next] > 1 => {
                let relay = self.board.pits[next];
                observer.pick_up(next, relay);
                self.board.pits[next] = 0;
                self.hands[side.index()] = Hand::Sowing {
                    at: next as u8,
                    seeds: relay,
                };
            }
            Pit::House(owner, _) => {
                if owner == side {
                    if self.board.rules().houses() == 7 {
                        capture_opposite::<7, O>(&mut self.board, side, next, observer);
                    } else {
                        capture_opposite::<6, O>(&mut self.board, side, next, observer);
                    }
                }
                self.stop(side);
            }
        }
    }

    fn stop(&mut self, side: Side) {
        self.hands[side.index()] = Hand::Stopped;
        self.stopped_first.get_or_insert(side);
    }
}

impl Position {
    /// Plays the simultaneous first move `opening` (Congkak with `start=simultaneous`)
    /// and returns the position after it. Refused, with the reason, unless the position
    /// is waiting for it and every house of the record is chosen exactly when its hand
    /// must choose.
    ///
    /// ```
    /// use mancala_engine::{Position, Rules, Side};
    /// let start = Position::start(Rules::traditional_congkak());
    /// let after = start.play_opening(&"2+5".parse().unwrap()).unwrap();
    /// assert!(!after.in_opening());
    /// assert_eq!(after.total_seeds(), 98);
    /// // South's house 3 ends in its store: South must choose again.
    /// assert!(start.play_opening(&"3+5".parse().unwrap()).is_err());
    /// ```
    pub fn play_opening(&self, opening: &Opening) -> Result<Position, IllegalOpening> {
        self.play_opening_observed(opening, &mut NoTrace)
    }

    /// [`Position::play_opening`], reporting every step to `observer`.
    pub fn play_opening_observed<O: Observer>(
        &self,
        opening: &Opening,
        observer: &mut O,
    ) -> Result<Position, IllegalOpening> {
        self.play_opening_traced(opening, observer)
            .map(|(position, _)| position)
    }

    /// [`Position::play_opening_observed`], also saying whose hand stopped first.
    pub(crate) fn play_opening_traced<O: Observer>(
        &self,
        opening: &Opening,
        observer: &mut O,
    ) -> Result<(Position, Side), IllegalOpening> {
        let mut lockstep = Lockstep::new(self).ok_or(IllegalOpening::NotAnOpening)?;
        let mut next = [0usize; 2];
        loop {
            for side in Side::BOTH {
                if lockstep.hand(side) != Hand::Choosing {
                    continue;
                }
                let list = opening.of(side);
                let k = next[side.index()];
                let &house = list.get(k).ok_or(IllegalOpening::Missing { side })?;
                lockstep
                    .choose_observed(side, house, observer)
                    .map_err(|why| IllegalOpening::Illegal {
                        side,
                        index: k + 1,
                        why,
                    })?;
                next[side.index()] += 1;
            }
            lockstep.run_observed(observer);
            if lockstep.is_done() {
                break;
            }
        }
        for side in Side::BOTH {
            if next[side.index()] < opening.of(side).len() {
                return Err(IllegalOpening::Unused { side });
            }
        }
        let first = lockstep.stopped_first().expect("both hands have stopped");
        let after = lockstep
            .finish_observed(observer)
            .expect("both hands have stopped");
        Ok((after, first))
    }
}
