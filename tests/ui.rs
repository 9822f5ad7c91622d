//! The app driven like a player drives it: Slint's testing backend, headless, finding
//! buttons and houses by their accessible labels and tapping them. Each test runs on its
//! own thread with its own backend (`init_no_event_loop` is per thread), its own window
//! and a temporary data directory; time is mocked and advanced by the tests, which also
//! fires the controller's timer (animation steps and polling the computer's thread).

use i_slint_backend_testing::{init_no_event_loop, AccessibleRole, ElementHandle, ElementRoot};
use mancala::ai::{Advice, MoveValue};
use mancala::app::{App, Brain, Computer};
use mancala::engine::{Game, House, Position, Rules, Side, Variant};
use mancala::players::{Difficulty, Opponent};
use mancala::store::{SavedGame, Store};
use mancala::{AppWindow, Screen};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalSize, Model};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Advances the mocked time: timers fire, animations move, change handlers run.
fn advance(millis: u64) {
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(millis));
}

struct Ui {
    window: AppWindow,
    app: App,
}

/// Every test fails if the computer's search failed: the app hides it from the player
/// (it plays the first legal move instead), so only this counter shows the bug.
impl Drop for Ui {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            assert_eq!(self.app.search_failures(), 0, "a search panicked");
        }
    }
}

impl Ui {
    fn launch(dir: &Path) -> Ui {
        Ui::launch_with(dir, Arc::new(Computer::default()))
    }

    fn launch_with(dir: &Path, brain: Arc<dyn Brain>) -> Ui {
        let window = AppWindow::new().unwrap();
        let app = App::new(&window, dir, brain);
        window.window().set_size(LogicalSize::new(360.0, 800.0));
        WINDOW.set((360.0, 800.0));
        window.show().unwrap();
        advance(20);
        Ui { window, app }
    }

    /// Resizes the window (logical pixels), as turning a phone or a smaller one does.
    fn resize(&self, width: f32, height: f32) {
        self.window
            .window()
            .set_size(LogicalSize::new(width, height));
        WINDOW.set((width, height));
        advance(20);
    }

    /// The text field labelled `label`, scrolled into view.
    fn field(&self, label: &str) -> ElementHandle {
        let found = self.reveal(|| {
            ElementHandle::find_by_accessible_label(&self.window, label)
                .filter(|e| e.accessible_role() == Some(AccessibleRole::TextInput) && on_screen(e))
                .collect()
        });
        assert_eq!(found.len(), 1, "one text field '{label}'");
        found[0].clone()
    }

    /// Types `text` into the field labelled `label` (as a keyboard's input arrives: the
    /// whole text at once, like a screen reader's "set value").
    fn type_into(&self, label: &str, text: &str) {
        self.field(label).set_accessible_value(text);
        advance(20);
    }

    /// The New game screen's summary of the game it will start.
    fn summary(&self) -> String {
        let found = self
            .window
            .root_element()
            .query_descendants()
            .match_predicate(|e| {
                e.accessible_role() == Some(AccessibleRole::Text)
                    && e.accessible_label().is_some_and(|l| l.contains(" · "))
            })
            .find_all();
        assert_eq!(found.len(), 1, "one summary: {:?}", labels(self));
        found[0].accessible_label().unwrap().to_string()
    }

    /// The elements with this accessible label that can be tapped and lie wholly on
    /// screen (only what is on screen can be tapped; the queries see nothing else of a
    /// scrolled page either).
    fn find(&self, label: &str) -> Vec<ElementHandle> {
        ElementHandle::find_by_accessible_label(&self.window, label)
            .filter(|e| {
                matches!(
                    e.accessible_role(),
                    Some(
                        AccessibleRole::Button
                            | AccessibleRole::RadioButton
                            | AccessibleRole::Switch
                    )
                ) && on_screen(e)
            })
            .collect()
    }

    /// Scrolls the page until `look` finds something, first down, then back up.
    fn reveal(&self, look: impl Fn() -> Vec<ElementHandle>) -> Vec<ElementHandle> {
        for delta in std::iter::repeat_n(-120.0, 25).chain(std::iter::repeat_n(120.0, 50)) {
            let found = look();
            if !found.is_empty() {
                return found;
            }
            self.window
                .window()
                .dispatch_event(WindowEvent::PointerScrolled {
                    position: slint::LogicalPosition::new(180.0, 400.0),
                    delta_x: 0.0,
                    delta_y: delta,
                });
            advance(20);
        }
        look()
    }

    /// Taps option `option` of the choice group labelled `group` (several groups can
    /// offer the same number, say "7").
    fn tap_in(&self, group: &str, option: &str) {
        let found = self.reveal(|| {
            let groups: Vec<_> = ElementHandle::find_by_accessible_label(&self.window, group)
                .filter(|e| e.accessible_role() == Some(AccessibleRole::RadioGroup))
                .collect();
            let Some(group) = groups.first() else {
                return Vec::new();
            };
            let option = option.to_string();
            group
                .query_descendants()
                .match_predicate(move |e| {
                    e.accessible_role() == Some(AccessibleRole::RadioButton)
                        && e.accessible_label().is_some_and(|l| l == option.as_str())
                        && on_screen(e)
                })
                .find_all()
        });
        assert_eq!(found.len(), 1, "one option in '{group}'");
        found[0].mock_single_click(PointerEventButton::Left);
        advance(20);
    }

    fn exists(&self, label: &str) -> bool {
        !self.find(label).is_empty()
    }

    fn tap(&self, label: &str) {
        let found = self.reveal(|| self.find(label));
        assert_eq!(
            found.len(),
            1,
            "expected one tappable '{label}', found {}",
            found.len()
        );
        found[0].mock_single_click(PointerEventButton::Left);
        advance(20);
    }

    /// Advances time until the computer has answered and every animation has ended.
    fn settle(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.app.is_busy() {
            assert!(
                Instant::now() < deadline,
                "the app stayed busy for a minute"
            );
            advance(50);
            std::thread::sleep(Duration::from_millis(1));
        }
        advance(20);
    }

    fn screen(&self) -> Screen {
        self.window.global::<mancala::Nav>().get_screen()
    }

    fn house_label(side: Side, house: u8) -> String {
        match side {
            Side::South => format!("Bottom house {house}"),
            Side::North => format!("Top house {house}"),
        }
    }

    /// A pit by its accessible id ("south-house-3", "north-store"), which stays the same
    /// in every language.
    fn pit(&self, id: &str) -> ElementHandle {
        let wanted = id.to_string();
        let found = self
            .window
            .root_element()
            .query_descendants()
            .match_predicate(move |e| e.accessible_id().is_some_and(|i| i == wanted.as_str()))
            .find_all();
        assert_eq!(
            found.len(),
            1,
            "one '{id}' on the board of {:?}; labels: {:?}",
            self.screen(),
            labels(self)
        );
        found[0].clone()
    }

    /// Seeds a pit shows, read from its accessible value like a screen reader would.
    fn shown_seeds(&self, id: &str) -> u32 {
        self.pit(id).accessible_value().unwrap().parse().unwrap()
    }

    fn house_id(side: Side, house: u8) -> String {
        match side {
            Side::South => format!("south-house-{house}"),
            Side::North => format!("north-house-{house}"),
        }
    }

    /// Every seed the board shows: houses of both rows and both stores.
    fn seeds_on_board(&self, houses: u8) -> u32 {
        let mut total = self.shown_seeds("south-store") + self.shown_seeds("north-store");
        for side in Side::BOTH {
            for house in 1..=houses {
                total += self.shown_seeds(&Ui::house_id(side, house));
            }
        }
        total
    }

