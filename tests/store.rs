//! The store keeps settings, the game in progress and statistics safe across restarts,
//! crashes and bad files (issue 4, "What must show it").

use mancala::engine::{Game, GrandSlam, Rules, Side, Variant};
use mancala::players::{Difficulty, GameResult, Opponent};
use mancala::store::atomic;
use mancala::store::{
    AnimationSpeed, Day, FileKind, FinishedRecord, FirstPlayer, Language, Notice, PerVariant,
    Problem, Progress, RecentGames, ReviewedMove, SavedGame, Settings, Stats, Store, Theme,
    WriteTrouble, MAX_FILE_BYTES,
};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::fs;
use std::path::Path;

fn custom_settings() -> Settings {
    let mut settings = Settings {
        variant: Variant::Oware,
        opponent: Opponent::Computer {
            level: Difficulty::Strong,
        },
        first: PerVariant::from_fn(|_| FirstPlayer::Alternate),
        last_first: Some(Side::North),
        animation: AnimationSpeed::Fast,
        theme: Theme::Dark,
        language: Language::Thai,
        ..Settings::default()
    };
    settings.set_rules(Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll));
    settings.set_rules(
        Rules::builder(Variant::Congkak)
            .houses(7)
            .seeds(3)
            .build()
            .unwrap(),
    );
    settings.set_rules(Rules::new(Variant::Kalah).with_empty_capture(true));
    settings.names.set(Side::South, "Aye Aye");
    settings.names.set(Side::North, "မောင်မောင်");
    settings
}

fn some_stats() -> Stats {
    let mut stats = Stats::default();
    stats.record(
        Variant::Kalah,
        Opponent::Computer {
            level: Difficulty::Beginner,
        },
        GameResult::Won,
    );
    stats.record(
        Variant::Kalah,
        Opponent::Computer {
            level: Difficulty::Beginner,
        },
        GameResult::Won,
    );
    stats.record(Variant::Oware, Opponent::Human, GameResult::Drawn);
    stats.record(
        Variant::Congkak,
        Opponent::Computer {
            level: Difficulty::Expert,
        },
        GameResult::Lost,
    );
    stats
}

/// Plays `count` moves chosen by `choices` (indices into the legal moves), stopping
/// early if the game ends.
fn play_some(game: &mut Game, choices: impl IntoIterator<Item = usize>, count: usize) {
    for choice in choices.into_iter().take(count) {
        let legal = game.position().legal_moves().to_vec();
        if legal.is_empty() {
            break;
        }
        game.play(legal[choice % legal.len()]).unwrap();
    }
}

/// A game with history, some of it taken back and part of that replayed.
fn game_with_history(rules: Rules, first: Side, seed: u64) -> Game {
    let mut game = Game::with_first(rules, first);
    // A small linear congruential generator: varied but repeatable move choices.
    let choices = (0..).scan(seed, |s, _| {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Some((*s >> 33) as usize)
    });
    play_some(&mut game, choices, 30);
    for _ in 0..6 {
        game.undo();
    }
    game.redo();
    game.redo();
    game
}

fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

#[test]
fn settings_round_trip_through_a_new_store() {
    let dir = tempfile::tempdir().unwrap();
    let settings = custom_settings();
    Store::open(dir.path()).save_settings(&settings).unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.load_settings(), settings);
    assert!(store.take_notices().is_empty());
}

#[test]
fn an_older_settings_file_without_names_loads_with_the_defaults_and_no_notice() {
    // Written before the two people's names and the remembered level existed.
    let dir = tempfile::tempdir().unwrap();
    let old = json!({
        "schema": 1,
        "variant": "congkak",
        "rules": {"congkak": {"variant": "congkak", "houses": 7, "seeds": 7, "empty_capture": true}},
        "opponent": {"kind": "human"},
        "first": "south",
        "theme": "dark"
    });
    fs::write(dir.path().join("settings.json"), old.to_string()).unwrap();
    let mut store = Store::open(dir.path());
    let settings = store.load_settings();
    assert!(store.take_notices().is_empty(), "the file was good");
    assert_eq!(
        (
            settings.names.shown(Side::South),
            settings.names.shown(Side::North)
        ),
        (None, None)
    );
    assert_eq!(settings.computer_level(), Difficulty::Casual);
    assert_eq!(settings.current_rules().houses(), 7);
    assert_eq!(settings.theme, Theme::Dark);
    // A hand-edited overlong, multi-line name loads cleaned and cut, the rest kept.
    let edited = json!({"names": {"south": "Ann\nLee", "north": "x".repeat(100)}, "theme": "dark"});
    fs::write(dir.path().join("settings.json"), edited.to_string()).unwrap();
    let mut store = Store::open(dir.path());
    let settings = store.load_settings();
    assert!(store.take_notices().is_empty());
    assert_eq!(settings.names.south, "AnnLee");
    assert_eq!(settings.names.north.len(), mancala::store::MAX_NAME_LEN);
    assert_eq!(settings.theme, Theme::Dark);
}

