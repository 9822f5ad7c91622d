//! Coach mode in the real app, headless: the switch in Settings turns it on, a mistake
//! against the computer brings the coach's note with its "Take it back", the computer's
//! answer is not held up by it, and the note fits every screen size in every language
//! without moving the board.

use super::*;
use mancala::store::{Language, Settings};
use mancala::testing::brains::OpeningCoach;

/// Where the board lies: x, y, width and height.
fn board_frame(ui: &Ui) -> [f32; 4] {
    let boards = ui.parts("Board");
    assert_eq!(boards.len(), 1, "one board");
    let (at, size) = (boards[0].absolute_position(), boards[0].size());
    [at.x, at.y, size.width, size.height]
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
    let ui = Ui::launch_sized(dir.path(), Arc::new(Computer::default()), (360.0, 800.0));
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
    let answered = ui.until(20, "the computer's answer", |ui| ui.moves_played() == 2);
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
    assert_eq!(
        ui.moves_played(),
        0,
        "the move and the answer are taken back"
    );
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
    let (brain, cancelled) = OpeningCoach::new(true);
    let ui = Ui::launch_sized(dir.path(), brain, (360.0, 800.0));
    ui.app
        .load_record(Rules::new(Variant::Kalah), BEGINNER, &[])
        .unwrap();
    advance(20);
    ui.tap("Bottom house 1");
    // The person's move is animated, then the computer answers and its move is shown,
    // all while the coach thinks on (it answers only when cancelled).
    ui.until(10, "the computer's answer", |ui| ui.moves_played() == 2);
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
    assert_eq!(ui.moves_played(), 0);
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
            let (brain, _) = OpeningCoach::new(false);
            let ui = Ui::launch_sized(dir.path(), brain, size);
            ui.app
                .load_record(Rules::new(Variant::Kalah), BEGINNER, &[])
                .unwrap();
            advance(20);
            let board = board_frame(&ui);
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
            assert_eq!(board_frame(&ui), board, "{at}: the board moved");
            ui.until(10, "the answer shown", |ui| {
                ui.moves_played() == 2 && !ui.app.is_busy()
            });
            assert_eq!(board_frame(&ui), board, "{at}: the board moved");
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
            assert_eq!(ui.moves_played(), 0, "{at}: taken back");
            assert_eq!(
                ui.app.position(),
                Some(Position::start(Rules::new(Variant::Kalah)))
            );
            assert!(ui.parts("CoachNote").is_empty(), "{at}: the note went");
        }
    }
}
