//! Settings and the new-game choices: levels, languages, each game's own board and rules,
//! and the names of two people.

use super::*;

#[test]
fn every_difficulty_has_its_own_name_and_can_be_chosen() {
    // A level the store knows but the UI cannot name would read "Two players";
    // this fails until `Names.level` in ui/state.slint names it (and does not compile
    // until the English name below is given).
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    for level in Difficulty::ALL {
        let name = match level {
            Difficulty::Beginner => "Beginner",
            Difficulty::Casual => "Casual",
            Difficulty::Intermediate => "Intermediate",
            Difficulty::Strong => "Strong",
            Difficulty::Expert => "Expert",
        };
        ui.tap_in("Computer level", name);
        assert_eq!(ui.screen(), Screen::NewGame);
        assert_eq!(ui.app.settings().opponent, Opponent::Computer { level });
    }
    ui.tap_in("Opponent", "Another person");
    assert_eq!(ui.app.settings().opponent, Opponent::Human);
    // The computer comes back at the level it had.
    ui.tap_in("Opponent", "Computer");
    assert_eq!(
        ui.app.settings().opponent,
        Opponent::Computer {
            level: Difficulty::Expert
        }
    );
}

#[test]
fn settings_reach_the_next_game_and_survive_a_restart() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Settings");
        ui.tap_in("Game", "Congkak");
        // A new player starts Traditional, whose board is fixed: Quick chooses one.
        ui.tap_in("Way of playing", "Quick");
        ui.tap_in("Houses per player", "7");
        ui.tap_in("Seeds per house", "5");
        ui.tap("Back");
        assert_eq!(ui.screen(), Screen::Home);
        ui.start_game(&[("Opponent", "Another person")]);
        let pos = ui.position();
        assert_eq!(pos.variant(), Variant::Congkak);
        assert_eq!(pos.rules().houses(), 7);
        assert_eq!(ui.seeds_on_board(7), pos.total_seeds());
        assert_eq!(ui.shown_seeds("north-house-7"), 5);
    }
    let ui = Ui::launch(dir.path());
    let settings = ui.app.settings();
    assert_eq!(settings.variant, Variant::Congkak);
    assert_eq!(settings.current_rules().houses(), 7);
    assert_eq!(settings.current_rules().seeds(), 5);
    assert_eq!(settings.opponent, Opponent::Human);
    let prefs = ui.window.global::<mancala::Prefs>();
    let chosen = |choices: slint::ModelRc<slint::SharedString>, index: i32| {
        choices.row_data(index as usize).map(|s| s.to_string())
    };
    assert_eq!(
        (
            prefs.get_variant(),
            chosen(prefs.get_house_choices(), prefs.get_houses_choice()),
            chosen(prefs.get_seed_choices(), prefs.get_seeds_choice()),
            prefs.get_level()
        ),
        (
            mancala::Variant::Congkak,
            Some("7".into()),
            Some("5".into()),
            mancala::Level::TwoPeople
        )
    );
}

fn font_family(ui: &Ui) -> String {
    ui.window
        .global::<mancala::Theme>()
        .get_font_family()
        .to_string()
}

#[test]
fn a_language_chosen_in_settings_translates_the_whole_ui_at_once_and_is_remembered() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.app.set_system_locales(vec!["en_GB.UTF-8".into()]);
        // The guided game's offer answered, so the home screen's buttons fit the phone.
        ui.tap("No thanks");
        ui.tap("Settings");
        // Each language is named in itself, so a player finds their own.
        ui.tap("ไทย");
        assert!(ui.exists("กลับ"), "Back in Thai: {:?}", ui.button_labels());
        assert_eq!(font_family(&ui), "Mancala Thai");
        ui.tap("กลับ");
        for label in ["เกมใหม่", "การตั้งค่า", "กติกา", "สถิติ"]
        {
            assert!(
                ui.exists(label),
                "home shows {label}: {:?}",
                ui.button_labels()
            );
        }
        ui.tap("การตั้งค่า");
        ui.tap("မြန်မာ");
        // Burmese syllables are joined by word joiners (U+2060) where a line must not break.
        assert!(
            ui.exists("နော\u{2060}က်\u{2060}သို့"),
            "Back in Burmese: {:?}",
            ui.button_labels()
        );
        assert_eq!(font_family(&ui), "Mancala Myanmar");
        assert_eq!(
            ui.app.settings().language,
            mancala::store::Language::Burmese
        );
    }
    // After a restart the saved language speaks from the first frame.
    let ui = Ui::launch(dir.path());
    ui.app.set_system_locales(vec!["en_GB.UTF-8".into()]);
    assert!(
        ui.exists("ဂိ\u{2060}မ်း\u{2060}အ\u{2060}သ\u{2060}စ်"),
        "New game in Burmese: {:?}",
        ui.button_labels()
    );
    assert_eq!(font_family(&ui), "Mancala Myanmar");
}