#[test]
fn coach_mode_survives_a_restart_and_an_older_file_without_it_loads_it_off() {
    let dir = tempfile::tempdir().unwrap();
    let old = json!({"schema": 1, "variant": "kalah", "animation": "slow"});
    fs::write(dir.path().join("settings.json"), old.to_string()).unwrap();
    let mut store = Store::open(dir.path());
    let mut settings = store.load_settings();
    assert!(store.take_notices().is_empty(), "the file was good");
    assert!(!settings.coach, "coach mode is off unless chosen");
    assert_eq!(settings.animation, AnimationSpeed::Slow);
    settings.coach = true;
    store.save_settings(&settings).unwrap();
    assert_eq!(
        read_json(&dir.path().join("settings.json"))["coach"],
        json!(true)
    );
    assert!(Store::open(dir.path()).load_settings().coach);
}

#[test]
fn stats_round_trip_through_a_new_store() {
    let dir = tempfile::tempdir().unwrap();
    let stats = some_stats();
    Store::open(dir.path()).save_stats(&stats).unwrap();
    let loaded = Store::open(dir.path()).load_stats();
    assert_eq!(loaded, stats);
    let row = loaded
        .get(
            Variant::Kalah,
            Opponent::Computer {
                level: Difficulty::Beginner,
            },
        )
        .unwrap();
    assert_eq!((row.played(), row.won, row.best_streak), (2, 2, 2));
}

#[test]
fn saved_game_round_trips_and_clears() {
    let dir = tempfile::tempdir().unwrap();
    let game = game_with_history(Rules::new(Variant::Kalah), Side::South, 7);
    let saved = SavedGame::from_game(
        &game,
        Opponent::Computer {
            level: Difficulty::Intermediate,
        },
    );
    let store = Store::open(dir.path());
    store.save_game(&saved).unwrap();
    let mut again = Store::open(dir.path());
    assert_eq!(again.load_game(), Some(saved));
    again.clear_game().unwrap();
    again.clear_game().unwrap(); // nothing to clear is fine
    assert_eq!(again.load_game(), None);
    assert!(again.take_notices().is_empty());
}

#[test]
fn missing_files_give_defaults_without_notices() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("not/yet/made"));
    assert!(store.dir().is_dir(), "open creates the directory");
    assert_eq!(store.load_settings(), Settings::default());
    assert_eq!(store.load_game(), None);
    assert_eq!(store.load_stats(), Stats::default());
    assert!(store.take_notices().is_empty());
}

#[test]
fn resumed_game_is_identical_in_every_variant() {
    let boards = [
        (
            Rules::new(Variant::Kalah).with_seeds(5).unwrap(),
            Side::South,
        ),
        (Rules::new(Variant::Oware), Side::North),
        (
            Rules::new(Variant::Congkak).with_houses(7).unwrap(),
            Side::South,
        ),
    ];
    for (seed, (rules, first)) in boards.into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let game = game_with_history(rules, first, seed as u64 + 11);
        assert!(
            game.can_undo() && game.can_redo(),
            "{rules:?}: history on both sides"
        );
        let saved = SavedGame::from_game(
            &game,
            Opponent::Computer {
                level: Difficulty::Casual,
            },
        );
        Store::open(dir.path()).save_game(&saved).unwrap();

        let mut store = Store::open(dir.path());
        let resumed = store
            .load_game()
            .expect("the game is there")
            .to_game()
            .unwrap();
        assert_eq!(resumed.position(), game.position(), "{rules:?}");
        assert_eq!(
            resumed.position().side_to_move(),
            game.position().side_to_move()
        );
        assert_eq!(resumed.moves(), game.moves());
        assert_eq!(resumed.redo_moves(), game.redo_moves());
        assert_eq!(resumed.history(), game.history());
        assert_eq!(resumed, game);
        assert!(store.take_notices().is_empty());
    }
}

#[test]
fn interrupted_write_leaves_the_old_file_and_the_next_open_loads_it() {
    let dir = tempfile::tempdir().unwrap();
    let old = custom_settings();
    let store = Store::open(dir.path());
    store.save_settings(&old).unwrap();
    let old_game = SavedGame::from_game(
        &game_with_history(Rules::new(Variant::Oware), Side::South, 3),
        Opponent::Human,
    );
    store.save_game(&old_game).unwrap();

    // A crash between the temporary file and the rename: the new content never lands.
    let settings_path = store.path(FileKind::Settings);
    let game_path = store.path(FileKind::Game);
    let temps = [
        atomic::write_temp(&settings_path, br#"{"theme":"light"}"#).unwrap(),
        atomic::write_temp(&game_path, b"{\"moves\":[1,2").unwrap(),
    ];
    drop(store);

    let mut store = Store::open(dir.path());
    assert!(
        temps.iter().all(|t| !t.exists()),
        "open removes stale temporary files"
    );
    assert_eq!(store.load_settings(), old);
    assert_eq!(store.load_game(), Some(old_game));
    assert!(store.take_notices().is_empty());
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 2, "only settings.json and game.json remain");
}

