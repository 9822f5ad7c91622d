//! The `GameState` global: renders the turn loop's [`GameView`] and turns the game
//! screen's callbacks into [`GameAction`]s.

use crate::app::conversions::optional_side;
use crate::app::game::banner::Banner;
use crate::app::game::board_view::{BoardView, HouseView};
use crate::app::game::playback::{Flight, FlightKind};
use crate::app::game::turn_loop::{
    Accent, AccentKind, Ending, GameView, LogEntry, MoveFacts, Tip, Told,
};
use crate::engine::{EndReason, MoveSet, Side};
use crate::{Accent as AccentRow, AccentKind as UiAccentKind};
use crate::{
    EndKind, GameEnding, GameState, GuideTip, LogLine, Notice, PitView, StoreView, Stores, TurnMove,
};
use crate::{Flight as FlightRow, FlightKind as UiFlightKind};
use slint::{Model, ModelRc, VecModel};
use std::rc::Rc;

/// What the player did on the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameAction {
    /// A tap on house `house` (as its owner numbers it) of `side`'s row.
    Tap(Side, i32),
    /// A tap on the board outside the houses.
    Board,
    Undo,
    /// "Take it back" under the coach's note: undoes the move it is about.
    TakeBack,
    Redo,
    Hint,
    Resign,
    Rematch,
    HidePanel,
    ShowPanel,
    /// Watching the computer play itself: stop after the move shown, go on, or show
    /// the next move while paused.
    Pause,
    PlayOn,
    Step,
    /// The guided game's tip was tapped: it goes.
    TipTapped,
    /// The guided game's Skip: no more tips.
    SkipGuide,
}

pub(crate) fn pit(house: &HouseView) -> PitView {
    PitView {
        seeds: house.seeds.into(),
        playable: house.playable,
        last_move: house.last_move,
        sown: house.sown.into(),
        captured: house.captured.into(),
        relayed: house.relayed,
        active: house.active,
        hinted: house.hinted,
        burnt: house.burnt,
    }
}

/// A side's burnt houses as the new round's notice lists them: "6, 7" (digits read in
/// every language the app speaks).
fn house_list(houses: MoveSet) -> String {
    let numbers: Vec<String> = houses.iter().map(|h| h.number().to_string()).collect();
    numbers.join(", ")
}

/// The banner as the game view words it: the notice, the side it is about, the seeds
/// and the house it mentions.
fn notice(banner: Banner) -> (Notice, Side, u32, u8) {
    let about = |notice, side| (notice, side, 0, 0);
    match banner {
        Banner::Chosen(side) => about(Notice::Chosen, side),
        Banner::FirstMoveDone { stopped_first } => about(Notice::FirstMoveDone, stopped_first),
        // The side whose houses burnt (at most one side is ever short; none: South).
        Banner::NewRound { burnt, .. } => {
            let side = notice_side(burnt);
            (
                Notice::NewRound,
                Side::BOTH[side],
                burnt[side].len() as u32,
                0,
            )
        }
        Banner::Quiet => about(Notice::None, Side::South),
        Banner::ExtraTurn(side) => about(Notice::ExtraTurn, side),
        Banner::Capture { side, seeds } => (Notice::Capture, side, seeds, 0),
        Banner::GrandSlamSpared(side) => about(Notice::GrandSlamSpared, side),
        Banner::MustFeed(side) => about(Notice::MustFeed, side),
        Banner::Relay(side) => about(Notice::Relay, side),
        Banner::EmptyHouse(side) => about(Notice::EmptyHouse, side),
        Banner::DoesNotFeed(side) => about(Notice::DoesNotFeed, side),
        Banner::GrandSlamForbidden(side) => about(Notice::GrandSlamForbidden, side),
        Banner::NotYourTurn(side) => about(Notice::NotYourTurn, side),
        Banner::OthersHouse(side) => about(Notice::OthersHouse, side),
        Banner::Hint(words) => (Notice::Hint, Side::South, 0, words.house.number()),
        Banner::Repetition(side) => about(Notice::Repetition, side),
        Banner::Sweep(side) => about(Notice::Sweep, side),
        Banner::Turn { side, .. } => about(Notice::Turn, side),
    }
}

