//! Text a person typed, as an error message quotes it: a record, a rule or a value can be
//! any length, and a message that echoed a 100 kB argument in full would bury the
//! sentence that says what is wrong.

use std::borrow::Cow;

/// The most characters of a quoted text an error message shows.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error message quotes it: whole if it has at most [`EXCERPT_CHARS`]
/// characters, else its first [`EXCERPT_CHARS`] and an ellipsis.
///
/// ```
/// use mancala_engine::excerpt;
///
/// assert_eq!(excerpt("3 6 1"), "3 6 1");
/// let long = "7".repeat(100_000);
/// assert_eq!(excerpt(&long), format!("{}…", "7".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_whole_characters() {
        let exact = "ä".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let over = "ä".repeat(EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&over), format!("{exact}…"));
        assert_eq!(excerpt(""), "");
    }
}
