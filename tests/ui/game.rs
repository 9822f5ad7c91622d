//! The game screen played by taps: whole games, the computer answering, undo and redo,
//! cancelled searches, random taps, hints, and the game-over panel's words.

use super::*;
use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
use mancala::store::{AnimationSpeed, Language, Settings};
use mancala::testing::brains::{ExtraTurnsFirst, FirstLegalMove};
use mancala::{Theme, ThemeChoice, TurnMove, TurnWords};
use slint::{ModelRc, VecModel};

#[test]
fn two_people_play_a_whole_game_by_tapping_houses_to_the_game_over_panel() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.choose_game("Oware");
    ui.start_game(&[("Opponent", "Another person")]);
    let total = ui.position().total_seeds();
    let mut rng = Lcg(5);
    let mut taps = 0;
    while !ui.exists("Rematch") {
        let pos = ui.position();
        let mover = pos.side_to_move();
        let lit = ui.lit_houses(mover, 6);
        let legal: Vec<u8> = pos.legal_moves().iter().map(House::number).collect();
        assert_eq!(lit, legal, "the lit houses are the legal moves");
        let house = lit[rng.below(lit.len())];
        ui.tap(&Ui::house_label(mover, house));
        ui.settle();
        assert_eq!(ui.seeds_on_board(6), total, "seeds are conserved on screen");
        taps += 1;
        assert!(taps < 2000, "the game should have ended");
    }
    assert!(ui.position().is_over());
    assert!(ui.exists("Rematch") && ui.exists("New game"));
    ui.tap("Rematch");
    assert!(!ui.position().is_over());
    assert!(ui.app.record().unwrap().is_empty());
}

#[test]
fn the_computer_at_the_easiest_level_answers() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    // Kalah from the start: house 2 ends in house 6, so the turn passes to the computer.
    ui.tap("Bottom house 2");
    ui.settle();
    let pos = ui.position();
    let moves: Vec<u8> = ui
        .app
        .record()
        .unwrap()
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    assert!(moves.len() >= 2, "the computer answered: {moves:?}");
    assert!(
        pos.is_over() || pos.side_to_move() == Side::South,
        "the turn came back to the person"
    );
    assert!(!ui.lit_houses(Side::South, 6).is_empty());
}

#[test]
fn undo_takes_back_to_the_persons_move_and_redo_replays_it() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    ui.tap("Bottom house 2");
    ui.settle();
    let after_first = ui.position();
    let record_after_first = ui.app.record().unwrap();
    let lit = ui.lit_houses(Side::South, 6);
    ui.tap(&Ui::house_label(Side::South, lit[0]));
    ui.settle();
    let record_after_second = ui.app.record().unwrap();
    assert_ne!(record_after_first, record_after_second);

    ui.tap("Undo");
    ui.settle();
    assert_eq!(ui.position(), after_first);
    assert_eq!(ui.app.record().unwrap(), record_after_first);

    ui.tap("Redo");
    ui.settle();
    assert_eq!(ui.app.record().unwrap(), record_after_second);

    ui.tap("Undo");
    ui.tap("Undo");
    ui.settle();
    assert!(ui.app.record().unwrap().is_empty());
    assert_eq!(ui.seeds_on_board(6), 48);
}

#[test]
fn leaving_the_game_or_undoing_cancels_the_computers_search() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let (brain, stopped) = UntilCancelled::new();
    let brain = Arc::new(brain);
    let ui = Ui::launch_with(dir.path(), brain);
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    ui.tap_in("Computer level", "Expert");
    ui.tap("Start");
    ui.tap("Bottom house 2");
    for _ in 0..20 {
        advance(50); // the animation ends and the search starts
    }
    assert!(ui.app.is_busy(), "the computer is thinking");
    ui.tap("Back");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("leaving the screen cancelled the search");
    assert!(!ui.app.is_busy());

    ui.tap("Continue");
    advance(50);
    assert!(
        ui.app.is_busy(),
        "back on the game screen the computer thinks again"
    );
    ui.tap("Undo");
    stopped
        .recv_timeout(Duration::from_secs(10))
        .expect("undo cancelled the search");
    assert!(ui.app.record().unwrap().is_empty());
}