fn turn_move(facts: &MoveFacts) -> TurnMove {
    TurnMove {
        house: facts.house.number().into(),
        relays: int(facts.relays),
        extra_turn: facts.extra_turn,
        captured: int(facts.captured),
        grand_slam: facts.grand_slam_spared,
    }
}

fn flight(flight: &Flight) -> FlightRow {
    FlightRow {
        from: index(flight.from),
        to: index(flight.to),
        seeds: int(flight.seeds),
        kind: match flight.kind {
            FlightKind::Sowing => UiFlightKind::Sowing,
            FlightKind::Capture => UiFlightKind::Capture,
            FlightKind::Sweep => UiFlightKind::Sweep,
        },
    }
}

fn accent(accent: &Accent) -> AccentRow {
    AccentRow {
        pit: index(accent.pit),
        seeds: int(accent.seeds),
        kind: match accent.kind {
            AccentKind::ExtraTurn => UiAccentKind::ExtraTurn,
            AccentKind::Capture => UiAccentKind::Capture,
        },
    }
}

/// The seeds in the air and the flash. Their elements start moving when they are
/// created, so a list is replaced only when it changed (the serials say so): redrawing
/// the screen for another reason (the computer's thinking, a setting) must not start a
/// flight again.
fn render_motion(ui: &GameState<'_>, view: &GameView) {
    // The serials only need to differ from the last ones; wrapping is harmless.
    let motion = view.motion as i32;
    if ui.get_motion() != motion || ui.get_flights().row_count() != view.flights.len() {
        let rows: Vec<FlightRow> = view.flights.iter().map(flight).collect();
        ui.set_flights(ModelRc::new(VecModel::from(rows)));
        ui.set_flight_time(i64::try_from(view.flight_time.as_millis()).unwrap_or(i64::MAX));
        ui.set_motion(motion);
    }
    let serial = view.accent.map_or(0, |a| a.serial as i32);
    if ui.get_accent_serial() != serial {
        let rows: Vec<AccentRow> = view.accent.iter().map(accent).collect();
        ui.set_accents(ModelRc::new(VecModel::from(rows)));
        ui.set_accent_serial(serial);
    }
}