    /// The houses lit for the player to move.
    fn lit_houses(&self, side: Side, houses: u8) -> Vec<u8> {
        (1..=houses)
            .filter(|&h| {
                self.find(&Ui::house_label(side, h))
                    .first()
                    .and_then(ElementHandle::accessible_enabled)
                    .unwrap_or(false)
            })
            .collect()
    }

    fn position(&self) -> Position {
        self.app.position().expect("a game on the board")
    }

    /// Home → Settings → the game → Back: where a game is chosen.
    fn choose_game(&self, name: &str) {
        self.tap("Settings");
        self.tap_in("Game", name);
        self.tap("Back");
    }

    /// Home → New game → options → Start.
    fn start_game(&self, options: &[(&str, &str)]) {
        self.tap("New game");
        assert_eq!(self.screen(), Screen::NewGame);
        for (group, option) in options {
            self.tap_in(group, option);
        }
        self.tap("Start");
        assert_eq!(self.screen(), Screen::Game);
        self.settle();
    }
}

/// Every accessible label in the window, for failure messages.
fn labels(ui: &Ui) -> Vec<String> {
    ui.window
        .root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_label().is_some_and(|l| !l.is_empty()))
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect()
}

thread_local! {
    /// The logical size of this thread's window (each test has its own thread).
    static WINDOW: std::cell::Cell<(f32, f32)> = const { std::cell::Cell::new((360.0, 800.0)) };
}

/// Wholly inside the window.
fn on_screen(e: &ElementHandle) -> bool {
    let (at, size) = (e.absolute_position(), e.size());
    let (width, height) = WINDOW.get();
    at.x >= 0.0
        && at.y >= 0.0
        && at.x + size.width <= width + 0.5
        && at.y + size.height <= height + 0.5
}

/// A small deterministic generator, so a failing run can be replayed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn two_people_play_a_whole_game_by_tapping_houses_to_the_game_over_panel() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.choose_game("Oware");
    ui.start_game(&[("Opponent", "Another person")]);
    let total = ui.position().total_seeds();
    let mut rng = Lcg(5);
    let mut taps = 0;
    while !ui.exists("Rematch") {
        let pos = ui.position();
        let mover = pos.side_to_move();
        let lit = ui.lit_houses(mover, 6);
        let legal: Vec<u8> = pos.legal_moves().iter().map(House::number).collect();
        assert_eq!(lit, legal, "the lit houses are the legal moves");
        let house = lit[rng.below(lit.len())];
        ui.tap(&Ui::house_label(mover, house));
        ui.settle();
        assert_eq!(ui.seeds_on_board(6), total, "seeds are conserved on screen");
        taps += 1;
        assert!(taps < 2000, "the game should have ended");
    }
    assert!(ui.position().is_over());
    assert!(ui.exists("Rematch") && ui.exists("New game"));
    ui.tap("Rematch");
    assert!(!ui.position().is_over());
    assert!(ui.app.record().unwrap().is_empty());
}

#[test]
fn every_difficulty_has_its_own_name_and_can_be_chosen() {
    // A level the store knows but the UI cannot name would read "Two players";
    // this fails until `Names.level` in ui/state.slint names it (and does not compile
    // until the English name below is given).
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    for level in Difficulty::ALL {
        let name = match level {
            Difficulty::Beginner => "Beginner",
            Difficulty::Casual => "Casual",
            Difficulty::Intermediate => "Intermediate",
            Difficulty::Strong => "Strong",
            Difficulty::Expert => "Expert",
        };
        ui.tap_in("Computer level", name);
        assert_eq!(ui.screen(), Screen::NewGame);
        assert_eq!(ui.app.settings().opponent, Opponent::Computer { level });
    }
    ui.tap_in("Opponent", "Another person");
    assert_eq!(ui.app.settings().opponent, Opponent::Human);
    // The computer comes back at the level it had.
    ui.tap_in("Opponent", "Computer");
    assert_eq!(
        ui.app.settings().opponent,
        Opponent::Computer {
            level: Difficulty::Expert
        }
    );
}

#[test]
fn the_computer_at_the_easiest_level_answers() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    // Kalah from the start: house 2 ends in house 6, so the turn passes to the computer.
    ui.tap("Bottom house 2");
    ui.settle();
    let pos = ui.position();
    let moves: Vec<u8> = ui
        .app
        .record()
        .unwrap()
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    assert!(moves.len() >= 2, "the computer answered: {moves:?}");
    assert!(
        pos.is_over() || pos.side_to_move() == Side::South,
        "the turn came back to the person"
    );
    assert!(!ui.lit_houses(Side::South, 6).is_empty());
}

#[test]
fn undo_takes_back_to_the_persons_move_and_redo_replays_it() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    ui.tap("Bottom house 2");
    ui.settle();
    let after_first = ui.position();
    let record_after_first = ui.app.record().unwrap();
    let lit = ui.lit_houses(Side::South, 6);
    ui.tap(&Ui::house_label(Side::South, lit[0]));
    ui.settle();
    let record_after_second = ui.app.record().unwrap();
    assert_ne!(record_after_first, record_after_second);

    ui.tap("Undo");
    ui.settle();
    assert_eq!(ui.position(), after_first);
    assert_eq!(ui.app.record().unwrap(), record_after_first);

    ui.tap("Redo");
    ui.settle();
    assert_eq!(ui.app.record().unwrap(), record_after_second);

    ui.tap("Undo");
    ui.tap("Undo");
    ui.settle();
    assert!(ui.app.record().unwrap().is_empty());
    assert_eq!(ui.seeds_on_board(6), 48);
}

#[test]
fn settings_reach_the_next_game_and_survive_a_restart() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Settings");
        ui.tap_in("Game", "Congkak");
        ui.tap_in("Houses per player", "7");
        ui.tap_in("Seeds per house", "5");
        ui.tap("Back");
        assert_eq!(ui.screen(), Screen::Home);
        ui.start_game(&[("Opponent", "Another person")]);
        let pos = ui.position();
        assert_eq!(pos.variant(), Variant::Congkak);
        assert_eq!(pos.rules().houses(), 7);
        assert_eq!(ui.seeds_on_board(7), pos.total_seeds());
        assert_eq!(ui.shown_seeds("north-house-7"), 5);
    }
    let ui = Ui::launch(dir.path());
    let settings = ui.app.settings();
    assert_eq!(settings.variant, Variant::Congkak);
    assert_eq!(settings.current_rules().houses(), 7);
    assert_eq!(settings.current_rules().seeds(), 5);
    assert_eq!(settings.opponent, Opponent::Human);
    let prefs = ui.window.global::<mancala::Prefs>();
    let chosen = |choices: slint::ModelRc<slint::SharedString>, index: i32| {
        choices.row_data(index as usize).map(|s| s.to_string())
    };
    assert_eq!(
        (
            prefs.get_variant(),
            chosen(prefs.get_house_choices(), prefs.get_houses_choice()),
            chosen(prefs.get_seed_choices(), prefs.get_seeds_choice()),
            prefs.get_level()
        ),
        (
            mancala::Variant::Congkak,
            Some("7".into()),
            Some("5".into()),
            mancala::Level::TwoPeople
        )
    );
}

#[test]
fn continue_after_a_restart_restores_the_exact_position() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (position, record) = {
        let ui = Ui::launch(dir.path());
        assert!(!ui.exists("Continue"), "nothing to continue yet");
        ui.start_game(&[("Opponent", "Another person")]);
        for (side, house) in [(Side::South, 3), (Side::South, 1), (Side::North, 2)] {
            ui.tap(&Ui::house_label(side, house));
            ui.settle();
        }
        ui.tap("Undo");
        ui.settle();
        (ui.position(), ui.app.record().unwrap())
    };
    let ui = Ui::launch(dir.path());
    assert_eq!(ui.screen(), Screen::Home);
    ui.tap("Continue");
    assert_eq!(ui.screen(), Screen::Game);
    assert_eq!(ui.position(), position);
    assert_eq!(ui.app.record().unwrap(), record);
    for (side, house) in [(Side::South, 1), (Side::North, 2)] {
        assert_eq!(
            ui.shown_seeds(&Ui::house_id(side, house)),
            position.house(side, House::new(house).unwrap()) as u32
        );
    }
    assert!(
        ui.find("Redo")[0].accessible_enabled().unwrap(),
        "the redo history came back too"
    );
}

