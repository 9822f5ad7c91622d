//! How the app behaves as an Android citizen, checked on the desktop through the real UI
//! with Slint's testing backend.
//!
//! Back button: Slint's Android backend turns the back button (a key event before
//! Android 14, the back-gesture callback since) into a `Key::Back` press and release
//! dispatched to the window. If the window accepts neither, the backend lets Android
//! finish the activity, i.e. the app is left. `press_back` below does exactly what the
//! backend does, so "accepted" here means "went back a screen" on the phone and
//! "rejected" means "left the app".
//!
//! Theme: Slint's Android backend sets `Palette.color-scheme` from the system's night
//! mode at start and whenever it changes; the UI's `Theme` global combines it with the
//! player's choice.

use i_slint_backend_testing::ElementHandle;
use mancala::app::App;
use mancala::store::Theme;
use mancala::testing::brains::FirstLegalMove;
use mancala::{AppWindow, Nav, Screen};
// The probe compiles its own copy of ui/theme.slint, with its own `Theme` global.
use probe::{Theme as ProbeTheme, ThemeChoice, ThemeProbe};
use slint::platform::{Key, PointerEventButton, WindowEvent, WindowEventDispatchResult};
use slint::{ComponentHandle, LogicalPosition, LogicalSize, SharedString};
use std::cell::Cell;
use std::sync::Arc;

/// The testing backend, once per test thread (Slint's platform is per thread).
fn init_backend() {
    thread_local!(static DONE: Cell<bool> = const { Cell::new(false) });
    if !DONE.get() {
        i_slint_backend_testing::init_no_event_loop();
        DONE.set(true);
    }
}

/// The app on a fresh data folder, shown as on a phone.
fn start() -> (AppWindow, App, tempfile::TempDir) {
    init_backend();
    let dir = tempfile::tempdir().unwrap();
    let window = AppWindow::new().unwrap();
    let app = App::new(&window, dir.path(), Arc::new(FirstLegalMove));
    // Tall enough for every home button without scrolling (a fresh folder also shows the
    // guided game's offer): the taps below are aimed at what is on screen.
    window.window().set_size(LogicalSize::new(400.0, 1100.0));
    window.show().unwrap();
    (window, app, dir)
}

/// Presses and releases Back as Slint's Android backend does; true if the app took it.
fn press_back(window: &AppWindow) -> bool {
    let text: SharedString = Key::Back.into();
    let window = window.window();
    let pressed = window
        .dispatch_event_with_result(WindowEvent::KeyPressed { text: text.clone() })
        .unwrap();
    let released = window
        .dispatch_event_with_result(WindowEvent::KeyReleased { text })
        .unwrap();
    pressed == WindowEventDispatchResult::Accepted
        || released == WindowEventDispatchResult::Accepted
}

fn screen(window: &AppWindow) -> Screen {
    window.global::<Nav>().get_screen()
}

/// Taps the middle of the one element with this accessible label, as a finger would
/// (a pointer press and release, so focus moves as it would on the phone).
fn tap(window: &AppWindow, label: &str) {
    let found: Vec<_> = ElementHandle::find_by_accessible_label(window, label).collect();
    assert_eq!(found.len(), 1, "elements labelled {label:?}");
    let (at, size) = (found[0].absolute_position(), found[0].size());
    let position = LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0);
    let button = PointerEventButton::Left;
    window
        .window()
        .dispatch_event(WindowEvent::PointerPressed { position, button });
    window
        .window()
        .dispatch_event(WindowEvent::PointerReleased { position, button });
}

#[test]
fn back_on_the_home_screen_leaves_the_app() {
    let (window, _app, _dir) = start();
    assert_eq!(screen(&window), Screen::Home);
    assert!(!press_back(&window), "Back on home must be left to Android");
    assert_eq!(screen(&window), Screen::Home);
}

#[test]
fn back_walks_the_screens_in_reverse_then_leaves() {
    let (window, app, _dir) = start();
    app.go(Screen::Stats);
    app.go(Screen::Rules);
    assert!(press_back(&window));
    assert_eq!(screen(&window), Screen::Stats);
    assert!(press_back(&window));
    assert_eq!(screen(&window), Screen::Home);
    assert!(!press_back(&window));
}

#[test]
fn back_works_after_tapping_through_the_screens() {
    // Tapping moves keyboard focus to whatever takes it, and the tapped button's screen
    // is then destroyed: Back must still reach the app on every screen.
    let (window, _app, _dir) = start();
    for (label, opened) in [
        ("Settings", Screen::Settings),
        ("Rules", Screen::Rules),
        ("Statistics", Screen::Stats),
        ("New game", Screen::NewGame),
    ] {
        tap(&window, label);
        assert_eq!(screen(&window), opened, "after tapping {label:?}");
        assert!(press_back(&window), "Back on {opened:?}");
        assert_eq!(screen(&window), Screen::Home, "Back from {opened:?}");
    }
    assert!(!press_back(&window));
}

mod probe {
    slint::slint! {
        import { Theme, ThemeChoice } from "../ui/theme.slint";
        import { Palette } from "std-widgets.slint";

        export { Theme, ThemeChoice }

        // Takes the device's light or dark setting (as Slint's Android backend does) and
        // reads back what the UI uses; the test sets the player's choice on `Theme` from Rust,
        // as the appearance adapter does.
        export component ThemeProbe inherits Window {
            in property <bool> system-dark;
            out property <bool> dark: Theme.dark;
            out property <bool> high-contrast: Theme.high-contrast;
            public function apply() {
                Palette.color-scheme = root.system-dark ? ColorScheme.dark : ColorScheme.light;
            }
        }
    }
}

/// The app's UI value for a theme (as the appearance adapter sets it) as the probe's
/// own copy of the enum.
fn probe_choice(choice: mancala::ThemeChoice) -> ThemeChoice {
    match choice {
        mancala::ThemeChoice::System => ThemeChoice::System,
        mancala::ThemeChoice::Light => ThemeChoice::Light,
        mancala::ThemeChoice::Dark => ThemeChoice::Dark,
        mancala::ThemeChoice::HighContrast => ThemeChoice::HighContrast,
    }
}

/// (dark, high contrast) as the UI draws for the player's `theme` on a device whose
/// dark mode is `system_dark`.
fn drawn(theme: Theme, system_dark: bool) -> (bool, bool) {
    init_backend();
    let probe = ThemeProbe::new().unwrap();
    probe
        .global::<ProbeTheme>()
        .set_choice(probe_choice(theme.into()));
    probe.set_system_dark(system_dark);
    probe.invoke_apply();
    (probe.get_dark(), probe.get_high_contrast())
}

#[test]
fn the_system_theme_follows_the_device() {
    assert_eq!(drawn(Theme::System, true), (true, false));
    assert_eq!(drawn(Theme::System, false), (false, false));
}

#[test]
fn a_chosen_theme_ignores_the_device() {
    for system_dark in [false, true] {
        assert_eq!(drawn(Theme::Light, system_dark), (false, false));
        assert_eq!(drawn(Theme::Dark, system_dark), (true, false));
        assert!(drawn(Theme::HighContrast, system_dark).1);
    }
}
