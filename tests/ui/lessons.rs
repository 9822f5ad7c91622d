//! Lessons on the study screen, one a game: opened from the Learn hub by taps, the rule
//! and the task shown, a wrong move played and explained, Try again, the right move
//! played and passed, and the lesson marked done on the hub; kept after a restart.
//! Congkak's is the simultaneous start, whose tap plays both hands' choices.

use super::*;
use mancala::lessons::{judge, setup, LessonId};
use mancala::{LessonWords, StudyStage, StudyState};

fn stage(ui: &Ui) -> StudyStage {
    ui.window.global::<StudyState>().get_stage()
}

fn game_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Kalah => "Kalah",
        Variant::Oware => "Oware",
        Variant::Congkak => "Congkak",
    }
}

/// The hub's button of lesson `id`, as a screen reader names it.
fn hub_label(ui: &Ui, id: LessonId, done: bool) -> String {
    let title = ui.window.global::<LessonWords>().invoke_title(id.into());
    let mark = if done { " (Done)" } else { "" };
    format!("{}: {title}{mark}", game_name(id.variant()))
}

/// The words the screen gives the verdict on `house` in lesson `id`.
fn verdict(ui: &Ui, id: LessonId, house: u8) -> String {
    let result = judge(id, &setup(id).game, House::new(house).unwrap());
    let [a, b] = result.numbers;
    let words = ui.window.global::<LessonWords>();
    words.invoke_note(result.note.into(), a, b).to_string()
}

/// Taps the learner's `house` and waits until the move is shown and judged.
fn play(ui: &Ui, house: u8) -> StudyStage {
    ui.tap(&Ui::house_label(Side::South, house));
    ui.until(30, "the lesson's verdict", |ui| {
        matches!(stage(ui), StudyStage::Solved | StudyStage::Failed) && !ui.app.is_busy()
    });
    stage(ui)
}

/// Opens lesson `id` from the home screen through Learn, fails it, tries again and
/// passes it.
fn fail_then_pass(ui: &Ui, id: LessonId) {
    ui.tap("Learn");
    assert_eq!(ui.screen(), Screen::Learn);
    ui.tap(&hub_label(ui, id, false));
    assert_eq!(ui.screen(), Screen::Study);
    advance(20);
    let words = ui.window.global::<LessonWords>();
    let shown = shown_text(ui);
    says(&shown, &format!("{} lesson", game_name(id.variant())));
    says(&shown, &words.invoke_title(id.into()));
    says(&shown, &words.invoke_rule(id.into()));
    says(&shown, &words.invoke_task(id.into()));
    let (open, pass, fail) = ui.app.study_lesson().unwrap();
    assert_eq!(open, id);
    let lesson = setup(id);
    let houses = lesson.game.rules().houses();
    let choices: Vec<u8> = lesson.moves().iter().map(|h| h.number()).collect();
    assert_eq!(
        ui.lit_houses(Side::South, houses),
        choices,
        "the lesson's houses are lit"
    );
    let start = ui.app.study_position().unwrap();

    // A wrong move: shown on the board, explained, not counted.
    assert_eq!(play(ui, fail[0]), StudyStage::Failed);
    assert_ne!(
        ui.app.study_position().unwrap(),
        start,
        "the move is on the board"
    );
    let shown = shown_text(ui);
    says(&shown, "Not yet: see why, then try again.");
    says(&shown, &verdict(ui, id, fail[0]));
    assert!(
        !ui.exists("Show answer"),
        "a lesson explains, it does not give away"
    );
    assert!(!ui.app.progress().lessons.contains(id.name()));

    ui.tap("Try again");
    assert_eq!(stage(ui), StudyStage::Waiting);
    assert_eq!(ui.app.study_position().unwrap(), start);
    assert_eq!(ui.lit_houses(Side::South, houses), choices);

    // The right move: passed, explained, kept.
    assert_eq!(play(ui, pass[0]), StudyStage::Solved);
    let shown = shown_text(ui);
    says(&shown, "Task done!");
    says(&shown, &verdict(ui, id, pass[0]));
    says(&shown, "Lesson done. It counts in your progress.");
    assert!(ui.app.progress().lessons.contains(id.name()));
    // Lessons never touch the statistics or the saved game.
    assert_eq!(ui.app.stats(), mancala::store::Stats::default());
}

/// Back from the lesson to the hub, which marks it done.
fn back_to_the_hub(ui: &Ui, id: LessonId) {
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Learn);
    assert!(
        !ui.reveal(|| ui.find(&hub_label(ui, id, true))).is_empty(),
        "marked done on the hub"
    );
}

#[test]
fn a_kalah_lesson_failed_retried_and_passed_is_kept_after_a_restart() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        fail_then_pass(&ui, LessonId::KalahCapture);
        back_to_the_hub(&ui, LessonId::KalahCapture);
        says(&shown_text(&ui), "1 of 5 lessons done");
        assert!(!dir.path().join("game.json").exists());
    }
    let ui = Ui::launch(dir.path());
    assert!(ui.app.progress().lessons.contains("kalah-capture"));
    ui.tap("Learn");
    assert!(!ui
        .reveal(|| ui.find(&hub_label(&ui, LessonId::KalahCapture, true)))
        .is_empty());
    assert!(!ui
        .reveal(|| ui.find(&hub_label(&ui, LessonId::KalahSowing, false)))
        .is_empty());
}

#[test]
fn an_oware_lesson_failed_retried_and_passed_plays_the_forced_reply() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let id = LessonId::OwareFeeding;
    fail_then_pass(&ui, id);
    let (_, pass, _) = ui.app.study_lesson().unwrap();
    let then = judge(id, &setup(id).game, House::new(pass[0]).unwrap()).then;
    assert!(
        !then.is_empty(),
        "feeding is shown with the reply it forces"
    );
    let state = ui.window.global::<StudyState>();
    let replies: Vec<i32> = state.get_replies().iter().collect();
    assert_eq!(
        replies,
        then.iter()
            .map(|h| i32::from(h.number()))
            .collect::<Vec<_>>(),
        "the reply is played on the board"
    );
    says(&shown_text(&ui), "Your opponent answers with their house");
    back_to_the_hub(&ui, id);
}

#[test]
fn the_congkak_lesson_of_the_simultaneous_start_plays_both_hands_and_goes_on_to_the_next() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let id = LessonId::CongkakSimultaneous;
    fail_then_pass(&ui, id);
    back_to_the_hub(&ui, id);
    // Again from the hub, passed at once: Next lesson opens the game's next one.
    ui.tap(&hub_label(&ui, id, true));
    let (_, pass, _) = ui.app.study_lesson().unwrap();
    assert_eq!(play(&ui, pass[0]), StudyStage::Solved);
    ui.tap("Next lesson");
    assert_eq!(ui.screen(), Screen::Study);
    assert_eq!(ui.app.study_lesson().unwrap().0, LessonId::CongkakBurnt);
    assert_eq!(stage(&ui), StudyStage::Waiting);
    let shown = shown_text(&ui);
    says(
        &shown,
        &ui.window
            .global::<LessonWords>()
            .invoke_task(LessonId::CongkakBurnt.into()),
    );
}