/// A computer that thinks until told to stop, and says when it was told.
struct Stubborn {
    stopped: std::sync::Mutex<mpsc::Sender<()>>,
}

impl Brain for Stubborn {
    fn choose_move(&self, game: &Game, _level: Difficulty, cancel: &AtomicBool) -> House {
        while !cancel.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = self.stopped.lock().unwrap().send(());
        game.position()
            .legal_moves()
            .first()
            .unwrap_or(House::new(1).unwrap())
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let house = self.choose_move(game, Difficulty::Expert, cancel);
        Some(Advice {
            moves: vec![MoveValue {
                house,
                value: 0,
                exact: false,
            }],
        })
    }

    fn review(
        &self,
        game: &Game,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<mancala::ai::MoveReview>> {
        progress(1, game.moves().len());
        let _ = self.choose_move(game, Difficulty::Expert, cancel);
        None
    }
}

#[test]
fn leaving_the_game_or_undoing_cancels_the_computers_search() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (sender, stopped) = mpsc::channel();
    let brain = Arc::new(Stubborn {
        stopped: std::sync::Mutex::new(sender),
    });
    let ui = Ui::launch_with(dir.path(), brain);
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    ui.tap_in("Computer level", "Expert");
    ui.tap("Start");
    ui.tap("Bottom house 2");
    for _ in 0..20 {
        advance(50); // the animation ends and the search starts
    }
    assert!(ui.app.is_busy(), "the computer is thinking");
    ui.tap("Back");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("leaving the screen cancelled the search");
    assert!(!ui.app.is_busy());

    ui.tap("Continue");
    advance(50);
    assert!(
        ui.app.is_busy(),
        "back on the game screen the computer thinks again"
    );
    ui.tap("Undo");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("undo cancelled the search");
    assert!(ui.app.record().unwrap().is_empty());
}

#[test]
fn thousands_of_random_taps_never_panic_or_lose_a_seed() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let mut rng = Lcg(2026);
    let mut longest_game = 0;
    let mut screens = std::collections::HashSet::new();
    for tap in 0..3000 {
        let targets: Vec<ElementHandle> = ui
            .window
            .root_element()
            .query_descendants()
            .match_predicate(|e| {
                matches!(
                    e.accessible_role(),
                    Some(
                        AccessibleRole::Button
                            | AccessibleRole::RadioButton
                            | AccessibleRole::Switch
                    )
                ) && e.accessible_label().is_some_and(|l| !l.is_empty())
                    && on_screen(e)
            })
            .find_all();
        assert!(
            !targets.is_empty(),
            "tap {tap}: nothing to tap on {:?}",
            ui.screen()
        );
        if rng.below(8) == 0 {
            // A swipe now and then, so long pages are explored to the end.
            let delta = if rng.below(2) == 0 { -250.0 } else { 250.0 };
            ui.window
                .window()
                .dispatch_event(WindowEvent::PointerScrolled {
                    position: slint::LogicalPosition::new(180.0, 400.0),
                    delta_x: 0.0,
                    delta_y: delta,
                });
        } else {
            let target = &targets[rng.below(targets.len())];
            target.mock_single_click(PointerEventButton::Left);
        }
        // Sometimes let the computer and the animation finish, sometimes tap on at once.
        if rng.below(3) == 0 {
            ui.settle();
        } else {
            advance(rng.below(200) as u64);
        }
        screens.insert(format!("{:?}", ui.screen()));
        if let Some(pos) = ui.app.position() {
            let on_board: u32 = pos.pits().iter().map(|&s| s as u32).sum();
            assert_eq!(
                on_board,
                pos.total_seeds(),
                "tap {tap}: the engine lost seeds"
            );
            if ui.screen() == Screen::Game && !ui.app.is_busy() {
                assert_eq!(
                    ui.seeds_on_board(pos.rules().houses()),
                    pos.total_seeds(),
                    "tap {tap}: the board shows a wrong count"
                );
            }
            longest_game = longest_game.max(ui.app.record().unwrap().split_whitespace().count());
        }
    }
    // The monkey must have wandered through the app and played, or it proved nothing.
    assert!(screens.len() >= 5, "screens visited: {screens:?}");
    assert!(
        longest_game >= 5,
        "the longest game had {longest_game} moves"
    );
}

#[test]
fn an_expert_search_never_blocks_the_ui_thread() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    ui.tap_in("Computer level", "Expert");
    ui.tap_in("Who moves first", "Computer");
    ui.tap("Start");
    assert!(ui.app.is_busy(), "the computer thinks first");
    ui.app.restart_ui_work_measure();
    // Frames every 16 ms of real time while the search runs on its thread; each frame's
    // work on the UI thread (timers, polling, bindings) is timed.
    let mut longest_frame = Duration::ZERO;
    let mut frames = 0;
    let started = Instant::now();
    while ui.app.is_busy() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the expert never answered"
        );
        let frame = Instant::now();
        advance(16);
        longest_frame = longest_frame.max(frame.elapsed());
        frames += 1;
        std::thread::sleep(Duration::from_millis(16));
    }
    let search = started.elapsed();
    eprintln!(
        "expert search: {:.0} ms over {frames} frames; longest UI frame {:.2} ms; \
         longest controller call {:.2} ms",
        search.as_secs_f64() * 1e3,
        longest_frame.as_secs_f64() * 1e3,
        ui.app.busiest_ui_work().as_secs_f64() * 1e3
    );
    assert!(ui.app.record().unwrap().split_whitespace().count() >= 1);
    // The target is one 16 ms frame (README, "The app"); the bound here is looser so a
    // loaded CI machine does not fail it, yet a search on the UI thread (the expert
    // thinks for most of a second) fails it at once.
    let bound = Duration::from_millis(50);
    assert!(
        longest_frame < bound,
        "a frame took {longest_frame:?} while the computer was thinking"
    );
    assert!(
        ui.app.busiest_ui_work() < bound,
        "a callback took {:?} while the computer was thinking",
        ui.app.busiest_ui_work()
    );
}

/// The labels of the buttons on screen, so a failed look-up shows what the screen says.
fn buttons(ui: &Ui) -> Vec<String> {
    ui.window
        .root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_role() == Some(AccessibleRole::Button))
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect()
}

fn font_family(ui: &Ui) -> String {
    ui.window
        .global::<mancala::Theme>()
        .get_font_family()
        .to_string()
}

#[test]
fn a_language_chosen_in_settings_translates_the_whole_ui_at_once_and_is_remembered() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.app.set_system_locales(vec!["en_GB.UTF-8".into()]);
        ui.tap("Settings");
        // Each language is named in itself, so a player finds their own.
        ui.tap("ไทย");
        assert!(ui.exists("กลับ"), "Back in Thai: {:?}", buttons(&ui));
        assert_eq!(font_family(&ui), "Mancala Thai");
        ui.tap("กลับ");
        for label in ["เกมใหม่", "การตั้งค่า", "กติกา", "สถิติ"]
        {
            assert!(ui.exists(label), "home shows {label}: {:?}", buttons(&ui));
        }
        ui.tap("การตั้งค่า");
        ui.tap("မြန်မာ");
        // Burmese syllables are joined by word joiners (U+2060) where a line must not break.
        assert!(
            ui.exists("နော\u{2060}က်\u{2060}သို့"),
            "Back in Burmese: {:?}",
            buttons(&ui)
        );
        assert_eq!(font_family(&ui), "Mancala Myanmar");
        assert_eq!(
            ui.app.settings().language,
            mancala::store::Language::Burmese
        );
    }
    // After a restart the saved language speaks from the first frame.
    let ui = Ui::launch(dir.path());
    ui.app.set_system_locales(vec!["en_GB.UTF-8".into()]);
    assert!(
        ui.exists("ဂိ\u{2060}မ်း\u{2060}အ\u{2060}သ\u{2060}စ်"),
        "New game in Burmese: {:?}",
        buttons(&ui)
    );
    assert_eq!(font_family(&ui), "Mancala Myanmar");
}