/// The child process of [`a_writer_killed_at_any_moment_leaves_every_file_old_or_new`]:
/// when this variable names a folder, the test saves two versions of each file there in
/// turn, for ever, until it is killed.
const WRITER_DIR: &str = "MANCALA_TEST_KILLED_WRITER_DIR";

/// Two versions of each file, of different lengths, so that a mix or a truncation of
/// them is neither.
fn writer_versions() -> ([SavedGame; 2], [Stats; 2], [Settings; 2]) {
    let games = [
        SavedGame::from_game(
            &game_with_history(Rules::new(Variant::Oware), Side::South, 11),
            Opponent::Human,
        ),
        SavedGame::from_game(
            &game_with_history(Rules::new(Variant::Congkak), Side::North, 12),
            Opponent::Computer {
                level: Difficulty::Expert,
            },
        ),
    ];
    (
        games,
        [Stats::default(), some_stats()],
        [Settings::default(), custom_settings()],
    )
}

#[test]
fn a_writer_killed_at_any_moment_leaves_every_file_old_or_new() {
    let (games, stats, settings) = writer_versions();
    if let Some(dir) = std::env::var_os(WRITER_DIR) {
        // The child: write until killed, saying so on stderr once every file exists.
        let store = Store::open(dir);
        for (round, turn) in (0..2).cycle().enumerate() {
            store.save_game(&games[turn]).unwrap();
            store.save_stats(&stats[turn]).unwrap();
            store.save_settings(&settings[turn]).unwrap();
            if round == 0 {
                eprintln!("writing");
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    for round in 0..40u64 {
        let (mut child, _stderr) = start_writer(
            "a_writer_killed_at_any_moment_leaves_every_file_old_or_new",
            WRITER_DIR,
            dir.path(),
            round,
        );
        // Let it write on for a varied while (0 to 3 ms), then kill it mid-stream.
        std::thread::sleep(std::time::Duration::from_micros(round * 7919 % 3000));
        child.kill().unwrap();
        child.wait().unwrap();

        let mut store = Store::open(dir.path());
        let game = store.load_game();
        assert!(
            game.as_ref().is_some_and(|game| games.contains(game)),
            "round {round}: game.json is neither version"
        );
        let loaded_stats = store.load_stats();
        assert!(
            stats.contains(&loaded_stats),
            "round {round}: stats.json is neither version"
        );
        let loaded_settings = store.load_settings();
        assert!(
            settings.contains(&loaded_settings),
            "round {round}: settings.json is neither version"
        );
        assert_eq!(
            store.take_notices(),
            vec![],
            "round {round}: no file was bad"
        );
    }
}

/// Adds `"extra"` fields to every object in `value`, as a newer version might.
fn add_unknown_fields(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.values_mut().for_each(add_unknown_fields);
            map.insert("added_later".into(), json!({"nested": [1, "two", null]}));
        }
        Value::Array(items) => items.iter_mut().for_each(add_unknown_fields),
        _ => {}
    }
}

#[test]
fn files_with_extra_unknown_fields_still_load() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path());
    let settings = custom_settings();
    let game = SavedGame::from_game(
        &game_with_history(
            Rules::new(Variant::Congkak).with_houses(7).unwrap(),
            Side::North,
            5,
        ),
        Opponent::Computer {
            level: Difficulty::Expert,
        },
    );
    let stats = some_stats();
    let recent = some_recent_games();
    store.save_settings(&settings).unwrap();
    store.save_game(&game).unwrap();
    store.save_stats(&stats).unwrap();
    store.save_recent_games(&recent).unwrap();
    store.save_progress(&some_progress()).unwrap();
    for kind in FileKind::ALL {
        let path = store.path(kind);
        let mut value = read_json(&path);
        add_unknown_fields(&mut value);
        assert!(value.to_string().matches("added_later").count() >= 2);
        fs::write(&path, value.to_string()).unwrap();
    }

    let mut store = Store::open(dir.path());
    assert_eq!(store.load_settings(), settings);
    assert_eq!(store.load_game(), Some(game));
    assert_eq!(store.load_stats(), stats);
    assert_eq!(store.load_recent_games(), recent);
    assert_eq!(store.load_progress(), some_progress());
    assert!(store.take_notices().is_empty());
}

/// Two finished games, the newer one reviewed.
fn some_recent_games() -> RecentGames {
    let mut recent = RecentGames::default();
    for id in [11, 12] {
        let mut game = Game::new(Rules::new(Variant::Kalah).with_seeds(3).unwrap());
        while !game.is_over() {
            let moves = game.legal_moves();
            let house = moves.iter().nth(id as usize % moves.len()).unwrap();
            game.play(house).unwrap();
        }
        let mut record = FinishedRecord::of_game(id, &game, Opponent::Human);
        if id == 12 {
            let reviewed = ReviewedMove {
                best: game.moves()[0].house().unwrap(),
                value: 1,
                loss: 0,
                exact: false,
            };
            record.review = Some(vec![reviewed; game.moves().len()]);
        }
        recent.add(record);
    }
    recent
}

