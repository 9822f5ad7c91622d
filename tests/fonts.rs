//! Every character a language shows has a glyph in the one font that language draws with.
//!
//! Slint does not fall back from one imported font to another: a character missing from
//! the language's family comes from whatever system font the machine happens to have, and
//! renders blank where there is none (Android without the script, a bare Linux box). That
//! is how the digits and Latin words inside Thai and Burmese sentences went blank while
//! those languages were drawn with Noto Sans Thai / Myanmar, which have neither.
//!
//! So this reads each bundled font's `cmap` (a tiny parser of formats 4 and 12, enough for
//! the Noto fonts, rather than a font crate just for a test) and checks it against every
//! character of every `msgstr` of the language's `.po` file, the English `msgid`s for
//! English, and the digits that `{n}` placeholders turn into. Each family has a regular
//! and a bold face (`font-weight: 700`); both are checked, and the bold one must carry the
//! family's name and weight 700 so that Slint picks it.

use std::collections::{BTreeSet, HashMap};

#[path = "support/po.rs"]
mod po;
use po::po_string;
use std::path::Path;

use mancala::app::language::font_family;
use mancala::store::Language;

fn u16_at(data: &[u8], at: usize) -> u32 {
    u16::from_be_bytes([data[at], data[at + 1]]) as u32
}

fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]])
}

/// Whether `font` (a TrueType/OpenType file) maps each character to a real glyph,
/// answered for any character through the returned closure.
fn cmap(font: &[u8]) -> impl Fn(char) -> bool + '_ {
    let tables = u16_at(font, 4) as usize;
    let cmap = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&record| &font[record..record + 4] == b"cmap")
        .map(|record| u32_at(font, record + 8) as usize)
        .expect("font has a cmap table");
    // Prefer the full-Unicode subtable (3,10 format 12), else the BMP one (3,1 or 0,x format 4).
    let subtables: Vec<(u32, u32, usize)> = (0..u16_at(font, cmap + 2) as usize)
        .map(|i| {
            let record = cmap + 4 + 8 * i;
            let offset = cmap + u32_at(font, record + 4) as usize;
            (u16_at(font, record), u16_at(font, record + 2), offset)
        })
        .collect();
    let pick = |format: u32| {
        subtables
            .iter()
            .find(|&&(platform, encoding, offset)| {
                u16_at(font, offset) == format
                    && (platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)))
            })
            .map(|&(_, _, offset)| offset)
    };
    let (format, table) = pick(12)
        .map(|t| (12, t))
        .or_else(|| pick(4).map(|t| (4, t)))
        .expect("font has a Unicode cmap subtable of format 4 or 12");
    move |c: char| {
        let c = c as u32;
        if format == 12 {
            let groups = u32_at(font, table + 12) as usize;
            (0..groups).any(|g| {
                let group = table + 16 + 12 * g;
                let (start, end, glyph) = (
                    u32_at(font, group),
                    u32_at(font, group + 4),
                    u32_at(font, group + 8),
                );
                start <= c && c <= end && glyph + (c - start) != 0
            })
        } else {
            if c > 0xFFFF {
                return false;
            }
            let segments = u16_at(font, table + 6) as usize / 2;
            let ends = table + 14;
            let starts = ends + 2 * segments + 2;
            let deltas = starts + 2 * segments;
            let range_offsets = deltas + 2 * segments;
            (0..segments).any(|s| {
                let (start, end) = (u16_at(font, starts + 2 * s), u16_at(font, ends + 2 * s));
                if c < start || c > end {
                    return false;
                }
                let delta = u16_at(font, deltas + 2 * s);
                let range_offset = u16_at(font, range_offsets + 2 * s) as usize;
                let glyph = if range_offset == 0 {
                    (c + delta) & 0xFFFF
                } else {
                    let at = range_offsets + 2 * s + range_offset + 2 * (c - start) as usize;
                    match u16_at(font, at) {
                        0 => 0,
                        g => (g + delta) & 0xFFFF,
                    }
                };
                glyph != 0
            })
        }
    }
}