#[test]
fn same_as_the_system_follows_the_devices_language() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.app
        .set_system_locales(vec!["ms_MY.UTF-8".into(), "en_US".into()]);
    assert_eq!(ui.app.settings().language, mancala::store::Language::System);
    assert!(
        ui.exists("Tetapan"),
        "Settings in Malay: {:?}",
        ui.button_labels()
    );
    assert_eq!(font_family(&ui), "Noto Sans");
    ui.tap("Tetapan");
    ui.tap("English");
    assert!(
        ui.exists("Back"),
        "English once chosen: {:?}",
        ui.button_labels()
    );
    ui.tap_in("Language", "Same as the system");
    assert!(
        ui.exists("Kembali"),
        "Malay again: {:?}",
        ui.button_labels()
    );
    assert_eq!(ui.app.settings().language, mancala::store::Language::System);
}

#[test]
fn each_game_keeps_its_own_board_and_rules_and_its_games_use_them() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let congkak = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .empty_capture(true)
        .build()
        .unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Settings");
        ui.tap_in("Game", "Congkak");
        ui.tap_in("Way of playing", "Quick");
        ui.tap_in("Houses per player", "7");
        ui.tap_in("Seeds per house", "7");
        ui.tap("Capture opposite an empty house");
        ui.tap_in("Game", "Kalah");
        let prefs = ui.window.global::<mancala::Prefs>();
        assert_eq!(
            (prefs.get_houses(), prefs.get_seeds()),
            (6, 4),
            "Kalah's own"
        );
        assert!(!prefs.get_empty_capture(), "Kalah's own option");
        ui.tap_in("Seeds per house", "5");
        ui.tap_in("Game", "Congkak");
        assert_eq!((prefs.get_houses(), prefs.get_seeds()), (7, 7));
        assert!(prefs.get_empty_capture(), "Congkak kept its option");
        assert_eq!(ui.app.settings().rules_for(Variant::Congkak), congkak);
        assert_eq!(ui.app.settings().rules_for(Variant::Kalah).seeds(), 5);
        ui.tap("Back");
        ui.tap("New game");
        assert_eq!(
            summary(&ui),
            "Congkak · Quick · 7 houses per player · 7 seeds per house · Captures opposite an empty house too"
        );
        ui.tap_in("Opponent", "Another person");
        ui.tap("Start");
        ui.settle();
        assert_eq!(
            ui.position().rules(),
            congkak,
            "the game is played with them"
        );
        assert_eq!(ui.shown_seeds("north-house-7"), 7);
    }
    // After a restart, each game still has its own.
    let ui = Ui::launch(dir.path());
    let settings = ui.app.settings();
    assert_eq!(settings.rules_for(Variant::Congkak), congkak);
    assert_eq!(
        settings.rules_for(Variant::Kalah),
        Rules::new(Variant::Kalah).with_seeds(5).unwrap()
    );
    ui.tap("New game");
    assert_eq!(
        summary(&ui),
        "Congkak · Quick · 7 houses per player · 7 seeds per house · Captures opposite an empty house too"
    );
    // "Change" opens the game section of Settings, and Back returns to New game.
    ui.tap("Change");
    assert_eq!(ui.screen(), Screen::Settings);
    ui.tap_in("Game", "Kalah");
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::NewGame);
    assert_eq!(
        summary(&ui),
        "Kalah · 6 houses per player · 5 seeds per house · No capture opposite an empty house"
    );
}

/// Whether the screen has a choice group labelled `label`, scrolling the page to look.
fn has_group(ui: &Ui, label: &str) -> bool {
    let found = ui.reveal(|| {
        i_slint_backend_testing::ElementHandle::find_by_accessible_label(&ui.window, label)
            .filter(|e| e.accessible_role() == Some(AccessibleRole::RadioGroup))
            .collect()
    });
    !found.is_empty()
}

/// Home → Settings → Congkak → `preset` by taps, then (with `board`) its houses and
/// seeds; back Home.
fn choose_congkak(ui: &Ui, preset: &str, board: Option<(&str, &str)>) {
    ui.tap("Settings");
    ui.tap_in("Game", "Congkak");
    ui.tap_in("Way of playing", preset);
    if let Some((houses, seeds)) = board {
        ui.tap_in("Houses per player", houses);
        ui.tap_in("Seeds per house", seeds);
    }
    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Home);
}

