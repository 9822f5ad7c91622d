//! Puzzles on the study screen: one solved by taps from the Learn hub and kept after a
//! restart; one failed, its refutation played on the board and explained, the answer
//! shown, and tried again; one with the top player to move, played from the bottom.

use super::*;
use mancala::puzzles::shipped;
use mancala::store::{Day, Progress};
use mancala::{StudyStage, StudyState};

/// The study screen's stage as the screen shows it.
fn stage(ui: &Ui) -> StudyStage {
    ui.window.global::<StudyState>().get_stage()
}

/// Opens the next Kalah puzzle from the home screen, through Learn.
fn open_next_kalah_puzzle(ui: &Ui) {
    ui.tap("Learn");
    assert_eq!(ui.screen(), Screen::Learn);
    ui.tap("Next Kalah puzzle");
    assert_eq!(ui.screen(), Screen::Study);
    advance(20);
}

#[test]
fn solving_a_puzzle_by_taps_keeps_the_progress_after_a_restart() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        open_next_kalah_puzzle(&ui);
        says(&shown_text(&ui), "Find the best move");
        let (answer, legal) = ui.app.study_puzzle().unwrap();
        assert_eq!(
            ui.lit_houses(Side::South, 6),
            legal,
            "the playable houses are lit"
        );
        ui.tap(&Ui::house_label(Side::South, answer));
        ui.settle();
        assert_eq!(stage(&ui), StudyStage::Solved);
        let shown = shown_text(&ui);
        says(&shown, &format!("Right! House {answer} is the move."));
        says(&shown, "every other move ends at least 2 seeds worse");
        assert!(ui.exists("Next puzzle"));
        assert_eq!(ui.app.progress().solved_count(Variant::Kalah), 1);
        // Puzzles never touch the statistics or the saved game.
        assert_eq!(ui.app.stats(), mancala::store::Stats::default());
        assert!(!dir.path().join("game.json").exists());
        // Next: another puzzle, not the one solved.
        let solved = ui.app.study_position().unwrap();
        ui.tap("Next puzzle");
        assert_eq!(ui.screen(), Screen::Study);
        assert_ne!(ui.app.study_position().unwrap(), solved);
        assert_eq!(stage(&ui), StudyStage::Waiting);
    }
    let ui = Ui::launch(dir.path());
    assert_eq!(ui.app.progress().solved_count(Variant::Kalah), 1);
    ui.tap("Learn");
    // The puzzles are under the lessons: scrolled to.
    let count = ui.reveal(|| {
        ElementHandle::find_by_accessible_label(&ui.window, "1 of 300 solved")
            .filter(|e| ui.on_screen(e))
            .collect()
    });
    assert_eq!(count.len(), 1, "{}", shown_text(&ui));
}

