//! Every string the player can see is translated into Burmese, Thai and Malay, and the
//! language switches at run time.
//!
//! The first tests read the sources the way Slint's compiler does: every `@tr(...)` in
//! `ui/**/*.slint` is a message, keyed by its text alone (build.rs turns the default
//! per-component context off) or by an explicit `@tr("context" => ...)`. Each message
//! needs a non-fuzzy entry with a non-empty translation, carrying the same placeholders,
//! in each `ui/lang/<code>/LC_MESSAGES/mancala.po`. (tests/ui.rs switches the language
//! of the running app and finds the translated labels.)
//!
//! The last tests hold the catalogues to `ui/lang/GLOSSARY.md`: one term for each game
//! concept, and none of the words the glossary says to avoid.

use std::collections::BTreeMap;

#[path = "support/po.rs"]
mod po;
use po::po_string;
use std::path::{Path, PathBuf};

/// The bundled translations; `the_shipped_translations_are_the_store_languages` keeps
/// this list, the store's `Language` table and `ui/lang/` in step.
const LANGUAGES: [&str; 3] = ["my", "th", "ms"];

/// One translatable message: what Slint looks up in a catalogue.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Message {
    context: String,
    id: String,
    plural: Option<String>,
}

// ---- reading .slint sources ----------------------------------------------------------

/// Reads a Slint string literal starting at `s[0] == '"'`; returns its value and the
/// rest after the closing quote.
fn slint_string(s: &str) -> Option<(String, &str)> {
    let mut chars = s.strip_prefix('"')?.char_indices();
    let mut value = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((value, &s[i + 2..])),
            '\\' => match chars.next()?.1 {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                'u' => {
                    // \u{XXXX}
                    let mut hex = String::new();
                    for (_, h) in chars.by_ref() {
                        match h {
                            '{' => {}
                            '}' => break,
                            h => hex.push(h),
                        }
                    }
                    value.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => value.push(other),
            },
            c => value.push(c),
        }
    }
    None
}

/// Every `@tr(...)` of one .slint source, in order; `Err` names a call that cannot be
/// read (the test must not silently skip strings).
fn slint_messages(source: &str) -> Result<Vec<Message>, String> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("@tr(") {
        let call = rest[at + 4..].trim_start();
        let line = source[..source.len() - rest.len() + at].lines().count() + 1;
        let unreadable = || {
            let call: String = rest[at..].chars().take(50).collect();
            format!("line {line}: cannot read {call}")
        };
        let (first, after) = slint_string(call).ok_or_else(unreadable)?;
        let after = after.trim_start();
        let (context, id, after) = match after.strip_prefix("=>") {
            Some(more) => {
                let (id, after) = slint_string(more.trim_start()).ok_or_else(unreadable)?;
                (first, id, after.trim_start())
            }
            None => (String::new(), first, after),
        };
        let plural = match after.strip_prefix('|') {
            Some(more) => Some(slint_string(more.trim_start()).ok_or_else(unreadable)?.0),
            None => None,
        };
        found.push(Message {
            context,
            id,
            plural,
        });
        rest = &rest[at + 4..];
    }
    Ok(found)
}

/// The files below `dir` whose name ends in `.{extension}`, sorted.
fn files_ending(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files_ending(&path, extension));
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Every message of the UI, with the first file that uses it.
fn ui_messages() -> BTreeMap<Message, PathBuf> {
    let mut messages = BTreeMap::new();
    for file in files_ending(&Path::new(env!("CARGO_MANIFEST_DIR")).join("ui"), "slint") {
        let source = std::fs::read_to_string(&file).unwrap();
        for message in slint_messages(&source).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        {
            messages.entry(message).or_insert_with(|| file.clone());
        }
    }
    messages
}

// ---- reading .po catalogues ----------------------------------------------------------

#[derive(Debug, Default)]
struct Entry {
    context: String,
    id: String,
    plural: Option<String>,
    /// msgstr, or msgstr[0], msgstr[1]... for a plural.
    strs: Vec<String>,
    fuzzy: bool,
}

