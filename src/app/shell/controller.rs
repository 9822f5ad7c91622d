//! The controller: holds the features (turn loop, reviews, settings, saves) and the
//! screen stack, renders each feature's view through its adapter, and carries out what
//! the turn loop asks for: saving, counting finished games, running the timer. Every
//! callback (`wiring`) and timer tick arrives on the UI thread; nothing here waits.

use super::home_adapter::{self, HomeView, SavedSummary};
use super::learning::Learning;
use super::navigation::{Back, Navigator};
use super::saves::Saves;
use super::stats_adapter;
use crate::app::computer::brain::Brain;
use crate::app::feedback::{Feedback, FeedbackPlayer, FeedbackSettings, FeedbackSink};
use crate::app::game::adapter as game_adapter;
use crate::app::game::turn_loop::{Effects, TurnLoop};
use crate::app::review::adapter as review_adapter;
use crate::app::review::control::Reviews;
use crate::app::settings::prefs::{self, Choice};
use crate::app::settings::{appearance_adapter, prefs_adapter};
use crate::engine::{Rules, Variant};
use crate::players::Opponent;
use crate::store::{Progress, RecentGames, Settings, Stats};
use crate::{
    AppWindow, GameState, HomeState, Names, Nav, Prefs, ReviewState, Screen, StatsState, Theme,
};
use slint::{ComponentHandle, Timer, TimerMode};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) struct Controller {
    pub(super) window: slint::Weak<AppWindow>,
    pub(super) me: Weak<RefCell<Controller>>,
    pub(super) saves: Saves,
    pub(super) settings: Settings,
    pub(super) stats: Stats,
    /// The last finished games, with their reviews.
    pub(super) recent: RecentGames,
    /// The computer, which also reviews games.
    pub(super) brain: Arc<dyn Brain>,
    /// The game on the review screen, and the timer that polls its review.
    pub(super) reviews: Reviews,
    pub(super) review_ticker: Timer,
    pub(super) nav: Navigator,
    /// Puzzles and lessons done, and the daily puzzle's days.
    pub(super) progress: Progress,
    /// The Learn hub and the study screen.
    pub(super) learning: Learning,
    pub(super) turns: TurnLoop,
    pub(super) ticker: Timer,
    /// The interval the ticker runs at, if it runs.
    pub(super) ticking: Option<Duration>,
    pub(super) system_locales: Vec<String>,
    pub(super) on_leave: Option<Box<dyn Fn()>>,
    /// The longest time one callback or tick kept the UI thread busy.
    pub(super) busiest: Duration,
    /// Sound and touch (silent until the entry point starts it).
    pub(super) feedback: Rc<FeedbackPlayer>,
}

/// Runs `work` on the controller and keeps the longest time any such call took.
pub(super) fn handle<R>(
    core: &Rc<RefCell<Controller>>,
    work: impl FnOnce(&mut Controller) -> R,
) -> R {
    let started = Instant::now();
    let mut c = core.borrow_mut();
    let result = work(&mut c);
    c.busiest = c.busiest.max(started.elapsed());
    result
}

impl Controller {
    pub(super) fn with_window(&self, show: impl FnOnce(&AppWindow)) {
        if let Some(window) = self.window.upgrade() {
            show(&window);
        }
    }

    // ---- screens ----------------------------------------------------------------------

    pub(super) fn go(&mut self, screen: Screen) {
        let from = self.nav.current();
        self.nav.go(screen);
        self.screen_changed(from);
    }

    pub(super) fn back(&mut self) -> Back {
        let from = self.nav.current();
        let back = self.nav.back();
        self.screen_changed(from);
        back
    }

    pub(super) fn show_game_screen(&mut self) {
        let from = self.nav.current();
        self.nav.show_game();
        self.screen_changed(from);
    }

    /// The turn loop learns whether the game screen shows; other screens show fresh data.
    pub(super) fn screen_changed(&mut self, from: Screen) {
        let to = self.nav.current();
        if (from == Screen::Game) != (to == Screen::Game) {
            let effects = self.turns.set_on_screen(to == Screen::Game);
            self.carry_out(effects);
        }
        if from == Screen::Review && to != Screen::Review {
            self.reviews.close();
            self.review_ticker.stop();
        }
        if from == Screen::Study && to != Screen::Study {
            self.close_study();
        }
        match to {
            Screen::Home => self.render_home(),
            Screen::Stats => self.with_window(|w| {
                stats_adapter::render(&w.global::<StatsState>(), &self.stats);
                review_adapter::render_recent(&w.global::<ReviewState>(), &self.recent);
            }),
            Screen::NewGame | Screen::Settings => self.render_prefs(),
            Screen::Learn => self.render_learn(),
            _ => {}
        }
        let under = self.nav.under();
        self.with_window(|w| {
            let nav = w.global::<Nav>();
            nav.set_under(under);
            nav.set_screen(to);
        });
    }

