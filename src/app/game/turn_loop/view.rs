//! The game screen as plain data, read off the turn loop.

use super::accent::Accent;
use super::coach::CoachNote;
use crate::app::game::banner::Banner;
use crate::app::game::board_view::{board_view, BoardFacts, BoardView};
use crate::app::game::last_move::LastMove;
use crate::app::game::playback::Flight;

use super::ending::Ending;
use super::first_move::FirstMoveView;
use super::guide::{Guide, Tip};
use super::move_log::LogEntry;
use super::story::Told;
use super::thinking::Job;
use super::TurnLoop;
use crate::app::game::rounds::{match_score, MatchScore};
use crate::engine::{MoveSet, Rules, Side};
use crate::players::{Difficulty, Opponent};

/// Everything the game screen shows, as plain data.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    pub rules: Rules,
    pub opponent: Opponent,
    /// A game the person watches: the computer's levels at the bottom and top rows.
    pub watched: Option<[Difficulty; 2]>,
    /// The watched game is paused (or stepping one move): Step shows its next move.
    pub paused: bool,
    pub board: BoardView,
    /// The player whose turn it is (during an animation, the player who moved; in the
    /// simultaneous first move, the person whose choice the board waits for).
    pub to_move: Side,
    /// Congkak's simultaneous first move, while the game waits for it.
    pub first_move: Option<FirstMoveView>,
    /// Congkak with rounds: the round and the rounds each player has won.
    pub score: Option<MatchScore>,
    /// The computer is searching for its move.
    pub thinking: bool,
    /// A hint is being searched for.
    pub hinting: bool,
    pub animating: bool,
    /// Seeds still in the sowing hand while the animation runs.
    pub in_hand: u32,
    /// While a move is animated: its relays so far and the seeds it has sown.
    pub relays: u32,
    pub sown: u32,
    /// Seeds in the air until the next step, and how long that step lasts.
    pub flights: Vec<Flight>,
    pub flight_time: std::time::Duration,
    /// Changes with every animation step shown (see [`TurnLoop`]'s `motion`).
    pub motion: u64,
    /// The flash after the last move.
    pub accent: Option<Accent>,
    /// The game is over and its last move has been shown.
    pub over: bool,
    /// The winner once over; `None` is a draw.
    pub winner: Option<Side>,
    /// The side that gave up, if the game ended that way.
    pub resigned: Option<Side>,
    /// Why the game ended and what became of the seeds left, once `over`.
    pub ending: Option<Ending>,
    pub banner: Banner,
    /// The moves of the last turn the banner tells ([`Banner::Turn`]).
    pub told: Told,
    /// The coach's word on the person's last move (it gave up seeds), until they move on.
    pub coach: Option<CoachNote>,
    /// The guided first game (tips on or skipped), and the tip showing (its house, if it
    /// has one, is lit on the board with the hint's mark).
    pub guided: bool,
    pub tip: Option<Tip>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub can_hint: bool,
    /// The game-over panel is put aside to look at the final board.
    pub panel_hidden: bool,
    /// How far the expert's endgame tables for these rules have been built (0.0 to
    /// 1.0), while they are built in the background for an expert in this game.
    pub preparing: Option<f32>,
    /// The move log, oldest line first (the moves shown so far), and its serial: it
    /// changes with the lines.
    pub log: Vec<LogEntry>,
    pub log_serial: u64,
}

impl TurnLoop {
    /// The share of the expert's endgame tables built so far, while an expert plays in
    /// this game and they are being built (the brain builds them for no other level;
    /// a build an earlier game's expert started is not this game's business).
    pub(super) fn preparing(&self) -> Option<f32> {
        let session = self.session.as_ref()?;
        let expert_plays = Side::BOTH
            .into_iter()
            .any(|side| session.computer_level(side) == Some(Difficulty::Expert));
        if expert_plays {
            self.brain.preparing(session.rules())
        } else {
            None
        }
    }

    /// The sowing being shown: a move's, or both hands' in the first move.
    fn shown_playback(&self) -> Option<&crate::app::game::playback::Playback> {
        match &self.animation {
            Some(a) => Some(&a.playback),
            None => self.first_move.as_ref()?.playback.as_ref(),
        }
    }

