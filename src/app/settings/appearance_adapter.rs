//! The `Theme` global and the bundled translation: the player's theme and language take
//! effect at once, in every window.

use crate::app::settings::language;
use crate::store::Settings;
use crate::Theme;

/// Applies the theme and language of `settings`; `System` follows `system_locales`
/// (most preferred first).
pub fn render(ui: &Theme<'_>, settings: &Settings, system_locales: &[String]) {
    let locales = system_locales.iter().map(String::as_str);
    let spoken = crate::platform::effective_language(settings.language, locales);
    // Fails only while a translation is not bundled; English shows then.
    if let Err(e) = language::select(spoken) {
        eprintln!("mancala: no {spoken:?} translation: {e}");
    }
    ui.set_choice(settings.theme.into());
    ui.set_font_family(language::font_family(spoken).into());
    ui.set_min_text_size(language::min_text_size(spoken));
}