#[test]
fn thousands_of_random_taps_never_panic_or_lose_a_seed() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let mut rng = Lcg(2026);
    let mut longest_game = 0;
    let mut screens = std::collections::HashSet::new();
    for tap in 0..3000 {
        let targets: Vec<ElementHandle> = ui
            .window
            .root_element()
            .query_descendants()
            .match_predicate(|e| {
                matches!(
                    e.accessible_role(),
                    Some(
                        AccessibleRole::Button
                            | AccessibleRole::RadioButton
                            | AccessibleRole::Switch
                    )
                ) && e.accessible_label().is_some_and(|l| !l.is_empty())
            })
            .find_all()
            .into_iter()
            .filter(|e| ui.on_screen(e))
            .collect();
        assert!(
            !targets.is_empty(),
            "tap {tap}: nothing to tap on {:?}",
            ui.screen()
        );
        if rng.below(8) == 0 {
            // A swipe now and then, so long pages are explored to the end.
            let delta = if rng.below(2) == 0 { -250.0 } else { 250.0 };
            ui.window
                .window()
                .dispatch_event(WindowEvent::PointerScrolled {
                    position: slint::LogicalPosition::new(180.0, 400.0),
                    delta_x: 0.0,
                    delta_y: delta,
                });
        } else {
            let target = &targets[rng.below(targets.len())];
            target.mock_single_click(PointerEventButton::Left);
        }
        // Sometimes let the computer and the animation finish, sometimes tap on at once.
        // A watched game is busy to its end (minutes at the Expert's pace): let a few
        // of its moves pass instead.
        let watching = ui.app.is_watching();
        if rng.below(3) == 0 && watching {
            advance(3000);
        } else if rng.below(3) == 0 && !watching {
            ui.settle();
        } else {
            advance(rng.below(200) as u64);
        }
        screens.insert(format!("{:?}", ui.screen()));
        if let Some(pos) = ui.app.position() {
            let on_board: u32 = pos.pits().iter().map(|&s| s as u32).sum();
            assert_eq!(
                on_board,
                pos.total_seeds(),
                "tap {tap}: the engine lost seeds"
            );
            if ui.screen() == Screen::Game && !ui.app.is_busy() {
                // During Congkak's simultaneous first move a hand can wait with seeds in
                // it (the other hand's last seed fell in its store, and its player
                // chooses again): those are in the hand, not in a pit.
                let state = ui.window.global::<mancala::GameState>();
                let in_hand = if state.get_first_move() {
                    state.get_in_hand() as u32
                } else {
                    0
                };
                assert_eq!(
                    ui.seeds_on_board(pos.rules().houses()) + in_hand,
                    pos.total_seeds(),
                    "tap {tap}: the board shows a wrong count"
                );
            }
            longest_game = longest_game.max(ui.app.record().unwrap().split_whitespace().count());
        }
    }
    // The monkey must have wandered through the app and played, or it proved nothing.
    assert!(screens.len() >= 5, "screens visited: {screens:?}");
    assert!(
        longest_game >= 5,
        "the longest game had {longest_game} moves"
    );
}

#[test]
fn an_expert_search_never_blocks_the_ui_thread() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.tap("New game");
    ui.tap_in("Opponent", "Computer");
    ui.tap_in("Computer level", "Expert");
    ui.tap_in("Who moves first", "Computer");
    ui.tap("Start");
    assert!(ui.app.is_busy(), "the computer thinks first");
    ui.app.restart_ui_work_measure();
    // Frames every 16 ms of real time while the search runs on its thread; each frame's
    // work on the UI thread (timers, polling, bindings) is timed.
    let mut longest_frame = Duration::ZERO;
    let mut frames = 0;
    let started = Instant::now();
    while ui.app.is_busy() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the expert never answered"
        );
        let frame = Instant::now();
        advance(16);
        longest_frame = longest_frame.max(frame.elapsed());
        frames += 1;
        std::thread::sleep(Duration::from_millis(16));
    }
    let search = started.elapsed();
    eprintln!(
        "expert search: {:.0} ms over {frames} frames; longest UI frame {:.2} ms; \
         longest controller call {:.2} ms",
        search.as_secs_f64() * 1e3,
        longest_frame.as_secs_f64() * 1e3,
        ui.app.busiest_ui_work().as_secs_f64() * 1e3
    );
    assert!(ui.app.record().unwrap().split_whitespace().count() >= 1);
    // The target is one 16 ms frame (README, "The app"); the bound here is looser so a
    // loaded CI machine does not fail it, yet a search on the UI thread (the expert
    // thinks for most of a second) fails it at once.
    let bound = Duration::from_millis(50);
    assert!(
        longest_frame < bound,
        "a frame took {longest_frame:?} while the computer was thinking"
    );
    assert!(
        ui.app.busiest_ui_work() < bound,
        "a callback took {:?} while the computer was thinking",
        ui.app.busiest_ui_work()
    );
}

