//! What happens during one move, seed by seed, for animation and explanation.
//!
//! The rules code reports to an [`Observer`]; the hot path uses [`NoTrace`], whose
//! empty methods compile away, and may then sow whole laps at once.

use super::position::{Pit, Position};

/// Receives the steps of a move. Pit arguments are indexes into [`Position::pits`].
pub trait Observer {
    /// When false, the rules may add whole laps at once instead of seed by seed.
    const SEED_BY_SEED: bool;
    fn pick_up(&mut self, _pit: usize, _seeds: u8) {}
    fn drop_seed(&mut self, _pit: usize) {}
    /// Seeds moved from a house into a store: a capture or an end-of-game sweep.
    fn capture(&mut self, _from: usize, _seeds: u8, _store: usize) {}
    /// Oware: a grand slam that these rules let stand without capturing.
    fn grand_slam_spared(&mut self) {}
}

/// The observer of the hot path: ignores everything.
pub struct NoTrace;

impl Observer for NoTrace {
    const SEED_BY_SEED: bool = false;
}

/// One step of a move, with pits named as players name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// All seeds taken out of a house (the move itself, or a Congkak relay).
    PickUp { pit: Pit, seeds: u8 },
    /// One seed dropped.
    Drop { pit: Pit },
    /// Seeds taken from a house into a store.
    Capture { from: Pit, seeds: u8, store: Pit },
    /// Oware: the move would take every seed of the opponent, so nothing is captured.
    GrandSlamSpared,
}

/// Collects the steps of a move.
pub struct Recorder {
    pub steps: Vec<Step>,
    board: Position,
}

impl Recorder {
    pub fn new(board: &Position) -> Recorder {
        Recorder {
            steps: Vec::new(),
            board: *board,
        }
    }
}

impl Observer for Recorder {
    const SEED_BY_SEED: bool = true;
    fn pick_up(&mut self, pit: usize, seeds: u8) {
        let pit = self.board.pit_at(pit);
        self.steps.push(Step::PickUp { pit, seeds });
    }
    fn drop_seed(&mut self, pit: usize) {
        let pit = self.board.pit_at(pit);
        self.steps.push(Step::Drop { pit });
    }
    fn capture(&mut self, from: usize, seeds: u8, store: usize) {
        let (from, store) = (self.board.pit_at(from), self.board.pit_at(store));
        self.steps.push(Step::Capture { from, seeds, store });
    }
    fn grand_slam_spared(&mut self) {
        self.steps.push(Step::GrandSlamSpared);
    }
}
