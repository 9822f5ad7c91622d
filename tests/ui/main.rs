//! The app driven like a player drives it: Slint's testing backend, headless, finding
//! buttons and houses by their accessible labels and tapping them (`mancala::testing`'s
//! driver). One test crate, a module a screen, so the UI tests link once. Each test runs
//! on its own thread with its own backend (`init_no_event_loop` is per thread), its own
//! window and a temporary data directory; time is mocked and advanced by the tests, which
//! also fires the controller's timer (animation steps and polling the computer's thread).

mod coach;
mod game;
mod guided;
mod home;
mod lessons;
mod move_log;
mod puzzles;
mod review;
mod settings;
mod sound;
mod stats;
mod traditional;
mod watch;

use i_slint_backend_testing::{init_no_event_loop, AccessibleRole, ElementHandle, ElementRoot};
use mancala::app::{Brain, Computer};
use mancala::engine::{Game, House, Position, Rules, Side, Variant};
use mancala::players::{Difficulty, Opponent};
use mancala::store::{SavedGame, Store};
use mancala::testing::brains::UntilCancelled;
use mancala::testing::{advance, Driver as Ui};
use mancala::Screen;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalSize, Model};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The New game screen's summary of the game it will start.
fn summary(ui: &Ui) -> String {
    let found = ui
        .window
        .root_element()
        .query_descendants()
        .match_predicate(|e| {
            e.accessible_role() == Some(AccessibleRole::Text)
                && e.accessible_label().is_some_and(|l| l.contains(" · "))
        })
        .find_all();
    assert_eq!(found.len(), 1, "one summary: {:?}", ui.labels());
    found[0].accessible_label().unwrap().to_string()
}

const BEGINNER: Opponent = Opponent::Computer {
    level: Difficulty::Beginner,
};

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
    ui.labels().join(" | ")
}

fn says(shown: &str, sentence: &str) {
    assert!(shown.contains(sentence), "'{sentence}' in: {shown}");
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