#[test]
fn failing_a_puzzle_plays_the_refutation_explains_it_and_try_again_puts_it_back() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    open_next_kalah_puzzle(&ui);
    let start = ui.app.study_position().unwrap();
    let (answer, legal) = ui.app.study_puzzle().unwrap();
    let wrong = legal.iter().copied().find(|&h| h != answer).unwrap();
    ui.app.restart_ui_work_measure();
    ui.tap(&Ui::house_label(Side::South, wrong));
    // The judge works on its own thread; the board sows the move meanwhile.
    assert!(matches!(
        stage(&ui),
        StudyStage::Judging | StudyStage::Replying
    ));
    let saw_reply = std::cell::Cell::new(false);
    ui.until(60, "the refutation", |ui| {
        saw_reply.set(saw_reply.get() || stage(ui) == StudyStage::Replying);
        stage(ui) == StudyStage::Failed && !ui.app.is_busy()
    });
    assert!(saw_reply.get(), "the opponent's answer was played");
    assert!(
        ui.app.busiest_ui_work() < Duration::from_millis(250),
        "the UI thread was held {:?}",
        ui.app.busiest_ui_work()
    );
    // On the board: the wrong move, then the opponent's answers the screen names.
    let state = ui.window.global::<StudyState>();
    let replies: Vec<u8> = state.get_replies().iter().map(|h| h as u8).collect();
    assert!(!replies.is_empty());
    let mut expected = start;
    for house in std::iter::once(wrong).chain(replies.iter().copied()) {
        expected = expected.play(House::new(house).unwrap()).unwrap();
    }
    assert_eq!(ui.app.study_position().unwrap(), expected);
    let shown = shown_text(&ui);
    says(&shown, "Not this one.");
    let list: Vec<String> = replies.iter().map(u8::to_string).collect();
    says(
        &shown,
        &format!(
            "Your opponent answers with their house{} {}",
            if replies.len() > 1 { "s" } else { "" },
            list.join(", ")
        ),
    );
    says(&shown, &format!("After your house {wrong}, best play"));
    says(&shown, "The right move does better.");
    // The answer is not given away until asked for.
    assert!(!shown.contains("The answer: house"));
    ui.tap("Show answer");
    says(&shown_text(&ui), &format!("The answer: house {answer}."));
    ui.tap("Try again");
    assert_eq!(stage(&ui), StudyStage::Waiting);
    assert_eq!(ui.app.study_position().unwrap(), start);
    let hinted: Vec<bool> = state.get_south().iter().map(|p| p.hinted).collect();
    assert!(
        hinted[usize::from(answer) - 1],
        "the answer asked for is marked"
    );
    assert_eq!(ui.app.progress().solved_count(Variant::Kalah), 0);
    ui.tap(&Ui::house_label(Side::South, answer));
    ui.settle();
    assert_eq!(stage(&ui), StudyStage::Solved);
}

#[test]
fn a_puzzle_with_the_top_player_to_move_is_played_from_the_bottom() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let puzzles = shipped(Variant::Kalah);
    let index = puzzles.iter().position(|p| p.to_move == 1).unwrap();
    assert!(ui.app.open_puzzle(Variant::Kalah, index, false));
    advance(20);
    let pos = ui.app.study_position().unwrap();
    assert_eq!(pos.side_to_move(), Side::North);
    for house in 1..=6 {
        let h = House::new(house).unwrap();
        assert_eq!(
            ui.shown_seeds(&Ui::house_id(Side::South, house)),
            u32::from(pos.house(Side::North, h)),
            "the learner's house {house} at the bottom"
        );
        assert_eq!(
            ui.shown_seeds(&Ui::house_id(Side::North, house)),
            u32::from(pos.house(Side::South, h))
        );
    }
    let answer = puzzles[index].best[0];
    ui.tap(&Ui::house_label(Side::South, answer));
    ui.settle();
    assert_eq!(stage(&ui), StudyStage::Solved);
    says(
        &shown_text(&ui),
        &format!("Right! House {answer} is the move."),
    );
}

#[test]
fn the_daily_puzzle_solved_from_the_hub_carries_the_streak_on() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let today = Day::new(2026, 12, 7).unwrap();
    let yesterday = Day::new(2026, 12, 6).unwrap();
    let mut progress = Progress::default();
    progress.solve_daily(yesterday);
    Store::open(dir.path()).save_progress(&progress).unwrap();
    let ui = Ui::launch(dir.path());
    ui.app.set_today(today);
    ui.tap("Learn");
    let shown = shown_text(&ui);
    says(&shown, "Streak: 1 day in a row");
    says(&shown, "Not solved yet today");
    ui.tap("Play today's puzzle");
    assert_eq!(ui.screen(), Screen::Study);
    says(&shown_text(&ui), "Daily puzzle");
    // Today's puzzle, the same one the shipped list gives for the date.
    let daily = mancala::puzzles::daily(today).unwrap();
    assert_eq!(ui.app.study_puzzle().unwrap().0, daily.best[0]);
    ui.tap(&Ui::house_label(Side::South, daily.best[0]));
    ui.settle();
    assert_eq!(stage(&ui), StudyStage::Solved);
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Learn);
    let shown = shown_text(&ui);
    says(&shown, "Streak: 2 days in a row");
    says(&shown, "Solved today");
    assert!(ui.app.progress().daily_solved(today));
}
