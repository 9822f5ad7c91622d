//! `mancala-cli screenshot`: renders a screen of the real app headless with Slint's
//! software renderer and writes it as a PNG.
//!
//! `--screen home|new-game|game|settings|rules|stats|gameover|review|watch|guided|learn|puzzle|lesson --out FILE.png
//! [--size 1080x2400] [--scale F] [--lang en|my|th|ms] [--theme light|dark|high-contrast]
//! [--level 0..5] [--variant ...] [--seeds N] [--rule ...] [--moves "3 6 1"]
//! [--tap LABEL]... [--south-name NAME] [--north-name NAME] [--coach] [--review-move N]
//! [--watch BOTTOM,TOP] [--next-tip N]` (the flags are [`ScreenshotArgs`]).
//!
//! With `--watch`, `game` and `gameover` show the record as a game the computer plays
//! itself at those levels, paused at its end; `watch` is the screen that starts one.
//!
//! `guided` starts the guided first game as the home screen's Start does, showing its
//! first tip; `--next-tip N` taps N tips away first (one shows the extra turn's tip,
//! with house 4 lit).
//!
//! `review` plays the record out like `gameover`, opens its review from the game-over
//! panel, waits (in real time) until the review is computed and shows the position
//! before move `--review-move` (default 1).
//!
//! `learn` shows the Learn hub with some puzzles solved and a streak; `puzzle` the
//! shipped puzzle `--puzzle N` of `--variant` (or today's, `--daily`) on the study
//! screen, taken as far as `--result open|solved|failed|answer` (its answer played; a
//! wrong move and the refutation played; that and Show answer), in real time.
//! `lesson` opens lesson `--lesson NAME|N` (its name, "kalah-capture", or its place
//! among `--variant`'s lessons, from 1) on the study screen, taken as far as
//! `--result open|passed|failed` (a house that does its task, or one that does not).
//!
//! Each `--tap` taps a button by its accessible label, one after the other, once the
//! screen is up: the questions and dialogs a screen opens can be looked at too.
//!
//! The size is in physical pixels. `--scale` is the device pixel ratio (1600x2560 at
//! scale 2 is an 800x1280 tablet); without it the short side is 360 logical pixels, a
//! phone's width (1080x2400 renders a 360x800 phone at 3x). The app runs on a
//! private, temporary data directory so no player's files are read or touched.

use super::args::{CliError, GameArgs};
use super::values;
use crate::app::App;
use crate::engine::{Move, Position, Rules, Side};
use crate::players::{Difficulty, Opponent};
use crate::store::{Language, Settings, Store, Theme};
use crate::testing::{frames, wait, Driver};
use crate::{AppWindow, GameState, HomeState, Screen};
use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
use slint::platform::WindowEvent;
use slint::{ComponentHandle, LogicalSize, Model, PhysicalSize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The narrow side of the window in logical pixels: a phone held upright.
const PHONE_WIDTH: f32 = 360.0;

/// The narrowest window `--scale` may give, in logical pixels: a small phone.
const MIN_LOGICAL_SIDE: f32 = 320.0;

/// Which screen: the app's screens, plus the game-over panel over a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ScreenName {
    Home,
    #[value(alias = "newgame")]
    NewGame,
    Game,
    Settings,
    Rules,
    Stats,
    #[value(alias = "game-over")]
    Gameover,
    /// The review of the game played out from `--moves` (as for `gameover`).
    Review,
    /// Watch the computer play itself: the screen that chooses the levels.
    Watch,
    /// The guided first game, with its first tip (`--next-tip` taps tips away).
    Guided,
    /// The Learn hub, with some puzzles solved and a streak.
    Learn,
    /// A shipped puzzle on the study screen (`--puzzle`, `--daily`, `--result`).
    #[value(alias = "study")]
    Puzzle,
    /// A lesson on the study screen (`--lesson`, `--result`).
    Lesson,
}

