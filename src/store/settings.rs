//! The player's settings: which game, its rules, the opponent, who moves first, and how
//! the app looks and speaks. Saved after every change.

use super::names::PlayerNames;
use super::presets::CongkakPreset;
use super::SCHEMA;
use crate::engine::{Rules, Side, Variant};
use crate::players::{Difficulty, Opponent};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

/// Who moves first in a new game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstPlayer {
    /// The player at the bottom (the human, against the computer).
    #[default]
    South,
    North,
    /// Each new game the other side starts.
    Alternate,
}

/// How fast sowing is animated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    /// Moves appear at once.
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl AnimationSpeed {
    /// Milliseconds per seed dropped.
    pub fn step_millis(self) -> u64 {
        match self {
            AnimationSpeed::Off => 0,
            AnimationSpeed::Fast => 60,
            AnimationSpeed::Normal => 140,
            AnimationSpeed::Slow => 260,
        }
    }
}

/// How loud the app's sounds are, or none (on by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SoundLevel {
    Off,
    Quiet,
    #[default]
    Normal,
    Loud,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Follow the platform's light or dark choice.
    #[default]
    System,
    Light,
    Dark,
    HighContrast,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Follow the platform's language, English where it is not one of ours.
    #[default]
    System,
    English,
    Burmese,
    Thai,
    Malay,
}

impl Language {
    pub const ALL: [Language; 5] = [
        Language::System,
        Language::English,
        Language::Burmese,
        Language::Thai,
        Language::Malay,
    ];

    /// The ISO 639-1 code of the bundled translation; `None` for `System`.
    pub fn code(self) -> Option<&'static str> {
        match self {
            Language::System => None,
            Language::English => Some("en"),
            Language::Burmese => Some("my"),
            Language::Thai => Some("th"),
            Language::Malay => Some("ms"),
        }
    }

    /// Every language subtag a system may report for this language: the ISO 639-1 code
    /// first, then ISO 639-2/3 codes some systems use. Empty for `System`.
    pub fn locale_codes(self) -> &'static [&'static str] {
        match self {
            Language::System => &[],
            Language::English => &["en", "eng"],
            // "bur" is the ISO 639-2 bibliographic code for Burmese.
            Language::Burmese => &["my", "mya", "bur"],
            Language::Thai => &["th", "tha"],
            // "zsm" is Standard Malay (ISO 639-3); "msa"/"may" are the 639-2 codes.
            Language::Malay => &["ms", "msa", "may", "zsm"],
        }
    }
}

/// One value for each variant, so that a player's options for one game survive
/// switching to another and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    default,
    bound(deserialize = "T: Deserialize<'de>, PerVariant<T>: Default")
)]
pub struct PerVariant<T> {
    pub kalah: T,
    pub oware: T,
    pub congkak: T,
}

impl<T> PerVariant<T> {
    pub fn from_fn(mut value: impl FnMut(Variant) -> T) -> Self {
        PerVariant {
            kalah: value(Variant::Kalah),
            oware: value(Variant::Oware),
            congkak: value(Variant::Congkak),
        }
    }

    pub fn get(&self, variant: Variant) -> &T {
        match variant {
            Variant::Kalah => &self.kalah,
            Variant::Oware => &self.oware,
            Variant::Congkak => &self.congkak,
        }
    }

    pub fn get_mut(&mut self, variant: Variant) -> &mut T {
        match variant {
            Variant::Kalah => &mut self.kalah,
            Variant::Oware => &mut self.oware,
            Variant::Congkak => &mut self.congkak,
        }
    }
}

impl Default for PerVariant<FirstPlayer> {
    /// South starts Kalah and Oware; Congkak alternates, because there the first mover
    /// wins by far with perfect play (+46 of 48 seeds on 6×4), so a fixed first player
    /// would decide the games (docs/rules.md).
    fn default() -> Self {
        PerVariant::from_fn(|variant| match variant {
            Variant::Congkak => FirstPlayer::Alternate,
            Variant::Kalah | Variant::Oware => FirstPlayer::South,
        })
    }
}