#[test]
fn same_as_the_system_follows_the_devices_language() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.app
        .set_system_locales(vec!["ms_MY.UTF-8".into(), "en_US".into()]);
    assert_eq!(ui.app.settings().language, mancala::store::Language::System);
    assert!(
        ui.exists("Tetapan"),
        "Settings in Malay: {:?}",
        buttons(&ui)
    );
    assert_eq!(font_family(&ui), "Noto Sans");
    ui.tap("Tetapan");
    ui.tap("English");
    assert!(ui.exists("Back"), "English once chosen: {:?}", buttons(&ui));
    ui.tap_in("Language", "Same as the system");
    assert!(ui.exists("Kembali"), "Malay again: {:?}", buttons(&ui));
    assert_eq!(ui.app.settings().language, mancala::store::Language::System);
}

const BEGINNER: Opponent = Opponent::Computer {
    level: Difficulty::Beginner,
};

/// A Kalah game against the computer one move from its end, the person (South) to play
/// that move, saved in `dir` as a game to continue. Returns the ending house.
fn save_a_game_one_move_from_its_end(dir: &Path) -> u8 {
    for seed in 1.. {
        let mut rng = Lcg(seed);
        let mut game = Game::new(Rules::new(Variant::Kalah));
        while !game.is_over() {
            let legal: Vec<House> = game.legal_moves().iter().collect();
            let ends = |&house: &House| {
                let mut after = game.clone();
                after.play(house).unwrap();
                after.is_over()
            };
            if game.position().side_to_move() == Side::South {
                if let Some(end) = legal.iter().find(|h| ends(h)) {
                    let saved = SavedGame::from_game(&game, BEGINNER);
                    Store::open(dir).save_game(&saved).unwrap();
                    return end.number();
                }
            }
            if legal.iter().any(ends) {
                break; // the computer would end it; try another game
            }
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
    unreachable!()
}

/// Games counted against the Beginner in Kalah.
fn counted(ui: &Ui) -> u32 {
    let stats = ui.app.stats();
    stats
        .get(Variant::Kalah, BEGINNER)
        .map_or(0, |row| row.played())
}

#[test]
fn a_game_ended_just_before_the_app_is_killed_is_counted_once() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let end = save_a_game_one_move_from_its_end(dir.path());
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Continue");
        ui.tap(&Ui::house_label(Side::South, end));
        assert!(ui.app.is_busy(), "the last move is still being shown");
        // Killed here: the window and the app go without another tick.
    }
    let ui = Ui::launch(dir.path());
    assert_eq!(counted(&ui), 1, "the finished game counts");
    assert!(
        !ui.exists("Continue"),
        "a finished game is not offered again"
    );
}

#[test]
fn a_finished_game_undone_resumed_and_finished_again_is_counted_once() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let end = save_a_game_one_move_from_its_end(dir.path());
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Continue");
        ui.tap(&Ui::house_label(Side::South, end));
        ui.settle();
        assert!(ui.position().is_over());
        assert_eq!(counted(&ui), 1);
        ui.tap("Look at the board");
        ui.tap("Undo");
        ui.settle();
        assert!(!ui.position().is_over());
    }
    let ui = Ui::launch(dir.path());
    ui.tap("Continue");
    ui.tap(&Ui::house_label(Side::South, end));
    ui.settle();
    assert!(ui.position().is_over());
    assert_eq!(counted(&ui), 1, "the same game, counted once");
    drop(ui);
    let ui = Ui::launch(dir.path());
    assert_eq!(counted(&ui), 1, "and so it stays after a restart");
}

#[test]
fn huge_statistics_show_as_the_largest_count_never_negative() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let row = r#"{"variant":"kalah","opponent":{"kind":"computer","level":1},"won":4294967295,"lost":4294967295,"drawn":3000000000,"current_streak":4294967295,"best_streak":4294967295}"#;
    std::fs::write(
        dir.path().join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{row}]}}"#),
    )
    .unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    advance(50);
    let shown = labels(&ui).join(" | ");
    assert!(shown.contains("2147483647 games"), "{shown}");
    let values: Vec<i64> = ui
        .window
        .root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_value().is_some_and(|v| !v.is_empty()))
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_value()?.parse().ok())
        .collect();
    assert_eq!(values.len(), 5, "five counts: {values:?}");
    assert!(values.iter().all(|&v| v == i32::MAX as i64), "{values:?}");
}

/// Fails the whole test binary if `work` does not return within `seconds`: a start that
/// blocks must fail, not hang CI.
fn within<R>(seconds: u64, what: &str, work: impl FnOnce() -> R) -> R {
    let (done, finished) = mpsc::channel::<()>();
    let what = what.to_string();
    std::thread::spawn(move || {
        let waited = finished.recv_timeout(Duration::from_secs(seconds));
        if waited == Err(mpsc::RecvTimeoutError::Timeout) {
            eprintln!("{what} did not finish within {seconds} s");
            std::process::abort();
        }
    });
    let result = work();
    let _ = done.send(());
    result
}

/// The window is up and its first frame laid out (`Ui::launch` shows it and lets time
/// pass).
fn first_frame(ui: &Ui) {
    assert!(ui.window.window().is_visible());
    assert_eq!(ui.screen(), Screen::Home);
}

fn shown_text(ui: &Ui) -> String {
    labels(ui).join(" | ")
}

#[cfg(unix)]
#[test]
fn bad_data_files_never_block_the_start_and_the_banner_names_where_they_were_kept() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success());
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("settings.json")).unwrap();
    std::fs::create_dir(dir.path().join("stats.json")).unwrap();
    let ui = within(30, "starting on bad data", || {
        let ui = Ui::launch(dir.path());
        first_frame(&ui);
        ui
    });
    let shown = shown_text(&ui);
    assert!(
        shown.contains("Some saved data could not be read. It was set aside"),
        "{shown}"
    );
    for file in ["game.json", "settings.json", "stats.json"] {
        let kept = format!("{file} was kept as {file}.corrupt-");
        assert!(shown.contains(&kept), "{kept}: {shown}");
    }
    assert!(!shown.contains("not being saved"), "saving works: {shown}");
    ui.tap("OK");
    assert!(!shown_text(&ui).contains("could not be read"), "dismissed");
    ui.start_game(&[("Opponent", "Another person")]);
    ui.tap("Bottom house 1");
    ui.settle();
    assert!(
        dir.path().join("game.json").is_file(),
        "saved as a real file"
    );
}

#[test]
fn a_data_folder_that_is_a_file_says_once_that_nothing_is_saved_and_play_goes_on() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("data");
    std::fs::write(&not_a_folder, b"a file").unwrap();
    let ui = within(30, "starting with a file as the data folder", || {
        let ui = Ui::launch(&not_a_folder);
        first_frame(&ui);
        ui
    });
    let told = "Your progress is not being saved: the data folder is a file, not a folder.";
    let shown = shown_text(&ui);
    assert!(shown.contains(told), "{shown}");
    assert!(
        !shown.contains("could not be read"),
        "no file was bad: {shown}"
    );
    ui.start_game(&[("Opponent", "Another person")]);
    assert!(
        shown_text(&ui).contains(told),
        "the game screen says it too"
    );
    ui.tap("OK");
    for house in [1, 2] {
        ui.tap(&Ui::house_label(ui.position().side_to_move(), house));
        ui.settle();
    }
    assert_eq!(ui.app.record().unwrap(), "1 2", "play goes on");
    assert!(!shown_text(&ui).contains(told), "told once");
    assert_eq!(std::fs::read(&not_a_folder).unwrap(), b"a file");
}

