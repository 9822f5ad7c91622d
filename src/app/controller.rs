//! The controller: binds the Slint globals to a game session, the computer player on a
//! worker thread, the sowing animation and the store. Every UI callback and timer tick
//! comes here on the UI thread, does a little work and returns; nothing here waits.

use super::board_view::{board_view, variant_number, BoardFacts};
use super::brain::Brain;
use super::navigation::{Back, Navigator};
use super::playback::{Playback, Shown};
use super::prefs;
use super::session::{MoveSummary, Session, HUMAN_SIDE};
use super::worker::{Poll, Search};
use crate::engine::{EndReason, House, IllegalMove, MoveSet, Rules, Side};
use crate::store::{Difficulty, Settings, Stats, Store};
use crate::{AppWindow, GameState, HomeState, Nav, Notice, Prefs, Screen, StatLine, StatsState};
use slint::{ComponentHandle, ModelRc, Timer, TimerMode, VecModel};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::{Rc, Weak};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the UI thread looks for the computer's answer.
const POLL_INTERVAL: Duration = Duration::from_millis(15);

/// The app: create it once for the window, keep it alive while the window runs.
pub struct App {
    core: Rc<RefCell<Controller>>,
}

/// A move being animated, with what to announce when it has been shown.
struct Animation {
    playback: Playback,
    mover: Side,
    summary: MoveSummary,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Job {
    /// The computer's move.
    Move,
    /// A hint for the person.
    Hint,
}

struct Pending {
    job: Job,
    search: Search<House>,
}

/// What the banner's second line tells.
#[derive(Clone, Copy)]
struct Told {
    notice: Notice,
    side: Side,
    seeds: u32,
    /// The house a hint names (0 when none).
    house: u8,
}

impl Told {
    const NOTHING: Told = Told {
        notice: Notice::None,
        side: Side::South,
        seeds: 0,
        house: 0,
    };

    fn of(notice: Notice, side: Side) -> Told {
        Told {
            notice,
            side,
            ..Told::NOTHING
        }
    }
}

struct Controller {
    window: slint::Weak<AppWindow>,
    me: Weak<RefCell<Controller>>,
    store: Store,
    settings: Settings,
    stats: Stats,
    nav: Navigator,
    session: Option<Session>,
    /// The finished game was counted in the statistics (once, even if undone and
    /// finished again).
    counted: bool,
    animation: Option<Animation>,
    pending: Option<Pending>,
    brain: Arc<dyn Brain>,
    told: Told,
    hint: Option<House>,
    ticker: Timer,
    system_locales: Vec<String>,
    on_leave: Option<Box<dyn Fn()>>,
    /// The longest time one callback or tick kept the UI thread busy.
    busiest: Duration,
}

impl App {
    /// Binds `window` to the store in `data_dir` and the computer player `brain`.
    /// Loads the settings, statistics and any saved game; the home screen then offers
    /// Continue.
    pub fn new(window: &AppWindow, data_dir: impl Into<PathBuf>, brain: Arc<dyn Brain>) -> App {
        let mut store = Store::open(data_dir);
        let settings = store.load_settings();
        let stats = store.load_stats();
        let session = store
            .load_game()
            .and_then(|saved| Session::resume(&saved).ok())
            .filter(|s| !s.is_over());
        let had_bad_files = !store.take_notices().is_empty();
        let core = Rc::new_cyclic(|me| {
            RefCell::new(Controller {
                window: window.as_weak(),
                me: me.clone(),
                store,
                settings,
                stats,
                nav: Navigator::new(),
                session,
                counted: false,
                animation: None,
                pending: None,
                brain,
                told: Told::NOTHING,
                hint: None,
                ticker: Timer::default(),
                system_locales: crate::platform::locale::desktop_locales(|name| {
                    std::env::var(name).ok()
                }),
                on_leave: None,
                busiest: Duration::ZERO,
            })
        });
        window.global::<HomeState>().set_data_notice(had_bad_files);
        bind_callbacks(window, &core);
        {
            let c = core.borrow_mut();
            c.apply_appearance();
            c.show_prefs();
            c.show_home();
            c.show_screen();
        }
        App { core }
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
            c.apply_appearance();
        })
    }

    /// Starts a game with `rules` from a record of moves, without animation, and opens
    /// the game screen (screenshots and tests). An illegal record is refused whole.
    pub fn load_record(
        &self,
        rules: Rules,
        opponent: crate::store::Opponent,
        moves: &[House],
    ) -> Result<(), IllegalMove> {
        self.run(|c| c.load_record(rules, opponent, moves))
    }

    /// The position on the board now (tests check seed conservation against it).
    pub fn position(&self) -> Option<crate::engine::Position> {
        self.core.borrow().session.as_ref().map(|s| *s.position())
    }

    /// The record of the game on the board ("3 6 1").
    pub fn record(&self) -> Option<String> {
        self.core
            .borrow()
            .session
            .as_ref()
            .map(|s| s.game().record())
    }

    /// The settings as the store holds them.
    pub fn settings(&self) -> Settings {
        self.core.borrow().settings.clone()
    }

    /// True while the computer (or a hint) is searching or a move is being animated.
    pub fn is_busy(&self) -> bool {
        let c = self.core.borrow();
        c.pending.is_some() || c.animation.is_some()
    }

    /// The longest time a single callback or timer tick kept the UI thread busy since
    /// the app started or [`App::restart_ui_work_measure`] was called.
    pub fn busiest_ui_work(&self) -> Duration {
        self.core.borrow().busiest
    }

    /// Starts measuring [`App::busiest_ui_work`] afresh (to time one stretch of play).
    pub fn restart_ui_work_measure(&self) {
        self.core.borrow_mut().busiest = Duration::ZERO;
    }

    fn run<R>(&self, work: impl FnOnce(&mut Controller) -> R) -> R {
        handle(&self.core, work)
    }
}