/// The entries of a .po file (the header, msgid "", included).
fn po_entries(text: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut entry = Entry::default();
    // Which field continuation lines ("...") append to.
    let mut field: Option<(&str, usize)> = None;
    let mut started = false;
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        let keyword = line.split_whitespace().next().unwrap_or("");
        let begins_entry =
            keyword == "msgctxt" || (keyword == "msgid" && field.map(|f| f.0) != Some("msgctxt"));
        if (begins_entry
            || (line.starts_with('#') && field.is_some_and(|f| f.0.starts_with("msgstr"))))
            && started
        {
            entries.push(std::mem::take(&mut entry));
            started = false;
            field = None;
        }
        if let Some(flags) = line.strip_prefix("#,") {
            entry.fuzzy |= flags.split(',').any(|f| f.trim() == "fuzzy");
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        started = true;
        if line.starts_with('"') {
            let more = po_string(line);
            match field {
                Some(("msgctxt", _)) => entry.context += &more,
                Some(("msgid", _)) => entry.id += &more,
                Some(("msgid_plural", _)) => *entry.plural.get_or_insert_with(String::new) += &more,
                Some((_, index)) => entry.strs[index] += &more,
                None => panic!("a string outside any field: {line}"),
            }
            continue;
        }
        let (keyword, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("bad .po line: {line}"));
        let value = po_string(value);
        match keyword {
            "msgctxt" => {
                entry.context = value;
                field = Some(("msgctxt", 0));
            }
            "msgid" => {
                entry.id = value;
                field = Some(("msgid", 0));
            }
            "msgid_plural" => {
                entry.plural = Some(value);
                field = Some(("msgid_plural", 0));
            }
            "msgstr" => {
                entry.strs = vec![value];
                field = Some(("msgstr", 0));
            }
            indexed => {
                let index: usize = indexed
                    .strip_prefix("msgstr[")
                    .and_then(|i| i.strip_suffix(']'))
                    .and_then(|i| i.parse().ok())
                    .unwrap_or_else(|| panic!("bad .po keyword: {line}"));
                assert_eq!(
                    index,
                    entry.strs.len(),
                    "msgstr[{index}] out of order: {line}"
                );
                entry.strs.push(value);
                field = Some(("msgstr[]", index));
            }
        }
    }
    if started {
        entries.push(entry);
    }
    entries
}

fn catalogue(language: &str) -> Vec<Entry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("ui/lang")
        .join(language)
        .join("LC_MESSAGES/mancala.po");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    po_entries(&text)
}

/// The placeholders of a message (`{0}`, `{n}`, `{}`), sorted.
fn placeholders(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(name, _)| format!("{{{name}}}")))
        .collect();
    found.sort();
    found
}

