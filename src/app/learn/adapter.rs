//! The `LearnState` global: renders the hub's [`HubView`] and sends its callbacks.

use super::hub::HubView;
use crate::app::study::adapter::kind;
use crate::engine::Variant;
use crate::lessons::LessonId;
use crate::{LearnState, LessonItem, LessonSet, PuzzleSet};
use slint::{ModelRc, VecModel};
use std::rc::Rc;

/// What the player did on the Learn hub.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnAction {
    OpenDaily,
    /// The next unsolved puzzle of a game.
    Next(Variant),
    /// The difficulty of the next puzzles, 1 to 5 (`None`: the easiest left).
    Difficulty(Option<u8>),
    OpenLesson(LessonId),
}

fn int(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

pub fn render(ui: &LearnState<'_>, view: &HubView) {
    ui.set_has_daily(view.daily.is_some());
    if let Some(daily) = &view.daily {
        ui.set_daily_variant(daily.variant.into());
        ui.set_daily_kind(kind(daily.kind));
        ui.set_daily_difficulty(daily.difficulty.into());
        ui.set_daily_solved(daily.solved);
    }
    ui.set_streak(i32::try_from(view.streak).unwrap_or(i32::MAX));
    ui.set_best_streak(i32::try_from(view.best_streak).unwrap_or(i32::MAX));
    let sets: Vec<PuzzleSet> = view
        .sets
        .iter()
        .map(|s| PuzzleSet {
            variant: s.variant.into(),
            solved: int(s.solved),
            total: int(s.total),
            left: int(s.left),
        })
        .collect();
    ui.set_sets(ModelRc::from(Rc::new(VecModel::from(sets))));
    let lesson_sets: Vec<LessonSet> = view
        .lessons
        .iter()
        .map(|set| LessonSet {
            variant: set.variant.into(),
            done: int(set.done()),
            lessons: ModelRc::from(Rc::new(VecModel::from_iter(set.lessons.iter().map(
                |&(id, done)| LessonItem {
                    lesson: id.into(),
                    done,
                },
            )))),
        })
        .collect();
    ui.set_lesson_sets(ModelRc::from(Rc::new(VecModel::from(lesson_sets))));
    ui.set_difficulty(view.difficulty.map_or(0, i32::from));
}

/// Sends the hub's callbacks to `act`; a difficulty outside 1 to 5 means "any".
pub fn connect(ui: &LearnState<'_>, act: impl Fn(LearnAction) + Clone + 'static) {
    let on_daily = act.clone();
    ui.on_open_daily(move || on_daily(LearnAction::OpenDaily));
    let on_lesson = act.clone();
    ui.on_open_lesson(move |lesson| on_lesson(LearnAction::OpenLesson(lesson.into())));
    let on_next = act.clone();
    ui.on_next_puzzle(move |variant| on_next(LearnAction::Next(variant.into())));
    ui.on_choose_difficulty(move |d| {
        let d = u8::try_from(d).ok().filter(|d| (1..=5).contains(d));
        act(LearnAction::Difficulty(d))
    });
}
