//! The controller: wires the Slint globals (through the adapters in `views`) to the turn
//! loop, the screen stack and the store, and carries out what the turn loop asks for —
//! saving, counting finished games, running the timer. Every callback and timer tick
//! arrives here on the UI thread, does a little work and returns; nothing here waits.

use super::brain::Brain;
use super::navigation::{Back, Navigator};
use super::prefs::{self, Choice};
use super::review_screen::ReviewScreen;
use super::turn_loop::{Effects, TurnLoop};
use super::views::game_adapter::{self, GameAction};
use super::views::home_adapter::{self, HomeView, SavedSummary};
use super::views::review_adapter;
use super::views::{appearance_adapter, prefs_adapter, stats_adapter};
use crate::engine::{Position, Side, Variant};
use crate::players::Opponent;
use crate::store::{Notice, RecentGames, SavedGame, Settings, Stats, Store, WriteTrouble};
use crate::{
    AppWindow, GameState, HomeState, Names, Nav, Prefs, ReplaceAnswer, ReviewState, Screen,
    StatsState, Theme,
};
use slint::{ComponentHandle, Timer, TimerMode};
use std::cell::RefCell;
use std::io;
use std::rc::{Rc, Weak};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) struct Controller {
    pub(super) window: slint::Weak<AppWindow>,
    pub(super) me: Weak<RefCell<Controller>>,
    pub(super) store: Store,
    pub(super) settings: Settings,
    pub(super) stats: Stats,
    /// The last finished games, with their reviews.
    pub(super) recent: RecentGames,
    /// The computer, which also reviews games.
    pub(super) brain: Arc<dyn Brain>,
    /// The game on the review screen, and the timer that polls its review.
    pub(super) review: Option<ReviewScreen>,
    pub(super) review_ticker: Timer,
    pub(super) nav: Navigator,
    pub(super) turns: TurnLoop,
    pub(super) ticker: Timer,
    /// The interval the ticker runs at, if it runs.
    pub(super) ticking: Option<Duration>,
    /// Files that could not be read; the home screen says so until dismissed.
    pub(super) notices: Vec<Notice>,
    /// Saves fail and the player has not dismissed the notice yet.
    pub(super) unsaved: Option<WriteTrouble>,
    /// The player was told that saves fail (once a run).
    pub(super) unsaved_told: bool,
    pub(super) system_locales: Vec<String>,
    pub(super) on_leave: Option<Box<dyn Fn()>>,
    /// The longest time one callback or tick kept the UI thread busy.
    pub(super) busiest: Duration,
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

/// A callback that runs `work` on the controller, if it still exists. Callbacks hold
/// weak references so the window does not keep the controller alive in a cycle.
fn on<T>(
    core: &Rc<RefCell<Controller>>,
    work: impl Fn(&mut Controller, T) + 'static,
) -> impl Fn(T) + Clone + 'static {
    let weak = Rc::downgrade(core);
    let work = Rc::new(work);
    move |value| {
        if let Some(core) = weak.upgrade() {
            handle(&core, |c| work(c, value));
        }
    }
}