#[test]
fn recent_games_round_trip_and_an_illegal_one_sets_the_file_aside() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(store.load_recent_games(), RecentGames::default());
    let recent = some_recent_games();
    store.save_recent_games(&recent).unwrap();
    assert_eq!(store.load_recent_games(), recent);

    let path = store.path(FileKind::RecentGames);
    let mut value = read_json(&path);
    value["games"][0]["moves"] = json!([1, 1, 1]);
    fs::write(&path, value.to_string()).unwrap();
    assert_eq!(store.load_recent_games(), RecentGames::default());
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].file, FileKind::RecentGames);
    assert!(matches!(notices[0].problem, Problem::Invalid(_)));
}

#[test]
fn a_newer_schema_loads_if_it_parses_and_is_moved_aside_if_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let path = store.path(FileKind::Settings);

    fs::write(&path, r#"{"schema":7,"theme":"dark","sound":"loud"}"#).unwrap();
    let settings = store.load_settings();
    assert_eq!((settings.schema, settings.theme), (7, Theme::Dark));
    assert!(store.take_notices().is_empty());
    store.save_settings(&settings).unwrap();
    assert_eq!(read_json(&path)["schema"], json!(mancala::store::SCHEMA));

    let future = r#"{"schema":8,"variant":"bao"}"#;
    fs::write(&path, future).unwrap();
    assert_eq!(store.load_settings(), Settings::default());
    let notices = store.take_notices();
    assert!(matches!(
        notices.as_slice(),
        [Notice {
            file: FileKind::Settings,
            problem: Problem::Unreadable(_),
            ..
        }]
    ));
    assert_eq!(fs::read_to_string(&notices[0].moved_to).unwrap(), future);
}

#[test]
fn a_truncated_game_is_moved_aside_and_told_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let game = game_with_history(Rules::new(Variant::Kalah), Side::South, 1);
    store
        .save_game(&SavedGame::from_game(&game, Opponent::Human))
        .unwrap();
    let path = store.path(FileKind::Game);
    let full = fs::read(&path).unwrap();
    fs::write(&path, &full[..full.len() / 2]).unwrap();

    assert_eq!(store.load_game(), None);
    let notices = store.take_notices();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].file, FileKind::Game);
    assert!(!path.exists());
    assert_eq!(
        fs::read(&notices[0].moved_to).unwrap(),
        &full[..full.len() / 2]
    );
    let name = notices[0].moved_to.file_name().unwrap().to_string_lossy();
    assert!(name.starts_with("game.json.corrupt-"), "{name}");
    assert!(store.take_notices().is_empty(), "told once");
    assert_eq!(store.load_game(), None);
    assert!(store.take_notices().is_empty(), "nothing new to tell");
}

#[test]
fn an_illegal_game_record_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let path = store.path(FileKind::Game);
    // Kalah: after house 3 South moves again, and house 3 is empty.
    let record = r#"{"schema":1,"rules":{"variant":"kalah"},"moves":[3,3]}"#;
    fs::write(&path, record).unwrap();
    assert_eq!(store.load_game(), None);
    let notices = store.take_notices();
    assert!(
        matches!(&notices[0].problem, Problem::Invalid(why) if why.contains("move 2")),
        "{notices:?}"
    );
    assert_eq!(fs::read_to_string(&notices[0].moved_to).unwrap(), record);
}

#[test]
fn bad_files_moved_aside_again_and_again_are_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let path = store.path(FileKind::Stats);
    for i in 0..3 {
        fs::write(&path, format!("garbage {i}")).unwrap();
        assert_eq!(store.load_stats(), Stats::default());
    }
    let aside = atomic::corrupt_files(&path);
    assert_eq!(aside.len(), 3);
    let mut contents: Vec<String> = aside
        .iter()
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    contents.sort();
    assert_eq!(contents, ["garbage 0", "garbage 1", "garbage 2"]);
    assert_eq!(store.take_notices().len(), 3);
}

#[test]
fn a_directory_in_place_of_a_file_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    fs::create_dir(store.path(FileKind::Settings)).unwrap();
    assert_eq!(store.load_settings(), Settings::default());
    assert_eq!(store.take_notices().len(), 1);
    store.save_settings(&custom_settings()).unwrap();
    assert_eq!(store.load_settings(), custom_settings());
}

/// Opens a store in `dir` and loads all three files on another thread: a load that
/// blocks fails the test after five seconds instead of hanging it. Returns the
/// notices and the settings loaded.
fn load_all_within_seconds(dir: &Path) -> (Vec<Notice>, Settings) {
    let dir = dir.to_path_buf();
    let (done, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut store = Store::open(&dir);
        let settings = store.load_settings();
        let _ = store.load_game();
        let _ = store.load_stats();
        let _ = store.load_recent_games();
        let _ = store.load_progress();
        let _ = done.send((store.take_notices(), settings));
    });
    answer
        .recv_timeout(std::time::Duration::from_secs(5))
        .expect("loading blocked (or panicked)")
}

