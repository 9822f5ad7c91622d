//! The turn loop: one game as the player lives it. It owns the game session, the sowing
//! animation, the computer's pending answer, the hint and the banner. Every action (a
//! tap, a timer tick, undo, redo, hint, resign, a new game, a resumed one) returns the
//! [`Effects`] the caller must carry out: save the game, count a finished game, run the
//! timer. A game can also be watched, the computer playing both sides (`watching`). It
//! imports no Slint and no store, so every flow of the game screen is tested
//! here without a window; the controller wires it to the UI and the files.

mod accent;
mod coach;
#[cfg(test)]
mod coach_tests;
mod effects;
mod ending;
#[cfg(test)]
mod feedback_tests;
mod first_move;
#[cfg(test)]
mod first_move_tests;
mod game_over;
mod guide;
mod move_log;
mod showing;
mod story;
#[cfg(test)]
mod tests;
mod thinking;
mod view;
mod watching;
#[cfg(test)]
mod watching_tests;

pub use accent::{Accent, AccentKind};
pub use coach::{CoachNote, COACH_THRESHOLD};
pub use effects::{Effects, FinishedGame};
pub use ending::Ending;
pub use first_move::FirstMoveView;
pub use guide::{guided_rules, Guide, Tip, TipKind, GUIDED_OPPONENT, GUIDED_SEEDS};
pub use move_log::{LogEntry, MoveLog};
pub use story::{MoveFacts, Told, TurnStory};
pub use thinking::{POLL_INTERVAL, PREPARING_INTERVAL};
pub use view::GameView;

use crate::app::computer::brain::Brain;
use crate::app::feedback::{Feedback, FeedbackSink};
use crate::app::game::banner::Banner;
use crate::app::game::playback::TurnPace;
use crate::app::game::session::Session;
use crate::engine::{House, IllegalMove, Move, RecordErrorKind, Rules, Side};
use crate::players::Opponent;
use coach::CoachJob;
use first_move::FirstMove;
use showing::Animation;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use thinking::Pending;
use watching::Watch;

/// One game on the game screen; see the module documentation.
pub struct TurnLoop {
    brain: Arc<dyn Brain>,
    session: Option<Session>,
    /// While a game is watched: the person's own game, waiting aside, and whether it
    /// was counted.
    parked: Option<(Session, bool)>,
    /// Whether a watched game goes on by itself, is paused, or steps one move.
    watch: Watch,
    /// The finished game was counted in the statistics (once, even if undone and
    /// finished again).
    counted: bool,
    animation: Option<Animation>,
    /// Congkak's simultaneous first move, while the game waits for it.
    first_move: Option<FirstMove>,
    /// The turn being shown: its pace, and whether the player skipped the rest of it.
    turn: TurnPace,
    /// What the moves of the turn being shown (or last shown) did, for the status line.
    story: TurnStory,
    /// The move log: a line per turn, read off the game's record (kept in step when the
    /// view is asked for, hence the cell).
    log: RefCell<MoveLog>,
    pending: Option<Pending>,
    hint: Option<House>,
    /// Coach mode is on (the player's setting).
    coach_on: bool,
    /// The coach's look at the person's last move, on a thread of its own beside the
    /// computer's `pending` search; and what it said, until the person moves on.
    coach: Option<CoachJob>,
    coach_note: Option<CoachNote>,
    /// The guided first game's tips (none in any other game).
    guide: Option<Guide>,
    banner: Banner,
    panel_hidden: bool,
    /// The game screen is showing: moves animate and the computer may think.
    on_screen: bool,
    /// Time per animation step; zero shows moves at once.
    step: Duration,
    /// Counts the animation's steps shown, so a view can tell new seeds in the air from
    /// the ones it is already flying.
    motion: u64,
    /// The flash after the last move shown, and the count of flashes so far.
    accent: Option<Accent>,
    accents: u64,
    /// Searches that panicked or answered an illegal move (a bug: logged, and the first
    /// legal move played instead).
    search_failures: u32,
    /// Told of seeds dropping, captures, extra turns and endings (sound and touch).
    feedback: Rc<dyn FeedbackSink>,
}

impl TurnLoop {
    /// No game yet; `brain` is the computer player.
    pub fn new(brain: Arc<dyn Brain>) -> TurnLoop {
        TurnLoop {
            brain,
            session: None,
            parked: None,
            watch: Watch::Running,
            counted: false,
            animation: None,
            first_move: None,
            turn: TurnPace::default(),
            story: TurnStory::default(),
            log: RefCell::new(MoveLog::default()),
            pending: None,
            hint: None,
            coach_on: false,
            coach: None,
            coach_note: None,
            guide: None,
            banner: Banner::Quiet,
            panel_hidden: false,
            on_screen: false,
            step: Duration::ZERO,
            motion: 0,
            accent: None,
            accents: 0,
            search_failures: 0,
            feedback: Rc::new(()),
        }
    }

