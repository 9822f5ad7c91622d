//! What a move did ([`MoveReport`]) and why a game ended ([`EndReason`]).

use super::house::House;
use super::opening::Opening;
use super::position::{Pit, Position, Side};
use super::trace::{Observer, Step};
use std::fmt;

/// Why a game ended (docs/rules.md: Kalah 5, Oware 5-8, Congkak 7), or that a player
/// resigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Oware rule 6: a store holds more than half the seeds, or both hold exactly half.
    /// The seeds still in the houses stay there.
    Majority,
    /// `side` has no seeds left in its houses (Kalah rule 5, Congkak rule 7, Oware rule
    /// 7); the seeds left on the board were swept into `swept_to`'s store.
    NoSeeds {
        /// The side whose houses are empty.
        side: Side,
        /// The side that took the seeds left in its own houses.
        swept_to: Side,
    },
    /// Oware rule 5: `side` had to feed an opponent without seeds and no move could, so
    /// `side` took the seeds on its own side.
    CannotFeed {
        /// The side that could not feed.
        side: Side,
    },
    /// Oware rule 8: a position occurred for the second time; each player took the
    /// seeds on their own side.
    Repetition,
    /// `side` gave up; the other side wins whatever the stores say.
    Resignation {
        /// The side that resigned.
        side: Side,
    },
    /// Congkak with rounds (rule 12): at the end of a round `side`'s store could not
    /// fill a single house, so `side` lost the match.
    MatchLost {
        /// The side that could not fill a house.
        side: Side,
    },
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EndReason::Majority => f.write_str("a store holds at least half the seeds"),
            EndReason::NoSeeds { side, swept_to } => write!(
                f,
                "{side:?} has no seeds left; the rest went to {swept_to:?}'s store"
            ),
            EndReason::CannotFeed { side } => write!(
                f,
                "{side:?} cannot give the opponent seeds and takes their own"
            ),
            EndReason::Repetition => f.write_str("a position repeated"),
            EndReason::Resignation { side } => write!(f, "{side:?} resigned"),
            EndReason::MatchLost { side } => {
                write!(f, "{side:?} cannot fill a single house for the next round")
            }
        }
    }
}

/// What one move did: returned by [`Game::play`](super::Game::play).
///
/// `steps` replayed on the board before the move give the board after it, seed by seed
/// (for the animation), end-of-game sweeps included. The store of the mover grows by
/// the drops into it plus [`MoveReport::captured`], and each store by its sweeps.
///
/// ```
/// use mancala_engine::{
///     EndReason, Game, House, Outcome, Pit, Position, Rules, Side, Step, Variant,
/// };
///
/// // Kalah: South's single seed in house 1 lands in the empty house 2 and captures
/// // it with the 3 seeds of North's house 5 opposite. North has nothing left: the
/// // game ends, drawn.
/// let rules = Rules::new(Variant::Kalah);
/// let rows: [&[u8]; 2] = [&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 3, 0]];
/// let start = Position::from_parts(rules, rows, [20, 24], Side::South).unwrap();
/// let mut game = Game::from_start(start);
/// let house = |n| House::new(n).unwrap();
/// let report = game.play(house(1)).unwrap();
/// assert_eq!(report.steps[..2], [
///     Step::PickUp { pit: Pit::House(Side::South, house(1)), seeds: 1 },
///     Step::Drop { pit: Pit::House(Side::South, house(2)) },
/// ]);
/// assert_eq!(report.captures, [
///     (Pit::House(Side::North, house(5)), 3),
///     (Pit::House(Side::South, house(2)), 1),
/// ]);
/// assert_eq!(report.captured(), 4);
/// assert!(!report.extra_turn);
/// assert_eq!(report.end, Some(EndReason::NoSeeds { side: Side::North, swept_to: Side::South }));
/// assert_eq!(game.position().stores(), [24, 24]);
/// assert_eq!(game.outcome(), Some(Outcome::Draw));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveReport {
    /// The side that moved.
    pub mover: Side,
    /// The house played.
    pub house: House,
    /// Every pick-up, drop, capture and sweep, in order.
    pub steps: Vec<Step>,
    /// The houses captured from and the seeds each gave, in the order taken, all into
    /// the mover's store. In Kalah and Congkak the capturing seed's own house is one of
    /// them (1 seed).
    pub captures: Vec<(Pit, u8)>,
    /// The mover moves again (the last seed landed in their store and the game goes on).
    pub extra_turn: bool,
    /// Congkak: how many times the sowing went on from an occupied house (pick-ups after
    /// the first).
    pub relays: u32,
    /// Oware: the move would have captured every seed of the opponent, and these rules
    /// let it stand without capturing.
    pub grand_slam_spared: bool,
    /// Why the game ended, if this move ended it.
    pub end: Option<EndReason>,
    /// Congkak with rounds: the move ended a round and this round begins (the steps
    /// end with its refills and burnt houses).
    pub new_round: Option<u8>,
}

impl MoveReport {
    /// Seeds captured in all (the capturing seed included).
    pub fn captured(&self) -> u32 {
        self.captures.iter().map(|&(_, seeds)| seeds as u32).sum()
    }