impl Default for PerVariant<Rules> {
    /// Each variant's default rules.
    fn default() -> Self {
        PerVariant::from_fn(Rules::new)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The schema the file was written with; saving always writes `SCHEMA`.
    pub schema: u32,
    /// The game a new game starts with.
    pub variant: Variant,
    /// The rules chosen for each variant (seeds, houses, options); Congkak's slot holds
    /// the Quick preset's, as files from before the presets held the only Congkak.
    #[serde(deserialize_with = "rules_slots")]
    pub rules: PerVariant<Rules>,
    /// Congkak's preset for a new game: Traditional for a new player; a file from before
    /// the presets loads Quick, so its player keeps the Congkak they had.
    #[serde(default = "preset_of_an_older_file")]
    pub congkak_preset: CongkakPreset,
    /// The rules kept for Traditional Congkak (only the empty-capture option is the
    /// player's; the preset fixes the rest).
    #[serde(deserialize_with = "traditional_slot")]
    pub traditional: Rules,
    pub opponent: Opponent,
    /// The computer's level while two people play, so that choosing the computer again
    /// brings back the level it had (kept equal to `opponent`'s level otherwise).
    pub computer_level: Difficulty,
    /// The names of the two people in a game between two people; blank for the default.
    pub names: PlayerNames,
    /// Who moves first, for each variant.
    #[serde(deserialize_with = "first_slots")]
    pub first: PerVariant<FirstPlayer>,
    /// Who moved first in the last game started, so `Alternate` alternates across
    /// restarts of the app.
    pub last_first: Option<Side>,
    pub animation: AnimationSpeed,
    /// Coach mode: after each of the person's moves against the computer, say if
    /// another house was clearly better (off by default; files without it load off).
    pub coach: bool,
    /// The computer's levels at the bottom and top rows when the person watches it play
    /// itself (files without them load the default).
    pub watch_levels: [Difficulty; 2],
    /// The sounds' volume, or off (files without it load the default, on).
    pub sound: SoundLevel,
    /// A short vibration on a capture and an extra turn, where the device vibrates and
    /// sound is on (on by default; files without it load on).
    pub vibration: bool,
    pub theme: Theme,
    pub language: Language,
    /// The home screen's offer of a guided first game was answered (or passed by for
    /// another game): it is not made again. A new player's settings start false; a file
    /// from before the offer existed loads true, its player being no newcomer.
    #[serde(default = "offered_to_an_older_file")]
    pub guide_offered: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            schema: SCHEMA,
            variant: Variant::Kalah,
            rules: PerVariant::default(),
            congkak_preset: CongkakPreset::Traditional,
            traditional: Rules::traditional_congkak(),
            opponent: Opponent::default(),
            computer_level: Difficulty::Casual,
            names: PlayerNames::default(),
            first: PerVariant::default(),
            last_first: None,
            animation: AnimationSpeed::default(),
            coach: false,
            watch_levels: [Difficulty::Strong, Difficulty::Strong],
            sound: SoundLevel::default(),
            vibration: true,
            theme: Theme::default(),
            language: Language::default(),
            guide_offered: false,
        }
    }
}

impl Settings {
    /// The rules chosen for `variant` (for Congkak, under the chosen preset).
    pub fn rules_for(&self, variant: Variant) -> Rules {
        match variant {
            Variant::Congkak => self.preset_rules(self.congkak_preset),
            Variant::Kalah | Variant::Oware => *self.rules.get(variant),
        }
    }

    /// The Congkak rules kept for `preset`, whichever preset is chosen.
    pub fn preset_rules(&self, preset: CongkakPreset) -> Rules {
        match preset {
            CongkakPreset::Traditional => preset.fit(self.traditional),
            CongkakPreset::Quick => preset.fit(self.rules.congkak),
        }
    }

    /// The rules of the selected variant: what a new game is played with.
    pub fn current_rules(&self) -> Rules {
        self.rules_for(self.variant)
    }

