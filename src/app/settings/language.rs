//! The language the UI speaks and the font that draws it.
//!
//! The translations are bundled into the binary (`build.rs`, `ui/lang/*/LC_MESSAGES`);
//! selecting one re-translates every `@tr` string of every open window at once, so a
//! change in Settings shows without a restart. Slint does not fall back from one bundled
//! font to another, so each language also names the one family that has every character
//! it shows: Thai and Burmese text drawn with Noto Sans would come out blank, and so would
//! the digits and Latin words inside a Thai or Burmese sentence drawn with Noto Sans Thai
//! or Myanmar (they have no Latin letters or digits). "Mancala Thai" and "Mancala
//! Myanmar" are those script fonts with Noto Sans's Latin part merged in
//! (`ui/fonts/merge-fonts.py`); `tests/fonts.rs` checks every translated string's
//! characters against the cmap of its language's font.

use crate::store::Language;

/// The font family (bundled in `ui/fonts`, imported by `ui/app.slint` or `ui/theme.slint`)
/// that draws `language`. `System` is resolved before this is asked; it gets the Latin family.
pub fn font_family(language: Language) -> &'static str {
    match language {
        Language::Burmese => "Mancala Myanmar",
        Language::Thai => "Mancala Thai",
        Language::System | Language::English | Language::Malay => "Noto Sans",
    }
}

/// The smallest comfortable text size of `language`'s script, in logical pixels
/// (`Theme.min-text-size`): Burmese's stacked marks need 16 px where Latin and Thai read
/// at 13 px; the theme's small, body and title sizes never go below it.
pub fn min_text_size(language: Language) -> f32 {
    match language {
        Language::Burmese => 16.0,
        Language::System | Language::English | Language::Thai | Language::Malay => 13.0,
    }
}

/// The language's name in itself, as the language list shows it, so that a player finds
/// their own; `None` for `System`, whose name is translated ("Same as the system").
pub fn native_name(language: Language) -> Option<&'static str> {
    match language {
        Language::System => None,
        Language::English => Some("English"),
        Language::Burmese => Some("မြန်မာ"),
        Language::Thai => Some("ไทย"),
        Language::Malay => Some("Bahasa Melayu"),
    }
}

/// The family that draws [`native_name`] whatever language the UI speaks; empty for
/// `System`, whose translated name is drawn in the UI's own family.
pub fn name_font_family(language: Language) -> &'static str {
    match language {
        Language::System => "",
        other => font_family(other),
    }
}

/// Makes every window speak `language` (English for `System`, which callers resolve
/// first with `platform::effective_language`). Fails only when the language's
/// translation is not bundled, or before the first window exists; English shows then.
pub fn select(language: Language) -> Result<(), slint::SelectBundledTranslationError> {
    slint::select_bundled_translation(language.code().unwrap_or("en"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_without_latin_letters_get_their_own_family() {
        assert_eq!(font_family(Language::Burmese), "Mancala Myanmar");
        assert_eq!(font_family(Language::Thai), "Mancala Thai");
        assert_eq!(font_family(Language::Malay), "Noto Sans");
        assert_eq!(font_family(Language::English), "Noto Sans");
    }

    #[test]
    fn burmese_text_is_never_smaller_than_16_px() {
        assert_eq!(min_text_size(Language::Burmese), 16.0);
        for language in [Language::English, Language::Thai, Language::Malay] {
            assert_eq!(min_text_size(language), 13.0, "{language:?}");
        }
    }

    #[test]
    fn every_family_is_a_bundled_font() {
        let fonts = [
            include_str!("../../../ui/app.slint"),
            include_str!("../../../ui/theme.slint"),
        ];
        for language in Language::ALL {
            let file = font_family(language).replace(' ', "");
            // The bold face too: without it, `font-weight: 700` draws the regular one.
            for weight in ["Regular", "Bold"] {
                assert!(
                    fonts
                        .iter()
                        .any(|f| f.contains(&format!("import \"fonts/{file}-{weight}.ttf\""))),
                    "neither ui/app.slint nor ui/theme.slint imports the {weight} font for {language:?}"
                );
            }
        }
    }
}
