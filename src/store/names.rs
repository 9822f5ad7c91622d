//! The names two people give themselves for a game on one device. Kept as typed (so a
//! space between two words survives the keystroke that types it), but never longer than
//! [`MAX_NAME_LEN`] letters, never with control characters (a line break would break
//! every banner the name appears in) nor bidirectional controls (a right-to-left
//! override would reverse the sentence the name appears in), and with at most
//! [`MAX_MARKS_PER_LETTER`] combining marks on a letter (thirty tone marks on one
//! letter drew nothing legible). A blank name, or one with nothing the fonts can draw,
//! means the default ("Player 1"), which the UI words in the player's language.

use crate::engine::Side;
use serde::{Deserialize, Deserializer, Serialize};
use unicode_segmentation::UnicodeSegmentation;

/// The most combining marks (accents, tone marks, enclosing marks: the non-letters
/// that join the letter before them) a letter keeps; more are dropped. Real names need
/// two at most (Vietnamese, Thai); a script's own vowel signs are letters, not counted
/// (the Burmese letter ချွေ is a consonant with three), and neither are
/// the joiners and modifiers of an emoji sequence.
pub const MAX_MARKS_PER_LETTER: usize = 3;

/// The most characters one letter (grapheme cluster) keeps, whatever they are: an emoji
/// family or a Devanagari conjunct takes up to about ten; a letter that stacks more
/// draws nothing legible.
const MAX_CHARS_PER_LETTER: usize = 12;

/// The most letters a name keeps. Letters are grapheme clusters, so a Thai or Burmese
/// letter with its vowel signs counts once and a cut never strands a vowel sign. Sixteen
/// fit twice, with the score between them, on one line of the game-over panel at 360 px.
pub const MAX_NAME_LEN: usize = 16;

/// The names of the bottom (South) and top (North) players between two people.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerNames {
    #[serde(deserialize_with = "cleaned")]
    pub south: String,
    #[serde(deserialize_with = "cleaned")]
    pub north: String,
}