// ---- issue 13: game over says why, statistics reset, no surprises ------------------------

#[test]
fn the_game_over_panel_names_the_end_reason_for_each_kind_of_ending() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let (oware, kalah) = (Rules::new(Variant::Oware), Rules::new(Variant::Kalah));

    // Oware, majority: South's 2 seeds capture 2 + 3 and reach 27 of 48; North's other
    // 5 seeds stay in its houses.
    let majority = game_from(
        oware,
        [&[0, 0, 0, 0, 0, 2], &[1, 2, 5, 0, 0, 0]],
        [22, 16],
        Side::South,
        &[],
    );
    let shown = finish_by_tapping(&ui, majority, Opponent::Human, (Side::South, 6));
    says(&shown, "Player 1 wins!");
    says(&shown, "Player 1 finished 11 seeds ahead.");
    says(&shown, "Player 1 captured more than half of the 48 seeds.");
    says(
        &shown,
        "The 5 seeds left in the houses stay there and count for nobody.",
    );
    // Looking at the board keeps the explanation, in one line under it.
    ui.tap("Look at the board");
    assert!(!ui.exists("Rematch"), "the panel is put aside");
    says(
        &shown_text(&ui),
        "Player 1 captured more than half of the 48 seeds. The 5 seeds left in the houses stay there and count for nobody.",
    );

    // Kalah, no seeds: South's last seed goes into its store; North's 9 go to North.
    let no_seeds = game_from(
        kalah,
        [&[0, 0, 0, 0, 0, 1], &[4, 5, 0, 0, 0, 0]],
        [20, 18],
        Side::South,
        &[],
    );
    let shown = finish_by_tapping(&ui, no_seeds, BEGINNER, (Side::South, 6));
    says(&shown, "The computer wins");
    says(&shown, "The computer finished 6 seeds ahead.");
    says(&shown, "You have no seeds left in your houses.");
    says(
        &shown,
        "The 9 seeds left on the board went to the computer's store.",
    );
    says(&shown, "Wins in a row against Beginner: 0 (best: 0)");

    // Oware, cannot feed: North plays its last seed and no South move reaches North.
    let starving = game_from(
        oware,
        [&[3, 1, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1]],
        [20, 23],
        Side::North,
        &[],
    );
    let shown = finish_by_tapping(&ui, starving, Opponent::Human, (Side::North, 6));
    says(&shown, "Player 1 finished 2 seeds ahead.");
    says(
        &shown,
        "Player 1 had to give the opponent seeds, and no move could.",
    );
    says(&shown, "Player 1 took the 5 seeds left on their side.");

    // Oware, repetition: two lone seeds chase each other round to the start again.
    let chase = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5];
    let repeated = game_from(
        oware,
        [&[0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 1]],
        [23, 21],
        Side::South,
        &chase,
    );
    let shown = finish_by_tapping(&ui, repeated, Opponent::Human, (Side::North, 5));
    says(&shown, "The same position came back a second time.");
    says(
        &shown,
        "Each player took the seeds left on their side: 1 for Player 1, 1 for Player 2.",
    );
    says(&shown, "Player 1 finished 2 seeds ahead.");

    // Resignation, against the computer, before anyone has a seed in store.
    ui.app.show_game(Game::new(kalah), BEGINNER);
    advance(20);
    ui.tap("Resign");
    let confirm = ui.find("Resign");
    confirm
        .last()
        .unwrap()
        .mock_single_click(PointerEventButton::Left);
    advance(20);
    ui.settle();
    let shown = shown_text(&ui);
    says(&shown, "The computer wins");
    says(&shown, "You resigned.");
    says(
        &shown,
        "A resignation loses the game, whatever the stores hold.",
    );
    assert!(
        !shown.contains("seeds ahead"),
        "the stores do not decide: {shown}"
    );
}

#[test]
fn a_tap_on_the_computers_row_on_your_turn_says_whose_house_it_is() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    ui.app
        .show_game(Game::new(Rules::new(Variant::Kalah)), BEGINNER);
    advance(20);
    ui.tap(&Ui::house_label(Side::North, 2));
    let shown = shown_text(&ui);
    says(&shown, "Your turn: tap a lit house");
    says(
        &shown,
        "That house is the computer's. Tap a lit house in your row.",
    );
    assert!(!shown.contains("Wait"), "no contradiction: {shown}");
    assert!(ui.app.record().unwrap().is_empty());
}

