//! The player's settings as the screens offer them: the choices of the new-game and
//! settings screens and how each applies ([`prefs`], rendered by [`prefs_adapter`]), the
//! theme and language of the whole window ([`appearance_adapter`]), and the bundled
//! translation and font family of each language ([`language`]).

pub mod appearance_adapter;
pub mod language;
pub mod prefs;
pub mod prefs_adapter;
