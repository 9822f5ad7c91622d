//! The guided first game, played by taps as a new player plays it: the offer on a fresh
//! data folder, its tips with the house to tap lit, Skip, and the person's own game and
//! statistics left alone.

use super::*;

const SOWING: &str =
    "Tap a house in your row, at the bottom: its seeds are sown one by one into the next pits, going right.";
const EXTRA_TURN_CHANCE: &str =
    "Tap house 4, marked with the arrow: its last seed lands in your store, and then you move again.";
const YOUR_STORE: &str =
    "A seed fell into your store, on the right. The seeds in it are yours: the most seeds wins.";
const EXTRA_TURN: &str = "Your last seed landed in your store, so you move again.";
const CAPTURE_CHANCE: &str = "Tap house 1, marked with the arrow: its last seed lands in an empty house of yours and captures the seeds across from it.";
const CAPTURE: &str = "A capture! Your last seed landed in an empty house of yours, so it and the seeds across from it went to your store.";
const END: &str = "The game is over: a row ran out of seeds, so the seeds left went to their owner's store. The most seeds wins.";

/// The houses of the bottom row that carry the "tap here" arrow (the hint's mark).
fn arrowed(ui: &Ui) -> Vec<u8> {
    (1..=6)
        .filter(|&house| {
            !ui.pit(&Ui::house_id(Side::South, house))
                .query_descendants()
                .match_type_name("HintArrow")
                .find_all()
                .is_empty()
        })
        .collect()
}

/// The tip showing, if any (the card is a button labelled with its words).
fn tip_shown(ui: &Ui, words: &str) -> bool {
    ui.exists(words)
}

/// Plays the person's turns with the first lit house until the game is over.
fn play_to_the_end(ui: &Ui) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !ui.position().is_over() {
        assert!(Instant::now() < deadline, "the guided game did not end");
        let lit = ui.lit_houses(Side::South, 6);
        if let Some(&house) = lit.first() {
            ui.tap(&Ui::house_label(Side::South, house));
        }
        ui.settle();
    }
}

#[test]
fn guided_first_game_offered_on_a_fresh_folder_tips_light_the_house_and_skip_removes_them() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        first_frame(&ui);
        says(&shown_text(&ui), "New to mancala?");
        assert!(ui.exists("No thanks"));
        ui.tap("Start");
        assert_eq!(ui.screen(), Screen::Game);
        assert!(ui.window.global::<mancala::GameState>().get_guided());
        let start = ui.position();
        assert_eq!(start.rules(), mancala::app::game::turn_loop::guided_rules());

        // The first tip: sowing, any house; nothing lit beyond the playable ring.
        assert!(tip_shown(&ui, SOWING), "{}", ui.text());
        assert!(ui.exists("Skip tips"));
        assert_eq!(arrowed(&ui), Vec::<u8>::new());
        // Tapped away, the next: house 4 ends in the store, and it is lit.
        ui.tap(SOWING);
        assert!(tip_shown(&ui, EXTRA_TURN_CHANCE), "{}", ui.text());
        assert!(!tip_shown(&ui, SOWING), "each tip once");
        assert_eq!(arrowed(&ui), [4]);

        // The player taps the lit house: the tip goes, and what the move did is told.
        ui.tap("Bottom house 4");
        ui.settle();
        assert!(!tip_shown(&ui, EXTRA_TURN_CHANCE));
        assert!(tip_shown(&ui, YOUR_STORE), "{}", ui.text());
        ui.tap(YOUR_STORE);
        assert!(tip_shown(&ui, EXTRA_TURN), "{}", ui.text());
        ui.tap(EXTRA_TURN);
        // Still the person's turn: house 1 lands in empty house 4, across from 3 seeds.
        assert!(tip_shown(&ui, CAPTURE_CHANCE), "{}", ui.text());
        assert_eq!(arrowed(&ui), [1]);
        ui.tap("Bottom house 1");
        ui.settle();
        assert!(tip_shown(&ui, CAPTURE), "{}", ui.text());
        assert_eq!(arrowed(&ui), Vec::<u8>::new());

        // Skip: no tip from now on, and the game goes on to its end as an ordinary one.
        ui.tap("Skip tips");
        assert!(!tip_shown(&ui, CAPTURE));
        assert!(!ui.exists("Skip tips"));
        play_to_the_end(&ui);
        assert!(!tip_shown(&ui, END), "skipped: no end tip either");
        assert!(ui.exists("Rematch"), "the game-over panel: {}", ui.text());
        // Never counted, never saved.
        assert_eq!(ui.app.stats(), mancala::store::Stats::default());
        assert!(!dir.path().join("game.json").exists());
        assert!(ui.app.settings().guide_offered);
    }
    // The second launch: no offer, an entry that starts it again.
    let ui = Ui::launch(dir.path());
    assert!(
        !shown_text(&ui).contains("New to mancala?"),
        "{}",
        ui.text()
    );
    assert!(!ui.exists("No thanks"));
    ui.tap("Guided first game");
    assert_eq!(ui.screen(), Screen::Game);
    assert!(tip_shown(&ui, SOWING), "a new guided game explains again");
}