/// How far a puzzle on the study screen is taken before the snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum PuzzleResult {
    /// As it opens: the learner's move awaited.
    Open,
    /// The answer played (a lesson: a house that does its task).
    #[value(alias = "passed")]
    Solved,
    /// A wrong move played and answered on the board.
    Failed,
    /// A wrong move, then Show answer.
    Answer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LanguageName {
    En,
    My,
    Th,
    Ms,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ThemeName {
    Light,
    Dark,
    #[value(alias = "contrast")]
    HighContrast,
    System,
}

#[derive(clap::Args, Debug)]
pub struct ScreenshotArgs {
    /// The screen to render.
    #[arg(long, value_enum, default_value_t = ScreenName::Home)]
    screen: ScreenName,
    /// The PNG file to write.
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
    /// Window size in physical pixels, each side 200 to 8000; the short side is 360
    /// logical pixels.
    #[arg(long, value_name = "WxH", value_parser = values::screen_size, default_value = "1080x2400")]
    size: (u32, u32),
    /// Device pixel ratio, 1 to 4 (1600x2560 at 2 is an 800x1280 tablet); by default
    /// the short side is 360 logical pixels, a phone.
    #[arg(long, value_name = "F", value_parser = values::screen_scale)]
    scale: Option<f32>,
    /// The app's language.
    #[arg(long, value_enum, default_value_t = LanguageName::En)]
    lang: LanguageName,
    /// The app's theme (system: the desktop's own preference, light where unknown).
    #[arg(long, value_enum, default_value_t = ThemeName::Light)]
    theme: ThemeName,
    /// The opponent: 0 for two people at one device, 1 to 5 for the computer's level.
    #[arg(long, value_name = "L", value_parser = values::screenshot_level, default_value_t = 2)]
    level: u8,
    /// Tap the button, choice or switch with this accessible label (as the chosen language shows it)
    /// before the snapshot, scrolling to it; repeat to tap several in order.
    #[arg(long, value_name = "LABEL")]
    tap: Vec<String>,
    /// Milliseconds after the last tap before the snapshot, 0 to 60000 (1000 after a
    /// tap, none without one): a short wait catches a sowing in the middle (`--level 0
    /// --tap "Bottom house 3" --wait 300`), a long one a hint (`--tap Hint --wait
    /// 1500`); without a tap, what the app does on its own, such as the expert's tables
    /// being built (`--level 5 --variant oware --wait 2000`).
    #[arg(long, value_name = "MS", value_parser = values::screenshot_wait)]
    wait: Option<u64>,
    /// The bottom player's name between two people (cut to the app's limit).
    #[arg(long, value_name = "NAME")]
    south_name: Option<String>,
    /// The top player's name between two people.
    #[arg(long, value_name = "NAME")]
    north_name: Option<String>,
    /// `--screen review`: show the position before this move (1-based; past the last
    /// move, the end).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    review_move: u32,
    /// Coach mode on: after a move of the person's that gave up seeds, its note shows
    /// (`--coach --tap "Bottom house 1" --wait 1500`).
    #[arg(long)]
    coach: bool,
    /// The computer plays both sides, at these levels (bottom row first, `5,3`): for
    /// `game` and `gameover` the record is a watched game, paused; for `watch` the levels
    /// chosen.
    #[arg(long, value_name = "BOTTOM,TOP", value_parser = values::watch_levels)]
    watch: Option<[Difficulty; 2]>,
    /// `--screen guided`: tap this many tips away, 0 to 6, before any `--tap` (1 shows
    /// the extra turn's tip with its house lit).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=6))]
    next_tip: u8,
    /// `--screen puzzle`: the shipped puzzle of `--variant` at this place in its file,
    /// from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    puzzle: u32,
    /// `--screen puzzle`: today's puzzle instead (its game, whatever `--variant` says).
    #[arg(long)]
    daily: bool,
    /// `--screen puzzle`: show it as it opens, solved, failed (a wrong move and its
    /// refutation played), or failed with the answer shown.
    #[arg(long, value_enum, default_value_t = PuzzleResult::Open)]
    result: PuzzleResult,
    /// `--screen lesson`: the lesson, by its name ("kalah-capture") or its place among
    /// `--variant`'s lessons, from 1.
    #[arg(long, value_name = "NAME|N", default_value = "1")]
    lesson: String,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &ScreenshotArgs) -> Result<(), CliError> {
    let shot = Shot::parse(args)?;
    // A new folder of its own each time (never a fixed name that something else could
    // hold), removed with everything in it when `dir` goes out of scope.
    let dir = tempfile::Builder::new()
        .prefix("mancala-screenshot-")
        .tempdir()?;
    shot.render(dir.path())
}

enum Target {
    Screen(Screen),
    GameOver,
    Review,
    Guided,
    Puzzle,
    Lesson(crate::lessons::LessonId),
}

struct Shot {
    target: Target,
    out: PathBuf,
    size: PhysicalSize,
    /// Physical pixels per logical pixel.
    scale: f32,
    settings: Settings,
    rules: Rules,
    opponent: Opponent,
    moves: Vec<Move>,
    /// Buttons to tap, by accessible label, before the snapshot.
    taps: Vec<String>,
    /// Mocked (and real) time after the last tap, or after the screen is shown.
    wait: u64,
    /// The review's position to show (0-based cursor).
    review_cursor: usize,
    /// The record is a game the computer plays itself, at these levels.
    watch: Option<[Difficulty; 2]>,
    /// The guided game's tips to tap away.
    next_tip: u8,
    /// The puzzle (0-based in its file), whether today's, and how far it is taken.
    puzzle: usize,
    daily: bool,
    result: PuzzleResult,
}

impl Shot {
    fn parse(args: &ScreenshotArgs) -> Result<Shot, CliError> {
        let target = match args.screen {
            ScreenName::Home => Target::Screen(Screen::Home),
            ScreenName::NewGame => Target::Screen(Screen::NewGame),
            ScreenName::Game => Target::Screen(Screen::Game),
            ScreenName::Settings => Target::Screen(Screen::Settings),
            ScreenName::Rules => Target::Screen(Screen::Rules),
            ScreenName::Stats => Target::Screen(Screen::Stats),
            ScreenName::Gameover => Target::GameOver,
            ScreenName::Review => Target::Review,
            ScreenName::Watch => Target::Screen(Screen::Watch),
            ScreenName::Guided => Target::Guided,
            ScreenName::Learn => Target::Screen(Screen::Learn),
            ScreenName::Puzzle => Target::Puzzle,
            ScreenName::Lesson => {
                Target::Lesson(lesson_named(&args.lesson, args.game.rules()?.variant())?)
            }
        };
        let out = args.out.clone();
        let size = PhysicalSize::new(args.size.0, args.size.1);
        let scale = args
            .scale
            .unwrap_or(size.width.min(size.height) as f32 / PHONE_WIDTH);
        // The layouts are made for windows of at least a small phone's width.
        let short = size.width.min(size.height) as f32 / scale;
        if short < MIN_LOGICAL_SIDE {
            return Err(CliError(format!(
                "--scale {scale}: {}x{} would be {:.0} logical pixels on its short side, \
                 below the {MIN_LOGICAL_SIDE} the screens are laid out for",
                size.width, size.height, short
            )));
        }
        let language = match args.lang {
            LanguageName::En => Language::English,
            LanguageName::My => Language::Burmese,
            LanguageName::Th => Language::Thai,
            LanguageName::Ms => Language::Malay,
        };
        let theme = match args.theme {
            ThemeName::Light => Theme::Light,
            ThemeName::Dark => Theme::Dark,
            ThemeName::HighContrast => Theme::HighContrast,
            ThemeName::System => Theme::System,
        };
        // The value parser keeps the level in 0..=5.
        let opponent = match Difficulty::from_number(args.level) {
            Some(level) => Opponent::Computer { level },
            None => Opponent::Human,
        };
        let rules = args.game.rules()?;
        let game = args.game.game()?;
        let mut settings = Settings {
            variant: rules.variant(),
            opponent,
            theme,
            language,
            coach: args.coach,
            ..Settings::default()
        };
        if let Some(levels) = args.watch {
            settings.watch_levels = levels;
        }
        settings.set_rules(rules);
        for (side, name) in [
            (Side::South, &args.south_name),
            (Side::North, &args.north_name),
        ] {
            if let Some(name) = name {
                settings.names.set(side, name);
            }
        }
        Ok(Shot {
            target,
            out,
            size,
            scale,
            settings,
            rules,
            opponent,
            moves: game.moves().to_vec(),
            taps: args.tap.clone(),
            wait: args
                .wait
                .unwrap_or(if args.tap.is_empty() { 0 } else { 1000 }),
            review_cursor: args.review_move as usize - 1,
            watch: args.watch,
            next_tip: args.next_tip,
            puzzle: args.puzzle as usize - 1,
            daily: args.daily,
            result: args.result,
        })
    }

    fn render(&self, dir: &Path) -> Result<(), CliError> {
        slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
            mock_time: true,
            threading: false,
            renderer_name: Some("software".into()),
        })))
        .map_err(|e| CliError(format!("cannot start the headless renderer: {e}")))?;

        Store::open(dir).save_settings(&self.settings)?;
        if matches!(self.target, Target::Screen(Screen::Stats)) {
            // A fresh data directory has no results: show a few seasons of play instead.
            Store::open(dir).save_stats(&sample_stats())?;
            Store::open(dir).save_recent_games(&sample_recent_games(self.opponent))?;
        }
        if matches!(self.target, Target::Screen(Screen::Learn)) {
            Store::open(dir).save_progress(&sample_progress())?;
        }
        let window = AppWindow::new()?;
        let app = App::new(&window, dir, Arc::new(crate::app::Computer::default()));
        let mut moves = self.moves.clone();
        match self.target {
            Target::Screen(Screen::Home) if !moves.is_empty() => {
                // A saved game, so the home screen shows Continue with its score.
                self.load(&app, &moves)?;
                app.go(Screen::Home);
            }
            Target::Screen(Screen::Game) => self.load(&app, &moves)?,
            Target::GameOver | Target::Review => {
                finish_game(self.rules, &mut moves);
                self.load(&app, &moves)?;
            }
            Target::Puzzle => {
                let variant = self.rules.variant();
                let index = match self.daily {
                    true => 0,
                    false => self.puzzle,
                };
                let opened = if self.daily {
                    app.go(Screen::Learn);
                    app.open_daily()
                } else {
                    app.open_puzzle(variant, index, false)
                };
                if !opened {
                    return Err(CliError(format!(
                        "--puzzle {}: {variant} ships {} puzzles",
                        self.puzzle + 1,
                        crate::puzzles::shipped(variant).len()
                    )));
                }
            }
            Target::Lesson(id) => {
                app.go(Screen::Learn);
                app.open_lesson(id);
            }
            Target::Screen(screen) => app.go(screen),
            Target::Guided => window.global::<HomeState>().invoke_start_guide(),
        }

        let scale = self.scale;
        let w = window.window();
        w.dispatch_event(WindowEvent::ScaleFactorChanged {
            scale_factor: scale,
        });
        // The testing window keeps the physical size for the snapshot; the logical size
        // the layout sees is set after it.
        w.set_size(self.size);
        w.dispatch_event(WindowEvent::Resized {
            size: LogicalSize::new(
                self.size.width as f32 / scale,
                self.size.height as f32 / scale,
            ),
        });
        window.show()?;
        frames();
        let ui = Driver::attach(window, app);
        if matches!(self.target, Target::Review) {
            open_review(&ui.window, self.review_cursor)?;
        }
        for _ in 0..self.next_tip {
            ui.window.global::<GameState>().invoke_tip_tapped();
            frames();
        }
        if matches!(self.target, Target::Puzzle) {
            play_puzzle(&ui, self.result)?;
        }
        if matches!(self.target, Target::Lesson(_)) {
            play_lesson(&ui, self.result)?;
        }
        for (i, label) in self.taps.iter().enumerate() {
            ui.tap_topmost(label)
                .map_err(|why| CliError(format!("--tap: {why}")))?;
            if i + 1 < self.taps.len() {
                frames();
            }
        }
        wait(self.wait);
        let pixels = ui
            .window
            .window()
            .take_snapshot()
            .map_err(|e| CliError(format!("rendering failed: {e}")))?;
        write_png(
            &self.out,
            pixels.width(),
            pixels.height(),
            pixels.as_bytes(),
        )?;
        ui.window.hide()?;
        Ok(())
    }

    fn load(&self, app: &App, moves: &[Move]) -> Result<(), CliError> {
        match self.watch {
            Some(levels) => app.watch_record(self.rules, levels, moves),
            None => app.load_record(self.rules, self.opponent, moves),
        }
        .map_err(|why| CliError(format!("--moves: {why}")))
    }
}