#[cfg(unix)]
fn make_fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.unwrap().success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_file_never_blocks_and_is_moved_aside() {
    for kind in FileKind::ALL {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(kind.file_name());
        make_fifo(&path);
        let (notices, _) = load_all_within_seconds(dir.path());
        assert_eq!(notices.len(), 1, "{kind:?}: {notices:?}");
        assert_eq!(notices[0].file, kind);
        assert!(
            matches!(&notices[0].problem, Problem::Unreadable(why) if why.contains("FIFO")),
            "{notices:?}"
        );
        assert!(!path.exists() && notices[0].moved_to != path, "set aside");
        let kept = fs::symlink_metadata(&notices[0].moved_to).unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(kept.file_type().is_fifo());
    }
}

#[cfg(unix)]
#[test]
fn a_link_to_dev_zero_is_not_read_but_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    let (notices, settings) = load_all_within_seconds(dir.path());
    assert_eq!(settings, Settings::default());
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(fs::symlink_metadata(&path).is_err(), "the link is moved");
    let kept = fs::read_link(&notices[0].moved_to).unwrap();
    assert_eq!(kept, Path::new("/dev/zero"), "the link itself is kept");
}

#[cfg(unix)]
#[test]
fn a_link_to_a_good_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("elsewhere.json");
    Store::open(dir.path())
        .save_settings(&custom_settings())
        .unwrap();
    fs::rename(dir.path().join("settings.json"), &real).unwrap();
    std::os::unix::fs::symlink(&real, dir.path().join("settings.json")).unwrap();
    let (notices, settings) = load_all_within_seconds(dir.path());
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(settings, custom_settings());
}

#[test]
fn a_file_over_the_size_limit_is_set_aside_unread() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.save_settings(&custom_settings()).unwrap();
    let path = store.path(FileKind::Settings);
    // Valid JSON, padded with spaces past the limit.
    let mut json = fs::read(&path).unwrap();
    json.resize(MAX_FILE_BYTES as usize + 1, b' ');
    fs::write(&path, &json).unwrap();
    assert_eq!(store.load_settings(), Settings::default());
    let notices = store.take_notices();
    assert!(
        matches!(&notices[0].problem, Problem::Unreadable(why) if why.contains("limit")),
        "{notices:?}"
    );
    assert_eq!(fs::read(&notices[0].moved_to).unwrap().len(), json.len());
    // Exactly at the limit it still loads.
    json.truncate(MAX_FILE_BYTES as usize);
    fs::write(&path, &json).unwrap();
    assert_eq!(store.load_settings(), custom_settings());
}

#[test]
fn a_file_starting_with_a_byte_order_mark_loads() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    store.save_settings(&custom_settings()).unwrap();
    store.save_stats(&some_stats()).unwrap();
    for kind in [FileKind::Settings, FileKind::Stats] {
        let path = store.path(kind);
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(fs::read(&path).unwrap());
        fs::write(&path, &bytes).unwrap();
    }
    assert_eq!(store.load_settings(), custom_settings());
    assert_eq!(store.load_stats(), some_stats());
    assert!(store.take_notices().is_empty());
}

#[test]
fn a_file_in_place_of_the_data_folder_loads_defaults_and_says_why_saves_fail() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("data");
    fs::write(&not_a_folder, b"a file").unwrap();
    let (notices, settings) = load_all_within_seconds(&not_a_folder);
    assert!(
        notices.is_empty(),
        "no file was there to be bad: {notices:?}"
    );
    assert_eq!(settings, Settings::default());
    let store = Store::open(&not_a_folder);
    assert_eq!(store.write_trouble(), Some(WriteTrouble::NotAFolder));
    assert!(store.save_settings(&custom_settings()).is_err());
    assert_eq!(store.write_trouble(), Some(WriteTrouble::NotAFolder));
    assert_eq!(fs::read(&not_a_folder).unwrap(), b"a file", "left alone");
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_keeps_its_bad_file_in_place_and_says_saves_fail() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    fs::write(&path, b"garbage").unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).unwrap();
    if atomic::probe_dir(dir.path()).is_ok() {
        eprintln!("skipped: this user (root?) can write a read-only folder");
        return;
    }
    let (notices, _) = load_all_within_seconds(dir.path());
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].moved_to, path, "it could not be moved");
    assert_eq!(fs::read(&path).unwrap(), b"garbage");
    let store = Store::open(dir.path());
    assert_eq!(store.write_trouble(), Some(WriteTrouble::ReadOnly));
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_save_that_works_again_clears_the_trouble() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path());
    assert_eq!(store.write_trouble(), None);
    fs::create_dir(store.path(FileKind::Stats)).unwrap();
    fs::write(store.path(FileKind::Stats).join("x"), b"").unwrap();
    assert!(store.save_stats(&some_stats()).is_err());
    assert_eq!(store.write_trouble(), Some(WriteTrouble::Other));
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert_eq!(left.len(), 1, "the failed write left no temp: {left:?}");
    store.save_settings(&custom_settings()).unwrap();
    assert_eq!(store.write_trouble(), None);
}