impl PlayerNames {
    /// The name as kept for `side` (may be blank or end in a space while being typed).
    pub fn typed(&self, side: Side) -> &str {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The name to show for `side`, or `None` when it is blank or has nothing the fonts
    /// can draw (show the default).
    pub fn shown(&self, side: Side) -> Option<&str> {
        Some(self.typed(side).trim()).filter(|name| name.graphemes(true).any(drawable))
    }

    /// Keeps `typed` as the name of `side`, cleaned: control and
    /// bidirectional characters dropped, marks capped, cut to [`MAX_NAME_LEN`] letters.
    pub fn set(&mut self, side: Side, typed: &str) {
        let name = clean(typed);
        match side {
            Side::South => self.south = name,
            Side::North => self.north = name,
        }
    }
}

/// `typed` without control characters and bidirectional controls, with at most
/// [`MAX_MARKS_PER_LETTER`] combining marks and [`MAX_CHARS_PER_LETTER`] characters on
/// a letter, and cut to [`MAX_NAME_LEN`] letters.
pub fn clean(typed: &str) -> String {
    let visible: String = typed
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .collect();
    let mut name = String::with_capacity(visible.len());
    for letter in visible.graphemes(true).take(MAX_NAME_LEN) {
        let mut marks = 0;
        for (i, c) in letter.chars().take(MAX_CHARS_PER_LETTER).enumerate() {
            if i > 0 && is_combining_mark(c) {
                marks += 1;
                if marks > MAX_MARKS_PER_LETTER {
                    continue;
                }
            }
            name.push(c);
        }
    }
    name
}

/// The characters that change the direction of the text around them: the embeddings
/// and overrides (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks (U+200E,
/// U+200F, U+061C). In a name they would reorder the sentence it is shown in.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Whether `c`, following a letter in its grapheme cluster, is a combining mark in the
/// sense of [`MAX_MARKS_PER_LETTER`]: not a letter or digit itself (a script's vowel
/// signs are alphabetic), and not a part of an emoji sequence (joiner, variation
/// selector, skin tone, tag, the emoji after a joiner).
fn is_combining_mark(c: char) -> bool {
    !(c.is_alphanumeric()
        || is_emoji(c)
        || matches!(c, '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0020}'..='\u{E007F}'))
}

/// Emoji and the symbol blocks the platforms' emoji and symbol fonts draw (arrows to
/// miscellaneous symbols and arrows; the emoji planes' blocks).
fn is_emoji(c: char) -> bool {
    matches!(c, '\u{2190}'..='\u{2BFF}' | '\u{1F000}'..='\u{1FAFF}')
}

/// Characters that draw nothing by themselves: spaces, joiners, format characters,
/// variation selectors, fillers.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || is_bidi_control(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Whether a letter (grapheme cluster) of a name draws something: its first visible
/// character has a glyph in one of the bundled fonts, or is a letter or digit of any
/// script or an emoji or symbol, which the platform's own fonts draw where the bundled
/// ones have none. What is left (U+FDFD, private-use and unassigned characters, lone
/// format characters) drew as blank space.
fn drawable(letter: &str) -> bool {
    letter
        .chars()
        .find(|&c| !is_invisible(c))
        .is_some_and(|c| has_bundled_glyph(c) || c.is_alphanumeric() || is_emoji(c))
}

/// Whether one of the fonts bundled in `ui/fonts` (Noto Sans, Mancala Thai, Mancala
/// Myanmar, regular and bold) has a glyph for `c`.
pub fn has_bundled_glyph(c: char) -> bool {
    let c = c as u32;
    BUNDLED_GLYPHS
        .binary_search_by(|&(start, end)| {
            if end < c {
                std::cmp::Ordering::Less
            } else if start > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// The characters the bundled fonts have glyphs for, as sorted inclusive ranges: the
/// union of their `cmap`s. `tests/fonts.rs` checks it against the font files, so a font
/// changed without this table fails there.
pub const BUNDLED_GLYPHS: &[(u32, u32)] = &[
    (0x0, 0x0),
    (0xD, 0xD),
    (0x20, 0x7E),
    (0xA0, 0x377),
    (0x37A, 0x37F),
    (0x384, 0x38A),
    (0x38C, 0x38C),
    (0x38E, 0x3A1),
    (0x3A3, 0x3E1),
    (0x3F0, 0x52F),
    (0xE01, 0xE3A),
    (0xE3F, 0xE5B),
    (0x1000, 0x109F),
    (0x1AB0, 0x1AC0),
    (0x1C80, 0x1C88),
    (0x1D00, 0x1DF9),
    (0x1DFB, 0x1F15),
    (0x1F18, 0x1F1D),
    (0x1F20, 0x1F45),
    (0x1F48, 0x1F4D),
    (0x1F50, 0x1F57),
    (0x1F59, 0x1F59),
    (0x1F5B, 0x1F5B),
    (0x1F5D, 0x1F5D),
    (0x1F5F, 0x1F7D),
    (0x1F80, 0x1FB4),
    (0x1FB6, 0x1FC4),
    (0x1FC6, 0x1FD3),
    (0x1FD6, 0x1FDB),
    (0x1FDD, 0x1FEF),
    (0x1FF2, 0x1FF4),
    (0x1FF6, 0x1FFE),
    (0x2000, 0x2064),
    (0x2066, 0x2071),
    (0x2074, 0x208E),
    (0x2090, 0x209C),
    (0x20A0, 0x20BF),
    (0x20F0, 0x20F0),
    (0x2100, 0x215F),
    (0x2184, 0x2184),
    (0x2189, 0x2189),
    (0x25CC, 0x25CC),
    (0x2C60, 0x2C7F),
    (0x2DE0, 0x2E52),
    (0xA640, 0xA69F),
    (0xA700, 0xA7BF),
    (0xA7C2, 0xA7CA),
    (0xA7F5, 0xA7FF),
    (0xA92E, 0xA92E),
    (0xA9E0, 0xA9FE),
    (0xAA60, 0xAA7F),
    (0xAB30, 0xAB6B),
    (0xFB00, 0xFB06),
    (0xFE00, 0xFE00),
    (0xFE20, 0xFE2F),
    (0xFEFF, 0xFEFF),
    (0xFFFC, 0xFFFD),
];

/// A hand-edited file's overlong or multi-line name loads cleaned, not refused: the rest
/// of the settings are worth more than a name.
fn cleaned<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(clean(&String::deserialize(deserializer)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_name_shows_the_default_and_spaces_are_kept_while_typing() {
        let mut names = PlayerNames::default();
        assert_eq!(names.shown(Side::South), None);
        names.set(Side::South, "Ann ");
        assert_eq!(names.typed(Side::South), "Ann ");
        assert_eq!(names.shown(Side::South), Some("Ann"));
        names.set(Side::North, "   ");
        assert_eq!(names.shown(Side::North), None);
    }

    #[test]
    fn names_are_cut_by_letters_and_lose_control_characters() {
        assert_eq!(clean("Ann\nLee\t"), "AnnLee");
        let long = "abcdefghijklmnopqrstuvwxyz";
        assert_eq!(clean(long).chars().count(), MAX_NAME_LEN);
        // Burmese: each letter carries its signs; a cut keeps whole letters.
        let burmese = "မောင်".repeat(10);
        let cut = clean(&burmese);
        assert_eq!(cut.graphemes(true).count(), MAX_NAME_LEN);
        assert!(burmese.starts_with(&cut));
    }

    #[test]
    fn bidi_controls_go_and_marks_are_capped_per_letter() {
        assert_eq!(clean("Ann\u{202E}gnp.exe"), "Anngnp.exe");
        let every_control = "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}";
        assert_eq!(clean(&format!("B{every_control}en")), "Ben");
        // Thirty tone marks on one letter: three are kept.
        let zalgo = format!("a{}b", "\u{0301}".repeat(30));
        assert_eq!(clean(&zalgo), format!("a{}b", "\u{0301}".repeat(3)));
        // Names as written keep every sign: Vietnamese (decomposed), Thai, Burmese
        // (medials and a vowel sign on one consonant), a Devanagari conjunct, emoji.
        for name in [
            "Nguye\u{0302}\u{0303}n",
            "สมศักดิ์",
            "ချွေး",
            "स्त्री",
            "👩🏽\u{200D}❤\u{FE0F}\u{200D}💋\u{200D}👨🏻",
            "1\u{FE0F}\u{20E3}",
        ] {
            assert_eq!(clean(name), name);
        }
        assert_eq!("ချွေ".graphemes(true).count(), 1, "one letter, three signs");
    }

    #[test]
    fn a_name_with_nothing_drawable_shows_the_default() {
        let mut names = PlayerNames::default();
        names.set(Side::South, &"\u{FDFD}".repeat(16));
        assert_eq!(names.shown(Side::South), None);
        for blank in ["\u{200B}\u{200D}", "\u{E000}\u{F8FF}", "\u{FEFF} \u{3164}"] {
            names.set(Side::South, blank);
            assert_eq!(names.shown(Side::South), None, "{blank:?}");
        }
        for drawn in ["!", "李明", "😀", "Ann\u{FDFD}", "မောင်", "\u{0301}"] {
            names.set(Side::North, drawn);
            assert_eq!(names.shown(Side::North), Some(drawn));
        }
    }

    #[test]
    fn the_glyph_table_is_sorted_and_found() {
        assert!(BUNDLED_GLYPHS.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(BUNDLED_GLYPHS.iter().all(|&(start, end)| start <= end));
        for c in ['A', 'é', 'ก', 'မ', '€'] {
            assert!(has_bundled_glyph(c), "{c}");
        }
        for c in ['\u{FDFD}', '李', '😀', '\u{E000}'] {
            assert!(!has_bundled_glyph(c), "{c}");
        }
    }

    #[test]
    fn a_files_names_load_cleaned() {
        let names: PlayerNames =
            serde_json::from_str(r#"{"south":"Ann\nLee","north":"abcdefghijklmnopqrstuvwxyz"}"#)
                .unwrap();
        assert_eq!(names.south, "AnnLee");
        assert_eq!(names.north, "abcdefghijklmnop");
        let names: PlayerNames = serde_json::from_str(r#"{"north":"Ben"}"#).unwrap();
        assert_eq!((names.south.as_str(), names.north.as_str()), ("", "Ben"));
    }
}
