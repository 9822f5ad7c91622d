//! The statistics screen: every finished game counted once, huge counts, resetting.

use super::*;

/// A Kalah game against the computer one move from its end, the person (South) to play
/// that move, saved in `dir` as a game to continue. Returns the ending house.
fn save_a_game_one_move_from_its_end(dir: &Path) -> u8 {
    for seed in 1.. {
        let mut rng = Lcg(seed);
        let mut game = Game::new(Rules::new(Variant::Kalah));
        while !game.is_over() {
            let legal: Vec<House> = game.legal_moves().iter().collect();
            let ends = |&house: &House| {
                let mut after = game.clone();
                after.play(house).unwrap();
                after.is_over()
            };
            if game.position().side_to_move() == Side::South {
                if let Some(end) = legal.iter().find(|h| ends(h)) {
                    let saved = SavedGame::from_game(&game, BEGINNER);
                    Store::open(dir).save_game(&saved).unwrap();
                    return end.number();
                }
            }
            if legal.iter().any(ends) {
                break; // the computer would end it; try another game
            }
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
    unreachable!()
}

/// Games counted against the Beginner in Kalah.
fn counted(ui: &Ui) -> u32 {
    let stats = ui.app.stats();
    stats
        .get(Variant::Kalah, BEGINNER)
        .map_or(0, |row| row.played())
}

#[test]
fn a_game_ended_just_before_the_app_is_killed_is_counted_once() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let end = save_a_game_one_move_from_its_end(dir.path());
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Continue");
        ui.tap(&Ui::house_label(Side::South, end));
        assert!(ui.app.is_busy(), "the last move is still being shown");
        // Killed here: the window and the app go without another tick.
    }
    let ui = Ui::launch(dir.path());
    assert_eq!(counted(&ui), 1, "the finished game counts");
    assert!(
        !ui.exists("Continue"),
        "a finished game is not offered again"
    );
}

#[test]
fn a_finished_game_undone_resumed_and_finished_again_is_counted_once() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let end = save_a_game_one_move_from_its_end(dir.path());
    {
        let ui = Ui::launch(dir.path());
        ui.tap("Continue");
        ui.tap(&Ui::house_label(Side::South, end));
        ui.settle();
        assert!(ui.position().is_over());
        assert_eq!(counted(&ui), 1);
        ui.tap("Look at the board");
        ui.tap("Undo");
        ui.settle();
        assert!(!ui.position().is_over());
    }
    let ui = Ui::launch(dir.path());
    ui.tap("Continue");
    ui.tap(&Ui::house_label(Side::South, end));
    ui.settle();
    assert!(ui.position().is_over());
    assert_eq!(counted(&ui), 1, "the same game, counted once");
    drop(ui);
    let ui = Ui::launch(dir.path());
    assert_eq!(counted(&ui), 1, "and so it stays after a restart");
}

#[test]
fn huge_statistics_show_as_the_largest_count_never_negative() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let row = r#"{"variant":"kalah","opponent":{"kind":"computer","level":1},"won":4294967295,"lost":4294967295,"drawn":3000000000,"current_streak":4294967295,"best_streak":4294967295}"#;
    std::fs::write(
        dir.path().join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{row}]}}"#),
    )
    .unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    advance(50);
    let shown = ui.labels().join(" | ");
    assert!(shown.contains("2147483647 games"), "{shown}");
    let values: Vec<i64> = ui
        .window
        .root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_value().is_some_and(|v| !v.is_empty()))
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_value()?.parse().ok())
        .collect();
    assert_eq!(values.len(), 5, "five counts: {values:?}");
    assert!(values.iter().all(|&v| v == i32::MAX as i64), "{values:?}");
}

/// A statistics file with results in all three games.
fn three_games_of_statistics(dir: &Path) {
    let row = |variant: &str, level: u8, won: u32| {
        format!(
            r#"{{"variant":"{variant}","opponent":{{"kind":"computer","level":{level}}},"won":{won},"lost":1,"current_streak":{won},"best_streak":{won}}}"#
        )
    };
    let rows = [
        row("kalah", 1, 3),
        row("kalah", 4, 1),
        row("oware", 2, 2),
        row("congkak", 3, 5),
    ];
    std::fs::write(
        dir.join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{}]}}"#, rows.join(",")),
    )
    .unwrap();
}

/// The variants that have results, in the app and in the file on disk.
fn variants_counted(ui: &Ui, dir: &Path) -> (Vec<Variant>, Vec<Variant>) {
    let variants = |stats: mancala::store::Stats| {
        let mut v: Vec<Variant> = stats.rows().iter().map(|r| r.variant).collect();
        v.dedup();
        v
    };
    (
        variants(ui.app.stats()),
        variants(Store::open(dir).load_stats()),
    )
}