    /// Does what the turn loop asked for, then shows the game as it is now. A finished
    /// game is counted before its save is removed: the statistics file, holding the
    /// result and the game's identity in one atomic write, is the step that counts it.
    pub(super) fn carry_out(&mut self, effects: Effects) {
        if let Some(game) = effects.finished {
            // The finished session's rules say Congkak's preset and board, which the
            // statistics count apart; the variant alone is the fallback.
            let rules = self
                .turns
                .session()
                .map(|s| s.rules())
                .filter(|r| r.variant() == game.variant)
                .unwrap_or(Rules::new(game.variant));
            if self
                .stats
                .record_game(game.game, rules, game.opponent, game.result)
            {
                let tell = self.saves.stats(&self.stats);
                self.told(tell);
            }
            self.keep_finished_game();
        }
        if effects.save_game {
            let tell = self.saves.game(self.turns.session());
            self.told(tell);
        }
        self.run_timer(effects.tick);
        if let Some(view) = self.turns.view() {
            // Against the computer the panel tells the streak at this game and level
            // (already counting the game just finished).
            let streak = match view.opponent {
                // The guided game is not counted: it has no streak.
                Opponent::Computer { .. } if view.watched.is_none() && !view.guided => Some(
                    self.stats
                        .get_rules(view.rules, view.opponent)
                        .map_or((0, 0), |row| (row.current_streak, row.best_streak)),
                ),
                Opponent::Human | Opponent::Computer { .. } => None,
            };
            self.with_window(|w| game_adapter::render(&w.global::<GameState>(), &view, streak));
        }
    }

    fn run_timer(&mut self, interval: Option<Duration>) {
        if interval == self.ticking {
            return;
        }
        self.ticking = interval;
        let Some(interval) = interval else {
            self.ticker.stop();
            return;
        };
        let me = self.me.clone();
        self.ticker.start(TimerMode::Repeated, interval, move || {
            if let Some(core) = me.upgrade() {
                handle(&core, Controller::tick);
            }
        });
    }

    /// Clears the statistics the player chose (one variant, or all) and saves at once,
    /// atomically like every save.
    pub(super) fn reset_stats(&mut self, which: Option<Variant>) {
        match which {
            Some(variant) => self.stats.clear_variant(variant),
            None => self.stats.clear(),
        }
        let tell = self.saves.stats(&self.stats);
        self.told(tell);
        self.with_window(|w| stats_adapter::render(&w.global::<StatsState>(), &self.stats));
    }

    // ---- settings -----------------------------------------------------------------------

    pub(super) fn choose(&mut self, choice: Choice) {
        if prefs::apply(&mut self.settings, choice) {
            self.save_settings();
        }
        self.settings_changed();
    }

    /// Shows the settings everywhere they matter: the prefs, theme and language, and
    /// the animation speed and coach mode of the turn loop.
    pub(super) fn settings_changed(&mut self) {
        let step = Duration::from_millis(self.settings.animation.step_millis());
        self.turns.set_step(step);
        self.study_step_changed(step);
        self.turns.set_coach(self.settings.coach);
        self.feedback.set_settings(FeedbackSettings {
            sound: self.settings.sound,
            vibration: self.settings.vibration,
        });
        self.with_window(|w| {
            appearance_adapter::render(&w.global::<Theme>(), &self.settings, &self.system_locales)
        });
        self.render_prefs();
    }

    /// Sound and touch from now on go to `feedback` (the entry points start it).
    pub(super) fn set_feedback(&mut self, feedback: FeedbackPlayer) {
        let feedback = Rc::new(feedback);
        self.turns.set_feedback(feedback.clone());
        self.feedback = feedback;
        self.settings_changed();
    }

    /// A button was tapped.
    pub(super) fn tapped(&mut self) {
        self.feedback.feedback(Feedback::Tap);
    }

    fn render_prefs(&self) {
        self.with_window(|w| {
            prefs_adapter::render(&w.global::<Prefs>(), &w.global::<Names>(), &self.settings)
        });
    }

    pub(super) fn render_home(&self) {
        let saved = self
            .turns
            .own_game()
            .filter(|s| !s.is_over())
            .map(|s| SavedSummary {
                variant: s.rules().variant(),
                opponent: s.opponent(),
                stores: s.position().stores(),
                counts_as_loss: super::games::abandoned(s).is_some(),
            });
        let view = HomeView {
            saved,
            offer_guide: !self.settings.guide_offered,
            notices: &self.saves.notices,
            unsaved: self.saves.unsaved,
        };
        self.with_window(|w| home_adapter::render(&w.global::<HomeState>(), &view));
    }

    // ---- the store ----------------------------------------------------------------------

    pub(super) fn save_settings(&mut self) {
        let tell = self.saves.settings(&self.settings);
        self.told(tell);
    }

    /// After a save: tells the player, once a run, that saves fail.
    pub(super) fn told(&mut self, tell: bool) {
        if tell {
            self.render_home();
        }
    }
}
