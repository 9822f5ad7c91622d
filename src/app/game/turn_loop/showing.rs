//! A move as the player sees it: played, then sown seed by seed (several seeds a tick
//! when the animation runs fast), then told in the banner; skipped at a tap, and for a
//! computer's turn, its further moves too.

use super::accent::Accent;
use super::{Effects, TurnLoop};
use crate::app::feedback::Feedback;
use crate::app::game::banner::Banner;
use crate::app::game::playback::{Playback, Shown};
use crate::app::game::session::Session;
use crate::engine::{EndReason, Game, House, IllegalMove, MoveReport, Pit, Side, Step};

/// A move being animated, with what to announce when it has been shown (its report;
/// the playback holds a copy of its steps).
pub(super) struct Animation {
    pub(super) playback: Playback,
    pub(super) report: MoveReport,
}

impl TurnLoop {
    /// A tap on the board outside the houses: skips a running animation.
    pub fn skip(&mut self) -> Effects {
        if self
            .first_move
            .as_ref()
            .is_some_and(|f| f.playback.is_some())
        {
            return self.first_move_skip();
        }
        self.player_skips()
    }

    /// The timer's part for a move being animated: shows the next steps (several a
    /// tick when the animation runs fast); `None` when no move is being animated.
    pub(super) fn advance_animation(&mut self) -> Option<Effects> {
        let animation = self.animation.as_mut()?;
        // The tick came after the pace the last one asked for (`tick_interval`).
        let pace = animation.playback.pace(self.step);
        let per_tick = animation.playback.tick(pace);
        self.turn.spend(pace);
        self.motion += 1;
        let (mut drops, mut into_store, mut landed) = (0, false, false);
        for _ in 0..per_tick {
            match animation.playback.advance() {
                Some(Shown::PickUp) if animation.playback.relays() > 0 => {
                    self.banner = Banner::Relay(animation.report.mover);
                }
                Some(Shown::Drop) => {
                    drops += 1;
                    into_store |= matches!(
                        animation.playback.shown().last(),
                        Some(Step::Drop { pit: Pit::Store(_) })
                    );
                }
                Some(Shown::Landed) => landed = true,
                Some(_) => {}
                None => break,
            }
        }
        // One sound a tick, however many seeds it showed falling at once.
        if drops > 0 {
            self.tell(Feedback::Drop {
                store: into_store,
                pace,
            });
        }
        if landed {
            self.tell(Feedback::StoreFilled);
        }
        if let Some(animation) = &self.animation {
            if animation.playback.is_done() {
                return Some(self.skip_animation());
            }
        }
        Some(self.effects())
    }

    /// Plays `house` for the side to move and animates it (or shows it at once when
    /// animation is off or the game screen is not showing). The game is saved, and
    /// counted if it ended, at once.
    pub(super) fn play(&mut self, house: House) -> Result<Effects, IllegalMove> {
        let session = self.session.as_mut().ok_or(IllegalMove::GameOver)?;
        let before = *session.position();
        let person = !session.is_computer(before.side_to_move());
        // The coach values the position before the move (its history matters in Oware).
        let before_game: Option<Game> = (self.coach_on && person).then(|| session.game().clone());
        let watched = session.is_watched();
        let report = session.play(house)?;
        if person {
            self.coach_move(before_game, house);
            self.guide_acted();
        }
        if watched {
            self.watched_move_played();
        }
        self.hint = None;
        self.story.record(&report);
        let earlier = self.turn.move_started(report.mover, &report.steps);
        let skipped = self.turn.skipping(report.mover);
        // The report keeps its steps too: the guided game's tips read where seeds fell.
        let playback = Playback::new(&before, report.steps.clone())
            .after_sowings(earlier)
            .within(self.turn.budget(report.extra_turn));
        // A move left no time by its turn's budget is shown at once, as a skipped one.
        let no_time = !playback.fits(playback.pace(self.step));
        let mut effects = if self.step.is_zero() || !self.on_screen || skipped || no_time {
            self.move_shown(&report)
        } else {
            self.motion += 1;
            self.animation = Some(Animation { playback, report });
            self.banner = Banner::Quiet;
            self.effects()
        };
        effects.save_game = true;
        // Counted now, with the save: the app may be closed during the animation.
        self.count_if_over(&mut effects);
        Ok(effects)
    }

    /// After a move has been shown: say what it did (from the engine's report), finish
    /// the game if it ended, and let the computer answer.
    pub(super) fn move_shown(&mut self, report: &MoveReport) -> Effects {
        self.animation = None;
        let Some(session) = &self.session else {
            return self.effects();
        };
        // No flash when the player turned animation off.
        if !self.step.is_zero() {
            self.accents += 1;
            self.accent = Accent::of(report, session.rules().houses(), self.accents);
        }
        let mover = report.mover;
        let turn_over = !session.is_over() && session.to_move() != Some(mover);
        self.banner = if let Some(round) = report.new_round {
            // A new round matters more than how the last one ended.
            Banner::NewRound {
                round,
                burnt: Side::BOTH.map(|side| session.position().burnt(side)),
            }
        } else if turn_over && session.is_computer(mover) {
            // The computer's whole turn in one line, every move of it, seen or skipped.
            Banner::Turn {
                side: mover,
                must_feed: session.position().must_feed(),
            }
        } else if report.end == Some(EndReason::Repetition) {
            Banner::Repetition(mover)
        } else if report.captured() > 0 {
            Banner::Capture {
                side: mover,
                seeds: report.captured(),
            }
        } else if report.grand_slam_spared {
            Banner::GrandSlamSpared(mover)
        } else if report.swept() > 0 {
            Banner::Sweep(mover)
        } else if report.extra_turn {
            Banner::ExtraTurn(mover)
        } else if !session.is_over() && session.position().must_feed() {
            Banner::MustFeed(session.position().side_to_move())
        } else {
            Banner::Quiet
        };
        if report.captured() > 0 {
            self.tell(Feedback::Capture {
                seeds: report.captured(),
            });
        }
        self.guide_move_shown(report);
        if self.session.as_ref().is_some_and(Session::is_over) {
            return self.game_finished();
        }
        if report.extra_turn {
            self.tell(Feedback::ExtraTurn);
        }
        self.computer_moves_if_its_turn()
    }

    /// The player skipped the animation: of a computer's turn, all the rest of it (its
    /// further extra-turn moves are shown at once as they come), whether the tap came
    /// during one of its moves or while it searched the next.
    pub(super) fn player_skips(&mut self) -> Effects {
        if let Some(session) = &self.session {
            let mover = match &self.animation {
                Some(animation) => Some(animation.report.mover),
                // Between two moves of a turn: `skip_rest` ignores a side whose turn has
                // not begun, so a tap while the computer looks for its first move does
                // not hide that move.
                None => session.to_move(),
            };
            if let Some(mover) = mover.filter(|&side| session.is_computer(side)) {
                self.turn.skip_rest(mover);
            }
        }
        self.skip_animation()
    }

    pub(super) fn skip_animation(&mut self) -> Effects {
        match self.animation.take() {
            Some(mut animation) => {
                animation.playback.finish();
                self.move_shown(&animation.report)
            }
            None => self.effects(),
        }
    }
}