#[test]
fn resetting_statistics_clears_exactly_what_was_chosen() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    three_games_of_statistics(dir.path());
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    let all = vec![Variant::Kalah, Variant::Oware, Variant::Congkak];
    assert_eq!(variants_counted(&ui, dir.path()), (all.clone(), all));

    // Chosen, then thought better of: nothing goes.
    ui.tap("Reset statistics");
    ui.tap("Oware");
    says(&shown_text(&ui), "Clear the Oware statistics?");
    ui.tap("Cancel");
    assert_eq!(variants_counted(&ui, dir.path()).0.len(), 3);

    // One game: Oware goes, against every opponent; Kalah (two levels) and Congkak stay.
    ui.tap("Reset statistics");
    ui.tap("Oware");
    ui.tap("Clear");
    let kept = vec![Variant::Kalah, Variant::Congkak];
    assert_eq!(variants_counted(&ui, dir.path()), (kept.clone(), kept));
    assert_eq!(ui.app.stats().rows().len(), 3, "both Kalah levels kept");
    let kalah = ui
        .app
        .stats()
        .get(Variant::Kalah, BEGINNER)
        .copied()
        .unwrap();
    assert_eq!((kalah.won, kalah.lost, kalah.best_streak), (3, 1, 3));
    assert!(!shown_text(&ui).contains("Oware ·"), "no Oware card left");

    // All of them.
    ui.tap("Reset statistics");
    ui.tap("All games");
    says(&shown_text(&ui), "Clear all statistics?");
    ui.tap("Clear");
    assert_eq!(variants_counted(&ui, dir.path()), (vec![], vec![]));
    says(&shown_text(&ui), "No finished games yet.");
    assert!(!ui.exists("Reset statistics"), "nothing left to reset");
}

#[test]
fn a_single_result_keeps_its_card_small_and_its_numbers_by_their_labels() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let row = r#"{"variant":"kalah","opponent":{"kind":"computer","level":1},"won":1}"#;
    std::fs::write(
        dir.path().join("stats.json"),
        format!(r#"{{"schema":1,"rows":[{row}]}}"#),
    )
    .unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("Statistics");
    // A wide window, where a card stretched to fit would set "Won" far from "Lost".
    ui.window.window().set_size(LogicalSize::new(1200.0, 800.0));
    advance(50);
    let card: Vec<_> = ElementHandle::find_by_accessible_label(&ui.window, "Kalah · Beginner")
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Groupbox))
        .collect();
    assert_eq!(card.len(), 1, "{}", shown_text(&ui));
    let size = card[0].size();
    assert!(size.height < 300.0, "the card keeps its height: {size:?}");
    assert!(size.width <= 600.0, "and a phone's width: {size:?}");
}

/// The titles of the statistics screen's cards (results and recent games), in order.
fn card_titles(ui: &Ui) -> Vec<String> {
    ui.window
        .root_element()
        .query_descendants()
        .match_accessible_role(AccessibleRole::Groupbox)
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect()
}