#[test]
fn a_hint_says_it_is_thinking_then_how_the_game_stands_within_about_a_second() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    // Kalah's opening against the computer, the person to move: the real search.
    ui.app
        .load_record(
            Rules::new(Variant::Kalah),
            Opponent::Computer {
                level: Difficulty::Beginner,
            },
            &[],
        )
        .unwrap();
    advance(20);
    let started = Instant::now();
    ui.tap("Hint");
    assert!(
        shown_text(&ui).contains("Looking for your best move"),
        "{}",
        shown_text(&ui)
    );
    while ui.app.is_busy() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the hint never came"
        );
        advance(16);
        std::thread::sleep(Duration::from_millis(5));
    }
    let waited = started.elapsed();
    advance(20);
    let text = shown_text(&ui);
    eprintln!(
        "hint at Kalah's opening: {:.0} ms",
        waited.as_secs_f64() * 1e3
    );
    // The opening is an estimate (no table is built for a hint), and the choice matters
    // there: house 3's extra turn is worth seeds.
    assert!(text.contains("Hint: house "), "{text}");
    assert!(
        text.contains("Every other move gives up at least")
            || text.contains("Another move is just as good"),
        "{text}"
    );
    assert!(!text.contains("Looking for your best move"), "{text}");
    // About a second (900 ms of search) plus the polling; building Kalah's endgame table
    // on the way, as hints once did, takes several seconds and fails this.
    assert!(waited < Duration::from_secs(4), "the hint took {waited:?}");
}

#[test]
fn after_the_computers_turn_the_status_line_tells_each_of_its_moves() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(ExtraTurnsFirst));

    // The sentence, from the facts of the moves told.
    let words = ui.window.global::<TurnWords>();
    let m = |house, relays, extra_turn, captured| TurnMove {
        house,
        relays,
        extra_turn,
        captured,
        grand_slam: false,
    };
    let say = |moves: Vec<TurnMove>, left_out| {
        words
            .invoke_say(
                "Computer".into(),
                ModelRc::new(VecModel::from(moves)),
                left_out,
            )
            .to_string()
    };
    assert_eq!(
        say(vec![m(4, 6, true, 0), m(2, 0, false, 5)], 0),
        "Computer: house 4, 6 relays, extra turn; house 2, captured 5 seeds"
    );
    assert_eq!(
        say(
            vec![m(1, 1, true, 0), m(5, 0, true, 0), m(6, 0, false, 1)],
            3
        ),
        "Computer: house 1, 1 relay, extra turn; house 5, extra turn; 3 more moves; \
         house 6, captured 1 seed"
    );
    assert_eq!(say(vec![m(3, 0, false, 0)], 0), "Computer: house 3");

    // On screen after a real turn: Kalah, South 1; the greedy computer answers North 3,
    // whose last seed lands in its store, then North 1.
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    ui.tap("Bottom house 1");
    ui.settle();
    assert_eq!(ui.app.record().unwrap(), "1 3 1");
    let (turn, notice) = ui.status();
    assert_eq!(
        notice, "Computer: house 3, extra turn; house 1",
        "under '{turn}'"
    );

    // The same line in Burmese, from the Burmese parts.
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        language: Language::Burmese,
        ..Settings::default()
    };
    Store::open(dir.path()).save_settings(&settings).unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(ExtraTurnsFirst));
    let south_1 = [mancala::engine::Move::House(House::new(1).unwrap())];
    ui.app
        .load_record(Rules::new(Variant::Kalah), BEGINNER, &south_1)
        .unwrap();
    ui.settle();
    let (_, notice) = ui.status();
    assert!(
        notice.contains("တွင်း 3") && notice.contains("ထပ်ရွှေ့ခွင့်"),
        "{notice}"
    );
}

#[test]
fn a_long_relay_shows_its_count_while_it_plays() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(ExtraTurnsFirst));
    let rules = Rules::builder(Variant::Congkak)
        .houses(7)
        .seeds(7)
        .build()
        .unwrap();
    // South 2 on 7x7 Congkak: its last seed falls into North 1, full, and sows on.
    ui.app.load_record(rules, BEGINNER, &[]).unwrap();
    ui.tap("Bottom house 2");
    ui.until(20, "a relay's count", |ui| {
        ui.status().0.starts_with("Relay ")
    });
    let (turn, _) = ui.status();
    let words: Vec<&str> = turn.split_whitespace().collect();
    // "Relay 3 · 25 seeds sown"
    assert_eq!(words.len(), 6, "{turn}");
    assert!(words[1].parse::<u32>().unwrap() >= 1, "{turn}");
    assert!(words[3].parse::<u32>().unwrap() >= 1, "{turn}");
    ui.settle();
    if ui.position().side_to_move() == Side::South && !ui.position().is_over() {
        assert!(
            ui.status().1.starts_with("Computer: house "),
            "{:?}",
            ui.status()
        );
    }
}

