//! Replays a move's steps one at a time on a copy of the board, for the sowing animation:
//! the controller advances it on a timer and shows `pits()` after each step. A tap skips
//! to the end, which is the position the engine computed.
//!
//! Seeds travel: each step also says which seeds are in the air until the next one
//! ([`Flight`]s) — the hand on its way to the pit it drops into next, or captured and
//! swept seeds on their way to a store, which land (and are counted there) a step later.
//!
//! A side's whole turn (a move and the extra turns it earns, each with its Congkak relays)
//! is paced as one by [`TurnPace`]: after the first few sowings each step is shorter, the
//! whole turn fits a time budget (each move is given its share, and shows several steps a
//! tick when its steps left would overrun it), and one skip by the player shows the rest
//! of the computer's turn at once.
//!
//! Congkak's simultaneous first move has two hands: its steps come in lockstep steps
//! (South's hand, then North's, each after a [`Step::Hand`] marker), and each advance
//! shows one lockstep step of both hands, so both hands are seen flying at once.

use crate::engine::{MoveSet, Pit, Position, Side, Step};
use std::time::Duration;

/// Sowings of one turn shown at the player's own speed; later ones go faster.
const SOWINGS_AT_FULL_SPEED: u32 = 3;

/// However long a turn, a step is never shorter than this share of the player's step,
/// so the seeds are still seen travelling.
const FASTEST_SHARE: u32 = 4;

/// The longest a move may take to animate, whatever the speed: a Congkak relay can run
/// to hundreds of drops, and nobody wants to watch a minute of them.
const LONGEST_MOVE: Duration = Duration::from_millis(6_000);

/// The longest a whole turn's animation may take, its extra-turn moves included, so that
/// with the computer's searches between them no computer turn lasts much over 8 s.
pub const LONGEST_TURN: Duration = Duration::from_millis(7_000);

/// What a group of seeds in the air is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlightKind {
    /// The sowing hand, moving on to the next pit.
    Sowing,
    /// Captured seeds on their way to the mover's store.
    Capture,
    /// Seeds left at the end on their way to a store.
    Sweep,
}

/// Seeds in the air during one step: they leave pit `from` as the step is shown and
/// arrive at pit `to` as the next one is (pits in [`Position::pits`] order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    pub from: usize,
    pub to: usize,
    pub seeds: u32,
    pub kind: FlightKind,
}

#[derive(Clone, Debug)]
pub struct Playback {
    houses: u8,
    pits: Vec<u8>,
    steps: Vec<Step>,
    next: usize,
    /// Seeds in each side's hand (a one-player move uses only its `hand`'s).
    in_hand: [u32; 2],
    /// Whose hand the steps being shown are: South's unless a [`Step::Hand`] says.
    hand: Side,
    /// The pit each hand touched last.
    active: [Option<usize>; 2],
    /// The houses burnt now: the round's before the move, a new round's once shown.
    burnt: [MoveSet; 2],
    /// Seeds in the air now.
    flights: Vec<Flight>,
    /// Captured or swept seeds that reach their store with the next step.
    landing: Vec<(usize, u8)>,
    /// Congkak relays so far: a pick-up after the first.
    relays: u32,
    /// Sowings of the same turn before this move (its earlier extra-turn moves).
    earlier_sowings: u32,
    /// The time this move may take to show, and the time its ticks have taken so far.
    budget: Duration,
    spent: Duration,
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
    /// The last captured or swept seeds reached their store.
    Landed,
    /// Congkak with rounds: the stores refill their owners' houses for a new round.
    Refill,
    /// A step that moves no seed (a new round begins, a house is burnt, the other hand
    /// of a simultaneous first move takes over).
    Marker,
}

impl Playback {
    /// `before` is the position the move was played from.
    pub fn new(before: &Position, steps: Vec<Step>) -> Playback {
        Playback {
            houses: before.rules().houses(),
            pits: before.pits().to_vec(),
            steps,
            next: 0,
            in_hand: [0; 2],
            hand: Side::South,
            active: [None; 2],
            burnt: Side::BOTH.map(|side| before.burnt(side)),
            flights: Vec::new(),
            landing: Vec::new(),
            relays: 0,
            earlier_sowings: 0,
            budget: LONGEST_MOVE,
            spent: Duration::ZERO,
        }
    }

    /// This move may take at most `budget` to show (never more than 6 s, a move's most).
    pub fn within(mut self, budget: Duration) -> Playback {
        self.budget = budget.min(LONGEST_MOVE);
        self
    }

