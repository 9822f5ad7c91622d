//! Where the store lives on a desktop. Android passes the app's internal data path
//! to `Store::open` itself; the store never asks a platform.

use std::ffi::OsString;
use std::path::PathBuf;

/// Names a data directory that wins over the platform's (tests, the command-line tool).
pub const DATA_DIR_ENV: &str = "MANCALA_DATA_DIR";

/// `MANCALA_DATA_DIR` if set and not empty, else the platform's per-user data
/// directory for the app (`~/.local/share/mancala` on Linux). `None` if neither exists.
pub fn desktop_data_dir() -> Option<PathBuf> {
    data_dir_from(std::env::var_os(DATA_DIR_ENV))
}

/// `desktop_data_dir` with the environment variable's value passed in.
pub fn data_dir_from(env_override: Option<OsString>) -> Option<PathBuf> {
    match env_override {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => platform_data_dir(),
    }
}

#[cfg(not(target_os = "android"))]
fn platform_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "mancala", "Mancala").map(|p| p.data_dir().to_path_buf())
}

#[cfg(target_os = "android")]
fn platform_data_dir() -> Option<PathBuf> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_override_wins_unless_empty() {
        assert_eq!(
            data_dir_from(Some("/some/where".into())),
            Some(PathBuf::from("/some/where"))
        );
        assert_eq!(data_dir_from(Some("".into())), data_dir_from(None));
    }
}
