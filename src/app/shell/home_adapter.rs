//! The `HomeState` global: the Continue card of the saved game, the notice about files
//! that could not be read, and the one about saves that fail.

use crate::engine::{Side, Variant};
use crate::players::Opponent;
use crate::store::{Notice, WriteTrouble};
use crate::{DataNotice, HomeState, Unsaved};
use slint::{ModelRc, VecModel};
use std::rc::Rc;

/// The game the home screen offers to continue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SavedSummary {
    pub variant: Variant,
    pub opponent: Opponent,
    /// Seeds in each store, indexed by `Side::index()`.
    pub stores: [u8; 2],
    /// A new game over it counts it as a loss (`games::abandoned`).
    pub counts_as_loss: bool,
}

/// What the home screen shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HomeView<'a> {
    pub saved: Option<SavedSummary>,
    /// A new player: offer the guided first game (once, until answered).
    pub offer_guide: bool,
    /// Files that could not be read; said until dismissed.
    pub notices: &'a [Notice],
    /// Saves fail, and why; said until dismissed (the game screen says it too).
    pub unsaved: Option<WriteTrouble>,
}

/// Shows `view` on the home screen.
pub fn render(ui: &HomeState<'_>, view: &HomeView<'_>) {
    let notices: Vec<DataNotice> = view.notices.iter().map(data_notice).collect();
    ui.set_data_set_aside(notices.iter().any(|n| n.moved));
    ui.set_data_notices(ModelRc::from(Rc::new(VecModel::from(notices))));
    ui.set_unsaved(match view.unsaved {
        None => Unsaved::None,
        Some(WriteTrouble::NotAFolder) => Unsaved::NotAFolder,
        Some(WriteTrouble::ReadOnly) => Unsaved::ReadOnly,
        Some(WriteTrouble::Full) => Unsaved::Full,
        Some(WriteTrouble::Other) => Unsaved::Other,
    });
    ui.set_has_saved_game(view.saved.is_some());
    ui.set_offer_guide(view.offer_guide);
    if let Some(saved) = view.saved {
        ui.set_saved_variant(saved.variant.into());
        ui.set_saved_level(saved.opponent.into());
        ui.set_saved_south(saved.stores[Side::South.index()].into());
        ui.set_saved_north(saved.stores[Side::North.index()].into());
        ui.set_saved_counts_as_loss(saved.counts_as_loss);
    }
}

/// A notice as the home screen words it: the file, and the name it was kept under
/// beside it (its own name if it could not be moved).
fn data_notice(notice: &Notice) -> DataNotice {
    let file = notice.file.file_name();
    let kept_as = notice
        .moved_to
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    DataNotice {
        file: file.into(),
        moved: kept_as != file,
        kept_as: kept_as.into(),
    }
}

/// Sends Continue to `resume`, and the notices' dismissals to `dismiss` (the file
/// notice) and `dismiss_unsaved`.
pub fn connect(
    ui: &HomeState<'_>,
    resume: impl Fn() + 'static,
    dismiss: impl Fn() + 'static,
    dismiss_unsaved: impl Fn() + 'static,
) {
    ui.on_continue_game(resume);
    ui.on_dismiss_notice(dismiss);
    ui.on_dismiss_unsaved(dismiss_unsaved);
}

/// Sends the guided first game's Start (the offer's, or the entry's later) to `start`
/// and the offer's "No thanks" to `decline`.
pub fn connect_guide(ui: &HomeState<'_>, start: impl Fn() + 'static, decline: impl Fn() + 'static) {
    ui.on_start_guide(start);
    ui.on_decline_guide(decline);
}