    /// This move continues a turn that has already shown `sowings` sowings.
    pub fn after_sowings(mut self, sowings: u32) -> Playback {
        self.earlier_sowings = sowings;
        self
    }

    /// Sowings of this turn shown so far, this move's included.
    fn sowings(&self) -> u32 {
        let here = self.steps[..self.next]
            .iter()
            .filter(|s| matches!(s, Step::PickUp { .. }))
            .count() as u32;
        self.earlier_sowings + here
    }

    /// The time per step now, for a player's `step`: the player's own for the first
    /// three sowings of a turn, then shorter with every sowing (3/n of it at the n-th),
    /// down to a quarter. Zero stays zero.
    pub fn pace(&self, step: Duration) -> Duration {
        let sowings = self.sowings();
        if sowings <= SOWINGS_AT_FULL_SPEED {
            return step;
        }
        (step * SOWINGS_AT_FULL_SPEED / sowings).max(step / FASTEST_SHARE)
    }

    /// Index of a pit in [`Position::pits`] order.
    fn index(&self, pit: Pit) -> usize {
        pit.index(self.houses)
    }

    /// The board as the animation shows it now.
    pub fn pits(&self) -> &[u8] {
        &self.pits
    }

    /// Seeds picked up and not yet sown (in both hands, in a simultaneous first move).
    pub fn in_hand(&self) -> u32 {
        self.in_hand.iter().sum()
    }

    /// The houses out of play as the animation shows the board now.
    pub fn burnt(&self) -> [MoveSet; 2] {
        self.burnt
    }

    /// Seeds in the air until the next step.
    pub fn flights(&self) -> &[Flight] {
        &self.flights
    }

    /// Seeds off the board now: the hand's and those on their way to a store.
    pub fn airborne(&self) -> u32 {
        self.in_hand() + self.landing.iter().map(|&(_, s)| s as u32).sum::<u32>()
    }

    /// The pit the last step touched.
    pub fn active(&self) -> Option<usize> {
        self.active[self.hand.index()]
    }

    /// The pit each hand touched last (a one-player move has one).
    pub fn actives(&self) -> [Option<usize>; 2] {
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
        self.next >= self.steps.len() && self.landing.is_empty()
    }

    /// Drops shown so far (the seeds this move has sown, for the relay's count).
    pub fn sown(&self) -> u32 {
        self.shown()
            .iter()
            .filter(|s| matches!(s, Step::Drop { .. }))
            .count() as u32
    }

    /// Whether one tick of `pace` fits in the move's budget; a move that has no time left
    /// in its turn is shown at once.
    pub fn fits(&self, pace: Duration) -> bool {
        pace <= self.budget
    }

    /// A timer tick after `pace` has come: how many steps it shows so that the steps left
    /// fit in the move's budget. One a tick while they fit at `pace`; when they would not,
    /// they are spread over the ticks left, so the pace speeds up on its own.
    pub fn tick(&mut self, pace: Duration) -> usize {
        self.spent += pace;
        let left = self.budget.saturating_sub(self.spent);
        // This tick and the ticks that fit in what is left of the budget (at least this one).
        let ticks = 1 + left.as_nanos() / pace.as_nanos().max(1);
        let steps = self.steps.len() - self.next + usize::from(!self.landing.is_empty());
        (steps as u128).div_ceil(ticks).max(1) as usize
    }

    /// Shows the next step; `None` once every step has been shown. Seeds in the air
    /// from the step before land first.
    pub fn advance(&mut self) -> Option<Shown> {
        self.flights.clear();
        if !self.landing.is_empty() {
            for (store, seeds) in std::mem::take(&mut self.landing) {
                self.pits[store] += seeds;
                self.active[self.hand.index()] = Some(store);
            }
            if self.next >= self.steps.len() {
                return Some(Shown::Landed);
            }
        }
        let step = *self.steps.get(self.next)?;
        if let Step::Hand { .. } = step {
            return Some(self.both_hands());
        }
        self.next += 1;
        Some(self.show(step))
    }

