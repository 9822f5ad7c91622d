//! The `Prefs` global: shows the settings with the choices the rules allow, and turns
//! each tap of the settings and new-game screens into a [`Choice`].

use crate::app::settings::language;
use crate::app::settings::prefs::{self, Choice};
use crate::engine::{Side, Variant};
use crate::players::{Difficulty, Opponent};
use crate::store::{CongkakPreset, Language, Settings};
use crate::{LanguageOption, Names, Prefs};
use slint::{ModelRc, SharedString, VecModel};
use std::rc::Rc;

fn model<T: Clone + 'static>(items: impl IntoIterator<Item = T>) -> ModelRc<T> {
    ModelRc::from(Rc::new(VecModel::from_iter(items)))
}

fn labels(items: &[u8]) -> ModelRc<SharedString> {
    model(items.iter().map(|n| n.to_string().into()))
}

fn numbers(items: &[u8]) -> ModelRc<i32> {
    model(items.iter().map(|&n| i32::from(n)))
}

/// Where `value` is in `items`, the list of counts the screen shows (0 when absent,
/// which the rules tables never allow).
fn position(items: &[u8], value: u8) -> i32 {
    let at = items.iter().position(|&n| n == value).unwrap_or(0);
    i32::try_from(at).unwrap_or(0)
}

/// Shows `settings`; the rule fields show the selected variant's rules and options.
/// Names come from the `Names` global, so call this again after the language changes.
pub fn render(ui: &Prefs<'_>, words: &Names<'_>, settings: &Settings) {
    let rules = settings.current_rules();
    let seeds = prefs::seed_choices();
    let variant = rules.variant();
    let houses = variant.house_counts().to_vec();
    ui.set_variants(model(Variant::ALL.map(crate::Variant::from)));
    ui.set_computer_levels(model(Difficulty::ALL.map(crate::Level::from)));
    ui.set_variant(settings.variant.into());
    ui.set_seed_counts(numbers(&seeds));
    ui.set_seed_choices(labels(&seeds));
    ui.set_seeds_choice(position(&seeds, rules.seeds()));
    ui.set_seeds(rules.seeds().into());
    ui.set_houses(rules.houses().into());
    // A game with one board size shows no choice of it.
    let houses = if houses.len() > 1 { houses } else { Vec::new() };
    ui.set_house_counts(numbers(&houses));
    ui.set_house_choices(labels(&houses));
    ui.set_houses_choice(position(&houses, rules.houses()));
    let preset = CongkakPreset::of(rules);
    ui.set_has_presets(preset.is_some());
    ui.set_preset(preset.into());
    ui.set_chooses_board(preset.is_none_or(CongkakPreset::chooses_board));
    ui.set_simultaneous_start(rules.simultaneous_start());
    ui.set_plays_rounds(rules.plays_rounds());
    ui.set_has_empty_capture(variant.has_empty_capture());
    ui.set_empty_capture(rules.empty_capture());
    ui.set_has_grand_slam(variant.has_grand_slam());
    ui.set_grand_slam(rules.grand_slam().into());
    ui.set_level(settings.opponent.into());
    ui.set_computer_level(settings.computer_level().into());
    let names = &settings.names;
    ui.set_south_typed(names.typed(Side::South).into());
    ui.set_north_typed(names.typed(Side::North).into());
    ui.set_south_name(names.shown(Side::South).unwrap_or_default().into());
    ui.set_north_name(names.shown(Side::North).unwrap_or_default().into());
    ui.set_first((*settings.first.get(settings.variant)).into());
    ui.set_animation(settings.animation.into());
    ui.set_coach(settings.coach);
    ui.set_sound(settings.sound.into());
    ui.set_vibration(settings.vibration);
    ui.set_can_vibrate(cfg!(target_os = "android"));
    let [south, north] = settings.watch_levels;
    ui.set_watch_south_level(south.into());
    ui.set_watch_north_level(north.into());
    ui.set_theme(settings.theme.into());
    let option = |l: Language| LanguageOption {
        language: l.into(),
        name: match language::native_name(l) {
            Some(name) => name.into(),
            None => words.invoke_same_as_system(),
        },
        font: language::name_font_family(l).into(),
    };
    ui.set_languages(model(Language::ALL.map(option)));
    ui.set_language(settings.language.into());
}

/// Sends every choice made on screen to `chosen`, Start to `start` and Start watching
/// to `watch`.
pub fn connect(
    ui: &Prefs<'_>,
    chosen: impl Fn(Choice) + Clone + 'static,
    start: impl Fn() + 'static,
    watch: impl Fn() + 'static,
) {
    let c = chosen.clone();
    ui.on_choose_variant(move |variant| c(Choice::Variant(variant.into())));
    // Seeds and houses arrive as numbers; `prefs::apply` ignores one the rules refuse.
    let c = chosen.clone();
    ui.on_choose_preset(move |preset| {
        if let Some(preset) = preset.into() {
            c(Choice::Preset(preset));
        }
    });
    let c = chosen.clone();
    ui.on_choose_seeds(move |seeds| c(Choice::Seeds(seeds.clamp(0, 255) as u8)));
    let c = chosen.clone();
    ui.on_choose_houses(move |houses| c(Choice::Houses(houses.clamp(0, 255) as u8)));
    let c = chosen.clone();
    ui.on_choose_empty_capture(move |on| c(Choice::EmptyCapture(on)));
    let c = chosen.clone();
    ui.on_choose_grand_slam(move |rule| c(Choice::GrandSlam(rule.into())));
    let c = chosen.clone();
    ui.on_choose_level(move |level| c(Choice::Opponent(level.into())));
    let c = chosen.clone();
    ui.on_choose_first(move |first| c(Choice::First(first.into())));
    let c = chosen.clone();
    ui.on_choose_animation(move |speed| c(Choice::Animation(speed.into())));
    let c = chosen.clone();
    ui.on_choose_coach(move |on| c(Choice::Coach(on)));
    let c = chosen.clone();
    ui.on_choose_sound(move |level| c(Choice::Sound(level.into())));
    let c = chosen.clone();
    ui.on_choose_vibration(move |on| c(Choice::Vibration(on)));
    let c = chosen.clone();
    ui.on_choose_theme(move |theme| c(Choice::Theme(theme.into())));
    let c = chosen.clone();
    ui.on_choose_language(move |language| c(Choice::Language(language.into())));
    // A watched row is always the computer's; "two people" there is dropped.
    let c = chosen.clone();
    ui.on_choose_watch_level(move |side, level| {
        if let Opponent::Computer { level } = level.into() {
            c(Choice::WatchLevel(side.into(), level));
        }
    });
    ui.on_rename(move |side, typed| chosen(Choice::Name(side.into(), typed.to_string())));
    ui.on_start_game(start);
    ui.on_start_watch(watch);
}
