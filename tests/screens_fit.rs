//! Every screen fits every size: the real app under Slint's headless testing backend, at a
//! small phone (360x640), the same phone held sideways (640x360) and a tablet (800x1280),
//! in each of the four languages. On every screen, every control (button, choice, switch,
//! slider, tab, text field...) must lie wholly inside the window, either where it is or
//! after scrolling its page, and no control may lie over another.
//!
//! How it looks: a control is found by its accessible role. Element queries only see what
//! is not clipped away, so the page is scrolled with wheel events, step by step, and each
//! control is counted once it has been wholly in view (inside the window and inside its
//! scroll view). What should be there comes from the same screen in a window tall enough
//! for everything (the same width, 20000 px high): a control that exists there but is
//! never wholly in view at the real size is cut off or unreachable. Overlaps are checked
//! between the controls in view at each step (a control and its own descendants aside).
//! Dialogs are checked on their own: what lies under a dialog's scrim is out of reach.

use i_slint_backend_testing::{AccessibleRole, ElementHandle, ElementRoot};
use mancala::app::Computer;
use mancala::engine::{Game, House, Rules, Variant};
use mancala::lessons::LessonId;
use mancala::players::{Difficulty, GameResult, Opponent};
use mancala::store::{
    FinishedRecord, Language, RecentGames, ReviewedMove, SavedGame, Settings, Stats, Store,
};
use mancala::testing::{advance, Driver};
use mancala::{
    AppWindow, HomeState, Nav, Prefs, Preset, ReplaceAnswer, ReviewState, Screen, StudyState,
};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, LogicalPosition, LogicalSize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

const SIZES: [(f32, f32); 3] = [(360.0, 640.0), (640.0, 360.0), (800.0, 1280.0)];
const LANGUAGES: [Language; 4] = [
    Language::English,
    Language::Burmese,
    Language::Thai,
    Language::Malay,
];
/// The height of the window that every screen fits without scrolling.
const TALL: f32 = 20000.0;
/// Rounding of layouts: a control may overstep an edge by this much.
const SLACK: f32 = 0.5;

const OPPONENT: Opponent = Opponent::Computer {
    level: Difficulty::Casual,
};

fn is_control(role: Option<AccessibleRole>) -> bool {
    matches!(
        role,
        Some(
            AccessibleRole::Button
                | AccessibleRole::Checkbox
                | AccessibleRole::Combobox
                | AccessibleRole::RadioButton
                | AccessibleRole::Slider
                | AccessibleRole::Spinbox
                | AccessibleRole::Switch
                | AccessibleRole::Tab
                | AccessibleRole::TextInput
                | AccessibleRole::ListItem
        )
    )
}

fn settle() {
    for _ in 0..6 {
        advance(50);
    }
}

/// A rectangle in window coordinates: x, y, width, height.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frame {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Frame {
    fn of(e: &ElementHandle) -> Frame {
        let (at, size) = (e.absolute_position(), e.size());
        Frame {
            x: at.x,
            y: at.y,
            w: size.width,
            h: size.height,
        }
    }

    fn inside(&self, outer: &Frame) -> bool {
        self.x >= outer.x - SLACK
            && self.y >= outer.y - SLACK
            && self.x + self.w <= outer.x + outer.w + SLACK
            && self.y + self.h <= outer.y + outer.h + SLACK
    }

    fn overlaps(&self, other: &Frame) -> bool {
        let w = (self.x + self.w).min(other.x + other.w) - self.x.max(other.x);
        let h = (self.y + self.h).min(other.y + other.h) - self.y.max(other.y);
        w > SLACK && h > SLACK
    }
}

/// A control as the test sees it: its role and label, and where it is.
#[derive(Clone, Debug)]
struct Control {
    name: String,
    frame: Frame,
    /// The names and frames of the controls inside it (a card that is a button, say).
    inner: Vec<(String, Frame)>,
}

fn name_of(e: &ElementHandle) -> String {
    let role = e.accessible_role().map_or("?".into(), |r| format!("{r:?}"));
    let label = e
        .accessible_label()
        .unwrap_or_default()
        .replace('\u{2060}', "");
    let label = if label.is_empty() {
        e.accessible_id().unwrap_or_default().to_string()
    } else {
        label
    };
    format!("{role} '{label}'")
}