    /// One lockstep step of the simultaneous first move: South's hand's part, then
    /// North's, up to the next marker of a hand already shown in it. Each hand that
    /// still holds seeds is left flying to its next pit, so both are seen together.
    fn both_hands(&mut self) -> Shown {
        let mut seen = [false; 2];
        // A hand drops one seed a step: the engine's report names a hand only when the
        // other one acted in between, so one hand left alone shows a drop an advance.
        let mut dropped = [false; 2];
        let mut shown = Shown::Marker;
        for side in Side::BOTH {
            // A hand with nothing in it (stopped, or waiting to choose) is not lit.
            if self.in_hand[side.index()] == 0 {
                self.active[side.index()] = None;
            }
        }
        while let Some(&step) = self.steps.get(self.next) {
            match step {
                Step::Hand { side } if seen[side.index()] => break,
                Step::Hand { side } => {
                    seen[side.index()] = true;
                    self.hand = side;
                    self.next += 1;
                    continue;
                }
                Step::Drop { .. } if dropped[self.hand.index()] => break,
                Step::Drop { .. } => dropped[self.hand.index()] = true,
                _ => {}
            }
            self.next += 1;
            let this = self.show(step);
            // A refill or sweep closing the first move lands before what comes next.
            if matches!(this, Shown::Refill | Shown::Sweep) {
                return this;
            }
            if shown == Shown::Marker || this != Shown::Marker {
                shown = this;
            }
        }
        shown
    }

    /// Shows one step (a capture or refill with the ones that go with it).
    fn show(&mut self, step: Step) -> Shown {
        let hand = self.hand.index();
        match step {
            Step::PickUp { pit, seeds } => {
                let i = self.index(pit);
                if self.next > 1 {
                    self.relays += 1;
                }
                self.pits[i] = self.pits[i].saturating_sub(seeds);
                self.in_hand[hand] = seeds as u32;
                self.active[hand] = Some(i);
                self.hand_moves_on(i);
                Shown::PickUp
            }
            Step::Drop { pit } => {
                let i = self.index(pit);
                self.pits[i] += 1;
                self.in_hand[hand] = self.in_hand[hand].saturating_sub(1);
                self.active[hand] = Some(i);
                self.hand_moves_on(i);
                Shown::Drop
            }
            Step::Capture { .. } | Step::Sweep { .. } => {
                // A capture's houses (or an ending's sweeps) all take off together.
                let sweep = matches!(step, Step::Sweep { .. });
                self.take_off(step);
                while let Some(&more) = self.steps.get(self.next) {
                    if !matches!(more, Step::Capture { .. } | Step::Sweep { .. })
                        || matches!(more, Step::Sweep { .. }) != sweep
                    {
                        break;
                    }
                    self.next += 1;
                    self.take_off(more);
                }
                if sweep {
                    Shown::Sweep
                } else {
                    Shown::Capture
                }
            }
            Step::GrandSlamSpared => Shown::GrandSlamSpared,
            Step::Refill { .. } => {
                // Every house of the new round fills at once.
                self.take_off(step);
                while let Some(&more @ Step::Refill { .. }) = self.steps.get(self.next) {
                    self.next += 1;
                    self.take_off(more);
                }
                Shown::Refill
            }
            Step::NewRound { .. } => {
                // The refills and burns that follow set the new round's houses.
                self.burnt = [MoveSet::EMPTY; 2];
                Shown::Marker
            }
            Step::Burn {
                house: Pit::House(side, house),
            } => {
                let burnt = &mut self.burnt[side.index()];
                *burnt = burnt.iter().chain([house]).collect();
                Shown::Marker
            }
            Step::Burn { .. } | Step::Hand { .. } => Shown::Marker,
        }
    }

    /// The next step of the current hand: in a simultaneous first move the other hand's
    /// steps come between, after its marker.
    fn next_of_hand(&self) -> Option<Step> {
        let mut owner = self.hand;
        for step in &self.steps[self.next..] {
            match *step {
                Step::Hand { side } => owner = side,
                other if owner == self.hand => return Some(other),
                _ => {}
            }
        }
        None
    }

    /// The hand, just over pit `from`, sets off for the pit of its next drop.
    fn hand_moves_on(&mut self, from: usize) {
        let seeds = self.in_hand[self.hand.index()];
        if seeds == 0 {
            return;
        }
        if let Some(Step::Drop { pit }) = self.next_of_hand() {
            self.flights.push(Flight {
                from,
                to: self.index(pit),
                seeds,
                kind: FlightKind::Sowing,
            });
        }
    }