/// A count as the UI's `int` holds it (the counts here are seeds and streaks).
fn int(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// A pit's index in the engine's order (at most 2H + 1).
fn index(pit: usize) -> i32 {
    i32::try_from(pit).unwrap_or(i32::MAX)
}

/// Both stores: their seeds, the one the animation drops a seed into, and what the last
/// move sowed and captured into each.
fn stores(view: &GameView) -> Stores {
    Stores {
        south: store(&view.board, Side::South),
        north: store(&view.board, Side::North),
    }
}

/// One side's store as the board widget draws it (the study screen's too).
pub fn store(board: &BoardView, side: Side) -> StoreView {
    let i = side.index();
    StoreView {
        seeds: board.stores[i].into(),
        active: board.store_active[i],
        sown: board.store_sown[i].into(),
        captured: int(board.store_captured[i]),
    }
}

/// The game-over explanation as the panel words it; `streak` is the person's current
/// and best winning streak against this level (`None` between two people).
fn ending(ending: Option<&Ending>, streak: Option<(u32, u32)>) -> GameEnding {
    let Some(end) = ending else {
        return GameEnding {
            kind: EndKind::None,
            ..GameEnding::default()
        };
    };
    let (kind, side, swept_to) = match end.reason {
        EndReason::Majority => (EndKind::Majority, None, None),
        EndReason::NoSeeds { side, swept_to } => (EndKind::NoSeeds, Some(side), Some(swept_to)),
        EndReason::CannotFeed { side } => (EndKind::CannotFeed, Some(side), Some(side)),
        EndReason::Repetition => (EndKind::Repetition, None, None),
        EndReason::Resignation { side } => (EndKind::Resignation, Some(side), None),
        EndReason::MatchLost { side } => (EndKind::MatchLost, Some(side), None),
    };
    // A kind without a side leaves it at South, which the panel does not read.
    GameEnding {
        kind,
        side: optional_side(side).1,
        swept_to: optional_side(swept_to).1,
        lead: end.lead,
        swept_south: int(end.swept[0]),
        swept_north: int(end.swept[1]),
        left: int(end.left_in_houses),
        total: int(end.total),
        has_streak: streak.is_some(),
        streak: streak.map_or(0, |(now, _)| int(now)),
        best_streak: streak.map_or(0, |(_, best)| int(best)),
    }
}

/// Shows `view` on the game screen; `streak` is the person's current and best winning
/// streak at this game and level against the computer, for the game-over panel.
pub fn render(ui: &GameState<'_>, view: &GameView, streak: Option<(u32, u32)>) {
    let rules = view.rules;
    let [south, north] = &view.board.houses;
    let row =
        |houses: &[HouseView]| ModelRc::from(Rc::new(VecModel::from_iter(houses.iter().map(pit))));
    ui.set_variant(rules.variant().into());
    ui.set_houses(rules.houses().into());
    ui.set_south(row(south));
    ui.set_north(row(north));
    ui.set_stores(stores(view));
    ui.set_level(view.opponent.into());
    ui.set_watching(view.watched.is_some());
    // Between a person and the computer there is no bottom computer: two people, as the
    // UI's default, which it does not read then.
    ui.set_south_level(
        view.watched
            .map_or(crate::Level::TwoPeople, |[south, _]| south.into()),
    );
    ui.set_paused(view.paused);
    ui.set_to_move(view.to_move.into());
    ui.set_thinking(view.thinking);
    ui.set_animating(view.animating);
    ui.set_in_hand(int(view.in_hand));
    ui.set_relays(int(view.relays));
    ui.set_sown(int(view.sown));
    render_motion(ui, view);
    ui.set_over(view.over);
    let (has_winner, winner) = optional_side(view.winner);
    ui.set_has_winner(has_winner);
    ui.set_winner(winner);
    let (notice, side, seeds, house) = notice(view.banner);
    ui.set_notice(notice);
    ui.set_notice_side(side.into());
    ui.set_notice_seeds(int(seeds));
    ui.set_notice_house(house.into());
    let (round, burnt) = match view.banner {
        Banner::NewRound { round, burnt } => (round, house_list(burnt[notice_side(burnt)])),
        _ => (0, String::new()),
    };
    ui.set_notice_round(round.into());
    ui.set_notice_burnt(burnt.into());
    render_first_move(ui, view);
    let told: Vec<TurnMove> = view.told.moves.iter().map(turn_move).collect();
    ui.set_turn_moves(ModelRc::new(VecModel::from(told)));
    ui.set_turn_left_out(int(view.told.left_out));
    ui.set_turn_must_feed(matches!(
        view.banner,
        Banner::Turn {
            must_feed: true,
            ..
        }
    ));
    let hint = match view.banner {
        Banner::Hint(words) => Some(words),
        _ => None,
    };
    ui.set_hint_value(hint.map_or(0, |w| w.value));
    ui.set_hint_exact(hint.is_some_and(|w| w.exact));
    let margin = hint.and_then(|w| w.margin);
    ui.set_hint_only_move(hint.is_some() && margin.is_none());
    ui.set_hint_margin(margin.unwrap_or(0));
    ui.set_hinting(view.hinting);
    ui.set_preparing(view.preparing.is_some());
    ui.set_preparing_share(view.preparing.unwrap_or(0.0));
    ui.set_has_coach_note(view.coach.is_some());
    ui.set_coach_house(view.coach.map_or(0, |note| note.better.number().into()));
    ui.set_coach_seeds(view.coach.map_or(0, |note| int(note.seeds)));
    ui.set_can_undo(view.can_undo);
    ui.set_can_redo(view.can_redo);
    ui.set_can_hint(view.can_hint);
    ui.set_panel_hidden(view.panel_hidden);
    ui.set_ending(ending(view.ending.as_ref(), streak));
    render_log(ui, view);
    render_tip(ui, view);
}

/// The guided game and its tip: what it is about, its house, side and seeds.
fn render_tip(ui: &GameState<'_>, view: &GameView) {
    ui.set_guided(view.guided);
    let (tip, side, seeds) = match view.tip {
        None => (GuideTip::None, Side::South, 0),
        Some(Tip::Sowing) => (GuideTip::Sowing, Side::South, 0),
        Some(Tip::YourStore) => (GuideTip::YourStore, Side::South, 0),
        Some(Tip::ExtraTurnChance { .. }) => (GuideTip::ExtraTurnChance, Side::South, 0),
        Some(Tip::ExtraTurn { side }) => (GuideTip::ExtraTurn, side, 0),
        Some(Tip::CaptureChance { seeds, .. }) => (GuideTip::CaptureChance, Side::South, seeds),
        Some(Tip::Capture { side, seeds }) => (GuideTip::Capture, side, seeds),
        Some(Tip::End) => (GuideTip::End, Side::South, 0),
    };
    ui.set_tip(tip);
    ui.set_tip_side(side.into());
    ui.set_tip_seeds(int(seeds));
    let house = view.tip.and_then(Tip::house);
    ui.set_tip_house(house.map_or(0, |h| h.number().into()));
}

/// The move log, newest line first; sent again only when its lines changed, so the list
/// on screen (and where it is scrolled to) stays while the seeds fly.
fn render_log(ui: &GameState<'_>, view: &GameView) {
    // The serial as the global keeps it (an `int`); wrapping is harmless, a change is
    // all that matters.
    let serial = (view.log_serial % i32::MAX as u64) as i32;
    if ui.get_log_serial() == serial {
        return;
    }
    ui.set_log_serial(serial);
    let lines: Vec<LogLine> = view.log.iter().rev().map(log_line).collect();
    ui.set_log(ModelRc::new(VecModel::from(lines)));
}

fn told_moves(told: &Told) -> (ModelRc<TurnMove>, i32) {
    let moves: Vec<TurnMove> = told.moves.iter().map(turn_move).collect();
    (ModelRc::new(VecModel::from(moves)), int(told.left_out))
}

fn log_line(entry: &LogEntry) -> LogLine {
    match entry {
        LogEntry::Turn { side, moves } => {
            let (moves, left_out) = told_moves(&Told::of(moves));
            LogLine {
                side: (*side).into(),
                moves,
                left_out,
                ..LogLine::default()
            }
        }
        LogEntry::FirstMove { hands } => {
            let (moves, left_out) = told_moves(&Told::of(&hands[0]));
            let (other_moves, other_left_out) = told_moves(&Told::of(&hands[1]));
            LogLine {
                first_move: true,
                moves,
                left_out,
                other_moves,
                other_left_out,
                ..LogLine::default()
            }
        }
        LogEntry::NewRound(round) => LogLine {
            new_round: (*round).into(),
            ..LogLine::default()
        },
    }
}

/// The side a new round's notice is about: the one with burnt houses (South if none).
fn notice_side(burnt: [MoveSet; 2]) -> usize {
    usize::from(!burnt[1].is_empty())
}

/// The simultaneous first move and the match of rounds (Congkak).
fn render_first_move(ui: &GameState<'_>, view: &GameView) {
    let first = view.first_move;
    ui.set_first_move(first.is_some());
    ui.set_first_move_choosing(first.is_some_and(|f| f.choosing.is_some()));
    ui.set_first_move_again(first.is_some_and(|f| f.again));
    ui.set_first_move_other_chosen(first.is_some_and(|f| f.other_chosen));
    ui.set_first_move_sowing(first.is_some_and(|f| f.sowing));
    ui.set_rounds(view.score.is_some());
    let score = view.score.unwrap_or_default();
    ui.set_round(score.round.into());
    ui.set_rounds_won_south(int(score.won[0]));
    ui.set_rounds_won_north(int(score.won[1]));
}

/// Sends every action of the game screen to `act`.
pub fn connect(ui: &GameState<'_>, act: impl Fn(GameAction) + Clone + 'static) {
    let on = |action: GameAction| {
        let act = act.clone();
        move || act(action)
    };
    ui.on_board_tapped(on(GameAction::Board));
    ui.on_undo(on(GameAction::Undo));
    ui.on_take_back(on(GameAction::TakeBack));
    ui.on_redo(on(GameAction::Redo));
    ui.on_hint(on(GameAction::Hint));
    ui.on_resign(on(GameAction::Resign));
    ui.on_rematch(on(GameAction::Rematch));
    ui.on_hide_panel(on(GameAction::HidePanel));
    ui.on_show_panel(on(GameAction::ShowPanel));
    ui.on_pause(on(GameAction::Pause));
    ui.on_play_on(on(GameAction::PlayOn));
    ui.on_step(on(GameAction::Step));
    ui.on_tip_tapped(on(GameAction::TipTapped));
    ui.on_skip_guide(on(GameAction::SkipGuide));
    ui.on_house_tapped(move |side, house| act(GameAction::Tap(side.into(), house)));
}
