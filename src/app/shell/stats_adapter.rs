//! The `StatsState` global: one line per game and opponent played, and the player's
//! request to reset them.

use crate::app::game::adapter::variant_number;
use crate::app::settings::prefs_adapter::level_number;
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
    let played = Variant::ALL
        .iter()
        .filter(|&&v| stats.rows().iter().any(|row| row.variant == v))
        .map(|&v| variant_number(v));
    ui.set_played_variants(ModelRc::from(Rc::new(VecModel::from_iter(played))));
}

/// The statistics a reset asks to clear: a variant by its number in the UI (its place
/// in `Variant::ALL`), or all of them for -1. Any other number (a stale or wrong one)
/// is `None`: nothing is cleared.
pub fn reset_choice(number: i32) -> Option<Option<Variant>> {
    if number == -1 {
        return Some(None);
    }
    let index = usize::try_from(number).ok()?;
    Variant::ALL.get(index).map(|&v| Some(v))
}

/// Sends each reset the player confirmed to `reset` (`None` clears every variant).
pub fn connect(ui: &StatsState<'_>, reset: impl Fn(Option<Variant>) + 'static) {
    ui.on_reset(move |number| {
        if let Some(which) = reset_choice(number) {
            reset(which);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reset_names_one_variant_or_all_and_nothing_else() {
        assert_eq!(reset_choice(-1), Some(None));
        assert_eq!(reset_choice(0), Some(Some(Variant::Kalah)));
        assert_eq!(reset_choice(2), Some(Some(Variant::Congkak)));
        assert_eq!(reset_choice(3), None);
        assert_eq!(reset_choice(-2), None);
    }
}
