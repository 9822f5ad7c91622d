//! Which bundled translation to show: the player's explicit choice if there is one,
//! otherwise the first of the device's preferred languages that the app speaks,
//! otherwise English.
//!
//! Locale strings arrive in several spellings: Android's configuration gives a bare ISO
//! 639-1 code plus a country ("my" + "MM", joined here as "my_MM"), Java's `Locale`
//! gives BCP 47 tags ("th-TH", "zh-Hans-CN"), and Linux desktops give POSIX locales
//! ("ms_MY.UTF-8", "en_US@euro") or a colon-separated `LANGUAGE` list ("th:en").

use crate::store::Language;

/// The language a locale names, if the app has a translation for it.
///
/// Only the language subtag counts: `th_TH`, `th-TH` and `th` are all Thai. Three-letter
/// ISO 639-2/3 codes are accepted too (`mya`, `zsm`) because some systems report them.
pub fn language_of_locale(locale: &str) -> Option<Language> {
    let primary = locale
        .split(['_', '-', '.', '@'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    Language::ALL
        .into_iter()
        .find(|language| language.locale_codes().contains(&primary.as_str()))
}

/// The language the app shows: `chosen` unless it is `System`, else the first of the
/// device's preferred `locales` (most preferred first) that the app speaks, else
/// English. Never returns `Language::System`.
pub fn effective_language<'a>(
    chosen: Language,
    locales: impl IntoIterator<Item = &'a str>,
) -> Language {
    if chosen != Language::System {
        return chosen;
    }
    locales
        .into_iter()
        .find_map(language_of_locale)
        .unwrap_or(Language::English)
}

/// The preferred locales of a Unix desktop session, most preferred first, read through
/// `var` (normally `std::env::var`) the way gettext does: the `LANGUAGE` list, then the
/// first set of `LC_ALL`, `LC_MESSAGES`, `LANG`. The "C"/"POSIX" locale names no
/// language, and gettext ignores `LANGUAGE` under it, so it yields an empty list.
pub fn desktop_locales(var: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let set = |name: &str| var(name).filter(|value| !value.is_empty());
    let locale = set("LC_ALL")
        .or_else(|| set("LC_MESSAGES"))
        .or_else(|| set("LANG"));
    if matches!(locale.as_deref(), Some("C" | "POSIX"))
        || locale.as_deref().is_some_and(|l| l.starts_with("C."))
    {
        return Vec::new();
    }
    let mut locales: Vec<String> = set("LANGUAGE")
        .map(|list| {
            list.split(':')
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    locales.extend(locale);
    locales
}

/// The locale of an Android configuration as one string ("my_MM", or "my" when the
/// country is unset; "" when the language is unset too).
pub fn android_locale(language: Option<&str>, country: Option<&str>) -> String {
    match (
        language.filter(|l| !l.is_empty()),
        country.filter(|c| !c.is_empty()),
    ) {
        (Some(language), Some(country)) => format!("{language}_{country}"),
        (Some(language), None) => language.to_owned(),
        (None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn locales_in_every_spelling_map_to_our_languages() {
        let cases = [
            ("my_MM", Some(Language::Burmese)),
            ("my", Some(Language::Burmese)),
            ("mya", Some(Language::Burmese)),
            ("th-TH", Some(Language::Thai)),
            ("th_TH.UTF-8", Some(Language::Thai)),
            ("TH", Some(Language::Thai)),
            ("ms", Some(Language::Malay)),
            ("ms_MY", Some(Language::Malay)),
            ("ms-Latn-BN", Some(Language::Malay)),
            ("zsm", Some(Language::Malay)),
            ("en_US", Some(Language::English)),
            ("en_GB@euro", Some(Language::English)),
            ("zh-Hans-CN", None),
            ("fr_FR", None),
            // Look-alikes must not match: Maltese, Tigrinya, a three-letter "ms…" code.
            ("mt_MT", None),
            ("ti", None),
            ("mst", None),
            ("", None),
            ("C", None),
        ];
        for (locale, expected) in cases {
            assert_eq!(language_of_locale(locale), expected, "locale {locale:?}");
        }
    }

    /// The bundled-translation code ("en", "my", "th", "ms") the app would show.
    fn language_code<'a>(
        chosen: Language,
        locales: impl IntoIterator<Item = &'a str>,
    ) -> &'static str {
        effective_language(chosen, locales)
            .code()
            .expect("effective_language never returns System")
    }

    #[test]
    fn an_explicit_choice_beats_the_device_locale() {
        assert_eq!(
            effective_language(Language::Thai, ["my_MM"]),
            Language::Thai
        );
        assert_eq!(
            effective_language(Language::English, ["ms_MY"]),
            Language::English
        );
        assert_eq!(language_code(Language::Malay, ["th-TH"]), "ms");
    }

    #[test]
    fn system_follows_the_first_spoken_device_language() {
        assert_eq!(language_code(Language::System, ["my_MM"]), "my");
        assert_eq!(language_code(Language::System, ["th-TH"]), "th");
        assert_eq!(language_code(Language::System, ["ms"]), "ms");
        // A French speaker who also reads Thai gets Thai, not the English fallback.
        assert_eq!(language_code(Language::System, ["fr_FR", "th", "en"]), "th");
        assert_eq!(language_code(Language::System, ["zh-Hans-CN"]), "en");
        assert_eq!(language_code(Language::System, [""]), "en");
        assert_eq!(language_code(Language::System, []), "en");
    }

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn desktop_locales_follow_gettext_precedence() {
        assert_eq!(
            desktop_locales(env(&[("LANG", "th_TH.UTF-8")])),
            ["th_TH.UTF-8"]
        );
        assert_eq!(
            desktop_locales(env(&[
                ("LANG", "en_US.UTF-8"),
                ("LC_MESSAGES", "ms_MY.UTF-8")
            ])),
            ["ms_MY.UTF-8"]
        );
        assert_eq!(
            desktop_locales(env(&[
                ("LC_ALL", "my_MM"),
                ("LC_MESSAGES", "ms_MY"),
                ("LANG", "en")
            ])),
            ["my_MM"]
        );
        assert_eq!(
            desktop_locales(env(&[("LANGUAGE", "fr:th::en"), ("LANG", "fr_FR.UTF-8")])),
            ["fr", "th", "en", "fr_FR.UTF-8"]
        );
        // An empty variable counts as unset.
        assert_eq!(
            desktop_locales(env(&[("LC_ALL", ""), ("LANG", "ms_MY")])),
            ["ms_MY"]
        );
        assert!(desktop_locales(env(&[])).is_empty());
    }

    #[test]
    fn the_c_locale_names_no_language_and_silences_language_lists() {
        assert!(desktop_locales(env(&[("LANG", "C")])).is_empty());
        assert!(desktop_locales(env(&[("LC_ALL", "C.UTF-8"), ("LANGUAGE", "th")])).is_empty());
        assert!(desktop_locales(env(&[("LANG", "POSIX"), ("LANGUAGE", "my")])).is_empty());
    }

    #[test]
    fn android_configuration_locales_are_joined_posix_style() {
        assert_eq!(android_locale(Some("my"), Some("MM")), "my_MM");
        assert_eq!(android_locale(Some("th"), None), "th");
        assert_eq!(android_locale(Some("ms"), Some("")), "ms");
        assert_eq!(android_locale(None, Some("MY")), "");
        assert_eq!(
            language_code(
                Language::System,
                [android_locale(Some("my"), Some("MM")).as_str()]
            ),
            "my"
        );
    }
}
