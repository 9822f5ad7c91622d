//! Every global's callbacks, connected to the controller: the one place where a tap
//! in the UI becomes a call on the Rust side. Callbacks hold the controller weakly, so
//! the window does not keep it alive in a cycle.

use super::controller::{handle, Controller};
use super::{home_adapter, stats_adapter, Back};
use crate::app::game::adapter as game_adapter;
use crate::app::learn::adapter as learn_adapter;
use crate::app::review::adapter as review_adapter;
use crate::app::settings::prefs_adapter;
use crate::app::study::adapter as study_adapter;
use crate::{
    AppWindow, GameState, HomeState, LearnState, Nav, Prefs, ReviewState, StatsState, StudyState,
    Taps,
};
use slint::ComponentHandle;
use std::cell::RefCell;
use std::rc::Rc;

/// A callback that runs `work` on the controller, if it still exists. Callbacks hold
/// weak references so the window does not keep the controller alive in a cycle.
fn on<T>(
    core: &Rc<RefCell<Controller>>,
    work: impl Fn(&mut Controller, T) + 'static,
) -> impl Fn(T) + Clone + 'static {
    let weak = Rc::downgrade(core);
    let work = Rc::new(work);
    move |value| {
        if let Some(core) = weak.upgrade() {
            handle(&core, |c| work(c, value));
        }
    }
}

/// Connects every global's callbacks to the controller.
pub(super) fn connect(window: &AppWindow, core: &Rc<RefCell<Controller>>) {
    let nav = window.global::<Nav>();
    nav.on_go(on(core, Controller::go));
    let back = on(core, |c, ()| {
        if c.back() == Back::Leave {
            if let Some(leave) = &c.on_leave {
                leave();
            }
        }
    });
    nav.on_back(move || back(()));
    game_adapter::connect(&window.global::<GameState>(), on(core, Controller::act));
    let resume = on(core, |c, ()| c.continue_game());
    let dismiss = on(core, |c, ()| {
        c.saves.notices.clear();
        c.render_home();
    });
    let dismiss_unsaved = on(core, |c, ()| {
        c.saves.unsaved = None;
        c.render_home();
    });
    home_adapter::connect(
        &window.global::<HomeState>(),
        move || resume(()),
        move || dismiss(()),
        move || dismiss_unsaved(()),
    );
    let start_guide = on(core, |c, ()| c.start_guided_game());
    let decline_guide = on(core, |c, ()| c.decline_guide());
    home_adapter::connect_guide(
        &window.global::<HomeState>(),
        move || start_guide(()),
        move || decline_guide(()),
    );
    let start = on(core, |c, ()| c.start_game());
    let watch = on(core, |c, ()| c.start_watching());
    prefs_adapter::connect(
        &window.global::<Prefs>(),
        on(core, Controller::choose),
        move || start(()),
        move || watch(()),
    );
    // The answer to "start a new game over the unfinished one?" (no prefs to map).
    let replace = on(core, Controller::replace_game);
    window.global::<Prefs>().on_replace_game(replace);
    stats_adapter::connect(
        &window.global::<StatsState>(),
        on(core, Controller::reset_stats),
    );
    review_adapter::connect(
        &window.global::<ReviewState>(),
        on(core, Controller::review),
    );
    learn_adapter::connect(&window.global::<LearnState>(), on(core, Controller::learn));
    study_adapter::connect(&window.global::<StudyState>(), on(core, Controller::study));
    let tapped = on(core, |c, ()| c.tapped());
    window.global::<Taps>().on_tapped(move || tapped(()));
}
