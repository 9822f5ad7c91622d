//! Watching the computer play itself: a game whose two sides the computer plays, each at
//! its own level, shown move by move with the animation, and paused or stepped one move
//! at a time. The person's own game waits aside meanwhile (a watched game is never saved
//! over it, nor counted in the statistics) and comes back when they continue it.

use super::{Effects, TurnLoop};
use crate::app::game::session::Session;
use crate::engine::{Move, RecordErrorKind, Rules, Side};
use crate::players::Difficulty;

/// Whether a watched game goes on by itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Watch {
    /// Move after move, as the computer finds them.
    #[default]
    Running,
    /// No move is played. The next one may already be searched, so a step shows it at
    /// once, but it is not taken.
    Paused,
    /// Paused, with one move to play: the next, once its search answers.
    Stepping,
}

impl TurnLoop {
    /// Starts watching a game of `rules` with the computer at `south` on the bottom row
    /// and at `north` on the top row, `first` moving first. The person's game on the
    /// board, if any, waits aside until [`TurnLoop::end_watch`].
    pub fn watch(
        &mut self,
        rules: Rules,
        first: Side,
        south: Difficulty,
        north: Difficulty,
    ) -> Effects {
        self.put_own_game_aside_for(Session::watch(rules, first, south, north));
        self.computer_moves_if_its_turn()
    }

    /// Puts `other` (a watched game, the guided game) on the board, the person's own
    /// game (not one watched or guided before it) waiting aside.
    pub(super) fn put_own_game_aside_for(&mut self, other: Session) {
        self.stop_everything();
        if let Some(own) = self.session.take().filter(Session::is_own) {
            self.parked = Some((own, self.counted));
        }
        self.session = Some(other);
        self.guide = None;
        self.counted = false;
    }

    /// Plays a record as a watched game, at once and paused at its end (screenshots and
    /// tests). An illegal record is refused whole and the game on the board stays.
    pub fn watch_record(
        &mut self,
        rules: Rules,
        levels: [Difficulty; 2],
        moves: &[Move],
    ) -> Result<Effects, RecordErrorKind> {
        let [south, north] = levels;
        let mut watched = Session::watch(rules, Side::South, south, north);
        for mv in moves {
            watched.play_recorded(mv)?;
        }
        self.put_own_game_aside_for(watched);
        self.watch = Watch::Paused;
        Ok(self.computer_moves_if_its_turn())
    }

    /// Stops watching (or leaves the guided game) and puts the person's own game (the
    /// one that waited aside) back on the board; nothing changes when the game on the
    /// board is the person's own.
    pub fn end_watch(&mut self) -> Effects {
        if self.session().is_none_or(Session::is_own) {
            return self.effects();
        }
        self.stop_everything();
        self.guide = None;
        let (own, counted) = match self.parked.take() {
            Some((own, counted)) => (Some(own), counted),
            None => (None, false),
        };
        self.session = own;
        self.counted = counted;
        self.computer_moves_if_its_turn()
    }

    /// The person's own game: the one on the board, or while a game is watched the one
    /// waiting aside. This is the game Continue offers and a new game replaces.
    pub fn own_game(&self) -> Option<&Session> {
        match &self.session {
            Some(s) if !s.is_own() => self.parked.as_ref().map(|(own, _)| own),
            other => other.as_ref(),
        }
    }

    /// Pauses a watched game after the move being shown.
    pub fn pause(&mut self) -> Effects {
        if self.watching() {
            self.watch = Watch::Paused;
        }
        self.effects()
    }

    /// Lets a paused game go on by itself.
    pub fn play_on(&mut self) -> Effects {
        if self.watching() {
            self.watch = Watch::Running;
        }
        self.computer_moves_if_its_turn()
    }

    /// Paused: shows the next move (the rest of the one being shown, if any, first).
    pub fn step(&mut self) -> Effects {
        if !self.watching() || self.watch == Watch::Running {
            return self.effects();
        }
        if self.animation.is_some() {
            return self.skip_animation();
        }
        if self
            .first_move
            .as_ref()
            .is_some_and(|f| f.playback.is_some())
        {
            return self.first_move_skip();
        }
        self.watch = Watch::Stepping;
        // Its answer may be waiting already: take it at once.
        let effects = self.computer_moves_if_its_turn();
        if self.pending.is_some() {
            return self.poll_answer();
        }
        effects
    }

    /// A game is being watched and is not over.
    fn watching(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.is_watched() && !s.is_over())
    }

    /// The computer's answer may be taken now: always, except in a paused watched game
    /// with no step asked for.
    pub(super) fn may_take_answer(&self) -> bool {
        self.watch != Watch::Paused
    }

    /// A move of a watched game was played: a step is used up.
    pub(super) fn watched_move_played(&mut self) {
        if self.watch == Watch::Stepping {
            self.watch = Watch::Paused;
        }
    }

    /// The watched game is paused (stepping counts as paused: it stops after its move).
    pub(super) fn is_paused(&self) -> bool {
        self.watching() && self.watch != Watch::Running
    }
}
