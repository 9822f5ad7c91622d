//! The `StudyState` global: renders [`StudyView`] with the learner's houses as the
//! bottom row whichever side the learner plays (a puzzle with the top player to move is
//! turned round: rows, stores and the seeds in the air), and turns the screen's
//! callbacks into [`StudyAction`]s.

use super::exercise::{Note, Task};
use super::screen::{Stage, StudyView};
use crate::ai::PuzzleKind;
use crate::app::game::adapter::{pit, store};
use crate::app::game::playback::{Flight, FlightKind};
use crate::engine::{House, Side};
use crate::{
    Flight as FlightRow, FlightKind as UiFlightKind, PuzzleKind as UiKind, Stores, StudyStage,
    StudyState,
};
use slint::{Model, ModelRc, VecModel};
use std::rc::Rc;

/// What the learner did on the study screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyAction {
    /// A tap on the learner's house (as the learner numbers it).
    Tap(House),
    /// A tap elsewhere on the board.
    Board,
    ShowAnswer,
    TryAgain,
    Next,
}

pub fn kind(kind: PuzzleKind) -> UiKind {
    match kind {
        PuzzleKind::Win => UiKind::Win,
        PuzzleKind::Save => UiKind::Save,
        PuzzleKind::Best => UiKind::Best,
    }
}

fn model<T: Clone + 'static>(items: impl IntoIterator<Item = T>) -> ModelRc<T> {
    ModelRc::from(Rc::new(VecModel::from_iter(items)))
}

/// The pit of the engine's order as the turned board shows it: the learner's side
/// takes South's places.
fn shown_pit(pit: usize, houses: u8, turned: bool) -> i32 {
    let pits = 2 * usize::from(houses) + 2;
    let pit = if turned { (pit + pits / 2) % pits } else { pit };
    i32::try_from(pit).unwrap_or(i32::MAX)
}

fn flight(flight: &Flight, houses: u8, turned: bool) -> FlightRow {
    FlightRow {
        from: shown_pit(flight.from, houses, turned),
        to: shown_pit(flight.to, houses, turned),
        seeds: i32::try_from(flight.seeds).unwrap_or(i32::MAX),
        kind: match flight.kind {
            FlightKind::Sowing => UiFlightKind::Sowing,
            FlightKind::Capture => UiFlightKind::Capture,
            FlightKind::Sweep => UiFlightKind::Sweep,
        },
    }
}

/// Shows `view` on the study screen.
pub fn render(ui: &StudyState<'_>, view: &StudyView) {
    let learner = view.learner;
    let turned = learner == Side::North;
    let houses = view.rules.houses();
    let board = &view.board;
    let [below, above] = [learner, learner.opponent()];
    ui.set_variant(view.rules.variant().into());
    ui.set_houses(houses.into());
    ui.set_south(model(board.houses[below.index()].iter().map(pit)));
    ui.set_north(model(board.houses[above.index()].iter().map(pit)));
    ui.set_stores(Stores {
        south: store(board, below),
        north: store(board, above),
    });
    ui.set_over(view.to_move.is_none());
    ui.set_to_move(if view.to_move == Some(learner) {
        crate::Side::South
    } else {
        crate::Side::North
    });
    // Seeds in the air start flying when their list is set: only a new step sets it.
    let motion = view.motion as i32;
    if ui.get_motion() != motion || ui.get_flights().row_count() != view.flights.len() {
        let rows: Vec<FlightRow> = view
            .flights
            .iter()
            .map(|f| flight(f, houses, turned))
            .collect();
        ui.set_flights(model(rows));
        ui.set_flight_time(i64::try_from(view.flight_time.as_millis()).unwrap_or(i64::MAX));
        ui.set_motion(motion);
    }
    ui.set_stage(match view.stage {
        Stage::Waiting => StudyStage::Waiting,
        Stage::Judging => StudyStage::Judging,
        Stage::Replying => StudyStage::Replying,
        Stage::Solved => StudyStage::Solved,
        Stage::Failed => StudyStage::Failed,
    });
    match &view.task {
        Task::Puzzle { kind: k, value } => {
            ui.set_puzzle(true);
            ui.set_kind(kind(*k));
            ui.set_value(*value);
        }
        Task::Lesson(id) => {
            ui.set_puzzle(false);
            ui.set_lesson((*id).into());
        }
    }
    let (played, proven, played_value) = match &view.note {
        Some(Note::Puzzle(note)) => (
            i32::from(note.played.number()),
            note.played_value.is_some(),
            note.played_value.unwrap_or(0),
        ),
        _ => (view.tapped.map_or(0, |h| h.number().into()), false, 0),
    };
    ui.set_played(played);
    ui.set_played_proven(proven);
    ui.set_played_value(played_value);
    if let Some(Note::Lesson { note, numbers }) = &view.note {
        ui.set_lesson_note((*note).into());
        ui.set_lesson_numbers(model(*numbers));
    }
    ui.set_replies(model(view.replies.iter().map(|h| i32::from(h.number()))));
    // Digits, read in every language the app speaks (as the game's notices list houses).
    let list: Vec<String> = view
        .replies
        .iter()
        .map(|h| h.number().to_string())
        .collect();
    ui.set_replies_list(list.join(", ").into());
    ui.set_reply_captured(i32::try_from(view.reply_captured).unwrap_or(i32::MAX));
    ui.set_reply_extra_turns(i32::try_from(view.reply_extra_turns).unwrap_or(i32::MAX));
    ui.set_answer(view.answer.map_or(0, |h| h.number().into()));
    ui.set_judge_failed(view.judge_failed);
}

/// Sends the study screen's callbacks to `act`; a house number that is not one is
/// ignored.
pub fn connect(ui: &StudyState<'_>, act: impl Fn(StudyAction) + Clone + 'static) {
    let on_tap = act.clone();
    ui.on_house_tapped(move |house| {
        if let Some(house) = u8::try_from(house).ok().and_then(House::new) {
            on_tap(StudyAction::Tap(house));
        }
    });
    let on_board = act.clone();
    ui.on_board_tapped(move || on_board(StudyAction::Board));
    let on_answer = act.clone();
    ui.on_show_answer(move || on_answer(StudyAction::ShowAnswer));
    let on_again = act.clone();
    ui.on_try_again(move || on_again(StudyAction::TryAgain));
    ui.on_next(move || act(StudyAction::Next));
}