#[cfg(unix)]
#[test]
fn a_read_only_data_folder_keeps_the_bad_file_in_place_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("settings.json"), b"garbage").unwrap();
    let mode = |m| std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(m));
    mode(0o555).unwrap();
    if mancala::store::atomic::probe_dir(dir.path()).is_ok() {
        eprintln!("skipped: this user (root?) can write a read-only folder");
        return;
    }
    let ui = within(30, "starting in a read-only folder", || {
        let ui = Ui::launch(dir.path());
        first_frame(&ui);
        ui
    });
    let shown = shown_text(&ui);
    mode(0o755).unwrap();
    assert!(
        shown.contains("settings.json could not be read, nor set aside"),
        "{shown}"
    );
    assert!(
        !shown.contains("It was set aside"),
        "nothing was moved: {shown}"
    );
    assert!(shown.contains("the data folder is read-only"), "{shown}");
}

// ---- issue 13: game over says why, statistics reset, no surprises ------------------------

/// A game from a hand-made position (`houses` South then North), `moves` played on it.
fn game_from(rules: Rules, houses: [&[u8]; 2], stores: [u8; 2], first: Side, moves: &[u8]) -> Game {
    let start = Position::from_parts(rules, houses, stores, first).unwrap();
    let mut game = Game::from_start(start);
    for &m in moves {
        game.play(House::new(m).unwrap()).unwrap();
    }
    game
}

/// Shows `game` (one move from its end), plays `last` by tapping it and returns every
/// text on screen once the game-over panel is up.
fn finish_by_tapping(ui: &Ui, game: Game, opponent: Opponent, last: (Side, u8)) -> String {
    ui.app.show_game(game, opponent);
    advance(20);
    assert!(!ui.position().is_over(), "one move from the end");
    ui.tap(&Ui::house_label(last.0, last.1));
    ui.settle();
    assert!(ui.position().is_over());
    assert!(
        ui.exists("Rematch"),
        "the game-over panel: {}",
        shown_text(ui)
    );
    shown_text(ui)
}

fn says(shown: &str, sentence: &str) {
    assert!(shown.contains(sentence), "'{sentence}' in: {shown}");
}

#[test]
fn the_game_over_panel_names_the_end_reason_for_each_kind_of_ending() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let (oware, kalah) = (Rules::new(Variant::Oware), Rules::new(Variant::Kalah));

    // Oware, majority: South's 2 seeds capture 2 + 3 and reach 27 of 48; North's other
    // 5 seeds stay in its houses.
    let majority = game_from(
        oware,
        [&[0, 0, 0, 0, 0, 2], &[1, 2, 5, 0, 0, 0]],
        [22, 16],
        Side::South,
        &[],
    );
    let shown = finish_by_tapping(&ui, majority, Opponent::Human, (Side::South, 6));
    says(&shown, "Player 1 wins!");
    says(&shown, "Player 1 finished 11 seeds ahead.");
    says(&shown, "Player 1 captured more than half of the 48 seeds.");
    says(
        &shown,
        "The 5 seeds left in the houses stay there and count for nobody.",
    );
    // Looking at the board keeps the explanation, in one line under it.
    ui.tap("Look at the board");
    assert!(!ui.exists("Rematch"), "the panel is put aside");
    says(
        &shown_text(&ui),
        "Player 1 captured more than half of the 48 seeds. The 5 seeds left in the houses stay there and count for nobody.",
    );

    // Kalah, no seeds: South's last seed goes into its store; North's 9 go to North.
    let no_seeds = game_from(
        kalah,
        [&[0, 0, 0, 0, 0, 1], &[4, 5, 0, 0, 0, 0]],
        [20, 18],
        Side::South,
        &[],
    );
    let shown = finish_by_tapping(&ui, no_seeds, BEGINNER, (Side::South, 6));
    says(&shown, "The computer wins");
    says(&shown, "The computer finished 6 seeds ahead.");
    says(&shown, "You have no seeds left in your houses.");
    says(
        &shown,
        "The 9 seeds left on the board went to the computer's store.",
    );
    says(&shown, "Wins in a row against Beginner: 0 (best: 0)");

    // Oware, cannot feed: North plays its last seed and no South move reaches North.
    let starving = game_from(
        oware,
        [&[3, 1, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1]],
        [20, 23],
        Side::North,
        &[],
    );
    let shown = finish_by_tapping(&ui, starving, Opponent::Human, (Side::North, 6));
    says(&shown, "Player 1 finished 2 seeds ahead.");
    says(
        &shown,
        "Player 1 had to give the opponent seeds, and no move could.",
    );
    says(&shown, "Player 1 took the 5 seeds left on their side.");

    // Oware, repetition: two lone seeds chase each other round to the start again.
    let chase = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5];
    let repeated = game_from(
        oware,
        [&[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1]],
        [23, 21],
        Side::South,
        &chase,
    );
    let shown = finish_by_tapping(&ui, repeated, Opponent::Human, (Side::North, 5));
    says(&shown, "The same position came back a second time.");
    says(
        &shown,
        "Each player took the seeds left on their side: 1 for Player 1, 1 for Player 2.",
    );
    says(&shown, "Player 1 finished 2 seeds ahead.");

    // Resignation, against the computer, before anyone has a seed in store.
    ui.app.show_game(Game::new(kalah), BEGINNER);
    advance(20);
    ui.tap("Resign");
    let confirm = ui.find("Resign");
    confirm
        .last()
        .unwrap()
        .mock_single_click(PointerEventButton::Left);
    advance(20);
    ui.settle();
    let shown = shown_text(&ui);
    says(&shown, "The computer wins");
    says(&shown, "You resigned.");
    says(
        &shown,
        "A resignation loses the game, whatever the stores hold.",
    );
    assert!(
        !shown.contains("seeds ahead"),
        "the stores do not decide: {shown}"
    );
}

#[test]
fn a_tap_on_the_computers_row_on_your_turn_says_whose_house_it_is() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.app
        .show_game(Game::new(Rules::new(Variant::Kalah)), BEGINNER);
    advance(20);
    ui.tap(&Ui::house_label(Side::North, 2));
    let shown = shown_text(&ui);
    says(&shown, "Your turn: tap a lit house");
    says(
        &shown,
        "That house is the computer's. Tap a lit house in your row.",
    );
    assert!(!shown.contains("Wait"), "no contradiction: {shown}");
    assert!(ui.app.record().unwrap().is_empty());
}

/// A statistics file with results in all three games.
fn three_games_of_statistics(dir: &Path) {
    let row = |variant: &str, level: u8, won: u32| {
        format!(
            r#"{{"variant":"{variant}","opponent":{{"kind":"computer","level":{level}}},"won":{won},"lost":1,"current_streak":{won},"best_streak":{won}}}"#
        )
    };
    let rows = [
        row("kalah", 1, 3),
        row("kalah", 4, 1),
        row("oware", 2, 2),
        row("congkak", 3, 5),
    ];
    std::fs::write(
        dir.join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{}]}}"#, rows.join(",")),
    )
    .unwrap();
}

/// The variants that have results, in the app and in the file on disk.
fn variants_counted(ui: &Ui, dir: &Path) -> (Vec<Variant>, Vec<Variant>) {
    let variants = |stats: mancala::store::Stats| {
        let mut v: Vec<Variant> = stats.rows().iter().map(|r| r.variant).collect();
        v.dedup();
        v
    };
    (
        variants(ui.app.stats()),
        variants(Store::open(dir).load_stats()),
    )
}

