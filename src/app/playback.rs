//! Replays a move's steps one at a time on a copy of the board, for the sowing animation:
//! the controller advances it on a timer and shows `pits()` after each step. A tap skips
//! to the end, which is the position the engine computed.

use crate::engine::{Pit, Position, Step};

/// The longest a move may take to animate, whatever the speed: a Congkak relay can run
/// to hundreds of drops, and nobody wants to watch a minute of them.
const LONGEST_MOVE_MILLIS: u64 = 6_000;

#[derive(Clone, Debug)]
pub struct Playback {
    houses: u8,
    pits: Vec<u8>,
    steps: Vec<Step>,
    next: usize,
    in_hand: u32,
    active: Option<usize>,
    /// Congkak relays so far: a pick-up after the first.
    relays: u32,
}

/// What the last step showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    PickUp,
    Drop,
    Capture,
    /// Seeds left at the end moved into a store.
    Sweep,
    GrandSlamSpared,
}

impl Playback {
    /// `before` is the position the move was played from.
    pub fn new(before: &Position, steps: Vec<Step>) -> Playback {
        Playback {
            houses: before.rules().houses(),
            pits: before.pits().to_vec(),
            steps,
            next: 0,
            in_hand: 0,
            active: None,
            relays: 0,
        }
    }

    /// Index of a pit in [`Position::pits`] order.
    fn index(&self, pit: Pit) -> usize {
        pit.index(self.houses)
    }

    /// The board as the animation shows it now.
    pub fn pits(&self) -> &[u8] {
        &self.pits
    }

    /// Seeds picked up and not yet sown.
    pub fn in_hand(&self) -> u32 {
        self.in_hand
    }

    /// The pit the last step touched.
    pub fn active(&self) -> Option<usize> {
        self.active
    }

    /// The steps shown so far (the last move's marks grow with them).
    pub fn shown(&self) -> &[Step] {
        &self.steps[..self.next]
    }

    pub fn relays(&self) -> u32 {
        self.relays
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.steps.len()
    }

    /// How many steps each timer tick shows at `step_millis` per step, so that no move
    /// animates for longer than `LONGEST_MOVE_MILLIS` (6 s).
    pub fn steps_per_tick(&self, step_millis: u64) -> usize {
        let total = self.steps.len() as u64 * step_millis.max(1);
        total.div_ceil(LONGEST_MOVE_MILLIS).max(1) as usize
    }

    /// Shows the next step; `None` once every step has been shown.
    pub fn advance(&mut self) -> Option<Shown> {
        let step = *self.steps.get(self.next)?;
        self.next += 1;
        Some(match step {
            Step::PickUp { pit, seeds } => {
                let i = self.index(pit);
                if self.next > 1 {
                    self.relays += 1;
                }
                self.pits[i] = self.pits[i].saturating_sub(seeds);
                self.in_hand = seeds as u32;
                self.active = Some(i);
                Shown::PickUp
            }
            Step::Drop { pit } => {
                let i = self.index(pit);
                self.pits[i] += 1;
                self.in_hand = self.in_hand.saturating_sub(1);
                self.active = Some(i);
                Shown::Drop
            }
            Step::Capture { from, seeds, store } | Step::Sweep { from, seeds, store } => {
                let (from, store) = (self.index(from), self.index(store));
                self.pits[from] = self.pits[from].saturating_sub(seeds);
                self.pits[store] += seeds;
                self.active = Some(store);
                if matches!(step, Step::Sweep { .. }) {
                    Shown::Sweep
                } else {
                    Shown::Capture
                }
            }
            Step::GrandSlamSpared => Shown::GrandSlamSpared,
        })
    }

    /// Shows every remaining step at once (a tap skips the animation).
    pub fn finish(&mut self) {
        while self.advance().is_some() {}
        self.active = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, House, Rules, Side, Variant};

    /// Plays whole games with a fixed pseudo-random choice of moves and checks that the
    /// animation, step by step, ends on exactly the engine's position and never changes
    /// the number of seeds on the board (seeds in hand included).
    fn replay_matches_engine(rules: Rules) {
        let mut game = Game::new(rules);
        let mut state = 12345u64;
        while !game.position().is_over() {
            let before = *game.position();
            let legal = before.legal_moves().to_vec();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let house = legal[(state >> 33) as usize % legal.len()];
            let steps = game.play(house).unwrap().steps;
            let mut playback = Playback::new(&before, steps);
            let total = before.total_seeds();
            while playback.advance().is_some() {
                let on_board: u32 = playback.pits().iter().map(|&s| s as u32).sum();
                assert_eq!(on_board + playback.in_hand(), total);
            }
            // Repetitions too: their sweeps are steps of the move.
            assert_eq!(playback.pits(), game.position().pits(), "{rules:?} {house}");
        }
    }

    #[test]
    fn the_animation_ends_on_the_engines_position_in_every_variant() {
        replay_matches_engine(Rules::new(Variant::Kalah));
        replay_matches_engine(
            Rules::new(Variant::Kalah)
                .with_seeds(7)
                .unwrap()
                .with_empty_capture(true),
        );
        replay_matches_engine(Rules::new(Variant::Oware));
        replay_matches_engine(
            Rules::builder(Variant::Congkak)
                .houses(7)
                .seeds(7)
                .build()
                .unwrap(),
        );
    }

    #[test]
    fn long_relays_are_sped_up_to_fit_the_longest_move() {
        let pos = Position::start(Rules::new(Variant::Kalah));
        let steps = vec![
            Step::Drop {
                pit: Pit::Store(Side::South)
            };
            500
        ];
        let playback = Playback::new(&pos, steps);
        assert_eq!(playback.steps_per_tick(140), 12);
        let short = Playback::new(&pos, vec![Step::GrandSlamSpared; 5]);
        assert_eq!(short.steps_per_tick(140), 1);
    }

    #[test]
    fn finishing_shows_the_whole_move_and_clears_the_highlight() {
        let before = Position::start(Rules::new(Variant::Kalah));
        let mut game = Game::from_start(before);
        let steps = game.play(House::new(3).unwrap()).unwrap().steps;
        let mut playback = Playback::new(&before, steps);
        assert_eq!(playback.advance(), Some(Shown::PickUp));
        assert_eq!(playback.in_hand(), 4);
        playback.finish();
        assert!(playback.is_done());
        assert_eq!(playback.active(), None);
        assert_eq!(playback.pits(), game.position().pits());
    }
}