    /// What the game screen shows now; `None` before the first game.
    pub fn view(&self) -> Option<GameView> {
        let session = self.session.as_ref()?;
        let pos = session.position();
        let rules = pos.rules();
        let idle = self.animation.is_none();
        let first_move = self.first_move_view();
        let playable = match first_move {
            Some((_, playable)) => playable,
            None if session.human_to_move() && idle && !session.in_opening() => pos.legal_moves(),
            None => MoveSet::EMPTY,
        };
        let hands = self
            .first_move
            .as_ref()
            .map(|f| (f.playback.as_ref(), &f.lockstep));
        let burnt_now = Side::BOTH.map(|side| pos.burnt(side));
        let (pits, active, in_hand, burnt) = match (&self.animation, hands) {
            (Some(a), _) => (
                a.playback.pits(),
                a.playback.actives(),
                a.playback.in_hand(),
                a.playback.burnt(),
            ),
            (None, Some((Some(playback), _))) => (
                playback.pits(),
                playback.actives(),
                playback.in_hand(),
                playback.burnt(),
            ),
            // Between sowings a hand waiting for the other's choice holds its seeds.
            (None, Some((None, lockstep))) => (
                lockstep.board().pits(),
                [None; 2],
                self.first_move_in_hand(),
                burnt_now,
            ),
            (None, None) => (pos.pits(), [None; 2], 0, burnt_now),
        };
        let sowing_hands = hands.is_some_and(|(playback, _)| playback.is_some());
        // During an animation the marks grow with the steps shown.
        let last_move = match &self.animation {
            Some(a) => Some(LastMove::from_steps(
                a.report.mover,
                a.report.house,
                rules.houses(),
                a.playback.shown(),
            )),
            None => session.last_move(),
        };
        let board = board_view(&BoardFacts {
            houses: rules.houses(),
            pits,
            active,
            playable,
            mover: first_move
                .and_then(|(view, _)| view.choosing)
                .unwrap_or(pos.side_to_move()),
            last_move: last_move.as_ref(),
            // The guided game's "tap here" is the hint's mark, and its words say so.
            hint: self.hint.or(self.guide.as_ref().and_then(Guide::lit)),
            burnt,
        });
        // A move being sown is told once it has landed.
        let shown = session.game().moves().len() - usize::from(self.animation.is_some());
        let mut log = self.log.borrow_mut();
        log.sync(session.game(), shown);
        Some(GameView {
            rules,
            opponent: session.opponent(),
            watched: session.watched_levels(),
            paused: self.is_paused(),
            board,
            to_move: match (&self.animation, first_move) {
                (Some(a), _) => a.report.mover,
                (
                    None,
                    Some((
                        FirstMoveView {
                            choosing: Some(side),
                            ..
                        },
                        _,
                    )),
                ) => side,
                _ => pos.side_to_move(),
            },
            first_move: first_move.map(|(view, _)| view),
            score: match_score(session.game()),
            thinking: self.pending.as_ref().is_some_and(|p| p.job == Job::Move)
                || self.first_move.as_ref().is_some_and(|f| f.searching()),
            hinting: self.pending.as_ref().is_some_and(|p| p.job == Job::Hint),
            animating: !idle || sowing_hands,
            in_hand,
            relays: self.animation.as_ref().map_or(0, |a| a.playback.relays()),
            sown: self.animation.as_ref().map_or(0, |a| a.playback.sown()),
            flights: self
                .shown_playback()
                .map_or_else(Vec::new, |p| p.flights().to_vec()),
            flight_time: self
                .shown_playback()
                .map_or(std::time::Duration::ZERO, |p| p.pace(self.step)),
            motion: self.motion,
            accent: self.accent,
            over: session.is_over() && idle,
            winner: session.winner().flatten(),
            resigned: session.resigned(),
            // Read only once the last move has been shown: the panel explains the board.
            ending: if idle {
                Ending::of(session.game())
            } else {
                None
            },
            banner: self.banner,
            told: match self.banner {
                Banner::Turn { .. } => self.story.told(),
                _ => Told::default(),
            },
            coach: self.coach_note,
            guided: session.is_guided(),
            tip: self.tip(),
            can_undo: session.can_undo(),
            can_redo: session.can_redo(),
            can_hint: session.human_to_move()
                && !session.in_opening()
                && self.pending.is_none()
                && idle,
            panel_hidden: self.panel_hidden,
            preparing: self.preparing(),
            log: log.entries().to_vec(),
            log_serial: log.serial(),
        })
    }
}