/// Connects every global's callbacks to the controller.
pub(super) fn connect(window: &AppWindow, core: &Rc<RefCell<Controller>>) {
    let nav = window.global::<Nav>();
    nav.on_go(on(core, Controller::go));
    let back = on(core, |c, ()| {
        if c.back() == Back::Leave {
            if let Some(leave) = &c.on_leave {
                leave();
            }
        }
    });
    nav.on_back(move || back(()));
    game_adapter::connect(&window.global::<GameState>(), on(core, Controller::act));
    let resume = on(core, |c, ()| c.continue_game());
    let dismiss = on(core, |c, ()| {
        c.notices.clear();
        c.render_home();
    });
    let dismiss_unsaved = on(core, |c, ()| {
        c.unsaved = None;
        c.render_home();
    });
    home_adapter::connect(
        &window.global::<HomeState>(),
        move || resume(()),
        move || dismiss(()),
        move || dismiss_unsaved(()),
    );
    let start = on(core, |c, ()| c.start_game());
    let watch = on(core, |c, ()| c.start_watching());
    prefs_adapter::connect(
        &window.global::<Prefs>(),
        on(core, Controller::choose),
        move || start(()),
        move || watch(()),
    );
    // The answer to "start a new game over the unfinished one?" (no prefs to map).
    let replace = on(core, Controller::replace_game);
    window.global::<Prefs>().on_replace_game(replace);
    stats_adapter::connect(
        &window.global::<StatsState>(),
        on(core, Controller::reset_stats),
    );
    review_adapter::connect(
        &window.global::<ReviewState>(),
        on(core, Controller::review),
    );
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
            // Leaving the review stops it; opening it again starts where it is kept.
            self.review = None;
            self.review_ticker.stop();
        }
        match to {
            Screen::Home => self.render_home(),
            Screen::Stats => self.with_window(|w| {
                stats_adapter::render(&w.global::<StatsState>(), &self.stats);
                review_adapter::render_recent(&w.global::<ReviewState>(), &self.recent);
            }),
            Screen::NewGame | Screen::Settings => self.render_prefs(),
            _ => {}
        }
        self.with_window(|w| w.global::<Nav>().set_screen(to));
    }

    // ---- games --------------------------------------------------------------------------

    /// Start on the new-game screen. An unfinished game would be dropped by it, so the
    /// player is asked first (`replace_game` carries out the answer).
    fn start_game(&mut self) {
        if self.turns.own_game().is_some_and(|s| !s.is_over()) {
            self.render_home(); // the question describes the saved game
            self.with_window(|w| w.global::<Prefs>().set_confirm_replace(true));
            return;
        }
        self.start_new_game();
    }

    /// The answer to "start a new game over the unfinished one?". A new game discards
    /// the unfinished one, which is not counted in the statistics (docs/store.md): its
    /// save is overwritten by the new game's.
    fn replace_game(&mut self, answer: ReplaceAnswer) {
        self.with_window(|w| w.global::<Prefs>().set_confirm_replace(false));
        match answer {
            ReplaceAnswer::Cancel => {}
            ReplaceAnswer::KeepPlaying => self.continue_game(),
            ReplaceAnswer::StartNew => self.start_new_game(),
        }
    }

    fn start_new_game(&mut self) {
        let rules = self.settings.current_rules();
        let first = self.next_first_side();
        let effects = self.turns.begin(rules, self.settings.opponent, first);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Back to the person's own game (a game being watched is left: its moves were
    /// never the person's to keep).
    fn continue_game(&mut self) {
        if self.turns.own_game().is_some() {
            let effects = self.turns.end_watch();
            self.carry_out(effects);
            self.show_game_screen();
        }
    }

    /// Starts a game the computer plays itself, with the game chosen in Settings and
    /// the levels chosen on the watch screen, the bottom row first. The person's own
    /// game waits aside.
    fn start_watching(&mut self) {
        let [south, north] = self.settings.watch_levels;
        let rules = self.settings.current_rules();
        let effects = self.turns.watch(rules, Side::South, south, north);
        self.carry_out(effects);
        self.show_game_screen();
    }

    /// Who starts the next game; with "take turns" the store remembers who started last.
    fn next_first_side(&mut self) -> Side {
        let first = self.settings.next_first_side();
        self.save_settings();
        first
    }

    fn act(&mut self, action: GameAction) {
        let effects = match action {
            GameAction::Tap(side, house) => self.turns.tap(side, house),
            GameAction::Board => self.turns.skip(),
            GameAction::Undo => self.turns.undo(),
            GameAction::TakeBack => self.turns.take_back(),
            GameAction::Redo => self.turns.redo(),
            GameAction::Hint => self.turns.hint(),
            GameAction::Resign => self.turns.resign(),
            GameAction::Rematch => {
                let first = match self.turns.session() {
                    // Watching again, the other side starts: each level gets both.
                    Some(s) if s.is_watched() => s.game().start().side_to_move().opponent(),
                    _ => self.next_first_side(),
                };
                self.turns.rematch(first)
            }
            GameAction::HidePanel => self.turns.hide_panel(),
            GameAction::ShowPanel => self.turns.show_panel(),
            GameAction::Pause => self.turns.pause(),
            GameAction::PlayOn => self.turns.play_on(),
            GameAction::Step => self.turns.step(),
        };
        self.carry_out(effects);
    }

    fn tick(&mut self) {
        let effects = self.turns.tick();
        self.carry_out(effects);
    }

    /// Does what the turn loop asked for, then shows the game as it is now. A finished
    /// game is counted before its save is removed: the statistics file, holding the
    /// result and the game's identity in one atomic write, is the step that counts it.
    pub(super) fn carry_out(&mut self, effects: Effects) {
        if let Some(game) = effects.finished {
            let (id, variant, opponent) = (game.game, game.variant, game.opponent);
            if self.stats.record_game(id, variant, opponent, game.result) {
                let saved = self.store.save_stats(&self.stats);
                self.saved("the statistics", saved);
            }
            self.keep_finished_game();
        }
        if effects.save_game {
            self.save_game();
        }
        self.run_timer(effects.tick);
        if let Some(view) = self.turns.view() {
            // Against the computer the panel tells the streak at this game and level
            // (already counting the game just finished).
            let streak = match view.opponent {
                Opponent::Computer { .. } if view.watched.is_none() => Some(
                    self.stats
                        .get(view.rules.variant(), view.opponent)
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
    fn reset_stats(&mut self, which: Option<Variant>) {
        match which {
            Some(variant) => self.stats.clear_variant(variant),
            None => self.stats.clear(),
        }
        let saved = self.store.save_stats(&self.stats);
        self.saved("the statistics", saved);
        self.with_window(|w| stats_adapter::render(&w.global::<StatsState>(), &self.stats));
    }

    // ---- settings -----------------------------------------------------------------------

    fn choose(&mut self, choice: Choice) {
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
        self.turns.set_coach(self.settings.coach);
        self.with_window(|w| {
            appearance_adapter::render(&w.global::<Theme>(), &self.settings, &self.system_locales)
        });
        self.render_prefs();
    }

    fn render_prefs(&self) {
        self.with_window(|w| {
            prefs_adapter::render(&w.global::<Prefs>(), &w.global::<Names>(), &self.settings)
        });
    }

    fn render_home(&self) {
        let saved = self
            .turns
            .own_game()
            .filter(|s| !s.is_over())
            .map(|s| SavedSummary {
                variant: s.rules().variant(),
                opponent: s.opponent(),
                stores: s.position().stores(),
            });
        let view = HomeView {
            saved,
            notices: &self.notices,
            unsaved: self.unsaved,
        };
        self.with_window(|w| home_adapter::render(&w.global::<HomeState>(), &view));
    }

    // ---- the store ----------------------------------------------------------------------

    /// Saves the game on the board; a finished game is removed instead, so it is not
    /// offered as Continue. A game being watched is never saved: the save is the
    /// person's own game, which waits aside.
    fn save_game(&mut self) {
        let Some(session) = self.turns.session().filter(|s| !s.is_watched()) else {
            return;
        };
        let game = session.game();
        let start = Position::start_with(game.rules(), game.start().side_to_move());
        if *game.start() != start {
            // A game from a hand-made position (tests): the save keeps only the rules and
            // the moves, which would replay from the wrong board. It is not saved.
            return;
        }
        let result = if session.is_over() {
            self.store.clear_game()
        } else {
            self.store.save_game(&SavedGame {
                id: session.id(),
                ..SavedGame::from_game(session.game(), session.opponent())
            })
        };
        self.saved("the game", result);
    }

    fn save_settings(&mut self) {
        let result = self.store.save_settings(&self.settings);
        self.saved("the settings", result);
    }

    /// Logs a failed save and tells the player if it is the first.
    pub(super) fn saved(&mut self, what: &str, result: io::Result<()>) {
        if let Err(e) = result {
            eprintln!("mancala: could not save {what}: {e}");
        }
        self.tell_if_unsaved();
    }

    /// Tells the player once (in words, on the home and game screens) that progress is
    /// not being saved, and why, if the store's last write failed; play goes on.
    pub(super) fn tell_if_unsaved(&mut self) {
        if let Some(trouble) = self.store.write_trouble().filter(|_| !self.unsaved_told) {
            self.unsaved_told = true;
            self.unsaved = Some(trouble);
            self.render_home();
        }
    }
}