/// Takes the puzzle on the study screen as far as `result` says: its answer or a wrong
/// move tapped, and the judge's answer and the refutation played (real time: the judge
/// runs on a worker thread).
fn play_puzzle(ui: &Driver, result: PuzzleResult) -> Result<(), CliError> {
    if result == PuzzleResult::Open {
        return Ok(());
    }
    let (answer, legal) = ui
        .app
        .study_puzzle()
        .ok_or_else(|| CliError("no puzzle on the study screen".into()))?;
    let house = match result {
        PuzzleResult::Solved => answer,
        _ => legal
            .into_iter()
            .find(|&h| h != answer)
            .ok_or_else(|| CliError("the puzzle has no wrong move".into()))?,
    };
    // The house's label is in the chosen language: its callback is called instead.
    let study = ui.window.global::<crate::StudyState>();
    study.invoke_house_tapped(i32::from(house));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while ui.app.is_busy() {
        if std::time::Instant::now() > deadline {
            return Err(CliError(
                "the puzzle's judge did not answer in 2 minutes".into(),
            ));
        }
        wait(50);
    }
    frames();
    if result == PuzzleResult::Answer {
        study.invoke_show_answer();
        frames();
    }
    Ok(())
}

/// The lesson `--lesson` names: its name, or its place among `variant`'s lessons.
fn lesson_named(
    name: &str,
    variant: crate::engine::Variant,
) -> Result<crate::lessons::LessonId, CliError> {
    let all = crate::lessons::lessons(variant);
    let by_place = name
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| all.get(i).copied());
    by_place
        .or_else(|| crate::lessons::LessonId::from_name(name))
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|id| id.name()).collect();
            CliError(format!(
                "--lesson {name}: {variant} has lessons 1 to {}: {}",
                all.len(),
                names.join(", ")
            ))
        })
}

