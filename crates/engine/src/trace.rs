//! What happens during one move, seed by seed, for animation and explanation.
//!
//! The rules code reports to an [`Observer`]; the hot path uses [`NoTrace`], whose
//! empty methods compile away, and may then sow whole laps at once.

use super::position::{Pit, Side};

/// Receives the steps of a move from [`Position::play_observed`](super::Position::play_observed).
/// Pit arguments are indexes into [`Position::pits`](super::Position::pits)
/// ([`Pit::at`](super::Pit::at) names them). Every method does nothing by default, so
/// an observer implements only what it needs; [`Game::play`](super::Game::play) uses one
/// to build its [`MoveReport`](super::MoveReport).
///
/// ```
/// use mancala_engine::{House, Observer, Position, Rules, Variant};
///
/// /// Counts the pits a move drops seeds into.
/// struct Drops(u32);
///
/// impl Observer for Drops {
///     const SEED_BY_SEED: bool = true; // report every drop
///     fn drop_seed(&mut self, _pit: usize) {
///         self.0 += 1;
///     }
/// }
///
/// let mut pos = Position::start(Rules::new(Variant::Oware));
/// let mut drops = Drops(0);
/// pos.play_observed(House::new(6).unwrap(), &mut drops);
/// assert_eq!(drops.0, 4);
/// ```
pub trait Observer {
    /// When false, the rules may add whole laps at once instead of seed by seed (and
    /// then report no drops).
    const SEED_BY_SEED: bool;
    /// Every seed of pit `pit` was taken up: the move itself, or a Congkak relay.
    fn pick_up(&mut self, _pit: usize, _seeds: u8) {}
    /// One seed was dropped into `pit`.
    fn drop_seed(&mut self, _pit: usize) {}
    /// A capture: `seeds` moved from house `from` into the mover's store `store`.
    fn capture(&mut self, _from: usize, _seeds: u8, _store: usize) {}
    /// An end-of-game sweep: `seeds` left in house `from` moved into store `store`.
    fn sweep(&mut self, _from: usize, _seeds: u8, _store: usize) {}
    /// Oware: a grand slam that these rules let stand without capturing.
    fn grand_slam_spared(&mut self) {}
    /// Congkak with rounds: round `round` begins (rule 12).
    fn new_round(&mut self, _round: u8) {}
    /// Congkak with rounds: `seeds` moved from store `store` to fill house `house`.
    fn refill(&mut self, _store: usize, _house: usize, _seeds: u8) {}
    /// Congkak with rounds: house `house` could not be filled and is burnt.
    fn burn(&mut self, _house: usize) {}
    /// Congkak's simultaneous first move: what follows is `side`'s hand.
    fn hand(&mut self, _side: Side) {}
}

/// The observer of the hot path: ignores everything.
pub(crate) struct NoTrace;

impl Observer for NoTrace {
    const SEED_BY_SEED: bool = false;
}

/// One step of a move, with pits named as players name them. Applying a move's steps in
/// order to the board before it gives the board after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// All seeds taken out of a house (the move itself, or a Congkak relay).
    PickUp {
        /// The house emptied.
        pit: Pit,
        /// Seeds taken into the hand.
        seeds: u8,
    },
    /// One seed from the hand dropped.
    Drop {
        /// Where it fell.
        pit: Pit,
    },
    /// Seeds captured from a house into the mover's store.
    Capture {
        /// The house emptied.
        from: Pit,
        /// Seeds taken.
        seeds: u8,
        /// The mover's store.
        store: Pit,
    },
    /// At the end of the game, seeds left in a house moved into a store.
    Sweep {
        /// The house emptied.
        from: Pit,
        /// Seeds moved.
        seeds: u8,
        /// The store they went to.
        store: Pit,
    },
    /// Oware: the move would take every seed of the opponent, so nothing is captured.
    GrandSlamSpared,
    /// Congkak with rounds: the round ended (every seed is in a store) and round
    /// `round` begins; the refills and burnt houses follow.
    NewRound {
        /// The new round, from 2.
        round: u8,
    },
    /// Congkak with rounds: seeds taken from a store to fill a house for the new round.
    Refill {
        /// The owner's store.
        store: Pit,
        /// The house filled.
        house: Pit,
        /// Seeds put in it (the `seeds` of the rules).
        seeds: u8,
    },
    /// Congkak with rounds: a house its owner cannot fill is burnt for the new round.
    Burn {
        /// The burnt house.
        house: Pit,
    },
    /// Congkak's simultaneous first move: the steps that follow, up to the next `Hand`,
    /// are `side`'s hand's.
    Hand {
        /// Whose hand.
        side: Side,
    },
}
