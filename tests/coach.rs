//! Coach mode in the real app, headless (Slint's testing backend, as tests/ui.rs drives
//! it): the switch in Settings turns it on, a mistake against the computer brings the
//! coach's note with its "Take it back", the computer's answer is not held up by it, and
//! the note fits every screen size in every language without moving the board.

use i_slint_backend_testing::{init_no_event_loop, AccessibleRole, ElementHandle, ElementRoot};
use mancala::ai::{Advice, MoveValue};
use mancala::app::{App, Brain, Computer};
use mancala::engine::{Game, House, Position, Rules, Variant};
use mancala::players::{Difficulty, Opponent};
use mancala::store::{Language, Settings, Store};
use mancala::AppWindow;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalSize};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

const BEGINNER: Opponent = Opponent::Computer {
    level: Difficulty::Beginner,
};

fn advance(millis: u64) {
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(millis));
}

struct Ui {
    window: AppWindow,
    app: App,
    size: (f32, f32),
}

impl Drop for Ui {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            assert_eq!(self.app.search_failures(), 0, "a search panicked");
        }
    }
}

impl Ui {
    fn launch(dir: &Path, brain: Arc<dyn Brain>, size: (f32, f32)) -> Ui {
        let window = AppWindow::new().unwrap();
        let app = App::new(&window, dir, brain);
        window.window().set_size(LogicalSize::new(size.0, size.1));
        window.show().unwrap();
        advance(20);
        Ui { window, app, size }
    }

    fn on_screen(&self, e: &ElementHandle) -> bool {
        let (at, size) = (e.absolute_position(), e.size());
        at.x >= -0.5
            && at.y >= -0.5
            && at.x + size.width <= self.size.0 + 0.5
            && at.y + size.height <= self.size.1 + 0.5
    }

    /// The controls labelled `label` (buttons, switches) wholly on screen.
    fn find(&self, label: &str) -> Vec<ElementHandle> {
        ElementHandle::find_by_accessible_label(&self.window, label)
            .filter(|e| {
                matches!(
                    e.accessible_role(),
                    Some(AccessibleRole::Button | AccessibleRole::Switch)
                ) && self.on_screen(e)
            })
            .collect()
    }

    /// Taps the one control labelled `label`, scrolling the page to it.
    fn tap(&self, label: &str) {
        for _ in 0..40 {
            let found = self.find(label);
            if let [one] = found.as_slice() {
                one.mock_single_click(PointerEventButton::Left);
                advance(20);
                return;
            }
            assert!(found.is_empty(), "more than one '{label}'");
            let middle = slint::LogicalPosition::new(self.size.0 / 2.0, self.size.1 / 2.0);
            let w = self.window.window();
            w.dispatch_event(WindowEvent::PointerMoved { position: middle });
            w.dispatch_event(WindowEvent::PointerScrolled {
                position: middle,
                delta_x: 0.0,
                delta_y: -120.0,
            });
            advance(20);
        }
        panic!("no '{label}' to tap: {}", self.text());
    }

    /// Every accessible label shown, joined.
    fn text(&self) -> String {
        self.window
            .root_element()
            .query_descendants()
            .match_predicate(|e| e.accessible_label().is_some_and(|l| !l.is_empty()))
            .find_all()
            .iter()
            .filter_map(|e| e.accessible_label().map(|l| l.replace('\u{2060}', "")))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn moves(&self) -> usize {
        let record = self.app.record().unwrap_or_default();
        record.split_whitespace().count()
    }

    /// Lets mocked time pass (timers, animations) and real time (the searches' threads)
    /// until `done`, for at most `seconds`; returns how long it took.
    fn until(&self, seconds: u64, what: &str, done: impl Fn(&Ui) -> bool) -> Duration {
        let started = Instant::now();
        while !done(self) {
            assert!(
                started.elapsed() < Duration::from_secs(seconds),
                "{what} did not happen within {seconds} s: {}",
                self.text()
            );
            advance(16);
            std::thread::sleep(Duration::from_millis(4));
        }
        started.elapsed()
    }

    /// The elements of component `type_name` on screen.
    fn parts(&self, type_name: &str) -> Vec<ElementHandle> {
        self.window
            .root_element()
            .query_descendants()
            .match_inherits(type_name)
            .find_all()
    }

    fn board_frame(&self) -> [f32; 4] {
        let boards = self.parts("Board");
        assert_eq!(boards.len(), 1, "one board");
        let (at, size) = (boards[0].absolute_position(), boards[0].size());
        [at.x, at.y, size.width, size.height]
    }
}

/// A computer that answers at once with its first legal move, and a coach that values
/// Kalah's opening moves at once (house 3 best, 6 seeds ahead of houses 1, 2, 4, 5) or,
/// `blocking`, thinks until cancelled and then says so.
struct Scripted {
    blocking: bool,
    cancelled: Mutex<mpsc::Sender<()>>,
}

impl Scripted {
    fn new(blocking: bool) -> (Arc<Scripted>, mpsc::Receiver<()>) {
        let (sender, cancelled) = mpsc::channel();
        let brain = Scripted {
            blocking,
            cancelled: Mutex::new(sender),
        };
        (Arc::new(brain), cancelled)
    }
}

impl Brain for Scripted {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position().legal_moves().first().unwrap()
    }