/// Runs `work` on the controller and keeps the longest time any such call took.
fn handle<R>(core: &Rc<RefCell<Controller>>, work: impl FnOnce(&mut Controller) -> R) -> R {
    let started = Instant::now();
    let mut c = core.borrow_mut();
    let result = work(&mut c);
    c.busiest = c.busiest.max(started.elapsed());
    result
}

/// Connects every callback of the globals to the controller. The closures hold weak
/// references so the window does not keep the controller alive in a cycle.
fn bind_callbacks(window: &AppWindow, core: &Rc<RefCell<Controller>>) {
    let weak = Rc::downgrade(core);
    let on = move |work: fn(&mut Controller)| {
        let weak = weak.clone();
        move || {
            if let Some(core) = weak.upgrade() {
                handle(&core, work);
            }
        }
    };

    let nav = window.global::<Nav>();
    let weak = Rc::downgrade(core);
    nav.on_go(move |screen| {
        if let Some(core) = weak.upgrade() {
            handle(&core, |c| c.go(screen));
        }
    });
    nav.on_back(on(|c| {
        if c.back() == Back::Leave {
            if let Some(leave) = &c.on_leave {
                leave();
            }
        }
    }));

    let game = window.global::<GameState>();
    let weak = Rc::downgrade(core);
    game.on_house_tapped(move |side, house| {
        if let Some(core) = weak.upgrade() {
            handle(&core, |c| {
                c.house_tapped(Side::from_index(side as usize), house)
            });
        }
    });
    game.on_board_tapped(on(Controller::skip_animation));
    game.on_undo(on(Controller::undo));
    game.on_redo(on(Controller::redo));
    game.on_hint(on(Controller::hint));
    game.on_resign(on(Controller::resign));
    game.on_rematch(on(Controller::rematch));

    let home = window.global::<HomeState>();
    home.on_continue_game(on(Controller::continue_game));
    let weak_window = window.as_weak();
    home.on_dismiss_notice(move || {
        if let Some(w) = weak_window.upgrade() {
            w.global::<HomeState>().set_data_notice(false);
        }
    });

    let prefs = window.global::<Prefs>();
    prefs.on_changed(on(Controller::prefs_changed));
    prefs.on_start_game(on(Controller::start_game));
}

impl Controller {
    fn with_window(&self, show: impl FnOnce(&AppWindow)) {
        if let Some(window) = self.window.upgrade() {
            show(&window);
        }
    }

    // ---- navigation -------------------------------------------------------------