#[test]
fn resetting_statistics_clears_exactly_what_was_chosen() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    three_games_of_statistics(dir.path());
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    let all = vec![Variant::Kalah, Variant::Oware, Variant::Congkak];
    assert_eq!(variants_counted(&ui, dir.path()), (all.clone(), all));

    // Chosen, then thought better of: nothing goes.
    ui.tap("Reset statistics");
    ui.tap("Oware");
    says(&shown_text(&ui), "Clear the Oware statistics?");
    ui.tap("Cancel");
    assert_eq!(variants_counted(&ui, dir.path()).0.len(), 3);

    // One game: Oware goes, against every opponent; Kalah (two levels) and Congkak stay.
    ui.tap("Reset statistics");
    ui.tap("Oware");
    ui.tap("Clear");
    let kept = vec![Variant::Kalah, Variant::Congkak];
    assert_eq!(variants_counted(&ui, dir.path()), (kept.clone(), kept));
    assert_eq!(ui.app.stats().rows().len(), 3, "both Kalah levels kept");
    let kalah = ui
        .app
        .stats()
        .get(Variant::Kalah, BEGINNER)
        .copied()
        .unwrap();
    assert_eq!((kalah.won, kalah.lost, kalah.best_streak), (3, 1, 3));
    assert!(!shown_text(&ui).contains("Oware ·"), "no Oware card left");

    // All of them.
    ui.tap("Reset statistics");
    ui.tap("All games");
    says(&shown_text(&ui), "Clear all statistics?");
    ui.tap("Clear");
    assert_eq!(variants_counted(&ui, dir.path()), (vec![], vec![]));
    says(&shown_text(&ui), "No finished games yet.");
    assert!(!ui.exists("Reset statistics"), "nothing left to reset");
}

#[test]
fn a_new_game_over_an_unfinished_one_asks_first() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.start_game(&[("Opponent", "Another person")]);
    ui.tap("Bottom house 1");
    ui.settle();
    let record = ui.app.record().unwrap();
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Home);

    // Start asks, and says what becomes of the unfinished game.
    ui.tap("New game");
    ui.tap("Start");
    assert_eq!(ui.screen(), Screen::NewGame, "not started yet");
    let shown = shown_text(&ui);
    says(&shown, "Start a new game?");
    says(
        &shown,
        "Your unfinished Kalah game (0 – 0) will be discarded. It is not counted in the statistics.",
    );
    // Escape is "not now": the question goes, the game stays.
    press_key(&ui, slint::platform::Key::Escape);
    assert_eq!(ui.screen(), Screen::NewGame);
    assert!(!shown_text(&ui).contains("Start a new game?"));
    assert_eq!(ui.app.record().unwrap(), record);

    // Keep playing goes back to it.
    ui.tap("Start");
    ui.tap("Keep playing");
    assert_eq!(ui.screen(), Screen::Game);
    assert_eq!(ui.app.record().unwrap(), record);

    // Starting the new game discards it, uncounted.
    ui.tap("Back");
    ui.tap("New game");
    ui.tap("Start");
    ui.tap("Start the new game");
    assert_eq!(ui.screen(), Screen::Game);
    assert!(ui.app.record().unwrap().is_empty());
    assert!(
        ui.app.stats().rows().is_empty(),
        "the unfinished game is not counted"
    );

    // A finished game is nothing to lose: no question.
    ui.tap("Resign");
    let confirm = ui.find("Resign");
    confirm
        .last()
        .unwrap()
        .mock_single_click(PointerEventButton::Left);
    advance(20);
    ui.tap("New game");
    ui.tap("Start");
    assert_eq!(ui.screen(), Screen::Game, "started at once");
}

/// Presses and releases `key` in the window.
fn press_key(ui: &Ui, key: slint::platform::Key) {
    let text: slint::SharedString = key.into();
    let window = ui.window.window();
    window.dispatch_event(WindowEvent::KeyPressed { text: text.clone() });
    window.dispatch_event(WindowEvent::KeyReleased { text });
    advance(20);
}

#[test]
fn escape_on_home_asks_the_app_to_leave_and_back_elsewhere_goes_back() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let left = std::rc::Rc::new(std::cell::Cell::new(0));
    let count = left.clone();
    ui.app.on_leave(move || count.set(count.get() + 1));
    ui.tap("Settings");
    press_key(&ui, slint::platform::Key::Escape);
    assert_eq!(ui.screen(), Screen::Home, "Escape goes back a screen");
    assert_eq!(left.get(), 0, "and does not leave from there");
    press_key(&ui, slint::platform::Key::Escape);
    assert_eq!(left.get(), 1, "Escape on home leaves the app");
    // Android's Back on home is left to Android, which closes the app itself.
    press_key(&ui, slint::platform::Key::Back);
    assert_eq!(left.get(), 1);
}

#[test]
fn a_single_result_keeps_its_card_small_and_its_numbers_by_their_labels() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let row = r#"{"variant":"kalah","opponent":{"kind":"computer","level":1},"won":1}"#;
    std::fs::write(
        dir.path().join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{row}]}}"#),
    )
    .unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    // A wide window, where a card stretched to fit would set "Won" far from "Lost".
    ui.window.window().set_size(LogicalSize::new(1200.0, 800.0));
    advance(50);
    let card: Vec<_> = ElementHandle::find_by_accessible_label(&ui.window, "Kalah · Beginner")
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Groupbox))
        .collect();
    assert_eq!(card.len(), 1, "{}", shown_text(&ui));
    let size = card[0].size();
    assert!(size.height < 300.0, "the card keeps its height: {size:?}");
    assert!(size.width <= 600.0, "and a phone's width: {size:?}");
}

#[test]
fn a_hint_says_it_is_thinking_then_how_the_game_stands_within_about_a_second() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    // Kalah's opening against the computer, the person to move: the real search.
    ui.app
        .load_record(
            Rules::new(Variant::Kalah),
            Opponent::Computer {
                level: Difficulty::Beginner,
            },
            &[],
        )
        .unwrap();
    advance(20);
    let started = Instant::now();
    ui.tap("Hint");
    assert!(
        shown_text(&ui).contains("Looking for your best move"),
        "{}",
        shown_text(&ui)
    );
    while ui.app.is_busy() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the hint never came"
        );
        advance(16);
        std::thread::sleep(Duration::from_millis(5));
    }
    let waited = started.elapsed();
    advance(20);
    let text = shown_text(&ui);
    eprintln!(
        "hint at Kalah's opening: {:.0} ms",
        waited.as_secs_f64() * 1e3
    );
    // The opening is an estimate (no table is built for a hint), and the choice matters
    // there: house 3's extra turn is worth seeds.
    assert!(text.contains("Hint: house "), "{text}");
    assert!(
        text.contains("Every other move gives up at least")
            || text.contains("Another move is just as good"),
        "{text}"
    );
    assert!(!text.contains("Looking for your best move"), "{text}");
    // About a second (900 ms of search) plus the polling; building Kalah's endgame table
    // on the way, as hints once did, takes several seconds and fails this.
    assert!(waited < Duration::from_secs(4), "the hint took {waited:?}");
}