    fn hint(&self, _game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        None
    }

    fn coach(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        if self.blocking {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = self.cancelled.lock().unwrap().send(());
            return None;
        }
        let mut moves: Vec<MoveValue> = game
            .position()
            .legal_moves()
            .into_iter()
            .map(|house| MoveValue {
                house,
                value: if house.number() == 3 { 6 } else { 0 },
                exact: false,
            })
            .collect();
        moves.sort_by_key(|m| -m.value);
        Some(Advice { moves })
    }
}

fn with_coach(dir: &Path, language: Language) {
    let settings = Settings {
        coach: true,
        language,
        opponent: BEGINNER,
        ..Settings::default()
    };
    Store::open(dir).save_settings(&settings).unwrap();
}

#[test]
fn the_coach_warns_after_a_mistake_without_delaying_the_computer_and_takes_it_back() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path(), Arc::new(Computer::default()), (360.0, 800.0));
    // Coach mode is off until the player turns it on in Settings.
    assert!(!ui.app.settings().coach);
    ui.tap("Settings");
    ui.tap("Coach");
    assert!(ui.app.settings().coach, "the switch turned coach mode on");
    ui.tap("Back");

    // Kalah's opening against the computer: house 1 instead of house 3, whose last seed
    // ends in the store for an extra turn, gives up many seeds (the real search).
    ui.app
        .load_record(Rules::new(Variant::Kalah), BEGINNER, &[])
        .unwrap();
    advance(20);
    let start = ui.app.position().unwrap();
    assert!(ui.find("Take it back").is_empty(), "no note before a move");
    ui.tap("Bottom house 1");
    let noted = ui.until(10, "the coach's note", |ui| {
        ui.text().contains("House 3 was better: it keeps")
    });
    let answered = ui.until(20, "the computer's answer", |ui| ui.moves() == 2);
    eprintln!(
        "the coach's note after {:.0} ms, the computer's answer after another {:.0} ms",
        noted.as_secs_f64() * 1e3,
        answered.as_secs_f64() * 1e3
    );
    ui.until(20, "the answer shown", |ui| !ui.app.is_busy());
    assert!(
        ui.text().contains("House 3 was better: it keeps"),
        "the note stays after the computer's answer: {}",
        ui.text()
    );

    ui.tap("Take it back");
    assert_eq!(ui.moves(), 0, "the move and the answer are taken back");
    assert_eq!(ui.app.position(), Some(start));
    assert!(!ui.text().contains("was better"), "{}", ui.text());
    assert!(ui.find("Take it back").is_empty());

    // House 3 is the best move: no note, and the person moves again (an extra turn).
    ui.tap("Bottom house 3");
    ui.until(20, "settled", |ui| !ui.app.is_busy());
    assert!(!ui.text().contains("was better"), "{}", ui.text());
}