    /// Keeps `rules` as the choice for its own variant; Congkak rules choose the preset
    /// they belong to ([`CongkakPreset::of`]) and are kept as that preset's.
    pub fn set_rules(&mut self, rules: Rules) {
        match CongkakPreset::of(rules) {
            Some(preset) => {
                self.congkak_preset = preset;
                let slot = match preset {
                    CongkakPreset::Traditional => &mut self.traditional,
                    CongkakPreset::Quick => &mut self.rules.congkak,
                };
                *slot = preset.fit(rules);
            }
            None => *self.rules.get_mut(rules.variant()) = rules,
        }
    }

    /// Plays against `opponent` from now on; the computer's level is remembered for
    /// when two people play.
    pub fn set_opponent(&mut self, opponent: Opponent) {
        if let Opponent::Computer { level } = opponent {
            self.computer_level = level;
        }
        self.opponent = opponent;
    }

    /// The computer's level: the opponent's, or the one it had before two people played.
    pub fn computer_level(&self) -> Difficulty {
        match self.opponent {
            Opponent::Computer { level } => level,
            Opponent::Human => self.computer_level,
        }
    }

    /// The side that moves first in a new game, remembered so that the next call
    /// under `FirstPlayer::Alternate` gives the other side. Save the settings after.
    /// Under a simultaneous start both sides make the first move: South is given, and
    /// the turns of later Quick games are left as they were.
    pub fn next_first_side(&mut self) -> Side {
        if self.current_rules().simultaneous_start() {
            return Side::South;
        }
        let side = match *self.first.get(self.variant) {
            FirstPlayer::South => Side::South,
            FirstPlayer::North => Side::North,
            FirstPlayer::Alternate => self.last_first.map_or(Side::South, Side::opponent),
        };
        self.last_first = Some(side);
        side
    }

    /// Settings as loaded from a file, or why they cannot be used. Everything is checked
    /// while reading (rules, levels); nothing is left to check here.
    pub(crate) fn checked(self) -> Result<Settings, String> {
        Ok(self)
    }
}

/// `first` as saved now (one choice per variant) or by earlier versions (one choice for
/// all). An old file's `south` was the old default, written whether or not the player
/// chose it, so Congkak gets its new default then; any other old choice was the
/// player's and applies to every game.
fn first_slots<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<PerVariant<FirstPlayer>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Saved {
        PerVariant(PerVariant<FirstPlayer>),
        One(FirstPlayer),
    }
    Ok(match Saved::deserialize(deserializer)? {
        Saved::PerVariant(slots) => slots,
        Saved::One(FirstPlayer::South) => PerVariant::default(),
        Saved::One(choice) => PerVariant::from_fn(|_| choice),
    })
}

/// A file from before the guided first game: its player has played already.
fn offered_to_an_older_file() -> bool {
    true
}

/// A file from before the presets: its Congkak was the Quick preset's.
fn preset_of_an_older_file() -> CongkakPreset {
    CongkakPreset::Quick
}

/// Traditional's slot, read as Congkak rules whatever variant it names, then fitted to
/// the preset (a hand-edited 6-house Traditional becomes the real one).
fn traditional_slot<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
    let mut value = serde_json::Value::deserialize(deserializer)?;
    if let serde_json::Value::Object(fields) = &mut value {
        fields.insert("variant".into(), Variant::Congkak.name().into());
    }
    let rules = Rules::deserialize(value)
        .map_err(|e| D::Error::custom(format!("traditional congkak rules: {e}")))?;
    Ok(CongkakPreset::Traditional.fit(rules))
}