fn controls_under(root: &ElementHandle) -> Vec<Control> {
    root.query_descendants()
        .match_predicate(|e| is_control(e.accessible_role()) && e.size().width > 0.0)
        .find_all()
        .iter()
        .map(|e| Control {
            name: name_of(e),
            frame: Frame::of(e),
            inner: e
                .query_descendants()
                .match_predicate(|d| is_control(d.accessible_role()))
                .find_all()
                .iter()
                .map(|d| (name_of(d), Frame::of(d)))
                .collect(),
        })
        .collect()
}

/// The scroll views (their Flickable) under `root`.
fn flickables(root: &ElementHandle) -> Vec<ElementHandle> {
    root.query_descendants()
        .match_predicate(|e| e.type_name().is_some_and(|t| t == "Flickable"))
        .find_all()
}

/// What one look at a screen found: the controls wholly in view, by name, with how many
/// of each; and the problems.
#[derive(Default)]
struct Look {
    seen: BTreeMap<String, usize>,
    problems: Vec<String>,
}

/// Pairs of controls in view that overlap (a control and what lies inside it aside).
fn overlaps(controls: &[Control], problems: &mut Vec<String>) {
    for (i, a) in controls.iter().enumerate() {
        for b in &controls[i + 1..] {
            let nested = a.inner.iter().any(|(n, f)| *n == b.name && *f == b.frame)
                || b.inner.iter().any(|(n, f)| *n == a.name && *f == a.frame);
            if !nested && a.frame.overlaps(&b.frame) {
                problems.push(format!(
                    "{} {:?} overlaps {} {:?}",
                    a.name, a.frame, b.name, b.frame
                ));
            }
        }
    }
}

/// Counts the controls of a frame set by name, each position once.
fn count_into(seen: &mut BTreeMap<String, usize>, found: &[(String, f32, f32)]) {
    let mut here: BTreeMap<String, usize> = BTreeMap::new();
    for (name, _, _) in found {
        *here.entry(name.clone()).or_default() += 1;
    }
    for (name, n) in here {
        let entry = seen.entry(name).or_default();
        *entry = (*entry).max(n);
    }
}

/// Scrolls each scroll view under `root` from its top to its end, and collects every
/// control that is wholly in view at some step. Controls outside any scroll view must be
/// wholly inside the window as they are.
fn look(window: &slint::Window, root: &ElementHandle) -> Look {
    let size = window.size().to_logical(window.scale_factor());
    let screen = Frame {
        x: 0.0,
        y: 0.0,
        w: size.width,
        h: size.height,
    };
    let mut result = Look::default();
    let views = flickables(root);
    let in_some_view = |c: &Control, views: &[(Frame, Vec<Control>)]| {
        views.iter().any(|(_, inside)| {
            inside
                .iter()
                .any(|i| i.name == c.name && i.frame == c.frame)
        })
    };

    // At rest: the controls of no scroll view, and overlaps between all in view.
    let snapshot: Vec<(Frame, Vec<Control>)> = views
        .iter()
        .map(|f| (Frame::of(f), controls_under(f)))
        .collect();
    let all = controls_under(root);
    let mut fixed = Vec::new();
    for c in &all {
        if in_some_view(c, &snapshot) {
            continue;
        }
        if c.frame.inside(&screen) {
            fixed.push((c.name.clone(), c.frame.x, c.frame.y));
        } else {
            result
                .problems
                .push(format!("{} {:?} is outside the window", c.name, c.frame));
        }
    }
    count_into(&mut result.seen, &fixed);

    // Each scroll view, from top to end. Content positions: a control's y plus how far
    // the view has scrolled, measured from the movement of what it shows.
    for (index, view) in views.iter().enumerate() {
        let mut seen_here: BTreeMap<(String, i32, i32), ()> = BTreeMap::new();
        let mut scrolled = 0.0_f32;
        let mut before = shown_in(view);
        for step in 0..80 {
            if step > 0 {
                let after = shown_in(view);
                match movement(&before, &after) {
                    Some(dy) if dy.abs() < 0.01 => break,
                    Some(dy) => scrolled += dy,
                    None => {
                        result.problems.push(format!(
                            "scroll view {index}: cannot tell how far it scrolled"
                        ));
                        break;
                    }
                }
                before = after;
            }
            let visible = visible_part(view, &screen);
            let in_view: Vec<Control> = controls_under(view)
                .into_iter()
                .filter(|c| c.frame.inside(&visible) && c.frame.inside(&screen))
                .collect();
            for c in &in_view {
                seen_here.insert(
                    (
                        c.name.clone(),
                        c.frame.x.round() as i32,
                        ((c.frame.y - scrolled) / 2.0).round() as i32,
                    ),
                    (),
                );
            }
            // Overlaps among what is in view now and the controls outside any view.
            let mut now: Vec<Control> = all
                .iter()
                .filter(|c| !in_some_view(c, &snapshot))
                .cloned()
                .collect();
            now.extend(in_view);
            overlaps(&now, &mut result.problems);
            // Less than half a page, so every control of at most half a page's height is
            // wholly in view at some step.
            wheel(window, &visible, -(visible.h * 0.45).max(20.0));
        }
        // Each position counts: two options labelled "7" in two groups are two controls.
        for (name, _, _) in seen_here.keys() {
            *result.seen.entry(name.clone()).or_default() += 1;
        }
    }
    result.problems.sort();
    result.problems.dedup();
    result
}

