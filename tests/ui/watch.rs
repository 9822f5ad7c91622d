//! Watching the computer play itself.

use super::*;

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
    ui.until(60, "both computers moved", |ui| {
        let record = ui.app.record().unwrap_or_default();
        let pos = ui.position();
        ui.moves_played() >= 3 && !pos.is_over() && !record.is_empty()
    });

    // Paused: the move being shown lands, then nothing more is played.
    ui.tap("Pause");
    ui.until(60, "the move shown landed", |_| !game.get_animating());
    let paused_at = ui.moves_played();
    for _ in 0..40 {
        advance(50);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(ui.moves_played(), paused_at, "a paused game stays");
    assert!(shown_text(&ui).contains("Paused"), "{}", shown_text(&ui));

    // Each step shows exactly one move, with its animation, and stays paused.
    for _ in 0..2 {
        let before = ui.moves_played();
        ui.tap("Step");
        ui.until(60, "the step's move", |ui| ui.moves_played() > before);
        ui.until(60, "the step's move landed", |_| !game.get_animating());
        for _ in 0..20 {
            advance(50);
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(ui.moves_played(), before + 1, "one step, one move");
        assert!(game.get_paused());
    }

    // Play goes on to the end; the game is the computer's on both sides throughout.
    ui.tap("Play");
    ui.until(60, "the watched game ended", |ui| ui.exists("Watch again"));
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
