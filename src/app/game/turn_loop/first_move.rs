//! Congkak's simultaneous first move as the players live it (docs/rules.md, Congkak rule
//! 10). Every hand that must choose does so without seeing the other's choice: the
//! computer's house is searched on the lockstep as it stands before any choice of the
//! moment is applied, and between two people South's tap is kept (unmarked) while North
//! chooses. Then both hands sow together, shown seed by seed, until a hand must choose
//! again or both have stopped. The whole first move is then recorded through
//! `Game::play_opening`, so undo, redo, saves, the record and the review keep it.

use super::{Effects, TurnLoop};
use crate::app::computer::background::{BackgroundJob, Poll};
use crate::app::feedback::Feedback;
use crate::app::game::banner::Banner;
use crate::app::game::playback::{Playback, Shown};
use crate::engine::{Hand, House, Lockstep, MoveSet, Observer, Pit, Position, Side, Step};
use std::sync::Arc;

/// The first move being played: the shared board and both hands, the choices made for
/// this moment, the computer's searches and the sowing being shown.
pub(super) struct FirstMove {
    pub(super) lockstep: Lockstep,
    /// Choices made now, applied only once every hand that must choose has chosen, so
    /// that no choice is seen before the other's is made.
    chosen: [Option<House>; 2],
    /// The computer's choice for a side, being searched.
    jobs: [Option<BackgroundJob<Option<House>>>; 2],
    /// Both hands' sowing being shown.
    pub(super) playback: Option<Playback>,
    /// The hands have sown: a hand choosing now chooses again.
    pub(super) sown: bool,
}

/// What the board shows of the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMoveView {
    /// The person whose choice the board waits for (none while the computer chooses or
    /// the hands sow).
    pub choosing: Option<Side>,
    /// That hand chooses again: its last seed fell in its own store.
    pub again: bool,
    /// The other player has chosen already, unseen (between two people).
    pub other_chosen: bool,
    /// Both hands are sowing on the board.
    pub sowing: bool,
}

impl FirstMove {
    fn new(lockstep: Lockstep) -> FirstMove {
        FirstMove {
            lockstep,
            chosen: [None; 2],
            jobs: [None, None],
            playback: None,
            sown: false,
        }
    }

    /// The hands that must choose now and have not.
    fn undecided(&self) -> impl Iterator<Item = Side> + '_ {
        Side::BOTH
            .into_iter()
            .filter(|&side| !self.lockstep.choices(side).is_empty())
            .filter(|&side| self.chosen[side.index()].is_none())
    }

    /// A computer's choice is being searched.
    pub(super) fn searching(&self) -> bool {
        self.jobs.iter().any(Option::is_some)
    }

    /// Drops the computer's searches (they are started again when needed).
    pub(super) fn stop_searching(&mut self) {
        self.jobs = [None, None];
    }
}

/// Collects the steps of the lockstep's choices and sowing, each hand's after a
/// [`Step::Hand`] marker of its own in every lockstep step, for the playback.
struct Steps {
    houses: u8,
    steps: Vec<Step>,
}

impl Steps {
    fn pit(&self, index: usize) -> Pit {
        Pit::at(index, self.houses)
    }
}

impl Observer for Steps {
    const SEED_BY_SEED: bool = true;
    fn pick_up(&mut self, pit: usize, seeds: u8) {
        let pit = self.pit(pit);
        self.steps.push(Step::PickUp { pit, seeds });
    }
    fn drop_seed(&mut self, pit: usize) {
        let pit = self.pit(pit);
        self.steps.push(Step::Drop { pit });
    }
    fn capture(&mut self, from: usize, seeds: u8, store: usize) {
        let (from, store) = (self.pit(from), self.pit(store));
        self.steps.push(Step::Capture { from, seeds, store });
    }
    fn hand(&mut self, side: Side) {
        self.steps.push(Step::Hand { side });
    }
}