#[test]
fn the_data_directory_can_be_overridden() {
    let dir = tempfile::tempdir().unwrap();
    // Only this test in this binary reads the variable.
    std::env::set_var(mancala::store::location::DATA_DIR_ENV, dir.path());
    assert_eq!(
        mancala::store::desktop_data_dir().as_deref(),
        Some(dir.path())
    );
}

fn some_progress() -> Progress {
    let mut progress = Progress::default();
    progress.solve_puzzle(Variant::Kalah, "1 3 6 5");
    progress.solve_puzzle(Variant::Oware, "2 4");
    progress.solve_daily(Day::new(2026, 12, 6).unwrap());
    progress.solve_daily(Day::new(2026, 12, 7).unwrap());
    progress.complete_lesson("kalah-sowing");
    progress
}

#[test]
fn progress_survives_a_restart_and_a_corrupt_file_loads_as_empty() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    assert_eq!(
        store.load_progress(),
        Progress::default(),
        "no file: nothing done"
    );
    store.save_progress(&some_progress()).unwrap();
    // Puzzles never touch the statistics or the saved game.
    assert!(!store.path(FileKind::Stats).exists());
    assert!(!store.path(FileKind::Game).exists());
    let mut reopened = Store::open(dir.path());
    let loaded = reopened.load_progress();
    assert_eq!(loaded, some_progress());
    assert_eq!(loaded.streak(Day::new(2026, 12, 7).unwrap()), 2);
    assert!(reopened.take_notices().is_empty());
    fs::write(reopened.path(FileKind::Progress), b"{\"puzzles\": {").unwrap();
    let mut third = Store::open(dir.path());
    assert_eq!(third.load_progress(), Progress::default());
    let notices = third.take_notices();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].file, FileKind::Progress);
}

// ---- Fuzzing: whatever is in a file, loading never panics and never loses it. ----

fn load(store: &mut Store, kind: FileKind) {
    match kind {
        FileKind::Settings => drop(store.load_settings()),
        FileKind::Game => drop(store.load_game()),
        FileKind::Stats => drop(store.load_stats()),
        FileKind::RecentGames => drop(store.load_recent_games()),
        FileKind::Progress => drop(store.load_progress()),
    }
}

/// Writes `bytes` as `kind`'s file, loads it, and checks that the file either loaded
/// and stayed as it was, or was moved aside whole with one notice.
fn load_keeps_the_bytes(kind: FileKind, bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let path = store.path(kind);
    fs::write(&path, bytes).unwrap();
    load(&mut store, kind);
    let notices = store.take_notices();
    let aside = atomic::corrupt_files(&path);
    if notices.is_empty() {
        prop_assert_eq!(
            fs::read(&path).unwrap(),
            bytes,
            "a loaded file stays as it was"
        );
        prop_assert!(aside.is_empty());
    } else {
        prop_assert_eq!(notices.len(), 1);
        prop_assert_eq!(notices[0].file, kind);
        prop_assert!(!path.exists(), "a bad file leaves its place");
        prop_assert_eq!(&aside, &vec![notices[0].moved_to.clone()]);
        prop_assert_eq!(fs::read(&aside[0]).unwrap(), bytes, "and is kept whole");
    }
    Ok(())
}

fn file_kind() -> impl Strategy<Value = FileKind> {
    prop::sample::select(FileKind::ALL.to_vec())
}