/// What is wrong with `entries` as the translation of `messages`, one line per problem.
fn problems(messages: &BTreeMap<Message, PathBuf>, entries: &[Entry]) -> Vec<String> {
    let mut problems = Vec::new();
    let header = entries
        .iter()
        .find(|e| e.id.is_empty() && e.context.is_empty());
    let forms: usize = header
        .and_then(|h| h.strs.first())
        .and_then(|h| h.split("nplurals=").nth(1))
        .and_then(|n| n.split(';').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    if forms == 0 {
        problems.push("the header has no Plural-Forms: nplurals=N".to_string());
    }
    for (message, file) in messages {
        let entry = entries
            .iter()
            .find(|e| e.id == message.id && e.context == message.context);
        let Some(entry) = entry else {
            problems.push(format!("missing: {:?} ({})", message.id, file.display()));
            continue;
        };
        if entry.fuzzy {
            problems.push(format!("fuzzy: {:?}", message.id));
        }
        if entry.plural != message.plural {
            problems.push(format!("plural form differs: {:?}", message.id));
        }
        let wanted = if message.plural.is_some() { forms } else { 1 };
        if entry.strs.len() != wanted || entry.strs.iter().any(|s| s.trim().is_empty()) {
            problems.push(format!("untranslated: {:?}", message.id));
            continue;
        }
        // A plural's form for exactly one may say "one" instead of {n}; names stay.
        for translation in &entry.strs {
            let mut expected = placeholders(&message.id);
            let mut got = placeholders(translation);
            if message.plural.is_some() {
                expected.retain(|p| p != "{n}");
                got.retain(|p| p != "{n}");
            }
            if expected != got {
                problems.push(format!(
                    "placeholders {got:?} instead of {expected:?}: {:?}",
                    message.id
                ));
            }
        }
    }
    for entry in entries.iter().filter(|e| !e.id.is_empty()) {
        let used = messages
            .keys()
            .any(|m| m.id == entry.id && m.context == entry.context);
        if !used {
            problems.push(format!("no longer in the UI: {:?}", entry.id));
        }
    }
    problems
}

#[test]
fn every_ui_string_has_a_translation_in_every_language() {
    let messages = ui_messages();
    assert!(
        messages.len() > 100,
        "found only {} @tr strings",
        messages.len()
    );
    let mut report = String::new();
    for language in LANGUAGES {
        for problem in problems(&messages, &catalogue(language)) {
            report += &format!("{language}: {problem}\n");
        }
    }
    assert!(report.is_empty(), "translations to fix:\n{report}");
}

#[test]
fn the_shipped_translations_are_the_store_languages() {
    // A new language needs a translation, and a translation needs a language the player
    // can choose; English is the source text and has no catalogue.
    use mancala::store::Language;
    let chosen: Vec<&str> = Language::ALL
        .iter()
        .filter_map(|l| l.code())
        .filter(|&code| code != "en")
        .collect();
    assert_eq!(chosen, LANGUAGES, "Language::ALL against this test's list");
    let lang = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/lang");
    let mut bundled: Vec<String> = std::fs::read_dir(&lang)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            let po = path.join("LC_MESSAGES/mancala.po");
            po.is_file()
                .then(|| path.file_name().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    bundled.sort();
    let mut expected: Vec<String> = LANGUAGES.iter().map(|c| c.to_string()).collect();
    expected.sort();
    assert_eq!(bundled, expected, "the catalogues in ui/lang/");
    for language in Language::ALL {
        if language != Language::System {
            let code = language.code().unwrap();
            assert_eq!(
                mancala::platform::locale::language_of_locale(code),
                Some(language),
                "{code} reads back as its language"
            );
        }
    }
}

#[test]
fn the_rust_side_builds_no_visible_text_of_its_own() {
    // Bundled translations reach only .slint files: a `tr!` in Rust would be looked up
    // in a gettext catalogue that the app does not ship, and stay English.
    for file in files_ending(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), "rs") {
        let source = std::fs::read_to_string(&file).unwrap();
        let calls_tr = source.match_indices("tr!(").any(|(at, _)| {
            let before = source[..at].chars().next_back();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
        assert!(
            !calls_tr,
            "{}: word visible text in .slint with @tr instead",
            file.display()
        );
    }
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let source = r#"
        Text { text: @tr("Plain"); }
        Text { text: @tr( "game" =>
            "Start" ); }
        Text { text: @tr("{n} seed" | "{n} seeds" % count); }
        Text { text: @tr("Say \"{0}\"", name); }
    "#;
    let found = slint_messages(source).unwrap();
    let ids: Vec<_> = found
        .iter()
        .map(|m| (m.context.as_str(), m.id.as_str()))
        .collect();
    assert_eq!(
        ids,
        [
            ("", "Plain"),
            ("game", "Start"),
            ("", "{n} seed"),
            ("", "Say \"{0}\"")
        ]
    );
    assert_eq!(found[2].plural.as_deref(), Some("{n} seeds"));
    assert!(
        slint_messages("@tr(name)").is_err(),
        "a call it cannot read is an error"
    );

    let messages: BTreeMap<Message, PathBuf> = found
        .into_iter()
        .map(|m| (m, PathBuf::from("x.slint")))
        .collect();
    let po = "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=1; plural=0;\\n\"\n\n\
        msgid \"Plain\"\nmsgstr \"Biasa\"\n\n\
        msgctxt \"game\"\nmsgid \"Start\"\nmsgstr \"\"\n\n\
        #, fuzzy\nmsgid \"{n} seed\"\nmsgid_plural \"{n} seeds\"\nmsgstr[0] \"{n} biji\"\n\n\
        msgid \"Say \\\"{0}\\\"\"\nmsgstr \"Sebut\"\n\"kan\"\n\n\
        msgid \"Gone\"\nmsgstr \"Hilang\"\n";
    let entries = po_entries(po);
    assert_eq!(
        entries[4].strs,
        ["Sebutkan"],
        "continuation lines are joined"
    );
    let found = problems(&messages, &entries);
    assert_eq!(
        found,
        [
            "placeholders [] instead of [\"{0}\"]: \"Say \\\"{0}\\\"\"",
            "fuzzy: \"{n} seed\"",
            "untranslated: \"Start\"",
            "no longer in the UI: \"Gone\"",
        ]
    );
    let without_plain: Vec<Entry> = po_entries(po)
        .into_iter()
        .filter(|e| e.id != "Plain")
        .collect();
    assert!(
        problems(&messages, &without_plain).contains(&"missing: \"Plain\" (x.slint)".to_string())
    );
}

// ---- the glossary --------------------------------------------------------------------

/// One language's section of `ui/lang/GLOSSARY.md`.
#[derive(Debug, Default, PartialEq)]
struct Glossary {
    /// The words in backticks of the Term column.
    terms: Vec<String>,
    /// The words in backticks of the Avoid column, each with the longer words that may
    /// contain it (written after it as "(not in `longer`, `other`)").
    avoid: Vec<(String, Vec<String>)>,
}

/// The words between backticks of a table cell, in order, each marked `true` when it is
/// one of the "(not in ...)" words of the avoided word before it.
fn backticked(cell: &str) -> Vec<(String, bool)> {
    let mut words = Vec::new();
    let mut in_exceptions = false;
    for (i, part) in cell.split('`').enumerate() {
        if i % 2 == 0 {
            if part.contains(')') {
                in_exceptions = false;
            }
            if part.contains("not in") {
                in_exceptions = true;
            }
        } else {
            words.push((part.to_string(), in_exceptions));
        }
    }
    words
}

/// The sections of a glossary, by language code: each `## Name (`code`)` heading is
/// followed by a table with the columns Concept, Term, Why, Avoid.
fn parse_glossary(text: &str) -> BTreeMap<String, Glossary> {
    let mut sections: BTreeMap<String, Glossary> = BTreeMap::new();
    let mut code: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(heading) = line.strip_prefix("## ") {
            code = heading
                .split("(`")
                .nth(1)
                .and_then(|c| c.split('`').next())
                .map(str::to_string);
            continue;
        }
        let Some(code) = &code else {
            continue;
        };
        if !line.starts_with('|') || line.starts_with("|---") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 4, "a glossary row has four columns: {line}");
        if cells[0] == "Concept" {
            continue;
        }
        let section = sections.entry(code.clone()).or_default();
        section
            .terms
            .extend(backticked(cells[1]).into_iter().map(|(word, _)| word));
        for (word, exception) in backticked(cells[3]) {
            if exception {
                let (avoided, longer) = section
                    .avoid
                    .last_mut()
                    .unwrap_or_else(|| panic!("\"not in\" without its word: {line}"));
                assert!(longer.iter().all(|l| l != avoided), "{line}");
                longer.push(word);
            } else {
                section.avoid.push((word, Vec::new()));
            }
        }
    }
    sections
}

fn glossary_file() -> BTreeMap<String, Glossary> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/lang/GLOSSARY.md");
    parse_glossary(
        &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    )
}

