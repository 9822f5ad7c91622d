//! The `StatsState` global: one line per game and opponent played, and the player's
//! request to reset them.

use crate::engine::Variant;
use crate::store::{Stats, MAX_COUNT};
use crate::{StatLine, StatsState};
use slint::{ModelRc, VecModel};
use std::rc::Rc;

/// A count as the UI's `int` holds it. The store keeps counts within `MAX_COUNT`, which
/// is `i32::MAX`, so this shows exactly what the store holds.
fn count(n: u32) -> i32 {
    i32::try_from(n.min(MAX_COUNT)).unwrap_or(i32::MAX)
}

/// Shows `stats` on the statistics screen.
pub fn render(ui: &StatsState<'_>, stats: &Stats) {
    let lines = stats.rows().iter().map(|row| StatLine {
        variant: row.variant.into(),
        preset: row.preset.into(),
        houses: row.houses.map_or(0, i32::from),
        level: row.opponent.into(),
        // Summed here, saturating, not in Slint, where the sum could overflow.
        played: count(row.played()),
        won: count(row.won),
        lost: count(row.lost),
        drawn: count(row.drawn),
        current_streak: count(row.current_streak),
        best_streak: count(row.best_streak),
    });
    ui.set_lines(ModelRc::from(Rc::new(VecModel::from_iter(lines))));
    let played = Variant::ALL
        .iter()
        .filter(|&&v| stats.rows().iter().any(|row| row.variant == v))
        .map(|&v| crate::Variant::from(v));
    ui.set_played_variants(ModelRc::from(Rc::new(VecModel::from_iter(played))));
}

/// Sends each reset the player confirmed to `reset`: one variant's results, or with
/// `None` every variant's.
pub fn connect(ui: &StatsState<'_>, reset: impl Fn(Option<Variant>) + Clone + 'static) {
    let one = reset.clone();
    ui.on_reset(move |variant| one(Some(variant.into())));
    ui.on_reset_all(move || reset(None));
}
