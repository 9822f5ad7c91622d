//! A position: the seeds in every pit, whose turn it is, and whether (and why) the game
//! is over.
//!
//! Pits are stored in one array in sowing order: South's houses 1..H, South's store,
//! North's houses 1..H, North's store. With that layout "counter-clockwise" is simply
//! "next index", and house `i` is opposite house `2H - i` for every house index `i`.
//! [`Pit::index`] and [`Pit::at`] are the one place that knows this order.

use super::house::House;
use super::layout::{non_zero_bytes, Layout};
use super::moves::MoveSet;
use super::report::EndReason;
use super::rules::{Rules, RulesError, Variant};
use super::trace::{NoTrace, Observer};
use super::{congkak, kalah, oware};
use std::fmt;

/// The largest board: Congkak with 7 houses a side, plus two stores.
pub(crate) const MAX_PITS: usize = 16;

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Player 0, at the bottom; moves first by default.
    South,
    /// Player 1, at the top.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// 0 for South, 1 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// South for 0, North for anything else.
    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::South
        } else {
            Side::North
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(side) => Some(side),
            Outcome::Draw => None,
        }
    }
}

/// Why a move was refused. The position it was tried on is left unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The number is not a house of the board (houses are 1..=`houses`).
    NotAHouse {
        /// The number given.
        house: u32,
        /// Houses a side on this board.
        houses: u8,
    },
    /// The house holds no seeds.
    EmptyHouse {
        /// The house tried.
        house: House,
    },
    /// The game has ended; nobody may move.
    GameOver,
    /// Oware rule 5: the opponent has no seeds and this move gives them none.
    MustFeed {
        /// The house tried.
        house: House,
    },
    /// Oware rule 4 with `grand-slam=forbidden`: the move would capture every seed of
    /// the opponent while another move exists.
    GrandSlam {
        /// The house tried.
        house: House,
    },
    /// Congkak with rounds: the house is burnt for this round.
    BurntHouse {
        /// The house tried.
        house: House,
    },
    /// Congkak with a simultaneous start: the first move is made by both players at
    /// once ([`Position::play_opening`]), not by one house.
    OpeningPending,
    /// Congkak's simultaneous first move: this hand is not choosing now.
    NotYourTurn,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::NotAHouse { house, houses } => {
                write!(f, "{house} is not a house (houses are numbered 1 to {houses})")
            }
            IllegalMove::EmptyHouse { house } => write!(f, "house {house} is empty"),
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::MustFeed { house } => write!(
                f,
                "house {house} gives the opponent no seeds, and a player must feed an opponent who has none"
            ),
            IllegalMove::BurntHouse { house } => {
                write!(f, "house {house} is burnt for this round")
            }
            IllegalMove::NotYourTurn => f.write_str("this hand is not choosing a house now"),
            IllegalMove::OpeningPending => f.write_str(
                "both players make the first move at the same time (write it as S+N, e.g. 3+5)",
            ),
            IllegalMove::GrandSlam { house } => write!(
                f,
                "house {house} would capture all of the opponent's seeds (grand slam), which these rules forbid while another move exists"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A pit of the board, as a player names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pit {
    /// A side's house.
    House(Side, House),
    /// A side's store.
    Store(Side),
}

impl Pit {
    /// The side the pit belongs to.
    pub fn side(self) -> Side {
        match self {
            Pit::House(side, _) | Pit::Store(side) => side,
        }
    }

    /// The pit's index in [`Position::pits`] on a board of `houses` houses a side.
    ///
    /// ```
    /// use mancala_engine::{House, Pit, Side};
    /// let north_1 = Pit::House(Side::North, House::new(1).unwrap());
    /// assert_eq!(north_1.index(6), 7);
    /// assert_eq!(Pit::Store(Side::South).index(6), 6);
    /// assert_eq!(Pit::at(7, 6), north_1);
    /// ```
    #[inline]
    pub fn index(self, houses: u8) -> usize {
        let row = houses as usize + 1;
        match self {
            Pit::House(side, house) => side.index() * row + house.offset(),
            Pit::Store(side) => side.index() * row + houses as usize,
        }
    }

    /// The pit at `index` of [`Position::pits`] on a board of `houses` houses a side.
    pub fn at(index: usize, houses: u8) -> Pit {
        let row = houses as usize + 1;
        let side = Side::from_index(index / row);
        let offset = index % row;
        if offset == houses as usize {
            Pit::Store(side)
        } else {
            Pit::House(side, House::from_bit(offset as u32))
        }
    }
}

/// A position of one game: the seeds in every house and store, the side to move, the
/// rules, and whether (and why) the game is over. Small (32 bytes) and `Copy`: a search
/// copies it rather than undoing moves.
///
/// Make one with [`Position::start`] or, for a puzzle or a test,
/// [`Position::from_parts`]; [`Position::legal_moves`] lists the moves and
/// [`Position::play`] plays one, returning the next position. A position knows nothing
/// of the moves that led to it, so Oware's rule 8 (a repeated position ends the game)
/// is left to [`Game`](crate::Game), which keeps the history.
///
/// `Display` draws the board as South sees it, North's houses right to left on top.
///
/// ```
/// use mancala_engine::{House, Outcome, Position, Rules, Side, Variant};
///
/// let mut pos = Position::start(Rules::new(Variant::Kalah));
/// assert_eq!(pos.houses(Side::South), &[4, 4, 4, 4, 4, 4]);
/// // House 3 holds 4 seeds: houses 4, 5, 6, then the store: South moves again.
/// pos = pos.play(House::new(3).unwrap()).unwrap();
/// assert_eq!(pos.houses(Side::South), &[4, 4, 0, 5, 5, 5]);
/// assert_eq!(pos.stores(), [1, 0]);
/// assert_eq!(pos.side_to_move(), Side::South);
/// let drawing = pos.to_string();
/// let lines: Vec<&str> = drawing.lines().map(str::trim_end).collect();
/// assert_eq!(lines, [
///     "       4  4  4  4  4  4",
///     "  0                      1",
///     "       4  4  0  5  5  5",
///     "South to move",
/// ]);
///
/// // Play the first legal move until the game ends.
/// while let Some(house) = pos.legal_moves().first() {
///     pos.play_unchecked(house);
/// }
/// assert!(pos.is_over());
/// assert!(matches!(pos.outcome(), Some(Outcome::Win(_) | Outcome::Draw)));
/// assert_eq!(pos.total_seeds(), 48);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
// Pits first and 16-byte aligned: the board is read and written as one u128.
#[repr(C, align(16))]
pub struct Position {
    pub(crate) pits: [u8; MAX_PITS],
    pub(crate) rules: Rules,
    pub(crate) to_move: Side,
    /// `Some` once the game is over, saying why.
    pub(crate) end: Option<EndReason>,
    /// Seeds in play; fixed for a game. Oware's "more than half" is measured against it.
    pub(crate) total: u8,
    /// Congkak with rounds: the burnt houses of the round, a bit per pit index. Burnt
    /// houses hold no seeds, are never sown into and cannot be played.
    pub(crate) burnt: u16,
    /// The round of a Congkak match, from 1; 1 in every other game.
    pub(crate) round: u8,
    /// Congkak with a simultaneous start: the first move, made by both players at once,
    /// is still to be played ([`crate::Lockstep`]); no single move is legal until then.
    pub(crate) opening: bool,
}

// A search copies positions rather than undoing moves: keep them two to a cache line.
const _: () = assert!(std::mem::size_of::<Position>() == 32);

impl Position {
    /// The start position of `rules` with South to move.
    ///
    /// ```
    /// use mancala_engine::{Position, Rules, Side, Variant};
    /// let start = Position::start(Rules::new(Variant::Oware));
    /// assert_eq!(start.houses(Side::North), &[4, 4, 4, 4, 4, 4]);
    /// assert_eq!(start.stores(), [0, 0]);
    /// assert_eq!(start.side_to_move(), Side::South);
    /// assert!(!start.is_over());
    /// ```
    pub fn start(rules: Rules) -> Position {
        Self::start_with(rules, Side::South)
    }

    /// The start position with a chosen first player.
    pub fn start_with(rules: Rules, first: Side) -> Position {
        let mut pits = [0u8; MAX_PITS];
        for side in Side::BOTH {
            let base = side.index() * (rules.houses() as usize + 1);
            pits[base..base + rules.houses() as usize].fill(rules.seeds());
        }
        Position {
            pits,
            rules,
            to_move: first,
            end: None,
            total: rules.total_seeds() as u8,
            burnt: 0,
            round: 1,
            opening: rules.simultaneous_start(),
        }
    }

    /// A hand-made position (tests, puzzles, analysis). `houses[s]` lists side `s`'s
    /// houses 1..H. The position is checked for game end as if a move had just led to it.
    pub fn from_parts(
        rules: Rules,
        houses: [&[u8]; 2],
        stores: [u8; 2],
        to_move: Side,
    ) -> Result<Position, RulesError> {
        let h = rules.houses() as usize;
        let mut pits = [0u8; MAX_PITS];
        let mut total = 0u32;
        for side in Side::BOTH {
            let row = houses[side.index()];
            if row.len() != h {
                return Err(RulesError::WrongRowLength {
                    side,
                    len: row.len(),
                    houses: rules.houses(),
                });
            }
            let base = side.index() * (h + 1);
            pits[base..base + h].copy_from_slice(row);
            pits[base + h] = stores[side.index()];
            total += row.iter().map(|&s| s as u32).sum::<u32>() + stores[side.index()] as u32;
        }
        if total > 200 {
            return Err(RulesError::TooManySeeds { seeds: total });
        }
        let mut pos = Position {
            pits,
            rules,
            to_move,
            end: None,
            total: total as u8,
            burnt: 0,
            round: 1,
            opening: false,
        };
        pos.settle_after_move(to_move.opponent(), false);
        Ok(pos)
    }

    /// A hand-made position of a later round of a Congkak match (`rounds=on`): as
    /// [`Position::from_parts`], with the round's number and its burnt houses
    /// (`burnt[s]`: side `s`'s burnt houses, each of which must be empty).
    ///
    /// ```
    /// use mancala_engine::{House, Position, Rules, Side};
    /// let rules = Rules::traditional_congkak();
    /// let burnt = [vec![House::new(7).unwrap()], vec![]];
    /// let pos = Position::from_round(
    ///     rules, [&[7, 7, 7, 7, 7, 7, 0], &[7; 7]], [4, 0], Side::South, 2, burnt,
    /// ).unwrap();
    /// assert_eq!(pos.round(), 2);
    /// assert!(pos.is_burnt(Side::South, House::new(7).unwrap()));
    /// assert_eq!(pos.legal_moves().len(), 6);
    /// ```
    pub fn from_round(
        rules: Rules,
        houses: [&[u8]; 2],
        stores: [u8; 2],
        to_move: Side,
        round: u8,
        burnt: [Vec<House>; 2],
    ) -> Result<Position, RulesError> {
        let mut pos = Position::from_parts(rules, houses, stores, to_move)?;
        let any = burnt.iter().any(|b| !b.is_empty());
        if (any || round != 1) && !rules.plays_rounds() {
            return Err(RulesError::NotARound);
        }
        for side in Side::BOTH {
            for &house in &burnt[side.index()] {
                if house.number() > rules.houses() || pos.house(side, house) != 0 {
                    return Err(RulesError::BurntHouseNotEmpty { side, house });
                }
                pos.burnt |= 1 << pos.house_index(side, house);
            }
        }
        pos.round = round.max(1);
        Ok(pos)
    }

    /// The rules of the game.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The variant played.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    #[inline(always)]
    pub(crate) fn h(&self) -> usize {
        self.rules.houses() as usize
    }

    /// The side whose turn it is; once the game is over, the side that would have moved.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Is the game over (no side may move)? A Congkak match of rounds is over when a
    /// player cannot fill a single house.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Congkak with a simultaneous start: is the first move, which both players make at
    /// once, still to be played? Then [`Position::legal_moves`] is empty and the move
    /// is played through a [`Lockstep`](crate::Lockstep) or
    /// [`Position::play_opening`].
    #[inline]
    pub fn in_opening(&self) -> bool {
        self.opening
    }

    /// The round of a Congkak match, from 1 (always 1 in other games).
    #[inline]
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Is `side`'s `house` burnt for this round (Congkak with rounds)?
    #[inline]
    pub fn is_burnt(&self, side: Side, house: House) -> bool {
        house.number() <= self.rules.houses()
            && self.burnt & (1 << self.house_index(side, house)) != 0
    }

    /// `side`'s burnt houses in this round.
    pub fn burnt(&self, side: Side) -> MoveSet {
        let row = (self.burnt >> self.base(side)) & ((1 << self.h()) - 1);
        MoveSet::from_bits(row)
    }

    /// Is any house burnt in this round?
    #[inline(always)]
    pub(crate) fn has_burnt(&self) -> bool {
        self.burnt != 0
    }

    /// Why the game ended, once it is over.
    #[inline]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The result, once the game is over: more seeds in store wins.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let [s, n] = self.stores();
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::South),
            std::cmp::Ordering::Less => Outcome::Win(Side::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Oware rule 5: must the side to move give seeds to an opponent who has none?
    /// Always false in Kalah and Congkak and once the game is over.
    pub fn must_feed(&self) -> bool {
        self.variant() == Variant::Oware
            && !self.is_over()
            && self.side_is_empty(self.to_move.opponent())
    }

    /// Seeds in `house` of `side`. A house beyond this board's houses has none.
    pub fn house(&self, side: Side, house: House) -> u8 {
        if house.number() > self.rules.houses() {
            return 0;
        }
        self.pits[self.house_index(side, house)]
    }

    /// Side's houses 1..H, as the owner numbers them.
    // Inlined across crates: the search keys every node with it (not generic, and its
    // slice can panic, so the compiler would not inline it into mancala-ai by itself).
    #[inline]
    pub fn houses(&self, side: Side) -> &[u8] {
        let base = self.base(side);
        &self.pits[base..base + self.h()]
    }

    /// Seeds in side's store.
    #[inline]
    pub fn store(&self, side: Side) -> u8 {
        self.pits[self.store_index(side)]
    }

    /// Both stores, South's first.
    pub fn stores(&self) -> [u8; 2] {
        [self.store(Side::South), self.store(Side::North)]
    }

    /// Every pit in sowing order (South houses, South store, North houses, North store);
    /// [`Position::pit_at`] names an index, [`Pit::index`] finds one.
    pub fn pits(&self) -> &[u8] {
        &self.pits[..self.rules.pits()]
    }

    /// Total seeds in play.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        self.total as u32
    }

    /// Index of side's first house in [`Position::pits`].
    #[inline(always)]
    pub(crate) fn base(&self, side: Side) -> usize {
        side.index() * (self.h() + 1)
    }

    /// Index of side's `house` in [`Position::pits`] (`house` must be on this board).
    #[inline]
    pub fn house_index(&self, side: Side, house: House) -> usize {
        Pit::House(side, house).index(self.rules.houses())
    }

    /// Index of side's store in [`Position::pits`].
    #[inline]
    pub fn store_index(&self, side: Side) -> usize {
        Pit::Store(side).index(self.rules.houses())
    }

    /// Which pit an index of [`Position::pits`] is.
    pub fn pit_at(&self, index: usize) -> Pit {
        Pit::at(index, self.rules.houses())
    }

    #[inline]
    pub(crate) fn side_seeds(&self, side: Side) -> u32 {
        self.houses(side).iter().map(|&s| s as u32).sum()
    }

    #[inline]
    pub(crate) fn side_is_empty(&self, side: Side) -> bool {
        self.row_bytes(side) == 0
    }

    /// Side's houses as one number, a byte per house (house 1 lowest), for bit tricks.
    #[inline(always)]
    fn row_bytes(&self, side: Side) -> u64 {
        if self.h() == 7 {
            Layout::<7>::row(&self.pits, side)
        } else {
            Layout::<6>::row(&self.pits, side)
        }
    }

    /// Houses of the side to move that hold seeds, as a set.
    #[inline]
    pub(crate) fn non_empty_houses(&self) -> MoveSet {
        MoveSet::from_bits(non_zero_bytes(self.row_bytes(self.to_move)))
    }

    /// The moves the side to move may play; empty exactly when the game is over.
    ///
    /// ```
    /// use mancala_engine::{House, Position, Rules, Side, Variant};
    /// let pos = Position::from_parts(
    ///     Rules::new(Variant::Oware),
    ///     [&[3, 0, 0, 0, 0, 1], &[0; 6]],
    ///     [20, 24],
    ///     Side::South,
    /// )
    /// .unwrap();
    /// // North has no seeds: South must feed, and only house 6 reaches North's row.
    /// assert!(pos.must_feed());
    /// let moves: Vec<u8> = pos.legal_moves().iter().map(House::number).collect();
    /// assert_eq!(moves, [6]);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveSet {
        if self.is_over() || self.opening {
            return MoveSet::EMPTY;
        }
        match self.rules.variant() {
            Variant::Oware => oware::legal_moves(self),
            Variant::Kalah | Variant::Congkak => self.non_empty_houses(),
        }
    }

    /// Checks a move without playing it.
    pub fn check_move(&self, house: House) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if self.opening {
            return Err(IllegalMove::OpeningPending);
        }
        if house.number() > self.rules.houses() {
            return Err(IllegalMove::NotAHouse {
                house: house.number() as u32,
                houses: self.rules.houses(),
            });
        }
        if self.is_burnt(self.to_move, house) {
            return Err(IllegalMove::BurntHouse { house });
        }
        if self.house(self.to_move, house) == 0 {
            return Err(IllegalMove::EmptyHouse { house });
        }
        if !self.legal_moves().contains(house) {
            return Err(oware::why_illegal(self, house));
        }
        Ok(())
    }

    /// Plays `house` for the side to move and returns the new position. An illegal move
    /// is refused with its reason and `self` is untouched.
    ///
    /// ```
    /// use mancala_engine::{House, IllegalMove, Position, Rules, Side, Variant};
    /// let start = Position::start(Rules::new(Variant::Kalah));
    /// let three = House::new(3).unwrap();
    /// let next = start.play(three).unwrap(); // 4 seeds from house 3: the last lands in the store
    /// assert_eq!(next.side_to_move(), Side::South); // extra turn
    /// assert_eq!(next.store(Side::South), 1);
    /// assert_eq!(next.play(three), Err(IllegalMove::EmptyHouse { house: three }));
    /// let seven = House::new(7).unwrap(); // a house on Congkak's big board only
    /// assert!(matches!(start.play(seven), Err(IllegalMove::NotAHouse { .. })));
    /// ```
    pub fn play(&self, house: House) -> Result<Position, IllegalMove> {
        self.check_move(house)?;
        let mut next = *self;
        next.play_unchecked(house);
        Ok(next)
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]). The hot path of
    /// search and perft: no checks beyond a debug assertion, no allocation.
    #[inline]
    pub fn play_unchecked(&mut self, house: House) {
        self.play_observed(house, &mut NoTrace);
    }

    /// Plays a legal move and reports every pick-up, drop, capture and sweep to
    /// `observer`. [`Game::play`](super::Game::play) uses it to build its
    /// [`MoveReport`](super::MoveReport).
    pub fn play_observed<O: Observer>(&mut self, house: House, observer: &mut O) {
        debug_assert!(self.legal_moves().contains(house), "illegal move {house}");
        // Dispatch once on the board shape so the rules compile to constant offsets.
        match (self.rules.variant(), self.rules.houses()) {
            (Variant::Kalah, _) => kalah::play::<6, O>(self, house, observer),
            (Variant::Oware, _) => oware::play::<6, O>(self, house, observer),
            (Variant::Congkak, 7) => congkak::play::<7, O>(self, house, observer),
            (Variant::Congkak, _) => congkak::play::<6, O>(self, house, observer),
        }
    }

    /// Decides whose turn it is after `mover` moved and whether that ended the game,
    /// applying any end-of-game sweep.
    pub(crate) fn settle_after_move(&mut self, mover: Side, extra_turn: bool) {
        self.settle_observed(mover, extra_turn, &mut NoTrace);
    }

    /// [`Position::settle_after_move`], reporting sweeps and a new round to `observer`.
    pub(crate) fn settle_observed<O: Observer>(
        &mut self,
        mover: Side,
        extra_turn: bool,
        observer: &mut O,
    ) {
        match (self.rules.variant(), self.rules.houses()) {
            (Variant::Kalah, _) => kalah::settle::<6, O>(self, mover, extra_turn, observer),
            (Variant::Oware, _) => oware::settle::<6, O>(self, mover, true, observer),
            (Variant::Congkak, 7) => congkak::settle::<7, O>(self, mover, extra_turn, observer),
            (Variant::Congkak, _) => congkak::settle::<6, O>(self, mover, extra_turn, observer),
        }
    }

    /// Moves the seeds of `from`'s houses into `to`'s store (an end-of-game sweep).
    pub(crate) fn sweep<O: Observer>(&mut self, from: Side, to: Side, observer: &mut O) {
        let base = self.base(from);
        let store = self.store_index(to);
        for k in base..base + self.h() {
            let seeds = self.pits[k];
            if seeds > 0 {
                observer.sweep(k, seeds, store);
                self.pits[store] += seeds;
                self.pits[k] = 0;
            }
        }
    }

    /// Ends the game by Oware rule 8 (a repeated position): each player captures the
    /// seeds on their own side.
    ///
    /// A [`Game`](crate::Game) applies the rule itself when a position comes back; a
    /// search that keeps its own line of positions calls this to value the repetition.
    ///
    /// ```
    /// use mancala_engine::{Position, Rules, Side, Variant};
    /// let mut pos = Position::start(Rules::new(Variant::Oware));
    /// pos.end_by_repetition();
    /// assert!(pos.is_over());
    /// assert_eq!(pos.store(Side::South), 24);
    /// ```
    pub fn end_by_repetition(&mut self) {
        self.end_by_repetition_observed(&mut NoTrace);
    }

    /// [`Position::end_by_repetition`], reporting the sweeps to `observer`.
    pub(crate) fn end_by_repetition_observed<O: Observer>(&mut self, observer: &mut O) {
        for side in Side::BOTH {
            self.sweep(side, side, observer);
        }
        self.end = Some(EndReason::Repetition);
    }

    /// The pits, the burnt houses and the side to move in one number: equal keys are
    /// equal boards with the same player to move (Oware rule 8 compares positions by
    /// it). A pit never holds 128 seeds, so the top bit of each pit's byte is free: it
    /// marks a burnt house, and the last one the side to move.
    #[inline]
    pub fn key(&self) -> u128 {
        let key = u128::from_le_bytes(self.pits) ^ ((self.to_move as u128) << 127);
        if self.has_burnt() {
            key | burnt_bytes(self.burnt)
        } else {
            key
        }
    }
}

