//! A position: the seeds in every pit, whose turn it is, and whether the game is over.
//!
//! Pits are stored in one array in sowing order: South's houses 1..H, South's store,
//! North's houses 1..H, North's store. With that layout "counter-clockwise" is simply
//! "next index", and house `i` is opposite house `2H - i` for every house index `i`.

use super::layout::{non_zero_bytes, Layout};
use super::moves::MoveSet;
use super::rules::{Rules, RulesError, Variant};
use super::trace::{NoTrace, Observer};
use super::{congkak, kalah, oware};
use std::fmt;

/// The largest board: Congkak with 7 houses a side, plus two stores.
pub const MAX_PITS: usize = 16;

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
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

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
    Win(Side),
    Draw,
}

impl Outcome {
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
    NotAHouse { house: u32, houses: u8 },
    /// The house holds no seeds.
    EmptyHouse { house: u8 },
    /// The game has ended; nobody may move.
    GameOver,
    /// Oware rule 5: the opponent has no seeds and this move gives them none.
    MustFeed { house: u8 },
    /// Oware rule 4 with `grand-slam=forbidden`: the move would capture every seed of
    /// the opponent while another move exists.
    GrandSlam { house: u8 },
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
            IllegalMove::GrandSlam { house } => write!(
                f,
                "house {house} would capture all of the opponent's seeds (grand slam), which these rules forbid while another move exists"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A position of one game. Small and `Copy`: search copies it rather than undoing moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
// Pits first and 16-byte aligned: the board is read and written as one u128.
#[repr(C, align(16))]
pub struct Position {
    pub(crate) pits: [u8; MAX_PITS],
    pub(crate) rules: Rules,
    pub(crate) to_move: Side,
    pub(crate) over: bool,
    /// Seeds in play; fixed for a game. Oware's "more than half" is measured against it.
    pub(crate) total: u8,
}

impl Position {
    /// The start position of `rules` with South to move.
    pub fn start(rules: Rules) -> Result<Position, RulesError> {
        Self::start_with(rules, Side::South)
    }

    /// The start position with a chosen first player.
    pub fn start_with(rules: Rules, first: Side) -> Result<Position, RulesError> {
        rules.validate()?;
        let h = rules.houses as usize;
        let mut pits = [0u8; MAX_PITS];
        for side in Side::BOTH {
            let base = side.index() * (h + 1);
            pits[base..base + h].fill(rules.seeds);
        }
        Ok(Position {
            pits,
            rules,
            to_move: first,
            over: false,
            total: rules.total_seeds() as u8,
        })
    }

    /// A hand-made position (tests, puzzles, analysis). `houses[s]` lists side `s`'s
    /// houses 1..H. The position is checked for game end as if a move had just led to it.
    pub fn from_parts(
        rules: Rules,
        houses: [&[u8]; 2],
        stores: [u8; 2],
        to_move: Side,
    ) -> Result<Position, RulesError> {
        rules.validate()?;
        let h = rules.houses as usize;
        let mut pits = [0u8; MAX_PITS];
        let mut total = 0u32;
        for side in Side::BOTH {
            let row = houses[side.index()];
            if row.len() != h {
                return Err(RulesError(format!(
                    "{:?} has {} houses; these rules have {h}",
                    side,
                    row.len()
                )));
            }
            let base = side.index() * (h + 1);
            pits[base..base + h].copy_from_slice(row);
            pits[base + h] = stores[side.index()];
            total += row.iter().map(|&s| s as u32).sum::<u32>() + stores[side.index()] as u32;
        }
        if total > 200 {
            return Err(RulesError(format!(
                "{total} seeds are too many for a board"
            )));
        }
        let mut pos = Position {
            pits,
            rules,
            to_move,
            over: false,
            total: total as u8,
        };
        pos.settle_after_move(to_move.opponent(), false);
        Ok(pos)
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    #[inline]
    pub(crate) fn h(&self) -> usize {
        self.rules.houses as usize
    }

    /// The side whose turn it is. Meaningless once the game is over.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// `Some(side)` while the game goes on, `None` once it is over.
    pub fn to_move(&self) -> Option<Side> {
        (!self.over).then_some(self.to_move)
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The result, once the game is over: more seeds in store wins.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let [s, n] = self.stores();
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::South),
            std::cmp::Ordering::Less => Outcome::Win(Side::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Seeds in house `house` (1..=H) of `side`.
    pub fn house(&self, side: Side, house: u8) -> u8 {
        self.pits[self.house_index(side, house)]
    }

    /// Side's houses 1..H, as the owner numbers them.
    pub fn houses(&self, side: Side) -> &[u8] {
        let base = self.base(side);
        &self.pits[base..base + self.h()]
    }

    pub fn store(&self, side: Side) -> u8 {
        self.pits[self.store_index(side)]
    }

    pub fn stores(&self) -> [u8; 2] {
        [self.store(Side::South), self.store(Side::North)]
    }

    /// Every pit in sowing order (South houses, South store, North houses, North store).
    pub fn pits(&self) -> &[u8] {
        &self.pits[..self.rules.pits()]
    }

    /// Total seeds in play.
    pub fn total_seeds(&self) -> u32 {
        self.total as u32
    }

    /// Index of side's first house in [`Position::pits`].
    #[inline]
    pub(crate) fn base(&self, side: Side) -> usize {
        side.index() * (self.h() + 1)
    }

    #[inline]
    pub fn house_index(&self, side: Side, house: u8) -> usize {
        self.base(side) + house as usize - 1
    }

    #[inline]
    pub fn store_index(&self, side: Side) -> usize {
        self.base(side) + self.h()
    }

    /// Which pit an index of [`Position::pits`] is.
    pub fn pit_at(&self, index: usize) -> Pit {
        let h = self.h();
        let side = Side::from_index(index / (h + 1));
        let offset = index % (h + 1);
        if offset == h {
            Pit::Store(side)
        } else {
            Pit::House(side, offset as u8 + 1)
        }
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
    #[inline]
    pub fn legal_moves(&self) -> MoveSet {
        if self.over {
            return MoveSet::EMPTY;
        }
        match self.rules.variant {
            Variant::Oware => oware::legal_moves(self),
            Variant::Kalah | Variant::Congkak => self.non_empty_houses(),
        }
    }

    /// Checks a move without playing it.
    pub fn check_move(&self, house: u32) -> Result<u8, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if house == 0 || house > self.rules.houses as u32 {
            return Err(IllegalMove::NotAHouse {
                house,
                houses: self.rules.houses,
            });
        }
        let house = house as u8;
        if self.house(self.to_move, house) == 0 {
            return Err(IllegalMove::EmptyHouse { house });
        }
        if !self.legal_moves().contains(house) {
            return Err(oware::why_illegal(self, house));
        }
        Ok(house)
    }

    /// Plays `house` (1..=H) for the side to move and returns the new position. An
    /// illegal move is refused with its reason and `self` is untouched.
    ///
    /// ```
    /// use mancala::engine::{Position, Rules, Variant, Side};
    /// let start = Position::start(Rules::new(Variant::Kalah)).unwrap();
    /// let next = start.play(3).unwrap(); // 4 seeds from house 3: the last lands in the store
    /// assert_eq!(next.side_to_move(), Side::South); // extra turn
    /// assert!(start.play(7).is_err());
    /// ```
    pub fn play(&self, house: u32) -> Result<Position, IllegalMove> {
        let house = self.check_move(house)?;
        let mut next = *self;
        next.play_unchecked(house);
        Ok(next)
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]). The hot path of
    /// search and perft: no checks beyond a debug assertion, no allocation.
    #[inline]
    pub fn play_unchecked(&mut self, house: u8) {
        self.play_observed(house, &mut NoTrace);
    }

    /// Plays a legal move and reports every pick-up, drop and capture to `observer`
    /// (used to animate sowing).
    pub fn play_observed<O: Observer>(&mut self, house: u8, observer: &mut O) {
        debug_assert!(self.legal_moves().contains(house), "illegal move {house}");
        // Dispatch once on the board shape so the rules compile to constant offsets.
        match (self.rules.variant, self.rules.houses) {
            (Variant::Kalah, _) => kalah::play::<6, O>(self, house, observer),
            (Variant::Oware, _) => oware::play::<6, O>(self, house, observer),
            (Variant::Congkak, 7) => congkak::play::<7, O>(self, house, observer),
            (Variant::Congkak, _) => congkak::play::<6, O>(self, house, observer),
        }
    }

    /// Decides whose turn it is after `mover` moved and whether that ended the game,
    /// applying any end-of-game sweep.
    pub(crate) fn settle_after_move(&mut self, mover: Side, extra_turn: bool) {
        match (self.rules.variant, self.rules.houses) {
            (Variant::Kalah, _) => kalah::settle::<6, _>(self, mover, extra_turn, &mut NoTrace),
            (Variant::Oware, _) => oware::settle::<6, _>(self, mover, true, &mut NoTrace),
            (Variant::Congkak, 7) => congkak::settle::<7, _>(self, mover, extra_turn, &mut NoTrace),
            (Variant::Congkak, _) => congkak::settle::<6, _>(self, mover, extra_turn, &mut NoTrace),
        }
    }

    /// Moves the seeds of `from`'s houses into `to`'s store (an end-of-game sweep).
    pub(crate) fn sweep<O: Observer>(&mut self, from: Side, to: Side, observer: &mut O) {
        let base = self.base(from);
        let store = self.store_index(to);
        for k in base..base + self.h() {
            let seeds = self.pits[k];
            if seeds > 0 {
                observer.capture(k, seeds, store);
                self.pits[store] += seeds;
                self.pits[k] = 0;
            }
        }
    }

    /// Ends the game by Oware rule 8 (a repeated position): each player captures the
    /// seeds on their own side.
    pub fn end_by_repetition(&mut self) {
        for side in Side::BOTH {
            self.sweep(side, side, &mut NoTrace);
        }
        self.over = true;
    }

    /// The same position with the sides' roles swapped is not needed; what search needs
    /// is a key: the pits and the side to move in one number.
    #[inline]
    pub fn key(&self) -> u128 {
        u128::from_le_bytes(self.pits) ^ ((self.to_move as u128) << 127)
    }
}

/// A pit of the board, as a player names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pit {
    House(Side, u8),
    Store(Side),
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position {{ {} N{:?} S{:?} stores {:?} {} }}",
            self.rules.variant,
            self.houses(Side::North),
            self.houses(Side::South),
            self.stores(),
            if self.over {
                "over".to_string()
            } else {
                format!("{:?} to move", self.to_move)
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
            None => write!(f, "{:?} to move", self.to_move),
            Some(Outcome::Win(side)) => write!(f, "game over: {side:?} wins"),
            Some(Outcome::Draw) => write!(f, "game over: draw"),
        }
    }
}