/// The part of a scroll view that is inside the window.
fn visible_part(view: &ElementHandle, screen: &Frame) -> Frame {
    let f = Frame::of(view);
    let (x, y) = (f.x.max(0.0), f.y.max(0.0));
    Frame {
        x,
        y,
        w: (f.x + f.w).min(screen.w) - x,
        h: (f.y + f.h).min(screen.h) - y,
    }
}

/// One turn of the mouse wheel over the middle of `visible`.
fn wheel(window: &slint::Window, visible: &Frame, delta_y: f32) {
    let centre = LogicalPosition::new(visible.x + visible.w / 2.0, visible.y + visible.h / 2.0);
    window.dispatch_event(WindowEvent::PointerMoved { position: centre });
    window.dispatch_event(WindowEvent::PointerScrolled {
        position: centre,
        delta_x: 0.0,
        delta_y,
    });
    settle();
}

/// Everything a scroll view shows now, each element by its type, label, x and size,
/// with its y: what the view's movement is read from.
fn shown_in(view: &ElementHandle) -> Vec<(String, f32)> {
    view.query_descendants()
        .match_predicate(|e| e.size().width > 0.0 && e.size().height > 0.0)
        .find_all()
        .iter()
        .map(|e| {
            let f = Frame::of(e);
            let key = format!(
                "{}|{}|{:.2}|{:.2}|{:.2}",
                e.type_name().unwrap_or_default(),
                e.accessible_label().unwrap_or_default(),
                f.x,
                f.w,
                f.h
            );
            (key, f.y)
        })
        .collect()
}

/// How far the content moved between two looks at a scroll view (negative: up), from
/// the elements shown in both that are alone with their key.
fn movement(before: &[(String, f32)], after: &[(String, f32)]) -> Option<f32> {
    fn count(all: &[(String, f32)]) -> BTreeMap<&str, (usize, f32)> {
        let mut n: BTreeMap<&str, (usize, f32)> = BTreeMap::new();
        for (k, y) in all {
            let e = n.entry(k.as_str()).or_insert((0, *y));
            e.0 += 1;
        }
        n
    }
    let (b, a) = (count(before), count(after));
    let mut votes: BTreeMap<i32, usize> = BTreeMap::new();
    for (k, (n, y)) in &a {
        if let Some((1, y0)) = b.get(k) {
            if *n == 1 {
                *votes.entry(((y - y0) * 4.0).round() as i32).or_default() += 1;
            }
        }
    }
    votes
        .iter()
        .max_by_key(|(dy, n)| (**n, -(dy.abs())))
        .map(|(dy, _)| *dy as f32 / 4.0)
}

/// The app in `language` on a fresh data folder holding `settings`, some statistics and
/// an unfinished Kalah game (so home offers Continue and Start asks first).
struct Ui {
    driver: Driver,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for Ui {
    type Target = Driver;
    fn deref(&self) -> &Driver {
        &self.driver
    }
}

fn launch(language: Language, variant: Variant, size: (f32, f32)) -> Ui {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path());
    let mut settings = Settings {
        variant,
        language,
        opponent: OPPONENT,
        ..Settings::default()
    };
    settings.set_rules(Rules::new(Variant::Congkak).with_houses(7).unwrap());
    store.save_settings(&settings).unwrap();
    store.save_stats(&sample_stats()).unwrap();
    store.save_recent_games(&sample_recent_games()).unwrap();
    let mut game = Game::new(Rules::new(Variant::Kalah));
    game.play(House::new(3).unwrap()).unwrap(); // an extra turn: the person moves next
    store
        .save_game(&SavedGame::from_game(&game, OPPONENT))
        .unwrap();
    let driver = Driver::launch_sized(dir.path(), Arc::new(Computer::default()), size);
    settle();
    Ui { driver, _dir: dir }
}