#[test]
fn each_game_keeps_its_own_board_and_rules_and_its_games_use_them() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let congkak = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .empty_capture(true)
        .build()
        .unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Settings");
        ui.tap_in("Game", "Congkak");
        ui.tap_in("Houses per player", "7");
        ui.tap_in("Seeds per house", "7");
        ui.tap("Capture opposite an empty house");
        ui.tap_in("Game", "Kalah");
        let prefs = ui.window.global::<mancala::Prefs>();
        assert_eq!(
            (prefs.get_houses(), prefs.get_seeds()),
            (6, 4),
            "Kalah's own"
        );
        assert!(!prefs.get_empty_capture(), "Kalah's own option");
        ui.tap_in("Seeds per house", "5");
        ui.tap_in("Game", "Congkak");
        assert_eq!((prefs.get_houses(), prefs.get_seeds()), (7, 7));
        assert!(prefs.get_empty_capture(), "Congkak kept its option");
        assert_eq!(ui.app.settings().rules_for(Variant::Congkak), congkak);
        assert_eq!(ui.app.settings().rules_for(Variant::Kalah).seeds(), 5);
        ui.tap("Back");
        ui.tap("New game");
        assert_eq!(
            ui.summary(),
            "Congkak · 7 houses per player · 7 seeds per house · Captures opposite an empty house too"
        );
        ui.tap_in("Opponent", "Another person");
        ui.tap("Start");
        ui.settle();
        assert_eq!(
            ui.position().rules(),
            congkak,
            "the game is played with them"
        );
        assert_eq!(ui.shown_seeds("north-house-7"), 7);
    }
    // After a restart, each game still has its own.
    let ui = Ui::launch(dir.path());
    let settings = ui.app.settings();
    assert_eq!(settings.rules_for(Variant::Congkak), congkak);
    assert_eq!(
        settings.rules_for(Variant::Kalah),
        Rules::new(Variant::Kalah).with_seeds(5).unwrap()
    );
    ui.tap("New game");
    assert_eq!(
        ui.summary(),
        "Congkak · 7 houses per player · 7 seeds per house · Captures opposite an empty house too"
    );
    // "Change" opens the game section of Settings, and Back returns to New game.
    ui.tap("Change");
    assert_eq!(ui.screen(), Screen::Settings);
    ui.tap_in("Game", "Kalah");
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::NewGame);
    assert_eq!(
        ui.summary(),
        "Kalah · 6 houses per player · 5 seeds per house · No capture opposite an empty house"
    );
}

#[test]
fn new_game_shows_what_it_starts_and_start_is_on_screen_upright_and_sideways() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("New game");
    for (width, height) in [(360.0, 640.0), (640.0, 360.0)] {
        ui.resize(width, height);
        // With the computer's levels or the two people's names shown, Start stays pinned
        // on screen without any scrolling, and the summary opens the page.
        for opponent in ["Computer", "Another person"] {
            ui.tap_in("Opponent", opponent);
            ui.reveal(|| ui.find("Change"));
            let start = ui.find("Start");
            assert_eq!(start.len(), 1, "Start on screen at {width}x{height}");
            let bottom = start[0].absolute_position().y + start[0].size().height;
            assert!(
                bottom <= height + 0.5,
                "Start's bottom {bottom} at {width}x{height}"
            );
            assert!(ui
                .summary()
                .starts_with("Kalah · 6 houses per player · 4 seeds per house"));
        }
    }
}

#[test]
fn names_given_for_two_people_show_in_the_game_and_survive_a_restart_and_blank_falls_back() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("New game");
        ui.tap_in("Opponent", "Another person");
        ui.type_into("Bottom player's name", "Ann");
        ui.type_into("Top player's name", "Ben");
        // The choice of who moves first names them too.
        ui.tap_in("Who moves first", "Ann");
        ui.tap("Start");
        ui.settle();
        says(&shown_text(&ui), "Ann's turn: tap a lit house");
        assert!(labels(&ui).iter().any(|l| l == "Ben"), "Ben's bar");
        let majority = game_from(
            Rules::new(Variant::Oware),
            [&[0, 0, 0, 0, 0, 2], &[1, 2, 5, 0, 0, 0]],
            [22, 16],
            Side::South,
            &[],
        );
        let shown = finish_by_tapping(&ui, majority, Opponent::Human, (Side::South, 6));
        says(&shown, "Ann wins!");
        says(&shown, "Ann finished 11 seeds ahead.");
    }
    let ui = Ui::launch(dir.path());
    let names = ui.app.settings().names;
    assert_eq!((names.south.as_str(), names.north.as_str()), ("Ann", "Ben"));
    ui.tap("New game");
    assert_eq!(
        ui.field("Bottom player's name")
            .accessible_value()
            .as_deref(),
        Some("Ann")
    );
    // A blank name falls back to the default; a long one is cut to the limit.
    ui.type_into("Bottom player's name", "   ");
    ui.type_into("Top player's name", "Benedict Cumberbatch the Third");
    let field = ui.field("Top player's name");
    assert_eq!(
        field.accessible_value().as_deref(),
        Some("Benedict Cumberb")
    );
    assert_eq!(
        field.accessible_placeholder_text().as_deref(),
        Some("Player 2")
    );
    ui.tap("Start");
    // The first run's game is still saved, unfinished: the app asks before replacing it.
    if ui.exists("Start the new game") {
        ui.tap("Start the new game");
    }
    ui.settle();
    says(&shown_text(&ui), "Player 1's turn: tap a lit house");
    assert!(
        labels(&ui).iter().any(|l| l == "Benedict Cumberb"),
        "{:?}",
        labels(&ui)
    );
    let names = ui.app.settings().names;
    assert_eq!(names.north.chars().count(), mancala::store::MAX_NAME_LEN);
}

// ---- game review -----------------------------------------------------------------------

impl Ui {
    /// Two people play Kalah with 3 seeds a house, each taking the lowest house they
    /// may, until the game-over panel shows.
    fn play_a_short_game(&self) {
        self.tap("Settings");
        self.tap_in("Game", "Kalah");
        self.tap_in("Seeds per house", "3");
        self.tap("Back");
        self.start_game(&[("Opponent", "Another person")]);
        while !self.exists("Rematch") {
            let mover = self.position().side_to_move();
            let lit = self.lit_houses(mover, 6);
            self.tap(&Ui::house_label(mover, lit[0]));
            self.settle();
        }
    }

    fn review_state(&self) -> mancala::ReviewState<'_> {
        self.window.global::<mancala::ReviewState>()
    }

    /// Lets the review's worker run (in real time) until it is done.
    fn wait_for_review(&self) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.review_state().get_running() {
            assert!(Instant::now() < deadline, "the review took two minutes");
            advance(100);
            std::thread::sleep(Duration::from_millis(5));
        }
        advance(20);
    }

    /// The caption of the position the review shows ("Move 3 of 40: ..." and its words).
    fn review_caption(&self) -> String {
        let found = self
            .window
            .root_element()
            .query_descendants()
            .match_predicate(|e| {
                e.accessible_role() == Some(AccessibleRole::Text)
                    && e.accessible_label().is_some_and(|l| {
                        l.starts_with("Move ") && l.contains(" of ")
                            || l.starts_with("Final position")
                    })
            })
            .find_all();
        assert_eq!(found.len(), 1, "one caption: {:?}", labels(self));
        found[0].accessible_label().unwrap().to_string()
    }
}

