use std::path::{Path, PathBuf};

fn main() {
    // The catalogues as the app bundles them: ui/lang with word joiners where a line must
    // not break (see `join_words`), written to OUT_DIR.
    let lang = bundled_catalogues(Path::new("ui/lang"));
    let config = slint_build::CompilerConfiguration::new()
        .with_style("fluent".into())
        // Burmese, Thai and Malay: ui/lang/<code>/LC_MESSAGES/mancala.po, compiled in and
        // switched at run time with `slint::select_bundled_translation`. A msgid is the
        // English text alone: the same words mean the same on every screen, so they are
        // translated once (no per-component context; tests/translations.rs relies on it).
        .with_bundled_translations(lang)
        .with_default_translation_context(slint_build::DefaultTranslationContext::None);
    slint_build::compile_with_config("ui/app.slint", config).expect("Slint UI failed to compile");
}

/// Copies every `<code>/LC_MESSAGES/*.po` under `source` into OUT_DIR with
/// [`join_words`] applied to each line, and returns the copy's folder.
fn bundled_catalogues(source: &Path) -> PathBuf {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("lang");
    println!("cargo:rerun-if-changed={}", source.display());
    for language in std::fs::read_dir(source).expect("ui/lang") {
        let language = language.expect("ui/lang entry").path();
        let messages = language.join("LC_MESSAGES");
        if !messages.is_dir() {
            continue;
        }
        let code = language.file_name().expect("a language folder");
        let target = out.join(code).join("LC_MESSAGES");
        std::fs::create_dir_all(&target).expect("OUT_DIR/lang");
        for file in std::fs::read_dir(&messages).expect("LC_MESSAGES") {
            let file = file.expect("LC_MESSAGES entry").path();
            if file.extension().is_none_or(|e| e != "po") {
                continue;
            }
            println!("cargo:rerun-if-changed={}", file.display());
            let text = std::fs::read_to_string(&file).expect("a .po file");
            let joined: Vec<String> = text
                .lines()
                .map(|line| {
                    if line.starts_with('#') {
                        line.to_string()
                    } else {
                        join_words(line)
                    }
                })
                .collect();
            let name = file.file_name().expect("a file name");
            let copy = target.join(name);
            write_if_changed(&copy, &(joined.join("\n") + "\n"));
            date_like(&copy, &file);
        }
        date_like(&target, &messages);
        date_like(&out.join(code), &language);
    }
    date_like(&out, source);
    out
}

/// Writes `text` to `path` unless it holds it already.
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).expect("write a .po");
    }
}

/// Gives `copy` (a file or a folder) the modification date of its `source`.
///
/// slint-build watches the catalogue folder it is given (`cargo:rerun-if-changed` on
/// OUT_DIR/lang), and cargo re-runs a build script when anything in a watched folder,
/// the folders included, is newer than the script's last run. A copy written during the
/// run is always newer, so without this every `cargo build`, `test` or `clippy` re-ran
/// the script and recompiled the whole app crate although nothing had changed. Dated
/// like its source, the copy looks changed exactly when the source is.
fn date_like(copy: &Path, source: &Path) {
    let modified = std::fs::metadata(source)
        .and_then(|m| m.modified())
        .expect("a catalogue's date");
    std::fs::File::open(copy)
        .and_then(|copy| copy.set_modified(modified))
        .expect("date a catalogue's copy");
}

/// U+2060 WORD JOINER: no line break on either side, drawn as nothing.
const JOINER: char = '\u{2060}';

/// Where a line may break in Burmese and in the names of the games in Thai.
///
/// Burmese is written with a space between phrases and none between words, and Slint's
/// text layout (parley, with ICU4X's dictionary line breaker) breaks inside a phrase
/// wherever its dictionary fails: "ကွန်ပျူ|တာ" (computer), "ဂိ|မ်း" (game), even "အသ|စ်"
/// before a final consonant. So every syllable of a Burmese phrase is joined to the next
/// with a word joiner, before each consonant (or independent vowel, digit or sign) that
/// starts one, but never after a virama (U+1039: a stacked consonant is part of the
/// syllable above it); a line then breaks only at the translators' spaces. Measured
/// with parley on every Burmese string at 200 and 280 px: 185 and 112 breaks fell inside
/// phrases, none with the joiners.
///
/// Thai has no spaces between words and its dictionary knows Thai words well, but not
/// the transliterated names of the games, which it cut into syllables (คา|ลา|ห์): those
/// are joined whole, and a repetition mark ๆ is kept on the line of its word.
fn join_words(line: &str) -> String {
    const THAI_NAMES: [&str; 7] = [
        "แมนคาลา",
        "คาลาห์",
        "โอวาเร",
        "จงกั๊ก",
        "หมากขุม",
        "หมากหลุม",
        "แอฟริกา",
    ];
    let mut text = String::with_capacity(line.len() * 2);
    let mut before: Option<char> = None;
    for c in line.chars() {
        if let Some(b) = before {
            if is_burmese(b) && b != '\u{1039}' && starts_burmese_syllable(c) {
                text.push(JOINER);
            }
        }
        text.push(c);
        before = Some(c);
    }
    for name in THAI_NAMES {
        if text.contains(name) {
            let mut joined = String::new();
            for (i, c) in name.chars().enumerate() {
                // Before a consonant or a leading vowel, never right after a leading vowel.
                let thai_start = matches!(c, '\u{0E01}'..='\u{0E2E}' | '\u{0E40}'..='\u{0E44}');
                let after_lead = joined
                    .chars()
                    .last()
                    .is_some_and(|p| matches!(p, '\u{0E40}'..='\u{0E44}'));
                if i > 0 && thai_start && !after_lead {
                    joined.push(JOINER);
                }
                joined.push(c);
            }
            text = text.replace(name, &joined);
        }
    }
    // Thai's repetition mark follows its word after a space (สบาย ๆ), and a line must not
    // start with it: the space is a no-break one.
    text.replace(" ๆ", "\u{00A0}ๆ")
}

fn is_burmese(c: char) -> bool {
    matches!(c, '\u{1000}'..='\u{109F}')
}

/// A consonant, independent vowel, digit or sign: what a Burmese syllable starts with.
fn starts_burmese_syllable(c: char) -> bool {
    matches!(c, '\u{1000}'..='\u{102A}' | '\u{103F}'..='\u{1049}' | '\u{104C}'..='\u{104F}')
}
