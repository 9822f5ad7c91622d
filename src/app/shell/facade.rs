//! The app's public face: what the desktop and Android entry points, the screenshot
//! tool and the UI tests hold. It owns the controller and runs each request on it.

use super::controller::{handle, Controller};
use super::saves::Saves;
use super::wiring::connect;
use crate::app::computer::brain::Brain;
use crate::app::feedback::FeedbackPlayer;
use crate::app::game::session::Session;
use crate::app::game::turn_loop::TurnLoop;
use crate::app::review::control::Reviews;
use crate::app::shell::navigation::{Back, Navigator};
use crate::engine::{Game, Move, Position, RecordErrorKind, Rules};
use crate::players::{Difficulty, Opponent};
use crate::store::{Problem, Store};
use crate::{AppWindow, Screen};
use slint::{ComponentHandle, Timer};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// The app: create it once for the window, keep it alive while the window runs.
pub struct App {
    core: Rc<RefCell<Controller>>,
}

impl App {
    /// Binds `window` to the store in `data_dir` and the computer player `brain`.
    /// Loads the settings, statistics and any saved game; the home screen then offers
    /// Continue.
    pub fn new(window: &AppWindow, data_dir: impl Into<PathBuf>, brain: Arc<dyn Brain>) -> App {
        let mut store = Store::open(data_dir);
        let settings = store.load_settings();
        let stats = store.load_stats();
        let recent = store.load_recent_games();
        let progress = store.load_progress();
        // A saved game whose record no longer replays was already reported by the store.
        let saved = store.load_game().and_then(|saved| {
            let game = saved.to_game().ok()?;
            Some(Session::from_game(game, saved.opponent, saved.id))
        });
        let notices = store.take_notices();
        for notice in &notices {
            let (Problem::Unreadable(why) | Problem::Invalid(why)) = &notice.problem;
            let kept = notice.moved_to.display();
            eprintln!(
                "mancala: could not use {:?}: {why}; kept as {kept}",
                notice.file
            );
        }
        let feedback = Rc::new(FeedbackPlayer::silent());
        let mut turns = TurnLoop::new(Arc::clone(&brain));
        turns.set_feedback(feedback.clone());
        if let Some(session) = saved.filter(|s| !s.is_over()) {
            let _ = turns.resume(session);
        }
        let core = Rc::new_cyclic(|me| {
            RefCell::new(Controller {
                window: window.as_weak(),
                me: me.clone(),
                saves: Saves::new(store, notices),
                settings,
                stats,
                recent,
                brain,
                reviews: Reviews::default(),
                review_ticker: Timer::default(),
                nav: Navigator::new(),
                progress,
                learning: Default::default(),
                turns,
                ticker: Timer::default(),
                ticking: None,
                system_locales: crate::platform::locale::desktop_locales(|name| {
                    std::env::var(name).ok()
                }),
                on_leave: None,
                busiest: Duration::ZERO,
                feedback,
            })
        });
        connect(window, &core);
        let mut c = core.borrow_mut();
        c.settings_changed();
        let tell = c.saves.tell_if_unsaved(); // the store may have found at once it cannot write
        c.told(tell);
        c.screen_changed(Screen::Home);
        drop(c);
        App { core }
    }

    /// Turns on sound and touch: starts the feedback thread on the platform's audio
    /// output (silent where there is none) and, on Android, its vibrator. The screenshot
    /// tool and most tests leave the app silent.
    pub fn start_sound(&self) {
        self.start_feedback(FeedbackPlayer::start());
    }

    /// Sound and touch go to `feedback` from now on (tests choose the output).
    pub fn start_feedback(&self, feedback: FeedbackPlayer) {
        self.run(|c| c.set_feedback(feedback))
    }

    /// The Back button: the previous screen, or `Back::Leave` on the home screen.
    pub fn back(&self) -> Back {
        self.run(Controller::back)
    }