#[test]
fn congkak_presets_and_boards_are_counted_apart_older_files_load_and_recent_games_show_their_day() {
    use mancala::store::{CongkakPreset, FinishedRecord, RecentGames};
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let quick7 = Rules::new(Variant::Congkak).with_houses(7).unwrap();
    // Files as an older version wrote them: a Congkak row without preset or board, and
    // a kept game without its day.
    let old_stats =
        r#"{"schema":1,"rows":[{"variant":"congkak","opponent":{"kind":"human"},"won":2}]}"#;
    std::fs::write(dir.path().join("stats.json"), old_stats).unwrap();
    let mut recent = RecentGames::default();
    let mut kalah = Game::new(Rules::new(Variant::Kalah));
    while let Some(house) = kalah.legal_moves().first() {
        kalah.play(house).unwrap();
    }
    recent.add(FinishedRecord {
        finished: None,
        ..FinishedRecord::of_game(1, &kalah, BEGINNER)
    });
    Store::open(dir.path()).save_recent_games(&recent).unwrap();
    let ui = Ui::launch(dir.path());
    let stats = ui.app.stats();
    let old = &stats.rows()[0];
    assert_eq!(
        (old.preset, old.houses, old.won),
        (Some(CongkakPreset::Quick), None, 2),
        "the older row loads as Quick, its board unknown"
    );
    // A Quick game on 7 houses between two people, finished on the board: counted in a
    // row of its own, and kept with today's date.
    let game = game_from(
        quick7,
        [&[0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0]],
        [50, 46],
        Side::South,
        &[],
    );
    finish_by_tapping(&ui, game, Opponent::Human, (Side::South, 7));
    let stats = ui.app.stats();
    assert_eq!(stats.rows().len(), 2, "{:?}", stats.rows());
    assert_eq!(
        stats.get_rules(quick7, Opponent::Human).unwrap().played(),
        1
    );
    assert_eq!(
        stats
            .get_rules(Rules::traditional_congkak(), Opponent::Human)
            .map(|r| r.played()),
        None
    );
    ui.app.go(Screen::Stats);
    advance(50);
    let titles = card_titles(&ui);
    for title in [
        "Congkak · Quick · Two players",
        "Congkak · Quick · 7 houses · Two players",
    ] {
        assert!(titles.iter().any(|t| t == title), "{title} in {titles:?}");
    }
    // The kept Kalah game has no day to show; no game from a hand-made position is kept.
    assert!(
        !ui.labels().iter().any(|l| l.starts_with("Finished on")),
        "{:?}",
        ui.labels()
    );
    // Restarted, the counts and the older game are still there.
    drop(ui);
    let ui = Ui::launch(dir.path());
    assert_eq!(ui.app.stats().rows().len(), 2);
    // A game kept with its day shows it.
    let mut recent = Store::open(dir.path()).load_recent_games();
    recent.games[0].finished = mancala::store::Day::new(2026, 3, 9);
    Store::open(dir.path()).save_recent_games(&recent).unwrap();
    drop(ui);
    let ui = Ui::launch(dir.path());
    ui.app.go(Screen::Stats);
    advance(50);
    assert!(
        ui.labels().iter().any(|l| l == "Finished on 2026-03-09"),
        "{:?}",
        ui.labels()
    );
}

/// The Kalah row against the Beginner: (won, lost, drawn), in the app and on disk.
fn kalah_beginner(ui: &Ui, dir: &Path) -> ((u32, u32, u32), (u32, u32, u32)) {
    let counts = |stats: &mancala::store::Stats| {
        stats
            .get(Variant::Kalah, BEGINNER)
            .map_or((0, 0, 0), |r| (r.won, r.lost, r.drawn))
    };
    (
        counts(&ui.app.stats()),
        counts(&Store::open(dir).load_stats()),
    )
}

#[test]
fn a_game_left_for_a_new_one_is_a_loss_and_a_resignation_cannot_be_undone() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let vs_beginner = [("Opponent", "Computer"), ("Computer level", "Beginner")];
    ui.start_game(&vs_beginner);
    // House 2 ends in house 6: the computer answers.
    ui.tap("Bottom house 2");
    ui.settle();
    assert!(!ui.position().is_over());

    // New game over it: the question says it counts, and it does, once.
    ui.tap("Back");
    ui.tap("New game");
    ui.tap("Start");
    says(
        &shown_text(&ui),
        "It counts as a loss in the statistics, as if you had resigned.",
    );
    ui.tap("Start the new game");
    assert_eq!(ui.screen(), Screen::Game);
    assert!(ui.app.record().unwrap().is_empty(), "a new game");
    assert_eq!(kalah_beginner(&ui, dir.path()), ((0, 1, 0), (0, 1, 0)));

    // The new game, untouched, is left at no cost: the person has not played it.
    ui.tap("Back");
    ui.tap("New game");
    ui.tap("Start");
    says(&shown_text(&ui), "It is not counted in the statistics.");
    ui.tap("Start the new game");
    assert_eq!(kalah_beginner(&ui, dir.path()).0, (0, 1, 0));

    // Played, resigned: a second loss, and Undo cannot take it back.
    ui.tap("Bottom house 2");
    ui.settle();
    let record = ui.app.record().unwrap();
    ui.tap("Resign");
    ui.find("Resign")
        .last()
        .unwrap()
        .mock_single_click(PointerEventButton::Left);
    advance(20);
    ui.settle();
    says(&shown_text(&ui), "You resigned.");
    assert_eq!(kalah_beginner(&ui, dir.path()), ((0, 2, 0), (0, 2, 0)));
    ui.tap("Look at the board");
    ui.tap("Undo");
    ui.settle();
    says(&shown_text(&ui), "You resigned.");
    assert!(ui.exists("Result"), "the resignation stands");
    assert_eq!(ui.app.record().unwrap(), record);
    // Nor does a new game count it again.
    ui.tap("Back");
    ui.tap("New game");
    ui.tap("Start");
    assert_eq!(ui.screen(), Screen::Game, "nothing unfinished to ask about");
    drop(ui);
    let ui = Ui::launch(dir.path());
    assert_eq!(kalah_beginner(&ui, dir.path()), ((0, 2, 0), (0, 2, 0)));
}