/// Takes the lesson on the study screen as far as `result` says: a house that does its
/// task, or one that does not, played and judged.
fn play_lesson(ui: &Driver, result: PuzzleResult) -> Result<(), CliError> {
    let house = match result {
        PuzzleResult::Open => return Ok(()),
        PuzzleResult::Solved | PuzzleResult::Answer | PuzzleResult::Failed => {
            let (id, pass, fail) = ui
                .app
                .study_lesson()
                .ok_or_else(|| CliError("no lesson on the study screen".into()))?;
            let houses = if result == PuzzleResult::Solved {
                pass
            } else {
                fail
            };
            houses
                .first()
                .copied()
                .ok_or_else(|| CliError(format!("lesson {}: no such house to play", id.name())))?
        }
    };
    let study = ui.window.global::<crate::StudyState>();
    study.invoke_house_tapped(i32::from(house));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while ui.app.is_busy() {
        if std::time::Instant::now() > deadline {
            return Err(CliError(
                "the lesson's move was not shown in a minute".into(),
            ));
        }
        wait(50);
    }
    frames();
    Ok(())
}

/// Progress for the Learn hub's picture: some lessons done and puzzles of each game
/// solved, and the daily puzzle solved the last four days up to yesterday (today's
/// still to do).
fn sample_progress() -> crate::store::Progress {
    use crate::engine::Variant;
    let mut progress = crate::store::Progress::default();
    for (variant, count) in [
        (Variant::Kalah, 37),
        (Variant::Oware, 5),
        (Variant::Congkak, 12),
    ] {
        for p in crate::puzzles::shipped(variant).iter().take(count) {
            progress.solve_puzzle(variant, &p.moves);
        }
    }
    for (variant, count) in [(Variant::Kalah, 3), (Variant::Oware, 1)] {
        for id in crate::lessons::lessons(variant).iter().take(count) {
            progress.complete_lesson(id.name());
        }
    }
    if let Some(today) = crate::store::Day::today() {
        for back in 1..=4 {
            if let Some(day) = today
                .number()
                .checked_sub(back)
                .and_then(crate::store::Day::from_number)
            {
                progress.solve_daily(day);
            }
        }
    }
    progress
}