    fn go(&mut self, screen: Screen) {
        let from = self.nav.current();
        self.nav.go(screen);
        self.screen_changed(from);
    }

    fn back(&mut self) -> Back {
        let from = self.nav.current();
        let back = self.nav.back();
        self.screen_changed(from);
        back
    }

    fn show_game_screen(&mut self) {
        let from = self.nav.current();
        self.nav.show_game();
        self.screen_changed(from);
    }

    /// Leaving the game screen stops the computer and settles any animation; entering it
    /// lets the computer move if it is its turn; other screens show fresh data.
    fn screen_changed(&mut self, from: Screen) {
        let to = self.nav.current();
        if from == Screen::Game && to != Screen::Game {
            self.pending = None;
            if self.animation.is_some() {
                self.skip_animation();
            }
        }
        match to {
            Screen::Game if from != Screen::Game => {
                self.show_game();
                self.computer_moves_if_its_turn();
            }
            Screen::Home => self.show_home(),
            Screen::Stats => self.show_stats(),
            Screen::NewGame | Screen::Settings => self.show_prefs(),
            _ => {}
        }
        self.show_screen();
    }

    fn show_screen(&self) {
        let screen = self.nav.current();
        self.with_window(|w| w.global::<Nav>().set_screen(screen));
    }

    // ---- starting games ---------------------------------------------------------

    fn start_game(&mut self) {
        let rules = self.settings.current_rules();
        let opponent = self.settings.opponent;
        self.begin(rules, opponent);
        self.show_game_screen();
    }

    /// The same game again: the rules and opponent of the game just played.
    fn rematch(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let (rules, opponent) = (session.rules(), session.opponent());
        self.begin(rules, opponent);
        self.show_game();
        self.computer_moves_if_its_turn();
    }

    fn begin(&mut self, rules: Rules, opponent: crate::store::Opponent) {
        self.stop_everything();
        let first = self.settings.next_first_side();
        self.save_settings();
        self.session = Some(Session::new(rules, first, opponent));
        self.counted = false;
        self.told = Told::NOTHING;
        self.save_game();
        self.with_window(|w| w.global::<GameState>().set_panel_hidden(false));
    }

    fn continue_game(&mut self) {
        if self.session.is_some() {
            self.show_game_screen();
        }
    }

    fn load_record(
        &mut self,
        rules: Rules,
        opponent: crate::store::Opponent,
        moves: &[House],
    ) -> Result<(), IllegalMove> {
        self.stop_everything();
        let mut session = Session::new(rules, Side::South, opponent);
        for &house in moves {
            session.play(house)?;
        }
        self.session = Some(session);
        self.counted = true; // a replayed record is not a game the person played
        self.told = Told::NOTHING;
        self.save_game();
        self.show_game_screen();
        self.show_game();
        Ok(())
    }

    /// Cancels the search and settles the animation without announcing anything.
    fn stop_everything(&mut self) {
        self.pending = None;
        self.animation = None;
        self.hint = None;
        self.ticker.stop();
        self.with_window(|w| w.global::<GameState>().set_thinking(false));
    }

    // ---- playing ----------------------------------------------------------------