/// The avoided words that `text` uses, ignoring case; a listed longer word (such as
/// Burmese တွင်း "house" for the literary တွင် "in") is taken out first.
fn avoided_in(text: &str, glossary: &Glossary) -> Vec<String> {
    let text = text.to_lowercase();
    glossary
        .avoid
        .iter()
        .filter(|(word, longer)| {
            let rest = longer
                .iter()
                .fold(text.clone(), |rest, l| rest.replace(&l.to_lowercase(), " "));
            rest.contains(&word.to_lowercase())
        })
        .map(|(word, _)| word.clone())
        .collect()
}

/// What is wrong with `translations` against `glossary`: an avoided word used, a term
/// that no translation uses (the glossary has drifted), a term that is itself avoided.
fn glossary_problems(glossary: &Glossary, translations: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    for text in translations {
        for word in avoided_in(text, glossary) {
            problems.push(format!("avoided {word:?} in {text:?}"));
        }
    }
    let all = translations.join("\n").to_lowercase();
    for term in &glossary.terms {
        if !all.contains(&term.to_lowercase()) {
            problems.push(format!("the term {term:?} is in no translation"));
        }
        for word in avoided_in(term, glossary) {
            problems.push(format!("the term {term:?} contains the avoided {word:?}"));
        }
    }
    problems
}

