//! The store's `Settings` to and from the `Prefs` global of the UI. The UI speaks in
//! indexes (the order of each choice on screen, which is the order of the store's enums).

use crate::engine::{GrandSlam, Rules, Variant};
use crate::store::{AnimationSpeed, Difficulty, FirstPlayer, Language, Opponent, Settings, Theme};
use crate::Prefs;

const SPEEDS: [AnimationSpeed; 4] = [
    AnimationSpeed::Off,
    AnimationSpeed::Fast,
    AnimationSpeed::Normal,
    AnimationSpeed::Slow,
];
const THEMES: [Theme; 4] = [
    Theme::System,
    Theme::Light,
    Theme::Dark,
    Theme::HighContrast,
];
const FIRSTS: [FirstPlayer; 3] = [
    FirstPlayer::South,
    FirstPlayer::North,
    FirstPlayer::Alternate,
];

fn index_of<T: PartialEq>(all: &[T], value: &T) -> i32 {
    all.iter().position(|v| v == value).unwrap_or(0) as i32
}

/// An index from the UI, clamped into `all`: a stale or hostile value never panics.
fn pick<T: Copy>(all: &[T], index: i32) -> T {
    all[(index.max(0) as usize).min(all.len() - 1)]
}

pub fn variant_index(variant: Variant) -> i32 {
    index_of(&Variant::ALL, &variant)
}

/// 0 for two people, else the computer's level.
pub fn level_index(opponent: Opponent) -> i32 {
    match opponent {
        Opponent::Human => 0,
        Opponent::Computer { level } => level.number() as i32,
    }
}

pub fn theme_index(theme: Theme) -> i32 {
    index_of(&THEMES, &theme)
}

/// Shows `settings` in the UI: the rules fields show the selected variant's rules.
pub fn show(ui: &Prefs<'_>, settings: &Settings) {
    let rules = settings.current_rules();
    ui.set_variant(variant_index(settings.variant));
    ui.set_seeds(rules.seeds() as i32);
    ui.set_houses(rules.houses() as i32);
    ui.set_empty_capture(rules.empty_capture());
    ui.set_grand_slam(index_of(&GrandSlam::ALL, &rules.grand_slam()));
    ui.set_level(level_index(settings.opponent));
    ui.set_first(index_of(&FIRSTS, &settings.first));
    ui.set_animation(index_of(&SPEEDS, &settings.animation));
    ui.set_theme(theme_index(settings.theme));
    ui.set_language(index_of(&Language::ALL, &settings.language));
}

/// Reads what the player edited into `settings`. When the variant changed, the rules
/// fields still show the old variant's rules (already saved with it), so only the
/// variant is taken and the caller shows the new variant's rules with [`show`].
/// Returns whether the variant changed.
pub fn read(ui: &Prefs<'_>, settings: &mut Settings) -> bool {
    let variant = pick(&Variant::ALL, ui.get_variant());
    let variant_changed = variant != settings.variant;
    if variant_changed {
        settings.variant = variant;
    } else {
        let seeds = (ui.get_seeds().clamp(0, u8::MAX as i32) as u8)
            .clamp(*Rules::SEEDS.start(), *Rules::SEEDS.end());
        let houses = u8::try_from(ui.get_houses())
            .ok()
            .filter(|h| variant.house_counts().contains(h))
            .unwrap_or(variant.house_counts()[0]);
        let rules = settings
            .current_rules()
            .to_builder()
            .seeds(seeds)
            .houses(houses)
            .empty_capture(ui.get_empty_capture())
            .grand_slam(pick(&GrandSlam::ALL, ui.get_grand_slam()))
            .build();
        // Both values were brought into range above, so this always holds.
        if let Ok(rules) = rules {
            settings.set_rules(rules);
        }
    }
    settings.opponent = match u8::try_from(ui.get_level())
        .ok()
        .and_then(Difficulty::from_number)
    {
        Some(level) => Opponent::Computer { level },
        None => Opponent::Human,
    };
    settings.first = pick(&FIRSTS, ui.get_first());
    settings.animation = pick(&SPEEDS, ui.get_animation());
    settings.theme = pick(&THEMES, ui.get_theme());
    settings.language = pick(&Language::ALL, ui.get_language());
    variant_changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_follow_the_order_on_screen() {
        assert_eq!(variant_index(Variant::Congkak), 2);
        assert_eq!(level_index(Opponent::Human), 0);
        assert_eq!(
            level_index(Opponent::Computer {
                level: Difficulty::Expert
            }),
            5
        );
        assert_eq!(theme_index(Theme::HighContrast), 3);
        assert_eq!(pick(&SPEEDS, 3), AnimationSpeed::Slow);
    }

    #[test]
    fn out_of_range_indexes_are_clamped() {
        assert_eq!(pick(&THEMES, -4), Theme::System);
        assert_eq!(pick(&THEMES, 99), Theme::HighContrast);
    }
}