    fn house_tapped(&mut self, side: Side, house: i32) {
        if self.animation.is_some() {
            self.skip_animation();
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        if session.is_over() {
            return;
        }
        if !session.human_to_move() {
            self.tell(Told::of(Notice::NotYourTurn, side));
            return;
        }
        let mover = session.position().side_to_move();
        if side != mover {
            // The other row: against the computer it is the computer's; between two
            // people the player to move reached across the board.
            let notice = if session.level().is_some() {
                Notice::NotYourTurn
            } else {
                Notice::None
            };
            self.tell(Told::of(notice, mover));
            return;
        }
        let played = session
            .rules()
            .house(house.max(0) as u32)
            .and_then(|house| self.play(house));
        if let Err(why) = played {
            let notice = match why {
                IllegalMove::EmptyHouse { .. } => Notice::EmptyHouse,
                IllegalMove::MustFeed { .. } => Notice::DoesNotFeed,
                IllegalMove::GrandSlam { .. } => Notice::GrandSlamForbidden,
                IllegalMove::NotAHouse { .. } | IllegalMove::GameOver => Notice::None,
            };
            self.tell(Told::of(notice, mover));
        }
    }

    /// Plays `house` for the side to move, saves, and animates the move (or shows it at
    /// once when animation is off or the game screen is not showing).
    fn play(&mut self, house: House) -> Result<(), IllegalMove> {
        let session = self.session.as_mut().ok_or(IllegalMove::GameOver)?;
        let before = *session.position();
        let report = session.play(house)?;
        let mover = report.mover;
        let summary = MoveSummary::of(&report);
        let steps = report.steps;
        self.hint = None;
        self.save_game();
        let step = self.step_interval();
        if step.is_zero() || self.nav.current() != Screen::Game {
            self.move_shown(mover, summary);
        } else {
            self.animation = Some(Animation {
                playback: Playback::new(&before, steps),
                mover,
                summary,
            });
            self.told = Told::NOTHING;
            self.tick_every(step);
            self.show_game();
        }
        Ok(())
    }

    fn step_interval(&self) -> Duration {
        Duration::from_millis(self.settings.animation.step_millis())
    }

    /// After a move has been shown: say what it did, finish the game if it ended, and
    /// let the computer answer.
    fn move_shown(&mut self, mover: Side, summary: MoveSummary) {
        self.animation = None;
        let Some(session) = &self.session else {
            return;
        };
        self.told = if session.game().end_reason() == Some(EndReason::Repetition) {
            Told::of(Notice::Repetition, mover)
        } else if summary.captured > 0 {
            Told {
                seeds: summary.captured,
                ..Told::of(Notice::Capture, mover)
            }
        } else if summary.grand_slam_spared {
            Told::of(Notice::GrandSlamSpared, mover)
        } else if summary.swept {
            Told::of(Notice::Sweep, mover)
        } else if summary.extra_turn {
            Told::of(Notice::ExtraTurn, mover)
        } else if session.must_feed() {
            Told::of(Notice::MustFeed, session.position().side_to_move())
        } else {
            Told::NOTHING
        };
        if session.is_over() {
            self.game_finished();
        }
        self.show_game();
        self.computer_moves_if_its_turn();
    }

    fn skip_animation(&mut self) {
        if let Some(mut animation) = self.animation.take() {
            animation.playback.finish();
            self.move_shown(animation.mover, animation.summary);
        }
    }

    fn computer_moves_if_its_turn(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        if self.nav.current() != Screen::Game
            || self.animation.is_some()
            || !session.computer_to_move()
        {
            return;
        }
        if self.pending.as_ref().is_some_and(|p| p.job == Job::Move) {
            return;
        }
        let level = session.level().unwrap_or(Difficulty::Beginner);
        let game = session.game().clone();
        let brain = Arc::clone(&self.brain);
        self.pending = Some(Pending {
            job: Job::Move,
            search: Search::start(move |cancel| brain.choose_move(&game, level, cancel)),
        });
        self.tick_every(POLL_INTERVAL);
        self.show_game();
    }

    fn hint(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        if !session.human_to_move() || self.pending.is_some() || self.animation.is_some() {
            return;
        }
        let game = session.game().clone();
        let brain = Arc::clone(&self.brain);
        self.pending = Some(Pending {
            job: Job::Hint,
            search: Search::start(move |cancel| brain.hint(&game, cancel)),
        });
        self.tick_every(POLL_INTERVAL);
        self.show_game();
    }

    /// The timer: shows the next animation steps, or looks for the computer's answer.
    fn tick(&mut self) {
        if let Some(animation) = &mut self.animation {
            let per_tick = animation
                .playback
                .steps_per_tick(self.settings.animation.step_millis());
            for _ in 0..per_tick {
                match animation.playback.advance() {
                    Some(Shown::PickUp) if animation.playback.relays() > 0 => {
                        self.told = Told::of(Notice::Relay, animation.mover);
                    }
                    Some(_) => {}
                    None => break,
                }
            }
            if animation.playback.is_done() {
                self.skip_animation();
            } else {
                self.show_game();
            }
        } else if let Some(pending) = &self.pending {
            let job = pending.job;
            match pending.search.poll() {
                Poll::Thinking => {}
                Poll::Done(house) => self.answer_arrived(job, house),
                Poll::Failed => {
                    eprintln!(
                        "mancala: the computer's search failed; playing the first legal move"
                    );
                    let first = self
                        .session
                        .as_ref()
                        .and_then(|s| s.position().legal_moves().first());
                    match first {
                        Some(house) => self.answer_arrived(job, house),
                        None => self.pending = None,
                    }
                }
            }
        }
        if self.animation.is_none() && self.pending.is_none() {
            self.ticker.stop();
        }
    }

    fn answer_arrived(&mut self, job: Job, house: House) {
        self.pending = None;
        match job {
            Job::Hint => {
                self.hint = Some(house);
                self.told = Told {
                    house: house.number(),
                    ..Told::of(Notice::Hint, HUMAN_SIDE)
                };
                self.show_game();
            }
            Job::Move => {
                if let Err(why) = self.play(house) {
                    // A search answering an illegal move is a bug; the game must go on.
                    eprintln!("mancala: the computer chose {house}, which is illegal: {why}");
                    let fallback = self
                        .session
                        .as_ref()
                        .and_then(|s| s.position().legal_moves().first());
                    if let Some(house) = fallback {
                        let _ = self.play(house);
                    }
                }
            }
        }
    }

    fn tick_every(&mut self, interval: Duration) {
        let me = self.me.clone();
        self.ticker.start(TimerMode::Repeated, interval, move || {
            if let Some(core) = me.upgrade() {
                handle(&core, Controller::tick);
            }
        });
    }

    fn undo(&mut self) {
        self.change_history(Session::undo);
    }

    fn redo(&mut self) {
        self.change_history(Session::redo);
    }

    /// Undo and redo: stop the computer, settle the animation, move through the history.
    fn change_history(&mut self, step: fn(&mut Session) -> bool) {
        self.pending = None;
        if let Some(mut animation) = self.animation.take() {
            animation.playback.finish();
        }
        let Some(session) = &mut self.session else {
            return;
        };
        if step(session) {
            self.hint = None;
            self.told = Told::NOTHING;
            self.save_game();
            self.with_window(|w| w.global::<GameState>().set_panel_hidden(false));
        }
        self.show_game();
        self.computer_moves_if_its_turn();
    }

    fn resign(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        if session.is_over() {
            return;
        }
        self.pending = None;
        self.animation = None;
        session.resign();
        self.told = Told::NOTHING;
        self.game_finished();
        self.show_game();
    }

    /// Counts the game in the statistics once and forgets the saved game: a finished
    /// game is not offered as Continue.
    fn game_finished(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        if !self.counted {
            if let Some(result) = session.result() {
                self.stats
                    .record(session.rules().variant(), session.opponent(), result);
                if let Err(e) = self.store.save_stats(&self.stats) {
                    eprintln!("mancala: could not save statistics: {e}");
                }
            }
            self.counted = true;
        }
        self.save_game();
        self.with_window(|w| w.global::<GameState>().set_panel_hidden(false));
    }

    fn tell(&mut self, told: Told) {
        self.told = told;
        self.show_game();
    }

    // ---- the store ----------------------------------------------------------------

    fn save_game(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let result = if session.is_over() {
            self.store.clear_game()
        } else {
            self.store.save_game(&session.saved())
        };
        if let Err(e) = result {
            eprintln!("mancala: could not save the game: {e}");
        }
    }

    fn save_settings(&self) {
        if let Err(e) = self.store.save_settings(&self.settings) {
            eprintln!("mancala: could not save the settings: {e}");
        }
    }

    fn prefs_changed(&mut self) {
        let Some(window) = self.window.upgrade() else {
            return;
        };
        let variant_changed = prefs::read(&window.global::<Prefs>(), &mut self.settings);
        if variant_changed {
            self.show_prefs();
        }
        self.save_settings();
        self.apply_appearance();
    }

    // ---- showing ------------------------------------------------------------------

    fn show_prefs(&self) {
        self.with_window(|w| prefs::show(&w.global::<Prefs>(), &self.settings));
    }

    /// Theme and language take effect at once.
    fn apply_appearance(&self) {
        let locales = self.system_locales.iter().map(String::as_str);
        let language = crate::platform::effective_language(self.settings.language, locales);
        // Fails only while a translation is not bundled; English shows then.
        if let Err(e) = super::language::select(language) {
            eprintln!("mancala: no {language:?} translation: {e}");
        }
        let theme = prefs::theme_index(self.settings.theme);
        self.with_window(|w| {
            let ui = w.global::<crate::Theme>();
            ui.set_choice(theme);
            ui.set_font_family(super::language::font_family(language).into());
        });
    }

    fn show_home(&self) {
        self.with_window(|w| {
            let home = w.global::<HomeState>();
            match self.session.as_ref().filter(|s| !s.is_over()) {
                Some(session) => {
                    let pos = session.position();
                    home.set_has_saved_game(true);
                    home.set_saved_variant(variant_number(pos.variant()));
                    home.set_saved_level(session.level().map_or(0, |l| l.number() as i32));
                    home.set_saved_south(pos.store(Side::South) as i32);
                    home.set_saved_north(pos.store(Side::North) as i32);
                }
                None => home.set_has_saved_game(false),
            }
        });
    }

    fn show_stats(&self) {
        let lines: Vec<StatLine> = self
            .stats
            .rows()
            .iter()
            .map(|row| StatLine {
                variant: variant_number(row.variant),
                level: prefs::level_index(row.opponent),
                won: row.won as i32,
                lost: row.lost as i32,
                drawn: row.drawn as i32,
                current_streak: row.current_streak as i32,
                best_streak: row.best_streak as i32,
            })
            .collect();
        self.with_window(|w| {
            w.global::<StatsState>()
                .set_lines(ModelRc::new(VecModel::from(lines)))
        });
    }

    fn show_game(&self) {
        let Some(session) = &self.session else {
            return;
        };
        let Some(window) = self.window.upgrade() else {
            return;
        };
        let ui = window.global::<GameState>();
        let pos = session.position();
        let rules = pos.rules();
        let playable = if session.human_to_move() && self.animation.is_none() {
            pos.legal_moves()
        } else {
            MoveSet::EMPTY
        };
        let (pits, active, in_hand) = match &self.animation {
            Some(a) => (a.playback.pits(), a.playback.active(), a.playback.in_hand()),
            None => (pos.pits(), None, 0),
        };
        let view = board_view(&BoardFacts {
            houses: rules.houses(),
            pits,
            active,
            playable,
            mover: pos.side_to_move(),
            last_move: session.last_move(),
            hint: self.hint,
        });
        let [south, north] = view.houses;
        ui.set_variant(variant_number(rules.variant()));
        ui.set_houses(rules.houses() as i32);
        ui.set_south(ModelRc::new(VecModel::from(south)));
        ui.set_north(ModelRc::new(VecModel::from(north)));
        ui.set_south_store(view.stores[0]);
        ui.set_north_store(view.stores[1]);
        ui.set_south_store_active(view.store_active[0]);
        ui.set_north_store_active(view.store_active[1]);
        ui.set_level(session.level().map_or(0, |l| l.number() as i32));
        ui.set_to_move(match &self.animation {
            Some(a) => a.mover.index() as i32,
            None => pos.side_to_move().index() as i32,
        });
        let searching_move = self.pending.as_ref().is_some_and(|p| p.job == Job::Move);
        ui.set_thinking(searching_move);
        ui.set_animating(self.animation.is_some());
        ui.set_in_hand(in_hand as i32);
        let over = session.is_over() && self.animation.is_none();
        ui.set_over(over);
        ui.set_winner(match session.winner() {
            Some(Some(side)) => side.index() as i32,
            _ => -1,
        });
        ui.set_resigned(session.resigned().is_some());
        ui.set_notice(self.told.notice);
        ui.set_notice_side(self.told.side.index() as i32);
        ui.set_notice_seeds(self.told.seeds as i32);
        ui.set_notice_house(self.told.house as i32);
        ui.set_can_undo(session.can_undo());
        ui.set_can_redo(session.can_redo());
        ui.set_can_hint(
            session.human_to_move() && self.pending.is_none() && self.animation.is_none(),
        );
    }
}
