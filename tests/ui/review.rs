//! The review screen: a finished game reviewed, stepped through and kept; stopping and
//! starting a review; a record typed in.

use super::*;

// ---- game review -----------------------------------------------------------------------

/// Two people play Kalah with 3 seeds a house, each taking the lowest house they
/// may, until the game-over panel shows.
fn play_a_short_game(ui: &Ui) {
    ui.tap("Settings");
    ui.tap_in("Game", "Kalah");
    ui.tap_in("Seeds per house", "3");
    ui.tap("Back");
    ui.start_game(&[("Opponent", "Another person")]);
    while !ui.exists("Rematch") {
        let mover = ui.position().side_to_move();
        let lit = ui.lit_houses(mover, 6);
        ui.tap(&Ui::house_label(mover, lit[0]));
        ui.settle();
    }
}

fn review_state(ui: &Ui) -> mancala::ReviewState<'_> {
    ui.window.global::<mancala::ReviewState>()
}

/// Lets the review's worker run (in real time) until it is done.
fn wait_for_review(ui: &Ui) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while review_state(ui).get_running() {
        assert!(Instant::now() < deadline, "the review took two minutes");
        advance(100);
        std::thread::sleep(Duration::from_millis(5));
    }
    advance(20);
}

/// The caption of the position the review shows ("Move 3 of 40: ..." and its words).
fn review_caption(ui: &Ui) -> String {
    let found = ui
        .window
        .root_element()
        .query_descendants()
        .match_predicate(|e| {
            e.accessible_role() == Some(AccessibleRole::Text)
                && e.accessible_label().is_some_and(|l| {
                    l.starts_with("Move ") && l.contains(" of ") || l.starts_with("Final position")
                })
        })
        .find_all();
    assert_eq!(found.len(), 1, "one caption: {:?}", ui.labels());
    found[0].accessible_label().unwrap().to_string()
}

#[test]
fn a_finished_game_is_reviewed_stepped_through_and_kept_with_its_review() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    play_a_short_game(&ui);
    let record = ui.app.record().unwrap();
    let rules = Rules::new(Variant::Kalah).with_seeds(3).unwrap();
    let game = Game::parse_record(Position::start(rules), &record).unwrap();
    let moves = game.moves().len();
    // What the review must find: the same code, run here.
    let cancel = AtomicBool::new(false);
    let expected = Computer::default()
        .review(&game, &|_, _, _| {}, &cancel)
        .unwrap();
    assert!(
        expected.iter().any(|m| m.loss > 0),
        "lowest-house play makes mistakes: {expected:?}"
    );

    ui.app.restart_ui_work_measure();
    ui.tap("Review the game");
    assert_eq!(ui.screen(), Screen::Review);
    wait_for_review(&ui);
    assert_eq!(review_state(&ui).get_lines().row_count(), moves);
    assert_eq!(review_state(&ui).get_graph().row_count(), moves + 1);
    let grade = |loss: i32| match loss {
        0 => "Best move",
        1 => "Good",
        2..=3 => "Inaccuracy",
        4..=7 => "Mistake",
        _ => "Blunder",
    };
    for (i, m) in expected.iter().enumerate() {
        let caption = review_caption(&ui);
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
    assert!(review_caption(&ui).starts_with("Final position"));
    ui.tap("Previous");
    assert!(review_caption(&ui).starts_with(&format!("Move {moves} of")));
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
    assert!(!review_state(&ui).get_running(), "not computed again");
    assert_eq!(review_state(&ui).get_lines().row_count(), moves);
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Stats);
}

#[test]
fn a_review_can_be_stopped_and_started_again() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (brain, stopped) = UntilCancelled::new();
    let brain = Arc::new(brain);
    let ui = Ui::launch_with(dir.path(), brain);
    play_a_short_game(&ui);
    ui.tap("Review the game");
    let deadline = Instant::now() + Duration::from_secs(10);
    while review_state(&ui).get_done() < 1 {
        assert!(Instant::now() < deadline, "no progress shown");
        advance(100);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(review_state(&ui).get_running());
    ui.tap("Stop");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("the review's search was cancelled");
    assert!(review_state(&ui).get_stopped());
    ui.tap("Review the game");
    assert!(review_state(&ui).get_running());
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
        ui.labels()
    );
    ui.type_into("Game record", "3 9");
    ui.tap("Review");
    assert!(
        says("Move 2 (“9”): there is no such house on this board."),
        "{:?}",
        ui.labels()
    );
    assert_eq!(
        ui.screen(),
        Screen::Stats,
        "a bad record stays to be corrected"
    );
    ui.type_into("Game record", "3 1 6");
    ui.tap("Review");
    assert_eq!(ui.screen(), Screen::Review);
    wait_for_review(&ui);
    assert_eq!(review_state(&ui).get_lines().row_count(), 3);
    review_state(&ui).invoke_go_to(3);
    advance(20);
    assert!(review_caption(&ui).contains("The record stops before the end of the game."));
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Stats);
    assert_eq!(review_state(&ui).get_recent().row_count(), 0, "not kept");
}

#[test]
fn rows_show_on_screen_as_they_are_valued_the_rest_marked_valuing() {
    use mancala::testing::brains::HalfwayReviewer;
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (brain, go_on) = HalfwayReviewer::new();
    let ui = Ui::launch_with(dir.path(), Arc::new(brain));
    play_a_short_game(&ui);
    let moves = ui.app.record().unwrap().split_whitespace().count();
    ui.tap("Review the game");
    // The reviewer stops after the later half of the moves: those rows show.
    let later = moves / 2;
    let deadline = Instant::now() + Duration::from_secs(10);
    while review_state(&ui).get_valued() < later as i32 {
        assert!(
            Instant::now() < deadline,
            "no row came: {} valued, {} done, {moves} moves",
            review_state(&ui).get_valued(),
            review_state(&ui).get_done()
        );
        advance(100);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(review_state(&ui).get_running(), "the review is not done");
    assert_eq!(review_state(&ui).get_lines().row_count(), moves);
    let shows = |label: &str| {
        ui.reveal(|| ElementHandle::find_by_accessible_label(&ui.window, label).collect())
            .len()
            == 1
    };
    assert!(shows("Move 1: Valuing…"), "{:?}", ui.labels());
    // The caption of a move not valued yet says so; of a valued one, its grade (the
    // list scrolls to the move shown).
    assert!(review_caption(&ui).contains("Valuing…"));
    review_state(&ui).invoke_go_to(moves as i32 - 1);
    advance(20);
    assert!(review_caption(&ui).contains("House 1 was better"));
    let last = format!("Move {moves}: Blunder, best 1");
    assert!(shows(&last), "{:?}", ui.labels());
    go_on.send(()).unwrap();
    wait_for_review(&ui);
    assert_eq!(review_state(&ui).get_valued(), moves as i32);
    assert!(!shows("Move 1: Valuing…"));
    // Previous and Next stay where they are, whatever the caption says (one line, three,
    // or the result and the record at the end).
    let next_y = || {
        let next = ui.find("Next");
        assert_eq!(next.len(), 1);
        next[0].absolute_position().y
    };
    let mut heights = Vec::new();
    for cursor in 0..=moves {
        review_state(&ui).invoke_go_to(cursor as i32);
        advance(20);
        heights.push(next_y());
    }
    assert!(heights.iter().all(|&y| y == heights[0]), "{heights:?}");
}
