//! The `HomeState` global: the Continue card of the saved game and the notice about
//! files that could not be read.

use super::game_adapter::variant_number;
use super::prefs_adapter::level_number;
use crate::engine::{Side, Variant};
use crate::players::Opponent;
use crate::HomeState;

/// The game the home screen offers to continue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedSummary {
    pub variant: Variant,
    pub opponent: Opponent,
    /// Seeds in each store, indexed by `Side::index()`.
    pub stores: [u8; 2],
}

/// What the home screen shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HomeView {
    pub saved: Option<SavedSummary>,
    /// Files that could not be read were set aside; say so until dismissed.
    pub data_notice: bool,
}

/// Shows `view` on the home screen.
pub fn render(ui: &HomeState<'_>, view: &HomeView) {
    ui.set_data_notice(view.data_notice);
    ui.set_has_saved_game(view.saved.is_some());
    if let Some(saved) = view.saved {
        ui.set_saved_variant(variant_number(saved.variant));
        ui.set_saved_level(level_number(saved.opponent));
        ui.set_saved_south(saved.stores[Side::South.index()] as i32);
        ui.set_saved_north(saved.stores[Side::North.index()] as i32);
    }
}

/// Sends Continue to `resume` and the notice's dismissal to `dismiss`.
pub fn connect(ui: &HomeState<'_>, resume: impl Fn() + 'static, dismiss: impl Fn() + 'static) {
    ui.on_continue_game(resume);
    ui.on_dismiss_notice(dismiss);
}