    /// A capture or sweep lifts its seeds now; they reach the store with the next step.
    fn take_off(&mut self, step: Step) {
        let (from, seeds, store) = match step {
            Step::Capture { from, seeds, store } | Step::Sweep { from, seeds, store } => {
                (from, seeds, store)
            }
            // A refill flies the other way: from the store to a house.
            Step::Refill {
                store,
                house,
                seeds,
            } => (store, seeds, house),
            _ => return,
        };
        let (from, store) = (self.index(from), self.index(store));
        self.pits[from] = self.pits[from].saturating_sub(seeds);
        self.landing.push((store, seeds));
        self.active[self.hand.index()] = Some(from);
        self.flights.push(Flight {
            from,
            to: store,
            seeds: seeds as u32,
            kind: if matches!(step, Step::Sweep { .. } | Step::Refill { .. }) {
                FlightKind::Sweep
            } else {
                FlightKind::Capture
            },
        });
    }

    /// Shows every remaining step at once (a tap skips the animation).
    pub fn finish(&mut self) {
        while self.advance().is_some() {}
        self.active = [None; 2];
        self.flights.clear();
    }
}

/// Which side's turn is being shown and how far it has got: the sowings of its moves so
/// far and whether the player asked to skip the rest of it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnPace {
    mover: Option<Side>,
    sowings: u32,
    skipped: bool,
    /// The time the turn's moves have taken to show so far.
    spent: Duration,
}

impl TurnPace {
    /// A move of `mover` with `steps` is about to be shown; returns the sowings of the same
    /// turn before it (0 when it begins a new turn, the other side having moved last).
    pub fn move_started(&mut self, mover: Side, steps: &[Step]) -> u32 {
        if self.mover != Some(mover) {
            *self = TurnPace {
                mover: Some(mover),
                ..TurnPace::default()
            };
        }
        let earlier = self.sowings;
        self.sowings += steps
            .iter()
            .filter(|s| matches!(s, Step::PickUp { .. }))
            .count() as u32;
        earlier
    }

    /// The time the move about to be shown may take: what is left of the turn's budget
    /// ([`LONGEST_TURN`]), or half of it when the move earns an extra turn, so the moves
    /// after it, not known yet, still have time (each following move halving what is left
    /// again, the turn never overruns).
    pub fn budget(&self, extra_turn: bool) -> Duration {
        let left = LONGEST_TURN.saturating_sub(self.spent);
        if extra_turn {
            left / 2
        } else {
            left
        }
    }

    /// A tick of the turn's animation took `pace`.
    pub fn spend(&mut self, pace: Duration) {
        self.spent += pace;
    }

    /// The player skipped the animation of `mover`'s move: the rest of this turn is shown
    /// at once.
    pub fn skip_rest(&mut self, mover: Side) {
        if self.mover == Some(mover) {
            self.skipped = true;
        }
    }

