//! Home and starting: continuing after a restart, data files that cannot be used, a new
//! game over an unfinished one, the keyboard's Escape, and the new-game summary.

use super::*;

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
            assert!(summary(&ui).starts_with("Kalah · 6 houses per player · 4 seeds per house"));
        }
    }
}