impl TurnLoop {
    /// The first move goes on: its lockstep is set up if need be, and the computer
    /// searches for every hand of its own that must choose (only while the game is on
    /// screen and the hands are not sowing).
    pub(super) fn first_move_goes_on(&mut self) -> Effects {
        let Some(session) = &self.session else {
            return self.effects();
        };
        if self.first_move.is_none() {
            let Some(lockstep) = Lockstep::new(session.position()) else {
                return self.effects();
            };
            self.first_move = Some(FirstMove::new(lockstep));
        }
        let Some(first) = self.first_move.as_mut() else {
            return self.effects();
        };
        if !self.on_screen || first.playback.is_some() {
            return self.effects();
        }
        let computers: Vec<(Side, _)> = first
            .undecided()
            .filter_map(|side| Some((side, session.computer_level(side)?)))
            .collect();
        for (side, level) in computers {
            if first.jobs[side.index()].is_some() {
                continue;
            }
            // The lockstep before any choice of this moment is applied: whatever the
            // person taps, the computer cannot see it.
            let lockstep = first.lockstep.clone();
            let brain = Arc::clone(&self.brain);
            first.jobs[side.index()] = Some(BackgroundJob::start(move |cancel| {
                brain.choose_in_opening(&lockstep, side, level, cancel)
            }));
        }
        self.effects()
    }

    /// A tap during the first move: a house of the person whose choice the board waits
    /// for; during the sowing, any tap shows the rest of it at once.
    pub(super) fn first_move_tap(&mut self, side: Side, house: i32) -> Effects {
        if self.first_move.is_none() {
            // A game shown some other way than begun or resumed: its first move starts.
            let _ = self.first_move_goes_on();
        }
        let (Some(session), Some(first)) = (&self.session, &mut self.first_move) else {
            return self.effects();
        };
        if first.playback.is_some() {
            return self.first_move_skip();
        }
        let Some(awaited) = first.undecided().find(|&s| !session.is_computer(s)) else {
            // Only the computer chooses now (or a watched game).
            if !session.is_watched() {
                self.banner = Banner::NotYourTurn(side);
            }
            return self.effects();
        };
        if side != awaited {
            self.banner = Banner::OthersHouse(side);
            return self.effects();
        }
        let choices = first.lockstep.choices(side);
        let Some(house) = u8::try_from(house)
            .ok()
            .and_then(House::new)
            .filter(|&h| choices.contains(h))
        else {
            self.banner = Banner::EmptyHouse(side);
            return self.effects();
        };
        first.chosen[side.index()] = Some(house);
        let others_wait = first.undecided().any(|s| !session.is_computer(s));
        self.banner = if others_wait {
            // Between two people: South's choice is made, and not shown.
            Banner::Chosen(side)
        } else {
            Banner::Quiet
        };
        self.hands_sow_if_all_chose()
    }

    /// The timer's part in the first move: the sowing shown, or the computer's choices
    /// looked for. `None` when not in the first move.
    pub(super) fn first_move_tick(&mut self) -> Option<Effects> {
        let may_take = self.may_take_answer();
        let step = self.step;
        let first = self.first_move.as_mut()?;
        if let Some(playback) = first.playback.as_mut() {
            let pace = playback.pace(step);
            let per_tick = playback.tick(pace);
            self.motion += 1;
            let mut drops = 0;
            for _ in 0..per_tick {
                match playback.advance() {
                    Some(Shown::Drop) => drops += 1,
                    Some(_) => {}
                    None => break,
                }
            }
            let done = playback.is_done();
            if drops > 0 {
                // Both hands sow at once: one click a tick for the two.
                self.tell(Feedback::Drop { store: false, pace });
            }
            if done {
                return Some(self.hands_stopped_sowing());
            }
            return Some(self.effects());
        }
        if !may_take {
            return Some(self.effects());
        }
        let mut failed = 0;
        for side in Side::BOTH {
            let Some(job) = &first.jobs[side.index()] else {
                continue;
            };
            let answer = match job.poll() {
                Poll::Thinking => continue,
                Poll::Done(house) => house,
                Poll::Failed => {
                    failed += 1;
                    None
                }
            };
            first.jobs[side.index()] = None;
            let choices = first.lockstep.choices(side);
            // A search that failed or answered a house it may not choose is a bug; the
            // game goes on with the first house it may choose.
            let house = answer.filter(|&h| choices.contains(h));
            if answer.is_some() && house.is_none() {
                failed += 1;
            }
            first.chosen[side.index()] = house.or(choices.first());
        }
        if failed > 0 {
            self.search_failures += failed;
            eprintln!(
                "mancala: a search for the first move failed (a bug); choosing the first house"
            );
        }
        Some(self.hands_sow_if_all_chose())
    }