    /// Opens a screen as if the player had navigated there.
    pub fn go(&self, screen: Screen) {
        self.run(|c| c.go(screen))
    }

    /// What to do when Back is pressed on the home screen inside the UI (the platform's
    /// own back button calls [`App::back`] and acts on `Back::Leave` itself).
    pub fn on_leave(&self, leave: impl Fn() + 'static) {
        self.core.borrow_mut().on_leave = Some(Box::new(leave));
    }

    /// The device's preferred languages, most preferred first (Android passes its
    /// locales; the desktop reads the environment by default).
    pub fn set_system_locales(&self, locales: Vec<String>) {
        self.run(|c| {
            c.system_locales = locales;
            c.settings_changed();
        })
    }

    /// Starts a game with `rules` from a record of moves, without animation, and opens
    /// the game screen (screenshots and tests). An illegal record is refused whole.
    pub fn load_record(
        &self,
        rules: Rules,
        opponent: Opponent,
        moves: &[Move],
    ) -> Result<(), RecordErrorKind> {
        self.run(|c| {
            let effects = c.turns.load_record(rules, opponent, moves)?;
            c.carry_out(effects);
            c.show_game_screen();
            Ok(())
        })
    }

    /// Shows a record as a game the computer plays itself at `levels` (bottom row
    /// first), paused at its end, on the game screen (screenshots and tests). The
    /// person's game waits aside; an illegal record is refused whole.
    pub fn watch_record(
        &self,
        rules: Rules,
        levels: [Difficulty; 2],
        moves: &[Move],
    ) -> Result<(), RecordErrorKind> {
        self.run(|c| {
            let effects = c.turns.watch_record(rules, levels, moves)?;
            c.carry_out(effects);
            c.show_game_screen();
            Ok(())
        })
    }

    /// Shows `game` (from any position, over or not) on the game screen as if it had
    /// been saved and continued: a game that ends from here is counted. A game from a
    /// hand-made position is never saved (a save replays from the start). Tests build
    /// the endings the game-over panel explains this way.
    #[cfg(feature = "testing")]
    pub fn show_game(&self, game: Game, opponent: Opponent) {
        self.run(|c| {
            let effects = c.turns.resume(Session::from_game(game, opponent, 0));
            c.carry_out(effects);
            c.show_game_screen();
        })
    }

    /// Opens the shipped puzzle of `variant` at `index` (in its file's order) on the
    /// study screen, as today's puzzle when `daily` says so (screenshots and tests).
    /// False if there is no such puzzle.
    pub fn open_puzzle(&self, variant: crate::engine::Variant, index: usize, daily: bool) -> bool {
        let Some(puzzle) = crate::puzzles::shipped(variant).into_iter().nth(index) else {
            return false;
        };
        self.run(|c| {
            let day = daily
                .then(|| c.learning.today.or_else(crate::store::Day::today))
                .flatten();
            c.open_puzzle(variant, &puzzle, day);
        });
        true
    }

    /// Opens today's puzzle on the study screen, as Play today's puzzle does. False if
    /// none is shipped.
    pub fn open_daily(&self) -> bool {
        self.run(|c| {
            c.learn(crate::app::learn::adapter::LearnAction::OpenDaily);
            c.nav.current() == crate::Screen::Study
        })
    }

    /// The puzzle on the study screen: its answer and the learner's legal moves there
    /// now (house numbers as the learner counts them).
    pub fn study_puzzle(&self) -> Option<(u8, Vec<u8>)> {
        let c = self.core.borrow();
        let open = c.learning.open.as_ref()?;
        let study = c.learning.study.as_ref()?;
        let legal = study
            .game()
            .legal_moves()
            .iter()
            .map(|h| h.number())
            .collect();
        Some((open.answer, legal))
    }

    /// Opens lesson `id` on the study screen, as its button on the Learn hub does
    /// (screenshots and tests).
    pub fn open_lesson(&self, id: crate::lessons::LessonId) {
        self.run(|c| c.open_lesson(id));
    }