/// Every legal house of the person carries the playable mark, and nothing covers it: in
/// each game, random games played by taps against a computer whose moves mark the
/// person's row too (the last move's ring, a relay's rings), the person's own extra turns
/// leaving their ring on houses that are legal again; in each theme. The mark is found on
/// the house, and its yellow is read off the rendered frame, at the top of its band.
#[test]
fn every_legal_house_is_lit() {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    })))
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    // Marks are read on settled boards, hundreds of them: no animation to wait for.
    let settings = Settings {
        animation: AnimationSpeed::Off,
        ..Settings::default()
    };
    Store::open(dir.path()).save_settings(&settings).unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(FirstLegalMove));
    let congkak = |houses| {
        Rules::builder(Variant::Congkak)
            .houses(houses)
            .build()
            .unwrap()
    };
    // Traditional Congkak in its second round, South's houses 6 and 7 burnt: never lit.
    let round_two: Vec<mancala::engine::Move> = super::traditional::TO_ROUND_TWO
        .split_whitespace()
        .map(|token| token.parse().unwrap())
        .collect();
    let games = [
        Rules::new(Variant::Kalah),
        Rules::new(Variant::Oware),
        congkak(6),
        congkak(7),
        Rules::traditional_congkak(),
    ];
    let themes = [
        ThemeChoice::Light,
        ThemeChoice::Dark,
        ThemeChoice::HighContrast,
    ];
    let (mut rng, mut lit, mut ringed) = (Lcg(11), 0, 0);
    for (g, rules) in games.into_iter().enumerate() {
        let houses = rules.houses();
        for round in 0..3 {
            let theme = ui.window.global::<Theme>();
            theme.set_choice(themes[(g + round) % themes.len()]);
            let yellow = theme.get_playable();
            let record: &[mancala::engine::Move] = if rules.rounds() { &round_two } else { &[] };
            ui.app.load_record(rules, BEGINNER, record).unwrap();
            ui.settle();
            for _ in 0..30 {
                let pos = ui.position();
                if pos.is_over() {
                    break;
                }
                let legal: Vec<u8> = pos.legal_moves().iter().map(House::number).collect();
                assert_eq!(ui.lit_houses(Side::South, houses), legal, "{rules:?}");
                for burnt in pos.burnt(Side::South) {
                    assert!(ui.playable_mark(Side::South, burnt.number()).is_none());
                }
                let frame = ui.window.window().take_snapshot().unwrap();
                let scale = ui.window.window().scale_factor();
                for &house in &legal {
                    let mark = ui
                        .playable_mark(Side::South, house)
                        .unwrap_or_else(|| panic!("{rules:?}: house {house} has no mark"));
                    // The middle of the top of the band, a whole pixel inside it (1 px of
                    // dark edge above it).
                    let (at, size) = (mark.absolute_position(), mark.size());
                    let x = ((at.x + size.width / 2.0) * scale).floor() as u32;
                    let y = ((at.y + 1.0) * scale).ceil() as u32;
                    let seen = frame.as_slice()[(y * frame.width() + x) as usize];
                    let near = |a: u8, b: u8| a.abs_diff(b) <= 24;
                    assert!(
                        near(seen.r, yellow.red())
                            && near(seen.g, yellow.green())
                            && near(seen.b, yellow.blue()),
                        "{rules:?}, {:?}: house {house}'s mark shows {seen:?}, not {yellow:?}",
                        theme.get_choice()
                    );
                    let rings = ui
                        .pit(&Ui::house_id(Side::South, house))
                        .query_descendants()
                        .match_type_name("MoveRing")
                        .find_all();
                    ringed += usize::from(!rings.is_empty());
                    lit += 1;
                }
                let house = legal[rng.below(legal.len())];
                ui.tap(&Ui::house_label(Side::South, house));
                ui.settle();
            }
        }
    }
    assert!(lit > 300, "{lit} lit houses checked");
    assert!(ringed > 0, "no lit house also carried a last move's ring");
}
