//! The names two people give themselves for a game on one device. Kept as typed (so a
//! space between two words survives the keystroke that types it), but never longer than
//! [`MAX_NAME_LEN`] letters and never with control characters (a line break would break
//! every banner the name appears in). A blank name means the default ("Player 1"), which
//! the UI words in the player's language.

use crate::engine::Side;
use serde::{Deserialize, Deserializer, Serialize};
use unicode_segmentation::UnicodeSegmentation;

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

    /// The name to show for `side`, or `None` when it is blank (show the default).
    pub fn shown(&self, side: Side) -> Option<&str> {
        Some(self.typed(side).trim()).filter(|name| !name.is_empty())
    }

    /// Keeps `typed` as the name of `side`, cleaned: control characters dropped, cut to
    /// [`MAX_NAME_LEN`] letters.
    pub fn set(&mut self, side: Side, typed: &str) {
        let name = clean(typed);
        match side {
            Side::South => self.south = name,
            Side::North => self.north = name,
        }
    }
}

/// `typed` without control characters and cut to [`MAX_NAME_LEN`] letters.
pub fn clean(typed: &str) -> String {
    let visible: String = typed.chars().filter(|c| !c.is_control()).collect();
    visible.graphemes(true).take(MAX_NAME_LEN).collect()
}

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