    /// Whether `mover`'s next move is to be shown at once.
    pub fn skipping(&self, mover: Side) -> bool {
        self.skipped && self.mover == Some(mover)
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
                assert_eq!(on_board + playback.airborne(), total);
                // What is in the air is what is off the board, each seed once.
                let flying: u32 = playback.flights().iter().map(|f| f.seeds).sum();
                assert_eq!(flying, playback.airborne(), "{rules:?} {house}");
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
    fn both_hands_of_the_first_move_fly_together_and_end_on_the_engines_position() {
        let rules = Rules::traditional_congkak();
        let start = Position::start(rules);
        let mut game = Game::new(rules);
        let steps = game.play_opening(&"4+4".parse().unwrap()).unwrap().steps;
        let mut playback = Playback::new(&start, steps);
        let total = start.total_seeds();
        let mut both_flying = 0;
        while playback.advance().is_some() {
            let on_board: u32 = playback.pits().iter().map(|&s| s as u32).sum();
            assert_eq!(on_board + playback.airborne(), total);
            let hands = playback
                .flights()
                .iter()
                .filter(|f| f.kind == FlightKind::Sowing)
                .count();
            if hands == 2 {
                both_flying += 1;
                assert!(playback.actives().iter().all(Option::is_some));
            }
        }
        assert!(both_flying > 5, "both hands are seen sowing: {both_flying}");
        assert_eq!(playback.pits(), game.position().pits());
    }

    #[test]
    fn a_new_round_burns_the_houses_its_steps_say_and_no_others() {
        // Round 1 of Traditional Congkak ends with North short: houses 6 and 7 burnt.
        let rules = Rules::traditional_congkak();
        let record =
            "5+6 3 2 1 7 6 1 4 3 4 6 3 3 2 5 3 1 2 7 2 3 6 2 5 5 3 7 2 6 2 3 3 4 5 1 7 1 3 3 5 7 2";
        let game = Game::parse_record(Position::start(rules), record).unwrap();
        let before = *game.position();
        assert_eq!(before.round(), 1);
        let mut game = game;
        let report = game.play(House::new(4).unwrap()).unwrap();
        assert_eq!(report.new_round, Some(2));
        let mut playback = Playback::new(&before, report.steps);
        assert_eq!(playback.burnt(), [MoveSet::EMPTY; 2]);
        playback.finish();
        let after = game.position();
        assert_eq!(
            playback.burnt(),
            [after.burnt(Side::South), after.burnt(Side::North)]
        );
        assert_eq!(
            playback.burnt()[1].to_vec(),
            [House::new(6).unwrap(), House::new(7).unwrap()]
        );
        assert_eq!(playback.pits(), after.pits());
    }

    #[test]
    fn the_hand_flies_to_each_next_pit_and_captures_land_a_step_later() {
        // Kalah from the start, South 3: four seeds over South 4, 5, 6 and the store
        // (pits 3, 4, 5 and 6 in `Position::pits` order).
        let start = Position::start(Rules::new(Variant::Kalah));
        let mut game = Game::from_start(start);
        let steps = game.play(House::new(3).unwrap()).unwrap().steps;
        let mut playback = Playback::new(&start, steps);
        let mut hops = Vec::new();
        while playback.advance().is_some() {
            hops.push(playback.flights().to_vec());
        }
        let hand = |from, to, seeds| Flight {
            from,
            to,
            seeds,
            kind: FlightKind::Sowing,
        };
        assert_eq!(
            hops,
            [
                vec![hand(2, 3, 4)],
                vec![hand(3, 4, 3)],
                vec![hand(4, 5, 2)],
                vec![hand(5, 6, 1)],
                vec![],
            ]
        );

        // South 5, North 1, then South 1 ends in South 5, emptied by the first move, and
        // takes North 2's six with its own seed: both fly to South's store together and
        // land a step later.
        let mut pos = start;
        for house in [5, 1] {
            pos = pos.play(House::new(house).unwrap()).unwrap();
        }
        let mut game = Game::from_start(pos);
        let steps = game.play(House::new(1).unwrap()).unwrap().steps;
        let mut playback = Playback::new(&pos, steps);
        while playback.advance() != Some(Shown::Capture) {}
        let flights = playback.flights().to_vec();
        assert_eq!(flights.len(), 2, "{flights:?}");
        assert!(flights
            .iter()
            .all(|f| f.to == 6 && f.kind == FlightKind::Capture));
        assert_eq!(flights.iter().map(|f| f.seeds).sum::<u32>(), 7);
        assert_eq!(playback.pits()[6], pos.pits()[6], "not in the store yet");
        assert!(!playback.is_done());
        assert_eq!(playback.advance(), Some(Shown::Landed));
        assert!(playback.flights().is_empty() && playback.is_done());
        assert_eq!(playback.pits(), game.position().pits());
    }

    /// Ticks `playback` at `pace` to its end; returns the time taken and the ticks.
    fn play_out(playback: &mut Playback, pace: Duration) -> (Duration, usize) {
        let (mut time, mut ticks) = (Duration::ZERO, 0);
        while !playback.is_done() {
            time += pace;
            ticks += 1;
            for _ in 0..playback.tick(pace) {
                playback.advance();
            }
        }
        (time, ticks)
    }

    #[test]
    fn long_relays_are_sped_up_to_fit_the_longest_move() {
        let pos = Position::start(Rules::new(Variant::Kalah));
        let normal = Duration::from_millis(140);
        let steps = vec![
            Step::Drop {
                pit: Pit::Store(Side::South)
            };
            200
        ];
        let (time, _) = play_out(&mut Playback::new(&pos, steps.clone()), normal);
        assert!(time <= LONGEST_MOVE, "{time:?}");
        assert!(
            time > LONGEST_MOVE - normal * 2,
            "it uses its time: {time:?}"
        );
        // A smaller budget is kept too, and a larger one is cut to a move's most.
        let budget = Duration::from_millis(1_500);
        let (time, _) = play_out(
            &mut Playback::new(&pos, steps.clone()).within(budget),
            normal,
        );
        assert!(time <= budget, "{time:?}");
        let (time, _) = play_out(
            &mut Playback::new(&pos, steps).within(Duration::from_secs(60)),
            normal,
        );
        assert!(time <= LONGEST_MOVE, "{time:?}");
        // A short move is one step a tick.
        let mut short = Playback::new(&pos, vec![Step::GrandSlamSpared; 5]);
        assert_eq!(play_out(&mut short, normal), (normal * 5, 5));
    }

    #[test]
    fn a_turn_of_moves_with_extra_turns_stays_within_its_budget() {
        let pos = Position::start(Rules::new(Variant::Congkak));
        let normal = Duration::from_millis(140);
        let mut turn = TurnPace::default();
        let mut total = Duration::ZERO;
        // Ten long relays, each but the last earning an extra turn.
        for n in 0..10 {
            let steps = relays(60);
            let earlier = turn.move_started(Side::North, &steps);
            let extra = n < 9;
            let mut playback = Playback::new(&pos, steps)
                .after_sowings(earlier)
                .within(turn.budget(extra));
            let mut pace = playback.pace(normal);
            if !playback.fits(pace) {
                continue; // shown at once, as the turn loop does
            }
            while !playback.is_done() {
                turn.spend(pace);
                total += pace;
                for _ in 0..playback.tick(pace) {
                    playback.advance();
                }
                pace = playback.pace(normal);
            }
        }
        assert!(total <= LONGEST_TURN, "{total:?}");
        // The other side's move is a new turn with the whole budget again.
        turn.move_started(Side::South, &relays(1));
        assert_eq!(turn.budget(false), LONGEST_TURN);
        assert_eq!(turn.budget(true), LONGEST_TURN / 2);
    }

    /// A Congkak move with relays: `pickups` sowings of 2 seeds each.
    fn relays(pickups: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        for i in 0..pickups {
            let pit = Pit::House(Side::South, House::new(1 + (i % 6) as u8).unwrap());
            steps.push(Step::PickUp { pit, seeds: 2 });
            steps.push(Step::Drop { pit });
            steps.push(Step::Drop { pit });
        }
        steps
    }

    #[test]
    fn a_long_turn_steps_faster_after_its_first_sowings_down_to_a_quarter() {
        let pos = Position::start(Rules::new(Variant::Congkak));
        let normal = Duration::from_millis(140);
        let mut playback = Playback::new(&pos, relays(20));
        let mut paces = Vec::new();
        while playback.advance().is_some() {
            paces.push(playback.pace(normal));
        }
        // Three sowings (nine steps) at the player's speed, then ever faster.
        assert!(paces[..9].iter().all(|&p| p == normal), "{paces:?}");
        assert_eq!(paces[9], normal * 3 / 4);
        assert!(paces.windows(2).all(|w| w[1] <= w[0]));
        assert_eq!(*paces.last().unwrap(), normal / 4, "never below a quarter");
        // Off stays off; every speed is slowed the same way.
        assert_eq!(playback.pace(Duration::ZERO), Duration::ZERO);
        assert_eq!(
            playback.pace(Duration::from_millis(260)),
            Duration::from_millis(65)
        );

        // The next move of the same turn starts where this one left off.
        let mut turn = TurnPace::default();
        assert_eq!(turn.move_started(Side::North, &relays(5)), 0);
        assert_eq!(turn.move_started(Side::North, &relays(2)), 5);
        let mut next = Playback::new(&pos, relays(2)).after_sowings(5);
        next.advance();
        assert_eq!(next.pace(normal), normal / 2, "the sixth sowing at 3/6");
        // The other side's move is a new turn.
        assert_eq!(turn.move_started(Side::South, &relays(1)), 0);
    }

    #[test]
    fn a_skip_covers_the_rest_of_that_sides_turn_only() {
        let mut turn = TurnPace::default();
        turn.move_started(Side::North, &relays(1));
        assert!(!turn.skipping(Side::North));
        turn.skip_rest(Side::South); // not the turn being shown
        assert!(!turn.skipping(Side::North));
        turn.skip_rest(Side::North);
        assert!(turn.skipping(Side::North));
        assert!(!turn.skipping(Side::South));
        turn.move_started(Side::North, &relays(1));
        assert!(turn.skipping(Side::North), "still the same turn");
        turn.move_started(Side::South, &relays(1));
        turn.move_started(Side::North, &relays(1));
        assert!(!turn.skipping(Side::North), "a new turn is shown again");
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