/// The `msgid`s (with `msgid_plural`) and the `msgstr`s (with `msgstr[n]`) of a `.po`
/// file, the header entry and comments (obsolete entries too) left out.
fn po_texts(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut ids, mut strs) = (Vec::new(), Vec::new());
    for entry in text.split("\n\n") {
        // (keyword, value) of each field, continuation lines appended.
        let mut fields: Vec<(&str, String)> = Vec::new();
        for line in entry.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.starts_with('"') {
                let last = fields
                    .last_mut()
                    .unwrap_or_else(|| panic!("stray .po line: {line}"));
                last.1.push_str(&po_string(line));
            } else {
                let (keyword, literal) = line
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("unexpected .po line: {line}"));
                fields.push((keyword, po_string(literal)));
            }
        }
        let is_header = fields.iter().any(|(k, v)| *k == "msgid" && v.is_empty());
        if fields.is_empty() || is_header {
            continue;
        }
        for (keyword, value) in fields {
            if keyword.starts_with("msgid") {
                ids.push(value);
            } else if keyword.starts_with("msgstr") {
                strs.push(value);
            }
        }
    }
    (ids, strs)
}

fn catalogue(code: &str) -> (Vec<String>, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("ui/lang")
        .join(code)
        .join("LC_MESSAGES/mancala.po");
    po_texts(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
}

/// The characters shown in `code`: its translations (the English source for `en`), plus
/// the digits that fill `{n}` and `{0}`.
fn characters(code: &str) -> BTreeSet<char> {
    let texts = if code == "en" {
        ["my", "th", "ms"]
            .iter()
            .flat_map(|code| catalogue(code).0)
            .collect::<Vec<_>>()
    } else {
        catalogue(code).1
    };
    let mut chars: BTreeSet<char> = texts.concat().chars().filter(|c| !c.is_control()).collect();
    chars.extend('0'..='9');
    chars
}

/// The faces of each family: the regular one, and the bold one that `font-weight: 700`
/// (headings, scores, buttons) selects.
const WEIGHTS: [&str; 2] = ["Regular", "Bold"];

fn font_file(family: &str, weight: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("ui/fonts")
        .join(format!("{}-{weight}.ttf", family.replace(' ', "")))
}

/// The offset of the table `tag` in `font`.
fn table(font: &[u8], tag: &[u8; 4]) -> usize {
    let tables = u16_at(font, 4) as usize;
    (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&record| &font[record..record + 4] == tag)
        .map(|record| u32_at(font, record + 8) as usize)
        .unwrap_or_else(|| panic!("font has no {} table", String::from_utf8_lossy(tag)))
}

/// The font's family (name ID 1, the Windows English record, UTF-16BE) and its weight
/// class (OS/2 usWeightClass): what Slint's font matching reads to group faces into a
/// family and pick one for a `font-weight`.
fn family_and_weight(font: &[u8]) -> (String, u32) {
    let name = table(font, b"name");
    let strings = name + u16_at(font, name + 4) as usize;
    let family = (0..u16_at(font, name + 2) as usize)
        .map(|i| name + 6 + 12 * i)
        .find(|&r| {
            (
                u16_at(font, r),
                u16_at(font, r + 2),
                u16_at(font, r + 4),
                u16_at(font, r + 6),
            ) == (3, 1, 0x409, 1)
        })
        .map(|r| {
            let (length, offset) = (u16_at(font, r + 8) as usize, u16_at(font, r + 10) as usize);
            let units: Vec<u16> = (0..length / 2)
                .map(|k| u16_at(font, strings + offset + 2 * k) as u16)
                .collect();
            String::from_utf16(&units).expect("a UTF-16 family name")
        })
        .expect("font has a Windows English family name");
    (family, u16_at(font, table(font, b"OS/2") + 4))
}

#[test]
fn every_character_of_every_language_has_a_glyph_in_that_languages_font() {
    // Both faces: any string may be drawn bold (a heading, a button, a banner).
    let mut fonts: HashMap<(&str, &str), Vec<u8>> = HashMap::new();
    let mut failures = Vec::new();
    for language in Language::ALL {
        let Some(code) = language.code() else {
            continue;
        };
        let family = font_family(language);
        let chars = characters(code);
        assert!(
            chars.len() > 20,
            "{code}: only {} characters read",
            chars.len()
        );
        for weight in WEIGHTS {
            let font = fonts.entry((family, weight)).or_insert_with(|| {
                let path = font_file(family, weight);
                std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"))
            });
            let has = cmap(font);
            let missing: String = chars.iter().filter(|&&c| !has(c)).collect();
            if !missing.is_empty() {
                let codes: Vec<String> = missing
                    .chars()
                    .map(|c| format!("U+{:04X}", c as u32))
                    .collect();
                failures.push(format!(
                    "{code} ({family} {weight}) lacks {missing:?} {codes:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_family_has_a_bold_face_that_font_matching_picks_for_weight_700() {
    // Slint groups the imported faces by family name and picks one by weight class: a
    // bold face under another family name, or with weight 400, would leave Thai and
    // Burmese headings regular.
    for language in Language::ALL {
        let family = font_family(language);
        for (weight, class) in [("Regular", 400), ("Bold", 700)] {
            let path = font_file(family, weight);
            let font = std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert_eq!(
                family_and_weight(&font),
                (family.to_string(), class),
                "{path:?}"
            );
        }
    }
}

#[test]
fn the_cmap_reader_finds_what_each_script_font_has_and_lacks() {
    for weight in WEIGHTS {
        let thai = std::fs::read(font_file("Mancala Thai", weight)).unwrap();
        let has = cmap(&thai);
        assert!("กขไทย0129AZaz%().,".chars().all(&has), "{weight}");
        assert!(!has('\u{1000}'), "no Burmese in the Thai font ({weight})");
        let burmese = std::fs::read(font_file("Mancala Myanmar", weight)).unwrap();
        let has = cmap(&burmese);
        assert!("ကခမြန်မာ၁၂0129AZaz%().,".chars().all(&has), "{weight}");
        assert!(!has('\u{0E01}'), "no Thai in the Burmese font ({weight})");
        let latin = std::fs::read(font_file("Noto Sans", weight)).unwrap();
        let has = cmap(&latin);
        assert!("0129AZaz%().,—…".chars().all(&has), "{weight}");
        assert!(
            !has('ก') && !has('က'),
            "Noto Sans has neither Thai nor Burmese ({weight})"
        );
    }
}

/// `store::BUNDLED_GLYPHS`, by which a player's name with nothing drawable shows the
/// default name, is the union of the bundled fonts' cmaps: a font changed without it
/// fails here.
#[test]
fn the_glyph_table_of_the_names_is_the_union_of_the_bundled_fonts() {
    use mancala::store::{has_bundled_glyph, BUNDLED_GLYPHS};
    let fonts: Vec<Vec<u8>> = ["Noto Sans", "Mancala Thai", "Mancala Myanmar"]
        .into_iter()
        .flat_map(|family| WEIGHTS.map(|weight| font_file(family, weight)))
        .map(|path| std::fs::read(&path).unwrap_or_else(|e| panic!("{path:?}: {e}")))
        .collect();
    let cmaps: Vec<_> = fonts.iter().map(|font| cmap(font)).collect();
    let mut differ = Vec::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let in_fonts = cmaps.iter().any(|has| has(c));
        if in_fonts != has_bundled_glyph(c) {
            differ.push(format!("U+{:04X} (fonts: {in_fonts})", c as u32));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differences, first {:?}; {} ranges in the table",
        differ.len(),
        &differ[..differ.len().min(20)],
        BUNDLED_GLYPHS.len()
    );
}