/// A mask of pits (a bit per pit index) as the top bit of each pit's byte.
#[cold]
pub(crate) fn burnt_bytes(mask: u16) -> u128 {
    (0..MAX_PITS)
        .filter(|i| mask & (1 << i) != 0)
        .fold(0, |bytes, i| bytes | 0x80u128 << (8 * i))
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ {} N{:?} S{:?} stores {:?} {} }}",
            self.rules.variant(),
            self.houses(Side::North),
            self.houses(Side::South),
            self.stores(),
            match self.end {
                Some(reason) => format!("over ({reason:?})"),
                None => format!("{:?} to move", self.to_move),
            }
        )
    }
}

/// A board drawn as the South player sees it: North's houses right to left on top.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let north: Vec<String> = self
            .houses(Side::North)
            .iter()
            .rev()
            .map(|s| format!("{s:>3}"))
            .collect();
        let south: Vec<String> = self
            .houses(Side::South)
            .iter()
            .map(|s| format!("{s:>3}"))
            .collect();
        writeln!(f, "     {}", north.join(""))?;
        writeln!(
            f,
            "{:>3}  {}  {:<3}",
            self.store(Side::North),
            " ".repeat(3 * self.h()),
            self.store(Side::South)
        )?;
        writeln!(f, "     {}", south.join(""))?;
        match self.outcome() {
            None if self.opening => f.write_str("both players choose a first house at once"),
            None => write!(f, "{:?} to move", self.to_move),
            Some(Outcome::Win(side)) => write!(f, "game over: {side:?} wins"),
            Some(Outcome::Draw) => write!(f, "game over: draw"),
        }
    }
}