#[test]
fn guided_game_keeps_the_saved_game_aside_explains_the_end_and_counts_nothing() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    // A player from before the guided game: an older settings file, an unfinished game.
    let store = Store::open(dir.path());
    std::fs::write(dir.path().join("settings.json"), r#"{"schema":1}"#).unwrap();
    let mut game = Game::new(Rules::new(Variant::Kalah));
    game.play(House::new(3).unwrap()).unwrap(); // an extra turn: the person moves next
    store
        .save_game(&SavedGame::from_game(&game, BEGINNER))
        .unwrap();
    let saved = std::fs::read(dir.path().join("game.json")).unwrap();

    let ui = Ui::launch(dir.path());
    assert!(
        !shown_text(&ui).contains("New to mancala?"),
        "no offer to an older player"
    );
    assert!(ui.exists("Continue"));
    // The entry starts it at once: the saved game is put aside, not replaced, so there
    // is nothing to ask.
    ui.tap("Guided first game");
    assert_eq!(ui.screen(), Screen::Game);
    assert!(!ui.window.global::<mancala::Prefs>().get_confirm_replace());
    assert!(tip_shown(&ui, SOWING));
    ui.tap(SOWING);
    ui.tap("Bottom house 4");
    ui.settle();

    // Played to its end, tips and all: the end is told over the final board, and the
    // game-over panel comes once the tip is tapped away.
    play_to_the_end(&ui);
    assert!(tip_shown(&ui, END), "{}", ui.text());
    assert!(!ui.exists("Rematch"), "the tip first, over the final board");
    ui.tap(END);
    assert!(ui.exists("Rematch"), "then the panel: {}", ui.text());
    assert_eq!(
        ui.app.stats(),
        mancala::store::Stats::default(),
        "not counted"
    );
    assert_eq!(
        std::fs::read(dir.path().join("game.json")).unwrap(),
        saved,
        "the saved game was never written over"
    );

    // Rematch: the guided game again, tips and all; the own game still waits, uncounted.
    ui.tap("Rematch");
    assert!(tip_shown(&ui, SOWING), "{}", ui.text());
    assert_eq!(ui.moves_played(), 0);
    assert_eq!(
        ui.app.stats(),
        mancala::store::Stats::default(),
        "nothing counted"
    );

    // Home: Continue is the person's own game, exactly as it was.
    ui.app.go(Screen::Home);
    advance(20);
    ui.tap("Continue");
    assert_eq!(ui.screen(), Screen::Game);
    assert_eq!(ui.position(), *game.position());
    assert!(!ui.window.global::<mancala::GameState>().get_guided());
}