    /// The end-of-game sweeps: house, seeds, store.
    pub fn sweeps(&self) -> impl Iterator<Item = (Pit, u8, Pit)> + '_ {
        self.steps.iter().filter_map(|step| match *step {
            Step::Sweep { from, seeds, store } => Some((from, seeds, store)),
            _ => None,
        })
    }

    /// Seeds moved by end-of-game sweeps, in all.
    pub fn swept(&self) -> u32 {
        self.sweeps().map(|(_, seeds, _)| seeds as u32).sum()
    }
}

/// Collects the steps of a move into a [`MoveReport`].
/// What the simultaneous first move of Congkak did (docs/rules.md, Congkak rule 10).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OpeningReport {
    /// The houses each side chose.
    pub opening: Opening,
    /// Every pick-up, drop and capture in the order they happened, each hand's after a
    /// [`Step::Hand`] naming it; an end-of-round sweep and refills (with no hand) last.
    pub steps: Vec<Step>,
    /// The side whose hand stopped first: its opponent moves next.
    pub stopped_first: Side,
    /// Each side's relays (pick-ups after its chosen houses), South's first.
    pub relays: [u32; 2],
    /// Seeds each side captured, South's first.
    pub captured: [u32; 2],
    /// Why the game ended, if the first move ended it.
    pub end: Option<EndReason>,
    /// The round that begins, if the first move ended round 1.
    pub new_round: Option<u8>,
}

pub(crate) struct Recorder {
    houses: u8,
    steps: Vec<Step>,
    captures: Vec<(Pit, u8)>,
    pick_ups: u32,
    grand_slam_spared: bool,
    new_round: Option<u8>,
    /// In a simultaneous first move: whose hand the events are, and each hand's
    /// pick-ups and captured seeds.
    hand: Option<Side>,
    hand_pick_ups: [u32; 2],
    hand_captured: [u32; 2],
}

impl Recorder {
    /// A recorder for a move played on `board`.
    pub(crate) fn new(board: &Position) -> Recorder {
        Recorder {
            houses: board.rules().houses(),
            steps: Vec::new(),
            captures: Vec::new(),
            pick_ups: 0,
            grand_slam_spared: false,
            new_round: None,
            hand: None,
            hand_pick_ups: [0; 2],
            hand_captured: [0; 2],
        }
    }

    fn pit(&self, index: usize) -> Pit {
        Pit::at(index, self.houses)
    }

    /// The report of `house` played by `mover`, which led to `after`.
    pub(crate) fn finish(self, mover: Side, house: House, after: &Position) -> MoveReport {
        MoveReport {
            mover,
            house,
            steps: self.steps,
            captures: self.captures,
            extra_turn: !after.is_over()
                && self.new_round.is_none()
                && after.side_to_move() == mover,
            relays: self.pick_ups.saturating_sub(1),
            grand_slam_spared: self.grand_slam_spared,
            end: after.end_reason(),
            new_round: self.new_round,
        }
    }
}

impl Recorder {
    /// The report of a simultaneous first move that led to `after`.
    pub(crate) fn finish_opening(
        mut self,
        opening: Opening,
        stopped_first: Side,
        after: &Position,
    ) -> OpeningReport {
        let mut relays = self.hand_pick_ups;
        for side in Side::BOTH {
            relays[side.index()] =
                relays[side.index()].saturating_sub(opening.of(side).len() as u32);
        }
        // Sweeps and refills after the hands stopped belong to no hand.
        self.hand = None;
        OpeningReport {
            opening,
            steps: self.steps,
            stopped_first,
            relays,
            captured: self.hand_captured,
            end: after.end_reason(),
            new_round: self.new_round,
        }
    }
}

impl Observer for Recorder {
    const SEED_BY_SEED: bool = true;
    fn pick_up(&mut self, pit: usize, seeds: u8) {
        self.pick_ups += 1;
        if let Some(side) = self.hand {
            self.hand_pick_ups[side.index()] += 1;
        }
        let pit = self.pit(pit);
        self.steps.push(Step::PickUp { pit, seeds });
    }
    fn drop_seed(&mut self, pit: usize) {
        let pit = self.pit(pit);
        self.steps.push(Step::Drop { pit });
    }
    fn capture(&mut self, from: usize, seeds: u8, store: usize) {
        let (from, store) = (self.pit(from), self.pit(store));
        if let Some(side) = self.hand {
            self.hand_captured[side.index()] += seeds as u32;
        }
        self.captures.push((from, seeds));
        self.steps.push(Step::Capture { from, seeds, store });
    }
    fn sweep(&mut self, from: usize, seeds: u8, store: usize) {
        let (from, store) = (self.pit(from), self.pit(store));
        self.steps.push(Step::Sweep { from, seeds, store });
    }
    fn grand_slam_spared(&mut self) {
        self.grand_slam_spared = true;
        self.steps.push(Step::GrandSlamSpared);
    }
    fn new_round(&mut self, round: u8) {
        self.new_round = Some(round);
        self.steps.push(Step::NewRound { round });
    }
    fn refill(&mut self, store: usize, house: usize, seeds: u8) {
        let (store, house) = (self.pit(store), self.pit(house));
        self.steps.push(Step::Refill {
            store,
            house,
            seeds,
        });
    }
    fn burn(&mut self, house: usize) {
        let house = self.pit(house);
        self.steps.push(Step::Burn { house });
    }
    fn hand(&mut self, side: Side) {
        if self.hand != Some(side) {
            self.steps.push(Step::Hand { side });
        }
        self.hand = Some(side);
    }
}