    /// Where to tell what happens on the board, for sound and touch.
    pub fn set_feedback(&mut self, feedback: Rc<dyn FeedbackSink>) {
        self.feedback = feedback;
    }

    /// Tells the feedback sink of `event`, while the game screen shows.
    fn tell(&self, event: Feedback) {
        if self.on_screen {
            self.feedback.feedback(event);
        }
    }

    /// The game on the board, if any.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// True while the computer (or a hint, or the coach) is searching or a move is being
    /// animated: the game will change by itself. A paused watched game is not busy: its
    /// next move, searched or not, waits for Play or Step.
    pub fn is_busy(&self) -> bool {
        (self.pending.is_some() && self.may_take_answer())
            || self.animation.is_some()
            || self.coach.is_some()
            || self.first_move.as_ref().is_some_and(|first| {
                first.playback.is_some() || (first.searching() && self.may_take_answer())
            })
    }

    /// How many searches failed (panicked, or answered an illegal move) so far. The
    /// player got the first legal move instead; tests require none.
    pub fn search_failures(&self) -> u32 {
        self.search_failures
    }

    /// Sets the time per animation step (the player's animation speed).
    pub fn set_step(&mut self, step: Duration) {
        self.step = step;
    }

    /// Takes up a saved game where it was left; a finished game is not resumed.
    pub fn resume(&mut self, session: Session) -> Effects {
        self.stop_everything();
        self.parked = None;
        self.guide = None;
        self.counted = session.is_over();
        let in_opening = session.in_opening();
        self.session = Some(session);
        if in_opening {
            // Saved before the first move: both players choose it afresh.
            return self.first_move_goes_on();
        }
        self.effects()
    }

    /// Starts a new game; the computer moves at once if it starts and the screen shows.
    pub fn begin(&mut self, rules: Rules, opponent: Opponent, first: Side) -> Effects {
        self.stop_everything();
        // A new game of the person's own replaces the one that waited aside.
        self.parked = None;
        self.guide = None;
        self.session = Some(Session::new(rules, first, opponent));
        self.counted = false;
        let mut effects = self.computer_moves_if_its_turn();
        effects.save_game = true;
        effects
    }

    /// The same game again: the rules and opponent of the game just played (of a game
    /// watched, the same levels again).
    pub fn rematch(&mut self, first: Side) -> Effects {
        let Some(s) = &self.session else {
            return self.effects();
        };
        match s.watched_levels() {
            Some([south, north]) => self.watch(s.rules(), first, south, north),
            // The guided game again, tips and all, the person's own game still aside.
            None if s.is_guided() => self.begin_guided(),
            None => self.begin(s.rules(), s.opponent(), first),
        }
    }

    /// Plays a record of moves without animation (screenshots and tests). An illegal
    /// record is refused whole and the game on the board stays. A replayed record is
    /// not a game the person played, so it is never counted.
    pub fn load_record(
        &mut self,
        rules: Rules,
        opponent: Opponent,
        moves: &[Move],
    ) -> Result<Effects, RecordErrorKind> {
        let mut session = Session::new(rules, Side::South, opponent);
        for mv in moves {
            session.play_recorded(mv)?;
        }
        self.stop_everything();
        self.parked = None;
        self.guide = None;
        self.session = Some(session);
        self.counted = true;
        let mut effects = self.computer_moves_if_its_turn();
        effects.save_game = true;
        Ok(effects)
    }

    /// The game screen opens (`true`) or closes. Closing stops the computer and settles
    /// any animation; opening lets the computer move if it is its turn.
    pub fn set_on_screen(&mut self, on_screen: bool) -> Effects {
        if on_screen == self.on_screen {
            return self.effects();
        }
        self.on_screen = on_screen;
        if on_screen {
            return self.computer_moves_if_its_turn();
        }
        self.pending = None;
        // A note already given stays; a look not finished is dropped with the screen.
        self.coach = None;
        if let Some(first) = &mut self.first_move {
            first.stop_searching();
        }
        let effects = self.first_move_skip();
        if self.first_move.is_some() {
            return effects;
        }
        self.skip_animation()
    }