/// Every msgstr of a language's catalogue, the header left out.
fn translations(language: &str) -> Vec<String> {
    catalogue(language)
        .into_iter()
        .filter(|e| !e.id.is_empty())
        .flat_map(|e| e.strs)
        .collect()
}

#[test]
fn the_translations_use_the_glossarys_terms_and_none_of_its_avoided_words() {
    let glossary = glossary_file();
    let mut codes: Vec<&str> = glossary.keys().map(String::as_str).collect();
    let mut expected = LANGUAGES.to_vec();
    codes.sort();
    expected.sort();
    assert_eq!(codes, expected, "one glossary section per translation");
    let mut report = String::new();
    for language in LANGUAGES {
        let words = &glossary[language];
        assert!(
            words.terms.len() >= 15 && words.avoid.len() >= 5,
            "{language}: the glossary section reads as {words:?}"
        );
        for problem in glossary_problems(words, &translations(language)) {
            report += &format!("{language}: {problem}\n");
        }
    }
    assert!(
        report.is_empty(),
        "the translations against ui/lang/GLOSSARY.md:\n{report}"
    );
}

#[test]
fn the_glossary_check_catches_a_planted_avoided_word() {
    // The real glossary and the real Malay catalogue, plus one string that says "Petua"
    // (a traditional remedy) for a hint: exactly that string is reported.
    let glossary = glossary_file();
    let mut malay = translations("ms");
    assert!(glossary_problems(&glossary["ms"], &malay).is_empty());
    malay.push("Petua: cuba lubang 3.".to_string());
    assert_eq!(
        glossary_problems(&glossary["ms"], &malay),
        ["avoided \"petua\" in \"Petua: cuba lubang 3.\""]
    );
    // Case and the affixes di-, -an do not hide a root (meN- does, and its forms are
    // listed: menawan); a term dropped from the catalogue is noticed.
    assert_eq!(avoided_in("Biji DITAWAN.", &glossary["ms"]), ["tawan"]);
    assert_eq!(
        avoided_in("Anda menawan 3 biji.", &glossary["ms"]),
        ["menawan"]
    );
    let without_hint: Vec<String> = translations("ms")
        .into_iter()
        .filter(|t| !t.contains("Petunjuk"))
        .collect();
    assert_eq!(
        glossary_problems(&glossary["ms"], &without_hint),
        ["the term \"Petunjuk\" is in no translation"]
    );
    // Thai and Burmese run words together: a substring is found inside a longer run, and
    // a longer word listed as legitimate is not mistaken for the avoided one.
    assert_eq!(avoided_in("กำลังหว่านเมล็ด", &glossary["th"]), ["หว่าน"]);
    assert_eq!(avoided_in("ဒီတွင်းကို ရွေးရမည်။", &glossary["my"]), ["မည်"]);
    assert!(avoided_in("ကစားသူ နာမည်၊ တွင်း 3၊ ထိုင်ပါ", &glossary["my"]).is_empty());
    assert_eq!(avoided_in("တွင်း 3 တွင် ရှိတယ်", &glossary["my"]), ["တွင်"]);

    // The parser, on a section of its own.
    let parsed = parse_glossary(
        "# G\n\n## Test (`xx`)\n\nProse `not a term`.\n\n\
         | Concept | Term | Why | Avoid |\n|---|---|---|---|\n\
         | seed | `biji` | why | `buah` (not in `buah-buahan`, `sebuah`), `benih` |\n\
         | hint | `Petunjuk` | why | |\n",
    );
    assert_eq!(
        parsed["xx"],
        Glossary {
            terms: vec!["biji".into(), "Petunjuk".into()],
            avoid: vec![
                ("buah".into(), vec!["buah-buahan".into(), "sebuah".into()]),
                ("benih".into(), vec![]),
            ],
        }
    );
    assert_eq!(
        avoided_in("Sebuah buah-buahan", &parsed["xx"]),
        Vec::<String>::new()
    );
    assert_eq!(avoided_in("Sebuah buah", &parsed["xx"]), ["buah"]);
}
