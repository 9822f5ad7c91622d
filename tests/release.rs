//! What a store release reads from the repository (android/README.md, "Releasing"): the
//! version in Cargo.toml, the versionCode cargo-apk derives from it, and the store listing
//! under fastlane/metadata/android/ in every language, within the stores' limits.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The listing's languages, as Google Play and F-Droid name their folders.
const LOCALES: [&str; 4] = ["en-US", "my-MM", "th", "ms"];

/// The `version = "..."` of Cargo.toml's `[package]` table, read from the text.
fn package_version(cargo_toml: &str) -> String {
    let mut in_package = false;
    for line in cargo_toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("version") {
                let value = value.trim_start();
                if let Some(value) = value.strip_prefix('=') {
                    return value.trim().trim_matches('"').to_string();
                }
            }
        }
    }
    panic!("Cargo.toml has no version in [package]");
}

/// cargo-apk 0.10's versionCode for a package version (ndk-build's `VersionCode`):
/// `1 << 24 | major << 16 | minor << 8 | patch`, each part at most 255; anything after
/// the patch (`-beta.1`, `+build`) is ignored.
fn version_code(version: &str) -> u32 {
    let mut parts = version.split(['.', '-', '+']);
    let mut next = || -> u32 {
        let part = parts.next().expect("major.minor.patch");
        let value: u8 = part
            .parse()
            .unwrap_or_else(|_| panic!("{part:?} in {version:?}: cargo-apk needs 0..=255"));
        u32::from(value)
    };
    let (major, minor, patch) = (next(), next(), next());
    (1 << 24) | (major << 16) | (minor << 8) | patch
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Length as the stores count it: characters (Unicode scalar values), without the
/// final newline.
fn length(text: &str) -> usize {
    text.trim_end_matches('\n').chars().count()
}

#[test]
fn the_version_code_follows_cargo_apk() {
    assert_eq!(version_code("0.0.0"), 0x0100_0000);
    assert_eq!(version_code("0.1.0"), 16_777_472);
    assert_eq!(
        version_code("1.2.3-beta.1+7"),
        (1 << 24) | (1 << 16) | (2 << 8) | 3
    );
    // Every later version has a larger code, so the stores accept it as an update.
    let order = [
        "0.1.0",
        "0.1.1",
        "0.1.255",
        "0.2.0",
        "0.255.255",
        "1.0.0",
        "2.10.3",
    ];
    for pair in order.windows(2) {
        assert!(version_code(pair[0]) < version_code(pair[1]), "{pair:?}");
    }
}

#[test]
fn the_version_lives_only_in_cargo_toml() {
    let cargo_toml = read(&root().join("Cargo.toml"));
    assert_eq!(package_version(&cargo_toml), env!("CARGO_PKG_VERSION"));
    // cargo-apk 0.10 takes versionName and versionCode from the package version and
    // panics when the manifest sets either.
    for line in cargo_toml.lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        assert!(
            key != "version_code" && key != "version_name",
            "Cargo.toml sets {key}; cargo-apk derives it from `version`"
        );
    }
}

#[test]
fn every_language_has_a_listing_within_the_store_limits() {
    let code = version_code(env!("CARGO_PKG_VERSION"));
    let metadata = root().join("fastlane/metadata/android");
    for locale in LOCALES {
        let dir = metadata.join(locale);
        for (file, limit) in [
            ("title.txt", 30),
            ("short_description.txt", 80),
            ("full_description.txt", 4000),
            (&format!("changelogs/{code}.txt") as &str, 500),
        ] {
            let path = dir.join(file);
            assert!(
                path.is_file(),
                "{} is missing: each release needs what is new in every language (versionCode {code})",
                path.display()
            );
            let text = read(&path);
            let n = length(&text);
            assert!(n > 0, "{} is empty", path.display());
            assert!(
                n <= limit,
                "{}: {n} characters, the limit is {limit}",
                path.display()
            );
        }
    }
}

/// Width and height of a PNG, from its IHDR chunk.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        bytes.len() > 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") && &bytes[12..16] == b"IHDR",
        "{} is not a PNG",
        path.display()
    );
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn every_language_has_the_icon_and_phone_and_tablet_screenshots() {
    let metadata = root().join("fastlane/metadata/android");
    for locale in LOCALES {
        let images = metadata.join(locale).join("images");
        assert_eq!(
            png_size(&images.join("icon.png")),
            (512, 512),
            "{locale} icon"
        );
        for folder in ["phoneScreenshots", "tenInchScreenshots"] {
            let dir = images.join(folder);
            let mut shots: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|entry| entry.unwrap().path())
                .collect();
            shots.sort();
            // Google Play takes 2 to 8 screenshots of each kind.
            assert!(
                (2..=8).contains(&shots.len()),
                "{}: {} screenshots",
                dir.display(),
                shots.len()
            );
            for shot in &shots {
                let (w, h) = png_size(shot);
                let (short, long) = (w.min(h), w.max(h));
                // Play: each side 320 to 3840 px, the long side at most twice the short.
                assert!(
                    short >= 320 && long <= 3840 && long <= 2 * short,
                    "{}: {w}x{h}",
                    shot.display()
                );
                let size = std::fs::metadata(shot).unwrap().len();
                assert!(
                    size <= 500_000,
                    "{}: {size} bytes; run fastlane/screenshots.sh",
                    shot.display()
                );
            }
        }
    }
}

#[test]
fn the_version_parser_reads_only_the_package_table() {
    let text = "[workspace.package]\nversion = \"9.9.9\"\n\n[package]\nname = \"x\"\nversion = \"1.2.3\"\n\n[dependencies]\nversion = \"7\"\n";
    assert_eq!(package_version(text), "1.2.3");
}