/// Opens the review of the finished game from the game-over panel, waits until it is
/// computed (it runs on a worker thread, in real time) and shows position `cursor`.
fn open_review(window: &AppWindow, cursor: usize) -> Result<(), CliError> {
    use crate::ReviewState;
    let review = window.global::<ReviewState>();
    review.invoke_open_finished();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while review.get_running() {
        if std::time::Instant::now() > deadline {
            return Err(CliError("the review took more than 5 minutes".into()));
        }
        wait(100);
    }
    if review.get_lines().row_count() == 0 {
        return Err(CliError("the review did not finish".into()));
    }
    review.invoke_go_to(cursor.min(review.get_moves() as usize) as i32);
    frames();
    Ok(())
}

/// Results of some games against the computer and between two people, for the
/// statistics screenshot.
fn sample_stats() -> crate::store::Stats {
    use crate::engine::Variant;
    use crate::players::GameResult::{Drawn, Lost, Won};
    let mut stats = crate::store::Stats::default();
    let seasons = [
        (
            Variant::Kalah,
            Opponent::Computer {
                level: Difficulty::Casual,
            },
            "WWLWWWDW",
        ),
        (
            Variant::Kalah,
            Opponent::Computer {
                level: Difficulty::Strong,
            },
            "LLWLDLW",
        ),
        (
            Variant::Oware,
            Opponent::Computer {
                level: Difficulty::Intermediate,
            },
            "WLWWL",
        ),
        (Variant::Oware, Opponent::Human, "WLLWD"),
        (
            Variant::Congkak,
            Opponent::Computer {
                level: Difficulty::Beginner,
            },
            "WWWWW",
        ),
    ];
    for (variant, opponent, results) in seasons {
        for result in results.chars() {
            let result = match result {
                'W' => Won,
                'L' => Lost,
                _ => Drawn,
            };
            stats.record(variant, opponent, result);
        }
    }
    stats
}

