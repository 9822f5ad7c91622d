//! The `StatsState` global: one line per game and opponent played.

use super::game_adapter::variant_number;
use super::prefs_adapter::level_number;
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
        variant: variant_number(row.variant),
        level: level_number(row.opponent),
        // Summed here, saturating, not in Slint, where the sum could overflow.
        played: count(row.played()),
        won: count(row.won),
        lost: count(row.lost),
        drawn: count(row.drawn),
        current_streak: count(row.current_streak),
        best_streak: count(row.best_streak),
    });
    ui.set_lines(ModelRc::from(Rc::new(VecModel::from_iter(lines))));
}