    /// A tap on house `house` of `side`'s row. During an animation any tap skips it.
    pub fn tap(&mut self, side: Side, house: i32) -> Effects {
        if self.animation.is_some() {
            return self.player_skips();
        }
        let Some(session) = &self.session else {
            return self.effects();
        };
        if session.is_over() {
            return self.effects();
        }
        if session.in_opening() {
            return self.first_move_tap(side, house);
        }
        if session.is_watched() {
            // Nobody plays a watched game: a tap only skips, as on the board.
            return self.player_skips();
        }
        if !session.human_to_move() {
            // Mid-turn, the computer searching its next move: skip the rest of its turn.
            let effects = self.player_skips();
            self.banner = Banner::NotYourTurn(side);
            return effects;
        }
        let mover = session.position().side_to_move();
        if side != mover {
            // The other row on the mover's own turn: say whose house it is, not that it
            // is someone else's turn, which the status line above would contradict.
            self.banner = Banner::OthersHouse(side);
            return self.effects();
        }
        let house = u32::try_from(house)
            .map_err(|_| IllegalMove::NotAHouse {
                house: 0,
                houses: session.rules().houses(),
            })
            .and_then(|number| session.rules().house(number));
        match house.and_then(|house| self.play(house)) {
            Ok(effects) => effects,
            Err(why) => {
                self.banner = match why {
                    // A burnt house holds nothing for the round: as empty as can be.
                    IllegalMove::EmptyHouse { .. } | IllegalMove::BurntHouse { .. } => {
                        Banner::EmptyHouse(mover)
                    }
                    IllegalMove::MustFeed { .. } => Banner::DoesNotFeed(mover),
                    IllegalMove::GrandSlam { .. } => Banner::GrandSlamForbidden(mover),
                    IllegalMove::NotAHouse { .. }
                    | IllegalMove::GameOver
                    | IllegalMove::OpeningPending
                    | IllegalMove::NotYourTurn => Banner::Quiet,
                };
                self.effects()
            }
        }
    }

    /// The timer: shows the next animation steps, or looks for the computer's answer;
    /// and looks for the coach's, which may come while either goes on.
    pub fn tick(&mut self) -> Effects {
        self.poll_coach();
        if let Some(effects) = self.advance_animation() {
            return effects;
        }
        if let Some(effects) = self.first_move_tick() {
            return effects;
        }
        if !self.may_take_answer() {
            return self.effects();
        }
        self.poll_answer()
    }

    /// Takes back a move (against the computer, back to the person's own last move).
    pub fn undo(&mut self) -> Effects {
        self.change_history(Session::undo)
    }

    /// Replays what undo took back.
    pub fn redo(&mut self) -> Effects {
        self.change_history(Session::redo)
    }

    // ---- inside the loop -------------------------------------------------------------

    /// The effects of a step that changed nothing but what is shown: just the timer.
    fn effects(&self) -> Effects {
        Effects {
            tick: self.tick_interval(),
            ..Effects::default()
        }
    }

    fn tick_interval(&self) -> Option<Duration> {
        if let Some(animation) = &self.animation {
            Some(animation.playback.pace(self.step))
        } else if let Some(playback) = self.first_move.as_ref().and_then(|f| f.playback.as_ref()) {
            Some(playback.pace(self.step))
        } else if self
            .first_move
            .as_ref()
            .is_some_and(|f| f.searching() && self.may_take_answer())
        {
            Some(POLL_INTERVAL)
        } else if (self.pending.is_some() && self.may_take_answer()) || self.coach.is_some() {
            // A paused watched game leaves its answer waiting, unpolled.
            Some(POLL_INTERVAL)
        } else if self.on_screen && self.preparing().is_some() {
            // The tables' bar moves while they are built, even when nothing else does.
            Some(PREPARING_INTERVAL)
        } else {
            None
        }
    }

    /// Cancels the search and settles the animation without announcing anything.
    fn stop_everything(&mut self) {
        self.pending = None;
        self.forget_coach();
        self.animation = None;
        self.first_move = None;
        self.watch = Watch::Running;
        self.accent = None;
        self.turn = TurnPace::default();
        self.story.clear();
        self.hint = None;
        self.banner = Banner::Quiet;
        self.panel_hidden = false;
    }

    fn first_legal_move(&self) -> Option<House> {
        self.session
            .as_ref()
            .and_then(|s| s.position().legal_moves().first())
    }

    /// Undo and redo: stop the computer, settle the animation, move through the history.
    fn change_history(&mut self, step: fn(&mut Session) -> bool) -> Effects {
        self.pending = None;
        self.turn = TurnPace::default();
        self.story.clear();
        if let Some(mut animation) = self.animation.take() {
            animation.playback.finish();
        }
        let Some(session) = &mut self.session else {
            return self.effects();
        };
        let changed = step(session);
        if changed {
            // Undone back to the first move, it starts afresh: no choice of before is kept.
            self.first_move = None;
            self.forget_coach();
            self.accent = None;
            self.hint = None;
            self.banner = Banner::Quiet;
            self.panel_hidden = false;
            if let Some(guide) = &mut self.guide {
                // Moves taken back or replayed: what the tips said is past.
                guide.acted();
            }
            self.guide_persons_turn();
        }
        let mut effects = self.computer_moves_if_its_turn();
        effects.save_game = changed;
        effects
    }
}