/// Reads the rules slots of a settings file. Each slot is read under its own variant: a
/// file that leaves out (or names another) `variant` inside a slot gets the slot's, and
/// the whole is then checked as [`Rules`] checks any file. A missing slot takes its
/// variant's defaults.
fn rules_slots<'de, D: Deserializer<'de>>(deserializer: D) -> Result<PerVariant<Rules>, D::Error> {
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Slots {
        kalah: Option<serde_json::Value>,
        oware: Option<serde_json::Value>,
        congkak: Option<serde_json::Value>,
    }
    let slots = Slots::deserialize(deserializer)?;
    let slot = |variant: Variant, value: Option<serde_json::Value>| -> Result<Rules, D::Error> {
        let Some(mut value) = value else {
            return Ok(Rules::new(variant));
        };
        if let serde_json::Value::Object(fields) = &mut value {
            fields.insert("variant".into(), variant.name().into());
        }
        Rules::deserialize(value).map_err(|e| D::Error::custom(format!("{variant} rules: {e}")))
    };
    Ok(PerVariant {
        kalah: slot(Variant::Kalah, slots.kalah)?,
        oware: slot(Variant::Oware, slots.oware)?,
        congkak: slot(Variant::Congkak, slots.congkak)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GrandSlam;

    #[test]
    fn rules_of_each_variant_survive_switching() {
        let mut settings = Settings::default();
        settings.set_rules(Rules::new(Variant::Oware).with_grand_slam(GrandSlam::Forbidden));
        settings.set_rules(
            Rules::builder(Variant::Congkak)
                .houses(7)
                .seeds(5)
                .build()
                .unwrap(),
        );
        settings.variant = Variant::Congkak;
        assert_eq!(settings.current_rules().houses(), 7);
        settings.variant = Variant::Oware;
        assert_eq!(settings.current_rules().grand_slam(), GrandSlam::Forbidden);
        assert_eq!(
            settings.rules_for(Variant::Kalah),
            Rules::new(Variant::Kalah)
        );
    }

    #[test]
    fn alternate_first_player_alternates_and_fixed_ones_do_not() {
        let mut settings = Settings {
            first: PerVariant::from_fn(|_| FirstPlayer::Alternate),
            ..Settings::default()
        };
        let sides: Vec<Side> = (0..4).map(|_| settings.next_first_side()).collect();
        assert_eq!(sides, [Side::South, Side::North, Side::South, Side::North]);
        settings.first.kalah = FirstPlayer::North;
        assert_eq!(settings.next_first_side(), Side::North);
        assert_eq!(settings.next_first_side(), Side::North);
    }

    #[test]
    fn congkak_alternates_by_default_and_each_game_keeps_its_own_choice() {
        let mut settings = Settings::default();
        assert_eq!(*settings.first.get(Variant::Kalah), FirstPlayer::South);
        assert_eq!(*settings.first.get(Variant::Oware), FirstPlayer::South);
        assert_eq!(
            *settings.first.get(Variant::Congkak),
            FirstPlayer::Alternate
        );
        settings.variant = Variant::Congkak;
        // Quick Congkak takes turns; Traditional's first move is both players' at once.
        settings.congkak_preset = CongkakPreset::Quick;
        let sides: Vec<Side> = (0..3).map(|_| settings.next_first_side()).collect();
        assert_eq!(sides, [Side::South, Side::North, Side::South]);
        settings.variant = Variant::Kalah;
        assert_eq!(settings.next_first_side(), Side::South);
        assert_eq!(settings.next_first_side(), Side::South);
    }

    #[test]
    fn an_older_files_single_first_player_is_read() {
        let read = |first: &str| -> PerVariant<FirstPlayer> {
            let json = format!(r#"{{"first":{first}}}"#);
            serde_json::from_str::<Settings>(&json).unwrap().first
        };
        // The old default was written for everyone: Congkak takes its new default.
        assert_eq!(read(r#""south""#), PerVariant::default());
        // Any other old value was chosen, and applies to every game.
        assert_eq!(
            read(r#""north""#),
            PerVariant::from_fn(|_| FirstPlayer::North)
        );
        let slots = read(r#"{"kalah":"north"}"#);
        assert_eq!(
            (slots.kalah, slots.oware, slots.congkak),
            (
                FirstPlayer::North,
                FirstPlayer::South,
                FirstPlayer::Alternate
            )
        );
        assert!(serde_json::from_str::<Settings>(r#"{"first":"sideways"}"#).is_err());
    }

    #[test]
    fn the_computers_level_comes_back_after_a_game_between_two_people() {
        let mut settings = Settings::default();
        settings.set_opponent(Opponent::Computer {
            level: Difficulty::Strong,
        });
        settings.set_opponent(Opponent::Human);
        assert_eq!(settings.computer_level(), Difficulty::Strong);
        let json = serde_json::to_string(&settings).unwrap();
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back.computer_level(), Difficulty::Strong);
    }

    #[test]
    fn an_older_file_without_names_or_level_loads_with_the_defaults() {
        let json = r#"{"schema":1,"variant":"oware","opponent":{"kind":"computer","level":4},"first":"south"}"#;
        let settings: Settings = serde_json::from_str(json).unwrap();
        assert_eq!(settings.names, PlayerNames::default());
        assert_eq!(settings.computer_level(), Difficulty::Strong);
        let mut named = Settings::default();
        named.names.set(Side::North, "Ben");
        let json = serde_json::to_string(&named).unwrap();
        assert!(
            json.contains(r#""names":{"south":"","north":"Ben"}"#),
            "{json}"
        );
    }

    #[test]
    fn coach_mode_is_off_by_default_and_an_older_file_without_it_loads_off() {
        assert!(!Settings::default().coach);
        let old: Settings = serde_json::from_str(r#"{"schema":1,"animation":"fast"}"#).unwrap();
        assert!(!old.coach);
        let on = Settings {
            coach: true,
            ..Settings::default()
        };
        let json = serde_json::to_string(&on).unwrap();
        assert!(json.contains(r#""coach":true"#), "{json}");
        assert!(serde_json::from_str::<Settings>(&json).unwrap().coach);
        assert!(serde_json::from_str::<Settings>(r#"{"coach":"yes"}"#).is_err());
    }

    #[test]
    fn guided_offer_is_made_to_a_new_player_not_to_an_older_file_and_remembered() {
        assert!(
            !Settings::default().guide_offered,
            "a new player is offered it"
        );
        // A file written before the guided game: its player has played already.
        let old: Settings = serde_json::from_str(r#"{"schema":1,"animation":"fast"}"#).unwrap();
        assert!(old.guide_offered);
        assert_eq!(old.animation, AnimationSpeed::Fast, "the rest is read");
        for offered in [false, true] {
            let settings = Settings {
                guide_offered: offered,
                ..Settings::default()
            };
            let json = serde_json::to_string(&settings).unwrap();
            assert!(
                json.contains(&format!(r#""guide_offered":{offered}"#)),
                "{json}"
            );
            assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), settings);
        }
        assert!(serde_json::from_str::<Settings>(r#"{"guide_offered":"no"}"#).is_err());
    }

    #[test]
    fn sound_is_on_by_default_and_an_older_file_without_it_loads_the_defaults() {
        let new = Settings::default();
        assert_eq!(new.sound, SoundLevel::Normal);
        assert!(new.vibration);
        // A file written before sound existed: every other key, none of the new ones.
        let mut older = serde_json::to_value(Settings {
            animation: AnimationSpeed::Slow,
            ..Settings::default()
        })
        .unwrap();
        let fields = older.as_object_mut().unwrap();
        assert!(fields.remove("sound").is_some() && fields.remove("vibration").is_some());
        let old: Settings = serde_json::from_value(older).unwrap();
        assert_eq!(old.sound, SoundLevel::Normal);
        assert!(old.vibration);
        assert_eq!(old.animation, AnimationSpeed::Slow, "the rest is read");
        let quiet = Settings {
            sound: SoundLevel::Off,
            vibration: false,
            ..Settings::default()
        };
        let json = serde_json::to_string(&quiet).unwrap();
        assert!(json.contains(r#""sound":"off""#), "{json}");
        assert!(json.contains(r#""vibration":false"#), "{json}");
        assert_eq!(serde_json::from_str::<Settings>(&json).unwrap(), quiet);
        for level in ["quiet", "normal", "loud"] {
            let read: Settings =
                serde_json::from_str(&format!(r#"{{"sound":"{level}"}}"#)).unwrap();
            assert_ne!(read.sound, SoundLevel::Off, "{level}");
        }
        assert!(serde_json::from_str::<Settings>(r#"{"sound":"deafening"}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"{"vibration":1}"#).is_err());
    }

    #[test]
    fn a_new_player_starts_congkak_traditional_and_each_preset_keeps_its_own_rules() {
        let mut settings = Settings::default();
        assert_eq!(settings.congkak_preset, CongkakPreset::Traditional);
        assert_eq!(
            settings.rules_for(Variant::Congkak),
            Rules::traditional_congkak()
        );
        let quick = Rules::new(Variant::Congkak)
            .with_houses(7)
            .unwrap()
            .with_seeds(3)
            .unwrap();
        settings.set_rules(quick);
        assert_eq!(settings.congkak_preset, CongkakPreset::Quick);
        assert_eq!(settings.rules_for(Variant::Congkak), quick);
        settings.set_rules(Rules::traditional_congkak().with_empty_capture(true));
        assert_eq!(settings.congkak_preset, CongkakPreset::Traditional);
        assert_eq!(settings.preset_rules(CongkakPreset::Quick), quick, "kept");
        assert!(settings.rules_for(Variant::Congkak).empty_capture());
        // Traditional's board is fixed: a 6-house choice under it is the 7x7 board.
        settings.set_rules(Rules::new(Variant::Congkak).with_rounds(true));
        assert_eq!(
            settings.rules_for(Variant::Congkak),
            Rules::traditional_congkak()
        );
        let json = serde_json::to_string(&settings).unwrap();
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        assert_eq!(back.preset_rules(CongkakPreset::Quick), quick);
    }

    #[test]
    fn an_older_file_keeps_its_congkak_as_quick() {
        let json = r#"{"schema":1,"variant":"congkak","rules":{"congkak":{"variant":"congkak","houses":6,"seeds":4,"empty_capture":false,"grand_slam":"no-capture"}},"first":{"kalah":"south","oware":"south","congkak":"north"}}"#;
        let mut old: Settings = serde_json::from_str(json).unwrap();
        assert_eq!(old.congkak_preset, CongkakPreset::Quick);
        assert_eq!(old.current_rules(), Rules::new(Variant::Congkak));
        assert_eq!(old.next_first_side(), Side::North, "its own first player");
        // A file with no Congkak at all is an older player's too.
        let old: Settings = serde_json::from_str(r#"{"schema":1}"#).unwrap();
        assert_eq!(old.congkak_preset, CongkakPreset::Quick);
        // A hand-edited Traditional slot is read as Congkak and fitted; nonsense is refused.
        let edited: Settings = serde_json::from_str(
            r#"{"congkak_preset":"traditional","traditional":{"variant":"kalah","houses":6,"empty_capture":true}}"#,
        )
        .unwrap();
        assert_eq!(
            edited.rules_for(Variant::Congkak),
            Rules::traditional_congkak().with_empty_capture(true)
        );
        assert!(serde_json::from_str::<Settings>(r#"{"traditional":{"seeds":40}}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"{"congkak_preset":"slow"}"#).is_err());
    }

    #[test]
    fn under_a_simultaneous_start_south_is_given_and_the_turns_are_left_alone() {
        let mut settings = Settings {
            variant: Variant::Congkak,
            last_first: Some(Side::South),
            ..Settings::default()
        };
        assert_eq!(settings.next_first_side(), Side::South);
        assert_eq!(settings.last_first, Some(Side::South));
        settings.congkak_preset = CongkakPreset::Quick;
        assert_eq!(settings.next_first_side(), Side::North, "Quick takes turns");
    }

    #[test]
    fn animation_gets_slower_step_by_step() {
        use AnimationSpeed::*;
        let millis: Vec<u64> = [Off, Fast, Normal, Slow]
            .map(AnimationSpeed::step_millis)
            .to_vec();
        assert_eq!(millis[0], 0);
        assert!(millis.windows(2).all(|w| w[0] < w[1]), "{millis:?}");
    }

    #[test]
    fn language_codes() {
        let codes: Vec<_> = Language::ALL.map(Language::code).to_vec();
        assert_eq!(
            codes,
            [None, Some("en"), Some("my"), Some("th"), Some("ms")]
        );
    }

    #[test]
    fn the_watched_levels_are_kept_and_an_older_file_without_them_loads_the_default() {
        let old: Settings = serde_json::from_str(r#"{"schema":1,"variant":"kalah"}"#).unwrap();
        assert_eq!(old.watch_levels, Settings::default().watch_levels);
        let chosen = Settings {
            watch_levels: [Difficulty::Expert, Difficulty::Beginner],
            ..Settings::default()
        };
        let json = serde_json::to_string(&chosen).unwrap();
        assert!(json.contains(r#""watch_levels":[5,1]"#), "{json}");
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back.watch_levels, chosen.watch_levels);
        assert!(serde_json::from_str::<Settings>(r#"{"watch_levels":[5,9]}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"{"watch_levels":[5]}"#).is_err());
    }

    #[test]
    fn json_round_trip_and_shape() {
        let mut settings = Settings {
            variant: Variant::Congkak,
            opponent: Opponent::Computer {
                level: Difficulty::Expert,
            },
            first: PerVariant::from_fn(|_| FirstPlayer::Alternate),
            last_first: Some(Side::North),
            animation: AnimationSpeed::Slow,
            coach: true,
            theme: Theme::HighContrast,
            language: Language::Burmese,
            ..Settings::default()
        };
        settings.names.set(Side::South, "Aye Aye");
        settings.set_rules(
            Rules::new(Variant::Kalah)
                .with_empty_capture(true)
                .with_seeds(6)
                .unwrap(),
        );
        let json = serde_json::to_string(&settings).unwrap();
        assert!(
            json.contains(r#""opponent":{"kind":"computer","level":5}"#),
            "{json}"
        );
        assert!(json.contains(r#""theme":"high-contrast""#), "{json}");
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
    }

    #[test]
    fn missing_fields_take_defaults_and_slots_keep_their_variant() {
        let json = r#"{"theme":"dark","rules":{"oware":{"seeds":5}}}"#;
        let settings: Settings = serde_json::from_str(json).unwrap();
        let settings = settings.checked().unwrap();
        assert_eq!(settings.theme, Theme::Dark);
        assert_eq!(
            settings.rules_for(Variant::Oware),
            Rules::new(Variant::Oware).with_seeds(5).unwrap()
        );
        assert_eq!(
            settings.rules_for(Variant::Congkak),
            Rules::new(Variant::Congkak)
        );
        assert_eq!(settings.opponent, Opponent::default());
    }

    #[test]
    fn a_slot_is_read_under_its_own_variant() {
        // Congkak's 7 houses are allowed in its slot even without (or with another)
        // variant named inside it; Kalah's slot refuses them.
        let json = r#"{"rules":{"congkak":{"houses":7},"oware":{"variant":"kalah","seeds":3}}}"#;
        let settings: Settings = serde_json::from_str(json).unwrap();
        assert_eq!(settings.rules_for(Variant::Congkak).houses(), 7);
        assert_eq!(
            settings.rules_for(Variant::Oware),
            Rules::new(Variant::Oware).with_seeds(3).unwrap()
        );
        let err = serde_json::from_str::<Settings>(r#"{"rules":{"kalah":{"houses":7}}}"#)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("kalah rules: kalah is played with 6 houses, not 7"),
            "{err}"
        );
    }

    #[test]
    fn values_out_of_range_are_refused_on_load() {
        let err = serde_json::from_str::<Settings>(r#"{"opponent":{"kind":"computer","level":9}}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no such computer level: 9"), "{err}");
        assert!(
            serde_json::from_str::<Settings>(r#"{"opponent":{"kind":"computer","level":0}}"#)
                .is_err()
        );
        assert!(serde_json::from_str::<Settings>(r#"{"rules":{"kalah":{"seeds":12}}}"#).is_err());
        assert!(serde_json::from_str::<Settings>(r#"{"theme":"sepia"}"#).is_err());
    }
}