fn resize(window: &AppWindow, (w, h): (f32, f32)) {
    window.window().set_size(LogicalSize::new(w, h));
    settle();
}

fn sample_stats() -> Stats {
    let mut stats = Stats::default();
    let levels = [Difficulty::Beginner, Difficulty::Strong, Difficulty::Expert];
    for variant in [Variant::Kalah, Variant::Oware, Variant::Congkak] {
        for level in levels {
            for result in [
                GameResult::Won,
                GameResult::Lost,
                GameResult::Won,
                GameResult::Drawn,
            ] {
                stats.record(variant, Opponent::Computer { level }, result);
            }
        }
        stats.record(variant, Opponent::Human, GameResult::Won);
    }
    // Congkak's presets and boards are counted apart: Traditional, and Quick on 7 houses
    // beside the 6-house rows above.
    let quick7 = Rules::new(Variant::Congkak).with_houses(7).unwrap();
    for rules in [Rules::traditional_congkak(), quick7] {
        stats.record_rules(rules, OPPONENT, GameResult::Won);
        stats.record_rules(rules, Opponent::Human, GameResult::Lost);
    }
    stats
}

/// Finished games for review: a reviewed Kalah game (with every grade), an Oware game
/// not reviewed yet, whose review runs while its screen is looked at, and last a Quick
/// Congkak game on 7 houses kept before games kept their day.
fn sample_recent_games() -> RecentGames {
    let mut recent = RecentGames::default();
    let mut congkak = Game::new(Rules::new(Variant::Congkak).with_houses(7).unwrap());
    while let Some(house) = congkak.legal_moves().first() {
        congkak.play(house).unwrap();
    }
    recent.add(FinishedRecord {
        finished: None,
        ..FinishedRecord::of_game(3, &congkak, Opponent::Human)
    });
    for (id, variant) in [(2, Variant::Oware), (1, Variant::Kalah)] {
        let mut game = Game::new(Rules::new(variant));
        while let Some(house) = game.legal_moves().first() {
            game.play(house).unwrap();
        }
        let mut record = FinishedRecord::of_game(id, &game, OPPONENT);
        if variant == Variant::Kalah {
            let review = (0..game.moves().len())
                .map(|i| ReviewedMove {
                    best: House::new(1 + (i % 6) as u8).unwrap(),
                    value: (i as i32 % 17) - 8,
                    loss: [0, 1, 3, 5, 9][i % 5],
                    exact: i % 2 == 0,
                })
                .collect();
            record.review = Some(review);
        }
        recent.add(record);
    }
    recent
}

/// The element of the component `type_name` (a dialog), which must be there.
fn part(window: &AppWindow, type_name: &str) -> ElementHandle {
    let found = window
        .root_element()
        .query_descendants()
        .match_inherits(type_name)
        .find_all();
    assert_eq!(found.len(), 1, "one {type_name} on screen");
    found[0].clone()
}

/// Presses the last button of `type_name` (its last action: Resign, Reset statistics).
fn press_last_button_of(window: &AppWindow, type_name: &str) {
    let buttons = part(window, type_name)
        .query_descendants()
        .match_inherits("ActionButton")
        .find_all();
    buttons
        .last()
        .unwrap_or_else(|| {
            let shown: Vec<String> = controls_under(&window.root_element())
                .iter()
                .map(|c| format!("{} {:?}", c.name, c.frame))
                .collect();
            let size = window.window().size();
            panic!("a button in {type_name} at {size:?}; controls: {shown:?}")
        })
        .invoke_accessible_default_action();
    settle();
}

/// Opens the statistics, scrolls its page until the button of type `type_name` is in
/// view (a page ends with them) and presses it; false if it never came into view.
fn press_on_stats_page(w: &AppWindow, type_name: &str) -> bool {
    let screen = Frame {
        x: 0.0,
        y: 0.0,
        w: 1.0e6,
        h: 1.0e6,
    };
    let shown = || {
        part(w, "StatsView")
            .query_descendants()
            .match_inherits(type_name)
            .find_all()
    };
    w.global::<Nav>().invoke_go(Screen::Stats);
    settle();
    for _ in 0..80 {
        if !shown().is_empty() {
            break;
        }
        let view = flickables(&part(w, "StatsView"))[0].clone();
        wheel(w.window(), &visible_part(&view, &screen), -100.0);
    }
    let Some(button) = shown().pop() else {
        return false;
    };
    button.invoke_accessible_default_action();
    settle();
    true
}

