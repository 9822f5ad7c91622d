//! The `Prefs` global: shows the settings with the choices the rules allow, and turns
//! each tap of the settings and new-game screens into a [`Choice`].

use crate::app::settings::language;
use crate::app::settings::prefs::{self, Choice, FIRSTS, SPEEDS, THEMES};
use crate::engine::{GrandSlam, Side, Variant};
use crate::players::{Difficulty, Opponent};
use crate::store::{Language, Settings};
use crate::{Names, Prefs};
use slint::{ModelRc, SharedString, VecModel};
use std::rc::Rc;

/// The opponents in the order the screens list them: another person, then the levels.
fn opponents() -> Vec<Opponent> {
    std::iter::once(Opponent::Human)
        .chain(Difficulty::ALL.map(|level| Opponent::Computer { level }))
        .collect()
}

/// The UI's level number: 0 for two people, else the difficulty's place from 1.
pub fn level_number(opponent: Opponent) -> i32 {
    match opponent {
        Opponent::Human => 0,
        Opponent::Computer { level } => level.number() as i32,
    }
}

fn strings(items: impl IntoIterator<Item = SharedString>) -> ModelRc<SharedString> {
    ModelRc::from(Rc::new(VecModel::from_iter(items)))
}

fn labels(items: &[u8]) -> ModelRc<SharedString> {
    strings(items.iter().map(|n| n.to_string().into()))
}

fn numbers(items: &[u8]) -> ModelRc<i32> {
    ModelRc::from(Rc::new(VecModel::from_iter(
        items.iter().map(|&n| n as i32),
    )))
}

/// Shows `settings`; the rule fields show the selected variant's rules and options.
/// Names come from the `Names` global, so call this again after the language changes.
pub fn render(ui: &Prefs<'_>, words: &Names<'_>, settings: &Settings) {
    let rules = settings.current_rules();
    let seeds = prefs::seed_choices();
    let variant = rules.variant();
    let houses = variant.house_counts().to_vec();
    ui.set_variant(prefs::index_of(&Variant::ALL, &settings.variant));
    ui.set_seed_counts(numbers(&seeds));
    ui.set_seed_choices(labels(&seeds));
    ui.set_seeds_choice(prefs::index_of(&seeds, &rules.seeds()));
    ui.set_seeds(rules.seeds().into());
    ui.set_houses(rules.houses().into());
    // A game with one board size shows no choice of it.
    let houses = if houses.len() > 1 { houses } else { Vec::new() };
    ui.set_house_counts(numbers(&houses));
    ui.set_house_choices(labels(&houses));
    ui.set_houses_choice(prefs::index_of(&houses, &rules.houses()));
    ui.set_has_empty_capture(variant.has_empty_capture());
    ui.set_empty_capture(rules.empty_capture());
    ui.set_has_grand_slam(variant.has_grand_slam());
    ui.set_grand_slam(prefs::index_of(&GrandSlam::ALL, &rules.grand_slam()));
    ui.set_level(level_number(settings.opponent));
    ui.set_computer_level(settings.computer_level().number().into());
    let names = &settings.names;
    ui.set_south_typed(names.typed(Side::South).into());
    ui.set_north_typed(names.typed(Side::North).into());
    ui.set_south_name(names.shown(Side::South).unwrap_or_default().into());
    ui.set_north_name(names.shown(Side::North).unwrap_or_default().into());
    ui.set_first(prefs::index_of(
        &FIRSTS,
        settings.first.get(settings.variant),
    ));
    ui.set_animation(prefs::index_of(&SPEEDS, &settings.animation));
    ui.set_coach(settings.coach);
    let [south, north] = settings.watch_levels;
    ui.set_watch_south_level(south.number().into());
    ui.set_watch_north_level(north.number().into());
    ui.set_theme(prefs::index_of(&THEMES, &settings.theme));
    let name = |l: Language| match language::native_name(l) {
        Some(name) => name.into(),
        None => words.invoke_same_as_system(),
    };
    ui.set_languages(strings(Language::ALL.map(name)));
    ui.set_language_fonts(strings(
        Language::ALL.map(|l| language::name_font_family(l).into()),
    ));
    ui.set_language(prefs::index_of(&Language::ALL, &settings.language));
}

/// Sends every choice made on screen to `chosen`, Start to `start` and Start watching
/// to `watch`. A choice whose index is out of range (a stale list) is dropped.
pub fn connect(
    ui: &Prefs<'_>,
    chosen: impl Fn(Choice) + Clone + 'static,
    start: impl Fn() + 'static,
    watch: impl Fn() + 'static,
) {
    fn by_index<T: Copy + 'static>(
        all: Vec<T>,
        choice: fn(T) -> Choice,
        chosen: impl Fn(Choice) + 'static,
    ) -> impl Fn(i32) + 'static {
        move |index| {
            if let Some(value) = prefs::pick(&all, index) {
                chosen(choice(value));
            }
        }
    }
    let c = chosen.clone();
    ui.on_choose_variant(by_index(Variant::ALL.to_vec(), Choice::Variant, c));
    // Seeds and houses arrive as numbers; `prefs::apply` ignores one the rules refuse.
    let c = chosen.clone();
    ui.on_choose_seeds(move |seeds| c(Choice::Seeds(seeds.clamp(0, 255) as u8)));
    let c = chosen.clone();
    ui.on_choose_houses(move |houses| c(Choice::Houses(houses.clamp(0, 255) as u8)));
    let c = chosen.clone();
    ui.on_choose_empty_capture(move |on| c(Choice::EmptyCapture(on)));
    let c = chosen.clone();
    ui.on_choose_grand_slam(by_index(GrandSlam::ALL.to_vec(), Choice::GrandSlam, c));
    let c = chosen.clone();
    ui.on_choose_level(by_index(opponents(), Choice::Opponent, c));
    let c = chosen.clone();
    ui.on_choose_first(by_index(FIRSTS.to_vec(), Choice::First, c));
    let c = chosen.clone();
    ui.on_choose_animation(by_index(SPEEDS.to_vec(), Choice::Animation, c));
    let c = chosen.clone();
    ui.on_choose_coach(move |on| c(Choice::Coach(on)));
    let c = chosen.clone();
    ui.on_choose_theme(by_index(THEMES.to_vec(), Choice::Theme, c));
    let c = chosen.clone();
    ui.on_choose_language(by_index(Language::ALL.to_vec(), Choice::Language, c));
    // Levels arrive as their numbers, 1..=5; a side or level the UI does not know is
    // dropped like a stale index.
    let c = chosen.clone();
    ui.on_choose_watch_level(move |side, level| {
        let level = u8::try_from(level).ok().and_then(Difficulty::from_number);
        if let (Some(side), Some(level)) = (prefs::pick(&Side::BOTH, side), level) {
            c(Choice::WatchLevel(side, level));
        }
    });
    ui.on_rename(move |side, typed| {
        if let Some(side) = prefs::pick(&Side::BOTH, side) {
            chosen(Choice::Name(side, typed.to_string()));
        }
    });
    ui.on_start_game(start);
    ui.on_start_watch(watch);
}