/// Valid files as this version writes them, of every kind.
fn valid_file() -> impl Strategy<Value = (FileKind, Vec<u8>)> {
    let rules = (0..3usize, 3..=7u8, any::<bool>(), any::<bool>()).prop_map(
        |(variant, seeds, seven, option)| {
            let variant = Variant::ALL[variant];
            let houses = if seven && variant == Variant::Congkak {
                7
            } else {
                6
            };
            let grand_slam = if option {
                GrandSlam::Forbidden
            } else {
                GrandSlam::NoCapture
            };
            Rules::builder(variant)
                .seeds(seeds)
                .houses(houses)
                .empty_capture(option)
                .grand_slam(grand_slam)
                .build()
                .unwrap()
        },
    );
    (file_kind(), rules, any::<u64>(), any::<bool>()).prop_map(|(kind, rules, seed, north)| {
        let side = if north { Side::North } else { Side::South };
        let bytes = match kind {
            FileKind::Settings => {
                let mut settings = custom_settings();
                settings.set_rules(rules);
                settings.variant = rules.variant();
                serde_json::to_vec_pretty(&settings)
            }
            FileKind::Game => {
                let game = game_with_history(rules, side, seed);
                serde_json::to_vec_pretty(&SavedGame::from_game(&game, Opponent::Human))
            }
            FileKind::Stats => serde_json::to_vec_pretty(&some_stats()),
            FileKind::RecentGames => serde_json::to_vec_pretty(&some_recent_games()),
            FileKind::Progress => serde_json::to_vec_pretty(&some_progress()),
        };
        (kind, bytes.unwrap())
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Replace { at: usize, byte: u8 },
    Delete { at: usize, len: usize },
    Insert { at: usize, byte: u8 },
    Truncate { at: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        // Bytes that matter to JSON, so that mutations often still parse.
        (
            any::<usize>(),
            prop::sample::select(b"0123456789{}[]\",:-. ntfe".to_vec())
        )
            .prop_map(|(at, byte)| Mutation::Replace { at, byte }),
        (any::<usize>(), 1..20usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

fn mutate(bytes: &mut Vec<u8>, mutation: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let len = bytes.len();
    match *mutation {
        Mutation::Flip { at, bit } => bytes[at % len] ^= 1 << bit,
        Mutation::Replace { at, byte } => bytes[at % len] = byte,
        Mutation::Delete { at, len: n } => {
            let start = at % len;
            bytes.drain(start..(start + n).min(len));
        }
        Mutation::Insert { at, byte } => bytes.insert(at % (len + 1), byte),
        Mutation::Truncate { at } => bytes.truncate(at % len),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic_and_are_never_lost(
        kind in file_kind(),
        bytes in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        load_keeps_the_bytes(kind, &bytes)?;
    }

    #[test]
    fn mutated_valid_files_never_panic_and_are_never_lost(
        (kind, mut bytes) in valid_file(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        load_keeps_the_bytes(kind, &bytes)?;
    }

    #[test]
    fn valid_files_always_load((kind, bytes) in valid_file()) {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path());
        fs::write(store.path(kind), &bytes).unwrap();
        load(&mut store, kind);
        prop_assert!(store.take_notices().is_empty());
    }
}

// ---- Nothing hangs, nothing leaks (issue 42) ------------------------------------------

/// Opens a table cache in `dir` and loads the Kalah table of 6 seeds on another thread:
/// a read that blocks fails the test after five seconds instead of hanging it.
fn load_table_within_seconds(dir: &Path) -> mancala::ai::EndgameTable {
    let dir = dir.to_path_buf();
    let (done, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let cache = mancala::store::TableCache::new(&dir);
        let _ = done.send(cache.load_or_build(Rules::new(Variant::Kalah), 6));
    });
    answer
        .recv_timeout(std::time::Duration::from_secs(5))
        .expect("the table cache blocked (or panicked)")
}

/// The file name of the Kalah table of `seeds` seeds in a cache.
fn kalah_table_name(seeds: u32) -> String {
    mancala::ai::EndgameTable::file_name(Rules::new(Variant::Kalah), seeds).unwrap()
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_in_the_table_cache_is_rebuilt_over_without_waiting() {
    for device in [None, Some("/dev/zero")] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(kalah_table_name(6));
        match device {
            None => make_fifo(&path),
            Some(device) => std::os::unix::fs::symlink(device, &path).unwrap(),
        }
        let cache = mancala::store::TableCache::new(dir.path());
        assert!(
            !cache.holds::<mancala::ai::EndgameTable>(Rules::new(Variant::Kalah), 6),
            "{device:?}"
        );
        let table = load_table_within_seconds(dir.path());
        assert_eq!(table.max_seeds(), 6);
        assert!(
            fs::symlink_metadata(&path).unwrap().is_file(),
            "rebuilt over"
        );
        assert!(cache.holds::<mancala::ai::EndgameTable>(Rules::new(Variant::Kalah), 6));
    }
}

/// The names of the temporary files in `dir`.
fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".tmp-"))
        .collect()
}

/// A temporary table file whose writer is gone is removed when a cache is opened on
/// the folder; one of a process still running (this one) is left to it.
#[test]
fn a_table_cache_removes_temporary_files_of_writers_that_are_gone() {
    let dir = tempfile::tempdir().unwrap();
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let gone_pid = gone.id();
    gone.wait().unwrap();
    let name = kalah_table_name(6);
    let stale = format!("{name}.tmp-{gone_pid}-0");
    let live = format!("{name}.tmp-{}-0", std::process::id());
    fs::write(dir.path().join(&stale), vec![0u8; 4096]).unwrap();
    fs::write(dir.path().join(&live), b"being written").unwrap();
    let _cache = mancala::store::TableCache::new(dir.path());
    assert_eq!(temp_files(dir.path()), [live]);
}

/// The child process of [`a_table_writer_killed_at_any_moment_leaves_whole_tables_and_no_temp`]:
/// when this variable names a folder, the test keeps two tables there, in turn, for
/// ever, until it is killed.
const TABLE_WRITER_DIR: &str = "MANCALA_TEST_KILLED_TABLE_WRITER_DIR";

#[test]
fn a_table_writer_killed_at_any_moment_leaves_whole_tables_and_no_temp() {
    use mancala::ai::EndgameTable;
    use mancala::store::TableCache;
    let kalah = Rules::new(Variant::Kalah);
    let oware = Rules::new(Variant::Oware);
    if let Some(dir) = std::env::var_os(TABLE_WRITER_DIR) {
        // The child: write until killed, saying so on stderr once both tables exist.
        let cache = TableCache::new(dir);
        let tables = [
            (kalah, 10, EndgameTable::build(kalah, 10)),
            (oware, 6, EndgameTable::build(oware, 6)),
        ];
        for round in 0.. {
            for (rules, seeds, table) in &tables {
                cache.keep(*rules, *seeds, table).unwrap();
            }
            if round == 0 {
                eprintln!("writing");
            }
        }
    }
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let mut interrupted = 0;
    for round in 0..20u64 {
        let (mut child, _stderr) = start_writer(
            "a_table_writer_killed_at_any_moment_leaves_whole_tables_and_no_temp",
            TABLE_WRITER_DIR,
            dir.path(),
            round,
        );
        if round % 2 == 0 {
            // Let it write on for a varied while (0 to 20 ms), then kill it mid-stream.
            std::thread::sleep(std::time::Duration::from_micros(round * 7919 % 20_000));
        } else {
            // Kill it as soon as a write is seen under way (its temporary file exists).
            let seen = std::time::Instant::now();
            while temp_files(dir.path()).is_empty() && seen.elapsed().as_secs() < 2 {}
        }
        child.kill().unwrap();
        child.wait().unwrap();

        if !temp_files(dir.path()).is_empty() {
            interrupted += 1;
        }
        // The next start: no temporary file left, each table whole (or absent).
        let cache = TableCache::new(dir.path());
        assert_eq!(
            temp_files(dir.path()),
            Vec::<String>::new(),
            "round {round}"
        );
        for (rules, seeds) in [(kalah, 10), (oware, 6)] {
            let path = dir
                .path()
                .join(EndgameTable::file_name(rules, seeds).unwrap());
            if path.exists() {
                let table = cache.load::<mancala::ai::EndgameTable>(rules, seeds);
                assert!(
                    table.is_some(),
                    "round {round}: {} is not whole",
                    path.display()
                );
            }
        }
    }
    // Kills that never landed in a write would prove nothing.
    assert!(
        interrupted >= 5,
        "only {interrupted} of 20 kills cut a write"
    );
    eprintln!(
        "{interrupted} of 20 kills cut a table write; {:?} in all",
        started.elapsed()
    );
}
/// A right-to-left override (and the other bidi controls) in a name would reverse the
/// sentence around it; names lose them, when typed and when loaded.
#[test]
fn names_lose_bidi_controls_when_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let json = r#"{"names":{"south":"Ann\u202Egnp.exe","north":"\u2066Ben\u2069\u200F"}}"#;
    fs::write(store.path(FileKind::Settings), json).unwrap();
    let settings = store.load_settings();
    assert!(store.take_notices().is_empty());
    assert_eq!(settings.names.typed(Side::South), "Anngnp.exe");
    assert_eq!(settings.names.typed(Side::North), "Ben");
}

/// A name of 16 × U+FDFD (which no bundled font draws) or one letter under 30 tone
/// marks rendered blank: the marks are capped, and a name with nothing drawable shows
/// the default.
#[test]
fn a_name_the_fonts_cannot_draw_shows_the_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path());
    let zalgo = format!("a{}", "\u{0301}".repeat(30));
    let json = serde_json::json!({"names": {"south": "\u{FDFD}".repeat(16), "north": zalgo}});
    fs::write(store.path(FileKind::Settings), json.to_string()).unwrap();
    let settings = store.load_settings();
    assert_eq!(settings.names.shown(Side::South), None, "the default name");
    let north = settings.names.shown(Side::North).unwrap();
    assert!(
        north.starts_with('a') && north.chars().count() <= 4,
        "{north:?}"
    );
}