    /// Once every hand that must choose has chosen, the choices are applied together and
    /// the hands sow to the next choice or their end.
    fn hands_sow_if_all_chose(&mut self) -> Effects {
        let Some(first) = self.first_move.as_mut() else {
            return self.effects();
        };
        if first.undecided().next().is_some() {
            return self.effects();
        }
        let board: Position = *first.lockstep.board();
        let mut steps = Steps {
            houses: board.rules().houses(),
            steps: Vec::new(),
        };
        for side in Side::BOTH {
            if let Some(house) = first.chosen[side.index()].take() {
                // Chosen from its choices, on this very lockstep: cannot be refused.
                let _ = first.lockstep.choose_observed(side, house, &mut steps);
            }
        }
        first.lockstep.run_observed(&mut steps);
        first.sown = true;
        let playback = Playback::new(&board, steps.steps);
        if self.step.is_zero() || !self.on_screen {
            return self.hands_stopped_sowing();
        }
        first.playback = Some(playback);
        self.motion += 1;
        self.banner = Banner::Quiet;
        self.effects()
    }

    /// A tap while the hands sow: the rest of this sowing at once.
    pub(super) fn first_move_skip(&mut self) -> Effects {
        match self.first_move.as_ref().map(|f| f.playback.is_some()) {
            Some(true) => self.hands_stopped_sowing(),
            _ => self.effects(),
        }
    }

    /// The hands have sown to a choice or to their end: a hand must choose again (the
    /// computer's is searched now, a person is asked), or the first move is over and is
    /// recorded.
    fn hands_stopped_sowing(&mut self) -> Effects {
        let Some(first) = self.first_move.as_mut() else {
            return self.effects();
        };
        first.playback = None;
        if !first.lockstep.is_done() {
            return self.first_move_goes_on();
        }
        let opening = first.lockstep.opening().clone();
        self.first_move = None;
        let Some(session) = self.session.as_mut() else {
            return self.effects();
        };
        let report = match session.play_opening(&opening) {
            Ok(report) => report,
            Err(why) => {
                // The lockstep played by the engine's own rules: a bug, said and survived.
                eprintln!("mancala: the first move {opening} was refused: {why:?}");
                return self.effects();
            }
        };
        if session.is_watched() {
            self.watched_move_played();
        }
        self.banner = match report.new_round {
            Some(round) => Banner::NewRound {
                round,
                burnt: self.burnt_now(),
            },
            None => Banner::FirstMoveDone {
                stopped_first: report.stopped_first,
            },
        };
        let mut effects = if self.session.as_ref().is_some_and(|s| s.is_over()) {
            self.game_finished()
        } else {
            self.computer_moves_if_its_turn()
        };
        effects.save_game = true;
        self.count_if_over(&mut effects);
        effects
    }

    /// The houses burnt in the game's position now.
    pub(super) fn burnt_now(&self) -> [MoveSet; 2] {
        self.session.as_ref().map_or([MoveSet::EMPTY; 2], |s| {
            Side::BOTH.map(|side| s.position().burnt(side))
        })
    }

    /// What the board shows of the first move, and the houses a person may tap in it.
    pub(super) fn first_move_view(&self) -> Option<(FirstMoveView, MoveSet)> {
        let session = self.session.as_ref()?;
        let first = self.first_move.as_ref()?;
        let sowing = first.playback.is_some();
        let choosing = if sowing {
            None
        } else {
            first.undecided().find(|&s| !session.is_computer(s))
        };
        let playable = choosing.map_or(MoveSet::EMPTY, |side| first.lockstep.choices(side));
        let again = first.sown && choosing.is_some();
        let other_chosen = choosing.is_some_and(|side| {
            first.chosen[side.opponent().index()].is_some() && !session.is_computer(side.opponent())
        });
        Some((
            FirstMoveView {
                choosing,
                again,
                other_chosen,
                sowing,
            },
            playable,
        ))
    }

    /// Seeds held by the hands waiting while the other chooses (not on any pit).
    pub(super) fn first_move_in_hand(&self) -> u32 {
        self.first_move.as_ref().map_or(0, |first| {
            Side::BOTH
                .into_iter()
                .map(|side| match first.lockstep.hand(side) {
                    Hand::Sowing { seeds, .. } => u32::from(seeds),
                    _ => 0,
                })
                .sum()
        })
    }
}