/// A Kalah and an Oware game played out with the lowest legal house, the Kalah one
/// resigned by the person halfway, for the statistics screenshot's recent games.
fn sample_recent_games(opponent: Opponent) -> crate::store::RecentGames {
    use crate::engine::{Game, Variant};
    use crate::store::{FinishedRecord, RecentGames};
    let mut recent = RecentGames::default();
    for (id, variant) in [(1, Variant::Oware), (2, Variant::Kalah)] {
        let mut game = Game::new(Rules::new(variant));
        while let Some(house) = game.legal_moves().first() {
            if variant == Variant::Kalah && game.moves().len() == 20 {
                let _ = game.resign(game.position().side_to_move());
                break;
            }
            let _ = game.play(house);
        }
        recent.add(FinishedRecord::of_game(id, &game, opponent));
    }
    recent
}

/// Plays on from `moves` with the lowest legal house until the game ends, so the
/// game-over panel has a finished game to show whatever record was given.
fn finish_game(rules: Rules, moves: &mut Vec<Move>) {
    let start = Position::start(rules);
    let Ok(mut game) = crate::engine::Game::replay(start, moves) else {
        return;
    };
    while let Some(house) = game.legal_moves().first() {
        if game.play(house).is_err() {
            break;
        }
        moves.push(house.into());
    }
}

fn write_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), CliError> {
    let file = std::fs::File::create(path)
        .map_err(|e| CliError(format!("cannot create {}: {e}", path.display())))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    writer
        .write_image_data(rgba)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_record_is_left_alone_and_an_open_one_is_played_out() {
        let rules = Rules::new(crate::engine::Variant::Kalah);
        let house = |n| Move::House(crate::engine::House::new(n).unwrap());
        let mut moves = vec![house(3), house(6)];
        finish_game(rules, &mut moves);
        assert!(moves.len() > 2);
        let game = crate::engine::Game::replay(Position::start(rules), &moves).unwrap();
        assert!(game.position().is_over());
        let before = moves.clone();
        finish_game(rules, &mut moves);
        assert_eq!(moves, before);
    }
}