/// One screen (or dialog) as it is set up on a launched app.
#[derive(Clone, Copy, Debug)]
enum Shot {
    Home,
    NewGame,
    Settings,
    Rules(usize),
    Stats,
    StatsReset,
    Game,
    Resign,
    ReplaceGame,
    GameCongkak7,
    GameOver,
    /// A reviewed game, at a move in the middle.
    Review,
    /// A review being computed.
    ReviewRunning,
    /// The statistics screen's dialog for a record typed in.
    RecordDialog,
    /// The screen that starts a game the computer plays itself.
    Watch,
    /// A game the computer plays itself, paused.
    Watched,
    /// The guided first game with its second tip (house 4 lit, Skip tips), started from
    /// the home screen's offer (later home shots show its entry instead).
    Guided,
    /// New game and Settings with Traditional Congkak chosen (no board choice, no first
    /// player); the launch's Congkak is Quick.
    NewGameTraditional,
    SettingsTraditional,
    /// The Learn hub.
    Learn,
    /// A puzzle on the study screen as it opens, solved, and failed (a wrong move and
    /// its refutation played, the answer shown).
    Puzzle,
    PuzzleSolved,
    PuzzleFailed,
    /// A lesson on the study screen as it opens (the longest rule), passed (with the
    /// reply it forces) and failed; then the hub with a lesson marked done.
    Lesson,
    LessonPassed,
    LessonFailed,
    LearnLessonDone,
}