/// `{}` as game.json: no moves and no identity is not a game (it loaded as a phantom
/// "Continue Kalah 0–0"); it is set aside like any unusable file, and kept.
#[test]
fn an_empty_object_as_the_saved_game_is_set_aside_not_continued() {
    for empty in ["{}", r#"{"schema":1,"id":0,"moves":[],"redo":[]}"#] {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path());
        let path = store.path(FileKind::Game);
        fs::write(&path, empty).unwrap();
        assert_eq!(store.load_game(), None, "{empty}");
        let notices = store.take_notices();
        assert!(
            matches!(&notices[..], [Notice { file: FileKind::Game, problem: Problem::Invalid(why), .. }]
                if why.contains("no moves")),
            "{empty}: {notices:?}"
        );
        assert_eq!(fs::read_to_string(&notices[0].moved_to).unwrap(), empty);
    }
    // A game with an identity but no moves yet, or with every move taken back, is one.
    for kept in [r#"{"id":7}"#, r#"{"moves":[],"redo":[3]}"#] {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path());
        fs::write(store.path(FileKind::Game), kept).unwrap();
        assert!(store.load_game().is_some(), "{kept}");
        assert!(store.take_notices().is_empty(), "{kept}");
    }
}

/// Runs the test `name` of this binary again as a child process that writes into `dir`
/// (named by the environment variable `env`), and returns once it says it is writing.
/// The child's stderr comes back with it, kept open while the child runs.
fn start_writer(
    name: &str,
    env: &str,
    dir: &std::path::Path,
    round: u64,
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
) {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--nocapture"])
        .env(env, dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = String::new();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    std::io::BufRead::read_line(&mut stderr, &mut said).unwrap();
    assert_eq!(said.trim(), "writing", "round {round}: the writer started");
    (child, stderr)
}