#[test]
fn each_congkak_preset_is_chosen_by_taps_keeps_its_own_rules_and_starts_its_game() {
    use mancala::engine::Start;
    use mancala::store::CongkakPreset;
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let quick = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(3)
        .build()
        .unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Settings");
        ui.tap_in("Game", "Congkak");
        let prefs = ui.window.global::<mancala::Prefs>();
        // A new player's Congkak is Traditional: its board is not a choice.
        assert_eq!(prefs.get_preset(), mancala::Preset::Traditional);
        assert!(!has_group(&ui, "Houses per player"), "{:?}", ui.labels());
        assert!(!has_group(&ui, "Seeds per house"), "{:?}", ui.labels());
        ui.tap_in("Way of playing", "Quick");
        assert!(
            has_group(&ui, "Houses per player"),
            "Quick chooses its board"
        );
        assert!(has_group(&ui, "Seeds per house"));
        ui.tap_in("Houses per player", "7");
        ui.tap_in("Seeds per house", "3");
        ui.tap_in("Way of playing", "Traditional");
        assert_eq!((prefs.get_houses(), prefs.get_seeds()), (7, 7));
        ui.tap("Back");
        // No one moves first in Traditional: New game says so instead of asking.
        ui.tap("New game");
        assert_eq!(
            summary(&ui),
            "Congkak · Traditional · 7 houses per player · 7 seeds per house · No capture opposite an empty house"
        );
        assert!(!has_group(&ui, "Who moves first"), "{:?}", ui.labels());
        says(
            &shown_text(&ui),
            "Both players make the first move at the same time, so no one moves first.",
        );
        ui.tap_in("Opponent", "Another person");
        ui.tap("Start");
        assert_eq!(ui.screen(), Screen::Game);
        let rules = ui.position().rules();
        assert_eq!(rules, Rules::traditional_congkak());
        assert_eq!(rules.start(), Start::Simultaneous);
        assert!(rules.plays_rounds());
    }
    {
        // After a restart Traditional is still chosen and Quick kept its board.
        let ui = Ui::launch(dir.path());
        let settings = ui.app.settings();
        assert_eq!(settings.congkak_preset, CongkakPreset::Traditional);
        assert_eq!(settings.preset_rules(CongkakPreset::Quick), quick);
        choose_congkak(&ui, "Quick", None);
        ui.tap("New game");
        assert!(
            has_group(&ui, "Who moves first"),
            "Quick asks who moves first"
        );
        ui.tap_in("Who moves first", "Take turns");
        ui.tap("Start");
        if ui.exists("Start the new game") {
            ui.tap("Start the new game");
        }
        ui.settle();
        assert_eq!(ui.position().rules(), quick);
    }
    let ui = Ui::launch(dir.path());
    assert_eq!(ui.app.settings().congkak_preset, CongkakPreset::Quick);
    // Quick changed to 6 houses and 4 seeds is still Quick; Traditional stays the real one.
    choose_congkak(&ui, "Quick", Some(("6", "4")));
    assert_eq!(
        ui.app.settings().current_rules(),
        Rules::new(Variant::Congkak)
    );
    assert_eq!(
        ui.app.settings().preset_rules(CongkakPreset::Traditional),
        Rules::traditional_congkak()
    );
}

#[test]
fn names_given_for_two_people_show_in_the_game_and_survive_a_restart_and_blank_falls_back() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    {
        let ui = Ui::launch(dir.path());
        ui.tap("New game");
        ui.tap_in("Opponent", "Another person");
        ui.type_into("Bottom player's name", "Ann");
        ui.type_into("Top player's name", "Ben");
        // The choice of who moves first names them too.
        ui.tap_in("Who moves first", "Ann");
        ui.tap("Start");
        ui.settle();
        says(&shown_text(&ui), "Ann's turn: tap a lit house");
        assert!(ui.labels().iter().any(|l| l == "Ben"), "Ben's bar");
        let majority = game_from(
            Rules::new(Variant::Oware),
            [&[0, 0, 0, 0, 0, 2], &[1, 2, 5, 0, 0, 0]],
            [22, 16],
            Side::South,
            &[],
        );
        let shown = finish_by_tapping(&ui, majority, Opponent::Human, (Side::South, 6));
        says(&shown, "Ann wins!");
        says(&shown, "Ann finished 11 seeds ahead.");
    }
    let ui = Ui::launch(dir.path());
    let names = ui.app.settings().names;
    assert_eq!((names.south.as_str(), names.north.as_str()), ("Ann", "Ben"));
    ui.tap("New game");
    assert_eq!(
        ui.field("Bottom player's name")
            .accessible_value()
            .as_deref(),
        Some("Ann")
    );
    // A blank name falls back to the default; a long one is cut to the limit.
    ui.type_into("Bottom player's name", "   ");
    ui.type_into("Top player's name", "Benedict Cumberbatch the Third");
    let field = ui.field("Top player's name");
    assert_eq!(
        field.accessible_value().as_deref(),
        Some("Benedict Cumberb")
    );
    assert_eq!(
        field.accessible_placeholder_text().as_deref(),
        Some("Player 2")
    );
    ui.tap("Start");
    // The first run's game is still saved, unfinished: the app asks before replacing it.
    if ui.exists("Start the new game") {
        ui.tap("Start the new game");
    }
    ui.settle();
    says(&shown_text(&ui), "Player 1's turn: tap a lit house");
    assert!(
        ui.labels().iter().any(|l| l == "Benedict Cumberb"),
        "{:?}",
        ui.labels()
    );
    let names = ui.app.settings().names;
    assert_eq!(names.north.chars().count(), mancala::store::MAX_NAME_LEN);
}