    /// The lesson on the study screen, and the houses that pass it and fail it from its
    /// position (house numbers as the learner counts them), as `lessons::judge` says.
    pub fn study_lesson(&self) -> Option<(crate::lessons::LessonId, Vec<u8>, Vec<u8>)> {
        let c = self.core.borrow();
        let id = c.learning.lesson?;
        let lesson = crate::lessons::setup(id);
        let (pass, fail): (Vec<_>, Vec<_>) = lesson
            .moves()
            .iter()
            .partition(|&h| crate::lessons::judge(id, &lesson.game, h).passed);
        let numbers = |houses: Vec<crate::engine::House>| -> Vec<u8> {
            houses.iter().map(|h| h.number()).collect()
        };
        Some((id, numbers(pass), numbers(fail)))
    }

    /// The hub and the streak count from `day` instead of the device's date (tests and
    /// screenshots).
    pub fn set_today(&self, day: crate::store::Day) {
        self.run(|c| c.learning.today = Some(day));
    }

    /// The player's progress as the store holds it.
    #[cfg(feature = "testing")]
    pub fn progress(&self) -> crate::store::Progress {
        self.core.borrow().progress.clone()
    }

    /// The position on the study screen's board now.
    pub fn study_position(&self) -> Option<Position> {
        let c = self.core.borrow();
        c.learning.study.as_ref().map(|s| *s.game().position())
    }

    /// The position on the board now (tests check seed conservation against it).
    pub fn position(&self) -> Option<Position> {
        let c = self.core.borrow();
        c.turns.session().map(|s| *s.position())
    }

    /// The record of the game on the board ("3 6 1").
    pub fn record(&self) -> Option<String> {
        let c = self.core.borrow();
        c.turns.session().map(|s| s.game().record())
    }

    /// The settings as the store holds them.
    #[cfg(feature = "testing")]
    pub fn settings(&self) -> crate::store::Settings {
        self.core.borrow().settings.clone()
    }

    /// The statistics as the store holds them.
    #[cfg(feature = "testing")]
    pub fn stats(&self) -> crate::store::Stats {
        self.core.borrow().stats.clone()
    }

    /// True while the computer (or a hint) is searching or a move is being animated,
    /// and while the study screen sows a move, waits for its judge or plays the answer.
    #[cfg(feature = "testing")]
    pub fn is_busy(&self) -> bool {
        let c = self.core.borrow();
        c.turns.is_busy() || c.learning.study.as_ref().is_some_and(|s| s.is_busy())
    }

    /// Is a game of the computer against itself on the board and not over? It is busy
    /// until its end, which at the Expert's pace takes minutes.
    #[cfg(feature = "testing")]
    pub fn is_watching(&self) -> bool {
        self.core
            .borrow()
            .turns
            .session()
            .is_some_and(|s| s.is_watched() && !s.is_over())
    }

    /// How many of the computer's searches failed (panicked, or answered an illegal
    /// move) since the app started; each was logged and replaced by the first legal
    /// move. The UI tests require none.
    #[cfg(feature = "testing")]
    pub fn search_failures(&self) -> u32 {
        self.core.borrow().turns.search_failures()
    }

    /// The longest time a single callback or timer tick kept the UI thread busy since
    /// the app started or [`App::restart_ui_work_measure`] was called.
    #[cfg(feature = "testing")]
    pub fn busiest_ui_work(&self) -> Duration {
        self.core.borrow().busiest
    }

    /// Starts measuring [`App::busiest_ui_work`] afresh (to time one stretch of play).
    #[cfg(feature = "testing")]
    pub fn restart_ui_work_measure(&self) {
        self.core.borrow_mut().busiest = Duration::ZERO;
    }

    fn run<R>(&self, work: impl FnOnce(&mut Controller) -> R) -> R {
        handle(&self.core, work)
    }
}
