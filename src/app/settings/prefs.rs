//! The player's choices on the settings and new-game screens, as plain data: which
//! choices exist (from the engine's rules tables and the store's enums) and what a tap on
//! one does to the settings. The prefs adapter shows this through the `Prefs` global.

use crate::engine::{GrandSlam, Rules, Side, Variant};
use crate::players::{Difficulty, Opponent};
use crate::store::{
    AnimationSpeed, CongkakPreset, FirstPlayer, Language, Settings, SoundLevel, Theme,
};

/// One tap on the settings or new-game screen, already read as a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Variant(Variant),
    /// Congkak's preset (ignored while another game is chosen).
    Preset(CongkakPreset),
    Seeds(u8),
    Houses(u8),
    EmptyCapture(bool),
    GrandSlam(GrandSlam),
    Opponent(Opponent),
    First(FirstPlayer),
    Animation(AnimationSpeed),
    /// Coach mode on or off.
    Coach(bool),
    /// The sounds' volume, or off.
    Sound(SoundLevel),
    /// Vibration on a capture and an extra turn, on or off.
    Vibration(bool),
    /// The computer's level on one side of a game the person watches.
    WatchLevel(Side, Difficulty),
    Theme(Theme),
    Language(Language),
    /// A player's name as typed so far (cleaned and cut by the store's rules).
    Name(Side, String),
}

/// The seed counts a game may start with (the engine's range).
pub fn seed_choices() -> Vec<u8> {
    Rules::SEEDS.collect()
}