/// Plays a house that passes the lesson open, or one that fails it, and waits until the
/// verdict is shown.
fn play_lesson(ui: &Ui, pass: bool) {
    let (_, passing, failing) = ui.app.study_lesson().unwrap();
    let house = if pass { passing[0] } else { failing[0] };
    ui.window
        .global::<StudyState>()
        .invoke_house_tapped(i32::from(house));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while ui.app.is_busy() {
        assert!(std::time::Instant::now() < deadline, "the lesson's move");
        advance(50);
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Plays the first Kalah puzzle's answer, or a wrong move and then Show answer, and
/// waits (in real time: the judge runs on a worker thread) until the verdict is shown.
fn play_puzzle(ui: &Ui, solve: bool) {
    let (answer, legal) = ui.app.study_puzzle().unwrap();
    let house = if solve {
        answer
    } else {
        legal.into_iter().find(|&h| h != answer).unwrap()
    };
    ui.window
        .global::<StudyState>()
        .invoke_house_tapped(i32::from(house));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while ui.app.is_busy() {
        assert!(std::time::Instant::now() < deadline, "the puzzle's judge");
        advance(50);
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    if !solve {
        ui.window.global::<StudyState>().invoke_show_answer();
    }
}

/// Shows `shot` and returns the element whose controls are checked (the window, or the
/// dialog over it).
fn show(ui: &Ui, shot: Shot) -> ElementHandle {
    let w = &ui.window;
    match shot {
        Shot::Home => ui.app.go(Screen::Home),
        Shot::NewGame => ui.app.go(Screen::NewGame),
        Shot::Settings => ui.app.go(Screen::Settings),
        Shot::Rules(page) => {
            ui.app.go(Screen::Rules);
            settle();
            let tabs = w
                .root_element()
                .query_descendants()
                .match_accessible_role(AccessibleRole::RadioButton)
                .find_all();
            assert_eq!(tabs.len(), 3, "the rules screen's three pages");
            tabs[page].invoke_accessible_default_action();
        }
        Shot::Stats => ui.app.go(Screen::Stats),
        Shot::StatsReset => {
            if !press_on_stats_page(w, "ResetButton") {
                // Unreachable: the look at Stats has said so; check the page instead.
                return part(w, "StatsView");
            }
            return part(w, "ResetDialog");
        }
        Shot::Game => w.global::<HomeState>().invoke_continue_game(),
        Shot::Resign => {
            w.global::<HomeState>().invoke_continue_game();
            settle();
            press_last_button_of(w, "GameActions");
            return part(w, "ResignDialog");
        }
        Shot::ReplaceGame => {
            ui.app.go(Screen::NewGame);
            settle();
            w.global::<Prefs>().invoke_start_game();
            settle();
            return part(w, "ReplaceGameDialog");
        }
        Shot::GameCongkak7 => {
            let rules = Rules::new(Variant::Congkak).with_houses(7).unwrap();
            ui.app.load_record(rules, OPPONENT, &[]).unwrap();
        }
        Shot::GameOver => {
            let mut game = Game::new(Rules::new(Variant::Oware));
            while let Some(house) = game.legal_moves().first() {
                game.play(house).unwrap();
            }
            ui.app.show_game(game, OPPONENT);
            settle();
            return part(w, "GameOverPanel");
        }
        Shot::Review => {
            let review = w.global::<ReviewState>();
            review.invoke_open(0);
            review.invoke_go_to(7);
        }
        Shot::ReviewRunning => {
            // Its rows show as they are valued, so a running review changes between the
            // looks of this test: stopped at once, the rows valued so far and the rest
            // stay as they are (the progress card keeps its place, with its button).
            let review = w.global::<ReviewState>();
            review.invoke_open(1);
            review.invoke_stop();
        }
        Shot::RecordDialog => {
            if !press_on_stats_page(w, "RecordButton") {
                return part(w, "StatsView");
            }
            return part(w, "RecordDialog");
        }
        Shot::Watch => ui.app.go(Screen::Watch),
        Shot::NewGameTraditional | Shot::SettingsTraditional => {
            w.global::<Prefs>()
                .invoke_choose_preset(Preset::Traditional);
            ui.app.go(match shot {
                Shot::NewGameTraditional => Screen::NewGame,
                _ => Screen::Settings,
            });
        }
        Shot::Guided => {
            w.global::<HomeState>().invoke_start_guide();
            settle();
            w.global::<mancala::GameState>().invoke_tip_tapped();
        }
        Shot::Learn => ui.app.go(Screen::Learn),
        Shot::Puzzle | Shot::PuzzleSolved | Shot::PuzzleFailed => {
            assert!(ui.app.open_puzzle(Variant::Kalah, 0, true));
            match shot {
                Shot::PuzzleSolved => play_puzzle(ui, true),
                Shot::PuzzleFailed => play_puzzle(ui, false),
                _ => {}
            }
        }
        Shot::Lesson | Shot::LessonFailed => {
            ui.app.open_lesson(LessonId::CongkakBurnt);
            if matches!(shot, Shot::LessonFailed) {
                play_lesson(ui, false);
            }
        }
        Shot::LessonPassed => {
            ui.app.open_lesson(LessonId::OwareFeeding);
            play_lesson(ui, true);
        }
        Shot::LearnLessonDone => ui.app.go(Screen::Learn),
        Shot::Watched => {
            let levels = [Difficulty::Beginner, Difficulty::Casual];
            let moves = [3, 6, 2, 5].map(|n| mancala::engine::Move::House(House::new(n).unwrap()));
            ui.app
                .watch_record(Rules::new(Variant::Kalah), levels, &moves)
                .unwrap();
        }
    }
    settle();
    w.root_element()
}

/// Closes what `shot` opened, so the next one starts from a screen.
fn close(ui: &Ui, shot: Shot) {
    match shot {
        Shot::ReplaceGame => ui
            .window
            .global::<Prefs>()
            .invoke_replace_game(ReplaceAnswer::Cancel),
        Shot::StatsReset
        | Shot::Resign
        | Shot::Review
        | Shot::ReviewRunning
        | Shot::RecordDialog
        | Shot::Watched
        | Shot::Guided
        | Shot::Learn
        | Shot::Puzzle
        | Shot::PuzzleSolved
        | Shot::PuzzleFailed
        | Shot::Lesson
        | Shot::LessonPassed
        | Shot::LessonFailed
        | Shot::LearnLessonDone => ui.app.go(Screen::Home),
        Shot::NewGameTraditional | Shot::SettingsTraditional => ui
            .window
            .global::<Prefs>()
            .invoke_choose_preset(Preset::Quick),
        _ => {}
    }
    settle();
}

/// The shots of one launch, in an order that keeps each one's set-up valid (the saved
/// game is replaced only at the end).
fn shots(variant: Variant) -> Vec<Shot> {
    match variant {
        Variant::Kalah => vec![
            Shot::Home,
            Shot::NewGame,
            Shot::Settings,
            Shot::Rules(0),
            Shot::Rules(1),
            Shot::Rules(2),
            Shot::Stats,
            Shot::StatsReset,
            Shot::Review,
            Shot::ReviewRunning,
            Shot::RecordDialog,
            Shot::Watch,
            Shot::Watched,
            Shot::Guided,
            // The offer answered: the home screen's entry to the guided game.
            Shot::Home,
            Shot::Learn,
            Shot::Puzzle,
            Shot::PuzzleSolved,
            Shot::PuzzleFailed,
            Shot::Lesson,
            Shot::LessonFailed,
            Shot::LessonPassed,
            Shot::LearnLessonDone,
            Shot::Game,
            Shot::Resign,
            Shot::ReplaceGame,
            Shot::GameCongkak7,
            Shot::GameOver,
        ],
        // The game options differ by game: Oware's grand slam, Congkak's presets and
        // houses (Quick's) or none (Traditional's).
        Variant::Congkak => vec![
            Shot::NewGame,
            Shot::Settings,
            Shot::NewGameTraditional,
            Shot::SettingsTraditional,
        ],
        Variant::Oware => vec![Shot::NewGame, Shot::Settings],
    }
}

#[test]
fn every_screen_fits_every_size_in_every_language() {
    i_slint_backend_testing::init_no_event_loop();
    let mut report = String::new();
    let mut failures = 0;
    for language in LANGUAGES {
        for variant in [Variant::Kalah, Variant::Oware, Variant::Congkak] {
            for size in SIZES {
                let ui = launch(language, variant, size);
                for shot in shots(variant) {
                    // What should be there: the same screen in a window that fits all.
                    resize(&ui.window, (size.0, TALL));
                    let root = show(&ui, shot);
                    let expected = look(ui.window.window(), &root).seen;
                    close(&ui, shot);
                    resize(&ui.window, size);
                    let root = show(&ui, shot);
                    let found = look(ui.window.window(), &root);
                    close(&ui, shot);
                    let mut problems = found.problems;
                    for (name, n) in &expected {
                        let got = found.seen.get(name).copied().unwrap_or(0);
                        if got < *n {
                            problems.push(format!(
                                "{name}: {got} of {n} can be brought wholly into view"
                            ));
                        }
                    }
                    if !problems.is_empty() {
                        failures += 1;
                        let _ = writeln!(
                            report,
                            "{language:?} {variant:?} {shot:?} at {}x{}:",
                            size.0, size.1
                        );
                        for p in &problems {
                            let _ = writeln!(report, "    {p}");
                        }
                    }
                }
            }
        }
    }
    assert!(failures == 0, "{failures} screens do not fit:\n{report}");
}

mod broken {
    slint::slint! {
        import { ScrollView } from "std-widgets.slint";
        component Button inherits Rectangle {
            in property <string> label;
            height: 48px;
            accessible-role: button;
            accessible-label: root.label;
        }
        export component Broken inherits Window {
            width: 300px;
            height: 200px;
            // Two buttons on top of each other and one half out of the window.
            Button { x: 10px; y: 10px; width: 100px; label: "under"; }
            Button { x: 60px; y: 30px; width: 100px; label: "over"; }
            Button { x: 250px; y: 170px; width: 100px; label: "cut"; }
            // One at the end of a scrolled page: reachable, so no problem.
            ScrollView {
                x: 150px;
                y: 0px;
                width: 90px;
                height: 150px;
                VerticalLayout {
                    Rectangle { height: 500px; }
                    Button { label: "scrolled"; }
                }
            }
        }
    }
}

#[test]
fn every_screen_fits_check_finds_overlaps_cut_off_controls_and_scrolls_to_the_rest() {
    i_slint_backend_testing::init_no_event_loop();
    let probe = broken::Broken::new().unwrap();
    probe.window().set_size(LogicalSize::new(300.0, 200.0));
    probe.show().unwrap();
    settle();
    let found = look(probe.window(), &probe.root_element());
    let problems = found.problems.join("\n");
    assert!(
        problems.contains("'over'") && problems.contains("overlaps"),
        "{problems}"
    );
    assert!(
        problems.contains("'cut'") && problems.contains("outside the window"),
        "{problems}"
    );
    assert!(!problems.contains("'scrolled'"), "{problems}");
    assert_eq!(
        found.seen.get("Button 'scrolled'"),
        Some(&1),
        "{:?}",
        found.seen
    );
    assert_eq!(found.problems.len(), 2, "{problems}");
}