#[test]
fn a_finished_game_is_reviewed_stepped_through_and_kept_with_its_review() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.play_a_short_game();
    let record = ui.app.record().unwrap();
    let rules = Rules::new(Variant::Kalah).with_seeds(3).unwrap();
    let game = Game::parse_record(Position::start(rules), &record).unwrap();
    let moves = game.moves().len();
    // What the review must find: the same code, run here.
    let cancel = AtomicBool::new(false);
    let expected = Computer::default()
        .review(&game, &|_, _| {}, &cancel)
        .unwrap();
    assert!(
        expected.iter().any(|m| m.loss > 0),
        "lowest-house play makes mistakes: {expected:?}"
    );

    ui.app.restart_ui_work_measure();
    ui.tap("Review the game");
    assert_eq!(ui.screen(), Screen::Review);
    ui.wait_for_review();
    assert_eq!(ui.review_state().get_lines().row_count(), moves);
    assert_eq!(ui.review_state().get_graph().row_count(), moves + 1);
    let grade = |loss: i32| match loss {
        0 => "Best move",
        1 => "Good",
        2..=3 => "Inaccuracy",
        4..=7 => "Mistake",
        _ => "Blunder",
    };
    for (i, m) in expected.iter().enumerate() {
        let caption = ui.review_caption();
        assert!(
            caption.starts_with(&format!("Move {} of {moves}: ", i + 1)),
            "{caption}"
        );
        assert!(
            caption.contains(&format!("Played house {}.", m.played)),
            "{caption}"
        );
        if m.exact {
            // Exact values do not depend on time: the screen says what the solver says.
            assert!(caption.contains(grade(m.loss)), "move {}: {caption}", i + 1);
            if m.loss > 0 {
                assert!(
                    caption.contains(&format!("House {} was better", m.best)),
                    "move {}: {caption}",
                    i + 1
                );
                let row = format!("Move {}: {}, best {}", i + 1, grade(m.loss), m.best);
                assert!(
                    !ElementHandle::find_by_accessible_label(&ui.window, &row)
                        .collect::<Vec<_>>()
                        .is_empty(),
                    "the list shows '{row}'"
                );
            }
        }
        ui.tap("Next");
    }
    assert!(ui.review_caption().starts_with("Final position"));
    ui.tap("Previous");
    assert!(ui.review_caption().starts_with(&format!("Move {moves} of")));
    assert!(
        ui.app.busiest_ui_work() < Duration::from_millis(50),
        "the review held the UI thread for {:?}",
        ui.app.busiest_ui_work()
    );

    // Back on the game-over panel; the game and its review are kept, also after a restart.
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Game);
    drop(ui);
    let ui = Ui::launch(dir.path());
    ui.app.go(Screen::Stats);
    advance(20);
    ui.tap("See the review");
    assert_eq!(ui.screen(), Screen::Review);
    assert!(!ui.review_state().get_running(), "not computed again");
    assert_eq!(ui.review_state().get_lines().row_count(), moves);
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Stats);
}

#[test]
fn a_review_can_be_stopped_and_started_again() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (sender, stopped) = mpsc::channel();
    let brain = Arc::new(Stubborn {
        stopped: std::sync::Mutex::new(sender),
    });
    let ui = Ui::launch_with(dir.path(), brain);
    ui.play_a_short_game();
    ui.tap("Review the game");
    let deadline = Instant::now() + Duration::from_secs(10);
    while ui.review_state().get_done() < 1 {
        assert!(Instant::now() < deadline, "no progress shown");
        advance(100);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(ui.review_state().get_running());
    ui.tap("Stop");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("the review's search was cancelled");
    assert!(ui.review_state().get_stopped());
    ui.tap("Review the game");
    assert!(ui.review_state().get_running());
    // Leaving the screen stops it too.
    ui.tap("Back");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("leaving cancelled the review");
}

#[test]
fn a_record_typed_in_is_refused_with_its_reason_or_reviewed_without_being_kept() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.app.go(Screen::Stats);
    advance(20);
    ui.tap("Review a game record");
    ui.tap("Review");
    let says = |text: &str| {
        !ElementHandle::find_by_accessible_label(&ui.window, text)
            .collect::<Vec<_>>()
            .is_empty()
    };
    assert!(
        says("Type or paste the moves first: house numbers separated by spaces."),
        "{:?}",
        labels(&ui)
    );
    ui.type_into("Game record", "3 9");
    ui.tap("Review");
    assert!(
        says("Move 2 (“9”): there is no such house on this board."),
        "{:?}",
        labels(&ui)
    );
    assert_eq!(
        ui.screen(),
        Screen::Stats,
        "a bad record stays to be corrected"
    );
    ui.type_into("Game record", "3 1 6");
    ui.tap("Review");
    assert_eq!(ui.screen(), Screen::Review);
    ui.wait_for_review();
    assert_eq!(ui.review_state().get_lines().row_count(), 3);
    ui.review_state().invoke_go_to(3);
    advance(20);
    assert!(ui
        .review_caption()
        .contains("The record stops before the end of the game."));
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Stats);
    assert_eq!(ui.review_state().get_recent().row_count(), 0, "not kept");
}

/// Advances time (and lets the computer's thread work) until `done` holds; fails after
/// a minute.
fn wait_until(ui: &Ui, what: &str, done: impl Fn(&Ui) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(ui) {
        assert!(Instant::now() < deadline, "never: {what}");
        advance(50);
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn moves_played(ui: &Ui) -> usize {
    ui.app
        .record()
        .unwrap_or_default()
        .split_whitespace()
        .count()
}

#[test]
fn the_computer_plays_itself_pauses_steps_and_leaves_the_persons_game_and_statistics_alone() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    // The person's own game, one move and the computer's answer in.
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    ui.tap("Bottom house 2");
    ui.settle();
    let own = ui.app.record().unwrap();
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Home);

    ui.tap("Watch the computer");
    assert_eq!(ui.screen(), Screen::Watch);
    ui.tap_in("Bottom computer's level", "Beginner");
    ui.tap_in("Top computer's level", "Casual");
    ui.tap("Start watching");
    assert_eq!(ui.screen(), Screen::Game);
    let game = ui.window.global::<mancala::GameState>();
    assert!(game.get_watching());
    assert_eq!(
        (game.get_south_level(), game.get_level()),
        (mancala::Level::Beginner, mancala::Level::Casual)
    );
    for person_only in ["Undo", "Redo", "Hint", "Resign"] {
        assert!(!ui.exists(person_only), "no {person_only} while watching");
    }
    wait_until(&ui, "both computers moved", |ui| {
        let record = ui.app.record().unwrap_or_default();
        let pos = ui.position();
        moves_played(ui) >= 3 && !pos.is_over() && !record.is_empty()
    });

    // Paused: the move being shown lands, then nothing more is played.
    ui.tap("Pause");
    wait_until(&ui, "the move shown landed", |_| !game.get_animating());
    let paused_at = moves_played(&ui);
    for _ in 0..40 {
        advance(50);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(moves_played(&ui), paused_at, "a paused game stays");
    assert!(shown_text(&ui).contains("Paused"), "{}", shown_text(&ui));

    // Each step shows exactly one move, with its animation, and stays paused.
    for _ in 0..2 {
        let before = moves_played(&ui);
        ui.tap("Step");
        wait_until(&ui, "the step's move", |ui| moves_played(ui) > before);
        wait_until(&ui, "the step's move landed", |_| !game.get_animating());
        for _ in 0..20 {
            advance(50);
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(moves_played(&ui), before + 1, "one step, one move");
        assert!(game.get_paused());
    }

    // Play goes on to the end; the game is the computer's on both sides throughout.
    ui.tap("Play");
    wait_until(&ui, "the watched game ended", |ui| ui.exists("Watch again"));
    assert!(ui.position().is_over());
    assert_eq!(
        ui.app
            .stats()
            .rows()
            .iter()
            .map(|r| r.played())
            .sum::<u32>(),
        0,
        "a watched game is not counted"
    );
    assert!(
        Store::open(dir.path()).load_recent_games().games.is_empty(),
        "nor kept among the person's finished games"
    );
    let saved = Store::open(dir.path())
        .load_game()
        .expect("the person's game");
    assert_eq!(
        saved.moves.len(),
        own.split_whitespace().count(),
        "the person's save is untouched"
    );

    // Home offers the person's own game, which comes back as it was.
    ui.tap("Home");
    assert!(ui.exists("Continue"));
    ui.tap("Continue");
    assert_eq!(ui.screen(), Screen::Game);
    assert!(!game.get_watching());
    assert_eq!(ui.app.record().unwrap(), own);
    assert!(ui.exists("Undo"));
}