/// Applies one choice to the settings. Rule options change the rules of the selected
/// variant only (for Congkak, of its chosen preset); an option that does not apply to
/// it, a board choice under Traditional Congkak (whose board is fixed), or a value the
/// rules do not allow, is ignored. Returns whether anything changed.
pub fn apply(settings: &mut Settings, choice: Choice) -> bool {
    let before = settings.clone();
    let rules = settings.current_rules();
    let variant = rules.variant();
    let changed_rules = match choice {
        Choice::Seeds(seeds) => rules.with_seeds(seeds).ok(),
        Choice::Houses(houses) => rules.with_houses(houses).ok(),
        Choice::EmptyCapture(on) if variant.has_empty_capture() => {
            Some(rules.with_empty_capture(on))
        }
        Choice::GrandSlam(rule) if variant.has_grand_slam() => Some(rules.with_grand_slam(rule)),
        _ => None,
    };
    match choice {
        Choice::Variant(variant) => settings.variant = variant,
        Choice::Preset(preset) if variant == Variant::Congkak => {
            settings.congkak_preset = preset;
        }
        Choice::Preset(_) => {}
        Choice::Opponent(opponent) => settings.set_opponent(opponent),
        Choice::First(first) => *settings.first.get_mut(settings.variant) = first,
        Choice::Animation(speed) => settings.animation = speed,
        Choice::Coach(on) => settings.coach = on,
        Choice::Sound(level) => settings.sound = level,
        Choice::Vibration(on) => settings.vibration = on,
        Choice::WatchLevel(side, level) => settings.watch_levels[side.index()] = level,
        Choice::Theme(theme) => settings.theme = theme,
        Choice::Language(language) => settings.language = language,
        Choice::Name(side, typed) => settings.names.set(side, &typed),
        Choice::Seeds(_) | Choice::Houses(_) | Choice::EmptyCapture(_) | Choice::GrandSlam(_) => {}
    }
    if let Some(rules) = changed_rules {
        settings.set_rules(rules);
    }
    *settings != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_choice_changes_the_selected_games_rules_only() {
        let mut settings = Settings::default();
        assert!(apply(&mut settings, Choice::Variant(Variant::Congkak)));
        assert!(apply(&mut settings, Choice::Preset(CongkakPreset::Quick)));
        assert!(apply(&mut settings, Choice::Houses(7)));
        assert!(apply(&mut settings, Choice::Seeds(5)));
        assert_eq!(settings.current_rules().houses(), 7);
        assert_eq!(settings.rules_for(Variant::Kalah).seeds(), 4);
        assert!(apply(&mut settings, Choice::Variant(Variant::Oware)));
        assert!(
            !apply(&mut settings, Choice::Houses(7)),
            "Oware has six houses"
        );
        assert!(
            !apply(&mut settings, Choice::EmptyCapture(true)),
            "not an Oware option"
        );
        assert!(apply(
            &mut settings,
            Choice::GrandSlam(GrandSlam::Forbidden)
        ));
        assert!(
            !apply(&mut settings, Choice::Seeds(9)),
            "outside the seed range"
        );
        assert_eq!(settings.rules_for(Variant::Congkak).seeds(), 5);
    }

    #[test]
    fn congkak_presets_are_chosen_and_traditional_keeps_its_board() {
        let mut settings = Settings::default();
        assert!(
            !apply(&mut settings, Choice::Preset(CongkakPreset::Quick)),
            "Kalah has no presets"
        );
        assert!(apply(&mut settings, Choice::Variant(Variant::Congkak)));
        assert_eq!(settings.current_rules(), Rules::traditional_congkak());
        assert!(!apply(&mut settings, Choice::Houses(6)), "a fixed board");
        assert!(!apply(&mut settings, Choice::Seeds(4)), "a fixed board");
        assert!(apply(&mut settings, Choice::EmptyCapture(true)));
        assert!(apply(&mut settings, Choice::Preset(CongkakPreset::Quick)));
        assert_eq!(settings.current_rules(), Rules::new(Variant::Congkak));
        assert!(apply(&mut settings, Choice::Seeds(5)));
        assert!(apply(
            &mut settings,
            Choice::Preset(CongkakPreset::Traditional)
        ));
        assert_eq!(
            settings.current_rules(),
            Rules::traditional_congkak().with_empty_capture(true)
        );
        assert!(apply(&mut settings, Choice::Preset(CongkakPreset::Quick)));
        assert_eq!(settings.current_rules().seeds(), 5, "Quick kept its own");
        assert!(!settings.current_rules().empty_capture());
    }

    #[test]
    fn the_coach_switch_turns_coach_mode_on_and_off() {
        let mut settings = Settings::default();
        assert!(apply(&mut settings, Choice::Coach(true)));
        assert!(settings.coach);
        assert!(!apply(&mut settings, Choice::Coach(true)), "no change");
        assert!(apply(&mut settings, Choice::Coach(false)));
        assert!(!settings.coach);
    }

    #[test]
    fn the_sound_and_vibration_choices_change_their_settings_only() {
        let mut settings = Settings::default();
        assert!(
            !apply(&mut settings, Choice::Sound(SoundLevel::Normal)),
            "the default"
        );
        assert!(apply(&mut settings, Choice::Sound(SoundLevel::Off)));
        assert_eq!(settings.sound, SoundLevel::Off);
        assert!(settings.vibration, "its own switch");
        assert!(apply(&mut settings, Choice::Vibration(false)));
        assert!(apply(&mut settings, Choice::Sound(SoundLevel::Loud)));
        assert_eq!(
            settings,
            Settings {
                sound: SoundLevel::Loud,
                vibration: false,
                ..Settings::default()
            }
        );
    }

    #[test]
    fn a_name_is_kept_cleaned_and_the_level_survives_two_people() {
        use crate::players::Difficulty;
        let mut settings = Settings::default();
        let expert = Opponent::Computer {
            level: Difficulty::Expert,
        };
        assert!(apply(&mut settings, Choice::Opponent(expert)));
        assert!(apply(&mut settings, Choice::Opponent(Opponent::Human)));
        assert_eq!(settings.computer_level(), Difficulty::Expert);
        assert!(apply(
            &mut settings,
            Choice::Name(Side::North, "Ben\n".into())
        ));
        assert_eq!(settings.names.shown(Side::North), Some("Ben"));
        assert!(!apply(
            &mut settings,
            Choice::Name(Side::North, "Ben".into())
        ));
    }

    #[test]
    fn a_watched_computers_level_changes_its_own_row_only() {
        let mut settings = Settings::default();
        let [_, north] = settings.watch_levels;
        assert!(apply(
            &mut settings,
            Choice::WatchLevel(Side::South, Difficulty::Expert)
        ));
        assert_eq!(settings.watch_levels, [Difficulty::Expert, north]);
        assert!(!apply(
            &mut settings,
            Choice::WatchLevel(Side::South, Difficulty::Expert)
        ));
        assert_eq!(settings.opponent, Settings::default().opponent);
    }

    #[test]
    fn the_choices_offered_are_the_ones_the_rules_accept() {
        for variant in Variant::ALL {
            for &houses in variant.house_counts() {
                for seeds in seed_choices() {
                    let rules = Rules::new(variant).with_houses(houses).unwrap();
                    assert!(rules.with_seeds(seeds).is_ok(), "{rules:?} {seeds}");
                }
            }
        }
    }
}