#[test]
fn a_coach_still_thinking_never_holds_up_the_computers_answer() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    with_coach(dir.path(), Language::English);
    let (brain, cancelled) = Scripted::new(true);
    let ui = Ui::launch(dir.path(), brain, (360.0, 800.0));
    ui.app
        .load_record(Rules::new(Variant::Kalah), BEGINNER, &[])
        .unwrap();
    advance(20);
    ui.tap("Bottom house 1");
    // The person's move is animated, then the computer answers and its move is shown,
    // all while the coach thinks on (it answers only when cancelled).
    ui.until(10, "the computer's answer", |ui| ui.moves() == 2);
    assert!(
        cancelled.try_recv().is_err(),
        "the coach was still thinking"
    );
    assert!(ui.app.is_busy(), "and the timer goes on for it");
    // Moving on (undo) cancels it.
    ui.tap("Undo");
    cancelled
        .recv_timeout(Duration::from_secs(10))
        .expect("undo cancelled the coach");
    assert_eq!(ui.moves(), 0);
}

#[test]
fn the_note_fits_every_size_in_every_language_and_the_board_stays_put() {
    init_no_event_loop();
    for language in [
        Language::English,
        Language::Burmese,
        Language::Thai,
        Language::Malay,
    ] {
        for size in [
            (360.0, 640.0),
            (640.0, 360.0),
            (360.0, 800.0),
            (800.0, 1280.0),
        ] {
            let dir = tempfile::tempdir().unwrap();
            with_coach(dir.path(), language);
            let (brain, _) = Scripted::new(false);
            let ui = Ui::launch(dir.path(), brain, size);
            ui.app
                .load_record(Rules::new(Variant::Kalah), BEGINNER, &[])
                .unwrap();
            advance(20);
            let board = ui.board_frame();
            // South's house 1, by its id (its label is in the language shown).
            let house = ui
                .window
                .root_element()
                .query_descendants()
                .match_predicate(|e| e.accessible_id().is_some_and(|i| i == "south-house-1"))
                .find_first()
                .expect("south-house-1");
            house.mock_single_click(PointerEventButton::Left);
            ui.until(10, "the note", |ui| !ui.parts("CoachNote").is_empty());
            let at = format!("{language:?} at {}x{}", size.0, size.1);
            assert_eq!(ui.board_frame(), board, "{at}: the board moved");
            ui.until(10, "the answer shown", |ui| {
                ui.moves() == 2 && !ui.app.is_busy()
            });
            assert_eq!(ui.board_frame(), board, "{at}: the board moved");
            // The note's button is wholly on screen, over no other control.
            let note = &ui.parts("CoachNote")[0];
            let button = note
                .query_descendants()
                .match_accessible_role(AccessibleRole::Button)
                .find_all();
            assert_eq!(button.len(), 1, "{at}: one Take it back");
            assert!(ui.on_screen(&button[0]), "{at}: Take it back is cut off");
            let frame = |e: &ElementHandle| {
                let (p, s) = (e.absolute_position(), e.size());
                (p.x, p.y, p.x + s.width, p.y + s.height)
            };
            let (x0, y0, x1, y1) = frame(&button[0]);
            let others = ui
                .window
                .root_element()
                .query_descendants()
                .match_accessible_role(AccessibleRole::Button)
                .find_all();
            for other in &others {
                let (a0, b0, a1, b1) = frame(other);
                if (a0, b0, a1, b1) == (x0, y0, x1, y1) {
                    continue;
                }
                let overlap = x0.max(a0) < x1.min(a1) - 0.5 && y0.max(b0) < y1.min(b1) - 0.5;
                assert!(
                    !overlap,
                    "{at}: Take it back overlaps {:?}",
                    other.accessible_label()
                );
                assert!(
                    ui.on_screen(other),
                    "{at}: {:?} is cut off",
                    other.accessible_label()
                );
            }
            // And the note's words are all there (nothing to read is cut).
            let words = note
                .query_descendants()
                .match_accessible_role(AccessibleRole::Text)
                .find_all();
            assert!(
                words.iter().all(|w| ui.on_screen(w)),
                "{at}: the note is cut off"
            );
            button[0].mock_single_click(PointerEventButton::Left);
            advance(20);
            assert_eq!(ui.moves(), 0, "{at}: taken back");
            assert_eq!(
                ui.app.position(),
                Some(Position::start(Rules::new(Variant::Kalah)))
            );
            assert!(ui.parts("CoachNote").is_empty(), "{at}: the note went");
        }
    }
}
